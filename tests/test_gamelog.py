"""Readable game logs (issue 5): turn headings, choices in words, moves, battles with dice and hits,
cards and VP; public by default (drawn cards counted, not named)."""
from __future__ import annotations

import random

import pytest

from root_env import Game
from root_env.gamelog import log_entries, traced_apply
from root_env.records import RecordError


@pytest.fixture(scope="module")
def finished():
    g = Game.new(seed=5, auto_forced=True)
    r = random.Random(1)
    while not g.is_over:
        legal = g.legal_actions()
        g.apply(int(legal[r.randrange(len(legal))]))
    return g


def test_log_reads_like_a_game(finished):
    text = finished.log()
    assert text.startswith("== Setup — marquise ==")
    assert "place the keep in clearing" in text
    assert "== Turn 1 — marquise" in text
    assert "moves 1 warrior from clearing" in text or "moves 2 warriors from clearing" in text
    assert "battle in clearing" in text and "dice" in text and "hits:" in text
    assert "VP (now" in text and "Game over:" in text and "final VP" in text
    # no raw action ids anywhere: every choice is a sentence
    for e in log_entries(finished.to_record())[:-1]:
        assert e["choice"].split(":")[0] in finished.factions


def test_public_log_hides_drawn_cards(finished):
    public = finished.log()
    assert "draws 1 card" in public or "draws 2 cards" in public
    revealed = finished.log(reveal=True)
    assert revealed != public
    assert len(public.splitlines()) == len(revealed.splitlines())


def test_traced_apply_matches_engine(finished):
    rec = finished.to_record()
    g = Game.new(("marquise", "eyrie"), seed=5, auto_forced=True)
    for a in rec["actions"][:200]:
        ref = g.copy()
        ref.apply(a)
        traced_apply(g.state, a)
        assert g.state.tobytes() == ref.state.tobytes()


def test_log_of_bad_record_is_refused(finished):
    rec = finished.to_record()
    rec["actions"][3] = 181
    with pytest.raises(RecordError, match="action #3 is invalid"):
        log_entries(rec)


def test_public_log_keeps_face_down_cards_unnamed():
    """An Aid card, an Outrage card and a mobilized card are seen only by giver and taker: the public
    log says "a card"; the giver's view and reveal=True name it."""
    import numpy as np
    from root_env import Game
    from root_env.gamelog import _CARD_STAYS_HIDDEN
    from root_env.layout import DECISION
    g = Game.new(("marquise", "eyrie", "alliance", "vagabond"), seed=21)
    rng = np.random.default_rng(21)
    hidden_steps = []
    while not g.is_over and len(hidden_steps) < 3 and g.turn < 120:
        a = int(rng.choice(g.legal_actions()))
        if int(g.state[DECISION]) in _CARD_STAYS_HIDDEN:
            hidden_steps.append((len(g._actions) + 1, g.current_player))
        g.apply(a)
    assert hidden_steps, "no Aid, Outrage or Mobilize in this game"
    public = g.log().splitlines()
    full = g.log(reveal=True).splitlines()
    for step, who in hidden_steps:
        line = next(x for x in public if x.strip().startswith(f"{step}."))
        assert "a card" in line and "#" not in line, line
        assert "#" in next(x for x in full if x.strip().startswith(f"{step}."))
