"""The HTML replay viewer (issue 5): python -m root_env.replay writes one self-contained page; in a real
headless Chromium (driven by Playwright) the page steps forward with the buttons, keyboard and slider,
the board and the log change, hands toggle, and a screenshot is taken.

The browser test needs Playwright and a Chromium: the system one (Debian package ``chromium``, found on
PATH or named by $ROOT_ENV_CHROMIUM) or Playwright's own. ``make test`` installs Debian's chromium where
it is missing; where no browser can start the test fails, saying why (it is never skipped)."""
from __future__ import annotations

import contextlib
import os
import random
import re
import shutil
import subprocess
import sys

import pytest

from root_env import Game
from root_env.replay import to_html, main


@pytest.fixture(scope="module")
def record_file(tmp_path_factory):
    g = Game.new(seed=11)
    r = random.Random(2)
    for _ in range(150):
        legal = g.legal_actions()
        g.apply(int(legal[r.randrange(len(legal))]))
    p = tmp_path_factory.mktemp("replay") / "game.json"
    g.save(p)
    return p


@pytest.fixture(scope="module")
def page_file(record_file):
    out = record_file.with_name("game.html")
    env = dict(os.environ)
    proc = subprocess.run([sys.executable, "-m", "root_env.replay", str(record_file), "-o", str(out)],
                          capture_output=True, text=True, env=env, timeout=300)
    assert proc.returncode == 0, proc.stderr
    return out


def test_page_is_self_contained(page_file):
    html = page_file.read_text(encoding="utf-8")
    assert html.startswith("<!DOCTYPE html>")
    # no network: no external scripts, styles, images or fonts
    assert not re.search(r"""(src|href)\s*=\s*["']?(https?:)?//""", html)
    assert "@import" not in html and "url(" not in html
    assert html.count("<script") == 2  # the data and the player, both inline


def test_cli_refuses_bad_input(tmp_path, record_file, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text(record_file.read_text()[:50])
    assert main([str(bad), "-o", str(tmp_path / "x.html")]) == 2
    assert "truncated" in capsys.readouterr().err
    snap = tmp_path / "snap.json"
    Game.new(seed=1).save(snap, form="snapshot")
    assert main([str(snap)]) == 2
    assert "needs a replayable record" in capsys.readouterr().err
    assert not (tmp_path / "x.html").exists()


def _browser(p):
    """A headless Chromium: $ROOT_ENV_CHROMIUM, a system chromium, else Playwright's own; fails if none starts."""
    candidates = [os.environ.get("ROOT_ENV_CHROMIUM")] + [shutil.which(n) for n in
                                                           ("chromium", "chromium-browser", "google-chrome")]
    errors = []
    for exe in [c for c in candidates if c] + [None]:
        try:
            return p.chromium.launch(executable_path=exe, headless=True, args=[
                "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                "--disable-sync", "--no-first-run"])
        except Exception as e:  # noqa: BLE001 - report every attempt if none works
            errors.append(f"{exe or 'playwright bundled chromium'}: {str(e).splitlines()[0]}")
    pytest.fail("no headless Chromium could start (make test installs Debian's chromium): " + "; ".join(errors))


def _random_record(tmp_path_factory, factions, seed, decisions, name):
    """(path, game): a game of `factions` after `decisions` seeded random actions, saved as a replayable record."""
    g = Game.new(factions, seed=seed)
    r = random.Random(seed)
    for _ in range(decisions):
        legal = g.legal_actions()
        g.apply(int(legal[r.randrange(len(legal))]))
    p = tmp_path_factory.mktemp(f"replay_{name}") / f"{name}.json"
    g.save(p)
    return p, g


def _hands_in_view(page, view) -> dict:
    """The viewer's hands panel, seen as `view` ("all", a faction or "none"): {faction title: what is shown}."""
    page.select_option("#view", view)
    return dict(r.split(": ", 1) for r in page.inner_text("#hands").splitlines())


@contextlib.contextmanager
def _viewer_at(html, step):
    """The viewer page of `html` opened at `step` in headless Chromium; no page error may occur."""
    from playwright import sync_api
    with sync_api.sync_playwright() as p:
        browser = _browser(p)
        try:
            page = browser.new_page(viewport={"width": 1400, "height": 1000})
            errors = []
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.goto(html.as_uri() + f"#step={step}")
            assert page.text_content("#pos").startswith(f"step {step} / {step}")
            yield page
            assert not errors, errors
        finally:
            browser.close()


def test_viewer_in_headless_chromium(page_file, record_file, tmp_path):
    import json
    from root_env.replay import frames
    everything = frames(json.loads(record_file.read_text()))
    data = everything["frames"]
    turn = max(data["turn"]) // 2 + 1
    first = data["turn"].index(turn)
    moved = next(i for i, log in enumerate(data["log"]) if any(" moves " in everything["lines"][j] for j in log))
    from playwright import sync_api  # in the dev extra, which make test installs
    with sync_api.sync_playwright() as p:
        browser = _browser(p)
        try:
            page = browser.new_page(viewport={"width": 1400, "height": 1000})
            errors = []
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.goto(page_file.as_uri())
            assert page.text_content("#pos").startswith("step 0 /") and page.url.endswith("#step=0")
            board0 = page.inner_html("#pieces")
            log0 = page.text_content("#log")
            assert "<rect" in board0 and "Start of the game" in log0
            # step forward with the keyboard until the board changes
            for _ in range(12):
                page.keyboard.press("ArrowRight")
            assert page.text_content("#pos").startswith("step 12 /")
            assert page.text_content("#log") != log0
            assert page.inner_html("#pieces") != board0
            assert page.text_content("#log .current").lstrip().startswith("12. ")
            page.click("#prev")
            assert page.text_content("#pos").startswith("step 11 /")
            page.click("#next")
            # the slider jumps; End goes to the last step
            page.fill("#slider", "40")
            page.dispatch_event("#slider", "input")
            assert page.text_content("#pos").startswith("step 40 /")
            page.keyboard.press("End")
            last = int(page.get_attribute("#slider", "max"))
            assert page.text_content("#pos").startswith(f"step {last} / {last} · turn ")
            # hands hidden by default; "all hands"; one player's view shows that hand only
            assert not page.is_visible("#hands")
            page.select_option("#view", "all")
            assert page.is_visible("#hands")
            hands_all = page.text_content("#hands")
            assert "Marquise de Cat" in hands_all and "(hidden)" not in hands_all
            rows = _hands_in_view(page, "eyrie")
            assert rows["Marquise de Cat"].endswith("(hidden)") and not rows["Eyrie Dynasties"].endswith("(hidden)")
            # the VP chart: one line per faction
            assert page.locator("#chart polyline").count() == 2
            # jump to a turn: the first decision of that turn
            page.fill("#turn", str(turn))
            page.click("#goturn")
            assert page.text_content("#pos") == f"step {first} / {last} · turn {turn}"
            # the step is in the URL, and a URL with a step opens there
            assert page.url.endswith(f"#step={first}")
            page.click("#prevturn")
            assert page.text_content("#pos").endswith(f"turn {turn - 1}")
            page.click("#nextturn")
            assert page.text_content("#pos").startswith(f"step {first} /")
            page2 = browser.new_page()
            page2.goto(page_file.as_uri() + f"#step={moved}")
            assert page2.text_content("#pos").startswith(f"step {moved} /")
            # the last move is marked: arrows (lines) at a step where warriors moved
            assert page2.locator("#marks line").count() >= 3
            page2.evaluate("location.hash = '#step=3'")
            page2.wait_for_function("document.getElementById('pos').textContent.startsWith('step 3 /')")
            shot = tmp_path / "viewer.png"
            page.screenshot(path=str(shot))
            assert shot.stat().st_size > 10_000
            assert not errors, errors
        finally:
            browser.close()


def test_frames_are_compact(record_file):
    """Each distinct drawing primitive is stored once; a frame lists only those added and removed."""
    import json
    from root_env.replay import frames
    data = frames(json.loads(record_file.read_text()))
    fr = data["frames"]
    assert len(fr["log"]) == 151 and len(data["prims"]) == len(set(data["prims"])) == len(data["z"])
    assert sum(len(a) + len(d) for a, d in zip(fr["add"][1:], fr["del"][1:])) < len(fr["add"][0]) * 150 / 4
    # replaying the differences gives every frame's groups
    on = set(fr["add"][0])
    for a, d in zip(fr["add"][1:], fr["del"][1:]):
        assert not on & set(a) and set(d) <= on
        on = (on - set(d)) | set(a)
    assert to_html(json.loads(record_file.read_text())).count('id="pieces"') == 1


# ---------------------------------------------------------------- the Lizard Cult (Law 10)
FIVE = ("marquise", "eyrie", "alliance", "vagabond", "lizards")


@pytest.fixture(scope="module")
def cult_record(tmp_path_factory):
    """A five-player game with the Cult, played at random until the Cult has gardens, acolytes and cards
    in the Lost Souls pile at some point (seeded: the same game every run)."""
    return _random_record(tmp_path_factory, FIVE, 7, 400, "cult")[0]


def test_frames_of_a_game_with_the_cult_show_its_pieces_and_board(cult_record):
    import json
    from root_env.picture import faction_color
    from root_env.replay import frames
    data = frames(json.loads(cult_record.read_text()))
    assert data["factions"] == list(FIVE) and "Lizard Cult" in data["titles"]
    assert len(data["frames"]["log"]) == 401
    texts = {p[3] for p in data["prims"] if p[0] == 3}
    # the Cult's board: the outcast marker and its side, acolytes, gardens tracks, the Lost Souls pile
    assert any(t.startswith("Outcast: ") and " side up · acolytes " in t for t in texts)
    assert any(t.startswith("Gardens on the map: fox ") for t in texts)
    assert any(t.startswith("Lost Souls pile: ") for t in texts)
    # gardens and Cult warriors on the map, in the Cult's colour
    lizard = data["palette"].index(faction_color("lizards"))
    assert any(p[0] == 2 and p[5] == lizard for p in data["prims"])  # a garden (rect)
    assert any(p[0] == 1 and p[4] == lizard for p in data["prims"])  # a warrior disc
    assert {"Gr", "Gf", "Gm"} & texts
    lines = " ".join(data["lines"])
    assert "make " in lines and "the Outcast" in lines and "Law 10.4.1" in lines


def test_viewer_with_the_cult_in_headless_chromium(cult_record, tmp_path):
    out = tmp_path / "cult.html"
    assert main([str(cult_record), "-o", str(out)]) == 0
    with _viewer_at(out, 400) as page:
        board = page.inner_html("#pieces")
        assert "Lizard Cult" in board and "acolytes" in board and "Lost Souls pile" in board
        assert "Lizard Cult" in page.text_content("#vp")
        assert page.locator("#chart polyline").count() == 5
        rows = _hands_in_view(page, "lizards")
        assert not rows["Lizard Cult"].endswith("(hidden)") and rows["Marquise de Cat"].endswith("(hidden)")
        page.keyboard.press("Home")
        assert page.text_content("#pos").startswith("step 0 /")


# ---------------------------------------------------------------- the Riverfolk Company (Law 11)
RF_FIVE = ("marquise", "eyrie", "alliance", "vagabond", "riverfolk")


@pytest.fixture(scope="module")
def riverfolk_record(tmp_path_factory):
    """A five-player game with the Riverfolk, 400 random decisions (seeded): services bought, trade posts
    established and removed (Trade Disruption), Dividends scored."""
    return _random_record(tmp_path_factory, RF_FIVE, 9, 400, "riverfolk")[0]


def test_frames_of_a_game_with_the_riverfolk_show_its_posts_board_and_public_hand(riverfolk_record):
    import json
    from root_env.picture import faction_color, SUIT_EDGE
    from root_env.replay import frames
    data = frames(json.loads(riverfolk_record.read_text()))
    assert data["factions"] == list(RF_FIVE) and "Riverfolk Company" in data["titles"]
    assert data["public"] == [RF_FIVE.index("riverfolk")]  # Law 11.2.3: its hand shows in every view
    texts = {p[3] for p in data["prims"] if p[0] == 3}
    assert any(t.startswith("Funds ") and " · payments " in t for t in texts)
    assert any(t.startswith("Prices: hand card ") for t in texts)
    assert any(t.startswith("Public hand: ") for t in texts)
    assert any(t.startswith("Services bought this turn by ") for t in texts)
    # trade posts on the map in the Riverfolk's colour, edged with their suit's, and its warriors
    rf, edges = data["palette"].index(faction_color("riverfolk")), {data["palette"].index(SUIT_EDGE[s])
                                                                    for s in SUIT_EDGE if SUIT_EDGE[s] in data["palette"]}
    assert any(p[0] == 1 and p[4] == rf and p[5] in edges for p in data["prims"])  # a trade post
    assert any(p[0] == 1 and p[4] == rf and p[5] not in edges for p in data["prims"])  # a warrior disc
    lines = " ".join(data["lines"])
    assert "Gather Funds (Law 11.4.3)" in lines and "Trade Disruption" in lines and "buys riverboats" in lines


def test_viewer_with_the_riverfolk_in_headless_chromium(riverfolk_record, tmp_path):
    out = tmp_path / "riverfolk.html"
    assert main([str(riverfolk_record), "-o", str(out)]) == 0
    with _viewer_at(out, 400) as page:
        board = page.inner_html("#pieces")
        assert "Riverfolk Company" in board and "Public hand: " in board and "Prices: " in board
        assert page.locator("#chart polyline").count() == 5
        rows = _hands_in_view(page, "marquise")  # the Marquise's view: her hand and the public one
        assert rows["Riverfolk Company"].endswith("(public)") and not rows["Marquise de Cat"].endswith("(hidden)")
        assert rows["Eyrie Dynasties"].endswith("(hidden)")


# ---------------------------------------------------------------- the Corvid Conspiracy (seed 003, Law 13)
CV_FIVE = ("marquise", "eyrie", "alliance", "vagabond", "corvids")


@pytest.fixture(scope="module")
def corvid_record(tmp_path_factory):
    """A five-player game with the Corvids, 600 random decisions (seeded): plots placed, flipped and guessed."""
    return _random_record(tmp_path_factory, CV_FIVE, 4, 600, "corvids")


def _plot_labels(data, ids) -> list[str]:
    """The letters drawn on plot discs among primitives `ids` (face down: "?" or a lower-case type letter)."""
    from root_env.picture import faction_color
    color = data["palette"].index(faction_color("corvids"))
    return sorted(data["prims"][i][3] for i in ids if data["prims"][i][0] == 3 and data["prims"][i][5] == color
                  and data["prims"][i][3] in ("?", "b", "s", "e", "r"))


def test_frames_of_a_game_with_the_corvids_keep_face_down_plots_face_down(corvid_record):
    """The map in the frames is public: every face-down plot drawn "?"; the Corvids' differences put their types
    in; the public log never names a face-down plot's type, the Corvids' log does (seed 003 13.2.2.I)."""
    import json
    from root_env.data import NC, TT_PLOT
    from root_env.layout import TOKENS, CV_FACE_UP
    from root_env.replay import frames
    path, g = corvid_record
    data = frames(json.loads(path.read_text()))
    fr = data["frames"]
    assert data["secret"] == CV_FIVE.index("corvids") and len(fr["secret"]) == len(fr["log"]) == 601
    on, diff = set(), [[], []]
    for a, d, sec in zip(fr["add"], fr["del"], fr["secret"]):
        on = (on - set(d)) | set(a)
        diff = sec or diff
    down = [c for c in range(NC) if not g.state[CV_FACE_UP + c]
            and g.state[TOKENS + TT_PLOT * NC + c:TOKENS + (TT_PLOT + 4) * NC:NC].sum()]
    assert down, "no face-down plot at the end"
    assert _plot_labels(data, on).count("?") == len(down) + 1  # and the legend's
    own = (on - set(diff[1])) | set(diff[0])
    assert _plot_labels(data, own).count("?") == 1 and len(_plot_labels(data, own)) == len(down) + 1
    public = " ".join(data["lines"][j] for log in fr["log"] for j in log)
    assert "place a plot face down" in public and not re.search(r"place an? \w+ plot face down", public)
    secret = " ".join(data["lines"][j] for log in fr["secret_log"] if log for j in log)
    assert re.search(r"place an? (bomb|snare|extortion|raid) plot face down", secret)


def test_viewer_with_the_corvids_in_headless_chromium(corvid_record, tmp_path):
    path, _ = corvid_record
    out = tmp_path / "corvids.html"
    assert main([str(path), "-o", str(out)]) == 0
    with _viewer_at(out, 600) as page:
        public = page.inner_html("#pieces")
        assert "Corvid Conspiracy" in public and "Plots in supply" in public and ">?</text>" in public
        page.select_option("#view", "corvids")  # their view: the plots' types, their log
        own = page.inner_html("#pieces")
        assert own != public and re.search(r">[bser]</text>", own)
        page.select_option("#view", "marquise")
        assert page.inner_html("#pieces") == public
        page.select_option("#view", "all")
        assert page.inner_html("#pieces") == own
        # a step where the Corvids placed a plot: their log names its type, the public log does not
        page.select_option("#view", "none")
        for k in range(600, 0, -1):
            page.goto(out.as_uri() + f"#step={k}")
            if "place a plot face down" in page.text_content("#log .current"):
                break
        assert "place a plot face down" in page.text_content("#log .current")
        page.select_option("#view", "corvids")
        assert re.search(r"place an? \w+ plot face down", page.text_content("#log .current"))


# ---------------------------------------------------------------- two Vagabonds (Law 9.8)
TWO_VB = ("marquise", "eyrie", "vagabond", "vagabond2")


@pytest.fixture(scope="module")
def two_vagabonds_record(tmp_path_factory):
    """A four-player game with both Vagabonds, 500 random decisions (seeded): both pawns move, both boards
    fill in, ruins keep two items each until explored (Law 9.8.1)."""
    return _random_record(tmp_path_factory, TWO_VB, 1, 500, "two_vagabonds")


def test_frames_of_a_game_with_two_vagabonds_show_both_pawns_and_boards(two_vagabonds_record):
    import json
    from root_env.picture import PAWNS
    from root_env.replay import frames
    path, g = two_vagabonds_record
    data = frames(json.loads(path.read_text()))
    assert data["factions"] == list(TWO_VB) and data["titles"][2:] == ["Vagabond", "Second Vagabond"]
    assert data["colors"][2] != data["colors"][3]  # the VP chart tells them apart
    texts = {p[3] for p in data["prims"] if p[0] == 3}
    assert {"V", "V2", "Vagabond pawn", "Second Vagabond pawn"} <= texts
    assert any(t.startswith('"R" items from the ruins: ') for t in texts)
    assert "Quests: shared with the Vagabond (Law 9.8.3)" in texts
    # the second Vagabond's pawn drawn in its colour, and an arrow of that colour where it moved
    fill = data["palette"].index(PAWNS["vagabond2"][0])
    assert any(p[0] == 2 and p[5] == fill for p in data["prims"])
    marks = {i for m in data["frames"]["mark"] for i in m}
    assert any(data["prims"][i][0] == 0 and data["prims"][i][5] == fill for i in marks)
    lines = " ".join(data["lines"])
    assert "the second vagabond goes to " in lines and "the vagabond goes to " in lines
    # the ruins' items stay face down on the public map: no item letters under a ruin
    assert "?" in texts and not {"Sd", "Bg", "Hm", "Bo"} & texts


def test_viewer_with_two_vagabonds_in_headless_chromium(two_vagabonds_record, tmp_path):
    path, g = two_vagabonds_record
    out = tmp_path / "two_vagabonds.html"
    assert main([str(path), "-o", str(out)]) == 0
    d = g.to_dict()
    with _viewer_at(out, 500) as page:
        board = page.inner_html("#pieces")
        assert ">V</text>" in board and ">V2</text>" in board and "Second Vagabond" in board
        for v in ("vagabond", "vagabond2"):
            assert f"{d[v]['character'].title()} · pawn in {d[v]['pawn']}" in board
        assert "Second Vagabond" in page.text_content("#vp")
        assert page.locator("#chart polyline").count() == 4
        rows = _hands_in_view(page, "vagabond2")
        assert not rows["Second Vagabond"].endswith("(hidden)") and rows["Vagabond"].endswith("(hidden)")


def test_viewer_boards_are_readable_at_1400x900(page_file):
    """Issue 42: the faction boards beside the map are drawn at their own size (a second view of the frame's
    drawing), not shrunk with the map: at 1400x900 their lines are at least 10.5 px high (they were about
    6-7 px when the whole picture was one scaled image)."""
    from playwright import sync_api
    from root_env.picture import PANEL_X
    with sync_api.sync_playwright() as p:
        browser = _browser(p)
        try:
            page = browser.new_page(viewport={"width": 1400, "height": 900})
            page.goto(page_file.as_uri() + "#step=40")
            sizes = page.evaluate("""(x0) => {
              const svg = document.getElementById('panel') || document.querySelector('#board svg');  // before: one image
              const k = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
              return [...document.querySelectorAll('#pieces text')]
                .filter((t) => parseFloat(t.getAttribute('x')) >= x0)
                .map((t) => [parseFloat(t.getAttribute('font-size')), parseFloat(t.getAttribute('font-size')) * k]);
            }""", PANEL_X)
            assert len(sizes) > 10
            lines = [px for units, px in sizes if units >= 11]
            assert lines and min(lines) >= 10.5, min(lines)
            assert min(px for _, px in sizes) >= 9.0
            board = page.locator("#board svg").bounding_box()
            assert board["width"] >= 700 and board["y"] + board["height"] <= 900 + 1
        finally:
            browser.close()


def _frames_and_texts(path, factions, title):
    """The viewer's data for the record at `path` and the set of every text primitive it draws, checked to seat
    `factions` with `title` among the boards' titles."""
    import json
    from root_env.replay import frames
    data = frames(json.loads(path.read_text()))
    assert data["factions"] == list(factions) and title in data["titles"]
    return data, {p[3] for p in data["prims"] if p[0] == 3}


def _viewer_shows_a_faction(record, tmp_path, step, faction, title, words, seats):
    """The viewer page of `record` at `step` in headless Chromium: `title`'s board with `words` on it, its VP entry, a
    VP line per seat, its own hand shown in its view (the Marquise's hidden), and Home back to step 0."""
    out = tmp_path / f"{faction}.html"
    assert main([str(record), "-o", str(out)]) == 0
    with _viewer_at(out, step) as page:
        board = page.inner_html("#pieces")
        assert title in board and all(w in board for w in words), [w for w in words if w not in board]
        assert title in page.text_content("#vp")
        assert page.locator("#chart polyline").count() == seats
        rows = _hands_in_view(page, faction)
        assert not rows[title].endswith("(hidden)") and rows["Marquise de Cat"].endswith("(hidden)")
        page.keyboard.press("Home")
        assert page.text_content("#pos").startswith("step 0 /")


# ---------------------------------------------------------------- the Lord of the Hundreds (Law 14)
HD_FIVE = ("marquise", "eyrie", "alliance", "vagabond", "hundreds")


@pytest.fixture(scope="module")
def hundreds_record(tmp_path_factory):
    """A five-player game with the Hundreds, 500 random decisions (seeded): strongholds, mobs, moods chosen, Hoard
    items gained, the warlord moved and removed."""
    return _random_record(tmp_path_factory, HD_FIVE, 2, 500, "hundreds")


def test_frames_of_a_game_with_the_hundreds_show_the_warlord_pieces_and_board(hundreds_record):
    from root_env.picture import faction_color, WARLORD_FILL
    path, g = hundreds_record
    data, texts = _frames_and_texts(path, HD_FIVE, "Lord of the Hundreds")
    hd = g.to_dict()["hundreds"]
    assert f"Mood: {hd['mood']} · warlord in clearing {hd['warlord']}" in texts  # the last frame's board
    assert "Mood: grandiose · warlord not on the map" in texts  # removed in battle at some step (14.2.2)
    assert any(t.startswith("Hoard: Command 2 (") for t in texts)
    assert any(t.startswith("Strongholds 2/6 on the map · mobs ") for t in texts)
    hundreds, gold = data["palette"].index(faction_color("hundreds")), data["palette"].index(WARLORD_FILL)
    assert any(p[0] == 2 and p[5] == hundreds for p in data["prims"])  # a stronghold (rect)
    assert any(p[0] == 1 and p[4] == gold for p in data["prims"])  # the warlord's badge
    assert {"St", "M", "W"} <= texts
    lines = " ".join(data["lines"])
    assert "the Hundreds' mood: " in lines and "the Hundreds' Hoard + " in lines and "warlord is removed" in lines


def test_viewer_with_the_hundreds_in_headless_chromium(hundreds_record, tmp_path):
    from root_env.picture import WARLORD_FILL
    # the warlord's badge (its colour) on the map
    _viewer_shows_a_faction(hundreds_record[0], tmp_path, 500, "hundreds", "Lord of the Hundreds",
                            ("Mood: ", "Hoard: Command ", WARLORD_FILL), 5)


# ---------------------------------------------------------------- the Underground Duchy (Law 12)
DU_FOUR = ("duchy", "marquise", "eyrie", "alliance")


@pytest.fixture(scope="module")
def duchy_record(tmp_path_factory):
    """A four-player game with the Duchy, 400 random decisions (seeded): warriors into and out of the Burrow, tunnels
    dug, citadels and markets built, ministers swayed."""
    return _random_record(tmp_path_factory, DU_FOUR, 0, 400, "duchy")


def test_law_12_frames_of_a_game_with_the_duchy_show_the_burrow_pieces_and_board(duchy_record):
    from root_env.picture import faction_color
    path, g = duchy_record
    data, texts = _frames_and_texts(path, DU_FOUR, "Underground Duchy")
    du = g.to_dict()["duchy"]
    assert "Burrow" in texts  # the box beside the map (Law 12.2.2)
    assert any(t.startswith(f"Burrow {du['burrow']} warrior") for t in texts)  # the last frame's board
    assert any(t.startswith("Swayed ministers: ") and "(squire)" in t for t in texts)
    assert any(t.startswith("Crowns on the board: ") for t in texts)
    duchy = data["palette"].index(faction_color("duchy"))
    assert any(p[0] == 2 and p[5] == duchy for p in data["prims"])  # a citadel or market (rect)
    assert {"Ci", "Mk", "T"} <= texts
    lines = " ".join(data["lines"])
    assert "in the Burrow (Birdsong, Law 12.4)" in lines and "sways the " in lines
    assert re.search(r"duchy moves \d+ warriors? (from|to) the Burrow", lines)


def test_law_12_viewer_with_the_duchy_in_headless_chromium(duchy_record, tmp_path):
    _viewer_shows_a_faction(duchy_record[0], tmp_path, 400, "duchy", "Underground Duchy",
                            ("Burrow", "ministers: ", "Crowns on the board: "), 4)
