"""The Lizard Cult through the public API: the draw-bonus printing option (Game.new, the PettingZoo env,
records), the study option of extra starting acolytes, bad values refused, forged Cult registers refused by the state validator, Scenario checks."""
from __future__ import annotations

import numpy as np
import pytest

from root_env import Game, RootError
from root_env.codes import OPT_BUILD, OPT_CONSPIRACY, A_OPT, A_CARD
from root_env.data import LIZARDS, NC, FOX, RABBIT, CARD_SUIT, CLEARING_SUIT, CLEARING_SLOTS, CLEARING_RUIN
from root_env.layout import OPTIONS, O_LZ_FIRST_PRINTING, LZ_ACOLYTES, SUPPLY_WARRIORS, REG, R_LZ_RITUAL, R_LZ_TARGET, R_LZ_CARD, PC, HAND_N
from root_env.engine import machine as M
from root_env.records import RecordError
from root_env.scenario import Scenario

MIX = ("lizards", "marquise", "eyrie")


def test_draw_bonus_printing_option_reaches_the_engine_and_the_record():
    g = Game.new(MIX, seed=3, lizard_draw_bonus="first_printing")
    assert g.state[OPTIONS + O_LZ_FIRST_PRINTING] == 1
    assert Game.new(MIX, seed=3).state[OPTIONS + O_LZ_FIRST_PRINTING] == 0
    for _ in range(30):
        g.apply(int(g.legal_actions()[-1]))
    h = Game.from_record(g.to_record())
    assert np.array_equal(h.state, g.state)
    rec = Game.new(MIX, seed=3).to_record()
    del rec["options"]["lizard_draw_bonus"]  # records written before the option replay as "current"
    assert Game.from_record(rec).state[OPTIONS + O_LZ_FIRST_PRINTING] == 0


@pytest.mark.parametrize("bad", ["first", "", None, 2, True])
def test_bad_draw_bonus_printing_is_refused(bad):
    with pytest.raises(RootError, match="lizard_draw_bonus"):
        Game.new(MIX, lizard_draw_bonus=bad)
    from root_env.pettingzoo_env import raw_env
    with pytest.raises(ValueError, match="lizard_draw_bonus"):
        raw_env(MIX, lizard_draw_bonus=bad)
    rec = Game.new(MIX, seed=1).to_record()
    rec["options"]["lizard_draw_bonus"] = bad
    with pytest.raises(RecordError, match="lizard_draw_bonus"):
        Game.from_record(rec)


@pytest.mark.parametrize("k", [1, 4])
def test_study_option_start_acolytes_moves_warriors_from_supply_to_the_acolytes_box(k):
    # Law 10.3 places no acolyte; the option (a balance-study "what if") starts the Cult with k of its 25 warriors there.
    law, buffed = Game.new(MIX, seed=5), Game.new(MIX, seed=5, lizard_start_acolytes=k)
    assert law.state[LZ_ACOLYTES] == 0 and buffed.state[LZ_ACOLYTES] == k
    assert buffed.state[SUPPLY_WARRIORS + LIZARDS] == law.state[SUPPLY_WARRIORS + LIZARDS] - k
    diff = np.flatnonzero(law.state != buffed.state)   # nothing else differs: same cards, same draws
    assert set(diff) == {LZ_ACOLYTES, SUPPLY_WARRIORS + LIZARDS}
    assert buffed.to_dict()["lizards"]["acolytes"] == k
    for _ in range(40):
        buffed.apply(int(buffed.legal_actions()[0]))
    rec = buffed.to_record()
    assert rec["options"]["lizard_start_acolytes"] == k and "lizard_start_acolytes" not in law.to_record()["options"]
    assert np.array_equal(Game.from_record(rec).state, buffed.state)
    assert Game.new(MIX, seed=5, lizard_start_acolytes="1").state[LZ_ACOLYTES] == 1   # as a study names it


@pytest.mark.parametrize("bad", [-1, 5, 1.0, True, "one", None])
def test_bad_start_acolytes_are_refused(bad):
    with pytest.raises(RootError, match="lizard_start_acolytes"):
        Game.new(MIX, lizard_start_acolytes=bad)
    rec = Game.new(MIX, seed=1).to_record()
    rec["options"]["lizard_start_acolytes"] = bad if bad is not None else "1"
    with pytest.raises(RecordError, match="lizard_start_acolytes"):
        Game.from_record(rec)


def test_start_acolytes_without_the_cult_are_refused():
    with pytest.raises(RootError, match="Lizard Cult, which is not seated"):
        Game.new(("marquise", "eyrie"), lizard_start_acolytes=1)
    from agents.arena import play_games
    with pytest.raises(RootError, match="Lizard Cult, which is not seated"):
        play_games(1, ("marquise", "eyrie"), lizard_start_acolytes=1)


@pytest.mark.parametrize("printing,draws", [("current", 1 + 1), ("first_printing", 1)])
def test_law_10_6_3_draw_bonus_spaces_by_printing(printing, draws):
    """Two rabbit gardens uncover the rabbit draw icon on the current board (2nd space); the first
    printing puts it on the 3rd space."""
    sc = Scenario(MIX)
    sc.game._options = None
    s = sc.state
    s[OPTIONS + O_LZ_FIRST_PRINTING] = 1 if printing == "first_printing" else 0
    rabbit = [c for c in range(NC) if CLEARING_SUIT[c] == RABBIT][:2]
    for c in rabbit:
        sc.building("garden_rabbit", c + 1)
    g = sc.start("lizards", "lizards_evening")
    while g.active == "lizards" and g.phase == "evening" and g.decision == "cult: craft":
        g.apply(0)  # stop crafting: the draw follows
    assert int(g.state[HAND_N + LIZARDS]) == draws


def _at_ritual_where():
    """The Cult has revealed a fox card to build a garden and must now choose where."""
    fox_card = int(np.flatnonzero(CARD_SUIT == FOX)[0])
    sc = Scenario(MIX).hand("lizards", [fox_card])
    fox = int(np.flatnonzero((CLEARING_SUIT == FOX) & (CLEARING_SLOTS - CLEARING_RUIN >= 2))[0])
    sc.building("garden_fox", fox + 1)
    g = sc.start("lizards", "lizards_daylight")
    g.apply(A_OPT + OPT_BUILD)
    g.apply(A_CARD + fox_card)  # reveal the card
    assert g.decision == "ritual: where"
    return g


def test_forged_cult_registers_are_refused_by_the_validator():
    g = _at_ritual_where()
    from root_env.engine.validate import state_problem
    assert state_problem(g.state) is None
    s = g.state.copy()
    s[REG + R_LZ_CARD] = -1
    assert "R_LZ" in state_problem(s)
    s = g.state.copy()
    s[REG + R_LZ_RITUAL] = OPT_CONSPIRACY
    assert "R_LZ" in state_problem(s)
    s = g.state.copy()
    s[PC] = M.PC_LZ_CONVERT_WHOM
    s[REG + R_LZ_TARGET] = -1
    assert "R_LZ" in (state_problem(s) or "")


def test_scenario_refuses_bad_cult_settings():
    sc = Scenario(MIX)
    with pytest.raises(RootError, match="Outcast"):
        sc.outcast("bird")
    with pytest.raises(RootError, match="25 warriors"):
        sc.acolytes(26)
    with pytest.raises(RootError, match="acolytes"):
        sc.acolytes(-1)
