"""Command line: export a recorded game as Rootlog, or import a Rootlog game.

    python -m root_env.rootlog export GAME.json [-o GAME.rootlog]
    python -m root_env.rootlog import GAME.rootlog [--html replay.html] [--allow-unimplemented]

``import`` prints the number of turn lines and actions read, then every disagreement with the rules
(line, action, reason, Law section, kind).  It exits 1 when the game cannot be imported (a file that is not a
regular file of at most 4 MiB, text beyond the reader's limits, a map, faction or bot it does not have).
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m root_env.rootlog", description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="command", required=True)
    ex = sub.add_parser("export", help="a game record (JSON, as written by Game.save) to Rootlog")
    ex.add_argument("game")
    ex.add_argument("-o", "--output", help="write here instead of standard output")
    im = sub.add_parser("import", help="read a Rootlog game and list its disagreements with the rules")
    im.add_argument("rootlog")
    im.add_argument("--html", help="also write a replay page of the imported positions here")
    im.add_argument("--allow-unimplemented", action="store_true",
                    help="track the pieces of factions the engine does not implement instead of refusing")
    args = ap.parse_args(argv)
    try:
        if args.command == "export":
            from ..records import read_file
            from .export import to_rootlog
            text = to_rootlog(read_file(args.game))
            if args.output:
                Path(args.output).write_text(text, encoding="utf-8")
            else:
                sys.stdout.write(text)
            return 0
        from .importer import from_rootlog
        from .reader import MAX_TEXT_CHARS, RootlogError
        from ..files import read_text
        # the project's one bounded reader: a regular file only (a pipe, a device, a folder are refused unopened)
        text = read_text(args.rootlog, MAX_TEXT_CHARS, RootlogError, "Rootlog file")
        game = from_rootlog(text, allow_unimplemented=args.allow_unimplemented)
        print(game.report())
        if args.html:
            from .view import to_html
            Path(args.html).write_text(to_html(game, title=Path(args.rootlog).name), encoding="utf-8")
        return 0
    except (OSError, ValueError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
