"""Terminal play with the Keepers in Iron (Law 15, issue 39): every Keepers decision reads as a sentence (Encamp,
Decamp, Recruit, the Retinue's columns, Delve, Recover, relics carried, Gather Retinue, Prized Trophies), the board
printout names their relics and waystations, a human plays them or against them with scripted input."""
from __future__ import annotations

import re

import numpy as np

from root_env import Game, Scenario
from root_env.codes import DECISION_NAMES, D_KP_CORNER, D_KP_TROPHY
from root_env.play import play, option_text

from test_play_cli import _choose

KP_DECISIONS = set(DECISION_NAMES[D_KP_CORNER:D_KP_TROPHY + 1])
# Raw action names a sentence must not show: piece and option identifiers, a card's id.
RAW = re.compile(r"relic_|waystation_|#\d|face-down relic:|faithful retainer:|retinue: |done / decline|^clearing |^forest ")


def _sentences(seeds=range(6), turns=30) -> dict:
    """decision -> the option texts met in seeded random games with the Keepers (as the decider reads them)."""
    seen: dict[str, set] = {}
    for seed in seeds:
        g = Game.new(("keepers", "marquise", "eyrie", "alliance"), seed=seed)
        rng = np.random.default_rng(seed)
        while not g.is_over and g.turn < turns:
            if g.decision in KP_DECISIONS:
                seen.setdefault(g.decision, set()).update(option_text(g, g.current_player, int(a))
                                                          for a in g.legal_actions())
            g.apply(int(rng.choice(g.legal_actions())))
    return seen


def test_every_keepers_decision_met_reads_as_a_sentence():
    seen = _sentences()
    # the decisions every random game of this length meets (Prized Trophies and Recover may not come up)
    assert {"setup: keepers corner", "setup: keepers edge clearing", "encamp: where", "encamp: which waystation",
            "keepers recruit: where", "keepers recruit: card", "retinue: which card", "battle then delve: where",
            "delve: forest", "delve: which relic", "gather retinue: card", "gather retinue: column",
            "move: carry relics"} <= set(seen)
    for decision, texts in seen.items():
        for t in texts:
            assert not RAW.search(t), (decision, t)
    assert any(re.fullmatch(r"place 4 warriors in clearing \d+ \(\w+\) \(your corner, Law 15\.3\.3\)", t)
               for t in seen["setup: keepers corner"])
    assert "place the figure/tablet waystation (tablet face up)" in seen["encamp: which waystation"]
    assert any(re.fullmatch(r"encamp in clearing \d+ \(\w+\): replace a warrior with a waystation", t)
               for t in seen["encamp: where"])
    assert any(re.fullmatch(r"recruit 2 warriors at the waystation in clearing \d+ \(\w+\)", t)
               for t in seen["keepers recruit: where"])
    assert "Retinue, move: a Faithful Retainer (move in any clearing)" in seen["retinue: which card"]
    assert any(t.startswith("end the Retinue's ") for t in seen["retinue: which card"])
    assert any(re.fullmatch(r"take a face-down (figure|tablet|jewelry) from forest \d \(its value drawn unseen\)", t)
               for t in seen["delve: which relic"])
    assert any(re.fullmatch(r"carry the (figure|tablet|jewelry) \d relic from clearing \d+ \(\w+\) to clearing \d+ "
                            r"\(\w+\) \(Devout Knights, Law 15\.2\.4\)", t) for t in seen["move: carry relics"])
    assert "into the Retinue's battle then delve column" in seen["gather retinue: column"]


def _said(out: list[str]) -> list[str]:
    """The options offered and the moves printed in a terminal session (without their numbers and movers), and the
    clearing rows of the board printouts: what must read as words."""
    lines = [ln for w in out for ln in w.splitlines()]
    said = [re.sub(r"^ +\d+\. ", "", ln) for ln in lines if re.match(r" +\d+\. ", ln)]
    said += [ln.split(": ", 1)[1] for ln in lines if re.match(r"  \w+: ", ln)]
    return said + [ln for ln in lines if re.match(r" ?\d+ \w+ +\|", ln)]


def _texts(g) -> list[str]:
    return [option_text(g, g.current_player, int(a)) for a in g.legal_actions()]


def _answer(g, text: str) -> None:
    """Apply the option that reads `text`."""
    texts = _texts(g)
    assert text in texts, texts
    g.apply(int(g.legal_actions()[texts.index(text)]))


def test_recover_reads_as_a_sentence():
    """Law 15.5.2.III: Move or Recover with a fox card, a tablet waystation (tablet up) and a tablet 3 in clearing 1."""
    sc = Scenario(("keepers", "marquise"), seed=1)
    sc.warriors("keepers", 1, 2).waystation("figure/tablet", 1, face_up="tablet").relic("tablet", 3, 1)
    sc.retinue("move or recover", [("Root Tea", "fox")]).retinue_column("move or recover")
    g = sc.start("keepers", at="keepers_retinue")
    _answer(g, "Retinue, move or recover: Root Tea (fox) (move or recover in a fox clearing)")
    assert g.decision == "move or recover" and "recover relics in a fox clearing" in _texts(g)
    _answer(g, "recover relics in a fox clearing")
    _answer(g, "recover relics in clearing 1 (fox)")
    _answer(g, "recover the tablet 3 relic from clearing 1 (fox)")
    assert g.to_dict()["keepers"]["recovered"] == ["tablet 3"]


def test_encamp_decamp_and_recruit_read_as_sentences():
    """Law 15.4: Encamp (with its fallback when no Keeper piece is on the map), Decamp, Recruit with a card."""
    sc = Scenario(("keepers", "marquise"), seed=1)
    sc.waystation("figure/tablet", 2, face_up="figure").waystation("tablet/jewelry", 2, face_up="jewelry")
    g = sc.start("keepers", at="keepers_decamp")
    _answer(g, "decamp in clearing 2 (mouse): replace a waystation with a warrior")
    assert _texts(g) == ["return the figure/tablet waystation (figure face up) to your board",
                         "return the tablet/jewelry waystation (jewelry face up) to your board"]
    _answer(g, "return the tablet/jewelry waystation (jewelry face up) to your board")
    assert g.to_dict()["keepers"]["waystations"]["tablet/jewelry"]["clearing"] is None
    fresh = Scenario(("keepers", "marquise"), seed=1).start("keepers", at="keepers_birdsong")
    assert all(re.fullmatch(r"encamp in clearing \d+ \(\w+\): a waystation and a warrior there \(none of yours on "
                            r"the map, Law 15\.4\.1\)", t) for t in _texts(fresh))  # no "done": the fallback is a must
    sc = Scenario(("keepers", "marquise"), seed=1)
    sc.waystation("figure/tablet", 1, face_up="figure").hand("keepers", [("Root Tea", "fox")])
    g = sc.start("keepers", at="keepers_recruit")
    _answer(g, "recruit 2 warriors at the waystation in clearing 1 (fox)")
    _answer(g, "recruit in clearing 1 (fox), spending Root Tea (fox)")
    assert g.to_dict()["clearings"][0]["warriors"] == {"keepers": 2}


def test_play_as_the_keepers(tmp_path):
    """The Keepers as the human seat, answered by preference: setup, Encamp and the waystation's face, the Retinue's
    columns, Battle then Delve, a face-down relic taken by type, relics carried, Gather Retinue; the board shows
    their board and names relics and waystations; the saved record reloads to the same state."""
    out = []
    wanted = ["take a face-down", "delve: take", "battle then delve in", "Retinue, battle", "encamp in",
              "place the", "carry the", "Retinue, move:", "add ", "into the Retinue"]
    g = play("keepers", "random", seed=5, save=tmp_path / "kp.json", opponents=("marquise", "eyrie"),
             read=_choose(out, wanted), write=out.append, max_turns=12)
    text = "\n".join(out)
    for decision in ("setup: keepers corner", "setup: keepers edge clearing", "encamp: where",
                     "encamp: which waystation", "retinue: which card", "battle then delve: where", "delve: forest",
                     "delve: which relic", "move: carry relics", "gather retinue: card", "gather retinue: column"):
        assert f"[{decision}] your options:" in text
    assert re.search(r"\[delve: which relic\] your options:\n +1\. take a face-down \w+ from forest \d \(its value "
                     r"drawn unseen\)", text)
    assert "Keepers in Iron: recovered " in text and "  Retinue move[" in text and "relics in forests: forest " in text
    assert re.search(r"\| [^|]*\b(figure|tablet|jewelry) \d relic\b", text)  # a delved relic in a clearing's row
    said = _said(out)
    assert len(said) > 100 and not [t for t in said if RAW.search(t)]  # no raw identifier in any option or row
    assert Game.load(tmp_path / "kp.json").state.tobytes() == g.state.tobytes()


def test_play_against_the_keepers_shows_what_they_do_and_hides_relic_values(tmp_path):
    """Against a Keepers agent: their decisions print as sentences (the table's view), the board shows their pieces,
    and a face-down relic's value is never printed (Law 15.2.1)."""
    out = []
    g = play("marquise", "random", seed=8, save=tmp_path / "mq.json", opponents=("keepers", "eyrie"),
             read=lambda p: "1", write=out.append, max_turns=10)
    text = "\n".join(out)
    assert re.search(r"keepers: place 4 warriors in clearing \d+ \(\w+\) \(your corner, Law 15\.3\.3\)", text)
    assert re.search(r"keepers: encamp in clearing \d+", text) and re.search(r"keepers: place the \w+/\w+ waystation",
                                                                              text)
    assert "Keepers in Iron: recovered " in text and "(face down)" in text
    assert not re.search(r"(figure|tablet|jewelry) \d \(face down\)", text)
    said = _said(out)
    assert len(said) > 100 and not [t for t in said if RAW.search(t)]
    assert Game.load(tmp_path / "mq.json").state.tobytes() == g.state.tobytes()
