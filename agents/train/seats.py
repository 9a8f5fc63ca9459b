"""Per-seat bookkeeping for self-play PPO.

A turn is many decisions by one player, and interrupts (ambush, Outrage, Field Hospitals, ...) hand the
decision to another. So the decisions of one batch step belong to different seats, and a seat's next
decision may come many steps later. ``SeatBook`` links each recorded decision to the same seat's next
decision in the same game, gives each decision exactly the rewards its seat received until then, and
closes a seat's chain when the game ends: with value 0 after a real end, with the bootstrap value of the
seat's final observation after truncation, and with the value of its current view at the end of a
rollout. ``advantages`` is then GAE along each chain.
"""
from __future__ import annotations

import numpy as np


class SeatBook:
    """Decisions of one rollout, in the order recorded."""

    def __init__(self, n_games: int, n_seats: int):
        self.n_games, self.n_seats = int(n_games), int(n_seats)
        self.open = np.full((self.n_games, self.n_seats), -1, np.int64)  # last decision of (game, seat)
        self.game, self.seat, self.value = [], [], []
        self.reward, self.next, self.boot, self.terminal = [], [], [], []

    def __len__(self) -> int:
        return len(self.game)

    def record(self, g: int, p: int, value: float) -> int:
        """Seat p of game g decides now, with value estimate `value`; returns the decision's index."""
        i = len(self.game)
        j = self.open[g, p]
        if j >= 0:
            self.next[j] = i
        self.open[g, p] = i
        self.game.append(g)
        self.seat.append(p)
        self.value.append(float(value))
        self.reward.append(0.0)
        self.next.append(-1)
        self.boot.append(0.0)
        self.terminal.append(False)
        return i

    def add_reward(self, g: int, p: int, r: float) -> None:
        """Seat p of game g receives r: it belongs to the seat's last decision (none yet: dropped)."""
        j = self.open[g, p]
        if j >= 0:
            self.reward[j] += float(r)

    def end_game(self, g: int, rewards, truncated: bool, boot_values=None) -> None:
        """Game g ended. rewards[p]: each seat's final reward. A truncated game bootstraps each seat's
        last decision with boot_values[p] (the value of its final observation); a real end with 0."""
        for p in range(self.n_seats):
            j = self.open[g, p]
            if j < 0:
                continue
            self.reward[j] += float(rewards[p])
            if truncated:
                self.boot[j] = float(boot_values[p])
            else:
                self.terminal[j] = True
            self.open[g, p] = -1

    def close(self, boot_values) -> None:
        """End of the rollout: every open decision bootstraps with boot_values[g, p]."""
        for g, p in zip(*np.nonzero(self.open >= 0)):
            self.boot[self.open[g, p]] = float(boot_values[g, p])
            self.open[g, p] = -1

    def advantages(self, gamma: float, lam: float) -> tuple[np.ndarray, np.ndarray]:
        """GAE(gamma, lambda) along each seat's chain; returns (advantages, returns)."""
        n = len(self.game)
        v = np.asarray(self.value, np.float64)
        nxt = np.asarray(self.next, np.int64)
        adv = np.zeros(n, np.float64)
        for i in range(n - 1, -1, -1):  # a decision's successor comes later, so it is already done
            j = nxt[i]
            if j >= 0:
                delta = self.reward[i] + gamma * v[j] - v[i]
                adv[i] = delta + gamma * lam * adv[j]
            else:
                v_next = 0.0 if self.terminal[i] else self.boot[i]
                adv[i] = self.reward[i] + gamma * v_next - v[i]
        return adv.astype(np.float32), (adv + v).astype(np.float32)
