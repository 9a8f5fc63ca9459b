"""Helpers shared by the rule tests: action ids by meaning, applying with readable failures, and
reading pieces, cards and VP from a game's state."""
from __future__ import annotations

import numpy as np

from root_env import codes as K
from root_env.data import NC, NCARD, NITEM, PIECE_NAMES, FACTION_NAMES, ITEM_NAMES, QUEST_NAMES
from root_env.engine.rng import battle_dice
from root_env.game import Game
from root_env.layout import (WARRIORS, SUPPLY_WARRIORS, BUILDINGS, HAND_N, VP, CARD_LOC, LOC_DISCARD, LOC_HAND,
                             CRAFTED_ITEMS, VB_ITEMS)
from root_env.scenario import card_id

FACTION = {name: i for i, name in enumerate(FACTION_NAMES)}
ITEM_STATES = ("ready", "exhausted", "damaged", "damaged_exhausted")


def cl(n: int) -> int:
    """Action id of printed clearing n."""
    return K.A_CLEARING + n - 1


def opt(o: int) -> int:
    return K.A_OPT + o


def card(name_or_pair, suit=None) -> int:
    """Action id of a card given as an id, a (name, suit) pair, or a name and a suit."""
    return K.A_CARD + card_id(name_or_pair, suit)


def piece(kind: str) -> int:
    return K.A_PIECE + PIECE_NAMES.index(kind)


def faction(name: str) -> int:
    return K.A_FACTION + FACTION[name]


def forest(n: int) -> int:
    """Action id of forest n (1..7)."""
    return K.A_FOREST + n - 1


def item(name: str, state: str = "ready") -> int:
    """Action id of an item in a state (ready, exhausted, damaged, damaged_exhausted)."""
    return K.A_ITEM + ITEM_STATES.index(state) * NITEM + ITEM_NAMES.index(name)


def quest(name: str) -> int:
    """Action id of a quest by its name as in data.QUEST_NAMES, e.g. "Errand (fox)"."""
    return K.A_QUEST + QUEST_NAMES.index(name)


FOUR = ("marquise", "eyrie", "alliance", "vagabond")


def sc4(seed: int = 1):
    """An empty four-player board (the base game) to set a rule test up on."""
    from root_env.scenario import Scenario
    return Scenario(FOUR, seed=seed)


C, OPT, CARD = cl, opt, card


def legal(g: Game) -> set[int]:
    return {int(a) for a in g.legal_actions()}


def do(g: Game, *actions: int) -> None:
    """Apply each action, failing with a readable list of the legal options if it is not legal."""
    for a in actions:
        options = legal(g)
        assert a in options, (f"action {a} not legal at {g.decision!r} ({g.current_player}); legal: "
                              f"{[g.describe(x) for x in sorted(options)]}")
        g.apply(a)


def clearings_offered(g: Game) -> set[int]:
    """Printed numbers of the clearings among the legal actions."""
    return {a - K.A_CLEARING + 1 for a in legal(g) if K.A_CLEARING <= a < K.A_CLEARING + NC}


def cards_offered(g: Game) -> set[int]:
    """Card action ids among the legal actions."""
    return {a for a in legal(g) if K.A_CARD <= a < K.A_CARD + NCARD}


def finish_hits(g: Game) -> None:
    """Answer any 'which piece does the hit remove' choice with the first option."""
    while g.decision == "remove piece (hits)":
        g.apply(int(g.legal_actions()[0]))


def next_dice(g: Game) -> tuple[int, int]:
    """The two dice the engine's next battle roll will produce, (higher, lower): the roll chosen with
    ``Scenario.dice`` / ``Game.dice`` if one is waiting, else the in-state RNG's next two dice."""
    d1, d2 = battle_dice(g.state.copy())
    return max(d1, d2), min(d1, d2)


def clearing(g: Game, n: int) -> dict:
    return g.to_dict()["clearings"][n - 1]


def w(g: Game, faction: str, n: int) -> int:
    return clearing(g, n)["warriors"].get(faction, 0)


def warriors(g: Game, faction: str, n: int) -> int:
    return int(g.state[WARRIORS + FACTION[faction] * NC + n - 1])


def supply(g: Game, faction: str) -> int:
    return int(g.state[SUPPLY_WARRIORS + FACTION[faction]])


def building(g: Game, bt: int, n: int) -> int:
    return int(g.state[BUILDINGS + bt * NC + n - 1])


def hand_n(g: Game, faction: str) -> int:
    return int(g.state[HAND_N + FACTION[faction]])


def vp(g: Game, faction: str) -> int:
    return int(g.state[VP + FACTION[faction]])


def in_discard(g: Game, name_suit) -> bool:
    return int(g.state[CARD_LOC + card_id(name_suit)]) == LOC_DISCARD


def in_hand(g: Game, faction: str, name_suit) -> bool:
    return int(g.state[CARD_LOC + card_id(name_suit)]) == LOC_HAND + FACTION[faction]


def random_play(g: Game, seed: int, n: int, checked: bool = False) -> Game:
    """`g` after `n` seeded uniformly random legal actions (fewer if the game ends first); with `checked`, the
    engine's compiled invariant checker passes before each of them."""
    from root_env.engine.invariants import check_state, CHECKS
    rng = np.random.default_rng(seed)
    for _ in range(n):
        if checked:
            e = int(check_state(g.state))
            assert e == 0, (CHECKS[e], g.decision)
        if g.is_over:
            break
        g.apply(int(rng.choice(g.legal_actions())))
    return g


def loc(g: Game, c) -> int:
    """Where card `c` (an id or a (name, suit) pair) is: a LOC_* code."""
    return int(g.state[CARD_LOC + card_id(c)])


def crafted_items(g: Game, faction_name: str, name: str) -> int:
    return int(g.state[CRAFTED_ITEMS + FACTION[faction_name] * NITEM + ITEM_NAMES.index(name)])


def vb_item(g: Game, name: str, state: str = "ready") -> int:
    """The Vagabond's copies of item `name` in one state (ready, exhausted, damaged, damaged_exhausted)."""
    st = ("ready", "exhausted", "damaged", "damaged_exhausted").index(state)
    return int(g.state[VB_ITEMS + ITEM_NAMES.index(name) * 4 + st])


def play_out(g: Game, seed: int) -> Game:
    """`g` played to its end by uniformly random legal actions drawn with ``random.Random(seed)``."""
    import random
    r = random.Random(seed)
    while not g.is_over:
        legal = g.legal_actions()
        g.apply(int(legal[r.randrange(len(legal))]))
    return g


def bot_log(g: Game, kind=None) -> list[tuple]:
    """The bots' log since the last decision (engine.botlog): the rows of one kind as (a, b, c), the kind
    stripped; with no kind, every row as (kind, a, b, c)."""
    from root_env.layout import BOT_LOG, BOT_LOG_N
    rows = [tuple(int(x) for x in g.state[BOT_LOG + 4 * i:BOT_LOG + 4 * i + 4]) for i in range(int(g.state[BOT_LOG_N]))]
    if kind is None:
        return rows
    return [r[1:] for r in rows if r[0] == kind]


def same_compiled_and_without_jit(new_game: str) -> None:
    """Determinism: the game `new_game` (Python building a Game `g`) played to its end by a seeded random agent gives
    the same final state compiled and with NUMBA_DISABLE_JIT=1 (each in a fresh process)."""
    import json
    import os
    import subprocess
    import sys
    code = ("import json, random; from root_env.game import Game\n" + new_game + "\nr = random.Random(4)\n"
            "while not g.is_over:\n"
            "    a = g.legal_actions(); g.apply(int(a[r.randrange(len(a))]))\n"
            "print(json.dumps([int(x) for x in g.state]))")
    out = []
    for jit in ("0", "1"):
        env = dict(os.environ, NUMBA_DISABLE_JIT=jit)
        res = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
        out.append(json.loads(res.stdout))
    assert out[0] == out[1]
