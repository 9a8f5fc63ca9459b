"""Terminal play (issue 5): python -m root_env.play shows the board and readable options, refuses
invalid input with a message and asks again, and saves the game record on quit, end, EOF and Ctrl-C."""
from __future__ import annotations

import subprocess
import sys

import pytest

from root_env import Game
from root_env.play import play, main


def _script(answers):
    it = iter(answers)

    def read(prompt):
        x = next(it)
        if isinstance(x, BaseException):
            raise x
        return x
    return read


def test_invalid_input_refused_then_accepted(tmp_path):
    out = []
    g = play("eyrie", seed=3, save=tmp_path / "g.json", read=_script(["abc", "0", "999", "", "?", "b", "1", "q"]),
             write=out.append)
    text = "\n".join(out)
    assert "'abc' is not a number" in text
    assert "there is no option 0" in text and "there is no option 999" in text
    assert "please choose an option" in text and "type the number of an option" in text
    assert "Hand of eyrie" in text  # the board shows the player's own hand
    saved = Game.load(tmp_path / "g.json")
    assert saved.state.tobytes() == g.state.tobytes()
    assert "game record saved to" in text


def test_options_are_sentences_and_whole_game(tmp_path):
    out = []
    g = play("marquise", seed=4, save=tmp_path / "m.json", read=lambda p: "1", write=out.append, max_turns=3)
    text = "\n".join(out)
    assert "place the keep in clearing" in text  # readable, not action ids
    assert g.is_over and g.truncated
    assert Game.load(tmp_path / "m.json").state.tobytes() == g.state.tobytes()


@pytest.mark.parametrize("stop", [KeyboardInterrupt(), EOFError()])
def test_ctrl_c_and_eof_save_the_record(tmp_path, stop):
    out = []
    p = tmp_path / "int.json"
    g = play("eyrie", seed=5, save=p, read=_script(["1", "1", stop]), write=out.append)
    assert "interrupted" in "\n".join(out)
    assert Game.load(p).to_record() == g.to_record()


def test_cli_through_stdin(tmp_path):
    p = tmp_path / "cli.json"
    proc = subprocess.run([sys.executable, "-m", "root_env.play", "--as", "eyrie", "--vs", "random", "--seed", "6",
                           "--save", str(p)], input="hello\n1\n1\n42\nq\n", capture_output=True, text=True,
                          timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert "'hello' is not a number" in proc.stdout
    assert "there is no option 42" in proc.stdout or "eyrie>" in proc.stdout
    assert f"game record saved to {p}" in proc.stdout
    g = Game.load(p)
    assert g.to_record()["options"]["seed"] == 6


def test_cli_bad_arguments(capsys):
    with pytest.raises(SystemExit):
        main(["--as", "lemmings"])
    assert "invalid choice" in capsys.readouterr().err
