"""The Clockwork bots' event log (BOT_LOG): what the bots did since the last decision, one row (kind, a, b, c) per
thing done, read by ``names.bot_sentence``. A leaf module, so that the shared rules (a removed base's Crackdown in
engine.supporters) can log too."""
from .jit import njit

from ..layout import BOT_LOG, BOT_LOG_N, N_BOT_LOG

# Event kinds (BOT_LOG rows: kind, a, b, c).
(EV_ORDER, EV_CRAFT, EV_BATTLE, EV_RECRUIT, EV_BUILD, EV_MOVE, EV_EXPAND, EV_SCORE, EV_ESCALATED, EV_BLITZ,
 EV_HOSPITALS, EV_NO_ORDER, EV_DECREE, EV_NEW_ROOST, EV_COLUMN, EV_TURMOIL, EV_RELENTLESS, EV_SWOOP, EV_REVOLT,
 EV_SPREAD, EV_PITY, EV_ORGANIZE, EV_CRACKDOWN, EV_OUTRAGE) = range(24)


@njit(cache=True)
def note(state, kind, a, b, c):
    """Log one thing a bot did (the Python layers turn it into a sentence). Full: the oldest stay."""
    n = state[BOT_LOG_N]
    if n < N_BOT_LOG:
        k = BOT_LOG + n * 4
        state[k] = kind
        state[k + 1] = a
        state[k + 2] = b
        state[k + 3] = c
        state[BOT_LOG_N] = n + 1


@njit(cache=True)
def clear_log(state):
    state[BOT_LOG_N] = 0


