"""Nash averaging of a symmetric zero-sum meta-game (Balduzzi, Tuyls, Perolat and Graepel, "Re-evaluating
evaluation", NeurIPS 2018, arXiv:1806.02643, section 4).

Agents i, j meet with payoff ``A[i, j]`` to i, and ``A`` is antisymmetric (``A[j, i] = -A[i, j]``), so the
game is symmetric and zero-sum with value 0. Nash averaging takes the maximum-entropy Nash equilibrium p*
(unique) and rates each agent by its expected payoff against it, ``n = A p*``: an agent in the support of p*
scores 0, the others below 0. Unlike a plain average over opponents, adding copies of an agent or more weak
opponents does not change the ratings.

No maintained Python library on this project's dependency list provides it (OpenSpiel's α-Rank is a
C++-backed dependency), so it is written here with scipy: ``linprog`` for the game's value, then SLSQP for
the maximum-entropy equilibrium among those that guarantee it.
"""
from __future__ import annotations

import numpy as np

from root_env.errors import RootError


def _check(A) -> np.ndarray:
    A = np.asarray(A, dtype=float)
    if A.ndim != 2 or A.shape[0] != A.shape[1] or A.shape[0] < 1:
        raise RootError(f"a meta-game is a square payoff matrix, got shape {A.shape}")
    if not np.isfinite(A).all():
        raise RootError("the meta-game's payoffs must be finite (a missing pair of agents?)")
    if not np.allclose(A, -A.T, atol=1e-9):
        raise RootError("Nash averaging needs an antisymmetric payoff matrix (A[j, i] = -A[i, j])")
    return A


def game_value(A) -> tuple[np.ndarray, float]:
    """(a maximin strategy of the row player, the value) of the zero-sum matrix game A, by linear programming:
    maximise v subject to (Aᵀ p)_j >= v for every column j, sum(p) = 1, p >= 0."""
    from scipy.optimize import linprog
    A = np.asarray(A, dtype=float)
    n, m = A.shape
    c = np.zeros(n + 1)
    c[-1] = -1.0                                            # maximise v
    a_ub = np.hstack([-A.T, np.ones((m, 1))])               # v - (Aᵀ p)_j <= 0
    a_eq = np.concatenate([np.ones(n), [0.0]])[None, :]
    res = linprog(c, A_ub=a_ub, b_ub=np.zeros(m), A_eq=a_eq, b_eq=[1.0],
                  bounds=[(0, None)] * n + [(None, None)], method="highs")
    if not res.success:
        raise RootError(f"the meta-game's linear program failed: {res.message}")
    p = np.clip(res.x[:n], 0, None)
    return p / p.sum(), float(res.x[-1])


def maxent_nash(A, tol: float = 1e-9) -> np.ndarray:
    """The maximum-entropy Nash equilibrium of the symmetric zero-sum game with antisymmetric payoffs A."""
    from scipy.optimize import minimize
    A = _check(A)
    p0, v = game_value(A)
    n = A.shape[0]
    if n == 1:
        return np.ones(1)

    def negent(p):
        q = np.clip(p, 1e-300, None)
        return float(np.sum(q * np.log(q)))

    def grad(p):
        return np.log(np.clip(p, 1e-300, None)) + 1.0

    start = 0.999 * p0 + 0.001 / n   # strictly inside the simplex; feasible to within tol on small games
    cons = [{"type": "eq", "fun": lambda p: np.sum(p) - 1.0, "jac": lambda p: np.ones(n)},
            {"type": "ineq", "fun": lambda p: A.T @ p - v + tol, "jac": lambda p: A.T}]
    res = minimize(negent, start, jac=grad, bounds=[(0.0, 1.0)] * n, constraints=cons, method="SLSQP",
                   options={"ftol": 1e-12, "maxiter": 500})
    p = np.clip(res.x if res.success else p0, 0, None)
    p /= p.sum()
    snapped = np.where(p < 1e-6, 0.0, p)          # the optimiser's dust off the support
    snapped /= snapped.sum()
    for q in (snapped, p):
        if (A.T @ q).min() >= v - 1e-6:
            return q
    return p0                                     # SLSQP left the equilibria: keep the LP's equilibrium


def nash_average(A, names=None) -> dict:
    """Nash averaging of the antisymmetric meta-game A: ``nash`` (the maximum-entropy equilibrium, a
    probability per agent), ``nash_average`` (A p*, 0 for agents in its support, below 0 for agents it
    beats) and the game's ``value`` (0 up to rounding), keyed by `names` when given."""
    A = _check(A)
    p = maxent_nash(A)
    n = A @ p
    keys = list(names) if names is not None else list(range(A.shape[0]))
    if len(keys) != A.shape[0]:
        raise RootError(f"{len(keys)} names for a {A.shape[0]}-agent meta-game")
    return {"nash": {k: float(x) for k, x in zip(keys, p)},
            "nash_average": {k: float(x) for k, x in zip(keys, n)},
            "value": float(p @ A @ p)}
