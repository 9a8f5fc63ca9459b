"""Law of Root, section 15 (Keepers in Iron), from shared/reference/law_of_root_2024.md, with the numbers and readings
of docs/rules.md (Keepers in Iron): each rule checked through the action space, and how the shared mechanism meets the
faction (battle, removal, movement, crafting, hidden information, records).

Readings tested here (docs/rules.md, Keepers in Iron):
- Relics are the Keepers' tokens in clearings (always face up there); in forests only a face-down relic's type shows,
  to everyone: Delve takes a face-down relic by its type and the engine draws which one.
- Encamp's fallback (no warrior and no waystation on the map) is not optional.
- A Faithful Retainer is a bird card; discarded by a check, it leaves the game; the Retinue's ten cards count them.
- The Keepers choose which relic a hit removes (by kind); an enemy that removes a relic chooses its forest, one relic
  at a time; a Clockwork bot puts it in the first forest away from Keeper warriors.

Clearings are named by their printed number 1..12 (Autumn map): fox 1 6 8 12, rabbit 3 4 5 10, mouse 2 7 9 11;
corners 1-3 and 2-4 opposite; the map edge is 1..9 (10, 11, 12 inside). Adjacency: 1: 5 9 10; 2: 5 6 10; 3: 6 7 11;
4: 8 9 12; 5: 1 2; 6: 2 3 11; 7: 3 8 12; 8: 4 7; 9: 1 4 12; 10: 1 2 12; 11: 3 6 12; 12: 4 7 9 10 11. Forests: 1: 1 2 5 10;
2: 1 9 10 12; 3: 2 6 10 11 12; 4: 3 7 11 12; 5: 3 6 11; 6: 4 9 12; 7: 4 7 8 12.
"""
from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from root_env import codes as K
from root_env.data import (KEEPERS, NC, NRELIC_KINDS, RELIC_KIND_TYPE, RELIC_KIND_TOTAL, TT_RELIC, BT_WAYSTATION,
                           KP_WARRIORS, NBT, NFOREST)
from root_env.engine.invariants import check_state
from root_env.engine.relics import count_relics
from root_env.engine.validate import state_problem
from root_env.errors import RecordError
from root_env.game import Game
from root_env.hidden import determinize, information_view
from root_env.layout import (KP_FOREST_UP, KP_FOREST_DOWN, KP_RECOVERED, KP_RETAINERS, KP_WS_FACE, TOKENS, BUILDINGS,
                             CARD_LOC, LOC_RETINUE, FORMAT_VERSION, HOMELAND)
from root_env.map_data import MAP_EDGE, MAP_NAMES, MAP_FOREST_CLEARINGS, MAP_NFOREST
from root_env.scenario import Scenario, card_id
from rules_helpers import cl, opt, card, do, legal, clearings_offered, vp, warriors, supply, hand_n, forest, finish_hits

KP = "keepers"
KIND = {(t, v): t_i * 3 + v - 1 for t_i, t in enumerate(("figure", "tablet", "jewelry")) for v in (1, 2, 3)}
DATA = Path(__file__).parent / "data" / "records"


def relic_piece(t, v):
    return K.A_PIECE + NBT + TT_RELIC + KIND[(t, v)]


def relics_at(g, n, t=None, v=None):
    """Relics in printed clearing n (of one kind if t and v are given)."""
    kinds = [KIND[(t, v)]] if t else range(NRELIC_KINDS)
    return sum(int(g.state[TOKENS + (TT_RELIC + k) * NC + n - 1]) for k in kinds)


def forest_relics(g, fo, up=None):
    """Relics in forest fo (1-based): face up, face down, or both (up=None)."""
    n = 0
    for k in range(NRELIC_KINDS):
        if up in (None, True):
            n += int(g.state[KP_FOREST_UP + (fo - 1) * NRELIC_KINDS + k])
        if up in (None, False):
            n += int(g.state[KP_FOREST_DOWN + (fo - 1) * NRELIC_KINDS + k])
    return n


def ws(g, w, n):
    return int(g.state[BUILDINGS + (BT_WAYSTATION + w) * NC + n - 1])


def sc(*others, seed=0, **kw):
    return Scenario((KP,) + (others or ("marquise",)), seed=seed, **kw)


def all_relics_conserved(g):
    return all(count_relics(g.state, k) == RELIC_KIND_TOTAL[k] for k in range(NRELIC_KINDS))


def setup_keepers(g):
    """Play every other faction's setup with its first option until the Keepers choose their corner."""
    while g.decision != "setup: keepers corner":
        g.apply(int(g.legal_actions()[0]))


# ---------------------------------------------------------------- 15.3 setup
def test_law_15_3_1_and_15_3_4_relics_one_per_forest_then_evenly_away_from_keeper_warriors():
    g = Game.new(["marquise", KP], seed=3)
    setup_keepers(g)
    for fo in range(1, 8):  # 15.3.1: one face-down relic in each forest before the Keepers place warriors
        assert forest_relics(g, fo, up=False) == 1 and forest_relics(g, fo, up=True) == 0
    keep = next(c for c in range(NC) if g.state[TOKENS + 1 * NC + c]) + 1
    opposite = {1: 3, 3: 1, 2: 4, 4: 2}[keep]
    assert clearings_offered(g) == {opposite}  # 15.3.3: no other player's corner, diagonally opposite one
    do(g, cl(opposite))
    adjacent_edge = {1: {5, 9}, 2: {5, 6}, 3: {6, 7}, 4: {8, 9}}[opposite]
    assert g.decision == "setup: keepers edge clearing" and clearings_offered(g) == adjacent_edge
    edge = min(adjacent_edge)
    do(g, cl(edge))
    assert warriors(g, KP, opposite) == 4 and warriors(g, KP, edge) == 4 and supply(g, KP) == KP_WARRIORS - 8
    assert all_relics_conserved(g)
    near = [fo for fo in range(1, 8) if MAP_FOREST_CLEARINGS[0, fo - 1, opposite - 1] or MAP_FOREST_CLEARINGS[0, fo - 1, edge - 1]]
    far = [fo for fo in range(1, 8) if fo not in near]
    assert all(forest_relics(g, fo) == 1 for fo in near)  # 15.3.4: the rest only where no Keeper warrior is adjacent
    counts = [forest_relics(g, fo) for fo in far]
    assert sum(counts) == 12 - len(near) and max(counts) - min(counts) <= 1  # as evenly as possible
    assert all(forest_relics(g, fo, up=True) == 0 for fo in range(1, 8))  # all face down
    assert [int(g.state[KP_RETAINERS + c]) for c in range(3)] == [1, 1, 1]  # 15.3.5
    assert sum(ws(g, w, n) for w in range(3) for n in range(1, 13)) == 0  # 15.3.6: waystations on the board
    assert (int(g.state[HOMELAND + KEEPERS]) >> (opposite - 1)) & 1


@pytest.mark.parametrize("mp", MAP_NAMES)
def test_law_15_3_3_the_second_clearing_is_on_each_maps_edge_and_adjacent(mp):
    g = Game.new([KP, "eyrie"], seed=5, map=mp)
    while g.decision != "setup: keepers corner":
        g.apply(int(g.legal_actions()[0]))
    m = MAP_NAMES.index(mp)
    c = min(clearings_offered(g))
    do(g, cl(c))
    offered = clearings_offered(g)
    assert offered and all(MAP_EDGE[m, b - 1] for b in offered)  # Law G.1.15: the map edge's loop
    from root_env.map_data import MAP_ADJ
    assert all(MAP_ADJ[m, c - 1, b - 1] for b in offered)
    do(g, cl(min(offered)))
    nf = int(MAP_NFOREST[m])
    assert sum(forest_relics(g, fo) for fo in range(1, nf + 1)) == 12 and all_relics_conserved(g)


# ---------------------------------------------------------------- 15.2.1 relics: face-down values are nobody's
def test_law_15_2_1_face_down_values_stay_hidden_from_every_view():
    s = sc("marquise")
    s.relic("tablet", 3, "forest 2", face_up=False).relic("tablet", 1, "forest 3", face_up=False)
    g = s.start(KP, at="keepers_craft")
    other = g.copy()
    st = other.state
    # swap the values of two face-down tablets between forests: the same types in the same places
    a, b = KP_FOREST_DOWN + 1 * NRELIC_KINDS + KIND[("tablet", 3)], KP_FOREST_DOWN + 2 * NRELIC_KINDS + KIND[("tablet", 1)]
    c, d = KP_FOREST_DOWN + 1 * NRELIC_KINDS + KIND[("tablet", 1)], KP_FOREST_DOWN + 2 * NRELIC_KINDS + KIND[("tablet", 3)]
    st[a] -= 1
    st[c] += 1
    st[b] -= 1
    st[d] += 1
    for viewer in (KP, "marquise"):
        assert np.array_equal(g.observe(viewer), other.observe(viewer))
        assert information_view(g, viewer) == information_view(other, viewer)
    d0 = determinize(g, "marquise", seed=1)
    for fo in range(NFOREST):  # determinize keeps each forest's face-down types, deals the values anew
        for t in range(3):
            n0 = sum(int(g.state[KP_FOREST_DOWN + fo * NRELIC_KINDS + k]) for k in range(NRELIC_KINDS) if RELIC_KIND_TYPE[k] == t)
            n1 = sum(int(d0[KP_FOREST_DOWN + fo * NRELIC_KINDS + k]) for k in range(NRELIC_KINDS) if RELIC_KIND_TYPE[k] == t)
            assert n0 == n1
    assert all(count_relics(d0, k) == RELIC_KIND_TOTAL[k] for k in range(NRELIC_KINDS))


# ---------------------------------------------------------------- 15.4 Birdsong
def test_law_15_4_1_encamp_replaces_a_warrior_once_per_clearing_with_either_face():
    g = sc().warriors(KP, 5, 2).warriors(KP, 10, 1).start(KP, at="keepers_birdsong")
    assert g.decision == "encamp: where" and clearings_offered(g) == {5, 10} and K.A_DONE in legal(g)
    do(g, cl(5))
    faces = {a - K.A_OPT - K.OPT_WAYSTATION for a in legal(g)}
    assert faces == set(range(6))  # each of the three waystations, either face up
    do(g, opt(K.OPT_WAYSTATION + 1))  # figure/tablet, tablet up
    assert warriors(g, KP, 5) == 1 and ws(g, 0, 5) == 1 and int(g.state[KP_WS_FACE]) == 1
    assert g.decision == "encamp: where" and clearings_offered(g) == {10}  # once per clearing (15.4.1)


def test_law_15_4_1_with_no_warrior_or_waystation_a_waystation_and_warrior_go_to_the_map_edge():
    g = sc().start(KP, at="keepers_birdsong")
    assert g.decision == "encamp: where" and clearings_offered(g) == set(range(1, 10))  # 10, 11, 12 are inside
    assert K.A_DONE not in legal(g)  # not optional (docs/rules.md)
    do(g, cl(4), opt(K.OPT_WAYSTATION + 4))  # jewelry/figure, jewelry up
    assert warriors(g, KP, 4) == 1 and ws(g, 2, 4) == 1 and supply(g, KP) == KP_WARRIORS - 1
    assert g.decision == "decamp: where"  # the fallback was Encamp


def test_law_15_4_2_decamp_replaces_a_waystation_with_a_warrior():
    g = sc().waystation("figure/tablet", 7).start(KP, at="keepers_decamp")
    assert g.decision == "decamp: where" and clearings_offered(g) == {7}
    do(g, cl(7))
    assert ws(g, 0, 7) == 0 and warriors(g, KP, 7) == 1 and g.decision != "decamp: where"


def test_law_15_4_3_recruit_spends_a_matching_card_for_two_warriors_at_a_waystation():
    g = (sc().waystation("tablet/jewelry", 3).waystation("figure/tablet", 2)
         .hand(KP, [("Ambush!", "rabbit")]).start(KP, at="keepers_recruit"))
    assert clearings_offered(g) == {3}  # rabbit 3: a matching card; mouse 2: none
    do(g, cl(3), card("Ambush!", "rabbit"))
    assert warriors(g, KP, 3) == 2 and hand_n(g, KP) == 0


# ---------------------------------------------------------------- 15.2.3 / 15.5.1 crafting
def test_law_15_2_3_craft_by_activating_waystations_of_any_type():
    g = (sc().waystation("figure/tablet", 1).waystation("jewelry/figure", 6, face_up="figure")
         .hand(KP, [("Foxfolk Steel", "fox")]).start(KP, at="keepers_craft"))
    assert card("Foxfolk Steel", "fox") in legal(g)  # two fox crafting pieces: the waystations in fox 1 and 6
    do(g, card("Foxfolk Steel", "fox"))
    assert vp(g, KP) == 2


# ---------------------------------------------------------------- 15.5.2 the Retinue
def test_law_15_5_2_i_move_from_a_clearing_matching_the_card_and_columns_left_to_right():
    g = (sc().warriors(KP, 5, 2).warriors(KP, 2, 1).retinue("move", [("Ambush!", "rabbit")], retainers=0)
         .retinue("battle then delve", [], retainers=0).retinue("move or recover", [], retainers=0)
         .start(KP, at="keepers_retinue"))
    assert g.decision == "retinue: which card" and card("Ambush!", "rabbit") in legal(g)
    do(g, card("Ambush!", "rabbit"))
    assert g.decision == "move: from" and clearings_offered(g) == {5}  # rabbit 5, not mouse 2
    do(g, cl(5), cl(1), K.A_COUNT + 1)
    assert warriors(g, KP, 1) == 2 and g.decision != "retinue: which card"  # each card acts once


def test_law_15_5_2_ii_battle_is_required_where_enemies_are_then_delve_flips_the_relic():
    s = (sc().warriors(KP, 1, 3).warriors("marquise", 1, 1).relic("figure", 2, "forest 1", face_up=True)
         .retinue("move", [], retainers=0).retinue("battle then delve", [("Ambush!", "fox")], retainers=0)
         .retinue_column("battle then delve").dice(3, 0))
    g = s.start(KP, at="keepers_retinue")
    do(g, card("Ambush!", "fox"), cl(1))
    assert g.decision == "battle: defender"  # an enemy is there: the battle is not optional
    do(g, K.A_FACTION + 0)
    finish_hits(g)
    assert warriors(g, "marquise", 1) == 0 and g.decision == "delve: forest"
    assert forest(1) in legal(g) and forest(7) not in legal(g)  # forests adjacent to clearing 1: 1, 2
    do(g, forest(1), relic_piece("figure", 2))
    assert relics_at(g, 1, "figure", 2) == 1  # 15.5.2.II.a: into the clearing, face up
    assert not in_retinue(g, ("Ambush!", "fox"))  # 15.5.2.II.b: forest 1 touches 1, 2, 5, 10; one ruled < 2


def in_retinue(g, name_suit):
    return LOC_RETINUE <= int(g.state[CARD_LOC + card_id(name_suit)]) < LOC_RETINUE + 3


def test_law_15_5_2_ii_b_delve_discards_the_card_when_ruling_fewer_clearings_than_the_value():
    # forest 1 touches 1, 2, 5, 10: the Keepers rule 1 only, so a 2 costs the card and a 1 does not
    base = (sc().warriors(KP, 1, 2).retinue("move", [], retainers=0).retinue("move or recover", [], retainers=0)
            .retinue_column("battle then delve"))
    base.relic("jewelry", 2, "forest 1", face_up=True)
    base.retinue("battle then delve", [("Ambush!", "fox")], retainers=0)
    g = base.start(KP, at="keepers_retinue")
    do(g, card("Ambush!", "fox"), cl(1), forest(1), relic_piece("jewelry", 2))
    assert not in_retinue(g, ("Ambush!", "fox")) and relics_at(g, 1, "jewelry", 2) == 1
    s2 = (sc().warriors(KP, 1, 2).retinue("move", [], retainers=0).retinue("move or recover", [], retainers=0)
          .retinue_column("battle then delve"))
    s2.relic("jewelry", 1, "forest 1", face_up=True)
    s2.retinue("battle then delve", [], retainers=1)  # a Faithful Retainer (a bird card: any clearing)
    g = s2.start(KP, at="keepers_retinue")
    do(g, opt(K.OPT_RETAINER + 1), cl(1), forest(1), relic_piece("jewelry", 1))
    assert int(g.state[KP_RETAINERS + 1]) == 1  # 1 relic value <= 1 ruled clearing: kept


def test_law_15_5_2_ii_b_a_discarded_faithful_retainer_leaves_the_game():
    s = (sc().warriors(KP, 1, 2).retinue("move", [], retainers=0).retinue("move or recover", [], retainers=0)
         .retinue_column("battle then delve"))
    s.relic("tablet", 3, "forest 2", face_up=True)
    s.retinue("battle then delve", [], retainers=1)
    g = s.start(KP, at="keepers_retinue")
    do(g, opt(K.OPT_RETAINER + 1), cl(1), forest(2), relic_piece("tablet", 3))
    assert int(g.state[KP_RETAINERS + 1]) == 0  # discarded: removed from the game (its card text)


def test_law_15_5_2_ii_a_a_face_down_relic_is_chosen_by_type_and_drawn_at_random():
    s = (sc().warriors(KP, 9, 2).retinue("move", [], retainers=0).retinue("move or recover", [], retainers=0)
         .retinue_column("battle then delve"))
    s.retinue("battle then delve", [("Ambush!", "mouse")], retainers=0)
    g = s.start(KP, at="keepers_retinue")
    do(g, card("Ambush!", "mouse"), cl(9))
    fo = min(a - K.A_FOREST + 1 for a in legal(g) if K.A_FOREST <= a < K.A_FOREST + NFOREST)
    do(g, forest(fo))
    hidden = {a - K.A_OPT - K.OPT_HIDDEN_RELIC for a in legal(g) if K.A_OPT + K.OPT_HIDDEN_RELIC <= a < K.A_OPT + K.OPT_HIDDEN_RELIC + 3}
    assert hidden and not any(K.A_PIECE <= a < K.A_FOREST for a in legal(g))  # face down: by type only
    t = min(hidden)
    before = forest_relics(g, fo, up=False)
    do(g, opt(K.OPT_HIDDEN_RELIC + t))
    assert forest_relics(g, fo, up=False) == before - 1
    assert sum(relics_at(g, 9, ("figure", "tablet", "jewelry")[t], v) for v in (1, 2, 3)) == 1  # flipped, face up


def test_law_15_5_2_iii_recover_scores_the_value_and_a_filled_column():
    s = (sc().warriors(KP, 6, 2).waystation("figure/tablet", 6, face_up="tablet")
         .retinue("move", [], retainers=0).retinue("battle then delve", [], retainers=0)
         .retinue_column("move or recover").retinue("move or recover", [("Ambush!", "fox")], retainers=0))
    s.relic("tablet", 2, 6).relic("figure", 1, 6).relic("figure", 3, "recovered").relic("jewelry", 1, "recovered")
    g = s.start(KP, at="keepers_retinue")
    do(g, card("Ambush!", "fox"), opt(K.OPT_RECOVER), cl(6))
    assert legal(g) == {relic_piece("tablet", 2)}  # the figure: no waystation there shows figure (tablet up)
    do(g, relic_piece("tablet", 2))
    # 2 for the relic, 2 for the first column (a figure, a tablet and a jewelry); ruling one fox clearing < 2: discarded
    assert vp(g, KP) == 4 and int(g.state[KP_RECOVERED + KIND[("tablet", 2)]]) == 1
    assert not in_retinue(g, ("Ambush!", "fox"))


def test_law_15_5_2_iii_c_recover_goes_on_while_the_check_passes():
    s = (sc().warriors(KP, 1, 1).warriors(KP, 6, 1).warriors(KP, 8, 1).waystation("jewelry/figure", 6, face_up="jewelry")
         .retinue("move", [], retainers=0).retinue("battle then delve", [], retainers=0)
         .retinue_column("move or recover").retinue("move or recover", [], retainers=1))
    s.relic("jewelry", 1, 6).relic("jewelry", 2, 6)
    g = s.start(KP, at="keepers_retinue")
    do(g, opt(K.OPT_RETAINER + 2), opt(K.OPT_RECOVER), cl(6), relic_piece("jewelry", 1))
    assert vp(g, KP) == 1 and g.decision == "recover: which relic" and K.A_DONE in legal(g)
    do(g, relic_piece("jewelry", 2))  # three fox clearings ruled (1, 6, 8) >= 2: kept
    assert vp(g, KP) == 3 and int(g.state[KP_RETAINERS + 2]) == 1


# ---------------------------------------------------------------- 15.2.4 Devout Knights
def test_law_15_2_4_devout_knights_ignore_the_first_hit_with_a_relic_there():
    g = (sc().warriors(KP, 5, 3).warriors("marquise", 5, 3).relic("figure", 1, 5).dice(3, 0)
         .start("marquise", at="marquise_actions"))
    do(g, opt(K.OPT_BATTLE), cl(5), K.A_FACTION + KEEPERS)
    finish_hits(g)
    assert warriors(g, KP, 5) == 1  # three hits, the first ignored: two warriors removed


def test_law_15_2_4_without_a_relic_every_hit_counts():
    g = (sc().warriors(KP, 5, 3).warriors("marquise", 5, 3).dice(3, 0)
         .start("marquise", at="marquise_actions"))
    do(g, opt(K.OPT_BATTLE), cl(5), K.A_FACTION + KEEPERS)
    finish_hits(g)
    assert warriors(g, KP, 5) == 0


def test_law_15_2_4_an_ambush_has_one_hit_ignored_and_no_later_hit():
    s = (sc().warriors(KP, 5, 3).warriors("marquise", 5, 1).relic("figure", 1, 5)
         .retinue("move", [], retainers=0).retinue_column("battle then delve")
         .retinue("battle then delve", [("Ambush!", "rabbit")], retainers=0).retinue("move or recover", [], retainers=0)
         .hand("marquise", [("Ambush!", "bird")]).dice(1, 1))
    g = s.start(KP, at="keepers_retinue")
    do(g, card("Ambush!", "rabbit"), cl(5), K.A_FACTION + 0)
    assert g.decision == "ambush?"
    do(g, card("Ambush!", "bird"))
    if g.decision == "foil ambush?":
        do(g, K.A_DONE)
    finish_hits(g)
    # the ambush's two hits: one ignored, one removes a warrior; the roll's hit then counts
    assert warriors(g, KP, 5) == 1


def test_law_15_2_4_a_relic_moves_with_each_keeper_warrior_moved():
    g = (sc().warriors(KP, 5, 2).relic("figure", 1, 5).relic("tablet", 2, 5).relic("jewelry", 3, 5)
         .retinue("move", [("Ambush!", "rabbit")], retainers=0).start(KP, at="keepers_retinue"))
    do(g, card("Ambush!", "rabbit"), cl(5), cl(1), K.A_COUNT + 1)
    assert g.decision == "move: carry relics" and len(legal(g) - {K.A_DONE}) == 3
    do(g, relic_piece("figure", 1), relic_piece("tablet", 2))
    assert relics_at(g, 1) == 2 and relics_at(g, 5) == 1 and g.decision != "move: carry relics"  # two warriors: two


# ---------------------------------------------------------------- 15.2.5 Prized Trophies
def test_law_15_2_5_an_enemy_removing_a_relic_scores_two_and_puts_it_face_up_in_a_forest():
    g = (sc().warriors("marquise", 5, 2).relic("jewelry", 3, 5).dice(2, 0)
         .start("marquise", at="marquise_actions"))
    do(g, opt(K.OPT_BATTLE), cl(5), K.A_FACTION + KEEPERS)
    finish_hits(g)
    assert g.decision == "prized trophies: forest" and g.current_player == "marquise"
    do(g, forest(7))
    assert vp(g, "marquise") == 2 and relics_at(g, 5) == 0
    assert int(g.state[KP_FOREST_UP + 6 * NRELIC_KINDS + KIND[("jewelry", 3)]]) == 1 and all_relics_conserved(g)


def test_law_15_2_5_a_favor_card_removing_relics_gets_prized_trophies_too():
    s = (sc().building("workshop", 1).building("workshop", 6).building("workshop", 8)
         .relic("figure", 2, 12).relic("tablet", 1, 8).hand("marquise", [("Favor of the Foxes", "fox")]))
    g = s.start("marquise", at="marquise_craft")
    do(g, card("Favor of the Foxes", "fox"))
    placed = 0
    while g.decision == "prized trophies: forest":
        do(g, forest(1))
        placed += 1
    assert placed == 2 and vp(g, "marquise") == 4 and relics_at(g, 12) + relics_at(g, 8) == 0
    assert forest_relics(g, 1, up=True) == 2


# ---------------------------------------------------------------- 15.6 Evening
def test_law_15_6_1_live_off_the_land_removes_one_from_each_clearing_of_four_or_more():
    g = sc().warriors(KP, 1, 4).warriors(KP, 2, 3).warriors(KP, 3, 6).start(KP, at="keepers_evening")
    assert warriors(g, KP, 1) == 3 and warriors(g, KP, 2) == 3 and warriors(g, KP, 3) == 5


def test_law_15_6_2_gather_adds_hand_cards_or_shifts_one_card():
    g = (sc().hand(KP, [("Ambush!", "fox"), ("Ambush!", "mouse")]).retinue("move", [("Ambush!", "rabbit")])
         .start(KP, at="keepers_evening"))
    assert g.decision == "gather retinue: card"
    do(g, card("Ambush!", "fox"), opt(K.OPT_RETINUE + 2))
    assert in_retinue(g, ("Ambush!", "fox"))
    # having added, no shift: only hand cards
    assert card("Ambush!", "rabbit") not in legal(g) and card("Ambush!", "mouse") in legal(g)
    g2 = sc().retinue("move", [("Ambush!", "rabbit")]).start(KP, at="keepers_evening")
    do(g2, card("Ambush!", "rabbit"))
    assert opt(K.OPT_RETINUE + 0) not in legal(g2)  # a shift goes to a different column
    do(g2, opt(K.OPT_RETINUE + 1))
    assert int(g2.state[CARD_LOC + card_id(("Ambush!", "rabbit"))]) == LOC_RETINUE + 1
    assert g2.decision != "gather retinue: card"  # one shift


def test_law_15_6_2_the_retinue_holds_at_most_ten_cards():
    cards = [("Ambush!", "fox"), ("Ambush!", "mouse"), ("Ambush!", "rabbit"), ("Foxfolk Steel", "fox"),
             ("Sword", "mouse"), ("Anvil", "fox"), ("Root Tea", "fox")]
    g = (sc().retinue("move", cards[:4]).retinue("battle then delve", cards[4:]).hand(KP, [("Ambush!", "bird")])
         .start(KP, at="keepers_evening"))
    # 7 cards and 3 Faithful Retainers: full
    assert card("Ambush!", "bird") not in legal(g)


def test_law_15_6_3_draw_one_plus_one_per_waystation_on_the_map():
    g = sc().waystation("figure/tablet", 1).waystation("tablet/jewelry", 2).start(KP, at="evening_draw")
    assert hand_n(g, KP) == 3


# ---------------------------------------------------------------- the shared mechanism, records, validation
def test_keepers_random_games_keep_every_invariant_and_load_back():
    for seed in range(2):
        g = Game.new([KP, "marquise", "eyrie", "vagabond"], seed=seed, max_turns=12)
        rng = np.random.default_rng(seed)
        n = 0
        while not g.is_over:
            g.apply(int(rng.choice(g.legal_actions())))
            assert check_state(g.state) == 0 and (g.phase == "setup" or all_relics_conserved(g))
            n += 1
            if n % 40 == 0:
                assert state_problem(g.state.copy()) is None
        rec = g.to_record()
        assert rec["state_format_version"] == FORMAT_VERSION == 15
        assert np.array_equal(Game.from_record(rec).state, g.state)


def test_records_of_format_13_replay_with_their_final_digest():
    """A format-13 record (made by the engine before the Keepers: a Lake game of all eight faction kinds) replays here
    to the same final position, its digest checked on that state written back in format 13 (root_env.legacy)."""
    rec = json.loads((DATA / "format13_record.json").read_text())
    assert rec["state_format_version"] == 13 and rec["options"]["map"] == "lake"
    g = Game.from_record(rec)
    assert len(g._actions) == len(rec["actions"]) and g.is_over
    with pytest.raises(RecordError):
        Game.from_record(dict(rec, final_sha256="0" * 64))


def test_policy_files_of_format_13_convert_to_the_same_play():
    """agents.layout_convert: a format-13 policy (3595 inputs, 254 actions) rewritten for format 14 gives the same
    logits to every old action (the cards field's features matched by name), the new actions below every old one."""
    from agents.layout_convert import OLD_LAYOUTS
    from test_maps import converted_logits
    assert (OLD_LAYOUTS[13]["obs_size"], OLD_LAYOUTS[13]["n_actions"]) == (3595, 254)
    g = Game.new(("marquise", "eyrie", "alliance", "vagabond"), seed=2)
    lg, old, fresh = converted_logits(13, g)
    assert K.A_FACTION + KEEPERS in fresh and K.A_OPT + K.OPT_RECOVER in fresh
    assert lg[sorted(fresh)].max() < old.min()


def test_law_15_3_3_advanced_setup_two_adjacent_map_edge_homelands_far_from_enemies():
    """The Marauder setup card (Advanced Setup, A.8.2; docs/rules.md): two adjacent homelands on the map edge, four
    warriors in each, as far from enemy homelands as able; the remaining relics away from them."""
    g = Game.new(["marquise", KP], seed=2, setup="advanced")
    while g.decision != "setup: keepers corner":
        g.apply(int(g.legal_actions()[0]))
    first = clearings_offered(g)
    assert first and all(MAP_EDGE[0, c - 1] for c in first)
    c = min(first)
    do(g, cl(c))
    second = clearings_offered(g)
    from root_env.map_data import MAP_ADJ
    assert second and all(MAP_EDGE[0, b - 1] and MAP_ADJ[0, c - 1, b - 1] for b in second)
    b = min(second)
    do(g, cl(b))
    homes = int(g.state[HOMELAND + KEEPERS])
    assert (homes >> (c - 1)) & 1 and (homes >> (b - 1)) & 1
    assert warriors(g, KP, c) == 4 and warriors(g, KP, b) == 4 and all_relics_conserved(g)


# ---------------------------------------------------------------- issue 39's audit of the Keepers' scoring and economy
# Each rule the audit checked against Law 15, beside the tests above: no fault was found (docs/rules.md, Keepers).
WAYSTATION_SHOWING = {"figure": ("figure/tablet", "figure"), "tablet": ("tablet/jewelry", "tablet"),
                      "jewelry": ("jewelry/figure", "jewelry")}


@pytest.mark.parametrize("t", ["figure", "tablet", "jewelry"])
@pytest.mark.parametrize("v", [1, 2, 3])
def test_law_15_5_2_iii_b_recover_scores_the_relics_value_for_every_type_and_value(t, v):
    # three fox clearings ruled (1, 6, 8) >= every value: the card stays; no column filled (nothing else recovered)
    faces, up = WAYSTATION_SHOWING[t]
    s = (sc().warriors(KP, 1, 1).warriors(KP, 6, 1).warriors(KP, 8, 1).waystation(faces, 6, face_up=up)
         .retinue("move", [], retainers=0).retinue("battle then delve", [], retainers=0)
         .retinue_column("move or recover").retinue("move or recover", [("Ambush!", "fox")], retainers=0))
    s.relic(t, v, 6)
    g = s.start(KP, at="keepers_retinue")
    do(g, card("Ambush!", "fox"), opt(K.OPT_RECOVER), cl(6), relic_piece(t, v))
    assert vp(g, KP) == v and int(g.state[KP_RECOVERED + KIND[(t, v)]]) == 1 and relics_at(g, 6) == 0
    assert in_retinue(g, ("Ambush!", "fox"))  # 15.5.2.III.c: 3 ruled fox clearings >= v


def test_law_15_5_2_iii_b_each_filled_column_scores_two_and_a_relic_filling_none_scores_its_value_only():
    s = (sc().warriors(KP, 1, 1).warriors(KP, 6, 1).warriors(KP, 8, 1).warriors(KP, 12, 1)
         .waystation("tablet/jewelry", 6, face_up="tablet")
         .retinue("move", [], retainers=0).retinue("battle then delve", [], retainers=0)
         .retinue_column("move or recover").retinue("move or recover", [], retainers=1))
    # recovered: figures 1 and 2, tablet 1, jewelry 1 and 3: one column filled; the next tablet fills the second
    for t, v in (("figure", 1), ("figure", 2), ("tablet", 1), ("jewelry", 1), ("jewelry", 3)):
        s.relic(t, v, "recovered")
    s.relic("tablet", 2, 6).relic("tablet", 3, 6)
    g = s.start(KP, at="keepers_retinue")
    do(g, opt(K.OPT_RETAINER + 2), opt(K.OPT_RECOVER), cl(6), relic_piece("tablet", 2))
    assert vp(g, KP) == 2 + 2  # the value, and two for the second column filled (15.5.2.III.b)
    do(g, relic_piece("tablet", 3))  # a third tablet: the third column still lacks a figure and a jewelry
    assert vp(g, KP) == 4 + 3


def test_law_15_4_3_recruit_with_a_bird_card_at_any_waystation_and_two_warriors_each_time():
    g = (sc().waystation("tablet/jewelry", 3).waystation("figure/tablet", 2)
         .hand(KP, [("Ambush!", "bird"), ("Ambush!", "mouse")]).start(KP, at="keepers_recruit"))
    assert clearings_offered(g) == {2, 3}  # a bird card matches every clearing (Law 2.1.1)
    do(g, cl(2), card("Ambush!", "mouse"), cl(3), card("Ambush!", "bird"))
    assert warriors(g, KP, 2) == 2 and warriors(g, KP, 3) == 2 and hand_n(g, KP) == 0
    assert supply(g, KP) == KP_WARRIORS - 4


@pytest.mark.parametrize("n", [0, 3])
def test_law_15_6_3_the_draw_bonus_is_one_card_per_waystation_on_the_map(n):
    s = sc()
    for faces, c in (("figure/tablet", 1), ("tablet/jewelry", 2), ("jewelry/figure", 3))[:n]:
        s.waystation(faces, c)
    g = s.start(KP, at="evening_draw")
    assert hand_n(g, KP) == 1 + n


def test_law_15_4_2_decamp_is_once_per_clearing():
    g = sc().waystation("figure/tablet", 7).waystation("tablet/jewelry", 7).start(KP, at="keepers_decamp")
    do(g, cl(7))
    assert g.decision == "decamp: which waystation"
    do(g, opt(K.OPT_WAYSTATION + 0))
    assert ws(g, 0, 7) == 0 and ws(g, 1, 7) == 1 and warriors(g, KP, 7) == 1
    assert g.decision != "decamp: where" or 7 not in clearings_offered(g)


def test_law_15_2_4_devout_knights_guard_the_keepers_attacking_too():
    s = (sc().warriors(KP, 1, 2).warriors("marquise", 1, 3).relic("figure", 1, 1)
         .retinue("move", [], retainers=0).retinue_column("battle then delve")
         .retinue("battle then delve", [("Ambush!", "fox")], retainers=0).dice(2, 2))
    g = s.start(KP, at="keepers_retinue")
    do(g, card("Ambush!", "fox"), cl(1), K.A_FACTION + 0)
    finish_hits(g)
    assert warriors(g, "marquise", 1) == 1  # the Keepers' two hits
    assert warriors(g, KP, 1) == 1 and relics_at(g, 1) == 1  # two hits taken, the first ignored: one warrior removed


def test_law_15_2_5_prized_trophies_score_two_for_each_relic_whatever_its_value():
    for t, v in (("figure", 1), ("tablet", 2), ("jewelry", 3)):
        g = (sc().warriors("marquise", 5, 2).relic(t, v, 5).dice(2, 0).start("marquise", at="marquise_actions"))
        do(g, opt(K.OPT_BATTLE), cl(5), K.A_FACTION + KEEPERS)
        finish_hits(g)
        do(g, forest(1))
        assert vp(g, "marquise") == 2 and vp(g, KP) == 0


def test_law_15_3_2_and_15_3_5_setup_leaves_seven_warriors_in_the_supply_and_a_retainer_per_column():
    g = Game.new([KP, "marquise"], seed=3)
    while g.turn == 0:  # setup: every first option; the first turn's first decision is not taken
        g.apply(int(g.legal_actions()[0]))
    assert supply(g, KP) == KP_WARRIORS - 8
    assert [int(g.state[KP_RETAINERS + c]) for c in range(3)] == [1, 1, 1]


# ---------------------------------------------------------------- issue 36's Law 15 audit (keepers3): rules no test named yet
def test_law_15_2_1_twelve_relics_four_of_each_type_valued_1_2_3_and_3():
    from root_env.data import RELIC_KIND_VALUE, NRELIC_TYPES
    for t in range(NRELIC_TYPES):
        values = sorted(int(RELIC_KIND_VALUE[k]) for k in range(NRELIC_KINDS) if RELIC_KIND_TYPE[k] == t
                        for _ in range(int(RELIC_KIND_TOTAL[k])))
        assert values == [1, 2, 3, 3]
    assert int(RELIC_KIND_TOTAL.sum()) == 12 and NRELIC_TYPES == 3


def test_law_15_2_2_three_waystations_each_showing_two_different_types_and_every_type_twice():
    from root_env.data import WAYSTATION_FACES, KP_WAYSTATIONS
    assert KP_WAYSTATIONS == 3 and WAYSTATION_FACES.shape == (3, 2)
    assert all(WAYSTATION_FACES[w, 0] != WAYSTATION_FACES[w, 1] for w in range(3))
    assert sorted(int(t) for t in WAYSTATION_FACES.ravel()) == [0, 0, 1, 1, 2, 2]


def test_law_15_5_2_ii_no_delve_where_the_battle_leaves_the_keepers_not_ruling():
    # two Keeper warriors battle four Marquise warriors in fox clearing 1; one hit each: 1 against 3, no rule, no delve
    s = (sc().warriors(KP, 1, 2).warriors("marquise", 1, 4).relic("figure", 2, "forest 1", face_up=True)
         .retinue("move", [], retainers=0).retinue("battle then delve", [("Ambush!", "fox")], retainers=0)
         .retinue("move or recover", [], retainers=0).retinue_column("battle then delve").dice(1, 1))
    g = s.start(KP, at="keepers_retinue")
    do(g, card("Ambush!", "fox"), cl(1), K.A_FACTION + 0)
    finish_hits(g)
    assert warriors(g, KP, 1) == 1 and warriors(g, "marquise", 1) == 3
    assert g.decision != "delve: forest" and forest_relics(g, 1, up=True) == 1 and relics_at(g, 1) == 0


def test_law_15_5_2_iii_c_the_check_counts_ruled_clearings_of_the_recovery_clearings_suit_not_the_cards():
    # a Faithful Retainer (a bird card) recovers a 2 in fox clearing 6: one fox clearing ruled (6), three mouse ones
    # (2, 7, 9) do not count: fewer than 2, so it is discarded (and leaves the game)
    s = (sc().warriors(KP, 6, 1).warriors(KP, 2, 1).warriors(KP, 7, 1).warriors(KP, 9, 1)
         .waystation("tablet/jewelry", 6, face_up="tablet")
         .retinue("move", [], retainers=0).retinue("battle then delve", [], retainers=0)
         .retinue_column("move or recover").retinue("move or recover", [], retainers=1))
    s.relic("tablet", 2, 6).relic("tablet", 1, 6)
    g = s.start(KP, at="keepers_retinue")
    do(g, opt(K.OPT_RETAINER + 2), opt(K.OPT_RECOVER), cl(6), relic_piece("tablet", 2))
    assert vp(g, KP) == 2 and int(g.state[KP_RETAINERS + 2]) == 0
    assert g.decision != "recover: which relic" and relics_at(g, 6, "tablet", 1) == 1  # the Recover ended


def test_law_15_6_2_a_faithful_retainer_may_be_the_one_card_shifted():
    g = sc().hand(KP, [("Ambush!", "fox")]).start(KP, at="keepers_evening")
    assert [int(g.state[KP_RETAINERS + c]) for c in range(3)] == [1, 1, 1]
    do(g, opt(K.OPT_RETAINER + 0), opt(K.OPT_RETINUE + 2))
    assert [int(g.state[KP_RETAINERS + c]) for c in range(3)] == [0, 1, 2]
    assert g.decision != "gather retinue: card"  # one shift, and no card added after it
