"""The Keepers in Iron (Law 15) in Rootlog V2's notation ("Keepers in Iron" section, letter ``K``): the codes both
directions share, and the export's tokens for their relics, waystations and Retinue.

- A relic is a Keepers' token of a type (``t_f``, ``t_t``, ``t_j``: figure, tablet, jewelry).  Face up its value is
  written too (``t_2_t``: V2's optional form, used wherever the value is public); face down only its type (Law 15.2.1:
  a face-down relic shows its type).  Relics in clearings are face up (Delve flips them, 15.5.2.II.a); in forests face
  down, or face up after Prized Trophies (15.2.5); on the Relics spaces (the Keepers' board, ``$``) face up.
- Delve (15.5.2.II.a): the face-down relic moved from its forest, then the flip V2 asks for after a delve:
  ``t_t7_10_11->10/t10^t_2_t``.
- A waystation is ``b_<up>_<down>``: V2 lists ``b_f_t``, ``b_t_j``, ``b_j_f`` (up first) and the faces alone; a
  waystation set up with its other face (Law 15.4.1: either face) is written with that face first (``b_t_f``), so the
  code names both the face up and the waystation.  Faces change only when one is placed (Encamp).
- The Retinue's columns are ``$_1``, ``$_2``, ``$_3`` (move; battle then delve; move or recover): a card added from the
  hand ``M#sappersK->$_1`` (the Retinue is face up, 15.6.2), shifted ``M#sappers$_1->$_3``, discarded ``M#sappers$_2->``;
  a Faithful Retainer is ``B#faith`` (set up ``B#faith->$_1``, 15.3.5; removed from the game: discarded, as V2 asks).
- Prized Trophies (15.2.5): the relic an enemy removes leaves the clearing (``Kt_2_t4->``) and is placed in a forest
  face up by the remover (``Kt_2_t->4_5_8_9``); the engine's box for a relic between the two is written as the supply.
"""
from __future__ import annotations

import numpy as np

from ..data import (NC, NF, NRELIC_KINDS, RELIC_KIND_TYPE, RELIC_KIND_VALUE, RELIC_TYPE_NAMES, TT_RELIC,
                    BT_WAYSTATION, KP_WAYSTATIONS, WAYSTATION_FACES, RETINUE_COLUMNS)
from ..layout import (MAP, TOKENS, BUILDINGS, KP_FOREST_UP, KP_FOREST_DOWN, KP_RESERVE, KP_RECOVERED, KP_TROPHY,
                      KP_WS_FACE, KP_RETAINERS, CARD_LOC, LOC_RETINUE, LOC_HAND)
from ..map_data import MAP_NFOREST
from .notation import place_name, letter, card_code

TYPE_LETTER = "".join(n[0] for n in RELIC_TYPE_NAMES)  # f, t, j (Rootlog V2)
FAITH = "B#faith"  # a Faithful Retainer (Law 15.3.5: a bird card of the Keepers' own)


def relic_code(kind: int, face_up: bool) -> str:
    """``t_2_t`` for a face-up relic of this kind, ``t_t`` face down (its type only, Law 15.2.1)."""
    t = TYPE_LETTER[int(RELIC_KIND_TYPE[kind])]
    return f"t_{int(RELIC_KIND_VALUE[kind])}_{t}" if face_up else f"t_{t}"


def waystation_code(w: int, face: int) -> str:
    """``b_<up>_<down>``: waystation w with face ``face`` up (Law 15.2.2)."""
    up, down = WAYSTATION_FACES[w, face], WAYSTATION_FACES[w, 1 - face]
    return f"b_{TYPE_LETTER[int(up)]}_{TYPE_LETTER[int(down)]}"


def _relic_places(s: np.ndarray, k: int) -> dict:
    """Where the relics of kind k are: {(place, face_up): count}; place is a clearing or forest name, ``$`` for the
    Relics spaces, '' off the map (not placed yet, or a trophy waiting for its forest)."""
    m = int(s[MAP])
    out = {}
    for c in range(NC):
        out[(place_name(c, m), True)] = int(s[TOKENS + (TT_RELIC + k) * NC + c])
    for fo in range(int(MAP_NFOREST[m])):
        out[(place_name(NC + fo, m), True)] = int(s[KP_FOREST_UP + fo * NRELIC_KINDS + k])
        out[(place_name(NC + fo, m), False)] = int(s[KP_FOREST_DOWN + fo * NRELIC_KINDS + k])
    out[("$", True)] = int(s[KP_RECOVERED + k])
    out[("", False)] = int(s[KP_RESERVE + k])
    out[("", True)] = int(s[KP_TROPHY + k])
    return out


def relic_tokens(before: np.ndarray, after: np.ndarray, who: str) -> tuple[list, list, list]:
    """The relics that moved this step, as (removals, moves, placements); ``who`` is the Keepers' letter or '' on their
    own line.  Each relic leaving a place is paired with one arriving (same kind); a face-down relic arriving face up
    is a delve: moved with its type, then flipped (Rootlog V2's ``t10^t_2_t``)."""
    rem, mov, put = [], [], []
    for k in range(NRELIC_KINDS):
        p0, p1 = _relic_places(before, k), _relic_places(after, k)
        src = [p for p in p0 for _ in range(max(0, p0[p] - p1[p]))]
        dst = [p for p in p1 for _ in range(max(0, p1[p] - p0[p]))]
        n = min(len(src), len(dst))
        for (a, up_a), (b, up_b) in zip(src, dst):
            tok = f"{who}{relic_code(k, up_a)}{a}->{b}"
            (put if a == "" else rem if b == "" else mov).append(tok)
            if not up_a and up_b and b:
                mov.append(f"{who}t{b}^{relic_code(k, True)}")  # Law 15.5.2.II.a: flipped into the clearing
        # Law 15.3.1: the relics enter the game at the Keepers' setup (the engine's count starts there): from the supply
        put += [f"{who}{relic_code(k, up)}->{b}" for b, up in dst[n:] if b]
    return rem, mov, put


def waystation_tokens(before: np.ndarray, after: np.ndarray, who: str) -> tuple[list, list]:
    """Waystations removed (Decamp, or an enemy's removal) and placed (setup's Encamp, Encamp), as (removals,
    placements); the code of a removal names the face it showed, of a placement the face chosen."""
    rem, put = [], []
    for w in range(KP_WAYSTATIONS):
        row = BUILDINGS + (BT_WAYSTATION + w) * NC
        for c in range(NC):
            d = int(after[row + c] - before[row + c])
            if d < 0:
                rem.append(f"{who}{waystation_code(w, int(before[KP_WS_FACE + w]))}{c + 1}->")
            elif d > 0:
                put.append(f"{who}{waystation_code(w, int(after[KP_WS_FACE + w]))}->{c + 1}")
    return rem, put


def retinue_card_token(c: int, l0: int, l1: int) -> str | None:
    """A card into, within or out of the Retinue (Law 15.6.2, 15.5.2.II.b/III.c), or None if neither end is a column."""
    r0 = l0 - LOC_RETINUE if LOC_RETINUE <= l0 < LOC_RETINUE + RETINUE_COLUMNS else None
    r1 = l1 - LOC_RETINUE if LOC_RETINUE <= l1 < LOC_RETINUE + RETINUE_COLUMNS else None
    if r0 is None and r1 is None:
        return None
    return f"{card_code(c)}{_card_place(l0, r0)}->{_card_place(l1, r1)}"


def _card_place(loc: int, col) -> str:
    """A Retinue column ``$_2``, a hand by its faction's letter, or '' (the deck as a start, the discard pile as an end)."""
    if col is not None:
        return f"$_{col + 1}"
    return letter(loc - LOC_HAND) if LOC_HAND <= loc < LOC_HAND + NF else ""


def retainer_tokens(before: np.ndarray, after: np.ndarray) -> list[str]:
    """Faithful Retainers set up (``B#faith->$_1``), shifted (``B#faith$_1->$_2``) and removed (``B#faith$_2->``)."""
    d = [int(after[KP_RETAINERS + col] - before[KP_RETAINERS + col]) for col in range(RETINUE_COLUMNS)]
    src = [col for col in range(RETINUE_COLUMNS) for _ in range(max(0, -d[col]))]
    dst = [col for col in range(RETINUE_COLUMNS) for _ in range(max(0, d[col]))]
    out = [f"{FAITH}$_{a + 1}->$_{b + 1}" for a, b in zip(src, dst)]
    out += [f"{FAITH}$_{a + 1}->" for a in src[len(dst):]]
    out += [f"{FAITH}->$_{b + 1}" for b in dst[len(src):]]
    return out

