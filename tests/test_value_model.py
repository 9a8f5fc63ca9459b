"""The learned value model (issue 34, section 2): it sees only its seat's information, its compiled inference equals
the numpy and torch references, an untrusted model file is refused cleanly, its agents (kind ``value``, ISMCTS's
``"value"`` leaf) play legal games for every faction type, and its training command is deterministic."""
from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import zipfile

import numpy as np
import pytest

from agents import ismcts, value_model as vm
from agents.arena import play_games, parse_kind, KIND_VALUE
from agents.heuristic import determinize, seed_rand
from agents.value_agent import ValueAgent, choose as value_choose, options as value_options
from agents.value_features import (features, N_FEATURES, N_GLOBAL, BLOCK, BLOCK_NAMES, HUNDREDS_AT, HUNDREDS_NAMES,
                                   N_HUNDREDS, DUCHY_AT, DUCHY_NAMES, N_DUCHY, KEEPERS_AT, KEEPERS_NAMES, N_KEEPERS,
                                   FEATURE_NAMES, OLD_COLUMNS, GLOBAL_NAMES as GLOBAL_NAMES_)
from agents.value_train import predict_rows
from root_env import Game
from root_env.data import FACTION_NAMES
from root_env.layout import STATE_SIZE, LEGAL_N, GAME_OVER

from rules_helpers import random_play
from test_ismcts import _swap_face_down

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TABLES = (("marquise", "eyrie", "alliance", "vagabond"), ("lizards", "riverfolk", "corvids", "vagabond", "vagabond2"),
          ("corvids", "eyrie", "riverfolk"), ("hundreds", "marquise", "vagabond", "lizards"),
          ("keepers", "duchy", "marquise", "eyrie"), ("duchy", "riverfolk", "keepers"))


def _positions(k=3):
    """Mid-game positions (several tables, every faction type), not over."""
    out = []
    for t, table in enumerate(TABLES):
        for seed in range(k):
            g = random_play(Game.new(table, seed=seed + 10 * t), seed, 120 + 60 * seed)
            if not g.is_over:
                out.append(g)
    return out


def _feat(state, f):
    x = np.empty(N_FEATURES)
    features(state, f, x)
    return x


# ------------------------------------------------------------- only the seat's information
def test_features_and_prediction_depend_only_on_what_the_seat_can_see():
    """For every seat of positions at six tables (all eleven factions): the features and the predicted chance
    are the same in the real state, in states with hidden things swapped (another hand with the deck, ruin items,
    supporters, the quest deck) and in many determinizations from that seat's view (other hands, deck, face-down
    plots, ruins, quest deck redealt), although those states differ."""
    w = vm.packed()
    checked = 0
    for g in _positions():
        for name in g.factions:
            f = FACTION_NAMES.index(name)
            x0, p0 = _feat(g.state, f), vm.predict(g.state, f, w)
            views = []
            s = g.state.copy()
            if _swap_face_down(s, f):
                views.append(s)
            for r in range(6):
                d = np.zeros(STATE_SIZE, np.int64)
                determinize(g.state, d, f, seed_rand(100 + r))
                views.append(d)
            assert any(not np.array_equal(v, g.state) for v in views)
            for v in views:
                assert np.array_equal(_feat(v, f), x0), f"{name}: features read hidden information"
                assert vm.predict(v, f, w) == p0
            checked += 1
    assert checked >= 20


def test_features_see_the_public_position():
    """The seat's own block holds its VP, its place and faction; the others follow highest VP first."""
    g = _positions(1)[0]
    s = g.state.copy()
    f = FACTION_NAMES.index(g.factions[0])
    from root_env.layout import VP
    s[VP + f] = 17
    x = _feat(s, f)
    assert x[N_GLOBAL + BLOCK_NAMES.index("vp")] == pytest.approx(17 / 30)
    assert x[N_GLOBAL + BLOCK_NAMES.index("is_0") + f] == 1.0
    vps = [x[N_GLOBAL + i * BLOCK + 1] for i in range(1, len(g.factions))]
    assert vps == sorted(vps, reverse=True)


def _hd(x, name):
    return x[HUNDREDS_AT + HUNDREDS_NAMES.index(name)]


def test_features_see_the_hundreds_public_state():
    """The Lord of the Hundreds' section: zero without them; with them, what lies face up (the Hoard's Command and
    Prowess, Law 14.2.4; the warlord, 14.2.2; mobs and strongholds on the map; the mood, 14.7), for every seat."""
    from root_env.data import HUNDREDS, MOOD_NAMES, TT_MOB, BT_STRONGHOLD, NC, ITEM_NAMES
    from root_env.layout import HD_HOARD, HD_MOOD, HD_WARLORD, TOKENS, BUILDINGS
    g = _positions(1)[0]
    assert "hundreds" not in g.factions
    assert not _feat(g.state, FACTION_NAMES.index(g.factions[0]))[HUNDREDS_AT:HUNDREDS_AT + N_HUNDREDS].any()
    g = random_play(Game.new(("hundreds", "marquise", "eyrie"), seed=3), 3, 150)
    s = g.state.copy()
    s[HD_HOARD:HD_HOARD + len(ITEM_NAMES)] = 0
    s[HD_HOARD + ITEM_NAMES.index("boot")] = 1  # Command: one item, 2 (Law 14.2.4.II)
    s[HD_HOARD + ITEM_NAMES.index("sword")] = 3  # Prowess: three items, 3
    s[HD_MOOD] = MOOD_NAMES.index("rowdy")
    s[TOKENS + TT_MOB * NC:TOKENS + (TT_MOB + 1) * NC] = 0
    s[TOKENS + TT_MOB * NC + 5] = 1
    s[TOKENS + TT_MOB * NC + 7] = 1
    n_strongholds = int(s[BUILDINGS + BT_STRONGHOLD * NC:BUILDINGS + (BT_STRONGHOLD + 1) * NC].sum())
    for name in g.factions:
        f = FACTION_NAMES.index(name)
        x = _feat(s, f)
        assert _hd(x, "hd_seated") == 1.0 and _hd(x, "hd_mine") == (1.0 if f == HUNDREDS else 0.0)
        assert _hd(x, "hd_command") == pytest.approx(2 / 4) and _hd(x, "hd_prowess") == pytest.approx(3 / 4)
        assert _hd(x, "hd_mobs") == pytest.approx(2 / 5)
        assert _hd(x, "hd_strongholds") == pytest.approx(n_strongholds / 6)
        assert _hd(x, "hd_warlord_on_map") == (1.0 if s[HD_WARLORD] >= 0 else 0.0)
        moods = [_hd(x, f"hd_mood_{m}") for m in MOOD_NAMES]
        assert moods == [1.0 if m == "rowdy" else 0.0 for m in MOOD_NAMES]
    s[HD_WARLORD] = -1
    x = _feat(s, HUNDREDS)
    assert _hd(x, "hd_warlord_on_map") == 0.0 and _hd(x, "hd_warlord_rules") == 0.0


def test_features_see_the_duchy_public_state():
    """The Underground Duchy's section: zero without them; with them, what lies on the map and on their faction board
    (tunnels, Law 12.2.4; the Burrow, 12.2.2; citadels and markets, 12.3.4; swayed ministers by rank, 12.5.3.III;
    crowns out of the game, 12.2.3), the same for every seat."""
    from root_env.data import (DUCHY, NC, TT_TUNNEL, BT_CITADEL, BT_MARKET, NMINISTER, MINISTER_RANK, RANK_NAMES,
                               FOREMOLE, MAYOR, EARL_OF_STONE)
    from root_env.layout import TOKENS, BUILDINGS, DU_BURROW, DU_SWAYED, DU_CROWNS_LOST
    g = _positions(1)[0]
    assert "duchy" not in g.factions
    assert not _feat(g.state, FACTION_NAMES.index(g.factions[0]))[DUCHY_AT:DUCHY_AT + N_DUCHY].any()
    g = random_play(Game.new(("duchy", "marquise", "eyrie"), seed=4), 4, 150)
    s = g.state.copy()
    for row, n in ((TOKENS + TT_TUNNEL * NC, 2), (BUILDINGS + BT_CITADEL * NC, 1), (BUILDINGS + BT_MARKET * NC, 3)):
        s[row:row + NC] = 0
        s[row + 1:row + 1 + n] = 1  # n clearings with one piece each (where does not matter to the section)
    s[DU_BURROW] = 7
    s[DU_SWAYED:DU_SWAYED + NMINISTER] = 0
    for m in (FOREMOLE, MAYOR, EARL_OF_STONE):
        s[DU_SWAYED + m] = 1
    s[DU_CROWNS_LOST:DU_CROWNS_LOST + 3] = (1, 0, 1)
    ranks = [0.0, 0.0, 0.0]
    for m in (FOREMOLE, MAYOR, EARL_OF_STONE):
        ranks[MINISTER_RANK[m]] += 1 / 3
    for name in g.factions:
        f = FACTION_NAMES.index(name)
        x = dict(zip(DUCHY_NAMES, _feat(s, f)[DUCHY_AT:DUCHY_AT + N_DUCHY]))
        assert x["du_seated"] == 1.0 and x["du_mine"] == (1.0 if f == DUCHY else 0.0)
        assert x["du_tunnels"] == pytest.approx(2 / 3) and x["du_burrow"] == pytest.approx(0.7)
        assert x["du_citadels"] == pytest.approx(1 / 3) and x["du_markets"] == pytest.approx(1.0)
        assert [x[f"du_swayed_{r}"] for r in RANK_NAMES] == pytest.approx(ranks)
        assert x["du_crowns_lost"] == pytest.approx(2 / 9)


def test_features_see_the_keepers_public_state():
    """The Keepers in Iron's section: zero without them; with them, relics recovered by type (Law 15.5.2.III.a), relics
    in clearings (face up), held by Keeper warriors and so Devout Knights' clearings (15.2.4), ready at a waystation
    showing their type and one move from one, the number in forests (never a face-down value, 15.2.1), waystations
    (15.2.2) and each Retinue column's length (15.5.2), the same for every seat."""
    from root_env.data import (KEEPERS, NC, NCARD, TT_RELIC, NRELIC_KINDS, NRELIC_VALUES, NFOREST, BT_WAYSTATION,
                               KP_WAYSTATIONS, WAYSTATION_FACES, RELIC_TYPE_NAMES, RETINUE_COLUMNS)
    from root_env.layout import (TOKENS, BUILDINGS, WARRIORS, KP_RECOVERED, KP_FOREST_UP, KP_FOREST_DOWN, KP_WS_FACE,
                                 KP_RETAINERS, CARD_LOC, LOC_RETINUE, LOC_DECK)
    from root_env.engine.geometry import adjacent
    g = _positions(1)[0]
    assert "keepers" not in g.factions
    assert not _feat(g.state, FACTION_NAMES.index(g.factions[0]))[KEEPERS_AT:KEEPERS_AT + N_KEEPERS].any()
    g = random_play(Game.new(("keepers", "marquise", "eyrie"), seed=5), 5, 120)
    s = g.state.copy()
    # A clean board of the Keepers' pieces: no relic or waystation anywhere, no Keeper warrior, an empty Retinue.
    s[TOKENS + TT_RELIC * NC:TOKENS + (TT_RELIC + NRELIC_KINDS) * NC] = 0
    s[BUILDINGS + BT_WAYSTATION * NC:BUILDINGS + (BT_WAYSTATION + KP_WAYSTATIONS) * NC] = 0
    s[WARRIORS + KEEPERS * NC:WARRIORS + (KEEPERS + 1) * NC] = 0
    s[KP_FOREST_UP:KP_FOREST_UP + NFOREST * NRELIC_KINDS] = 0
    s[KP_FOREST_DOWN:KP_FOREST_DOWN + NFOREST * NRELIC_KINDS] = 0
    s[KP_RECOVERED:KP_RECOVERED + NRELIC_KINDS] = 0
    s[KP_RETAINERS:KP_RETAINERS + RETINUE_COLUMNS] = 0
    for c in range(NCARD):
        if LOC_RETINUE <= s[CARD_LOC + c] < LOC_RETINUE + RETINUE_COLUMNS:
            s[CARD_LOC + c] = LOC_DECK
    # Waystation 0 in clearing 0 showing type t; a relic of type t there (ready), one of type t with a Keeper
    # warrior in a clearing next to it (held, one move away, Devout), one of type t alone two clearings off.
    s[KP_WS_FACE + 0] = 0
    t = WAYSTATION_FACES[0, 0]
    kind = t * NRELIC_VALUES  # type t, value 1
    s[BUILDINGS + BT_WAYSTATION * NC + 0] = 1
    s[TOKENS + (TT_RELIC + kind) * NC + 0] = 1
    a = next(c for c in range(1, NC) if adjacent(s, 0, c))
    far = next(c for c in range(1, NC) if c != a and not adjacent(s, 0, c))
    s[TOKENS + (TT_RELIC + kind) * NC + a] = 1
    s[WARRIORS + KEEPERS * NC + a] = 2
    s[TOKENS + (TT_RELIC + kind + 1) * NC + far] = 1
    s[KP_FOREST_DOWN + 2 * NRELIC_KINDS + 5] = 1
    s[KP_FOREST_UP + 3 * NRELIC_KINDS + 4] = 1
    s[KP_RECOVERED + 1 * NRELIC_VALUES + 2] = 2  # two relics of the second type recovered
    cards = [c for c in range(NCARD) if s[CARD_LOC + c] == LOC_DECK][:3]
    s[CARD_LOC + cards[0]] = LOC_RETINUE + 2
    s[CARD_LOC + cards[1]] = LOC_RETINUE + 2
    s[CARD_LOC + cards[2]] = LOC_RETINUE + 0
    s[KP_RETAINERS + 1] = 1
    for name in g.factions:
        f = FACTION_NAMES.index(name)
        x = dict(zip(KEEPERS_NAMES, _feat(s, f)[KEEPERS_AT:KEEPERS_AT + N_KEEPERS]))
        assert x["kp_seated"] == 1.0 and x["kp_mine"] == (1.0 if f == KEEPERS else 0.0)
        assert [x[f"kp_recovered_{n}"] for n in RELIC_TYPE_NAMES] == [0.0, 0.5, 0.0]
        assert x["kp_relics_map"] == pytest.approx(3 / 12) and x["kp_relics_held"] == pytest.approx(1 / 12)
        assert x["kp_relics_ready"] == pytest.approx(1 / 12) and x["kp_relics_near"] == pytest.approx(1 / 12)
        assert x["kp_relics_forest"] == pytest.approx(2 / 12) and x["kp_waystations"] == pytest.approx(1 / 3)
        assert [x["kp_retinue_move"], x["kp_retinue_battle_then_delve"], x["kp_retinue_move_or_recover"]] == \
            pytest.approx([0.1, 0.1, 0.2])
        assert x["kp_devout_clearings"] == pytest.approx(1 / 6)


def test_previous_layout_columns_are_the_141_features_it_was_made_for():
    """``OLD_COLUMNS`` picks, out of today's vector, the layout of the model shipped before the Duchy's and the
    Keepers' features (globals, blocks with identities for the first nine factions, the Hundreds' section), so
    ``benchmarks.value_features_ab`` can score that model on today's rows; without the Duchy and the Keepers at the
    table nothing else is set."""
    old_block = BLOCK_NAMES[:BLOCK_NAMES.index("is_0") + 9]
    expect = (GLOBAL_NAMES_ + tuple(f"{'self' if b == 0 else f'other{b}'}.{n}" for b in range(5) for n in old_block)
              + HUNDREDS_NAMES)
    assert tuple(FEATURE_NAMES[i] for i in OLD_COLUMNS) == expect
    for g in _positions(1):
        if {"duchy", "keepers"} & set(g.factions):
            continue
        x = _feat(g.state, FACTION_NAMES.index(g.factions[0]))
        rest = np.ones(N_FEATURES, bool)
        rest[OLD_COLUMNS] = False
        assert not x[rest].any()


# ------------------------------------------------------------- inference
def test_compiled_inference_equals_the_numpy_and_torch_references():
    torch = pytest.importorskip("torch")
    m = vm.load()
    w = vm.pack(m)
    rows, chances = [], []
    for g in _positions(2):
        for name in g.factions:
            f = FACTION_NAMES.index(name)
            rows.append(_feat(g.state, f))
            chances.append(vm.predict(g.state, f, w))
    X = np.array(rows)
    assert np.allclose(predict_rows(m, X), chances, atol=1e-12)
    mods, k = [], 0
    while f"W{k}" in m:
        lin = torch.nn.Linear(*m[f"W{k}"].shape[::-1]).double()
        lin.weight.data, lin.bias.data = torch.tensor(m[f"W{k}"]), torch.tensor(m[f"b{k}"])
        mods += [lin, torch.nn.ReLU()]
        k += 1
    out = torch.nn.Linear(m["Wout"].shape[0], 1).double()
    out.weight.data, out.bias.data = torch.tensor(m["Wout"][None]), torch.tensor(m["bout"])
    net = torch.nn.Sequential(*mods, out)
    ref = torch.sigmoid(net(torch.tensor((X - m["mean"]) * m["scale"]))).detach().numpy()[:, 0]
    assert np.allclose(ref, chances, atol=1e-9)
    assert 0 < min(chances) and max(chances) < 1


def test_the_shipped_model_and_its_record():
    import json
    m = vm.load()
    with open(os.path.splitext(vm.DEFAULT_PATH)[0] + ".json") as fh:
        meta = json.load(fh)
    assert meta["n_features"] == N_FEATURES and meta["hidden"] == [m[f"W{k}"].shape[0] for k in range(vm.layers(m))]
    # Better than the logistic of the VP difference on held-out games, and the figures the docs quote are these.
    assert meta["test"]["model"]["log_loss"] < meta["test"]["vp_logistic"]["log_loss"]
    with open(os.path.join(ROOT, "docs", "agents.md"), encoding="utf-8") as fh:
        doc = fh.read()
    t = meta["test"]
    for k in ("model", "vp_logistic", "base_rate"):
        assert f"| {t[k]['log_loss']:.3f} | {t[k]['brier']:.3f} |" in doc, k
    assert f"{meta['data']['rows']:,} rows" in doc and f"({t['model']['rows']:,} rows)" in doc


# ------------------------------------------------------------- untrusted files
def _write(path, **arrays):
    np.savez(path, **arrays)
    return str(path)


def _good():
    m = vm.load()
    out = {"format": np.array(vm.FORMAT), "n_features": np.array(N_FEATURES)}
    out.update({k: v.astype(np.float32) for k, v in m.items()})
    return out


@pytest.mark.parametrize("change, says", [
    (lambda a: a.pop("Wout"), "'Wout' is missing"),
    (lambda a: a.update(W0=a["W0"][:, :5]), "shape"),
    (lambda a: a.update(mean=a["mean"][:-1]), "shape"),
    (lambda a: a.update(b0=a["b0"].astype(np.int64)), "float32 or float64"),
    (lambda a: a.update(W1=np.full_like(a["W1"], np.nan)), "not finite"),
    (lambda a: a.update(scale=np.full_like(a["scale"], np.inf)), "not finite"),
    (lambda a: a.update(format=np.array(99)), "format 99"),
    (lambda a: a.update(format=np.array("1")), "integer scalar"),
    (lambda a: a.update(n_features=np.array(3)), "made for 3 features"),
    (lambda a: a.update(W0=np.zeros((5000, N_FEATURES), np.float32)), "1..1024 rows"),
    (lambda a: a.update(extra=np.zeros(2)), "unknown arrays"),
    (lambda a: a.update(bout=np.zeros((1, 1), np.float32)), "shape"),
])
def test_a_malformed_model_file_is_refused_with_a_clear_error(tmp_path, change, says):
    a = _good()
    change(a)
    path = _write(tmp_path / "m.npz", **a)
    with pytest.raises(vm.ValueModelError, match=says) as e:
        vm.load(path)
    assert isinstance(e.value, ValueError)
    with pytest.raises(ValueError):
        ValueAgent("marquise", path=path)
    with pytest.raises(ValueError):
        ismcts.options(value=path)


def test_hostile_files_are_refused_without_running_or_reading_them(tmp_path):
    # Not a zip; a pickled object array (allow_pickle=False: never unpickled); a zip that unpacks far too large.
    bad = tmp_path / "text.npz"
    bad.write_text("not a model")
    with pytest.raises(vm.ValueModelError, match="not a readable .npz"):
        vm.load(str(bad))

    class Boom:
        def __reduce__(self):
            return (os.system, ("touch " + str(tmp_path / "pwned"),))

    pick = tmp_path / "pickle.npz"
    np.savez(pick, **{**_good(), "W0": np.array([Boom()], dtype=object)})
    with pytest.raises(vm.ValueModelError, match="not a readable .npz"):
        vm.load(str(pick))
    assert not (tmp_path / "pwned").exists()
    bomb = tmp_path / "bomb.npz"
    with zipfile.ZipFile(bomb, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("W0.npy", b"\0" * (vm.MAX_FILE_BYTES + 1))
    with pytest.raises(vm.ValueModelError, match="unpacks to"):
        vm.load(str(bomb))
    with pytest.raises(vm.ValueModelError, match="cannot be read"):
        vm.load(str(tmp_path / "absent.npz"))
    with pytest.raises(vm.ValueModelError):
        vm.packed(np.zeros(4))  # not a packed model
    with pytest.raises(ValueError):
        parse_kind("value:")


# ------------------------------------------------------------- the agents
def test_value_agent_plays_legal_full_games_for_every_faction_type():
    """ValueAgent through the Game API (which refuses illegal actions) for every seat of tables holding the eight
    faction types, to the end."""
    for t, table in enumerate(TABLES[:2]):
        g = Game.new(table, seed=t)
        agents = {f: ValueAgent(f, seed=t) for f in g.factions}
        while not g.is_over:
            a = agents[g.current_player].act(g)
            assert a in g.legal_actions()
            g.apply(a)
        assert g.state[GAME_OVER] != 0


def test_value_agent_decides_only_from_what_its_player_may_know():
    o = value_options()
    checked = 0
    for seed, g in enumerate(_positions(2)):
        if g.state[LEGAL_N] < 2:
            continue
        f = FACTION_NAMES.index(g.current_player)
        s = g.state.copy()
        if not _swap_face_down(s, f):
            continue
        work = np.zeros((2, STATE_SIZE), np.int64)
        a1, r1 = value_choose(g.state, f, seed_rand(seed), o, work)
        a2, r2 = value_choose(s, f, seed_rand(seed), o, work)
        assert (a1, r1) == (a2, r2)
        checked += 1
    assert checked >= 3


def test_arena_kinds_value_and_the_ismcts_value_leaf_play_every_faction_type(tmp_path):
    assert parse_kind("value") == (KIND_VALUE, 0) and parse_kind("value:x.npz") == (KIND_VALUE, 0)
    for table in TABLES[:2]:
        r = play_games(1, table, "value", seed=3)
        assert r["winners"][0] != 0 or r["truncated"][0]
        r2 = play_games(1, table, "value", seed=3)
        assert np.array_equal(r["vp"], r2["vp"])  # seeded
        opts = {f: {"leaf": "value", "depth": 2} for f in table}
        r = play_games(1, table, "ismcts:4", seed=5, ismcts_options=opts)
        assert r["turns"][0] > 0
    # value:PATH plays that file; a bad one is refused before any game.
    path = str(tmp_path / "copy.npz")
    vm.save(path, vm.load())
    a = play_games(1, TABLES[0], {"marquise": f"value:{path}", "eyrie": "value", "alliance": "heuristic",
                                  "vagabond": "heuristic"}, seed=4)
    b = play_games(1, TABLES[0], {"marquise": "value", "eyrie": "value", "alliance": "heuristic",
                                  "vagabond": "heuristic"}, seed=4)
    assert np.array_equal(a["vp"], b["vp"])
    with pytest.raises(ValueError, match="cannot be read"):
        play_games(1, TABLES[0], {"marquise": "value:/nonexistent.npz", "eyrie": "heuristic",
                                  "alliance": "heuristic", "vagabond": "heuristic"})


def test_ismcts_value_file_and_the_value_agent_play_with_the_hundreds_seated(tmp_path):
    """``ismcts:N:value=PATH`` (the search's leaf from a model file) and ``value`` play the Lord of the Hundreds at
    their benchmark table (benchmarks.heuristic_strength.TABLES["hundreds"]) to the end; the file's model is the one
    searched with (a copy of the shipped model plays the same game as the shipped one)."""
    table = ("marquise", "eyrie", "alliance", "hundreds")
    path = str(tmp_path / "copy.npz")
    vm.save(path, vm.load())
    games = [play_games(1, table, {"marquise": "heuristic", "eyrie": "heuristic", "alliance": "heuristic",
                                   "hundreds": spec}, seed=6)
             for spec in (f"ismcts:4:value={path},depth=2", "ismcts:4:leaf=value,depth=2", "value")]
    for r in games:
        assert not r["truncated"].any() and r["winners"][0] != 0 and r["turns"][0] > 0
    assert np.array_equal(games[0]["vp"], games[1]["vp"]) and np.array_equal(games[0]["winners"], games[1]["winners"])


def test_ismcts_options_carry_the_model_at_the_end():
    o = ismcts.options(value=vm.DEFAULT_PATH)
    assert o[ismcts.O_LEAF] == ismcts.LEAF_VALUE and o.size > ismcts.N_OPTIONS
    assert np.array_equal(o[ismcts.N_OPTIONS:], vm.packed())
    assert ismcts.describe(o)["leaf"] == "value"
    assert np.array_equal(ismcts.options(leaf="value"), o)  # the leaf alone takes the shipped model
    assert ismcts.options().size == ismcts.N_OPTIONS
    # The leaf's rewards are the model's chances, each seat from its own view.
    g = _positions(1)[0]
    reward = np.zeros(8)
    ismcts._rewards(g.state, reward, o)
    for name in g.factions:
        f = FACTION_NAMES.index(name)
        assert reward[f] == vm.predict(g.state, f, vm.packed())


def test_value_agent_and_leaf_run_without_the_jit():
    code = textwrap.dedent("""
        import numpy as np
        from agents import ValueAgent, ISMCTSAgent
        from root_env import Game
        g = Game.new(("marquise", "eyrie", "riverfolk"), seed=2)
        agents = {f: ValueAgent(f, seed=1, look=1, samples=1) for f in g.factions}
        for _ in range(5):
            a = agents[g.current_player].act(g)
            assert a in g.legal_actions()
            g.apply(a)
        s = ISMCTSAgent(g.current_player, iterations=2, depth=1, leaf="value", seed=1)
        assert s.act(g) in g.legal_actions()
        print("ok")
    """)
    env = dict(os.environ, NUMBA_DISABLE_JIT="1")
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=900, cwd=ROOT)
    assert out.returncode == 0, out.stderr[-3000:]
    assert out.stdout.strip().endswith("ok")


# ------------------------------------------------------------- training
def test_training_command_runs_tiny_and_is_deterministic(tmp_path, capsys):
    from agents.value_train import main
    runs = []
    for k in range(2):
        out = str(tmp_path / f"m{k}.npz")
        assert main(["--games", "12", "--every", "20", "--epochs", "2", "--hidden", "8", "--out", out,
                     "--quiet"]) == 0
        runs.append(vm.load(out))
    printed = capsys.readouterr().out
    assert "vp_logistic" in printed and "base_rate" in printed
    assert runs[0].keys() == runs[1].keys()
    assert all(np.array_equal(runs[0][k], runs[1][k]) for k in runs[0])
    with pytest.raises(SystemExit):
        main(["--games", "3", "--out", str(tmp_path / "x.npz")])


def test_training_warm_start_and_penalties_of_the_new_columns():
    """``fit`` with `init` starts as that model (the new columns' first-layer weights at zero; epoch 0 counted), with
    `freeze` trains those weights alone, and `new_l2` shrinks the penalized weights."""
    from agents.value_train import fit
    rng = np.random.default_rng(3)
    X = rng.normal(size=(600, 6))
    y = (X[:, 0] + 2 * X[:, 5] + rng.normal(size=600) > 0).astype(float)
    Xv, yv = X[:200], y[:200]
    old = np.arange(4)
    base, _ = fit(X[:, old], y, Xv[:, old], yv, (5,), 2, 0, lr=1e-2)
    m, hist = fit(X, y, Xv, yv, (5,), 3, 0, lr=1e-2, init=base, init_cols=old, freeze=True)
    first = predict_rows(base, Xv[:, old])
    p = np.clip(first, 1e-6, 1 - 1e-6)
    assert hist["validation_log_loss_by_epoch"][0] == pytest.approx(-np.mean(yv * np.log(p) + (1 - yv) * np.log(1 - p)))
    assert len(hist["validation_log_loss_by_epoch"]) == 4
    assert np.array_equal(m["W0"][:, old], base["W0"]) and all(np.array_equal(m[k], base[k])
                                                                 for k in ("b0", "Wout", "bout"))
    assert np.abs(m["W0"][:, 4:]).max() > 0  # column 5 tells the label: the new weights learned it
    assert min(hist["validation_log_loss_by_epoch"][1:]) < hist["validation_log_loss_by_epoch"][0]
    free, _ = fit(X, y, Xv, yv, (5,), 3, 0, lr=1e-2)
    shrunk, _ = fit(X, y, Xv, yv, (5,), 3, 0, lr=1e-2, new_l2=1.0)
    assert np.abs(shrunk["W0"]).sum() < np.abs(free["W0"]).sum()


def test_terminal_play_takes_the_value_agent_as_opponents(tmp_path):
    from root_env.play import make_opponents
    from root_env.errors import RootError
    g = Game.new(("marquise", "eyrie", "alliance"), seed=1)
    opp = make_opponents("value", g.factions, "marquise", np.random.default_rng(0))
    assert set(opp) == {"eyrie", "alliance"}
    while g.current_player == "marquise" and not g.is_over:
        g.apply(g.legal_actions()[0])
    assert opp[g.current_player](g) in g.legal_actions()
    with pytest.raises(RootError, match="cannot be read"):
        make_opponents(f"value:{tmp_path / 'absent.npz'}", g.factions, "marquise", np.random.default_rng(0))
