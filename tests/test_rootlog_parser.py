"""The community's own Rootlog parser (@seiyria/rootlog-parser 1.4.0 from npm, the parser RootVis uses)
reads exported games without an error, and what it reads matches the game: every faction, one turn
line per setup and per turn played, the VP of each faction, the winners.

``make test`` installs the parser into tests/node (``npm ci``); this test installs it there too when
it is missing.  Without node and npm the test is skipped, except under CI=true, where it fails.
"""
from __future__ import annotations

import json
import re
import os
import shutil
import subprocess
from pathlib import Path

import numpy as np
import pytest

from root_env import Game
from root_env.data import FACTION_NAMES, SETUP_ORDER
from root_env.layout import DOMINANCE, VB_SETUP_SWAP
from root_env.rootlog import FACTION_LETTER

NODE_DIR = Path(__file__).parent / "node"
PARSER = NODE_DIR / "node_modules" / "@seiyria" / "rootlog-parser" / "package.json"


@pytest.fixture(scope="module")
def parse():
    """A function: Rootlog texts -> the parser's summary of each (see tests/node/parse.js)."""
    node, npm = shutil.which("node"), shutil.which("npm")
    if node is None or npm is None:
        msg = "node and npm are needed to run the Rootlog parser from npm"
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(msg)
        pytest.skip(msg)
    if not PARSER.exists():
        subprocess.run([npm, "ci", "--no-audit", "--no-fund"], cwd=NODE_DIR, check=True, capture_output=True)
    assert json.loads(PARSER.read_text())["version"] == "1.4.0"

    def run(texts: list[str], tmp: Path) -> list[dict]:
        paths = []
        for i, t in enumerate(texts):
            p = tmp / f"game{i}.rootlog"
            p.write_text(t)
            paths.append(str(p))
        out = subprocess.run([node, "parse.js", *paths], cwd=NODE_DIR, check=True, capture_output=True, text=True)
        d = json.loads(out.stdout)
        return [d[p] for p in paths]
    return run


def _play(factions, seed, agents):
    g = Game.new(factions, seed=seed)
    if agents == "random":
        rng = np.random.default_rng(seed)
        while not g.is_over:
            g.apply(int(rng.choice(g.legal_actions())))
    else:
        from agents.heuristic_agent import HeuristicAgent
        players = {f: HeuristicAgent(f, seed=seed + i) for i, f in enumerate(factions)}
        while not g.is_over:
            g.apply(players[g.current_player].act(g))
    return g


GAMES = [
    (("marquise", "eyrie"), 11, "random"),
    (("marquise", "eyrie"), 12, "heuristic"),
    (("eyrie", "alliance", "vagabond"), 13, "random"),
    (("marquise", "alliance", "vagabond"), 14, "heuristic"),
    (("marquise", "eyrie", "alliance", "vagabond"), 15, "random"),
    (("marquise", "eyrie", "alliance", "vagabond"), 16, "heuristic"),
    # the Lizard Cult (Law 10), with the four base factions and in two- and three-player games
    (("marquise", "eyrie", "alliance", "vagabond", "lizards"), 17, "random"),
    (("marquise", "eyrie", "alliance", "vagabond", "lizards"), 18, "heuristic"),
    (("lizards", "eyrie"), 19, "random"),
    (("alliance", "lizards", "marquise"), 20, "heuristic"),
    # the Riverfolk Company (Law 11), with the four base factions, with the Cult, in two- and three-player games
    (("marquise", "eyrie", "alliance", "vagabond", "riverfolk"), 21, "random"),
    (("marquise", "eyrie", "alliance", "vagabond", "riverfolk"), 22, "heuristic"),
    (("riverfolk", "vagabond"), 23, "random"),
    (("eyrie", "riverfolk", "lizards"), 24, "heuristic"),
    (("riverfolk", "lizards", "alliance", "vagabond"), 25, "random"),
    # the Corvid Conspiracy (seed 003, Law 13), with the four base factions, with the Riverfolk and the Cult, in
    # two- and three-player games
    (("marquise", "eyrie", "alliance", "vagabond", "corvids"), 26, "random"),
    (("marquise", "eyrie", "alliance", "vagabond", "corvids"), 27, "heuristic"),
    (("corvids", "vagabond"), 28, "random"),
    (("eyrie", "corvids", "riverfolk"), 29, "heuristic"),
    (("corvids", "lizards", "riverfolk", "alliance"), 30, "random"),
    # two Vagabonds (Law 9.8; the second is G), in four- and five-player games, with the other expansions' factions
    (("marquise", "eyrie", "vagabond", "vagabond2"), 31, "random"),
    (("marquise", "eyrie", "alliance", "vagabond", "vagabond2"), 32, "heuristic"),
    (("vagabond", "vagabond2", "lizards", "riverfolk", "corvids"), 33, "random"),
    (("alliance", "vagabond2", "riverfolk", "vagabond"), 34, "heuristic"),
    # the Underground Duchy (Law 12; the parser's letter D), with the base factions and the other expansions' factions
    (("duchy", "marquise", "eyrie", "alliance"), 35, "random"),
    (("duchy", "vagabond"), 36, "random"),
    (("lizards", "duchy", "corvids"), 37, "random"),
    (("riverfolk", "eyrie", "duchy", "vagabond", "vagabond2"), 38, "random"),
]


def test_rootlog_parser_reads_exported_games(parse, tmp_path):
    games = [_play(f, seed, agents) for f, seed, agents in GAMES]
    results = parse([g.to_rootlog() for g in games], tmp_path)
    battles = 0
    for g, r, (factions, seed, agents) in zip(games, results, GAMES):
        what = f"{agents} game {factions} seed {seed}"
        assert r["parseErrors"] == [], what
        assert (r["map"], r["deck"]) == ("Fall", "Standard")
        letters = [FACTION_LETTER[f] for f in g.factions]
        assert sorted(r["players"]) == sorted(letters), what
        # One line per faction's setup, then one per turn played.  A dominance victory comes at the start
        # of the winner's Birdsong (Law 3.3.1), before anything happens that turn: it has no line.
        # (A Vagabond in a coalition has DOMINANCE set too and wins with his partner: a game won at 30 VP had no
        # dominance victory, Law 3.1.)
        by_dominance = any(g.state[DOMINANCE + FACTION_NAMES.index(w)] for w in g.winners) \
            and not any(g.vp[w] >= 30 for w in g.winners)
        assert len(r["turns"]) == len(letters) + g.turn - by_dominance, what
        # setup lines in setup order (Law 5.1.7: the letters on the boards; 9.8.2: either Vagabond first), then
        # turns in seating order
        setup = [FACTION_LETTER[FACTION_NAMES[int(f)]] for f in SETUP_ORDER if FACTION_NAMES[int(f)] in g.factions]
        if g.state[VB_SETUP_SWAP]:
            k = setup.index("V")
            setup[k:k + 2] = ["G", "V"]
        assert [t["taker"] for t in r["turns"][:len(letters)]] == setup, what
        takers = [t["taker"] for t in r["turns"][len(letters):]]  # then the seating order, round after round
        first = letters.index(takers[0])
        assert takers == [letters[(first + k) % len(letters)] for k in range(len(takers))], what
        assert all(t["actions"] > 0 for t in r["turns"])
        # The VP the log records add up to each faction's final score.
        assert {k: v for k, v in r["vp"].items() if v} == {FACTION_LETTER[f]: v for f, v in g.vp.items() if v}, what
        assert r["winner"] == [FACTION_LETTER[f] for f in FACTION_NAMES if f in g.winners], what
        battles += r["battles"]
    assert battles > 0


def test_rootlog_parser_reads_every_notation_the_exporter_writes(parse, tmp_path):
    """Each kind of token, written on a turn line of each implemented faction, parses cleanly."""
    pieces = ["w1->5", "w->3+11", "b_s->3", "t_k->1"]  # the current player's: the Vagabond has none of these
    tokens = ["2Ew4->5", "Ew4->", "At5->", "p->1_2_5_10", "XE4", "XE4R@", "XE4R@B@(3,1)",
              "2#->C", "F#sappersC->", "#V->C", "#->A$", "#C->A$", "F#A$->", "B#domC->$", "F#dom*->C",
              "F#royalclaimC$->", "Zsappers", "Z%s", "++3", "E--2", "++->C$", "%s5->$", "%sE$->V$", "%s->e",
              "%sd->e", "%s->r", "%sd->r", "%s->d", "%se->d", "%s->s", "%se->s", "%s->", "%se->", "%sd->",
              "M#Q->V$", "V$_C->1", "2AwA$->", "Aw->A$", "Lw5->L$", "2LwL$->", "F#sappers^", "B#^", "Lb_f1->"]
    own = {"C": pieces, "A": pieces, "E": pieces + ["R#betterburrowbankE->$_x", "$_->", "#commander->$"],
           "V": ["C" + t for t in pieces] + ["#thief->$", "++->E$", "$_E->h"],
           "G": ["C" + t for t in pieces] + ["#tinker->$", "++->E$", "$_E->h"],
           "L": pieces + ["b_f->1", "b_r->3", "b_m->2", "$_o->F", "$_ho->R", "w->$", "2w$->", "w5->$"],
           "O": pieces + ["t_f->1", "t_r->3", "t_m->2", "3w->$", "2Cw$->", "w$->", "$_h->2", "$_r->3", "$_m->1",
                          "$_f->4", "R#roottea->O", "F#sappersO->", "B#@->O"]}
    # the Riverfolk's notation on every line: funds lost to Trade Disruption, a card bought from its hand; and
    # the price of a service paid onto its board (for the Vagabond, Riverfolk warriors for his items)
    tokens += ["2CwO$->", "$_f->3", "Ot_f4->", "R#rootteaO->C", "M#O->A$"]
    for f in "CEAL":
        own[f] = own[f] + ["2w->O$"]
    own["V"] = own["V"] + ["Ow->O$"]
    own["G"] = own["G"] + ["Ow->O$"]
    # two Vagabonds (Law 9.8): the other's board named as an item's origin or destination, battles, pawn, quests and
    # relationship chart
    tokens += ["XG4", "XV4(1,0)", "%sG$->d", "%xV$->d", "%hG$->", "%s5->G$", "Gp->3", "M#Q->G$", "G$_C->1"]
    # the Corvids' plots on their own line (placed, flipped, swapped, a raid removed) and on every line (removed
    # face down or face up, shown by a raid's effect, their warriors; an enemy's Exposure and its outcome)
    own["P"] = pieces + ["t->4", "t4^t_e", "t4^t_b", "t_b4->", "t12<->t4", "t_r5->", "t5->", "#C->P"]
    tokens += ["Pt4->", "Pt_s4->", "Pt4^t_r", "Pt_r4->", "Pw->1+2", "Pw4->", "#^P", "?Pt_e4", "Pt_e4->", "#C->P"]
    head = "Map: Fall\nDeck: Standard\nC: a\nE: b\nA: c\nV: d\nG: h\nL: e\nO: f\nP: g\n"
    body = "".join(f"{f}:" + "/".join(tokens + own[f]) + "\n" for f in "CEAVGLOP")
    (r,) = parse([head + body], tmp_path)
    assert r["parseErrors"] == []
    assert [t["actions"] for t in r["turns"]] == [len(tokens) + len(own[f]) for f in "CEAVGLOP"]


def test_rootlog_parser_reads_the_handwritten_cult_log(parse, tmp_path):
    text = (Path(__file__).parent / "data" / "rootlog" / "handwritten_cult.rootlog").read_text()
    (r,) = parse([text], tmp_path)
    assert r["parseErrors"] == [] and r["players"] == {"C": "Cat player", "L": "Cult player"}
    assert [t["taker"] for t in r["turns"]] == list("CLCLCLC") and r["battles"] == 1


def test_rootlog_parser_reads_the_handwritten_two_vagabond_log(parse, tmp_path):
    text = (Path(__file__).parent / "data" / "rootlog" / "handwritten_two_vagabonds.rootlog").read_text()
    (r,) = parse([text], tmp_path)
    assert r["parseErrors"] == [] and r["players"] == {"C": "Cat player", "V": "Thief player", "G": "Tinker player"}
    assert [t["taker"] for t in r["turns"]] == list("CVGCVGCVG") and r["battles"] == 2
    assert r["vp"] == {"V": 1, "G": 1}


def test_rootlog_parser_reads_the_handwritten_riverfolk_log(parse, tmp_path):
    text = (Path(__file__).parent / "data" / "rootlog" / "handwritten_riverfolk.rootlog").read_text()
    (r,) = parse([text], tmp_path)
    assert r["parseErrors"] == [] and r["players"] == {"C": "Cat player", "O": "Otter player"}
    assert [t["taker"] for t in r["turns"]] == list("COCOCOC") and r["battles"] == 2
    assert r["vp"] == {"C": 1, "O": 4}


def test_rootlog_parser_reads_games_with_the_hundreds_except_what_names_them(parse, tmp_path):
    """The parser 1.4.0 has no faction letter H and no mood names (its letters stop at P; Rootlog V2 added the Lord of
    the Hundreds later). On an exported game with them, each error it reports names the Hundreds (a token with H as a
    faction, a mood, or H among the winners), and it reads every turn line but those (it drops a line with an error
    whole)."""
    from root_env.data import MOOD_NAMES
    games = [(("marquise", "eyrie", "alliance", "vagabond", "hundreds"), 41, "random"),
             (("hundreds", "corvids", "riverfolk"), 42, "random"), (("hundreds", "lizards"), 7, "random")]
    played = [_play(f, seed, agents) for f, seed, agents in games]
    texts = [g.to_rootlog() for g in played]
    names_them = re.compile(r"XH\d|[^A-Za-z]H(?:[wbt$]|->)|->H\b|Faction H\b|#(?:" + "|".join(MOOD_NAMES) + r")->\$")
    for g, text, r in zip(played, texts, parse(texts, tmp_path)):
        assert r["players"]["H"] == "Lord of the Hundreds"
        assert r["parseErrors"], "the parser would read H now: test the full reading as for the other factions"
        assert [e for e in r["parseErrors"] if not names_them.search(e)] == [], g.factions
        turn_lines = [ln for ln in text.splitlines() if len(ln) > 2 and ln[1] == ":" and ln[2] != " "]
        dropped = sum(1 for e in r["parseErrors"] if not e.startswith("Winner"))
        assert len(r["turns"]) == len(turn_lines) - dropped, g.factions


def test_rootlog_parser_reads_games_with_the_keepers_except_what_names_them(parse, tmp_path):
    """The parser 1.4.0 has no faction letter K and none of the Keepers' codes (Rootlog V2 added the Keepers in Iron
    later): on an exported game with them, each error it reports names the Keepers (a token with K as a faction or a
    hand, a waystation ``b_f_t``, a relic with its value ``t_2_t``, a Retinue column ``$_1``, a Faithful Retainer, K
    among the winners) or, in a game with them, the Hundreds; it reads every turn line but those (a line with an
    error is dropped whole), the Keepers' own lines with only face-down relics and warriors included."""
    from root_env.data import MOOD_NAMES
    games = [(("keepers", "marquise", "eyrie", "alliance", "vagabond"), 41, "random"),
             (("keepers", "corvids", "riverfolk"), 42, "random"), (("lizards", "keepers"), 7, "random"),
             (("keepers", "hundreds", "vagabond", "vagabond2"), 8, "random")]
    played = [_play(f, seed, agents) for f, seed, agents in games]
    texts = [g.to_rootlog() for g in played]
    keepers = re.compile(r"XK\d|(?:^|[^A-Za-z_])K[wbt]|K\$|K->|->K\b|Faction K\b|\$_[123]\b|#faith|"
                         r"\bb_[ftj]_[ftj]|t_\d_[ftj]")
    hundreds = re.compile(r"XH\d|[^A-Za-z]H(?:[wbt$]|->)|->H\b|Faction H\b|#(?:" + "|".join(MOOD_NAMES) + r")->\$")
    for g, text, r in zip(played, texts, parse(texts, tmp_path)):
        assert r["players"]["K"] == "Keepers in Iron"
        assert r["parseErrors"], "the parser would read K now: test the full reading as for the other factions"
        names = [e for e in r["parseErrors"] if not keepers.search(e)]
        assert [e for e in names if "hundreds" not in g.factions or not hundreds.search(e)] == [], g.factions
        turn_lines = [ln for ln in text.splitlines() if len(ln) > 2 and ln[1] == ":" and ln[2] != " "]
        dropped = sum(1 for e in r["parseErrors"] if not e.startswith("Winner"))
        assert len(r["turns"]) == len(turn_lines) - dropped, g.factions
        assert any(t.startswith("K:") for t in turn_lines)


def test_rootlog_parser_reads_games_on_the_winter_lake_and_mountain_maps(parse, tmp_path):
    """Law Appendix C: the parser knows the four maps (its ``Map:`` line) and the Mountain's removal of a closed path
    (``2_5->``); exported Winter, Lake (the Ferry's moves are moves, its card a draw) and Mountain games parse
    cleanly and name their map."""
    import re
    texts, maps = [], []
    for mp, title in (("winter", "Winter"), ("lake", "Lake"), ("mountain", "Mountain")):
        for seed in range(3):
            g = Game.new(("marquise", "eyrie", "riverfolk", "vagabond"), seed=seed, map=mp, max_turns=30)
            rng = np.random.default_rng(seed)
            while not g.is_over:
                g.apply(int(rng.choice(g.legal_actions())))
            texts.append(g.to_rootlog())
            maps.append(title)
    assert any(re.search(r"(?:^|[:/])\d+_\d+->", t, re.M) for t in texts)  # a closed path removed among them
    for r, title in zip(parse(texts, tmp_path), maps):
        assert r["parseErrors"] == [] and r["map"] == title
