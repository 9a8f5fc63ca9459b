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

from root_env.layout import GAME_OVER
from agents.heuristic import evaluate
from agents.table import QUEST_IN_REACH, quests_in_reach  # noqa: F401  (one definition, shared with heuristic v2)


@njit(cache=True)
def vagabond_score(s, f):
    """Vagabond f's leaf score: the heuristic's (``evaluate``) plus the quests in reach."""
    v = evaluate(s, f)
    if s[GAME_OVER] != 0:
        return v
    return v + QUEST_IN_REACH * quests_in_reach(s, f)
