"""The strongest combination the project has: each faction played by the agent that wins most for it against the
draft ladder's top rung (issue 36's "strongest combination" rung).

The agent spec ``strongest`` seats each faction with ``SPECS[faction]`` (``BASE`` for a faction not listed), as
``pretrained`` seats each with its shipped policy (``agents.policies.seat_spec``). Every entry is a compiled kind, so
a ``strongest`` game plays inside the compiled arena like any ISMCTS rung:

    python -m root_env.balance rung --ladder benchmarks/results/ladder_draft_4p --rung strongest --tables 720 ...

An entry is here only with paired evidence on the ladder's own tables that it wins more for that faction than
``BASE`` does, every other seat ``BASE`` (``benchmarks.faction_search`` / ``benchmarks.hundreds_search``). Chosen
for strength, never for closeness to the human figures.
"""
from __future__ import annotations

NAME = "strongest"

# The draft ladder's top rung, with the ISMCTS defaults (agents.ismcts.FACTION_DEFAULTS): every faction's own
# settings were chosen on that rung's tables (benchmarks/results/faction_tune/, raze_leaf/). Against it, a faction's
# own search wins more than heuristic v2's choices for every faction but the Keepers (search_gain/: +5 to +60 points
# at 400 iterations, the Keepers -3). Agents whose strength against it is not measured per faction (the value leaf,
# the shipped policies, policy-guided search) are not candidates yet.
BASE = "ismcts:400"

SPECS = {
    # Four times the search, heuristic v2's prior dropped and idle Retinue cards charged: against ismcts:400 (the
    # defaults before 2026-12-01) on the ladder's 280 Keepers tables 33 wins to 16 (won only here 32, only there 15,
    # sign test p = 0.019; benchmarks/results/keepers_top_rung.md). At 400 iterations the same options were not
    # clearly better (60 to 41 over 673 tables, p = 0.064; keepers_ladder/), so they are not the Keepers' default.
    "keepers": "ismcts:1600:idle=1,prior=0",
    # Four times the search: against ismcts:400 (today's defaults) on the ladder's first 240 Hundreds tables, 76.7 %
    # against 63.3 % on the first 120 (won only here 32, only there 16, p = 0.029) and confirmed on the next 120 (34
    # to 14, p = 0.006; benchmarks/results/strongest_budget/). The Marquise at 1,600 gained nothing (7 to 8 of 120).
    "hundreds": "ismcts:1600",
    # Four times the search: on the ladder's first 240 Eyrie tables 45.8 % against 32.1 % (won only here 68, only there
    # 35, p = 0.001; the screen's first 120: 37 / 14, the next 120: 31 / 21; benchmarks/results/strongest_budget/).
    "eyrie": "ismcts:1600",
    # Her next Daylight's builds in the table leaf (option build, Law 6.5.4: what the wood she can reach would build)
    # and four times the search. With the option at 400 iterations, on the ladder's first 360 Marquise tables 15.3 %
    # against 6.9 % for ismcts:400 (won only here 49, only there 19, p < 0.001); with it at 1,600 against it at 400 on
    # her first 240 tables 22.9 % against 14.2 % (43 / 22, p = 0.013; the screen's 120: 21 / 13, the next 120: 22 / 9,
    # p = 0.029). Without the option four times the search gave her nothing (7 / 8 of 120;
    # benchmarks/results/marquise_build/, strongest_budget/).
    "marquise": "ismcts:1600:build=0.6",
    # Four times the search: on the ladder's first 476 Corvid tables 34.9 % against 25.2 % for ismcts:400 (won only
    # here 111, only there 65, p = 0.001); the first 230 (the screen and its first confirmation): 49 / 36, p = 0.19;
    # the 246 after them, on the defaults rung extended to all 1,440 tables: 62 / 29, p = 0.001
    # (benchmarks/results/strongest_budget/).
    "corvids": "ismcts:1600",
}


def spec_for(faction: str) -> str:
    """The compiled agent spec that plays `faction` in the strongest combination."""
    return SPECS.get(faction, BASE)
