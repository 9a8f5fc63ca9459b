"""Map studies: does a faction win more often on one map than on another (issue 41; Law Appendix C)?

    python -m root_env.balance maps --faction eyrie --maps autumn,winter,mountain \\
        --factions marquise,eyrie,alliance,vagabond --agents heuristic --games 480 --out runs/maps_eyrie

plays the same study on each map into ``OUT/<map>`` (the same factions, agents and study seed, so the same game
seeds and seatings; the map is the study's game option ``map``, ``study.game_option_choices``), each an ordinary
resumable study (``study.run_study``: ``--jobs``, ``--ray``, ``--resume``), then writes ``OUT/maps.md`` and
``OUT/maps.json``: the faction's win rate on each map with its Wilson 95 % interval and whether the maps differ
(``stats.homogeneity_test``: Fisher's exact test for two maps, the chi-square test of homogeneity for more; "differ"
at the 5 % level), and the same for every other seated faction. ``compare_maps`` rereads the studies.
"""
from __future__ import annotations

import json
from pathlib import Path

from root_env.balance import stats
from root_env.balance.study import run_study, study_params, StudyMismatch
from root_env.map_data import MAP_NAMES, PLAYABLE_MAPS

ALPHA = 0.05  # "the maps differ": the test's p below this


def parse_maps(spec) -> list[str]:
    """``"autumn,winter,mountain"`` -> the maps, checked (playable, no repeats, at least two); ValueError otherwise."""
    maps = [m.strip() for m in (spec.split(",") if isinstance(spec, str) else spec)]
    bad = [m for m in maps if m not in PLAYABLE_MAPS]
    if bad or len(set(maps)) != len(maps) or len(maps) < 2:
        raise ValueError(f"--maps takes two or more different maps of {', '.join(PLAYABLE_MAPS)}, got {spec!r}")
    return maps


def run_maps(out, faction, maps="autumn,winter,mountain", factions="marquise,eyrie,alliance,vagabond",
             agents="heuristic", games=240, jobs=1, seed=0, max_turns=300, resume=False, ray_address=None,
             progress=True, chunk=48) -> dict:
    """Play the study on each of `maps` into OUT/<map> and write the comparison for `faction`
    (``compare_maps``, which it returns with ``played``: games played now per map)."""
    maps = parse_maps(maps)
    for m in maps:  # bad input: before any game
        params = study_params(factions, agents, games, seed, max_turns, game_options={"map": m})
    if faction not in params["factions"]:
        raise ValueError(f"--faction {faction!r} is not seated: factions {', '.join(params['factions'])}")
    out = Path(out)
    played = {m: run_study(out / m, factions, agents, games, jobs=jobs, seed=seed, max_turns=max_turns, resume=resume,
                           ray_address=ray_address, progress=progress, chunk=chunk, game_options={"map": m})["played"]
              for m in maps}
    res = compare_maps(out, faction, maps)
    res["played"] = played
    return res


def compare_maps(out, faction, maps=None) -> dict:
    """Read the studies OUT/<map> (`maps`, default every map with a study there), write OUT/maps.md and
    OUT/maps.json, return the comparison: per seated faction, per map {wins, games, rate, ci95} and the test."""
    from root_env.balance.report import _load, analyze
    out = Path(out)
    maps = parse_maps(maps) if maps is not None else [m for m in MAP_NAMES if (out / m / "study.json").is_file()]
    loaded = {m: _load(out / m) for m in maps}
    first = loaded[maps[0]][0] if maps else {}
    same = {k: first.get(k) for k in ("factions", "agents", "seed", "max_turns")}
    if (len(maps) < 2 or any(not r for _, r, _, _ in loaded.values())
            or any({k: p.get(k) for k in same} != same for p, _, _, _ in loaded.values())
            or any((p.get("game_options") or {}).get("map", "autumn") != m for m, (p, _, _, _) in loaded.items())):
        raise StudyMismatch(f"{out}: a map comparison needs two or more studies OUT/<map> with results, each played on "
                            "its map, with the same factions, agents, seed and max_turns")
    factions = loaded[maps[0]][3]
    if faction not in factions:
        raise ValueError(f"faction {faction!r} is not seated in these studies: {', '.join(factions)}")
    A = {m: analyze(r, fs, p, b, fit=False) for m, (p, r, b, fs) in loaded.items()}
    res = {"faction": faction, "maps": maps, "factions": factions, "agents": first.get("agents"),
           "seed": first.get("seed"), "alpha": ALPHA,
           "games": {m: A[m]["games_used"] for m in maps}, "truncated": {m: A[m]["truncated"] for m in maps},
           "win_rate": {}}
    for f in factions:
        rates = {m: {k: A[m]["faction_win_rate"][f][k] for k in ("wins", "games", "rate", "ci95")} for m in maps}
        t = stats.homogeneity_test([rates[m]["wins"] for m in maps], [rates[m]["games"] for m in maps])
        res["win_rate"][f] = {"by_map": rates, "test": t, "differ": t["p_value"] < ALPHA}
    (out / "maps.md").write_text(markdown(res))
    (out / "maps.json").write_text(json.dumps(res, indent=1, default=float) + "\n")
    return res


def _test_text(t: dict) -> str:
    if t["test"] == "fisher_exact":
        return f"Fisher's exact test, p = {t['p_value']:.3g}"
    return f"chi-square {t['statistic']:.2f} on {t['df']} df, p = {t['p_value']:.3g}"


def table(res: dict) -> str:
    """The chosen faction's win rate per map and the test, as printed by ``balance maps``."""
    w = res["win_rate"][res["faction"]]
    L = [f"{res['faction']}: win rate by map (Wilson 95 %)"]
    for m in res["maps"]:
        r = w["by_map"][m]
        L.append(f"  {m:9s} {r['wins']:5d}/{r['games']:<5d} {100 * r['rate']:5.1f} %  "
                 f"[{100 * r['ci95'][0]:.1f}, {100 * r['ci95'][1]:.1f}]")
    L.append(f"  maps differ: {'yes' if w['differ'] else 'no'} ({_test_text(w['test'])}, at {100 * ALPHA:.0f} %)")
    return "\n".join(L)


def markdown(res: dict) -> str:
    rung = ", ".join(sorted(set(res["agents"].values()))) if res["agents"] else "?"
    f0 = res["faction"]
    L = [f"# {f0} by map", "",
         f"Factions {', '.join(res['factions'])}, played by {rung}; study seed {res['seed']}, the same seeds and "
         "seatings on every map; games used (truncated, left out): "
         + ", ".join(f"{m} {res['games'][m]} ({res['truncated'][m]})" for m in res["maps"]) + ".", "",
         "| faction | " + " | ".join(f"{m} (95 %)" for m in res["maps"]) + " | test | maps differ |",
         "|---|" + "---|" * len(res["maps"]) + "---|---|"]
    for f in [f0] + [f for f in res["factions"] if f != f0]:
        w = res["win_rate"][f]
        cells = [f"{100 * r['rate']:.1f} % ({100 * r['ci95'][0]:.1f} – {100 * r['ci95'][1]:.1f})"
                 for r in (w["by_map"][m] for m in res["maps"])]
        name = f"**{f}**" if f == f0 else f
        L.append(f"| {name} | " + " | ".join(cells) + f" | {_test_text(w['test'])} | {'yes' if w['differ'] else 'no'} |")
    L += ["", f"Intervals: Wilson 95 %. Test: whether the faction's win rate is the same on every map, Fisher's exact "
          f"test (two maps) or the chi-square test of homogeneity (more), each map's games taken as an independent "
          f"sample (they share seeds and seatings, which the test does not use); \"differ\" at the {100 * ALPHA:.0f} % "
          "level, one test per faction row (no correction for the several rows).", ""]
    return "\n".join(L)
