"""Rootlog import of the Keepers in Iron (issue 39, Law 15): exported games read back into the engine's positions after
every line (relics face down by type, face up by value, waystations and their faces, the Retinue and the Faithful
Retainers), with no disagreement, on every map and in two- to five-player mixes; a handwritten log imports cleanly and
copies with planted illegal actions are flagged with the right Law; a face-down relic's value is never known to the
import (Law 15.2.1); malformed Keepers tokens are disagreements, never a crash (docs/rootlog.md, "The Keepers in
Iron")."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from root_env import Game
from rules_helpers import random_play
from rootlog_round_trip import assert_round_trips, tokens
from root_env.data import NC, NFOREST, FACTION_NAMES, KEEPERS, TT_RELIC, NRELIC_KINDS
from root_env.rootlog import export_lines, from_rootlog
from root_env.rootlog.position import position_of_state

HANDWRITTEN = (Path(__file__).parent / "data" / "rootlog" / "handwritten_keepers.rootlog").read_text()

# Two- to five-player mixes with every other faction, on the four maps (seeds chosen by nothing but their order).
MIXES = [(("keepers", "marquise"), 1000, "autumn"), (("eyrie", "keepers"), 1001, "winter"),
         (("keepers", "alliance", "vagabond"), 1002, "lake"), (("lizards", "keepers", "riverfolk"), 1003, "mountain"),
         (("keepers", "corvids", "hundreds", "marquise"), 1004, "autumn"),
         (("keepers", "marquise", "eyrie", "alliance", "vagabond"), 1005, "winter"),
         (("vagabond", "vagabond2", "keepers", "riverfolk"), 1006, "lake"), (("hundreds", "keepers"), 1007, "mountain"),
         (("corvids", "keepers", "lizards", "eyrie", "riverfolk"), 1008, "autumn")]


def _random_game(factions, seed, map="autumn"):
    """A game of `factions` played to its end by seeded random legal actions."""
    return random_play(Game.new(factions, seed=seed, map=map), seed, 1 << 30)


@pytest.fixture(scope="module")
def exported():
    """(lines, states, imported) of each mix's game, played to its end."""
    out = []
    for factions, seed, mp in MIXES:
        g = _random_game(factions, seed, mp)
        lines, states = export_lines(g)
        out.append((g, lines, states, from_rootlog("\n".join(lines) + "\n")))
    return out


def test_law_15_round_trip_of_games_with_the_keepers(exported):
    """Export then import: the position after every turn line equals the engine's (Position.COMPARED: the relics face
    down by type and place, face up by kind in clearings, forests and on the Relics spaces; waystations with their
    faces; the Retinue's cards by column; the Faithful Retainers), no disagreement, the same winners."""
    for g, _, _, imported in exported:
        assert imported.map == g.map_name if hasattr(g, "map_name") else True
    assert_round_trips(exported)


@pytest.mark.parametrize("what, pattern, who", [
    ("a delve and its flip (15.5.2.II.a)", r"t\d+\^t_\d_[ftj]", "K"),
    ("a relic carried with warriors (15.2.4)", r"t_\d_[ftj]\d+->\d+", "K"),
    ("a recovery (15.5.2.III.a)", r"t_\d_[ftj]\d+->\$", "K"),
    ("Encamp with the first face up (15.4.1)", r"b_(f_t|t_j|j_f)->\d+", "K"),
    ("Encamp with the other face up (15.4.1)", r"b_(t_f|j_t|f_j)->\d+", "K"),
    ("Decamp (15.4.2)", r"b_[ftj]_[ftj]\d+->", "K"),
    ("a waystation removed by an enemy", r"Kb_[ftj]_[ftj]\d+->", None),
    ("a card added to the Retinue (15.6.2)", r"[FRMB]#\w*K->\$_[123]", "K"),
    ("a Retinue card shifted (15.6.2)", r"[FRMB]#[\w@]*\$_[123]->\$_[123]", "K"),
    ("a Retinue card discarded (15.5.2.II.b)", r"[FRM]#[\w@]*\$_[123]->", "K"),
    ("a Faithful Retainer shifted", r"B#faith\$_[123]->\$_[123]", "K"),
    ("a Faithful Retainer removed from the game", r"B#faith\$_[123]->", "K"),
    ("a relic removed by an enemy (15.2.5)", r"Kt_\d_[ftj]\d+->", None),
    ("a trophy placed face up in a forest (15.2.5)", r"Kt_\d_[ftj]->\d+(_\d+)+", None),
])
def test_the_round_trips_write_and_read_every_keepers_token(exported, what, pattern, who):
    """Not vacuous: each Keepers code appears in the round-tripped games (and so reads back exactly)."""
    assert any(re.fullmatch(pattern, t) for _, lines, _, _ in exported for t in tokens(lines, who)), what


def test_law_15_2_1_the_import_never_knows_a_face_down_relics_value(exported):
    """Law 15.2.1: face down, a relic shows its type only. The imported position holds face-down relics by place and
    type (``relics_down``); their values are nowhere in it: after the Keepers' setup line every relic is face down
    in a forest, and the face-up rows of tokens, forests and the Relics spaces are empty."""
    for g, lines, states, imported in exported:
        k = next(i for i, (number, _) in enumerate(imported.line_positions) if lines[number - 1].startswith("K:"))
        pos = imported.line_positions[k][1]
        assert pos.relics_down[NC:].sum() == 12 and pos.relics_down[:NC].sum() == 0
        assert list(pos.relics_down[NC:].sum(axis=0)) == [4, 4, 4]
        assert not pos.tokens[TT_RELIC:TT_RELIC + NRELIC_KINDS].any() and not pos.forest_relics.any()
        assert not pos.relics.any() and pos.relics_down.shape == (NC + NFOREST, 3)


def test_handwritten_keepers_log_imports_without_disagreement():
    imported = from_rootlog(HANDWRITTEN)
    assert [str(d) for d in imported.disagreements] == []
    p = imported.final
    # the trophy face up in 1_2_5_10 (the Marquise's two VP), the recovered 3-tablet, a tablet waystation in 3
    assert p.forest_relics[0].nonzero()[0].tolist() == [1] and p.relics.tolist() == [0, 0, 0, 0, 0, 1, 0, 0, 0]
    assert p.vp[FACTION_NAMES.index("marquise")] == 2 and p.vp[KEEPERS] == 3
    assert p.buildings[11, 2] == 1 and p.ws_face[0] == 1
    assert p.retainers.tolist() == [0, 1, 1] and p.retinue == [[], [], []]
    assert p.relics_down[NC:].sum() == 10


def _planted(old: str, new: str) -> str:
    assert old in HANDWRITTEN, old
    return HANDWRITTEN.replace(old, new, 1)


@pytest.mark.parametrize("old, new, law", [
    ("w7->/b_j_f->7", "w7->/b_j_f->11", "15.4.1"),                          # a waystation replacing no warrior
    ("w3->/b_t_f->3", "w3->/b_t_f->3/w3->/b_j_f->3", "15.4.1"),             # Encamp twice in one clearing
    ("M#K->/2w->7", "M#K->/2w->11", "15.4.3"),                              # a recruit where no waystation is
    ("t_f3_6_11->11/t11^t_2_f", "t_f4_9_12->11/t11^t_2_f", "15.5.2.II.a"),  # a delve from a forest not adjacent
    ("2w11->3/w7->", "2w11->3/t3^t_1_t/w7->", "15.5.2.II.a"),               # a flip with no delve
    ("t_f3_6_11->11/t11^t_2_f", "t_f3_6_11->11", "15.5.2.II.a"),            # a delved relic never flipped
    ("w3->/b_t_f->3", "w3->/b_f_t->3", "15.5.2.III.a"),                     # recovering a tablet: the waystation shows figures
    ("2w7->3/t_3_t7->3", "2w7->8/t_3_t7->3", "15.2.4"),                     # a relic moving with no warrior
    ("Kt_2_f11->/Kt_2_f->1_2_5_10", "Kt_2_f->1_2_5_10", "15.2.5"),          # a trophy no enemy removed
    ("t_t3_7_11_12->7/t7^t_3_t", "t_f4_7_8_12->7/t7^t_2_f", "15.2.1"),      # a second 2-figure (the trophy is one)
    ("w->10/#->C\nK:b_j", "w->10/Kt_f->4_9_12/#->C\nK:b_j", "15.3.1"),      # a relic placed face down after setup
    ("t_j->4_9_12/t_f->4_7_8_12/", "t_f->4_7_8_12/", "15.3.1, 15.3.4"),     # the setup short of a relic
    ("/B#faith->$_3/", "/", "15.3.5"),                                      # the setup short of a Faithful Retainer
    ("B#faith$_1->$_2/2#->K", "B#faith$_1->$_2/M#K->$_1/2#->K", "15.6.2"),  # a shift and an add in one Evening
    ("w->10/#->C\nK:b_j", "w->10/M#K->$_1/#->C\nK:b_j", "15.6.2"),          # the Retinue on the Marquise's line
    ("t_3_t3->$/++3", "t_3_t3->$/t_2_f1_2_5_10->$/++3", "15.5.2.II.a"),     # a relic recovered from a forest
])
def test_keepers_rules_checked_on_import(old, new, law):
    imported = from_rootlog(_planted(old, new))
    assert law in {d.law for d in imported.disagreements}, imported.report()


@pytest.mark.parametrize("old, new", [
    ("t_3_t7->3/t_3_t3->$", "t_t7->3/t_t3->$"),     # a face-up relic written by its type only: its value is the one there
    ("t_f3_6_11->11/t11^t_2_f", "t_2_f3_6_11->11"),  # a delve written with the value it shows: the flip in one token
    ("Kt_2_f11->/Kt_2_f->1_2_5_10", "Kt_f11->/Kt_2_f->1_2_5_10"),  # removed by type, placed face up with its value
])
def test_law_15_2_1_relic_values_the_log_leaves_out_or_writes_at_once(old, new):
    """docs/rootlog.md: a relic written by type only is the face-down one of that type there, or the face-up one when
    every relic of its type there shows the same value; a relic leaving a forest face down with its value is delved
    and flipped. The same position, no disagreement."""
    a, b = from_rootlog(HANDWRITTEN), from_rootlog(_planted(old, new))
    assert [str(d) for d in b.disagreements] == []
    assert a.final.differences(b.final) == []


def test_law_15_2_1_a_relic_of_unknown_value_among_several_is_incomplete():
    """A 1-tablet and a 3-tablet face up in clearing 11 and a token moving a tablet by its type only: the log does not
    say which left (the import takes the lowest and says so)."""
    text = _planted("t11^t_2_f/2w11->3/", "t11^t_2_f/t_t2_6_10_11_12->11/t11^t_1_t/t_t3_7_11_12->11/t11^t_3_t/"
                    "2w11->3/t_t11->3/")
    found = [d for d in from_rootlog(text).disagreements if d.action == "t_t11->3"]
    assert [(d.kind, d.law) for d in found] == [("incomplete", "15.2.1")] and "different values" in found[0].text


MALFORMED = ["t_9_f->3_6_11", "t_x->3_6_11", "t_2_x3->$", "b_f_f->3", "b_f_x->3", "b_f_t3->5", "b_f_t->3_6_11",
             "b_f_t->$", "t3^t_4_t", "t3^t_2_q", "t99^t_2_t", "Kt3^t_2_t", "Ct3^t_2_t", "M#sappers$_3->K",
             "B#faith->C", "F#faith$_1->$_2", "B#faith$_1->$_9", "t_2_t$->3", "t_2_t3->C$", "t_f1_2_5_10->$",
             "999t_f->1_2_5_10", "t_f->99_98", "t_2_t3->3", "b_t_f->", "t_f->", "t_1_f->0", "M#$_1->$_2",
             "2B#faith$_2->$_3", "t_3_t->$", "Xk3", "Kb_t_f3->3", "t_t1_2_5_10->1_9_10_12"]


@pytest.mark.parametrize("token", MALFORMED)
def test_malformed_keepers_tokens_are_disagreements_not_errors(token):
    """Bad Keepers tokens on the Keepers' line (values and types relics do not have, a waystation of two equal faces,
    a waystation moved or put on a board, a flip on another's line or of no clearing, Retinue columns that do not
    exist, a retainer in a hand...): each a disagreement of its line, the import finishes, nothing raised."""
    text = _planted("/2w11->3/", f"/{token}/2w11->3/")
    imported = from_rootlog(text)
    line = next(i for i, ln in enumerate(text.splitlines(), 1) if f"/{token}/2w11->3/" in ln)
    assert any(d.line == line for d in imported.disagreements), imported.report()


def test_imported_keepers_game_in_the_replay_viewer_shows_their_board():
    """The import's replay page draws the Keepers' board from the log: the trophy face up in its forest, the
    recovered relic, the waystation's face, the face-down relics by type only (Law 15.2.1)."""
    from root_env.rootlog.view import frames
    from root_env.rootlog.position import state_of_position
    from root_env.names import keepers_dict
    imported = from_rootlog(HANDWRITTEN)
    base = Game.new(("marquise", "keepers"), seed=0).state
    kp = keepers_dict(state_of_position(base, imported.final))
    assert kp["forests"]["forest 1"]["face_up"] == ["figure 2"] and kp["recovered"] == ["tablet 3"]
    assert kp["waystations"]["figure/tablet"] == {"face_up": "tablet", "clearing": 3}
    assert sorted(t for f in kp["forests"].values() for t in f["face_down"]) == ["figure"] * 3 + ["jewelry"] * 4 + \
        ["tablet"] * 3
    data = frames(imported)
    assert len(data["frames"]["log"]) == len(imported.steps) + 1


def test_law_c_2_5_a_draw_after_warriors_move_along_the_lake_is_no_ferry_crossing():
    """Found by the Keepers' round-trip sweep (seed 1134, the Lake): the Riverfolk's last Daylight move along the lake
    (Swimmers, 11.2.2) followed by their Evening draw read as a Ferry crossing, which put the import's Ferry in the
    wrong clearing and flagged the Keepers' own crossing later as a move between clearings not adjacent (4.2). The
    export writes a crossing's draw before warriors move (only a Vagabond's may follow his pawn): now read so.
    The same game since the Daylight-end fix (the Keepers offered the options of any time in Daylight after their
    Retinue) has the other side of it: the Riverfolk's Daylight Draw (11.5.4) right before a move along the lake from
    the Ferry's clearing without the Ferry (line 48), which the text cannot tell from a crossing; the Keepers' crossing
    from there later (line 55) says the Ferry had stayed."""
    factions = ("corvids", "keepers", "lizards", "eyrie", "riverfolk")
    g = _random_game(factions, 1134, "lake")
    lines, states = export_lines(g)
    imported = from_rootlog("\n".join(lines) + "\n")
    assert "w12->1/M#investments->O" in lines[27] and "#->K/3w12->11" in lines[29]
    assert lines[47].startswith("O:B#@->O/w11->10/") and "w6->11/#->K/w11->1/" in lines[54]
    assert [str(d) for d in imported.disagreements] == []
    for (number, pos), state in zip(imported.line_positions, states):
        assert pos.differences(position_of_state(state)) == [], lines[number - 1]
