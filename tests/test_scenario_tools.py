"""The tools a rules tester needs (issue 31, section 3): chosen battle dice (``Scenario.dice``, ``Game.dice``), who
rules a clearing and why (``Game.rules``), entry points (a turn's start, a turn's end, a faction's Evening draw), a
bot's turn one step at a time (``Scenario.start(paused=True)``, ``Game.bot_step``, ``Game.resume``) with its order
card, Loyal Viziers and difficulty setup set by the scenario, the scenario's checks, a scenario's record
(``Game.log``), crafting pieces used, a short supply, and ``rules_helpers.bot_log``."""
from __future__ import annotations

import numpy as np
import pytest

from root_env import codes as K
from root_env.data import CLEARING_SLOTS, NF
from root_env.engine.botlog import EV_BATTLE
from root_env.errors import RootError, ScenarioError, IllegalActionError, RecordError
from root_env.game import Game
from root_env.layout import DICE, DICE_N, N_DICE, REG, R_B_ROLL_ATT, R_B_ROLL_DEF, ORDER_CARD, CRAFT_USED
from root_env.scenario import Scenario, card_id
from rules_helpers import (bot_log, card, cl, do, faction, finish_hits, hand_n, legal, opt, sc4, supply, warriors,
                           FACTION)

ANVIL = ("Anvil", "fox")


def rolls(g: Game) -> tuple[int, int]:
    return int(g.state[REG + R_B_ROLL_ATT]), int(g.state[REG + R_B_ROLL_DEF])


def marquise_battles(sc: Scenario, n: int = 5) -> Game:
    """The Marquise's Daylight: battle the Eyrie in clearing n, to the end of the hits."""
    g = sc.start("marquise", at="marquise_actions")
    do(g, opt(K.OPT_BATTLE), cl(n), faction("eyrie"))
    finish_hits(g)
    return g


# ------------------------------------------------------------------ dice
def test_dice_the_chosen_roll_is_dealt_by_law_4_3_2():
    sc = Scenario(("marquise", "eyrie"), seed=1)
    sc.warriors("marquise", 5, 3).warriors("eyrie", 5, 3).dice(3, 1)
    g = marquise_battles(sc)
    assert rolls(g) == (3, 1)
    assert warriors(g, "eyrie", 5) == 0 and warriors(g, "marquise", 5) == 2
    assert int(g.state[DICE_N]) == 0  # used once


@pytest.mark.parametrize("faces", [(0, 0), (2, 0), (3, 3), (1, 2)])
def test_dice_the_higher_die_goes_to_the_attacker_whatever_the_order(faces):
    """The two dice are dealt by the rules (Law 4.3.2), not by the order they are given in."""
    sc = Scenario(("marquise", "eyrie"), seed=2)
    sc.warriors("marquise", 5, 3).warriors("eyrie", 5, 3).dice(*faces)
    g = marquise_battles(sc)
    assert rolls(g) == (max(faces), min(faces))


def test_dice_queue_first_in_first_out_then_random_again():
    sc = Scenario(("marquise", "eyrie"), seed=1)
    sc.warriors("marquise", 5, 3).warriors("eyrie", 5, 3).warriors("marquise", 1, 3).warriors("eyrie", 1, 3)
    sc.dice(2, 0).dice(1, 1)
    g = sc.start("marquise", at="marquise_actions")
    do(g, opt(K.OPT_BATTLE), cl(5), faction("eyrie"))
    finish_hits(g)
    assert rolls(g) == (2, 0) and int(g.state[DICE_N]) == 1
    do(g, opt(K.OPT_BATTLE), cl(1), faction("eyrie"))
    finish_hits(g)
    assert rolls(g) == (1, 1) and int(g.state[DICE_N]) == 0
    assert warriors(g, "eyrie", 5) == 1 and warriors(g, "marquise", 5) == 3
    assert warriors(g, "eyrie", 1) == 2 and warriors(g, "marquise", 1) == 2


def test_game_dice_in_a_game_under_way_is_recorded_and_replayed():
    sc = Scenario(("marquise", "eyrie"), seed=1)
    sc.warriors("marquise", 5, 3).warriors("eyrie", 5, 3)
    g = sc.start("marquise", at="marquise_actions")
    do(g, opt(K.OPT_BATTLE), cl(5))
    assert g.dice(3, 2) is g
    do(g, faction("eyrie"))
    finish_hits(g)
    assert rolls(g) == (3, 2)
    rec = g.to_record()
    assert rec["dice"] == [[2, 3, 2]] and "start" in rec
    h = Game.from_record(rec)
    assert (h.state == g.state).all() and h.to_record() == rec
    text = g.log()
    assert "battle" in text and "clearing 5" in text


def test_game_dice_refuses_bad_faces_and_a_full_queue_leaving_the_game_unchanged():
    g = Game.new(("marquise", "eyrie"), seed=1)
    before = g.state.copy()
    for bad in (4, -1, 1.5, True, "2"):
        with pytest.raises(RootError, match="die"):
            g.dice(bad, 0)
        with pytest.raises(RootError, match="die"):
            g.dice(0, bad)
    assert (g.state == before).all()
    for _ in range(N_DICE):
        g.dice(1, 0)
    full = g.state.copy()
    with pytest.raises(RootError, match="chosen already"):
        g.dice(1, 0)
    assert (g.state == full).all() and len(g._dice) == N_DICE


def test_a_forged_state_with_chosen_dice_out_of_range_is_refused():
    g = Game.new(("marquise", "eyrie"), seed=1)
    g.dice(3, 0)
    assert (Game.from_state(g.state).state == g.state).all()  # a state with a chosen roll is valid
    for cell, value in ((DICE_N, N_DICE + 1), (DICE_N, -1), (DICE, 4), (DICE + 2 * N_DICE - 1, 7)):
        s = g.state.copy()
        s[cell] = value
        with pytest.raises(RootError, match="DICE"):
            Game.from_state(s)


def test_a_record_with_bad_dice_rows_is_refused():
    g = Game.new(("marquise", "eyrie"), seed=1)
    g.dice(2, 1)
    rec = g.to_record()
    for rows in ([[0, 4, 0]], [[1, 0, 0]], "x", [[0, 1]]):
        with pytest.raises(RecordError, match="dice"):
            Game.from_record({**rec, "dice": rows})


# ------------------------------------------------------------------ rule
def test_rules_names_the_ruler_and_the_reason():
    sc = Scenario(("marquise", "eyrie", "lizards"), seed=1)
    sc.warriors("marquise", 1, 2).warriors("eyrie", 1, 2)                    # tied, the Eyrie among them
    sc.warriors("marquise", 2, 2).warriors("lizards", 2, 2)                  # tied, no Eyrie
    sc.warriors("marquise", 3, 3).building("garden_rabbit", 3)               # a garden
    sc.warriors("marquise", 4, 2).building("sawmill", 4).warriors("eyrie", 4, 2)  # 3 against 2
    g = sc.start("marquise", at="marquise_actions")
    r = g.rules(1)
    assert (r["ruler"], r["reason"], r["law"]) == ("eyrie", "lords of the forest", "7.2.2")
    assert r["counts"] == {"marquise": 2, "eyrie": 2}
    assert (g.rules(2)["ruler"], g.rules(2)["reason"]) == (None, "tie")
    assert (g.rules(3)["ruler"], g.rules(3)["reason"], g.rules(3)["law"]) == ("lizards", "pilgrims", "10.2.4")
    assert (g.rules(4)["ruler"], g.rules(4)["reason"], g.rules(4)["counts"]) == ("marquise", "most pieces",
                                                                                {"marquise": 3, "eyrie": 2})
    assert (g.rules(5)["ruler"], g.rules(5)["reason"]) == (None, "empty")
    for bad in (0, 13, "1", 2.0):
        with pytest.raises(RootError, match="clearing"):
            g.rules(bad)


def test_rules_with_mercenaries():
    sc = Scenario(("marquise", "eyrie", "riverfolk"), seed=1)
    sc.warriors("marquise", 5, 1).warriors("riverfolk", 5, 2).warriors("eyrie", 5, 2).bought("mercenaries")
    g = sc.start("marquise", at="marquise_actions")
    r = g.rules(5)
    assert (r["ruler"], r["reason"], r["law"], r["mercenaries"]) == ("marquise", "mercenaries", "11.2.7.III",
                                                                     "marquise")
    assert r["counts"] == {"marquise": 3, "eyrie": 2}


def test_to_dict_names_the_lost_souls_and_the_available_dominance_cards():
    sc = Scenario(("marquise", "eyrie", "lizards", "vagabond"), seed=1)
    sc.lost_souls([ANVIL]).available_dominance(("Dominance", "fox"))
    d = sc.start("marquise", at="marquise_actions").to_dict()
    assert d["lost_souls"] == ["Anvil (fox)"] and d["available_dominance"] == ["Dominance (fox)"]


# ------------------------------------------------------------------ entry points
def test_entry_turn_start_begins_the_turn_from_its_start():
    sc = Scenario(("marquise", "eyrie"), seed=1)
    sc.warriors("marquise", 1, 1).building("sawmill", 1).crafting_used(fox=1)
    g = sc.start("marquise", at="turn_start", turn=4)
    assert g.turn == 4 and g.active == "marquise"
    assert int(g.state[CRAFT_USED]) == 0  # the turn's reset ran
    assert g.to_dict()["clearings"][0]["tokens"] == ["wood"]  # Law 6.4.1: Birdsong wood at the sawmill


def test_entry_turn_end_gives_the_next_player_its_turn():
    sc = Scenario(("marquise", "eyrie", "alliance"), seed=1)
    g = sc.start("marquise", at="turn_end", turn=2)
    assert g.active == "eyrie" and g.turn == 3


def test_entry_evening_draw_skips_the_steps_before_the_draw():
    sc = sc4()
    sc.officers(2).warriors("alliance", 1, 2).warriors("marquise", 1, 1)
    g = sc.start("alliance", at="evening_draw")
    assert hand_n(g, "alliance") == 1  # Law 8.6.2: one card, no base: no military operation offered first
    assert g.active == "vagabond"
    sc = Scenario(("marquise", "eyrie"), seed=1)
    g = sc.start("marquise", at="evening_draw")
    assert hand_n(g, "marquise") == 1 and g.active == "eyrie"
    with pytest.raises(ScenarioError, match="evening"):
        Scenario(("marquise", "eyrie"), seed=1).start("eyrie", at="evening_draw")


# ------------------------------------------------------------------ a bot's turn step by step
def _mechanical_marquise(paused=True) -> Game:
    sc = Scenario(("bot:mechanical_marquise", "eyrie"), seed=1)
    sc.warriors("marquise", 1, 4).warriors("eyrie", 1, 2).building("sawmill", 1)
    sc.order_card("marquise", ("Ambush!", "fox")).dice(3, 0)
    return sc.start("marquise", at="daylight", paused=paused)


def test_bot_step_runs_a_bots_turn_one_thing_at_a_time():
    g = _mechanical_marquise()
    assert g.legal_actions().size == 0 and g.current_player is None  # paused: nothing to decide
    assert int(g.state[ORDER_CARD + FACTION["marquise"]]) == card_id(("Ambush!", "fox"))
    with pytest.raises(IllegalActionError, match="paused"):
        g.apply(0)
    first = g.bot_step()
    assert len(first) == 1 and first[0].startswith("Mechanical Marquise battles the Eyrie in clearing 1")
    assert warriors(g, "eyrie", 1) == 0 and warriors(g, "marquise", 1) == 4  # the chosen roll: 3 and 0
    assert bot_log(g, EV_BATTLE) and bot_log(g)[-1][0] == EV_BATTLE  # with no kind: the kind first
    second = g.bot_step()
    assert len(second) == 1 and "recruits" in second[0]
    steps = [first, second]
    while g._paused:
        steps.append(g.bot_step())
    assert g.active == "eyrie" and g.current_player == "eyrie"  # the bot's turn ended; the Eyrie decide
    whole = _mechanical_marquise(paused=False)  # the same turn at once: the same things done
    assert whole.bot_events() == [x for s in steps for x in s]
    do(g, int(g.legal_actions()[0]))
    with pytest.raises(RootError, match="paused"):
        g.bot_step()


def test_resume_runs_a_paused_game_to_its_next_decision():
    g = _mechanical_marquise().resume()
    h = _mechanical_marquise(paused=False)
    assert (g.state == h.state).all() and g.current_player == "eyrie"
    with pytest.raises(RootError, match="not paused"):
        g.resume()
    do(g, int(g.legal_actions()[0]))
    assert Game.from_record(g.to_record()).to_record() == g.to_record()


def test_order_card_viziers_and_bird_ambush_of_the_electric_eyrie():
    sc = Scenario(("marquise", "bot:electric_eyrie:challenging"), seed=1)
    bird = sc.start("marquise", at="marquise_actions").to_dict()["eyrie"]["decree"]["bird"]
    # seed 004 Challenging setup: two bird cards of the deck, then a bird Ambush; no Loyal Vizier (those are the Law's)
    assert len(bird) == 3 and bird.count("Ambush! (bird)") == 1 and "Loyal Vizier" not in bird
    sc = Scenario(("marquise", "bot:electric_eyrie:challenging"), seed=1, bot_rules="law")
    bird = sc.start("marquise", at="marquise_actions").to_dict()["eyrie"]["decree"]["bird"]
    assert bird.count("Loyal Vizier") == 2 and bird.count("Ambush! (bird)") == 1  # the Law of Rootbotics' setup
    sc = Scenario(("marquise", "bot:electric_eyrie:challenging"), seed=1, bot_rules="law").bird_ambush(False).viziers(1)
    bird = sc.start("marquise", at="marquise_actions").to_dict()["eyrie"]["decree"]["bird"]
    assert bird == ["Loyal Vizier"]
    sc = Scenario(("marquise", "bot:electric_eyrie"), seed=1)
    assert "Ambush! (bird)" not in sc.start("marquise", at="marquise_actions").to_dict()["eyrie"]["decree"]["bird"]
    sc = Scenario(("marquise", "bot:electric_eyrie"), seed=1).order_card("eyrie", ANVIL).order_card("eyrie", ("Anvil", "fox"))
    g = sc.start("eyrie", at="daylight", paused=True)
    assert g.to_dict()["bots"]["eyrie"]["order_card"] == "Anvil (fox)"
    with pytest.raises(ScenarioError, match="bot"):
        Scenario(("marquise", "eyrie"), seed=1).order_card("marquise", ANVIL)
    with pytest.raises(ScenarioError, match="0, 1 or 2"):
        Scenario(("marquise", "bot:electric_eyrie"), seed=1).viziers(3)


# ------------------------------------------------------------------ checks, record, counters
def test_scenario_checks_building_slots_and_the_keep():
    n = int(CLEARING_SLOTS[0])
    with pytest.raises(ScenarioError, match="building slot"):
        Scenario(("marquise", "eyrie"), seed=1).building("sawmill", 1, n + 1).start("marquise")
    with pytest.raises(ScenarioError, match="building slot"):
        Scenario(("marquise", "eyrie"), seed=1).building("sawmill", 6, int(CLEARING_SLOTS[5])).start("marquise")
    with pytest.raises(ScenarioError, match="keep"):
        Scenario(("marquise", "corvids"), seed=1).token("keep", 1).plot("snare", 1).start("marquise")
    with pytest.raises(ScenarioError, match="keep"):
        Scenario(("marquise", "eyrie"), seed=1).token("keep", 1).building("roost", 1).start("marquise")
    Scenario(("marquise", "eyrie"), seed=1).token("keep", 1).warriors("eyrie", 1, 3).start("marquise")  # moved in


def test_a_scenario_game_has_a_record_and_a_log():
    sc = Scenario(("marquise", "eyrie"), seed=1)
    sc.warriors("marquise", 5, 3).warriors("eyrie", 5, 3).dice(2, 1)
    g = marquise_battles(sc)
    rec = g.to_record()
    assert Game.from_record(rec).to_record() == rec
    assert "clearing 5" in g.log()
    bad = dict(rec, options=dict(rec["options"], factions=["marquise", "alliance"]))
    with pytest.raises(RecordError, match="start"):
        Game.from_record(bad)


def test_crafting_used_a_riverfolk_trade_posts_track_space():
    """A used Trade Posts track space (11.5.3): the only empty fox space was used this turn, so Anvil cannot
    be crafted."""
    sc = Scenario(("marquise", "riverfolk"), seed=1)
    sc.funds("riverfolk", 3).hand("riverfolk", [ANVIL]).trade_post(1)
    assert card(ANVIL) in legal(sc.start("riverfolk", at="riverfolk_daylight"))
    sc = Scenario(("marquise", "riverfolk"), seed=1)
    sc.funds("riverfolk", 3).hand("riverfolk", [ANVIL]).trade_post(1).crafting_used(fox=1)
    g = sc.start("riverfolk", at="riverfolk_daylight")
    assert card(ANVIL) not in legal(g) and int(g.state[CRAFT_USED]) == 1
    with pytest.raises(ScenarioError, match="fox, rabbit or mouse"):
        sc.crafting_used(bird=1)


def test_supply_leaves_the_corvids_a_short_supply():
    sc = Scenario(("marquise", "corvids"), seed=1).warriors("corvids", 12, 2).supply("corvids", 1, at=12)
    g = sc.start("marquise", at="marquise_actions")
    assert supply(g, "corvids") == 1 and warriors(g, "corvids", 12) == 14
    with pytest.raises(ScenarioError, match="supply"):
        sc.supply("corvids", 2, at=12)


def test_bot_log_strips_the_kind_of_one_kind_only():
    g = _mechanical_marquise(paused=False)
    rows = bot_log(g)
    assert rows and all(len(r) == 4 for r in rows) and rows[0][0] == EV_BATTLE
    assert bot_log(g, EV_BATTLE) == [r[1:] for r in rows if r[0] == EV_BATTLE]


def test_determinize_drops_a_chosen_roll_with_the_rest_of_the_dice():
    g = Game.new(("marquise", "eyrie"), seed=1).dice(3, 0)
    h = g.determinize("marquise", seed=2)
    assert int(h.state[DICE_N]) == 0 and int(g.state[DICE_N]) == 1
