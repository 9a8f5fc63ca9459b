"""The Underground Duchy (Law 12) and Keepers in Iron (Law 15) blocks of root_data.json hold together.

These factions are not implemented yet; their board and card numbers are recorded first (sources per item in
docs/faction_data_duchy_keepers.md). The tests check that the numbers agree with each other and with the Law's own
counts, so a later edit that breaks one of them fails here.
"""
import json
from pathlib import Path

import pytest

import root_env.data as data

JSON = Path(data.__file__).with_name("data") / "root_data.json"
FACTIONS = data.RAW["factions"]
DUCHY = FACTIONS["underground_duchy"]
KEEPERS = FACTIONS["keepers_in_iron"]


def _cumulative(icons, base=1):
    """{n: base + icons on the first n spaces} for n = 0..len(icons), keys as the JSON writes them."""
    out, total = {"0": base}, base
    for n, k in enumerate(icons, start=1):
        total += k
        out[str(n)] = total
    return out


def test_root_env_data_still_loads_the_packaged_file_with_both_blocks():
    on_disk = json.loads(JSON.read_text(encoding="utf-8"))
    assert on_disk == data.RAW
    for key in ("underground_duchy", "keepers_in_iron"):
        assert key in FACTIONS and f"factions.{key}" in data.RAW["meta"]["confidence"]
        assert FACTIONS[key]["sources"] and FACTIONS[key]["confidence"]
    # the factions the engine builds from are still there, unchanged in kind
    for key in ("marquise", "eyrie", "woodland_alliance", "vagabond", "lizard_cult", "riverfolk", "corvid"):
        assert key in FACTIONS


# ------------------------------------------------------------------ Underground Duchy (Law 12)

def test_duchy_piece_counts_match_law_12_3_and_appendix_b3():
    p = DUCHY["pieces"]
    assert (p["warriors"], p["tunnels"], p["citadels"], p["markets"]) == (20, 3, 3, 3)   # Law 12.3.1, 12.3.4
    assert p["crowns"] == p["minister_cards"] == 9                                        # Law 12.3.5-6, B.3


def test_duchy_buildings_tracks_have_one_space_per_building_and_score_no_vp():
    tracks = DUCHY["building_tracks"]
    for kind, count in (("citadel", DUCHY["pieces"]["citadels"]), ("market", DUCHY["pieces"]["markets"])):
        t = tracks[kind]
        assert t["spaces"] == count
        for key in ("vp_by_space", "warrior_icons_by_space", "draw_icons_by_space"):
            assert len(t[key]) == count and all(v >= 0 for v in t[key])
        assert t["vp_by_space"] == [0] * count
    assert tracks["citadel"]["warrior_icons_by_space"] == [1, 2, 2]
    assert tracks["citadel"]["draw_icons_by_space"] == [0, 0, 0]
    assert tracks["market"]["draw_icons_by_space"] == [1, 1, 1]
    assert tracks["market"]["warrior_icons_by_space"] == [0, 0, 0]


def test_duchy_birdsong_recruit_is_one_plus_uncovered_warrior_icons_law_12_4():
    icons = DUCHY["building_tracks"]["citadel"]["warrior_icons_by_space"]
    assert DUCHY["birdsong_recruit_by_citadels_on_map"] == _cumulative(icons) == {"0": 1, "1": 2, "2": 4, "3": 6}


def test_duchy_evening_draw_is_one_plus_uncovered_draw_icons_law_12_6_3():
    icons = DUCHY["building_tracks"]["market"]["draw_icons_by_space"]
    assert DUCHY["evening_draw_by_markets_on_map"] == _cumulative(icons)
    assert DUCHY["hand_limit"] == 5


def test_duchy_ministers_nine_names_three_per_rank_in_law_12_5_2_order():
    names = [m["name"] for m in DUCHY["ministers"]]
    assert names == ["Foremole", "Captain", "Marshal", "Brigadier", "Banker", "Mayor",
                     "Duchess of Mud", "Baron of Dirt", "Earl of Stone"]
    ranks = DUCHY["ranks"]
    assert ranks == ["squire", "noble", "lord"]
    for r in ranks:
        assert sum(m["rank"] == r for m in DUCHY["ministers"]) == DUCHY["crowns_per_rank"]
    assert DUCHY["crowns_per_rank"] * len(ranks) == DUCHY["pieces"]["crowns"] == len(names)
    assert all(m["action"] for m in DUCHY["ministers"])


def test_duchy_crowns_and_sway_costs_rise_with_rank():
    vp, cards = DUCHY["crown_vp_by_rank"], DUCHY["sway_cards_by_rank"]
    assert set(vp) == set(cards) == set(DUCHY["ranks"])
    assert [vp[r] for r in DUCHY["ranks"]] == [1, 2, 3]
    assert [cards[r] for r in DUCHY["ranks"]] == [2, 3, 4]
    # all nine crowns swayed once: 3 x (1 + 2 + 3) VP
    assert sum(vp[m["rank"]] for m in DUCHY["ministers"]) == 18


def test_duchy_price_of_failure_law_12_2_3():
    pof = DUCHY["price_of_failure"]
    assert pof["returned_rank_order"] == list(reversed(DUCHY["ranks"]))
    assert (pof["ministers_returned"], pof["crowns_removed_from_game"], pof["random_cards_discarded"]) == (1, 1, 1)


def test_duchy_setup_fits_the_supply():
    # Law 12.3.3: 2 warriors in the corner + 2 in each neighbour; a corner has at most 3 neighbours on any map here.
    assert 2 + 2 * 3 <= DUCHY["pieces"]["warriors"]
    assert DUCHY["dig_max_warriors_from_burrow"] == 4 and DUCHY["assembly_actions"] == 2
    assert DUCHY["rootlog_letter"] == "D" and DUCHY["setup_letter"] == "H"


# ------------------------------------------------------------------ Keepers in Iron (Law 15)

def test_keepers_piece_counts_match_law_15_and_appendix_b4():
    p = KEEPERS["pieces"]
    assert (p["warriors"], p["waystations"], p["relics"], p["faithful_retainers"]) == (15, 3, 12, 3)


def test_keepers_relics_twelve_of_three_types_valued_1_2_3_3_law_15_2_1():
    types = KEEPERS["relic_types"]
    assert sorted(types) == ["figure", "jewelry", "tablet"]
    assert KEEPERS["relics_per_type"] * len(types) == KEEPERS["pieces"]["relics"]
    values = KEEPERS["relic_values_per_type"]
    assert sorted(values) == [1, 2, 3, 3] and len(values) == KEEPERS["relics_per_type"]
    assert sum(values) * len(types) == 27


def test_keepers_waystations_pair_each_two_types_once_law_15_2_2():
    faces = [tuple(w["faces"]) for w in KEEPERS["waystations"]]
    assert len(faces) == KEEPERS["pieces"]["waystations"]
    types = set(KEEPERS["relic_types"])
    assert all(len(f) == 2 and f[0] != f[1] and set(f) <= types for f in faces)
    assert len({frozenset(f) for f in faces}) == 3                     # the three different pairs
    for t in types:                                                   # each type on exactly two faces
        assert sum(t in f for f in faces) == 2


def test_keepers_waystation_track_draws_and_scores_nothing_law_15_6_3():
    t = KEEPERS["waystation_track"]
    assert t["spaces"] == KEEPERS["pieces"]["waystations"]
    assert t["vp_by_space"] == [0] * t["spaces"] and t["draw_icons_by_space"] == [1] * t["spaces"]
    assert KEEPERS["evening_draw_by_waystations_on_map"] == _cumulative(t["draw_icons_by_space"])
    assert KEEPERS["hand_limit"] == 5


def test_keepers_relics_track_holds_every_relic_and_pays_two_per_column_law_15_5_2():
    t = KEEPERS["relics_track"]
    assert t["spaces_per_type"] == t["columns"] == KEEPERS["relics_per_type"]
    assert t["column_complete_vp"] == 2
    best = sum(KEEPERS["relic_values_per_type"]) * len(KEEPERS["relic_types"]) + t["columns"] * t["column_complete_vp"]
    assert best == 35


def test_keepers_retinue_three_columns_one_faithful_retainer_each_law_15_3_5():
    r = KEEPERS["retinue"]
    assert [c["name"] for c in r["columns"]] == ["Move", "Battle then Delve", "Move or Recover"]
    assert [c["index"] for c in r["columns"]] == [1, 2, 3]
    assert r["faithful_retainers_per_column_at_setup"] * len(r["columns"]) == KEEPERS["pieces"]["faithful_retainers"]
    assert KEEPERS["faithful_retainer"]["count"] == KEEPERS["pieces"]["faithful_retainers"]
    assert r["max_cards"] == 10 and KEEPERS["pieces"]["faithful_retainers"] <= r["max_cards"]
    assert KEEPERS["faithful_retainer"]["suit"] in data.RAW["meta"]["conventions"]["suits"]


@pytest.mark.parametrize("key, value", [("recruit_warriors_per_card", 2), ("live_off_the_land_min_warriors", 4),
                                        ("prized_trophies_vp_total", 2), ("rootlog_letter", "K"),
                                        ("setup_letter", "K")])
def test_keepers_law_15_numbers(key, value):
    assert KEEPERS[key] == value


def test_keepers_setup_fits_the_supply_law_15_3_3():
    assert 4 + 4 <= KEEPERS["pieces"]["warriors"]
