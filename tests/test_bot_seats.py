"""A Clockwork bot's seat in the Python API (issue 17): ``Game.seats`` / ``Game.bots``, ``Game.bot_events`` (the
bots' log in sentences, ``names.bot_sentence``), ``to_dict()["bots"]`` and records that replay bot seats exactly.

Sentences are checked on hand-built positions whose result seed 004 gives (as in test_rules_bot_marquise), and
on whole games of random agents against the Mechanical Marquise at every difficulty, with traits.
"""
from __future__ import annotations

import json
import re

import numpy as np
import pytest

from root_env.data import MARQUISE, CARD_NAMES
from root_env.engine.botlog import EV_EXPAND, EV_ORDER
from root_env.errors import RecordError
from root_env.game import Game
from root_env.layout import ORDER_CARD, TOKENS, BUILDINGS, ACTIVE, DECISIONS
from root_env.names import bot_rows, bot_row_sentences, bot_sentence, BotReading, card_label
from root_env.scenario import Scenario
from rules_helpers import warriors

MM = "bot:mechanical_marquise"
SD = ("Stand and Deliver!", "fox")
FS = ("Foxfolk Steel", "fox")
VISIT = ("A Visit to Friends", "rabbit")
TRAVEL = ("Travel Gear", "mouse")
ARMORERS = ("Armorers", "bird")


def run(bot, order, build, more=()):
    """The Mechanical Marquise's turn on a hand-built board (``build(scenario)``), to the Eyrie's first decision."""
    sc = Scenario((bot, "eyrie", "vagabond"), seed=3)
    build(sc)
    sc.deck_top(list(reversed(more)) + [order])
    g = sc.start("marquise", at="birdsong")
    assert g.current_player == "eyrie"
    return g


def _recruit_board(sc):
    sc.token("keep", 2).warriors("marquise", 2, 1).warriors("eyrie", 7, 1)
    for n in (3, 4, 10):
        sc.warriors("marquise", n, 1)


def test_sentences_of_a_nightmare_turn_name_each_rule():
    g = run(MM + ":nightmare", VISIT, _recruit_board)
    assert g.bot_events() == [
        "Mechanical Marquise reveals the order card A Visit to Friends (rabbit)",
        "Mechanical Marquise crafts a boot for 1 VP (the item of its order card A Visit to Friends (rabbit))",
        "Mechanical Marquise recruits 2 warriors in clearing 3 (rabbit) (ordered clearing she rules)",
        "Mechanical Marquise recruits 1 warrior in clearing 4 (rabbit) (ordered clearing she rules)",
        "Mechanical Marquise recruits 1 warrior in clearing 10 (rabbit) (ordered clearing she rules)",
        "Mechanical Marquise recruits 2 warriors in clearing 3 (rabbit) (Nightmare: two more in the ordered clearing "
        "she rules of highest priority)",
        "Mechanical Marquise builds a workshop in clearing 3 (rabbit) (rabbit order: a workshop, in the clearing she "
        "rules with the most warriors)",
        "Mechanical Marquise moves 2 warriors from clearing 3 (rabbit) to clearing 7 (mouse) (all but three; the "
        "adjacent clearing with the most enemy pieces)",
        "Mechanical Marquise scores 0 VP (ordered buildings track: workshops)",
        "Mechanical Marquise scores 1 VP (Nightmare: one more at the end of Evening)",
    ]


def test_easy_recruit_says_two_in_all():
    g = run(MM + ":easy", VISIT, _recruit_board)
    recruits = [e for e in g.bot_events() if " recruits " in e]
    assert recruits == [
        "Mechanical Marquise recruits 1 warrior in clearing 3 (rabbit) (ordered clearing she rules; Easy: two "
        "warriors in all)",
        "Mechanical Marquise recruits 1 warrior in clearing 4 (rabbit) (ordered clearing she rules; Easy: two "
        "warriors in all)"]


def test_expand_and_escalated_daylight_in_words():
    def board(sc):
        sc.token("keep", 4).building("workshop", 4).warriors("marquise", 4, 2).warriors("eyrie", 12, 1)
    g = run(MM, FS, board, more=(TRAVEL, ARMORERS))
    ev = g.bot_events()
    assert ev[:2] == ["Mechanical Marquise reveals the order card Foxfolk Steel (fox)",
                      "Mechanical Marquise crafts a sword for 1 VP (the item of its order card Foxfolk Steel (fox))"]
    expands = [e for e in ev if "Expand" in e]
    assert expands == [
        f"Mechanical Marquise draws a new order card, {c} (Expand: no building placed this turn and five or fewer "
        "on the map; its item is not crafted), and runs Daylight again" for c in ("Travel Gear (mouse)",
                                                                             "Armorers (bird)")]
    assert not any("reveals the order card Travel Gear" in e for e in ev)  # said once, by the Expand sentence
    i = ev.index("Mechanical Marquise runs Escalated Daylight (a bird order card: every clearing is a target)")
    assert ev[i + 1:] == [
        "Mechanical Marquise recruits 4 warriors in clearing 4 (rabbit) (Escalated Daylight: the clearing she rules "
        "of lowest priority)",
        "Mechanical Marquise moves 3 warriors from clearing 4 (rabbit) to clearing 12 (fox) (Escalated Daylight: "
        "every clearing; all but three; the adjacent clearing with the most enemy pieces)",
        "Mechanical Marquise battles the Eyrie in clearing 12 (fox) (Escalated Daylight: a clearing she moved into; "
        "defender: most pieces there)",
        "Mechanical Marquise scores 0 VP (bird order: the buildings track that scores the most)"]
    rows = bot_rows(g.state).tolist()
    sentences = bot_row_sentences(g.state)
    assert len(sentences) == len(rows)
    # an order drawn by Expand is said by its Expand row alone
    assert [r[0] for r, x in zip(rows, sentences) if x is None] == [EV_ORDER, EV_ORDER]
    assert all(rows[i + 1][0] == EV_EXPAND for i, x in enumerate(sentences) if x is None)


def test_blitz_in_words():
    def board(sc):
        sc.token("keep", 2).warriors("marquise", 2, 4).building("roost", 6).warriors("eyrie", 6, 1)
    ev = run(MM + ":normal+blitz", SD, board).bot_events()
    i = ev.index("Mechanical Marquise blitzes from clearing 2 (mouse) (Blitz: the clearing she rules of highest "
                 "priority with no enemy pieces)")
    assert ev[i + 1:i + 3] == [
        "Mechanical Marquise moves 3 warriors from clearing 2 (mouse) to clearing 6 (fox) (Blitz: all but one; the "
        "adjacent clearing with the most enemy pieces)",
        "Mechanical Marquise battles the Eyrie in clearing 6 (fox) (Blitz: the clearing she moved into; defender: "
        "most pieces there)"]


def test_one_row_alone_and_a_log_that_begins_inside_a_turn():
    g = run(MM, VISIT, _recruit_board)
    rows = bot_rows(g.state)
    recruit = rows[2]  # after the order and the craft
    assert bot_sentence(g.state, recruit) == ("Mechanical Marquise recruits 2 warriors in clearing 3 (rabbit) "
                                              "(ordered clearing she rules)")
    # a log that begins inside an Escalated turn (a player decided in one of its battles) reads as Escalated
    armorers = CARD_NAMES.index("Armorers")
    reading = BotReading(g.state, MARQUISE, armorers)
    assert "Escalated Daylight" in bot_sentence(g.state, recruit, reading, rows[3:])


@pytest.mark.parametrize("seat", [MM, MM + ":easy+fortified", MM + ":challenging+blitz+hospitals",
                                  MM + ":nightmare+iron_will+blitz"])
def test_random_games_every_bot_row_is_a_sentence(seat):
    """Whole games of random agents against the bot: after Game.new its setup is read off the board; after each
    decision every row of its log is said, by the bot, with no row left unnamed; the order card it shows is the
    state's while a decision falls inside its turn."""
    rng = np.random.default_rng(7)
    g = Game.new((seat, "eyrie", "vagabond"), seed=5, max_turns=40)
    first = g.bot_events()
    keep = int(np.flatnonzero(g.state[TOKENS + 1 * 12:TOKENS + 2 * 12])[0])  # TT_KEEP = 1
    assert first[0].startswith(f"Mechanical Marquise sets up (seed 004): the keep in clearing {keep + 1} ")
    for bt, name in ((0, "sawmill"), (1, "workshop"), (2, "recruiter")):
        c = int(np.flatnonzero(g.state[BUILDINGS + bt * 12:BUILDINGS + (bt + 1) * 12])[0])
        assert f"a {name} in clearing {c + 1} " in first[0]
    said = inside = 0
    while not g.is_over:
        g.apply(int(rng.choice(g.legal_actions())))
        ev = g.bot_events()
        assert all(e.startswith("Mechanical Marquise ") and "bot log row" not in e for e in ev), ev
        assert len(ev) == len(bot_rows(g.state)) - sum(e is None for e in bot_row_sentences(g.state))
        assert not any("sets up" in e for e in ev)  # only before the first decision
        said += len(ev)
        if int(g.state[ACTIVE]) == MARQUISE and not g.is_over:  # a decision inside her turn (a battle)
            card = int(g.state[ORDER_CARD + MARQUISE])
            assert g.to_dict()["bots"]["marquise"]["order_card"] == (card_label(card) if card >= 0 else None)
            inside += 1
    assert said > 40 and inside > 0 and int(g.state[DECISIONS]) > 0


def test_seats_bots_and_to_dict():
    seat = MM + ":nightmare+blitz+iron_will"
    g = Game.new(("eyrie", seat, "vagabond"), seed=3, random_seating=True)
    assert sorted(g.seats) == sorted(("eyrie", seat, "vagabond"))
    assert [s.replace(seat, "marquise") for s in g.seats] == list(g.factions)  # seating order, as drawn
    assert g.bots == ("marquise",)
    assert g.to_dict()["bots"] == {"marquise": {
        "seat": seat, "bot": "mechanical_marquise", "title": "Mechanical Marquise", "level": "nightmare",
        "traits": ["blitz", "iron_will"], "order_card": None}}
    # from a state alone (no options): the label the state holds, traits in the table's order
    g2 = Game.from_state(Game.new(("eyrie", MM + ":normal+iron_will+blitz"), seed=1).state)
    assert g2.seats == ("eyrie", "bot:mechanical_marquise+blitz+iron_will")
    plain = Game.new(("marquise", "eyrie"), seed=1)
    assert plain.seats == plain.factions and plain.bots == () and "bots" not in plain.to_dict()
    assert plain.bot_events() == []


def test_describe_of_a_decision_is_unchanged_by_a_bot_seat():
    g = Game.new((MM, "eyrie", "vagabond"), seed=2)
    for a in g.legal_actions():
        assert not g.describe(int(a)).startswith("Mechanical")


def test_records_store_and_replay_bot_seats_exactly(tmp_path):
    seat = MM + ":challenging+fortified+hospitals"
    rng = np.random.default_rng(3)
    g = Game.new(("eyrie", seat, "vagabond"), seed=9, random_seating=True, max_turns=30)
    while not g.is_over:
        g.apply(int(rng.choice(g.legal_actions())))
        if int(g.state[ACTIVE]) == MARQUISE:
            break  # stop inside her turn: the replayed game reads the same log
    rec = g.to_record()
    assert rec["options"]["factions"] == ["eyrie", seat, "vagabond"]
    back = Game.from_record(json.loads(json.dumps(rec)))
    assert back.state.tobytes() == g.state.tobytes()
    assert back.seats == g.seats and back.bots == g.bots and back.bot_events() == g.bot_events()
    path = g.save(tmp_path / "bot.json")
    assert Game.load(path).to_dict() == g.to_dict()
    # another difficulty replays to another game: refused, not silently accepted
    forged = json.loads(json.dumps(rec))
    forged["options"]["factions"][1] = MM + ":easy+fortified+hospitals"
    with pytest.raises(RecordError):
        Game.from_record(forged)
    forged["options"]["factions"][1] = "bot:mechanical_mouse"
    with pytest.raises(RecordError, match="unknown Clockwork bot"):
        Game.from_record(forged)


def test_a_sentence_names_numbers_the_board_shows():
    """A recruit, build or move sentence says what the board shows changed by the bot's turn (a turn without
    battles)."""
    g = run(MM, VISIT, _recruit_board)
    text = "\n".join(g.bot_events())
    placed = {int(c): int(n) for n, c in re.findall(r"recruits (\d+) warriors? in clearing (\d+)", text)}
    assert placed == {3: 2, 4: 1, 10: 1}
    assert [warriors(g, "marquise", n) for n in (3, 4, 10)] == [1 + 2, 1 + 1, 1 + 1]
    assert int(g.state[BUILDINGS + 1 * 12 + 2]) == 1 and "builds a workshop in clearing 3 " in text


# ------------------------------------------------------------------ the game log and the replay viewer
def _random_bot_game(seat=MM + ":challenging+blitz", seed=3, max_turns=12):
    """A whole game of random agents against the bot, with the sentences Game.bot_events gave along the way."""
    rng = np.random.default_rng(seed)
    g = Game.new((seat, "eyrie", "vagabond"), seed=seed, max_turns=max_turns)
    said = list(g.bot_events())
    while not g.is_over:
        g.apply(int(rng.choice(g.legal_actions())))
        said += g.bot_events()
    return g, said


def test_log_prints_the_bot_sentences_in_order_under_its_turn_headings():
    from root_env.gamelog import game_log
    g, said = _random_bot_game()
    lines = game_log(g.to_record())
    logged = [x.strip() for x in lines if x.strip().startswith("Mechanical Marquise")]
    assert logged == said and len(said) > 30
    where = None
    for x in lines:
        if x.startswith("== "):
            where = x
        elif " reveals the order card " in x:
            assert re.fullmatch(r"== Turn \d+ — marquise \(Mechanical Marquise\) — birdsong ==", where), where
        elif re.search(r"Mechanical Marquise (recruits|builds|moves)", x):
            assert re.fullmatch(r"== Turn \d+ — marquise \(Mechanical Marquise\) — daylight ==", where), where
        elif "Mechanical Marquise scores" in x:
            assert re.fullmatch(r"== Turn \d+ — marquise \(Mechanical Marquise\) — evening ==", where), where
    assert lines[0] == "== Setup — marquise (Mechanical Marquise) ==" and "sets up (seed 004)" in lines[1]
    assert not any("location" in x for x in lines)  # the order card's place is named


def test_replay_viewer_frames_of_a_bot_game():
    from root_env.replay import frames
    g, said = _random_bot_game(max_turns=4)
    d = frames(g.to_record())
    first = [d["lines"][i] for i in d["frames"]["log"][0]]
    assert first[0].startswith("Start of the game: bot:mechanical_marquise:challenging+blitz, eyrie, vagabond")
    assert any("sets up (seed 004)" in x for x in first)
    every = [d["lines"][i].strip() for frame in d["frames"]["log"] for i in frame]
    assert [x for x in every if x.startswith("Mechanical Marquise")] == said


def test_the_batch_kernel_reports_a_bot_seats_vp_by_its_faction():
    """engine.batch takes seat codes (a bot's carries its level and traits): a bot seat's final VP is its faction's."""
    from root_env.engine.batch import Batch
    from root_env.inputs import faction_ids
    from root_env.layout import VP
    b = Batch(4, faction_ids(("bot:mechanical_marquise:nightmare+blitz", "eyrie")), parallel=False)
    b.playout(seed=3)
    assert (b.final_vp[:, 0] == b.states[:, VP + 0]).all() and (b.final_vp[:, 1] == b.states[:, VP + 1]).all()
    assert (b.final_vp[:, 0] >= 30).any()  # the bot wins some against random play
