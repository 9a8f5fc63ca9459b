"""python -m root_env.web: serve the browser game (see root_env/web/__init__.py and docs/web.md)."""
from __future__ import annotations

import argparse
import sys

from .server import make_server


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m root_env.web",
                                description="Play Root in the browser against the agents and the Clockwork bots.")
    p.add_argument("--host", default="127.0.0.1",
                   help="the address to listen on (default 127.0.0.1: this machine only; 0.0.0.0 opens it to the network)")
    p.add_argument("--port", type=int, default=8000, help="the port (default 8000; 0: any free port)")
    args = p.parse_args(argv)
    try:
        srv = make_server(args.host, args.port)
    except (OSError, OverflowError) as e:  # in use, not allowed, or not a port number
        print(f"error: cannot listen on {args.host}:{args.port}: {e}", file=sys.stderr)
        return 2
    host, port = srv.server_address[:2]
    shown = "localhost" if host in ("127.0.0.1", "::1") else host
    print(f"Root in the browser: open http://{shown}:{port}/  (Ctrl-C stops the server)", flush=True)
    try:
        srv.serve_forever()
    except KeyboardInterrupt:
        print("stopped")
    finally:
        srv.RequestHandlerClass.games.close()
        srv.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
