"""The Keepers in Iron's agents (issue 39): the heuristic plays them on purpose (its plan terms, ``agents.table``,
Law 15) and beats the random Keepers in the same seats and seeds; ISMCTS searches with them seated, its leaf sane."""
from __future__ import annotations

import numpy as np
import pytest

from agents.heuristic import PARAMS
from agents.ismcts_leaf import table_rewards
from agents.table import keepers_plan, plan_value, position_value, rulers, KP_PLAN_V1, KP_PLAN_V2
from root_env import Game
from root_env.data import (NC, NCARD, NBT, NTT, NF, KEEPERS, BT_WAYSTATION, TT_RELIC, NRELIC_KINDS, RELIC_KIND_TYPE,
                           RELIC_KIND_VALUE, WAYSTATION_FACES, RETINUE_BATTLE, KP_WAYSTATIONS)
from root_env.engine.geometry import adjacent
from root_env.layout import (BUILDINGS, TOKENS, WARRIORS, KP_WS_FACE, CARD_LOC, LOC_RETINUE, LOC_HAND, HAND_N, NSEATS,
                             SEAT_FACTION, VP)

from rules_helpers import random_play
from test_ismcts_table import test_every_faction_type_plays_legal_full_games_with_the_defaults as \
    _plays_whole_game_with_the_defaults
from test_heuristic_agents import _assert_heuristic_beats_random, BASE4

KEEPERS_TABLE = BASE4 + ("keepers",)


def test_keepers_heuristic_beats_random_keepers():
    """Issue 39: the Keepers' heuristic against four random base factions, five seat rotations, same seeds for both
    kinds (measured over 200 games per arm in ``benchmarks/results/heuristic_vs_random_keepers.md``; the issue asks for
    30 points, the test for 20 at this size)."""
    _assert_heuristic_beats_random("keepers", 0.2, KEEPERS_TABLE, games=12)


def _empty_clearings(state):
    """Clearings with no piece of anyone and no relic: where the plan terms below are placed."""
    out = []
    for c in range(NC):
        if (not state[WARRIORS + c:WARRIORS + NF * NC:NC].any()
                and not state[BUILDINGS + c:BUILDINGS + NBT * NC:NC].any()
                and not state[TOKENS + c:TOKENS + NTT * NC:NC].any()):
            out.append(c)
    return out


def _relic_worth(state, k, c, kw=KP_PLAN_V2):
    """What one more relic of kind k in clearing c adds to the Keepers' plan (weights `kw`: version 2's unless told)."""
    t = state.copy()
    t[TOKENS + (TT_RELIC + k) * NC + c] += 1
    return keepers_plan(t, kw) - keepers_plan(state, kw)


def _waystation_for(state, k, c):
    """A waystation showing relic kind k's type (Law 15.2.2) placed in clearing c."""
    w = next(w for w in range(KP_WAYSTATIONS) if RELIC_KIND_TYPE[k] in WAYSTATION_FACES[w])
    state[KP_WS_FACE + w] = list(WAYSTATION_FACES[w]).index(RELIC_KIND_TYPE[k])
    state[BUILDINGS + (BT_WAYSTATION + w) * NC + c] += 1


@pytest.mark.parametrize("kw", [KP_PLAN_V1, KP_PLAN_V2], ids=["v1", "v2"])
def test_law_15_5_2_keepers_plan_values_a_relic_more_the_nearer_it_is_to_recovery(kw):
    """Each step of a relic's way (Law 15.5.2) is worth more in the Keepers' plan: alone in a clearing (an enemy may
    take it, 15.2.5) < held by a Keeper warrior (it moves with them, 15.2.4) < held one move from a waystation of its
    type < beside such a waystation, where Recover takes it (15.5.2.III.a); a higher value is worth more held."""
    g = Game.new(KEEPERS_TABLE, seed=3)
    s = g.state.copy()
    empty = _empty_clearings(s)
    c = empty[0]
    d = next(d for d in empty if adjacent(s, c, d))
    k = 0
    hi = max((j for j in range(NRELIC_KINDS) if RELIC_KIND_TYPE[j] == RELIC_KIND_TYPE[k]),
             key=lambda j: RELIC_KIND_VALUE[j])
    loose = _relic_worth(s, k, c, kw)
    s[WARRIORS + KEEPERS * NC + c] += 1
    held, held_hi = _relic_worth(s, k, c, kw), _relic_worth(s, hi, c, kw)
    near_state = s.copy()
    _waystation_for(near_state, k, d)
    near = _relic_worth(near_state, k, c, kw)
    _waystation_for(s, k, c)
    ready, ready_hi = _relic_worth(s, k, c, kw), _relic_worth(s, hi, c, kw)
    assert 0 < loose < held < near < ready
    assert RELIC_KIND_VALUE[hi] > RELIC_KIND_VALUE[k] and held_hi > held
    # Recovered, a relic is worth 10 points per VP of its value (15.5.2.III.b): more than ready; in version 2 a relic of
    # value 3 gains more than a Retinue card is worth, so that a recovery that costs the card (III.c) still pays.
    for kind, worth in ((k, ready), (hi, ready_hi)):
        assert 10.0 * RELIC_KIND_VALUE[kind] > worth
    if kw is KP_PLAN_V2:
        from agents.table import K_RETINUE_RECOVER
        assert 10.0 * RELIC_KIND_VALUE[hi] - ready_hi > kw[K_RETINUE_RECOVER]


def test_law_15_5_2_keepers_plan_values_a_held_relic_more_the_fewer_moves_from_a_waystation_of_its_type():
    """A held relic's worth climbs with every move towards a waystation showing its type (Law 15.2.2, 15.5.2.III.a:
    only there can it be recovered), so that the heuristic's short lookahead sees each step of the way: two moves
    away < one move away < beside it; with no such waystation on the map it is worth what any held relic is."""
    from agents.table import waystation_distances
    g = Game.new(KEEPERS_TABLE, seed=3)
    s = g.state.copy()
    empty = _empty_clearings(s)
    pairs = [(c, d, e) for c in empty for d in empty for e in empty
             if adjacent(s, c, d) and adjacent(s, d, e) and not adjacent(s, c, e) and c != e]
    c, d, e = pairs[0]
    k = 0
    s[WARRIORS + KEEPERS * NC + c] += 1
    none = _relic_worth(s, k, c)
    worth = []
    for where in (e, d, c):
        t = s.copy()
        _waystation_for(t, k, where)
        worth.append(_relic_worth(t, k, c))
        dist = np.empty((3, NC), np.int64)
        waystation_distances(t, dist)
        assert dist[RELIC_KIND_TYPE[k], c] == (2, 1, 0)[len(worth) - 1]
    assert none < worth[0] < worth[1] < worth[2]


def test_rollouts_never_decamp_so_that_encamp_is_not_undone():
    """The rollout policy passes at the Keepers' Decamp (Law 15.4.2): a random Decamp would undo the Encamp whose
    worth the rollout measures."""
    from agents.heuristic import base_policy_done, seed_rand
    from root_env import codes as K
    from root_env.scenario import Scenario
    g = Scenario(("keepers", "marquise"), seed=0).waystation("figure/tablet", 7).start("keepers", at="keepers_decamp")
    assert g.decision == "decamp: where" and len(g.legal_actions()) == 2
    r = seed_rand(1)
    for _ in range(20):
        a, r = base_policy_done(g.state, r, 1.0)
        assert a == K.A_DONE


def test_law_15_6_2_a_retinue_card_is_worth_more_to_the_keepers_than_the_same_card_in_hand():
    """Gather Retinue (15.6.2) moves a card from hand to the Retinue, where it acts every Daylight (15.5.2): the
    Keepers' whole valuation (hand, plan) rises, so the heuristic gathers."""
    g = Game.new(KEEPERS_TABLE, seed=4)
    s = g.state.copy()
    card = next(c for c in range(NCARD) if s[CARD_LOC + c] == LOC_HAND + KEEPERS)
    prm = PARAMS[2, KEEPERS]
    rul = np.empty(NC, np.int64)
    rulers(s, rul)
    before = position_value(s, KEEPERS, rul, prm, True)
    s[CARD_LOC + card] = LOC_RETINUE + RETINUE_BATTLE
    s[HAND_N + KEEPERS] -= 1
    assert position_value(s, KEEPERS, rul, prm, True) > before
    assert plan_value(s, KEEPERS, rul, prm, True) == pytest.approx(keepers_plan(s, KP_PLAN_V2))


def test_ismcts_plays_a_whole_game_with_the_keepers_seated():
    """Every seat an ISMCTSAgent with its faction's defaults (the table leaf), the Keepers among them, to the end of
    the game through the Game API (which refuses an illegal action): test_ismcts_table's whole-game check."""
    _plays_whole_game_with_the_defaults(("keepers", "marquise", "eyrie", "alliance"))


def test_ismcts_table_leaf_is_sane_with_the_keepers_seated():
    """The table leaf's rewards with the Keepers seated are win chances (each in [0, 1], summing to 1 over the
    seats), and a VP more for the Keepers raises their chance."""
    g = random_play(Game.new(KEEPERS_TABLE, seed=5), 5, 300)
    s = g.state.copy()
    out = np.zeros(NF)
    table_rewards(s, out, 20.0, 2.0)
    seated = [int(s[SEAT_FACTION + i]) for i in range(int(s[NSEATS]))]
    assert all(0.0 <= out[f] <= 1.0 for f in seated)
    assert sum(out[f] for f in seated) == pytest.approx(1.0)
    s[VP + KEEPERS] += 1
    more = np.zeros(NF)
    table_rewards(s, more, 20.0, 2.0)
    assert more[KEEPERS] > out[KEEPERS]


def test_heuristic_vs_random_plays_the_table_and_opponents_it_is_given():
    """``benchmarks.heuristic_vs_random``'s ``--table`` and ``--opponents`` (the Keepers' figures with heuristic
    opponents): the faction joins the table given, every rotation is played, and a bad kind is refused."""
    from benchmarks.heuristic_vs_random import table_of, arm, main
    assert table_of("keepers") == KEEPERS_TABLE
    assert table_of("keepers", ("marquise", "eyrie")) == ("marquise", "eyrie", "keepers")
    assert table_of("marquise", ("marquise", "eyrie")) == ("marquise", "eyrie")
    r = arm("keepers", "heuristic", 1, others=("marquise", "eyrie"), opponents="heuristic")
    assert r["games"] == 3 and [x["seat"] for x in r["by_rotation"]] == [3, 2, 1]
    with pytest.raises(SystemExit):
        main(["--factions", "keepers", "--opponents", "clever"])
    with pytest.raises(SystemExit):
        main(["--factions", "keepers", "--table", "marquise,cats"])


def _move_or_recover_scenario():
    """Move or Recover with a fox card, a tablet waystation (tablet up) and a tablet 1 and a tablet 3 in clearing 1
    (tests/test_keepers_play.py's recovery), at the Retinue's decision."""
    from root_env.scenario import Scenario
    sc = Scenario(("keepers", "marquise"), seed=1)
    sc.warriors("keepers", 1, 2).waystation("figure/tablet", 1, face_up="tablet").relic("tablet", 1, 1)
    sc.relic("tablet", 3, 1)
    sc.retinue("move or recover", [("Root Tea", "fox")]).retinue_column("move or recover")
    return sc.start("keepers", at="keepers_retinue")


def test_law_15_5_2_iii_version_2_rollouts_recover_when_move_or_recover_offers_it():
    """Version 2's rollouts recover whenever Move or Recover can (Law 15.5.2.III), the highest value first: a uniform
    rollout finished a recovery (the card, Recover, the clearing, the relic) too seldom to show its worth. Version 1's
    rollouts stay uniform."""
    from agents.heuristic import rollout_policy, keepers_recovery, seed_rand
    from root_env import codes as K
    g = _move_or_recover_scenario()
    card = next(int(a) for a in g.legal_actions() if int(a) != K.A_DONE)
    g.apply(card)
    assert g.decision == "move or recover"
    r = seed_rand(1)
    for _ in range(10):
        a, r = rollout_policy(g.state, r, PARAMS[2, KEEPERS])
        assert a == K.A_OPT + K.OPT_RECOVER
    seen = set()
    for _ in range(40):
        a, r = rollout_policy(g.state, r, PARAMS[1, KEEPERS])
        seen.add(int(a))
    assert seen == {int(a) for a in g.legal_actions()}  # version 1: uniform, the move among them
    g.apply(K.A_OPT + K.OPT_RECOVER)
    g.apply(int(g.legal_actions()[0]))  # the clearing
    assert g.decision == "recover: which relic"
    tablet3 = next(k for k in range(NRELIC_KINDS) if RELIC_KIND_TYPE[k] == 1 and RELIC_KIND_VALUE[k] == 3)
    assert keepers_recovery(g.state) == K.A_PIECE + NBT + TT_RELIC + tablet3


def test_law_15_5_2_version_2_charges_ending_a_retinue_column_with_cards_that_could_act():
    """Ending a Retinue column (Law 15.5.2) leaves its cards idle this turn: ``keepers_idle`` counts the cards (and
    Faithful Retainers) still offered, and version 2 charges K_IDLE for each against "done"; version 1 charges
    nothing."""
    from agents.table import keepers_idle, K_IDLE
    g = _move_or_recover_scenario()
    assert g.decision == "retinue: which card"
    offered = [int(a) for a in g.legal_actions()]
    assert keepers_idle(g.state) == len(offered) - 1  # every option but "done" is a card or a Faithful Retainer
    assert KP_PLAN_V2[K_IDLE] > 0 and KP_PLAN_V1[K_IDLE] == 0
