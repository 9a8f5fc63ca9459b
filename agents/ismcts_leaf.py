"""The Vagabond's leaf score for ISMCTS (``agents.ismcts``, leaf evaluation ``"vagabond"``).

The heuristic's faction score (``agents.heuristic.evaluate``) is the ISMCTS leaf evaluation of every
faction, and it is the heuristic agent's own plan, kept as it is. For the Vagabond's search two things
are added (``benchmarks/results/ismcts_strength.md`` has the measurements that chose them):

- **Quests in reach**: each visible quest whose two items the Vagabond holds undamaged (face up or
  exhausted, so ready at his next Birdsong) adds ``QUEST_IN_REACH`` (half a VP: 10 points = 1 VP).
  A quest scores VP or two cards, but only once he stands in a clearing of its suit with the items
  face up; the heuristic's score sees the reward, not the items that lead to it.
- **A coalition is his partner's chances** (``agents.ismcts._rewards``): after activating a dominance
  card the Vagabond scores nothing more and wins exactly when his partner wins (Law 3.3.1, seed 002
  9.2.8), so his leaf reward is his partner's (the partner's score against the best other seat's, the
  Vagabond left out). The heuristic's score counts his own VP plus the partner's, which made an early
  coalition with the last player look like a gain to the search.
"""
from root_env.engine.jit import njit

from root_env.data import NQUEST, QUEST_ITEMS
from root_env.layout import GAME_OVER, QUEST_LOC, QL_VISIBLE
from root_env.engine.items import undamaged
from agents.heuristic import evaluate

QUEST_IN_REACH = 5.0  # score points per visible quest whose items he holds undamaged


@njit(cache=True)
def quests_in_reach(s, v):
    """Visible quests whose two items Vagabond v holds undamaged (two copies when both are one item)."""
    n = 0
    for q in range(NQUEST):
        if s[QUEST_LOC + q] == QL_VISIBLE:
            a = QUEST_ITEMS[q, 0]
            b = QUEST_ITEMS[q, 1]
            if a == b:
                ok = undamaged(s, v, a) >= 2
            else:
                ok = undamaged(s, v, a) >= 1 and undamaged(s, v, b) >= 1
            if ok:
                n += 1
    return n


@njit(cache=True)
def vagabond_score(s, f):
    """Vagabond f's leaf score: the heuristic's (``evaluate``) plus the quests in reach."""
    v = evaluate(s, f)
    if s[GAME_OVER] != 0:
        return v
    return v + QUEST_IN_REACH * quests_in_reach(s, f)
