"""Running a balance study: seat rotation, per-game seeds, worker processes / Ray, the results file, resume.

A study is defined by its parameters (factions, agents, number of games, study seed, max_turns). Game ``i``
is fully defined by ``(study seed, i)``: it is played at seating ``ordering.seating_at(factions, i)`` with the
game seed ``game_seed(study_seed, i)``. The seatings are interleaved so that any prefix of the games is as
seat-balanced as it can be (each faction in each seat within one game of the others; every seating order
exactly as often when the number of games is a multiple of k!), see ``root_env.balance.ordering``. So the
chunking, the number of workers and interruptions do not change any game, ``--resume`` reproduces an
uninterrupted study exactly, and an interrupted study is still balanced.

A seat may be a Clockwork bot ("bot:mechanical_marquise:nightmare", seed 004): it rotates through the seats like
any faction, plays its own turns (no agent is given for it) and is named by that label everywhere (seating,
winners, vp).

Each finished chunk of games is appended to ``DIR/results.jsonl`` (one JSON object per game) and flushed
at once; ``DIR/study.json`` holds the parameters. Record fields: game, seed, seating (seat 1 first),
agents, winners (names; a Vagabond's coalition win names both), vp, turns, decisions, truncated,
vp_sources (per faction, nonzero sources only), vp_by_round (per faction, trailing repeats trimmed).
"""
from __future__ import annotations

import json
import math
import os
import sys
import time
from pathlib import Path

import numpy as np

from root_env.balance.ordering import balance, seating_at, sprt_cell_at
from root_env.names import is_bot_seat, seat_faction
from root_env.errors import RootError
from root_env.files import read_bytes, gunzip

STUDY_FILE = "study.json"
RESULTS_FILE = "results.jsonl"
# 2: seatings interleaved by root_env.balance.ordering (1: game i at seatings()[i % k!]).
FORMAT_VERSION = 2
DEFAULT_CHUNK = 48


MAX_RESULTS_BYTES = 256 << 20  # results.jsonl (a line is about 1 KB: 100,000 games are far below this)
MAX_STUDY_BYTES = 1 << 20      # study.json, runs.jsonl


class StudyMismatch(ValueError):
    """--resume on a directory whose study.json holds other parameters (or a new run on a used one)."""


class StudyFileError(RootError):
    """A study's file that cannot be read: not a regular file (a folder, a pipe, a device), too large, not
    gzip or not JSON where it must be. Every file of a study is read by the project's one bounded reader
    (``root_env.files``)."""


def read_study_bytes(path, limit: int = MAX_RESULTS_BYTES, what: str = "study file") -> bytes:
    """The bytes of a study's file (gunzipped for ``.gz``): a regular file of at most `limit` bytes."""
    raw = read_bytes(path, limit, StudyFileError, what)
    return gunzip(raw, limit, StudyFileError, str(path)) if str(path).endswith(".gz") else raw


def json_line(raw: bytes):
    """One JSON value of a .jsonl file (ValueError for a bad line, one nested too deeply included)."""
    try:
        return json.loads(raw.decode("utf-8"))
    except RecursionError:
        raise ValueError("JSON nested too deeply") from None


# ----------------------------------------------------------------------------------------------------------
# Study definition
# ----------------------------------------------------------------------------------------------------------

def parse_factions(spec) -> list[str]:
    """The study's seats: faction names, or Clockwork bot seats ("bot:mechanical_marquise:nightmare+blitz",
    seed 004), which play their own turns (no agent is given for them) and rotate through the seats like any."""
    from root_env.data import IMPLEMENTED_FACTIONS
    from root_env.inputs import faction_names
    from root_env.errors import RootError
    if not isinstance(spec, (str, list, tuple)):
        raise ValueError(f"factions must be a comma-separated string or a list of faction names, got {spec!r:.80}")
    names = [s.strip() for s in spec.split(",") if s.strip()] if isinstance(spec, str) else list(spec)
    try:
        faction_names(names)
    except RootError as e:
        raise ValueError(f"factions must be 2+ distinct names of {IMPLEMENTED_FACTIONS} or Clockwork bot seats "
                         f"(bot:mechanical_marquise[:level][+trait...]), got {names}: {e}") from None
    if all(is_bot_seat(f) for f in names):
        raise ValueError(f"factions {names}: every seat is a Clockwork bot; seat at least one faction an agent plays")
    return names


def agent_seats(factions) -> list[str]:
    """The seats agents play: all but the Clockwork bots'."""
    return [f for f in factions if not is_bot_seat(f)]


def agent_spec_problem(spec) -> str | None:
    """None if `spec` names an agent the studies can seat: a compiled kind (``random``, ``heuristic``,
    ``heuristic_v1``, ``ismcts:N[:key=value,...]``, ``ismcts:Xs``, ``value[:PATH]``) or a Python policy ``agents.policies.resolve`` loads (``ppo:PATH``, ``module:callable``;
    loaded once here, so that a bad one fails before any game is played); else what is wrong."""
    from agents.arena import is_kind, parse_spec
    if not isinstance(spec, str):
        return f"{spec!r} is not an agent spec"
    if spec == "value" or spec.startswith("value:"):  # the model file is loaded (checked) now
        from agents.value_agent import options, spec_model
        try:
            options(spec_model(spec))
        except (ValueError, OSError) as e:
            return f"{spec!r}: {e}"
        return None
    if is_kind(spec):
        return None
    from agents.ismcts_agent import is_guided
    if spec.startswith("ismcts") and not is_guided(spec):  # a guided search is checked by resolve, below
        try:
            parse_spec(spec)
        except ValueError as e:
            return f"{spec!r}: an ISMCTS budget ('ismcts:N', N >= 1 iterations, or 'ismcts:Xs') or option is wrong: {e}"
    if spec.startswith("ppo:") and not Path(spec[4:]).is_file():
        return f"{spec!r}: no checkpoint file at {spec[4:]!r}"
    from agents.policies import resolve, per_seat, seat_spec
    from root_env.data import FACTION_NAMES
    try:
        if per_seat(spec):  # each faction's own agent (agents.policies.seat_spec): every distinct one checked
            for f in {seat_spec(spec, f): f for f in FACTION_NAMES}.values():
                resolve(spec, faction=f)
        else:
            resolve(spec)
    except Exception as e:  # noqa: BLE001 - any failure to load the policy is the caller's bad input
        return f"{spec!r} is not an agent: {type(e).__name__}: {e}"
    return None


def parse_agents(spec, factions) -> dict[str, str]:
    """``"heuristic"`` (one kind for all) or ``"marquise=heuristic,eyrie=ppo:run/last.pt,..."`` (every
    faction) or a dict -> {faction: agent spec} in the order of `factions`, for every seat but a Clockwork bot's
    (it plays itself). Agents are compiled kinds or Python policies (``agent_spec_problem``)."""
    from agents.arena import AGENT_KINDS
    bots = [f for f in factions if is_bot_seat(f)]
    factions = agent_seats(factions)
    if isinstance(spec, dict):
        out = dict(spec)
    elif "=" not in spec:
        out = {f: spec.strip() for f in factions}
    else:
        out = {}
        for part in spec.split(","):
            if not part.strip():
                continue
            if "=" not in part:
                raise ValueError(f"--agents: expected faction=kind, got {part!r}")
            f, k = (s.strip() for s in part.split("=", 1))
            out[f] = k
    asked = [f for f in out if f in bots or any(f == seat_faction(b) for b in bots)]
    if asked:
        raise ValueError(f"--agents: {', '.join(asked)} is played by its Clockwork bot ({', '.join(bots)}); give "
                         "agents only for the other seats")
    missing = [f for f in factions if f not in out]
    extra = [f for f in out if f not in factions]
    bad = [p for p in (agent_spec_problem(k) for k in set(out.values())) if p]
    if missing or extra or bad:
        raise ValueError(f"--agents must give one of {AGENT_KINDS}, ismcts:N[:key=value,...], ismcts:Xs, value:PATH, "
                         f"ppo:PATH, pretrained:FACTION, pretrained or module:callable for "
                         f"each of {list(factions)} (missing {missing}, unknown factions {extra}; {'; '.join(bad)})")
    return {f: out[f] for f in factions}


def seatings(factions) -> list[tuple[str, ...]]:
    """All seating orders (seat 1 first) of `factions`, in the order a study plays them (one period)."""
    return [seating_at(factions, i) for i in range(math.factorial(len(factions)))]


_M64 = (1 << 64) - 1


def game_seed(study_seed: int, index: int) -> int:
    """The seed of game `index` of a study: a splitmix64 mix of (study seed, index), 31 bits."""
    z = ((int(study_seed) & _M64) * 0x9E3779B97F4A7C15 + (int(index) + 1) * 0xD1B54A32D192ED03) & _M64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _M64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _M64
    z ^= z >> 31
    return int(z & 0x7FFFFFFF)


def game_spec(params: dict, index: int) -> dict:
    spec = {"game": int(index), "seed": game_seed(params["seed"], index),
            "seating": list(seating_at(params["factions"], index)), "agents": dict(params["agents"])}
    for k in ("cooperative", "bot_options", "game_options"):
        if params.get(k):
            spec[k] = params[k]
    return spec


# The named game options a study (and a what-if study) can set, with their choices, the default first
# (root_env.inputs; Game.new documents each). The Automated Alliance's options are ``bot_options``.
def game_option_choices() -> dict:
    from root_env.inputs import LIZARD_DRAW_BONUS, BOT_RULES, LIZARD_START_ACOLYTES
    from root_env.layout import SETUP_NAMES
    from root_env.map_data import PLAYABLE_MAPS  # the map (Law Appendix C): the Autumn map first, the default
    return {"lizard_draw_bonus": LIZARD_DRAW_BONUS, "bot_rules": BOT_RULES, "setup": SETUP_NAMES,
            "lizard_start_acolytes": LIZARD_START_ACOLYTES, "map": PLAYABLE_MAPS}


def check_game_options(options, factions) -> dict:
    """{name: choice} of named game options (``game_option_choices``), checked, defaults dropped; an option that
    does not apply to the seated factions (the Cult's draw bonus without the Cult) is refused (ValueError)."""
    from root_env.inputs import check_choice, check_options_apply
    if not options:
        return {}
    if not isinstance(options, dict):
        raise ValueError(f"game options must be a dict of name: choice, got {str(options)[:60]!r}")
    table = game_option_choices()
    out = {}
    for k, v in options.items():
        if k not in table:
            raise ValueError(f"unknown game option {str(k)[:40]!r}; game options: {', '.join(table)} "
                             "(the Automated Alliance's: --bot-options)")
        v = check_choice(k, str(v) if k == "lizard_start_acolytes" else v, table[k])  # a count, named as a digit
        if v != table[k][0]:
            out[k] = v
    check_options_apply(factions, out.get("lizard_draw_bonus", "current"), out.get("bot_rules", "seed004"), None,
                        int(out.get("lizard_start_acolytes", 0)))
    return out


def study_params(factions, agents, games, seed=0, max_turns=300, cooperative=False, bot_options=None,
                 game_options=None) -> dict:
    """A study's parameters; `cooperative` (seed 004 cooperative play against the bot seats), `bot_options` (the
    Automated Alliance's options, ``Game.new``) and `game_options` (named game options, ``check_game_options``)
    only when set, so that the study.json of another study is as before."""
    factions = parse_factions(factions)
    params = {"format": FORMAT_VERSION, "factions": factions, "agents": parse_agents(agents, factions),
              "games": int(games), "seed": int(seed), "max_turns": int(max_turns)}
    from root_env.inputs import check_cooperative, check_bot_options, check_options_apply
    if check_cooperative(factions, cooperative):
        params["cooperative"] = True
    given, bot_options = bot_options, check_bot_options(bot_options)
    check_options_apply(factions, bot_options=given)  # before any game: the Automated Alliance must be seated
    if bot_options:
        params["bot_options"] = bot_options
    game_options = check_game_options(game_options, factions)
    if game_options:
        params["game_options"] = game_options
    return params


def parse_bot_options(spec) -> dict | None:
    """``--bot-options aa_bird_order=any,aa_track=alliance`` as a dict (checked by ``inputs.check_bot_options``)."""
    if not spec:
        return None
    out = {}
    for part in spec.split(","):
        k, sep, v = part.partition("=")
        if not sep:
            raise ValueError(f"--bot-options takes name=choice pairs separated by commas, got {part!r}")
        out[k.strip()] = v.strip()
    return out


# ----------------------------------------------------------------------------------------------------------
# Playing (in a worker)
# ----------------------------------------------------------------------------------------------------------

def _trim(seq: list) -> list:
    """Drop trailing repeats: [1, 3, 5, 5, 5] -> [1, 3, 5]."""
    end = len(seq)
    while end > 1 and seq[end - 1] == seq[end - 2]:
        end -= 1
    return seq[:end]


def _winners(mask: int, seating) -> list[str]:
    """The seats whose faction's bit is set in the engine's winner mask (a bot's seat by its label)."""
    from root_env.data import FACTION_NAMES
    return [s for s in seating if mask >> FACTION_NAMES.index(seat_faction(s)) & 1]


def _play_group(seating, agents: dict, seeds, max_turns: int, threads: int,
                cooperative: bool = False, bot_options: dict | None = None,
                game_options: dict | None = None) -> list[tuple[int, dict]]:
    """(row, results) for games of one seating and agents: compiled agents play all the games in one
    ``play_games`` call; a Python policy plays one game per ``agents.policies.play`` call, seeded with the
    game's seed, so that a game never depends on the chunk it is played in (its record has no VP curve)."""
    from agents.arena import play_games, is_kind
    from agents.policies import compiled_per_seat, seat_spec
    agents = {f: (seat_spec(a, f) if compiled_per_seat(a) else a) for f, a in agents.items()}  # each seat's kind
    if all(is_kind(a) for a in agents.values()):
        res = play_games(len(seeds), seating, agents=agents, seeds=seeds, max_turns=max_turns, threads=threads,
                         cooperative=cooperative, bot_options=bot_options, **(game_options or {}))
        return [(row, res) for row in range(len(seeds))]
    if cooperative or bot_options:
        raise ValueError("cooperative studies and bot options take compiled agents only (random, heuristic, heuristic_v1, "
                         "ismcts) for now")
    if game_options:  # the stepper of policies.play starts Standard Setup games only: through the Game API here
        from agents.game_loop import play_game
        return [(0, play_game(seating, agents, sd, max_turns, game_options)) for sd in seeds]
    from agents.policies import play
    return [(0, play(seating, agents, 1, seed=sd, max_turns=max_turns, seeds=[sd])) for sd in seeds]


def play_specs(specs: list[dict], max_turns: int = 300, threads: int = 1) -> list[dict]:
    """Play the games `specs` (dicts game/seed/seating/agents) and return one record per game, in the order
    given. Games with the same seating and compiled agents are played in one ``play_games`` call."""
    from root_env.layout import VP_SOURCE_NAMES
    groups: dict = {}
    for j, s in enumerate(specs):
        key = (tuple(s["seating"]), tuple(sorted(s["agents"].items())), bool(s.get("cooperative")),
               tuple(sorted((s.get("bot_options") or {}).items())), tuple(sorted((s.get("game_options") or {}).items())))
        groups.setdefault(key, []).append(j)
    out: list = [None] * len(specs)
    for (seating, agents, coop, bot_options, game_options), idx in groups.items():
        played = _play_group(seating, dict(agents), [specs[j]["seed"] for j in idx], max_turns, threads, coop,
                             dict(bot_options), dict(game_options))
        for j, (row, res) in zip(idx, played):
            s = specs[j]
            mask = int(res["winners"][row])
            sources = {}
            for c, f in enumerate(seating):
                v = res["vp_sources"][row, c]
                d = {name: int(v[q]) for q, name in enumerate(VP_SOURCE_NAMES) if v[q]}
                d.update({f"vs{q}": int(v[q]) for q in range(len(VP_SOURCE_NAMES), v.shape[0]) if v[q]})
                sources[f] = d
            out[j] = {
                "game": s["game"], "seed": s["seed"], "seating": list(seating), "agents": dict(s["agents"]),
                "winners": _winners(mask, seating),
                "vp": {f: int(res["vp"][row, c]) for c, f in enumerate(seating)},
                "turns": int(res["turns"][row]), "decisions": int(res["decisions"][row]),
                "truncated": bool(res["truncated"][row]),
                "vp_sources": sources,
            }
            characters = (s.get("game_options") or {}).get("vagabond_characters")
            if characters is not None:  # the characters the Vagabonds could choose (a drafted one's dealt, A.8.1)
                out[j]["vagabond_characters"] = list(characters)
            if "vp_by_round" in res:
                out[j]["vp_by_round"] = {f: _trim([int(x) for x in res["vp_by_round"][row, :, c]])
                                         for c, f in enumerate(seating)}
    return out


def _worker(specs, max_turns):
    return play_specs(specs, max_turns=max_turns, threads=1)


# ----------------------------------------------------------------------------------------------------------
# Results file
# ----------------------------------------------------------------------------------------------------------

def load_results(path, warn=True) -> tuple[list[dict], list[tuple[int, str]]]:
    """Read a results.jsonl (or the study directory holding one; a directory with only results.jsonl.gz, as a
    published study keeps it, is read from that). Returns (records sorted by game index, one per game, first
    valid line wins; bad lines as (line number, reason)). Bad lines are skipped."""
    path = Path(path)
    if path.is_dir():
        path = path / RESULTS_FILE
        if not path.exists() and path.with_name(RESULTS_FILE + ".gz").exists():
            path = path.with_name(RESULTS_FILE + ".gz")   # a published study keeps its lines gzipped
    records: dict[int, dict] = {}
    bad: list[tuple[int, str]] = []
    if not os.path.lexists(path):
        return [], bad
    data = read_study_bytes(path, MAX_RESULTS_BYTES, "results file")  # a folder, pipe, device: StudyFileError
    for no, raw in enumerate(data.split(b"\n"), 1):
        if not raw.strip():
            continue
        try:
            rec = json_line(raw)
            if not isinstance(rec, dict):
                raise ValueError("not a JSON object")
            for key in ("game", "seating", "winners", "vp", "truncated"):
                if key not in rec:
                    raise ValueError(f"missing {key!r}")
            g = int(rec["game"])
        except (ValueError, UnicodeDecodeError, TypeError, OverflowError) as e:  # "game": Infinity overflows
            bad.append((no, f"{type(e).__name__}: {e}"[:200]))
            continue
        if g in records:
            bad.append((no, f"duplicate game {g} (kept the first)"))
            continue
        records[g] = rec
    if warn and bad:
        for no, why in bad[:20]:
            print(f"warning: {path}:{no}: skipped bad results line ({why})", file=sys.stderr)
        if len(bad) > 20:
            print(f"warning: {path}: {len(bad) - 20} more bad lines skipped", file=sys.stderr)
    return [records[g] for g in sorted(records)], bad


def _drop_partial_last_line(path: Path) -> None:
    """An interrupted write leaves a last line without its newline: cut it off (the game is replayed). The file
    is read by the bounded reader first: a folder, a pipe or a device in its place is refused, never opened."""
    if not os.path.lexists(path):
        return
    data = read_bytes(path, MAX_RESULTS_BYTES, StudyFileError, "results file")
    if not data or data.endswith(b"\n"):
        return
    os.truncate(path, data.rfind(b"\n") + 1)


def read_params(path) -> dict:
    """study.json: a JSON object in a regular file of at most MAX_STUDY_BYTES (StudyFileError otherwise)."""
    try:
        params = json_line(read_bytes(path, MAX_STUDY_BYTES, StudyFileError, "study file"))
    except (ValueError, UnicodeDecodeError) as e:
        if isinstance(e, StudyFileError):
            raise
        raise StudyFileError(f"{path}: not a JSON object ({type(e).__name__}: {str(e)[:120]})") from None
    if not isinstance(params, dict):
        raise StudyFileError(f"{path}: not a JSON object")
    return params


# ----------------------------------------------------------------------------------------------------------
# Progress
# ----------------------------------------------------------------------------------------------------------

class _Progress:
    """tqdm if installed (games/s and time left), else a line on stderr every few seconds."""

    def __init__(self, total, initial=0, enabled=True):
        self.total, self.n, self.start_n = total, initial, initial
        self.t0 = self.last = time.monotonic()
        self.bar = None
        self.enabled = enabled
        if not enabled:
            return
        try:
            from tqdm.auto import tqdm
            self.bar = tqdm(total=total, initial=initial, unit="game", desc="games", smoothing=0.1,
                            dynamic_ncols=True, file=sys.stderr)
        except ImportError:
            pass

    def update(self, k):
        self.n += k
        if self.bar is not None:
            self.bar.update(k)
        elif self.enabled and (time.monotonic() - self.last > 5 or self.n >= self.total):
            self.last = time.monotonic()
            rate = (self.n - self.start_n) / max(self.last - self.t0, 1e-9)
            left = (self.total - self.n) / rate if rate > 0 else float("inf")
            print(f"{self.n}/{self.total} games, {rate:.1f} games/s, {left:.0f} s left", file=sys.stderr, flush=True)

    def close(self):
        if self.bar is not None:
            self.bar.close()


# ----------------------------------------------------------------------------------------------------------
# Running
# ----------------------------------------------------------------------------------------------------------

def _chunks(indices, size):
    for a in range(0, len(indices), size):
        yield indices[a:a + size]


def run_study(out, factions="marquise,eyrie,alliance,vagabond", agents="heuristic", games=240, jobs=1, seed=0,
              max_turns=300, resume=False, ray_address=None, chunk=DEFAULT_CHUNK, progress=True,
              stop_after=None, cooperative=False, bot_options=None, game_options=None) -> dict:
    """Play a study into directory `out` (see the module docstring). `game_options`: named game options
    (``check_game_options``, e.g. {"lizard_draw_bonus": "first_printing"}). Returns a summary dict
    (games played now, games done in all, wall seconds, games/s). `cooperative`: seed 004 cooperative play
    against the bot seats (every player who is not a bot wins together, or every bot).

    `stop_after` (for tests): stop after that many new games have been written, as an interruption would."""
    params = study_params(factions, agents, games, seed, max_turns, cooperative, bot_options, game_options)
    return play_study(out, params, lambda i: game_spec(params, i), jobs=jobs, resume=resume,
                      ray_address=ray_address, chunk=chunk, progress=progress, stop_after=stop_after)


def _check_positive(**values) -> None:
    """A study's counts (games, worker processes, games per task) are whole numbers of at least 1."""
    for name, v in values.items():
        if isinstance(v, bool) or not isinstance(v, (int, np.integer)) or v < 1:
            raise ValueError(f"{name} must be a whole number of at least 1, got {v!r}")


def play_study(out, params: dict, spec_of, jobs=1, resume=False, ray_address=None, chunk=DEFAULT_CHUNK,
               progress=True, stop_after=None, worker=None, given=None) -> dict:
    """The machinery of every study: play games ``0 .. params["games"] - 1`` into directory `out`.

    `params` (a JSON-able dict with ``games`` and ``max_turns``) is written to study.json, or checked
    against it with `resume`; ``spec_of(i)`` gives game i's spec (game, seed, seating, agents), called in
    this process; `worker(specs, max_turns)` (a module-level function, so that worker processes and Ray
    can run it; default ``play_specs`` with one thread) plays a chunk and returns one record per spec.
    Games already in results.jsonl are skipped, a half-written last line is dropped and replayed. `given`
    ({game index: record}, e.g. a ladder rung's games reused from another run): those not yet in results.jsonl are
    written there, after the checks above, instead of being played (the result's ``reused``)."""
    _check_positive(games=params["games"], jobs=jobs, chunk=chunk)   # before anything is written
    out = Path(out)
    worker = worker or _worker
    out.mkdir(parents=True, exist_ok=True)
    sfile, rfile = out / STUDY_FILE, out / RESULTS_FILE
    if os.path.lexists(sfile):
        old = read_params(sfile)
        if not resume:
            raise StudyMismatch(f"{out} already holds a study; use --resume to continue it or another --out")
        if old != params:
            diff = {k: (old.get(k), params.get(k)) for k in set(old) | set(params) if old.get(k) != params.get(k)}
            raise StudyMismatch(f"--resume: the parameters differ from {sfile} (stored, given): {diff}")
    else:
        if rfile.exists() and rfile.stat().st_size and not resume:
            raise StudyMismatch(f"{rfile} exists without {STUDY_FILE}; refusing to mix studies")
        sfile.write_text(json.dumps(params, indent=2) + "\n")
    _drop_partial_last_line(rfile)
    done, _ = load_results(rfile, warn=True)
    done_idx = {r["game"] for r in done if 0 <= r["game"] < params["games"]}
    reused = [given[i] for i in sorted(given or ()) if 0 <= i < params["games"] and i not in done_idx]
    if reused:
        with open(rfile, "a", encoding="utf-8") as fh:
            fh.writelines(json.dumps(rec, separators=(",", ":")) + "\n" for rec in reused)
        done_idx |= {rec["game"] for rec in reused}
    todo = [i for i in range(params["games"]) if i not in done_idx]
    tasks = [[spec_of(i) for i in part] for part in _chunks(todo, max(1, int(chunk)))]
    bar = _Progress(params["games"], len(done_idx), enabled=progress)
    t0 = time.monotonic()
    written = 0

    with open(rfile, "a", encoding="utf-8") as fh:
        def write(records):
            nonlocal written
            for rec in records:
                if stop_after is not None and written >= stop_after:
                    raise KeyboardInterrupt("stop_after")
                fh.write(json.dumps(rec, separators=(",", ":")) + "\n")
                written += 1
            fh.flush()
            bar.update(len(records))

        try:
            if not tasks:
                pass
            elif ray_address:
                _run_ray(ray_address, tasks, params["max_turns"], write, jobs, worker)
            elif jobs <= 1:
                for t in tasks:
                    write(worker(t, params["max_turns"]))
            else:
                _run_pool(tasks, params["max_turns"], write, jobs, worker)
        except KeyboardInterrupt:
            if stop_after is None:
                bar.close()
                print(f"\ninterrupted: {len(done_idx) + written} of {params['games']} games are in {rfile}; "
                      f"continue with --resume", file=sys.stderr)
                raise
        finally:
            bar.close()
    wall = time.monotonic() - t0
    return {"dir": str(out), "played": written, "done": len(done_idx) + written, "games": params["games"],
            "wall_s": wall, "games_per_s": written / wall if wall > 0 else float("nan"), "reused": len(reused)}


def _run_pool(tasks, max_turns, write, jobs, worker=_worker):
    import multiprocessing as mp
    from concurrent.futures import ProcessPoolExecutor, as_completed
    ctx = mp.get_context("spawn")
    with ProcessPoolExecutor(max_workers=int(jobs), mp_context=ctx) as ex:
        futs = [ex.submit(worker, t, max_turns) for t in tasks]
        try:
            for f in as_completed(futs):
                write(f.result())
        except BaseException:
            for f in futs:
                f.cancel()
            raise


def _run_ray(address, tasks, max_turns, write, jobs, worker=_worker):
    try:
        import ray
    except ImportError as e:
        raise SystemExit("--ray needs Ray: pip install 'ray>=2.9' (or the project's 'dist' extra)") from e
    if not ray.is_initialized():
        ray.init(address=None if address in ("local", "auto-local") else address, ignore_reinit_error=True)
    remote = ray.remote(num_cpus=1)(worker)
    pending = [remote.remote(t, max_turns) for t in tasks]
    while pending:
        ready, pending = ray.wait(pending, num_returns=1)
        for r in ready:
            write(ray.get(r))


# ----------------------------------------------------------------------------------------------------------
# SPRT by play: does agent kind `candidate` beat `baseline`?
# ----------------------------------------------------------------------------------------------------------

def sprt_play(candidate="heuristic", baseline="random", factions="marquise,eyrie,alliance,vagabond", p0=None,
              p1=None, alpha=0.05, beta=0.05, max_games=20000, seed=0, max_turns=300, batch=None,
              progress=False) -> dict:
    """Wald's SPRT on games where one faction is played by `candidate` and the others by `baseline`.

    Game i is played at ``ordering.sprt_cell_at(factions, i)`` (seating and candidate faction) with seed
    ``game_seed(seed, i)``: candidate faction, candidate seat and every faction's seat are interleaved so
    that the test is balanced wherever it stops (``result["balance"]`` says how balanced: see
    ``ordering.balance``). Outcome = the candidate's faction won (truncated games count as not won). H0:
    p = p0 (default 1/k, "no better than a seat at the table") against H1: p = p1 (default p0 + 0.05).
    Games are played in batches of `batch` (default k²) and fed to the test in game order."""
    from root_env.balance.stats import SPRT
    factions = parse_factions(factions)
    if any(is_bot_seat(f) for f in factions):
        raise ValueError(f"sprt: a Clockwork bot seat cannot be the candidate's or the baseline's; got {factions}")
    for who, spec in (("candidate", candidate), ("baseline", baseline)):
        problem = agent_spec_problem(spec)
        if problem:
            raise ValueError(f"{who}: {problem}")
    k = len(factions)
    p0 = 1 / k if p0 is None else p0
    p1 = p0 + 0.05 if p1 is None else p1
    test = SPRT(p0, p1, alpha, beta)
    batch = int(batch or k * k)
    if batch < 1:
        raise ValueError(f"batch must be a positive number of games, got {batch}")
    i = 0
    used_seatings, used_candidates = [], []
    bar = _Progress(max_games, 0, enabled=progress)
    try:
        while test.decision is None and i < max_games:
            specs, cands = [], []
            for j in range(i, min(i + batch, max_games)):
                seating, cand = sprt_cell_at(factions, j)
                specs.append({"game": j, "seed": game_seed(seed, j), "seating": list(seating),
                              "agents": {f: (candidate if f == cand else baseline) for f in factions}})
                cands.append(cand)
            recs = play_specs(specs, max_turns=max_turns)
            for s, cand, r in zip(specs, cands, recs):
                used_seatings.append(s["seating"])
                used_candidates.append(cand)
                if test.update(cand in r["winners"]) is not None:
                    break
            bar.update(len(specs))
            i += len(specs)
    finally:
        bar.close()
    out = test.result()
    out.update({"candidate": candidate, "baseline": baseline, "factions": factions, "games_played": i,
                "balance": balance(used_seatings, factions, used_candidates)})
    return out
