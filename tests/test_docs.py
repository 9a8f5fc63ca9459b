"""The documentation states what the code has: sizes, counts, defaults, signatures and study figures."""
from __future__ import annotations

import ast
import importlib
import inspect
import json
import math
import re
import tomllib
from pathlib import Path

import pytest

import root_env.codes as K
import root_env.data as D
from root_env import Game
from root_env.engine.observe import OBS_SIZE

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
DOC = (DOCS / "actions_and_observations.md").read_text(encoding="utf-8")
README = (ROOT / "README.md").read_text(encoding="utf-8")
API = (DOCS / "api.md").read_text(encoding="utf-8")
RULES = (DOCS / "rules.md").read_text(encoding="utf-8")
BALANCE = (DOCS / "balance.md").read_text(encoding="utf-8")
ALL_TEXT = {"README.md": README, **{p.name: p.read_text(encoding="utf-8") for p in DOCS.glob("*.md")}}
STUDY = ROOT / "benchmarks" / "results" / "balance_heuristic_4p"


def test_action_blocks_documented():
    assert f"One `Discrete({K.N_ACTIONS})`" in DOC
    for name, start, size in K.BLOCKS:
        ids = f"{start}..{start + size - 1}" if size > 1 else f"{start}"
        assert f"| {name} | {ids} | {size} |" in DOC, name


def test_observation_size_documented():
    assert f"of {OBS_SIZE} entries" in DOC
    assert f"Box(float32, {OBS_SIZE})" in README and f"Box(int8, {K.N_ACTIONS})" in README


def test_every_space_size_in_the_docs_is_the_codes():
    for name, text in ALL_TEXT.items():
        for n in re.findall(r"Discrete\((\d+)\)", text):
            assert int(n) == K.N_ACTIONS, (name, n)
        for n in re.findall(r"Box\(float32, (\d+)\)", text):
            assert int(n) == OBS_SIZE, (name, n)
        for n in re.findall(r"over the (\d+) actions", text):
            assert int(n) == K.N_ACTIONS, (name, n)


# ---------------------------------------------------------------------------------------------- rules.md

def test_game_data_counts_in_rules_page():
    paths = int(D.ADJ.sum()) // 2
    slots, ruins = int(D.CLEARING_SLOTS.sum()), int(D.CLEARING_RUIN.sum())
    per_suit = [int((D.CLEARING_SUIT == s).sum()) for s in range(3)]
    assert set(per_suit) == {4}
    assert (f"{D.NC} clearings numbered by Clockwork priority 1–{D.NC} (1–4 the corners; 1–3 and 2–4 opposite), "
            f"4 of each suit, {paths} paths, {slots} building slots of which {ruins} start under ruins, "
            f"{D.NFOREST_AUTUMN} forests") in RULES  # the Autumn map
    assert sorted(int(c) + 1 for c in D.CORNERS) == [1, 2, 3, 4]
    assert [int(D.OPPOSITE_CORNER[c]) + 1 for c in (0, 1)] == [3, 4]
    cards = {D.SUIT_NAMES[s]: int((D.CARD_SUIT == s).sum()) for s in (3, 0, 1, 2)}
    dominance = sum(1 for n in D.CARD_NAMES if n == "Dominance")
    assert (f"{D.NCARD} cards: " + ", ".join(f"{s} {n}" for s, n in cards.items())
            + f", the {dominance} dominance cards among them") in RULES
    assert (f"{int(D.ITEM_POOL.sum())} in the base game; {int(D.ITEM_SUPPLY_START.sum())} in the starting "
            "supply") in RULES
    assert f"{D.NQUEST} Vagabond quest cards" in RULES
    assert f"the engine uses the three-source {list(map(int, D.AL_SYMPATHY_VP))}" in RULES


def test_rules_page_lists_every_implemented_faction_and_its_tests():
    for law, faction in ((6, "Marquise de Cat"), (7, "Eyrie Dynasties"), (8, "Woodland Alliance"), (9, "Vagabond")):
        assert re.search(rf"^\| {law} {faction}", RULES, re.M), faction
    for test_file in set(re.findall(r"`(test_[a-z_]+\.py)`", RULES)):
        assert (ROOT / "tests" / test_file).exists(), test_file


def test_no_reference_to_files_outside_the_repository():
    for name, text in ALL_TEXT.items():
        assert "shared/" not in text, name
    for folder in ("root_env", "agents", "benchmarks"):
        for f in (ROOT / folder).rglob("*.py"):
            assert "shared/" not in f.read_text(encoding="utf-8"), f


# ---------------------------------------------------------------------------------------------- README

def test_default_factions_as_documented():
    two = ("marquise", "eyrie")
    from root_env.pettingzoo_env import raw_env
    from root_env.vector import RootVectorEnv
    from root_env.demo import BASE4
    from root_env.balance.study import run_study
    for f in (Game.new, raw_env.__init__, RootVectorEnv.__init__):
        assert tuple(inspect.signature(f).parameters["factions"].default) == two, f
    assert tuple(BASE4) == D.BASE_FACTIONS
    assert inspect.signature(run_study).parameters["factions"].default.split(",") == list(D.BASE_FACTIONS)
    assert ("`Game.new()`, `root_env.env()` and `RootVectorEnv` seat the Marquise de Cat and\n"
            "the Eyrie Dynasties (a two-player game)") in README


def test_install_extras_table_matches_pyproject():
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]
    rows = dict(re.findall(r"^\| `(\w+)` \| .* \| (.*) \|$", README, re.M))
    assert set(rows) == set(extras)
    for extra in ("pictures", "stats", "train", "dist"):
        names = [re.split(r"[<>=\[]", req)[0] for req in extras[extra]]
        for n in names:
            assert n in rows[extra], (extra, n)
    assert "torch==2.13.0" in extras["train"] and "torch 2.13.0" in rows["train"]
    assert "pip install -e ." in README


def test_heuristic_agent_games_count():
    src = (ROOT / "tests" / "test_heuristic_agents.py").read_text()
    per_seating = int(re.search(r"^GAMES_PER_SEATING = (\d+)$", src, re.M).group(1))
    assert "for rot in range(len(mix)):" in src  # every seat rotation of the base game's four factions
    rotations = len(D.BASE_FACTIONS)
    assert f"({rotations * per_seating} games each, `tests/test_heuristic_agents.py`)" in README


def test_balance_study_figures_are_the_stored_studys():
    study = json.loads((STUDY / "study.json").read_text())
    rep = json.loads((STUDY / "report.json").read_text())
    games = study["games"]
    k = len(study["factions"])
    assert rep["games_recorded"] == games
    per_seating = games // math.factorial(k)
    assert per_seating * math.factorial(k) == games
    assert f"({games:,} heuristic four-player games, every\nseating {per_seating} times" in README
    names = {"marquise": "Marquise", "eyrie": "Eyrie", "alliance": "Alliance", "vagabond": "Vagabond"}
    for f, w in rep["faction_win_rate"].items():
        lo, hi = w["ci95"]
        assert (f"| {names[f]} | {100 * w['rate']:.1f} % ({100 * lo:.1f}–{100 * hi:.1f})") in README, f
        assert f"{100 * w['human_reference']:.1f} %" in README
    fe = rep["conditional_logit"]["tests"]["factions_equal"]
    se = rep["conditional_logit"]["tests"]["seats_equal"]
    assert f"likelihood ratio {fe['lr']:,.0f} on {fe['df']} df" in README
    assert f"LR {se['lr']:.0f})" in README
    partner = rep["multiple_winner_games"] / rep["games_used"]
    assert f"{100 * partner:.0f} % of games as a coalition partner" in README
    random_games = json.loads((ROOT / "benchmarks/results/balance_random_4p/study.json").read_text())["games"]
    assert f"random-agent study ({random_games:,} games)" in README


def test_second_heuristic_five_player_studies_are_the_stored_studies():
    """README's table of the heuristic v2 five-player studies (issue 34): every rate and interval is the stored
    report's, and the studies were played by `heuristic` in every seat."""
    names = {"marquise": "Marquise", "eyrie": "Eyrie", "alliance": "Alliance", "vagabond": "Vagabond",
             "riverfolk": "Riverfolk", "corvids": "Corvids", "hundreds": "Hundreds"}
    part = README.split("**With the second heuristic**")[1].split("### Balance on a ladder")[0]
    rows = {line.split("|")[1].strip(): line for line in part.splitlines() if line.startswith("| ")}
    for col, fifth in enumerate(("riverfolk", "corvids", "hundreds")):
        d = ROOT / "benchmarks" / "results" / f"balance_heuristic_v2_5p_{fifth}"
        study = json.loads((d / "study.json").read_text())
        rep = json.loads((d / "report.json").read_text())
        assert set(study["agents"].values()) == {"heuristic"} and rep["games_recorded"] == study["games"] == 3000
        for f, w in rep["faction_win_rate"].items():
            lo, hi = w["ci95"]
            cell = f"{100 * w['rate']:.1f} %" + ("**" if f == fifth else "") + f" ({100 * lo:.1f}–{100 * hi:.1f})"
            cells = [c.strip().replace("**", "") for c in rows[names[f]].split("|")[2:5]]
            assert cells[col] == cell.replace("**", ""), (f, cells, cell)
            assert f"{100 * w['human_reference']:.1f} %" in rows[names[f]]


def test_base_four_studies_before_and_after_the_eyries_change_are_the_stored_studies():
    """README's base-four table of heuristic v2 before and after its Eyrie changed (issues 34, 36): every rate and
    interval is the stored report's, both studies played the same seeded games with `heuristic` in every seat, and the
    mean absolute difference from the league quoted beside it is the reports'."""
    names = {"marquise": "Marquise", "eyrie": "Eyrie", "alliance": "Alliance", "vagabond": "Vagabond"}
    part = README.split("**Base four with the second heuristic, before and after its Eyrie changed**")[1]
    part = part.split("**With the second heuristic**")[0]
    rows = {line.split("|")[1].strip(): line for line in part.splitlines() if line.startswith("| ")}
    mads = []
    studies = [ROOT / "benchmarks" / "results" / f"balance_heuristic_v2_4p_{side}_eyrie" for side in ("previous", "new")]
    seeds = {json.loads((d / "study.json").read_text())["seed"] for d in studies}
    assert len(seeds) == 1
    for col, d in enumerate(studies):
        study = json.loads((d / "study.json").read_text())
        rep = json.loads((d / "report.json").read_text())
        assert set(study["agents"].values()) == {"heuristic"} and rep["games_recorded"] == study["games"] == 2400
        diffs = []
        for f, w in rep["faction_win_rate"].items():
            lo, hi = w["ci95"]
            cell = f"{100 * w['rate']:.1f} % ({100 * lo:.1f}–{100 * hi:.1f})"
            cells = [c.strip().replace("**", "") for c in rows[names[f]].split("|")[2:5]]
            assert cells[col] == cell, (f, cells, cell)
            assert cells[2] == f"{100 * w['human_reference']:.1f} %"
            diffs.append(100 * abs(w["rate"] - w["human_reference"]))
        mads.append(sum(diffs) / len(diffs))
    assert f"falls from {mads[0]:.1f} to {mads[1]:.1f} points" in " ".join(part.split())


def test_ladder_figures_are_the_stored_ladders():
    d = ROOT / "benchmarks" / "results" / "ladder_4p"
    study = json.loads((d / "study.json").read_text())
    rep = json.loads((d / "report.json").read_text())
    runs = [json.loads(line) for line in (d / "runs.jsonl").read_text().splitlines()]
    text = " ".join(README.split())
    assert rep["games_recorded"] == study["games"] == sum(r["played"] for r in runs)
    assert (f"{study['self_games']} self games per rung and {study['cross_games']} games per cross cell, "
            f"{study['games']:,} games in all; {sum(r['cpu_s'] for r in runs) / 60:.1f} CPU-minutes") in text
    assert f"--self-games {study['self_games']} --cross-games {study['cross_games']}" in README
    names = {"marquise": "Marquise", "eyrie": "Eyrie", "alliance": "Alliance", "vagabond": "Vagabond"}
    for f in study["factions"]:
        cells = []
        for r in study["rungs"]:
            w = rep["rungs"][r]["faction_win_rate"][f]
            cells.append(f"{100 * w['rate']:.1f} % ({100 * w['ci95'][0]:.1f}–{100 * w['ci95'][1]:.1f})")
        assert f"| {names[f]} | " + " | ".join(cells) + f" | {100 * rep['human_reference'][f]:.1f} % |" in README, f
    mads = [f"{100 * rep['rungs'][r]['human_distance']['mad']:.1f}" for r in study["rungs"]]
    assert (f"{mads[0]} points for random play (whose rates are flat for the wrong reason), {mads[1]} for the "
            f"heuristic, {mads[2]} for ISMCTS-100 and {mads[3]} for ISMCTS-200") in text
    assert f"{' / '.join(mads)} points from random to ISMCTS-200" in " ".join(BALANCE.split())
    pay, se = rep["meta_game"]["payoff"], rep["meta_game"]["payoff_se"]
    assert (f"by {100 * pay[1][0]:.0f} points (heuristic over random), {100 * pay[2][1]:.0f} (ISMCTS-100 over "
            f"heuristic) and {100 * pay[3][2]:.0f} ± {196 * se[3][2]:.0f} (ISMCTS-200 over ISMCTS-100)") in text
    assert rep["meta_game"]["nash"]["ismcts:200"] == pytest.approx(1.0)


def test_draft_ladder_figures_are_the_stored_ladder():
    """docs/balance.md's table of the draft ladder (benchmarks/results/ladder_draft_4p) is its report.json."""
    d = ROOT / "benchmarks" / "results" / "ladder_draft_4p"
    study = json.loads((d / "study.json").read_text())
    rep = json.loads((d / "report.json").read_text())
    assert study["mix"] == "draft" and rep["games_recorded"] == study["games"]
    assert f"--self-games {study['self_games']} --cross-games {study['cross_games']}" in " ".join(BALANCE.split())
    names = {"marquise": "Marquise", "eyrie": "Eyrie", "alliance": "Alliance", "vagabond": "Vagabond",
             "lizards": "Lizard Cult", "riverfolk": "Riverfolk", "corvids": "Corvids", "hundreds": "Lord of the Hundreds",
             "keepers": "Keepers in Iron", "duchy": "Underground Duchy"}
    for f in study["factions"]:
        cells = [f"{100 * rep['rungs'][r]['faction_win_rate'][f]['rate']:.1f} %" for r in study["rungs"]]
        assert (f"| {names[f]} | " + " | ".join(cells) + f" | {100 * rep['human_reference'][f]:.1f} % |") in BALANCE, f
    mad = []
    closest = min(study["rungs"], key=lambda r: rep["rungs"][r]["human_distance"]["mad"])
    for r in study["rungs"]:
        h = rep["rungs"][r]["human_distance"]
        m = f"{100 * h['mad']:.1f}"
        mad.append(f"{f'**{m}**' if r == closest else m} ({100 * h['mad_ci95'][0]:.1f}–"
                   f"{100 * h['mad_ci95'][1]:.1f}; {100 * h['noise_floor']:.1f})")   # the closest rung in bold
    assert " | ".join(mad) in BALANCE
    # A.8.1: every game seating the drafted Vagabond names the character dealt beside his card
    from root_env.balance.study import load_results
    assert study["vagabond_character"] == "dealt (A.8.1)"
    records, _ = load_results(d)
    assert all((r.get("vagabond_characters") is not None) == ("vagabond" in r["seating"]) for r in records)


def test_redrawn_pretrained_figures_are_the_stored_ladder():
    """The MADs docs/balance.md gives for ladder_draw_4p_pretrained_all (four rungs)."""
    text = " ".join(BALANCE.split())
    res = ROOT / "benchmarks" / "results"
    rep = json.loads((res / "ladder_draw_4p_pretrained_all" / "report.json").read_text())
    h = {r: rep["rungs"][r]["human_distance"] for r in rep["params"]["rungs"]}
    top = h["pretrained"]
    assert (f"MAD **{100 * top['mad']:.1f}** points ({100 * top['mad_ci95'][0]:.1f}–{100 * top['mad_ci95'][1]:.1f}; "
            f"noise floor {100 * top['noise_floor']:.1f};") in text
    assert " / ".join(f"{100 * h[r]['mad']:.1f}" for r in rep["params"]["rungs"]).replace(
        f"{100 * h['heuristic']['mad']:.1f}", f"**{100 * h['heuristic']['mad']:.1f}**") in text


# ---------------------------------------------------------------------------------------------- balance.md

def test_balance_page_numbers():
    from root_env.balance import ordering
    from root_env.balance.report import HUMAN_REFERENCE
    assert f"repeats every k! games (k factions: {len(ordering.run_order(4))} for four)" in BALANCE
    assert f"over a period of k·k! games ({len(ordering.sprt_order(4))} for four factions)" in BALANCE
    ref = ", ".join(f"{f.capitalize()} {100 * v:.1f} %" for f, v in HUMAN_REFERENCE.items())
    assert f"Root Digital League win rates: {ref}" in BALANCE.replace("\n  ", " ")
    cells = [ordering.sprt_cell_at(list(D.BASE_FACTIONS), i) for i in range(9)]
    line = ordering.describe(ordering.balance([s for s, _ in cells], D.BASE_FACTIONS, [c for _, c in cells]))
    assert line == " ".join(BALANCE.split("    sample at the stop, ")[1].split("\n\n")[0].split())
    rep = json.loads((STUDY / "report.json").read_text())
    assert (f"each faction sat in each seat exactly {rep['seat_counts']['marquise'][0]} times\" in the stored "
            "heuristic study") in " ".join(BALANCE.split())
    assert set(n for v in rep["seat_counts"].values() for n in v) == {rep["seat_counts"]["marquise"][0]}
    part = [ordering.seating_at(D.BASE_FACTIONS, i) for i in range(30)]
    assert f'"{ordering.count_range(ordering.balance(part, D.BASE_FACTIONS)["faction_seat"])}" in a study ' \
           "interrupted after 30 games" in " ".join(BALANCE.split())


# ---------------------------------------------------------------------------------------------- api.md

_SIGNATURE = re.compile(r"`((?:Game|root_env|agents)(?:\.\w+)*)(\((?:[^`]*)\))?`")


def _resolve(dotted: str):
    if dotted.startswith("Game."):
        return getattr(Game, dotted.split(".", 1)[1])
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            obj = importlib.import_module(".".join(parts[:cut]))
        except ModuleNotFoundError:
            continue
        for p in parts[cut:]:
            obj = getattr(obj, p)
        return obj
    raise AssertionError(f"{dotted} is not importable")


def _documented_parameters(params: str) -> list[tuple[str, object, bool]]:
    """(name, default or inspect.Parameter.empty, keyword-only) of `(a, b=1, *, c=2)` as written."""
    args = ast.parse(f"def f{params}: pass").body[0].args
    out = []
    plain = args.posonlyargs + args.args
    defaults = [inspect.Parameter.empty] * (len(plain) - len(args.defaults)) + [ast.literal_eval(d) for d in args.defaults]
    out += [(a.arg, d, False) for a, d in zip(plain, defaults)]
    out += [(a.arg, inspect.Parameter.empty if d is None else ast.literal_eval(d), True)
            for a, d in zip(args.kwonlyargs, args.kw_defaults)]
    if args.kwarg:
        out.append(("**" + args.kwarg.arg, inspect.Parameter.empty, False))
    return out


API_ENTRIES = sorted({(m.group(1), m.group(2) or "") for line in API.splitlines() if line.startswith("| `")
                      for m in _SIGNATURE.finditer(line.split(" | ")[0])})


def test_api_page_lists_the_main_entry_points():
    names = {n for n, _ in API_ENTRIES}
    assert {"Game.new", "Game.apply", "root_env.env", "root_env.vector.RootVectorEnv", "agents.HeuristicAgent",
            "root_env.balance.run_study"} <= names
    assert len(API_ENTRIES) >= 40


@pytest.mark.parametrize("name,params", API_ENTRIES, ids=[n for n, _ in API_ENTRIES])
def test_api_page_signatures_are_the_codes(name, params):
    obj = _resolve(name)
    if not params:
        return   # a property or attribute: it exists
    target = obj.__init__ if inspect.isclass(obj) else obj
    real = {n: p for n, p in inspect.signature(target).parameters.items() if n != "self"}
    documented = _documented_parameters(params)
    for pname, default, kwonly in documented:
        if pname.startswith("**"):
            assert any(p.kind is p.VAR_KEYWORD for p in real.values()), name
            continue
        assert pname in real, f"{name}: no parameter {pname!r}"
        p = real[pname]
        assert p.default == default or (isinstance(p.default, tuple) and list(p.default) == list(default or ())), \
            f"{name}({pname}): default {p.default!r}, documented {default!r}"
        assert kwonly == (p.kind is p.KEYWORD_ONLY), f"{name}({pname}): keyword-only differs"
    required = [n for n, p in real.items() if p.default is p.empty and p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY, p.POSITIONAL_ONLY)]
    assert set(required) <= {n for n, _, _ in documented}, f"{name}: required {required} not all documented"
    order = [n for n, _, _ in documented if not n.startswith("**")]
    assert order == [n for n in real if n in order], f"{name}: parameter order differs"


# ---------------------------------------------------------------------------------------------- docs that run
#
# Every fenced code block of README.md and docs/*.md runs here, so that an example cannot rot:
#  - a ```python block is executed; the python blocks of one page share one namespace, in page order;
#  - any other block (```bash, ```sh, or no language) is a shell script run by bash (`set -e`), with `python`
#    this interpreter, its standard input "q" (terminal play quits at its first question and saves);
#  - both run in a fresh folder holding GAME.json, a short recorded game (`Game.save`), so that commands that
#    read a record have one;
#  - an HTML comment on the line(s) just before the fence changes that:
#      <!-- doc-test: illustration -->      shown, not run: sample output, a synopsis, an install or a make
#                                           target, a command that needs a server or a cluster or runs for
#                                           minutes (the text names the test that runs its code small)
#      <!-- doc-test: replace "OLD" "NEW" -->  run with OLD replaced by NEW (smaller parameters; OLD must occur)

import os
import subprocess
import sys

DOC_PAGES = ["README.md"] + sorted(f"docs/{p.name}" for p in DOCS.glob("*.md"))
_FENCE = re.compile(r"^(?P<indent>[ \t]*)```(?P<lang>[\w+-]*)[ \t]*\n(?P<body>.*?)^(?P=indent)```[ \t]*$", re.M | re.S)
_MARKER = re.compile(r"^[ \t]*<!-- doc-test: (?P<what>.*?) -->[ \t]*$")
_REPLACE = re.compile(r'^replace (".*?") (".*?")$')


def doc_blocks(page: str) -> list[dict]:
    """The fenced blocks of a page: line, language, code (dedented) and the doc-test markers before it."""
    text = (ROOT / page).read_text(encoding="utf-8")
    blocks = []
    for m in _FENCE.finditer(text):
        line = text.count("\n", 0, m.start()) + 1
        before = text[:m.start()].rstrip("\n").split("\n")
        markers = []
        while before and _MARKER.match(before[-1]):
            markers.insert(0, _MARKER.match(before[-1]).group("what"))
            before.pop()
        indent = len(m.group("indent"))
        code = "\n".join(x[indent:] for x in m.group("body").split("\n"))
        blocks.append({"page": page, "line": line, "lang": m.group("lang"), "code": code, "markers": markers})
    return blocks


def _prepared(block: dict) -> str | None:
    """The code to run (replacements made), or None for an illustration."""
    code = block["code"]
    where = f"{block['page']}:{block['line']}"
    for what in block["markers"]:
        if what == "illustration":
            return None
        m = _REPLACE.match(what)
        assert m, f"{where}: unknown doc-test marker {what!r}"
        old, new = ast.literal_eval(m.group(1)), ast.literal_eval(m.group(2))
        assert old in code, f"{where}: the marker replaces {old!r}, which the block does not hold"
        code = code.replace(old, new)
    return code


def test_doc_blocks_are_found_and_markers_are_known():
    blocks = [b for page in DOC_PAGES for b in doc_blocks(page)]
    assert len(blocks) >= 25
    for b in blocks:
        _prepared(b)   # every marker is one of the two, and a replacement finds its text
    text = {page: (ROOT / page).read_text(encoding="utf-8") for page in DOC_PAGES}
    fences = sum(len(re.findall(r"^[ \t]*```", t, re.M)) for t in text.values())
    assert fences == 2 * len(blocks)   # no fence the parser missed
    for page, t in text.items():   # a marker line always sits right before a block (or another marker line)
        lines = t.split("\n")
        for i, x in enumerate(lines):
            if _MARKER.match(x):
                rest = [y for y in lines[i + 1:] if not _MARKER.match(y)]
                assert rest and rest[0].lstrip().startswith("```"), f"{page}:{i + 1}: a doc-test marker not before a block"
            else:
                assert not x.lstrip().startswith("<!-- doc-test"), f"{page}:{i + 1}: a malformed doc-test marker"


RUNNABLE_PAGES = [p for p in DOC_PAGES if any(_prepared(b) is not None for b in doc_blocks(p))]


@pytest.mark.parametrize("page", RUNNABLE_PAGES)
def test_doc_examples_run(page, tmp_path, monkeypatch, capsys):
    g = Game.new(("marquise", "eyrie"), seed=1)
    for _ in range(30):
        g.apply(int(g.legal_actions()[0]))
    g.save(tmp_path / "GAME.json")
    monkeypatch.chdir(tmp_path)
    namespace = {"__name__": "__doc_example__"}
    env = {**os.environ, "PATH": os.path.dirname(sys.executable) + os.pathsep + os.environ.get("PATH", ""),
           "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    for b in doc_blocks(page):
        code = _prepared(b)
        if code is None:
            continue
        where = f"{b['page']}:{b['line']}"
        if b["lang"] == "python":
            exec(compile(code, where, "exec"), namespace)
            continue
        r = subprocess.run(["bash", "-e", "-c", code], cwd=tmp_path, env=env, input="q\n", capture_output=True,
                           text=True, timeout=600)
        assert r.returncode == 0, f"{where} exited {r.returncode}:\n{code}\n{r.stdout[-2000:]}\n{r.stderr[-3000:]}"


def test_record_and_snapshot_rows_name_every_key_and_the_state_format_version():
    from root_env.layout import FORMAT_VERSION
    g = Game.new(("marquise", "eyrie"), seed=1)
    for kind, d in (("record", g.to_record()), ("snapshot", g.to_snapshot())):
        row = next(x for x in README.splitlines() if x.startswith(f"| `to_{kind}()`"))
        for key in d:
            assert f'"{key}"' in row, (kind, key)
        assert f'"format_version": {d["format_version"]}' in row
        assert d["state_format_version"] == FORMAT_VERSION
    text = " ".join(ALL_TEXT["untrusted_input.md"].split())
    assert f"a `state_format_version` that is not the integer `root_env.layout.FORMAT_VERSION` ({FORMAT_VERSION} in" in text
