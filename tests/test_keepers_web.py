"""The Keepers in Iron on the web game page (issue 39, Law 15): their choices are clicked on the board, as every
faction's are (docs/web.md): the warrior a waystation replaces (Encamp, 15.4.1) and the waystation's face on their own
board, the waystation decamped (15.4.2) or recruited at (15.4.3), a relic in the forest delved from (15.5.2.II.a), the
clearing and relic recovered (15.5.2.III.a), a Faithful Retainer acting or shifted, the Retinue column a card goes to
(15.6.2), a relic carried with their warriors (15.2.4). Every target fits a thing the Keepers' page draws; a headless Chromium plays their setup and Encamp by
clicking."""
from __future__ import annotations

import random

from root_env import Game, Scenario
from root_env import codes as K
from root_env.data import RETINUE_NAMES, PIECE_NAMES, NBT, TT_RELIC
from root_env.web import views
from root_env.web.targets import board_rows, waystation_space

from test_web_api import _page_things, _fits, call, running_server, session


def _targets_fit(g, seat="keepers"):
    """The options of `seat`'s pending decision, each target checked to fit a thing of its page."""
    opts = views.options(g, seat)
    things = _page_things(g, seat, opts)
    for o in opts:
        for t in o["targets"]:
            assert [th for th in things if _fits(t, th)], (g.decision, o["text"], t)
    return opts


def test_the_keepers_options_name_things_on_their_page():
    """Random games with the Keepers (two to five players): every target fits a drawn thing, and their own decisions
    name what they are about."""
    seen: dict[str, set] = {}
    for k, mix in enumerate((("keepers", "marquise", "vagabond", "alliance"), ("eyrie", "keepers", "corvids"),
                             ("keepers", "riverfolk", "lizards", "hundreds", "eyrie"), ("marquise", "keepers"))):
        g = Game.new(mix, seed=400 + k, max_turns=60)
        r = random.Random(k)
        while not g.is_over:
            seat = g.current_player
            if seat == "keepers" and len(g.legal_actions()) > 1:
                for o in _targets_fit(g):
                    seen.setdefault(g.decision, set()).update(t.get("kind", "piece of a faction") for t in o["targets"])
            g.apply(int(r.choice(list(g.legal_actions()))))
    want = {"encamp: where": {"clearing", "warriors"}, "encamp: which waystation": {"space"},
            "decamp: where": {"clearing", "building"}, "decamp: which waystation": {"building"},
            "keepers recruit: where": {"clearing", "building"}, "delve: forest": {"forest", "relic"},
            "delve: which relic": {"relic"}, "gather retinue: card": {"card", "space"},
            "gather retinue: column": {"space"}, "retinue: which card": {"card", "space"},
            "move: carry relics": {"token"}}
    assert {d: seen.get(d) for d in want} == want


def _recover_scenario():
    """Keeper warriors in clearing 1 with the figure/tablet waystation tablet side up and a tablet 3 there; a Faithful
    Retainer in the Move or Recover column, which acts next (Law 15.5.2.III)."""
    sc = Scenario(("keepers", "marquise"), seed=5)
    sc.warriors("keepers", 3, 1).waystation("figure/tablet", 1, face_up="tablet").relic("tablet", 3, 1)
    sc.retinue("move or recover", [], retainers=1).retinue_column("move or recover")
    return sc.start("keepers", at="keepers_retinue")


def test_law_15_5_2_iii_recover_is_clicked_on_the_retainer_the_clearing_and_the_relic():
    """A Faithful Retainer is a chip of the Keepers' board ("retainer: move or recover"); Recover's clearing is its
    ring or the relic there; the relic recovered is the relic token drawn in that clearing."""
    g = _recover_scenario()
    col = RETINUE_NAMES.index("move or recover")
    opts = _targets_fit(g)
    assert g.decision == "retinue: which card"
    assert {"kind": "space", "space": "retainer: move or recover"} in \
        next(o for o in opts if o["action"] == K.A_OPT + K.OPT_RETAINER + col)["targets"]
    g.apply(K.A_OPT + K.OPT_RETAINER + col)
    assert g.decision == "move or recover"
    g.apply(K.A_OPT + K.OPT_RECOVER)
    opts = _targets_fit(g)
    assert g.decision == "recover: where"
    assert {"kind": "token", "owner": "keepers", "clearing": 0} in opts[0]["targets"]
    g.apply(opts[0]["action"])
    opts = _targets_fit(g)
    assert g.decision == "recover: which relic"
    relic = PIECE_NAMES[NBT + TT_RELIC + 5]  # the tablet 3
    assert [o["targets"] for o in opts] == [[{"kind": "token", "clearing": 0, "piece": relic}]]


def test_the_keepers_board_rows_hold_waystations_and_the_retinue():
    """Their page's own board: each waystation in supply by either face up (Law 15.4.1), one on the map where it is;
    each Retinue column, its cards and its Faithful Retainers."""
    g = _recover_scenario()
    rows = {r["title"]: r["chips"] for r in board_rows(g, views.seen(g, "keepers"), "keepers", set())}
    spaces = [c.get("space") for c in rows["Waystations"]]
    assert spaces == [None, waystation_space(1, 0), waystation_space(1, 1), waystation_space(2, 0),
                      waystation_space(2, 1)]
    assert rows["Waystations"][0]["label"] == "waystation figure/tablet: tablet up · in clearing 1"
    assert [c["space"] for c in rows["The Retinue"] if c["kind"] == "space"] == \
        ["retinue: move", "retainer: move", "retinue: battle then delve", "retainer: battle then delve",
         "retinue: move or recover", "retainer: move or recover"]


def test_encamp_and_the_waystation_face_by_clicking_in_headless_chromium():
    """The Keepers' setup (their corner and edge clearing, by the map's rings) and first Encamp played by clicking:
    the warrior replaced (their warriors on the map), then the waystation and its face, a chip of their own board
    (Law 15.4.1: either face up). The record holds the face clicked; the map draws the waystation there."""
    from playwright import sync_api
    from test_replay_viewer import _browser
    from test_web_browser import _state, _wait_mine, _open_game
    mine = "v => V.version !== v && !busy && (V.over || (V.decider === 'keepers' && V.options.length > 0))"

    def click(page, selector):
        before = _state(page)["version"]
        el = page.locator(selector).first
        assert "opt" in el.get_attribute("class").split(), selector
        el.click()
        page.wait_for_function(mine, arg=before, timeout=60000)

    with running_server() as (base, srv), sync_api.sync_playwright() as p:
        browser = _browser(p)
        try:
            s, page, errors = _open_game(base, srv, browser, [{"faction": "marquise", "player": "heuristic"},
                                                              {"faction": "keepers", "player": "human"}], seed=3)
            _wait_mine(page, "keepers")
            for _ in range(4):  # the corner, the edge clearing: a ring of the map each
                if _state(page)["decision"] == "encamp: where":
                    break
                click(page, "#map .target.opt")
            assert _state(page)["decision"] == "encamp: where"
            click(page, '#map .pc.opt[data-kind="warriors"][data-owner="keepers"]')
            assert _state(page)["decision"] == "encamp: which waystation"
            chips = page.locator('#mine .chip.opt[data-kind="space"]')
            offered = [c.get_attribute("data-space") for c in chips.all()]
            want = waystation_space(0, 1)  # figure/tablet, tablet side up
            assert want in offered and len(offered) == 6, offered
            click(page, f'#mine .chip.opt[data-space="{want}"]')
            with s.lock:
                assert K.A_OPT + K.OPT_WAYSTATION + 1 in s.game.to_record()["actions"]
                ws = s.game.to_dict()["keepers"]["waystations"]["figure/tablet"]
            assert ws["face_up"] == "tablet" and ws["clearing"] is not None
            assert page.locator(f'#map .pc[data-kind="building"][data-piece="{PIECE_NAMES[11]}"]').count() == 1
            assert not errors, errors
        finally:
            browser.close()
