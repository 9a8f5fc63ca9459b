"""Play Root against the agents in a terminal.

    python -m root_env.play --as eyrie --vs random [--seed 7] [--save mygame.json] [--auto-forced]
    python -m root_env.play --as eyrie --vs ismcts:100         # or heuristic, heuristic_v1, value, ppo:runs/x/last.pt, module:callable
    python -m root_env.play --as eyrie --load mygame.json      # resume a saved game
    python -m root_env.play --as vagabond2 --opponents marquise,vagabond   # the second Vagabond (Law 9.8)
    python -m root_env.play --as eyrie --vs bot:mechanical_marquise:nightmare+blitz   # against a Clockwork bot
    python -m root_env.play --as eyrie --opponents bot:mechanical_marquise,vagabond --vs heuristic

Shows the map (clearings' paths, rivers and numbered forests), then the board after setup, and your
legal options as numbered sentences; type a number. A Clockwork bot (seed 004) is a seat, given in
``--opponents`` like a faction, or as ``--vs bot:...`` (then it is your opponent: alone, a two-player game, unless
``--opponents`` names others, which it joins and which the random agent plays); it plays its turns itself, and what it did is printed between your decisions,
one sentence per thing done with the rule that made it choose so. Other commands: ``b`` the board again, ``m`` the
map, ``l`` the last log lines, ``u`` undo your last decision (the agents then play again from there),
``?`` the options again and help, ``q`` quits. Invalid input is refused with a message and the question
is asked again. Your battles are printed as they happen; the last line says why the game ended. The game
record is saved on exit, on ``q``, at the end of the game and on Ctrl-C (load it with ``--load``,
``Game.load``, or view it with ``python -m root_env.replay``).
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

from .actions import action_name, block_of
from .data import ENGINE_FACTIONS, BASE_FACTIONS
from .game import faction_ids, Game, RootError
from .names import card_label
from .records import check_writable
from .codes import DECISION_NAMES
from .actions import AS_DECIDER
from .gamelog import traced_sections, corvid_changes, _CARD_STAYS_HIDDEN, _knows
from .layout import DECISION
from .names import sees_plots, is_bot_seat, seat_faction
from .render import render_text, map_text, end_reason
from .map_data import PLAYABLE_MAPS

AGENTS = ("random", "heuristic", "heuristic_v1", "ismcts:N", "ppo:PATH", "pretrained:FACTION", "pretrained",
          "module:callable")
HELP = ("type the number of an option; b = board, m = map, l = recent log, u = undo your last decision, "
        "? = options and help, q = save and quit")


_HIDDEN_CARD_DECISIONS = {DECISION_NAMES[d] for d in _CARD_STAYS_HIDDEN}


class Quit(Exception):
    pass


class Undo(Exception):
    pass


def make_opponents(vs: str, factions, human: str, rng: np.random.Generator, bots=()) -> dict | None:
    """The agents of the other factions for `vs` (an agent spec, ``agents.policies``), each a callable
    game -> action; None for the random agent (drawn from `rng`). The factions in `bots` play themselves
    (Clockwork bots). Raises RootError on a bad spec."""
    if vs == "random":
        return None
    others = [f for f in factions if f != human and f not in bots]
    seeds = {f: int(rng.integers(1 << 31)) for f in others}
    try:
        from agents.arena import parse_kind
        if vs in ("heuristic", "heuristic_v1"):
            from agents import HeuristicAgent
            version = 1 if vs == "heuristic_v1" else 2
            return {f: HeuristicAgent(f, seed=seeds[f], version=version).act for f in others}
        if vs.startswith("ismcts"):
            from agents.ismcts_agent import ISMCTSAgent, split_guide
            parse_kind(split_guide(vs)[0])  # raises with what a budget or an option must be (a guide: its policy's)
            return {f: ISMCTSAgent.from_spec(f, vs, seed=seeds[f]).act for f in others}
        if vs == "value" or vs.startswith("value:"):  # the learned value model's agent (agents.value_agent)
            from agents.value_agent import ValueAgent, spec_model
            path = spec_model(vs)
            return {f: ValueAgent(f, path=path, seed=seeds[f]).act for f in others}
        from agents.policies import resolve
        out = {}
        for f in others:
            policy = resolve(vs, seed=seeds[f], faction=f)  # a checkpoint, module:callable or pretrained[:F]; one per faction
            out[f] = lambda game, p=policy, f=f: int(p.act(game.observe(f), game.action_mask()))
        return out
    except RootError:
        raise
    except (ValueError, ImportError, OSError) as e:
        raise RootError(f"--vs {vs!r}: {e}") from None


def _agent_choice(game: Game, rng: np.random.Generator, opponents=None) -> int:
    if opponents is not None:
        return int(opponents[game.current_player](game))
    legal = game.legal_actions()
    return int(legal[rng.integers(len(legal))])


def option_text(game: Game, who: str, a: int, viewer: str | None = AS_DECIDER) -> str:
    """An option of `who` as `viewer` (by default `who`, the faction deciding) reads it, in the words the
    board uses: without the leading "faction: ", cards named as in the hands ("Fox Partisans (fox)"), a Loyal
    Vizier named as in the Decree, an item hit in battle reported as damaged (Law 9.2.7); a face-down plot's
    type only for the Corvids (seed 003 13.2.2.I)."""
    text = game.describe(a, viewer)
    text = text.split(": ", 1)[1] if text.startswith(who + ": ") else text
    block, i = block_of(a)
    if block == "card":
        text = text.replace(action_name(a), card_label(i))
    elif block == "option" and game.decision == "eyrie: resolve decree":
        text = text.replace("loyal vizier", "resolve Decree card Loyal Vizier")
    elif block == "item" and text.startswith("remove a "):
        text = "damage the " + text[len("remove a "):]
    return text


def agent_line(game: Game, a: int, viewer: str | None = None) -> str:
    """What `viewer` (None: the whole table) sees an agent do: a card that goes face down (Aid, Outrage,
    Mobilize) or is shown to the Corvids alone (Exposure) is not named unless `viewer` has seen it or everyone
    knows it afterwards (a card given into the Riverfolk's public hand, Law 11.2.3); a face-down plot's type
    is named only for the Corvids (seed 003 13.2.2.I)."""
    who = game.current_player
    text = option_text(game, who, a, viewer)
    if game.decision in _HIDDEN_CARD_DECISIONS and block_of(a)[0] == "card":
        card = block_of(a)[1]
        after = Game._wrap(game.state.copy())
        after.apply(a)
        if not _knows(after.state, card, viewer):
            text = text.replace(card_label(card), "a card")
    return f"{who}: {text}"


def ask(game: Game, human: str, read, write) -> int:
    """Show the options of the pending decision and read a valid choice; returns the action id."""
    legal = [int(a) for a in game.legal_actions()]

    def options():
        write(f"\n[{game.decision}] your options:")
        for i, a in enumerate(legal, 1):
            write(f"  {i:>2}. {option_text(game, human, a)}")
    options()
    while True:
        raw = read(f"{human}> ")
        s = raw.strip().lower()
        if s in ("q", "quit", "exit"):
            raise Quit
        if s in ("u", "undo"):
            raise Undo
        if s in ("?", "h", "help"):
            options()
            write(HELP)
            continue
        if s in ("b", "board"):
            write(render_text(game, viewer=human))
            continue
        if s in ("m", "map"):
            write(map_text(game))
            continue
        if s in ("l", "log"):
            try:
                write("\n".join(game.log(viewer=human).splitlines()[-15:]))
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


def undo_last(game: Game, human: str) -> Game | None:
    """The game as it was just before `human`'s last decision (replayed from its record), or None if
    `human` has not decided yet."""
    rec = game.to_record()

    def fresh() -> Game:
        opts = dict(rec["options"])
        return Game.new(tuple(opts.pop("factions")), seed=opts.pop("seed"), **opts)
    g, mine = fresh(), []
    for i, a in enumerate(rec["actions"]):
        if g.current_player == human:
            mine.append(i)
        g.apply(a)
    if not mine:
        return None
    g = fresh()
    for a in rec["actions"][:mine[-1]]:
        g.apply(a)
    return g


def apply_and_report(game: Game, a: int, human: str, write) -> None:
    """Apply `a`; print what the Clockwork bots did (``Game.bot_events``), the battle dice and hits of any battle
    `human` fights in (Law 4.3), in the order they happened, and what the Corvids' plots do as `human` sees it:
    flips, Tricks, removals, raids, Exposure right or wrong (seed 003 Law 13)."""
    sections = traced_sections(game.state.copy(), a)
    events = [e for sec in sections for e in sec["events"]]
    before, decision = game.state.copy(), int(game.state[DECISION])
    game.apply(a)
    # the bots' sentences, and the setup of a bot that set up after this decision (Law 5.1.7's order)
    said = set(game.bot_events()) | {e for sec in sections for e in sec.get("setups", ())}
    fight = None
    for e in events:
        if e in said:
            write(f"  {e}")
            continue
        if e.startswith("battle in "):
            fight = human in e.split(":", 1)[1]
        if fight and (e.startswith("battle in ") or e.startswith("hits: ")):
            write(f"  >> {e}")
    if "corvids" in game.factions:
        for e in corvid_changes(before, game.state, decision, a, sees_plots(human)):
            write(f"  >> {e}")


def play(human: str, vs: str = "random", seed: int | None = None, save: str | Path | None = None,
         opponents: tuple[str, ...] | None = None, read=input, write=print, max_turns: int = 300,
         auto_forced: bool = False, load: str | Path | None = None, map: str = "autumn") -> Game:
    """Run a game with `human` deciding through `read`/`write`; the others are agents. Returns the game;
    its record is written to `save` (default: `load`, else ``root_game_<seed>.json``) however it ends.
    `map`: the map (``Game.new``'s, Law Appendix C). `load` resumes a saved record (its factions, seed and options;
    `opponents`, `seed`, `max_turns`, `auto_forced` and `map` are then ignored)."""
    if human not in ENGINE_FACTIONS:
        raise RootError(f"--as must be one of {', '.join(ENGINE_FACTIONS)}, got {human!r}")
    if not isinstance(vs, str) or not vs:
        raise RootError(f"--vs must be an agent: one of {', '.join(AGENTS)}, or a Clockwork bot seat "
                        f"(bot:mechanical_marquise), got {vs!r}")
    if is_bot_seat(vs):  # the bot is the opponent (with the --opponents, if any, who play at random)
        if load is None:
            opponents = (vs,) + tuple(o for o in opponents or () if o != vs)
        vs = "random"
    if save:
        check_writable(save)  # a bad path is refused now, not after the game
    if load is not None:
        game = Game.load(load)
        if getattr(game, "_actions", None) is None:
            raise RootError(f"{load}: resuming needs a replayable record (saved with --save), not a snapshot")
        if human not in game.factions:
            raise RootError(f"{load}: {human} is not in that game ({', '.join(game.factions)})")
        factions = game.factions
    else:
        if opponents is None:
            opponents = tuple(f for f in BASE_FACTIONS if f != human)  # the base game (with the Cult or the Riverfolk if you play them)
        seats = {seat_faction(o): o for o in opponents}  # a Clockwork bot seat plays its faction's slot
        if human in seats:
            raise RootError(f"{human} is seated twice: you play it, and the opponents give {seats[human]}")
        factions = tuple(seats.get(f, f) for f in ENGINE_FACTIONS if f == human or f in seats)
        game = Game.new(factions, seed=seed, max_turns=max_turns, auto_forced=auto_forced, map=map)
    record_seed = game.to_record()["options"]["seed"]
    path = check_writable(save or load or f"root_game_{record_seed}.json")
    rng = np.random.default_rng(record_seed + 1 + len(game.to_record()["actions"]))
    agents = make_opponents(vs, game.factions, human, rng, game.bots)
    others = [s for f, s in zip(game.factions, game.seats) if f != human]
    played = [s for s in others if not is_bot_seat(s)]
    write(f"Root on the {game.map} map: you play {human} against {', '.join(others)}"
          + (f" ({', '.join(played)}: {vs})" if played and game.bots else f" ({vs})" if played else "")
          + f". {HELP}")
    write(map_text(game))
    if game.turn > 0:  # resumed mid-game: the board now; a new game shows it once setup is done
        write(render_text(game, viewer=human))
    elif load is None:
        for e in game.bot_events():  # the bots' setup (and turns played before the first decision)
            write(f"  {e}")
    last_turn = game.turn
    try:
        while not game.is_over:
            if game.turn != last_turn:
                last_turn = game.turn
                write("\n" + render_text(game, viewer=human))
            if game.current_player == human:
                try:
                    a = ask(game, human, read, write)
                except Undo:
                    back = undo_last(game, human)
                    if back is None:
                        write("nothing to undo: you have not decided yet")
                    else:
                        game = back
                        write("undone: back to your previous decision")
                        last_turn = game.turn
                    continue
                apply_and_report(game, a, human, write)
            else:
                a = _agent_choice(game, rng, agents)
                write(f"  {agent_line(game, a, human)}")
                apply_and_report(game, a, human, write)
        write("\n" + render_text(game, viewer=human))
        write(f"Game over: {end_reason(game.to_dict())}")
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
    p.add_argument("--as", dest="human", required=True, choices=ENGINE_FACTIONS, help="the faction you play")
    p.add_argument("--vs", default="random", metavar="AGENT",
                   help=f"the agent the other factions use: {', '.join(AGENTS)} (default random); or a Clockwork "
                        "bot seat, bot:mechanical_marquise[:level][+trait...]: you against the bot alone, or the bot "
                        "beside the --opponents (played at random)")
    p.add_argument("--seed", type=int, default=None)
    p.add_argument("--save", default=None, help="where to write the game record (JSON)")
    p.add_argument("--load", default=None, help="resume the game saved in this record (JSON)")
    p.add_argument("--auto-forced", action="store_true", help="skip decisions that have a single option")
    p.add_argument("--max-turns", type=int, default=300)
    p.add_argument("--map", default="autumn", help="the map: " + ", ".join(PLAYABLE_MAPS) + " (Law Appendix C)")
    p.add_argument("--opponents", default=None,
                   help="comma-separated factions to play against (default: the other base factions); a Clockwork "
                        "bot seat (bot:mechanical_marquise:nightmare+blitz) plays its faction itself")
    args = p.parse_args(argv)
    opponents = tuple(args.opponents.split(",")) if args.opponents else None
    try:
        if opponents is not None or is_bot_seat(args.vs):
            faction_ids((args.human,) + (opponents or ()) + ((args.vs,) if is_bot_seat(args.vs) else ()))  # a clear error
        play(args.human, args.vs, seed=args.seed, save=args.save, max_turns=args.max_turns, opponents=opponents,
             auto_forced=args.auto_forced, load=args.load, map=args.map)
    except RootError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
