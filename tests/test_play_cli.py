"""Terminal play (issue 5): python -m root_env.play shows the board and readable options, refuses
invalid input with a message and asks again, and saves the game record on quit, end, EOF and Ctrl-C."""
from __future__ import annotations

import re
import subprocess
import sys

import pytest

from root_env.data import BASE_CHARACTERS  # seeded games found with the base game's characters
from root_env import Game, RootError, Scenario
from root_env.play import play, main, apply_and_report, option_text, agent_line, undo_last
from root_env.render import end_reason, render_text


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


# ---------------------------------------------------------------- issue 19
def _blocks(text: str) -> list[list[str]]:
    """The numbered option lists shown, each as its lines."""
    out = []
    for chunk in text.split("your options:")[1:]:
        out.append([ln for ln in chunk.splitlines()[1:] if ln[:4].strip().rstrip(".").isdigit()
                    and ln.startswith("  ")])
    return out


def test_map_first_then_board_after_setup(tmp_path):
    out = []
    play("vagabond", seed=7, save=tmp_path / "v.json", read=_script(["1"] * 6 + ["q"]), write=out.append)
    text = "\n".join(out)
    assert "forest F1 (\"forest 1\"): between clearings 1, 2, 5, 10" in text  # forests numbered as options
    assert " 1 -> " in text and "river" in text  # each clearing's paths
    first_board = text.index("Turn 1/")
    assert "Turn 0/" not in text  # no board before setup is done
    assert "forest 1" in text[:first_board]  # the Vagabond's setup options name the forests


def test_auto_forced_skips_single_options(tmp_path):
    out = []
    g = play("eyrie", seed=8, save=tmp_path / "a.json", read=lambda p: "1", write=out.append, max_turns=4,
             auto_forced=True)
    blocks = _blocks("\n".join(out))
    assert blocks and all(len(b) >= 2 for b in blocks)
    assert Game.load(tmp_path / "a.json").to_record()["options"]["auto_forced"] is True
    assert g.is_over


def test_question_mark_lists_the_options_again(tmp_path):
    out = []
    play("marquise", seed=9, save=tmp_path / "q.json", read=_script(["?", "q"]), write=out.append)
    text = "\n".join(out)
    assert text.count("your options:") == 2 and "type the number of an option" in text


def test_load_resumes_a_saved_game(tmp_path):
    p = tmp_path / "r.json"
    first = play("eyrie", seed=10, save=p, read=_script(["1", "1", "1", "q"]), write=lambda s: None)
    n = len(first.to_record()["actions"])
    out = []
    g = play("eyrie", load=p, read=_script(["1", "q"]), write=out.append)
    rec = g.to_record()
    assert rec["actions"][:n] == first.to_record()["actions"] and len(rec["actions"]) > n
    assert Game.load(p).to_record() == rec  # saved back to the file it came from
    two = tmp_path / "two.json"
    play("eyrie", seed=10, save=two, opponents=("marquise",), read=_script(["q"]), write=lambda s: None)
    with pytest.raises(RootError, match="not in that game"):
        play("alliance", load=two, read=_script(["q"]), write=lambda s: None)


def test_undo_goes_back_to_your_last_decision(tmp_path):
    before = play("eyrie", seed=12, save=tmp_path / "b.json", read=_script(["q"]), write=lambda s: None)
    out = []
    g = play("eyrie", seed=12, save=tmp_path / "u.json", read=_script(["1", "u", "q"]), write=out.append)
    assert "undone" in "\n".join(out)
    assert g.state.tobytes() == before.state.tobytes()
    out = []
    play("eyrie", seed=12, save=tmp_path / "n.json", read=_script(["u", "q"]), write=out.append)
    assert "nothing to undo" in "\n".join(out)


def test_undo_against_heuristic_agents(tmp_path):
    before = play("marquise", "heuristic", seed=13, save=tmp_path / "b.json", read=_script(["2", "1", "q"]),
                  write=lambda s: None)
    g = play("marquise", "heuristic", seed=13, save=tmp_path / "u.json", read=_script(["2", "1", "3", "u", "q"]),
             write=lambda s: None)
    assert g.state.tobytes() == before.state.tobytes()


def test_your_battles_are_printed():
    sc = Scenario(("marquise", "eyrie"))
    sc.warriors("marquise", 5, 4).warriors("eyrie", 5, 3).building("roost", 5)
    g = sc.start("marquise", at="daylight")
    out = []
    for _ in range(6):
        legal = [int(a) for a in g.legal_actions()]
        pick = next((a for a in legal if "battle" in g.describe(a) or "eyrie" in g.describe(a)), legal[0])
        apply_and_report(g, pick, "marquise", out.append)
        if any(">> hits" in line for line in out):
            break
    text = "\n".join(out)
    assert ">> battle in clearing 5" in text and "marquise attacks eyrie" in text and ">> hits: marquise deals" in text


def test_labels_match_the_board():
    """Decree options read alike for cards and Loyal Viziers, and cards are named as in the hands."""
    sc = Scenario(("marquise", "eyrie"))
    sc.warriors("eyrie", 5, 3).building("roost", 5).leader("charismatic").decree("recruit", [("Ambush!", "fox")])
    g = sc.start("eyrie", at="daylight")
    while g.decision != "eyrie: resolve decree":
        g.apply(int(g.legal_actions()[-1]))
    texts = [option_text(g, "eyrie", int(a)) for a in g.legal_actions()]
    assert texts == ["resolve Decree card Ambush! (fox)", "resolve Decree card Loyal Vizier"]


def test_law_9_2_7_damaged_item_is_reported_as_damaged():
    sc = Scenario(("marquise", "vagabond"))
    sc.vagabond("thief", at=5).vb_items("ready", sword=1, torch=1).warriors("marquise", 5, 3)
    g = sc.start("marquise", at="daylight")
    out = []
    for _ in range(12):
        if g.current_player == "vagabond" or g.is_over:
            break
        legal = [int(a) for a in g.legal_actions()]
        pick = next((a for a in legal if "battle" in g.describe(a) or "vagabond" in g.describe(a)), legal[0])
        apply_and_report(g, pick, "vagabond", out.append)
    assert g.current_player == "vagabond"  # the Vagabond chooses which item the hit damages (Law 9.2.7)
    texts = [option_text(g, "vagabond", int(a)) for a in g.legal_actions()]
    assert texts and all(t.startswith("damage the ") for t in texts), texts
    apply_and_report(g, int(g.legal_actions()[0]), "vagabond", out.append)
    text = "\n".join(out)
    assert ">> battle in clearing 5" in text and ">> hits:" in text
    assert "damaged" in str(g.to_dict()["vagabond"]["items"])


def test_game_over_line_says_why(tmp_path):
    out = []
    play("marquise", seed=4, save=tmp_path / "m.json", read=lambda p: "1", write=out.append, max_turns=3)
    assert out[-2] == "Game over: the turn cap (3 turns) was reached: no winner"
    base = {"truncated": False, "max_turns": 300, "vp": {"marquise": 31, "eyrie": 12, "vagabond": 0},
            "dominance": {}, "vagabond": {"coalition": None}}
    assert end_reason({**base, "winners": ["marquise"]}) == "marquise wins with 31 VP (30 needed, Law 3.1)"
    assert "eyrie wins by fox dominance" in end_reason({**base, "winners": ["eyrie"], "dominance": {"eyrie": "fox"}})
    assert end_reason(
        {**base, "vp": {"eyrie": 30}, "winners": ["eyrie", "vagabond"], "dominance": {"vagabond": "bird"},
         "vagabond": {"coalition": "eyrie"}}) == ("eyrie wins with 30 VP (30 needed, Law 3.1); "
                                                  "vagabond wins in coalition with eyrie (Law 9.2.8)")


def test_agent_lines_use_the_board_words_and_hide_face_down_cards():
    sc = Scenario(("marquise", "alliance"))
    sc.hand("alliance", [("Ambush!", "fox")])
    g = sc.start("alliance", at="daylight")
    while g.decision != "alliance: daylight":
        g.apply(int(g.legal_actions()[-1]))
    mobilize = next(int(a) for a in g.legal_actions() if "mobilize" in g.describe(int(a)).lower())
    g.apply(mobilize)
    lines = [agent_line(g, int(a)) for a in g.legal_actions()]
    assert lines and all(ln.startswith("alliance: ") and "Ambush!" not in ln and "#" not in ln for ln in lines)
    assert any("a card" in ln for ln in lines)


# ---------------------------------------------------------------- the Lizard Cult (Law 10)
def test_play_as_the_cult(tmp_path):
    """The Cult as the human seat: its setup (corner, Outcast), conspiracies and rituals read as
    sentences, the board shows its hand and its public board; undo and the saved record work."""
    out = []
    g = play("lizards", "heuristic", seed=21, save=tmp_path / "lz.json", opponents=("marquise", "eyrie"),
             read=lambda p: "1", write=out.append, max_turns=8)
    text = "\n".join(out)
    # Law 10.3.2: with the Marquise and the Eyrie in play, one of the two other corners
    assert "[setup: cult corner] your options:\n   1. place 4 warriors and a garden in clearing 2 (mouse)\n" \
           "   2. place 4 warriors and a garden in clearing 4 (rabbit)" in text
    assert "[setup: outcast] your options:\n   1. make fox the Outcast\n   2. make rabbit the Outcast" in text
    assert "[cult: ritual] your options:" in text and "end Daylight" in text
    assert re.search(r"\n +\d+\. (recruit|build|score|sacrifice): reveal [A-Z].* \((fox|rabbit|mouse|bird)\)\n", text)
    assert "Hand of lizards: " in text and "Lizard Cult: outcast fox | acolytes " in text
    assert g.is_over and Game.load(tmp_path / "lz.json").state.tobytes() == g.state.tobytes()
    back = undo_last(g, "lizards")
    assert back.current_player == "lizards" and len(back.to_record()["actions"]) < len(g.to_record()["actions"])


def test_the_cult_as_an_agent_shows_only_what_the_table_sees(tmp_path):
    """Against a Cult agent, every card the printed lines name is one the table has seen face up: revealed
    for a ritual, spent or discarded to the Lost Souls pile, crafted, or the human's own."""
    from root_env.data import CARD_SHORT
    out = []
    g = play("marquise", "random", seed=22, save=tmp_path / "m.json", opponents=("lizards",), read=lambda p: "1",
             write=out.append, max_turns=20)
    lines = [ln for ln in out if ln.startswith("  lizards: ")]
    assert any("make " in ln and " the Outcast" in ln for ln in lines)
    assert any(": reveal " in ln for ln in lines)
    named = {c for ln in lines for c in set(CARD_SHORT) if c in ln}
    from root_env.gamelog import log_entries
    public = "\n".join("\n".join(e["events"]) for e in log_entries(g.to_record(), viewer="marquise"))
    assert named
    for c in named:
        assert (f"reveals {c}" in public or f"reveals and spends {c}" in public or f"discards {c}" in public
                or f"crafts {c}" in public or f"{c}: the dominance cards by the map" in public), c


def test_cli_as_the_cult(tmp_path):
    p = tmp_path / "cli_lz.json"
    proc = subprocess.run([sys.executable, "-m", "root_env.play", "--as", "lizards", "--opponents", "eyrie",
                           "--seed", "6", "--save", str(p)], input="1\n1\nb\nq\n", capture_output=True, text=True,
                          timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert "you play lizards against eyrie" in proc.stdout and "[setup: outcast]" in proc.stdout
    assert Game.load(p).factions == ("eyrie", "lizards")


def test_play_as_the_hundreds(tmp_path):
    """The Lord of the Hundreds as the human seat (Law 14): the corner, the moods, Contempt for Trade and their orders
    read as sentences; the board shows their mood, warlord and Hoard (their faction board, as the Cult's is shown)."""
    out = []
    g = play("hundreds", "heuristic", seed=21, save=tmp_path / "hd.json", opponents=("marquise", "eyrie"),
             read=lambda p: "1", write=out.append, max_turns=6)
    text = "\n".join(out)
    assert "[setup: hundreds corner] your options:\n   1. clearing 2 (mouse)\n   2. clearing 4 (rabbit)" in text
    assert "[hundreds: mood] your options:\n   1. mood: bitter\n   2. mood: grandiose" in text  # not Stubborn again
    assert "[contempt for trade] your options:\n   1. keep the item\n   2. score" in text
    assert "[move: with the warlord?] your options:" in text and "[advance the warlord] your options:" in text
    assert "Lord of the Hundreds: mood stubborn | warlord in clearing 2 | Hoard - | Command 1, Prowess 1" in text
    assert "Lord of the Hundreds: mood bitter | warlord off the map | Hoard tea | Command 1, Prowess 2" in text
    assert "Lord of the Hundreds: mood jubilant | warlord in clearing 5 | Hoard tea×2 | Command 1, Prowess 2" in text
    assert Game.load(tmp_path / "hd.json").state.tobytes() == g.state.tobytes()


@pytest.mark.parametrize("vs", ["ismcts:3", "ismcts:3:guide=pretrained", "agents.random_agent:RandomAgent", "heuristic",
                                "heuristic_v1"])
def test_any_agent_spec_plays_the_other_factions(tmp_path, vs):
    """Terminal play takes every agent spec the tools take: ISMCTS with a budget, a module:callable policy
    (and ppo:PATH checkpoints, through the same agents.policies.resolve)."""
    out = []
    g = play("eyrie", vs=vs, seed=11, save=tmp_path / "g.json", read=_script(["1", "1", "1", "q"]),
             write=out.append, opponents=("marquise", "alliance"))
    assert f"({vs})" in out[0]
    assert len(g.to_record()["actions"]) > 3  # the agents played their setup and turns around the human


@pytest.mark.parametrize("vs,match", [("ismcts:0", "ISMCTS|ismcts"), ("nosuchmodule:thing", "nosuchmodule"),
                                      ("ppo:/no/such/file.pt", "no/such"), ("", "agent")])
def test_bad_agent_spec_is_refused(tmp_path, vs, match):
    with pytest.raises(RootError, match=match):
        play("eyrie", vs=vs, seed=1, save=tmp_path / "x.json", read=_script(["q"]), write=lambda s: None)


# ---------------------------------------------------------------- the Riverfolk Company (Law 11)
def _choose(out, wanted):
    """A `read` that answers each question with the first option whose text contains one of `wanted`
    (in order of preference), else option 1."""
    def read(prompt):
        shown = []
        for ln in reversed(out):
            if ln.endswith("your options:"):
                break
            shown.append(ln)
        shown.reverse()
        for w in wanted:
            for ln in shown:
                if w in ln:
                    return ln.split(".", 1)[0].strip()
        return "1"
    return read


def test_play_as_the_riverfolk(tmp_path):
    """The Riverfolk as the human seat: setup on the river, prices, Daylight options with what they commit or
    spend, whose funds pay, a trade post paid with the ruler's funds; the board shows the boxes by owner and
    the public hand; undo and the saved record work."""
    out = []
    wanted = ["establish a trade post", "establish trade post", "recruit", "set the price of hand card to 3",
              "set the price of riverboats to 2", "set the price of mercenaries to 4", "end Daylight"]
    # Scripted against the first heuristic's setup of the Marquise and the Eyrie (heuristic_v1).
    g = play("riverfolk", "heuristic_v1", seed=23, save=tmp_path / "rf.json", opponents=("marquise", "eyrie"),
             read=_choose(out, wanted), write=out.append, max_turns=9)
    text = "\n".join(out)
    # Law 11.3.2: four warriors, one at a time, on clearings with a river
    assert "[setup: riverfolk warrior] your options:\n   1. place a warrior in clearing 4 (rabbit)\n" in text
    assert "[riverfolk: set price] your options:\n   1. set the price of hand card to 1\n" in text
    assert "recruit (spend 1 fund)" in text and "move (commit 1 fund)" in text and "end Daylight" in text
    assert re.search(r"\[trade post: where\] your options:\n +1\. establish a trade post in clearing \d+ \(\w+\), "
                     r"spending 2 funds of \w+", text)
    assert re.search(r"Riverfolk: funds .* \| payments .* \| committed .* \| prices hand card 3, riverboats 2, "
                     r"mercenaries 4", text)
    assert "public hand: " in text and "Hand of riverfolk: " in text
    assert g.is_over and Game.load(tmp_path / "rf.json").state.tobytes() == g.state.tobytes()
    assert g.to_dict()["riverfolk"]["trade_posts"] != {s: {"on_map": 0, "on_track": 3, "gone": 0}
                                                       for s in ("fox", "rabbit", "mouse")}  # a post was built
    back = undo_last(g, "riverfolk")
    assert back.current_player == "riverfolk" and len(back.to_record()["actions"]) < len(g.to_record()["actions"])


def test_buying_services_as_a_human(tmp_path):
    """A human Marquise against the Riverfolk: at the start of each Birdsong she is offered the services at
    their prices (Law 11.2.6), buys a card from the Riverfolk's hand (named: it is public) and riverboats."""
    out = []
    first, later = _choose(out, ["buy hand card"]), _choose(out, ["buy riverboats", "buy no more services"])

    def read(prompt):  # a card at the first Birdsong, riverboats afterwards
        return (later if sum(ln.endswith("[buy services] your options:") for ln in out) > 1 else first)(prompt)
    g = play("marquise", "random", seed=24, save=tmp_path / "mq.json", opponents=("riverfolk",), read=read,
             write=out.append, max_turns=6)
    text = "\n".join(out)
    assert re.search(r"\[buy services\] your options:\n( +\d+\. buy (hand card|riverboats|mercenaries) \(price \d: "
                     r"\d warriors? into the Payments box\)\n)+ +\d+\. buy no more services", text)
    assert re.search(r"\[hand card: which\] your options:\n +1\. take [A-Z].* \((fox|rabbit|mouse|bird)\) from the "
                     r"Riverfolk's hand", text)
    log = g.log()
    assert "marquise buys hand card (Hand Card, Law 11.2.7.I)" in log
    assert "marquise buys riverboats (Riverboats, Law 11.2.7.II)" in log


def test_cli_as_the_riverfolk(tmp_path):
    p = tmp_path / "cli_rf.json"
    proc = subprocess.run([sys.executable, "-m", "root_env.play", "--as", "riverfolk", "--opponents", "eyrie",
                           "--seed", "6", "--save", str(p)], input="1\n1\nb\nq\n", capture_output=True, text=True,
                          timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert "you play riverfolk against eyrie" in proc.stdout and "[setup: riverfolk warrior]" in proc.stdout
    assert "Riverfolk: funds " in proc.stdout  # the board, asked for with b
    assert Game.load(p).factions == ("eyrie", "riverfolk")


def test_an_aid_card_given_to_the_riverfolk_is_named():
    """Law 11.2.3: a card the Vagabond gives the Riverfolk as Aid lands in their public hand: the agent's line
    names it, as the game log does; an Aid card to anyone else stays "a card"."""
    import random
    from root_env.data import FACTION_NAMES
    from root_env.layout import REG, R_VB_TARGET
    g = Game.new(("marquise", "eyrie", "alliance", "vagabond", "riverfolk"), seed=9,
                 vagabond_characters=BASE_CHARACTERS)  # the seed was found with the base game's characters
    r = random.Random(9)
    seen = {"riverfolk": [], "other": []}
    while not g.is_over:
        legal = g.legal_actions()
        a = int(legal[r.randrange(len(legal))])
        if g.decision == "aid: card":
            to = FACTION_NAMES[int(g.state[REG + R_VB_TARGET])]
            seen["riverfolk" if to == "riverfolk" else "other"].append(agent_line(g, a))
        g.apply(a)
    assert seen["riverfolk"] and seen["other"], seen
    assert all(re.fullmatch(r"vagabond: give [A-Z].* \((fox|rabbit|mouse|bird)\)", ln) for ln in seen["riverfolk"])
    assert all(ln == "vagabond: give a card" for ln in seen["other"]), seen["other"]


# ---------------------------------------------------------------- the Corvid Conspiracy (seed 003, Law 13)
def test_play_as_the_corvids(tmp_path):
    """The Corvids as the human seat: setup, flips with their VP, recruit, Daylight's actions with the
    actions left and a plot's cost, the plot's type chosen (the human sees it), Exert; the board names
    the human's face-down plots; undo and the saved record work."""
    out = []
    wanted = ["flip the plot", "plot (", "place a bomb plot", "place a snare", "place an extortion", "place a raid",
              "plot in clearing", "trick", "swap", "exert: the action plot", "recruit, spending", "end Daylight"]
    # seed 28: a game that meets every step below in 12 turns (found by search; heuristic changes re-roll games)
    g = play("corvids", "heuristic", seed=28, save=tmp_path / "cv.json", opponents=("marquise", "eyrie"),
             read=_choose(out, wanted), write=out.append, max_turns=12)
    text = "\n".join(out)
    assert "[setup: corvid warrior] your options:\n   1. place a warrior in clearing" in text
    assert re.search(r"\[corvids: daylight\] your options:\n( +\d+\. .*\n)*? +\d+\. plot \(\d actions? left, removing "
                     r"\d warriors?\)", text)
    assert re.search(r"\[plot: which\] your options:\n +1\. place a bomb plot face down in clearing \d+ \(\w+\)", text)
    assert re.search(r"\[corvids: flip\] your options:\n +1\. flip the plot in clearing \d+ \(\w+\) \(an? \w+; scores "
                     r"\d VP\)", text)
    assert re.search(r">> corvids flips the plot in clearing \d+ \(\w+\): it is an? \w+", text)
    assert re.search(r"\| face-down (bomb|snare|extortion|raid)\b", text)  # the board, as the Corvids see it
    assert "Corvids: plots in supply " in text and "Hand of corvids: " in text
    assert g.is_over and Game.load(tmp_path / "cv.json").state.tobytes() == g.state.tobytes()
    back = undo_last(g, "corvids")
    assert back.current_player == "corvids" and len(back.to_record()["actions"]) < len(g.to_record()["actions"])


def test_exposure_as_a_human(tmp_path):
    """A human Marquise against the Corvids uses Exposure (13.2.4) on her turn: the clearing, a matching card
    (shown to the Corvids only), the guess of the four types; the answer is printed."""
    out = []
    g = play("marquise", "heuristic", seed=26, save=tmp_path / "mq.json", opponents=("corvids",),
             read=_choose(out, ["Exposure: guess the type", "exposure (", "Exposure: show", "is a bomb"]),
             write=out.append, max_turns=16)
    text = "\n".join(out)
    assert re.search(r"\[exposure: where\] your options:\n +1\. Exposure: guess the type of the face-down plot in "
                     r"clearing \d+ \(\w+\)", text)
    assert re.search(r"\[exposure: card\] your options:\n +1\. Exposure: show [A-Z].* \((fox|rabbit|mouse|bird)\) to "
                     r"the Corvids", text)
    assert re.search(r"\[exposure: guess\] your options:\n +1\. Exposure: guess that the plot in clearing \d+ \(\w+\) "
                     r"is a bomb\n +2\. .* is a snare\n +3\. .* is an extortion\n +4\. .* is a raid", text)
    assert re.search(r">> Exposure: (right|wrong), the plot in clearing \d+ \(\w+\) is", text)
    assert not re.search(r"  corvids: place an? \w+ plot face down", text)  # an agent's plot stays face down
    assert "  corvids: place a plot face down in clearing" in text
    assert g.to_dict()["vp"]["marquise"] >= 0


def test_the_corvids_as_an_agent_never_name_a_face_down_plot():
    """Agent lines as the table (or another faction) reads them never name a face-down plot's type; the
    Corvids' own reading does; the Strike's face-down plot is "the face-down plot"."""
    import random
    g = Game.new(("marquise", "vagabond", "corvids"), seed=29, vagabond_characters=BASE_CHARACTERS)  # found with those
    r = random.Random(29)
    placed = strikes = 0
    while not g.is_over and g.turn < 60:
        legal = g.legal_actions()
        a = int(legal[r.randrange(len(legal))])
        line = agent_line(g, a)
        if "plot" in line:
            assert line == agent_line(g, a, "marquise") == agent_line(g, a, "vagabond")
        if g.decision == "plot: which":
            assert line.startswith("corvids: place a plot face down in clearing")
            own = agent_line(g, a, "corvids")
            assert re.match(r"corvids: place an? (bomb|snare|extortion|raid) plot face down", own)
            placed += 1
        if g.decision == "strike: target" and "plot" in line:
            assert re.fullmatch(r"vagabond: strike: remove the (face-down plot|face-up (snare|extortion|raid))", line)
            assert re.fullmatch(r"vagabond: strike: remove the (face-down plot \(\w+\)|face-up \w+)",
                                agent_line(g, a, "corvids"))
            strikes += 1
        g.apply(a)
    assert placed and strikes


def test_cli_as_the_corvids(tmp_path):
    p = tmp_path / "cli_cv.json"
    proc = subprocess.run([sys.executable, "-m", "root_env.play", "--as", "corvids", "--opponents", "eyrie",
                           "--seed", "6", "--save", str(p)], input="1\n1\n1\nb\nq\n", capture_output=True, text=True,
                          timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert "you play corvids against eyrie" in proc.stdout and "[setup: corvid warrior]" in proc.stdout
    assert "Corvids: plots in supply 8" in proc.stdout  # the board, asked for with b
    assert Game.load(p).factions == ("eyrie", "corvids")


# ---------------------------------------------------------------- two Vagabonds (Law 9.8)
def test_play_as_the_second_vagabond(tmp_path):
    """Terminal play as the second Vagabond against the Vagabond and the Marquise: he is asked his own
    decisions, the board lists both Vagabonds and both pawns, the other Vagabond plays as an agent."""
    out, prompts = [], []
    g = play("vagabond2", seed=8, save=tmp_path / "v2.json", opponents=("marquise", "vagabond"),
             read=lambda p: prompts.append(p) or "1", write=out.append, max_turns=6)
    text = "\n".join(out)
    assert g.factions == ("marquise", "vagabond", "vagabond2") and g.is_over and g.truncated
    assert "you play vagabond2 against marquise, vagabond" in text
    assert len(prompts) >= 5 and set(prompts) == {"vagabond2> "}
    assert "choose character" in text and re.search(r"^  vagabond: ", text, re.M)  # the other one, an agent
    final = render_text(g, viewer="vagabond2")
    assert final in text and "Hand of vagabond2" in final
    d = g.to_dict()
    for v, title, short in (("vagabond", "Vagabond", "VB"), ("vagabond2", "Second Vagabond", "V2")):
        assert f"\n{title}: {d[v]['character']} at {d[v]['pawn']} | items " in final
        if d[v]["pawn"].startswith("clearing"):
            row = final.splitlines()[int(d[v]["pawn"].split()[1])]
            assert f"{short} pawn" in row, row
    assert Game.load(tmp_path / "v2.json").to_record() == g.to_record()


def test_cli_as_the_second_vagabond_and_its_errors(tmp_path):
    p = tmp_path / "cli_v2.json"
    proc = subprocess.run([sys.executable, "-m", "root_env.play", "--as", "vagabond2", "--opponents",
                           "vagabond,eyrie", "--seed", "2", "--save", str(p)], input="1\n" * 8 + "q\n",
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert "vagabond2> " in proc.stdout and "choose character" in proc.stdout
    assert Game.load(p).factions == ("eyrie", "vagabond", "vagabond2")
    assert main(["--as", "marquise", "--opponents", "vagabond2"]) == 2  # Law 9.8: only beside the Vagabond


def test_play_against_two_vagabonds(tmp_path):
    out = []
    g = play("eyrie", seed=3, save=tmp_path / "e.json", opponents=("vagabond", "vagabond2"), read=lambda p: "1",
             write=out.append, max_turns=6)
    text = "\n".join(out)
    assert g.factions == ("eyrie", "vagabond", "vagabond2") and g.truncated
    assert "you play eyrie against vagabond, vagabond2" in text
    assert re.search(r"^  vagabond: ", text, re.M) and re.search(r"^  vagabond2: ", text, re.M)
    assert "\nVagabond: " in text and "\nSecond Vagabond: " in text


# ---------------------------------------------------------------------------------------------- issue 32's small things

def test_a_bot_that_sets_up_after_you_has_its_setup_printed(tmp_path):
    """Law 5.1.7: the Marquise sets up before the Eyrie; the Electric Eyrie's setup runs inside your last setup
    decision and is printed right after it, once, as the game log has it."""
    out = []
    answers = iter(["1", "1", "1", "1", "q"])
    g = play("marquise", seed=3, save=tmp_path / "g.json", opponents=("bot:electric_eyrie",),
             read=lambda prompt: next(answers), write=out.append)
    said = [i for i, line in enumerate(out) if "Electric Eyrie sets up (seed 004)" in line]
    assert len(said) == 1
    last_setup = max(i for i, line in enumerate(out) if "place the starting recruiter" in line)
    assert said[0] > last_setup and out[said[0]].startswith("  Electric Eyrie sets up (seed 004): a roost and 6 warriors")
    assert g.log().count("Electric Eyrie sets up (seed 004)") == 1
    assert Game.new(("marquise", "bot:electric_eyrie"), seed=3).bot_events() == []  # not set up yet


def test_starting_building_options_name_the_building():
    """Law 6.3.4: the sawmill, then the workshop, then the recruiter."""
    g = Game.new(("marquise", "eyrie"), seed=1)
    g.apply(int(g.legal_actions()[0]))  # the keep
    for building in ("sawmill", "workshop", "recruiter"):
        texts = [option_text(g, "marquise", int(a)) for a in g.legal_actions()]
        assert texts and all(t.startswith(f"place the starting {building} in clearing ") for t in texts), texts
        g.apply(int(g.legal_actions()[0]))


def _marquise_daylight():
    sc = Scenario(("marquise", "eyrie"))
    sc.warriors("marquise", 5, 4).warriors("marquise", 1, 2).building("sawmill", 1).token("wood", 1, 3)
    sc.warriors("eyrie", 5, 2).building("roost", 9)
    g = sc.start("marquise", at="daylight")
    _pick(g, "stop crafting")
    return sc, g


def _pick(g, words):
    a = next(int(a) for a in g.legal_actions() if words in option_text(g, g.current_player, int(a)))
    g.apply(a)


def test_the_warrior_count_step_repeats_the_destination():
    _, g = _marquise_daylight()
    _pick(g, "march")
    _pick(g, "move from clearing 1 (fox)")
    _pick(g, "to clearing 5 (rabbit)")
    assert g.decision == "move: how many"
    texts = [option_text(g, "marquise", int(a)) for a in g.legal_actions()]
    assert texts == ["move 1 warrior(s) from clearing 1 (fox) to clearing 5 (rabbit)",
                     "move 2 warrior(s) from clearing 1 (fox) to clearing 5 (rabbit)"]


def test_build_options_show_the_wood_they_cost():
    """Law 6.5.4: a building costs the wood under its leftmost space on the track (one sawmill on the map: the
    next costs 1, the first workshop or recruiter 0)."""
    import root_env.data as D
    _, g = _marquise_daylight()
    _pick(g, "build")
    texts = sorted(option_text(g, "marquise", int(a)) for a in g.legal_actions())
    assert texts == [f"build a recruiter (costs {D.MQ_BUILD_COST[0]} wood)",
                     f"build a sawmill (costs {D.MQ_BUILD_COST[1]} wood)",
                     f"build a workshop (costs {D.MQ_BUILD_COST[0]} wood)"]
    _pick(g, "build a sawmill")
    texts = [option_text(g, "marquise", int(a)) for a in g.legal_actions()]
    assert texts and all(t.startswith("build a sawmill in clearing ") and t.endswith(
        f" (costs {D.MQ_BUILD_COST[1]} wood)") for t in texts), texts


def test_an_ambush_that_wipes_the_attacker_gets_a_battle_report():
    """Law 4.3.1: the ambush's two hits remove both attacking warriors; the battle ends before the dice, and
    terminal play says so."""
    sc = Scenario(("marquise", "eyrie"))
    sc.warriors("marquise", 5, 2).warriors("eyrie", 5, 1).building("roost", 9)
    sc.hand("eyrie", [("Ambush!", "rabbit")])
    g = sc.start("marquise", at="daylight")
    _pick(g, "stop crafting")
    out = []
    for words in ("battle", "battle in clearing 5", "battle eyrie in clearing 5"):
        a = next(int(a) for a in g.legal_actions() if words in option_text(g, "marquise", int(a)))
        apply_and_report(g, a, "marquise", out.append)
    assert g.current_player == "eyrie" and g.decision == "ambush?"
    ambush = next(int(a) for a in g.legal_actions() if "Ambush!" in option_text(g, "eyrie", int(a)))
    apply_and_report(g, ambush, "marquise", out.append)
    while g.current_player == "marquise" and g.decision != "marquise: action":   # foil? no: the hits
        a = next((int(a) for a in g.legal_actions() if "do not foil" in option_text(g, "marquise", int(a))),
                 int(g.legal_actions()[0]))
        apply_and_report(g, a, "marquise", out.append)
    assert g.to_dict()["clearings"][4]["warriors"].get("marquise", 0) == 0
    text = "\n".join(out)
    assert (">> battle in clearing 5 (rabbit): marquise attacks eyrie; the ambush removed every attacking warrior: "
            "the battle ends without dice (Law 4.3.1)") in text
    assert "dice" not in text.replace("without dice", "")


def test_vs_a_bot_seats_it_alone_or_beside_the_opponents(tmp_path):
    """As docs/see_and_play.md says: `--vs bot:...` is you against the bot alone; with `--opponents`, it joins them."""
    g = play("eyrie", vs="bot:mechanical_marquise", seed=2, save=tmp_path / "a.json", read=_script(["q"]),
             write=lambda s: None)
    assert g.seats == ("bot:mechanical_marquise", "eyrie")
    g = play("eyrie", vs="bot:mechanical_marquise", seed=2, save=tmp_path / "b.json", opponents=("vagabond",),
             read=_script(["q"]), write=lambda s: None)
    assert g.seats == ("bot:mechanical_marquise", "eyrie", "vagabond")


# ---------------------------------------------------------------- the Underground Duchy (Law 12)
def test_law_12_play_as_the_duchy(tmp_path):
    """The Underground Duchy as the human seat: its corner (12.3.3), the Assembly (12.5.1), Parliament (12.5.2) and
    Sway (12.5.3) read as sentences; the board shows the Burrow, ministers and crowns."""
    out = []
    g = play("duchy", seed=21, save=tmp_path / "du.json", opponents=("marquise", "eyrie"), read=lambda p: "1",
             write=out.append, max_turns=9)
    text = "\n".join(out)
    assert ("[setup: duchy corner] your options:\n   1. place 2 warriors and a tunnel in clearing 1 (fox), 2 warriors "
            "in each adjacent clearing (Law 12.3.3)") in text
    assert re.search(r"\[duchy: assembly\] your options:\n( +\d+\. (build|recruit|move|battle|dig|end the Assembly)\n)+",
                     text)
    assert "[sway: minister] your options:\n   1. sway the foremole" in text
    assert re.search(r"Underground Duchy: Burrow \d+ \| swayed foremole \| crowns squire 2, noble 3, lord 3", text)
    assert Game.load(tmp_path / "du.json").state.tobytes() == g.state.tobytes()


def test_law_12_every_duchy_option_reads_as_a_distinct_sentence():
    """In random games with the Duchy every option of every Duchy decision reads as words (no action numbers, no
    unused option), and the options of one decision read differently from each other."""
    import numpy as np
    from root_env.actions import block_of
    from root_env.names import card_label
    decisions = set()
    for seed in range(3):
        g = Game.new(("duchy", "marquise", "eyrie", "alliance"), seed=seed)
        rng = np.random.default_rng(seed)
        while not g.is_over:
            legal = g.legal_actions()
            if g.current_player == "duchy":
                texts = [option_text(g, "duchy", int(a)) for a in legal]
                # two copies of one card (the same name and suit) read alike; anything else reads differently
                meaning = {option_text(g, "duchy", int(a)): card_label(block_of(int(a))[1])
                           if block_of(int(a))[0] == "card" else int(a) for a in legal}
                assert len(set(texts)) == len(set(meaning.values())), (g.decision, texts)
                for t in texts:
                    assert "unused" not in t and not re.search(r"\baction \d+|\bid \d+|^\d+$", t), (g.decision, t)
                decisions.add(g.decision)
            g.apply(int(rng.choice(legal)))
    assert {"duchy: assembly", "duchy: parliament", "sway: minister", "sway: card", "dig: where", "dig: warriors",
            "duchy build: where", "duchy build: citadel or market", "duchy build: card", "banker: card",
            "brigadier: moves or battles"} <= decisions


def test_law_12_cli_as_the_duchy(tmp_path):
    proc = subprocess.run([sys.executable, "-m", "root_env.play", "--as", "duchy", "--opponents", "marquise",
                           "--seed", "3", "--save", str(tmp_path / "d.json")], input="1\n1\nq\n",
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert "you play duchy against marquise" in proc.stdout and "game record saved to" in proc.stdout
