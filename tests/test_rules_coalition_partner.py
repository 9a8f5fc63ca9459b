"""The Vagabond's coalition (seed 002 9.2.8, with 3.3.1 and 001's 9.2.9.III.d): whom he may choose,
when he may form it, and what it does at the end of the game. Four-player games, built with the
scenario builder; clearings by printed number (fox 1, 6, 8, 12; corners 1-3 and 2-4 opposite).
"""
from __future__ import annotations

from root_env import codes as K
from root_env.data import MARQUISE
from root_env.layout import VB_COALITION
from rules_helpers import CARD, OPT, do, faction, legal, sc4

DOM_BIRD = ("Dominance", "bird")
DOM_FOX = ("Dominance", "fox")
ACTIVATE = OPT(K.OPT_ACTIVATE_DOMINANCE)


def _vagabond_turn(vb_vp: int, vps: dict, rels: dict | None = None):
    sc = sc4()
    sc.vagabond("thief", at=5).vp("vagabond", vb_vp).hand("vagabond", [DOM_BIRD])
    for f, v in vps.items():
        sc.vp(f, v)
    for f, r in (rels or {}).items():
        sc.relationship(f, r)
    return sc.start("vagabond", at="vagabond_actions")


def _partners_offered(g) -> set[str]:
    do(g, ACTIVATE, CARD(DOM_BIRD))
    assert g.decision == "coalition: partner" and g.current_player == "vagabond"
    return {name for name in ("marquise", "eyrie", "alliance", "vagabond") if faction(name) in legal(g)}


def test_law_9_2_8_partner_has_the_fewest_vp_other_than_the_vagabond():
    # His own score does not count: with 10 VP he has the fewest, yet the partner is the lowest other.
    g = _vagabond_turn(10, {"marquise": 14, "eyrie": 11, "alliance": 12})
    assert _partners_offered(g) == {"eyrie"}


def test_law_9_2_8_tie_for_fewest_he_chooses_any_tied_player():
    g = _vagabond_turn(12, {"marquise": 7, "eyrie": 7, "alliance": 7})
    assert _partners_offered(g) == {"marquise", "eyrie", "alliance"}
    do(g, faction("eyrie"))
    assert g.to_dict()["vagabond"]["coalition"] == "eyrie"


def test_law_3_3_1_coalition_needs_10_vp_like_any_activation():
    # 9.2.8 has him "activate a dominance card"; 3.3.1 allows activating only with at least 10 VP.
    g = _vagabond_turn(9, {"marquise": 0, "eyrie": 0, "alliance": 0})
    assert ACTIVATE not in legal(g)
    g = _vagabond_turn(10, {"marquise": 0, "eyrie": 0, "alliance": 0})
    assert ACTIVATE in legal(g)


def test_law_9_2_8_partners_dominance_win_is_his_win():
    sc = sc4()
    sc.vagabond("thief", at=5).vp("vagabond", 12).coalition("marquise")
    sc.vp("marquise", 11).active_dominance("marquise", DOM_FOX)
    for n in (1, 6, 8):
        sc.warriors("marquise", n, 1)
    sc.vp("eyrie", 25)
    g = sc.start("marquise", at="birdsong")
    assert g.is_over
    assert set(g.winners) == {"marquise", "vagabond"}


def test_law_3_3_1_partners_dominance_is_checked_only_at_the_partners_birdsong():
    # The dominance check is at the start of the dominance player's Birdsong only (3.3.1): the
    # coalition does not let the partner win during the Vagabond's turn.
    sc = sc4()
    sc.vagabond("thief", at=5).vp("vagabond", 12).coalition("marquise")
    sc.vp("marquise", 11).active_dominance("marquise", DOM_FOX)
    for n in (1, 6, 8):
        sc.warriors("marquise", n, 1)
    g = sc.start("vagabond", at="birdsong")
    assert not g.is_over


def test_law_9_2_9_III_d_hostile_partner_moves_to_indifferent():
    g = _vagabond_turn(12, {"marquise": 3, "eyrie": 3, "alliance": 8},
                       rels={"marquise": "hostile", "eyrie": "hostile"})
    assert _partners_offered(g) == {"marquise", "eyrie"}
    do(g, faction("marquise"))
    rels = g.to_dict()["vagabond"]["relationships"]
    assert rels["marquise"] == "indifferent"
    assert rels["eyrie"] == "hostile"  # only the partner's marker moves


def test_law_9_2_9_III_d_only_a_hostile_partner_moves():
    # An Allied partner keeps its place on the track: III.d moves only a Hostile marker.
    g = _vagabond_turn(12, {"marquise": 3, "eyrie": 5, "alliance": 8}, rels={"marquise": "allied"})
    do(g, ACTIVATE, CARD(DOM_BIRD), faction("marquise"))
    assert g.to_dict()["vagabond"]["relationships"]["marquise"] == "allied"
    assert int(g.state[VB_COALITION]) == MARQUISE
