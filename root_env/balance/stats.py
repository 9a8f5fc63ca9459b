"""Statistics of balance studies: Wilson intervals, the conditional logit of faction and seat effects,
games needed for a target precision, and Wald's sequential probability ratio test (SPRT).

scipy and statsmodels (the ``stats`` extra) are imported only where needed.
"""
from __future__ import annotations

import math

import numpy as np


def _z(conf: float) -> float:
    from statistics import NormalDist
    return NormalDist().inv_cdf(0.5 + conf / 2)


# ----------------------------------------------------------------------------------------------------------
# Proportions
# ----------------------------------------------------------------------------------------------------------

def wilson(k, n, conf: float = 0.95) -> tuple[float, float]:
    """Wilson score interval of k successes in n trials (statsmodels ``proportion_confint(method="wilson")``
    when statsmodels is installed, the same formula otherwise). n == 0 gives (0, 1)."""
    if n == 0:
        return 0.0, 1.0
    try:
        from statsmodels.stats.proportion import proportion_confint
        lo, hi = proportion_confint(k, n, alpha=1 - conf, method="wilson")
        return float(lo), float(hi)
    except ImportError:
        return wilson_formula(k, n, conf)


def wilson_formula(k, n, conf: float = 0.95) -> tuple[float, float]:
    """The Wilson score interval, written out: (p + z²/2n ± z·sqrt(p(1-p)/n + z²/4n²)) / (1 + z²/n)."""
    if n == 0:
        return 0.0, 1.0
    z = _z(conf)
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return max(0.0, c - h), min(1.0, c + h)


def games_for_half_width(p: float, half_width: float = 0.01, conf: float = 0.95) -> int:
    """Games needed for a 95 % interval of a win rate near p to be ±half_width (normal approximation,
    which Wilson matches at these sizes): n = z² p(1-p) / h²."""
    z = _z(conf)
    p = min(max(p, 1e-9), 1 - 1e-9)
    return int(math.ceil(z * z * p * (1 - p) / half_width ** 2))


def extra_games_for_half_width(k, n, half_width: float = 0.01, conf: float = 0.95) -> int:
    """How many more games (beyond n, at the observed rate k/n) narrow the interval to ±half_width."""
    p = k / n if n else 0.5
    return max(0, games_for_half_width(p, half_width, conf) - int(n))


def two_proportion_test(k1, n1, k2, n2) -> dict:
    """Difference p2 - p1 with a 95 % (Newcombe, from the Wilson intervals) interval and a two-sided
    z-test p-value (pooled)."""
    p1, p2 = (k1 / n1 if n1 else float("nan")), (k2 / n2 if n2 else float("nan"))
    l1, u1 = wilson(k1, n1)
    l2, u2 = wilson(k2, n2)
    d = p2 - p1
    lo = d - math.sqrt((p2 - l2) ** 2 + (u1 - p1) ** 2)
    hi = d + math.sqrt((u2 - p2) ** 2 + (p1 - l1) ** 2)
    pp = (k1 + k2) / (n1 + n2) if n1 + n2 else float("nan")
    se = math.sqrt(pp * (1 - pp) * (1 / n1 + 1 / n2)) if n1 and n2 and 0 < pp < 1 else float("nan")
    z = d / se if se and se == se else float("nan")
    from statistics import NormalDist
    p = 2 * (1 - NormalDist().cdf(abs(z))) if z == z else float("nan")
    return {"p1": p1, "p2": p2, "diff": d, "ci": [lo, hi], "z": z, "p_value": p}


def homogeneity_test(wins, games) -> dict:
    """Do the win rates wins[i]/games[i] of several samples (a faction on several maps) differ? Fisher's exact test
    on the 2 x 2 table of wins and losses for two samples, the chi-square test of homogeneity (``scipy.stats.
    chi2_contingency``, k - 1 degrees of freedom) for more. A table with no wins or no losses at all cannot show a
    difference: p = 1. Returns {"test", "statistic", "df", "p_value"}."""
    from scipy.stats import chi2_contingency, fisher_exact
    wins, games = [int(w) for w in wins], [int(n) for n in games]
    if len(wins) < 2 or len(wins) != len(games) or any(n < 1 or not 0 <= w <= n for w, n in zip(wins, games)):
        raise ValueError(f"homogeneity_test needs two or more samples of 0 <= wins <= games, games >= 1: "
                         f"wins {wins}, games {games}")
    table = np.array([[w, n - w] for w, n in zip(wins, games)])
    test = "fisher_exact" if len(wins) == 2 else "chi_square"
    if table[:, 0].sum() == 0 or table[:, 1].sum() == 0:
        return {"test": test, "statistic": 0.0 if test == "chi_square" else float("nan"), "df": len(wins) - 1,
                "p_value": 1.0}
    if test == "fisher_exact":
        odds, p = fisher_exact(table)
        return {"test": test, "statistic": float(odds), "df": 1, "p_value": float(p)}
    chi2, p, df, _ = chi2_contingency(table, correction=False)
    return {"test": test, "statistic": float(chi2), "df": int(df), "p_value": float(p)}


# ----------------------------------------------------------------------------------------------------------
# Conditional logit: faction and seat effects fitted jointly
# ----------------------------------------------------------------------------------------------------------

def design(records, factions) -> tuple[np.ndarray, np.ndarray, np.ndarray, list[str]]:
    """Rows of the conditional logit from game records (truncated games left out): one group per game, one
    row per seat, y = the seat's faction won (a coalition win counts for both winners), covariates = faction
    dummies (reference: factions[0]) and seat dummies (reference: seat 1). The games may seat fewer than all
    `factions` (drawn tables, ``ladder --mix draw``): the seats are those of the largest table."""
    k = len(factions)
    ks = max((len(r["seating"]) for r in records), default=k)
    names = [f"faction[{f}]" for f in factions[1:]] + [f"seat[{s + 1}]" for s in range(1, ks)]
    X, y, g = [], [], []
    for r in records:
        if r.get("truncated") or not r.get("winners"):
            continue
        w = set(r["winners"])
        for s, f in enumerate(r["seating"]):
            x = np.zeros(k - 1 + ks - 1)
            fi = factions.index(f)
            if fi > 0:
                x[fi - 1] = 1
            if s > 0:
                x[k - 1 + s - 1] = 1
            X.append(x)
            y.append(1.0 if f in w else 0.0)
            g.append(r["game"])
    return (np.array(X).reshape(-1, k - 1 + ks - 1), np.array(y), np.array(g), names)


def _fit(y, X, g):
    import warnings
    from statsmodels.discrete.conditional_models import ConditionalLogit
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return ConditionalLogit(y, X, groups=g).fit(disp=0, method="bfgs", maxiter=200) if X.shape[1] else None


def fit_conditional_logit(records, factions, conf: float = 0.95) -> dict:
    """Fit faction and seat effects jointly (statsmodels ConditionalLogit) and test "all factions equal" and
    "all seats equal" by likelihood ratio against the models without them.

    Returns coefficients (log-odds vs the reference levels) with standard errors and intervals, odds ratios,
    the implied seat-neutral win shares softmax(faction effects), and the two LR tests."""
    from scipy import stats as st
    factions = list(factions)
    k = len(factions)
    X, y, g, names = design(records, factions)
    out = {"reference_faction": factions[0], "reference_seat": 1, "games": int(len(set(g.tolist()))),
           "multiple_winner_games": 0, "terms": {}, "tests": {}}
    if len(y) == 0:
        return out
    sums = np.bincount(np.unique(g, return_inverse=True)[1], weights=y)
    out["multiple_winner_games"] = int((sums > 1).sum())
    full = _fit(y, X, g)
    z = _z(conf)
    params, bse = np.asarray(full.params), np.asarray(full.bse)
    for j, name in enumerate(names):
        b, se = float(params[j]), float(bse[j])
        out["terms"][name] = {"coef": b, "se": se, "ci": [b - z * se, b + z * se], "odds_ratio": math.exp(b),
                              "or_ci": [math.exp(b - z * se), math.exp(b + z * se)],
                              "p_value": float(2 * st.norm.sf(abs(b / se))) if se > 0 else float("nan")}
    fe = np.concatenate([[0.0], params[:k - 1]])
    share = np.exp(fe - fe.max())
    out["faction_share"] = {f: float(s) for f, s in zip(factions, share / share.sum())}
    out["llf"] = float(full.llf)
    ks = X.shape[1] - (k - 1) + 1   # seats
    for label, keep, df in (("factions_equal", slice(k - 1, X.shape[1]), k - 1), ("seats_equal", slice(0, k - 1), ks - 1)):
        restricted = _fit(y, X[:, keep], g)
        lr = 2 * (full.llf - restricted.llf)
        out["tests"][label] = {"lr": float(lr), "df": df, "p_value": float(st.chi2.sf(lr, df))}
    # Wald test of the same hypothesis, for reference.
    cov = np.asarray(full.cov_params())[:k - 1, :k - 1]
    b = params[:k - 1]
    try:
        w = float(b @ np.linalg.solve(cov, b))
        out["tests"]["factions_equal"]["wald"] = w
        out["tests"]["factions_equal"]["wald_p_value"] = float(st.chi2.sf(w, k - 1))
    except np.linalg.LinAlgError:
        pass
    return out


# ----------------------------------------------------------------------------------------------------------
# SPRT
# ----------------------------------------------------------------------------------------------------------

class SPRT:
    """Wald's SPRT on Bernoulli outcomes: H0 p = p0 against H1 p = p1 (p1 > p0: "the candidate wins more
    often"). Accept H1 when the log-likelihood ratio reaches log((1-beta)/alpha), H0 when it falls to
    log(beta/(1-alpha)); alpha/beta are the error rates of the two kinds."""

    def __init__(self, p0: float, p1: float, alpha: float = 0.05, beta: float = 0.05):
        if not (0 < p0 < 1 and 0 < p1 < 1 and p0 != p1):
            raise ValueError("need 0 < p0, p1 < 1 and p0 != p1")
        if not (0 < alpha < 1 and 0 < beta < 1):
            raise ValueError("need 0 < alpha, beta < 1")
        self.p0, self.p1, self.alpha, self.beta = p0, p1, alpha, beta
        self.lower = math.log(beta / (1 - alpha))
        self.upper = math.log((1 - beta) / alpha)
        self._win = math.log(p1 / p0)
        self._loss = math.log((1 - p1) / (1 - p0))
        self.llr, self.n, self.wins = 0.0, 0, 0
        self.decision = None  # "H0" / "H1" once decided

    def update(self, won) -> str | None:
        """Add one outcome (ignored once decided). Returns the decision, or None to continue."""
        if self.decision is not None:
            return self.decision
        self.n += 1
        self.wins += int(bool(won))
        self.llr += self._win if won else self._loss
        if self.llr >= self.upper:
            self.decision = "H1"
        elif self.llr <= self.lower:
            self.decision = "H0"
        return self.decision

    def result(self) -> dict:
        return {"decision": self.decision or "continue", "n": self.n, "wins": self.wins, "llr": self.llr,
                "lower": self.lower, "upper": self.upper, "p0": self.p0, "p1": self.p1, "alpha": self.alpha,
                "beta": self.beta, "win_rate": self.wins / self.n if self.n else float("nan")}


def sprt(outcomes, p0: float, p1: float, alpha: float = 0.05, beta: float = 0.05) -> dict:
    """Run the SPRT over a stream of outcomes (1 = the candidate won), stopping at the first decision.
    Returns decision ("H1": p = p1, the candidate is better; "H0": p = p0; "continue": undecided), the
    games used, the LLR and the Wald bounds."""
    t = SPRT(p0, p1, alpha, beta)
    for o in outcomes:
        if t.update(o) is not None:
            break
    return t.result()
