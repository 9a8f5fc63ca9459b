"""What-if studies: how a named game option changes every faction's win rate (issue 36, section 3).

    python -m root_env.balance whatif --option lizard_draw_bonus=first_printing \\
        --factions marquise,eyrie,alliance,lizards --agents heuristic --games 2400 --out runs/whatif_draw_bonus

plays two studies into ``OUT/unchanged`` and ``OUT/changed``, the same in everything but the option (same
factions, agents, study seed, so the same game seeds and seatings: paired games), each an ordinary resumable
study (``study.run_study``: ``--jobs``, ``--ray``, ``--resume``), then writes ``OUT/whatif.md`` and
``OUT/whatif.json``: each faction's win rate unchanged and changed and the effect (changed minus unchanged) with a
Newcombe 95 % interval and a z-test, at the stated rung (the agents). A rule change for a study is always a named,
documented game option (``study.game_option_choices``), never an edit of the engine.
"""
from __future__ import annotations

import json
from pathlib import Path

from root_env.balance import stats
from root_env.balance.study import run_study, game_option_choices, StudyMismatch

UNCHANGED, CHANGED = "unchanged", "changed"


def parse_option(spec) -> dict:
    """``"lizard_draw_bonus=first_printing"`` (or several, comma-separated) -> {name: choice}, checked against the
    named game options (ValueError naming what is wrong)."""
    table = game_option_choices()
    out = {}
    for part in str(spec).split(","):
        k, sep, v = part.partition("=")
        k, v = k.strip(), v.strip()
        if not sep or not k or not v:
            raise ValueError(f"--option takes name=choice (game options: {', '.join(table)}), got {part!r}")
        if k not in table:
            raise ValueError(f"unknown game option {k!r}; game options: "
                             + "; ".join(f"{n} ({'/'.join(c)})" for n, c in table.items()))
        if v not in table[k]:
            raise ValueError(f"game option {k}: choices {', '.join(table[k])}, got {v!r}")
        if v == table[k][0]:
            raise ValueError(f"{k}={v} is the default: a what-if study needs a changed option")
        out[k] = v
    return out


def run_whatif(out, option, factions="marquise,eyrie,alliance,vagabond", agents="heuristic", games=240, jobs=1,
               seed=0, max_turns=300, resume=False, ray_address=None, progress=True, chunk=48) -> dict:
    """Play the unchanged and the changed study into OUT/unchanged and OUT/changed and write the comparison.
    Returns the comparison (``compare_whatif``)."""
    from root_env.balance.study import study_params
    options = parse_option(option) if isinstance(option, str) else dict(option)
    study_params(factions, agents, games, seed, max_turns, game_options=options)   # bad input: before any game
    out = Path(out)
    played = {}
    for name, opts in ((UNCHANGED, None), (CHANGED, options)):
        played[name] = run_study(out / name, factions, agents, games, jobs=jobs, seed=seed, max_turns=max_turns,
                                 resume=resume, ray_address=ray_address, progress=progress, chunk=chunk,
                                 game_options=opts)
    res = compare_whatif(out)
    res["played"] = {k: v["played"] for k, v in played.items()}
    return res


def compare_whatif(out) -> dict:
    """Read OUT/unchanged and OUT/changed, write OUT/whatif.md and OUT/whatif.json, return the comparison."""
    from root_env.balance.report import _load, analyze, HUMAN_REFERENCE_CITATION
    out = Path(out)
    pa, ra, ba, fa = _load(out / UNCHANGED)
    pb, rb, bb, fb = _load(out / CHANGED)
    same = {k: pa.get(k) for k in ("factions", "agents", "seed", "max_turns")}
    if not ra or not rb or same != {k: pb.get(k) for k in same}:
        raise StudyMismatch(f"{out}: a what-if needs the two studies '{UNCHANGED}' and '{CHANGED}' with the same "
                            "factions, agents, seed and max_turns")
    A, B = analyze(ra, fa, pa, ba, fit=False), analyze(rb, fb, pb, bb, fit=False)
    res = {"option": pb.get("game_options", {}), "factions": fa, "agents": pa.get("agents"),
           "games": {UNCHANGED: A["games_used"], CHANGED: B["games_used"]},
           "truncated": {UNCHANGED: A["truncated"], CHANGED: B["truncated"]}, "effect": {}}
    for f in fa:
        wa, wb = A["faction_win_rate"][f], B["faction_win_rate"][f]
        t = stats.two_proportion_test(wa["wins"], wa["games"], wb["wins"], wb["games"])
        res["effect"][f] = {"unchanged": t["p1"], "changed": t["p2"], "effect": t["diff"], "ci95": t["ci"],
                            "p_value": t["p_value"], "human_reference": wa["human_reference"]}
    opt = ", ".join(f"{k}={v}" for k, v in res["option"].items())
    rung = ", ".join(sorted(set(res["agents"].values()))) if res["agents"] else "?"
    L = [f"# What if {opt}?", "",
         f"Factions {', '.join(fa)}, played by {rung} (the rung of this study); {res['games'][UNCHANGED]} games "
         f"unchanged and {res['games'][CHANGED]} changed (truncated, left out: {res['truncated'][UNCHANGED]} and "
         f"{res['truncated'][CHANGED]}), on the same seeds and seatings (study seed {pa.get('seed')}).", "",
         "| faction | unchanged | changed | effect (95 %) | p | human reference |", "|---|---:|---:|---|---:|---:|"]
    for f, e in res["effect"].items():
        L.append(f"| {f} | {100 * e['unchanged']:.1f} % | {100 * e['changed']:.1f} % | {100 * e['effect']:+.1f} pt "
                 f"({100 * e['ci95'][0]:+.1f} – {100 * e['ci95'][1]:+.1f}) | {e['p_value']:.2g} | "
                 + (f"{100 * e['human_reference']:.1f} %" if e["human_reference"] is not None else "—") + " |")
    L += ["", "Effect: changed minus unchanged win rate, Newcombe 95 % interval (it treats the two studies as "
          "independent samples; they are paired by seed and seating, which it does not use). An interval holding 0 shows no effect these games can tell.",
          f"Human reference: {HUMAN_REFERENCE_CITATION}", ""]
    (out / "whatif.md").write_text("\n".join(L))
    (out / "whatif.json").write_text(json.dumps(res, indent=1, default=float) + "\n")
    return res
