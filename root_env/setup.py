"""Choosing factions for a table: reach (Law 5.2) and seeded draws of tables like the human ones.

Law 5.2 (Reach): "choose factions whose Reach values add up to at least the total reach recommended for your
player count", with the Viable Reach Sums table (2 players 17+, 3: 18+, 4: 21+, 5: 25+, 6: 28+) and each
faction's Reach value. The values of the factions the engine implements are in ``REACH`` (the Law's list, the
second Vagabond's value being the "5/2" of "Vagabond (first/second)").

``draw_tables`` draws four-player (or k-player) tables as a balance study seats them (issue 36): every
mix of implemented factions whose reach reaches the Law's threshold, the second Vagabond only beside the first
(Law 9.8), drawn uniformly among those mixes, seats in random order; table r depends only on (seed, r).

``draft`` drafts a table as Advanced Setup does (Appendix A.8.1-A.8.2: the faction setup cards, one militant card
first, the locked last insurgent, a random character beside the Vagabond, the players choosing from the last seat
to the first), reporting the table's reach; ``Draft.game_kwargs()`` starts the game with ``setup="advanced"``.
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from root_env.data import IMPLEMENTED_FACTIONS, IMPLEMENTED_CHARACTERS
from root_env.errors import RootError
from root_env.inputs import corners_needed, N_CORNERS

# Law 5.2, Reach Values (every faction the engine plays, data.ENGINE_FACTIONS; "Underground Duchy: 8").
REACH = {"marquise": 10, "eyrie": 7, "alliance": 3, "vagabond": 5, "vagabond2": 2, "lizards": 2, "riverfolk": 5,
         "corvids": 3, "hundreds": 9, "keepers": 8, "duchy": 8}
# Law 5.2, Viable Reach Sums: players -> the least total reach recommended.
VIABLE_REACH = {2: 17, 3: 18, 4: 21, 5: 25, 6: 28}
# Law 5.2: "Adventurous players are welcome to use any faction mix with 17+ Reach."
ADVENTUROUS_REACH = 17


class ReachError(RootError):
    """A faction without a reach value here, or a table that cannot be drawn."""


def reach(factions) -> int:
    """The total reach of `factions` (names, Law 5.2). Raises ReachError naming an unknown faction."""
    if isinstance(factions, str):
        factions = [s.strip() for s in factions.split(",") if s.strip()]
    total = 0
    for f in factions:
        if f not in REACH:
            raise ReachError(f"no reach value for faction {str(f)[:40]!r} (Law 5.2); known: {', '.join(REACH)}")
        total += REACH[f]
    return total


def viable_reach(players: int) -> int:
    """Law 5.2's recommended least total reach for `players` players (2 to 6)."""
    if players not in VIABLE_REACH:
        raise ReachError(f"Law 5.2 gives reach sums for 2 to 6 players, got {players!r}")
    return VIABLE_REACH[players]


def is_viable(factions, players: int | None = None) -> bool:
    """Whether `factions` reach Law 5.2's threshold for their number of players and seat the second Vagabond
    only beside the first (Law 9.8)."""
    factions = list(factions)
    if "vagabond2" in factions and "vagabond" not in factions:
        return False
    return reach(factions) >= viable_reach(players or len(factions))


@lru_cache(maxsize=32)
def viable_mixes(players: int = 4, pool: tuple = IMPLEMENTED_FACTIONS,
                 setup: str = "standard") -> tuple[tuple[str, ...], ...]:
    """Every mix (sorted in the order of `pool`) of `players` distinct factions of `pool` that ``is_viable`` and that
    `setup` can seat: Law 5, Standard Setup seats at most four factions that start in corner clearings (five or more
    must use the Advanced Setup, whose setup cards seat any number: ``setup="advanced"``)."""
    reach(pool)  # an unknown faction fails here, named
    viable_reach(players)
    if len(set(pool)) != len(pool):
        raise ReachError(f"the pool of factions repeats a name: {list(pool)}")
    if setup not in ("standard", "advanced"):
        raise ReachError(f"setup must be 'standard' or 'advanced', got {str(setup)[:40]!r}")
    mixes = tuple(m for m in itertools.combinations(pool, players) if is_viable(m, players)
                  and (setup == "advanced" or corners_needed(m) <= N_CORNERS))
    if not mixes:
        raise ReachError(f"no {players}-player mix of {list(pool)} reaches {viable_reach(players)} (Law 5.2)")
    return mixes


def table_rng(seed: int, r: int, salt: int = 0) -> np.random.Generator:
    """The random generator of table r of a draw with `seed` (and `salt`, e.g. to draw a different sequence)."""
    return np.random.default_rng([int(seed) & 0xFFFFFFFF, int(r), int(salt), 0x5EA7])


def draw_table(seed: int, r: int, players: int = 4, pool: tuple = IMPLEMENTED_FACTIONS,
               include: str | None = None, method: str = "mix") -> list[str]:
    """Table r of the draw `seed`: a viable mix (uniform among ``viable_mixes``, or among those seating
    `include` when given) in a random seating (seat 1 first). ``method="draft"``: the table Advanced Setup's draft
    seats (``draft`` with ``viable_only``, dealt again until it seats `include`; the pool's factions without a setup
    card, the second Vagabond, left out); such a table is played with ``setup="advanced"``."""
    if method == "draft":
        return list(drafted_table(seed, r, players, pool, include).factions)
    if method != "mix":
        raise ReachError(f"method must be 'mix' (Law 5.2 draws) or 'draft' (A.8.1), got {str(method)[:40]!r}")
    mixes = viable_mixes(players, tuple(pool))
    salt = 0
    if include is not None:
        mixes = tuple(m for m in mixes if include in m)
        if not mixes:
            raise ReachError(f"no viable {players}-player mix of {list(pool)} seats {include!r}")
        salt = 1 + list(pool).index(include)
    rng = table_rng(seed, r, salt)
    mix = mixes[int(rng.integers(len(mixes)))]
    return [mix[i] for i in rng.permutation(players)]


def drafted_table(seed: int, r: int, players: int = 4, pool: tuple = IMPLEMENTED_FACTIONS,
                  include: str | None = None) -> "Draft":
    """Table r of the draft `seed` as a balance study seats it (``draw_table(method="draft")``): the whole ``Draft``,
    whose ``character`` the drafted Vagabond must use (A.8.1) and whose ``game_kwargs()`` start the game."""
    return draft(seed, r, players, tuple(f for f in pool if f in DRAFTABLE), viable_only=True, include=include)


def draw_tables(seed: int, n: int, players: int = 4, pool: tuple = IMPLEMENTED_FACTIONS) -> list[list[str]]:
    """The first `n` tables of the draw `seed` (``draw_table``)."""
    return [draw_table(seed, r, players, pool) for r in range(int(n))]


# ---------------------------------------------------------------- Advanced Setup's faction draft (Appendix A.8)
# A.8.1: the faction setup cards (Marauder expansion, B.x "10 Faction Setup"): militant factions have a red name with
# a sword, insurgent ones a grey name. There is one Vagabond card (the second Vagabond, Law 9.8, is not drafted).
MILITANT = ("marquise", "eyrie", "duchy", "hundreds", "keepers")
INSURGENT = ("alliance", "vagabond", "lizards", "riverfolk", "corvids")
DRAFTABLE = tuple(f for f in IMPLEMENTED_FACTIONS if f in MILITANT or f in INSURGENT)


class DraftError(ReachError):
    """A draft that cannot be dealt, or a choice the draft does not allow."""


@dataclass(frozen=True)
class SetupCard:
    """A faction setup card dealt to the pool (A.8.1): its faction, whether it is militant, whether it is locked (the
    last card dealt, an insurgent: chosen only once a militant faction has been), and the character card dealt beside
    a Vagabond (None for other factions)."""
    faction: str
    militant: bool
    locked: bool = False
    character: str | None = None


@dataclass(frozen=True)
class Draft:
    """A drafted table: `factions` in seat order (seat 1 first), the `character` the Vagabond must use (or None),
    the `cards` dealt (A.8.1), the `picks` in choosing order (the last seat first, A.8.2) as indices into `cards`,
    the table's total `reach` and whether it is `viable` (Law 5.2). ``game_kwargs()`` gives ``Game.new``'s options."""
    factions: tuple
    character: str | None
    cards: tuple
    picks: tuple
    reach: int
    viable: bool

    def game_kwargs(self) -> dict:
        """Keyword arguments of ``Game.new`` for this table with Advanced Setup (A.8.1: the Vagabond uses the
        character dealt beside his card)."""
        kw = {"factions": self.factions, "setup": "advanced"}
        if self.character is not None:
            kw["vagabond_characters"] = (self.character,)
        return kw


def deal_setup_cards(players: int, rng: np.random.Generator, pool: tuple = DRAFTABLE,
                     characters: tuple = IMPLEMENTED_CHARACTERS) -> tuple:
    """A.8.1: one militant card to the pool, then the other militant cards shuffled with the insurgent ones (none
    with two players) and one dealt per player; the last dealt is locked if insurgent; a Vagabond card gets a random
    character. Returns the ``players + 1`` SetupCards in the order dealt. Raises DraftError when `pool` (factions
    with setup cards) lacks a militant faction or enough cards."""
    if not isinstance(players, int) or isinstance(players, bool) or not 2 <= players <= 6:
        raise DraftError(f"the draft seats 2 to 6 players (A.8.1), got {players!r}")
    for f in pool:
        if f not in DRAFTABLE:
            raise DraftError(f"no faction setup card for {str(f)[:40]!r} (A.8.1); draftable: {', '.join(DRAFTABLE)}")
    if len(set(pool)) != len(pool):
        raise DraftError(f"the pool of setup cards repeats a faction: {list(pool)}")
    for c in characters:
        if c not in IMPLEMENTED_CHARACTERS:
            raise DraftError(f"unknown Vagabond character {str(c)[:40]!r}; characters: {', '.join(IMPLEMENTED_CHARACTERS)}")
    militant = [f for f in pool if f in MILITANT]
    insurgent = [f for f in pool if f in INSURGENT and players > 2]  # A.8.1 Two Players: no insurgent card
    if not militant or len(militant) + len(insurgent) < players + 1:
        raise DraftError(f"the setup cards of {list(pool)} cannot deal {players + 1} cards with a militant one first "
                         f"(A.8.1{'; two players: no insurgent card' if players == 2 else ''})")
    if "vagabond" in pool and not characters:
        raise DraftError("a Vagabond setup card needs a character card to deal beside it (A.8.1)")
    first = militant.pop(int(rng.integers(len(militant))))
    rest = militant + insurgent
    order = [rest[i] for i in rng.permutation(len(rest))][:players]
    dealt = [first] + order
    cards = []
    for i, f in enumerate(dealt):
        character = str(characters[int(rng.integers(len(characters)))]) if f == "vagabond" else None
        locked = i == len(dealt) - 1 and f in INSURGENT  # A.8.1 Lock Last Insurgent
        cards.append(SetupCard(f, f in MILITANT, locked, character))
    return tuple(cards)


def may_choose(cards, picks) -> list[int]:
    """A.8.2: the indices of the cards still in the pool that the next player may choose, `picks` being those already
    chosen: a locked card only once a militant faction has been chosen (A.8.1). Any number of factions that start in
    corners in Standard Setup may be drafted: their setup cards put their homelands on the map edge or anywhere
    (A.8.2; Law 5)."""
    taken = set(picks)
    militant_chosen = any(cards[i].militant for i in taken)
    return [i for i, c in enumerate(cards) if i not in taken and (not c.locked or militant_chosen)]


def draft(seed: int, r: int = 0, players: int = 4, pool: tuple = DRAFTABLE, characters: tuple = IMPLEMENTED_CHARACTERS,
          choose=None, viable_only: bool = False, tries: int = 1000, include: str | None = None) -> Draft:
    """Advanced Setup's faction draft (A.8.1-A.8.2) for table r of the draw `seed`: the setup cards dealt, then from
    the last seat to the first each player chooses one (``choose(cards, allowed, seat) -> index``, default: uniformly
    at random among ``may_choose``). With `viable_only`,
    deals again (up to `tries` times) until the table's reach
    meets Law 5.2 (``is_viable``), and with `include` until the table seats that faction. Table r depends only on
    (seed, r). A choice the draft does not allow raises DraftError naming it."""
    if include is not None and include not in pool:
        raise DraftError(f"the draft cannot seat {str(include)[:40]!r}: no setup card of it in {list(pool)}")
    rng = table_rng(seed, r, 0xD5AF7)
    for _ in range(max(1, int(tries))):
        cards = deal_setup_cards(players, rng, tuple(pool), tuple(characters))
        picks = []
        seats = [None] * players
        for seat in range(players - 1, -1, -1):  # A.8.2: the last player in turn order first, counterclockwise
            allowed = may_choose(cards, picks)
            if not allowed:  # not reached (the first card dealt is militant and stays until chosen): a guard
                break
            if choose is None:
                k = allowed[int(rng.integers(len(allowed)))]
            else:
                k = choose(cards, list(allowed), seat)
                if not isinstance(k, (int, np.integer)) or isinstance(k, bool) or int(k) not in allowed:
                    raise DraftError(f"seat {seat + 1} chose setup card {str(k)[:40]!r}; allowed: {allowed} "
                                     f"({', '.join(cards[i].faction for i in allowed)})")
                k = int(k)
            picks.append(k)
            seats[seat] = cards[k].faction
        if None in seats:
            continue
        character = next((cards[k].character for k in picks if cards[k].faction == "vagabond"), None)
        total = reach(seats)
        ok = is_viable(seats, players)
        if (ok or not viable_only) and (include is None or include in seats):
            return Draft(tuple(seats), character, cards, tuple(picks), total, ok)
    raise DraftError(f"no {'viable ' if viable_only else ''}draft (Law 5.2 reach {viable_reach(players)}+)"
                     f"{f' seating {include}' if include else ''} of {list(pool)} in {tries} deals")
