"""Who plays each seat of a web game: a person at the page ("human"), an agent (any spec
``root_env.play.make_opponents`` takes: random, heuristic, heuristic_v1, ismcts:N, value, ppo:PATH,
module:callable) or a Clockwork bot (seed 004) with its difficulty and traits, which the engine plays itself."""
from __future__ import annotations

import numpy as np

from ..data import ENGINE_FACTIONS, BOT_NAMES, BOT_LEVEL_NAMES, BOT_TRAIT_NAMES, FACTION_NAMES
from ..errors import RootError

HUMAN = "human"
BOT = "bot"
AGENT_EXAMPLES = ("heuristic", "random", "heuristic_v1", "ismcts:200", "ismcts:2s", "value")
# The bot of each faction that has one: {faction: (bot name, its traits)}.
BOTS = {FACTION_NAMES[f]: (name, BOT_TRAIT_NAMES[f]) for name, f in BOT_NAMES.items()}
MAX_SPEC = 300


class WebError(RootError):
    """A request the web server refuses; ``status`` is the HTTP status it answers with (400 bad request, 404 no
    such game, 409 the game has moved on since the page was drawn)."""

    def __init__(self, message: str, status: int = 400):
        super().__init__(message)
        self.status = status


def _short(v) -> str:
    r = repr(v)
    return r if len(r) <= 60 else r[:57] + "..."


def bot_seat(faction: str, level, traits) -> str:
    """The seat label ``Game.new`` takes for `faction`'s Clockwork bot: "bot:mechanical_marquise:nightmare+blitz"."""
    if faction not in BOTS:
        raise WebError(f"{faction} has no Clockwork bot; bots: {', '.join(BOTS)}")
    name, known = BOTS[faction]
    level = "normal" if level in (None, "") else level
    if level not in BOT_LEVEL_NAMES:
        raise WebError(f"unknown bot difficulty {_short(level)}; difficulties: {', '.join(BOT_LEVEL_NAMES)}")
    traits = [] if traits is None else traits
    if not isinstance(traits, list) or any(t not in known for t in traits) or len(set(traits)) != len(traits):
        raise WebError(f"bot traits of {faction} must be a list of distinct names from {', '.join(known)}, "
                       f"got {_short(traits)}")
    return f"bot:{name}:{level}" + "".join(f"+{t}" for t in traits)


def parse_seats(seats) -> tuple[tuple[str, ...], dict[str, str]]:
    """(the seats for ``Game.new``, in the order given; {faction: HUMAN, BOT or an agent spec}) from the
    new-game page's list ``[{"faction": "marquise", "player": "human" | "bot" | AGENT_SPEC, "level":..., "traits": [...]}]``.
    Raises WebError naming what is wrong."""
    if not isinstance(seats, list) or not 2 <= len(seats) <= len(ENGINE_FACTIONS):
        raise WebError(f"seats must be a list of 2 to {len(ENGINE_FACTIONS)} seats, got {_short(seats)}")
    order, players = [], {}
    for s in seats:
        if not isinstance(s, dict):
            raise WebError(f"each seat must be an object with faction and player, got {_short(s)}")
        unknown = set(s) - {"faction", "player", "level", "traits"}
        if unknown:
            raise WebError(f"unknown seat field(s) {', '.join(sorted(map(str, unknown)))}; fields: faction, player, "
                           "level, traits")
        f, who = s.get("faction"), s.get("player")
        if f not in ENGINE_FACTIONS:
            raise WebError(f"unknown faction {_short(f)}; factions: {', '.join(ENGINE_FACTIONS)}")
        if f in players:
            raise WebError(f"{f} is seated twice")
        if not isinstance(who, str) or not who or len(who) > MAX_SPEC:
            raise WebError(f"{f}: player must be 'human', 'bot' or an agent spec ({', '.join(AGENT_EXAMPLES)}), "
                           f"got {_short(who)}")
        if who == BOT:
            order.append(bot_seat(f, s.get("level"), s.get("traits")))
        else:
            if s.get("level") not in (None, "") or s.get("traits") not in (None, []):
                raise WebError(f"{f}: a difficulty and traits are for a Clockwork bot, not for {_short(who)}")
            order.append(f)
        players[f] = who
    return tuple(order), players


def make_agent(spec: str, faction: str, seed: int):
    """A callable game -> action for `faction` played by the agent `spec` (RootError naming a bad spec)."""
    from ..play import make_opponents
    rng = np.random.default_rng(seed)
    agents = make_opponents(spec, (faction,), "", rng)
    if agents is None:  # the random agent
        return lambda game: int(rng.choice(game.legal_actions()))
    return agents[faction]
