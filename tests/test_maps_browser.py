"""The four maps drawn in headless Chromium (issue 41): the replay viewer's page of a game on each map, opened at its
last step, shows that map: its own forests (7 Autumn, 8 Winter, 9 Lake, 10 Mountain), the Winter river, the lake and
the Ferry where the game left it (Law C.2.2, C.2.5), the Mountain's closed paths still on the map (C.3.2) and the Pass
(C.3.4), each closed path removed drawn as a path (C.3.3); and nothing of another map's. The page's SVG is read from the DOM after its script drew the pieces, and the
screenshot's pixels are checked for the lake's and the Ferry's colours. Chromium as in tests/test_replay_viewer.py.
"""
from __future__ import annotations

import io
import random
import re

import numpy as np
import pytest

from root_env import Game
from root_env.data import NC
from root_env.layout import ADJ_OPEN, FERRY
from root_env.map_data import MAP_NAMES, MAP_NFOREST, MAP_CLOSED_MASK, MAP_CLOSED_PATH, MAP_RIVER
from root_env.picture import LAKE_FILL, FERRY_FILL, RIVER_COLOR, CLOSED_COLOR, PATH_COLOR, PANEL_X
from root_env.replay import to_html, frames
from test_replay_viewer import _viewer_at


def _game(mp: str, seed: int, decisions: int = 400) -> Game:
    g = Game.new(("marquise", "eyrie", "riverfolk", "vagabond"), seed=seed, map=mp, max_turns=40)
    r = random.Random(seed)
    for _ in range(decisions):
        if g.is_over:
            break
        legal = g.legal_actions()
        g.apply(int(legal[r.randrange(len(legal))]))
    return g


def _rgb(color: str) -> tuple[int, int, int]:
    return tuple(int(color[k:k + 2], 16) for k in (1, 3, 5))


@pytest.mark.parametrize("mp", MAP_NAMES)
def test_each_map_drawn_in_headless_chromium(mp, tmp_path):
    from PIL import Image
    m = MAP_NAMES.index(mp)
    g = _game(mp, 3 + m)
    s = g.state
    removed = sum(bin(int(MAP_CLOSED_MASK[m, c]) & int(s[ADJ_OPEN + c])).count("1") for c in range(NC)) // 2
    html = tmp_path / f"{mp}.html"
    html.write_text(to_html(g.to_record()))
    last = len(frames(g.to_record())["frames"]["turn"]) - 1
    with _viewer_at(html, last) as page:
        texts = page.eval_on_selector_all("svg text", "els => els.map(e => e.textContent.trim())")
        opened = page.eval_on_selector_all(f"#pieces line[stroke='{PATH_COLOR}']",  # not the legend's
                                           f"els => els.filter(e => +e.getAttribute('x1') < {PANEL_X}).length")
        dashes = page.eval_on_selector_all(  # on the map, not the legend in the side panel
            "svg line[stroke-dasharray]", f"els => els.filter(e => +e.getAttribute('x1') < {PANEL_X})"
            ".map(e => [e.getAttribute('stroke'), e.getAttribute('stroke-dasharray')])")
        shot = Image.open(io.BytesIO(page.screenshot())).convert("RGB")
    assert {t for t in texts if re.fullmatch(r"F\d+", t)} == {f"F{k + 1}" for k in range(int(MAP_NFOREST[m]))}
    assert [str(c) for c in range(1, NC + 1)] == [t for t in texts if t in {str(c) for c in range(1, NC + 1)}][:NC]
    assert dashes.count([RIVER_COLOR, "10,6"]) == int(MAP_RIVER[m].sum()) // 2  # the printed river (Winter, Mountain)
    assert dashes.count([CLOSED_COLOR, "4,8"]) == int(MAP_CLOSED_PATH[m].sum()) // 2  # at setup (C.3.2)
    assert opened == removed and (mp != "mountain" or removed > 0)  # each one removed since drawn a path (C.3.3)
    assert ("lake" in texts) == ("Ferry" in texts) == (mp == "lake")
    assert ("Pass" in texts) == (mp == "mountain")
    pixels = np.asarray(shot).reshape(-1, 3)
    seen = {tuple(int(v) for v in px) for px in np.unique(pixels, axis=0)}
    assert (_rgb(LAKE_FILL) in seen) == (mp == "lake")
    assert (_rgb(FERRY_FILL) in seen) == (mp == "lake")
    if mp == "lake":
        assert int(s[FERRY]) >= 0
