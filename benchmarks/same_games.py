"""Whether an engine change keeps the games the same: seeded random games, digested, in this tree and another revision.

    python -m benchmarks.same_games [--rev REV] [--games 40] [--json PATH] [--write]

A speed change must not change a game: the same seed, the same decisions, the same final state. Each tree plays, for
every faction mix below on every map, in standard and Advanced Setup, ``--games`` seeded random games
(``engine.playout.random_playout``, the compiled random player): 120 decisions from ``new_game``, then to the end
with the next seed. A mix's digest is the sha256 of, for each game in order, the state's bytes after the 120
decisions and at the end, and the decisions taken (the state holds the RNG, the pending decision and its legal
actions, so equal bytes mean the same sequence of menus and choices). Every mix, map and setup plays the same seeds
in both trees.

With ``--rev``, the other revision is exported (``git archive``) to a temporary folder and imported from there in a
process of its own, with its shipped precompiled cache (``benchmarks.side_by_side --no-compile`` does the same), and
the digests are compared: the exit status is 1 where any differs. ``tests/test_same_games.py`` checks a few of these
games against digests recorded in ``tests/same_games_digests.json`` (``--write`` records them anew: only after a
change meant to change games, a rule's fix).
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MIXES = {
    "marquise+eyrie": ("marquise", "eyrie"),
    "base 4": ("marquise", "eyrie", "alliance", "vagabond"),
    "keepers4": ("keepers", "marquise", "eyrie", "alliance"),
    "hundreds4": ("hundreds", "marquise", "vagabond", "lizards"),
    "riverfolk+corvids": ("riverfolk", "corvids", "lizards", "eyrie"),
    "keepers+hundreds 6": ("keepers", "hundreds", "corvids", "riverfolk", "vagabond", "alliance"),
}
PREFIX = 120  # decisions played before the first digest of a game
TEST_DIGESTS = ROOT / "tests" / "same_games_digests.json"  # what tests/test_same_games.py checks
TEST_GAMES = 2  # its games per mix, map and setup

# Run inside a tree: print one JSON line, {mix: digest}. Older trees without the maps play the Autumn map only.
_PLAYER = r"""
import hashlib, json, sys
from root_env.engine.core import make_state, new_game
from root_env.engine.playout import random_playout
from root_env.game import faction_ids
from root_env.data import SETUP_OPTION_BIT, MAP_OPTION_SHIFT
from root_env.map_data import MAP_NAMES
mixes, games, prefix = json.loads(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
s = make_state()
out = {}
for name, factions in mixes.items():
    ids = faction_ids(tuple(factions))
    h = hashlib.sha256()
    seed = 0
    for m in range(len(MAP_NAMES)):
        # revisions up to 525aca8 refuse Advanced Setup with the Duchy: its mixes play the standard one
        for setup in ((0,) if "duchy" in factions else (0, SETUP_OPTION_BIT)):
            for g in range(games):
                seed += 1
                new_game(s, ids, seed, 300, 1, setup | (m << MAP_OPTION_SHIFT))
                n = random_playout(s, seed, prefix)
                h.update(s.tobytes())
                n += random_playout(s, seed + 1000003, 1 << 40)
                h.update(s.tobytes())
                h.update(n.to_bytes(8, "little"))
    out[name] = h.hexdigest()
print(json.dumps(out))
"""


def digests(tree: Path, mixes: dict, games: int) -> dict:
    """{mix: digest} of the seeded games played in `tree` (its own compiled cache)."""
    r = subprocess.run([sys.executable, "-c", _PLAYER, json.dumps(mixes), str(games), str(PREFIX)], cwd=tree,
                       env={**os.environ, "PYTHONPATH": str(tree)}, capture_output=True, text=True)
    if r.returncode != 0:
        raise RuntimeError(f"playing the games in {tree} failed:\n{r.stderr[-2000:]}")
    return json.loads(r.stdout.strip().splitlines()[-1])


def main(argv=None) -> dict:
    p = argparse.ArgumentParser(prog="python -m benchmarks.same_games", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--rev", help="compare with this git revision (exported, its shipped cache)")
    p.add_argument("--games", type=int, default=40, help="games per mix, map and setup")
    p.add_argument("--mix", action="append", default=[], metavar="NAME=F1,F2,...",
                   help="another mix to play besides the standard ones (repeatable), e.g. "
                   "duchy4=duchy,marquise,eyrie,alliance (a mix with the Duchy plays the standard setup only); "
                   "not recorded by --write")
    p.add_argument("--json", metavar="PATH")
    p.add_argument("--write", action="store_true", help=f"record this tree's digests of {TEST_GAMES} games per map and "
                   f"setup in {TEST_DIGESTS.relative_to(ROOT)} (after a change meant to change games) and stop")
    a = p.parse_args(argv)
    if a.write:
        rev = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"], capture_output=True,
                             text=True).stdout.strip()
        rec = {"games_per_map_and_setup": TEST_GAMES, "recorded_at": rev, "digests": digests(ROOT, MIXES, TEST_GAMES)}
        TEST_DIGESTS.write_text(json.dumps(rec, indent=1) + "\n")
        print(f"wrote {TEST_DIGESTS}")
        return {}
    if a.games < 1:
        p.error("--games must be >= 1")
    mixes = dict(MIXES)
    for spec in a.mix:
        name, _, factions = spec.partition("=")
        if not name or not factions:
            p.error(f"--mix wants NAME=F1,F2,...: {spec!r}")
        mixes[name] = tuple(factions.split(","))
    res = {"games_per_mix": {k: a.games * (4 if "duchy" in v else 8) for k, v in mixes.items()},
           "mixes": {k: list(v) for k, v in mixes.items()},
           "new": digests(ROOT, mixes, a.games)}
    if a.rev:
        from benchmarks.side_by_side import export
        with tempfile.TemporaryDirectory() as tmp:
            res["rev"] = a.rev
            res["old"] = digests(export(a.rev, Path(tmp) / "old"), mixes, a.games)
        res["identical"] = res["old"] == res["new"]
    for name in mixes:
        same = "" if not a.rev else ("  same" if res["old"][name] == res["new"][name] else "  DIFFERENT")
        print(f"{name:<22}{res['new'][name][:16]}{same}")
    if a.rev:
        print(f"{a.games * 8} games per mix (4 maps x 2 setups x {a.games}; a mix with the Duchy {a.games * 4}, the "
              f"standard setup only), against {a.rev}: "
              + ("identical" if res["identical"] else "NOT identical"))
    if a.json:
        Path(a.json).write_text(json.dumps(res, indent=2))
    return res


if __name__ == "__main__":
    sys.exit(0 if main().get("identical", True) else 1)
