"""The Keepers in Iron (Law 15, issue 39) in the picture and the replay viewer: waystations with their face-up relic
type, relics face up with their value and face down by type only (15.2.1: nobody knows a face-down relic's value, so
no picture, for any viewer, shows it), the Relics spaces, the Retinue's three columns, the Keepers' warriors in
their colour; and the viewer page in a real headless Chromium (helpers from tests/test_replay_viewer.py)."""
from __future__ import annotations

import json
import re

import pytest

from root_env import Scenario
from root_env.picture import to_svg, faction_color, RELIC_COLORS, dynamic_groups, as_seen
from root_env.replay import frames, main

from test_replay_viewer import _viewer_at

SEATS = ("keepers", "marquise", "eyrie")


def _scenario(swap: bool = False) -> Scenario:
    """Keepers' warriors, a waystation (tablet up), a face-up tablet 3 in clearing 1, a jewelry 1 face up in forest 2,
    a figure 3 recovered, a Retinue; the other relics face down where Scenario deals them (figure 1 in forest 1,
    figure 2 in forest 2). `swap`: those two face-down figures trade forests (each forest's types unchanged)."""
    sc = Scenario(SEATS, seed=5)
    sc.warriors("keepers", 1, 3).waystation("figure/tablet", 1, face_up="tablet").relic("tablet", 3, 1)
    sc.relic("jewelry", 1, "forest 2", face_up=True)
    sc.relic("figure", 3, "recovered").retinue("move", [("Ambush!", "fox")])
    if swap:
        sc.relic("figure", 1, "forest 2", face_up=False).relic("figure", 2, "forest 1", face_up=False)
    return sc


def _texts(svg: str) -> list[str]:
    return re.findall(r">([^<]*)</text>", svg)


def test_picture_draws_the_keepers_waystation_relics_and_board():
    g = _scenario().start("keepers", at="keepers_retinue")
    svg = to_svg(g)
    texts = _texts(svg)
    assert "Wt" in texts  # the waystation, tablet face up (15.2.2)
    assert "t3" in texts and "j1" in texts  # face up: type and value (a clearing's token, a forest's relic)
    assert "f?" in texts  # face down in forest 1: its type only (15.2.1)
    assert faction_color("keepers") in svg  # their warriors
    assert RELIC_COLORS["tablet"] in svg and RELIC_COLORS["jewelry"] in svg and RELIC_COLORS["figure"] in svg
    assert any(t.startswith("Keepers in Iron") for t in texts)
    assert "Relics recovered: figure 3 (1/4) · tablet none (0/4) · jewelry none (0/4)" in texts
    assert any(t.startswith("Waystations: figure/tablet in clearing 1 (tablet up)") for t in texts)
    assert {"Retinue: move", "Retinue: battle then delve", "Retinue: move or recover"} <= set(texts)
    assert "Ambush! (fox)" in texts
    assert {"waystation (W, face-up type)", "relic (type, value)", "face-down relic"} <= set(texts)  # the legend


@pytest.mark.parametrize("viewer", [None, *SEATS])
def test_law_15_2_1_no_picture_shows_a_face_down_relic_value(viewer):
    """Two positions that differ only in the values of the face-down figures in forests 1 and 2 draw the same picture
    for every viewer, the Keepers included: nobody knows a face-down relic's value (Law 15.2.1)."""
    games = [_scenario(swap).start("keepers", at="keepers_retinue") for swap in (False, True)]
    assert games[0].to_dict()["keepers"] == games[1].to_dict()["keepers"]
    assert (games[0].state != games[1].state).any()  # the values do differ
    svgs = [to_svg(g, viewer=viewer) for g in games]
    assert svgs[0] == svgs[1]
    assert "f?" in _texts(svgs[0]) and "f1" not in _texts(svgs[0]) and "f2" not in _texts(svgs[0])


def _record(tmp_path, decisions: int = 6):
    """The scenario's game played `decisions` steps by the first legal action, saved as a replayable record."""
    g = _scenario().start("keepers", at="keepers_retinue")
    for _ in range(decisions):
        if g.is_over:
            break
        g.apply(int(g.legal_actions()[0]))
    path = tmp_path / "keepers.json"
    g.save(path)
    return path, g


def test_replay_frames_of_a_keepers_game_draw_their_pieces_and_board(tmp_path):
    path, g = _record(tmp_path)
    data = frames(json.loads(path.read_text()))
    assert data["factions"] == list(SEATS) and "Keepers in Iron" in data["titles"]
    texts = {p[3] for p in data["prims"] if p[0] == 3}
    assert {"Wt", "t3", "j1", "f?", "Retinue: move", "Retinue: move or recover"} <= texts
    assert any(t.startswith("Relics recovered: figure 3 (1/4)") for t in texts)
    keepers = data["palette"].index(faction_color("keepers"))
    assert any(p[0] == 1 and p[4] == keepers for p in data["prims"])  # their warriors' disc
    # the last frame is the game's position as the picture draws it
    last = {p for grp in dynamic_groups(g, as_seen(g)) for p in grp if p[0] == "text"}
    assert {p[3] for p in last} <= texts


def test_viewer_with_the_keepers_in_headless_chromium(tmp_path):
    path, g = _record(tmp_path)
    out = tmp_path / "keepers.html"
    assert main([str(path), "-o", str(out)]) == 0
    steps = len(json.loads(path.read_text())["actions"])
    with _viewer_at(out, steps) as page:
        drawn = page.locator("#pieces text").all_text_contents()
        assert {"Wt", "t3", "j1", "f?"} <= set(drawn)  # waystation, relics face up, the face-down one by type
        assert not {"f1", "f2"} & set(drawn)  # the face-down figure's value is drawn nowhere (15.2.1)
        assert any(t.startswith("Keepers in Iron") for t in drawn) and "Retinue: move" in drawn
        assert any(t.startswith("Relics recovered: figure 3 (1/4)") for t in drawn)
        fills = page.eval_on_selector_all("#pieces circle", "els => els.map(e => e.getAttribute('fill'))")
        assert faction_color("keepers") in fills  # the Keepers' warriors
        assert "Keepers in Iron" in page.text_content("#vp")
        page.keyboard.press("Home")
        assert page.text_content("#pos").startswith("step 0 /")
        assert "Wt" in page.locator("#pieces text").all_text_contents()  # the scenario's waystation from the start


# ---------------------------------------------------------------- the web page (root_env.web)
def test_web_page_draws_forest_relics_as_things_face_down_by_type_only():
    """The web page's map (``targets.pieces_svg`` of a seat's view): each relic in a forest is a drawn thing titled by
    type and, face up, value; a face-down one's value is in no seat's page, the Keepers' included (Law 15.2.1)."""
    from root_env.web import views
    from root_env.web.targets import pieces_svg
    games = [_scenario(swap).start("keepers", at="keepers_retinue") for swap in (False, True)]
    for seat in (None, *SEATS):
        pages = [pieces_svg(views.picture_dict(views.seen(g, seat))) for g in games]
        assert pages[0] == pages[1]
        titles = re.findall(r'data-kind="relic"[^>]*><title>([^<]*)</title>', pages[0])
        assert "face-down figure relic in forest 1" in titles and "jewelry 1 relic in forest 2" in titles
        assert not [t for t in titles if re.match(r"figure \d", t)]  # the face-down figures: no value


def test_web_options_of_keepers_games_target_things_on_the_deciders_page():
    """Over random games with the Keepers, every option's click targets (web/targets.py) fit a thing the decider's
    page draws (the check of tests/test_web_api.py for the other factions), Retinue cards and forests included."""
    import random
    from root_env import Game
    from root_env.web import views
    from test_web_api import _page_things, _fits
    kinds, decisions = set(), set()
    for k in range(3):
        g = Game.new(("keepers", "marquise", "eyrie", "alliance"), seed=200 + k, max_turns=20)
        r = random.Random(k)
        while not g.is_over:
            seat = g.current_player
            opts = views.options(g, seat)
            if len(opts) > 1 and seat == "keepers":
                things = _page_things(g, seat, opts)
                for o in opts:
                    for t in o["targets"]:
                        assert [th for th in things if _fits(t, th)], (g.decision, o["text"], t)
                        kinds.add(t["kind"])
                decisions.add(g.decision)
            g.apply(r.choice(opts)["action"])
    assert {"retinue: which card", "delve: forest", "encamp: where"} <= decisions
    assert {"clearing", "card", "forest"} <= kinds


@pytest.mark.parametrize("mp", ["lake", "mountain"])
def test_web_page_draws_the_ferry_and_opened_paths(mp):
    """The web page's map on the Lake (the Ferry, Law C.2.5) and the Mountain (removed closed paths, C.3.3): each drawn
    group has its thing (before, a Ferry or an opened path made the page's map fail to draw)."""
    import random
    from root_env import Game
    from root_env.web import views
    from root_env.web.targets import pieces_svg
    g = Game.new(("marquise", "eyrie", "keepers"), seed=1, map=mp)
    r = random.Random(1)
    for _ in range(400):
        g.apply(int(r.choice(list(g.legal_actions()))))
    d = g.to_dict()
    assert d.get("ferry") or d.get("opened_paths")
    svg = pieces_svg(views.picture_dict(views.seen(g, "marquise")))
    assert svg.count('data-kind="ferry"') == (1 if d.get("ferry") else 0)
    assert svg.count('data-kind="path"') == len(d.get("opened_paths", ()))
