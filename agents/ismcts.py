"""Information-set Monte Carlo tree search (single-observer ISMCTS, Cowling, Powley & Whitehouse 2012),
compiled, for every faction type.

How it decides, for the faction `f` whose decision is pending:

1. **Each iteration determinizes** the state from f's information (``agents.heuristic.determinize``:
   every card f has not seen, the face-down plots' types, the ruin items, the quest deck and the dice are
   resampled), so nothing hidden in the real state can reach the search.
2. **One tree keyed by f's information**: a node is a sequence of actions from the root (every seat's
   decisions; forced decisions with one option are played through without a node). Because a node's
   legal actions differ between determinizations, each child keeps an *availability* count (how often
   it could have been chosen) and selection uses UCB1 with it: ``mean + c * sqrt(ln(avail) / visits)``,
   where the mean is the reward of the seat that decides at the parent.
3. **Progressive widening**: a node with ``k`` children may add another only while
   ``k < pw_c * visits ** pw_alpha`` (or when none of its children is legal in this determinization).
4. **Leaf evaluation**: from the new node the game is played on for ``depth`` decisions with the
   rollout policy (uniform random, the heuristic's ``base_policy``, or heuristic v2's choice for every seat from
   that seat's view of the determinization: ``rollout="v2"``), then scored: 1/0 for winners and losers if it ended, otherwise by the leaf evaluation ``leaf``:

   - ``"table"`` (the default of every faction): each seat's estimated chance to win, a softmax over the seats
     of heuristic v2's valuation of each seat's position on its own terms plus its VP pace
     (``agents.ismcts_leaf.table_rewards``), so every seat's search plays against whoever nears 30; a
     Vagabond in a coalition gets his partner's chance (Law 9.2.8);
   - ``"heuristic"``: each seat's first-heuristic score (``agents.heuristic.evaluate``) against the best other
     seat's, squashed to [0, 1] by a logistic with scale ``scale`` (10 points = 1 VP);
   - ``"vagabond"``: as ``"heuristic"``, with the Vagabond's seat scored by ``agents.ismcts_leaf.vagabond_score``
     (quests in reach) and, in a coalition, rewarded with his partner's chances;
   - ``"value"``: each seat's chance to win as the learned value model predicts it from that seat's view
     (``agents.value_model``; option ``value=PATH``, the shipped model by default), read from ``opts[N_OPTIONS:]``.
5. It plays the root action with the most visits (ties: the first found).

**Budget.** ``iterations`` per decision, or a time budget ``seconds`` (the clock is read every ``TIME_CHUNK``
iterations; ``iterations`` stays the cap: ``TIMED_ITERATIONS`` when only a time is named, ``ismcts:0.5s``).
**Root-parallel**: ``trees=K`` searches K independent trees from K streams of determinizations and sums their
root visit counts; ``ISMCTSAgent`` runs them on threads (GIL released, the package's thread pool), ``choose`` (the
arena, which plays games in parallel already) one after another, the same decision for the same generator state.
The default is one tree.

Everything is ``@njit`` over flat arrays: the tree is preallocated int64/float64 node arrays (one node
per iteration at most), so whole ISMCTS games run inside ``agents.arena`` in parallel.

Options are one float64 array (``options(...)``) so compiled callers pass a single value: ``N_OPTIONS`` fixed
fields first, then a free tail a leaf evaluation may read (``opts[N_OPTIONS:]``). Each faction has its defaults
(``faction_options``: ``options`` with ``FACTION_DEFAULTS[faction]``), measured against three heuristic v2
opponents (``benchmarks/results/ismcts_strength.md``).
"""
from __future__ import annotations

import inspect
import math
import time

import numba
import numpy as np
from root_env.engine.jit import njit

from root_env.codes import N_ACTIONS
from root_env.data import NF, VAGABOND, CORVIDS, KEEPERS, FACTION_NAMES
from root_env.codes import D_CV_EXPOSE_GUESS, D_KP_RETINUE, A_DONE
from root_env.layout import (LEGAL, LEGAL_N, GAME_OVER, DECIDER, DECISION, WINNERS, NSEATS, SEAT_FACTION,
                             FACTION_SEAT, VB_COALITION, VP)
from root_env.engine.plots import resample_plots
from root_env.engine.card_effects import is_daylight_option
from root_env.engine.core import apply
from root_env.engine.vagabonds import is_vagabond
from root_env.engine.factions.keepers import retinue_cards
from agents.heuristic import (determinize, base_policy, evaluate, next_rand, seed_rand, choose_params, PARAMS,
                              keepers_recovery, P_DONE_IN_ROLLOUT)
from agents.ismcts_leaf import vagabond_score, table_rewards
from agents.table import keepers_idle, partner_of, KP_PLAN_V2, K_IDLE, P_W_THREAT, P_W_LEADER
from agents import value_model

# Fields of the options array: N_OPTIONS fixed fields first; anything after them (``opts[N_OPTIONS:]``) is a free
# tail a leaf evaluation may read (e.g. a learned model's weights).
(O_ITERS, O_C, O_ROLLOUT, O_DEPTH, O_PW_C, O_PW_ALPHA, O_SCALE, O_LEAF, O_SECONDS, O_TREES,
 O_PACE, O_PRIOR, O_PLAN, O_FUNDS, O_POTENTIAL, O_SHROUD, O_HAND, O_WARES, O_PAID, O_RECOVER, O_IDLE, O_RETINUE,
 O_OPPRESS, O_CONTEST, O_THREAT, O_LEADER, O_PKIND, O_PUPTO, O_RAZE, O_REACH, O_BUILD, O_SIDE) = range(32)
N_OPTIONS = 32
PKIND_ALL, PKIND_RETINUE, PKIND_NOT_RETINUE = 0, 1, 2  # option pkind: where the prior counts (``prior_here``)
ROLLOUT_RANDOM, ROLLOUT_BASE, ROLLOUT_V2 = 0, 1, 2
ROLLOUTS = ("random", "base", "v2")
LEAF_HEURISTIC, LEAF_VAGABOND, LEAF_TABLE, LEAF_VALUE = 0, 1, 2, 3
LEAVES = ("heuristic", "vagabond", "table", "value")

# Columns of the node array.
N_FIRST, N_NEXT, N_ACTION, N_VISITS, N_AVAIL = range(5)
N_COLS = 5

TIME_CHUNK = 16             # iterations between clock checks under a time budget
TIMED_ITERATIONS = 200_000  # the iteration cap of a tree when only a time is given ("ismcts:0.5s")

# Defaults (``options``'s keywords). The scale's default depends on the leaf (LEAF_SCALE).
D_ITERS, D_C, D_ROLLOUT, D_DEPTH, D_PW_C, D_PW_ALPHA = 200, 0.7, "base", 12, 2.0, 0.5
D_LEAF, D_PACE, D_PRIOR, D_PLAN, D_FUNDS, D_POTENTIAL, D_SHROUD, D_HAND = "table", 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0
D_WARES, D_PAID, D_RECOVER, D_IDLE, D_RETINUE, D_OPPRESS, D_CONTEST = 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0
D_THREAT, D_LEADER, D_PKIND, D_PUPTO, D_RAZE, D_REACH, D_BUILD = 1.0, 0.0, 0, 0, 2.0, 0.0, 0.0
D_SIDE = 0
SIDE_OFF, SIDE_TREE, SIDE_TREE_ROLLOUT = 0, 1, 2  # option side: where the options of any time in Daylight wait
LEAF_SCALE = {"heuristic": 20.0, "vagabond": 20.0, "table": 20.0}
D_SCALE = LEAF_SCALE["heuristic"]
# Each faction's departures from them (the arena's ``ismcts:N`` and ``ISMCTSAgent`` use ``faction_options``): every
# faction searches with the table leaf; these were chosen by win rate at 200 iterations against three heuristic v2
# opponents on tuning seeds (900,000 on, 24 games per faction and configuration: about +-20 points of noise;
# benchmarks/results/ismcts_strength.md, "How the defaults were chosen"). Where heuristic v2 is strongest (the
# Corvids, the Alliance; the Riverfolk before 2026-11-28) its choice is the root's first child with 40 prior
# visits. The Marquise's
# (2026-11-28, 96-game screens on the tuning seeds, then 200 games on the benchmark's:
# benchmarks/results/ismcts_strength_v3_200games_marquise.md): no VP pace in the leaf (it made a VP scored early worth
# up to three) and a flatter softmax. The Riverfolk's (the same day, ismcts_strength_v3_200games_riverfolk.md): no
# prior (it hurt them once heuristic v2's buyers paid them only when worth it), no VP pace, dividend funds counted. The
# Alliance's (2026-11-28, seventh session, benchmarks/results/ismcts_strength_v4_200games_alliance.md): no prior and
# rollouts of two decisions (her valuation is read better before a dozen random moves blur it). The Corvids' (the
# same session, benchmarks/results/ismcts_strength_v4_200games_corvids*.md): heuristic v2's choice with 100 prior
# visits, the opponents' Exposure guesses from what they know (shroud), the next Birdsong's flips in the leaf
# (potential): -3.5 points against heuristic v2 over the 200 games, -11.0 with the earlier prior=40 (within the noise).
# The Keepers' (2026-11-30, benchmarks/results/ismcts_v8_duchy_keepers_screens.md): rollouts that finish a recovery
# (recover) and heuristic v2's choice with 100 prior visits (its charge for idling Retinue cards comes with it): 19 of
# 96 tuning games against 8 with the global defaults, 36 of the benchmark's 200 against 19 (heuristic v2: 8 and 35).
# Their options idle and retinue (2026-11-30, benchmarks/results/ismcts_v10_keepers.md) are not defaults: at 400
# iterations `idle=1, prior=0` won 56 of the benchmark's 200 games against the defaults' 36 (heuristic v2: 35), but on
# the draft ladder's Keepers tables (every seat searching) 47 of 673 against 83 at 100 iterations and 6 of the first
# 100 against 7 at 400.
# On the draft ladder's own tables (2026-12-01, every other seat searching as the rung does, each run paired with the
# ladder's games on the same tables; benchmarks/results/faction_tune/ and raze_leaf/): no VP pace (pace=0, the
# Marquise's and the Riverfolk's already) won more for every other faction tried, tables won only with it against
# only without 226 to 153 at 100 iterations and 187 to 139 at 400 (sign tests p < 0.01), the Hundreds' 23 to 26 at
# both: they keep pace 2. Counting the Hundreds' next Raze (raze=2) gave their opponents 10.6 points of the Hundreds'
# wins at 400 (360 tables, p = 0.003; -5.2 at 100, 600 tables) and the Hundreds' own search nothing: they keep 0.
FACTION_DEFAULTS = {"marquise": {"c": 0.35, "scale": 30.0}, "eyrie": {"c": 0.35},
                    "alliance": {"depth": 2}, "riverfolk": {"funds": 5.0},
                    "corvids": {"prior": 100.0, "shroud": 1.0, "potential": 1.0},
                    "keepers": {"recover": 1.0, "prior": 100.0}, "hundreds": {"pace": 2.0, "raze": 0.0}}


def _number(name, v, lo=0.0, strict=False):
    if isinstance(v, bool) or not isinstance(v, (int, float, np.floating, np.integer)) or not math.isfinite(v) \
            or v < lo or (strict and v <= lo):
        raise ValueError(f"{name} must be a finite number {'>' if strict else '>='} {lo:g}, got {v!r}")


def _count(name, v, lo):
    if isinstance(v, bool) or not isinstance(v, (int, np.integer)) or v < lo:
        raise ValueError(f"{name} must be an integer >= {lo}, got {v!r}")


def options(iterations: int = D_ITERS, c: float = D_C, rollout: str = D_ROLLOUT, depth: int = D_DEPTH,
            pw_c: float = D_PW_C, pw_alpha: float = D_PW_ALPHA, scale: float | None = None,
            leaf: str = D_LEAF, seconds: float | None = None, trees: int = 1, pace: float = D_PACE,
            prior: float = D_PRIOR, plan: float = D_PLAN, funds: float = D_FUNDS, potential: float = D_POTENTIAL,
            shroud: float = D_SHROUD, hand: float = D_HAND, wares: float = D_WARES,
            paid: float = D_PAID, recover: float = D_RECOVER, idle: float = D_IDLE,
            retinue: float = D_RETINUE, oppress: float = D_OPPRESS, contest: float = D_CONTEST,
            threat: float = D_THREAT, leader: float = D_LEADER, pkind: int = D_PKIND,
            pupto: int = D_PUPTO, raze: float = D_RAZE, reach: float = D_REACH, build: float = D_BUILD,
            side: int = D_SIDE, value=None) -> np.ndarray:
    """The options array for ``choose``/``search``, checked (ValueError naming the bad keyword).

    iterations: determinize-and-search iterations per decision (per tree); c: UCB exploration constant; rollout:
    "random", "base" (the heuristic's base policy: uniform, "done" only now and then) or "v2" (each rollout decision
    is heuristic v2's choice for the seat that decides, ``agents.heuristic.choose``, made from that seat's view of
    the searcher's determinization: what the searcher cannot see was already dealt anew, and the seat's own
    look-ahead deals anew what that seat cannot see; far dearer per step than "base", so meant for a short
    `depth`); depth: decisions played after the new node
    before the leaf is scored; pw_c, pw_alpha: progressive widening (pw_c <= 0 turns it off);
    scale: the leaf's scale in score points (10 = 1 VP; default ``LEAF_SCALE[leaf]``); leaf: "table" (each seat's
    chance to win from heuristic v2's valuation, ``agents.ismcts_leaf.table_rewards``), "heuristic" (every seat
    scored by the first heuristic's ``agents.heuristic.evaluate`` against the best other seat) or "vagabond" (that,
    with the Vagabond's seat by ``agents.ismcts_leaf.vagabond_score`` and rewarded with his coalition partner's
    chances); seconds: a time budget per decision (None: none; the search stops at the first clock check, every
    ``TIME_CHUNK`` iterations, after it, or at `iterations`); trees: independent trees per decision (root-parallel
    ISMCTS: each searches `iterations` iterations from its own stream of determinizations, and the root visit
    counts are summed; under a time budget each tree that runs after another on one thread gets its share);
    pace: rounds of each seat's VP pace the table leaf projects; prior: heuristic v2's choice for the decision
    (``agents.heuristic.choose``, from the decider's view) is the root's first child, and counts `prior` visits
    more when the most visited root action is picked (0: off); plan: the table leaf weighs each seat's faction terms
    `plan` times heuristic v2's (1: as heuristic v2); funds: the table leaf counts each Riverfolk fund that would score
    dividends at their next Birdsong (a trade post on the map, Law 11.4.2) `funds` points more (0: off;
    ``agents.ismcts_leaf``); potential: the table leaf counts `potential` times each seat's VP potential, what its
    next scoring step would score from its board as it stands (the Corvids' plot flips, the Alliance's sympathy
    spread: ``agents.ismcts_leaf.next_round_vp``; 0: off); shroud: when the Corvids search, an opponent's Exposure
    guess (Law 13.2.4) is resolved against face-down plot types dealt anew from what that opponent knows
    (``root_env.engine.plots.resample_plots``: the types a wrong guess ruled out stay out), not against the true types
    the Corvids' determinizations keep, so that the search's opponents do not guess every plot right (1: on, 0: off; no
    effect for other searchers, whose determinizations already deal the types); hand: the table leaf counts each card in
    a seat's hand (a public count) `hand` points more than heuristic v2's valuation does (``P_HAND``, 1.2 points), for
    the value of cards beyond the search's horizon (what they recruit and craft later; 0: off); wares: the table leaf
    counts each card in the Riverfolk's hand `wares` points more (their seat alone, unlike `hand`): the stock the others
    buy with the Hand Card service (Law 11.2.7.I), whose payments become funds, and what the Riverfolk craft (11.5.3),
    worth beyond the horizon; a draw commits a fund for one (11.5.4) (0: off); paid: the table leaf weighs what the
    Riverfolk's boxes hold against every other seat `paid` times heuristic v2's ``P_RF_PAID`` (8 points a warrior; 1:
    as heuristic v2); recover: with the base rollout (``rollout="base"``), a Keepers' Move or Recover in a rollout
    recovers when it can, as heuristic v2's rollouts do (``agents.heuristic.keepers_recovery``: a recovery takes three
    decisions, which a uniform rollout finishes about one time in six, Law 15.5.2.III) (0: off); idle: each time the
    Keepers end a Retinue column in the tree while cards of it could still act (Law 15.5.2), their leaf reward is
    charged `idle` times heuristic v2's ``K_IDLE`` (8 points) per such card (``agents.table.keepers_idle``), as heuristic
    v2 charges that choice (table leaf only; ``keepers_shift``) (0: off); retinue: the table leaf counts each card in the
    Keepers' Retinue (Faithful Retainers aside) `retinue` points more for their seat, times the share of the race left
    (30 less the leading seat's VP, over 30): a Retinue card acts every Daylight to the game's end (Law 15.5.2), which
    heuristic v2's 2.5-3.5 points do not see, so that crafting a 1-VP item looked worth three Retinue cards (table
    leaf only; ``keepers_leaf_points``) (0: off); oppress: the table leaf counts what
    the Hundreds' next Oppress would score (Law 14.6.2) `oppress` times 10 points a VP on their race value
    (``agents.ismcts_leaf``; 0: off); contest: the table leaf rewards each seat with its chance to win less `contest`
    times the best other seat's, rescaled to [0, 1] (``agents.ismcts_leaf.contest_rewards``: a seat gains from what
    the leader loses, not only from its own share of it; 0: off; not with idle or retinue, whose charge is applied to
    the chances afterwards); threat, leader: in the rows heuristic v2 decides with inside the search (the
    v2 rollout's, ``rollout="v2"``, and the prior's choice), each opponent's threat weight ``P_W_THREAT`` (how much an
    opponent near 30 counts against the decider, ``agents.table.threats``) is `threat` times heuristic v2's, and the
    opponent projected highest weighs `leader` more (``P_W_LEADER`` + `leader`): the search expects every seat to
    contest the leader that much more (``rollout_rows``; 1 and 0: heuristic v2's rows; no effect with the base or
    random rollout and no prior); pkind: where the prior counts: 0 at every decision; 1 only at the Keepers' Retinue
    decision (which card acts, or end the column: Law 15.5.2; heuristic v2 charges ending it with idle cards), the
    search alone deciding everything else; 2 at every decision but that one (``prior_here``); pupto: the prior counts
    only when the search's iterations (per tree) are at most `pupto`, the search alone deciding above it (0: at any
    budget; a time budget's iteration cap is ``TIMED_ITERATIONS``); raze: the table leaf projects the Hundreds' next Raze (Law 14.4.1): every enemy
    building and token in a clearing with a mob counts as removed, `raze` of the way from the board as it stands to
    the board after it (each seat's race value, 10 points a VP to the Hundreds for each; 1: as removed;
    ``agents.ismcts_leaf.raze_shift``; 0: off); reach: the same for what the warlord's stack could clear at the
    Hundreds' next Daylight (Law 14.5.3; ``agents.ismcts_leaf.warlord_reach``, a rough bound: up to Prowess battles
    within Prowess moves, each against an enemy with fewer warriors than the stack, removing its buildings and
    tokens; 0: off); build: the table leaf counts what the Marquise's next Daylight's builds would score (Law 6.5.4)
    `build` times 10 points a VP on her race value (``agents.ismcts_leaf.build_potential``; 0: off); side: how the
    search treats the options of any time in Daylight (Law 3.3.1 activate and 3.3.4 take a dominance card, Tax
    Collector, Codebreakers, Exposure 13.2.4, a closed path C.3.3; ``root_env.engine.card_effects.is_daylight_option``),
    which every menu of a Daylight lists beside the faction's own actions: 1, a node adds a child for one of them only
    when every other legal action there has one (progressive widening reaches the faction's own actions first); 2, that,
    and the base rollout draws them as rarely as "done" (``side_rollout``) (0: as any other action); value: the
    learned model (a path, a model dict or a packed array, ``agents.value_model``; given, it makes the leaf "value",
    every seat's reward the model's chance that it wins, from its own view; the leaf "value" without it takes the
    shipped model), packed at the end of the array (``opts[N_OPTIONS:]``)."""
    _count("iterations", iterations, 1)
    if rollout not in ROLLOUTS:
        raise ValueError(f"rollout must be one of {ROLLOUTS}, got {rollout!r}")
    _count("depth", depth, 0)
    if value is not None:
        leaf = "value"
    if leaf not in LEAVES:
        raise ValueError(f"leaf must be one of {LEAVES}, got {leaf!r}")
    if scale is None:
        scale = LEAF_SCALE.get(leaf, D_SCALE)
    _number("c", c)
    _number("pw_alpha", pw_alpha)
    _number("scale", scale, strict=True)
    _number("pace", pace)
    _number("prior", prior)
    _number("plan", plan)
    _number("funds", funds)
    _number("potential", potential)
    _number("shroud", shroud)
    _number("hand", hand)
    _number("wares", wares)
    _number("paid", paid)
    _number("recover", recover)
    _number("idle", idle)
    _number("retinue", retinue)
    _number("oppress", oppress)
    _number("contest", contest)
    if contest > 0 and (leaf != "table" or idle > 0 or retinue > 0):
        raise ValueError(f"contest applies to the table leaf without idle or retinue, got leaf={leaf!r}, "
                         f"idle={idle!r}, retinue={retinue!r}")
    _number("threat", threat)
    _count("pupto", pupto, 0)
    _number("leader", leader)
    if pkind not in (PKIND_ALL, PKIND_RETINUE, PKIND_NOT_RETINUE) or isinstance(pkind, bool):
        raise ValueError(f"pkind must be 0 (every decision), 1 (the Keepers' Retinue decision only) or 2 (all but "
                         f"it), got {pkind!r}")
    _number("raze", raze)
    _number("reach", reach)
    _number("build", build)
    if side not in (SIDE_OFF, SIDE_TREE, SIDE_TREE_ROLLOUT) or isinstance(side, bool):
        raise ValueError(f"side must be 0 (off), 1 (the options of any time in Daylight expanded last) or 2 (that, and "
                         f"drawn as rarely as 'done' in rollouts), got {side!r}")
    if shroud not in (0, 1):
        raise ValueError(f"shroud must be 0 (off) or 1 (on), got {shroud!r}")
    if isinstance(pw_c, bool) or not isinstance(pw_c, (int, float, np.floating, np.integer)) or not math.isfinite(pw_c):
        raise ValueError(f"pw_c must be a finite number, got {pw_c!r}")
    if seconds is not None:
        _number("seconds", seconds, strict=True)
    _count("trees", trees, 1)
    o = np.zeros(N_OPTIONS, np.float64)
    o[O_ITERS], o[O_C], o[O_ROLLOUT], o[O_DEPTH] = iterations, c, ROLLOUTS.index(rollout), depth
    o[O_PW_C], o[O_PW_ALPHA], o[O_SCALE], o[O_LEAF] = pw_c, pw_alpha, scale, LEAVES.index(leaf)
    o[O_SECONDS], o[O_TREES], o[O_PACE], o[O_PRIOR] = seconds or 0.0, trees, pace, prior
    o[O_PLAN], o[O_FUNDS], o[O_POTENTIAL], o[O_SHROUD] = plan, funds, potential, float(shroud)
    o[O_HAND], o[O_WARES], o[O_PAID], o[O_RECOVER], o[O_IDLE] = hand, wares, paid, recover, idle
    o[O_RETINUE], o[O_OPPRESS], o[O_CONTEST], o[O_THREAT], o[O_LEADER] = retinue, oppress, contest, threat, leader
    o[O_PKIND], o[O_PUPTO], o[O_RAZE], o[O_REACH], o[O_BUILD] = pkind, pupto, raze, reach, build
    o[O_SIDE] = side
    if leaf == "value":
        o = np.concatenate([o, value_model.packed(value)])
    return o


def faction_options(faction: str, **overrides) -> np.ndarray:
    """The options array `faction` (a name) searches with by default: ``options`` with its
    ``FACTION_DEFAULTS``, then `overrides` (``options``'s keywords)."""
    if faction not in FACTION_NAMES:
        raise ValueError(f"unknown faction {faction!r}; known factions: {', '.join(FACTION_NAMES)}")
    return options(**{**FACTION_DEFAULTS.get(faction, {}), **overrides})


def describe(o) -> dict:
    """An options array as ``options``'s keywords (for reports)."""
    return {"iterations": int(o[O_ITERS]), "c": float(o[O_C]), "rollout": ROLLOUTS[int(o[O_ROLLOUT])],
            "depth": int(o[O_DEPTH]), "pw_c": float(o[O_PW_C]), "pw_alpha": float(o[O_PW_ALPHA]),
            "scale": float(o[O_SCALE]), "leaf": LEAVES[int(o[O_LEAF])],
            "seconds": float(o[O_SECONDS]) if o[O_SECONDS] > 0 else None, "trees": int(o[O_TREES]),
            "pace": float(o[O_PACE]), "prior": float(o[O_PRIOR]), "plan": float(o[O_PLAN]),
            "funds": float(o[O_FUNDS]), "potential": float(o[O_POTENTIAL]), "shroud": float(o[O_SHROUD]),
            "hand": float(o[O_HAND]), "wares": float(o[O_WARES]),
            "paid": float(o[O_PAID]), "recover": float(o[O_RECOVER]), "idle": float(o[O_IDLE]),
            "retinue": float(o[O_RETINUE]), "oppress": float(o[O_OPPRESS]),
            "contest": float(o[O_CONTEST]), "threat": float(o[O_THREAT]), "leader": float(o[O_LEADER]),
            "pkind": int(o[O_PKIND]), "pupto": int(o[O_PUPTO]), "raze": float(o[O_RAZE]),
            "reach": float(o[O_REACH]), "build": float(o[O_BUILD]), "side": int(o[O_SIDE])}


def keywords() -> dict:
    """``options``'s keywords and their defaults (what ``ismcts:N:key=value`` may set, ``agents.arena``)."""
    return {k: p.default for k, p in inspect.signature(options).parameters.items()}


@njit(cache=True)
def new_tree(iterations):
    """Node arrays for up to `iterations` iterations (one node each, plus the root)."""
    nodes = np.zeros((iterations + 1, N_COLS), np.int64)
    value = np.zeros(iterations + 1, np.float64)
    mark = np.zeros(N_ACTIONS, np.int64)     # scratch: which actions are legal / have a child
    path = np.zeros((iterations + 1, 2), np.int64)  # (node, deciding faction) along one descent
    return nodes, value, mark, path


@njit(cache=True)
def _rewards(s, reward, opts):
    """reward[g] in [0, 1] for each seated faction g: the outcome if the game ended, else the leaf's: each seat's
    chance to win ("table", ``agents.ismcts_leaf.table_rewards``), or the squashed leaf score against the best
    other seat's ("heuristic"; the Vagabond's, with the "vagabond" leaf: see the module doc)."""
    n = s[NSEATS]
    scale = opts[O_SCALE]
    if s[GAME_OVER] != 0:
        for p in range(n):
            g = s[SEAT_FACTION + p]
            reward[g] = 1.0 if (s[WINNERS] >> g) & 1 else 0.0
        return
    if opts[O_LEAF] == LEAF_TABLE:
        table_rewards(s, reward, scale, opts[O_PACE], opts[O_PLAN], opts[O_FUNDS], opts[O_POTENTIAL], opts[O_HAND],
                      opts[O_WARES], opts[O_PAID], opts[O_OPPRESS], opts[O_CONTEST], opts[O_RAZE],
                      opts[O_REACH], opts[O_BUILD])
        return
    if opts[O_LEAF] == LEAF_VALUE:  # the learned model, each seat from its own view (agents.value_model)
        for p in range(n):
            g = s[SEAT_FACTION + p]
            reward[g] = value_model.predict(s, g, opts[N_OPTIONS:])
        return
    v = np.empty(NF, np.float64)
    vb_leaf = opts[O_LEAF] == LEAF_VAGABOND
    for p in range(n):
        g = s[SEAT_FACTION + p]
        v[g] = vagabond_score(s, g) if vb_leaf and is_vagabond(g) else evaluate(s, g)
    for p in range(n):
        g = s[SEAT_FACTION + p]
        reward[g] = _squashed(s, v, g, g, scale)
    for k in range(2):
        g = VAGABOND + k
        if vb_leaf and s[FACTION_SEAT + g] >= 0 and s[VB_COALITION + k] >= 0:
            # In a coalition a Vagabond wins when his partner wins (9.2.8): the partner's chances are his.
            reward[g] = _squashed(s, v, s[VB_COALITION + k], g, scale)


@njit(cache=True)
def keepers_leaf_points(s, per_card):
    """Option retinue: `per_card` points for each card in the Keepers' Retinue (Faithful Retainers aside, Law 15.5.2),
    times the share of the race left: (30 - the leading seat's VP) / 30, at least 0."""
    if per_card <= 0.0:
        return 0.0
    n = retinue_cards(s)
    top = 0
    for q in range(s[NSEATS]):
        top = max(top, s[VP + s[SEAT_FACTION + q]])
    return per_card * n * max(0.0, (30.0 - top) / 30.0)


@njit(cache=True)
def keepers_shift(s, reward, points, scale):
    """The table leaf's rewards with the Keepers' race value lowered by `points` (raised when negative; options idle
    and retinue): their softmax share p becomes p e / (p e + 1 - p) with e = exp(-points / scale), every other seat's q
    becomes q / (p e + 1 - p), as if ``agents.ismcts_leaf.table_rewards`` had been given that value (a coalition
    partner's share follows his partner's)."""
    p = reward[KEEPERS]
    e = math.exp(min(60.0, max(-60.0, -points / scale)))
    z = p * e + 1.0 - p
    if z <= 0.0:
        return
    for q in range(s[NSEATS]):
        g = s[SEAT_FACTION + q]
        reward[g] = reward[g] * e / z if g == KEEPERS or partner_of(s, g) == KEEPERS else reward[g] / z


@njit(cache=True)
def _squashed(s, v, g, skip, scale):
    """g's score against the best score of the seats other than g and `skip`, squashed to [0, 1]."""
    best = -1e18
    for q in range(s[NSEATS]):
        h = s[SEAT_FACTION + q]
        if h != g and h != skip and v[h] > best:
            best = v[h]
    x = (v[g] - best) / scale
    x = min(40.0, max(-40.0, x))
    return 1.0 / (1.0 + math.exp(-x))


@njit(cache=True)
def rollout_row(opts, g):
    """Heuristic v2's parameter row for faction g (``PARAMS[2, g]``) as the search's v2 rollout and prior decide with
    it: its threat weight ``P_W_THREAT`` times ``opts[O_THREAT]``, its leader weight ``P_W_LEADER`` plus
    ``opts[O_LEADER]`` (options threat and leader; at their defaults 1 and 0, heuristic v2's row)."""
    row = PARAMS[2, g].copy()
    row[P_W_THREAT] *= opts[O_THREAT]
    row[P_W_LEADER] += opts[O_LEADER]
    return row


@njit(cache=True)
def rollout_rows(opts):
    """``rollout_row`` for every faction, one row each."""
    rows = PARAMS[2].copy()
    for g in range(NF):
        rows[g] = rollout_row(opts, g)
    return rows


@njit(cache=True)
def side_rollout(s, r):
    """Option side=2's base rollout: ``base_policy``, with an option of any time in Daylight (``is_daylight_option``)
    kept only about as often as "done" is (``P_DONE_IN_ROLLOUT``), else drawn again: the base rollout avoids "done",
    so where little else is open it took Exposure guesses and dominance cards over and over."""
    a, r = base_policy(s, r)
    if s[LEGAL_N] > 1 and is_daylight_option(a):
        r = next_rand(r)
        if (r & 0xFFFF) > P_DONE_IN_ROLLOUT * 0x10000:
            a, r = base_policy(s, r)
    return a, r


@njit(cache=True)
def _child(nodes, node, a):
    """The child of `node` reached by action `a`, or -1."""
    ch = nodes[node, N_FIRST] - 1
    while ch >= 0:
        if nodes[ch, N_ACTION] == a:
            return ch
        ch = nodes[ch, N_NEXT] - 1
    return -1


@njit(cache=True)
def _step(s, nodes, value, n_nodes, node, mark, opts, r):
    """One selection-or-expansion step at `node` for the pending decision of `s`. Returns (child,
    n_nodes, expanded, r); marks the legal actions in `mark` and clears them again."""
    n = s[LEGAL_N]
    for i in range(n):
        mark[s[LEGAL + i]] = 1
    # Availability: every child legal here could have been chosen in this determinization.
    k = 0
    avail = 0
    best = -1
    best_u = -1e18
    log_n = 0.0
    ch = nodes[node, N_FIRST] - 1
    while ch >= 0:
        k += 1
        if mark[nodes[ch, N_ACTION]] == 1:
            mark[nodes[ch, N_ACTION]] = 2
            nodes[ch, N_AVAIL] += 1
            avail += 1
        ch = nodes[ch, N_NEXT] - 1
    untried = n - avail
    allowed = 1e18 if opts[O_PW_C] <= 0 else max(1.0, opts[O_PW_C] * (nodes[node, N_VISITS] + 1) ** opts[O_PW_ALPHA])
    expanded = False
    if untried > 0 and (k < allowed or avail == 0) and n_nodes < nodes.shape[0]:
        side = opts[O_SIDE] != SIDE_OFF
        if side:  # option side: the options of any time in Daylight only once every other action has a child
            own = 0
            for i in range(n):
                b = s[LEGAL + i]
                if mark[b] == 1 and not is_daylight_option(b):
                    own += 1
            side = own > 0
            if side:
                untried = own
        r = next_rand(r)
        j = (r * untried) >> 32
        a = -1
        for i in range(n):
            b = s[LEGAL + i]
            if mark[b] == 1 and not (side and is_daylight_option(b)):
                if j == 0:
                    a = b
                    break
                j -= 1
        best = n_nodes
        n_nodes += 1
        nodes[best, N_FIRST] = 0
        nodes[best, N_ACTION] = a
        nodes[best, N_VISITS] = 0
        nodes[best, N_AVAIL] = 1
        value[best] = 0.0
        nodes[best, N_NEXT] = nodes[node, N_FIRST]  # links are stored +1 so that 0 means none
        nodes[node, N_FIRST] = best + 1
        expanded = True
    else:
        ch = nodes[node, N_FIRST] - 1
        while ch >= 0:
            if mark[nodes[ch, N_ACTION]] == 2:
                vis = nodes[ch, N_VISITS]
                if vis == 0:
                    u = 1e9
                else:
                    log_n = math.log(max(1, nodes[ch, N_AVAIL]))
                    u = value[ch] / vis + opts[O_C] * math.sqrt(log_n / vis)
                r = next_rand(r)
                u += (r & 0xFFFF) * 1e-12  # ties broken by the agent's generator
                if u > best_u:
                    best_u = u
                    best = ch
            ch = nodes[ch, N_NEXT] - 1
    for i in range(n):
        mark[s[LEGAL + i]] = 0
    return best, n_nodes, expanded, r


@njit(cache=True, inline="always")  # inlined into run_tree: one compiled copy of the engine less
def search(state, f, r, iterations, opts, nodes, value, n_nodes, mark, path, work):
    """Run `iterations` more ISMCTS iterations for faction f from `state` (f's decision) into the tree
    (nodes, value) holding `n_nodes` nodes (1 = only the root). `work` is scratch of shape (1+, STATE_SIZE).
    Returns (n_nodes, r)."""
    s = work[0]
    reward = np.zeros(NF, np.float64)
    depth = int(opts[O_DEPTH])
    rollout = int(opts[O_ROLLOUT])
    shroud = opts[O_SHROUD] != 0 and f == CORVIDS
    guide = np.zeros((2 if rollout == ROLLOUT_V2 else 0, s.shape[0]), np.int64)  # heuristic v2's scratch
    rows = rollout_rows(opts)  # heuristic v2's rows, their threat weights as options threat and leader set them
    recover = opts[O_RECOVER] != 0
    side_roll = opts[O_SIDE] == SIDE_TREE_ROLLOUT
    table_leaf = opts[O_LEAF] == LEAF_TABLE
    idle_w = opts[O_IDLE] * KP_PLAN_V2[K_IDLE] if table_leaf else 0.0
    kp_card = opts[O_RETINUE] if table_leaf and state[FACTION_SEAT + KEEPERS] >= 0 else 0.0
    for _ in range(iterations):
        r = determinize(state, s, f, r)
        node = 0
        plen = 0
        charge = 0.0  # option idle: the Keepers' idle Retinue cards along the tree's path, in points
        # Selection and expansion, down the tree keyed by the action sequence.
        while s[GAME_OVER] == 0:
            if s[LEGAL_N] == 1:
                apply(s, s[LEGAL])
                continue
            d = s[DECIDER]
            if shroud and d != f and s[DECISION] == D_CV_EXPOSE_GUESS:
                r = resample_plots(s, r)  # the guesser's belief, not the Corvids' knowledge (option shroud)
            child, n_nodes, expanded, r = _step(s, nodes, value, n_nodes, node, mark, opts, r)
            if child < 0:  # the tree is full and no child is legal here: evaluate from here
                break
            if idle_w > 0.0 and d == KEEPERS and s[DECISION] == D_KP_RETINUE and nodes[child, N_ACTION] == A_DONE:
                charge += idle_w * keepers_idle(s)  # Law 15.5.2: the column ends with cards that could still act
            apply(s, nodes[child, N_ACTION])
            path[plen, 0] = child
            path[plen, 1] = d
            plen += 1
            node = child
            if expanded:
                break
        # Rollout to the depth, then the leaf's rewards.
        for _ in range(depth):
            if s[GAME_OVER] != 0:
                break
            if shroud and s[DECIDER] != f and s[DECISION] == D_CV_EXPOSE_GUESS:
                r = resample_plots(s, r)
            if rollout == ROLLOUT_BASE:
                a = keepers_recovery(s) if recover else -1  # option recover: finish a Keepers' recovery
                if a < 0:
                    a, r = side_rollout(s, r) if side_roll else base_policy(s, r)
            elif rollout == ROLLOUT_V2:
                a, r = choose_params(s, s[DECIDER], r, guide, rows[s[DECIDER]])
            else:
                r = next_rand(r)
                a = s[LEGAL + ((r * s[LEGAL_N]) >> 32)]
            apply(s, a)
        _rewards(s, reward, opts)
        if (charge > 0.0 or kp_card > 0.0) and s[GAME_OVER] == 0:
            keepers_shift(s, reward, charge - keepers_leaf_points(s, kp_card), opts[O_SCALE])
        nodes[0, N_VISITS] += 1
        for i in range(plen):
            ch = path[i, 0]
            nodes[ch, N_VISITS] += 1
            value[ch] += reward[path[i, 1]]
    return n_nodes, r


@njit(cache=True)
def best_root_action(state, nodes):
    """The most visited root child legal in `state` (the first legal action if none was visited)."""
    best_a = state[LEGAL]
    best_v = -1
    for i in range(state[LEGAL_N]):
        a = state[LEGAL + i]
        ch = _child(nodes, 0, a)
        if ch >= 0 and nodes[ch, N_VISITS] > best_v:
            best_v = nodes[ch, N_VISITS]
            best_a = a
    return best_a


@njit(cache=True)
def add_root_visits(state, nodes, visits):
    """visits[i] += the visits of the root child of legal action i of `state` (merging root-parallel trees)."""
    for i in range(state[LEGAL_N]):
        ch = _child(nodes, 0, state[LEGAL + i])
        if ch >= 0:
            visits[i] += nodes[ch, N_VISITS]


@njit(cache=True)
def most_visited(state, visits):
    """The legal action with the most merged root visits (the first among equals)."""
    best = 0
    for i in range(state[LEGAL_N]):
        if visits[i] > visits[best]:
            best = i
    return state[LEGAL + best]


@njit(cache=True)
def tree_stream(r, k):
    """The generator state of tree k of a root-parallel decision drawn with generator state r."""
    return seed_rand((r * 40503 + 7919 * (k + 1)) & 0x7FFFFFFF)


@njit(cache=True)
def clock():
    """Seconds of a monotonic clock (``time.perf_counter``), read from compiled code."""
    with numba.objmode(t="float64"):
        t = time.perf_counter()
    return t


@njit(cache=True)
def reset_tree(nodes, value):
    nodes[0, :] = 0
    value[0] = 0.0
    return 1


@njit(cache=True)
def prior_here(state, opts):
    """The prior visits of heuristic v2's choice at this decision: ``opts[O_PRIOR]``, or 0 where option pkind leaves
    the decision to the search alone (1: every decision but the Keepers' Retinue decision, which card acts or the
    column ends, Law 15.5.2; 2: that decision) and at every decision when option pupto is set and the search's
    iterations exceed it."""
    if opts[O_PUPTO] > 0 and opts[O_ITERS] > opts[O_PUPTO]:
        return 0.0
    k = int(opts[O_PKIND])
    if k == PKIND_ALL:
        return opts[O_PRIOR]
    retinue = state[DECIDER] == KEEPERS and state[DECISION] == D_KP_RETINUE
    return opts[O_PRIOR] if retinue == (k == PKIND_RETINUE) else 0.0


@njit(cache=True)
def heuristic_first(state, f, r, opts):
    """Heuristic v2's action for the decision when its prior there is > 0 (``prior_here``; else -1), from f's view,
    with its threat weights as options threat and leader set them (``rollout_rows``). Returns (a, r)."""
    if prior_here(state, opts) <= 0:
        return -1, r
    return choose_params(state, f, r, np.zeros((2, state.shape[0]), np.int64), rollout_row(opts, f))


@njit(cache=True)
def add_first(state, visits, first, prior):
    """The prior visits of heuristic v2's choice `first` (if any) added to the merged root visits."""
    if first >= 0:
        for i in range(state[LEGAL_N]):
            if state[LEGAL + i] == first:
                visits[i] += prior


@njit(cache=True, nogil=True)
def run_tree(state, f, r, opts, seconds, nodes, value, mark, path, work, first):
    """One tree's search for faction f's decision in `state`, from an empty tree (whose first root child is the
    action `first`, when >= 0): ``opts[O_ITERS]`` iterations, or fewer when `seconds` > 0 and the clock, read every
    ``TIME_CHUNK`` iterations, passes that many seconds (at least one chunk). Returns (r, iterations run).
    Releases the GIL (root-parallel trees run on threads)."""
    iters = int(opts[O_ITERS])
    chunk = iters if seconds <= 0 else TIME_CHUNK
    end = clock() + seconds if seconds > 0 else 0.0
    n_nodes = reset_tree(nodes, value)
    if first >= 0 and nodes.shape[0] > 1:
        nodes[1, N_FIRST] = 0
        nodes[1, N_NEXT] = 0
        nodes[1, N_ACTION] = first
        nodes[1, N_VISITS] = 0
        nodes[1, N_AVAIL] = 0
        value[1] = 0.0
        nodes[0, N_FIRST] = 2  # links are stored +1
        n_nodes = 2
    done = 0
    while done < iters:
        k = min(chunk, iters - done)
        n_nodes, r = search(state, f, r, k, opts, nodes, value, n_nodes, mark, path, work)
        done += k
        if seconds > 0 and clock() >= end:
            break
    return r, done


@njit(cache=True)
def choose(state, f, r, opts, nodes, value, mark, path, work):
    """The ISMCTS action for faction f (the decider) in `state` with the options `opts` (the tree arrays must hold
    ``opts[O_ITERS]`` nodes + 1: ``new_tree``). With ``opts[O_TREES]`` = K > 1, K trees are searched one after
    another (each from ``tree_stream(r, k)``, with 1/K of the time budget) and their root visits summed: the
    decision root-parallel ISMCTS on K threads makes (``ISMCTSAgent``). Returns (action, r)."""
    if state[LEGAL_N] == 1:
        return state[LEGAL], r
    first, r = heuristic_first(state, f, r, opts)
    k_trees = max(1, int(opts[O_TREES]))
    if k_trees == 1 and first < 0:
        r, _ = run_tree(state, f, r, opts, opts[O_SECONDS], nodes, value, mark, path, work, first)
        return best_root_action(state, nodes), r
    visits = np.zeros(state[LEGAL_N], np.float64)
    if k_trees == 1:
        r, _ = run_tree(state, f, r, opts, opts[O_SECONDS], nodes, value, mark, path, work, first)
        add_root_visits(state, nodes, visits)
    else:
        for k in range(k_trees):
            run_tree(state, f, tree_stream(r, k), opts, opts[O_SECONDS] / k_trees, nodes, value, mark, path, work,
                     first)
            add_root_visits(state, nodes, visits)
        r = next_rand(r)
    add_first(state, visits, first, prior_here(state, opts))
    return most_visited(state, visits), r
