"""The four maps' geometry (Autumn, Winter, Lake, Mountain) as arrays indexed by map, from ``data/root_data.json``.

Law Appendix C names the maps and their special rules; the geometry (clearings, slots, ruins, paths,
rivers, the lake, closed paths, forests, corners, printed suits) is printed on the boards, not in the Law:
it comes from independent open sources, listed with their agreements and disagreements in docs/rules.md
("Map geometry"). ``tests/test_map_data.py`` checks each map's own consistency (adjacency symmetric,
every forest bounded by its clearings, the region count, opposite corners, the printed counts).

This module is the table the engine's per-map rules read (``engine.geometry``, by the state's ``MAP`` entry;
``root_env.data``'s Autumn arrays must equal row ``AUTUMN`` here: tested).

Conventions: clearings 0..11 are the Clockwork priority numbers 1..12 of each map; forests are numbered in
the JSON's order (0..NFOREST_MAX-1, unused rows zero); -1 marks "none".
"""
from __future__ import annotations

import numpy as np

from root_env.data import RAW, SUIT_NAMES, NFOREST, clearing_distances
from root_env.errors import RootError

MAP_NAMES = ("autumn", "winter", "lake", "mountain")
NMAP = len(MAP_NAMES)
AUTUMN, WINTER, LAKE, MOUNTAIN = range(NMAP)
NC = 12
NFOREST_MAX = NFOREST  # the layout's forest places (data.NFOREST, the most forests of any map)


def _pairs(mp: dict, key: str) -> np.ndarray:
    """A symmetric 0/1 matrix of the clearing pairs listed under `key` (1-based ids)."""
    out = np.zeros((NC, NC), dtype=np.int64)
    for a, b in mp.get(key, ()):
        out[a - 1, b - 1] = out[b - 1, a - 1] = 1
    return out


MAP_PRINTED_SUIT = np.full((NMAP, NC), -1, dtype=np.int64)  # -1: suit markers are shuffled on (Law A.1)
MAP_SLOTS = np.zeros((NMAP, NC), dtype=np.int64)            # building slots, ruin slots included
MAP_RUIN = np.zeros((NMAP, NC), dtype=np.int64)
MAP_ALL_PATHS = np.zeros((NMAP, NC, NC), dtype=np.int64)    # every printed path, closed ones included
MAP_CLOSED_PATH = np.zeros((NMAP, NC, NC), dtype=np.int64)  # Mountain: covered by a closed-path marker at setup
MAP_ADJ = np.zeros((NMAP, NC, NC), dtype=np.int64)          # open paths at setup: adjacency
MAP_RIVER = np.zeros((NMAP, NC, NC), dtype=np.int64)        # printed river segments
MAP_LAKE = np.zeros((NMAP, NC, NC), dtype=np.int64)         # Lake: the lake links every pair of coastal clearings
MAP_COASTAL = np.zeros((NMAP, NC), dtype=np.int64)
MAP_CORNERS = np.zeros((NMAP, 4), dtype=np.int64)
MAP_OPPOSITE_CORNER = np.full((NMAP, NC), -1, dtype=np.int64)
MAP_NFOREST = np.zeros(NMAP, dtype=np.int64)
MAP_FOREST_CLEARINGS = np.zeros((NMAP, NFOREST_MAX, NC), dtype=np.int64)
MAP_FOREST_ADJ = np.zeros((NMAP, NFOREST_MAX, NFOREST_MAX), dtype=np.int64)
MAP_COASTAL_FOREST = np.zeros((NMAP, NFOREST_MAX), dtype=np.int64)
MAP_FERRY_START = np.full(NMAP, -1, dtype=np.int64)        # Lake: the Ferry's first clearing
MAP_TOWER = np.full(NMAP, -1, dtype=np.int64)              # Mountain: the Pass (tower clearing)
MAP_POSITIONS = np.zeros((NMAP, NC, 2), dtype=np.float64)  # drawing aid only (x, y on a ~400 x 380 canvas)
MAP_CLEARING_DIST = np.zeros((NMAP, NC, NC), dtype=np.int64)  # along open paths
# Law G.1.15: the map edge, the closed loop of clearings and paths on the map's boundary (the Mountain's closed paths
# included); the Keepers in Iron set up and Encamp there (15.3.3, 15.4.1). Sources: docs/rules.md ("Map geometry").
MAP_EDGE = np.zeros((NMAP, NC), dtype=np.int64)

for _m, _name in enumerate(MAP_NAMES):
    _mp = RAW["maps"][_name]
    for _i, _c in enumerate(_mp["clearings"]):
        assert _c["id"] == _i + 1, f"{_name}: clearings out of order"
        if _c["suit"] is not None:
            MAP_PRINTED_SUIT[_m, _i] = SUIT_NAMES.index(_c["suit"])
        MAP_SLOTS[_m, _i] = _c["building_slots_total"]
        MAP_RUIN[_m, _i] = 1 if _c["ruin"] else 0
        MAP_COASTAL[_m, _i] = 1 if _c.get("coastal") else 0
        MAP_POSITIONS[_m, _i] = _c["approx_position_rootvis"]
    MAP_ALL_PATHS[_m] = _pairs(_mp, "paths_including_closed" if "paths_including_closed" in _mp else "paths")
    MAP_CLOSED_PATH[_m] = _pairs(_mp, "closed_paths_at_setup")
    MAP_ADJ[_m] = MAP_ALL_PATHS[_m] - MAP_CLOSED_PATH[_m]  # Law C: clearings linked only by a closed path are not adjacent
    MAP_RIVER[_m] = _pairs(_mp, "rivers")
    MAP_LAKE[_m] = _pairs(_mp, "lake_links")
    MAP_CORNERS[_m] = [c - 1 for c in _mp["corners"]]
    for _a, _b in _mp["opposite_corner_pairs"]:
        MAP_OPPOSITE_CORNER[_m, _a - 1], MAP_OPPOSITE_CORNER[_m, _b - 1] = _b - 1, _a - 1
    _ids = [fo["id"] for fo in _mp["forests"]]
    MAP_NFOREST[_m] = len(_ids)
    for _f, _fo in enumerate(_mp["forests"]):
        MAP_FOREST_CLEARINGS[_m, _f, [c - 1 for c in _fo["clearings"]]] = 1
        for _o in _fo["adjacent_forests"]:
            MAP_FOREST_ADJ[_m, _f, _ids.index(_o)] = 1
        MAP_COASTAL_FOREST[_m, _f] = 1 if _fo["id"] in _mp.get("coastal_forests", ()) else 0
    if "ferry_start" in _mp:
        MAP_FERRY_START[_m] = _mp["ferry_start"] - 1
    if "tower_pass_clearing" in _mp:
        MAP_TOWER[_m] = _mp["tower_pass_clearing"] - 1
    MAP_CLEARING_DIST[_m] = clearing_distances(MAP_ADJ[_m])
    MAP_EDGE[_m, [c - 1 for c in _mp["map_edge_loop"]]] = 1


def _masks(adj: np.ndarray) -> np.ndarray:
    """Per map and clearing, the bitmask of the clearings `adj` links it to (bit b = clearing b)."""
    return (adj * (1 << np.arange(NC, dtype=np.int64))).sum(axis=2).astype(np.int64)


MAP_ADJ_MASK = _masks(MAP_ADJ)              # open paths at setup (the state's ADJ_OPEN starts here)
MAP_CLOSED_MASK = _masks(MAP_CLOSED_PATH)   # Mountain: closed paths at setup (C.3.2)
MAP_LAKE_MASK = _masks(MAP_LAKE)            # Lake: the other coastal clearings a coastal clearing's Ferry reaches (C.2.5)
# Rivers as movement and the Riverfolk see them: the printed rivers, and on the Lake map the lake, "treated as rivers
# linking each coastal clearing to each other coastal clearing" (Law C.2.2).
MAP_RIVER_MASK = _masks(np.maximum(MAP_RIVER, MAP_LAKE))
MAP_RIVER_CLEARING = (MAP_RIVER_MASK != 0).astype(np.int64)  # touching a river (11.3.2, 11.5.5), the lake's coast too
# The suit markers of a variant map (Law A.1): the twelve markers, four of each suit, shuffled onto the clearings at
# setup; row AUTUMN is its printed suits (shuffled too in Advanced Setup, A.1).
SUIT_MARKERS = np.sort(MAP_PRINTED_SUIT[AUTUMN])
del _m, _name, _mp, _i, _c, _a, _b, _ids, _f, _fo, _o


# The maps the engine plays (Game.new(map=...)): all four since state format 13 (the Lake's Ferry, C.2.5).
PLAYABLE_MAPS = ("autumn", "winter", "lake", "mountain")


def check_map(name) -> str:
    """`name` as Game.new's `map`: a playable map's name (``PLAYABLE_MAPS``); RootError naming the choices otherwise."""
    if not isinstance(name, str) or name not in MAP_NAMES:
        raise RootError(f"unknown map {name!r}: choose one of {', '.join(PLAYABLE_MAPS)}")
    if name not in PLAYABLE_MAPS:
        raise RootError(f"the {name} map is not playable yet (its rules, Law Appendix C, are not in the engine): "
                        f"choose one of {', '.join(PLAYABLE_MAPS)}")
    return name


def map_index(name: str) -> int:
    """The row of map `name` ("autumn", "winter", "lake" or "mountain"); RootError (a ValueError) naming the choices otherwise."""
    if not isinstance(name, str) or name.lower() not in MAP_NAMES:
        raise RootError(f"unknown map {name!r}: choose one of {', '.join(MAP_NAMES)}")
    return MAP_NAMES.index(name.lower())
