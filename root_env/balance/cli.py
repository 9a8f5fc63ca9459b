"""``python -m root_env.balance`` (or ``root-balance``): run / report / compare balance studies, a ladder of
skill, what-if and map comparisons, SPRT."""
from __future__ import annotations

import argparse
import json
import sys

from root_env import torch_threads
from root_env.map_data import PLAYABLE_MAPS


def _positive_int(text: str) -> int:
    """argparse type: a whole number of at least 1 (games, jobs, games per task)."""
    try:
        v = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if v < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {v}")
    return v


def _paired_studies(p, games_help: str, out_help: str) -> None:
    """The arguments of a command that plays the same study several times (whatif, maps): the same factions,
    agents (the rung) and seed in each, so the same seeds and seatings."""
    p.add_argument("--factions", default="marquise,eyrie,alliance,vagabond")
    p.add_argument("--agents", default="heuristic", help="the rung: the agents of every study (as for run)")
    p.add_argument("--games", type=_positive_int, required=True, help=games_help)
    p.add_argument("--jobs", type=_positive_int, default=1)
    p.add_argument("--out", required=True, help=out_help)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--max-turns", type=int, default=300)
    p.add_argument("--chunk", type=_positive_int, default=48)
    p.add_argument("--resume", action="store_true")
    p.add_argument("--ray", metavar="ADDRESS")
    p.add_argument("--quiet", action="store_true")


def _parser():
    p = argparse.ArgumentParser(prog="python -m root_env.balance", description=__doc__)
    sub = p.add_subparsers(dest="cmd", required=True)

    r = sub.add_parser("run", help="play a seat-rotated study into DIR (resumable)")
    r.add_argument("--factions", default="marquise,eyrie,alliance,vagabond")
    r.add_argument("--agents", default="heuristic",
                   help="one kind for all (heuristic, heuristic_v1, random, ismcts:N[:key=value,...], ismcts:Xs, value[:PATH]) or per faction: "
                        "marquise=heuristic,eyrie=heuristic_v1,...")
    r.add_argument("--games", type=_positive_int, required=True, help="games (interleaved: any number is seat-balanced within one game; "
                   "a multiple of k! plays every seating order equally often)")
    r.add_argument("--jobs", type=_positive_int, default=1, help="worker processes (each plays with one thread)")
    r.add_argument("--out", required=True, help="study directory (study.json, results.jsonl)")
    r.add_argument("--seed", type=int, default=0, help="study seed; game i's seed derives from (seed, i)")
    r.add_argument("--max-turns", type=int, default=300)
    r.add_argument("--chunk", type=_positive_int, default=48, help="games per worker task")
    r.add_argument("--resume", action="store_true", help="continue an interrupted study in --out")
    r.add_argument("--ray", metavar="ADDRESS", help="play on a Ray cluster (e.g. auto or ray://host:10001)")
    r.add_argument("--cooperative", action="store_true",
                   help="seed 004 cooperative play: the players who are not bots win together against the bot seats")
    r.add_argument("--bot-options", metavar="NAME=CHOICE,...",
                   help="the Automated Alliance's options, e.g. aa_bird_order=any,aa_track=alliance (docs/rules.md)")
    r.add_argument("--map", default=None, help="the map of every game: " + ", ".join(PLAYABLE_MAPS)
                   + " (default autumn; recorded in study.json's game_options and the report)")
    r.add_argument("--report", action="store_true", help="write the report when done")
    r.add_argument("--quiet", action="store_true", help="no progress bar")

    la = sub.add_parser("ladder", help="the same study at every rung of a ladder of agents, and rung against rung "
                        "(resumable; see docs/balance.md)")
    la.add_argument("--factions", default=None,
                    help="the factions (default the base four); with --mix draw the pool to draw from (default every "
                         "implemented faction)")
    la.add_argument("--mix", choices=("rotate", "draw", "draft"), default="rotate",
                    help="rotate: every faction at every table, seats rotated; draw: each table --players factions "
                         "drawn from the pool with total reach >= Law 5.2's threshold (21 for four), the second "
                         "Vagabond only beside the first, seats random, the same draw for every rung; draft: each table drafted "
                         "as Advanced Setup does (Appendix A.8.1, reach checked) and played with setup=advanced")
    la.add_argument("--players", type=_positive_int, default=4, help="seats of a drawn table (--mix draw)")
    la.add_argument("--maps", default=None, metavar="MAP[,MAP...]",
                    help="the maps (Law Appendix C) of " + ", ".join(PLAYABLE_MAPS) + ": one (every table on it) or "
                         "several (table r's map drawn from the seed and r, the same for every rung; each block of k "
                         "tables plays each of the k maps once); default the Autumn map")
    la.add_argument("--rungs", default="random,heuristic,ismcts:100,ismcts:200",
                    help="agents from weak to strong: random, heuristic_v1, heuristic, ismcts:N[:key=value,...], value[:PATH], ppo:PATH, pretrained:FACTION, module:callable")
    la.add_argument("--self-games", type=int, default=96, help="games per rung with every seat played by it")
    la.add_argument("--cross-games", type=int, default=24,
                    help="games per cross cell: one faction played by rung A, every other seat by rung B")
    la.add_argument("--jobs", type=_positive_int, default=1, help="worker processes (each plays with one thread)")
    la.add_argument("--out", required=True, help="ladder directory (study.json, results.jsonl, runs.jsonl)")
    la.add_argument("--seed", type=int, default=0)
    la.add_argument("--max-turns", type=int, default=300)
    la.add_argument("--chunk", type=_positive_int, default=48, help="games per worker task")
    la.add_argument("--resume", action="store_true", help="continue an interrupted ladder in --out")
    la.add_argument("--ray", metavar="ADDRESS", help="play on a Ray cluster (e.g. auto or ray://host:10001)")
    la.add_argument("--no-report", action="store_true", help="do not write the report when done")
    la.add_argument("--quiet", action="store_true", help="no progress bar")

    ru = sub.add_parser("rung", help="one more rung on a ladder's own tables: its self games on the ladder's first "
                        "--tables tables, as a one-rung ladder in --out (resumable; a larger --tables extends it)")
    ru.add_argument("--ladder", required=True, help="the ladder directory whose tables are played")
    ru.add_argument("--rung", required=True, help="the agent of every seat (as for ladder --rungs)")
    ru.add_argument("--tables", type=_positive_int, required=True, help="the ladder's first N tables")
    ru.add_argument("--out", required=True, help="directory of the one-rung ladder (study.json, results.jsonl)")
    ru.add_argument("--map", default=None, help="play the ladder's tables on this map (" + ", ".join(PLAYABLE_MAPS)
                    + "; recorded in study.json's map); default the ladder's own maps")
    ru.add_argument("--jobs", type=_positive_int, default=1, help="worker processes (each plays with one thread)")
    ru.add_argument("--chunk", type=_positive_int, default=12, help="games per worker task")
    ru.add_argument("--resume", action="store_true", help="continue it in --out (with a larger --tables: extend it)")
    ru.add_argument("--reuse", action="append", default=[], metavar="DIR",
                    help="copy the games of ladder DIR on the same tables with the same agents instead of playing "
                    "them (e.g. a strongest rung before one faction's entry changed); may be repeated")
    ru.add_argument("--ray", metavar="ADDRESS", help="play on a Ray cluster (e.g. auto or ray://host:10001)")
    ru.add_argument("--no-report", action="store_true", help="do not write the report when done")
    ru.add_argument("--quiet", action="store_true", help="no progress bar")

    w = sub.add_parser("whatif", help="what if a named game option changed: the same study with and without it, "
                       "each faction's win-rate effect with intervals (see docs/balance.md)")
    w.add_argument("--option", required=True, metavar="NAME=CHOICE",
                   help="the changed game option, e.g. lizard_draw_bonus=first_printing or bot_rules=law")
    _paired_studies(w, "games of each study", "directory: OUT/unchanged, OUT/changed, OUT/whatif.md / .json")

    mp = sub.add_parser("maps", help="one faction's win rate on each map: the same study per map, Wilson intervals "
                        "and whether the maps differ (see docs/balance.md)")
    mp.add_argument("--faction", required=True, help="the faction compared across maps (one of --factions)")
    mp.add_argument("--maps", default=",".join(PLAYABLE_MAPS), help="two or more maps (default every playable map)")
    _paired_studies(mp, "games on each map", "directory: OUT/<map> (one study each), OUT/maps.md / .json")
    mp.add_argument("--json", action="store_true", help="print maps.json instead of the table")

    rep = sub.add_parser("report", help="write DIR/report.md, report.json and plots (a study or a ladder)")
    rep.add_argument("dir")
    rep.add_argument("--no-plots", action="store_true")
    rep.add_argument("--print", action="store_true", help="also print report.md")

    c = sub.add_parser("compare", help="how balance shifts between two studies (e.g. random vs heuristic)")
    c.add_argument("dir_a")
    c.add_argument("dir_b")
    c.add_argument("--out", help="directory for compare.md / compare.json")

    s = sub.add_parser("sprt", help="sequential test: does one agent beat another?")
    s.add_argument("--wins", type=int, help="with --games: test counts already played instead of playing")
    s.add_argument("--games", type=int)
    s.add_argument("--candidate", default="heuristic")
    s.add_argument("--baseline", default="random")
    s.add_argument("--factions", default="marquise,eyrie,alliance,vagabond")
    s.add_argument("--p0", type=float, help="H0 win rate (default 1/k)")
    s.add_argument("--p1", type=float, help="H1 win rate (default p0 + 0.05)")
    s.add_argument("--alpha", type=float, default=0.05)
    s.add_argument("--beta", type=float, default=0.05)
    s.add_argument("--max-games", type=_positive_int, default=20000)
    s.add_argument("--seed", type=int, default=0)
    s.add_argument("--max-turns", type=int, default=300)
    return p


def main(argv=None) -> int:
    args = _parser().parse_args(argv)
    torch_threads.for_inference()  # a network agent (ppo:PATH) plays with one torch thread (root_env.torch_threads)
    if args.cmd in ("report", "compare"):
        try:
            return _read_command(args)
        except ValueError as e:  # a study file that cannot be read (StudyFileError), or bad contents
            print(f"error: {e}", file=sys.stderr)
            return 2
    if args.cmd == "run":
        from root_env.balance.study import run_study, StudyMismatch, parse_bot_options
        try:
            res = run_study(args.out, args.factions, args.agents, args.games, jobs=args.jobs, seed=args.seed,
                            max_turns=args.max_turns, resume=args.resume, ray_address=args.ray, chunk=args.chunk,
                            progress=not args.quiet, cooperative=args.cooperative,
                            bot_options=parse_bot_options(args.bot_options),
                            game_options={"map": args.map} if args.map else None)
        except (StudyMismatch, ValueError) as e:
            print(f"error: {e}", file=sys.stderr)
            return 2
        except KeyboardInterrupt:
            return 130
        print(f"{res['played']} games played in {res['wall_s']:.1f} s ({res['games_per_s']:.1f} games/s); "
              f"{res['done']}/{res['games']} done in {res['dir']}")
        if args.report:
            from root_env.balance.report import write_report
            write_report(args.out)
            print(f"report: {args.out}/report.md")
        return 0
    if args.cmd in ("ladder", "rung"):
        return _ladder(args)
    if args.cmd == "whatif":
        return _whatif(args)
    if args.cmd == "maps":
        return _maps(args)
    if args.cmd == "sprt":
        return _sprt(args)
    return 2


def _read_command(args) -> int:
    """``report`` and ``compare``: they read a study's files (the bounded reader: StudyFileError, a ValueError,
    for a folder, a pipe, a device or a file too large)."""
    if args.cmd == "report":
        from root_env.balance.report import write_report
        from root_env.balance.study import read_study_bytes, MAX_RESULTS_BYTES
        from pathlib import Path
        if _is_ladder(args.dir):
            return _ladder_report(args.dir, not args.no_plots, args.print)
        res = write_report(args.dir, make_plots=not args.no_plots)
        if args.print:
            print(read_study_bytes(Path(args.dir) / "report.md", MAX_RESULTS_BYTES, "report").decode("utf-8", "replace"))
        else:
            for f, w in res["faction_win_rate"].items():
                print(f"{f:10s} {100 * w['rate']:5.1f} %  [{100 * w['ci95'][0]:.1f}, {100 * w['ci95'][1]:.1f}]")
            t = res.get("conditional_logit", {}).get("tests", {}).get("factions_equal")
            if t:
                print(f"all factions equal: LR {t['lr']:.1f} on {t['df']} df, p = {t['p_value']:.3g}" if t['p_value'] else f"all factions equal: LR {t['lr']:.1f} on {t['df']} df, p < 1e-300")
            if res["bad_lines"]:
                print(f"{len(res['bad_lines'])} corrupted line(s) skipped: "
                      + ", ".join(str(b["line"]) for b in res["bad_lines"][:10]))
            print(f"report: {args.dir}/report.md" + (f" and {args.dir}/{res['page']}" if res.get("page") else ""))
        return 0
    if args.cmd == "compare":
        from root_env.balance.report import compare
        md, _ = compare(args.dir_a, args.dir_b, args.out)
        print(md)
        return 0
    return 2


def _sprt(args) -> int:
    from root_env.balance.stats import SPRT
    if args.wins is not None or args.games is not None:
        if args.wins is None or args.games is None or not 0 <= args.wins <= args.games:
            print("error: --wins and --games go together (0 <= wins <= games)", file=sys.stderr)
            return 2
        import math
        p0 = args.p0 if args.p0 is not None else 0.25
        p1 = args.p1 if args.p1 is not None else p0 + 0.05
        t = SPRT(p0, p1, args.alpha, args.beta)
        t.n, t.wins = args.games, args.wins
        t.llr = args.wins * math.log(p1 / p0) + (args.games - args.wins) * math.log((1 - p1) / (1 - p0))
        t.decision = "H1" if t.llr >= t.upper else "H0" if t.llr <= t.lower else None
        res = t.result()
    else:
        from root_env.balance.study import sprt_play
        res = sprt_play(args.candidate, args.baseline, args.factions, args.p0, args.p1, args.alpha, args.beta,
                        args.max_games, args.seed, args.max_turns, progress=True)
    print(json.dumps(res, indent=1))
    verdict = {"H1": f"H1 (p = {res['p1']}): the candidate is better",
               "H0": f"H0 (p = {res['p0']}): the candidate is not better", "continue": "undecided: play more"}
    print(f"decision after {res['n']} games: {verdict[res['decision']]}")
    if "balance" in res:
        from root_env.balance.ordering import describe
        print("sample at the stop, " + describe(res["balance"]))
    return 0


def _whatif(args) -> int:
    from root_env.balance.whatif import run_whatif
    from root_env.balance.study import StudyMismatch
    try:
        res = run_whatif(args.out, args.option, args.factions, args.agents, args.games, jobs=args.jobs, seed=args.seed,
                         max_turns=args.max_turns, resume=args.resume, ray_address=args.ray, progress=not args.quiet,
                         chunk=args.chunk)
    except (StudyMismatch, ValueError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    for f, e in res["effect"].items():
        print(f"{f:10s} {100 * e['unchanged']:5.1f} % -> {100 * e['changed']:5.1f} %  effect {100 * e['effect']:+5.1f} pt "
              f"[{100 * e['ci95'][0]:+.1f}, {100 * e['ci95'][1]:+.1f}]")
    print(f"report: {args.out}/whatif.md")
    return 0


def _maps(args) -> int:
    from root_env.balance.maps import run_maps, table
    from root_env.balance.study import StudyMismatch
    try:
        res = run_maps(args.out, args.faction, args.maps, args.factions, args.agents, args.games, jobs=args.jobs,
                       seed=args.seed, max_turns=args.max_turns, resume=args.resume, ray_address=args.ray,
                       progress=not args.quiet, chunk=args.chunk)
    except (StudyMismatch, ValueError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    print(json.dumps(res, indent=1, default=float) if args.json else table(res))
    print(f"report: {args.out}/maps.md")
    return 0


def _is_ladder(d) -> bool:
    from pathlib import Path
    from root_env.balance.report import _load_params
    return _load_params(Path(d)).get("kind") == "ladder"


def _ladder(args) -> int:
    from root_env.balance.ladder import run_ladder, run_rung
    from root_env.balance.study import StudyMismatch
    try:
        if args.cmd == "rung":
            res = run_rung(args.out, args.ladder, args.rung, args.tables, jobs=args.jobs, resume=args.resume,
                           ray_address=args.ray, chunk=args.chunk, progress=not args.quiet, map=args.map,
                           reuse=args.reuse)
        else:
            res = run_ladder(args.out, args.factions, args.rungs, args.self_games, args.cross_games, jobs=args.jobs,
                             seed=args.seed, max_turns=args.max_turns, resume=args.resume, ray_address=args.ray,
                             chunk=args.chunk, progress=not args.quiet, mix=args.mix, players=args.players,
                             maps=args.maps)
    except (StudyMismatch, ValueError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    print(f"{res['played']} games played in {res['wall_s']:.1f} s ({res['cpu_s']:.1f} s CPU)"
          + (f", {res['reused']} reused" if res.get("reused") else "") + f"; {res['done']}/{res['games']} done in "
          f"{res['dir']}")
    if not args.no_report:
        return _ladder_report(args.out, True, False)
    return 0


def _ladder_report(d, plots: bool, show: bool) -> int:
    from pathlib import Path
    from root_env.balance.ladder_report import write_ladder_report
    res = write_ladder_report(d, make_plots=plots)
    if show:
        from root_env.balance.study import read_study_bytes, MAX_RESULTS_BYTES
        print(read_study_bytes(Path(d) / "report.md", MAX_RESULTS_BYTES, "report").decode("utf-8", "replace"))
        return 0
    rungs = res["params"]["rungs"]
    print(f"{'faction':10s} " + " ".join(f"{r[:14]:>14s}" for r in rungs))
    for f in res["params"]["factions"]:
        w = [res["rungs"][r]["faction_win_rate"][f] for r in rungs]   # a drawn ladder may never seat one: —
        print(f"{f:10s} " + " ".join(f"{100 * x['rate']:13.1f}%" if x["games"] else f"{'—':>14s}" for x in w))
    print(f"report: {d}/report.md" + (f" and {d}/{res['page']}" if res.get("page") else ""))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
