"""A balance study on a ladder of skill: the same seat-rotated study at every rung, and every rung against
every other (issue 20, section 2).

    python -m root_env.balance ladder --rungs random,heuristic,ismcts:100,ismcts:200 \\
        --self-games 960 --cross-games 48 --out runs/ladder        # --resume, --jobs N, --ray ADDRESS
    python -m root_env.balance rung --ladder runs/ladder --rung ismcts:1600 --tables 480 --out runs/rung1600

A ladder is one study directory (study.json, results.jsonl: one JSON line per game, as ``run`` writes)
made of *cells*:

- a **self cell** per rung R: every seat played by R (``--self-games`` games each). It is the balance
  study at that rung: each faction's win rate, the conditional logit of faction and seat effects;
- a **cross cell** per ordered pair of rungs A != B and faction f: f played by A, every other seat by B
  (``--cross-games`` games each). With the self cells on the diagonal, they make the win-rate matrix
  "faction f played by A against opponents of B", per faction.

Game i is defined by (study parameters, i): ``game_order`` interleaves the cells so that any prefix of the
games holds about the same share of every cell (an interrupted ladder is a smaller ladder), and the r-th
game of every cell is played at seating ``ordering.seating_at(factions, r)`` with seed
``game_seed(study seed, r)``: the cells are paired (common seeds and seatings), and within a cell the
seats rotate as in ``run`` (a cross cell's faction sits in every seat equally often after every k games).
Resume, chunking, worker processes and Ray are ``study.play_study``'s, as for ``run``.

Rungs are compiled kinds (``random``, ``heuristic``, ``heuristic_v1``, ``ismcts:N``) or Python policies
(``ppo:PATH``, ``module:callable``; see ``agents.policies``). Python policies are played one game per
call by ``agents.policies.play``, which cannot seat ISMCTS beside them: the cells that pair a Python
policy with an ISMCTS rung are not played, and study.json and the report list them as skipped.

``rung`` (``run_rung``) plays one more rung on a ladder's own tables: its self games on the ladder's first N tables
(the same seatings, seeds and game options) as a one-rung ladder in its own directory, so that a rung can be added
to a published ladder, or played in pieces, without replaying the ladder; resumed with a larger N it plays only the
new tables. ``benchmarks.ladder_same_tables`` compares it with the ladder's rungs table by table. ``rung --map M``
plays the same tables on map M (Law Appendix C) instead, recorded as study.json's ``map``.

Maps (``maps``): a ladder is played on the Autumn map unless study.json says otherwise: ``map`` (one map, every
table) or ``maps`` (``ladder --maps autumn,winter,lake,mountain``: table r's map drawn from the study seed and r,
``table_map``, the same for every rung and cell; every block of k tables holds each of the k maps once). A ladder
without either key is played and specified exactly as before; a game's record names its map only when one of the
keys is there (``"map"``).
"""
from __future__ import annotations

import json
import os
import time
from functools import lru_cache
from pathlib import Path

from root_env.errors import RootError
from root_env.inputs import check_count, check_seed, check_max_turns
from root_env.map_data import PLAYABLE_MAPS
from root_env.balance.ordering import seating_at
from root_env.balance.study import (FORMAT_VERSION, DEFAULT_CHUNK, parse_factions, game_seed, play_specs,
                                    agent_spec_problem, play_study)


KIND = "ladder"
# study.json's "vagabond_character" of a draft ladder whose drafted Vagabond plays the character dealt beside his
# setup card (Law A.8.1); draft ladders made before this key played the default character.
DEALT_CHARACTER = "dealt (A.8.1)"
DEFAULT_RUNGS = ("random", "heuristic", "ismcts:100", "ismcts:200")
RUNS_FILE = "runs.jsonl"  # one line per invocation: games played, wall and CPU seconds
MAX_GAMES_PER_CELL = 10 ** 6
SEAT_AGENTS = "seat_agents"  # study.json's key: the agent of each faction for a rung such as strongest (seat_agents)
MAP_SALT = 0x3A95  # table_rng's salt of the map draw (the seat and faction draws use others)
SKIP_REASON = ("agents.policies.play cannot seat ISMCTS or the value agent beside a Python policy (ppo:PATH, "
               "module:callable): they run only inside the compiled arena")


def is_compiled(rung: str) -> bool:
    """Whether `rung` is a compiled arena kind (random, heuristic, heuristic_v1, ismcts[:...], value[:PATH]) or
    names one for each faction (``strongest``: ``agents.policies.compiled_per_seat``)."""
    from agents.arena import is_kind
    from agents.policies import compiled_per_seat
    return is_kind(rung) or compiled_per_seat(rung)


def _is_ismcts(rung: str) -> bool:
    """Whether `rung` seats a kind that plays only inside the compiled arena (ISMCTS, the value agent) at some seat."""
    from agents.policies import per_seat, seat_spec
    from root_env.data import FACTION_NAMES
    seats = {seat_spec(rung, f) for f in FACTION_NAMES} if per_seat(rung) else {rung}
    return any(is_compiled(s) and s.partition(":")[0] in ("ismcts", "value") for s in seats)


def parse_rungs(spec, least: int = 2) -> list[str]:
    """``"random,heuristic,ismcts:25"`` (or a list) -> the rungs, checked: at least `least` (a ladder: two; a rung
    played on a ladder's tables, ``rung_params``: one), distinct, each a compiled kind or a Python policy that
    ``agents.policies.resolve`` can load (a checkpoint is loaded once here, so that a bad path fails before any game
    is played). Raises RootError."""
    names = [s.strip() for s in spec.split(",") if s.strip()] if isinstance(spec, str) else list(spec)
    if not all(isinstance(n, str) for n in names):
        raise RootError(f"rungs must be agent specs (strings), got {names!r}")
    if len(names) < least or len(set(names)) != len(names):
        raise RootError(f"a ladder needs at least {'two' if least == 2 else least} distinct rungs, got {names}")
    for n in names:
        problem = agent_spec_problem(n)
        if problem:
            raise RootError(f"rung {problem}")
    return names


def cells(rungs, factions) -> tuple[list[dict], list[dict]]:
    """(cells played, cells skipped). A cell is {"rung", "opponents", "faction"}: ``faction`` None for a
    self cell (every seat ``rung``), else that faction played by ``rung`` and every other by
    ``opponents``. Self cells come first, then the cross cells by rung, opponents, faction."""
    out = [{"rung": r, "opponents": r, "faction": None} for r in rungs]
    skipped = []
    for a in rungs:
        for b in rungs:
            if a == b:
                continue
            for f in factions:
                c = {"rung": a, "opponents": b, "faction": f}
                mixed = (_is_ismcts(a) and not is_compiled(b)) or (_is_ismcts(b) and not is_compiled(a))
                (skipped if mixed else out).append(c)
    return out, [dict(c, reason=SKIP_REASON) for c in skipped]


def ladder_params(factions="marquise,eyrie,alliance,vagabond", rungs=DEFAULT_RUNGS, self_games=96,
                  cross_games=24, seed=0, max_turns=300, mix=None, players=4, least_rungs=2, maps=None) -> dict:
    """The study.json of a ladder (every argument checked; RootError / ValueError on bad input).

    `mix`: None (every game seats all `factions`, seats rotated), ``"draft"`` (each table drafted as Advanced Setup
    does, ``root_env.setup.draw_table(method="draft")``, and played with ``setup="advanced"``) or ``"draw"``: each
    game seats `players`
    factions drawn from the pool `factions` (default: every implemented faction) by ``root_env.setup.draw_table``:
    a mix whose reach reaches Law 5.2's threshold, the second Vagabond only beside the first, seats random. The
    r-th game of every self cell has the same table (the same draw for every rung); a cross cell's faction f is
    at every one of its tables (drawn among the mixes seating f). `least_rungs`: the fewest rungs (one for
    ``rung_params``'s one-rung ladder). `maps`: None (the Autumn map, study.json as before), one map (every table on
    it: study.json's ``map``) or several (table r's map drawn, ``table_map``: study.json's ``maps``); each map is
    checked on table 0 (a map that the tables' setup cannot use is refused, naming it)."""
    if mix not in (None, "rotate", "draw", "draft"):
        raise RootError(f"mix must be 'rotate' (every faction at every table), 'draw' (Law 5.2 draws) or 'draft' "
                        f"(Advanced Setup's draft, A.8.1), got {mix!r}")
    mix = None if mix == "rotate" else mix
    seed = check_seed(seed)   # before a draw is made from it
    if mix in ("draw", "draft") and factions is None:
        from root_env.data import IMPLEMENTED_FACTIONS
        from root_env.setup import DRAFTABLE
        factions = DRAFTABLE if mix == "draft" else IMPLEMENTED_FACTIONS
    factions = parse_factions(factions if factions is not None else "marquise,eyrie,alliance,vagabond")
    if any(f.startswith("bot:") for f in factions):
        raise RootError(f"a ladder seats agents at every seat; a Clockwork bot seat is not one (got {factions}): "
                        "study a bot with 'python -m root_env.balance run'")
    if mix == "draw":
        from root_env.setup import viable_mixes
        players = check_count("players", players, 2, 6)
        viable_mixes(players, tuple(factions))   # ReachError (a RootError) when none can be drawn
    if mix == "draft":
        from root_env.setup import draw_table, DRAFTABLE
        players = check_count("players", players, 2, 6)
        if any(f not in DRAFTABLE for f in factions):
            raise RootError(f"a draft ladder's pool is factions with setup cards ({', '.join(DRAFTABLE)}), got {factions}")
        draw_table(seed, 0, players, tuple(factions), method="draft")   # DraftError (a RootError) when none can be
    rungs = parse_rungs(rungs, least_rungs)
    self_games = check_count("self_games", self_games, 0, MAX_GAMES_PER_CELL)
    cross_games = check_count("cross_games", cross_games, 0, MAX_GAMES_PER_CELL)
    if self_games + cross_games == 0:
        raise RootError("a ladder needs self_games or cross_games above 0")
    played, skipped = cells(rungs, factions)
    n_self = sum(c["faction"] is None for c in played)
    out = {"format": FORMAT_VERSION, "kind": KIND, "factions": factions, "rungs": rungs,
           "self_games": self_games, "cross_games": cross_games,
           "games": n_self * self_games + (len(played) - n_self) * cross_games,
           "seed": check_seed(seed), "max_turns": check_max_turns(max_turns), "skipped_cells": skipped}
    if mix in ("draw", "draft"):   # only then, so that the study.json of a rotated ladder is as before
        out.update(mix=mix, players=players)
    if mix == "draft":  # A.8.1: a drafted Vagabond plays the character dealt beside his card (ladders made before
        out["vagabond_character"] = DEALT_CHARACTER  # this key played the default character: see check_resumable)
    agents = seat_agents(rungs, factions)
    if agents:  # only then, so that the study.json of a ladder without such a rung is as before
        out[SEAT_AGENTS] = agents
    maps = parse_maps(maps)
    if maps:  # only then, so that the study.json of a ladder on the Autumn map alone is as before
        if len(maps) == 1:
            out["map"] = maps[0]
        else:
            out["maps"] = maps
        check_maps_playable(out)
    return out


def parse_maps(spec) -> list[str] | None:
    """``"autumn,winter"`` (or a list; None or empty: None) -> the maps, checked: playable (Law Appendix C,
    ``map_data.PLAYABLE_MAPS``), none repeated. RootError otherwise."""
    if spec is None or spec == "" or spec == []:
        return None
    names = [s.strip() for s in spec.split(",")] if isinstance(spec, str) else list(spec)
    bad = [m for m in names if m not in PLAYABLE_MAPS]
    if bad or len(set(names)) != len(names):
        raise RootError(f"maps are different maps of {', '.join(PLAYABLE_MAPS)} (Law Appendix C), got {spec!r}")
    return names


def check_maps_playable(params: dict) -> None:
    """Start table 0 of the ladder `params` on each of its maps (``Game.new``, which checks the map against the
    table's factions and setup): RootError naming the map and the reason when one cannot be played."""
    from root_env.game import Game
    spec = ladder_spec(params, 0)
    opts = dict(spec.get("game_options") or {})
    for m in params.get("maps") or [params["map"]]:
        opts["map"] = m
        try:
            Game.new(spec["seating"], spec["seed"], max_turns=params["max_turns"], **opts)
        except RootError as e:
            raise RootError(f"the {m} map cannot be played at this ladder's tables ({', '.join(spec['seating'])}"
                            f"{', setup ' + opts['setup'] if 'setup' in opts else ''}): {e}") from None


def table_map(params: dict, r: int) -> str | None:
    """The map of table r of the ladder `params`: its ``map``; or, with ``maps`` (k maps), the (r mod k)-th of a
    permutation of them drawn from (study seed, r // k) (every block of k tables plays each map once); None (the
    Autumn map, no game option) for a ladder without either key."""
    if params.get("maps"):
        from root_env.setup import table_rng
        maps = params["maps"]
        k = len(maps)
        return maps[int(table_rng(params["seed"], r // k, MAP_SALT).permutation(k)[r % k])]
    return params.get("map")


def seat_agents(rungs, factions) -> dict:
    """{rung: {faction: compiled kind}} for each of `rungs` that names a kind per faction (``strongest``,
    ``agents.policies.compiled_per_seat``): study.json records it, so that the games say which agents played them
    after the rung's table changes, and a resume across such a change is refused (``check_resumable``)."""
    from agents.policies import compiled_per_seat, seat_spec
    return {r: {f: seat_spec(r, f) for f in factions} for r in rungs if compiled_per_seat(r)}


def check_resumable(out, params: dict) -> None:
    """Before resuming the ladder in directory `out`, refuse (StudyMismatch), naming why, so that its games are never
    mixed with new ones of another kind: a draft ladder made before drafted Vagabonds played their dealt character
    (A.8.1), or a rung such as ``strongest`` whose table of agents (``seat_agents``) is not the one its games were
    played with (or, in a study.json made before the table was recorded, unknown)."""
    from root_env.balance.study import STUDY_FILE, StudyMismatch, read_params
    sfile = Path(out) / STUDY_FILE
    if not os.path.lexists(sfile):
        return
    old = read_params(sfile)
    if params.get("mix") == "draft" and old.get("mix") == "draft" and old.get("vagabond_character") != DEALT_CHARACTER:
        raise StudyMismatch(f"{out}: this draft ladder was made before a drafted Vagabond played the character dealt "
                            "beside his setup card (Law A.8.1): its Vagabonds played the default character, and "
                            "resuming it would mix the two kinds of games. Start the ladder again in a new --out "
                            "(or remove this one)")
    then_all = old.get(SEAT_AGENTS) if isinstance(old.get(SEAT_AGENTS), dict) else {}
    rungs_then = old.get("rungs") if isinstance(old.get("rungs"), list) else []  # another study's: play_study says so
    for rung, now in (params.get(SEAT_AGENTS) or {}).items():
        then = then_all.get(rung)
        if rung not in rungs_then or then == now:
            continue
        changed = [f for f in now if not isinstance(then, dict) or then.get(f) != now[f]]
        was = (", ".join(f"{f} {then.get(f)!r}" for f in changed) if isinstance(then, dict)
               else "a table of agents that its study.json does not record")
        raise StudyMismatch(f"{out}: its {rung!r} games were played with {was}; {rung!r} now seats "
                            + ", ".join(f"{f} {now[f]!r}" for f in changed)
                            + ". Resuming would mix games of two tables of agents: play the rung in a new --out")


def game_order(counts) -> list[tuple[int, int]]:
    """(cell, repetition) of every game, cell c having ``counts[c]`` games: ordered by the share of its cell
    done, (r + 1/2) / counts[c], then by cell, so that every prefix holds about the same share of each cell."""
    pairs = [(c, r) for c, n in enumerate(counts) for r in range(n)]
    return sorted(pairs, key=lambda cr: ((cr[1] + 0.5) / counts[cr[0]], cr[0]))


@lru_cache(maxsize=8)
def _layout(params_json: str) -> tuple[tuple[dict, ...], tuple[tuple[int, int], ...]]:
    p = json.loads(params_json)
    played, _ = cells(p["rungs"], p["factions"])
    counts = [p["self_games"] if c["faction"] is None else p["cross_games"] for c in played]
    keep = [j for j, n in enumerate(counts) if n]
    order = game_order([counts[j] for j in keep])
    return tuple(played[j] for j in keep), tuple(order)


def ladder_spec(params: dict, index: int) -> dict:
    """The spec (game, seed, seating, agents) of game `index` of the ladder `params`."""
    cellz, order = _layout(json.dumps(params, sort_keys=True))
    c, rep = order[index]
    cell = cellz[c]
    if params.get("mix") == "draw":
        from root_env.setup import draw_table
        seating = draw_table(params["seed"], rep, params["players"], tuple(params["factions"]), cell["faction"])
    elif params.get("mix") == "draft":
        from root_env.setup import drafted_table
        drafted = drafted_table(params["seed"], rep, params["players"], tuple(params["factions"]), cell["faction"])
        seating = list(drafted.factions)
    else:
        seating = list(seating_at(params["factions"], rep))
    agents = {f: (cell["rung"] if cell["faction"] in (None, f) else cell["opponents"]) for f in seating}
    spec = {"game": int(index), "seed": game_seed(params["seed"], rep), "seating": seating, "agents": agents}
    if params.get("mix") == "draft":  # the drafted table plays Advanced Setup (Appendix A), a drafted Vagabond the
        # character dealt beside his setup card (A.8.1; a ladder made before that key offered him every character)
        dealt = params.get("vagabond_character") == DEALT_CHARACTER
        spec["game_options"] = {k: v for k, v in drafted.game_kwargs().items()
                                if k != "factions" and (dealt or k != "vagabond_characters")}
    m = table_map(params, rep)
    if m is not None:   # a ladder on another map, or with a map draw (Law Appendix C)
        spec["game_options"] = dict(spec.get("game_options") or {}, map=m)
    return spec


def self_specs(params: dict, rung: str, n: int) -> list[dict]:
    """The specs of the first `n` self games of `rung` in the ladder `params` (every seat played by `rung`; the r-th
    has table r and seed ``game_seed(seed, r)``), in r order."""
    cellz, order = _layout(json.dumps(params, sort_keys=True))
    c = next(k for k, cell in enumerate(cellz) if cell["faction"] is None and cell["rung"] == rung)
    index = {rep: i for i, (k, rep) in enumerate(order) if k == c and rep < n}
    return [ladder_spec(params, index[rep]) for rep in sorted(index)]


def play_ladder_specs(specs: list[dict], max_turns: int = 300) -> list[dict]:
    """A worker: ``study.play_specs`` with one thread (compiled games in batches, games with a Python
    policy one at a time, seeded with the game's seed). A game played on a map named by its spec records it
    (``"map"``; a ladder without ``map`` or ``maps`` names none, so its lines are as before)."""
    out = play_specs(specs, max_turns=max_turns, threads=1)
    for s, rec in zip(specs, out):
        m = (s.get("game_options") or {}).get("map")
        if m is not None:
            rec["map"] = m
    return out


def _cpu_seconds() -> float:
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def run_ladder(out, factions="marquise,eyrie,alliance,vagabond", rungs=DEFAULT_RUNGS, self_games=96,
               cross_games=24, jobs=1, seed=0, max_turns=300, resume=False, ray_address=None,
               chunk=DEFAULT_CHUNK, progress=True, stop_after=None, mix=None, players=4,
               maps=None) -> dict:
    """Play the ladder into directory `out` (see the module docstring); resumable like ``run_study``.
    Appends this invocation's games, wall seconds and CPU seconds (this process and its finished worker
    processes; not Ray's) to DIR/runs.jsonl. Returns ``play_study``'s summary plus ``cpu_s``."""
    jobs = check_count("jobs", jobs, 1, 4096)
    chunk = check_count("chunk", chunk, 1, 10 ** 6)
    params = ladder_params(factions, rungs, self_games, cross_games, seed, max_turns, mix, players, maps=maps)
    if resume:
        check_resumable(out, params)
    return _play_logged(out, params, jobs, resume, ray_address, chunk, progress, stop_after)


def rung_params(ladder_dir, rung: str, tables: int, map=None) -> dict:
    """The study.json of a one-rung ladder: the self games of `rung` on the first `tables` tables of the ladder in
    directory `ladder_dir` (its factions, mix, players, seed, max_turns and maps), game r at that ladder's table r
    (the same seating, seed and game options as every self cell of it: ``ladder_spec``); with `map`, every table on
    that map instead (Law Appendix C; study.json's ``map``). RootError for a directory that holds no ladder, a bad
    rung, count or map (one that the tables' setup cannot use)."""
    from root_env.balance.study import STUDY_FILE, read_params
    sfile = Path(ladder_dir) / STUDY_FILE
    if not os.path.lexists(sfile):
        raise RootError(f"{ladder_dir}: no {STUDY_FILE} (not a ladder directory)")
    src = read_params(sfile)
    if src.get("kind") != KIND:
        raise RootError(f"{ladder_dir}: not a ladder (its {STUDY_FILE} has kind {src.get('kind')!r})")
    missing = [k for k in ("factions", "seed", "max_turns") if k not in src]
    if missing or not isinstance(src["factions"], list):
        raise RootError(f"{ladder_dir}: its {STUDY_FILE} is not a whole ladder's (" +
                        (f"no {', '.join(missing)})" if missing else "'factions' is not a list)"))
    if src.get("mix") == "draft" and src.get("vagabond_character") != DEALT_CHARACTER:
        raise RootError(f"{ladder_dir}: a draft ladder made before a drafted Vagabond played the character dealt "
                        "beside his setup card (Law A.8.1): its tables are not the ones a new rung would play")
    tables = check_count("tables", tables, 1, MAX_GAMES_PER_CELL)
    # The draw is re-derived (and so re-checked) from the stored arguments, never copied from the file: a ladder of
    # one self cell, so that game r is table r.
    if map is not None and (not isinstance(map, str) or "," in map):
        raise RootError(f"--map is one map of {', '.join(PLAYABLE_MAPS)}, got {map!r}")
    maps = map if map is not None else (src.get("maps") or src.get("map"))
    return ladder_params(src["factions"], (rung,), tables, 0, src["seed"], src["max_turns"], src.get("mix"),
                         src.get("players", 4), least_rungs=1, maps=maps)


def _extends(old: dict, new: dict) -> bool:
    """Whether the one-rung ladder `new` is `old` with more tables (the games already played keep their tables)."""
    rest = ("self_games", "games")
    return (isinstance(old.get("rungs"), list) and len(old["rungs"]) == 1 and isinstance(old.get("self_games"), int)
            and old["self_games"] < new["self_games"]
            and {k: v for k, v in old.items() if k not in rest} == {k: v for k, v in new.items() if k not in rest})


def run_rung(out, ladder_dir, rung: str, tables: int, jobs=1, resume=False, ray_address=None, chunk=DEFAULT_CHUNK,
             progress=True, stop_after=None, map=None, reuse=()) -> dict:
    """Play one more rung on a ladder's own tables into directory `out` (``rung_params``): a one-rung ladder that
    ``benchmarks.ladder_same_tables`` and ``balance report`` read beside the ladder's rungs. Resumable; resumed with
    more `tables`, it plays only the new ones. `map`: play the tables on that map (``rung_params``). `reuse`: ladder
    directories whose games of the same tables with the same agents are copied instead of played
    (``reusable_games``: e.g. a ``strongest`` rung played before one faction's entry changed). Logs to DIR/runs.jsonl
    as ``run_ladder`` does, with the number of games reused."""
    from root_env.balance.study import STUDY_FILE, read_params
    jobs = check_count("jobs", jobs, 1, 4096)
    chunk = check_count("chunk", chunk, 1, 10 ** 6)
    params = rung_params(ladder_dir, rung, tables, map)
    sfile = Path(out) / STUDY_FILE
    if resume:
        check_resumable(out, params)
    reused = {}
    for d in reuse:   # every source read and checked before anything is written
        for r, rec in reusable_games(d, params, rung).items():
            reused.setdefault(r, rec)
    if resume and os.path.lexists(sfile) and _extends(read_params(sfile), params):
        sfile.write_text(json.dumps(params, indent=2) + "\n")
    return _play_logged(out, params, jobs, resume, ray_address, chunk, progress, stop_after, given=reused)


# What makes two ladders' table r the same table (besides the rung's agents): ladder_spec reads only these.
TABLE_KEYS = ("format", "kind", "factions", "seed", "max_turns", "mix", "players", "vagabond_character", "map", "maps")


def seat_agent(params: dict, rung: str, faction: str) -> str | None:
    """The agent that plays `faction` in `rung`'s games of the ladder `params`: its ``seat_agents`` entry for a rung
    that names one per faction, else the rung itself; None when such a rung's study.json does not record it."""
    from agents.policies import per_seat
    if not per_seat(rung):
        return rung
    table = params.get(SEAT_AGENTS)
    table = table.get(rung) if isinstance(table, dict) else None
    agent = table.get(faction) if isinstance(table, dict) else None
    return agent if isinstance(agent, str) else None


def reusable_games(src_dir, params: dict, rung: str) -> dict[int, dict]:
    """{table r: record} of the self games of `rung` in the ladder in `src_dir` that the one-rung ladder `params`
    would play the same: the same tables (``TABLE_KEYS`` of study.json equal) and every faction at table r played by
    the same agent (``seat_agent``), r below `params`' tables. RootError if `src_dir` holds other tables or no such
    rung."""
    from root_env.balance.ladder_stats import load_ladder
    src, records, _ = load_ladder(src_dir)
    differ = [k for k in TABLE_KEYS if src.get(k) != params.get(k)]
    if differ:
        raise RootError(f"--reuse {src_dir}: not the same tables (study.json differs in {', '.join(differ)})")
    if rung not in (src.get("rungs") or ()):
        raise RootError(f"--reuse {src_dir}: it has no rung {rung!r}")
    return {r: dict(rec, game=r) for r, rec in self_games_by_table(src, records, rung, params["self_games"]).items()
            if all(seat_agent(params, rung, f) == seat_agent(src, rung, f) is not None for f in rec["seating"])}


def self_games_by_table(params: dict, records, rung: str, tables: int) -> dict[int, dict]:
    """{table r: record} of `rung`'s self games among `records` of the ladder `params`, for the tables r < `tables`
    that were played (table r's game has seed ``game_seed(seed, r)`` in every self cell)."""
    from root_env.balance.ladder_stats import self_rung
    r_of = {game_seed(params["seed"], r): r for r in range(tables)}
    return {r_of[rec["seed"]]: rec for rec in records if rec["seed"] in r_of and self_rung(rec) == rung}


def _play_logged(out, params, jobs, resume, ray_address, chunk, progress, stop_after, given=None) -> dict:
    """``play_study`` of a ladder's games (`given`: records written instead of played, ``play_study``), this
    invocation's games (and games reused, if any) and CPU seconds appended to DIR/runs.jsonl."""
    cpu0 = _cpu_seconds()
    res = play_study(out, params, lambda i: ladder_spec(params, i), jobs=jobs, resume=resume,
                     ray_address=ray_address, chunk=chunk, progress=progress, stop_after=stop_after,
                     worker=play_ladder_specs, given=given)
    res["cpu_s"] = _cpu_seconds() - cpu0
    line = {"played": res["played"], "done": res["done"], "wall_s": round(res["wall_s"], 2),
            "cpu_s": round(res["cpu_s"], 2), "jobs": jobs, "ray": bool(ray_address),
            "time": time.strftime("%Y-%m-%dT%H:%M:%S")}
    if res["reused"]:
        line["reused"] = res["reused"]
    with open(Path(out) / RUNS_FILE, "a", encoding="utf-8") as fh:
        fh.write(json.dumps(line) + "\n")
    return res


def load_runs(path) -> list[dict]:
    """The lines of DIR/runs.jsonl (unreadable lines skipped)."""
    from root_env.balance.study import read_study_bytes, json_line, MAX_STUDY_BYTES
    p = Path(path) / RUNS_FILE
    out = []
    if os.path.lexists(p):
        for line in read_study_bytes(p, MAX_STUDY_BYTES, "runs file").splitlines():
            try:
                out.append(json_line(line))
            except ValueError:
                continue
    return out
