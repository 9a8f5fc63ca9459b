"""``make demo`` (root_env.demo): a seeded game between agents, shown as text, played to the end."""
from root_env.demo import play, BASE4


def test_demo_plays_a_seeded_four_player_game_to_the_end(capsys):
    g = play(2024, 8, BASE4, "heuristic")
    out = capsys.readouterr().out
    assert g.is_over and (g.winners or g.truncated)
    assert "GAME OVER" in out and "--- setup ---" in out
    again = play(2024, 8, BASE4, "heuristic")
    assert again.state.tobytes() == g.state.tobytes()  # same seed, same game


def test_demo_with_random_agents_and_two_factions(capsys):
    g = play(7, 10, ("marquise", "eyrie"), "random")
    assert g.is_over
    assert "GAME OVER" in capsys.readouterr().out
