"""Per-seat episode statistics for ``RootVectorEnv``: each seat's return, win, VP and decisions per finished game.

    >>> from root_env.vector import RootVectorEnv
    >>> from root_env.episode_stats import SeatEpisodeStatistics
    >>> venv = SeatEpisodeStatistics(RootVectorEnv(64, ("marquise", "eyrie", "bot:automated_alliance")))
    >>> obs, infos = venv.reset(seed=0)
    >>> ...                                  # step it as the vector env
    >>> venv.summary()["marquise"]           # {"episodes": ..., "return": ..., "win_rate": ..., "vp": ..., ...}

Gymnasium's ``RecordEpisodeStatistics`` adds up one scalar reward per decision; in a game of several seats that
is the reward of whichever seat decided last, and RLlib's ``episode_return_mean`` sums every agent's return (one
winner's +1 and the losers' -1: a constant). Neither says how each faction does. This wrapper reads the
vector env's per-seat rewards (``infos["seat_rewards"]``) and, when a game ends, its final info (``final_vp``,
``winners``, ``episode_decisions``, ``episode_turns``), in every autoreset mode.

In the step in which game ``g`` ends, ``infos["seat_episode"]`` holds, for that row (``infos["_seat_episode"]`` marks
the rows), with one column per seat of ``possible_agents`` (a Clockwork bot's seat included):

- ``"r"``: float (num_envs, num_players), each seat's return: the sum of its rewards over the game;
- ``"won"``: bool (num_envs, num_players); ``"vp"``: int (num_envs, num_players), the final VP;
- ``"decisions"``: int (num_envs, num_players), the decisions each seat took (0 for a bot);
- ``"l"``: the game's decisions (all seats), ``"turns"``: its turns, ``"truncated"``: cut at ``max_turns``.

``episodes`` keeps the last ``buffer_length`` finished games (one dict each, per seat label), and ``summary()``
averages them per seat: episodes, return, win rate, VP, decisions, and the share of truncated games.
"""
from __future__ import annotations

from collections import deque

import numpy as np
from gymnasium.vector import AutoresetMode, VectorWrapper

from .errors import RootError
from .inputs import check_count

__all__ = ["SeatEpisodeStatistics"]


class SeatEpisodeStatistics(VectorWrapper):
    """Per-seat statistics of finished games for a ``root_env.vector.RootVectorEnv`` (see the module doc)."""

    def __init__(self, env, buffer_length: int = 100):
        super().__init__(env)
        base = env.unwrapped
        if not hasattr(base, "num_players") or not hasattr(base, "possible_agents"):
            raise RootError(f"SeatEpisodeStatistics wraps a root_env.vector.RootVectorEnv, got {type(base).__name__}")
        self.buffer_length = check_count("buffer_length", buffer_length, 1, 1 << 24)
        self.seats = list(base.possible_agents)
        n, p = self.num_envs, base.num_players
        self._returns = np.zeros((n, p), np.float64)
        self._decisions = np.zeros((n, p), np.int64)
        self.episodes: deque[dict] = deque(maxlen=self.buffer_length)
        self.episode_count = 0

    def reset(self, *, seed=None, options=None):
        obs, infos = self.env.reset(seed=seed, options=options)
        rows = slice(None) if not options or "reset_mask" not in options else options["reset_mask"]
        self._returns[rows] = 0.0
        self._decisions[rows] = 0
        return obs, infos

    def step(self, actions):
        obs, rewards, terminations, truncations, infos = self.env.step(actions)
        self._returns += infos["seat_rewards"]
        acting = infos["acting_player"]
        decided = np.flatnonzero(acting >= 0)
        np.add.at(self._decisions, (decided, acting[decided]), 1)
        done = terminations | truncations
        if done.any():
            final = infos["final_info"] if self.env.unwrapped.autoreset_mode == AutoresetMode.SAME_STEP else infos
            infos = {**infos, **self._record(done, truncations, final)}
        return obs, rewards, terminations, truncations, infos

    def _record(self, done, truncations, final) -> dict:
        """The finished games' statistics (``seat_episode``), kept in ``episodes``; their rows start again at 0."""
        stats = {"r": self._returns.copy(), "won": np.asarray(final["winners"], bool).copy(),
                 "vp": np.asarray(final["final_vp"]).copy(), "decisions": self._decisions.copy(),
                 "l": np.asarray(final["episode_decisions"]).copy(), "turns": np.asarray(final["episode_turns"]).copy(),
                 "truncated": truncations.copy()}
        for k in stats:  # rows of games that did not end carry nothing
            stats[k][~done] = 0
        for g in np.flatnonzero(done):
            self.episodes.append({
                "seats": {s: {"return": float(stats["r"][g, i]), "won": bool(stats["won"][g, i]),
                              "vp": int(stats["vp"][g, i]), "decisions": int(stats["decisions"][g, i])}
                          for i, s in enumerate(self.seats)},
                "decisions": int(stats["l"][g]), "turns": int(stats["turns"][g]),
                "truncated": bool(stats["truncated"][g])})
        self.episode_count += int(done.sum())
        self._returns[done] = 0.0
        self._decisions[done] = 0
        return {"seat_episode": stats, "_seat_episode": done.copy()}

    def summary(self) -> dict:
        """Means over ``episodes`` (the last ``buffer_length`` games) per seat label: ``episodes``, ``return``,
        ``win_rate``, ``vp``, ``decisions``; and ``"all"``: ``episodes``, ``decisions``, ``turns``,
        ``truncated`` (the share cut at ``max_turns``). Empty dicts' means are NaN."""
        eps = list(self.episodes)
        mean = lambda xs: float(np.mean(xs)) if xs else float("nan")  # noqa: E731
        out = {s: {"episodes": len(eps), "return": mean([e["seats"][s]["return"] for e in eps]),
                   "win_rate": mean([e["seats"][s]["won"] for e in eps]),
                   "vp": mean([e["seats"][s]["vp"] for e in eps]),
                   "decisions": mean([e["seats"][s]["decisions"] for e in eps])} for s in self.seats}
        out["all"] = {"episodes": len(eps), "decisions": mean([e["decisions"] for e in eps]),
                      "turns": mean([e["turns"] for e in eps]), "truncated": mean([e["truncated"] for e in eps])}
        return out
