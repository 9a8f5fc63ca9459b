"""The map a game is played on (Law Appendix C): its geometry read from root_env.map_data by the state's MAP row.

Clearings 0..11 are each map's Clockwork priority numbers, so code that walks clearings in order needs nothing from
here. Adjacency along paths is the state's ``ADJ_OPEN`` (the map's paths less the closed paths still on it, C.3.2);
everything else is printed on the board and read from the constant tables (numba compiles them in).
"""
from .jit import njit

from ..map_data import (MAP_RUIN, MAP_RIVER_MASK, MAP_RIVER_CLEARING, MAP_CORNERS, MAP_OPPOSITE_CORNER, MAP_NFOREST,
                        MAP_FOREST_CLEARINGS, MAP_FOREST_ADJ, MAP_SLOTS, MAP_CLEARING_DIST, MAP_EDGE)
from ..layout import MAP, ADJ_OPEN

N_CORNERS = MAP_CORNERS.shape[1]


@njit(cache=True)
def adj_mask(state, c):
    """Bitmask of the clearings linked to clearing c by an open path (Law 2.2.1; C.3.2)."""
    return state[ADJ_OPEN + c]


@njit(cache=True)
def adjacent(state, a, b):
    """Clearings a and b are linked by an open path."""
    return (state[ADJ_OPEN + a] >> b) & 1 == 1


@njit(cache=True)
def river_mask(state, c):
    """Bitmask of the clearings linked to c by a river (on the Lake map, the lake: Law C.2.2)."""
    return MAP_RIVER_MASK[state[MAP], c]


@njit(cache=True)
def river_adjacent(state, a, b):
    return (MAP_RIVER_MASK[state[MAP], a] >> b) & 1 == 1


@njit(cache=True)
def on_river(state, c):
    """Clearing c touches a river (the lake's coast on the Lake map, C.2.2)."""
    return MAP_RIVER_CLEARING[state[MAP], c] == 1


@njit(cache=True)
def corner(state, i):
    """The map's i-th corner clearing (0..N_CORNERS-1)."""
    return MAP_CORNERS[state[MAP], i]


@njit(cache=True)
def opposite_corner(state, c):
    """The corner diagonally opposite corner c (on the Lake map, its printed pair), -1 for a clearing no corner."""
    return MAP_OPPOSITE_CORNER[state[MAP], c]


@njit(cache=True)
def on_map_edge(state, c):
    """Clearing c lies on the map edge (Law G.1.15: the loop of clearings and paths on the map's boundary)."""
    return MAP_EDGE[state[MAP], c] == 1


@njit(cache=True)
def n_forests(state):
    return MAP_NFOREST[state[MAP]]


@njit(cache=True)
def forest_touches(state, fo, c):
    """Forest fo borders clearing c (Law 2.3.2)."""
    return MAP_FOREST_CLEARINGS[state[MAP], fo, c] == 1


@njit(cache=True)
def forests_adjacent(state, fo, other):
    """Forests separated by one path (Law 9.4.2; a Winter river, C.1.1; coastal forests around the lake, C.2.4)."""
    return MAP_FOREST_ADJ[state[MAP], fo, other] == 1


@njit(cache=True)
def slots(state, c):
    """Building slots printed in clearing c, ruin slots included (Law 2.2.3)."""
    return MAP_SLOTS[state[MAP], c]


@njit(cache=True)
def printed_ruin(state, c):
    """Clearing c has a ruin printed on the map (Law 5.1.4)."""
    return MAP_RUIN[state[MAP], c] == 1


@njit(cache=True)
def distance(state, a, b):
    """Clearings between a and b along the paths open at setup (A.8.2.II)."""
    return MAP_CLEARING_DIST[state[MAP], a, b]
