"""Fuzz of untrusted Rootlog text (issue 33): exports of every faction mix and the handwritten logs, truncated,
with lines deleted, duplicated, swapped or moved to another faction, actions replaced or changed a character
at a time (huge, Unicode and negative numbers among them), huge lines, composite actions far over the limit,
player lines naming Clockwork bots. Every case is imported (its disagreements listed) or refused with a
RootlogError (a ValueError): 0 other errors, 0 cases over 5 s, in a child process whose address space is
limited to 1 GiB. The larger run is ``python -m benchmarks.fuzz_rootlog --cases 5000`` (docs/untrusted_input.md)."""
from __future__ import annotations

import numpy as np

from benchmarks.fuzz_rootlog import run, mutate, KINDS, MIXES, HANDWRITTEN, _actions
from root_env.data import IMPLEMENTED_FACTIONS

CASES = 300


def test_fuzz_mutated_rootlogs_import_or_are_refused_quickly_in_bounded_memory():
    res = run(CASES, seed=2026, games_per_mix=1, max_actions=200, memory_mb=1024, time_limit=300)
    assert res["child"] == "ok", res
    c = res["counts"]
    assert c["error"] == 0 and c["slow"] == 0, res["failures"]
    assert c["imported"] + c["refused"] == CASES
    assert res["slowest_s"] < 5.0
    # not vacuous: every kind of mutation ran, most logs still import, and the limits refused some
    for kind in KINDS:
        assert sum(res["by_kind"][kind].values()) == CASES // len(KINDS)
    assert c["imported"] > CASES // 3 and res["by_kind"]["bot"]["refused"] == CASES // len(KINDS)
    assert res["by_kind"]["huge"]["refused"] > 0 and res["by_kind"]["huge"]["imported"] > 0
    assert res["by_kind"]["composite"]["refused"] > 0


def test_fuzz_corpus_covers_every_faction():
    seated = {f for mix in MIXES for f in mix}
    # The Lord of the Hundreds' logs import (their warlord w_w, moods and Hoard); mutated, those tokens land on other
    # factions' lines too, which must import or be refused, never crash.
    # The Keepers in Iron's logs import (relics, waystations, Retinue columns, flips: docs/rootlog.md), an export and
    # the handwritten log; mutated, their tokens land on their own and other factions' lines: imported as
    # disagreements or refused, never a crash.
    # The Underground Duchy's logs import too (the Burrow "0", tunnels, citadels, markets, ministers: docs/rootlog.md);
    # every faction the exporter writes is imported, so every one is fuzzed.
    from root_env.rootlog import FACTION_LETTER
    assert seated == {f for f in IMPLEMENTED_FACTIONS if f in FACTION_LETTER} == set(IMPLEMENTED_FACTIONS)
    assert len(HANDWRITTEN) == 7 and {"handwritten_hundreds", "handwritten_keepers"} <= set(HANDWRITTEN)


def test_mutations_change_the_text_as_named():
    text = "Map: Fall\nC: Cat\nE: Bird\nC:w->1/t->1\nE:w->3\n"
    rng = np.random.default_rng(0)
    acts = _actions([text])
    assert acts == ["w->1", "t->1", "w->3"]
    huge = mutate(text, rng, acts, "huge")
    assert max(len(ln) for ln in huge.splitlines()) > 10_000
    bot = mutate(text, rng, acts, "bot")
    assert "Cat" not in bot or "Bird" not in bot
    assert len(mutate(text, rng, acts, "truncate")) <= len(text)
