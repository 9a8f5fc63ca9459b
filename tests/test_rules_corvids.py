"""Law of Root, section 13 (Corvid Conspiracy), seed 003, with the component numbers of
shared/reference/expansion_numbers.md section 3 (15 warriors, two plots of each type, three Daylight actions,
1 VP for a right Exposure guess): each rule checked in isolation through the action space, written from the
Law text, and the readings the engine chose where the text leaves room (tests named ``test_reading_...``):

- Exposure is used on the enemy's own turn, offered at the start of its Birdsong, in its Daylight menus, at
  the start of its Evening and after each Evening step before the draw (13.2.4: the Alliance's operations, the
  Cult's returned cards and crafting, a Cobbler move, the Riverfolk's discard);
- the card shown for an Exposure is seen by the Corvids only; a wrong guess is public ("not this type");
- the Vagabond's pawn cannot move or slip out of a snared clearing;
- a snare also stops Field Hospitals at a snared keep, wood at snared sawmills, recruits at snared
  recruiters and bases (a revolt removes it first, 8.4.1.III: not a reading);
- no plot may be placed in the keep's clearing (6.2.2);
- a Trick carries the ruled-out types with the tokens;
- a bomb scores its own flip, then leaves;
- removed plots return to the Corvids' supply face down.

Positions are built with ``root_env.scenario.Scenario``; actions are chosen by id and applied with
``Game.apply``; assertions read the state regions of ``root_env.layout`` and the observation fields.
Clearings are named by their printed number 1..12 (Autumn map): fox 1 6 8 12, rabbit 3 4 5 10,
mouse 2 7 9 11; corners 1-3 and 2-4 opposite.
Paths: 1: 5 9 10; 2: 5 6 10; 3: 6 7 11; 4: 8 9 12; 5: 1 2; 6: 2 3 11; 7: 3 8 12; 8: 4 7;
9: 1 4 12; 10: 1 2 12; 11: 3 6 12; 12: 4 7 9 10 11.
Rivers (none of them a path): 5-10, 10-11, 7-11, 4-7; the river clearings are 4 5 7 10 11.
"""
from __future__ import annotations

import numpy as np
import pytest

from root_env import codes as K, IllegalActionError
from root_env.data import (NC, CORVIDS, WARRIOR_TOTAL, CV_PLOTS_PER_TYPE, CV_DAYLIGHT_ACTIONS, CV_EXPOSE_VP,
                           PLOT_NAMES, TT_PLOT, CLEARING_SUIT, SUIT_NAMES)
from root_env.errors import RootError, ScenarioError
from root_env.game import Game
from root_env.layout import (CARD_KNOWN, LOC_DISCARD, TOKENS, CV_FACE_UP, CV_EXCLUDED, CV_PLACED, CV_ACTIONS,
                             CV_RECRUITED, VB_PAWN)
from root_env.observation import obs_fields
from root_env.scenario import Scenario, card_id
from rules_helpers import (random_play, card, cards_offered, cl, clearings_offered, do, faction, finish_hits, hand_n,
                           in_hand, legal, opt, piece, supply, vp, warriors, loc, crafted_items, vb_item)

# Cards with a single copy in the deck, so that (name, suit) names one card.
ANVIL = ("Anvil", "fox")                     # craft: fox -> hammer, 2 VP
FOX_STEEL = ("Foxfolk Steel", "fox")         # craft: fox fox -> sword, 2 VP
CROSSBOW = ("Crossbow", "bird")              # craft: fox -> crossbow, 1 VP
VISIT = ("A Visit to Friends", "rabbit")     # craft: rabbit -> boot, 1 VP
BAKE_SALE = ("Bake Sale", "rabbit")
SMUGGLER = ("Smuggler's Trail", "rabbit")
MOUSE_SACK = ("Mouse-in-a-Sack", "mouse")
INVESTMENTS = ("Investments", "mouse")
ROOT_TEA_F = ("Root Tea", "fox")
TRAVEL_GEAR_F = ("Travel Gear", "fox")
ARMS_TRADER = ("Arms Trader", "bird")
FAVOR_RABBITS = ("Favor of the Rabbits", "rabbit")

BOMB, SNARE, EXTORTION, RAID = PLOT_NAMES


# ------------------------------------------------------------------ helpers
def sc2(other: str = "marquise", seed: int = 1) -> Scenario:
    """An empty board for one other faction and the Corvids (every plot in the Corvids' supply)."""
    return Scenario((other, "corvids"), seed=seed)


def sc3(other: str = "eyrie", seed: int = 1) -> Scenario:
    return Scenario(("marquise", other, "corvids"), seed=seed)


def plot_action(kind: str) -> int:
    """The action naming a plot type (placing one, guessing one)."""
    return piece("plot_" + kind)


def plot_in(g: Game, n: int) -> str | None:
    """The type of the plot in clearing n (the true one, read from the state), or None."""
    for t, name in enumerate(PLOT_NAMES):
        if g.state[TOKENS + (TT_PLOT + t) * NC + n - 1] > 0:
            return name
    return None


def plots_on_map(g: Game) -> dict[int, str]:
    return {n: plot_in(g, n) for n in range(1, NC + 1) if plot_in(g, n)}


def face_up(g: Game, n: int) -> bool:
    return bool(g.state[CV_FACE_UP + n - 1])


def ruled_out(g: Game, n: int) -> set[str]:
    return {name for t, name in enumerate(PLOT_NAMES) if (int(g.state[CV_EXCLUDED + n - 1]) >> t) & 1}


def in_supply(g: Game, kind: str) -> int:
    t = PLOT_NAMES.index(kind)
    return int(CV_PLOTS_PER_TYPE[t]) - int(g.state[TOKENS + (TT_PLOT + t) * NC:TOKENS + (TT_PLOT + t + 1) * NC].sum())


def field(g: Game, viewer: str, name: str) -> np.ndarray:
    return obs_fields(g.observe(viewer))[name]


def with_dice(build, attacker: int, defender: int) -> Game:
    """The game built by build(1), stopped before the battle's roll, with the roll's two dice chosen (``Game.dice``;
    the attacker deals the higher, Law 4.3.2)."""
    return build(1).dice(attacker, defender)


def done_until(g: Game, decision: str, limit: int = 20) -> None:
    """Answer 'done' (or the first option) until `decision` is pending."""
    for _ in range(limit):
        if g.decision == decision:
            return
        do(g, K.A_DONE if K.A_DONE in legal(g) else int(g.legal_actions()[0]))
    raise AssertionError(f"{decision!r} never came; now {g.decision!r}")


# ================================================================== 13.2.1 crafting
@pytest.mark.parametrize("up", [False, True])
def test_law_13_2_1_craft_by_activating_plots_face_up_or_down(up):
    """13.2.1 / 13.4.1: "The Corvids craft during Birdsong by activating plot tokens (whether face up or
    down)": a fox plot crafts Anvil (fox), face down or face up."""
    sc = sc2()
    sc.plot(BOMB, 6, face_up=up).hand("corvids", [ANVIL])
    g = sc.start("corvids", at="corvids_craft")
    assert g.decision == "corvids: craft" and g.phase == "birdsong"
    assert card(ANVIL) in legal(g)
    do(g, card(ANVIL))
    assert crafted_items(g, "corvids", "hammer") == 1 and vp(g, "corvids") == 2 and loc(g, ANVIL) == LOC_DISCARD
    assert plot_in(g, 6) == BOMB and face_up(g, 6) == up  # activating leaves the plot as it was


def test_law_13_2_1_warriors_alone_do_not_craft():
    """Only plots are the Corvids' crafting pieces: warriors in fox clearings craft nothing."""
    sc = sc2()
    sc.warriors("corvids", 1, 3).warriors("corvids", 6, 3).hand("corvids", [ANVIL])
    g = sc.start("corvids", at="corvids_craft")
    assert g.decision == "corvids: recruit"  # nothing to craft, nothing to flip: on to Recruit (any card)


def test_law_13_2_1_plots_match_the_suit_of_their_clearing():
    """A plot in a rabbit clearing (5) crafts a rabbit card, not a fox one."""
    sc = sc2()
    sc.plot(SNARE, 5).hand("corvids", [ANVIL, VISIT])
    g = sc.start("corvids", at="corvids_craft")
    assert card(VISIT) in legal(g) and card(ANVIL) not in legal(g)


def test_law_13_2_1_one_plot_per_symbol_each_activated_once_a_turn():
    """Foxfolk Steel costs two fox: one fox plot is not enough, two are. A plot activated for one card is
    not activated again this turn (Law 4.1.1)."""
    sc = sc2()
    sc.plot(BOMB, 6).hand("corvids", [FOX_STEEL, ANVIL, CROSSBOW])
    g = sc.start("corvids", at="corvids_craft")
    assert card(FOX_STEEL) not in legal(g) and {card(ANVIL), card(CROSSBOW)} <= legal(g)
    do(g, card(CROSSBOW))
    assert g.decision == "corvids: recruit"  # the plot is used: nothing more to craft
    sc = sc2()
    sc.plot(BOMB, 6).plot(RAID, 12, face_up=True).hand("corvids", [FOX_STEEL])
    g = sc.start("corvids", at="corvids_craft")
    do(g, card(FOX_STEEL))
    assert crafted_items(g, "corvids", "sword") == 1


def test_law_13_2_1_crafting_is_in_birdsong_only():
    """13.4.1 lists Craft in Birdsong; the Daylight actions (13.5) and Exert (13.6.1) do not craft."""
    sc = sc2()
    sc.plot(BOMB, 6).warriors("corvids", 6, 1).hand("corvids", [ANVIL])
    g = sc.start("corvids", at="corvids_daylight")
    assert g.decision == "corvids: daylight" and card(ANVIL) not in legal(g)
    g = sc.start("corvids", at="corvids_evening")
    assert card(ANVIL) not in legal(g)


# ================================================================== 13.2.2 plot tokens
def test_law_13_2_2_eight_plots_two_of_each_type():
    """13.2.2: "eight plot tokens, two of each type"."""
    assert list(CV_PLOTS_PER_TYPE) == [2, 2, 2, 2] and PLOT_NAMES == ("bomb", "snare", "extortion", "raid")


def test_law_13_2_2_only_types_left_in_supply_can_be_placed():
    """With both bombs on the map, a Plot action offers the other three types only."""
    sc = sc2()
    sc.plot(BOMB, 1).plot(BOMB, 2, face_up=True).warriors("corvids", 5, 1)
    g = sc.start("corvids", at="corvids_daylight")
    do(g, opt(K.OPT_PLOT), cl(5))
    assert g.decision == "plot: which"
    assert legal(g) == {plot_action(t) for t in (SNARE, EXTORTION, RAID)}


def test_law_13_2_2_i_placed_face_down_and_in_supply_face_down():
    """13.2.2.I: "While in the Corvids' supply, plot tokens are face down ... on the map ... face up or face
    down": a plot is placed face down (13.5.2); the other players see where it is, not its type, and only the
    number of plots in the supply."""
    sc = sc2()
    sc.warriors("corvids", 5, 1)
    g = sc.start("corvids", at="corvids_daylight")
    do(g, opt(K.OPT_PLOT), cl(5), plot_action(EXTORTION))
    assert plot_in(g, 5) == EXTORTION and not face_up(g, 5)
    assert field(g, "marquise", "plots")[4].tolist() == [1, 0]  # clearing 5: a face-down plot
    assert field(g, "marquise", "tokens")[TT_PLOT:TT_PLOT + 4, 4].sum() == 0  # its type is not shown
    assert field(g, "marquise", "plot_supply").tolist() == [0, 0, 0, 0, 7]
    assert field(g, "corvids", "plot_supply").tolist() == [2, 2, 1, 2, 7]


def test_law_13_2_2_i_the_corvids_inspect_face_down_plots_at_any_time():
    """13.2.2.I: "The Corvids can inspect any facedown plot token at any time": their observation shows the
    type of each face-down plot, on any player's turn."""
    sc = sc2()
    sc.plot(RAID, 5).plot(SNARE, 1, face_up=True).warriors("marquise", 2, 1)
    g = sc.start("marquise", at="birdsong")
    tokens = field(g, "corvids", "tokens")
    assert tokens[TT_PLOT + PLOT_NAMES.index(RAID), 4] == 1 and tokens[TT_PLOT + PLOT_NAMES.index(SNARE), 0] == 1
    other = field(g, "marquise", "tokens")
    assert other[TT_PLOT + PLOT_NAMES.index(RAID), 4] == 0 and other[TT_PLOT + PLOT_NAMES.index(SNARE), 0] == 1


def test_law_13_2_2_ii_one_plot_per_clearing():
    """13.2.2.II: "Each clearing can hold only one plot token": a clearing with a plot, face up or down, is not
    offered for a Plot action, however many warriors are there."""
    sc = sc2()
    sc.plot(RAID, 5).plot(SNARE, 1, face_up=True).plot(BOMB, 10)
    for n in (1, 5, 10, 12):
        sc.warriors("corvids", n, 3)
    g = sc.start("corvids", at="corvids_daylight")
    do(g, opt(K.OPT_PLOT))
    assert clearings_offered(g) == {12}


# ================================================================== 13.2.3 Nimble
def test_law_13_2_3_nimble_the_corvids_move_whoever_rules():
    """13.2.3: "The Corvids can move regardless of who rules their origin or destination clearing": the
    Marquise rule both 5 and 1; the Corvids' single warrior in 5 moves to 1 (and to 2)."""
    sc = sc2()
    sc.warriors("marquise", 5, 3).warriors("marquise", 1, 3).warriors("marquise", 2, 3).warriors("corvids", 5, 1)
    g = sc.start("corvids", at="corvids_daylight")
    assert opt(K.OPT_MOVE) in legal(g)
    do(g, opt(K.OPT_MOVE))
    assert clearings_offered(g) == {5}
    do(g, cl(5))
    assert clearings_offered(g) == {1, 2}
    do(g, cl(1))
    if g.decision == "move: how many":
        do(g, K.A_COUNT)
    assert warriors(g, "corvids", 1) == 1 and warriors(g, "corvids", 5) == 0


def test_law_13_2_3_nimble_is_the_corvids_alone():
    """The same position for the Eyrie: a warrior where the Marquise rule both ends does not move (4.2.1)."""
    sc = Scenario(("marquise", "eyrie", "corvids"), seed=1)
    sc.warriors("marquise", 5, 3).warriors("marquise", 1, 3).warriors("marquise", 2, 3).warriors("eyrie", 5, 1)
    sc.hand("eyrie", [("Ambush!", "fox")])
    g = sc.start("eyrie", at="eyrie_decree")
    assert opt(K.OPT_MOVE) not in legal(g)


# ================================================================== 13.3 setup
def _to_corvid_setup(keep: int = 1) -> Game:
    g = Game.new(("marquise", "corvids"), seed=3)
    do(g, cl(keep))
    while g.decision == "setup: building":
        do(g, int(g.legal_actions()[0]))
    return g


def test_law_13_3_setup():
    """13.3.1: "Form supplies of 15 warriors and 8 plot tokens face down"; 13.3.2: "Place 1 warrior in any
    clearing of each suit (total of 3)" (not the keep's clearing, 6.2.2)."""
    assert WARRIOR_TOTAL[CORVIDS] == 15
    g = _to_corvid_setup(1)
    assert g.decision == "setup: corvid warrior" and g.current_player == "corvids"
    assert supply(g, "corvids") == 15 and plots_on_map(g) == {}
    assert field(g, "corvids", "plot_supply").tolist() == [2, 2, 2, 2, 8]
    all_but_keep = set(range(2, 13))
    assert clearings_offered(g) == all_but_keep
    do(g, cl(6))  # fox
    assert clearings_offered(g) == {n for n in all_but_keep if SUIT_NAMES[CLEARING_SUIT[n - 1]] != "fox"}
    do(g, cl(5))  # rabbit
    assert clearings_offered(g) == {2, 7, 9, 11}  # mouse
    do(g, cl(11))
    assert [warriors(g, "corvids", n) for n in (6, 5, 11)] == [1, 1, 1] and supply(g, "corvids") == 12
    assert plots_on_map(g) == {} and g.phase != "setup" and g.active == "marquise"


# ================================================================== 13.2.4 Exposure
def _exposure(kind: str = RAID, hand=(BAKE_SALE, ANVIL, ARMS_TRADER), at: str = "exposure_birdsong",
              other: str = "marquise") -> Game:
    """The Marquise (2 warriors) with a face-down `kind` in rabbit clearing 5; her hand: a rabbit, a fox and a
    bird card."""
    sc = sc2(other)
    sc.warriors(other, 5, 2).plot(kind, 5).hand(other, list(hand))
    return sc.start(other, at=at)


def test_law_13_2_4_an_enemy_with_faction_pieces_where_a_face_down_plot_lies():
    """13.2.4: "an enemy player with faction pieces in a clearing with a facedown plot token": 5 (her warriors
    and a face-down plot) and 9 (her sawmill, a building, and a face-down plot) are offered; 10 (a face-down
    plot, none of her pieces) and 1 (her warriors, a face-up plot) are not."""
    sc = sc2()
    sc.warriors("marquise", 5, 2).plot(RAID, 5).building("sawmill", 9).plot(BOMB, 9).plot(SNARE, 10)
    sc.warriors("marquise", 1, 1).plot(EXTORTION, 1, face_up=True)
    sc.hand("marquise", [BAKE_SALE, MOUSE_SACK, ANVIL])
    g = sc.start("marquise", at="exposure_birdsong")
    assert g.decision == "exposure: where" and g.current_player == "marquise"
    assert clearings_offered(g) == {5, 9} and K.A_DONE in legal(g)


def test_law_13_2_4_a_matching_card_is_needed_birds_match():
    """13.2.4: "show the Corvids a matching card": for rabbit clearing 5 the rabbit card and the bird (2.1.1:
    birds are wild), not the fox card; with only fox cards in hand, clearing 5 is not offered at all."""
    g = _exposure()
    do(g, cl(5))
    assert g.decision == "exposure: card"
    assert cards_offered(g) == {card(BAKE_SALE), card(ARMS_TRADER)}
    g = _exposure(hand=(ANVIL, ROOT_TEA_F))
    assert g.decision != "exposure: where"


def test_law_13_2_4_every_type_may_be_guessed():
    g = _exposure()
    do(g, cl(5), card(BAKE_SALE))
    assert g.decision == "exposure: guess" and g.current_player == "marquise"
    assert legal(g) == {plot_action(t) for t in PLOT_NAMES}


@pytest.mark.parametrize("kind", PLOT_NAMES)
def test_law_13_2_4_right_guess_removes_the_plot_and_scores_one(kind):
    """13.2.4: "If correct, the enemy player removes the plot token (scoring a victory point) and ignores its
    effect": the plot leaves (back to the Corvids' supply), the Marquise score 1, the Corvids nothing; she
    keeps the card she showed; a raid places no warriors (13.7.4)."""
    assert CV_EXPOSE_VP == 1
    g = _exposure(kind)
    do(g, cl(5), card(BAKE_SALE), plot_action(kind))
    assert plot_in(g, 5) is None and in_supply(g, kind) == 2
    assert vp(g, "marquise") == 1 and vp(g, "corvids") == 0
    assert in_hand(g, "marquise", BAKE_SALE) and hand_n(g, "marquise") == 3
    assert warriors(g, "corvids", 1) == 0 and warriors(g, "corvids", 2) == 0 and supply(g, "corvids") == 15
    assert warriors(g, "marquise", 5) == 2


@pytest.mark.parametrize("kind, guess", [(RAID, BOMB), (BOMB, RAID), (SNARE, EXTORTION), (EXTORTION, SNARE)])
def test_law_13_2_4_wrong_guess_the_card_goes_to_the_corvids(kind, guess):
    """13.2.4: "If incorrect, the Corvids say "no", and the enemy player gives that card to the Corvids": the
    plot stays face down, nobody scores, and the guessed type is ruled out there."""
    g = _exposure(kind)
    do(g, cl(5), card(BAKE_SALE), plot_action(guess))
    assert in_hand(g, "corvids", BAKE_SALE) and hand_n(g, "marquise") == 2 and hand_n(g, "corvids") == 1
    assert plot_in(g, 5) == kind and not face_up(g, 5)
    assert vp(g, "marquise") == 0 and vp(g, "corvids") == 0
    assert ruled_out(g, 5) == {guess}


def test_law_13_2_4_exposure_may_be_tried_again():
    """"Anytime on their turn": after a guess Exposure is offered again (here with the bird card, the rabbit
    one given away); two wrong guesses rule out both types."""
    g = _exposure(RAID)
    do(g, cl(5), card(BAKE_SALE), plot_action(BOMB))
    assert g.decision == "exposure: where" and clearings_offered(g) == {5}
    do(g, cl(5))
    assert cards_offered(g) == {card(ARMS_TRADER)}
    do(g, card(ARMS_TRADER), plot_action(SNARE))
    assert ruled_out(g, 5) == {BOMB, SNARE} and hand_n(g, "corvids") == 2
    assert g.decision != "exposure: where"  # no matching card left (Anvil is fox)


def test_law_13_2_4_the_vagabonds_pawn_is_a_faction_piece():
    """The Vagabond (2.7: an enemy) with his pawn in clearing 5 may expose the plot there."""
    sc = sc2("vagabond")
    sc.vagabond("thief", at=5).plot(SNARE, 5).hand("vagabond", [BAKE_SALE])
    g = sc.start("vagabond", at="exposure_birdsong")
    assert g.decision == "exposure: where" and clearings_offered(g) == {5}
    do(g, cl(5), card(BAKE_SALE), plot_action(SNARE))
    assert plot_in(g, 5) is None and vp(g, "vagabond") == 1


def test_law_13_2_4_a_coalition_partner_is_no_enemy_and_cannot_expose():
    """13.2.4 is for "an enemy player"; the Vagabond in a coalition with the Corvids is not one (Law 2.7):
    with his pawn and a matching card where a face-down plot lies, nothing is offered, in Birdsong, in his
    Daylight menu or in Evening."""
    def position(partner: bool) -> Scenario:
        sc = Scenario(("marquise", "eyrie", "vagabond", "corvids"), seed=1)
        sc.vagabond("thief", at=5).vb_items("ready", boot=2, torch=1).plot(SNARE, 5).hand("vagabond", [BAKE_SALE])
        if partner:
            sc.coalition("corvids")
        return sc
    g = position(False).start("vagabond", at="exposure_birdsong")
    assert g.decision == "exposure: where"
    for at in ("exposure_birdsong", "exposure_daylight", "exposure_evening"):
        g = position(True).start("vagabond", at=at)
        assert g.decision != "exposure: where" and opt(K.OPT_EXPOSE) not in legal(g), at
    g = position(True).start("vagabond", at="exposure_daylight")
    assert g.decision == "vagabond: action"


def test_law_13_2_4_not_on_the_corvids_turn():
    """Exposure is the enemy's, on their turn: during the whole of the Corvids' turn nobody else is asked
    anything, though the Marquise have pieces and a matching card where a face-down plot lies."""
    sc = sc2()
    sc.warriors("marquise", 5, 2).plot(RAID, 5).warriors("corvids", 12, 1).hand("marquise", [BAKE_SALE])
    g = sc.start("corvids", at="corvids_craft")
    while g.active == "corvids":
        assert g.current_player == "corvids", g.decision
        do(g, K.A_DONE if K.A_DONE in legal(g) else int(g.legal_actions()[0]))
    assert g.active == "marquise" and g.decision == "exposure: where"


def test_law_13_2_4_not_on_another_enemys_turn():
    """Three players: on the Eyrie's turn the Marquise, whose pieces and card would let them expose, are never
    asked; the Eyrie have no piece there and are not asked either."""
    sc = sc3()
    sc.warriors("marquise", 5, 2).plot(RAID, 5).hand("marquise", [BAKE_SALE]).hand("eyrie", [VISIT])
    sc.warriors("eyrie", 1, 1).building("roost", 1)
    g = sc.start("eyrie", at="birdsong")
    while g.active == "eyrie" and not g.is_over:
        assert g.current_player == "eyrie" and not g.decision.startswith("exposure"), g.decision
        do(g, K.A_DONE if K.A_DONE in legal(g) else int(g.legal_actions()[0]))


def test_law_13_2_4_before_drawing_in_their_evening():
    """13.2.4: "before drawing any cards in their Evening": at the start of the Marquise's Evening Exposure
    comes before her draw (her hand is still 3 cards); after it she draws, and Exposure is not offered again
    that turn."""
    g = _exposure(at="evening")
    assert g.decision == "exposure: where" and g.phase == "evening" and hand_n(g, "marquise") == 3
    do(g, K.A_DONE)
    assert hand_n(g, "marquise") == 4 and g.active == "corvids"  # drew one, no discard: her turn is over
    g = _exposure(at="evening", hand=(BAKE_SALE, VISIT, SMUGGLER, ANVIL, ROOT_TEA_F))
    do(g, K.A_DONE)
    assert g.decision == "discard (hand limit)" and hand_n(g, "marquise") == 6  # drawn: no Exposure now
    assert not any(a == opt(K.OPT_EXPOSE) for a in legal(g))


DAYLIGHT_MENUS = [("marquise", "marquise_craft"), ("marquise", "marquise_actions"), ("eyrie", "eyrie_craft"),
                  ("eyrie", "eyrie_decree"), ("alliance", "alliance_daylight"), ("vagabond", "vagabond_actions"),
                  ("lizards", "lizards_daylight"), ("riverfolk", "riverfolk_daylight")]


@pytest.mark.parametrize("who, at", DAYLIGHT_MENUS)
def test_reading_exposure_is_in_every_daylight_menu_of_an_enemy(who, at):
    """Reading (docs/rules.md) of 13.2.4 "Anytime on their turn": every Daylight menu of an enemy of the
    Corvids offers "exposure" while a guess is possible; it opens "exposure: where" without "done" (declining
    there would return to the same menu unchanged: "Exposure chosen from a menu"), and after the guess the turn
    goes back to the same menu."""
    sc = Scenario((who, "corvids"), seed=1)
    if who == "vagabond":
        sc.vagabond("thief", at=5).vb_items("ready", boot=2, torch=1, sword=1)
    else:
        sc.warriors(who, 5, 2)
    if who == "eyrie":
        sc.building("roost", 5).decree("move", [("Ambush!", "bird")])
    if who == "riverfolk":
        sc.funds("riverfolk", 2)
    sc.plot(RAID, 5).hand(who, [BAKE_SALE, VISIT, SMUGGLER])
    g = sc.start(who, at=at)
    menu = g.decision
    assert g.current_player == who and g.phase == "daylight"
    assert opt(K.OPT_EXPOSE) in legal(g), (menu, [g.describe(a) for a in legal(g)])
    do(g, opt(K.OPT_EXPOSE))
    assert g.decision == "exposure: where" and clearings_offered(g) == {5} and K.A_DONE not in legal(g)
    do(g, cl(5), card(BAKE_SALE), plot_action(BOMB))  # wrong: the rabbit card goes to the Corvids
    while g.decision == "exposure: where":  # the bird card (Smuggler) could guess again: "not now"
        do(g, K.A_DONE)
    assert g.decision == menu and g.current_player == who and in_hand(g, "corvids", BAKE_SALE)
    sc.state[CV_FACE_UP + 4] = 1  # and not once no guess is possible: the plot is face up
    g = sc.start(who, at=at)
    assert opt(K.OPT_EXPOSE) not in legal(g)


def test_law_13_2_4_exposure_chosen_from_a_menu_cannot_loop():
    """Exposure chosen from a Daylight menu leads to a guess (docs/rules.md, "Exposure chosen from a menu"): an agent
    that always chooses Exposure and then declines whatever it can still ends its turn, since every entry costs a
    guess (a card given away or a plot removed). Before, "not now" returned to the menu unchanged and such an agent
    looped forever (a heuristic five-player game did)."""
    sc = Scenario(("eyrie", "corvids"), seed=1)
    sc.warriors("eyrie", 5, 2).building("roost", 5).decree("move", [("Ambush!", "bird")])
    sc.plot(RAID, 5).hand("eyrie", [BAKE_SALE, VISIT, SMUGGLER])
    g = sc.start("eyrie", at="eyrie_decree")
    for _ in range(200):
        if g.active != "eyrie" or g.phase != "daylight":
            break
        acts = legal(g)
        a = opt(K.OPT_EXPOSE) if opt(K.OPT_EXPOSE) in acts else (K.A_DONE if K.A_DONE in acts else min(acts))
        do(g, a)
    assert not (g.active == "eyrie" and g.phase == "daylight"), "the Eyrie's Daylight did not end"


def test_reading_exposure_on_the_enemys_own_turn_at_birdsong_daylight_and_evening():
    """Reading (docs/rules.md; expansion_numbers.md note 4) of 13.2.4 "Anytime on their turn, but before drawing
    any cards in their Evening": Exposure is used on the enemy's own turn, offered at the start of its Birdsong
    (after the dominance check, before buying Riverfolk services), in its Daylight menus, and at the start of its
    Evening (before Cobbler and any draw) — and nowhere else: not in the rest of Birdsong (the Eyrie's Decree),
    not after the draw."""
    sc = Scenario(("eyrie", "riverfolk", "corvids"), seed=1)
    sc.warriors("eyrie", 5, 2).building("roost", 5).plot(RAID, 5).hand("eyrie", [BAKE_SALE, VISIT, SMUGGLER])
    g = sc.start("eyrie", at="birdsong")
    assert g.decision == "exposure: where" and g.phase == "birdsong"
    do(g, K.A_DONE)
    assert g.decision == "buy services"
    do(g, K.A_DONE)
    while g.phase == "birdsong":
        assert not g.decision.startswith("exposure") and opt(K.OPT_EXPOSE) not in legal(g), g.decision
        do(g, int(g.legal_actions()[0]))
    assert g.decision == "eyrie: craft" and opt(K.OPT_EXPOSE) in legal(g)
    g = sc.start("eyrie", at="evening")
    assert g.decision == "exposure: where" and g.phase == "evening"
    n = hand_n(g, "eyrie")
    do(g, K.A_DONE)
    assert hand_n(g, "eyrie") == n + 1 and g.active == "riverfolk"  # drew, no discard, turn over


def test_reading_exposure_in_evening_comes_before_cobbler():
    """Reading (docs/rules.md): at the start of Evening Exposure is offered before Cobbler's move (both "at the
    start of Evening"), so the guess is made from the Daylight's position."""
    sc = sc2()
    sc.warriors("marquise", 5, 2).plot(RAID, 5).hand("marquise", [BAKE_SALE]).crafted("marquise", ("Cobbler", "rabbit"))
    g = sc.start("marquise", at="evening")
    assert g.decision == "exposure: where"
    do(g, K.A_DONE)
    assert g.decision == "move: from" and g.phase == "evening" and clearings_offered(g) == {5}


def test_law_13_2_4_exposure_after_the_alliances_evening_move_before_the_draw():
    """13.2.4 "Anytime on their turn, but before drawing any cards in their Evening": the Alliance's military
    operations (8.6.1) come before its draw (8.6.2), so after a move into 5, where a face-down raid lies, its
    operations menu offers Exposure (an option, not an operation); a right guess removes the plot for 1 VP, and the
    draw follows."""
    sc = sc2("alliance")
    sc.warriors("alliance", 1, 2).officers(1).plot(RAID, 5).hand("alliance", [BAKE_SALE])
    g = sc.start("alliance", at="alliance_operations")
    assert g.decision == "alliance: operations" and opt(K.OPT_EXPOSE) not in legal(g)  # no piece in 5 yet
    do(g, opt(K.OPT_MOVE), cl(1), cl(5))
    if g.decision == "move: how many":
        do(g, K.A_COUNT)
    assert g.decision == "alliance: operations" and legal(g) == {K.A_DONE, opt(K.OPT_EXPOSE)}  # no operation left
    do(g, opt(K.OPT_EXPOSE), cl(5), card(BAKE_SALE), plot_action(RAID))
    assert plot_in(g, 5) is None and vp(g, "alliance") == 1 and warriors(g, "corvids", 1) == 0  # no raid (13.7.4)
    assert hand_n(g, "alliance") == 1 + 1 and g.active == "corvids"  # nothing left to offer: drew one (no base)


def test_law_13_2_4_exposure_with_the_lizard_cults_returned_cards_before_the_draw():
    """13.2.4 with 10.6.1-10.6.3: the Cult's revealed cards return to hand before the Evening's crafting and draw,
    so Exposure is open with a returned card (here the only rabbit one): offered in the Evening crafting menu; a
    wrong guess gives the card to the Corvids and rules the type out."""
    sc = sc2("lizards")
    sc.warriors("lizards", 5, 1).plot(RAID, 5).revealed([BAKE_SALE])
    g = sc.start("lizards", at="lizards_evening")
    assert g.decision == "cult: craft" and legal(g) == {K.A_DONE, opt(K.OPT_EXPOSE)}
    do(g, opt(K.OPT_EXPOSE), cl(5), card(BAKE_SALE), plot_action(BOMB))
    assert ruled_out(g, 5) == {BOMB} and in_hand(g, "corvids", BAKE_SALE)
    assert hand_n(g, "lizards") == 1 and g.active == "corvids"  # nothing left to offer: the draw (10.6.3)


def test_law_13_2_4_exposure_after_a_cobbler_move_before_the_draw():
    """13.2.4: Cobbler's move ("at the start of Evening") comes before the draw, so after it carries the
    Marquise's warriors from 1 into 5, where a face-down raid lies, Exposure is offered there."""
    sc = sc2()
    sc.warriors("marquise", 1, 2).plot(RAID, 5).hand("marquise", [BAKE_SALE]).crafted("marquise", ("Cobbler", "rabbit"))
    g = sc.start("marquise", at="evening")
    assert g.decision == "move: from"  # nothing to expose at the start of Evening
    do(g, cl(1), cl(5))
    if g.decision == "move: how many":
        do(g, K.A_COUNT + 1)
    assert g.decision == "exposure: where" and g.phase == "evening" and clearings_offered(g) == {5}
    n = hand_n(g, "marquise")
    do(g, K.A_DONE)
    assert hand_n(g, "marquise") == n + 1 and g.active == "corvids"


def test_law_13_2_4_the_riverfolk_may_expose_after_their_evening_discard():
    """13.2.4 "before drawing any cards in their Evening": the Riverfolk draw none in their Evening (11.6.1 discard,
    11.6.2 set costs), so Exposure stays open after the discard, before the prices are set."""
    sc = sc2("riverfolk")
    sc.warriors("riverfolk", 5, 1).plot(RAID, 5)
    sc.hand("riverfolk", [BAKE_SALE, ANVIL, FOX_STEEL, CROSSBOW, MOUSE_SACK, INVESTMENTS, ROOT_TEA_F])
    g = sc.start("riverfolk", at="riverfolk_evening")
    assert g.decision == "discard (hand limit)"
    do(g, card(ANVIL), card(FOX_STEEL))
    assert g.decision == "exposure: where" and clearings_offered(g) == {5}
    do(g, K.A_DONE)
    assert g.decision == "riverfolk: set price"


def _shown(shown, guess: str | None) -> Game:
    """Three players; the Marquise show `shown` (a rabbit card or a bird) for the face-down raid in 5."""
    sc = sc3()
    sc.warriors("marquise", 5, 2).plot(RAID, 5).hand("marquise", [BAKE_SALE, VISIT, ARMS_TRADER])
    g = sc.start("marquise", at="exposure_birdsong")
    do(g, cl(5), card(shown))
    if guess:
        do(g, plot_action(guess))
    return g


def test_reading_the_shown_card_is_seen_by_the_corvids_only():
    """Reading (docs/rules.md) of 13.2.4 "show the Corvids a matching card": the Corvids see it, the Eyrie do
    not. While the guess is pending, and after a right guess (the card stays in her hand) or a wrong one (it goes
    to the Corvids' hand), the Eyrie's observation is the same whichever of two cards she showed."""
    a = card_id(BAKE_SALE)
    for guess in (None, RAID, BOMB):
        g1, g2 = _shown(BAKE_SALE, guess), _shown(VISIT, guess)
        assert (int(g1.state[CARD_KNOWN + a]) >> CORVIDS) & 1 and not (int(g1.state[CARD_KNOWN + a]) >> 1) & 1
        assert np.array_equal(g1.observe("eyrie"), g2.observe("eyrie")), guess
        assert not np.array_equal(g1.observe("corvids"), g2.observe("corvids")), guess


def test_reading_a_wrong_guess_is_public():
    """Reading (docs/rules.md) of 13.2.4 "the Corvids say "no"": everyone hears it, so every player's
    observation shows the guessed type ruled out there (and nothing else about the plot)."""
    g = _shown(BAKE_SALE, BOMB)
    for viewer in ("marquise", "eyrie", "corvids"):
        assert field(g, viewer, "plots_ruled_out")[4].tolist() == [1, 0, 0, 0], viewer
        assert field(g, viewer, "plots")[4].tolist() == [1, 0]
    assert field(g, "eyrie", "tokens")[TT_PLOT:TT_PLOT + 4, 4].sum() == 0


# ================================================================== 13.2.5 Embedded Agents
def _marquise_attacks(seed: int, corvids: int, kind: str, up: bool) -> Game:
    """The Marquise (3 warriors) battle in 5, where the Corvids have `corvids` warriors and a `kind` plot; stopped
    at 'battle: defender', before the roll."""
    sc = sc2(seed=seed)
    sc.warriors("marquise", 5, 3).plot(kind, 5, face_up=up)
    if corvids:
        sc.warriors("corvids", 5, corvids)
    g = sc.start("marquise", at="marquise_actions")
    do(g, opt(K.OPT_BATTLE), cl(5))
    assert g.decision == "battle: defender"
    return g


@pytest.mark.parametrize("up, lost", [(False, 1), (True, 0)])
def test_law_13_2_5_embedded_agents_even_defenseless(up, lost):
    """13.2.5: "As defender in battle, if the Corvids have a facedown plot token (even defenseless) in the
    clearing of battle, they deal an extra hit": with no warrior there the Corvids still hit once with a
    face-down plot, and not at all with a face-up one."""
    g = _marquise_attacks(1, 0, BOMB if not up else EXTORTION, up)
    do(g, faction("corvids"))
    finish_hits(g)
    assert warriors(g, "marquise", 5) == 3 - lost
    assert plot_in(g, 5) is None and vp(g, "marquise") == 1  # the attack's hits removed the plot (3.2.1)


@pytest.mark.parametrize("up, lost", [(False, 1), (True, 0)])
def test_law_13_2_5_embedded_agents_with_warriors(up, lost):
    """With two Corvid warriors and a low roll of 0 the Corvids deal exactly the extra hit, face down only."""
    g = with_dice(lambda seed: _marquise_attacks(seed, 2, SNARE, up), 0, 0)
    do(g, faction("corvids"))
    finish_hits(g)
    assert warriors(g, "marquise", 5) == 3 - lost and warriors(g, "corvids", 5) == 2


def test_law_13_2_5_no_extra_hit_as_attacker():
    """Only "As defender": the Corvids attacking where their face-down plot lies roll 0 and deal nothing."""
    def build(seed):
        sc = sc2(seed=seed)
        sc.warriors("marquise", 5, 2).warriors("corvids", 5, 2).plot(BOMB, 5)
        g = sc.start("corvids", at="corvids_daylight")
        do(g, opt(K.OPT_BATTLE), cl(5))
        assert g.decision == "battle: defender"
        return g
    g = with_dice(build, 0, 0)
    do(g, faction("marquise"))
    finish_hits(g)
    assert warriors(g, "marquise", 5) == 2 and warriors(g, "corvids", 5) == 2


# ================================================================== 13.4 Birdsong
def test_law_13_4_birdsong_steps_in_order_craft_flip_recruit():
    """13.4: "three steps in the following order": craft, then flip, then recruit; after Recruit, Daylight."""
    sc = sc2()
    sc.plot(BOMB, 6).warriors("corvids", 6, 1).hand("corvids", [ANVIL, BAKE_SALE])
    g = sc.start("corvids", at="birdsong")
    assert g.decision == "corvids: craft"
    do(g, K.A_DONE)
    assert g.decision == "corvids: flip" and clearings_offered(g) == {6}
    do(g, K.A_DONE)
    assert g.decision == "corvids: recruit"
    do(g, K.A_DONE)
    assert g.decision == "corvids: daylight" and g.phase == "daylight"


def test_law_13_4_2_flip_only_where_corvid_warriors_are():
    """13.4.2: "flip a plot token face up in a clearing with any Corvid warriors": face-down plots in 5 (a
    warrior) and 9 (a warrior) are offered; 10 (no Corvid warrior, only the Marquise's) is not, nor is the
    face-up plot in 1."""
    sc = sc2()
    sc.plot(RAID, 5).plot(SNARE, 9).plot(EXTORTION, 10).plot(BOMB, 1, face_up=True)
    sc.warriors("corvids", 5, 1).warriors("corvids", 9, 1).warriors("corvids", 1, 1).warriors("marquise", 10, 2)
    g = sc.start("corvids", at="corvids_flip")
    assert g.decision == "corvids: flip" and clearings_offered(g) == {5, 9}


def test_law_13_4_2_flip_scores_the_face_up_plots_including_the_new_one():
    """13.4.2: "score one victory point per face-up plot token on the map (including the newly flipped one)",
    "Any number of times": with one plot already face up, flipping two more scores 2 then 3."""
    sc = sc2()
    sc.plot(EXTORTION, 1, face_up=True).plot(SNARE, 5).plot(RAID, 9)
    sc.warriors("corvids", 5, 1).warriors("corvids", 9, 1)
    g = sc.start("corvids", at="corvids_flip")
    do(g, cl(5))
    assert face_up(g, 5) and vp(g, "corvids") == 2
    assert g.decision == "corvids: flip" and clearings_offered(g) == {9}
    do(g, cl(9))
    assert face_up(g, 9) and vp(g, "corvids") == 2 + 3


@pytest.mark.parametrize("kind", [SNARE, RAID])
def test_law_13_4_2_snare_and_raid_have_no_flip_effect(kind):
    """13.4.2: "resolve its flip effect if it is a bomb or extortion": a snare or raid flipped among enemy
    pieces removes nothing and takes nothing."""
    sc = sc2()
    sc.plot(kind, 6).warriors("corvids", 6, 1).warriors("marquise", 6, 2).building("sawmill", 6)
    sc.hand("marquise", [ANVIL])
    g = sc.start("corvids", at="corvids_flip")
    do(g, cl(6))
    assert vp(g, "corvids") == 1 and face_up(g, 6) and warriors(g, "marquise", 6) == 2
    assert hand_n(g, "marquise") == 1 and hand_n(g, "corvids") == 0 and supply(g, "corvids") == 14


def test_law_13_4_2_and_13_7_1_bomb_flip():
    """13.4.2 then 13.7.1: "Whenever a bomb token is flipped, remove all enemy pieces in its clearing, then
    remove the bomb token": the Marquise's warriors, sawmill and wood go (the Corvids score 1 VP each for the
    building and the token, 3.2.1, on top of the flip's VP); the Corvids' warrior stays; the bomb leaves."""
    sc = sc2()
    sc.plot(BOMB, 6).plot(SNARE, 9, face_up=True).warriors("corvids", 6, 1)
    sc.warriors("marquise", 6, 3).building("sawmill", 6).token("wood", 6).warriors("marquise", 2, 1)
    g = sc.start("corvids", at="corvids_flip")
    do(g, cl(6))
    assert warriors(g, "marquise", 6) == 0 and "sawmill" not in g.to_dict()["clearings"][5]["buildings"]
    assert g.to_dict()["clearings"][5]["tokens"] == [] and plot_in(g, 6) is None
    assert warriors(g, "corvids", 6) == 1 and warriors(g, "marquise", 2) == 1
    assert vp(g, "corvids") == 2 + 2  # two face-up plots at the flip (snare, bomb), sawmill and wood


def test_reading_a_bomb_scores_its_own_flip_then_leaves():
    """Reading (docs/rules.md): the bomb counts as a face-up plot for its own flip (1 VP with no other plot
    face up), then leaves the map for the Corvids' supply, face down: the next flip does not count it."""
    sc = sc2()
    sc.plot(BOMB, 6).plot(RAID, 9).warriors("corvids", 6, 1).warriors("corvids", 9, 1)
    g = sc.start("corvids", at="corvids_flip")
    do(g, cl(6))
    assert vp(g, "corvids") == 1 and plot_in(g, 6) is None and in_supply(g, BOMB) == 2 and not face_up(g, 6)
    do(g, cl(9))
    assert vp(g, "corvids") == 1 + 1


def test_law_13_4_2_bomb_and_field_hospitals():
    """The bomb removes the Marquise's warriors as any removal does: Field Hospitals (6.2.3) is offered for
    them."""
    sc = sc2()
    sc.plot(BOMB, 6).warriors("corvids", 6, 1).warriors("marquise", 6, 2).token("keep", 1).warriors("marquise", 1, 1)
    sc.hand("marquise", [ROOT_TEA_F])
    g = sc.start("corvids", at="corvids_flip")
    do(g, cl(6))
    assert g.current_player == "marquise" and "field hospital" in g.decision
    do(g, card(ROOT_TEA_F))
    assert warriors(g, "marquise", 1) == 3 and warriors(g, "marquise", 6) == 0


def test_law_13_4_2_and_13_7_3_extortion_flip():
    """13.7.3: "Whenever an extortion token is flipped, take a random card from each enemy player with faction
    pieces in its clearing": from the Marquise (a warrior there) and the Eyrie (a roost there), not from the
    Alliance (no piece there); an enemy with an empty hand gives nothing."""
    sc = Scenario(("marquise", "eyrie", "alliance", "corvids"), seed=1)
    sc.plot(EXTORTION, 6).warriors("corvids", 6, 1).warriors("marquise", 6, 1).building("roost", 6)
    sc.hand("marquise", [ANVIL, ROOT_TEA_F]).hand("eyrie", [VISIT]).hand("alliance", [MOUSE_SACK])
    g = sc.start("corvids", at="corvids_flip")
    do(g, cl(6))
    assert hand_n(g, "marquise") == 1 and hand_n(g, "eyrie") == 0 and hand_n(g, "alliance") == 1
    assert hand_n(g, "corvids") == 2 and in_hand(g, "corvids", VISIT) and vp(g, "corvids") == 1
    sc = sc2()
    sc.plot(EXTORTION, 6).warriors("corvids", 6, 1).warriors("marquise", 6, 1)
    g = sc.start("corvids", at="corvids_flip")
    do(g, cl(6))
    assert hand_n(g, "corvids") == 0 and face_up(g, 6)


def test_law_13_7_3_extortion_takes_at_random():
    """"a random card": over seeds, either of the Marquise's two cards is taken."""
    taken = set()
    for seed in range(1, 30):
        sc = sc2(seed=seed)
        sc.plot(EXTORTION, 6).warriors("corvids", 6, 1).warriors("marquise", 6, 1).hand("marquise", [ANVIL, VISIT])
        g = sc.start("corvids", at="corvids_flip")
        do(g, cl(6))
        taken |= {c for c in (ANVIL, VISIT) if in_hand(g, "corvids", c)}
    assert taken == {ANVIL, VISIT}


# ================================================================== 13.4.3 recruit
def test_law_13_4_3_recruit_spend_any_card_a_warrior_in_each_matching_clearing():
    """13.4.3: "spend any card to place one warrior in each matching clearing": a fox card places one warrior in
    each of 1, 6, 8 and 12, whether or not the Corvids are there; the card is discarded."""
    sc = sc2()
    sc.warriors("corvids", 6, 2).hand("corvids", [ROOT_TEA_F, VISIT])
    g = sc.start("corvids", at="corvids_recruit")
    assert cards_offered(g) == {card(ROOT_TEA_F), card(VISIT)}
    do(g, card(ROOT_TEA_F))
    assert [warriors(g, "corvids", n) for n in (1, 6, 8, 12)] == [1, 3, 1, 1] and supply(g, "corvids") == 15 - 6
    assert loc(g, ROOT_TEA_F) == LOC_DISCARD and g.decision == "corvids: daylight"


def test_law_13_4_3_recruit_with_a_bird_choose_one_suit():
    """"(If you spend a bird, choose one suit to place warriors in.)"."""
    sc = sc2()
    sc.hand("corvids", [ARMS_TRADER])
    g = sc.start("corvids", at="corvids_recruit")
    do(g, card(ARMS_TRADER))
    assert g.decision == "corvids: recruit suit"
    assert legal(g) == {opt(K.OPT_SUIT + s) for s in range(3)}
    do(g, opt(K.OPT_SUIT + 2))  # mouse
    assert [warriors(g, "corvids", n) for n in (2, 7, 9, 11)] == [1, 1, 1, 1] and loc(g, ARMS_TRADER) == LOC_DISCARD


def test_law_13_4_3_recruit_once_per_turn():
    """"Once per turn": a Corvid turn that already recruited (set by the scenario) goes on to Daylight."""
    sc = sc2()
    sc.hand("corvids", [ROOT_TEA_F, VISIT])
    g = sc.start("corvids", at="corvids_recruit")
    do(g, card(VISIT))
    assert g.decision == "corvids: daylight" and int(g.state[CV_RECRUITED]) == 1
    sc = sc2()
    sc.hand("corvids", [ROOT_TEA_F, VISIT]).recruited()
    g = sc.start("corvids", at="corvids_recruit")
    assert g.decision == "corvids: daylight" and hand_n(g, "corvids") == 2


def test_law_13_4_3_recruit_not_in_the_keeps_clearing():
    """Law 6.2.2: nothing but the Marquise's pieces is placed in the keep's clearing: a fox recruit skips 1."""
    sc = sc2()
    sc.token("keep", 1).hand("corvids", [ROOT_TEA_F])
    g = sc.start("corvids", at="corvids_recruit")
    do(g, card(ROOT_TEA_F))
    assert [warriors(g, "corvids", n) for n in (1, 6, 8, 12)] == [0, 1, 1, 1]


def test_law_13_4_3_short_supply_the_corvids_choose():
    """Law 2.5: with two warriors left for four fox clearings, the Corvids place as many as they can and
    choose where."""
    sc = sc2()
    sc.warriors("corvids", 3, 13).hand("corvids", [ROOT_TEA_F])
    g = sc.start("corvids", at="corvids_recruit")
    do(g, card(ROOT_TEA_F))
    assert g.current_player == "corvids" and clearings_offered(g) == {1, 6, 8, 12}
    do(g, cl(12))
    assert clearings_offered(g) == {1, 6, 8}
    do(g, cl(6))
    assert [warriors(g, "corvids", n) for n in (1, 6, 8, 12)] == [0, 1, 0, 1] and supply(g, "corvids") == 0
    assert g.decision == "corvids: daylight"


# ================================================================== 13.5 Daylight
def _move_one(g: Game, a: int, b: int) -> None:
    do(g, opt(K.OPT_MOVE), cl(a), cl(b))
    if g.decision == "move: how many":
        do(g, K.A_COUNT)


def test_law_13_5_up_to_three_actions():
    """13.5: "You may take up to three actions": after three moves only "done" (or a Daylight card option)
    is left, though more moves are possible."""
    assert CV_DAYLIGHT_ACTIONS == 3
    sc = sc2()
    sc.warriors("corvids", 5, 5)
    g = sc.start("corvids", at="corvids_daylight")
    assert legal(g) == {opt(K.OPT_MOVE), opt(K.OPT_PLOT), K.A_DONE}
    for k in range(3):
        assert int(g.state[CV_ACTIONS]) == 3 - k
        _move_one(g, 5, 1)
    assert g.decision == "corvids: daylight" and legal(g) == {K.A_DONE}
    do(g, K.A_DONE)
    assert g.phase == "evening"


def test_law_13_5_in_any_order_and_number():
    """"in any order and number": plot, move, plot."""
    sc = sc2()
    sc.warriors("corvids", 5, 4)
    g = sc.start("corvids", at="corvids_daylight")
    do(g, opt(K.OPT_PLOT), cl(5), plot_action(SNARE))
    do(g, opt(K.OPT_MOVE), cl(5), cl(1), K.A_COUNT + 1)  # two of the three left
    do(g, opt(K.OPT_PLOT), cl(1), plot_action(RAID))
    assert plots_on_map(g) == {5: SNARE, 1: RAID} and warriors(g, "corvids", 5) == 1 and warriors(g, "corvids", 1) == 0
    assert legal(g) == {K.A_DONE}


def test_law_13_5_actions_left_from_the_scenario():
    """A Daylight with one action left (set by the scenario) offers one action, then only "done"."""
    sc = sc2()
    sc.warriors("corvids", 5, 5).actions_left(1)
    g = sc.start("corvids", at="corvids_daylight")
    _move_one(g, 5, 1)
    assert legal(g) == {K.A_DONE}
    g = sc2().warriors("corvids", 5, 5).actions_left(0).start("corvids", at="corvids_daylight")
    assert legal(g) == {K.A_DONE}


def test_law_13_5_2_plot_costs_one_warrior_plus_one_per_plot_placed_this_turn():
    """13.5.2: "Remove a Corvid warrior, plus another Corvid warrior per plot you have placed this turn": the
    first plot costs one warrior, the second two, the third three."""
    sc = sc2()
    sc.warriors("corvids", 5, 1).warriors("corvids", 9, 1).warriors("corvids", 10, 2).warriors("corvids", 12, 3)
    g = sc.start("corvids", at="corvids_daylight")
    do(g, opt(K.OPT_PLOT))
    assert clearings_offered(g) == {5, 9, 10, 12}
    do(g, cl(5), plot_action(RAID))
    assert warriors(g, "corvids", 5) == 0 and supply(g, "corvids") == 15 - 7 + 1 and plot_in(g, 5) == RAID
    do(g, opt(K.OPT_PLOT))
    assert clearings_offered(g) == {10, 12}  # two warriors needed now
    do(g, cl(10), plot_action(BOMB))
    assert warriors(g, "corvids", 10) == 0 and int(g.state[CV_PLACED]) == 2
    do(g, opt(K.OPT_PLOT))
    assert clearings_offered(g) == {12}
    do(g, cl(12), plot_action(SNARE))
    assert warriors(g, "corvids", 12) == 0 and supply(g, "corvids") == 14  # the warrior in 9 is left


def test_law_13_5_the_corvids_counters_this_turn_are_public():
    """The Corvids' plots placed and actions left this turn (13.5.2, 13.5) are public: every player observes
    them (the field corvids_turn: plots placed, actions left, recruited, exerted)."""
    sc = sc2()
    sc.warriors("corvids", 5, 2).hand("corvids", [VISIT])
    g = sc.start("corvids", at="corvids_recruit")
    do(g, card(VISIT), opt(K.OPT_PLOT), cl(5), plot_action(BOMB))
    for viewer in ("marquise", "corvids"):
        assert field(g, viewer, "corvids_turn").tolist() == [1, 2, 1, 0], viewer


def test_law_13_5_2_plots_placed_this_turn_from_the_scenario():
    """With two plots placed this turn (set by the scenario) the next costs three warriors."""
    sc = sc2()
    sc.warriors("corvids", 5, 2).warriors("corvids", 9, 3).plots_placed(2)
    g = sc.start("corvids", at="corvids_daylight")
    do(g, opt(K.OPT_PLOT))
    assert clearings_offered(g) == {9}
    sc = sc2()
    sc.warriors("corvids", 5, 2).plots_placed(2)
    g = sc.start("corvids", at="corvids_daylight")
    assert opt(K.OPT_PLOT) not in legal(g)


def test_law_13_5_2_the_cost_counts_this_turn_only():
    """"per plot you have placed this turn": the next turn's first plot costs one warrior again."""
    sc = sc2()
    sc.warriors("corvids", 5, 1).plots_placed(3)
    g = sc.start("corvids", at="corvids_daylight")
    assert opt(K.OPT_PLOT) not in legal(g)
    sc = sc2()
    sc.warriors("corvids", 5, 1)
    g = sc.start("corvids", at="corvids_daylight")
    do(g, opt(K.OPT_PLOT), cl(5), plot_action(BOMB))
    assert int(g.state[CV_PLACED]) == 1
    while g.active == "corvids":
        do(g, K.A_DONE if K.A_DONE in legal(g) else int(g.legal_actions()[0]))
    assert int(g.state[CV_PLACED]) == 0


def test_law_13_5_2_no_plot_left_in_supply():
    """All eight plots on the map: no Plot action."""
    sc = sc2()
    for n, kind in zip((1, 2, 3, 4, 6, 7, 8, 9), PLOT_NAMES * 2):
        sc.plot(kind, n)
    sc.warriors("corvids", 5, 3)
    g = sc.start("corvids", at="corvids_daylight")
    assert opt(K.OPT_PLOT) not in legal(g) and opt(K.OPT_MOVE) in legal(g)


def test_reading_no_plot_in_the_keeps_clearing():
    """Reading (docs/rules.md) of 13.5.2 with Law 6.2.2 ("only the Marquise's pieces" in the keep's clearing):
    Corvid warriors that moved into the keep's clearing cannot place a plot there."""
    sc = sc2()
    sc.token("keep", 1).warriors("corvids", 1, 3).warriors("corvids", 5, 1)
    g = sc.start("corvids", at="corvids_daylight")
    do(g, opt(K.OPT_PLOT))
    assert clearings_offered(g) == {5}


def test_law_13_5_3_battle():
    """13.5.3: "Initiate a battle": with the Marquise where the Corvids are."""
    sc = sc2()
    sc.warriors("corvids", 5, 2).warriors("marquise", 5, 1).warriors("corvids", 9, 1)
    g = sc.start("corvids", at="corvids_daylight")
    do(g, opt(K.OPT_BATTLE))
    assert g.decision == "battle: where" and clearings_offered(g) == {5}
    assert int(g.state[CV_ACTIONS]) == 2


def test_law_13_5_4_trick_swaps_two_face_down_or_two_face_up_plots():
    """13.5.4: "Swap two plot tokens on the map. Both plot tokens must be face up or face down": from the
    face-down bomb in 1 only the face-down raid in 2 may be chosen; from the face-up snare in 9 only the face-up
    extortion in 10. The types swap, each clearing keeps its facing."""
    sc = sc2()
    sc.plot(BOMB, 1).plot(RAID, 2).plot(SNARE, 9, face_up=True).plot(EXTORTION, 10, face_up=True)
    g = sc.start("corvids", at="corvids_daylight")
    do(g, opt(K.OPT_TRICK))
    assert g.decision == "trick: first plot" and clearings_offered(g) == {1, 2, 9, 10}
    do(g, cl(1))
    assert g.decision == "trick: second plot" and clearings_offered(g) == {2}
    do(g, cl(2))
    assert plot_in(g, 1) == RAID and plot_in(g, 2) == BOMB and not face_up(g, 1) and not face_up(g, 2)
    do(g, opt(K.OPT_TRICK), cl(9))
    assert clearings_offered(g) == {10}
    do(g, cl(10))
    assert plot_in(g, 9) == EXTORTION and plot_in(g, 10) == SNARE and face_up(g, 9) and face_up(g, 10)
    assert int(g.state[CV_ACTIONS]) == 1


def test_law_13_5_4_no_trick_with_one_face_up_and_one_face_down():
    sc = sc2()
    sc.plot(BOMB, 1).plot(SNARE, 9, face_up=True).warriors("corvids", 1, 1)
    g = sc.start("corvids", at="corvids_daylight")
    assert opt(K.OPT_TRICK) not in legal(g)


def test_reading_trick_carries_the_ruled_out_types_with_the_tokens():
    """Reading (docs/rules.md): what a wrong guess ruled out belongs to the token, so it travels with it: the
    raid in 2 ("not a bomb") swapped with the snare in 1 (nothing ruled out) leaves "not a bomb" in 1."""
    sc = sc2()
    sc.plot(SNARE, 1).plot(RAID, 2, ruled_out=(BOMB,))
    g = sc.start("corvids", at="corvids_daylight")
    do(g, opt(K.OPT_TRICK), cl(2), cl(1))
    assert plot_in(g, 1) == RAID and ruled_out(g, 1) == {BOMB} and ruled_out(g, 2) == set()
    for viewer in ("marquise", "corvids"):
        assert field(g, viewer, "plots_ruled_out")[0].tolist() == [1, 0, 0, 0]


# ================================================================== 13.6 Evening
def test_law_13_6_1_exert_an_action_instead_of_drawing():
    """13.6.1: "You may take one action listed in Daylight if you choose not to draw cards during Evening":
    one move, then no draw."""
    sc = sc2()
    sc.warriors("corvids", 5, 3).hand("corvids", [ANVIL])
    g = sc.start("corvids", at="corvids_evening")
    assert g.decision == "corvids: exert" and g.phase == "evening"
    assert legal(g) == {opt(K.OPT_MOVE), opt(K.OPT_PLOT), K.A_DONE}
    _move_one(g, 5, 1)
    assert hand_n(g, "corvids") == 1 and g.active == "marquise"  # no draw, and the turn is over


def test_law_13_6_1_exert_any_daylight_action():
    """Any Daylight action: a plot (13.5.2) or a trick (13.5.4)."""
    sc = sc2()
    sc.warriors("corvids", 5, 1).plot(BOMB, 1).plot(RAID, 2)
    g = sc.start("corvids", at="corvids_evening")
    assert legal(g) == {opt(K.OPT_MOVE), opt(K.OPT_PLOT), opt(K.OPT_TRICK), K.A_DONE}
    do(g, opt(K.OPT_PLOT), cl(5), plot_action(SNARE))
    assert plot_in(g, 5) == SNARE and hand_n(g, "corvids") == 0 and g.active == "marquise"


@pytest.mark.parametrize("up, drawn", [((), 1), ((1,), 2), ((1, 9), 3)])
def test_law_13_6_2_draw_one_plus_one_per_face_up_extortion(up, drawn):
    """13.6.2: "Draw one card plus one per face-up extortion token on the map" (13.7.3: "While an extortion
    token is face up, you draw another card in Evening"); a face-down extortion adds nothing."""
    sc = sc2()
    sc.plot(EXTORTION, 1, face_up=1 in up).plot(EXTORTION, 9, face_up=9 in up)
    g = sc.start("corvids", at="corvids_evening")
    if g.decision == "corvids: exert":
        do(g, K.A_DONE)
    assert hand_n(g, "corvids") == drawn


def test_law_13_6_2_then_discard_down_to_five():
    """"Then, if you have more than five cards, discard down to five cards"."""
    sc = sc2()
    sc.hand("corvids", [ANVIL, VISIT, BAKE_SALE, MOUSE_SACK, INVESTMENTS]).plot(EXTORTION, 1, face_up=True)
    g = sc.start("corvids", at="corvids_evening")
    assert hand_n(g, "corvids") == 7 and g.decision == "discard (hand limit)" and g.current_player == "corvids"
    do(g, card(ANVIL), card(VISIT))
    assert hand_n(g, "corvids") == 5 and g.active == "marquise"


def test_law_13_6_exerted_from_the_scenario_draws_nothing():
    sc = sc2()
    sc.exerted()
    g = sc.start("corvids", at="corvids_evening")
    assert hand_n(g, "corvids") == 0 and g.active == "marquise"


# ================================================================== 13.7.1 bomb
def test_law_13_7_1_bomb_and_the_vagabond_damages_three_items():
    """13.7.1 with seed 002 9.2.2.I: an effect that removes all enemy pieces where the Vagabond is damages three
    of his items instead (his pawn stays); he chooses which."""
    sc = sc2("vagabond")
    sc.vagabond("thief", at=6).vb_items("ready", boot=2, torch=1, sword=1, hammer=1)
    sc.plot(BOMB, 6).warriors("corvids", 6, 1)
    g = sc.start("corvids", at="corvids_flip")
    do(g, cl(6))
    while g.current_player == "vagabond":
        do(g, int(g.legal_actions()[0]))
    damaged = sum(vb_item(g, i, "damaged") for i in ("boot", "torch", "sword", "hammer"))
    assert damaged == 3 and int(g.state[VB_PAWN]) == 6 - 1
    assert plot_in(g, 6) is None and vp(g, "corvids") == 1 and g.current_player == "corvids"


def test_law_13_7_1_bomb_spares_a_coalition_partner():
    """"remove all enemy pieces": the Vagabond in a coalition with the Corvids is no enemy (Law 2.7): his items
    stay undamaged; the Marquise's warriors there go."""
    sc = Scenario(("marquise", "eyrie", "vagabond", "corvids"), seed=1)
    sc.vagabond("thief", at=6).vb_items("ready", boot=2, torch=1, sword=1).coalition("corvids")
    sc.plot(BOMB, 6).warriors("corvids", 6, 1).warriors("marquise", 6, 2).warriors("eyrie", 6, 1)
    g = sc.start("corvids", at="corvids_flip")
    do(g, cl(6))
    assert g.current_player == "corvids" and g.decision == "corvids: daylight"  # no damage for him to choose
    assert vb_item(g, "boot") == 2 and vb_item(g, "torch") == 1 and vb_item(g, "sword") == 1
    assert warriors(g, "marquise", 6) == 0 and warriors(g, "eyrie", 6) == 0 and plot_in(g, 6) is None


def test_law_13_7_1_bomb_removes_tokens_and_buildings_of_every_enemy():
    """"all enemy pieces": the Alliance's base, sympathy and warrior and the Marquise's workshop and wood; each
    building and token scores the Corvids one VP (3.2.1), on top of the flip's 1."""
    sc = Scenario(("marquise", "alliance", "corvids"), seed=1)
    sc.plot(BOMB, 6).warriors("corvids", 6, 1).building("base_fox", 6).token("sympathy", 6).warriors("alliance", 6, 1)
    sc.ruins(6, 0).building("workshop", 6).token("wood", 6, 2).warriors("marquise", 12, 1)  # two slots, ruin explored
    g = sc.start("corvids", at="corvids_flip")
    do(g, cl(6))
    while g.decision != "corvids: daylight":  # the base's removal and the Outrage (8.2.4, 8.2.6) run their course
        do(g, int(g.legal_actions()[0]))
    c6 = g.to_dict()["clearings"][5]
    assert warriors(g, "alliance", 6) == 0 and c6["tokens"] == [] and "workshop" not in c6["buildings"]
    assert "base_fox" not in c6["buildings"] and warriors(g, "corvids", 6) == 1 and plot_in(g, 6) is None
    assert vp(g, "corvids") == 1 + 5  # base, workshop, sympathy and two wood


# ================================================================== 13.7.2 snare
def _snared(up: bool, *factions, seed: int = 1) -> Scenario:
    """A board for `factions` and the Corvids with a snare in rabbit clearing 5, face up if `up`."""
    sc = Scenario(tuple(factions) + ("corvids",), seed=seed)
    sc.plot(SNARE, 5, face_up=up)
    return sc


@pytest.mark.parametrize("up", [True, False])
def test_reading_snare_stops_marquise_wood_and_recruit_at_snared_buildings(up):
    """Reading (docs/rules.md) of 13.7.2 "While a snare token is face up, enemy pieces cannot be placed in ... its
    clearing": the Marquise's recruiters and sawmills in 5 and 9 place a warrior and a wood in 9 only (in both
    while the snare is face down)."""
    sc = _snared(up, "marquise")
    for n in (5, 9):
        sc.building("sawmill", n).building("recruiter", n).warriors("marquise", n, 1)
    g = sc.start("marquise", at="birdsong")  # Birdsong: wood at each sawmill (6.4)
    assert [int(g.to_dict()["clearings"][n - 1]["tokens"].count("wood")) for n in (5, 9)] == [0 if up else 1, 1]
    g = sc.start("marquise", at="marquise_actions")
    do(g, opt(K.OPT_RECRUIT))
    assert warriors(g, "marquise", 5) == (1 if up else 2) and warriors(g, "marquise", 9) == 2


@pytest.mark.parametrize("up", [True, False])
def test_law_13_7_2_snare_stops_marquise_build_and_overwork(up):
    sc = _snared(up, "marquise")
    sc.building("sawmill", 5).building("sawmill", 9).warriors("marquise", 5, 2).warriors("marquise", 9, 2)
    sc.token("wood", 9, 3).hand("marquise", [BAKE_SALE, MOUSE_SACK])
    g = sc.start("marquise", at="marquise_actions")
    do(g, opt(K.OPT_OVERWORK))
    assert clearings_offered(g) == ({9} if up else {5, 9})
    g = sc.start("marquise", at="marquise_actions")
    do(g, opt(K.OPT_BUILD))
    if g.decision == "build: which":
        do(g, piece("workshop"))
    assert clearings_offered(g) == ({9} if up else {5, 9}), g.decision


@pytest.mark.parametrize("up", [True, False])
def test_law_13_7_2_snare_stops_moving_out_not_moving_in(up):
    """"cannot be ... moved from its clearing": the Marquise's warriors in 5 do not march out while the snare is
    face up; warriors from 1 may march into 5."""
    sc = _snared(up, "marquise")
    sc.warriors("marquise", 5, 2).warriors("marquise", 1, 2)
    g = sc.start("marquise", at="marquise_actions")
    do(g, opt(K.OPT_MARCH))
    assert clearings_offered(g) == ({1} if up else {1, 5})
    do(g, cl(1))
    assert 5 in clearings_offered(g)


@pytest.mark.parametrize("up", [True, False])
def test_reading_no_snare_lies_in_the_keeps_clearing(up):
    """13.5.2 with 6.2.2: a plot is placed, and only the Marquise place pieces in the keep's clearing, so a snare
    never lies there and Field Hospitals (6.2.3) never meet a snared keep: the Corvids are not offered the keep's
    clearing for a plot, and a Scenario refuses to build a plot there."""
    sc = sc2()
    sc.token("keep", 5).warriors("corvids", 5, 3).warriors("corvids", 1, 3)
    g = sc.start("corvids", at="corvids_daylight")
    do(g, opt(K.OPT_PLOT))
    assert 5 not in clearings_offered(g) and 1 in clearings_offered(g)
    sc = _snared(up, "marquise").token("keep", 5).warriors("marquise", 5, 1)
    with pytest.raises(ScenarioError, match="keep"):
        sc.start("corvids", at="corvids_daylight")


@pytest.mark.parametrize("up", [True, False])
def test_law_8_4_1_iii_revolt_removes_a_face_up_snare_then_places_the_base(up):
    """Seed 002 8.4.1.III "Remove all enemy pieces from the chosen clearing. Then, place the matching base there"
    with seed 003 13.7.2: a snare is an enemy piece, so a revolt is offered in snared 5 (face up or down), removes
    the snare (1 VP, back to the Corvids' supply face down) with the Corvid warrior, then places the rabbit base
    and two warriors (two rabbit sympathetic clearings) in a clearing with no snare."""
    sc = _snared(up, "alliance")
    sc.token("sympathy", 5).token("sympathy", 3).supporters([BAKE_SALE, VISIT]).warriors("corvids", 5, 1)
    g = sc.start("alliance", at="alliance_revolt")
    assert g.decision == "alliance: revolt" and clearings_offered(g) == {3, 5}
    do(g, cl(5))
    d = g.to_dict()["clearings"][4]
    assert plot_in(g, 5) is None and not face_up(g, 5) and warriors(g, "corvids", 5) == 0
    assert d["buildings"] == ["base_rabbit"] and warriors(g, "alliance", 5) == 2
    assert vp(g, "alliance") == 1  # the snare, a token (3.2.1)


@pytest.mark.parametrize("up", [True, False])
def test_law_13_7_2_snare_stops_spreading_sympathy(up):
    """Spreading sympathy places a sympathy token: not in a snared clearing."""
    sc = _snared(up, "alliance")
    sc.supporters([BAKE_SALE])
    g = sc.start("alliance", at="alliance_spread")
    assert clearings_offered(g) == ({3, 4, 10} if up else {3, 4, 5, 10})


@pytest.mark.parametrize("up", [True, False])
def test_reading_snare_stops_alliance_recruit_at_a_snared_base(up):
    """Reading (docs/rules.md) of 13.7.2: the Alliance's Recruit operation places a warrior at a base: not at the
    base in snared 5."""
    sc = _snared(up, "alliance")
    sc.building("base_rabbit", 5).building("base_mouse", 9).officers(2)
    g = sc.start("alliance", at="alliance_operations")
    do(g, opt(K.OPT_RECRUIT))
    assert clearings_offered(g) == ({9} if up else {5, 9})


@pytest.mark.parametrize("up", [True, False])
def test_law_13_7_2_snare_stops_eyrie_recruit_and_build(up):
    """The Eyrie's Decree: recruit at a roost in 5 (snared) or 3; move out of 5 or 10; build a roost in 5 or 10
    (ruled, no roost)."""
    sc = _snared(up, "eyrie")
    sc.building("roost", 5).building("roost", 3).warriors("eyrie", 5, 1).warriors("eyrie", 3, 1)
    sc.decree("recruit", [BAKE_SALE])
    g = sc.start("eyrie", at="eyrie_decree")
    do(g, card(BAKE_SALE))
    assert g.decision == "recruit: where" and clearings_offered(g) == ({3} if up else {3, 5})
    sc = _snared(up, "eyrie")
    sc.leader("despot").warriors("eyrie", 5, 2).warriors("eyrie", 10, 3).decree("build", [VISIT])
    g = sc.start("eyrie", at="eyrie_decree")
    do(g, opt(K.OPT_VIZIER))  # the Despot's Loyal Vizier in the move column
    assert g.decision == "move: from" and clearings_offered(g) == ({10} if up else {5, 10})
    do(g, cl(10), cl(12), K.A_COUNT)
    do(g, card(VISIT))
    assert g.decision == "build roost: where" and clearings_offered(g) == ({10} if up else {5, 10})


@pytest.mark.parametrize("up", [True, False])
def test_law_13_7_2_snare_stops_lizard_rituals(up):
    """The Cult's Build ritual (a garden) and Recruit ritual (a warrior) place pieces: not in snared 5."""
    sc = _snared(up, "lizards")
    sc.warriors("lizards", 5, 2).warriors("lizards", 10, 2).hand("lizards", [BAKE_SALE, VISIT])
    g = sc.start("lizards", at="lizards_daylight")
    do(g, opt(K.OPT_RECRUIT), card(BAKE_SALE))
    assert clearings_offered(g) == ({3, 4, 10} if up else {3, 4, 5, 10})
    g = sc.start("lizards", at="lizards_daylight")
    do(g, opt(K.OPT_BUILD), card(VISIT))
    assert clearings_offered(g) == ({10} if up else {5, 10})


@pytest.mark.parametrize("up", [True, False])
def test_law_13_7_2_snare_stops_riverfolk_recruit_and_trade_post(up):
    """The Riverfolk recruit in any river clearing (11.5.5) and establish trade posts where they rule
    (11.5.6): not in snared 5 (a river clearing)."""
    sc = _snared(up, "riverfolk")
    sc.funds("riverfolk", 3).warriors("riverfolk", 5, 2).warriors("riverfolk", 10, 2)
    g = sc.start("riverfolk", at="riverfolk_daylight")
    do(g, opt(K.OPT_RECRUIT))
    if g.decision == "funds: whose warrior":
        do(g, faction("riverfolk"))
    assert clearings_offered(g) == ({4, 7, 10, 11} if up else {4, 5, 7, 10, 11})
    g = sc.start("riverfolk", at="riverfolk_daylight")
    do(g, opt(K.OPT_TRADE_POST))
    assert clearings_offered(g) == ({10} if up else {5, 10})


@pytest.mark.parametrize("up", [True, False])
def test_reading_snare_the_vagabonds_pawn_cannot_move_or_slip_out(up):
    """Reading (docs/rules.md) of 13.7.2 "enemy pieces cannot be ... moved from its clearing": the pawn is a piece
    (Law 9.1), so in a snared clearing he cannot move (9.5.1) nor slip (9.4.2) out."""
    sc = _snared(up, "vagabond")
    sc.vagabond("thief", at=5).vb_items("ready", boot=2, torch=1)
    g = sc.start("vagabond", at="vagabond_slip")
    assert g.decision == "vagabond: slip"
    assert (legal(g) == {K.A_DONE}) == up
    g = sc.start("vagabond", at="vagabond_actions")
    assert (opt(K.OPT_MOVE) in legal(g)) != up


def test_law_13_7_2_the_vagabond_may_move_into_a_snared_clearing():
    sc = _snared(True, "vagabond")
    sc.vagabond("thief", at=1).vb_items("ready", boot=2, torch=1)
    g = sc.start("vagabond", at="vagabond_actions")
    do(g, opt(K.OPT_MOVE))
    assert 5 in clearings_offered(g)


def test_law_13_7_2_snare_spares_the_corvids():
    """"enemy pieces": the Corvids recruit into their own face-up snare's clearing and move out of it."""
    sc = _snared(True, "marquise")
    sc.warriors("corvids", 5, 2).hand("corvids", [BAKE_SALE])
    g = sc.start("corvids", at="corvids_recruit")
    do(g, card(BAKE_SALE))
    assert [warriors(g, "corvids", n) for n in (3, 4, 5, 10)] == [1, 1, 3, 1]
    do(g, opt(K.OPT_MOVE))
    assert 5 in clearings_offered(g)
    do(g, cl(5))
    assert clearings_offered(g) == {1, 2}


def test_law_13_7_2_snare_spares_a_coalition_partner():
    """A coalition partner of the Corvids is no enemy (Law 2.7): the Vagabond moves out of the snared clearing."""
    sc = Scenario(("marquise", "eyrie", "vagabond", "corvids"), seed=1)
    sc.plot(SNARE, 5, face_up=True).vagabond("thief", at=5).vb_items("ready", boot=2, torch=1).coalition("corvids")
    g = sc.start("vagabond", at="vagabond_actions")
    assert opt(K.OPT_MOVE) in legal(g)


# ================================================================== 13.7.4 raid
def _raid_battle(up: bool, seed: int = 1, corvid_supply: int | None = None) -> Game:
    """The Marquise (3 warriors) battle the Corvids' lone raid (face up or down) in 5, adjacent to 1 and 2."""
    sc = sc2(seed=seed)
    sc.warriors("marquise", 5, 3).plot(RAID, 5, face_up=up)
    if corvid_supply is not None:
        sc.warriors("corvids", 12, 15 - corvid_supply)
    g = sc.start("marquise", at="marquise_actions")
    do(g, opt(K.OPT_BATTLE), cl(5), faction("corvids"))
    finish_hits(g)
    return g


@pytest.mark.parametrize("up", [True, False])
def test_law_13_7_4_raid_removed_face_up_or_down_places_a_warrior_in_each_adjacent_clearing(up):
    """13.7.4: "Whenever a raid token is removed (face up or down), place one warrior in each clearing adjacent
    to the clearing from which the raid was removed": removed by the Marquise's hits in 5, one Corvid warrior
    each in 1 and 2; the raid goes back to the supply face down."""
    g = _raid_battle(up)
    assert plot_in(g, 5) is None and vp(g, "marquise") == 1
    assert warriors(g, "corvids", 1) == 1 and warriors(g, "corvids", 2) == 1 and supply(g, "corvids") == 13
    assert in_supply(g, RAID) == 2 and not face_up(g, 5)


def test_law_13_7_4_raid_removed_by_a_favor_card():
    """Any removal: a Favor of the Rabbits removing the raid in 5 places the warriors too."""
    sc = sc2()
    sc.plot(RAID, 5, face_up=True).building("workshop", 3).building("workshop", 4).building("workshop", 10)
    sc.hand("marquise", [FAVOR_RABBITS])
    g = sc.start("marquise", at="marquise_craft")
    do(g, card(FAVOR_RABBITS))
    assert plot_in(g, 5) is None and warriors(g, "corvids", 1) == 1 and warriors(g, "corvids", 2) == 1


def test_law_13_7_4_raid_not_in_the_keeps_clearing():
    """Law 6.2.2: the warrior for a clearing holding the keep is not placed."""
    sc = sc2()
    sc.warriors("marquise", 5, 3).plot(RAID, 5).token("keep", 1)
    g = sc.start("marquise", at="marquise_actions")
    do(g, opt(K.OPT_BATTLE), cl(5), faction("corvids"))
    finish_hits(g)
    assert warriors(g, "corvids", 1) == 0 and warriors(g, "corvids", 2) == 1


def test_law_13_7_4_raid_short_supply_the_corvids_choose():
    """Law 2.5: with one warrior in supply for two clearings the Corvids, not the player taking the turn,
    choose where it goes."""
    g = _raid_battle(False, corvid_supply=1)
    assert g.current_player == "corvids" and g.active == "marquise" and clearings_offered(g) == {1, 2}
    do(g, cl(2))
    assert warriors(g, "corvids", 2) == 1 and warriors(g, "corvids", 1) == 0 and supply(g, "corvids") == 0
    assert g.current_player == "marquise"


def test_law_13_7_4_raid_ignored_when_removed_by_exposure():
    """13.7.4: "(Ignore this effect if the raid is removed by Exposure.)" (see also 13.2.4's tests)."""
    g = _exposure(RAID)
    do(g, cl(5), card(BAKE_SALE), plot_action(RAID))
    assert plot_in(g, 5) is None and warriors(g, "corvids", 1) == 0 and warriors(g, "corvids", 2) == 0


def test_law_13_7_4_a_bomb_flipped_next_to_a_raid_does_not_trigger_it():
    """Only a removed raid places warriors: flipping (not removing) a raid does nothing (13.4.2)."""
    sc = sc2()
    sc.plot(RAID, 5).warriors("corvids", 5, 1)
    g = sc.start("corvids", at="corvids_flip")
    do(g, cl(5))
    assert warriors(g, "corvids", 1) == 0 and warriors(g, "corvids", 2) == 0


def test_reading_removed_plots_return_to_the_supply_face_down():
    """Reading (docs/rules.md): a plot removed from the map (by a bomb's own removal, battle, a Favor, Exposure)
    goes back to the Corvids' supply face down, and can be placed again: a face-up raid removed in battle is
    offered again by the next Plot action, and nothing about it stays in clearing 5."""
    g = _raid_battle(True)
    assert in_supply(g, RAID) == 2 and not face_up(g, 5) and ruled_out(g, 5) == set()
    assert field(g, "marquise", "plots")[4].tolist() == [0, 0]
    assert field(g, "marquise", "plot_supply")[4] == 8
    sc = sc2()
    sc.plot(RAID, 1).plot(RAID, 2, face_up=True).warriors("corvids", 9, 1)
    g = sc.start("corvids", at="corvids_daylight")
    do(g, opt(K.OPT_PLOT), cl(9))
    assert plot_action(RAID) not in legal(g)


# ================================================================== hidden information (13.2.2.I)
def _set_type(g: Game, n: int, kind: str) -> None:
    """Make the plot in clearing n a `kind` (in the state, as if another token lay there)."""
    for t in range(len(PLOT_NAMES)):
        g.state[TOKENS + (TT_PLOT + t) * NC + n - 1] = 0
    g.state[TOKENS + (TT_PLOT + PLOT_NAMES.index(kind)) * NC + n - 1] = 1


def _hidden_position() -> Game:
    sc = Scenario(("marquise", "eyrie", "vagabond", "corvids"), seed=1)
    sc.plot(BOMB, 1).plot(RAID, 5, ruled_out=(SNARE,)).plot(SNARE, 9, face_up=True).plot(EXTORTION, 10)
    sc.warriors("marquise", 5, 2).warriors("corvids", 10, 1).hand("marquise", [BAKE_SALE])
    return sc.start("marquise", at="exposure_birdsong")


OTHERS = ("marquise", "eyrie", "vagabond")


@pytest.mark.parametrize("n, kind", [(1, EXTORTION), (1, SNARE), (5, BOMB), (10, RAID), (10, BOMB)])
def test_hidden_a_face_down_plots_type_never_reaches_another_player(n, kind):
    """13.2.2.I: only the Corvids may inspect a face-down plot. Changing the type of a face-down plot in the state
    leaves every other player's observation unchanged (the Corvids' changes)."""
    g = _hidden_position()
    h = g.copy()
    _set_type(h, n, kind)
    for viewer in OTHERS:
        assert np.array_equal(g.observe(viewer), h.observe(viewer)), viewer
    assert not np.array_equal(g.observe("corvids"), h.observe("corvids"))


def test_hidden_the_strike_target_does_not_tell_a_face_down_plots_type():
    """13.2.2.I: the Vagabond striking a face-down plot chooses "the plot there"; the actions he is offered (the
    action mask an agent sees) must not depend on its type."""
    def strike_options(kind: str) -> set[int]:
        sc = sc2("vagabond")
        sc.vagabond("thief", at=5).vb_items("ready", crossbow=1, boot=1).plot(kind, 5)
        g = sc.start("vagabond", at="vagabond_actions")
        do(g, opt(K.OPT_STRIKE))
        return legal(g)
    assert strike_options(RAID) == strike_options(BOMB)


def test_hidden_a_face_up_plots_type_is_public():
    g = _hidden_position()
    h = g.copy()
    _set_type(h, 9, BOMB)
    for viewer in OTHERS:
        assert not np.array_equal(g.observe(viewer), h.observe(viewer)), viewer


def test_hidden_swapping_face_down_types_through_random_play():
    """Through random games of three and four players with the Corvids, at every decision: swapping the types
    of two face-down plots (or giving one a type from the supply) never changes what the other players
    observe."""
    checked = 0
    for seed, mix in ((5, ("marquise", "eyrie", "corvids")), (6, ("alliance", "vagabond", "lizards", "corvids"))):
        g = Game.new(mix, seed=seed)
        rng = np.random.default_rng(seed)
        others = [f for f in mix if f != "corvids"]
        for _ in range(900):
            if g.is_over:
                break
            down = [n for n in range(1, NC + 1) if plot_in(g, n) and not face_up(g, n)]
            if down:
                h = g.copy()
                n = int(rng.choice(down))
                spare = [k for k in PLOT_NAMES if in_supply(g, k) > 0 and k != plot_in(g, n)]
                kind = spare[0] if spare else None
                if len(down) > 1 and (kind is None or rng.random() < 0.5):
                    m = int(rng.choice([x for x in down if x != n]))
                    a, b = plot_in(g, n), plot_in(g, m)
                    _set_type(h, n, b)
                    _set_type(h, m, a)
                elif kind is not None:
                    _set_type(h, n, kind)
                for viewer in others:
                    assert np.array_equal(g.observe(viewer), h.observe(viewer)), (seed, g.decision, viewer)
                checked += 1
            g.apply(int(rng.choice(g.legal_actions())))
    assert checked > 100


def test_hidden_determinize_resamples_face_down_types_within_the_exclusions():
    """``determinize`` for another player deals the face-down plots' types anew from what that player cannot tell
    apart (face-down plots and the supply), never a type ruled out there by a wrong guess; face-up plots, the
    places and facings, and the two-of-each-type counts stay."""
    g = _hidden_position()
    seen = {1: set(), 5: set(), 10: set()}
    for seed in range(60):
        d = g.determinize("marquise", seed=seed)
        assert set(plots_on_map(d)) == {1, 5, 9, 10}
        assert plot_in(d, 9) == SNARE and face_up(d, 9) and not any(face_up(d, n) for n in (1, 5, 10))
        assert plot_in(d, 5) != SNARE and ruled_out(d, 5) == {SNARE}
        assert all(0 <= in_supply(d, k) <= 2 for k in PLOT_NAMES)
        assert np.array_equal(d.observe("marquise"), g.observe("marquise"))
        for n in seen:
            seen[n].add(plot_in(d, n))
    assert seen[5] == {BOMB, EXTORTION, RAID}
    assert seen[1] == set(PLOT_NAMES) and seen[10] == set(PLOT_NAMES)


def test_hidden_determinize_keeps_a_type_pinned_by_exclusions():
    """Three types ruled out in 5: every determinized game has the one left there."""
    sc = sc2()
    sc.plot(RAID, 5, ruled_out=(BOMB, SNARE, EXTORTION)).plot(BOMB, 1).warriors("marquise", 5, 1)
    g = sc.start("marquise", at="birdsong")
    for seed in range(20):
        assert plot_in(g.determinize("marquise", seed=seed), 5) == RAID


def test_hidden_determinize_for_the_corvids_keeps_every_type():
    g = _hidden_position()
    for seed in range(10):
        d = g.determinize("corvids", seed=seed)
        assert plots_on_map(d) == plots_on_map(g)


# ================================================================== bad input
def _raises_unchanged(g: Game, action, match: str) -> None:
    before = g.state.copy()
    with pytest.raises(IllegalActionError, match=match):
        g.apply(action)
    assert g.state.tobytes() == before.tobytes(), f"state changed by the rejected action {action!r}"


def _at_setup() -> Game:
    g = _to_corvid_setup(1)
    do(g, cl(6))
    return g


def _at_craft() -> Game:
    return sc2().plot(BOMB, 6).hand("corvids", [ANVIL, VISIT]).start("corvids", at="corvids_craft")


def _at_flip() -> Game:
    sc = sc2()
    sc.plot(BOMB, 6).warriors("corvids", 6, 1).plot(RAID, 5).plot(SNARE, 9, face_up=True).warriors("corvids", 9, 1)
    return sc.start("corvids", at="corvids_flip")


def _at_recruit() -> Game:
    return sc2().hand("corvids", [ARMS_TRADER, VISIT]).start("corvids", at="corvids_recruit")


def _at_recruit_suit() -> Game:
    g = _at_recruit()
    do(g, card(ARMS_TRADER))
    return g


def _daylight_position() -> Scenario:
    sc = sc2()
    sc.warriors("corvids", 5, 1).warriors("corvids", 9, 2).plot(BOMB, 1).plot(RAID, 2, face_up=True)
    return sc.hand("corvids", [ANVIL])


def _at_daylight() -> Game:
    return _daylight_position().start("corvids", at="corvids_daylight")


def _at_plot_where() -> Game:
    g = _daylight_position().plots_placed(1).start("corvids", at="corvids_daylight")
    do(g, opt(K.OPT_PLOT))
    return g


def _at_plot_which() -> Game:
    sc = _daylight_position()
    sc.plot(BOMB, 3)
    g = sc.start("corvids", at="corvids_daylight")
    do(g, opt(K.OPT_PLOT), cl(9))
    return g


def _trick_position() -> Scenario:
    return sc2().plot(BOMB, 1).plot(RAID, 2).plot(SNARE, 9, face_up=True).plot(EXTORTION, 10, face_up=True)


def _at_trick_a() -> Game:
    sc = sc2().plot(BOMB, 1).plot(RAID, 2).plot(SNARE, 9, face_up=True)
    g = sc.start("corvids", at="corvids_daylight")
    do(g, opt(K.OPT_TRICK))
    return g


def _at_trick_b() -> Game:
    g = _trick_position().start("corvids", at="corvids_daylight")
    do(g, opt(K.OPT_TRICK), cl(1))
    return g


def _at_exert() -> Game:
    return _daylight_position().start("corvids", at="corvids_evening")


def _exposure_position() -> Game:
    sc = sc2()
    sc.warriors("marquise", 5, 2).plot(RAID, 5).warriors("marquise", 1, 1).plot(BOMB, 1, face_up=True).plot(SNARE, 10)
    return sc.hand("marquise", [BAKE_SALE, ANVIL]).start("marquise", at="exposure_birdsong")


def _at_expose_card() -> Game:
    g = _exposure_position()
    do(g, cl(5))
    return g


def _at_expose_guess() -> Game:
    g = _at_expose_card()
    do(g, card(BAKE_SALE))
    return g


def _at_raid_split() -> Game:
    return _raid_battle(False, corvid_supply=1)


PLOT_KIND_END = piece("plot_raid") + 1  # the action id after the last plot type
BAD = {
    # decision: (position, illegal actions)
    "setup: corvid warrior": (_at_setup, [cl(1), cl(8), cl(12), K.A_DONE]),
    "corvids: craft": (_at_craft, [card(VISIT), card(BAKE_SALE), opt(K.OPT_PLOT), cl(6)]),
    "corvids: flip": (_at_flip, [cl(5), cl(9), cl(1), opt(K.OPT_FLIP), card(ANVIL)]),
    "corvids: recruit": (_at_recruit, [card(ANVIL), opt(K.OPT_SUIT), cl(1)]),
    "corvids: recruit suit": (_at_recruit_suit, [opt(K.OPT_SUIT + 3), opt(K.OPT_SUIT - 1), card(VISIT), K.A_DONE]),
    "corvids: daylight": (_at_daylight, [opt(K.OPT_TRICK), opt(K.OPT_BATTLE), opt(K.OPT_EXPOSE), opt(K.OPT_FLIP),
                                         opt(K.OPT_RECRUIT), card(ANVIL)]),
    "plot: where": (_at_plot_where, [cl(5), cl(1), cl(2), cl(12), K.A_DONE]),
    "plot: which": (_at_plot_which, [plot_action(BOMB), piece("sawmill"), PLOT_KIND_END, K.A_DONE]),
    "trick: first plot": (_at_trick_a, [cl(9), cl(5), K.A_DONE]),
    "trick: second plot": (_at_trick_b, [cl(1), cl(9), cl(10), cl(5), K.A_DONE]),
    "corvids: exert": (_at_exert, [opt(K.OPT_TRICK), opt(K.OPT_BATTLE), opt(K.OPT_EXPOSE), card(ANVIL)]),
    "exposure: where": (_exposure_position, [cl(1), cl(10), cl(2), opt(K.OPT_EXPOSE)]),
    "exposure: card": (_at_expose_card, [card(ANVIL), card(VISIT), K.A_DONE, cl(5)]),
    "exposure: guess": (_at_expose_guess, [piece("sawmill"), piece("tradepost_mouse"), PLOT_KIND_END, K.A_DONE]),
    "place piece (short supply)": (_at_raid_split, [cl(5), cl(9), K.A_DONE]),
}


@pytest.mark.parametrize("name", list(BAD))
def test_bad_input_each_corvid_decision_refuses_illegal_actions_unchanged(name):
    """Every Corvid decision, Exposure's included, refuses an illegal or out-of-range action with a clear error,
    and the state stays byte-identical; a legal action still goes through."""
    build, illegal = BAD[name]
    g = build()
    assert g.decision == name, g.decision
    for a in illegal:
        assert a not in legal(g), (name, g.describe(a))
        _raises_unchanged(g, a, f"action {a} is not legal")
    for a in (-1, K.N_ACTIONS, 10**9):
        _raises_unchanged(g, a, "out of range")
    _raises_unchanged(g, "3", "must be an integer")
    _raises_unchanged(g, 2.0, "must be an integer")
    g.apply(int(g.legal_actions()[0]))


@pytest.mark.parametrize("call, match", [
    (lambda sc: sc.plot("dragon", 1), "unknown plot 'dragon'"),
    (lambda sc: sc.plot(BOMB, 13), r"a clearing is 1\.\.12"),
    (lambda sc: sc.plot(BOMB, 0), r"a clearing is 1\.\.12"),
    (lambda sc: sc.plot(BOMB, "5"), r"a clearing is 1\.\.12"),
    (lambda sc: sc.plot(BOMB, 5).plot(RAID, 5), r"already holds a plot \(Law 13.2.2.II"),
    (lambda sc: sc.plot(BOMB, 5).plot(BOMB, 6).plot(BOMB, 7), "no bomb plot left"),
    (lambda sc: sc.plot(BOMB, 5, face_up=True, ruled_out=(RAID,)), "no face-down plot in clearing 5"),
    (lambda sc: sc.plot(BOMB, 5, ruled_out=(BOMB,)), "cannot rule that out"),
    (lambda sc: sc.plot(BOMB, 5, ruled_out=("dragon",)), "unknown plot"),
    (lambda sc: sc.ruled_out(5, RAID), "no face-down plot in clearing 5"),
    (lambda sc: sc.plots_placed(-1), r"plots placed must be 0\.\.8"),
    (lambda sc: sc.plots_placed(9), r"plots placed must be 0\.\.8"),
    (lambda sc: sc.actions_left(4), r"actions left must be 0\.\.3"),
    (lambda sc: sc.actions_left("2"), r"actions left must be 0\.\.3"),
    (lambda sc: sc.actions_left(True), r"actions left must be 0\.\.3"),
    (lambda sc: sc.start("marquise", at="corvids_daylight"), "a step of the Corvids' own turn"),
    (lambda sc: sc.start("corvids", at="exposure_evening"), r"on an enemy's own turn \(Law 13.2.4\)"),
])
def test_bad_input_scenario_corvid_helpers(call, match):
    """The Scenario's Corvid helpers refuse what cannot be, with a RootError naming it."""
    with pytest.raises(RootError, match=match):
        call(sc2())


def test_bad_input_scenario_corvid_helpers_need_the_corvids():
    sc = Scenario(("marquise", "eyrie"), seed=1)
    for call in (lambda: sc.plot(BOMB, 1), lambda: sc.ruled_out(1), lambda: sc.plots_placed(1),
                 lambda: sc.actions_left(1), lambda: sc.recruited(), lambda: sc.exerted()):
        with pytest.raises(RootError, match="Corvid Conspiracy is not in this game"):
            call()
    with pytest.raises(RootError, match=r"Law 13.2.4"):
        sc.start("marquise", at="exposure_birdsong")


def test_bad_input_a_failed_plot_leaves_the_position_unchanged():
    """Each refused plot() or ruled_out() call checks everything before it changes anything."""
    sc = sc2()
    sc.plot(BOMB, 5).plot(BOMB, 6).plot(RAID, 7)
    before = sc.state.copy()
    for call in (lambda: sc.plot(BOMB, 8), lambda: sc.plot(SNARE, 5), lambda: sc.plot(SNARE, 8, ruled_out=(SNARE,)),
                 lambda: sc.plot(SNARE, 8, face_up=True, ruled_out=(RAID,)), lambda: sc.ruled_out(7, BOMB, RAID)):
        with pytest.raises(RootError):
            call()
        assert sc.state.tobytes() == before.tobytes()


# ================================================================== the Scenario's positions
@pytest.mark.parametrize("faction_name, at", [
    ("corvids", "corvids_craft"), ("corvids", "corvids_flip"), ("corvids", "corvids_recruit"),
    ("corvids", "corvids_daylight"), ("corvids", "corvids_evening"), ("marquise", "exposure_birdsong"),
    ("eyrie", "exposure_daylight"), ("vagabond", "exposure_evening")])
def test_scenario_corvid_positions_keep_the_engine_invariants(faction_name, at):
    """A position set with every Corvid helper keeps the engine's invariants (one plot per clearing, the eight
    conserved, only face-down plots with ruled-out types); so does the random play that follows (the engine's
    compiled invariant checker)."""
    sc = Scenario(("marquise", "eyrie", "vagabond", "corvids"), seed=7)
    sc.plot(BOMB, 1).plot(RAID, 5, ruled_out=(SNARE, BOMB)).plot(SNARE, 9, face_up=True).plot(EXTORTION, 10, True)
    sc.plot(RAID, 12).plot(EXTORTION, 6)
    sc.warriors("corvids", 5, 2).warriors("corvids", 10, 1).warriors("corvids", 12, 3).warriors("marquise", 5, 2)
    sc.warriors("marquise", 12, 2).building("roost", 6).warriors("eyrie", 6, 2).vagabond("thief", at=10)
    sc.vb_items("ready", boot=2, torch=1, sword=1).quests(visible=(0, 1, 2))
    sc.hand("corvids", [ANVIL, ARMS_TRADER]).hand("marquise", [BAKE_SALE]).hand("eyrie", [ROOT_TEA_F])
    sc.hand("vagabond", [TRAVEL_GEAR_F, INVESTMENTS]).plots_placed(1).actions_left(2)
    g = sc.start(faction_name, at=at)
    random_play(g, 7, 300, checked=True)


# ================================================================== more removals and enemies
def test_law_13_7_4_raid_removed_by_the_vagabonds_strike():
    """A plot is a token (3.2.1): the Vagabond's Strike (9.5.6) removes the face-down raid in 5, scores 1 VP,
    and the raid places its warriors in 1 and 2."""
    sc = sc2("vagabond")
    sc.vagabond("thief", at=5).vb_items("ready", crossbow=1, boot=1).plot(RAID, 5)
    g = sc.start("vagabond", at="vagabond_actions")
    do(g, opt(K.OPT_STRIKE))
    assert g.decision == "strike: target" and len(legal(g)) == 1  # the plot, the one piece there
    do(g, int(g.legal_actions()[0]))
    assert plot_in(g, 5) is None and vp(g, "vagabond") == 1
    assert warriors(g, "corvids", 1) == 1 and warriors(g, "corvids", 2) == 1


def test_law_13_7_3_extortion_spares_a_coalition_partner():
    """"each enemy player": the Vagabond in a coalition with the Corvids keeps his cards; the Eyrie give one."""
    sc = Scenario(("marquise", "eyrie", "vagabond", "corvids"), seed=1)
    sc.vagabond("thief", at=6).coalition("corvids").plot(EXTORTION, 6).warriors("corvids", 6, 1)
    sc.warriors("eyrie", 6, 1).hand("vagabond", [ANVIL]).hand("eyrie", [VISIT])
    g = sc.start("corvids", at="corvids_flip")
    do(g, cl(6))
    assert hand_n(g, "vagabond") == 1 and hand_n(g, "eyrie") == 0 and in_hand(g, "corvids", VISIT)
