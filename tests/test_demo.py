"""``make demo`` (root_env.demo): a seeded game between agents, shown as text, played to the end."""
import re

from root_env.demo import play, BASE4


def test_demo_plays_a_seeded_four_player_game_to_the_end(capsys):
    g = play(2024, 8, BASE4, "heuristic")
    out = capsys.readouterr().out
    assert g.is_over and (g.winners or g.truncated)
    assert "GAME OVER" in out and "--- setup ---" in out
    again = play(2024, 8, BASE4, "heuristic")
    assert again.state.tobytes() == g.state.tobytes()  # same seed, same game


def test_demo_with_random_agents_and_two_factions(capsys):
    g = play(7, 10, ("marquise", "eyrie"), "random")
    assert g.is_over
    assert "GAME OVER" in capsys.readouterr().out


# ---------------------------------------------------------------------------------------------- make demo / make test

import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# What `pip install -e .` brings (pyproject's core dependencies and theirs): the demo may import nothing else.
CORE_MODULES = {"numpy", "numba", "llvmlite", "gymnasium", "pettingzoo", "cloudpickle", "typing_extensions",
                "farama_notifications", "threadpoolctl", "root_env", "agents"}


def test_the_demo_imports_only_the_core_dependencies():
    """`make demo` installs only the core (`pip install -e .`): a game of the demo runs with every other
    third-party package refused at import."""
    guard = textwrap.dedent(f"""
        import sys, importlib.abc
        allowed = {sorted(CORE_MODULES)!r}
        class Refuse(importlib.abc.MetaPathFinder):
            def find_spec(self, name, path=None, target=None):
                top = name.split(".")[0]
                if top in sys.stdlib_module_names or top in allowed or top.startswith("_"):
                    return None
                raise ImportError(f"the demo imported {{name}}, which the core install does not have")
        sys.meta_path.insert(0, Refuse())
        from root_env import demo
        demo.main(["--factions", "marquise,eyrie", "--agents", "random", "--seed", "3"])
    """)
    r = subprocess.run([sys.executable, "-c", guard], cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stderr[-3000:]
    assert "winner:" in r.stdout or "no winner" in r.stdout


def _make(tmp, target):
    r = subprocess.run(["make", "-s", target], cwd=tmp, capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stdout + r.stderr
    log = tmp / "calls.log"
    calls = log.read_text().splitlines() if log.exists() else []
    log.write_text("")
    return calls


def _fake_checkout(tmp):
    """The Makefile, pyproject.toml and constraints.txt, with a stand-in .venv/bin/python that logs what it is asked."""
    for name in ("Makefile", "pyproject.toml", "constraints.txt"):
        shutil.copy(ROOT / name, tmp / name)
    py = tmp / ".venv" / "bin" / "python"
    py.parent.mkdir(parents=True)
    py.write_text(f'#!/bin/sh\necho "$*" >> {tmp}/calls.log\n')
    py.chmod(0o755)


def test_make_demo_installs_the_core_and_make_test_the_dev_extra_in_either_order(tmp_path):
    a = tmp_path / "demo_first"
    a.mkdir()
    _fake_checkout(a)
    assert _make(a, "demo") == ["-m pip install -c constraints.txt -e .", "-m root_env.demo"]
    assert _make(a, "venv-dev") == ["-m pip install -c constraints.txt -e .[dev]"]   # what `make test` adds
    assert _make(a, "demo") == ["-m root_env.demo"]
    b = tmp_path / "test_first"
    b.mkdir()
    _fake_checkout(b)
    assert _make(b, "venv-dev") == ["-m pip install -c constraints.txt -e .[dev]"]
    assert _make(b, "demo") == ["-m root_env.demo"]                 # the dev extra holds the core
    os.utime(b / "pyproject.toml", (2e9, 2e9))                        # pyproject.toml changed: both install again
    assert _make(b, "demo") == ["-m pip install -c constraints.txt -e .", "-m root_env.demo"]
    assert _make(b, "venv-dev") == ["-m pip install -c constraints.txt -e .[dev]"]
    os.utime(b / "constraints.txt", (2.1e9, 2.1e9))                   # the pinned numba changed: likewise
    assert _make(b, "demo") == ["-m pip install -c constraints.txt -e .", "-m root_env.demo"]
    assert _make(b, "venv-dev") == ["-m pip install -c constraints.txt -e .[dev]"]


def test_the_demos_log_shows_each_battles_dice_hits_and_removals(capsys):
    """Law 4.3: a battle's line gives the clearing, attacker, defender and both dice, then the hits, then what it
    removed; an ambush that leaves no attacker says the battle ends without dice (4.3.1)."""
    play(4, 100, ("marquise", "eyrie"), "heuristic")  # a seed whose game meets both (heuristic changes re-roll games)
    out = capsys.readouterr().out.splitlines()
    dice = [i for i, x in enumerate(out) if re.match(r"    >> battle in clearing \d+ \(\w+\): \w+ attacks \w+; dice \d and "
                                                    r"\d: \w+ rolls \d, \w+ rolls \d", x)]
    assert dice
    for i in dice:
        assert re.match(r"    >> hits: \w+ deals \d+, \w+ deals \d+$", out[i + 1]), out[i:i + 2]
    assert any(" loses " in x or " removed" in x for i in dice for x in out[i + 2:i + 4] if x.startswith("    >> "))
    assert any("the ambush removed every attacking warrior: the battle ends without dice" in x for x in out)
    assert all(x.startswith("    >> ") for x in out if "dice" in x and "battle in" in x)
