"""Games with a Python policy under game options (agents.game_loop): a draft ladder (Advanced Setup)
can seat the trained policies as a rung, which the trainer's stepper (Standard Setup only) could not."""
from __future__ import annotations

import numpy as np

from root_env.balance import ladder
from agents import game_loop


def test_policy_games_play_the_same_game_as_policies_play_without_options():
    # Every seat a greedy shipped policy: nothing random but the game's seed, so the Game-API loop and the
    # stepper of agents.policies.play must play the same game (capped at 8 turns to stay quick).
    from agents.policies import play
    seating = ["marquise", "eyrie", "alliance", "vagabond"]
    agents = {f: "pretrained" for f in seating}
    mine = game_loop.play_game(seating, agents, 7, max_turns=8)
    theirs = play(seating, agents, 1, seed=7, max_turns=8, seeds=[7])
    for k in ("winners", "vp", "truncated", "turns", "decisions", "vp_sources"):
        assert np.array_equal(np.asarray(mine[k]), np.asarray(theirs[k])), k
    assert mine["decisions"][0] > 0


def test_a_draft_ladder_plays_the_pretrained_rung_with_advanced_setup(monkeypatch):
    from root_env.game import Game
    made = []
    new = Game.new.__func__

    def spy(cls, *a, **kw):
        made.append(kw.get("setup"))
        return new(cls, *a, **kw)
    monkeypatch.setattr(Game, "new", classmethod(spy))
    p = ladder.ladder_params(None, "heuristic,pretrained", self_games=2, cross_games=0, mix="draft")
    specs = [ladder.ladder_spec(p, i) for i in range(p["games"])]
    recs = ladder.play_ladder_specs(specs, max_turns=6)
    policy = [r for r in recs if set(r["agents"].values()) == {"pretrained"}]
    assert len(policy) == 2 and all(r["decisions"] > 0 and r["seating"] for r in policy)
    assert made == ["advanced", "advanced"]   # the policy games, through the Game API, with Advanced Setup
    again = ladder.play_ladder_specs([specs[policy[0]["game"]]], max_turns=6)[0]
    assert again == policy[0]                   # a game depends only on its spec


def test_a_study_seats_a_policy_guided_search():
    # ismcts:N:guide=pretrained asks its policy in Python: the studies check the spec and play it through the Game API.
    from root_env.balance.study import agent_spec_problem, play_specs
    assert agent_spec_problem("ismcts:4:guide=pretrained") is None
    assert "guide_spread" in agent_spec_problem("ismcts:4:guide=pretrained,guide_spread=3")
    seating = ["marquise", "eyrie", "alliance", "corvids"]
    spec = {"game": 0, "seed": 11, "seating": seating,
            "agents": {f: ("ismcts:4:guide=pretrained" if f == "corvids" else "heuristic") for f in seating}}
    a, b = play_specs([spec], max_turns=4), play_specs([spec], max_turns=4)
    assert a == b and a[0]["decisions"] > 0
