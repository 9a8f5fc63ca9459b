"""What the page of a web game receives: everything is built from one seat's ``information_view`` (or, for a
spectator, from the public position), never from the whole state, so that no hidden card, face-down plot type or
unseen ruin item reaches the browser."""
from __future__ import annotations

from ..data import NCARD, NC
from ..map_data import MAP_NFOREST
from ..hidden import information_view
from ..layout import CARD_LOC, LOC_HAND
from ..names import card_label
from ..picture import (map_of, open_paths, game_suits, static_layer, svg_elements, status_line, faction_color, player_title, clearing_xy,
                       forest_center, R_CLEARING, MAP_W, HEIGHT)
from ..play import option_text
from .targets import option_targets, pieces_svg, board_rows, boards_with_targets

BOARD_SCALE = 1.1  # the faction boards' text, drawn larger than in the picture (readable at 1400x900)
LOG_LINES = 400  # the log's last lines sent with each view


def public_view(game) -> dict:
    """What everyone at the table knows, shaped like ``information_view``: hands by size (the Riverfolk's
    public hand named, Law 11.2.3), the Alliance's supporters by number, face-down plots without their type
    (seed 003 13.2.2.I), the items under the ruins hidden."""
    from ..names import hide_plots
    d = hide_plots(game.to_dict(), None)
    d["viewer"] = None
    d["hands"] = {f: {"size": len(cards), "known_cards": list(cards) if f == "riverfolk" else []}
                  for f, cards in d["hands"].items()}
    if "alliance" in d:
        sup = d["alliance"].pop("supporters")
        d["alliance"]["supporters_count"] = len(sup)
        d["alliance"]["known_supporters"] = []
    d["ruin_items"] = {k: ["hidden"] * len(v) for k, v in d["ruin_items"].items()}
    d.pop("legal_actions", None)
    return d


def seen(game, viewer: str | None) -> dict:
    """The knowledge of `viewer` (None: a spectator) as a JSON-ready dict, without the pending options."""
    d = public_view(game) if viewer is None else information_view(game, viewer)
    d.pop("legal_actions", None)
    # the names of the cards the viewer has not seen (public: the deck's make-up) are left out, so that no
    # card hidden from the viewer is named anywhere in what its page receives
    d.pop("unseen_cards", None)
    return d


def picture_dict(info: dict) -> dict:
    """An ``information_view`` (or ``public_view``) in the shape the picture draws (``Game.to_dict()``'s): each
    hand a list (a hidden card as "?"), the supporters a list of as many "?"."""
    d = dict(info)
    d["hands"] = {f: list(h.get("cards", [])) or (list(h.get("known_cards", [])) + ["?"] * (h["size"] - len(h.get("known_cards", []))))
                  for f, h in info["hands"].items()}
    if "alliance" in d:
        al = dict(d["alliance"])
        al["supporters"] = ["?"] * al.get("supporters_count", 0)
        d["alliance"] = al
    return d


def options(game, seat: str) -> list[dict]:
    """The pending decision's options as `seat` (the decider) reads them, each with the things on the page
    that choose it when clicked (``targets.option_targets``)."""
    return [{"action": int(a), "text": option_text(game, seat, int(a)), "targets": option_targets(game.state, int(a))}
            for a in game.legal_actions()]


def hand(game, seat: str) -> list[dict]:
    """`seat`'s own hand, each card with its id (for clicking it when an option names it)."""
    s = game.state
    f = game._faction_id(seat)
    return [{"card": c, "label": card_label(c)} for c in range(NCARD) if int(s[CARD_LOC + c]) == LOC_HAND + f]


def geometry(m: int = 0) -> dict:
    """Where the clearings and forests of map m (map_data's row; the Autumn map by default) are in the map's
    coordinates (for the click targets)."""
    return {"clearings": [[round(v, 1) for v in clearing_xy(c, m)] for c in range(NC)],
            "forests": [[round(v, 1) for v in forest_center(f, m)] for f in range(int(MAP_NFOREST[m]))],
            "r_clearing": R_CLEARING, "width": MAP_W, "height": HEIGHT}


def seat_list(game, players: dict) -> list[dict]:
    d = {"bots": {}}
    bots = game.to_dict().get("bots", {})  # public: name, difficulty, traits, order card
    d["bots"] = bots
    return [{"faction": f, "title": player_title(d, f), "color": faction_color(f), "player": players[f]}
            for f in game.factions]


def view(session, seat: str | None) -> dict:
    """The JSON a page for `seat` (None: a spectator) receives (``GameSession.view`` holds the lock)."""
    g = session.game
    info = seen(g, seat)
    pic = picture_dict(info)
    decider = g.current_player
    mine = seat is not None and decider == seat and session.players.get(seat) == "human" and not session.over
    opts = options(g, seat) if mine else []
    cards = {t["card"] for o in opts for t in o["targets"] if t.get("kind") == "card"}
    out = {
        "gid": session.gid, "version": session.version, "seat": seat,
        "seats": seat_list(g, session.players),
        "status": status_line(pic) if not session.resigned else f"Game over: {session.resigned} resigned",
        "turn": g.turn, "decider": None if session.over else decider, "decision": g.decision,
        "over": session.over, "result": session.result(),
        "thinking": session.thinking, "paused": session.paused, "delay": session.delay, "error": session.error,
        "map": svg_elements(static_layer(game_suits(g), map_of(g), open_paths(g))), "pieces": pieces_svg(pic),
        "map_name": g.map, "geometry": geometry(map_of(g)),  # the click targets of this game's map
        "boards": boards_with_targets(pic, BOARD_SCALE),
        "hand": hand(g, seat) if seat is not None else [],
        "board": board_rows(g, info, seat, cards) if seat is not None else [],
        "options": opts,
        "can_undo": session.can_undo(seat),
        "vp_history": session.vp_history,
        "log": session.log_lines(seat)[-LOG_LINES:],
        "info": info,
    }
    return out
