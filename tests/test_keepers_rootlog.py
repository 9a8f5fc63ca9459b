"""Rootlog and the Keepers in Iron (issue 39): the export writes their games in Rootlog V2's notation (letter K; relics,
waystations, the Retinue's columns, the relic flip: docs/rootlog.md, "The Keepers in Iron"); the import reads them back
into the same positions and checks Law 15 (tests/test_keepers_rootlog_import.py)."""
from __future__ import annotations

import re

import numpy as np
import pytest

from root_env import Game
from rules_helpers import random_play
from root_env.data import KEEPERS, NRELICS, KP_WAYSTATIONS, WAYSTATION_FACES
from root_env.layout import KP_RETAINERS
from root_env.rootlog import export_lines
from root_env.rootlog.keepers import relic_code, waystation_code, retinue_card_token, retainer_tokens
from root_env.rootlog.notation import FACTION_LETTER, OTHER_FACTIONS, PIECE_CODE
from root_env.map_data import MAP_NFOREST


def _random_game(factions, seed, max_turns=None, map="autumn"):
    """A game of `factions` played to its end by seeded random legal actions."""
    g = Game.new(factions, seed=seed, map=map, **({"max_turns": max_turns} if max_turns else {}))
    return random_play(g, seed, 1 << 30)


@pytest.fixture(scope="module")
def keepers_game():
    return _random_game(("keepers", "marquise", "eyrie", "alliance", "vagabond"), 41)


@pytest.fixture(scope="module")
def two_player_game():
    return _random_game(("lizards", "keepers"), 7)


def _tokens(lines, who="K"):
    """Every token of the turn lines of faction ``who`` (None: all turn lines)."""
    out = []
    for ln in lines:
        if len(ln) > 2 and ln[1] == ":" and ln[2] != " " and (who is None or ln[0] == who):
            out += ln[2:].split("/")
    return out


def test_the_keepers_codes_follow_rootlog_v2():
    """Relics by type (face down) or value and type (face up); a waystation by its face up, then its face down; the
    Retinue's columns ``$_1``..``$_3`` and the Faithful Retainer ``B#faith``."""
    assert [relic_code(k, False) for k in (0, 3, 8)] == ["t_f", "t_t", "t_j"]
    assert [relic_code(k, True) for k in (0, 4, 8)] == ["t_1_f", "t_2_t", "t_3_j"]
    assert [waystation_code(w, 0) for w in range(KP_WAYSTATIONS)] == ["b_f_t", "b_t_j", "b_j_f"]
    assert [waystation_code(w, 1) for w in range(KP_WAYSTATIONS)] == ["b_t_f", "b_j_t", "b_f_j"]
    assert WAYSTATION_FACES.shape == (3, 2)
    assert PIECE_CODE["relic_jewelry_3"] == "t_j"


def test_the_retinue_and_retainer_tokens():
    from root_env.layout import LOC_RETINUE, LOC_HAND, LOC_DISCARD
    from root_env.rootlog.notation import card_code
    hand = LOC_HAND + KEEPERS
    assert retinue_card_token(5, hand, LOC_RETINUE) == f"{card_code(5)}K->$_1"
    assert retinue_card_token(5, LOC_RETINUE, LOC_RETINUE + 2) == f"{card_code(5)}$_1->$_3"
    assert retinue_card_token(5, LOC_RETINUE + 1, LOC_DISCARD) == f"{card_code(5)}$_2->"
    assert retinue_card_token(5, hand, LOC_DISCARD) is None
    a = np.zeros(KP_RETAINERS + 3, dtype=np.int64)
    b = a.copy()
    b[KP_RETAINERS:KP_RETAINERS + 3] = 1
    assert retainer_tokens(a, b) == ["B#faith->$_1", "B#faith->$_2", "B#faith->$_3"]
    c = b.copy()
    c[KP_RETAINERS] = 0
    c[KP_RETAINERS + 2] = 2
    assert retainer_tokens(b, c) == ["B#faith$_1->$_3"]
    assert retainer_tokens(c, a) == ["B#faith$_2->", "B#faith$_3->", "B#faith$_3->"]


def test_law_15_3_the_keepers_setup_line_places_relics_face_down_by_type_only(keepers_game):
    """Law 15.3.1-15.3.5: eight warriors, the three Faithful Retainers, and relics face down in forests written with
    their type only (Law 15.2.1: the value of a face-down relic is hidden); the rest are placed after every setup."""
    lines, _ = export_lines(keepers_game)
    setup = next(ln for ln in lines if ln.startswith("K:") and ln[2] != " ")[2:].split("/")
    assert [t for t in setup if t.startswith("B#faith")] == ["B#faith->$_1", "B#faith->$_2", "B#faith->$_3"]
    placed = [t for t in setup if re.fullmatch(r"t_[ftj]->\d+(_\d+)+", t)]
    assert len(placed) == NRELICS and len({t.split("->")[1] for t in placed[:int(MAP_NFOREST[0])]}) == MAP_NFOREST[0]
    assert not [t for t in setup if re.fullmatch(r"K?t_\d_[ftj]->\d+(_\d+)+", t)]
    assert sum(int(re.match(r"(\d*)", t).group(1) or 1) for t in setup if re.fullmatch(r"\d*w->\d+", t)) == 8


def test_law_15_5_2_a_delve_moves_the_relic_by_type_and_flips_it(keepers_game):
    """Law 15.5.2.II.a: the relic leaves its forest face down (type only) into the clearing, then is flipped to show
    its value (Rootlog V2: ``t10^t_2_t`` after a delve)."""
    toks = _tokens(export_lines(keepers_game)[0])
    flips = [i for i, t in enumerate(toks) if re.fullmatch(r"t\d+\^t_\d_[ftj]", t)]
    assert flips
    for i in flips:
        c, typ = re.fullmatch(r"t(\d+)\^t_\d_([ftj])", toks[i]).groups()
        assert re.fullmatch(rf"t_{typ}\d+(_\d+)+->{c}", toks[i - 1]), toks[i - 1:i + 1]


def test_the_keepers_export_writes_waystations_retinue_and_recoveries(keepers_game, two_player_game):
    """Encamp (Law 15.4.1: a warrior replaced by a waystation, either face up), the Retinue's cards added and
    discarded (15.6.2, 15.5.2), relics carried face up and recovered to the Relics spaces (15.5.2.III)."""
    toks = _tokens(export_lines(keepers_game)[0]) + _tokens(export_lines(two_player_game)[0])
    assert any(re.fullmatch(r"b_[ftj]_[ftj]->\d+", t) for t in toks)
    assert any(re.fullmatch(r"[FRMB]#\w+K->\$_[123]", t) for t in toks)
    assert any(re.fullmatch(r"[FRMB]#[\w@]+\$_[123]->", t) for t in toks)
    assert any(re.fullmatch(r"t_\d_[ftj]\d+->\d+", t) for t in toks)
    assert any(re.fullmatch(r"t_\d_[ftj]\d+->\$", t) for t in toks)  # Law 15.5.2.III.a: to the Relics spaces


def test_law_15_2_1_a_face_down_relic_is_never_written_with_its_value():
    """Law 15.2.1: a relic leaves a forest with its value only if it arrived there face up (a trophy placed by its
    remover, 15.2.5); a relic placed face down is written by type (at least one in each forest at setup, 15.3.1)."""
    g = _random_game(("keepers", "hundreds", "lizards"), 9)
    toks = _tokens(export_lines(g)[0], None)
    face_up: dict = {}
    for t in toks:
        into = re.fullmatch(r"K?(t_\d_[ftj])(?:\d+)?->(\d+(?:_\d+)+)", t)
        out = re.fullmatch(r"K?(t_\d_[ftj])(\d+(?:_\d+)+)->.*", t)
        if into:
            face_up[into.groups()] = face_up.get(into.groups(), 0) + 1
        if out:
            assert face_up.get(out.groups(), 0) > 0, t
            face_up[out.groups()] -= 1
    down = sum(1 for t in toks if re.fullmatch(r"K?t_[ftj]->\d+(_\d+)+", t))
    assert down >= int(MAP_NFOREST[0])


@pytest.mark.parametrize("mp", ["winter", "lake", "mountain"])
def test_the_keepers_export_on_every_map(mp):
    """The forests of each map named by their clearings (Rootlog's forest form) for the relics placed in them."""
    from root_env.map_data import MAP_NAMES, MAP_FOREST_CLEARINGS
    from root_env.rootlog.notation import place_name
    g = _random_game(("keepers", "marquise"), 5, max_turns=8, map=mp)
    m = MAP_NAMES.index(mp)
    forests = {place_name(12 + fo, m) for fo in range(int(MAP_NFOREST[m]))}
    placed = [t.split("->")[1] for t in _tokens(export_lines(g)[0]) if re.fullmatch(r"t_[ftj]->\d+(_\d+)+", t)]
    assert placed and set(placed) <= forests and MAP_FOREST_CLEARINGS.shape[0] >= m


def _public_keepers(s) -> dict:
    """The Keepers' public pieces of an engine state, named as the export names them: relics by place and code (face
    down by type only), waystations by clearing and code, Retinue cards by column, Faithful Retainers by column."""
    from root_env.data import NC, NRELIC_KINDS, RELIC_KIND_TYPE, TT_RELIC, BT_WAYSTATION, RETINUE_COLUMNS, NCARD
    from root_env.layout import (MAP, TOKENS, BUILDINGS, KP_FOREST_UP, KP_FOREST_DOWN, KP_RECOVERED, KP_WS_FACE,
                                 CARD_LOC, LOC_RETINUE)
    from root_env.rootlog.notation import place_name, card_code
    m = int(s[MAP])
    out: dict = {}

    def add(key, n):
        if n:
            out[key] = out.get(key, 0) + int(n)
    for k in range(NRELIC_KINDS):
        for c in range(NC):
            add(("relic", str(c + 1), relic_code(k, True)), s[TOKENS + (TT_RELIC + k) * NC + c])
        for fo in range(int(MAP_NFOREST[m])):
            add(("relic", place_name(NC + fo, m), relic_code(k, True)), s[KP_FOREST_UP + fo * NRELIC_KINDS + k])
            add(("relic", place_name(NC + fo, m), relic_code(k, False)), s[KP_FOREST_DOWN + fo * NRELIC_KINDS + k])
        add(("relic", "$", relic_code(k, True)), s[KP_RECOVERED + k])
    for w in range(KP_WAYSTATIONS):
        for c in range(NC):
            add(("waystation", str(c + 1), waystation_code(w, int(s[KP_WS_FACE + w]))), s[BUILDINGS + (BT_WAYSTATION + w) * NC + c])
    for col in range(RETINUE_COLUMNS):
        add(("retinue", f"$_{col + 1}", "B#faith"), s[KP_RETAINERS + col])
        for c in range(NCARD):
            add(("retinue", f"$_{col + 1}", card_code(c)), s[CARD_LOC + c] == LOC_RETINUE + col)
    return out


def _follow(pos: dict, line: str) -> None:
    """Apply the Keepers' tokens of one turn line to ``pos`` (the names of ``_public_keepers``): on their own line
    their pieces have no letter, on another's the letter K."""
    own = line[0] == "K"
    pre = "" if own else "K"
    place = r"(\d+(?:_\d+)*|\$)?"

    def move(key_kind, code, a, b):
        if a:
            pos[(key_kind, a, code)] = pos.get((key_kind, a, code), 0) - 1
            assert pos[(key_kind, a, code)] >= 0, (line, code, a, b)
        if b:
            pos[(key_kind, b, code)] = pos.get((key_kind, b, code), 0) + 1
    for t in line[2:].split("/"):
        if m := re.fullmatch(rf"{pre}(t_(?:\d_)?[ftj]){place}->{place}", t):
            move("relic", m.group(1), m.group(2), m.group(3))
        elif m := re.fullmatch(rf"{pre}t(\d+)\^(t_\d_([ftj]))", t):
            move("relic", f"t_{m.group(3)}", m.group(1), None)
            move("relic", m.group(2), None, m.group(1))
        elif m := re.fullmatch(rf"{pre}(b_[ftj]_[ftj])(\d+)?->(\d+)?", t):
            move("waystation", m.group(1), m.group(2), m.group(3))
        elif own and (m := re.fullmatch(r"([FRMB]#[\w@]*?)(?:K|(\$_[123]))?->(\$_[123])?", t)) and \
                (m.group(2) or m.group(3)):
            move("retinue", m.group(1), m.group(2), m.group(3))


@pytest.mark.parametrize("factions,seed", [(("keepers", "marquise", "eyrie", "alliance", "vagabond"), 41),
                                           (("lizards", "keepers"), 7), (("keepers", "hundreds", "corvids"), 9),
                                           (("alliance", "keepers"), 5)])
def test_the_keepers_tokens_account_for_their_public_pieces_after_every_line(factions, seed):
    """Following the export's Keepers tokens from an empty table gives, after every turn line, the relics (face down by
    type, face up by value), waystations with their faces, Retinue cards and Faithful Retainers of the engine's state
    at that line's end: nothing public of theirs moves unwritten. From their setup line on: the relics of Law 15.3.1
    are dealt when their setup begins, which may be before the line of the faction setting up before them ends (an
    Alliance's setup has no decision), and are written on the Keepers' setup line."""
    g = _random_game(factions, seed)
    lines, states = export_lines(g)
    turn_lines = [ln for ln in lines if len(ln) > 2 and ln[1] == ":" and ln[2] != " "]
    assert len(turn_lines) == len(states)
    pos: dict = {}
    seen = False
    for ln, s in zip(turn_lines, states):
        _follow(pos, ln)
        seen = seen or ln.startswith("K:")
        if seen:
            assert {k: v for k, v in pos.items() if v} == _public_keepers(s), ln
    assert seen


def test_law_15_5_1_the_keepers_crafting_is_written(keepers_game, two_player_game):
    """Law 15.5.1: the Keepers craft by activating waystations; each card they craft is written ``Z<card>`` (``Z%b``
    for an item) on their line, as every faction's crafting is, so the cards in their play area at the end each have
    their ``Z``."""
    from root_env.data import NCARD, CARD_KIND, K_ITEM
    from root_env.layout import CARD_LOC, LOC_CRAFTED
    from root_env.rootlog.notation import card_rootlog_name
    made = 0
    for g in (keepers_game, two_player_game):
        crafts = [t for t in _tokens(export_lines(g)[0]) if t.startswith("Z")]
        made += len(crafts)
        for c in range(NCARD):
            if g.state[CARD_LOC + c] == LOC_CRAFTED + KEEPERS and CARD_KIND[c] != K_ITEM:
                assert "Z" + card_rootlog_name(c) in crafts
    assert made > 0


def test_law_15_2_5_prized_trophies_are_written_on_the_removers_line(keepers_game):
    """Law 15.2.5: a relic an enemy removes leaves the clearing (``Kt_2_f12->``) and is placed face up in a forest by
    the remover (``Kt_2_f->1_2_5_10``), both on the remover's line, the value public."""
    lines = export_lines(keepers_game)[0]
    others = [t for ln in lines if len(ln) > 2 and ln[1] == ":" and ln[2] != " " and ln[0] != "K"
              for t in ln[2:].split("/")]
    removed = [t for t in others if re.fullmatch(r"Kt_\d_[ftj]\d+->", t)]
    placed = [t for t in others if re.fullmatch(r"Kt_\d_[ftj]->\d+(_\d+)+", t)]
    assert removed and placed and len(placed) <= len(removed)
    assert {t[1:6] for t in placed} <= {t[1:6] for t in removed}  # each placed trophy is a relic removed (kind)


def test_the_keepers_letter_is_rootlogs():
    assert FACTION_LETTER["keepers"] == "K" and "K" not in OTHER_FACTIONS
