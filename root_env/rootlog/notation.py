"""The vocabulary of Rootlog V2 shared by the exporter and the importer: faction letters, piece codes,
card names, item letters, Decree columns, relationship spaces and place names.

Rootlog numbers the Fall (Autumn) map's clearings 1-12 as the Law of Rootbotics does, which is the
engine's clearing index + 1; a forest is written as its clearings joined by ``_``.
"""
from __future__ import annotations

from ..map_data import MAP_FOREST_CLEARINGS, MAP_NFOREST
from ..data import (NC, FACTION_NAMES, CARD_NAMES, CARD_SUIT, ITEM_NAMES, PLOT_NAMES, VAGABOND,
                    VAGABOND2)

# The kinds of an import's disagreements (importer: the engine does not model it, the log leaves it out, a rule broken).
ENGINE, INCOMPLETE, VIOLATION = "engine", "incomplete", "violation"

FACTION_LETTER = {"marquise": "C", "eyrie": "E", "alliance": "A", "vagabond": "V", "vagabond2": "G",
                  "lizards": "L", "riverfolk": "O", "corvids": "P", "hundreds": "H",
                  "keepers": "K", "duchy": "D"}  # D: the community parser's RootFaction.Duchy (1.4.0)
LETTER_FACTION = {v: k for k, v in FACTION_LETTER.items()}
# Factions Rootlog knows but this engine has no slot for: refused by name.
OTHER_FACTIONS: dict[str, str] = {}
FACTION_TITLE = {"marquise": "Marquise de Cat", "eyrie": "Eyrie Dynasties", "alliance": "Woodland Alliance",
                 "vagabond": "Vagabond", "vagabond2": "second Vagabond", "lizards": "Lizard Cult",
                 "riverfolk": "Riverfolk Company", "corvids": "Corvid Conspiracy", "hundreds": "Lord of the Hundreds",
                 "keepers": "Keepers in Iron", "duchy": "Underground Duchy"}
# Rootlog's names of the maps (its Map line), in map_data.MAP_NAMES' order.
ROOTLOG_MAP = ("Fall", "Winter", "Lake", "Mountain")
SUIT_LETTER = "FRMB"  # the engine's suit order: fox, rabbit, mouse, bird
ITEM_LETTER = {"boot": "f", "sword": "s", "bag": "b", "hammer": "h", "tea": "t", "coins": "c", "crossbow": "x",
               "torch": "r"}
LETTER_ITEM = {v: ITEM_NAMES.index(k) for k, v in ITEM_LETTER.items()}
# Vagabond item states: 0 ready, 1 exhausted, 2 damaged, 3 damaged and exhausted.  An origin narrows which
# copy is meant; a destination says which copies qualify (in order of preference) and the change.  An origin
# naming a Vagabond's board (``%sG$->d``) narrows nothing: Rootlog V2 reads it as either face.
ITEM_ORIGIN = {"r": (0, 2), "e": (1, 3), "d": (2, 3), "s": (0, 1), "t": (0, 1), "": (0, 1, 2, 3)}
ITEM_DESTINATION = {"e": ((0, 2), lambda s: s | 1), "r": ((1, 3), lambda s: s & 2), "d": ((0, 1), lambda s: s | 2),
                    "s": ((2, 3), lambda s: s & 1), "t": ((2, 3), lambda s: s & 1), "": ((0, 1, 2, 3), None)}
# The Vagabonds (Law 9.8: the second is ``G``); a Vagabond's row in the state's and the position's Vagabond
# regions is its faction id minus VAGABOND.
VAGABONDS = (VAGABOND, VAGABOND2)
DECREE_LETTER = "rmxb"  # recruit, move, battle, build (the engine's column order)
# Relationship spaces: indifferent, one and two to the right, allied, hostile (engine values 0..4).
RELATIONSHIP_LETTER = "012ah"

# Buildings and tokens: engine piece name -> (piece type, Rootlog code).
PIECE_CODE = {"sawmill": "b_s", "workshop": "b_w", "recruiter": "b_r", "roost": "b", "base_fox": "b_f",
              "base_rabbit": "b_r", "base_mouse": "b_m", "wood": "t", "keep": "t_k", "sympathy": "t",
              "garden_fox": "b_f", "garden_rabbit": "b_r", "garden_mouse": "b_m", "tradepost_fox": "t_f",
              "tradepost_rabbit": "t_r", "tradepost_mouse": "t_m", "plot_bomb": "t_b", "plot_snare": "t_s",
              "plot_extortion": "t_e", "plot_raid": "t_r",
              # the Lord of the Hundreds' stronghold and mob (letter H): their only building and token, so Rootlog V2
              # writes them with no letter after the type; their warlord is the warrior ``w_w`` (WARLORD_CODE)
              "stronghold": "b", "mob": "t",
              # the Keepers in Iron's waystations by their two types (Rootlog V2's b_f_t, b_t_j, b_j_f; V2 reads the first
              # letter as the face up) and relics by type (t_f, t_t, t_j; V2 writes a known value as t_2_t): these only
              # name the types; the codes with a face or a value are keepers.py's (export) and keepers_import.py's
              "waystation_figure_tablet": "b_f_t", "waystation_tablet_jewelry": "b_t_j",
              "waystation_jewelry_figure": "b_j_f",
              **{f"relic_{t}_{v}": f"t_{t[0]}" for t in ("figure", "tablet", "jewelry") for v in (1, 2, 3)},
              # the Underground Duchy's citadels and markets (the parser's RootDuchySpecial b_c, b_m) and its tunnel,
              # its only token
              "citadel": "b_c", "market": "b_m", "tunnel": "t"}
# The Duchy's Burrow (Law 12.2.2) as a place: the parser's RootDuchySpecial.Burrow, "0".
BURROW_PLACE = "0"
WARLORD_CODE = "w_w"

# The Corvids' plots (Rootlog V2, "Corvid Conspiracy"): a face-down plot is a token of no type; a face-up
# one (or a face-down one whose type is shown: a flip, a right Exposure guess, a raid's effect) has its type.
FACE_DOWN_PLOT = "t"
PLOT_CODE = tuple(PIECE_CODE["plot_" + n] for n in PLOT_NAMES)  # bomb, snare, extortion, raid

# Card names the community parser (@seiyria/rootlog-parser 1.4.0) accepts after '#', for the base deck,
# keyed by the engine's card name.  A card missing here (A Visit to Friends) is written by suit alone.
_RENAMED = {"Ambush!": "@", "Dominance": "dom", "Tax Collector": "taxcollectors"}
_KNOWN = {"anvil", "armstrader", "bakesale", "birdybindle", "crossbow", "foxfolksteel", "gentlyusedknapsack",
          "investments", "mouseinasack", "protectionracket", "roottea", "smugglerstrail", "sword", "travelgear",
          "woodlandrunners", "armorers", "betterburrowbank", "brutaltactics", "commandwarren", "cobbler",
          "codebreakers", "favorofthefoxes", "favorofthemice", "favoroftherabbits", "royalclaim", "sappers",
          "scoutingparty", "standanddeliver"}
# Abbreviations from the Rootlog card list, read back to the full names above.
ABBREVIATIONS = {"@": "@", "ambush": "@", "dom": "dom", "dominance": "dom", "armor": "armorers",
                 "bank": "betterburrowbank", "brutal": "brutaltactics", "command": "commandwarren", "cob": "cobbler",
                 "codeb": "codebreakers", "ffavor": "favorofthefoxes", "mfavor": "favorofthemice",
                 "rfavor": "favoroftherabbits", "royal": "royalclaim", "sap": "sappers", "scout": "scoutingparty",
                 "stand": "standanddeliver", "tax": "taxcollectors", "taxcollector": "taxcollectors"}


def squash(name: str) -> str:
    """A card name as Rootlog writes it: lower case, letters only."""
    return "".join(ch for ch in name.lower() if ch.isalnum())


def card_rootlog_name(c: int) -> str:
    """The Rootlog name of engine card ``c``, or '' when the parser has none for it."""
    name = CARD_NAMES[c]
    if name in _RENAMED:
        return _RENAMED[name]
    s = squash(name)
    return s if s in _KNOWN else ""


def card_code(c: int, named: bool = True) -> str:
    """``F#sappers``: the suit letter, '#', and the name when the card is public."""
    return SUIT_LETTER[CARD_SUIT[c]] + "#" + (card_rootlog_name(c) if named else "")


def letter(f: int) -> str:
    return FACTION_LETTER[FACTION_NAMES[f]]


def vb_row(v: int) -> int:
    """The row of Vagabond v (VAGABOND or VAGABOND2) in the Vagabond regions: 0 or 1."""
    return v - VAGABOND


def place_name(p: int, m: int = 0) -> str:
    """A clearing number, or a forest of map `m` (map_data's row; the Autumn map by default) as its clearings joined
    by '_' (Rootlog's forest form)."""
    if p < NC:
        return str(p + 1)
    return "_".join(str(c + 1) for c in range(NC) if MAP_FOREST_CLEARINGS[m, p - NC, c])


def _clearing_number(text) -> int:
    """A clearing's number 1..NC written in ASCII digits, as its engine index (ValueError otherwise)."""
    if not isinstance(text, str) or not text:
        raise ValueError("no clearing given")
    if not (text.isascii() and text.isdigit() and len(text) <= 3) or not 1 <= int(text) <= NC:
        raise ValueError(f"no clearing {text[:20]}")
    return int(text) - 1


def place_of_name(text, m: int = 0) -> int:
    """Inverse of :func:`place_name` on map `m` (ValueError for no place, an unknown clearing or forest)."""
    if not isinstance(text, str) or "_" not in text:
        return _clearing_number(text)
    want = sorted(_clearing_number(x) for x in text.split("_"))
    for i in range(MAP_NFOREST[m]):
        if [c for c in range(NC) if MAP_FOREST_CLEARINGS[m, i, c]] == want:
            return NC + i
    raise ValueError(f"no forest bordered by clearings {text[:40]}")
