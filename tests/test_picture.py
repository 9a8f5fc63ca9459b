"""Pictures of the map (issue 5): SVG and PNG show the clearings, paths, pieces and VP; the picture
changes when pieces change; PettingZoo's render_test passes for ansi and rgb_array (and human)."""
from __future__ import annotations

import xml.etree.ElementTree as ET

import numpy as np
import pytest

from root_env import Game, Scenario, raw_env
from root_env.data import NC, ADJ, RIVER_ADJ
from root_env.picture import to_rgb_array, piece_label, faction_color, WIDTH, HEIGHT, UNKNOWN_COLOR


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
    lines = list(root.iter(ns + "line"))
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
