"""Where the time of a vector step goes inside its compiled call: variants of the step's loop, timed side by side.

    python -m benchmarks.vector_parts [--rounds 7] [--seconds 0.25] [--size 64] [--factions marquise,eyrie]
                                     [--dtype uint8] [--variants step,memo_tail,...] [--check-memo 50]
                                     [--changes 1500] [--json PATH]

``engine.batch.vector_step`` checks every game's action, then for each game applies it (``core.apply``; an ended
game is recorded, its seats' views written and the game restarted), writes the acting player's observation
(``observe``) and mask (``fill_mask``). This script compiles that loop here (plain ``numba.njit``, calling the
engine's own compiled functions) in several variants and times them in turn, each on its own batch of ``--size``
games stepped with uniformly random legal actions (chosen in a compiled loop outside the timed call), CPU time
(``time.process_time``), ``--rounds`` rounds of ``--seconds`` each; it prints each variant's median CPU ns per
decision and the median of the rounds' ratios of its time to the whole loop's (``step``), the paired figure that
a shared machine's load cancels in:

- ``step``: check, engine, observation, mask (what ``vector_step`` does, less its few per-game output stores);
- ``no_check``, ``no_observation``, ``no_mask``: the same without that part; ``engine_only``: the engine alone;
- ``observation_twice``: the observation written twice: the second one reads a state the first brought into the
  core's caches, so ``observation_twice`` less ``step`` is the encoder's own work in the step's context and
  ``step`` less ``no_observation`` less that is its wait for the state's cache lines;
- ``cached_row``: the observation replaced by a copy of a row the step keeps per game (an explicit loop): the
  least an observation costs that hands the caller a new row without encoding anything;
- ``incremental_floor``: ``cached_row`` plus the fields that change in most decisions re-encoded (``observe``'s
  fields up to the item supply: the map, VP, hands, the acting and deciding factions) and the 54 card locations
  compared with a copy: about the least an observation updated only where its inputs changed would cost (a lower
  bound: it re-encodes too little to be correct, it is timed, not used).

- ``memo_tail``: an exact incremental observation of the encoder's tail (the Vagabonds' fields to the end, 810 of
  3,423 entries): each game keeps its last tail, the viewer it was written for and a copy of every state entry the
  tail's code reads (every region named there, 487 entries); the tail is copied from what was kept when the viewer
  and all those entries are as kept, else encoded (``observe``'s own source, split in two here) and kept.
  Until the sixth round a wrong branch made ``memo_tail`` time ``cached_row`` and its check compare nothing
  (docs/performance.md, "Sixth round"): measured since, it takes longer than the full encoder.
  ``memo_tail_int16``: the same with the kept inputs stored in int16 (4 times fewer bytes kept).
  ``--check-memo N`` first plays N steps of 64 games of four mixes (two players; the base four with the Vagabond;
  the Cult, Riverfolk, Corvids and Vagabond; the Hundreds with the Marquise and Eyrie) comparing every row it
  writes with the full encoder's.

- ``seated``: the seated observation (``observation="seated"``, ``engine.observe_seated``: the seated factions'
  entries and those of the rules in play) in place of the full one, on a seated batch (issue 32, seventh round);
  ``seated_no_mask``: the same without the mask.

``--changes N`` also steps N random decisions of every game and counts, per state region (``layout.REGIONS``),
in what share of the decisions it changed (the inputs an incremental observation would compare), and how often
the deciding faction (the observation's viewer) changed.

Timing harness only: nothing is asserted (docs/performance.md, "Fifth round: where a vector step's time goes").
"""
from __future__ import annotations

import argparse
import datetime
import functools
import importlib.util
import json
import os
import re
import statistics
import tempfile
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
# observe's fields up to the item supply (the map, the per-faction fields, the crafted items): the fields whose
# inputs change in most decisions; `incremental_floor` re-encodes these
_PREFIX_END = "    _copy(out, k, state, ITEM_SUPPLY, NITEM)\n    k += NITEM\n"


def observe_prefix():
    """``observe`` cut after the item supply field (returns there), compiled with plain numba: the part of the
    encoder ``incremental_floor`` re-encodes."""
    src = (ROOT / "root_env" / "engine" / "observe.py").read_text()
    if _PREFIX_END not in src:
        raise RuntimeError("observe.py has changed: the item supply field to cut the encoder after is not found")
    src = src.replace(_PREFIX_END, _PREFIX_END + "    return out\n", 1)
    src = src.replace("from .jit import njit", "from numba import njit").replace("cache=True", "cache=False")
    src = re.sub(r"^from \.\.(\w+)", r"from root_env.\1", src, flags=re.M)
    src = re.sub(r"^from \.(\w+)", r"from root_env.engine.\1", src, flags=re.M)
    path = Path(tempfile.mkdtemp()) / "observe_prefix.py"
    path.write_text(src)
    spec = importlib.util.spec_from_file_location(path.stem, path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod.observe


@functools.lru_cache(maxsize=None)
def observe_split():
    """(observe, observe_head, observe_tail, K0, IDX): the encoder, its fields before the Vagabonds' (returning there),
    the rest written from offset K0 (the same source lines), and the state entries the rest reads (every region
    whose name its code uses), compiled with plain numba."""
    from root_env import layout
    from root_env.engine.observe import OBS_TABLE
    src = (ROOT / "root_env" / "engine" / "observe.py").read_text()
    src = src.replace("from .jit import njit", "from numba import njit").replace("cache=True", "cache=False")
    src = re.sub(r"^from \.\.(\w+)", r"from root_env.\1", src, flags=re.M)
    src = re.sub(r"^from \.(\w+)", r"from root_env.engine.\1", src, flags=re.M)
    lines = src.split("\n")
    start = lines.index(next(x for x in lines if x.startswith("def observe(")))
    cut = next(i for i, x in enumerate(lines) if x.startswith("    # Vagabonds: everything"))
    end = next(i for i, x in enumerate(lines) if i > cut and x == "    return out")
    k0 = 0
    for f in OBS_TABLE:
        if f.name == "vagabond_character":
            break
        k0 += f.size
    head = [lines[start].replace("def observe(", "def observe_head(")] + lines[start + 1:cut] + ["    return out"]
    tail = ["def observe_tail(state, viewer, out):", f"    k = {k0}"] + lines[cut:end + 1]
    path = Path(tempfile.mkdtemp()) / "observe_split.py"
    path.write_text(src + "\n\n@njit\n" + "\n".join(head) + "\n\n\n@njit\n" + "\n".join(tail) + "\n")
    spec = importlib.util.spec_from_file_location(path.stem, path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    names = set(re.findall(r"\b([A-Z][A-Z0-9_]+)\b", "\n".join(lines[cut:end]))) & {n for n, _, _ in layout.REGIONS}
    idx = set()
    for name in names:
        at, n = layout.region(name)
        idx.update(range(at, at + n))
    return mod.observe, mod.observe_head, mod.observe_tail, k0, np.array(sorted(idx), np.int64)


VARIANTS = {  # name: (the check, the observation (none, encode, twice, cached, floor), the mask)
    "step": (True, "encode", True),
    "no_check": (False, "encode", True),
    "no_observation": (True, "none", True),
    "no_mask": (True, "encode", False),
    "engine_only": (False, "none", False),
    "observation_twice": (True, "twice", True),
    "cached_row": (True, "cached", True),
    "incremental_floor": (True, "floor", True),
    "memo_tail": (True, "memo", True),
    "memo_tail_int16": (True, "memo", True),
    "seated": (True, "seated", True),
    "seated_no_mask": (True, "seated", False),
}
# the kept inputs' dtype of a memo_tail variant (int64 otherwise): each input is stored in it and compared widened,
# so a narrower dtype stays exact (an input it cannot hold never matches, and its tail is encoded)
KEPT_DTYPES = {"memo_tail_int16": np.int16}
_OBS_MODES = {"none": 0, "encode": 1, "twice": 2, "cached": 3, "floor": 4, "memo": 5, "memo_checked": 6, "seated": 7}


def kernels(names=None):
    """Name -> a compiled variant of the step's loop, each taking (states, ints, views, obs, masks, kept, cards,
    kept_viewer, kept_in, scratch) and returning -1 if an action was refused, else the rows that differed from the
    full encoder's (``memo_checked``, ``memo_tail`` checked) or 0."""
    from numba import njit
    from root_env.engine.batch import (_column, _record, _start, _views, check_batch, int_views, int_sel, I_PLAYER,
                                       M_EPISODE)
    from root_env.engine.observe_seated import observe_seated
    from root_env.engine.core import apply, fill_mask
    from root_env.engine.observe import observe
    from root_env.layout import CARD_LOC, DECIDER, GAME_OVER
    from root_env.data import NCARD
    prefix = observe_prefix()
    full, head, tail, k0, idx = observe_split()

    @njit
    def memo(s, d, o, g, kept, kept_viewer, kept_in):
        head(s, d, o)
        diff = kept_viewer[g] ^ d
        for i in range(idx.shape[0]):
            diff |= s[idx[i]] ^ kept_in[g, i]
        row = kept[g]
        if diff == 0:
            for i in range(k0, o.shape[0]):
                o[i] = row[i]
        else:
            tail(s, d, o)
            for i in range(k0, o.shape[0]):
                row[i] = o[i]
            for i in range(idx.shape[0]):
                kept_in[g, i] = s[idx[i]]
            kept_viewer[g] = d

    def make(do_check, mode, do_mask):
        @njit
        def loop(states, ints, views, obs, masks, kept, cards, kept_viewer, kept_in, scratch):
            n = states.shape[0]
            cfg, factions, meta, actions, info, final_vp = int_views(ints, n)
            sel = int_sel(ints, n)  # a seated batch's layout (empty: the full observation)
            if do_check and check_batch(states, actions, cfg, info) > 0:
                return -1
            p = factions.shape[0]
            rewards = np.zeros((n, p), np.float32)  # an ended game's rewards (vector_step writes the caller's)
            differ = 0
            for g in range(n):
                s = states[g]
                apply(s, actions[g])
                if s[GAME_OVER] != 0:
                    _record(states, g, factions, info, rewards, final_vp)
                    _views(s, g, factions, cfg, views, sel)
                    meta[g, M_EPISODE] += 1
                    _start(states, g, meta, factions, cfg)
                    kept_viewer[g] = -2  # a new game: nothing kept
                d = s[DECIDER]
                info[g, I_PLAYER] = _column(factions, d)
                o = obs[g]
                if mode == 1 or mode == 2:
                    observe(s, d, o)
                    if mode == 2:
                        observe(s, d, o)
                elif mode == 3 or mode == 4:  # (mode >= 3 here made the memo branch below unreachable until
                    row = kept[g]               # the sixth round: memo_tail then timed cached_row)
                    for i in range(o.shape[0]):
                        o[i] = row[i]
                    if mode == 4:
                        prefix(s, d, o)
                        diff = 0
                        for c in range(NCARD):
                            diff |= s[CARD_LOC + c] ^ cards[g, c]
                        if diff != 0:
                            for c in range(NCARD):
                                cards[g, c] = s[CARD_LOC + c]
                elif mode == 7:
                    observe_seated(s, d, o, sel)
                elif mode >= 5:
                    if d >= 0:
                        memo(s, d, o, g, kept, kept_viewer, kept_in)
                    else:
                        observe(s, d, o)
                    if mode == 6:
                        full(s, d, scratch)
                        for i in range(o.shape[0]):
                            if o[i] != scratch[i]:
                                differ += 1
                                break
                if do_mask:
                    fill_mask(s, masks[g])
            return differ
        return loop
    chosen = dict(VARIANTS, memo_checked=(True, "memo_checked", True))
    return {name: make(c, _OBS_MODES[m], k) for name, (c, m, k) in chosen.items() if names is None or name in names}


KERNELS = {}  # the compiled variants (kernels()), compiled once per process


def batch_args(size: int, ids, dtype, kept_dtype=np.int64, observation="full") -> tuple:
    """A reset batch's arguments for a variant (its states first), then its actions array (last)."""
    from root_env.engine import batch as B
    from root_env.data import NCARD
    b = B.Batch(size, ids, views=True, obs_dtype=dtype, max_turns=255, observation=observation)
    b.reset(seed=0)
    n_in = observe_split()[4].shape[0] if {"memo_tail", "memo_checked"} & set(KERNELS) else 1
    return (b.states, b.ints, b.views, b.obs, b.masks, np.zeros((size, B.OBS_SIZE), dtype),
            np.zeros((size, NCARD), np.int64), np.full(size, -2, np.int64), np.zeros((size, n_in), kept_dtype),
            np.zeros(B.OBS_SIZE, dtype), b.actions)


def _choose():
    from numba import njit
    from root_env.layout import LEGAL, LEGAL_N

    @njit
    def choose(states, actions, rng):  # a uniformly random legal action per game (xorshift32), outside the timing
        for g in range(states.shape[0]):
            x = rng[0]
            x ^= (x << 13) & 0xFFFFFFFF
            x ^= x >> 17
            x ^= (x << 5) & 0xFFFFFFFF
            rng[0] = x
            actions[g] = states[g, LEGAL + ((x * states[g, LEGAL_N]) >> 32)]
    return choose


MEMO_MIXES = (("marquise", "eyrie"), ("marquise", "eyrie", "alliance", "vagabond"),
              ("lizards", "riverfolk", "corvids", "vagabond"), ("hundreds", "marquise", "eyrie"))


def check_memo(steps: int, dtype) -> dict:
    """Rows of ``memo_tail`` that differ from the full encoder's, per mix, over `steps` steps of 64 games."""
    from root_env.game import faction_ids
    choose = _choose()
    out = {}
    for mix in MEMO_MIXES:
        args = batch_args(64, faction_ids(mix), dtype)
        rng = np.array([987654321], np.int64)
        differ = 0
        for _ in range(steps):
            choose(args[0], args[-1], rng)
            r = KERNELS["memo_checked"](*args[:-1])
            if r < 0:
                raise RuntimeError("a random legal action was refused")
            differ += r
        out[",".join(mix)] = {"rows": steps * 64, "rows_differing": differ}
    return out


def measure(size: int, factions: tuple, dtype, seconds: float, rounds: int) -> dict:
    from root_env.game import faction_ids
    choose = _choose()

    ids = faction_ids(factions)
    runs = {}
    for name, fn in KERNELS.items():
        if name == "memo_checked":
            continue
        args = batch_args(size, ids, dtype, KEPT_DTYPES.get(name, np.int64),
                          "seated" if VARIANTS[name][1] == "seated" else "full")
        rng = np.array([12345], np.int64)

        def run(seconds, fn=fn, args=args, rng=rng):
            done, spent = 0, 0.0
            while spent < seconds:
                choose(args[0], args[-1], rng)
                t0 = time.process_time()
                fn(*args[:-1])
                spent += time.process_time() - t0
                done += size
            return 1e9 * spent / done
        runs[name] = run
    for run in runs.values():  # compile and warm up out of the timings
        run(max(seconds / 2, 0.1))
    per_round = {k: [] for k in runs}
    for _ in range(rounds):
        for k, run in runs.items():
            per_round[k].append(run(seconds))
    base = per_round["step"]
    return {k: {"ns_per_decision": statistics.median(v), "decisions_per_cpu_s": 1e9 / statistics.median(v),
                "time_over_step": statistics.median(x / y for x, y in zip(v, base)), "rounds_ns": v}
            for k, v in per_round.items()}


def changes(size: int, factions: tuple, decisions: int) -> dict:
    """Share of random decisions in which each state region changed, and the viewer (the decider) changed."""
    from root_env.engine import batch as B
    from root_env.game import faction_ids
    from root_env.layout import REGIONS, DECIDER
    b = B.Batch(size, faction_ids(factions), obs=False, mask=False, max_turns=255)
    b.reset(seed=0)
    counts = np.zeros(len(REGIONS), np.int64)
    steps = viewer = 0
    for _ in range(decisions):
        before = b.states.copy()
        b.random_step()
        kept = b.info[:, B.I_ENDED] == 0  # a restarted game is a new game, not a change
        diff = (before != b.states)[kept]
        for i, (_, o, n) in enumerate(REGIONS):
            counts[i] += int(diff[:, o:o + n].any(axis=1).sum())
        steps += int(kept.sum())
        viewer += int((before[kept, DECIDER] != b.states[kept, DECIDER]).sum())
    return {"decisions": steps, "viewer_changed": viewer / steps,
            "regions": {REGIONS[i][0]: counts[i] / steps for i in np.argsort(-counts) if counts[i] > 0}}


def main(argv=None) -> dict:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--seconds", type=float, default=0.25, help="CPU seconds per variant per round")
    p.add_argument("--rounds", type=int, default=7)
    p.add_argument("--size", type=int, default=64, help="games")
    p.add_argument("--factions", default="marquise,eyrie")
    p.add_argument("--dtype", default="uint8", choices=("uint8", "float32"), help="the observation's dtype")
    p.add_argument("--changes", type=int, default=0, metavar="N", help="also count the regions' changes over N "
                   "random decisions of every game")
    p.add_argument("--variants", default=",".join(VARIANTS), help="the variants to time (step is always timed)")
    p.add_argument("--check-memo", type=int, default=0, metavar="N", help="first compare memo_tail's rows with "
                   "the full encoder's over N steps of 64 games of four mixes")
    p.add_argument("--json", help="also write the JSON here")
    a = p.parse_args(argv)
    factions = tuple(a.factions.split(","))
    from root_env.warmup import run_stage
    for stage in ("engine", "batch"):
        run_stage(stage)
    names = {"step"} | set(a.variants.split(",")) | ({"memo_checked"} if a.check_memo else set())
    unknown = names - set(VARIANTS) - {"memo_checked"}
    if unknown:
        p.error(f"unknown variants {sorted(unknown)}; known: {', '.join(VARIANTS)}")
    KERNELS.update(kernels(names))
    checked = check_memo(a.check_memo, np.dtype(a.dtype)) if a.check_memo else None
    load0 = os.getloadavg()
    figures = measure(a.size, factions, np.dtype(a.dtype), a.seconds, a.rounds)
    res = {"date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
           "loadavg_before": load0, "loadavg_after": os.getloadavg(), "games": a.size, "factions": list(factions),
           "dtype": a.dtype, "seconds": a.seconds, "rounds": a.rounds, "clock": "time.process_time",
           "figures": figures, "memo_tail_checked": checked}
    if a.changes:
        res["changes"] = changes(a.size, factions, a.changes)
    print(f"{a.size} games of {', '.join(factions)}, {a.dtype} observation, one core, {a.rounds} rounds of "
          f"{a.seconds} CPU s; {res['date']}; load {load0[0]:.2f} -> {res['loadavg_after'][0]:.2f}")
    print("| variant | CPU ns per decision (median) | time / step's (median of the rounds' ratios) |\n|---|---|---|")
    for k, v in figures.items():
        print(f"| {k} | {v['ns_per_decision']:,.0f} | {v['time_over_step']:.3f} |")
    if checked:
        print("memo_tail against the full encoder: " + "; ".join(
            f"{k}: {v['rows_differing']} of {v['rows']} rows differ" for k, v in checked.items()))
    if a.changes:
        c = res["changes"]
        print(f"{c['decisions']} decisions; the viewer changed in {c['viewer_changed']:.1%}; regions changed in:")
        print(", ".join(f"{k} {v:.1%}" for k, v in c["regions"].items()))
    if a.json:
        with open(a.json, "w") as f:
            json.dump(res, f, indent=2)
    return res


if __name__ == "__main__":
    main()
