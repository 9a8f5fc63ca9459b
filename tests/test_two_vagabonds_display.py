"""Two Vagabonds (Law 9.8, issue 16) in every display layer: the log names each Vagabond's moves, items
and relationships and what happens under a ruin with two items (9.8.1); the picture draws both pawns,
told apart, a board for each and the items under the ruins as the viewer may see them; the text render
lists both boards and pawns; the end of a game names either Vagabond's coalition win. (The replay viewer
and terminal play as the second Vagabond: tests/test_replay_viewer.py, tests/test_play_cli.py.)"""
from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from rules_helpers import play_out
from root_env import Game, Scenario
from root_env.data import BASE_CHARACTERS  # the seeded game was found with the base game's characters
from root_env.gamelog import changes, log_entries
from root_env.layout import DECISION
from root_env.picture import PAWNS, R_CLEARING, clearing_xy, forest_center, to_rgb_array
from root_env.render import render_text, end_reason

FOUR = ("marquise", "eyrie", "vagabond", "vagabond2")
LABEL = {"vagabond": "the vagabond", "vagabond2": "the second vagabond"}
SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def game():
    """A seeded random four-player game with both Vagabonds, played to its end (569 decisions: the Marquise
    wins by dominance with the Vagabond in forest 4 and the second Vagabond in clearing 12)."""
    return play_out(Game.new(FOUR, seed=1, vagabond_characters=BASE_CHARACTERS), 1)  # found with these


def _step(g: Game, ends_with: str, **seen) -> list[str]:
    """Apply the legal action whose description ends with `ends_with`; the log's lines for that step."""
    a = next(int(a) for a in g.legal_actions() if g.describe(int(a)).endswith(ends_with))
    before = g.state.copy()
    g.apply(a)
    return changes(before, g.state, decision=int(before[DECISION]), action=a, **seen)


def _ruin_scenario(*items: str, held=()) -> Game:
    """The second Vagabond in clearing 10 with a torch (and `held` "R" items), the Vagabond in a forest, the
    `items` under the ruin in clearing 10; his Daylight begins."""
    sc = Scenario(FOUR)
    sc.vagabond("thief", at="forest 1").vagabond("tinker", at=10, which="vagabond2")
    sc.vb_items("ready", which="vagabond2", torch=1, boot=1, **{i: 1 for i in held})
    sc.ruin_items_held(*held, which="vagabond2").ruin_item(10, *items)
    return sc.start("vagabond2", at="daylight")


# ---------------------------------------------------------------- the log
def test_log_names_each_vagabonds_moves_items_and_relationships(game):
    """Every step of the game: a pawn moved, items changed and relationships changed are reported for the
    Vagabond they belong to, and only for him."""
    rec = game.to_record()
    entries = log_entries(rec)
    g = Game.new(FOUR, seed=1, vagabond_characters=BASE_CHARACTERS)
    seen = {v: {"moves": 0, "items": 0, "relationships": 0} for v in LABEL}
    for a, e in zip(rec["actions"], entries):
        d0 = g.to_dict()
        g.apply(a)
        d1 = g.to_dict()
        for v, label in LABEL.items():
            p0, p1 = d0[v]["pawn"], d1[v]["pawn"]
            moved = [x for x in e["events"] if x.startswith(f"{label} goes to ")]
            if p0 and p1 != p0:
                assert moved == [f"{label} goes to {p1}"], (e, p0, p1)
                seen[v]["moves"] += 1
            else:
                assert not moved, e
            items = [x for x in e["events"] if x.startswith(f"{label[4:]}'s ")]
            assert bool(items) == (d0[v]["items"] != d1[v]["items"]), e
            seen[v]["items"] += bool(items)
            for f, r in d1[v]["relationships"].items():
                line = f"{label} is now {r} with {f}"
                assert (line in e["events"]) == (d0[v]["relationships"].get(f) not in (None, r)), e
                seen[v]["relationships"] += line in e["events"]
    for v in LABEL:
        assert min(seen[v].values()) > 0, seen
    text = game.log()
    assert "vagabond2: " in text and "the second vagabond goes to clearing " in text
    assert "second vagabond's torch: exhausted 1" in text


def test_log_of_two_items_under_a_ruin_looked_at_and_none_taken():
    """Law 9.8.1: exploring a ruin with two items, the second Vagabond looks at both (named for him and in a
    revealed log only), then takes none: no item, no VP, both stay."""
    for seen, named in ((dict(), False), (dict(viewer="vagabond"), False), (dict(viewer="vagabond2"), True),
                        (dict(reveal=True), True)):
        g = _ruin_scenario("sword", "bag")
        lines = _step(g, "explore", **seen)
        where = "the ruin in clearing 10 (rabbit)"
        looked = f"the second vagabond looks at the 2 items under {where}" + (": the sword and bag" if named else "")
        assert lines == ["second vagabond's torch: exhausted 1", looked + " (Law 9.8.1)"], (seen, lines)
        vp = g.vp["vagabond2"]
        assert _step(g, "take no item (no VP)", **seen) == [
            f"the second vagabond takes no item from {where}: 2 items stay under it (no VP, Law 9.8.1)"]
        assert g.vp["vagabond2"] == vp and g.to_dict()["ruin_items"] == {"clearing 10": ["sword", "bag"]}


def test_log_of_an_item_taken_from_a_ruin_with_two_and_of_an_item_left():
    g = _ruin_scenario("sword", "bag")
    _step(g, "explore")
    assert _step(g, "take bag (face up) from the ruin") == [
        "second vagabond's bag: face up 1",
        "the second vagabond takes the bag from the ruin in clearing 10 (rabbit); 1 item left under it",
        "vagabond2 +1 VP (now 1)"]
    # Law 9.8.1: the last item matches an "R" item he holds: he looks, leaves it, scores nothing
    g = _ruin_scenario("sword", held=("sword",))
    assert _step(g, "explore")[1:] == ["the second vagabond looks under the ruin in clearing 10 (rabbit) and leaves "
                                       "the item: an \"R\" item he already has (no VP, Law 9.8.1)"]
    assert g.to_dict()["ruin_items"] == {"clearing 10": ["sword"]}


# ---------------------------------------------------------------- the picture
def _texts(svg: str) -> list:
    """(text, x, y) of every text in the SVG's pieces group (the map's pieces, the boards and the legend)."""
    root = ET.fromstring(svg)
    pieces = next(g for g in root.iter(SVG + "g") if g.get("id") == "pieces")
    return [(t.text or "", float(t.get("x")), float(t.get("y"))) for t in pieces.iter(SVG + "text")]


def test_picture_draws_both_pawns_told_apart_and_both_boards(game):
    d = game.to_dict()
    svg = game.to_svg()
    texts = _texts(svg)
    words = "\n".join(t for t, _, _ in texts)
    # one pawn each on the map and one each in the legend, each with its own letter and fill
    assert [t for t, _, _ in texts].count("V") == 2 and [t for t, _, _ in texts].count("V2") == 2
    assert PAWNS["vagabond"][0] != PAWNS["vagabond2"][0]
    assert f'fill="{PAWNS["vagabond"][0]}"' in svg and f'fill="{PAWNS["vagabond2"][0]}"' in svg
    assert "Vagabond pawn" in words and "Second Vagabond pawn" in words
    # each drawn where its pawn stands: the Vagabond in forest 4, the second Vagabond beside clearing 12
    assert d["vagabond"]["pawn"] == "forest 4" and d["vagabond2"]["pawn"] == "clearing 12"
    fx, fy = forest_center(3)
    cx, cy = clearing_xy(11)
    assert any(t == "V" and abs(x - fx - 22) < 1 and abs(y - fy - 5) < 1 for t, x, y in texts)
    assert any(t == "V2" and abs(x - cx - R_CLEARING - 4) < 1 and abs(y - cy - 15) < 1 for t, x, y in texts)
    # a board for each, with his own character, pawn and "R" items; the quests once (shared, Law 9.8.3)
    for v, title in (("vagabond", "Vagabond"), ("vagabond2", "Second Vagabond")):
        vb = d[v]
        assert f"{vb['character'].title()} · pawn in {vb['pawn']}" in words
        assert '"R" items from the ruins: ' + (", ".join(vb["ruin_items_held"]) or "none") in words
        assert any(t.startswith(title) for t, _, _ in texts)
    assert "Quests: shared with the Vagabond (Law 9.8.3)" in words
    # the items under the ruins, face down in a public picture: a "?" for each
    under = sum(len(items) for items in d["ruin_items"].values())
    assert under > 0 and [t for t, _, _ in texts].count("?") == under


def test_picture_shows_the_ruins_items_only_to_the_vagabond_who_looked():
    g = _ruin_scenario("sword", "bag")
    _step(g, "explore")
    mine = _texts(g.to_svg(viewer="vagabond2"))
    assert {"Sd", "Bg"} <= {t for t, _, _ in mine} and "?" not in {t for t, _, _ in mine}
    assert any(t.startswith("Under the ruins (Law 9.8.1): clearing 10 sword, bag") for t, _, _ in mine)
    for viewer in (None, "vagabond", "marquise"):
        other = [t for t, _, _ in _texts(g.to_svg(viewer=viewer))]
        assert other.count("?") == 2 and not {"Sd", "Bg"} & set(other), viewer
        assert "Under the ruins (Law 9.8.1): clearing 10 hidden ×2" in other
    assert (to_rgb_array(g, viewer="vagabond2") != to_rgb_array(g)).any()


def test_both_pawns_in_one_forest_are_drawn_side_by_side():
    sc = Scenario(FOUR)
    sc.vagabond("thief", at="forest 3").vagabond("tinker", at="forest 3", which="vagabond2")
    texts = _texts(sc.start("vagabond", at="daylight").to_svg())
    fx, fy = forest_center(2)
    assert any(t == "V" and abs(x - fx - 22) < 1 for t, x, y in texts)
    assert any(t == "V2" and abs(x - fx - 50) < 1 for t, x, y in texts)


# ---------------------------------------------------------------- the text render and the end of the game
def test_text_render_lists_both_boards_and_pawns(game):
    d = game.to_dict()
    lines = render_text(game).splitlines()
    for v, title in (("vagabond", "Vagabond"), ("vagabond2", "Second Vagabond")):
        vb = d[v]
        assert any(ln.startswith(f"{title}: {vb['character']} at {vb['pawn']} | items ") and
                   ln.endswith(" | R items " + (", ".join(vb["ruin_items_held"]) or "-")) for ln in lines), title
    rows = {int(ln[:2]): ln for ln in lines[1:13]}
    for c, row in rows.items():
        pawns = d["clearings"][c - 1]["pawns"]
        assert ("V2 pawn" in row) == ("vagabond2" in pawns) and ("VB pawn" in row) == ("vagabond" in pawns)
    assert "V2 pawn" in rows[12]
    under = next(ln for ln in lines if ln.startswith("Under the ruins (Law 9.8.1): "))
    assert set(under.split(": ", 1)[1].replace("clearing ", "").replace(",", " ").replace(":", " ").replace("|", " ")
               .split()) - {str(c) for c in range(1, 13)} == {"hidden"}


def test_text_render_names_the_ruins_items_for_the_vagabond_who_looked():
    g = _ruin_scenario("sword", "bag")
    _step(g, "explore")
    assert "Under the ruins (Law 9.8.1): clearing 10: sword, bag" in render_text(g, viewer="vagabond2")
    assert "Under the ruins (Law 9.8.1): clearing 10: hidden, hidden" in render_text(g, viewer="vagabond")
    assert "Under the ruins (Law 9.8.1): clearing 10: hidden, hidden" in render_text(g)


def test_end_reason_names_either_vagabonds_coalition():
    base = {"truncated": False, "max_turns": 300, "dominance": {}, "vp": {"eyrie": 30, "marquise": 12},
            "vagabond": {"coalition": None}, "vagabond2": {"coalition": "eyrie"}}
    assert end_reason({**base, "winners": ["eyrie", "vagabond2"]}) == (
        "eyrie wins with 30 VP (30 needed, Law 3.1); vagabond2 wins in coalition with eyrie (Law 9.2.8)")
    both = {**base, "vagabond": {"coalition": "marquise"}, "dominance": {"marquise": "fox"},
            "winners": ["marquise", "vagabond"]}
    assert end_reason(both) == ("marquise wins by fox dominance (Law 3.3); vagabond wins in coalition with "
                                "marquise (Law 9.2.8)")
