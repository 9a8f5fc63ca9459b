"""The statistics of a ladder study (``root_env.balance.ladder``), computed from its results lines alone.

Which games count where is read from each line's ``agents`` (faction -> rung):

- a game whose seats are all played by rung R is one of R's *self* games: R's balance study (each
  faction's win rate with its Wilson interval, per seat, the conditional logit of faction and seat effects,
  the distance of the win rates from the human figures);
- in any game, faction f played by rung A counts in the cell (f, A, B) of the win-rate matrix when every
  other seat is played by one rung B (B = A in a self game). Games mixing opponents of several rungs count
  in no cell.

As in ``report``, truncated games (no winner within max_turns) are left out of the win rates and counted,
and a Vagabond's coalition win is a win for both partners. OpenSkill ratings of agent x faction and the
Nash averaging of the rungs' meta-game summarise the matrix.
"""
from __future__ import annotations

import math

import numpy as np

from root_env.balance import stats
from root_env.balance.report import HUMAN_REFERENCE, HUMAN_REFERENCE_CITATION, load_checked


def load_ladder(dirpath) -> tuple[dict, list[dict], list[tuple]]:
    """(study.json, usable records in game order, bad lines as (where, why)) of a ladder directory."""
    from pathlib import Path
    from root_env.balance.report import _load_params
    params = _load_params(Path(dirpath))
    players = table_players(params)
    return load_checked(dirpath, lambda r, factions: record_problem(r, factions, players))


# The mixes whose tables seat `players` of the study's factions (a table per game): drawn by Law 5.2 or drafted as
# Advanced Setup does (A.8.1); a rotated ladder seats all of them at every table.
TABLE_MIXES = ("draw", "draft")


def table_players(params: dict) -> int | None:
    """The seats of a table when each game seats some of the study's factions (``mix`` "draw" or "draft"), else None."""
    return params.get("players") if params.get("mix") in TABLE_MIXES else None


def record_problem(r: dict, factions=None, players=None) -> str | None:
    """Why a results line cannot be used in a ladder (None if it can). `players`: a ladder of drawn tables
    (``mix`` "draw" or "draft") seats that many of `factions` in each game; otherwise every game seats all of them."""
    seating = r.get("seating")
    if not isinstance(seating, list) or len(seating) < 2 or not all(isinstance(f, str) for f in seating) \
            or len(set(seating)) != len(seating):
        return "'seating' is not a list of distinct faction names"
    if players is not None:
        if len(seating) != players or (factions and not set(seating) <= set(factions)):
            return f"'seating' {seating} is not a table of {players} of the study's factions {factions}"
    elif factions and sorted(seating) != sorted(factions):
        return f"'seating' {seating} does not seat the study's factions {factions}"
    agents = r.get("agents")
    if not isinstance(agents, dict) or any(not isinstance(agents.get(f), str) for f in seating):
        return "'agents' does not name an agent for every seated faction"
    if not isinstance(r.get("winners"), list) or not all(w in seating for w in r["winners"]):
        return "'winners' is not a list of seated factions"
    if not isinstance(r.get("truncated"), bool):
        return f"'truncated' must be true or false, got {str(r.get('truncated'))[:20]!r}"
    return None


def _used(r) -> bool:
    return not r["truncated"] and bool(r["winners"])


def win_rate(wins: int, games: int) -> dict:
    """{"wins", "games", "rate", "ci95" (Wilson)}; rate NaN without games."""
    lo, hi = stats.wilson(wins, games)
    return {"wins": int(wins), "games": int(games), "rate": wins / games if games else float("nan"),
            "ci95": [lo, hi]}


def self_rung(r) -> str | None:
    """The rung that plays every seat of game `r`, or None."""
    rungs = {r["agents"][f] for f in r["seating"]}
    return rungs.pop() if len(rungs) == 1 else None


def opponents_rung(r, faction) -> str | None:
    """The one rung that plays every seat of game `r` but `faction`'s, or None if they are mixed."""
    rungs = {r["agents"][f] for f in r["seating"] if f != faction}
    return rungs.pop() if len(rungs) == 1 else None


# ----------------------------------------------------------------------------------------------------------
# One rung: its self games
# ----------------------------------------------------------------------------------------------------------

def rung_summary(records, factions, fit=True, players=None) -> dict:
    """The balance study of one rung from its self games: faction and seat win rates (a faction's over the
    games it sat in), the conditional logit, the distance from the human figures, seat effects, pairwise
    effects (``table_effects``), mean rounds (where the lines record turns). `players`: the seats of a game
    (default: the number of factions, every faction at every table)."""
    from root_env.balance.table_effects import seat_effects, pairwise
    k = int(players or len(factions))
    used = [r for r in records if _used(r)]
    n = len(used)
    out = {"games_recorded": len(records), "games_used": n, "truncated": sum(r["truncated"] for r in records),
           "faction_win_rate": {f: win_rate(sum(f in r["winners"] for r in used), sum(f in r["seating"] for r in used))
                                for f in factions},
           "seat_win_rate": {str(s + 1): win_rate(sum(r["seating"][s] in r["winners"] for r in used), n)
                             for s in range(k)}}
    turns = [r["turns"] for r in records if isinstance(r.get("turns"), int)]
    if turns:
        out["rounds_mean"] = float(np.mean(turns)) / k
    seen = [f for f in factions if out["faction_win_rate"][f]["games"]]   # a drawn table may leave one out
    if fit and n >= 2 * k:
        try:
            out["conditional_logit"] = stats.fit_conditional_logit(used, seen)
        except Exception as e:  # noqa: BLE001 - a failed fit must not lose the rest of the report
            out["conditional_logit"] = {"error": f"{type(e).__name__}: {e}"}
    if n and len(seen) >= 2 and all(f in HUMAN_REFERENCE for f in seen):
        out["human_distance"] = human_distance(used, seen)
    out["seat_effects"] = seat_effects(used, k)
    out["pairwise"] = pairwise(used, factions)
    return out


def human_distance(used, factions, boot: int = 2000, seed: int = 0) -> dict:
    """How far one rung's faction win rates are from the Root Digital League's (``report.HUMAN_REFERENCE``).

    A faction's win rate is over the games it sat in (all of them when every faction is at every table).
    ``mad``: mean over factions of |win rate - human figure|, in points of probability, with a bootstrap
    95 % interval (games resampled, `boot` times, fixed seed). ``noise_floor``: the mean MAD that games of
    this number would show if the true rates were the human figures (binomial sampling alone, each faction
    over its own games), so a MAD near it is as close as the games can tell. ``inside``: factions whose Wilson
    interval holds the human figure. ``spearman``: Spearman's rank correlation of the win rates with the human
    figures (scipy; with its p-value). ``spread``: best minus worst faction win rate; ``human_spread``: the
    same of the human figures of these factions; ``human_spread_all``: of every faction of the league (13.0)."""
    from scipy.stats import spearmanr
    from root_env.balance.report import HUMAN_SPREAD
    n = len(used)
    W, S = win_seat_arrays(used, factions)
    h = np.array([HUMAN_REFERENCE[f] for f in factions])
    games = S.sum(axis=0)
    rate = W.sum(axis=0) / np.maximum(games, 1)
    rng = np.random.default_rng(seed)
    mads = np.concatenate([resampled_mads(W, S, h, rng.integers(0, n, size=(min(100, boot - b), n)))
                           for b in range(0, boot, 100)])  # 100 resamples at a time: memory stays small
    m = np.maximum(games, 1).astype(np.int64)
    sims = np.abs(rng.binomial(m, h, size=(boot, len(h))) / m - h).mean(axis=1)
    inside = [f for f, w, g in zip(factions, W.sum(axis=0), games) if _holds(stats.wilson(int(w), int(g)), HUMAN_REFERENCE[f])]
    rho, p = spearmanr(rate, h) if len(factions) >= 3 else (float("nan"), float("nan"))
    return {"factions": list(factions), "mad": float(np.abs(rate - h).mean()),
            "mad_ci95": [float(np.quantile(mads, 0.025)), float(np.quantile(mads, 0.975))],
            "noise_floor": float(sims.mean()), "inside": inside, "spread": float(rate.max() - rate.min()),
            "human_spread": float(h.max() - h.min()), "human_spread_all": float(HUMAN_SPREAD),
            "spearman": float(rho), "spearman_p": float(p)}


def win_seat_arrays(used, factions) -> tuple[np.ndarray, np.ndarray]:
    """(W, S), games x factions: 1 where the faction won / sat in the game; a game given as None is a row of zeros."""
    W = np.array([[r is not None and f in r["winners"] for f in factions] for r in used], float)
    S = np.array([[r is not None and f in r["seating"] for f in factions] for r in used], float)
    return W, S


def resampled_mads(W, S, h, idx) -> np.ndarray:
    """The MAD from the figures `h` of each resample of games (rows of `idx`: game indices into W and S), over the
    factions that sat in it."""
    g = S[idx].sum(axis=1)
    r = W[idx].sum(axis=1) / np.maximum(g, 1)
    return np.nanmean(np.where(g > 0, np.abs(r - h), np.nan), axis=1)


def _holds(ci, x) -> bool:
    return ci[0] <= x <= ci[1]


def human_logit(factions) -> dict | None:
    """The human figures on the conditional logit's scale: log(h_f / h_reference), reference factions[0]
    (seat-neutral, one winner a game: the faction effect that would give those win shares)."""
    if not all(f in HUMAN_REFERENCE for f in factions):
        return None
    return {f: math.log(HUMAN_REFERENCE[f] / HUMAN_REFERENCE[factions[0]]) for f in factions}


# ----------------------------------------------------------------------------------------------------------
# Across rungs
# ----------------------------------------------------------------------------------------------------------

def matrices(records, factions, rungs) -> dict:
    """{faction: {A: {B: win_rate(...) plus "truncated"}}}: faction played by rung A against every other
    seat played by rung B, over every game where that holds (self games on the diagonal)."""
    wins = {f: {a: {b: [0, 0, 0] for b in rungs} for a in rungs} for f in factions}
    for r in records:
        for f in r["seating"]:
            a, b = r["agents"][f], opponents_rung(r, f)
            if f not in wins or a not in wins[f] or b not in wins[f][a]:
                continue
            cell = wins[f][a][b]
            if r["truncated"]:
                cell[2] += 1
            elif r["winners"]:
                cell[0] += f in r["winners"]
                cell[1] += 1
    return {f: {a: {b: dict(win_rate(w, n), truncated=t) for b, (w, n, t) in row.items()}
                for a, row in m.items()} for f, m in wins.items()}


def meta_game(mat, factions, rungs) -> dict:
    """The rungs' symmetric zero-sum meta-game and its Nash averaging (``root_env.balance.nash``).

    Payoff to rung A against rung B, for faction f: (win rate of f played by A against B) minus (win rate
    of f played by B against A): how much better one A seat does among Bs than one B seat among As.
    ``payoff`` averages it over the factions; ``per_faction`` has each faction's game. Rungs without every
    cell played are left out (listed in ``left_out``). ``payoff_se``: the binomial standard error of each payoff
    (the cells are independent samples)."""
    from root_env.balance.nash import nash_average

    def rate(f, a, b):
        return mat[f][a][b]["rate"] if mat[f][a][b]["games"] else float("nan")

    def payoff(fs, names):
        return np.array([[np.mean([rate(f, a, b) - rate(f, b, a) for f in fs]) if a != b else 0.0
                          for b in names] for a in names])

    def var(f, a, b):
        c = mat[f][a][b]
        return c["rate"] * (1 - c["rate"]) / c["games"] if c["games"] else float("nan")

    full = payoff(factions, rungs)
    se = np.array([[np.sqrt(sum(var(f, a, b) + var(f, b, a) for f in factions)) / len(factions) if a != b else 0.0
                    for b in rungs] for a in rungs])
    keep = list(rungs)
    while len(keep) > 1 and not np.isfinite(payoff(factions, keep)).all():   # drop the rung missing most
        bad = np.isnan(payoff(factions, keep)).sum(axis=1)
        keep.pop(int(bad.argmax()))
    out = {"rungs": keep, "left_out": [r for r in rungs if r not in keep],
           "payoff": full.tolist(), "payoff_se": se.tolist(),
           "definition": "mean over factions of win rate(f by A vs B) - win rate(f by B vs A)"}
    if len(keep) < 2:
        out["error"] = "fewer than two rungs with every cell played"
        return out
    out.update(nash_average(payoff(factions, keep), keep))
    out["per_faction"] = {f: nash_average(payoff([f], keep), keep) for f in factions}
    return out


def openskill_ratings(records, factions) -> dict:
    """OpenSkill (Plackett-Luce) ratings of every agent x faction, updated game by game in game order
    (winners ranked first, the others tied second; truncated games left out). Rows sorted by ordinal
    (mu - 3 sigma). {"error": ...} without the openskill package (the ``stats`` extra)."""
    try:
        from openskill.models import PlackettLuce
    except ImportError:
        return {"error": "openskill is not installed (pip install 'root-env[stats]')"}
    model = PlackettLuce()
    ratings, games = {}, {}
    for r in records:
        if not _used(r):
            continue
        keys = [(r["agents"][f], f) for f in r["seating"]]
        for key in keys:
            if key not in ratings:
                ratings[key] = model.rating(name=f"{key[0]}@{key[1]}")
            games[key] = games.get(key, 0) + 1
        new = model.rate([[ratings[key]] for key in keys], ranks=[0 if f in r["winners"] else 1 for f in r["seating"]])
        for key, team in zip(keys, new):
            ratings[key] = team[0]
    rows = [{"agent": a, "faction": f, "mu": t.mu, "sigma": t.sigma, "ordinal": t.ordinal(), "games": games[(a, f)]}
            for (a, f), t in ratings.items() if f in factions]
    return {"model": "PlackettLuce", "rows": sorted(rows, key=lambda x: -x["ordinal"])}


def analyze_ladder(records, params: dict, bad=(), fit=True) -> dict:
    """Everything in the ladder report, as a JSON-able dict."""
    factions, rungs = list(params["factions"]), list(params["rungs"])
    players = table_players(params)
    per_rung = {r: rung_summary([x for x in records if self_rung(x) == r], factions, fit=fit, players=players)
                for r in rungs}
    mat = matrices(records, factions, rungs)
    return {"params": params, "games_recorded": len(records),
            "truncated": sum(r["truncated"] for r in records),
            "bad_lines": [{"line": no, "reason": why} for no, why in bad],
            "human_reference": HUMAN_REFERENCE, "human_reference_citation": HUMAN_REFERENCE_CITATION,
            "human_logit": human_logit(factions),
            "rungs": per_rung, "matrix": mat, "meta_game": meta_game(mat, factions, rungs),
            "openskill": openskill_ratings(records, factions)}
