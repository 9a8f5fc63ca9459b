"""Law 3.3.1 and 3.3.4 (and the other options of "any time in Daylight": Tax Collector, Codebreakers, Exposure, a
closed path): they stay open to the end of a faction's Daylight, after its last Daylight step too.

An audit found four factions whose Daylight ended with its last step, without a chance to use them: the Eyrie after
the Decree resolved (Law 7.5.2), the Keepers after the Retinue's last column (Law 15.5.2), the Hundreds between
Advances (Law 14.5.3), and the Duchy after Sway a Minister (Law 12.5.3). Each is checked here with a dominance card
in hand and 10 VP (the activation of Law 3.3.1): offered there, and "end Daylight" goes on to Evening. Where no
option is open, Daylight ends with no extra decision (the games' records stay as they were).
"""
from __future__ import annotations

from root_env import codes as K
from root_env.data import MINISTER_NAMES
from root_env.game import Game
from root_env.layout import CARD_LOC, LOC_DECK, LOC_REMOVED
from root_env.scenario import Scenario, card_id
from rules_helpers import cl, opt, card, do, legal

ACTIVATE = opt(K.OPT_ACTIVATE_DOMINANCE)
DOM = ("Dominance", "fox")


def with_dominance(sc: Scenario, f: str, vp: int = 10) -> Scenario:
    """The fox dominance card in `f`'s hand with `vp` VP (two-player games remove them: Law 5.1.3)."""
    s = sc.state
    c = card_id(*DOM)
    if s[CARD_LOC + c] == LOC_REMOVED:
        s[CARD_LOC + c] = LOC_DECK
        Scenario._rebuild_deck(s)
    return sc.hand(f, [DOM]).vp(f, vp)


def daylight_over(g: Game, f: str) -> bool:
    return g.current_player != f or g.phase != "daylight"


def activate_or_end(g: Game, f: str, make) -> None:
    """At the end of Daylight: "end Daylight" goes on to Evening with the card unused; activating it (a fresh game
    from `make`) leaves no option open, so Daylight ends by itself."""
    assert g.current_player == f and g.phase == "daylight"
    assert legal(g) == {K.A_DONE, ACTIVATE}
    assert g.describe(K.A_DONE).endswith("end Daylight")
    do(g, K.A_DONE)
    assert daylight_over(g, f) and g.to_dict()["dominance"] == {}
    g = make()
    do(g, ACTIVATE, card(*DOM))
    assert g.to_dict()["dominance"] == {f: "fox"}
    assert daylight_over(g, f)


# ------------------------------------------------------------------ the Eyrie (Law 7.5.2)
def eyrie_decree(vp: int) -> Game:
    """The Builder's viziers (recruit, move): the Decree is the two viziers alone."""
    sc = Scenario(seed=1).leader("builder").building("roost", 1).warriors("eyrie", 1, 1)
    g = with_dominance(sc, "eyrie", vp).start("eyrie", at="eyrie_decree")
    do(g, opt(K.OPT_VIZIER), cl(1))               # recruit at the roost
    do(g, opt(K.OPT_VIZIER), cl(1), cl(5), K.A_COUNT + 1)  # move both warriors
    return g


def test_law_3_3_1_eyrie_may_activate_dominance_after_the_decree_resolved():
    activate_or_end(eyrie_decree(10), "eyrie", lambda: eyrie_decree(10))


def test_law_3_3_1_eyrie_daylight_ends_with_the_decree_when_no_option_is_open():
    g = eyrie_decree(9)  # 9 VP: no activation (Law 3.3.1), nothing else open
    assert daylight_over(g, "eyrie")


# ------------------------------------------------------------------ the Keepers in Iron (Law 15.5.2)
def keepers_retinue(vp: int) -> Game:
    sc = (Scenario(("keepers", "marquise"), seed=0).warriors("keepers", 5, 2)
          .retinue("move", [("Ambush!", "rabbit")], retainers=0)
          .retinue("battle then delve", [], retainers=0).retinue("move or recover", [], retainers=0))
    g = with_dominance(sc, "keepers", vp).start("keepers", at="keepers_retinue")
    do(g, card("Ambush!", "rabbit"), cl(5), cl(1), K.A_COUNT + 1)
    return g


def test_law_3_3_1_keepers_may_activate_dominance_after_the_retinue_is_exhausted():
    activate_or_end(keepers_retinue(10), "keepers", lambda: keepers_retinue(10))


def test_law_3_3_1_keepers_daylight_ends_with_the_retinue_when_no_option_is_open():
    assert daylight_over(keepers_retinue(9), "keepers")


# ------------------------------------------------------------------ the Lord of the Hundreds (Law 14.5.3)
def test_law_3_3_1_hundreds_may_activate_dominance_between_advances():
    sc = Scenario(("hundreds", "marquise"), seed=0).warriors("hundreds", 1, 2).warlord(1).mood("bitter")
    g = with_dominance(sc, "hundreds").start("hundreds", at="hundreds_advance")
    assert ACTIVATE in legal(g)  # before the first Advance
    do(g, opt(K.OPT_MOVE), cl(5), K.A_COUNT + 2)  # the warlord with both warriors
    # the Advance may go on with a battle: no option in the middle of it (an Advance is one action, Law 14.5.3)
    assert ACTIVATE not in legal(g)
    do(g, K.A_DONE)  # this Advance ends
    assert g.current_player == "hundreds" and ACTIVATE in legal(g)
    do(g, ACTIVATE, card(*DOM))
    assert g.to_dict()["dominance"] == {"hundreds": "fox"}
    assert g.current_player == "hundreds" and g.phase == "daylight"


# ------------------------------------------------------------------ the Underground Duchy (Law 12.5.3)
FOX1, MOUSE1 = ("Anvil", "fox"), ("Mouse-in-a-Sack", "mouse")


def minister(name: str) -> int:
    return K.A_OPT + K.OPT_MINISTER + MINISTER_NAMES.index(name)


def duchy_sway(vp: int) -> Game:
    sc = Scenario(("duchy", "marquise"), seed=0).warriors("duchy", 1, 1).warriors("duchy", 2, 1).hand("duchy", [FOX1, MOUSE1])
    return with_dominance(sc, "duchy", vp).start("duchy", at="duchy_sway")


def test_law_3_3_1_duchy_may_activate_dominance_before_and_after_sway():
    g = duchy_sway(10)
    assert minister("captain") in legal(g) and ACTIVATE in legal(g)  # beside the ministers
    assert g.describe(ACTIVATE) == "duchy: activate dominance"
    assert g.describe(minister("captain")) == "duchy: sway the captain"

    def swayed():
        g = duchy_sway(10)
        do(g, minister("captain"), card(*FOX1), card(*MOUSE1))
        return g
    # swayed (Law 12.5.3: one minister a turn): Daylight goes on with the options alone
    activate_or_end(swayed(), "duchy", swayed)


def test_law_3_3_1_duchy_daylight_ends_with_sway_when_no_option_is_open():
    g = duchy_sway(8)  # 9 VP with the crown's: no activation
    do(g, minister("captain"), card(*FOX1), card(*MOUSE1))
    assert daylight_over(g, "duchy")
