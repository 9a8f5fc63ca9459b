"""Bad input: every error is a ValueError (RootError / IllegalActionError) naming the problem, and
the game is left byte-for-byte as it was. Ends with a fuzz test over every action id."""
from __future__ import annotations

import numpy as np
import pytest

from root_env import Game, RootError, IllegalActionError
from root_env.codes import N_ACTIONS, DECISION_NAMES
from root_env.layout import STATE_SIZE, VERSION, FORMAT_VERSION, NSEATS, MAX_SEATS, LEGAL, LEGAL_N, DECISION, RNG
from root_env.engine import core
from root_env.engine.rng import rng_int


def _midgame(seed=1, n=30, factions=("marquise", "eyrie")) -> Game:
    g = Game.new(factions, seed=seed)
    rng = np.random.default_rng(seed)
    for _ in range(n):
        g.apply(int(rng.choice(g.legal_actions())))
    return g


def _finished(seed=2) -> Game:
    g = Game.new(("marquise", "eyrie"), seed=seed)
    rng = np.random.default_rng(seed)
    while not g.is_over:
        g.apply(int(rng.choice(g.legal_actions())))
    return g


def _raises_unchanged(g: Game, action, exc, match):
    before = g.state.copy()
    arr = g.state
    with pytest.raises(exc, match=match):
        g.apply(action)
    assert g.state is arr, "apply replaced the state array"
    assert g.state.tobytes() == before.tobytes(), f"state changed by the rejected action {action!r}"


# ---------------------------------------------------------------- Game.apply
def test_error_classes():
    assert issubclass(RootError, ValueError)
    assert issubclass(IllegalActionError, RootError)


@pytest.mark.parametrize("action", [-1, N_ACTIONS, N_ACTIONS + 1, 10**9, -10**12, np.int64(-3), np.int32(500)])
def test_out_of_range_action(action):
    g = _midgame()
    _raises_unchanged(g, action, IllegalActionError, "out of range")


def test_legal_range_but_illegal_action():
    for g in (Game.new(seed=5), _midgame(seed=5, n=57)):
        legal = set(g.legal_actions().tolist())
        illegal = [a for a in range(N_ACTIONS) if a not in legal]
        assert illegal
        for a in (illegal[0], illegal[len(illegal) // 2], illegal[-1]):
            _raises_unchanged(g, a, IllegalActionError, f"action {a} is not legal")
            _raises_unchanged(g, np.int64(a), IllegalActionError, "not legal")


@pytest.mark.parametrize("action", [1.5, 3.0, "3", None, True, False, np.bool_(True), [3], np.float64(2.0),
                                    np.array([1])])
def test_non_integer_action(action):
    g = _midgame(seed=4)
    _raises_unchanged(g, action, IllegalActionError, "must be an integer")


def test_integer_like_types_are_accepted():
    g = Game.new(seed=9)
    a = g.legal_actions()[0]
    for conv in (int, np.int64, np.int32, np.uint8):
        h = g.copy()
        h.apply(conv(a))
        ref = g.copy()
        ref.apply(int(a))
        assert h.state.tobytes() == ref.state.tobytes()


def test_action_after_game_over():
    g = _finished()
    assert g.is_over and g.legal_actions().size == 0 and not g.action_mask().any()
    for a in (0, 1, 13, 181):
        _raises_unchanged(g, a, IllegalActionError, "game is over")
    # Range and type are still checked first, and still leave the state alone.
    _raises_unchanged(g, -1, IllegalActionError, "out of range")
    _raises_unchanged(g, "0", IllegalActionError, "must be an integer")
    s = g.state.copy()
    assert core.apply(s, 0) == core.ERR_GAME_OVER and s.tobytes() == g.state.tobytes()


def test_engine_apply_codes():
    g = _midgame()
    for a, code in ((-1, core.ERR_OUT_OF_RANGE), (N_ACTIONS, core.ERR_OUT_OF_RANGE),
                    (10**9, core.ERR_OUT_OF_RANGE)):
        s = g.state.copy()
        assert core.apply(s, a) == code
        assert s.tobytes() == g.state.tobytes()


def test_describe_and_observe_reject_bad_input():
    g = _midgame()
    before = g.state.tobytes()
    for a in (-1, N_ACTIONS, 10**9):
        with pytest.raises(RootError, match="out of range"):
            g.describe(a)
    for who in ("alliance", "vagabond", "nobody", ""):
        with pytest.raises(RootError, match="not a faction in this game"):
            g.observe(who)
        with pytest.raises(RootError, match="not a faction in this game"):
            g.hand(who)
        with pytest.raises(RootError, match="not a faction in this game"):
            g.describe(int(g.legal_actions()[0]), viewer=who)
    assert g.state.tobytes() == before
    assert g.observe("marquise").dtype == np.float32


# ---------------------------------------------------------------- Game.new
@pytest.mark.parametrize("factions,match", [
    (("marquise", "cats"), "unknown faction 'cats'"),
    (("marquise", "Eyrie"), "unknown faction 'Eyrie'"),
    (("marquise", 1), "unknown faction 1"),
    (("marquise", "vagabond2"), "second Vagabond"),
    (("vagabond2", "eyrie"), "second Vagabond"),
    (("vagabond2", "eyrie", "alliance"), "second Vagabond"),
    (("marquise", "marquise"), "seated once"),
    (("marquise",), "2 to .* factions, got 1"),
    ((), "2 to .* factions, got 0"),
    (("marquise", "eyrie") * 6, "2 to .* factions, got 12"),
    ("marquise", "the string 'marquise'"),
    ("marquise,eyrie", "the string"),
])
def test_new_rejects_bad_factions(factions, match):
    with pytest.raises(RootError, match=match):
        Game.new(factions, seed=1)


def test_new_accepts_any_sequence_of_factions():
    for f in (["marquise", "eyrie"], ("marquise", "eyrie"), iter(["marquise", "eyrie"])):
        assert Game.new(f, seed=1).factions == ("marquise", "eyrie")


@pytest.mark.parametrize("seed", [-1, "x", 1.5, 2**62, 2**64, True, [1]])
def test_new_rejects_bad_seed(seed):
    with pytest.raises(RootError, match="seed must be an integer"):
        Game.new(("marquise", "eyrie"), seed=seed)


@pytest.mark.parametrize("max_turns", [0, -5, 100_001, "10", 2.5, None])
def test_new_rejects_bad_max_turns(max_turns):
    with pytest.raises(RootError, match="max_turns must be an integer"):
        Game.new(("marquise", "eyrie"), seed=1, max_turns=max_turns)


# ---------------------------------------------------------------- Game.from_state
def _from_state_rejects(arr, match):
    before = np.array(arr, copy=True)
    with pytest.raises(RootError, match=match):
        Game.from_state(arr)
    assert np.array_equal(np.asarray(arr), before) and np.asarray(arr).dtype == before.dtype


def test_from_state_wrong_size_or_shape():
    s = _midgame().state
    _from_state_rejects(s[:-1], "shape")
    _from_state_rejects(np.concatenate([s, [0]]), "shape")
    _from_state_rejects(np.zeros(0, np.int64), "shape")
    _from_state_rejects(s.reshape(1, -1), "shape")
    _from_state_rejects(np.stack([s, s]), "shape")


def test_from_state_wrong_dtype():
    s = _midgame().state
    _from_state_rejects(s.astype(np.float64), "integers")
    _from_state_rejects(s.astype(np.float32), "integers")
    _from_state_rejects(s.astype(object), "integers")


def test_from_state_wrong_version():
    s = _midgame().state.copy()
    for v in (0, FORMAT_VERSION + 1, -1):
        t = s.copy()
        t[VERSION] = v
        _from_state_rejects(t, "version")


def test_from_state_bad_seat_count():
    s = _midgame().state.copy()
    for n in (0, 1, MAX_SEATS + 1, -3):
        t = s.copy()
        t[NSEATS] = n
        _from_state_rejects(t, "seats")


def test_from_state_corrupted_legal_list():
    s = _midgame().state.copy()
    for n in (-1, N_ACTIONS + 1, 10**6):
        t = s.copy()
        t[LEGAL_N] = n
        _from_state_rejects(t, "legal actions")
    for bad in (-1, N_ACTIONS, 10**9):
        t = s.copy()
        t[LEGAL + int(t[LEGAL_N]) - 1] = bad
        _from_state_rejects(t, "outside the action space")


def test_from_state_rejects_rng_words_out_of_range():
    s = _midgame().state.copy()
    s[RNG + 3] = 1 << 40
    # What accepting it would mean: the generator's "uniform integer below 6" is far out of range.
    probe = s.copy()
    assert max(int(rng_int(probe, 6)) for _ in range(4)) >= 6
    _from_state_rejects(s, "RNG|rng|random")


# ---------------------------------------------------------------- fuzz: every action id on random states
def _sample_states(n_states=200, seed=2024):
    """Random running positions drawn from random games (several per game, spread over the game)."""
    rng = np.random.default_rng(seed)
    states = []
    game_seed = 0
    while len(states) < n_states:
        factions = ("marquise", "eyrie") if game_seed % 3 else ("eyrie", "marquise")
        g = Game.new(factions, seed=10_000 + game_seed)
        game_seed += 1
        snaps = []
        while not g.is_over:
            snaps.append(g.state.copy())
            g.apply(int(rng.choice(g.legal_actions())))
        picks = rng.choice(len(snaps), size=min(10, len(snaps)), replace=False)
        states.extend(snaps[i] for i in sorted(picks))
    return states[:n_states]


def test_fuzz_every_action_on_random_states():
    states = _sample_states()
    assert len(states) == 200
    assert len(_every_action_on(states)) >= 10, "the sampled states should cover many decision kinds"


def _states_at(kinds: set, mixes, seed: int, game_base: int, per: int = 8) -> list:
    """Up to `per` states at each decision kind in `kinds`, from random games of `mixes` (seeded; game seeds
    from `game_base`)."""
    rng = np.random.default_rng(seed)
    per_kind: dict = {}
    game_seed = 0
    while min((len(per_kind.get(d, [])) for d in kinds), default=0) < per and game_seed < 200:
        g = Game.new(mixes[game_seed % len(mixes)], seed=game_base + game_seed)
        game_seed += 1
        while not g.is_over:
            d = int(g.state[DECISION])
            if d in kinds and len(per_kind.setdefault(d, [])) < per and rng.random() < 0.3:
                per_kind[d].append(g.state.copy())
            g.apply(int(rng.choice(g.legal_actions())))
    return [st for sts in per_kind.values() for st in sts]


def test_fuzz_every_action_on_riverfolk_decisions():
    """Every Riverfolk decision (Law 11: setup, prices, services and their payment, Daylight, whose funds,
    where, Export, Trade Disruption): each legal action applies, every other id is refused and leaves the
    state byte for byte as it was. Up to 8 states of each kind, from random games."""
    from root_env import codes as K
    rf = set(range(K.D_RF_SETUP, K.D_RF_DISRUPT + 1))
    mixes = (("marquise", "eyrie", "alliance", "vagabond", "riverfolk"), ("riverfolk", "vagabond"),
             ("alliance", "riverfolk", "marquise"))
    kinds = _every_action_on(_states_at(rf, mixes, 2025, 20_000))
    assert kinds == rf, sorted(K.DECISION_NAMES[d] for d in rf - kinds)


def test_fuzz_every_action_on_corvid_decisions():
    """Every Corvid decision (seed 003 Law 13: setup, craft, flip, recruit and its suit, Daylight, plot where and
    which, Trick, Exert, and an enemy's Exposure: where, the card, the guess), with the Vagabond's Strike on
    plots among them: each legal action applies, every other id is refused and leaves the state byte for byte
    as it was. Up to 8 states of each kind, from random games."""
    from root_env import codes as K
    cv = set(range(K.D_CV_SETUP, K.D_CV_EXPOSE_GUESS + 1))
    mixes = (("marquise", "eyrie", "alliance", "vagabond", "corvids"), ("corvids", "vagabond"),
             ("lizards", "corvids", "riverfolk"))
    kinds = _every_action_on(_states_at(cv | {K.D_VB_STRIKE}, mixes, 2026, 30_000))
    assert kinds == cv | {K.D_VB_STRIKE}, sorted(K.DECISION_NAMES[d] for d in cv - kinds)


def test_fuzz_every_action_on_duchy_decisions():
    """Every Underground Duchy decision (Law 12: setup, the Assembly, Build where / which / card, Dig card / removal /
    where / warriors, Parliament, the Brigadier, the Banker, the Mayor, Sway and its cards, crafting, the Price of
    Failure) that random games reach, and a move from the Burrow: each legal action applies, every other id is refused
    and leaves the state byte for byte as it was. Up to 8 states of each kind, from random games."""
    from root_env import codes as K
    du = set(range(K.D_DU_CORNER, K.D_DU_FAILURE + 1))
    mixes = (("duchy", "marquise"), ("eyrie", "duchy", "alliance", "vagabond"), ("duchy", "corvids", "hundreds"))
    kinds = _every_action_on(_states_at(du | {K.D_MOVE_TO}, mixes, 2027, 40_000))
    # the rarest kinds: the Mayor (a noble swayed beside a squire), a removal with all three tunnels out, a tie at the
    # Price of Failure: rule tests cover them (tests/test_rules_duchy.py)
    rare = {K.D_DU_MAYOR, K.D_DU_DIG_REMOVE, K.D_DU_FAILURE}
    assert du - rare <= kinds, sorted(K.DECISION_NAMES[d] for d in du - rare - kinds)


def _every_action_on(states) -> set:
    kinds = set()
    n_legal = n_illegal = 0
    for st in states:
        frozen = st.tobytes()
        legal = set(int(a) for a in st[LEGAL:LEGAL + st[LEGAL_N]])
        kinds.add(int(st[DECISION]))
        mask = Game.from_state(st).action_mask()
        assert set(np.flatnonzero(mask).tolist()) == legal
        for a in range(N_ACTIONS):
            s = st.copy()
            rc = core.apply(s, a)
            g = Game.from_state(st)
            if a in legal:
                n_legal += 1
                assert rc == core.OK, (a, rc)
                g.apply(a)  # must not raise
                assert g.state.tobytes() == s.tobytes(), "Game.apply and core.apply disagree"
                assert g.is_over or g.state[LEGAL_N] >= 1
            else:
                n_illegal += 1
                assert rc == core.ERR_ILLEGAL, (a, rc)
                assert s.tobytes() == frozen, f"core.apply changed the state for illegal action {a}"
                with pytest.raises(IllegalActionError, match=f"action {a} is not legal"):
                    g.apply(a)
                assert g.state.tobytes() == frozen
        for a in (-1, N_ACTIONS, 10**9):
            s = st.copy()
            assert core.apply(s, a) == core.ERR_OUT_OF_RANGE and s.tobytes() == frozen
        assert st.tobytes() == frozen
    print(f"\nfuzz: {len(states)} states, {len(kinds)} decision kinds "
          f"({', '.join(sorted(DECISION_NAMES[k] for k in kinds))}); {n_legal} legal, {n_illegal} illegal tries")
    assert n_legal >= len(states) and STATE_SIZE == states[0].shape[0]
    return kinds


# ---------------------------------------------------------------- issue 33: seat strings and options
@pytest.mark.parametrize("seat,match", [
    ("bot:electric_eyrie:", "empty bot difficulty"),
    ("bot:electric_eyrie:+swoop", "empty bot difficulty"),
    ("bot:electric_eyrie+swoop+swoop", "trait 'swoop' named twice"),
    ("bot:mechanical_marquise:nightmare+blitz+fortified+blitz", "trait 'blitz' named twice"),
])
def test_bot_seat_strings_refuse_an_empty_level_and_repeated_traits(seat, match):
    with pytest.raises(RootError, match=match):
        Game.new((seat, "marquise" if "eyrie" in seat else "eyrie"), seed=1)


def test_a_huge_repeated_trait_label_is_refused_with_a_short_message():
    seat = "bot:electric_eyrie" + "+swoop" * 100_000  # a 600 KB label
    with pytest.raises(RootError, match="named twice") as e:
        Game.new((seat, "marquise"), seed=1)
    assert len(str(e.value)) < 400


def test_bot_seat_strings_still_accepted():
    g = Game.new(("bot:electric_eyrie:nightmare+swoop+war_tax", "bot:mechanical_marquise", "alliance"), seed=1)
    assert g.seats[0] == "bot:electric_eyrie:nightmare+swoop+war_tax"


@pytest.mark.parametrize("factions,kw,match", [
    (("marquise", "eyrie"), {"bot_options": {"aa_bird_order": "any"}}, "Automated Alliance"),
    (("bot:electric_eyrie", "marquise"), {"bot_options": {"aa_track": "alliance"}}, "Automated Alliance"),
    (("bot:electric_eyrie", "alliance"), {"bot_options": {"aa_track": "bot"}}, "Automated Alliance"),
    (("marquise", "eyrie"), {"lizard_draw_bonus": "first_printing"}, "Lizard Cult"),
    (("marquise", "eyrie"), {"bot_rules": "law"}, "no bot is seated"),
])
def test_options_that_do_not_apply_are_refused(factions, kw, match):
    """Issue 33: these were silently ignored; docs/api.md says they are refused."""
    with pytest.raises(RootError, match=match):
        Game.new(factions, seed=1, **kw)


def test_options_that_apply_are_accepted_and_refused_in_records_too():
    from root_env.records import RecordError
    Game.new(("bot:automated_alliance", "marquise"), seed=1, bot_options={"aa_bird_order": "any"})
    Game.new(("lizards", "marquise"), seed=1, lizard_draw_bonus="first_printing")
    Game.new(("bot:electric_eyrie", "marquise"), seed=1, bot_rules="law")
    rec = Game.new(("marquise", "eyrie"), seed=1).to_record()
    rec["options"]["bot_rules"] = "law"
    with pytest.raises(RecordError, match="no bot is seated"):
        Game.from_record(rec)


def test_pettingzoo_env_refuses_options_that_do_not_apply():
    from root_env.pettingzoo_env import raw_env
    with pytest.raises(RootError, match="Lizard Cult"):
        raw_env(("marquise", "eyrie"), lizard_draw_bonus="first_printing")
