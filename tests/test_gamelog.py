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
