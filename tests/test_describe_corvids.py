"""``describe`` for the Corvid Conspiracy (seed 003, Law 13): every Corvid decision and an enemy's Exposure read
as sentences with what they do (a flip's VP, a plot's warriors, actions left, the suit a card recruits in, what
Exposure ruled out); a face-down plot's type is named only for the Corvids (13.2.2.I), whoever decides, and the
Vagabond's Strike removes "the face-down plot" whatever action id stands for it."""
from __future__ import annotations

import re

import pytest

from root_env import codes as K, RootError
from root_env.scenario import Scenario, card_id
from root_env.data import PLOT_NAMES, NBT, TT_PLOT

ANVIL = card_id("Anvil", "fox")

TYPE = re.compile(r"\b(bomb|snare|extortion|raid)\b")


def _lines(g, viewer):
    return [g.describe(int(a), viewer) for a in g.legal_actions()]


def _daylight():
    sc = Scenario(("marquise", "corvids"), seed=1)
    sc.warriors("corvids", 5, 3).warriors("corvids", 1, 2).warriors("corvids", 3, 2).plots_placed(1).actions_left(2)
    sc.plot("snare", 5, face_up=True).plot("raid", 9, face_up=True).plot("bomb", 1, ruled_out=("raid",))
    sc.plot("extortion", 10)
    return sc.start("corvids", at="corvids_daylight")


def test_corvid_daylight_menu_and_plot_choices():
    g = _daylight()
    lines = _lines(g, "corvids")
    assert "corvids: move (2 actions left)" in lines and "corvids: end Daylight" in lines
    assert "corvids: plot (2 actions left, removing 2 warriors)" in lines  # one plot placed already: 1 + 1
    assert "corvids: trick (2 actions left)" in lines
    g.apply(K.A_OPT + K.OPT_PLOT)
    assert _lines(g, "corvids") == ["corvids: plot in clearing 3 (rabbit), removing 2 warriors"]  # 1, 5 have plots
    g.apply(K.A_CLEARING + 2)
    assert _lines(g, "corvids") == [f"corvids: place {'an' if k[0] == 'e' else 'a'} {k} plot face down in clearing 3 "
                                    "(rabbit)" for k in PLOT_NAMES]  # one of each type in the supply
    for viewer in (None, "marquise"):
        assert set(_lines(g, viewer)) == {"corvids: place a plot face down in clearing 3 (rabbit)"}


def test_a_trick_names_face_down_types_for_the_corvids_only():
    g = _daylight()
    g.apply(K.A_OPT + K.OPT_TRICK)
    own, public = _lines(g, "corvids"), _lines(g, None)
    assert "corvids: trick: swap the plot in clearing 1 (fox) (bomb, face down, not raid)" in own
    assert "corvids: trick: swap the plot in clearing 1 (fox) (face down, not raid)" in public
    assert "corvids: trick: swap the plot in clearing 5 (rabbit) (snare, face up)" in own + public
    g.apply(K.A_CLEARING + 0)
    assert _lines(g, None) == ["corvids: trick: swap the plot in clearing 1 (fox) with the plot in clearing 10 "
                               "(rabbit) (face down)"]
    assert _lines(g, "corvids") == ["corvids: trick: swap the plot in clearing 1 (fox) with the plot in clearing 10 "
                                    "(rabbit) (extortion, face down)"]


def test_flips_say_their_vp_and_the_type_to_the_corvids_only():
    sc = Scenario(("marquise", "corvids"), seed=1)
    sc.warriors("corvids", 1, 1).warriors("corvids", 10, 1).plot("snare", 5, face_up=True)
    sc.plot("bomb", 1).plot("extortion", 10)
    g = sc.start("corvids", at="corvids_flip")
    assert _lines(g, "corvids") == ["corvids: flip the plot in clearing 1 (fox) (a bomb; scores 2 VP)",
                                    "corvids: flip the plot in clearing 10 (rabbit) (an extortion; scores 2 VP)",
                                    "corvids: flip no more plots"]
    assert _lines(g, None)[:2] == ["corvids: flip the plot in clearing 1 (fox) (scores 2 VP)",
                                   "corvids: flip the plot in clearing 10 (rabbit) (scores 2 VP)"]


def test_recruit_and_exert_read_as_what_they_do():
    sc = Scenario(("marquise", "corvids"), seed=1)
    sc.warriors("corvids", 1, 3).hand("corvids", [("Anvil", "fox"), ("Crossbow", "bird")])
    g = sc.start("corvids", at="corvids_recruit")
    lines = _lines(g, None)
    assert f"corvids: recruit, spending Anvil (fox) #{ANVIL} (a warrior in each fox clearing)" in lines
    assert any(re.fullmatch(r"corvids: recruit, spending Crossbow \(bird\) #\d+ \(a bird: choose the suit\)", x)
               for x in lines)
    assert "corvids: do not recruit" in lines
    bird = next(int(a) for a in g.legal_actions() if "Crossbow" in g.describe(int(a)))
    g.apply(bird)
    assert _lines(g, None) == [f"corvids: recruit a warrior in each {s} clearing" for s in ("fox", "rabbit", "mouse")]
    h = Scenario(("marquise", "corvids"), seed=1).warriors("corvids", 1, 3).start("corvids", at="corvids_evening")
    lines = _lines(h, None)
    assert "corvids: exert: the action plot (removing 1 warrior) instead of drawing" in lines
    assert "corvids: do not exert: draw in Evening" in lines


def test_an_enemys_exposure_reads_as_sentences():
    sc = Scenario(("marquise", "corvids"), seed=1)
    sc.warriors("marquise", 1, 1).plot("bomb", 1, ruled_out=("raid", "snare")).hand("marquise", [("Anvil", "fox")])
    g = sc.start("marquise", at="exposure_birdsong")
    assert _lines(g, None) == ["marquise: Exposure: guess the type of the face-down plot in clearing 1 (fox) "
                               "(not snare or raid)", "marquise: do not use Exposure now"]
    assert _lines(g, "corvids")[0] == ("marquise: Exposure: guess the type of the face-down plot in clearing 1 (fox) "
                                       "(bomb, not snare or raid)")
    g.apply(K.A_CLEARING + 0)
    assert _lines(g, "marquise") == [f"marquise: Exposure: show Anvil (fox) #{ANVIL} to the Corvids"]
    g.apply(int(g.legal_actions()[0]))
    assert _lines(g, "marquise") == ["marquise: Exposure: guess that the plot in clearing 1 (fox) is a bomb",
                                     "marquise: Exposure: guess that the plot in clearing 1 (fox) is a snare (already "
                                     "ruled out)",
                                     "marquise: Exposure: guess that the plot in clearing 1 (fox) is an extortion",
                                     "marquise: Exposure: guess that the plot in clearing 1 (fox) is a raid (already "
                                     "ruled out)"]
    h = sc.start("marquise", at="exposure_daylight")
    assert "marquise: exposure (guess the type of a face-down Corvid plot, Law 13.2.4)" in _lines(h, None)


@pytest.mark.parametrize("kind", PLOT_NAMES)
def test_the_strike_removes_the_face_down_plot_whatever_its_type(kind):
    sc = Scenario(("vagabond", "corvids"), seed=1)
    sc.vagabond("thief", at=5).vb_items("ready", crossbow=1).plot(kind, 5)
    g = sc.start("vagabond", at="vagabond_actions")
    g.apply(next(int(a) for a in g.legal_actions() if g.describe(int(a)).endswith("strike")))
    plot = [int(a) for a in g.legal_actions() if "plot" in g.describe(int(a))]
    assert plot == [K.A_PIECE + NBT + TT_PLOT]  # the first plot kind's id stands for the face-down plot
    assert g.describe(plot[0]) == g.describe(plot[0], None) == "vagabond: strike: remove the face-down plot"
    assert g.describe(plot[0], "corvids") == f"vagabond: strike: remove the face-down plot ({kind})"


def test_no_face_down_type_in_any_line_for_another_viewer():
    """Every legal action of these positions, read by the table or the Marquise, names no face-down type."""
    g = _daylight()
    for menu in (K.OPT_PLOT, K.OPT_TRICK):
        h = g.copy()
        h.apply(K.A_OPT + menu)
        while not h.is_over and h.current_player == "corvids" and h.decision != "corvids: daylight":
            for viewer in (None, "marquise"):
                for x in _lines(h, viewer):
                    for name in TYPE.findall(x):
                        assert name in ("snare", "raid") or "ruled" in x or "not " in x, x
            h.apply(int(h.legal_actions()[0]))


def test_describe_refuses_a_viewer_not_in_the_game():
    g = _daylight()
    for bad in ("vagabond", "crows"):
        with pytest.raises(RootError, match="not a faction in this game"):
            g.describe(int(g.legal_actions()[0]), bad)
