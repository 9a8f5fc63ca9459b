"""Who wins where: seat effects and pairwise faction effects of a set of games (issue 36).

Both compare win rates of groups of games with Newcombe intervals (``stats.two_proportion_test``). Games whose
tables differ (``ladder --mix draw``) are what makes pairwise effects measurable: with every faction at every
table there is no game "without" a faction, and those cells are empty.

Records are results lines (``study``): ``seating`` (seat 1 first), ``winners``; truncated games and games
without a winner are left out by the caller.
"""
from __future__ import annotations

from root_env.balance import stats

# A cell of the pairwise matrix or a seat comparison with fewer games than this on either side is marked small:
# its interval is wide and a normal-approximation test is unreliable.
SMALL_CELL = 30
# The human analysis (report.HUMAN_REFERENCE_CITATION): seats 1 and 4 win more than seat 3.
HUMAN_SEAT_FINDING = "seats 1 and 4 win more than seat 3 (Root Digital League)"


def _compare(k_base, n_base, k_other, n_other) -> dict:
    """other minus base, with the Newcombe 95 % interval, the z-test, the games and a small-cell mark."""
    t = stats.two_proportion_test(k_base, n_base, k_other, n_other)
    return {"rate_base": t["p1"], "rate": t["p2"], "diff": t["diff"], "ci95": t["ci"], "p_value": t["p_value"],
            "games_base": int(n_base), "games": int(n_other), "wins_base": int(k_base), "wins": int(k_other),
            "small": min(n_base, n_other) < SMALL_CELL}


def seat_effects(used, players: int, reference_seat: int = 3) -> dict:
    """Each seat's win rate against `reference_seat`'s (the human finding is about seats 1 and 4 against seat 3):
    {"reference_seat", "seats": {seat: comparison}, "human": the finding}. The seats of one game are not
    independent samples (one of them wins), so the interval is approximate; the conditional logit's
    "all seats equal" test is the exact one."""
    n = len(used)
    wins = [sum(r["seating"][s] in r["winners"] for r in used if s < len(r["seating"])) for s in range(players)]
    ref = reference_seat - 1
    out = {"reference_seat": reference_seat, "human": HUMAN_SEAT_FINDING, "seats": {}}
    if not 0 <= ref < players:
        return out
    for s in range(players):
        if s != ref:
            out["seats"][str(s + 1)] = _compare(wins[ref], n, wins[s], n)
    return out


def pairwise(used, factions) -> dict:
    """{f: {g: comparison}}: faction f's win rate in games with g at the table against games without g
    (``diff`` = with minus without; ``games`` with g, ``games_base`` without), for every ordered pair of
    distinct factions; a pair never or always together has 0 games on one side (rate NaN)."""
    out = {}
    for f in factions:
        mine = [r for r in used if f in r["seating"]]
        out[f] = {}
        for g in factions:
            if g == f:
                continue
            w = [f in r["winners"] for r in mine if g in r["seating"]]
            wo = [f in r["winners"] for r in mine if g not in r["seating"]]
            out[f][g] = _compare(sum(wo), len(wo), sum(w), len(w))
    return out
