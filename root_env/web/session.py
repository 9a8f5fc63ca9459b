"""One web game: the ``Game``, who plays each seat, the log and VP history, undo, and the thread that plays the
agents' decisions.

Concurrency: every change happens under the session's lock and bumps ``version``; a request that changes the
game names the version its page showed, and a stale one (another tab, or the agents moved meanwhile) is refused
(HTTP 409) without changing anything. An agent thinks on a copy of the game outside the lock (other requests
are served meanwhile) and its choice is applied only if the game is still at the version it thought about.

Undo (``undo``): a seat played by a person may take back its own decisions while nothing hidden has come out
since. After each human decision the session checks whether that decision changed anything its decider could
not see before (``revealed``): the random generator (dice, shuffles, a random card taken), the deck or the
quest deck, where a card hidden from the decider lies, who knows which card, the items under the ruins or who
has seen them, a plot turned face up or ruled out by Exposure; or whether a Clockwork bot acted during it. If
nothing did, the position before it goes on the undo stack; otherwise, and whenever anyone else decides
(an agent or another person), the stack is emptied. Undo pops the stack back to the position before that
decision. This is conservative: a decision that reveals nothing new but follows an agent's move cannot be
taken back, and a decision that could have revealed something is never undone."""
from __future__ import annotations

import itertools
import threading
import time

import numpy as np

from ..game import Game
from ..gamelog import LogWriter
from ..hidden import hidden_cards
from ..layout import (RNG, DECK_N, QUEST_DECK_N, CARD_KNOWN, CARD_LOC, RUIN_ITEM, RUIN_SEEN, CV_FACE_UP,
                      CV_EXCLUDED, region)
from ..records import replay_states, RecordError, RECORD_FORMAT
from .seats import HUMAN, BOT, WebError, make_agent

# The regions of the state whose change means something hidden came out (or may have).
_SECRET_REGIONS = [region(n) for n in ("RNG", "DECK_N", "QUEST_DECK_N", "CARD_KNOWN", "RUIN_ITEM", "RUIN_SEEN",
                                       "CV_FACE_UP", "CV_EXCLUDED")]
MAX_DELAY = 10.0
_ids = itertools.count(1)


def revealed(before: np.ndarray, after: np.ndarray, hidden: np.ndarray) -> bool:
    """Whether going from state `before` to `after` may have shown anyone something hidden: a change in any of
    the secret regions, or a move of one of the `hidden` cards (those the decider could not see)."""
    for lo, hi in _SECRET_REGIONS:
        if not np.array_equal(before[lo:hi], after[lo:hi]):
            return True
    locs = CARD_LOC + hidden
    return bool((before[locs] != after[locs]).any())


class GameSession:
    """A game being played in the browser (see the module doc). `players`: {faction: "human", "bot" or an
    agent spec}; `delay`: seconds between two agents' decisions (spectators watch at this speed)."""

    def __init__(self, game: Game, players: dict[str, str], delay: float = 0.3, seed: int = 0):
        if getattr(game, "_actions", None) is None:
            raise WebError("a web game needs a replayable game (a record), not a snapshot")
        self.gid = f"g{next(_ids)}"
        self.lock = threading.Condition(threading.RLock())
        self.game = game
        self.players = dict(players)
        self.delay = check_delay(delay)
        self.seed = int(seed)
        self.version = 0
        self.paused = False
        self.thinking: str | None = None
        self.error: str | None = None
        self.resigned: str | None = None
        self.closed = False
        self._agents: dict = {}
        self._undo: list[tuple[str, Game, dict, int]] = []
        self._rebuild()
        for f, who in self.players.items():
            if who not in (HUMAN, BOT):
                self._agent(f)  # a bad spec is refused now, before the game starts
        self._thread = threading.Thread(target=self._work, name=f"root-web-{self.gid}", daemon=True)
        self._thread.start()

    # ------------------------------------------------------------------ state
    @property
    def over(self) -> bool:
        return self.game.is_over or self.resigned is not None

    def humans(self) -> list[str]:
        return [f for f in self.game.factions if self.players.get(f) == HUMAN]

    def _viewers(self) -> list:
        return [None] + self.humans()

    def _rebuild(self) -> None:
        """The log of every viewer and the VP history, replayed from the game's record."""
        record = self.game.to_record()
        self._logs = {v: LogWriter(viewer=v) for v in self._viewers()}
        first = None
        vp = []
        for pos, a in replay_states(record):
            if first is None:
                first = pos.state.copy()
                vp.append(self._vp_of(pos.state))
            for w in self._logs.values():
                w.entry(pos.state.copy(), a)
            Game._wrap(pos.state).apply(a)
            vp.append(self._vp_of(pos.state))
        self.vp_history = vp or [self._vp_of(self.game.state)]

    def _vp_of(self, state) -> list[int]:
        g = Game._wrap(state)
        return [int(v) for v in g.vp.values()]

    def result(self) -> dict | None:
        if not self.over:
            return None
        g = self.game
        return {"winners": g.winners, "truncated": g.truncated, "resigned": self.resigned, "vp": g.vp,
                "turn": g.turn}

    def log_lines(self, viewer: str | None) -> list[str]:
        return (self._logs.get(viewer) or self._logs[None]).lines(self.game.state)

    def can_undo(self, seat: str | None) -> bool:
        return bool(self._undo) and self._undo[-1][0] == seat and not self.over

    # ------------------------------------------------------------------ changes (the lock held)
    def _check(self, version) -> None:
        if isinstance(version, bool) or not isinstance(version, int):
            raise WebError(f"version must be the integer the page was drawn at, got {version!r}")
        if version != self.version:
            raise WebError(f"the game has moved on since this page was drawn (version {self.version}, the page's "
                           f"{version}): reload it", status=409)

    def _human(self, seat) -> str:
        if seat not in self.game.factions:
            raise WebError(f"seat must be a faction in this game ({', '.join(self.game.factions)}), got {seat!r}")
        if self.players.get(seat) != HUMAN:
            raise WebError(f"{seat} is played by {self.players.get(seat)}, not by a person at this page")
        return seat

    def _apply(self, a: int, seat: str | None) -> None:
        """Apply `a` (legal) for the decider; `seat` is the person who chose it (None: an agent)."""
        g = self.game
        before = g.state.copy()
        hidden = hidden_cards(g, g.current_player)
        snapshot = (g.copy(), {v: (len(w.entries), w.last, w.before_first) for v, w in self._logs.items()},
                    len(self.vp_history))
        for w in self._logs.values():
            w.entry(g.state.copy(), a)
        g.apply(a)
        self.vp_history.append([int(v) for v in g.vp.values()])
        if seat is None or revealed(before, g.state, hidden) or g.bot_events():
            self._undo.clear()
        else:
            if self._undo and self._undo[-1][0] != seat:
                self._undo.clear()
            self._undo.append((seat,) + snapshot)
        self.version += 1
        self.lock.notify_all()

    def decide(self, seat, version, action) -> None:
        with self.lock:
            self._check(version)
            self._human(seat)
            if self.over:
                raise WebError("the game is over")
            if self.game.current_player != seat:
                raise WebError(f"it is {self.game.current_player}'s decision, not {seat}'s")
            if isinstance(action, bool) or not isinstance(action, int):
                raise WebError(f"action must be an integer, got {action!r}")
            legal = [int(x) for x in self.game.legal_actions()]
            if action not in legal:
                raise WebError(f"action {action} is not one of the options of the pending decision "
                               f"({self.game.decision}): {', '.join(map(str, legal))}")
            self._apply(action, seat)

    def undo(self, seat, version) -> None:
        with self.lock:
            self._check(version)
            self._human(seat)
            if not self.can_undo(seat):
                raise WebError(f"nothing to undo for {seat}: undo takes back your own decisions while nothing "
                               "hidden has come out and no one else has decided since")
            _, game, logs, n_vp = self._undo.pop()
            self.game = game
            for v, (n, last, before_first) in logs.items():
                w = self._logs[v]
                del w.entries[n:]
                w.last, w.before_first = last, before_first
            del self.vp_history[n_vp:]
            self.version += 1
            self.lock.notify_all()

    def resign(self, seat, version) -> None:
        with self.lock:
            self._check(version)
            self._human(seat)
            if self.over:
                raise WebError("the game is over")
            self.resigned = seat
            self._undo.clear()
            self.version += 1
            self.lock.notify_all()

    def set_player(self, seat, version, player) -> None:
        """Take over `seat` (player "human"), or let an agent play it (player an agent spec): a spectator
        joins, or a person lets an agent finish the game for it."""
        with self.lock:
            self._check(version)
            if seat not in self.game.factions:
                raise WebError(f"seat must be a faction in this game ({', '.join(self.game.factions)}), got {seat!r}")
            if self.players[seat] == BOT or player == BOT:
                raise WebError(f"{seat}: a Clockwork bot's seat stays the bot's (the engine plays it)")
            if not isinstance(player, str) or not player or len(player) > 300:
                raise WebError(f"player must be 'human' or an agent spec, got {player!r}")
            if player != HUMAN:
                self._agents.pop(seat, None)
                self._agent(seat, player)
            self.players[seat] = player
            self._undo.clear()
            if player == HUMAN and seat not in self._logs:
                self._rebuild()
            self.version += 1
            self.lock.notify_all()

    def load(self, record, version) -> None:
        """Replace the game by a saved record of the same seats (``Game.to_record``); a bad record is refused
        (WebError) and changes nothing."""
        game = load_record(record)
        with self.lock:
            self._check(version)
            if game.seats != self.game.seats:
                raise WebError(f"that record seats {', '.join(game.seats)}, this game {', '.join(self.game.seats)}: "
                               "start it from the new-game page instead")
            old = (self.game, self._logs, self.vp_history)
            self.game = game
            try:
                self._rebuild()
            except Exception:
                self.game, self._logs, self.vp_history = old
                raise
            self._undo.clear()
            self.resigned = None
            self.error = None
            self.version += 1
            self.lock.notify_all()

    def control(self, paused=None, delay=None) -> None:
        """Pause or run the agents, or change their pace (seconds between two agents' decisions)."""
        with self.lock:
            if paused is not None:
                if not isinstance(paused, bool):
                    raise WebError(f"paused must be true or false, got {paused!r}")
                self.paused = paused
                if not paused:
                    self.error = None
            if delay is not None:
                self.delay = check_delay(delay)
            self.lock.notify_all()

    def close(self) -> None:
        with self.lock:
            self.closed = True
            self.lock.notify_all()

    # ------------------------------------------------------------------ the agents
    def _agent(self, f: str, spec: str | None = None):
        if f not in self._agents:
            spec = spec or self.players[f]
            try:
                self._agents[f] = make_agent(spec, f, self.seed + 7919 * (self.game.factions.index(f) + 1)
                                             + len(self.game._actions))
            except WebError:
                raise
            except (ValueError, ImportError, OSError) as e:
                raise WebError(f"{f}: agent {spec!r}: {e}") from None
        return self._agents[f]

    def _agents_due(self) -> bool:
        if self.over or self.paused or self.closed:
            return False
        f = self.game.current_player
        return f is not None and self.players.get(f) not in (HUMAN, BOT, None)

    def _work(self) -> None:
        while True:
            with self.lock:
                while not self._agents_due():
                    if self.closed:
                        return
                    self.lock.wait(timeout=1.0)
                version, game, f = self.version, self.game.copy(), self.game.current_player
                try:
                    agent = self._agent(f)
                except WebError as e:  # cannot happen for a spec checked when it was given; said, never fatal
                    self.error, self.paused = str(e), True
                    self.version += 1
                    continue
                self.thinking = f
                delay = self.delay
            start = time.monotonic()
            try:
                a = int(agent(game))  # outside the lock: the page is served meanwhile
                error = None
            except Exception as e:  # noqa: BLE001 - an agent's failure is shown on the page, the server goes on
                a, error = None, f"{f}'s agent ({self.players.get(f)}) failed: {type(e).__name__}: {e}"
            with self.lock:
                wait = delay - (time.monotonic() - start)
                while wait > 0 and self.version == version and not self.closed:
                    self.lock.wait(timeout=wait)  # the pace; a change meanwhile cuts it short
                    wait = delay - (time.monotonic() - start)
                self.thinking = None
                if self.version != version or self.closed or self.paused:
                    continue  # the game changed (or was paused) while the agent thought: think again later
                if error is not None:
                    self.error, self.paused = error, True
                elif a not in [int(x) for x in self.game.legal_actions()]:
                    self.error, self.paused = f"{f}'s agent chose {a}, not a legal option: paused", True
                else:
                    self._apply(a, None)
                    continue
                self.version += 1
                self.lock.notify_all()


def check_delay(delay) -> float:
    if isinstance(delay, bool) or not isinstance(delay, (int, float)) or not 0 <= delay <= MAX_DELAY:
        raise WebError(f"delay must be a number of seconds from 0 to {MAX_DELAY:g}, got {delay!r}")
    return float(delay)


def load_record(record) -> Game:
    """A game from a record sent by the page (a dict), refused with a WebError naming the problem."""
    if not isinstance(record, dict):
        raise WebError("the saved game must be a JSON object (a record written by Save)")
    if record.get("format") != RECORD_FORMAT:
        raise WebError(f"a saved game must be a replayable record (format {RECORD_FORMAT!r}), got format "
                       f"{str(record.get('format'))[:60]!r}")
    try:
        return Game.from_dict(record, "saved game")
    except (RecordError, ValueError, TypeError, KeyError) as e:
        raise WebError(str(e)) from None
