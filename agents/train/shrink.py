"""Rewrite policy files with float16 weights (``agents.pretrained.WEIGHT_DTYPE``), measuring that they play the same.

    python -m agents.train.shrink agents/models/policy_*.npz [--positions 2048] [--games 24]

A float32 policy file (``agents.pretrained``'s format) is rewritten in place with its layers stored as float16 and its
normaliser as float32 (``pretrained.stored``): about half the bytes. Its model card (``policy_<faction>.json``) then
names the new file's digest, and ``stored`` records the measurement that ties the new file to the one the card's
strength was measured on (``strength_measured_on``, that file's digest):

* ``positions``, ``same_choice``: the likeliest legal action of the float16 file (float32 arithmetic, how it plays
  now) against the float32 file's (float64 arithmetic, how it played when measured) at the faction's decisions of
  heuristic games at its table (``positions``: game seed ``seed``, ``agents.train.bc.collect``);
* ``games``, ``game_decisions``, ``game_differ``, ``wins``: the first `games` games of
  ``benchmarks.pretrained_strength`` (the same seeds and seats) played by the float16 file, the float32 file asked
  at each of its decisions too: with ``game_differ`` 0 these are the float32 file's games, move for move (the games
  are seeded and every other seat is the same), and ``wins`` the faction's wins in them (with `games` > 0: each
  game costs the float32 and the float16 network's arithmetic at every decision, one game at a time per seating).

A file whose layers are float16 already is left as it is. ``--record FILE`` also writes the float32 file's choices at
those positions into FILE (JSON, by faction: ``tests/data/pretrained_choices.json``, which ``tests/test_pretrained.py``
replays against the shipped file: as many choices the same as measured here).
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import numpy as np

SEED = 7_000


def positions(faction: str, samples: int, seed: int = SEED) -> tuple[np.ndarray, np.ndarray]:
    """(observations, masks) of `faction`'s decisions with a choice in heuristic games at its table
    (``agents.train.expert.TABLES``), about `samples` decisions of every seat gathered, game seeds from `seed`."""
    from agents.train import bc
    from agents.train.expert import TABLES
    from root_env.data import FACTION_NAMES
    d = bc.collect(TABLES[faction], samples, seed=seed, keep=1.0, votes=1)
    mine = d["faction"] == FACTION_NAMES.index(faction)
    return d["obs"][mine], d["masks"][mine]


class _Compared:
    """`after` playing, `before` asked at the same decisions: how many it would have played otherwise."""

    def __init__(self, before, after):
        self.before, self.after, self.faction = before, after, after.faction
        self.decisions = self.differ = 0

    def act_batch(self, observations, masks):
        a = self.after.act_batch(observations, masks)
        self.decisions += len(a)
        self.differ += int((self.before.act_batch(observations, masks) != a).sum())
        return a

    def act(self, observation, action_mask=None):
        return self.after.act(observation, action_mask)


def _same_games(faction: str, before, after, games: int) -> dict:
    """The first `games` games of ``benchmarks.pretrained_strength`` played by `after`, `before` asked too."""
    from agents.policies import play
    from agents.train.expert import TABLES
    from benchmarks.pretrained_strength import SEED0
    from root_env.data import FACTION_NAMES
    table, fid = TABLES[faction], FACTION_NAMES.index(faction)
    both, wins = _Compared(before, after), 0
    for rot in range(4):
        seeds = SEED0 + np.arange(rot, games, 4)
        if seeds.size:
            seats = table[rot:] + table[:rot]
            r = play(seats, {x: (both if x == faction else "heuristic") for x in seats}, seeds.size, seeds=seeds)
            wins += int(((r["winners"] >> fid) & 1).sum())
    return {"games": games, "game_decisions": both.decisions, "game_differ": both.differ, "wins": wins}


def shrink_file(path, samples: int = 2048, games: int = 4, seed: int = SEED, command: str = "",
                choices_to=None) -> dict | None:
    """Rewrite policy file `path` with float16 layers and update its card; returns the card's ``stored`` record, or
    None when the file's layers are float16 already. `choices_to`: a JSON file that gets the float32 file's choices."""
    from agents import pretrained
    from agents.train.export import file_digest
    from root_env.files import read_plain_npz
    path = Path(path)
    raw = read_plain_npz(path, pretrained.MAX_FILE_BYTES, pretrained._bad)
    if raw["W0"].dtype == pretrained.WEIGHT_DTYPE:
        return None
    t0, c0 = time.perf_counter(), time.process_time()
    model = pretrained.check(raw, path)
    before = pretrained.PretrainedAgent(model, dtype=np.float64)
    digest, size = file_digest(path), path.stat().st_size
    tmp = path.with_name(path.stem + ".half.npz")
    np.savez_compressed(tmp, **pretrained.stored(raw))
    after = pretrained.load_path(tmp)
    obs, masks = positions(model["faction"], samples, seed)
    a0, a1 = before.act_batch(obs, masks), after.act_batch(obs, masks)
    record = {"weights": f"{np.dtype(pretrained.WEIGHT_DTYPE).name} layers, float32 mean and scale; float32 arithmetic",
              "strength_measured_on": digest, "bytes_before": size, "bytes": tmp.stat().st_size,
              "positions": int(len(obs)), "same_choice": int((a0 == a1).sum()), "positions_seed": seed,
              **(_same_games(model["faction"], before, after, games) if games else {}),
              "cpu_seconds": round(time.process_time() - c0, 1), "wall_seconds": round(time.perf_counter() - t0, 1),
              "command": command}
    tmp.replace(path)
    if choices_to is not None:
        choices_to = Path(choices_to)
        rec = json.loads(choices_to.read_text()) if choices_to.exists() else {}
        rec[model["faction"]] = {"samples": samples, "seed": seed, "differ": int((a0 != a1).sum()),
                                 "choices": a0.tolist()}
        choices_to.write_text(json.dumps(rec, separators=(",", ":")) + "\n")
    card = path.with_suffix(".json")
    if card.exists():
        d = json.loads(card.read_text())
        if d.get("sha256") == digest:  # the card's strength was measured on the file before
            d["sha256"] = file_digest(path)
        d["stored"] = record
        card.write_text(json.dumps(d, indent=1) + "\n")
    return record


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m agents.train.shrink", description=__doc__.split("\n\n")[0])
    ap.add_argument("paths", nargs="+")
    ap.add_argument("--positions", type=int, default=2048, help="decisions of every seat gathered (the faction's kept)")
    ap.add_argument("--games", type=int, default=4, help="games of benchmarks.pretrained_strength played (0: none)")
    ap.add_argument("--seed", type=int, default=SEED)
    ap.add_argument("--record", default=None, help="a JSON file for the float32 file's choices at the positions")
    a = ap.parse_args(argv)
    command = "python -m agents.train.shrink " + " ".join(sys.argv[1:] if argv is None else argv)
    for path in a.paths:
        r = shrink_file(path, a.positions, a.games, a.seed, command, a.record)
        print(path, "float16 already" if r is None else json.dumps(r))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
