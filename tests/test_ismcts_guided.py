"""The policy-guided ISMCTS agent (``ismcts:N:guide=pretrained``, ``agents.ismcts_agent``; issue 34, section 2): it
plays the Corvids and the Riverfolk (the factions it was measured for) through the Game API and ``agents.policies``,
its policy prior decides when it outweighs the search, and it never reads hidden information."""
from __future__ import annotations

import numpy as np
import pytest

from agents import ISMCTSAgent, pretrained
from agents.arena import play_games
from agents.ismcts_agent import split_guide, is_guided
from agents.policies import play, resolve
from root_env import Game
from root_env.layout import LEGAL_N

from test_heuristic_v2 import _redealt

TABLES = {"corvids": ("marquise", "eyrie", "alliance", "corvids"),
          "riverfolk": ("marquise", "eyrie", "alliance", "riverfolk")}


def _position(seats, faction, seed, n):
    """A position of a seeded random game after about `n` decisions where `faction` decides among two or more."""
    g = Game.new(seats, seed=seed)
    rng = np.random.default_rng(seed)
    k = 0
    while not g.is_over and (k < n or g.current_player != faction or g.state[LEGAL_N] < 2):
        g.apply(int(rng.choice(g.legal_actions())))
        k += 1
    return g


@pytest.mark.parametrize("faction", sorted(TABLES))
def test_guided_search_plays_legal_games_seeded(faction):
    seats = TABLES[faction]

    def moves(seed):
        g = Game.new(seats, seed=3)
        agent = ISMCTSAgent(faction, iterations=8, seed=seed, guide="pretrained")
        others = {f: ISMCTSAgent(f, iterations=4, seed=i) for i, f in enumerate(seats) if f != faction}
        out = []
        while not g.is_over and len(out) < 150:
            a = (agent if g.current_player == faction else others[g.current_player]).act(g)
            assert a in g.legal_actions()
            out.append(a)
            g.apply(a)
        return out
    a = moves(1)
    assert a == moves(1) and len(a) == 150


@pytest.mark.parametrize("faction", sorted(TABLES))
def test_guided_search_decides_only_from_what_its_player_may_know(faction):
    """Redealing what the searcher cannot see (another hand's unseen card and the deck, ruin items, and for the
    Riverfolk two face-down plot types: ``test_heuristic_v2._redealt``) changes neither its observation nor the
    policy's prior nor the choice nor the whole tree."""
    checked = 0
    for seed in range(8):
        g = _position(TABLES[faction], faction, seed, 40 + 29 * seed)
        if g.is_over:
            continue
        s, f, changed, _ = _redealt(g)
        if not changed:
            continue
        g2 = Game.from_state(s)
        assert np.array_equal(g.observe(faction), g2.observe(faction))
        out = []
        for game in (g, g2):
            agent = ISMCTSAgent(faction, iterations=30, seed=seed, guide="pretrained")
            p = agent.guide_probabilities(game)
            a = agent.act(game)
            nodes, value = agent._trees[0][0].copy(), agent._trees[0][1].copy()
            out.append((a, p, nodes, value))
        (a1, p1, n1, v1), (a2, p2, n2, v2) = out
        assert a1 == a2 and np.array_equal(p1, p2) and np.array_equal(n1, n2) and np.array_equal(v1, v2), seed
        checked += 1
    assert checked >= 4


@pytest.mark.parametrize("faction", sorted(TABLES))
def test_the_policy_prior_decides_when_it_outweighs_the_search(faction):
    """With a prior far above the budget on the policy's likeliest action alone (guide_spread=0), the guided agent
    plays the shipped policy's greedy choice; with no prior its first child still is that choice."""
    policy = pretrained.load(faction)
    for seed in range(3):
        g = _position(TABLES[faction], faction, 10 + seed, 60)
        want = policy.act(g.observe(faction), g.action_mask())
        agent = ISMCTSAgent(faction, iterations=20, seed=seed, guide="pretrained", guide_prior=1e6, guide_spread=0)
        assert agent.act(g) == want
        p = agent.guide_probabilities(g)
        assert abs(p.sum() - 1) < 1e-9 and g.state[LEGAL_N] == p.size


def test_guided_specs_parse_and_play_through_the_policies():
    assert split_guide("ismcts:1600:guide=pretrained,guide_prior=50,c=0.3,guide_spread=0") == (
        "ismcts:1600:c=0.3", {"guide": "pretrained", "guide_prior": 50.0, "guide_spread": 0})
    assert split_guide("ismcts:400") == ("ismcts:400", {}) and not is_guided("ismcts:400")
    a = ISMCTSAgent.from_spec("riverfolk", "ismcts:12:guide=pretrained,guide_prior=50,guide_spread=0,c=0.3")
    assert a.guide is not None and a.guide_prior == 50.0 and a.guide_spread == 0 and a.iterations == 12
    with pytest.raises(ValueError):
        ISMCTSAgent("riverfolk", iterations=8, guide="pretrained", guide_spread=2)
    with pytest.raises(ValueError):
        ISMCTSAgent("riverfolk", iterations=8, guide="pretrained", guide_prior=-1.0)
    with pytest.raises(ValueError):  # the compiled arena cannot ask a policy
        play_games(1, TABLES["riverfolk"], {f: "heuristic" for f in TABLES["riverfolk"][:3]}
                   | {"riverfolk": "ismcts:8:guide=pretrained"})
    assert resolve("ismcts:8:guide=pretrained", faction="riverfolk") == "ismcts:8:guide=pretrained"
    seats = TABLES["riverfolk"]
    r = play(seats, {f: ("ismcts:4:guide=pretrained" if f == "riverfolk" else "heuristic") for f in seats}, 1,
             seeds=[5])
    assert r["winners"][0] != 0 or r["truncated"][0]
    assert r["decisions"][0] > 100
