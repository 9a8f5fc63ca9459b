"""The HTTP server of ``python -m root_env.web``: the standard library's ThreadingHTTPServer, the pages and
scripts served from the package (root_env/web/static), and a small JSON API.

    GET  /                                the new-game page (and loading a saved game)
    GET  /play/<gid>                      a game's page
    GET  /api/meta                        factions, bots, agent examples, options, the map's geometry
    POST /api/new                         {"seats": [...], "seed": int|null, "options": {...}, "delay": s} -> {"gid"}
    POST /api/load                        {"record": {...}, "players": {faction: "human"|spec}, "delay": s} -> {"gid"}
    GET  /api/game/<gid>?seat=<faction>   the game as that seat knows it (no seat: as a spectator); with
                                          &since=<version>, a short answer if nothing was decided since
    GET  /api/game/<gid>/record           the record (Game.to_record), to save
    POST /api/game/<gid>/decide           {"seat", "version", "action"}
    POST /api/game/<gid>/undo             {"seat", "version"}
    POST /api/game/<gid>/resign           {"seat", "version"}
    POST /api/game/<gid>/player           {"seat", "version", "player": "human"|spec}  take over / let an agent play
    POST /api/game/<gid>/load             {"version", "record"}  the same seats, from a saved record
    POST /api/game/<gid>/control          {"paused": bool, "delay": s}  the agents' pace

A bad request is answered 400 with {"error": message} and changes nothing; an unknown game 404; a change made
on a page drawn at an older version 409."""
from __future__ import annotations

import json
import re
import threading
from collections import OrderedDict
from http import HTTPStatus
from http.server import ThreadingHTTPServer, BaseHTTPRequestHandler
from importlib import resources
from urllib.parse import urlsplit, parse_qs

from ..data import ENGINE_FACTIONS, BOT_LEVEL_NAMES, IMPLEMENTED_CHARACTERS
from ..errors import RootError
from ..game import Game
from ..inputs import LIZARD_DRAW_BONUS, BOT_RULES, BOT_OPTIONS
from ..picture import faction_color, faction_title
from .seats import WebError, parse_seats, AGENT_EXAMPLES, BOTS, HUMAN, BOT
from .session import GameSession, load_record, check_delay
from .views import view, geometry
from ..map_data import PLAYABLE_MAPS

MAX_BODY = 32 << 20  # a saved record of a long game is a few hundred KB
MAX_GAMES = 32  # the oldest game is dropped beyond this
STATIC = {"/": ("index.html", "text/html"), "/static/app.css": ("app.css", "text/css"),
          "/static/new.js": ("new.js", "text/javascript"), "/static/game.js": ("game.js", "text/javascript")}
GAME_PAGE = ("game.html", "text/html")
OPTION_KEYS = ("max_turns", "random_seating", "auto_forced", "lizard_draw_bonus", "cooperative", "bot_rules",
               "bot_options", "vagabond_characters", "setup", "map")
# Each POST on a game: the session's method and the body's fields, in the method's argument order.
POST_ACTIONS = {"/decide": ("decide", ("seat", "version", "action")), "/undo": ("undo", ("seat", "version")),
                "/resign": ("resign", ("seat", "version")), "/player": ("set_player", ("seat", "version", "player")),
                "/load": ("load", ("record", "version")), "/control": ("control", ("paused", "delay"))}
_GAME_URL = re.compile(r"^/api/game/(g\d{1,9})(/[a-z]+)?$")
_PLAY_URL = re.compile(r"^/play/g\d{1,9}$")


def static_file(name: str) -> bytes:
    return resources.files("root_env.web").joinpath("static", name).read_bytes()


def meta() -> dict:
    """What the new-game page offers (``pretrained``: whether a policy is shipped for the faction, played as the
    agent ``pretrained:FACTION``, agents.pretrained)."""
    from agents.pretrained import shipped
    policies = shipped()
    return {"factions": [{"faction": f, "title": faction_title(f), "color": faction_color(f),
                          "bot": BOTS[f][0] if f in BOTS else None, "traits": list(BOTS[f][1]) if f in BOTS else [],
                          "pretrained": f in policies}
                         for f in ENGINE_FACTIONS],
            "levels": list(BOT_LEVEL_NAMES), "agents": list(AGENT_EXAMPLES), "characters": list(IMPLEMENTED_CHARACTERS),
            "lizard_draw_bonus": list(LIZARD_DRAW_BONUS), "bot_rules": list(BOT_RULES), "maps": list(PLAYABLE_MAPS),
            "bot_options": {k: list(v) for k, v in BOT_OPTIONS.items()}, "geometry": geometry()}


class Games:
    """The games this server holds, by id (at most MAX_GAMES: the oldest is closed and dropped)."""

    def __init__(self):
        self._lock = threading.Lock()
        self._games: OrderedDict[str, GameSession] = OrderedDict()

    def add(self, s: GameSession) -> GameSession:
        with self._lock:
            self._games[s.gid] = s
            while len(self._games) > MAX_GAMES:
                _, old = self._games.popitem(last=False)
                old.close()
        return s

    def get(self, gid: str) -> GameSession:
        with self._lock:
            s = self._games.get(gid)
        if s is None:
            raise WebError(f"no game {gid} on this server (it was closed, or the server restarted)", status=404)
        return s

    def close(self) -> None:
        with self._lock:
            for s in self._games.values():
                s.close()


def new_game(body: dict) -> GameSession:
    _fields(body, ("seats", "seed", "options", "delay"), "new game")
    seats, players = parse_seats(body.get("seats"))
    opts = body.get("options") or {}
    if not isinstance(opts, dict):
        raise WebError(f"options must be an object, got {opts!r}"[:200])
    _fields(opts, OPTION_KEYS, "options")
    seed = body.get("seed")
    try:
        game = Game.new(seats, seed=seed, **opts)
    except RootError as e:
        raise WebError(str(e)) from None
    seed = game.to_record()["options"]["seed"]
    return GameSession(game, players, check_delay(body.get("delay", 0.3)), seed=seed)


def load_game(body: dict) -> GameSession:
    _fields(body, ("record", "players", "delay"), "load")
    game = load_record(body.get("record"))
    players = body.get("players")
    if not isinstance(players, dict):
        raise WebError("players must be an object {faction: 'human' or an agent spec} for the saved game's factions")
    out = {}
    for f in game.factions:
        if f in game.bots:
            out[f] = BOT
            continue
        who = players.get(f, "heuristic")
        if not isinstance(who, str) or not who or who == BOT:
            raise WebError(f"{f}: player must be 'human' or an agent spec, got {who!r}"[:200])
        out[f] = who
    extra = set(players) - set(game.factions)
    if extra:
        raise WebError(f"players names factions not in the saved game: {', '.join(sorted(map(str, extra)))}")
    seed = game.to_record()["options"]["seed"]
    return GameSession(game, out, check_delay(body.get("delay", 0.3)), seed=seed)


def _fields(d: dict, known: tuple, what: str) -> None:
    unknown = set(d) - set(known)
    if unknown:
        raise WebError(f"{what}: unknown field(s) {', '.join(sorted(map(str, unknown)))}; fields: {', '.join(known)}")


class Handler(BaseHTTPRequestHandler):
    server_version = "root_env.web"
    games: Games  # set by make_server

    def log_message(self, fmt, *args):  # quiet: the terminal shows the address, not every poll
        pass

    # ------------------------------------------------------------------ replies
    def _send(self, status: int, body: bytes, ctype: str, extra=()) -> None:
        try:
            self.send_response(status)
            self.send_header("Content-Type", ctype + ("; charset=utf-8" if ctype.startswith("text") or
                                                      ctype == "application/json" else ""))
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Cache-Control", "no-store")
            self.send_header("X-Content-Type-Options", "nosniff")
            for k, v in extra:
                self.send_header(k, v)
            self.end_headers()
            if self.command != "HEAD":
                self.wfile.write(body)
        except (BrokenPipeError, ConnectionResetError, ConnectionAbortedError):
            pass  # the tab was closed: nothing to tell it

    def _json(self, obj, status: int = 200, extra=()) -> None:
        self._send(status, json.dumps(obj, separators=(",", ":")).encode(), "application/json", extra)

    def _error(self, status: int, message: str) -> None:
        self._json({"error": message}, status)

    def _body(self) -> dict:
        n = self.headers.get("Content-Length")
        if n is None or not n.isdigit():
            raise WebError("a request body needs a Content-Length")
        n = int(n)
        if n > MAX_BODY:
            raise WebError(f"the request body is {n} bytes; at most {MAX_BODY} are read")
        raw = self.rfile.read(n)
        try:
            d = json.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError, RecursionError) as e:
            raise WebError(f"the request body is not JSON: {e}"[:300]) from None
        if not isinstance(d, dict):
            raise WebError("the request body must be a JSON object")
        return d

    # ------------------------------------------------------------------ routes
    def do_HEAD(self):
        self.do_GET()

    def do_GET(self):
        self._route("GET")

    def do_POST(self):
        self._route("POST")

    def _route(self, method: str) -> None:
        try:
            url = urlsplit(self.path)
            self._dispatch(method, url.path, parse_qs(url.query))
        except WebError as e:
            self._error(e.status, str(e))
        except RootError as e:
            self._error(400, str(e))
        except Exception as e:  # noqa: BLE001 - a bug answers 500 and the server goes on
            self._error(500, f"internal error: {type(e).__name__}: {e}")

    def _dispatch(self, method: str, path: str, query: dict) -> None:
        if method == "GET" and path == "/favicon.ico":
            return self._send(204, b"", "image/x-icon")
        if method == "GET" and path in STATIC:
            name, ctype = STATIC[path]
            return self._send(200, static_file(name), ctype)
        if method == "GET" and _PLAY_URL.match(path):
            self.games.get(path.rsplit("/", 1)[1])  # 404 for an unknown game
            return self._send(200, static_file(GAME_PAGE[0]), GAME_PAGE[1])
        if path == "/api/meta" and method == "GET":
            return self._json(meta())
        if path == "/api/new" and method == "POST":
            return self._json({"gid": self.games.add(new_game(self._body())).gid})
        if path == "/api/load" and method == "POST":
            return self._json({"gid": self.games.add(load_game(self._body())).gid})
        m = _GAME_URL.match(path)
        if not m:
            raise WebError(f"no such page: {method} {path[:100]}", status=404)
        s, action = self.games.get(m.group(1)), m.group(2) or ""
        if method == "GET" and action == "":
            seat = query.get("seat", [None])[0] or None
            with s.lock:
                if seat is not None and seat not in s.game.factions:
                    raise WebError(f"seat must be a faction in this game ({', '.join(s.game.factions)}), got {seat!r}")
                if seat is not None and s.players.get(seat) != HUMAN:
                    raise WebError(f"{seat} is not played at this page: its view is its player's secret; "
                                   "watch as a spectator (no seat)")
                since = query.get("since", [""])[0]
                if since.isdigit() and int(since) == s.version:  # nothing decided since the page's last view
                    return self._json({"unchanged": True, "version": s.version, "thinking": s.thinking,
                                       "paused": s.paused, "delay": s.delay, "error": s.error})
                return self._json(view(s, seat))
        if method == "GET" and action == "/record":
            with s.lock:
                rec = s.game.to_record()
            return self._json(rec, extra=[("Content-Disposition", f'attachment; filename="root_{s.gid}.json"')])
        if method != "POST":
            raise WebError(f"no such page: {method} {path[:100]}", status=404)
        body = self._body()
        if action not in POST_ACTIONS:
            raise WebError(f"no such page: {method} {path[:100]}", status=404)
        name, fields = POST_ACTIONS[action]
        _fields(body, fields, action[1:])
        getattr(s, name)(*(body.get(k) for k in fields))
        with s.lock:
            return self._json({"ok": True, "version": s.version})


def make_server(host: str = "127.0.0.1", port: int = 8000) -> ThreadingHTTPServer:
    """A server (not yet serving: call ``serve_forever``) with its own set of games."""
    handler = type("RootHandler", (Handler,), {"games": Games()})
    srv = ThreadingHTTPServer((host, port), handler)
    srv.daemon_threads = True
    return srv
