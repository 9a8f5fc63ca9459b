"""One validation helper per kind of value that comes from a caller: an action, a seed, a flag, a count,
a faction list, a state array. Every entry point (``Game``, records, the environments, the CLIs) uses
these, so a value is accepted or refused the same way everywhere, with a ``RootError`` naming it.

Integers are Python ints or numpy integers, never ``bool`` (``True`` is not 1 here) and never
``numpy.timedelta64`` (a numpy integer subclass); flags are ``bool`` / ``numpy.bool_`` or the ints 0 and 1,
never strings (``"false"`` is not false).
"""
from __future__ import annotations

import numpy as np

from .codes import N_ACTIONS
from .data import (FACTION_NAMES, ENGINE_FACTIONS, BOT_NAMES, BOT_LEVEL_NAMES, BOT_TRAIT_NAMES, BOT_CODE_FLAG,
                   BOT_CODE_LEVEL, BOT_CODE_TRAITS, CHARACTER_NAMES, IMPLEMENTED_CHARACTERS, CHARACTER_OPTION_SHIFT,
                   SETUP_OPTION_BIT, ACOLYTE_OPTION_SHIFT, MAX_START_ACOLYTES, MAP_OPTION_SHIFT)
from .map_data import MAP_NAMES, MAP_CORNERS
from .errors import RootError, IllegalActionError
from .layout import MAX_SEATS, STATE_SIZE, MAX_TURNS_LIMIT

DEFAULT_MAX_TURNS = 300
SEED_LIMIT = 1 << 62  # seeds are in [0, 2**62)


def is_int(v) -> bool:
    """A Python or numpy integer, not a bool and not a timedelta."""
    return (isinstance(v, (int, np.integer)) and not isinstance(v, (bool, np.bool_, np.timedelta64)))


def _short(v) -> str:
    r = repr(v)
    return r if len(r) <= 80 else r[:60] + f"... ({len(r)} characters)"


def check_count(name: str, v, lo: int, hi: int) -> int:
    """An integer in [lo, hi]."""
    if not is_int(v) or not lo <= int(v) <= hi:
        raise RootError(f"{name} must be an integer in [{lo}, {hi}], got {_short(v)}")
    return int(v)


def check_die(name: str, v) -> int:
    """A battle die's face: 0..3 (Law 4.3.2: a Root die shows 0, 1, 2 or 3 hits)."""
    return check_count(f"the {name}'s die", v, 0, 3)


def check_clearing(v) -> int:
    """A printed clearing number 1..12, as the clearing's index 0..11."""
    from .data import NC
    return check_count("clearing", v, 1, NC) - 1


def check_seed(v, name: str = "seed", span: int = 1) -> int:
    """A seed in [0, 2**62 - span] (``span`` consecutive seeds are derived from it)."""
    if not is_int(v) or not 0 <= int(v) <= SEED_LIMIT - span:
        bound = "2**62)" if span == 1 else f"2**62 - {span}]"
        raise RootError(f"{name} must be an integer in [0, {bound}, got {_short(v)}")
    return int(v)


def check_flag(name: str, v) -> bool:
    """True / False (or numpy bools, or the ints 0 and 1)."""
    if isinstance(v, (bool, np.bool_)):
        return bool(v)
    if is_int(v) and int(v) in (0, 1):
        return bool(v)
    raise RootError(f"{name} must be True or False, got {_short(v)}")


# Law 10.6.3: where the Lizard Cult's card-draw icons sit on its gardens tracks (data.LZ_DRAW_BONUS_SPACE).
LIZARD_DRAW_BONUS = ("current", "first_printing")


# Game.new(lizard_start_acolytes=k): a study option, the Cult begins with k acolytes (none by Law 10.3; one is the
# community's proposed buff). Balance studies name it with a digit string (``balance whatif --option
# lizard_start_acolytes=1``), hence the choices as strings.
LIZARD_START_ACOLYTES = tuple(str(k) for k in range(MAX_START_ACOLYTES + 1))


def check_start_acolytes(v) -> int:
    """``lizard_start_acolytes``: an integer 0..MAX_START_ACOLYTES (or its digit string, as studies name it)."""
    if isinstance(v, str) and v in LIZARD_START_ACOLYTES:
        return int(v)
    if is_int(v) and 0 <= int(v) <= MAX_START_ACOLYTES:
        return int(v)
    raise RootError(f"lizard_start_acolytes must be an integer from 0 to {MAX_START_ACOLYTES}, got {_short(v)}")


def check_choice(name: str, v, choices) -> str:
    """One of the named choices."""
    if isinstance(v, str) and v in choices:
        return v
    raise RootError(f"{name} must be one of {', '.join(map(repr, choices))}, got {_short(v)}")


BOT_RULES = ("seed004", "law")  # Game.new(bot_rules=...): where the two texts differ, which one the bots follow
# Game.new(bot_options={...}): the Automated Alliance's open points (docs/clockwork_alliance.md, "Open points"), each
# a named choice, the first the default; with the bit of core.new_game's option word that picks the other.
BOT_OPTIONS = {"aa_bird_order": ("none", "any"),                      # Q1: what a bird order card matches
               "aa_spread_fallback": ("adjacent", "literal"),         # Q5: where a spread with no ordered target goes
               "aa_track": ("bot", "alliance"),                       # Q3: whose Sympathy track values
               "aa_wildfire": ("before_discard", "after_discard")}   # Q4: when Wildfire spreads
BOT_OPTION_BITS = {"aa_bird_order": 16, "aa_spread_fallback": 32, "aa_track": 64, "aa_wildfire": 128}


def check_bot_options(v) -> dict:
    """The bots' options (``BOT_OPTIONS``) as a dict of the choices that are not the default (None: none)."""
    if v is None:
        return {}
    if not isinstance(v, dict):
        raise RootError(f"bot_options must be a dict of {', '.join(BOT_OPTIONS)}, got {_short(v)}")
    out = {}
    for k, x in v.items():
        if k not in BOT_OPTIONS:
            raise RootError(f"unknown bot option {_short(k)}; bot options: {', '.join(BOT_OPTIONS)}")
        x = check_choice(f"bot_options[{k!r}]", x, BOT_OPTIONS[k])
        if x != BOT_OPTIONS[k][0]:
            out[k] = x
    return out


def option_bits(auto_forced: bool, lizard_draw_bonus: str = "current", cooperative: bool = False,
                bot_rules: str = "seed004", bot_options: dict | None = None,
                vagabond_characters: tuple | None = None, setup: str = "standard",
                lizard_start_acolytes: int = 0, map: str = "autumn") -> int:
    """The engine's option word for ``core.new_game``: bit 0 auto_forced, bit 1 the Lizard Cult's
    first-printing draw bonuses, bit 2 cooperative play against the bots, bit 3 the Law of Rootbotics'
    readings for the bots, bits 4-7 the Automated Alliance's options (``BOT_OPTION_BITS``); bits 8.. the
    characters a Vagabond may not choose (``vagabond_characters``: those he may, checked names; None: all); bit 20
    (``data.SETUP_OPTION_BIT``) Advanced Setup (``setup="advanced"``, Appendix A); bits 21-23
    (``data.ACOLYTE_OPTION_SHIFT``) the Lizard Cult's extra starting acolytes (``lizard_start_acolytes``); bits 24-25
    (``data.MAP_OPTION_SHIFT``) the map (``map``, map_data.MAP_NAMES' index)."""
    bits = (int(auto_forced) | (2 if lizard_draw_bonus == "first_printing" else 0) | (4 if cooperative else 0)
            | (8 if bot_rules == "law" else 0))
    for k, x in (bot_options or {}).items():
        if x != BOT_OPTIONS[k][0]:
            bits |= BOT_OPTION_BITS[k]
    if setup == "advanced":
        bits |= SETUP_OPTION_BIT
    bits |= int(lizard_start_acolytes) << ACOLYTE_OPTION_SHIFT
    bits |= MAP_NAMES.index(map) << MAP_OPTION_SHIFT
    if vagabond_characters is not None:
        for k, n in enumerate(CHARACTER_NAMES):
            if n not in vagabond_characters:
                bits |= 1 << (CHARACTER_OPTION_SHIFT + k)
    return bits


def check_vagabond_characters(names, v) -> tuple | None:
    """``vagabond_characters``: the characters a Vagabond may choose (Law 9.3.1; Appendix D), a sequence of names
    from the implemented ones (``data.IMPLEMENTED_CHARACTERS``), enough for the Vagabonds seated (two play different
    characters, 9.8). None: every implemented character. Returns them as a tuple, in the data's order."""
    if v is None:
        return None
    if isinstance(v, str) or not isinstance(v, (list, tuple, set, frozenset)):
        raise RootError(f"vagabond_characters must be a list of character names, got {_short(v)}")
    chosen = []
    for n in v:
        if not isinstance(n, str) or n not in CHARACTER_NAMES:
            raise RootError(f"unknown Vagabond character {_short(n)}; characters: {', '.join(CHARACTER_NAMES)}")
        if n not in IMPLEMENTED_CHARACTERS:
            raise RootError(f"the {n} is not playable yet; playable characters: {', '.join(IMPLEMENTED_CHARACTERS)}")
        chosen.append(n)
    seats = [n for n in names if isinstance(n, str)]
    vagabonds = sum(1 for n in seats if n in ("vagabond", "vagabond2"))
    if vagabonds == 0:
        raise RootError("vagabond_characters chooses the Vagabond's characters, and no Vagabond is seated")
    out = tuple(n for n in CHARACTER_NAMES if n in chosen)
    if len(out) < vagabonds:
        raise RootError(f"vagabond_characters offers {len(out)} character(s) to {vagabonds} Vagabonds, who play "
                        "different characters (Law 9.8)")
    return out


def check_action(v) -> int:
    """An action id in the action space (not whether it is legal now)."""
    if type(v) is int and 0 <= v < N_ACTIONS:  # the common case, first
        return v
    if not is_int(v):
        raise IllegalActionError(f"an action must be an integer id, got {_short(v)}")
    a = int(v)
    if not 0 <= a < N_ACTIONS:
        raise IllegalActionError(f"action {a} is out of range: the action space is 0..{N_ACTIONS - 1}")
    return a


def check_max_turns(v) -> int:
    return check_count("max_turns", v, 1, MAX_TURNS_LIMIT)


def faction_names(factions) -> tuple[str, ...]:
    """Validate faction names (seating order); reads an iterator once. Returns them as a tuple."""
    if isinstance(factions, (str, bytes)):
        raise RootError(f"factions must be a sequence of names, got the string {_short(factions)}")
    try:
        names = tuple(factions)
    except TypeError:
        raise RootError(f"factions must be a sequence of faction names, got {_short(factions)}") from None
    if not 2 <= len(names) <= MAX_SEATS:
        raise RootError(f"a game needs 2 to {MAX_SEATS} factions, got {len(names)}")
    from .names import seat_faction
    plain = []
    for n in names:
        if isinstance(n, str) and n.startswith("bot:"):
            plain.append(seat_faction(n))
            continue
        if not isinstance(n, str) or n not in FACTION_NAMES:
            raise RootError(f"unknown faction {_short(n)}; known factions: {', '.join(FACTION_NAMES)}"
                            f" (a Clockwork bot: {', '.join('bot:' + b for b in BOT_NAMES)})")
        if n not in ENGINE_FACTIONS:
            raise RootError(f"faction {n!r} is not implemented yet; implemented: {', '.join(ENGINE_FACTIONS)}")
        plain.append(n)
    if len(set(plain)) != len(plain):
        raise RootError(f"each faction can be seated once (a bot plays its faction's pieces), got {list(names)}")
    names = tuple(names)
    if "vagabond2" in names and "vagabond" not in names:
        raise RootError("'vagabond2' is the second Vagabond (Law 9.8): seat 'vagabond' beside it")
    return names


# The factions that start in a corner clearing (Law 6.3.2, 7.3.2, 10.3.2, 12.3.3, 14.3.2, 15.3.3; with Advanced Setup
# their homeland, A.8.2; the Keepers in Iron's two adjacent map-edge homelands may take one corner). Every map has four.
CORNER_HOMELANDS = ("marquise", "eyrie", "lizards", "hundreds", "duchy", "keepers")
N_CORNERS = MAP_CORNERS.shape[1]


def corners_needed(factions) -> int:
    """How many of the factions start in a corner clearing (Law 5: five or more need Advanced Setup)."""
    return sum(f in CORNER_HOMELANDS for f in factions)


def check_homelands(names, setup: str) -> None:
    """Law 5: "If you want to play with five or more factions that would start in corner clearings, you must use the
    Advanced Setup": Standard Setup refuses such a table. Advanced Setup seats it: the factions' setup cards put their
    homelands on the map edge or anywhere, not in corners (A.8.2; docs/rules.md, Advanced Setup)."""
    from .names import seat_faction
    if setup == "advanced" or corners_needed(seat_faction(n) for n in names) <= N_CORNERS:
        return
    raise RootError(f"Law 5: five or more factions that start in corner clearings ({', '.join(CORNER_HOMELANDS)}) "
                    f"must use the Advanced Setup (setup='advanced'), got {list(names)} with setup={setup!r}")


def check_cooperative(names, cooperative) -> bool:
    """Seed 004 Cooperative play needs at least one Clockwork bot and one player who is not a bot."""
    cooperative = check_flag("cooperative", cooperative)
    bots = sum(isinstance(n, str) and n.startswith("bot:") for n in names)
    if cooperative and not 0 < bots < len(names):
        raise RootError("cooperative play (seed 004) needs at least one Clockwork bot seat ('bot:...') and one "
                        f"player who is not a bot, got {list(names)}")
    return cooperative


def check_options_apply(names, lizard_draw_bonus: str = "current", bot_rules: str = "seed004",
                        bot_options: dict | None = None, lizard_start_acolytes: int = 0) -> None:
    """Refuse (RootError) an option that does not apply to the seated factions (already validated names):
    a choice of the Automated Alliance (``bot_options``) without ``bot:automated_alliance`` seated, the Lizard
    Cult's first-printing draw bonuses or extra starting acolytes without the Cult, the Law of Rootbotics' readings (``bot_rules="law"``)
    without a Clockwork bot. Each would be silently ignored, so it is most likely a mistake."""
    seats = [n for n in names if isinstance(n, str)]
    bots = [n[4:].split("+")[0].partition(":")[0] for n in seats if n.startswith("bot:")]
    if bot_options and "automated_alliance" not in bots:
        raise RootError(f"bot_options {sorted(bot_options)} choose for the Automated Alliance, which is not seated "
                        "('bot:automated_alliance')")
    if lizard_draw_bonus != "current" and "lizards" not in seats:
        raise RootError(f"lizard_draw_bonus={lizard_draw_bonus!r} applies to the Lizard Cult, which is not seated")
    if lizard_start_acolytes and "lizards" not in seats:
        raise RootError(f"lizard_start_acolytes={lizard_start_acolytes} applies to the Lizard Cult, which is not seated")
    if bot_rules != "seed004" and not bots:
        raise RootError(f"bot_rules={bot_rules!r} chooses the Clockwork bots' readings, and no bot is seated "
                        "('bot:...')")


def faction_ids(factions) -> np.ndarray:
    """Validate faction names (seating order) and return the codes ``core.new_game`` takes: the faction id, with
    a Clockwork bot's flag, level and traits for a bot seat (``seat_code``)."""
    return np.array([seat_code(n) for n in faction_names(factions)], dtype=np.int64)


def seat_code(name: str) -> int:
    """The engine code of a seat: a faction name, or a Clockwork bot "bot:<bot>[:<level>][+<trait>...]"
    (seed 004; e.g. "bot:mechanical_marquise:nightmare+blitz+fortified"; level "normal" by default)."""
    if not name.startswith("bot:"):
        return FACTION_NAMES.index(name)
    label = _short(name)
    body, *traits = name[4:].split("+")
    bot, colon, level = body.partition(":")
    if bot not in BOT_NAMES:
        raise RootError(f"unknown Clockwork bot {_short(bot)} in {label}; bots: {', '.join(BOT_NAMES)}")
    if colon and not level:
        raise RootError(f"an empty bot difficulty in {label}: leave out the ':' for 'normal', or name one of "
                        f"{', '.join(BOT_LEVEL_NAMES)}")
    level = level or "normal"
    if level not in BOT_LEVEL_NAMES:
        raise RootError(f"unknown bot difficulty {_short(level)} in {label}; difficulties: {', '.join(BOT_LEVEL_NAMES)}")
    f = BOT_NAMES[bot]
    known = BOT_TRAIT_NAMES.get(f, ())
    bits = 0
    for t in traits:
        if t not in known:
            raise RootError(f"unknown trait {_short(t)} of {bot} in {label}; traits: {', '.join(known)}")
        if bits >> known.index(t) & 1:
            raise RootError(f"trait {t!r} named twice in {label}: each trait is taken once")
        bits |= 1 << known.index(t)
    return f + BOT_CODE_FLAG + BOT_CODE_LEVEL * BOT_LEVEL_NAMES.index(level) + BOT_CODE_TRAITS * bits


def state_array(state) -> np.ndarray:
    """A copy, as int64, of a state array from outside, refused (RootError naming the region) unless the
    engine can play it: every entry in its range, seats, pieces, cards and the pending decision
    consistent (``engine.validate``)."""
    from .engine.validate import state_problem
    arr = np.asarray(state)
    if isinstance(state, np.ma.MaskedArray):
        raise RootError("a state array cannot be a masked array")
    if arr.ndim != 1 or arr.shape[0] != STATE_SIZE:
        raise RootError(f"a state array must have shape ({STATE_SIZE},), got {arr.shape}")
    if arr.dtype.kind not in "iu":
        raise RootError(f"a state array must hold integers, got dtype {arr.dtype}")
    if arr.dtype.kind == "u" and arr.dtype.itemsize == 8 and arr.max() > np.iinfo(np.int64).max:
        raise RootError("a state array holds values above the int64 range")
    out = arr.astype(np.int64, copy=True)
    _header_problems(out)
    problem = state_problem(out)
    if problem:
        raise RootError(f"invalid state: {problem}")
    return out


def _header_problems(s: np.ndarray) -> None:
    """The first checks, with messages in words (the table check after them names any other region)."""
    from .layout import VERSION, FORMAT_VERSION, NSEATS, LEGAL, LEGAL_N, RNG
    if s[VERSION] != FORMAT_VERSION:
        raise RootError(f"invalid state: region VERSION: state format version {int(s[VERSION])} is not the "
                        f"supported version {FORMAT_VERSION}")
    if not 2 <= s[NSEATS] <= MAX_SEATS:
        raise RootError(f"invalid state: region NSEATS: the state has {int(s[NSEATS])} seats; expected 2..{MAX_SEATS}")
    n = int(s[LEGAL_N])
    if not 0 <= n <= N_ACTIONS:
        raise RootError(f"invalid state: region LEGAL_N: the state lists {n} legal actions; at most {N_ACTIONS}")
    legal = s[LEGAL:LEGAL + n]
    if legal.size and (legal.min() < 0 or legal.max() >= N_ACTIONS):
        raise RootError("invalid state: region LEGAL: the legal action list holds ids outside the action space")
    words = s[RNG:RNG + 4]
    if words.min() < 0 or words.max() > 0xFFFFFFFF or not words.any():
        raise RootError("invalid state: region RNG: the random generator's words must be 32-bit values, not all zero")


def state_batch(states, n: int) -> np.ndarray:
    """A (n, STATE_SIZE) int64 copy of `n` state rows from outside, each checked like ``state_array``."""
    arr = np.asarray(states)
    if isinstance(states, np.ma.MaskedArray) or arr.ndim != 2 or arr.shape != (n, STATE_SIZE):
        raise RootError(f"states must be an array of shape ({n}, {STATE_SIZE}), got {getattr(arr, 'shape', None)}")
    out = np.empty((n, STATE_SIZE), np.int64)
    for g in range(n):
        try:
            out[g] = state_array(arr[g])
        except RootError as e:
            raise RootError(f"state of game {g}: {e}") from None
    return out


OPTION_NAMES = ("auto_forced", "lizard_draw_bonus='first_printing'", "cooperative", "bot_rules='law'",
                "aa_bird_order='any'", "aa_spread_fallback='literal'", "aa_track='alliance'",
                "aa_wildfire='after_discard'")  # the option word's bits (option_bits), by the choice a set bit means


def seating_problem(state: np.ndarray, codes, option_word: int) -> str | None:
    """Why a (checked) state cannot continue where games are seated with the seat codes `codes` (``seat_code``:
    faction, Clockwork bot flag, level, traits; in seating order) and the option word `option_word`
    (``option_bits``): its seats, a seat's bot flag, level or traits, or an option differ. None if it can."""
    from .layout import NSEATS, SEAT_FACTION, BOT, BOT_LEVEL, BOT_TRAITS, OPTIONS
    codes = [int(c) for c in codes]
    plain = [c % BOT_CODE_FLAG for c in codes]
    if int(state[NSEATS]) != len(codes) or list(state[SEAT_FACTION:SEAT_FACTION + len(codes)]) != plain:
        seated = [FACTION_NAMES[int(f)] for f in state[SEAT_FACTION:SEAT_FACTION + int(state[NSEATS])]]
        return f"its factions {seated} are not this batch's {[FACTION_NAMES[f] for f in plain]}"
    for f, c in zip(plain, codes):
        bot = c >= BOT_CODE_FLAG
        want = (int(bot), (c // BOT_CODE_LEVEL) % 4 if bot else 0, c // BOT_CODE_TRAITS if bot else 0)
        got = (int(state[BOT + f]), int(state[BOT_LEVEL + f]), int(state[BOT_TRAITS + f]))
        if got[0] != want[0]:
            who = ("its Clockwork bot", "a player")
            return (f"the {FACTION_NAMES[f]} are played by {who[1 - want[0]]} here and by {who[1 - got[0]]} in the "
                    "state")
        if bot and got[1] != want[1]:
            return (f"the {FACTION_NAMES[f]}'s bot plays at {BOT_LEVEL_NAMES[got[1]]!r} in the state, not "
                    f"{BOT_LEVEL_NAMES[want[1]]!r}")
        if bot and got[2] != want[2]:
            names = BOT_TRAIT_NAMES.get(f, ())
            traits = lambda b: "+".join(t for i, t in enumerate(names) if b >> i & 1) or "none"  # noqa: E731
            return f"the {FACTION_NAMES[f]}'s bot has traits {traits(got[2])} in the state, not {traits(want[2])}"
    for k, name in enumerate(OPTION_NAMES):
        if int(state[OPTIONS + k]) != (option_word >> k) & 1:
            return f"option {name} is {'on' if state[OPTIONS + k] else 'off'} in the state, not here"
    from .layout import MAP
    want_map = (option_word >> MAP_OPTION_SHIFT) & 3
    if int(state[MAP]) != want_map:
        return f"the state is played on the {MAP_NAMES[int(state[MAP])]} map, not the {MAP_NAMES[want_map]} map"
    return None


def action_array(actions, n: int) -> np.ndarray:
    """Exactly one integer action id per game, shape (n,), as int64: no broadcasting of a scalar or a
    (1, n) array, no rounding of floats, no parsing of strings, no masked arrays (the mask would be
    ignored), no bool, complex, datetime, timedelta or object arrays. Range and legality are the engine's
    (it reports every bad game at once)."""
    if isinstance(actions, np.ma.MaskedArray):
        raise IllegalActionError("actions cannot be a masked array (the engine would ignore the mask)")
    arr = np.asarray(actions)
    if arr.shape != (n,):
        raise IllegalActionError(f"actions must have shape ({n},), one per game, got {arr.shape}")
    if arr.dtype.kind not in "iu":
        raise IllegalActionError(f"actions must be integer ids, got dtype {arr.dtype}")
    return arr.astype(np.int64, copy=False)  # uint64 ids above 2**63 wrap to negatives: out of range for the engine


def seed_array(seed, n: int) -> np.ndarray:
    """Seeds of n games: one int (game g gets seed + g) or a sequence of n ints, each checked."""
    if is_int(seed):
        base = check_seed(seed, span=n)
        return np.arange(base, base + n, dtype=np.int64)
    if isinstance(seed, (str, bytes, bool, np.bool_)) or not hasattr(seed, "__iter__"):
        raise RootError(f"seed must be an integer or a sequence of {n} integers, got {_short(seed)}")
    seeds = [check_seed(s) for s in seed]
    if len(seeds) != n:
        raise RootError(f"needs one seed per game ({n}), got {len(seeds)}")
    return np.array(seeds, dtype=np.int64)
