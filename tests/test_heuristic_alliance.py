"""Heuristic v2 playing the table against the Alliance and the Corvids (issues 34 and 36): the columns of
``agents.table`` that weigh their engines (P_AL_*, P_CV_*), off in version 1 and in ISMCTS's leaf, and the heuristic
battling a lone sympathy token of an Alliance near 30 (each removal scores the remover 1 VP, Law 3.2.1)."""
from __future__ import annotations

import numpy as np
import pytest

from agents.heuristic import PARAMS, LEAF_PARAMS, TABLE_ANSWER, choose, seed_rand
from agents.table import (threats, evaluate as evaluate_table, opponent_value, P_AL_SYMPATHY, P_AL_BASE,
                          P_AL_OFFICER, P_AL_SUPPORTER, P_CV_PLOT, P_AL_THREAT, P_CV_THREAT, P_AL_SIEGE, P_AL_PACE, P_PIECE,
                          P_LOOK_ROUNDS, P_THREAT_FROM, P_W_BASE, P_W_THREAT, P_W_LEADER, rulers, pieces_on_map, siege)
from root_env import codes as K
from root_env.data import NF, NC, MARQUISE, EYRIE, ALLIANCE, CORVIDS, TT_SYMPATHY, TT_PLOT
from root_env.layout import TOKENS, STATE_SIZE, VP, GAME_OVER, CV_FACE_UP, DECIDER, BUILDINGS, WARRIORS, TURN, NSEATS
from root_env.data import BT_BASE, AL_SYMPATHY_VP, VAGABOND, SWORD, IS_READY
from root_env.layout import VB_ITEMS, VB_PAWN
from root_env.engine.items import undamaged
from root_env.engine.vagabonds import items_at, vb_row
from root_env.engine.core import apply
from rules_helpers import sc4, random_play
from root_env import Game

COLUMNS = (P_AL_SYMPATHY, P_AL_BASE, P_AL_OFFICER, P_AL_SUPPORTER, P_CV_PLOT, P_AL_THREAT, P_CV_THREAT, P_AL_SIEGE,
           P_AL_PACE)


def _row(**cols) -> np.ndarray:
    row = PARAMS[2, EYRIE].copy()
    for c in COLUMNS:
        row[c] = 0.0
    for name, v in cols.items():
        row[globals()[name]] = v
    return row


def _weights(state, f, row):
    w = np.zeros(NF)
    threats(state, f, w, row)
    return w


def _opponent(state, g, row):
    rul = np.empty(NC, np.int64)
    pieces = np.empty(NF)
    rulers(state, rul)
    pieces_on_map(state, pieces)
    return opponent_value(state, g, rul, row, pieces)


def test_the_answer_columns_are_off_in_version_1_and_in_ismcts_leaf():
    assert len(COLUMNS) == len(TABLE_ANSWER) and sorted(COLUMNS) == list(range(min(COLUMNS), min(COLUMNS) + len(COLUMNS)))
    for c in COLUMNS:
        assert (PARAMS[1, :, c] == 0.0).all()
        assert (LEAF_PARAMS[2, :, c] == 0.0).all()


def test_alliance_threat_grows_with_its_sympathy_on_the_map():
    """Law 8.4.2: each sympathy token scores more than the last, so an Alliance with its sympathy out is a larger
    threat than its VP so far project (P_AL_THREAT, in full with all ten tokens placed)."""
    s = sc4().vp("alliance", 8).vp("eyrie", 8).state.copy()
    row = _row(P_AL_THREAT=1.0)
    none = _weights(s, MARQUISE, row)
    for c in range(5):
        s[TOKENS + TT_SYMPATHY * NC + c] = 1
    five = _weights(s, MARQUISE, row)
    assert five[ALLIANCE] == pytest.approx(none[ALLIANCE] + 0.5)
    assert five[EYRIE] == none[EYRIE]
    assert _weights(s, MARQUISE, _row())[ALLIANCE] == none[ALLIANCE]  # off: the tokens add nothing


def test_alliance_sympathy_bases_officers_and_supporters_count_against_the_decider():
    base = sc4().officers(2)
    s = base.state.copy()
    row = _row(P_AL_SYMPATHY=20.0, P_AL_BASE=30.0, P_AL_OFFICER=5.0, P_AL_SUPPORTER=10.0)
    v0 = _opponent(s, ALLIANCE, row)
    assert v0 - _opponent(s, ALLIANCE, _row()) == pytest.approx(5.0 * 2)
    t = s.copy()
    t[TOKENS + TT_SYMPATHY * NC + 0] = 1
    gain = _opponent(t, ALLIANCE, row) - v0
    assert gain == pytest.approx(_opponent(t, ALLIANCE, _row()) - _opponent(s, ALLIANCE, _row()) + 20.0)
    sup = sc4().officers(2).supporters([("Anvil", "fox"), ("Bake Sale", "rabbit")]).state.copy()
    assert _opponent(sup, ALLIANCE, row) - v0 == pytest.approx(2 * 10.0)
    # for the decider, a sympathy token removed is worth the owner's weight times what the token counts
    w = _weights(t, MARQUISE, row)
    assert evaluate_table(s, MARQUISE, w, row) - evaluate_table(t, MARQUISE, w, row) == pytest.approx(w[ALLIANCE] * gain)


def test_alliance_pace_projects_the_sympathy_tracks_next_space():
    """P_AL_PACE: the Alliance's pace is the larger of its VP per round so far and P_AL_PACE placements a round at the
    track's next space (Law 8.4.2), so that an Alliance with its sympathy out weighs more than its VP so far project."""
    s = sc4().vp("alliance", 6).vp("eyrie", 6).state.copy()
    s[TURN] = 6 * s[NSEATS] + 1  # round 7: 6 VP is a pace of 6/7 a round
    for c in range(7):
        s[TOKENS + TT_SYMPATHY * NC + c] = 1
    assert AL_SYMPATHY_VP[7] >= 2
    off = _weights(s, MARQUISE, _row())
    on = _weights(s, MARQUISE, _row(P_AL_PACE=1.0))
    assert on[EYRIE] == off[EYRIE]
    row = _row(P_AL_PACE=1.0)
    proj = 6 + row[P_LOOK_ROUNDS] * max(6 / 7, AL_SYMPATHY_VP[7])  # the track's next space: the eighth token
    danger = min(1.0, max(0.0, (proj - row[P_THREAT_FROM]) / (30 - row[P_THREAT_FROM])))
    assert on[ALLIANCE] == pytest.approx(row[P_W_BASE] + row[P_W_THREAT] * danger ** 2 + row[P_W_LEADER])
    assert on[ALLIANCE] > off[ALLIANCE]


def test_siege_counts_warriors_ready_to_take_a_base():
    """P_AL_SIEGE: a base attack is a march and a battle (Law 4.3.4, 8.2.4); the decider's warriors in a base's
    clearing count, in full where they outnumber its defenders, so the march is valued before the battle a look-ahead
    rarely reaches."""
    s = sc4().state.copy()
    for c in range(NC):
        for suit in range(3):
            s[BUILDINGS + (BT_BASE + suit) * NC + c] = 0
    assert siege(s, MARQUISE) == 0.0
    c = 3
    s[BUILDINGS + BT_BASE * NC + c] = 1
    s[WARRIORS + ALLIANCE * NC + c] = 1
    s[WARRIORS + MARQUISE * NC + c] = 0
    assert siege(s, MARQUISE) == 0.0
    s[WARRIORS + MARQUISE * NC + c] = 1
    assert siege(s, MARQUISE) == pytest.approx(0.5)
    s[WARRIORS + MARQUISE * NC + c] = 3
    assert siege(s, MARQUISE) == pytest.approx(1.0)
    row = _row(P_AL_SIEGE=20.0)
    w = _weights(s, MARQUISE, row)
    assert w[ALLIANCE] > 0
    gain = evaluate_table(s, MARQUISE, w, row) - evaluate_table(s, MARQUISE, w, _row())
    assert gain == pytest.approx(20.0 * w[ALLIANCE])
    # a Vagabond counts his undamaged swords where his pawn stands (his most hits, Law 4.3.2.I), nothing elsewhere
    s[VB_ITEMS + items_at(VAGABOND) + SWORD * 4 + IS_READY] += 1
    swords = undamaged(s, VAGABOND, SWORD)
    s[VB_PAWN + vb_row(VAGABOND)] = c
    assert siege(s, VAGABOND) == pytest.approx(min(1.0, swords / 2.0))
    s[VB_PAWN + vb_row(VAGABOND)] = c + 1
    assert siege(s, VAGABOND) == 0.0
    # the Alliance itself never weighs it (its own threat weight is 0)
    assert evaluate_table(s, ALLIANCE, _weights(s, ALLIANCE, row), row) == evaluate_table(s, ALLIANCE, _weights(s, ALLIANCE, row), _row())


def test_corvid_plots_count_and_threaten_with_p_cv_plot_and_p_cv_threat():
    g = random_play(Game.new(("marquise", "eyrie", "corvids", "vagabond"), seed=3), 3, 60)
    s = g.state.copy()
    for c in range(NC):
        for t in range(4):
            s[TOKENS + (TT_PLOT + t) * NC + c] = 0
        s[CV_FACE_UP + c] = 0
    row = _row(P_CV_PLOT=20.0, P_CV_THREAT=1.0)
    v0, w0 = _opponent(s, CORVIDS, row), _weights(s, MARQUISE, row)[CORVIDS]
    s[TOKENS + TT_PLOT * NC + 4] = 1
    s[TOKENS + (TT_PLOT + 2) * NC + 7] = 1
    assert _opponent(s, CORVIDS, row) - v0 == pytest.approx(2 * 20.0 + 2 * row[P_PIECE])
    assert _weights(s, MARQUISE, row)[CORVIDS] == pytest.approx(w0 + 2 / 8.0)


def test_heuristic_battles_a_lone_sympathy_token_of_an_alliance_near_30():
    """The Marquise with warriors beside a lone sympathy token and the Alliance at 27 VP: heuristic v2 battles there,
    and played on, removes the token and scores the VP (Law 3.2.1)."""
    battled = removed = 0
    for seed in range(8):
        sc = sc4(seed=1)
        sc.token("sympathy", 1).warriors("marquise", 1, 3).warriors("marquise", 5, 1).vp("alliance", 27)
        sc.vp("marquise", 10).hand("marquise", [("Anvil", "fox")])
        g = sc.start("marquise", at="marquise_actions")
        s = g.state.copy()
        work = np.zeros((2, STATE_SIZE), np.int64)
        r = seed_rand(seed)
        a, r = choose(s, MARQUISE, r, work)
        if a != K.A_OPT + K.OPT_BATTLE:
            continue
        battled += 1
        apply(s, a)
        for _ in range(12):  # the clearing, the defender, the hits: the heuristic decides for whoever is asked
            if s[TOKENS + TT_SYMPATHY * NC + 0] == 0 or s[GAME_OVER]:
                break
            a, r = choose(s, int(s[DECIDER]), r, work)
            apply(s, a)
        if s[TOKENS + TT_SYMPATHY * NC + 0] == 0 and s[VP + MARQUISE] > 10:
            removed += 1
    assert battled >= 6 and removed == battled
