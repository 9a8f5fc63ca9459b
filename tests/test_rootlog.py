"""Rootlog export (issue 5): lines checked by hand against the Rootlog V2 notation and the rules."""
from __future__ import annotations

import numpy as np

import root_env.codes as K
from root_env import Game
from root_env.rootlog import to_rootlog, place_name


def _lines(g):
    return to_rootlog(g).splitlines()


def test_header_and_two_player_setup_lines():
    g = Game.new(("marquise", "eyrie"), seed=1)
    # Keep in clearing 1; sawmill 1, workshop 5, recruiter 9; the Eyrie choose the Commander.
    for a in (K.A_CLEARING + 0, K.A_CLEARING + 0, K.A_CLEARING + 4, K.A_CLEARING + 8, K.A_OPT + K.OPT_LEADER + 2):
        g.apply(a)
    lines = _lines(g)
    assert lines[:4] == ["Map: Fall", "Deck: Standard", "C: marquise", "E: eyrie"]
    # Law 6.3.3: a warrior everywhere but the opposite corner (3); the keep token and three buildings.
    assert lines[4] == "C: w->1+2+4+5+6+7+8+9+10+11+12/t_k->1/b_s->1/b_w->5/b_r->9"
    # Law 7.3.2: a roost and six warriors in the opposite corner.
    assert lines[5] == "E: 6w->3/b->3"
    # Turn 1, Marquise Birdsong: one wood at the sawmill (Law 6.4).
    assert lines[6] == "C: t->1"
    # March: one warrior from 1 to 5, then stop.
    g.apply(K.A_DONE)                      # stop crafting
    g.apply(K.A_OPT + K.OPT_MARCH)
    g.apply(K.A_CLEARING + 0)              # from 1
    g.apply(K.A_CLEARING + 4)              # to 5
    g.apply(K.A_COUNT + 0)                 # one warrior
    assert _lines(g)[6] == "C: t->1/w1->5"


def test_four_player_setup_lines():
    g = Game.new(("marquise", "eyrie", "alliance", "vagabond"), seed=2)
    for a in (K.A_CLEARING + 0, K.A_CLEARING + 0, K.A_CLEARING + 4, K.A_CLEARING + 8, K.A_OPT + K.OPT_LEADER + 0,
              K.A_OPT + K.OPT_CHARACTER + 0, K.A_FOREST + 0):
        g.apply(a)
    lines = _lines(g)
    assert lines[2:6] == ["C: marquise", "E: eyrie", "A: alliance", "V: vagabond"]
    assert lines[8] == "A: #->$/#->$/#->$"  # Law 8.3.4: three supporters from the deck
    # Law 9.7.1 / 9.3.5: the Thief's boot, sword, tea and torch; 9.3.2: the pawn in forest 1 (clearings 1, 2, 5, 10).
    assert lines[9] == "V: %f->$/%s->$/%t->$/%r->$/p->1_2_5_10"
    assert place_name(12) == "1_2_5_10"


def test_whole_games_export_and_end_with_the_winners():
    for seed, factions in ((4, ("marquise", "eyrie")), (5, ("marquise", "eyrie", "alliance", "vagabond"))):
        g = Game.new(factions, seed=seed)
        rng = np.random.default_rng(seed)
        while not g.is_over:
            g.apply(int(rng.choice(g.legal_actions())))
        lines = _lines(g)
        if g.winners:
            letters = {"marquise": "C", "eyrie": "E", "alliance": "A", "vagabond": "V"}
            assert lines[-1] == "Winner: " + "".join(sorted((letters[w] for w in g.winners),
                                                              key="CEAV".index))
        assert any(" X" in ln or "/X" in ln for ln in lines), "no battle written"
        assert all(ln.split(":")[0] in ("Map", "Deck", "Winner", "C", "E", "A", "V") for ln in lines)
