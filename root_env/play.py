"""Play Root against the agents in a terminal.

    python -m root_env.play --as eyrie --vs random [--seed 7] [--save mygame.json]

Shows the board (with your hand) and your legal options as numbered sentences; type a number. Other
commands: ``b`` shows the board again, ``l`` the last few log lines, ``?`` help, ``q`` quits. Invalid
input is refused with a message and the question is asked again. The game record is saved on exit, on
``q``, at the end of the game and on Ctrl-C (load it with ``Game.load`` or view it with
``python -m root_env.replay``).
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

from .data import IMPLEMENTED_FACTIONS
from .game import faction_ids, Game, RootError
from .records import check_writable
from .render import render_text

AGENTS = ("random", "heuristic")
HELP = "type the number of an option; b = board, l = recent log, ? = help, q = save and quit"


class Quit(Exception):
    pass


def _agent_choice(game: Game, rng: np.random.Generator, heuristics=None) -> int:
    if heuristics is not None:
        return heuristics[game.current_player].act(game)
    legal = game.legal_actions()
    return int(legal[rng.integers(len(legal))])


def ask(game: Game, human: str, read, write) -> int:
    """Show the options of the pending decision and read a valid choice; returns the action id."""
    legal = [int(a) for a in game.legal_actions()]
    write(f"\n[{game.decision}] your options:")
    for i, a in enumerate(legal, 1):
        text = game.describe(a)
        write(f"  {i:>2}. {text.split(': ', 1)[1] if text.startswith(human + ': ') else text}")
    while True:
        raw = read(f"{human}> ")
        s = raw.strip().lower()
        if s in ("q", "quit", "exit"):
            raise Quit
        if s in ("?", "h", "help"):
            write(HELP)
            continue
        if s in ("b", "board"):
            write(render_text(game, viewer=human))
            continue
        if s in ("l", "log"):
            try:
                write("\n".join(game.log().splitlines()[-15:]))
            except RootError as e:
                write(str(e))
            continue
        if not s:
            write(f"please choose an option 1..{len(legal)} ({HELP})")
            continue
        try:
            k = int(s)
        except ValueError:
            write(f"{raw.strip()!r} is not a number: choose an option 1..{len(legal)} ({HELP})")
            continue
        if not 1 <= k <= len(legal):
            write(f"there is no option {k}: choose 1..{len(legal)}")
            continue
        return legal[k - 1]


def play(human: str, vs: str = "random", seed: int | None = None, save: str | Path | None = None,
         opponents: tuple[str, ...] | None = None, read=input, write=print, max_turns: int = 300) -> Game:
    """Run a game with `human` deciding through `read`/`write`; the others are agents. Returns the game;
    its record is written to `save` (default ``root_game_<seed>.json``) however the game ends."""
    if human not in IMPLEMENTED_FACTIONS:
        raise RootError(f"--as must be one of {', '.join(IMPLEMENTED_FACTIONS)}, got {human!r}")
    if vs not in AGENTS:
        raise RootError(f"--vs must be one of {', '.join(AGENTS)}, got {vs!r}")
    if opponents is None:
        opponents = tuple(f for f in IMPLEMENTED_FACTIONS if f != human)  # the full base game
    factions = tuple(f for f in IMPLEMENTED_FACTIONS if f == human or f in opponents)
    if save:
        check_writable(save)  # a bad path is refused now, not after the game
    game = Game.new(factions, seed=seed, max_turns=max_turns)
    path = check_writable(save or f"root_game_{game.to_record()['options']['seed']}.json")
    rng = np.random.default_rng(None if seed is None else seed + 1)
    heuristics = None
    if vs == "heuristic":
        from agents import HeuristicAgent
        heuristics = {f: HeuristicAgent(f, seed=int(rng.integers(1 << 31))) for f in factions if f != human}
    write(f"Root: you play {human} against {', '.join(f for f in factions if f != human)} ({vs}). {HELP}")
    write(render_text(game, viewer=human))
    last_turn = game.turn
    try:
        while not game.is_over:
            if game.turn != last_turn:
                last_turn = game.turn
                write("\n" + render_text(game, viewer=human))
            if game.current_player == human:
                a = ask(game, human, read, write)
                game.apply(a)
            else:
                a = _agent_choice(game, rng, heuristics)
                write(f"  {game.describe(a)}")
                game.apply(a)
        write("\n" + render_text(game, viewer=human))
    except Quit:
        write("quitting")
    except (KeyboardInterrupt, EOFError):
        write("\ninterrupted")
    finally:
        game.save(path)
        write(f"game record saved to {path}")
    return game


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m root_env.play", description=__doc__.split("\n\n")[0])
    p.add_argument("--as", dest="human", required=True, choices=IMPLEMENTED_FACTIONS, help="the faction you play")
    p.add_argument("--vs", default="random", choices=AGENTS, help="the agent the other factions use")
    p.add_argument("--seed", type=int, default=None)
    p.add_argument("--save", default=None, help="where to write the game record (JSON)")
    p.add_argument("--max-turns", type=int, default=300)
    p.add_argument("--opponents", default=None,
                   help="comma-separated factions to play against (default: every other implemented faction)")
    args = p.parse_args(argv)
    opponents = tuple(args.opponents.split(",")) if args.opponents else None
    try:
        if opponents is not None:
            faction_ids((args.human,) + opponents)  # names, duplicates, implemented: a clear error
        play(args.human, args.vs, seed=args.seed, save=args.save, max_turns=args.max_turns, opponents=opponents)
    except RootError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
