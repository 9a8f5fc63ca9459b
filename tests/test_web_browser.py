"""The browser game (issue 42) in a real headless Chromium driven by Playwright, as a player uses it: the
new-game page starts a game against the heuristic agent and a Clockwork bot; the Marquise's setup is placed by
clicking the map, a whole turn is played by clicking the map, the hand and the option lists; a decision is
undone; the game is saved and loaded; an agent finishes the game for the player and the result screen shows.
Screenshots of the start, a mid-game position and the end are taken and their key elements checked; the page's
data at a pending decision names no card the player cannot see; at 1400x900 the faction boards' text is at
least 10 px high.

Needs Playwright and a Chromium (the system one, as tests/test_replay_viewer.py finds it; ``make test`` installs
Debian's chromium where it is missing): never skipped."""
from __future__ import annotations

import json

from root_env.data import NCARD, ENGINE_FACTIONS
from root_env.hidden import hidden_cards
from root_env.names import card_label

from test_replay_viewer import _browser
from test_web_api import call, running_server, session

MIN_BOARD_TEXT_PX = 10.0
MIN_PIECE_PX = 16.0


def _state(page) -> dict:
    return page.evaluate("() => ({version: V.version, decider: V.decider, turn: V.turn, decision: V.decision, "
                         "can_undo: V.can_undo, over: V.over, n: V.options.length})")


def _click(page, selector) -> None:
    """Click and wait until the page shows the game after it (a new version)."""
    before = _state(page)["version"]
    page.click(selector)
    page.wait_for_function("v => V.version !== v && !busy", arg=before, timeout=30000)


def _wait_mine(page, faction="marquise", timeout=60000) -> None:
    """Wait until the game is over or `faction` (the page's human seat) has options."""
    page.wait_for_function(f"() => V && (V.over || (V.decider === '{faction}' && V.options.length > 0))",
                           timeout=timeout)


def _page(browser, **kw):
    """A 1400 x 900 page, and the list its script errors are collected in."""
    page = browser.new_page(viewport={"width": 1400, "height": 900}, **kw)
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    return page, errors


def _open_game(base, srv, browser, seats, seed):
    """A new game of six rounds on the server (`seats` as /api/new takes them), its session, and a page playing it
    (with its script errors)."""
    st, d = call(base, "/api/new", {"seats": seats, "seed": seed, "delay": 0, "options": {"max_turns": 6}})
    assert st == 200, d
    page, errors = _page(browser)
    page.goto(base + "/play/" + d["gid"])
    return session(srv, d["gid"]), page, errors


def _decide_something(page) -> None:
    """One decision as a player makes it: a clearing or forest the options name on the map, else a card in the
    hand, else the option that ends or declines (the last one if none does)."""
    if page.locator("#map .target.opt").count():
        return _click(page, "#map .target.opt >> nth=0")
    if page.locator("#hand .card.opt").count():
        return _click(page, "#hand .card.opt >> nth=0")
    texts = page.locator("#options button.option").all_text_contents()
    ends = [k for k, t in enumerate(texts) if t.startswith(("end ", "done", "do not", "no ", "skip", "pass"))]
    _click(page, f"#options button.option >> nth={ends[0] if ends else len(texts) - 1}")


def _board_text_px(page) -> list[float]:
    """The rendered height in CSS px of the font of every text of the faction boards."""
    return page.evaluate("""() => {
      const svg = document.querySelector('#boards svg');
      const k = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
      return [...svg.querySelectorAll('text')].map((t) => parseFloat(t.getAttribute('font-size')) * k);
    }""")


def _nothing_hidden_on_page(page, srv, gid) -> None:
    s = session(srv, gid)
    with s.lock:
        assert _state(page)["version"] == s.version
        hidden = set(hidden_cards(s.game, "marquise").tolist())
    visible = {card_label(c) for c in range(NCARD) if c not in hidden}
    secret = {card_label(c) for c in hidden} - visible
    data = page.evaluate("() => JSON.stringify(V)") + page.content()
    assert secret and not [name for name in secret if name in data]


def test_play_a_game_in_headless_chromium(tmp_path):
    from playwright import sync_api  # in the dev extra, which make test installs
    with running_server() as (base, srv), sync_api.sync_playwright() as p:
        browser = _browser(p)
        try:
            page, errors = _page(browser, accept_downloads=True)
            page.on("dialog", lambda d: d.accept())
            # the new-game page: Marquise (you), Eyrie (heuristic), Alliance (the Automated Alliance, easy), Vagabond
            page.goto(base + "/")
            page.wait_for_selector("#seats tbody tr")
            assert page.locator("#seats tbody tr").count() == len(ENGINE_FACTIONS)  # the Duchy included
            assert page.input_value('tr[data-f="marquise"] .player') == "human"
            assert page.input_value('tr[data-f="eyrie"] .player') == "heuristic"
            assert page.input_value('tr[data-f="alliance"] .player') == "bot"
            page.select_option('tr[data-f="alliance"] .level', "easy")
            page.fill("#seed", "21")
            page.fill("#max_turns", "6")  # a turn is one player's: the Marquise plays turns 1 and 5
            page.select_option("#delay", "0")
            page.click("#start")
            page.wait_for_url("**/play/g*")
            gid = page.url.rsplit("/", 1)[1]
            _wait_mine(page)

            # the start: the map with its 12 clearings to click, the hand, the boards, the options
            page.screenshot(path=str(tmp_path / "start.png"))
            assert page.locator("#map .target[data-kind=clearing]").count() == 12
            assert page.locator("#map .target.opt").count() > 0  # the keep goes in a clearing: click it
            assert page.text_content("#who") == "You play Marquise de Cat"
            assert page.locator("#hand .card").count() == 3
            boards = page.text_content("#boards")
            for title in ("Marquise de Cat", "Eyrie Dynasties", "Automated Alliance", "Vagabond"):
                assert title in boards
            sizes = _board_text_px(page)
            assert sizes and min(sizes) >= MIN_BOARD_TEXT_PX, sorted(sizes)[:5]

            # setup, by clicking the map
            while _state(page)["turn"] == 0:
                assert page.locator("#map .target.opt").count() > 0
                _click(page, "#map .target.opt >> nth=0")
                _wait_mine(page)

            # a whole turn: the lists, the map and the hand; undo once
            marched = undone = False
            decisions = 0
            while True:
                st = _state(page)
                if st["over"] or st["turn"] != 1 or st["decider"] != "marquise":
                    break
                texts = page.locator("#options button.option").all_text_contents()
                if not marched and "march" in texts:
                    _click(page, f"#options button.option >> nth={texts.index('march')}")
                    marched = True
                    if not undone:
                        assert _state(page)["can_undo"] and not page.is_disabled("#undo")
                        _click(page, "#undo")
                        undone = True
                        assert page.locator("#options button.option").all_text_contents() == texts
                        marched = False
                else:
                    _decide_something(page)
                decisions += 1
                assert decisions < 80
                _wait_mine(page)
            assert marched and undone
            _wait_mine(page)

            # mid-game: the Marquise's second turn (the agents and the bot played between)
            st = _state(page)
            assert not st["over"] and st["turn"] == 5, st
            page.screenshot(path=str(tmp_path / "mid.png"))
            assert page.locator("#vpchart polyline").count() == 4
            log = page.text_content("#log")
            assert "marquise" in log.lower() and "moves" in log
            _nothing_hidden_on_page(page, srv, gid)

            # save, decide once more, load: back to the saved position
            with page.expect_download() as dl:
                page.click("#save")
            saved = tmp_path / "saved.json"
            dl.value.save_as(saved)
            record = json.loads(saved.read_text())
            n_saved = len(record["actions"])
            decision = _state(page)["decision"]
            _decide_something(page)
            assert len(session(srv, gid).game.to_record()["actions"]) > n_saved
            before = _state(page)["version"]
            page.set_input_files("#loadfile", str(saved))
            page.wait_for_function("v => V.version !== v && !busy", arg=before, timeout=30000)
            _wait_mine(page)
            assert len(session(srv, gid).game.to_record()["actions"]) == n_saved
            assert _state(page)["decision"] == decision

            # the end: the heuristic finishes the game for the player; the result screen
            page.select_option("#autospec", "heuristic")
            page.click("#autoplay")
            page.wait_for_selector("#result:not(.hidden)", timeout=90000)
            page.screenshot(path=str(tmp_path / "end.png"))
            assert page.text_content("#rtitle").startswith("Game over")
            assert page.locator("#rtable tr").count() == 4
            assert page.text_content("#who") == "Watching (spectator)"
            assert session(srv, gid).game.is_over
            for shot in ("start", "mid", "end"):
                assert (tmp_path / f"{shot}.png").stat().st_size > 20000

            # the saved game from the new-game page: a new game at the saved position, the Marquise played here
            page.goto(base + "/")
            page.set_input_files("#loadfile", str(saved))
            page.wait_for_selector("#loadstart:not([disabled])")
            assert page.input_value('#loadseats select[data-f="marquise"]') == "human"
            page.click("#loadstart")
            page.wait_for_url("**/play/g*")
            _wait_mine(page)
            assert page.url.rsplit("/", 1)[1] != gid and _state(page)["decision"] == decision
            assert len(session(srv, page.url.rsplit("/", 1)[1]).game.to_record()["actions"]) == n_saved
            assert not errors, errors
        finally:
            browser.close()


def test_hot_seat_and_spectator_in_headless_chromium():
    """Two seats played at one browser: when the other one is to decide, the page is covered and shows nothing of
    the last player's hand until the next player clicks; a spectator watches the agents, pauses them and takes
    over a seat."""
    from playwright import sync_api
    with running_server() as (base, srv), sync_api.sync_playwright() as p:
        browser = _browser(p)
        try:
            page, errors = _page(browser)
            page.goto(base + "/")
            page.wait_for_selector("#seats tbody tr")
            page.select_option('tr[data-f="eyrie"] .player', "human")
            page.uncheck('tr[data-f="alliance"] .on')
            page.uncheck('tr[data-f="vagabond"] .on')
            page.fill("#seed", "8")
            page.click("#start")
            page.wait_for_url("**/play/g*")
            gid = page.url.rsplit("/", 1)[1]
            s = session(srv, gid)
            page.wait_for_selector("#cover:not(.hidden)")  # hot seat: each hand is shown after a click
            assert "Marquise de Cat to play" in page.text_content("#covertext")
            assert page.locator("#hand .card").count() == 0
            page.click("#covergo")
            _wait_mine(page)
            mq_hand = set(s.game.hand("marquise"))
            assert {c.strip() for c in page.locator("#hand .card").all_text_contents()} == mq_hand
            while s.game.current_player == "marquise":  # the Marquise's setup, by the map
                _click(page, "#map .target.opt >> nth=0")
            page.wait_for_selector("#cover:not(.hidden)")
            assert "Eyrie Dynasties to play" in page.text_content("#covertext")
            assert page.locator("#hand .card").count() == 0 and page.text_content("#options") == ""
            page.click("#covergo")
            page.wait_for_function("() => V && V.seat === 'eyrie' && V.options.length > 0")
            assert {c.strip() for c in page.locator("#hand .card").all_text_contents()} == set(s.game.hand("eyrie"))
            assert page.text_content("#who") == "You play Eyrie Dynasties"

            # a spectator: two agents play; pause; take over the Eyrie
            page.goto(base + "/")
            page.wait_for_selector("#seats tbody tr")
            page.select_option('tr[data-f="marquise"] .player', "random")
            page.uncheck('tr[data-f="alliance"] .on')
            page.uncheck('tr[data-f="vagabond"] .on')
            page.select_option("#delay", "0.15")
            page.click("#start")
            page.wait_for_url("**/play/g*")
            s = session(srv, page.url.rsplit("/", 1)[1])
            page.wait_for_function("() => V && V.version > 3")
            assert page.text_content("#who") == "Watching (spectator)"
            assert page.locator("#hand .card").count() == 0
            page.click("#pause")
            page.wait_for_function("() => V.paused")
            page.select_option("#takeseat", "eyrie")
            page.click("#takeover")
            page.wait_for_function("() => V.seat === 'eyrie'")
            page.click("#pause")  # run the agents again: the Marquise plays up to the Eyrie's decision
            page.wait_for_function("() => V.over || V.options.length > 0", timeout=30000)
            assert s.players["eyrie"] == "human" and page.text_content("#who") == "You play Eyrie Dynasties"
            assert not errors, errors
        finally:
            browser.close()


def _mine_at(page, version) -> None:
    page.wait_for_function("v => V.version !== v && !busy && (V.over || (V.decider === 'marquise' && V.options.length > 0))",
                           arg=version, timeout=60000)


def _click_thing(page, selector) -> None:
    """Click a thing of the page (a piece, a ring, a chip) that an option names, and wait for the Marquise's next
    decision; the thing is marked clickable and reachable by the keyboard."""
    el = page.locator(selector)
    assert el.count() >= 1, selector
    assert "opt" in el.first.get_attribute("class").split() and el.first.get_attribute("tabindex") == "0", selector
    before = _state(page)["version"]
    el.first.click()
    _mine_at(page, before)


def _button(page, action: int) -> None:
    before = _state(page)["version"]
    page.click(f'#options button.option[data-action="{action}"]')
    _mine_at(page, before)


def _decline_others(page, expected: str) -> None:
    """Decisions the plan does not name (the Field Hospitals after a lost battle, Law 6.2.2...): declined in the
    list, until the decision `expected`."""
    while _state(page)["decision"] != expected:
        _button(page, 0)


def test_a_whole_turn_by_clicking_the_board_in_headless_chromium():
    """Issue 42: a Root player plays the Marquise's first turn by clicking the board, not the list: the warriors
    to move (a group of pieces on the map), where they go (a clearing), how many (one click on the warriors
    matches the two counts: the page shows just those), the battle's clearing and its defender (clicking the
    Eyrie's warriors; the Eyrie's board and VP entry are marked too), a bird card from the hand for an extra
    action, the sawmill to overwork at (a building) and the card to spend (from the hand); one choice is made with
    the keyboard. What the clicks chose is checked in the game's record."""
    from playwright import sync_api
    from root_env import codes as K
    from root_env.data import ADJ, NC
    with running_server() as (base, srv), sync_api.sync_playwright() as p:
        browser = _browser(p)
        try:
            s, page, errors = _open_game(base, srv, browser, [{"faction": "marquise", "player": "human"},
                                                              {"faction": "eyrie", "player": "heuristic"},
                                                              {"faction": "alliance", "player": "bot", "level": "easy"}],
                                         seed=0)
            _wait_mine(page)
            while _state(page)["turn"] == 0:  # the setup: the lowest clearing offered each time
                _click_thing(page, "#map .target.opt >> nth=0")
            with s.lock:
                cl = s.game.to_dict()["clearings"]
                n_before = len(s.game.to_record()["actions"])
            eyrie = next(c for c in range(NC) if cl[c]["warriors"].get("eyrie"))
            recruiter = next(c for c in range(NC) if "recruiter" in cl[c]["buildings"])
            sawmill = next(c for c in range(NC) if "sawmill" in cl[c]["buildings"])
            there = next(c for c in range(NC) if ADJ[recruiter, c] and c != eyrie)
            src = next(c for c in range(NC) if ADJ[c, eyrie] and c != recruiter)
            warriors = '#map .pc[data-kind="warriors"][data-owner="{}"][data-clearing="{}"]'.format
            ring = '#map .target[data-kind="clearing"][data-clearing="{}"]'.format

            _decline_others(page, "marquise: action")  # no crafting
            _button(page, K.A_OPT + K.OPT_RECRUIT)  # a warrior at the recruiter: two there
            _button(page, K.A_OPT + K.OPT_MARCH)
            # at 1400x900 the pieces to click are at least MIN_PIECE_PX across
            sizes = page.evaluate("() => [...document.querySelectorAll('#map .pc.opt')].map((e) => "
                                  "Math.min(e.getBoundingClientRect().width, e.getBoundingClientRect().height))")
            assert sizes and min(sizes) >= MIN_PIECE_PX, sizes
            _click_thing(page, warriors("marquise", recruiter))  # move from: the warriors
            _click_thing(page, ring(there))  # move to: the clearing
            # how many: the warriors match both counts: the list shows just them, the choice is made there
            page.click(warriors("marquise", recruiter))
            page.wait_for_selector("#narrow:not(.hidden)")
            assert "warriors in clearing" in page.text_content("#narrow")
            assert page.locator("#options button.option").count() == 2
            _button(page, K.A_COUNT + 1)  # two warriors
            _click_thing(page, warriors("marquise", src))
            page.focus(ring(eyrie))  # the keyboard: the clearing is focusable, Enter chooses it
            before = _state(page)["version"]
            page.keyboard.press("Enter")
            _mine_at(page, before)
            _click_thing(page, warriors("marquise", src))  # one warrior: the one count, chosen at once
            _button(page, K.A_OPT + K.OPT_BATTLE)
            _click_thing(page, ring(eyrie))  # battle where
            assert page.locator('#boards .boardhit.opt[data-faction="eyrie"]').count() == 1
            assert page.locator('#vp .vpentry.opt[data-faction="eyrie"]').count() == 1
            _click_thing(page, warriors("eyrie", eyrie))  # the defender, by its warriors
            _decline_others(page, "marquise: action")
            _button(page, K.A_OPT + K.OPT_OVERWORK)  # a fourth action: a bird card from the hand pays for it
            assert _state(page)["decision"] == "pay bird card for extra action"
            _click_thing(page, "#hand .card.opt")
            _click_thing(page, f'#map .pc[data-kind="building"][data-piece="sawmill"][data-clearing="{sawmill}"]')
            assert _state(page)["decision"] == "overwork: card"
            card = int(page.locator("#hand .card.opt").first.get_attribute("data-card"))
            _click_thing(page, f'#hand .card.opt[data-card="{card}"]')

            with s.lock:
                taken = s.game.to_record()["actions"][n_before:]
            A = K.A_CLEARING
            for step in ([A + recruiter, A + there, K.A_COUNT + 1], [A + src, A + eyrie, K.A_COUNT],
                         [A + eyrie, K.A_FACTION + 1], [A + sawmill, K.A_CARD + card]):
                k = next(i for i in range(len(taken)) if taken[i:i + len(step)] == step)
                taken = taken[k + len(step):]
            assert not errors, errors
        finally:
            browser.close()


def test_the_hundreds_choose_their_mood_by_clicking_their_board_in_headless_chromium():
    """Issue 38: the Lord of the Hundreds on the game page: their setup and first Birdsong played by clicking the map
    (or the list where nothing is drawn), their mood chosen by clicking a mood card on their own board (Law 14.4.4);
    the warlord's badge, strongholds and their board are drawn; the record holds the mood clicked."""
    from playwright import sync_api
    from root_env import codes as K
    from root_env.data import MOOD_NAMES
    from root_env.picture import WARLORD_FILL
    mine = "v => V.version !== v && !busy && (V.over || (V.decider === 'hundreds' && V.options.length > 0))"
    with running_server() as (base, srv), sync_api.sync_playwright() as p:
        browser = _browser(p)
        try:
            s, page, errors = _open_game(base, srv, browser, [{"faction": "hundreds", "player": "human"},
                                                              {"faction": "marquise", "player": "heuristic"}],
                                         seed=3)
            _wait_mine(page, "hundreds")
            for _ in range(60):  # setup and Birdsong until the mood: the map where it names something, else the list
                if _state(page)["decision"] == "hundreds: mood":
                    break
                before = _state(page)["version"]
                if page.locator("#map .target.opt").count():
                    page.locator("#map .target.opt").first.click()
                else:
                    page.click("#options button.option >> nth=0")
                page.wait_for_function(mine, arg=before, timeout=60000)
            assert _state(page)["decision"] == "hundreds: mood"
            board = page.inner_html("#boards")
            assert "Lord of the Hundreds" in board and "Mood: stubborn · warlord in clearing " in board
            assert WARLORD_FILL in page.inner_html("#map")  # the warlord's badge on their warriors
            assert page.locator('#map .pc[data-kind="building"][data-piece="stronghold"]').count() >= 1
            chips = page.locator('#mine .chip.opt[data-kind="space"]')
            offered = [c.get_attribute("data-space") for c in chips.all()]
            assert offered and all(x.startswith("mood: ") for x in offered)
            mood = offered[-1][len("mood: "):]
            before = _state(page)["version"]
            page.click(f'#mine .chip.opt[data-space="mood: {mood}"]')
            page.wait_for_function("v => V.version !== v && !busy", arg=before, timeout=60000)
            with s.lock:
                assert K.A_OPT + K.OPT_MOOD + MOOD_NAMES.index(mood) in s.game.to_record()["actions"]
                assert s.game.to_dict()["hundreds"]["mood"] == mood
            assert not errors, errors
        finally:
            browser.close()
