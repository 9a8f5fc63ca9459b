"""The four maps' geometry (root_env.map_data) checked for its own consistency (issue 41, Law Appendix C).

Geometry is not in the Law's text; these tests check that what the sources give fits together: symmetric
adjacency, each clearing's lists matching the edge lists, every forest bounded by its clearings, the number
of forests that paths (and dividing rivers, the lake, closed paths) enclose, opposite corners, the printed
counts, and the Autumn rows matching what the engine plays today (root_env.data).
"""
from itertools import combinations, permutations

import numpy as np
import pytest

from root_env import data
from root_env import map_data as md
from root_env.errors import RootError

MAPS = list(enumerate(md.MAP_NAMES))


def _raw(m):
    return data.RAW["maps"][md.MAP_NAMES[m]]


def _dividers(m):
    """The clearing pairs whose edge bounds forests on map m.

    Law 2.2 (paths enclose forests); Law 2.3: rivers do not divide forests, except C.1.1 on the Winter map;
    C.2.2 the lake divides forests (its shore runs between neighbouring coastal clearings: the ring, below);
    C.3.2 closed paths divide forests as paths do.
    """
    div = md.MAP_ALL_PATHS[m].copy()
    if m == md.WINTER:
        div |= md.MAP_RIVER[m]
    if m == md.LAKE:
        div |= _lake_ring(m)
    return div


def _lake_ring(m):
    """The lake's shore: the coastal clearings in the cyclic order in which coastal forests join them.

    Two coastal clearings are neighbours on the shore when one forest touches both (Law C.2.3-C.2.4).
    """
    ring = np.zeros((md.NC, md.NC), dtype=np.int64)
    coastal = np.flatnonzero(md.MAP_COASTAL[m])
    for f in range(md.MAP_NFOREST[m]):
        cs = [c for c in coastal if md.MAP_FOREST_CLEARINGS[m, f, c]]
        for a, b in combinations(cs, 2):
            ring[a, b] = ring[b, a] = 1
    return ring


def _bounded_by_a_cycle(clearings, div):
    """True if the clearings can be visited in a cycle along dividing edges (the forest's boundary)."""
    first, rest = clearings[0], clearings[1:]
    for order in permutations(rest):
        cyc = (first,) + order
        if all(div[cyc[i], cyc[(i + 1) % len(cyc)]] for i in range(len(cyc))):
            return True
    return False


@pytest.mark.parametrize("m,name", MAPS)
def test_law_appendix_c_each_map_has_twelve_clearings_and_symmetric_edges(m, name):
    raw = _raw(m)
    assert [c["id"] for c in raw["clearings"]] == list(range(1, 13))
    for mat in (md.MAP_ALL_PATHS, md.MAP_ADJ, md.MAP_CLOSED_PATH, md.MAP_RIVER, md.MAP_LAKE):
        assert (mat[m] == mat[m].T).all() and not mat[m].diagonal().any()
    # each clearing's own lists say the same as the edge lists
    for i, c in enumerate(raw["clearings"]):
        assert sorted(c["adjacent"]) == [j + 1 for j in np.flatnonzero(md.MAP_ALL_PATHS[m, i])]
        assert sorted(c["river_adjacent"]) == [j + 1 for j in np.flatnonzero(md.MAP_RIVER[m, i])]
        if "lake_linked" in c:
            assert sorted(c["lake_linked"]) == [j + 1 for j in np.flatnonzero(md.MAP_LAKE[m, i])]
        if "adjacent_when_all_closed_paths_present" in c:
            # the Mountain's clearings adjacent at setup, while every closed-path marker lies on its path
            assert sorted(c["adjacent_when_all_closed_paths_present"]) == [j + 1 for j in np.flatnonzero(md.MAP_ADJ[m, i])]
    # every clearing can be reached along open paths
    assert (md.MAP_CLEARING_DIST[m] < md.NC).all()


@pytest.mark.parametrize("m,name", MAPS)
def test_law_appendix_c_printed_counts(m, name):
    raw = _raw(m)
    totals = raw.get("totals")
    assert md.MAP_RUIN[m].sum() == 4 and (md.MAP_SLOTS[m][md.MAP_RUIN[m] == 1] >= 1).all()  # Law 5.1.6: four ruins
    # the printed paths (closed ones included), as docs/rules.md's sources count them
    assert md.MAP_ALL_PATHS[m].sum() // 2 == {"autumn": 18, "winter": 16, "lake": 17, "mountain": 21}[name]
    if totals:
        assert md.MAP_SLOTS[m].sum() == totals["building_slots_incl_ruin_slots"]
        assert md.MAP_RUIN[m].sum() == totals["ruins"]
        assert md.MAP_ALL_PATHS[m].sum() // 2 == totals["paths"]
    if m == md.AUTUMN:
        # the printed suits, four of each; the other maps print none (Law A.1: suit markers)
        assert np.bincount(md.MAP_PRINTED_SUIT[m], minlength=3)[:3].tolist() == [4, 4, 4]
        assert md.MAP_RIVER[m].sum() // 2 == totals["river_segments"]
    else:
        assert (md.MAP_PRINTED_SUIT[m] == -1).all()


@pytest.mark.parametrize("m,name", MAPS)
def test_law_2_2_every_forest_is_bounded_by_its_clearings_and_the_paths_enclose_that_many(m, name):
    div = _dividers(m)
    nf = md.MAP_NFOREST[m]
    for f in range(nf):
        cs = tuple(int(c) for c in np.flatnonzero(md.MAP_FOREST_CLEARINGS[m, f]))
        assert len(cs) >= 3 and _bounded_by_a_cycle(cs, div), (name, f, cs)
    assert not md.MAP_FOREST_CLEARINGS[m, nf:].any()
    # Euler's formula for the plane: a connected map of V clearings and E dividing edges encloses E - V + 1
    # regions; on the Lake map one of them is the lake itself, not a forest (Law C.2.2).
    edges = div.sum() // 2
    assert nf == edges - md.NC + 1 - (1 if m == md.LAKE else 0)
    # no two forests are the same region
    rows = {tuple(md.MAP_FOREST_CLEARINGS[m, f]) for f in range(nf)}
    assert len(rows) == nf


@pytest.mark.parametrize("m,name", MAPS)
def test_law_2_4_forests_are_adjacent_when_one_dividing_edge_separates_them(m, name):
    """Two forests are adjacent across a path (or a dividing river, closed path or lake shore) they share; on the
    Lake map also coastal forests beside each other along the shore (Law C.2.4)."""
    div = _dividers(m)
    nf = md.MAP_NFOREST[m]
    adj = md.MAP_FOREST_ADJ[m, :nf, :nf]
    assert (adj == adj.T).all() and not adj.diagonal().any()
    for f, g in combinations(range(nf), 2):
        shared = np.flatnonzero(md.MAP_FOREST_CLEARINGS[m, f] & md.MAP_FOREST_CLEARINGS[m, g])
        across_an_edge = any(div[a, b] for a, b in combinations(shared, 2))
        along_the_shore = bool(md.MAP_COASTAL_FOREST[m, f] and md.MAP_COASTAL_FOREST[m, g] and len(shared) >= 1)
        assert adj[f, g] == int(across_an_edge or along_the_shore), (name, f, g, shared)


@pytest.mark.parametrize("m,name", MAPS)
def test_law_appendix_a_corners_pair_with_the_corner_farthest_across_the_map(m, name):
    corners = md.MAP_CORNERS[m]
    assert sorted(corners) == [0, 1, 2, 3]  # priority numbers 1-4 are the corners on every map
    pos = md.MAP_POSITIONS[m]
    for c in corners:
        o = md.MAP_OPPOSITE_CORNER[m, c]
        assert o in corners and o != c and md.MAP_OPPOSITE_CORNER[m, o] == c
        far = max((d for d in corners if d != c), key=lambda d: np.hypot(*(pos[d] - pos[c])))
        assert o == far, (name, c, o, far)
    assert (md.MAP_OPPOSITE_CORNER[m][md.MAP_CORNERS[m]] >= 0).all()
    assert (np.delete(md.MAP_OPPOSITE_CORNER[m], corners) == -1).all()


# haunt-roll-fail's `inner` clearings (root/maps.scala), as this project's priority numbers: every other clearing is on
# the map edge (docs/rules.md, "Map geometry": the second source beside the loop's geometry)
HRF_INNER = {"autumn": {10, 11, 12}, "winter": {11, 12}, "lake": {10, 11, 12}, "mountain": {10, 11}}


def _inside(point, polygon):
    """Point strictly inside the polygon (even-odd rule; no clearing lies on another's edge line here)."""
    x, y = point
    inside = False
    for (x1, y1), (x2, y2) in zip(polygon, np.roll(polygon, -1, axis=0)):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


@pytest.mark.parametrize("m,name", MAPS)
def test_law_g_1_15_the_map_edge_is_one_closed_loop_of_paths_around_every_other_clearing(m, name):
    loop = [c - 1 for c in _raw(m)["map_edge_loop"]]
    assert len(set(loop)) == len(loop)
    for a, b in zip(loop, loop[1:] + loop[:1]):
        assert md.MAP_ALL_PATHS[m, a, b] == 1, (name, a + 1, b + 1)  # a path (a Mountain closed path counts, G.1.15)
    assert set(md.MAP_CORNERS[m]) <= set(loop)  # the corners lie on the edge (15.3.3)
    assert np.flatnonzero(md.MAP_EDGE[m]).tolist() == sorted(loop)
    polygon = md.MAP_POSITIONS[m][loop]
    for c in range(md.NC):
        if c not in loop:
            assert _inside(md.MAP_POSITIONS[m, c], polygon), (name, c + 1)  # enclosed by the loop as drawn
    assert {c + 1 for c in range(md.NC) if not md.MAP_EDGE[m, c]} == HRF_INNER[name]


def test_law_c_2_the_lake_links_every_coastal_clearing_and_the_ferry_starts_in_the_coastal_corner():
    m = md.LAKE
    coastal = np.flatnonzero(md.MAP_COASTAL[m])
    assert coastal.tolist() == [c - 1 for c in _raw(m)["coastal_clearings"]] and len(coastal) == 4
    want = np.zeros((md.NC, md.NC), dtype=np.int64)
    for a, b in combinations(coastal, 2):
        want[a, b] = want[b, a] = 1
    assert (md.MAP_LAKE[m] == want).all()  # C.2.2
    ferry = md.MAP_FERRY_START[m]
    assert ferry in md.MAP_CORNERS[m] and md.MAP_COASTAL[m, ferry]  # C.2.1
    assert [c for c in md.MAP_CORNERS[m] if md.MAP_COASTAL[m, c]] == [ferry]
    # C.2.4: the coastal forests are the forests touching the lake (two coastal clearings on their boundary)
    ring = _lake_ring(m)
    for f in range(md.MAP_NFOREST[m]):
        cs = np.flatnonzero(md.MAP_FOREST_CLEARINGS[m, f] & md.MAP_COASTAL[m])
        touches = any(ring[a, b] for a, b in combinations(cs, 2))
        assert md.MAP_COASTAL_FOREST[m, f] == int(touches)
    # the shore is one cycle through the four coastal clearings
    assert (ring[np.ix_(coastal, coastal)].sum(axis=1) == 2).all()
    for other in (md.AUTUMN, md.WINTER, md.MOUNTAIN):
        assert not md.MAP_LAKE[other].any() and not md.MAP_COASTAL[other].any() and md.MAP_FERRY_START[other] == -1


def test_law_c_3_the_mountains_closed_paths_and_the_pass():
    m = md.MOUNTAIN
    closed = md.MAP_CLOSED_PATH[m]
    assert closed.sum() // 2 == 6  # C.3.1: six closed path markers
    assert ((closed == 1) <= (md.MAP_ALL_PATHS[m] == 1)).all()  # each covers a printed path
    assert (md.MAP_ADJ[m] == md.MAP_ALL_PATHS[m] - closed).all()  # C.3.2: not adjacent while closed
    assert md.MAP_TOWER[m] >= 0 and md.MAP_TOWER[m] not in md.MAP_CORNERS[m]  # C.3.1: the central clearing
    for other in (md.AUTUMN, md.WINTER, md.LAKE):
        assert not md.MAP_CLOSED_PATH[other].any() and md.MAP_TOWER[other] == -1


def test_the_autumn_row_is_the_map_the_engine_plays():
    a = md.AUTUMN
    nf = data.NFOREST_AUTUMN
    assert md.MAP_NFOREST[a] == nf and data.NFOREST == md.MAP_NFOREST.max()  # forest places: the most of any map
    assert (md.MAP_ADJ[a] == data.ADJ).all() and (md.MAP_RIVER[a] == data.RIVER_ADJ).all()
    assert (md.MAP_PRINTED_SUIT[a] == data.CLEARING_SUIT).all()
    assert (md.MAP_SLOTS[a] == data.CLEARING_SLOTS).all() and (md.MAP_RUIN[a] == data.CLEARING_RUIN).all()
    assert (md.MAP_CORNERS[a] == data.CORNERS).all() and (md.MAP_OPPOSITE_CORNER[a] == data.OPPOSITE_CORNER).all()
    assert (md.MAP_FOREST_CLEARINGS[a, :nf] == data.FOREST_CLEARINGS).all()
    assert (md.MAP_FOREST_ADJ[a, :nf, :nf] == data.FOREST_ADJ).all()
    assert (md.MAP_CLEARING_DIST[a] == data.CLEARING_DIST).all() and (md.MAP_POSITIONS[a] == data.POSITIONS).all()
    assert (md.MAP_ADJ_MASK[a] == data.ADJ_MASK).all() and (md.MAP_RIVER_MASK[a] == data.RIVER_MASK).all()
    assert (md.MAP_RIVER_CLEARING[a] == data.RIVER_CLEARING).all()


def test_an_unknown_map_is_refused_by_name():
    assert md.map_index("Winter") == md.WINTER
    for bad in ("fall", "", None, 3):
        with pytest.raises(RootError, match="unknown map .*autumn, winter, lake, mountain"):
            md.map_index(bad)
