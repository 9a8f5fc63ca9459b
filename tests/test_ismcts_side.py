"""ISMCTS option ``side`` (issue 36): the options of any time in Daylight (Law 3.3.1 activate and 3.3.4 take a
dominance card, Tax Collector, Codebreakers, Exposure 13.2.4, a closed path C.3.3), which every Daylight menu lists
beside the faction's own actions, are expanded only after the decider's other actions (side=1), and drawn in the base
rollout about as rarely as "done" (side=2)."""
from __future__ import annotations

import numpy as np
import pytest

from agents import ismcts
from agents.arena import parse_spec
from agents.heuristic import seed_rand
from root_env import Game
from root_env.engine.card_effects import is_daylight_option
from root_env.layout import DECIDER

from test_ismcts_table import _choose


def _menu_with_side_options(factions, seed):
    """The first state of a seeded random game whose decision lists an option of any time in Daylight beside at
    least three other actions."""
    g = Game.new(factions, seed=seed)
    rng = np.random.default_rng(seed)
    while not g.is_over:
        legal = [int(a) for a in g.legal_actions()]
        side = [a for a in legal if is_daylight_option(a)]
        if side and len(legal) - len(side) >= 3:
            return g.state.copy(), legal, side
        g.apply(int(rng.choice(legal)))
    raise AssertionError("no Daylight menu with an option of any time")


@pytest.fixture(scope="module")
def menu():
    # Exposure (13.2.4) is open to the Corvids' opponents at every Daylight menu while a plot lies face down.
    return _menu_with_side_options(("marquise", "eyrie", "alliance", "corvids"), 3)


def test_side_option_is_checked_and_described():
    assert ismcts.describe(ismcts.options())["side"] == 0
    assert ismcts.describe(ismcts.options(side=2))["side"] == 2
    for bad in (3, -1, 0.5, True):
        with pytest.raises(ValueError, match="side"):
            ismcts.options(side=bad)
    assert parse_spec("ismcts:100:side=1")  # the arena's specs take it
    with pytest.raises(ValueError, match="side"):
        parse_spec("ismcts:100:side=7")


def _root_children(nodes):
    out = []
    ch = nodes[0, ismcts.N_FIRST] - 1
    while ch >= 0:
        out.append(int(nodes[ch, ismcts.N_ACTION]))
        ch = nodes[ch, ismcts.N_NEXT] - 1
    return out[::-1]  # in the order they were added


@pytest.mark.parametrize("side", [1, 2])
def test_side_expands_the_deciders_own_actions_first(menu, side):
    state, legal, side_actions = menu
    own = len(legal) - len(side_actions)
    # Without progressive widening every visit of the root adds a child until all have one.
    opts = ismcts.options(iterations=len(legal) + 20, pw_c=0, side=side)
    a, nodes, _ = _choose(state, int(state[DECIDER]), 5, opts)
    order = _root_children(nodes)
    assert sorted(order) == sorted(legal)
    assert not any(is_daylight_option(b) for b in order[:own])  # the side options come after every own action
    assert all(is_daylight_option(b) for b in order[own:])
    assert a in legal


def test_without_side_the_expansion_order_is_uniform(menu):
    state, legal, side_actions = menu
    own = len(legal) - len(side_actions)
    first_side = []
    for seed in range(12):
        opts = ismcts.options(iterations=len(legal) + 5, pw_c=0)
        _, nodes, _ = _choose(state, int(state[DECIDER]), seed, opts)
        order = _root_children(nodes)
        first_side.append(min(i for i, b in enumerate(order) if is_daylight_option(b)))
    assert min(first_side) < own  # some search expands a side option before all its own actions


def test_side_rollout_draws_daylight_options_rarely(menu):
    state, legal, side_actions = menu
    s = state.copy()
    r = seed_rand(11)
    n = 4000
    plain = sided = 0
    for _ in range(n):
        a, r = ismcts.base_policy(s, r)
        plain += is_daylight_option(a)
        b, r = ismcts.side_rollout(s, r)
        sided += is_daylight_option(b)
    assert plain > 0.5 * n * len(side_actions) / len(legal)  # about uniform without the option
    assert sided < 0.5 * plain  # kept only now and then, like "done"
    assert np.array_equal(s, state)  # drawing changes nothing
