"""Per-seat bookkeeping of the self-play trainer (agents.train.seats), on hand-made decision sequences:
each seat's decisions form their own chain, each gets exactly its own rewards, truncated games and
rollout ends bootstrap, and GAE runs along each chain."""
from __future__ import annotations

import numpy as np
import pytest

from agents.train.seats import SeatBook


def gae_by_hand(rewards, values, last_value, gamma, lam):
    """GAE over one chain: values[i] then last_value after the chain (0 when terminal)."""
    adv = np.zeros(len(rewards))
    nxt_adv = 0.0
    for i in range(len(rewards) - 1, -1, -1):
        v_next = values[i + 1] if i + 1 < len(values) else last_value
        delta = rewards[i] + gamma * v_next - values[i]
        nxt_adv = delta + gamma * lam * nxt_adv if i + 1 < len(values) else delta
        adv[i] = nxt_adv
    return adv


def test_turn_of_many_decisions_then_an_interrupt_then_game_end():
    # Seat 0 decides three times, seat 1 interrupts once (an ambush), seat 0 once more; the game ends
    # with seat 0 winning (+1) and seat 1 losing (-1).
    b = SeatBook(1, 2)
    i0 = b.record(0, 0, 0.1)
    i1 = b.record(0, 0, 0.2)
    j0 = b.record(0, 1, -0.3)
    i2 = b.record(0, 0, 0.4)
    b.end_game(0, [1.0, -1.0], truncated=False)
    assert b.next[i0] == i1 and b.next[i1] == i2 and b.next[i2] == -1
    assert b.next[j0] == -1  # seat 1's only decision is not linked to seat 0's
    assert b.reward == [0.0, 0.0, -1.0, 1.0]  # each final reward goes to that seat's last decision
    assert b.terminal[i2] and b.terminal[j0]
    g, lam = 0.9, 0.8
    adv, ret = b.advantages(g, lam)
    want0 = gae_by_hand([0, 0, 1.0], [0.1, 0.2, 0.4], 0.0, g, lam)
    want1 = gae_by_hand([-1.0], [-0.3], 0.0, g, lam)
    np.testing.assert_allclose(adv[[i0, i1, i2]], want0, rtol=1e-6)
    np.testing.assert_allclose(adv[[j0]], want1, rtol=1e-6)
    np.testing.assert_allclose(ret, adv + np.array(b.value), rtol=1e-6)


def test_truncated_game_bootstraps_each_seat_with_its_final_value():
    b = SeatBook(1, 2)
    i = b.record(0, 0, 0.5)
    j = b.record(0, 1, 0.25)
    b.end_game(0, [0.0, 0.0], truncated=True, boot_values=[0.7, -0.2])
    adv, _ = b.advantages(0.99, 0.95)
    assert not b.terminal[i] and not b.terminal[j]
    np.testing.assert_allclose(adv, [0.99 * 0.7 - 0.5, 0.99 * -0.2 - 0.25], rtol=1e-6)


def test_rollout_end_bootstraps_open_chains_and_games_stay_apart():
    b = SeatBook(2, 2)
    a = b.record(0, 0, 0.1)
    c = b.record(1, 0, 0.3)  # the same seat in another game: another chain
    d = b.record(0, 0, 0.2)
    b.add_reward(0, 0, 0.5)  # e.g. VP shaping, after decision d
    b.close(np.array([[0.9, 0.0], [0.6, 0.0]]))
    assert b.next[a] == d and b.next[c] == -1
    adv, _ = b.advantages(1.0, 1.0)
    np.testing.assert_allclose(adv[d], 0.5 + 0.9 - 0.2, rtol=1e-6)
    np.testing.assert_allclose(adv[a], (0.2 - 0.1) + adv[d], rtol=1e-6)
    np.testing.assert_allclose(adv[c], 0.6 - 0.3, rtol=1e-6)


def test_a_new_game_in_the_same_row_starts_new_chains():
    b = SeatBook(1, 2)
    a = b.record(0, 0, 0.0)
    b.end_game(0, [1.0, -1.0], truncated=False)
    c = b.record(0, 0, 0.0)  # the row's next game
    assert b.next[a] == -1 and b.terminal[a]
    b.end_game(0, [-1.0, 1.0], truncated=False)
    assert b.reward[c] == -1.0


def test_reward_before_a_seats_first_decision_is_dropped():
    b = SeatBook(1, 2)
    b.add_reward(0, 1, 3.0)
    i = b.record(0, 1, 0.0)
    assert b.reward[i] == 0.0


@pytest.mark.parametrize("gamma, lam", [(0.99, 0.95), (1.0, 0.0)])
def test_interleaved_seats_match_separate_chains(gamma, lam):
    rng = np.random.default_rng(3)
    b = SeatBook(1, 3)
    chains = {0: [], 1: [], 2: []}
    for _ in range(30):
        p = int(rng.integers(3))
        v = float(rng.normal())
        chains[p].append((b.record(0, p, v), v))
    finals = [1.0, -1.0, -1.0]
    b.end_game(0, finals, truncated=False)
    adv, _ = b.advantages(gamma, lam)
    for p, ch in chains.items():
        if not ch:
            continue
        rewards = [0.0] * (len(ch) - 1) + [finals[p]]
        want = gae_by_hand(rewards, [v for _, v in ch], 0.0, gamma, lam)
        np.testing.assert_allclose(adv[[i for i, _ in ch]], want, rtol=1e-5, atol=1e-6)
