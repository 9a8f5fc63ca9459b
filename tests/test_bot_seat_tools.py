"""A Clockwork bot's seat in every tool (issue 17): the PettingZoo and vector environments, random rollouts, the
arena and policies, balance studies, terminal play, the picture and the text board. Each plays real games with
the Mechanical Marquise seated, checked against the same games played through ``Game``."""
from __future__ import annotations

import json

import numpy as np
import pytest

from root_env import Game, RootError
from root_env.engine import batch as B

MM = "bot:mechanical_marquise"
TABLE = (MM, "eyrie", "vagabond")


def _result(game: Game, seats) -> tuple[list[int], list[bool]]:
    """(VP, won) of each seat of a finished game, in the order of `seats` (labels or faction names)."""
    plain = [s if s in game.factions else "marquise" for s in seats]
    return [game.vp[f] for f in plain], [f in game.winners for f in plain]


# ------------------------------------------------------------------ PettingZoo
def test_pettingzoo_api_with_a_bot_seat():
    from pettingzoo.test import api_test
    from root_env import env
    e = env(factions=TABLE, seed=1)
    api_test(e, num_cycles=400)
    assert e.unwrapped.possible_agents == ["eyrie", "vagabond"]


def test_pettingzoo_one_player_against_a_bot_is_a_single_agent_env():
    from pettingzoo.test import api_test
    from root_env import env, raw_env
    api_test(env(factions=(MM + ":nightmare", "eyrie"), seed=2), num_cycles=300)
    e = raw_env(factions=("eyrie", MM + ":easy+blitz"), seed=3)
    e.reset()
    assert e.agents == e.possible_agents == ["eyrie"]
    rng = np.random.default_rng(0)
    rewards = 0.0
    for agent in e.agent_iter():
        obs, reward, term, trunc, info = e.last()
        assert agent == "eyrie"
        rewards += reward
        e.step(None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    g = e.unwrapped.game
    assert g.is_over and not g.truncated
    assert rewards == (1.0 if "eyrie" in g.winners else -1.0)  # the bot can win: the one agent then loses


def test_pettingzoo_random_seating_keeps_bots_out_of_the_agents():
    from root_env import raw_env
    e = raw_env(factions=("alliance", MM, "eyrie", "vagabond"), random_seating=True, seed=4)
    for seed in range(4):
        e.reset(seed=seed)
        assert e.agents == [f for f in e.game.factions if f != "marquise"] and len(e.agents) == 3
        assert e.agent_selection in e.agents


def test_pettingzoo_a_table_of_bots_alone_is_refused(monkeypatch):
    from root_env import raw_env
    import root_env.pettingzoo_env as pz
    # Only one bot exists, so the engine refuses any table of bots alone first (2+ seats, each faction once);
    # the environment's own check is reached with the seat check passed through.
    monkeypatch.setattr(pz, "faction_names", lambda f: tuple(f))
    with pytest.raises(RootError, match="every seat is a Clockwork bot, so the environment has no agent"):
        raw_env(factions=(MM, MM + ":easy"))


# ------------------------------------------------------------------ vector env and rollouts
def test_vector_env_with_a_bot_seat_matches_single_games():
    from root_env.vector import RootVectorEnv
    n, seed = 3, 40
    v = RootVectorEnv(n, factions=TABLE, reward="matrix")
    obs, infos = v.reset(seed=seed)
    assert v.possible_agents == list(TABLE)
    games = [Game.new(TABLE, seed=seed + g) for g in range(n)]
    episodes = [0] * n
    rng = np.random.default_rng(0)
    ended = 0
    for _ in range(3000):
        acts = v.random_actions(rng)
        obs, rew, term, trunc, infos = v.step(acts)
        for g, game in enumerate(games):
            game.apply(int(acts[g]))
            if game.is_over:
                vp, won = _result(game, TABLE)
                assert list(infos["final_info"]["final_vp"][g]) == vp
                assert [bool(x) for x in infos["final_info"]["winners"][g]] == won
                assert list(rew[g]) == ([0] * 3 if game.truncated else [1 if w else -1 for w in won])
                episodes[g] += 1
                ended += 1
                games[g] = game = Game.new(TABLE, seed=int(B.game_seed(seed + g, episodes[g])))
            assert v.states[g].tobytes() == game.state.tobytes()
            assert infos["current_player"][g] != 0  # the bot's column never acts
            assert v.possible_agents[infos["current_player"][g]] == game.current_player
        if ended >= 3:
            break
    assert ended >= 3


def test_rollouts_with_a_bot_seat():
    """random_games plays game i as engine.playout.random_playout does from Game.new(seed + i): the bot's column
    holds its own VP and win, read by faction id."""
    from root_env.rollout import random_games
    from root_env.engine.playout import random_playout
    r = random_games(5, TABLE, seed=1)
    assert r["factions"].tolist() == list(TABLE)
    for i in range(5):
        g = Game.new(TABLE, seed=1 + i)
        random_playout(g.state, (1 + i) ^ 0x5BD1E995, 1 << 40)
        vp, won = _result(g, TABLE)
        assert r["vp"][i].tolist() == vp
        assert r["winner"][i] == (won.index(True) if any(won) else -1)


# ------------------------------------------------------------------ arena, policies, studies
def test_arena_asks_agents_only_for_the_other_seats():
    from agents.arena import play_games
    seats = (MM + ":challenging", "eyrie", "alliance", "vagabond")
    res = play_games(4, seats, agents="heuristic", seed=2)
    assert res["factions"].tolist() == list(seats)
    assert (res["vp"][:, 0] == res["vp_sources"][:, 0, :].sum(axis=1)).all() and (res["vp"][:, 0] > 0).all()
    for i in np.flatnonzero(res["winners"] & 1):  # the bot's win: its bit (faction id 0), 30 VP
        assert res["vp"][i, 0] >= 30
    with pytest.raises(ValueError, match="Clockwork bot plays"):
        play_games(1, seats, agents={"marquise": "random", "eyrie": "random", "alliance": "random",
                                     "vagabond": "random"})


def test_policies_play_a_python_policy_beside_a_bot():
    from agents.policies import play
    res = play(TABLE, {"eyrie": "agents.random_agent:RandomAgent", "vagabond": "heuristic"}, 2, seed=3,
               max_turns=300)
    assert res["factions"].tolist() == list(TABLE)
    assert (res["vp"][:, 0] == res["vp_sources"][:, 0, :].sum(axis=1)).all()
    for i in np.flatnonzero(res["winners"] & 1):  # the bot's win: 30 VP (no dominance with two players)
        assert res["vp"][i, 0] >= 30


def test_a_real_study_with_a_bot_seat(tmp_path):
    from root_env.balance.study import run_study, load_results
    from root_env.balance.report import write_report
    from root_env.balance.cli import main
    seats = MM + ",eyrie,alliance,vagabond"
    rc = main(["run", "--factions", seats, "--agents", "heuristic", "--games", "8", "--out", str(tmp_path / "s"),
               "--quiet"])
    assert rc == 0
    recs, bad = load_results(tmp_path / "s")
    assert len(recs) == 8 and not bad
    for r in recs:
        assert set(r["seating"]) == {MM, "eyrie", "alliance", "vagabond"}
        assert r["agents"] == {"eyrie": "heuristic", "alliance": "heuristic", "vagabond": "heuristic"}
        assert set(r["vp"]) == set(r["seating"]) and set(r["winners"]) <= set(r["seating"])
        if not r["truncated"]:
            assert r["winners"]
    assert [sum(r["seating"][k] == MM for r in recs) for k in range(4)] == [2, 2, 2, 2]  # it rotates
    res = write_report(tmp_path / "s", make_plots=False)
    assert MM in res["faction_win_rate"]
    md = (tmp_path / "s" / "report.md").read_text()
    assert f"| {MM} |" in md and f"{MM} plays itself (Clockwork bot)" in md
    with pytest.raises(ValueError, match="played by its Clockwork bot"):
        run_study(tmp_path / "t", seats, "marquise=random,eyrie=random,alliance=random,vagabond=random", 4,
                  progress=False)
    with pytest.raises(ValueError, match="Clockwork bot seat"):
        from root_env.balance.study import sprt_play
        sprt_play(factions=seats, max_games=2)


# ------------------------------------------------------------------ cooperative play (seed 004) in the tools
EE = "bot:electric_eyrie"


def test_pettingzoo_cooperative_agents_share_the_outcome():
    from pettingzoo.test import api_test
    from root_env import env, raw_env
    api_test(env(factions=(EE, "marquise", "vagabond"), seed=5, cooperative=True), num_cycles=300)
    e = raw_env(factions=(EE, "marquise", "vagabond"), seed=6, cooperative=True)
    e.reset()
    rng = np.random.default_rng(1)
    total = dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter():
        obs, reward, term, trunc, info = e.last()
        total[agent] += reward
        e.step(None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    g = e.unwrapped.game
    assert g.is_over and len(set(total.values())) == 1  # one outcome for every player
    assert (total["marquise"] == 1.0) == (g.winners == ["marquise", "vagabond"])


def test_arena_cooperative_games_match_game_new():
    from agents.arena import play_games
    seats = (EE + ":easy", "marquise", "vagabond")
    res = play_games(6, seats, agents="random", seed=40, cooperative=True, threads=1)
    for i in range(6):
        assert res["winners"][i] in (1 << 1, (1 << 0) | (1 << 3)) or res["truncated"][i]
    with pytest.raises(RootError, match="cooperative"):
        play_games(2, ("marquise", "eyrie"), agents="random", cooperative=True)


def test_a_real_cooperative_study(tmp_path):
    from root_env.balance.study import load_results
    from root_env.balance.cli import main
    seats = f"{EE},{MM},alliance,vagabond"
    rc = main(["run", "--factions", seats, "--agents", "heuristic", "--games", "8", "--cooperative",
               "--out", str(tmp_path / "c"), "--quiet", "--report"])
    assert rc == 0
    assert json.loads((tmp_path / "c" / "study.json").read_text())["cooperative"] is True
    recs, bad = load_results(tmp_path / "c")
    assert len(recs) == 8 and not bad
    for r in recs:  # every bot wins, or every player
        assert r["truncated"] or set(r["winners"]) in ({EE, MM}, {"alliance", "vagabond"})
    rc = main(["run", "--factions", "marquise,eyrie", "--games", "2", "--cooperative", "--out", str(tmp_path / "x"),
               "--quiet"])
    assert rc == 2  # no bot seat: refused by name


def test_a_study_with_bot_options(tmp_path):
    """The Automated Alliance's options reach a study's games (study.json keeps them) and change them: with the human
    Alliance's track its tokens score other values than with its own."""
    from root_env.balance.study import load_results
    from root_env.balance.cli import main
    seats = "bot:automated_alliance,marquise,eyrie,vagabond"
    runs = {}
    for name, extra in (("default", []), ("human_track", ["--bot-options", "aa_track=alliance,aa_bird_order=any"])):
        rc = main(["run", "--factions", seats, "--agents", "random", "--games", "12", "--out", str(tmp_path / name),
                   "--quiet"] + extra)
        assert rc == 0
        runs[name] = load_results(tmp_path / name)[0]
    assert json.loads((tmp_path / "human_track" / "study.json").read_text())["bot_options"] == {
        "aa_track": "alliance", "aa_bird_order": "any"}
    assert "bot_options" not in json.loads((tmp_path / "default" / "study.json").read_text())
    sym = [[r["vp_sources"]["bot:automated_alliance"].get("sympathy", 0) for r in runs[k]] for k in runs]
    assert sym[0] != sym[1]
    assert main(["run", "--factions", seats, "--games", "2", "--bot-options", "aa_color=red",
                 "--out", str(tmp_path / "bad"), "--quiet"]) == 2


# ------------------------------------------------------------------ terminal play, picture, text board
def _answers(n="1"):
    return lambda prompt: n


def test_play_against_a_bot_prints_its_sentences(tmp_path):
    from root_env.play import play
    out = []
    g = play("eyrie", vs=MM + ":nightmare+blitz", seed=4, save=tmp_path / "b.json", read=_answers(),
             write=out.append, max_turns=4)
    text = "\n".join(out)
    assert g.factions == ("marquise", "eyrie") and g.seats == (MM + ":nightmare+blitz", "eyrie")
    assert f"you play eyrie against {MM}:nightmare+blitz" in text
    assert "  Mechanical Marquise sets up (seed 004)" in text  # before the first decision
    said = [x.strip() for x in out if x.strip().startswith("Mechanical Marquise")]
    replay = Game.from_record(json.loads((tmp_path / "b.json").read_text()))
    assert replay.state.tobytes() == g.state.tobytes()
    # every sentence the bot said over the game, in order, as the game log has them
    logged = [x.strip() for x in replay.log().splitlines() if x.strip().startswith("Mechanical Marquise")]
    assert said == logged and len(said) > 10
    assert "MQ is the Mechanical Marquise: Clockwork bot (seed 004) · nightmare · traits: blitz" in text


def test_play_cli_with_bot_opponents(tmp_path, capsys):
    from root_env.play import main
    p = tmp_path / "c.json"
    import io
    import sys
    old = sys.stdin
    sys.stdin = io.StringIO("1\n" * 400 + "q\n")
    try:
        rc = main(["--as", "vagabond", "--opponents", f"{MM}:easy,eyrie", "--vs", "heuristic", "--seed", "2",
                   "--save", str(p), "--max-turns", "3"])
    finally:
        sys.stdin = old
    assert rc == 0
    assert Game.load(p).seats == (f"{MM}:easy", "eyrie", "vagabond")
    out = capsys.readouterr().out
    assert "Mechanical Marquise reveals the order card" in out
    assert main(["--as", "marquise", "--vs", MM]) == 2
    assert "each faction can be seated once" in capsys.readouterr().err


def test_picture_and_text_board_name_the_bot():
    from root_env.render import render_text
    rng = np.random.default_rng(0)
    g = Game.new((MM + ":challenging+fortified", "eyrie", "vagabond"), seed=3)
    svg = g.to_svg()
    assert "Mechanical Marquise" in svg and "challenging" in svg and "fortified" in svg
    assert "order card: none" in svg and "no hand" in svg
    while not g.is_over and g.active != "marquise":
        g.apply(int(rng.choice(g.legal_actions())))
    for _ in range(2000):  # a decision inside her turn: her order card is face up
        if g.is_over or (g.active == "marquise" and g.to_dict()["bots"]["marquise"]["order_card"]):
            break
        g.apply(int(rng.choice(g.legal_actions())))
    card = g.to_dict()["bots"]["marquise"]["order_card"]
    assert card is not None
    assert f"order card: {card}" in render_text(g)
    assert "Mechanical Marquise to play" in g.to_svg()


def test_electric_eyrie_in_play_picture_and_text_board(tmp_path):
    """The Electric Eyrie in terminal play (its sentences, in the log's order), and its Decree by suit in the picture
    and the text board."""
    from root_env.play import play
    from root_env.render import render_text
    out = []
    g = play("marquise", vs=EE + ":challenging+relentless", seed=6, save=tmp_path / "e.json", read=_answers(),
             write=out.append, max_turns=5)
    said = [x.strip() for x in out if x.strip().startswith("Electric Eyrie")]
    replay = Game.from_record(json.loads((tmp_path / "e.json").read_text()))
    logged = [x.strip() for x in replay.log().splitlines() if x.strip().startswith("Electric Eyrie")]
    assert said == logged and len(said) > 5
    assert any("Decree's" in x for x in said)
    svg = g.to_svg()
    # seed 004's Decree holds deck cards only (its setup's two bird cards; the Loyal Viziers are the Law's)
    assert "Electric Eyrie" in svg and "Decree: fox" in svg and "Decree: bird" in svg and "Loyal Vizier" not in svg
    text = render_text(g)
    assert "bird[" in text and "Loyal Vizier" not in text
