"""Pictures of the map (issue 5): SVG and PNG show the clearings, paths, pieces and VP; the picture
changes when pieces change; PettingZoo's render_test passes for ansi and rgb_array (and human)."""
from __future__ import annotations

import xml.etree.ElementTree as ET

import numpy as np
import pytest

from root_env import Game, Scenario, raw_env
from root_env.data import NC, ADJ, RIVER_ADJ
from root_env.layout import LZ_SCORED
from root_env.picture import (to_rgb_array, piece_label, faction_color, faction_title, plural, WIDTH, HEIGHT,
                               UNKNOWN_COLOR, PANEL_X, PANEL_W)


@pytest.fixture(scope="module")
def game():
    g = Game.new(seed=5)
    rng = np.random.default_rng(0)
    for _ in range(120):
        g.apply(int(rng.choice(g.legal_actions())))
    return g


def test_svg_is_valid_and_complete(game):
    svg = game.to_svg()
    root = ET.fromstring(svg)  # well-formed XML
    ns = "{http://www.w3.org/2000/svg}"
    texts = [t.text for t in root.iter(ns + "text")]
    for c in range(1, NC + 1):
        assert str(c) in texts  # priority numbers
    assert {"fox", "rabbit", "mouse"} <= set(texts)
    lines = [e for e in root if e.tag == ns + "line"]  # the map's own lines (pieces and legend are in a group)
    assert len(lines) == int(ADJ.sum()) // 2 + int(RIVER_ADJ.sum()) // 2
    assert any(f"{game.vp[f]} VP" in (t or "") for t in texts for f in game.factions)
    assert faction_color("marquise") in svg and faction_color("eyrie") in svg


def test_picture_changes_when_pieces_change():
    sc = Scenario(("marquise", "eyrie"))
    sc.warriors("marquise", 5, 3)
    g1 = sc.start("marquise", at="daylight")
    sc2 = Scenario(("marquise", "eyrie"))
    sc2.warriors("marquise", 5, 4)
    g2 = sc2.start("marquise", at="daylight")
    assert g1.to_svg() != g2.to_svg()
    a1, a2 = to_rgb_array(g1), to_rgb_array(g2)
    assert a1.shape == (HEIGHT, WIDTH, 3) and a1.dtype == np.uint8
    assert (a1 != a2).any()
    sc3 = Scenario(("marquise", "eyrie"))
    sc3.warriors("marquise", 5, 3).building("sawmill", 5)
    assert (to_rgb_array(sc3.start("marquise", at="daylight")) != a1).any()


def test_png_file(game, tmp_path):
    data = game.to_png(tmp_path / "board.png")
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert (tmp_path / "board.png").read_bytes() == data


def test_unknown_pieces_and_factions_render_generically():
    assert piece_label("garden_fox") == "Gf"
    assert piece_label("plot_snare") == "Ps"
    assert faction_color("badgers") == UNKNOWN_COLOR


def test_pettingzoo_render_test():
    from pettingzoo.test import render_test
    render_test(lambda render_mode: raw_env(seed=3, render_mode=render_mode))


def test_rgb_array_render_mode():
    e = raw_env(seed=4, render_mode="rgb_array")
    e.reset()
    img = e.render()
    assert img.shape == (HEIGHT, WIDTH, 3) and img.dtype == np.uint8 and img.std() > 10


# ---------------------------------------------------------------- issue 19: the whole public position
@pytest.fixture(scope="module")
def full_position():
    """Every implemented faction with its board filled in: Decree, items, relationships, quests, crafted
    cards, buildings on the tracks, officers and supporters, a dominance card, a pawn in a clearing; the
    Lizard Cult's gardens, warriors, Hated outcast, acolytes, revealed cards and Lost Souls pile."""
    sc = Scenario(("marquise", "eyrie", "alliance", "vagabond", "lizards"))
    sc.warriors("marquise", 1, 4).building("sawmill", 1).building("sawmill", 5).building("workshop", 5)
    sc.building("recruiter", 10).token("keep", 1).token("wood", 5, 2)
    sc.warriors("eyrie", 3, 6).building("roost", 3).building("roost", 6)
    sc.leader("despot").decree("move", [("Ambush!", "bird"), ("Favor of the Foxes", "fox")])
    sc.decree("battle", [("Mouse-in-a-Sack", "mouse")])
    sc.warriors("alliance", 8, 2).building("base_mouse", 12).token("sympathy", 8).token("sympathy", 12)
    sc.officers(2).supporters([("Ambush!", "fox"), ("Ambush!", "mouse")])
    sc.vagabond("ranger", at=7).vb_items("ready", boot=2, sword=1).vb_items("damaged", torch=1)
    sc.vb_items("exhausted", crossbow=1).relationship("eyrie", "allied").relationship("marquise", "hostile")
    sc.quests(visible=(0, 1, 2), done=(3,))
    sc.crafted("marquise", ("Armorers", "bird")).items("eyrie", hammer=1)
    sc.active_dominance("alliance", ("Dominance", "fox")).vp("alliance", 12).vp("eyrie", 7)
    sc.hand("marquise", [("Ambush!", "bird")])
    sc.warriors("lizards", 9, 3).warriors("lizards", 11, 12).building("garden_mouse", 9).building("garden_mouse", 11)
    sc.building("garden_rabbit", 4).outcast("mouse", hated=True).acolytes(4)
    sc.revealed([("Birdy Bindle", "bird"), ("Investments", "mouse")])
    sc.lost_souls([("Root Tea", "mouse"), ("Sappers", "bird"), ("Stand and Deliver!", "fox")])
    g = sc.start("lizards", at="lizards_daylight")
    g.state[LZ_SCORED] = 1 << 1  # rabbit scored this turn (set after start, which begins a fresh turn)
    return g, g.to_dict()


def _svg_text(game) -> str:
    root = ET.fromstring(game.to_svg())
    return "\n".join(t.text or "" for t in root.iter("{http://www.w3.org/2000/svg}text"))


def test_picture_shows_every_public_element(full_position):
    g, d = full_position
    text = _svg_text(g)
    for f in d["factions"]:
        assert faction_title(f) in text and f"{d['vp'][f]} VP" in text
        assert plural(len(d["hands"][f]), "card") + " in hand" in text
    # Marquise building tracks and wood
    assert "sawmills 2/6 on the map" in text and "workshops 1/6" in text and "recruiters 1/6" in text
    assert "wood on the map 2/8" in text
    # Eyrie: leader, roosts, the four Decree columns and their cards (viziers included)
    assert "Leader: despot" in text and "roosts 2/7" in text
    for col, cards in d["eyrie"]["decree"].items():
        assert f"Decree: {col}" in text
        for c in cards:
            assert c in " ".join(text.split())  # a long name may wrap onto two lines
    assert "Loyal Vizier" in text
    # Alliance: officers, supporters (a count: they are face down), sympathy, bases
    assert "Officers 2 · supporters 2 (face down)" in text and "sympathy 2/10" in text
    assert "mouse base" in text and "base_mouse" not in text
    # Vagabond: character, pawn, items by state (damaged shown as damaged), relationships, quests
    vb = d["vagabond"]
    assert "Ranger · pawn in clearing 7" in text
    assert "Items face up: boot ×2, sword" in text and "Items damaged: torch" in text
    assert "Items exhausted: crossbow" in text
    assert "Eyrie Dynasties allied" in text and "Marquise de Cat hostile" in text
    for q in vb["quests"] + vb["quests_done"]:
        assert q in " ".join(text.split())
    # crafted cards and items, dominance
    assert "Crafted: Armorers (bird)" in text and "Items crafted: hammer" in text
    assert "Dominance card in play: fox" in text
    # Lizard Cult (Law 10): the outcast marker and its side, acolytes, gardens tracks, revealed cards,
    # suits scored this turn, the Lost Souls pile by suit; gardens and warriors on the map, in the legend
    assert "Outcast: mouse, Hated side up · acolytes 4" in text
    assert "Gardens on the map: fox 0/5 · rabbit 1/5 · mouse 2/5" in text
    assert "Revealed: Birdy Bindle (bird), Investments (mouse)" in text
    assert "Scored this turn: rabbit" in text
    assert "Lost Souls pile: 3 cards (fox 1, rabbit 0, mouse 1, bird 1)" in text
    assert "Lizard Cult warriors" in text and "mouse garden" in text and "rabbit garden" in text
    svg = g.to_svg()
    assert svg.count(f'fill="{faction_color("lizards")}"') >= 3 + 2  # three gardens, two warrior discs
    assert "12" in text.split("\n")  # the count of the Cult's warriors in clearing 11
    # the pawn is drawn and named in the legend; forests numbered; player-facing legend names
    assert "V" in text.split("\n") and "Vagabond pawn" in text
    for f in range(1, 8):
        assert f"F{f}" in text
    assert "sympathy" in text and "sawmill" in text and "path" in text and "river" in text


def test_no_text_leaves_the_picture(full_position):
    g, _ = full_position
    root = ET.fromstring(g.to_svg())
    for t in root.iter("{http://www.w3.org/2000/svg}text"):
        x, y, size = float(t.get("x")), float(t.get("y")), float(t.get("font-size"))
        w = 0.6 * size * len(t.text or "")
        left = {"start": x, "middle": x - w / 2, "end": x - w}[t.get("text-anchor")]
        assert 0 <= left and left + w <= WIDTH + 1 and size <= y <= HEIGHT, t.text
        if left >= PANEL_X:  # panel text stays inside the panel
            assert left + w <= PANEL_X + PANEL_W + 1, t.text


def test_setup_text_is_sensible():
    text = _svg_text(Game.new(("marquise", "eyrie", "alliance", "vagabond"), seed=3))
    assert "None" not in text and "1 cards" not in text and "0 items" not in text
    assert "Character not chosen yet" in text and "Setup" in text


def test_pngs_of_every_faction(full_position, tmp_path):
    g, _ = full_position
    img = to_rgb_array(g)
    assert img.shape == (HEIGHT, WIDTH, 3)
    # the side panel is drawn: its pixels vary (text and colours), not a blank area
    assert img[:, PANEL_X:].std() > 20


# ---------------------------------------------------------------- the Riverfolk Company (Law 11)
@pytest.fixture(scope="module")
def riverfolk_position():
    """A random five-player game with the Riverfolk, played until its board is full: funds of three owners or
    more, payments, trade posts on the map and in the box, a service bought this turn, four public cards."""
    import random
    from root_env.data import BASE_CHARACTERS
    g = Game.new(("marquise", "eyrie", "alliance", "vagabond", "riverfolk"), seed=0,
                 vagabond_characters=BASE_CHARACTERS)  # the seed was found with the base game's characters
    r = random.Random(0)

    def full(d):
        rf = d["riverfolk"]
        posts = rf["trade_posts"].values()
        return (len(rf["funds"]) >= 3 and rf["payments"] and any(p["on_map"] for p in posts)
                and any(p["gone"] for p in posts) and rf["services_bought"] and len(d["hands"]["riverfolk"]) >= 4)
    while not full(g.to_dict()):
        legal = g.legal_actions()
        g.apply(int(legal[r.randrange(len(legal))]))
    return g, g.to_dict()


def test_picture_shows_the_riverfolk_board(riverfolk_position):
    from root_env.picture import SUIT_EDGE
    g, d = riverfolk_position
    rf = d["riverfolk"]
    text = " ".join(_svg_text(g).split())  # long lines wrap: compare word by word
    assert "Riverfolk Company" in text and f"{plural(len(d['hands']['riverfolk']), 'card')} in hand (public)" in text
    funds = ", ".join(f"{f.title()} {n}" for f, n in rf["funds"].items())
    assert f"Funds {sum(rf['funds'].values())} ({funds})" in text
    assert f"payments {sum(rf['payments'].values())} (" in text and "committed " in text
    assert "Prices: " + ", ".join(f"{k} {p}" for k, p in rf["prices"].items()) in text
    assert "trade posts on the map/track/box (of 3): " + ", ".join(
        f"{s} {p['on_map']}/{p['on_track']}/{p['gone']}" for s, p in rf["trade_posts"].items()) in text
    assert f"Services bought this turn by {faction_title(rf['services_buyer'])}: " in text
    assert "Public hand: " + ", ".join(d["hands"]["riverfolk"]) in text  # Law 11.2.3: every card named
    # trade posts on the map: the Riverfolk's colour, edged with their suit's; named in the legend
    svg = g.to_svg()
    for suit, p in rf["trade_posts"].items():
        drawn = svg.count(f'fill="{faction_color("riverfolk")}" stroke="{SUIT_EDGE[suit]}"')
        assert drawn == p["on_map"] + 1, suit  # the posts on the map, and the legend's
        assert f"{suit} trade post" in text
    assert "Riverfolk Company warriors" in text and "river" in text


def test_crowded_panel_text_stays_inside_the_picture(riverfolk_position):
    """Five boards full of text: the panel's text shrinks until the boards, the deck and the legend fit."""
    test_no_text_leaves_the_picture(riverfolk_position)


# ---------------------------------------------------------------- the Corvid Conspiracy (seed 003, Law 13)
def _corvid_position(down=("bomb", "raid"), seed=3):
    """The Corvids with a face-up snare in 5, face-down plots in 1 (raid ruled out by Exposure) and 7 of the
    types `down`, warriors of theirs, among five other factions (a crowded panel)."""
    sc = Scenario(("marquise", "eyrie", "alliance", "riverfolk", "lizards", "corvids"), seed=seed)
    sc.warriors("corvids", 5, 3).warriors("corvids", 1, 2).warriors("marquise", 7, 2)
    sc.plot("snare", 5, face_up=True).plot(down[0], 1, ruled_out=("raid",) if down[0] != "raid" else ())
    sc.plot(down[1], 7)
    return sc.start("corvids", at="corvids_daylight")


def _plots_drawn(svg: str, label: str) -> int:
    """Plot discs drawn with `label` (a face-down plot is pale, a face-up one in the Corvids' colour)."""
    from root_env.picture import PLOT_DOWN_FILL
    color = faction_color("corvids")
    root = ET.fromstring(svg)
    texts = [t for t in root.iter("{http://www.w3.org/2000/svg}text")
             if t.text == label and t.get("fill") in (color, "#ffffff")]
    circles = svg.count(f'fill="{PLOT_DOWN_FILL}"') if label in "?bser" else None
    return len(texts) if circles is None else min(len(texts), circles)


def test_picture_draws_face_down_plots_face_down_for_the_table():
    """Seed 003 13.2.2.I: the public picture draws each face-down plot as "?", a face-up plot with its type's
    letter; the Corvids' board gives the supply by number, what Exposure ruled out, this turn's counters."""
    g = _corvid_position()
    svg = g.to_svg()
    text = " ".join(_svg_text(g).split())
    assert _plots_drawn(svg, "?") == 2 + 1  # the two face-down plots, and the legend's
    assert _plots_drawn(svg, "b") == _plots_drawn(svg, "r") == 0
    assert "Corvid Conspiracy" in text and "Corvid Conspiracy warriors" in text
    assert "Plots in supply 5 · on the map face up 1, face down 2" in text and "(bomb" not in text
    assert "Ruled out by Exposure: clearing 1: not raid" in text
    assert "This turn: plots placed 0, actions left 3" in text
    for name in ("bomb plot", "snare plot", "extortion plot", "raid plot", "face-down plot"):
        assert name in text  # the legend
    test_no_text_leaves_the_picture((g, None))  # six boards: the panel's text shrinks to fit


def test_picture_for_the_corvids_shows_their_plots():
    g = _corvid_position()
    svg = g.to_svg(viewer="corvids")
    text = " ".join(ET.fromstring(svg).itertext())
    assert _plots_drawn(svg, "b") == _plots_drawn(svg, "r") == 1 and _plots_drawn(svg, "?") == 1  # legend
    assert "Plots in supply 5 (bomb 1, snare 1, extortion 2, raid 1)" in text
    assert g.to_svg(viewer="marquise") == g.to_svg()  # another faction sees what the table sees
    assert to_rgb_array(g, viewer="corvids").shape == (HEIGHT, WIDTH, 3)


def test_public_picture_is_the_same_whatever_the_face_down_types():
    """Two positions that differ only in the types of the face-down plots draw the same public picture (PNG
    and SVG); the Corvids' pictures differ."""
    a, b = _corvid_position(("bomb", "raid")), _corvid_position(("extortion", "bomb"))
    assert a.to_svg() == b.to_svg() and (to_rgb_array(a) == to_rgb_array(b)).all()
    assert a.to_svg(viewer="corvids") != b.to_svg(viewer="corvids")


def test_picture_refuses_a_viewer_not_in_the_game():
    g = _corvid_position()
    for bad in ("vagabond", "crows", 3):
        with pytest.raises(ValueError, match="viewer"):
            g.to_svg(viewer=bad)


# ---------------------------------------------------------------- the Lord of the Hundreds (Law 14)
def _hundreds_position(warlord=5):
    """The Hundreds' warlord (in `warlord`, or off the map) and three warriors in 5, strongholds in 5 and 2, mobs in
    6, 7 and 9, a Hoard of a boot, two swords and a hammer, Wrathful, among four other factions."""
    sc = Scenario(("marquise", "eyrie", "alliance", "vagabond", "hundreds"), seed=4)
    sc.warriors("hundreds", 5, 3).warlord(warlord).warriors("hundreds", 2, 1).warriors("marquise", 5, 2)
    sc.building("stronghold", 5).building("stronghold", 2)
    for c in (6, 7, 9):
        sc.token("mob", c)
    sc.hoard(boot=1, sword=2, hammer=1).mood("wrathful")
    return sc.start("hundreds", at="hundreds_craft")


def test_law_14_picture_draws_the_warlord_strongholds_mobs_and_the_hundreds_board():
    """The warlord (14.2.2) is a badge on the Hundreds' warriors where it stands, and in the legend; strongholds and
    mobs are drawn in their colour; their board names the mood (14.4.4), the warlord's clearing, the Hoard by track
    with Command and Prowess (14.2.4.II) and the pieces on the map."""
    from root_env.picture import WARLORD_FILL, clearing_xy
    g = _hundreds_position()
    d = g.to_dict()["hundreds"]
    assert d["warlord"] == 5 and d["command"] == 2 and d["prowess"] == 3
    svg = g.to_svg()
    text = " ".join(_svg_text(g).split())
    assert "Lord of the Hundreds" in text and "Mood: wrathful · warlord in clearing 5" in text
    assert "Hoard: Command 2 (boot) · Prowess 3 (sword ×2, hammer)" in text
    assert "Strongholds 2/6 on the map · mobs 3/5 on the map" in text
    assert "stronghold" in text and "mob" in text and "warlord (with their warriors)" in text
    root = ET.fromstring(svg)
    badges = [c for c in root.iter("{http://www.w3.org/2000/svg}circle") if c.get("fill") == WARLORD_FILL]
    assert len(badges) == 2  # on the map and in the legend
    x, y = clearing_xy(4)
    on_map = [c for c in badges if abs(float(c.get("cx")) - x) < 60 and abs(float(c.get("cy")) - y) < 60]
    assert len(on_map) == 1  # beside clearing 5
    color = faction_color("hundreds")
    rects = [r for r in root.iter("{http://www.w3.org/2000/svg}rect") if r.get("fill") == color]
    assert sum(1 for t in root.iter("{http://www.w3.org/2000/svg}text") if t.text == "St") == 2 + 1  # map + legend
    assert sum(1 for t in root.iter("{http://www.w3.org/2000/svg}text") if t.text == "M"
               and t.get("fill") is not None) >= 3 + 1 and len(rects) >= 2 + 1
    # off the map (removed in battle), only the legend's badge is left and the board says so
    g2 = _hundreds_position(warlord=None)
    assert "Mood: wrathful · warlord not on the map" in " ".join(_svg_text(g2).split())
    assert g2.to_svg().count(f'fill="{WARLORD_FILL}"') == 1


def test_hundreds_picture_text_stays_inside_the_picture():
    g = _hundreds_position()
    test_no_text_leaves_the_picture((g, g.to_dict()))


# ---------------------------------------------------------------- the Underground Duchy (Law 12)
def _duchy_position(seed=2):
    """The Duchy with five warriors in its Burrow, tunnels in 1 and 11, a citadel in 1 and a market in 11, the
    Captain and the Earl of Stone swayed, a noble crown lost to the Price of Failure, a card revealed, on its turn."""
    sc = Scenario(("duchy", "marquise", "eyrie"), seed=seed)
    sc.warriors("duchy", 1, 2).warriors("duchy", 11, 1).burrow(5).token("tunnel", 1).token("tunnel", 11)
    sc.building("citadel", 1).building("market", 11).swayed("captain", "earl of stone").crowns_lost(noble=1)
    sc.revealed([("Anvil", "fox")])
    return sc.start("duchy", at="duchy_assembly")


def test_law_12_picture_draws_the_burrow_and_the_duchy_board():
    """The Burrow (Law 12.2.2) is a box beside the map, over no clearing or forest, with the Duchy's warriors in it and
    the clearings with a tunnel it is adjacent to; citadels, markets and tunnels are drawn in the Duchy's colour; its
    board names the ministers swayed and unswayed with their ranks (12.5.3.III), the crowns left and those lost to the
    Price of Failure (12.2.3) and the revealed cards (12.6.1)."""
    from root_env.picture import burrow_xy, BURROW_W, BURROW_H, clearing_xy, forest_center, R_CLEARING
    g = _duchy_position()
    text = " ".join(_svg_text(g).split())
    assert "Underground Duchy" in text and "Burrow" in text and "by clearings 1, 11" in text
    assert "Burrow 5 warriors · citadels 1/3 · markets 1/3 · tunnels 2/3 on the map" in text
    assert "Swayed ministers: captain (squire), earl of stone (lord)" in text
    assert "Unswayed ministers: foremole (squire), marshal (squire), brigadier (noble)" in text
    assert "Crowns on the board: squire 2 · noble 2 · lord 2 · out of the game (Price of Failure): noble 1" in text
    assert "Revealed this turn: Anvil (fox)" in text
    assert "citadel" in text and "market" in text and "tunnel" in text  # the legend
    root = ET.fromstring(g.to_svg())
    labels = [t.text for t in root.iter("{http://www.w3.org/2000/svg}text")]
    assert labels.count("Ci") == 1 + 1 and labels.count("Mk") == 1 + 1 and labels.count("T") >= 2 + 1  # map + legend
    assert "5" in labels  # the Burrow's warriors
    x, y = burrow_xy(0)
    cx, cy = x + BURROW_W / 2, y + BURROW_H / 2
    for c in range(NC):  # the box covers no clearing
        px, py = clearing_xy(c)
        assert abs(px - cx) > BURROW_W / 2 + R_CLEARING or abs(py - cy) > BURROW_H / 2 + R_CLEARING
    assert 0 <= x and x + BURROW_W < PANEL_X


def test_law_12_burrow_fits_beside_every_map():
    """On each map the Burrow's box stays off the clearings and inside the map's side of the picture."""
    from root_env.map_data import MAP_NAMES
    from root_env.picture import burrow_xy, BURROW_W, BURROW_H, clearing_xy, R_CLEARING
    for m in range(len(MAP_NAMES)):
        x, y = burrow_xy(m)
        cx, cy = x + BURROW_W / 2, y + BURROW_H / 2
        for c in range(NC):
            px, py = clearing_xy(c, m)
            assert abs(px - cx) > BURROW_W / 2 + R_CLEARING or abs(py - cy) > BURROW_H / 2 + R_CLEARING, (m, c)
        assert 0 <= x and x + BURROW_W < PANEL_X and 60 <= y and y + BURROW_H <= HEIGHT


def test_duchy_picture_text_stays_inside_the_picture():
    g = _duchy_position()
    test_no_text_leaves_the_picture((g, g.to_dict()))
    assert g.to_png()[:4] == b"\x89PNG"
