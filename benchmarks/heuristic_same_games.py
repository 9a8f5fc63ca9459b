"""Whether a speed change to the heuristics keeps their games the same: seeded arena games, digested.

    python -m benchmarks.heuristic_same_games [--games 6] [--write]

A change meant only to make ``heuristic`` (``agents.heuristic``, ``agents.table``) or ``heuristic_v1`` faster must not
change one decision: the same seed gives the same game. For each mix of ``MIXES`` and each kind (every seat played
by that kind), ``--games`` seeded games are played by ``agents.arena.play_games`` on one thread, and each game's
winners, VP, turns, decisions, truncation, VP by source and VP at the end of every round are hashed (sha256) into
one digest per mix and kind. A changed decision almost always changes the decision count or a round's VP, and with
them the digest; the agent's own generator is threaded through every decision, so one different draw changes
all that follow.

Default mode compares the digests with those recorded in ``tests/data/heuristic_same_games.json`` (exit status 1
where any differs); ``--write`` records them anew (only at a revision whose games are meant to be the reference).
``tests/test_heuristic_same_games.py`` checks the first ``TEST_GAMES`` games of each mix and kind, recorded beside.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "data" / "heuristic_same_games.json"
KINDS = ("heuristic", "heuristic_v1")
# (seats, map): the base four; five players with the Lizard Cult, Riverfolk and Corvids; the Lord of the Hundreds;
# the Keepers in Iron; two Vagabonds; the base four on another map.
MIXES = {
    "base4": (("marquise", "eyrie", "alliance", "vagabond"), "autumn"),
    "lizards+riverfolk+corvids 5": (("marquise", "eyrie", "lizards", "riverfolk", "corvids"), "autumn"),
    "hundreds4": (("hundreds", "marquise", "eyrie", "alliance"), "autumn"),
    "keepers4": (("keepers", "marquise", "eyrie", "vagabond"), "autumn"),
    "two vagabonds": (("marquise", "eyrie", "vagabond", "vagabond2"), "autumn"),
    "base4 winter": (("marquise", "eyrie", "alliance", "vagabond"), "winter"),
}
SEED0 = 34_100
GAMES = 16      # games per mix and kind by default
TEST_GAMES = 3   # games per mix and kind that the test checks


def game_digests(seats, kind, games, map_name) -> list[str]:
    """The sha256 of each of `games` seeded games (SEED0, SEED0 + 1, ...) of `seats` with every seat `kind`."""
    from agents.arena import play_games
    r = play_games(games, seats, kind, seed=SEED0, threads=1, map=map_name)
    out = []
    for i in range(games):
        h = hashlib.sha256()
        for key in ("winners", "vp", "turns", "decisions", "truncated", "vp_sources", "vp_by_round"):
            h.update(key.encode())
            h.update(np.ascontiguousarray(r[key][i]).astype(np.int64).tobytes())
        out.append(h.hexdigest())
    return out


def digests(games: int = GAMES) -> dict:
    """{"mix | kind": [digest of each game]} over ``MIXES`` and ``KINDS``."""
    out = {}
    for name, (seats, map_name) in MIXES.items():
        for kind in KINDS:
            out[f"{name} | {kind}"] = game_digests(seats, kind, games, map_name)
    return out


def combined(per_game: list[str]) -> str:
    return hashlib.sha256("".join(per_game).encode()).hexdigest()


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks.heuristic_same_games", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=GAMES, help="games per mix and kind")
    ap.add_argument("--write", action="store_true", help=f"record the digests in {DATA.relative_to(ROOT)}")
    a = ap.parse_args(argv)
    if a.games < TEST_GAMES:
        ap.error(f"--games must be at least {TEST_GAMES}")
    got = digests(a.games)
    if a.write:
        DATA.parent.mkdir(parents=True, exist_ok=True)
        rec = {"seed0": SEED0, "games": a.games, "test_games": TEST_GAMES,
               "mixes": {k: {"seats": list(v[0]), "map": v[1]} for k, v in MIXES.items()},
               "games_digest": {k: combined(v) for k, v in got.items()},
               "test_digest": {k: combined(v[:TEST_GAMES]) for k, v in got.items()}}
        DATA.write_text(json.dumps(rec, indent=1) + "\n")
        print(f"wrote {DATA}")
        return 0
    rec = json.loads(DATA.read_text())
    bad = 0
    for k, v in got.items():
        if a.games == rec["games"]:
            want, have = rec["games_digest"][k], combined(v)
        else:
            want, have = rec["test_digest"][k], combined(v[:TEST_GAMES])
        same = want == have
        bad += not same
        print(f"{'same' if same else 'DIFFERENT':9s} {k}")
    print("all games the same" if not bad else f"{bad} mix(es) differ")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
