"""Law 2.7: an ENEMY is any other faction not in a coalition with you (9.2.8).

Each test sets up a four-player position where the Vagabond has formed a coalition, then plays an effect
that names "enemy" pieces, and checks that the partner is spared in both directions, beside the same
effect against a faction outside the coalition. Clearings: fox 1 6 8 12, rabbit 3 4 5 10, mouse 2 7 9 11.
"""
from __future__ import annotations

from root_env import codes as K
from root_env.data import ITEM_NAMES, ALLIANCE, VAGABOND, REL_HOSTILE
from root_env.engine.enemies import is_enemy, in_coalition
from root_env.layout import VB_ITEMS, VB_REL, AL_OFFICERS, TOKENS, BUILDINGS
from root_env.data import NC, TT_SYMPATHY, BT_BASE
from rules_helpers import FACTION, sc4, card, cl, do, legal, opt, piece, vp, warriors

FAVOR_RABBITS = ("Favor of the Rabbits", "rabbit")
FAVOR_FOXES = ("Favor of the Foxes", "fox")
RABBIT_A = ("A Visit to Friends", "rabbit")
RABBIT_B = ("Bake Sale", "rabbit")
RABBIT = 1  # suit index of rabbit (fox 0, rabbit 1, mouse 2)


def ready_items(g) -> int:
    return sum(int(g.state[VB_ITEMS + i * 4]) for i in range(len(ITEM_NAMES)))


def sympathy(g, n: int) -> int:
    return int(g.state[TOKENS + TT_SYMPATHY * NC + n - 1])


def base(g, suit: int, n: int) -> int:
    return int(g.state[BUILDINGS + (BT_BASE + suit) * NC + n - 1])


def test_law_2_7_coalition_is_symmetric_and_only_between_the_two():
    sc = sc4()
    sc.vagabond("thief", at=5).coalition("alliance")
    s = sc.start("marquise").state
    assert in_coalition(s, VAGABOND, ALLIANCE) and in_coalition(s, ALLIANCE, VAGABOND)
    assert not is_enemy(s, VAGABOND, ALLIANCE) and not is_enemy(s, ALLIANCE, VAGABOND)
    assert is_enemy(s, VAGABOND, FACTION["marquise"]) and is_enemy(s, FACTION["eyrie"], VAGABOND)
    assert is_enemy(s, ALLIANCE, FACTION["marquise"])
    assert not is_enemy(s, ALLIANCE, ALLIANCE)


def test_law_2_7_and_9_2_2_I_partners_favor_does_not_damage_the_vagabond():
    sc = sc4()
    for n in (3, 4, 10):  # Favor of the Rabbits costs three rabbits
        sc.building("workshop", n)
    sc.vagabond("thief", at=5).vb_items("ready", boot=2, sword=1).coalition("marquise")
    sc.warriors("eyrie", 5, 2)
    sc.hand("marquise", [FAVOR_RABBITS])
    g = sc.start("marquise", at="marquise_craft")
    do(g, card(FAVOR_RABBITS))
    assert warriors(g, "eyrie", 5) == 0  # the Eyrie are enemies: removed
    assert ready_items(g) == 3  # the Vagabond is her partner, not an enemy: no damage (9.2.2.I)
    assert g.decision != "damage item"
    assert g.current_player == "marquise"


def test_law_9_2_2_I_favor_of_a_player_outside_the_coalition_still_damages():
    sc = sc4()
    for n in (3, 4, 10):
        sc.building("workshop", n)
    sc.vagabond("thief", at=5).vb_items("ready", boot=2, sword=1).coalition("eyrie")
    sc.hand("marquise", [FAVOR_RABBITS])
    g = sc.start("marquise", at="marquise_craft")
    do(g, card(FAVOR_RABBITS))
    assert g.decision == "damage item" and g.current_player == "vagabond"


def test_law_2_7_and_8_4_1_partner_alliance_revolt_spares_the_vagabond():
    sc = sc4()
    sc.vagabond("thief", at=5).vb_items("ready", sword=1, boot=2, torch=1).coalition("alliance")
    sc.token("sympathy", 5).supporters([RABBIT_A, RABBIT_B]).warriors("marquise", 5, 2)
    g = sc.start("alliance", at="alliance_revolt")
    do(g, cl(5))
    assert warriors(g, "marquise", 5) == 0  # enemies removed
    assert base(g, RABBIT, 5) == 1
    assert ready_items(g) == 4  # no item damaged: the revolting Alliance is his partner
    assert g.decision != "damage item"


def test_law_2_7_vagabonds_favor_spares_his_partner_alliance():
    """His own Favor removes only enemies: the partner Alliance keeps its base, sympathy, warriors,
    officers and supporters, owes no Outrage, and stays off the Hostile box."""
    sc = sc4()
    sc.vagabond("thief", at=5).vb_items("ready", hammer=3).coalition("alliance")
    sc.token("sympathy", 5).building("base_rabbit", 5).warriors("alliance", 5, 2).officers(4)
    sc.supporters([RABBIT_A, RABBIT_B])
    sc.warriors("marquise", 4, 2)
    sc.hand("vagabond", [FAVOR_RABBITS])
    g = sc.start("vagabond", at="vagabond_actions")
    rel_before = int(g.state[VB_REL + ALLIANCE])
    do(g, card(FAVOR_RABBITS))
    assert warriors(g, "marquise", 4) == 0  # an enemy: removed, and Hostile now (9.2.9.III)
    assert int(g.state[VB_REL + FACTION["marquise"]]) == REL_HOSTILE
    assert warriors(g, "alliance", 5) == 2 and base(g, RABBIT, 5) == 1 and sympathy(g, 5) == 1
    assert int(g.state[AL_OFFICERS]) == 4
    assert len(g.to_dict()["alliance"]["supporters"]) == 2
    assert int(g.state[VB_REL + ALLIANCE]) == rel_before
    assert g.decision == "vagabond: action"  # no Outrage to pay
    assert vp(g, "vagabond") == 0  # in a coalition he scores nothing (9.2.8)


def test_law_2_7_vagabonds_favor_still_removes_a_non_partner_alliance():
    sc = sc4()
    sc.vagabond("thief", at=5).vb_items("ready", hammer=3).coalition("marquise")
    sc.token("sympathy", 5).building("base_rabbit", 5).warriors("alliance", 5, 2).officers(4)
    sc.supporters([RABBIT_A]).hand("vagabond", [FAVOR_RABBITS, ("Bake Sale", "rabbit")])
    g = sc.start("vagabond", at="vagabond_actions")
    do(g, card(FAVOR_RABBITS))
    assert warriors(g, "alliance", 5) == 0 and base(g, RABBIT, 5) == 0 and sympathy(g, 5) == 0
    assert g.decision == "effects: order" and g.current_player == "vagabond"  # Law 1.1.3
    do(g, K.A_DONE)  # the base's discards before the Outrage
    assert int(g.state[AL_OFFICERS]) == 2  # Law 8.2.4: half the officers, rounded up
    assert g.decision == "outrage: card" and g.current_player == "vagabond"  # Law 8.2.6


def test_law_8_2_6_outrage_says_another_player_so_the_partner_vagabond_still_owes_it():
    """Outrage (8.2.6) and Strike (9.5.6) name "another player", not an enemy: the coalition does not
    excuse the partner who removes a sympathy token."""
    sc = sc4()
    sc.vagabond("thief", at=5).vb_items("ready", crossbow=1).token("sympathy", 5).coalition("alliance")
    sc.hand("vagabond", [RABBIT_A])
    g = sc.start("vagabond", at="vagabond_actions")
    do(g, opt(K.OPT_STRIKE), piece("sympathy"))
    assert sympathy(g, 5) == 0
    assert g.decision == "outrage: card" and g.current_player == "vagabond"
    assert legal(g) == {card(RABBIT_A)}
    assert vp(g, "vagabond") == 0  # 9.2.8: in a coalition he scores nothing
