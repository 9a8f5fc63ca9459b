"""Law of Root, section 14 (Lord of the Hundreds), from shared/reference/law_of_root_2024.md, with the numbers and
readings of docs/rules.md (Lord of the Hundreds): each rule checked through the action space, and how the shared
mechanism meets the faction (battle, removal, movement, crafting).

Readings tested here (docs/rules.md, Readings):
- The Hoard's tracks: Command holds boots, bags and coins, Prowess hammers, tea, swords and crossbows (the Law's
  official text and haunt-roll-fail; the project's transcription swaps coins and crossbow); Stubborn shows the
  crossbow, Rowdy the coins, for the same reason.
- In battle the warlord is the last Hundreds warrior removed in its clearing.
- Moving from the warlord's clearing in their own turn, the Hundreds say whether the warlord goes (Command); in
  Advance the Warlord it always goes.

Clearings are named by their printed number 1..12 (Autumn map): fox 1 6 8 12, rabbit 3 4 5 10, mouse 2 7 9 11;
ruins in 6 10 11 12; corners 1-3 and 2-4 opposite. Adjacency: 1: 5 9 10; 2: 5 6 10; 3: 6 7 11; 4: 8 9 12; 5: 1 2;
6: 2 3 11; 7: 3 8 12; 8: 4 7; 9: 1 4 12; 10: 1 2 12; 11: 3 6 12; 12: 4 7 9 10 11.
"""
from __future__ import annotations

import base64
import hashlib
import json
from pathlib import Path

import numpy as np
import pytest

from root_env import codes as K
from root_env.data import (HUNDREDS, BT_STRONGHOLD, TT_MOB, ITEM_NAMES, MOOD_NAMES, NC, HD_WARRIORS, NITEM)
from root_env.engine import invariants
from root_env.engine.board import remove_warriors
from root_env.errors import RecordError
from root_env.engine.machine import PC_HD_BUILD_CARD
from root_env.engine.validate import state_problem
from root_env.game import Game
from root_env.layout import (HD_WARLORD, HD_MOOD, HD_HOARD, TOKENS, BUILDINGS, ITEM_BOX, RUIN_ITEM, RUINS,
                             CRAFTED_ITEMS, HD_GAINED, HD_ROLL, PC, FORMAT_VERSION, STATE_SIZE, WARRIORS, REG, R_ARG2)
from root_env.scenario import Scenario
from rules_helpers import cl, opt, card, do, legal, clearings_offered, vp, warriors, supply, item, hand_n

H = "hundreds"
MOOD = {m: K.OPT_MOOD + i for i, m in enumerate(MOOD_NAMES)}


def hoard(g, name):
    return int(g.state[HD_HOARD + ITEM_NAMES.index(name)])


def mobs(g, n):
    return int(g.state[TOKENS + TT_MOB * NC + n - 1])


def strongholds(g, n):
    return int(g.state[BUILDINGS + BT_STRONGHOLD * NC + n - 1])


def lord(g):
    return int(g.state[HD_WARLORD]) + 1  # printed clearing, 0: off the map


def sc(*others, seed=0):
    return Scenario((H,) + (others or ("marquise",)), seed=seed)


# ---------------------------------------------------------------- 14.3 setup
def test_law_14_3_2_setup_diagonally_opposite_with_warlord_four_warriors_stronghold_stubborn():
    g = Game.new(["marquise", H], seed=3)
    while g.current_player != H:  # the Marquise sets up first (A); the Hundreds last
        g.apply(int(g.legal_actions()[0]))
    keep = next(c for c in range(NC) if g.state[TOKENS + 1 * NC + c]) + 1
    opposite = {1: 3, 3: 1, 2: 4, 4: 2}[keep]
    assert g.decision == "setup: hundreds corner" and clearings_offered(g) == {opposite}
    do(g, cl(opposite))
    assert lord(g) == opposite and warriors(g, H, opposite) == 5 and strongholds(g, opposite) == 1
    assert supply(g, H) == HD_WARRIORS - 4  # the warlord never was in the supply (14.3.1)
    assert MOOD_NAMES[g.state[HD_MOOD]] == "stubborn"  # 14.3.4
    assert sum(int(g.state[RUIN_ITEM + c] >= 0) for c in range(NC)) == 4  # 14.3.3: nobody had placed them


# ---------------------------------------------------------------- 14.2 faction rules
def test_law_14_2_2_warlord_is_not_removed_outside_battle():
    s = sc().warriors(H, 5, 2).warlord(5)
    g = s.game
    assert remove_warriors(g.state, HUNDREDS, 4, 10) == 2  # clearing 5 (index 4): only the two warriors go
    assert lord(g) == 5 and warriors(g, H, 5) == 1


def test_law_14_2_2_warlord_removed_last_in_battle_and_not_to_supply():
    s = sc().warriors(H, 5, 1).warlord(5).warriors("marquise", 5, 3).dice(3, 0)
    g = s.start("marquise", "marquise_actions")
    before = supply(g, H)
    do(g, opt(K.OPT_BATTLE), cl(5), K.A_FACTION + HUNDREDS)
    while g.decision in ("battle effects",):
        do(g, K.A_DONE)
    assert warriors(g, H, 5) == 0 and lord(g) == 0
    assert supply(g, H) == before + 1  # the warrior; the warlord waits for Anoint (14.4.3)


def test_law_14_2_2_warlord_moves_only_when_the_hundreds_say_so():
    s = sc().warriors(H, 1, 2).warlord(1).mood("bitter")
    g = s.start(H, "hundreds_command")
    do(g, opt(K.OPT_MOVE), cl(1), cl(5))
    assert g.decision == "move: with the warlord?"
    do(g, K.A_DONE)
    assert {a - K.A_COUNT + 1 for a in legal(g)} == {1, 2}  # the two warriors, not the warlord
    do(g, K.A_COUNT + 1)
    assert lord(g) == 1 and warriors(g, H, 1) == 1 and warriors(g, H, 5) == 2


def test_law_14_2_2_vagabond_cannot_strike_the_warlord():
    s = sc("vagabond").warriors(H, 5, 0).warlord(5).vagabond(at=5).vb_items(crossbow=1)
    g = s.start("vagabond", "vagabond_actions")
    assert opt(K.OPT_STRIKE) not in legal(g)


def test_law_14_2_3_contempt_for_trade_item_or_victory_points():
    for choice in (K.OPT_KEEP_ITEM, K.OPT_SCORE):
        s = sc().warriors(H, 1, 1).warlord(1).building("stronghold", 1).hand(H, [("Anvil", "fox")])
        g = s.start(H, "hundreds_craft")
        do(g, card("Anvil", "fox"))
        assert g.decision == "contempt for trade"
        do(g, opt(choice))
        if choice == K.OPT_KEEP_ITEM:
            assert hoard(g, "hammer") == 1 and vp(g, H) == 0
        else:
            assert hoard(g, "hammer") == 0 and vp(g, H) == 2
            assert g.state[ITEM_BOX + ITEM_NAMES.index("hammer")] >= 1  # removed permanently


def test_law_14_2_4_II_command_and_prowess_from_items_on_the_tracks():
    from root_env.engine.factions.hundreds import command, prowess
    for n, value in ((0, 1), (1, 2), (2, 2), (3, 3), (4, 4)):
        s = sc().hoard(boot=min(n, 2), bag=max(0, n - 2), sword=min(n, 2), tea=max(0, n - 2))
        assert command(s.state) == value and prowess(s.state) == value
    s = sc().hoard(coins=2, crossbow=1)  # coins on Command, the crossbow on Prowess (docs/rules.md)
    assert command(s.state) == 2 and prowess(s.state) == 2


def test_law_14_2_4_I_full_track_removes_an_item_and_scores_one():
    s = (sc().warriors(H, 1, 1).warlord(1).building("stronghold", 1).hoard(boot=2, bag=1, coins=1)
         .hand(H, [("A Visit to Friends", "rabbit")]).building("stronghold", 3).warriors(H, 3, 1))
    g = s.start(H, "hundreds_craft")
    do(g, card("A Visit to Friends", "rabbit"), opt(K.OPT_KEEP_ITEM))
    assert g.decision == "hoard full: remove item"
    assert legal(g) == {item("boot"), item("bag"), item("coins")}
    do(g, item("bag"))
    assert hoard(g, "boot") == 3 and hoard(g, "bag") == 0 and vp(g, H) == 1


def test_law_14_2_5_looters_deal_no_rolled_hits_and_take_an_item():
    s = (sc().warriors(H, 5, 3).warlord(5).warriors("marquise", 5, 1).crafted("marquise", ("Anvil", "fox"))
         .dice(3, 0).mood("bitter"))
    s.state[CRAFTED_ITEMS + 0 * NITEM + ITEM_NAMES.index("hammer")] = 1
    s.state[ITEM_BOX + ITEM_NAMES.index("hammer")] -= 1
    g = s.start(H, "hundreds_command")
    do(g, opt(K.OPT_BATTLE), cl(5), K.A_FACTION + 0)
    assert g.decision == "loot?"
    do(g, opt(K.OPT_LOOT))
    while g.decision == "battle effects":
        do(g, K.A_DONE)
    assert warriors(g, "marquise", 5) == 1  # no rolled hit dealt
    assert g.decision == "loot: which item"
    do(g, item("hammer"))
    assert hoard(g, "hammer") == 1


# ---------------------------------------------------------------- 14.4 Birdsong
def test_law_14_4_1_raze_removes_enemy_buildings_and_tokens_takes_ruin_item_and_spreads():
    s = (sc().warriors(H, 6, 1).warlord(6).token("mob", 6).building("sawmill", 6).token("wood", 6)
         .ruin_item(6, "bag"))
    g = s.start(H, "hundreds_raze")
    assert g.state[BUILDINGS + 0 * NC + 5] == 0 and g.state[TOKENS + 0 * NC + 5] == 0
    assert vp(g, H) == 2 and hoard(g, "bag") == 1 and g.state[RUINS + 5] == 0  # the emptied ruin is removed
    if g.decision == "mob: where":  # the mob die rolled a suit with a clearing next to clearing 6
        assert clearings_offered(g) <= {2, 3, 11}


def test_law_14_4_2_recruit_prowess_at_the_warlord_and_one_per_stronghold():
    s = sc().warriors(H, 1, 0).warlord(1).building("stronghold", 3).building("stronghold", 5, 2).hoard(sword=3)
    g = s.start(H, "hundreds_recruit")
    assert warriors(g, H, 1) == 1 + 3 and warriors(g, H, 3) == 1 and warriors(g, H, 5) == 2


def test_law_14_4_3_anoint_replaces_a_hundreds_warrior():
    s = sc().warriors(H, 7, 2).warlord(None)
    g = s.start(H, "hundreds_recruit")
    assert g.decision == "anoint: where" and clearings_offered(g) == {7}
    n = supply(g, H)
    do(g, cl(7))
    assert lord(g) == 7 and warriors(g, H, 7) == 2 and supply(g, H) == n + 1


def test_law_14_4_4_choose_a_different_mood_showing_no_hoard_item():
    s = sc().warriors(H, 1, 0).warlord(1).hoard(hammer=1, crossbow=1).mood("rowdy")
    g = s.start(H, "hundreds_recruit")
    assert g.decision == "hundreds: mood"
    offered = {MOOD_NAMES[a - K.A_OPT - K.OPT_MOOD] for a in legal(g)}
    assert offered == {"grandiose", "jubilant", "lavish", "relentless", "wrathful"}  # not rowdy, bitter, stubborn


# ---------------------------------------------------------------- 14.5 Daylight
def test_law_14_5_2_command_the_hundreds_up_to_command_times_and_build_a_stronghold():
    s = (sc().warriors(H, 1, 3).warlord(1).warriors(H, 5, 1).hand(H, [("Bake Sale", "rabbit")]).hoard(boot=1)
         .mood("bitter"))
    g = s.start(H, "hundreds_command")
    do(g, opt(K.OPT_BUILD))
    assert clearings_offered(g) == {5}  # rabbit clearing the Hundreds rule, with a matching card
    do(g, cl(5), card("Bake Sale", "rabbit"))
    assert strongholds(g, 5) == 1
    do(g, opt(K.OPT_MOVE), cl(5), cl(1), K.A_COUNT + 0)
    assert g.decision == "command the hundreds" and legal(g) == {K.A_DONE}  # Command 2: both actions used


def test_law_14_5_3_advance_the_warlord_moves_it_with_warriors_then_battles():
    s = sc().warriors(H, 1, 2).warlord(1).warriors("marquise", 5, 1).mood("bitter").dice(3, 0)
    g = s.start(H, "hundreds_advance")
    assert legal(g) == {opt(K.OPT_MOVE), K.A_DONE}
    do(g, opt(K.OPT_MOVE), cl(5), K.A_COUNT + 2)  # three: the warlord and its two warriors
    assert lord(g) == 5 and warriors(g, H, 5) == 3
    assert legal(g) == {opt(K.OPT_BATTLE), K.A_DONE}  # battle in the warlord's clearing, or end the Advance
    do(g, opt(K.OPT_BATTLE), K.A_FACTION + 0)
    while g.decision == "battle effects":
        do(g, K.A_DONE)
    assert warriors(g, "marquise", 5) == 0
    assert g.decision == "advance the warlord" and legal(g) == {K.A_DONE}  # Prowess 1: one Advance


# ---------------------------------------------------------------- 14.6 Evening
def test_law_14_6_1_incite_spends_a_card_for_a_mob_where_a_hundreds_warrior_is():
    s = sc().warriors(H, 5, 1).warlord(1).hand(H, [("Bake Sale", "rabbit")]).mood("bitter")
    g = s.start(H, "hundreds_evening")
    assert clearings_offered(g) == {5}  # clearing 1 is fox
    do(g, cl(5), card("Bake Sale", "rabbit"))
    assert mobs(g, 5) == 1


@pytest.mark.parametrize("n,points", [(0, 0), (1, 1), (2, 1), (3, 2), (4, 2), (5, 3), (6, 4), (7, 4)])
def test_law_14_6_2_oppress_scores_by_clearings_ruled_without_enemy_pieces(n, points):
    s = sc().warlord(1).mood("bitter")
    for c in (2, 3, 4, 5, 6, 7)[:max(0, n - 1)]:
        s.warriors(H, c, 1)
    s.warriors(H, 9, 1).warriors("marquise", 9, 1)  # ruled by nobody (a tie)
    s.warriors(H, 10, 2).warriors("marquise", 10, 1)  # ruled, with an enemy piece: not oppressed
    if n == 0:
        s.warlord(None)
    g = s.start(H, "hundreds_evening")
    assert vp(g, H) == points


def test_law_14_6_3_draw_one_card():
    g = sc().warlord(1).mood("bitter").start(H, "evening_draw")
    assert hand_n(g, H) == 1


# ---------------------------------------------------------------- 14.7 moods
def test_law_14_7_1_bitter_turns_mobs_into_warriors_before_the_roll():
    s = (sc().warriors(H, 5, 1).warlord(5).warriors("marquise", 5, 2).token("mob", 5).token("mob", 1)
         .mood("bitter").dice(0, 0))
    g = s.start(H, "hundreds_command")
    do(g, opt(K.OPT_BATTLE), cl(5), K.A_FACTION + 0)
    assert g.decision == "bitter: remove mob" and clearings_offered(g) == {5, 1}
    do(g, cl(1), cl(5))
    assert mobs(g, 1) == 0 and mobs(g, 5) == 0 and warriors(g, H, 5) == 4


def test_law_14_7_2_grandiose_advances_before_commanding():
    s = sc().warriors(H, 1, 1).warlord(1).warriors(H, 5, 1).mood("grandiose")
    g = s.start(H, "hundreds_craft")  # nothing to craft: Daylight goes on at once
    assert g.decision == "advance the warlord"
    do(g, K.A_DONE)
    assert g.decision == "command the hundreds"


def test_law_14_7_3_jubilant_rolls_the_mob_die_after_inciting_at_the_warlord():
    s = sc().warriors(H, 1, 1).warlord(1).hand(H, [("Anvil", "fox")]).mood("jubilant")
    g = s.start(H, "hundreds_evening")
    do(g, cl(1), card("Anvil", "fox"))
    assert g.decision == "jubilant: roll?" and legal(g) == {opt(K.OPT_ROLL), K.A_DONE}
    for _ in range(4):
        if g.decision != "jubilant: roll?":
            break
        do(g, opt(K.OPT_ROLL))
        if g.decision == "mob: where":
            do(g, min(legal(g)))
    assert g.decision != "jubilant: roll?"  # four rolls at most


def test_law_14_7_4_lavish_removes_hoard_items_for_two_warriors_each():
    s = sc().warriors(H, 1, 0).warlord(1).hoard(tea=1, boot=1).mood("stubborn")
    g = s.start(H, "hundreds_recruit")
    do(g, opt(MOOD["lavish"]))
    assert g.decision == "lavish: remove item" and legal(g) == {item("tea"), item("boot"), K.A_DONE}
    n = warriors(g, H, 1)
    do(g, item("tea"))
    assert hoard(g, "tea") == 0 and warriors(g, H, 1) == n + 2


def test_law_14_7_5_relentless_moves_or_battles_once_more_after_both():
    s = sc().warriors(H, 1, 2).warlord(1).warriors("marquise", 5, 1).mood("relentless").dice(3, 0).dice(3, 0)
    g = s.start(H, "hundreds_advance")
    do(g, opt(K.OPT_MOVE), cl(5), K.A_COUNT + 2, opt(K.OPT_BATTLE), K.A_FACTION + 0)
    while g.decision == "battle effects":
        do(g, K.A_DONE)
    assert opt(K.OPT_MOVE) in legal(g)  # Relentless: one more move or battle


def test_law_14_7_6_rowdy_draws_one_more_or_two_with_three_enemy_pieces_at_the_warlord():
    g = sc().warlord(1).mood("rowdy").start(H, "evening_draw")
    assert hand_n(g, H) == 2
    g = sc().warlord(1).warriors("marquise", 1, 2).building("sawmill", 1).mood("rowdy").start(H, "evening_draw")
    assert hand_n(g, H) == 3


def test_law_14_7_7_stubborn_ignores_the_first_hit_in_the_warlords_clearing():
    s = sc().warriors(H, 5, 1).warlord(5).warriors("marquise", 5, 3).dice(1, 0).mood("stubborn")
    g = s.start("marquise", "marquise_actions")
    do(g, opt(K.OPT_BATTLE), cl(5), K.A_FACTION + HUNDREDS)
    while g.decision == "battle effects":
        do(g, K.A_DONE)
    assert warriors(g, H, 5) == 2  # the one hit was ignored


def test_law_14_7_8_wrathful_deals_an_extra_hit_as_attacker_with_the_warlord():
    s = sc().warriors(H, 5, 1).warlord(5).warriors("marquise", 5, 3).dice(1, 0).mood("wrathful")
    g = s.start(H, "hundreds_command")
    do(g, opt(K.OPT_BATTLE), cl(5), K.A_FACTION + 0)
    while g.decision == "battle effects":
        do(g, K.A_DONE)
    assert warriors(g, "marquise", 5) == 1  # one rolled hit and the extra


# ---------------------------------------------------------------- invariants, determinism, loading
MIXES = (["hundreds", "marquise"], ["marquise", "eyrie", "hundreds", "vagabond"],
         ["hundreds", "lizards", "riverfolk", "corvids", "alliance"],
         ["vagabond", "vagabond2", "hundreds", "eyrie", "marquise", "lizards"])


def _random_game(factions, seed, turns=12):
    g = Game.new(factions, seed=seed, max_turns=turns)
    rng = np.random.default_rng(seed)
    while not g.is_over:
        g.apply(int(rng.choice(g.legal_actions())))
        code = invariants.check_state(g.state)
        assert code == 0, (factions, seed, invariants.CHECKS[code])
    return g


def _partial(factions, seed, n=80):
    """A game under way (not over): n random actions."""
    g = Game.new(factions, seed=seed, max_turns=30)
    rng = np.random.default_rng(seed)
    for _ in range(n):
        g.apply(int(rng.choice(g.legal_actions())))
    return g


@pytest.mark.parametrize("seed", range(4))
def test_invariants_hold_in_random_games_with_the_hundreds(seed):
    _random_game(MIXES[seed], seed)


def test_random_mixes_of_two_to_six_factions_with_the_hundreds_keep_invariants():
    rng = np.random.default_rng(11)
    pool = ["marquise", "eyrie", "alliance", "vagabond", "lizards", "riverfolk", "corvids"]
    for k in range(3):
        n = int(rng.integers(1, 6))
        mix = [H] + list(rng.choice(pool, size=n, replace=False))
        _random_game(mix, 100 + k, turns=8)


def test_determinism_same_seed_same_actions_same_state():
    a = _random_game(MIXES[1], 5, turns=6)
    b = Game.from_record(a.to_record())
    assert np.array_equal(a.state, b.state)


def test_records_of_format_10_replay_through_legacy():
    rec = json.loads((Path(__file__).parent / "data" / "records" / "format10_record.json").read_text())
    assert rec["state_format_version"] == 10 and FORMAT_VERSION >= 11  # read through root_env.legacy
    g = Game.from_record(rec)
    assert len(g._actions) == len(rec["actions"])


def _snapshot(state) -> dict:
    raw = np.ascontiguousarray(state, dtype="<i8").tobytes()
    return {"format": "root_env/snapshot", "format_version": 1, "state_format_version": FORMAT_VERSION,
            "state_size": STATE_SIZE, "dtype": "<i8", "state": base64.b64encode(raw).decode("ascii"),
            "sha256": hashlib.sha256(raw).hexdigest()}


@pytest.mark.parametrize("what", ["warlord", "track", "gained", "roll", "absent", "register"])
def test_validator_refuses_malformed_hundreds_regions(what):
    """engine.validate checks every Hundreds region of a loaded state (invariants.hundreds_bad,
    validate.hundreds_registers_bad): a malformed one is refused with a RecordError naming the regions."""
    g = _partial(MIXES[0], 2)
    Game.from_snapshot(_snapshot(g.state))  # the well-formed state loads
    bad = g.state.copy()
    if what == "warlord":
        bad[HD_WARLORD] = next(c for c in range(NC) if bad[WARRIORS + HUNDREDS * NC + c] == 0)
    elif what == "track":
        bad[HD_HOARD + ITEM_NAMES.index("boot")] = 4
        bad[HD_HOARD + ITEM_NAMES.index("bag")] = 1
    elif what == "gained":
        bad[HD_GAINED] = 1
    elif what == "roll":
        bad[HD_ROLL] = 2
    elif what == "register":
        bad[PC] = PC_HD_BUILD_CARD
        bad[REG + R_ARG2] = -1
    else:
        bad = _partial(["marquise", "eyrie"], 2).state.copy()
        bad[HD_MOOD] = 3
    problem = state_problem(bad)
    assert problem is not None, what  # (a forged warlord or Hoard breaks conservation too: that check may speak first)
    if what in ("roll", "absent", "register"):
        assert "HD_" in problem, problem
    with pytest.raises(RecordError):
        Game.from_snapshot(_snapshot(bad))


def test_every_hundreds_decision_refuses_a_bad_value_and_leaves_the_state_as_it_was():
    """Each decision of the Hundreds' (and the shared steps they use) refuses an action that is not legal, or out of
    the action space, with an error naming it, and the state stays byte-identical."""
    seen = set()
    for seed, mix in enumerate(MIXES):
        g = Game.new(mix, seed=seed, max_turns=10)
        rng = np.random.default_rng(seed)
        while not g.is_over:
            if g.current_player == H and g.decision not in seen:
                seen.add(g.decision)
                legal_now = set(int(a) for a in g.legal_actions())
                bad = next(a for a in range(K.N_ACTIONS) if a not in legal_now)
                before = g.state.copy()
                for a in (bad, -1, K.N_ACTIONS):
                    with pytest.raises(ValueError):
                        g.apply(a)
                    assert np.array_equal(g.state, before)
            g.apply(int(rng.choice(g.legal_actions())))
    assert {"hundreds: mood", "command the hundreds", "advance the warlord", "incite: where"} <= seen


def test_law_14_4_1_a_mob_lost_to_a_hit_is_the_mob_token():
    """Law 4.3.3: the Hundreds choose which building or token a hit removes; a mob (the token type after the Corvids'
    plots) is removed as itself, never read as a plot."""
    s = sc("marquise").building("stronghold", 5).token("mob", 5).warriors("marquise", 5, 3).dice(0, 0)
    g = s.start("marquise", "marquise_actions")
    do(g, opt(K.OPT_BATTLE), cl(5), K.A_FACTION + HUNDREDS)
    while g.decision == "battle effects":
        do(g, K.A_DONE)
    assert g.decision == "remove piece (hits)"  # one hit (defenseless), two kinds of pieces
    from rules_helpers import piece
    do(g, piece("mob"))
    assert mobs(g, 5) == 0 and strongholds(g, 5) == 1
    assert invariants.check_state(g.state) == 0


# ---------------------------------------------------------------- how the shared mechanism meets the warlord (14.2.2)
def test_law_14_2_2_favor_revolt_and_bomb_remove_all_of_the_hundreds_but_the_warlord():
    """The one removal of every enemy piece in a clearing (``board.remove_all_enemies``: a Favor card 4.1.2, the
    Alliance's and the Automated Alliance's Revolt 8.4.1, a bomb 13.7.1, the Vagabond characters' abilities) takes the
    Hundreds' warriors, stronghold and mob there, and never the warlord, which is removed only in battle."""
    from root_env.data import MARQUISE
    from root_env.engine.board import remove_all_enemies
    s = sc().warriors(H, 5, 3).warlord(5).building("stronghold", 5).token("mob", 5).warriors(H, 2, 2)
    g = s.game
    remove_all_enemies(g.state, MARQUISE, 4)
    assert lord(g) == 5 and warriors(g, H, 5) == 1 and strongholds(g, 5) == 0 and mobs(g, 5) == 0
    assert warriors(g, H, 2) == 2  # another clearing untouched


def test_law_14_2_2_tax_collector_never_offers_the_warlord():
    """Tax Collector (the Hundreds' own crafted card) removes one of their warriors outside battle: a clearing where
    the warlord stands alone is not offered; one with another warrior is, and the warlord stays."""
    s = sc().warriors(H, 5, 0).warlord(5).crafted(H, ("Tax Collector", "fox"))
    g = s.start(H, "hundreds_command")
    assert opt(K.OPT_TAX_COLLECTOR) not in legal(g)
    s = sc().warriors(H, 5, 1).warlord(5).warriors(H, 2, 1).crafted(H, ("Tax Collector", "fox"))
    g = s.start(H, "hundreds_command")
    do(g, opt(K.OPT_TAX_COLLECTOR))
    assert clearings_offered(g) == {2, 5}
    do(g, cl(5))
    assert lord(g) == 5 and warriors(g, H, 5) == 1


# ---------------------------------------------------------------- numbered rules the tests above do not name
def test_law_14_2_1_and_14_5_1_the_hundreds_craft_by_activating_strongholds():
    """A fox card is crafted with a stronghold in a fox clearing; with their only stronghold in a rabbit clearing it
    is not, even beside another faction's workshop in the fox clearing (only strongholds craft for them)."""
    s = sc().warriors(H, 1, 1).warlord(1).building("stronghold", 1).hand(H, [("Anvil", "fox")])
    g = s.start(H, "hundreds_craft")
    assert card("Anvil", "fox") in legal(g)
    s = (sc().warriors(H, 3, 1).warlord(3).building("stronghold", 3).building("workshop", 1)
         .hand(H, [("Anvil", "fox")]))
    g = s.start(H, "hundreds_craft")
    assert card("Anvil", "fox") not in legal(g)


def test_law_14_3_3_ruin_items_are_placed_once_when_a_vagabond_set_up_before_them():
    g = Game.new(["vagabond", H], seed=4)
    while g.current_player != H:
        g.apply(int(g.legal_actions()[0]))
    items = g.state[RUIN_ITEM:RUIN_ITEM + 2 * NC].copy()
    box = g.state[ITEM_BOX:ITEM_BOX + NITEM].copy()
    assert (items >= 0).sum() == 4  # the Vagabond's setup placed them (Law 9.3.4)
    g.apply(int(g.legal_actions()[0]))  # the Hundreds' corner
    assert lord(g) > 0
    assert np.array_equal(g.state[RUIN_ITEM:RUIN_ITEM + 2 * NC], items)
    assert np.array_equal(g.state[ITEM_BOX:ITEM_BOX + NITEM], box)


def test_law_14_3_1_supplies_of_twenty_warriors_six_strongholds_and_five_mobs():
    from root_env.engine.board import building_supply, token_supply
    g = Game.new(["marquise", H], seed=3)
    while g.current_player != H:
        g.apply(int(g.legal_actions()[0]))
    assert supply(g, H) == HD_WARRIORS == 20
    assert building_supply(g.state, BT_STRONGHOLD) == 6 and token_supply(g.state, TT_MOB) == 5
    g.apply(int(g.legal_actions()[0]))
    assert supply(g, H) == 16 and building_supply(g.state, BT_STRONGHOLD) == 5  # the warlord is no supply warrior


def test_games_with_the_hundreds_are_the_same_in_another_process_compiled_or_not():
    """Determinism across processes (issue 38): whole random games with the Hundreds (two players, and with the four
    base factions) played in a child process in pure Python end in the byte-identical state the compiled engine
    reaches here (the method of tests/test_determinism.py)."""
    import os
    import subprocess
    import sys
    from test_determinism import _NOJIT_SCRIPT, _jit_lines, REPO
    seeds = ((38, (HUNDREDS, 0)), (39, (0, 1, 2, 3, HUNDREDS)))
    env = dict(os.environ, NUMBA_DISABLE_JIT="1")
    proc = subprocess.run([sys.executable, "-c", _NOJIT_SCRIPT.replace("SEEDS", repr(seeds))], env=env, cwd=REPO,
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert proc.stdout.strip().splitlines() == _jit_lines(seeds)


def test_law_3_2_1_removing_a_stronghold_and_a_mob_in_battle_scores_one_vp_each():
    """How battle and removal VP meet the Hundreds' pieces: a stronghold and a mob are a building and a token (Law
    3.2.1), each scoring the remover a VP; the defenceless clearing takes the hits."""
    s = (sc().building("stronghold", 5).token("mob", 5).warriors("marquise", 5, 3).warriors(H, 2, 1).warlord(2)
         .dice(2, 0))
    g = s.start("marquise", "marquise_actions")
    do(g, opt(K.OPT_BATTLE), cl(5), K.A_FACTION + HUNDREDS)
    assert strongholds(g, 5) == 0 and mobs(g, 5) == 0 and vp(g, "marquise") == 2


def test_law_14_2_4_the_hoard_is_no_crafted_items_box_so_aid_takes_nothing_from_it():
    """Law 9.5.4 meets 14.2.4: the Vagabond aiding the Hundreds may take an item from their Crafted Items box; they
    have the Hoard instead, so he takes none (their sword stays), and the aid still counts for his relationship."""
    s = (sc("vagabond").warriors(H, 5, 2).warlord(5).hoard(sword=1).vagabond(at=5).vb_items(boot=1, torch=1)
         .hand("vagabond", [("A Visit to Friends", "rabbit")]))
    g = s.start("vagabond", "vagabond_actions")
    do(g, opt(K.OPT_AID), K.A_FACTION + HUNDREDS, card("A Visit to Friends", "rabbit"), item("boot"))
    assert g.decision == "vagabond: action" and hoard(g, "sword") == 1
    assert g.to_dict()["vagabond"]["relationships"]["hundreds"] == "amiable 1"


# ---------------------------------------------------------------- the Riverfolk's services and the Clockwork bots
def _services(supply_left: int) -> Scenario:
    """The Hundreds and the Riverfolk: every service for 1 (the Riverfolk's hand empty: no Hand card), the warlord
    in 1, all but `supply_left` of the Hundreds' 20 warriors in 12."""
    return (Scenario((H, "riverfolk"), seed=1).prices(hand_card=1, riverboats=1, mercenaries=1).warlord(1)
            .warriors(H, 12, HD_WARRIORS - supply_left))


def test_law_11_2_6_i_the_hundreds_pay_for_services_from_their_supply_never_with_the_warlord():
    """Law 11.2.6.I: the buyer pays warriors "from their supply" into the Payments box; the warlord never is in the
    supply (14.3.1), so with no warrior there nothing is offered, and a payment leaves the warlord where it stands."""
    from root_env.layout import RF_PAYMENTS
    g = _services(1).start(H, at="services")
    assert g.decision == "buy services" and g.current_player == H
    do(g, opt(K.OPT_SERVICE + 1))  # Riverboats
    assert supply(g, H) == 0 and int(g.state[RF_PAYMENTS + HUNDREDS]) == 1 and lord(g) == 1
    g = _services(0).start(H, at="services")
    assert g.decision != "buy services"


def test_law_11_2_7_iii_mercenaries_count_for_the_hundreds_rule_in_command():
    """Law 11.2.7.III: the buyer treats Riverfolk warriors as their own for rule in Daylight: the Hundreds (one
    warrior in 10, the warlord off the map) are outnumbered by the Riverfolk's two there and cannot move out; with
    Mercenaries bought they rule 10 and Command the Hundreds (14.5.2) offers the move."""
    from root_env.data import RIVERFOLK
    from root_env.engine.board import ruler
    for bought in (False, True):
        s = Scenario((H, "riverfolk"), seed=1).warlord(None).warriors(H, 10, 1).warriors("riverfolk", 10, 2)
        if bought:
            s.bought("mercenaries")
        g = s.start(H, at="hundreds_command")
        assert int(ruler(g.state, 9)) == (HUNDREDS if bought else RIVERFOLK)
        assert (opt(K.OPT_MOVE) in legal(g)) == bought


def _bot_battle(hundreds_pieces: tuple, eyrie_warriors: int) -> int:
    """The Mechanical Marquise (seed 004) with a fox order card battles in fox clearing 8 (two slots), where the
    Eyrie have a roost and `eyrie_warriors` and the Hundreds the warlord and `hundreds_pieces`; returns the defender
    it chose."""
    from root_env.engine.botlog import EV_BATTLE
    from rules_helpers import bot_log
    s = Scenario(("bot:mechanical_marquise", "eyrie", H), seed=3).mood("lavish").token("keep", 2)
    s.warriors("marquise", 2, 1).warriors("marquise", 8, 2).building("roost", 8).warriors("eyrie", 8, eyrie_warriors)
    s.warlord(8)
    for kind in hundreds_pieces:
        if kind == "stronghold":
            s.building("stronghold", 8)
        else:
            s.token("mob", 8)
    s.deck_top([("Stand and Deliver!", "fox")])
    g = s.start("marquise", at="birdsong")
    # (the bot's turn runs until a human decides: the Eyrie's turn, or the defending Hundreds choosing what the
    # hits remove)
    battles = bot_log(g, EV_BATTLE)
    assert battles and battles[0][0] == 7
    return int(battles[0][1])


def test_seed004_bot_battle_defender_counts_the_warlord_strongholds_and_mobs_as_pieces():
    """Seed 004 (Clockwork bots): the bot battles "the player with the most pieces in the clearing". The Hundreds'
    warlord is a warrior (14.2.2), a stronghold a building and a mob a token (14.3.1): the warlord, a stronghold and
    a mob (3) outnumber the Eyrie's roost and warrior (2); the warlord and a mob (2) do not outnumber a roost and two
    warriors (3)."""
    from root_env.data import EYRIE
    assert _bot_battle(("stronghold", "mob"), 1) == HUNDREDS
    assert _bot_battle(("mob",), 2) == EYRIE
