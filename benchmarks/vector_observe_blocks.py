"""Where the seated observation's time goes: copies of ``observe_seated`` with one block of fields left out, timed
side by side.

    python -m benchmarks.vector_observe_blocks [--rounds 7] [--seconds 0.2] [--size 64] [--factions marquise,eyrie]
                                               [--variants whole,no_cards,...] [--json PATH]

``engine.observe_seated`` is read from this checkout and compiled here (plain ``numba.njit``, no cache: about 1.5
minutes a variant on the shared machine) once whole and once per variant with one block of its fields left out;
each is timed on the same positions (``--size`` games of ``--factions``, the seated uint8 observation, cap 255, eight
snapshots 50 random decisions apart), one core, CPU time, in turn, ``--rounds`` rounds of ``--seconds`` each. A
variant writes fewer entries (its rows are wrong: timed, never used), so ``whole`` less it is what that block costs:
the median of the rounds' differences is printed beside each median.

- ``no_cards``: the cards field (``_cards``: every card's location, the seen-in-hand and Decree features);
- ``no_board``: the warriors, buildings and tokens of every clearing;
- ``no_map``: the map's fields (``_map_fields``: the map, its open paths, the Ferry);
- ``no_registers``: the context registers;
- ``empty``: nothing written (the call, the layout's offsets): the floor.

The snapshots (eight of 64 games, 11 MB of states) do not fit the core's 1 MiB L2, so the figures are those of an
encoder that reads states from the L3, as a vector step's first read of a game does. Timing harness only: nothing is
asserted (docs/performance.md, vector section, "Eleventh round").
"""
from __future__ import annotations

import argparse
import os
import re
import statistics
import time
import types
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
# variant: the (text, replacement) cuts of observe_seated's source
CUTS = {
    "whole": [],
    "no_cards": [("supporters = _cards(state, viewer, out, (at[F_CARDS] & _NONNEG), sel)", "supporters = 0")],
    "no_board": [("    _cols_copy(out, (at[F_WARRIORS] & _NONNEG), state, WARRIORS, NC, sel)\n", ""),
                 ("    _rows_copy(out, (at[F_BUILDINGS] & _NONNEG), state, BUILDINGS, NBT, sel[S_BT:S_BT + NBT], NC)\n",
                  ""),
                 ("    _rows_copy(out, (at[F_TOKENS] & _NONNEG), state, TOKENS, NTT, sel[S_TT:S_TT + NTT], NC)\n", "")],
    "no_map": [("    _map_fields(state, out, (at[F_MAP] & _NONNEG))\n", "")],
    "no_registers": [("        out[(at[F_CONTEXT] & _NONNEG) + i] = np.int32(state[REG + PUBLIC_REGS[i]] + 1)", "        pass"
                      "  #")],
    "empty": [("    at = sel[S_AT:S_AT + NFIELDS]\n", "    at = sel[S_AT:S_AT + NFIELDS]\n    if at[0] != -12345:\n"
               "        return out\n")],
}


def source() -> str:
    """observe_seated.py made importable as a plain module: numba without the cache, absolute imports."""
    src = (ROOT / "root_env" / "engine" / "observe_seated.py").read_text()
    src = src.replace("from .jit import njit", "from numba import njit").replace("cache=True", "cache=False")
    src = re.sub(r"^from \.\.(\w+)", r"from root_env.\1", src, flags=re.M)
    return re.sub(r"^from \.(\w+)", r"from root_env.engine.\1", src, flags=re.M)


def variant(name: str, src: str):
    """A compiled loop ``(states, out, sel)`` writing each game's deciding seat's observation with `name`'s cuts."""
    for a, b in CUTS[name]:
        if a not in src:
            raise RuntimeError(f"observe_seated.py has changed: {name}'s cut {a.strip()!r} is not found")
        src = src.replace(a, b, 1)
    mod = types.ModuleType(f"observe_seated_{name}")
    exec(compile(src, f"<observe_seated {name}>", "exec"), mod.__dict__)
    from benchmarks.vector_kernel_parts import seated_loop
    return seated_loop(mod.observe_seated)


def measure(size, factions, names, seconds, rounds) -> dict:
    from root_env.vector import RootVectorEnv
    v = RootVectorEnv(size, factions=factions, seed=1, obs_dtype="uint8", observation="seated", max_turns=255)
    v.reset()
    rng = np.random.default_rng(1)
    snaps = []
    for i in range(400):
        v.step(v.random_actions(rng))
        if i % 50 == 49:
            snaps.append(v.states.copy())
    sel, out = v._batch.layout.sel, np.zeros_like(v._batch.obs)
    src = source()
    loops = {}
    for name in names:
        loops[name] = variant(name, src)
        loops[name](snaps[0], out, sel)  # compile
    now = time.process_time
    per = {k: [] for k in loops}
    for _ in range(rounds):
        for k, f in loops.items():
            t0, n = now(), 0
            while now() - t0 < seconds:
                for s in snaps:
                    f(s, out, sel)
                    n += s.shape[0]
            per[k].append((now() - t0) / n * 1e9)
    whole = per["whole"]
    return {k: {"ns_per_decision": statistics.median(xs),
                "whole_less_this_ns": statistics.median([w - x for w, x in zip(whole, xs)]), "rounds_ns": xs}
            for k, xs in per.items()}


def main(argv=None):
    from benchmarks.vector_kernel_parts import common_args, report, run_info
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    common_args(p, 7, 0.2)
    p.add_argument("--variants", default=",".join(CUTS), help="the variants to time (whole is always timed)")
    a = p.parse_args(argv)
    names = ["whole"] + [n for n in a.variants.split(",") if n != "whole"]
    unknown = set(names) - set(CUTS)
    if unknown:
        p.error(f"unknown variants {sorted(unknown)}; known: {', '.join(CUTS)}")
    factions = tuple(a.factions.split(","))
    load0 = os.getloadavg()
    figures = measure(a.size, factions, names, a.seconds, a.rounds)
    res = {**run_info(load0, a, factions), "figures": figures}
    return report(res, f"{a.size} games of {', '.join(factions)}, seated uint8 observation, one core, median of "
                  f"{a.rounds} rounds", ("variant", "CPU ns per decision", "whole less it (median of the rounds' "
                                         "differences)"),
                  ([k, f"{f['ns_per_decision']:,.0f}", f"{f['whole_less_this_ns']:,.0f}"] for k, f in figures.items()),
                  a.json)


if __name__ == "__main__":
    main()
