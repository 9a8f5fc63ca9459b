"""Play Root in the browser against the agents and the Clockwork bots (issue 42).

    python -m root_env.web [--port 8000] [--host 127.0.0.1]

starts a local server (loopback only unless ``--host`` says otherwise) and prints its address. Everything is
served from this package (no build step, no network). Modules: ``server`` (HTTP and the JSON API), ``session``
(one game: seats, lock and version, undo, the agents' thread), ``views`` (what a page receives, built from one
seat's ``information_view``), ``seats`` (who plays each seat). See docs/web.md."""
from .server import make_server
from .session import GameSession
from .seats import WebError

__all__ = ["make_server", "GameSession", "WebError"]
