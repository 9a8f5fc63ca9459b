"""The four-player base game through the PettingZoo env: API conformance, seeding, the fixed action
and observation sizes, and hidden information (hands, supporters, ruin items, quest deck order)."""
from __future__ import annotations

import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from root_env import Game, env as make_env, raw_env
from root_env.codes import N_ACTIONS
from root_env.data import FACTION_NAMES, NCARD, NC, ALLIANCE
from root_env.engine.observe import OBS_SIZE
from root_env.layout import (CARD_LOC, CARD_KNOWN, LOC_HAND, LOC_DECK, LOC_SUPPORTERS, DECK, DECK_N, RUIN_ITEM,
                             QUEST_DECK, QUEST_DECK_N)

BASE4 = ("marquise", "eyrie", "alliance", "vagabond")


@pytest.fixture(autouse=True)
def _quiet():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield


def _random_action(e, rng):
    mask = e.observe(e.agent_selection)["action_mask"]
    return int(rng.choice(np.flatnonzero(mask)))


def test_api_four_players():
    api_test(make_env(factions=BASE4), num_cycles=300)
    api_test(raw_env(factions=("alliance", "vagabond", "eyrie"), seed=4), num_cycles=3000)


def test_seed_four_players():
    seed_test(lambda: make_env(factions=BASE4), num_cycles=300)


def test_spaces_do_not_depend_on_the_faction_mix():
    """One action space and one observation size for every mix (padding, not growth)."""
    for factions in (("marquise", "eyrie"), BASE4, ("vagabond", "alliance", "marquise")):
        e = raw_env(factions=factions, seed=1)
        e.reset()
        for a in e.possible_agents:
            assert e.action_space(a).n == N_ACTIONS
            assert e.observation_space(a)["observation"].shape == (OBS_SIZE,)
            assert e.observe(a)["observation"].shape == (OBS_SIZE,)


def test_four_player_games_run_to_the_end():
    rng = np.random.default_rng(2)
    for seed in range(3):
        e = raw_env(factions=BASE4, seed=seed)
        e.reset()
        steps = 0
        while e.agents:
            agent = e.agent_selection
            if e.terminations[agent] or e.truncations[agent]:
                e.step(None)
            else:
                e.step(_random_action(e, rng))
            steps += 1
        assert steps > 100


# ---------------------------------------------------------------- hidden information
def _swap_card(state, src_loc: int, viewer: int) -> bool:
    """Swap one card at `src_loc` the viewer has not seen with an unseen deck card."""
    loc = state[CARD_LOC:CARD_LOC + NCARD]
    here = [c for c in range(NCARD) if loc[c] == src_loc and not (state[CARD_KNOWN + c] >> viewer) & 1]
    deck = [c for c in range(NCARD) if loc[c] == LOC_DECK and not (state[CARD_KNOWN + c] >> viewer) & 1]
    if not here or not deck:
        return False
    c, d = here[0], deck[-1]
    state[CARD_LOC + c], state[CARD_LOC + d] = LOC_DECK, src_loc
    state[CARD_KNOWN + c], state[CARD_KNOWN + d] = state[CARD_KNOWN + d], state[CARD_KNOWN + c]
    pos = [i for i in range(int(state[DECK_N])) if state[DECK + i] == d]
    state[DECK + pos[0]] = c
    return True


def _swap_ruin_items(state) -> bool:
    ruins = [c for c in range(NC) if state[RUIN_ITEM + c] >= 0]
    if len(ruins) < 2 or state[RUIN_ITEM + ruins[0]] == state[RUIN_ITEM + ruins[1]]:
        return False
    a, b = RUIN_ITEM + ruins[0], RUIN_ITEM + ruins[1]
    state[a], state[b] = state[b], state[a]
    return True


def _reverse_quest_deck(state) -> bool:
    n = int(state[QUEST_DECK_N])
    if n < 2:
        return False
    state[QUEST_DECK:QUEST_DECK + n] = state[QUEST_DECK:QUEST_DECK + n][::-1].copy()
    return True


@pytest.mark.parametrize("factions", [BASE4, BASE4 + ("lizards",)], ids=["base", "with-cult"])
def test_hidden_information_does_not_leak_in_four_player_games(factions):
    """Changing another player's hand (the Lizard Cult's included), the Alliance's supporters, the ruin
    items or the quest deck order leaves a player's observation unchanged (Law 8.2.3: the supporters'
    number is public)."""
    e = raw_env(factions=factions, seed=11)
    e.reset()
    rng = np.random.default_rng(11)
    checked = {"hand": 0, "supporters": 0, "ruins": 0, "quests": 0}
    hands = dict.fromkeys(factions, 0)  # edits of each faction's hand
    for step in range(1500):
        if e.game.is_over:
            break
        if step % 30 == 0:
            for viewer in e.possible_agents:
                v = FACTION_NAMES.index(viewer)
                edits = {"ruins": _swap_ruin_items, "quests": _reverse_quest_deck}
                for other in e.possible_agents:
                    if other != viewer:
                        o = FACTION_NAMES.index(other)
                        edits[f"hand {other}"] = lambda s, o=o: _swap_card(s, LOC_HAND + o, v)
                if viewer != "alliance":
                    edits["supporters"] = lambda s: _swap_card(s, LOC_SUPPORTERS, v)
                for name, edit in edits.items():
                    before = e.observe(viewer)["observation"]
                    saved = e.game.state.copy()
                    if edit(e.game.state):
                        after = e.observe(viewer)["observation"]
                        assert np.array_equal(before, after), f"{viewer} sees a change of {name} at step {step}"
                        checked[name.split()[0]] += 1
                        if name.startswith("hand "):
                            hands[name.split()[1]] += 1
                    e.game.state[:] = saved
        e.step(_random_action(e, rng))
    assert all(k >= 5 for k in checked.values()), checked
    assert all(k >= 5 for k in hands.values()), hands


def test_the_cult_board_revealed_cards_and_lost_souls_are_public():
    """What the Lizard Cult shows is in everyone's observation: a card revealed for a ritual (Law 10.5),
    a card in the Lost Souls pile (10.2.6), the outcast marker and its side, and the acolytes."""
    from root_env.layout import LOC_REVEALED, LOC_LOST_SOULS, LZ_ACOLYTES, LZ_HATED, LZ_OUTCAST
    e = raw_env(factions=BASE4 + ("lizards",), seed=12)
    e.reset()
    rng = np.random.default_rng(12)
    seen = {"revealed": 0, "lost souls": 0, "board": 0}
    for step in range(3000):
        if e.game.is_over or min(seen.values()) >= 3:
            break
        s = e.game.state
        for name, loc in (("revealed", LOC_REVEALED), ("lost souls", LOC_LOST_SOULS)):
            here = [c for c in range(NCARD) if s[CARD_LOC + c] == loc]
            deck = [c for c in range(NCARD) if s[CARD_LOC + c] == LOC_DECK]
            if here and deck and step % 7 == 0:
                for viewer in e.possible_agents:
                    before = e.observe(viewer)["observation"]
                    saved = s.copy()
                    s[CARD_LOC + here[0]], s[CARD_LOC + deck[0]] = LOC_DECK, loc  # another card shown there
                    assert not np.array_equal(before, e.observe(viewer)["observation"]), (viewer, name)
                    s[:] = saved
                seen[name] += 1
        if step % 50 == 0 and s[LZ_OUTCAST] >= 0:
            for viewer in e.possible_agents:
                for reg, value in ((LZ_ACOLYTES, s[LZ_ACOLYTES] + 1), (LZ_HATED, 1 - s[LZ_HATED]),
                                   (LZ_OUTCAST, (s[LZ_OUTCAST] + 1) % 3)):
                    before = e.observe(viewer)["observation"]
                    saved = s.copy()
                    s[reg] = value
                    assert not np.array_equal(before, e.observe(viewer)["observation"]), (viewer, reg)
                    s[:] = saved
            seen["board"] += 1
        e.step(_random_action(e, rng))
    assert min(seen.values()) >= 3, seen


def test_alliance_sees_its_own_supporters():
    g = Game.new(BASE4, seed=5)
    while g.phase == "setup":
        g.apply(int(g.legal_actions()[0]))
    sup = [c for c in range(NCARD) if g.state[CARD_LOC + c] == LOC_SUPPORTERS]
    assert len(sup) == 3  # Law 8.3.4
    before = g.observe("alliance")
    s = g.state
    c = sup[0]
    d = next(x for x in range(NCARD) if s[CARD_LOC + x] == LOC_DECK)
    s[CARD_LOC + c], s[CARD_LOC + d] = LOC_DECK, LOC_SUPPORTERS
    s[CARD_KNOWN + d] = 1 << ALLIANCE
    pos = [i for i in range(int(s[DECK_N])) if s[DECK + i] == d]
    s[DECK + pos[0]] = c
    assert not np.array_equal(before, g.observe("alliance"))


def test_the_riverfolk_hand_and_board_are_in_everyone_s_observation():
    """Law 11.2.3: the Riverfolk's hand is public, so every player's observation shows which cards are in it
    (another card there changes every observation); its boxes, prices and posts in the box are public too."""
    from root_env.data import RIVERFOLK
    from root_env.layout import RF_FUNDS, RF_PAYMENTS, RF_PRICES, RF_POSTS_GONE
    e = raw_env(factions=BASE4 + ("riverfolk",), seed=13)
    e.reset()
    rng = np.random.default_rng(13)
    rf, everyone = LOC_HAND + RIVERFOLK, (1 << len(FACTION_NAMES)) - 1
    seen = {"hand": 0, "board": 0}
    for step in range(3000):
        if e.game.is_over or min(seen.values()) >= 5:
            break
        s = e.game.state
        hand = [c for c in range(NCARD) if s[CARD_LOC + c] == rf]
        deck = [c for c in range(NCARD) if s[CARD_LOC + c] == LOC_DECK]
        if step % 20 == 0 and hand and deck and e.game.phase != "setup":
            assert all(s[CARD_KNOWN + c] == everyone for c in hand)
            for viewer in e.possible_agents:
                before = e.observe(viewer)["observation"]
                saved = s.copy()
                c, d = hand[0], deck[0]  # another card in the public hand: everyone sees it
                s[CARD_LOC + c], s[CARD_LOC + d] = LOC_DECK, rf
                s[CARD_KNOWN + c], s[CARD_KNOWN + d] = 0, everyone
                assert not np.array_equal(before, e.observe(viewer)["observation"]), viewer
                s[:] = saved
            seen["hand"] += 1
        if step % 20 == 10 and e.game.phase != "setup":
            for viewer in e.possible_agents:
                for reg, value in ((RF_FUNDS + RIVERFOLK, s[RF_FUNDS + RIVERFOLK] + 1),
                                   (RF_PAYMENTS, s[RF_PAYMENTS] + 1), (RF_PRICES + 1, s[RF_PRICES + 1] % 4 + 1),
                                   (RF_POSTS_GONE + 2, 1 - s[RF_POSTS_GONE + 2])):
                    before = e.observe(viewer)["observation"]
                    saved = s.copy()
                    s[reg] = value
                    assert not np.array_equal(before, e.observe(viewer)["observation"]), (viewer, reg)
                    s[:] = saved
            seen["board"] += 1
        e.step(_random_action(e, rng))
    assert min(seen.values()) >= 5, seen


def test_face_down_plots_are_in_the_corvids_observation_only():
    """Seed 003 13.2.2.I: through the environment, another type under a face-down plot changes the Corvids'
    observation and no one else's; what Exposure ruled out there (13.2.4) is in everyone's."""
    from root_env.data import TT_PLOT
    from root_env.layout import TOKENS, CV_FACE_UP, CV_EXCLUDED
    from root_env.names import plot_type
    e = raw_env(factions=BASE4 + ("corvids",), seed=14)
    e.reset()
    rng = np.random.default_rng(14)
    checked = 0
    for step in range(4000):
        if e.game.is_over or checked >= 8:
            break
        s = e.game.state
        down = [c for c in range(NC) if plot_type(s, c) >= 0 and not s[CV_FACE_UP + c]]
        if step % 15 == 0 and down:
            c = down[0]
            t = plot_type(s, c)
            other = [u for u in range(4) if u != t and not (int(s[CV_EXCLUDED + c]) >> u) & 1]
            if not other:  # three types ruled out: the type is known to all
                e.step(_random_action(e, rng))
                continue
            before = {v: e.observe(v)["observation"].copy() for v in e.possible_agents}
            saved = s.copy()
            s[TOKENS + (TT_PLOT + t) * NC + c] = 0
            s[TOKENS + (TT_PLOT + other[0]) * NC + c] = 1  # another type under the same face-down plot
            for v in e.possible_agents:
                assert np.array_equal(before[v], e.observe(v)["observation"]) == (v != "corvids"), v
            s[:] = saved
            s[CV_EXCLUDED + c] ^= 1 << other[-1]  # a type ruled out there, or no longer: public
            for v in e.possible_agents:
                assert not np.array_equal(before[v], e.observe(v)["observation"]), v
            s[:] = saved
            checked += 1
        e.step(_random_action(e, rng))
    assert checked >= 8
