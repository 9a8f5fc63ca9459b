"""The agent spec ``strongest`` (``agents.strongest``): each faction played by the compiled agent that wins most for it
against the draft ladder's top rung, so that "the strongest combination the project has" is one ladder rung."""
import json

import pytest

from agents import strongest
from agents.arena import is_kind
from agents.policies import resolve, seat_spec
from root_env.balance.ladder import cells, parse_rungs
from root_env.balance.study import agent_spec_problem, parse_agents, play_specs
from root_env.data import FACTION_NAMES


def test_each_faction_gets_its_entry_or_the_top_rung_and_every_one_is_a_compiled_kind():
    assert seat_spec("strongest", "keepers") == strongest.SPECS["keepers"] == "ismcts:1600:idle=1,prior=0"
    assert seat_spec("strongest", "hundreds") == strongest.SPECS["hundreds"] == "ismcts:1600"
    assert seat_spec("strongest", "eyrie") == strongest.SPECS["eyrie"] == "ismcts:1600"
    assert seat_spec("strongest", "marquise") == strongest.SPECS["marquise"] == "ismcts:1600:build=0.6"
    assert seat_spec("strongest", "corvids") == strongest.SPECS["corvids"] == "ismcts:1600"
    assert seat_spec("strongest", "duchy") == strongest.BASE == "ismcts:400"
    for f in FACTION_NAMES:
        assert is_kind(seat_spec("strongest", f)), f
    assert seat_spec("ismcts:400", "keepers") == "ismcts:400"  # any other spec is itself


def test_resolve_strongest_needs_the_seat():
    with pytest.raises(ValueError, match="resolve it for a faction"):
        resolve("strongest")
    assert resolve("strongest", faction="keepers") == strongest.SPECS["keepers"]


def test_strongest_is_a_compiled_rung_of_the_balance_tools():
    assert agent_spec_problem("strongest") is None
    assert parse_agents("strongest", ["marquise", "keepers"]) == {"marquise": "strongest", "keepers": "strongest"}
    assert parse_rungs("ismcts:400,strongest") == ["ismcts:400", "strongest"]
    played, skipped = cells(["strongest", "ismcts:10"], ["marquise", "keepers"])
    assert not skipped and len(played) == 2 + 2 * 2  # it plays beside ISMCTS inside the compiled arena


def test_a_strongest_game_is_the_game_with_each_factions_agent_named(monkeypatch):
    # small budgets for the test: the same mechanism as the published table's
    monkeypatch.setattr(strongest, "BASE", "ismcts:6")
    monkeypatch.setattr(strongest, "SPECS", {"keepers": "ismcts:12:idle=1,prior=0"})
    seating = ["keepers", "marquise"]
    spec = {"game": 0, "seed": 11, "seating": seating, "agents": {f: "strongest" for f in seating}}
    named = dict(spec, agents={"keepers": "ismcts:12:idle=1,prior=0", "marquise": "ismcts:6"})
    plain = dict(spec, agents={f: "ismcts:6" for f in seating})
    a, b, c = (play_specs([s], max_turns=12)[0] for s in (spec, named, plain))
    assert a["agents"] == spec["agents"]  # the record names the rung
    for k in ("winners", "vp", "turns", "decisions", "vp_sources"):
        assert a[k] == b[k], k
    assert (a["vp"], a["decisions"]) != (c["vp"], c["decisions"])  # the Keepers' entry is used


def test_a_strongest_rung_records_its_table_and_refuses_a_resume_after_the_table_changed(monkeypatch, tmp_path):
    """study.json names each faction's agent of a per-seat rung (``ladder.seat_agents``), so that its games say which
    agents played them; resuming after ``agents.strongest`` changed would mix two tables of agents and is refused,
    naming the faction, while the same table extends as any rung does."""
    from root_env.balance import ladder
    from root_env.balance.study import StudyMismatch
    monkeypatch.setattr(strongest, "BASE", "ismcts:4")
    monkeypatch.setattr(strongest, "SPECS", {"eyrie": "ismcts:6"})
    factions = ["marquise", "eyrie", "alliance", "vagabond"]
    src = tmp_path / "lad"
    ladder.run_ladder(src, factions, "random,heuristic", self_games=2, cross_games=0, max_turns=30, progress=False)
    assert "seat_agents" not in ladder.ladder_params(factions, "random,heuristic")  # no per-seat rung: as before
    out = tmp_path / "rung"
    ladder.run_rung(out, src, "strongest", 1, progress=False)
    recorded = json.loads((out / "study.json").read_text())["seat_agents"]
    assert recorded == {"strongest": {"marquise": "ismcts:4", "eyrie": "ismcts:6", "alliance": "ismcts:4",
                                      "vagabond": "ismcts:4"}}
    ladder.run_rung(out, src, "strongest", 2, resume=True, progress=False)  # the same table: extended
    from root_env.balance.ladder_report import write_ladder_report
    write_ladder_report(out, make_plots=False)
    assert ("`strongest` seats each faction with its own agent (study.json's seat_agents): `ismcts:4` marquise, "
            "alliance, vagabond; `ismcts:6` eyrie.") in (out / "report.md").read_text()
    monkeypatch.setattr(strongest, "SPECS", {"eyrie": "ismcts:8"})
    before = {p.name: p.read_bytes() for p in out.iterdir()}
    with pytest.raises(StudyMismatch, match="eyrie 'ismcts:6'.*now seats eyrie 'ismcts:8'"):
        ladder.run_rung(out, src, "strongest", 3, resume=True, progress=False)
    assert {p.name: p.read_bytes() for p in out.iterdir()} == before  # nothing written
    # a study.json from before the table was recorded: which agents played is unknown, so no resume either
    params = json.loads((out / "study.json").read_text())
    del params["seat_agents"]
    (out / "study.json").write_text(json.dumps(params))
    with pytest.raises(StudyMismatch, match="does not record"):
        ladder.run_rung(out, src, "strongest", 3, resume=True, progress=False)
    for junk in ("junk", {"strongest": 5}, {"strongest": {"eyrie": [1]}}):  # a forged key: the report still reads
        (out / "study.json").write_text(json.dumps(dict(params, seat_agents=junk)))
        write_ladder_report(out, make_plots=False)
        with pytest.raises(StudyMismatch):
            ladder.run_rung(out, src, "strongest", 3, resume=True, progress=False)
    (out / "study.json").write_text(json.dumps(dict(params, rungs=5)))  # forged rungs: a clear refusal, no TypeError
    with pytest.raises(StudyMismatch, match="differ"):
        ladder.run_rung(out, src, "strongest", 3, resume=True, progress=False)


def test_rung_reuse_copies_exactly_the_games_whose_agents_did_not_change(monkeypatch, tmp_path, capsys):
    """``balance rung --reuse DIR``: after one faction's entry of ``strongest`` changed, the tables that do not seat it
    are copied from the earlier rung and only the others played; the result is the rung played afresh, record for
    record. A folder of other tables is refused before anything is written."""
    from root_env.balance import ladder
    from root_env.balance.cli import main
    from root_env.errors import RootError
    monkeypatch.setattr(strongest, "BASE", "ismcts:4")
    monkeypatch.setattr(strongest, "SPECS", {"eyrie": "ismcts:6"})
    pool = ["marquise", "eyrie", "alliance", "vagabond"]
    src = tmp_path / "lad"   # three-player tables drawn by reach (Law 5.2): some seat the Eyrie, some do not
    ladder.run_ladder(src, pool, "random,heuristic", self_games=8, cross_games=0, max_turns=30, progress=False,
                      mix="draw", players=3)
    before = tmp_path / "before"
    ladder.run_rung(before, src, "strongest", 8, progress=False)
    monkeypatch.setattr(strongest, "SPECS", {"eyrie": "ismcts:8"})
    assert main(["rung", "--ladder", str(src), "--rung", "strongest", "--tables", "8", "--out", str(tmp_path / "b"),
                 "--reuse", str(before), "--quiet", "--no-report"]) == 0
    printed = capsys.readouterr().out
    fresh = tmp_path / "fresh"
    ladder.run_rung(fresh, src, "strongest", 8, progress=False)

    def records(d):
        return sorted((json.loads(x) for x in (d / "results.jsonl").read_text().splitlines()), key=lambda r: r["game"])
    mine, theirs = records(tmp_path / "b"), records(fresh)
    without = sum("eyrie" not in r["seating"] for r in theirs)
    assert 0 < without < 8
    assert mine == theirs
    assert f"{8 - without} games played" in printed and f"{without} reused" in printed
    assert ladder.load_runs(tmp_path / "b")[-1]["reused"] == without
    other = tmp_path / "other"   # another draw of tables
    ladder.run_ladder(other, pool, "random,heuristic", self_games=2, cross_games=0, max_turns=30, progress=False,
                      mix="draw", players=3, seed=5)
    with pytest.raises(RootError, match="not the same tables"):
        ladder.run_rung(tmp_path / "c", src, "strongest", 8, progress=False, reuse=[other])
    assert not (tmp_path / "c").exists()
