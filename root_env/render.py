"""Text rendering of a game position: what a Root player sees on the table.

    >>> from root_env import Game
    >>> from root_env.render import render_text
    >>> print(render_text(Game.new(seed=1)))

Only public information is shown (hand *sizes*, not contents; the Corvids' face-down plots without their
type), unless a ``viewer`` is given, whose own hand is then listed too (and, for the Corvids, the type of
each face-down plot, seed 003 13.2.2.I). With two Vagabonds (Law 9.8) both boards and both pawns are
listed, and the items under each ruin, "hidden" but those the viewer looked at (9.8.1). A Clockwork bot's
seat is said with its difficulty, traits and current order card.
"""
from __future__ import annotations

from collections import Counter

from .data import FACTION_NAMES, NC
from .map_data import (MAP_NAMES, MAP_RIVER_MASK, MAP_CLOSED_MASK, MAP_NFOREST, MAP_FOREST_CLEARINGS,
                       MAP_FOREST_ADJ, MAP_LAKE)
from .layout import MAP, ADJ_OPEN
from .engine.board import ruler as _ruler
from .names import plot_label
from .picture import as_seen, bot_words, relic_of, waystation_faces

SHORT = {"marquise": "MQ", "eyrie": "EY", "alliance": "WA", "vagabond": "VB", "vagabond2": "V2",
         "lizards": "LC", "riverfolk": "RF", "corvids": "CC", "keepers": "KI", "duchy": "UD"}


def short(faction: str | None) -> str:
    """Two-letter name of a faction ("-" for None)."""
    return "-" if faction is None else SHORT.get(faction, faction[:2].upper())


def _counted(names) -> list[str]:
    """["wood", "wood", "keep"] -> ["wood×2", "keep"] (first-seen order)."""
    return [n if k == 1 else f"{n}×{k}" for n, k in Counter(names).items()]


def piece_words(piece: str, faces: dict) -> str:
    """A building or token as the clearing rows name it: the Keepers' relics by type and value ("figure 2 relic",
    always face up in a clearing, Law 15.2.1) and waystations with the face up ("waystation figure/tablet, tablet
    up"; `faces`: ``waystation_faces``); any other piece by its name."""
    relic = relic_of(piece)
    if relic:
        return f"{relic[0]} {relic[1]} relic"
    if piece in faces:
        return f"waystation {'/'.join(piece.split('_')[1:])}, {faces[piece]} up"
    return piece


def render_text(game, viewer: str | None = None) -> str:
    """The position as compact text: a header, one line per clearing, then cards and faction boards.

    `viewer`, if given, is a faction whose hand is listed (everyone else's hand only by size); face-down
    plots show their type only to the Corvids."""
    if viewer is not None and viewer not in game.factions:
        raise ValueError(f"{viewer!r} is not a faction in this game ({', '.join(game.factions)})")
    d = as_seen(game, viewer)
    factions = d["factions"]
    vp = "  ".join(f"{short(f)} {d['vp'][f]}" for f in factions)
    if game.is_over:
        result = "GAME OVER: " + end_reason(d)
        head = f"Turn {d['turn']} | {result} | VP {vp}"
    else:
        head = (f"Turn {d['turn']}/{d['max_turns']} | {d['phase']} | active {d['active']} | "
                f"decide: {d['decision']} ({d['current_player']}) | VP {vp}")
    lines = [head]

    faces = waystation_faces(d)
    for c, cl in enumerate(d["clearings"]):
        war = " ".join(f"{short(f)} {n}" for f, n in cl["warriors"].items()) or "-"
        plot = cl.get("plot")
        tokens = [t for t in cl["tokens"] if plot is None or not t.startswith("plot")]
        stuff = ", ".join(_counted(piece_words(b, faces) for b in cl["buildings"])
                          + _counted(piece_words(t, faces) for t in tokens) + ([plot_label(plot)] if plot else [])) or "-"
        r = int(_ruler(game.state, c))
        rule = short(FACTION_NAMES[r]) if r >= 0 else "-"
        for v in cl.get("pawns", []):
            war = (war + f" +{short(v)} pawn") if war != "-" else f"{short(v)} pawn"
        lines.append(f"{cl['id']:>2} {cl['suit']:<6} | {war:<11} | {stuff:<40} | rule {rule}")

    hands = "  ".join(f"{short(f)} {len(d['hands'][f])}" for f in factions)
    tail = f"Hands: {hands} | deck {d['deck_size']} | discard {len(d['discard'])}"
    if d["available_dominance"]:
        tail += " | dominance available: " + ", ".join(d["available_dominance"])
    lines.append(tail)
    if viewer is not None:
        lines.append(f"Hand of {viewer}: " + (", ".join(d["hands"][viewer]) or "-"))
    for f, bot in d.get("bots", {}).items():
        lines.append(f"{short(f)} is the {bot['title']}: {bot_words(bot)}")
    for f in factions:
        extras = []
        if d["crafted"][f]:
            extras.append("crafted " + ", ".join(d["crafted"][f]))
        if d["crafted_items"][f]:
            extras.append("items " + ", ".join(f"{i}×{n}" if n > 1 else i for i, n in d["crafted_items"][f].items()))
        if f in d["dominance"]:
            extras.append(f"dominance {d['dominance'][f]}")
        if extras:
            lines.append(f"{short(f)}: " + "; ".join(extras))
    al = d.get("alliance")
    if al is not None:
        lines.append(f"Alliance: officers {al['officers']} | supporters {len(al['supporters'])}"
                     + (f" [{', '.join(al['supporters'])}]" if viewer == "alliance" else ""))
    two = VAGABONDS[1] in factions
    for v in VAGABONDS:
        if d.get(v) is not None:
            lines += vagabond_lines(d[v], VB_TITLES[v], two)
    if two and d.get("ruin_items"):
        lines.append("Under the ruins (Law 9.8.1): " + " | ".join(
            f"{k}: " + ", ".join(items) for k, items in d["ruin_items"].items()))
    lz = d.get("lizards")
    if lz is not None:
        lines.append(f"Lizard Cult: outcast {lz['outcast'] or '-'}{' (hated)' if lz['hated'] else ''} | "
                     f"acolytes {lz['acolytes']} | revealed {', '.join(lz['revealed']) or '-'} | "
                     f"lost souls {', '.join(d['lost_souls']) or '-'}")
    rf = d.get("riverfolk")
    if rf is not None:
        lines += riverfolk_lines(rf, d["hands"]["riverfolk"])
    cv = d.get("corvids")
    if cv is not None:
        lines.append(corvids_line(cv))
    hd = d.get("hundreds")
    if hd is not None:
        lines.append(hundreds_line(hd))
    kp = d.get("keepers")
    if kp is not None:
        lines += keepers_lines(kp)
    du = d.get("duchy")
    if du is not None:
        lines.append(duchy_line(du))
    ey = d.get("eyrie")
    if ey is not None:
        decree = "  ".join(f"{col}[{', '.join(cards)}]" for col, cards in ey["decree"].items())
        lines.append(f"Eyrie: leader {ey['leader'] or '-'} | Decree {decree}")
    return "\n".join(lines)


def keepers_lines(kp: dict) -> list[str]:
    """The Keepers in Iron's board and the relics in the forests (``Game.to_dict()["keepers"]``): face-down relics by
    type only (Law 15.2.1), the waystations' faces, the Retinue by column, the Relics spaces."""
    forests = " | ".join(f"{name}: " + ", ".join(f["face_up"] + [f"{t} (face down)" for t in f["face_down"]])
                         for name, f in kp["forests"].items())
    stations = ", ".join(f"{k} ({v['face_up']} up) in " + (f"clearing {v['clearing']}" if v["clearing"] else "supply")
                         for k, v in kp["waystations"].items())
    retinue = "  ".join(f"{col}[{', '.join(cards)}]" for col, cards in kp["retinue"].items())
    return [f"Keepers in Iron: recovered {', '.join(kp['recovered']) or '-'} | waystations {stations}",
            f"  Retinue {retinue}", f"  relics in forests: {forests or '-'}"]


VAGABONDS = ("vagabond", "vagabond2")
VB_TITLES = {"vagabond": "Vagabond", "vagabond2": "Second Vagabond"}


def vagabond_lines(vb: dict, title: str, two: bool = False) -> list[str]:
    """A Vagabond's board (``Game.to_dict()["vagabond"]`` or ``["vagabond2"]``): character, pawn, items,
    relationships, coalition and quests; with two Vagabonds (``two``, Law 9.8) the "R" items he took from
    the ruins (9.8.1) and the quests marked shared (9.8.3)."""
    items = "; ".join(f"{st}: " + ", ".join(f"{i}×{n}" if n > 1 else i for i, n in got.items())
                      for st, got in vb["items"].items()) or "-"
    rel = ", ".join(f"{short(f)} {r}" for f, r in vb["relationships"].items())
    held = f" | R items {', '.join(vb['ruin_items_held']) or '-'}" if two else ""
    return [f"{title}: {vb['character'] or '-'} at {vb['pawn'] or '-'} | items {items}{held}",
            f"  relationships {rel}" + (f" | coalition with {vb['coalition']}" if vb["coalition"] else "")
            + f" | quests{' (shared)' if two else ''} {', '.join(vb['quests'])} | done {len(vb['quests_done'])}"]


def _owners(box: dict) -> str:
    """{"marquise": 2, "riverfolk": 1} -> "MQ 2, RF 1" ("-" when empty)."""
    return ", ".join(f"{short(f)} {n}" for f, n in box.items()) or "-"


def riverfolk_lines(rf: dict, hand: list[str]) -> list[str]:
    """The Riverfolk Company's board (``Game.to_dict()["riverfolk"]``) and its public hand (Law 11.2.3)."""
    prices = ", ".join(f"{k} {p if p is not None else '-'}" for k, p in rf["prices"].items())
    posts = ", ".join(f"{s} {p['on_map']}/{p['on_track']}/{p['gone']}" for s, p in rf["trade_posts"].items())
    lines = [f"Riverfolk: funds {_owners(rf['funds'])} | payments {_owners(rf['payments'])} | "
             f"committed {_owners(rf['committed'])} | prices {prices}",
             f"  trade posts on map/track/gone: {posts} | public hand: {', '.join(hand) or '-'}"]
    extra = []
    if rf["services_bought"]:
        extra.append(f"{rf['services_buyer']} bought this turn: "
                     + ", ".join(f"{k}×{n}" if n > 1 else k for k, n in rf["services_bought"].items()))
    if rf["services_left"]:
        extra.append(f"services still to buy: {rf['services_left']}")
    if rf["disruption_owed"]:
        extra.append(f"funds owed to Trade Disruption: {rf['disruption_owed']}")
    if extra:
        lines.append("  " + " | ".join(extra))
    return lines


def corvids_line(cv: dict) -> str:
    """The Corvid Conspiracy's board (``Game.to_dict()["corvids"]``, perhaps with the plots hidden): the
    plots in the supply (by type for the Corvids), face up and face down on the map, this turn's counters."""
    by_type = cv.get("supply_by_type")
    supply = f"{cv['supply']}" + (" [" + ", ".join(f"{k} {n}" for k, n in by_type.items() if n) + "]"
                                  if by_type and cv["supply"] else "")
    turn = [f"plots placed {cv['plots_placed']}", f"actions left {cv['actions_left']}"]
    turn += [w for w, on in (("recruited", cv["recruited"]), ("exerted", cv["exerted"])) if on]
    out = (f"Corvids: plots in supply {supply} | on the map face up {cv['face_up']}, face down {cv['face_down']}"
           f" | this turn: {', '.join(turn)}")
    if cv["raids_pending"]:
        out += " | raid warriors to place: " + ", ".join(f"{k} {n}" for k, n in cv["raids_pending"].items())
    return out


def hundreds_line(hd: dict) -> str:
    """The Lord of the Hundreds' board (``Game.to_dict()["hundreds"]``): the mood (Law 14.4.4), where the warlord
    stands (14.2.2), the Hoard with the Command and Prowess it sets (14.2.4)."""
    where = f"in clearing {hd['warlord']}" if hd["warlord"] else "off the map"
    hoard = ", ".join(f"{i}×{n}" if n > 1 else i for i, n in hd["hoard"].items()) or "-"
    return (f"Lord of the Hundreds: mood {hd['mood']} | warlord {where} | Hoard {hoard} | "
            f"Command {hd['command']}, Prowess {hd['prowess']}")


def duchy_line(du: dict) -> str:
    """The Underground Duchy's board (``Game.to_dict()["duchy"]``): the Burrow's warriors (Law 12.2.2), ministers
    swayed (12.5.3.III), crowns left and lost to the Price of Failure (12.2.3), cards revealed this turn (12.6.1)."""
    lost = ", ".join(f"{r} {n}" for r, n in du["crowns_lost"].items() if n) or "-"
    return (f"Underground Duchy: Burrow {du['burrow']} | swayed {', '.join(du['swayed']) or '-'} | crowns "
            + ", ".join(f"{r} {n}" for r, n in du["crowns_on_board"].items()) + f" | crowns lost {lost} | "
            f"revealed {', '.join(du['revealed']) or '-'}")


def end_reason(d: dict) -> str:
    """Why the game ended, from Game.to_dict(): who won and how (30 VP, dominance, coalition), or the turn cap."""
    if d["truncated"] or not d["winners"]:
        return f"the turn cap ({d['max_turns']} turns) was reached: no winner"
    hows = []
    for w in d["winners"]:
        coalition = (d.get(w) or {}).get("coalition") if w in VAGABONDS else None
        if coalition is not None and coalition in d["winners"]:
            hows.append(f"{w} wins in coalition with {coalition} (Law 9.2.8)")
        elif w in d["dominance"]:
            hows.append(f"{w} wins by {d['dominance'][w]} dominance (Law 3.3)")
        else:
            hows.append(f"{w} wins with {d['vp'][w]} VP (30 needed, Law 3.1)")
    return "; ".join(hows)


def map_text(game=None) -> str:
    """The game's map as text (the Autumn map without a game): each clearing's paths, rivers (on the Lake map the
    lake, Law C.2.2) and forests, and each forest's clearings, so that moves and the Vagabond's forests can be chosen
    from the terminal."""
    m = 0 if game is None else int(game.state[MAP])
    adj = [int(game.state[ADJ_OPEN + c]) if game is not None else None for c in range(NC)]
    if game is None:
        from .map_data import MAP_ADJ_MASK
        adj = [int(MAP_ADJ_MASK[0, c]) for c in range(NC)]
    water = "lake" if MAP_LAKE[m].any() else "river"
    lines = [f"Map: {MAP_NAMES[m]} (Law Appendix C). Clearing -> paths to clearings | {water} to | forests around it"]
    nf = int(MAP_NFOREST[m])
    for c in range(NC):
        paths = ", ".join(str(b + 1) for b in range(NC) if (adj[c] >> b) & 1)
        closed = [str(b + 1) for b in range(NC) if (int(MAP_CLOSED_MASK[m, c]) >> b) & 1 and not (adj[c] >> b) & 1]
        if closed:
            paths += f" (closed: {', '.join(closed)})"
        river = ", ".join(str(b + 1) for b in range(NC) if (int(MAP_RIVER_MASK[m, c]) >> b) & 1) or "-"
        forests = ", ".join(f"F{f + 1}" for f in range(nf) if MAP_FOREST_CLEARINGS[m, f, c])
        lines.append(f"  {c + 1:>2} -> {paths:<12} | {water} {river:<6} | {forests}")
    for f in range(nf):
        cs = ", ".join(str(c + 1) for c in range(NC) if MAP_FOREST_CLEARINGS[m, f, c])
        near = ", ".join(f"F{o + 1}" for o in range(nf) if MAP_FOREST_ADJ[m, f, o])
        lines.append(f"  forest F{f + 1} (\"forest {f + 1}\"): between clearings {cs}; next to {near}")
    return "\n".join(lines)
