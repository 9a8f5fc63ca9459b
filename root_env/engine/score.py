"""Victory points and victory (Law 3)."""
from .jit import njit

from ..data import VICTORY_VP, VAGABOND, NF
from ..layout import (VP, DOMINANCE, VP_SOURCE, GAME_OVER, WINNERS, SUPPRESS_WIN, ACTIVE, NSEATS, SEAT_FACTION,
                      FACTION_SEAT, PHASE, PH_OVER, DECISION, LEGAL_N, DECIDER, N_VS, VB_COALITION, OPTIONS,
                      O_COOPERATIVE, BOT, MAX_COUNTER)


@njit(cache=True, inline="always")
def score(state, f, n, source):
    """Faction f scores n VP (Law 3.2). A player with an activated dominance card scores nothing (3.3.1)."""
    if n <= 0 or state[DOMINANCE + f] != 0 or state[GAME_OVER] != 0:
        return
    # (a score and its statistics saturate at MAX_COUNTER: only a Cooperative player at 30 scores on, layout.MAX_VP)
    state[VP + f] = saturating_add(state[VP + f], n)
    state[VP_SOURCE + f * N_VS + source] = saturating_add(state[VP_SOURCE + f * N_VS + source], n)


@njit(cache=True, inline="always")
def saturating_add(counter, n):
    """counter + n, at most MAX_COUNTER: the state's counters (VP, their statistics, decisions) never leave their
    range (layout.MAX_COUNTER), whatever position the game started from."""
    v = counter + n
    return v if v < MAX_COUNTER else MAX_COUNTER


@njit(cache=True)
def lose_vp(state, f, n):
    """Faction f loses n VP; the score track has no negative spaces, so it stops at 0. Law 3.3.1: a
    player with an activated dominance card has no score marker on the track, so the VP it had stay
    as they were (frozen, like the scoring that stops)."""
    if state[DOMINANCE + f] != 0:
        return
    v = state[VP + f] - n
    state[VP + f] = v if v > 0 else 0


@njit(cache=True)
def end_game(state, winners_mask):
    # Law 9.2.8: if a Vagabond's coalition partner wins, that Vagabond wins too (each of two, Law 9.8).
    for k in range(2):
        p = state[VB_COALITION + k]
        if p >= 0 and (winners_mask >> p) & 1:
            winners_mask |= 1 << (VAGABOND + k)
    state[GAME_OVER] = 1
    state[WINNERS] = winners_mask
    state[PHASE] = PH_OVER
    state[DECISION] = 0
    state[DECIDER] = -1
    state[LEGAL_N] = 0


@njit(cache=True, inline="always")
def victory_possible(state):
    """False when no faction has 30 VP (Law 3.1), and then check_victory is False too: a test of the VP row
    (every faction, no seat order) inlined where the engine asks after every automatic step (``core.advance``),
    instead of a call of check_victory each time (docs/performance.md)."""
    below = -1  # the sign bit stays set while every faction's VP - 30 is negative (an AND, no compare per faction)
    for f in range(NF):
        below &= state[VP + f] - VICTORY_VP
    return below >= 0


@njit(cache=True)
def check_victory(state):
    """Law 3.1: the first player to reach 30 VP wins at once; if several reach it simultaneously,
    the player taking the current turn wins (otherwise the first of them in turn order after it)."""
    if state[GAME_OVER] != 0 or state[SUPPRESS_WIN] > 0:
        return False
    active = state[ACTIVE]
    n = state[NSEATS]
    s = state[FACTION_SEAT + active] if active >= 0 else 0
    for k in range(n):  # the player taking the turn first, then the others in turn order
        # (the seat wrapped by a test, not `% n`: this runs after every decision, and the division was a
        # measurable share of a random game's time, perf, docs/performance.md)
        f = state[SEAT_FACTION + s]
        s = s + 1 if s + 1 < n else 0
        if state[VP + f] >= VICTORY_VP and state[DOMINANCE + f] == 0:
            if state[OPTIONS + O_COOPERATIVE] != 0:
                return cooperative_victory(state)  # (only once someone has 30: the common path stays one loop)
            end_game(state, 1 << f)
            return True
    return False


@njit(cache=True)
def cooperative_victory(state):
    """Seed 004 Cooperative: "To win, the non-bot players must each score 30 victory points before any bot scores
    30". The bots win together once one of them has 30 (also when the last player reaches 30 in the same step:
    that is not before); the players win together once each of them has 30."""
    bots = 0
    humans = 0
    short = False
    bot_won = False
    for s in range(state[NSEATS]):
        f = state[SEAT_FACTION + s]
        if state[BOT + f] != 0:
            bots |= 1 << f
            bot_won = bot_won or state[VP + f] >= VICTORY_VP
        else:
            humans |= 1 << f
            short = short or state[VP + f] < VICTORY_VP
    if bot_won:
        end_game(state, bots)
        return True
    if not short:
        end_game(state, humans)
        return True
    return False
