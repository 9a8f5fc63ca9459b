"""Faction-balance studies: many seat-rotated games between compiled agents, and their statistics.

    python -m root_env.balance run --factions marquise,eyrie,alliance,vagabond --agents heuristic \\
        --games 2400 --jobs 2 --out runs/heuristic
    python -m root_env.balance report runs/heuristic
    python -m root_env.balance compare runs/random runs/heuristic
    python -m root_env.balance sprt --candidate heuristic --baseline random --p0 0.25 --p1 0.35
    python -m root_env.balance ladder --rungs random,heuristic,ismcts:100,ismcts:200 --out runs/ladder

``study`` plays and records games (resumable), ``ordering`` interleaves seatings so that any prefix of a
study is seat-balanced, ``stats`` holds the statistics (Wilson intervals,
conditional logit of faction and seat effects, SPRT), ``report`` writes report.md / report.json / PNGs.
``ladder`` plays a ladder of skill (every rung's own study and rung against rung) with ``study``'s machinery,
``ladder_stats`` / ``ladder_report`` analyse it, ``nash`` holds the Nash averaging of its meta-game.
The statistics need the ``stats`` extra (scipy, statsmodels, matplotlib).
"""
from root_env.balance.study import run_study, load_results, seatings, parse_agents, game_seed, StudyMismatch
from root_env.balance.stats import wilson, sprt, SPRT, fit_conditional_logit, extra_games_for_half_width
from root_env.balance.ladder import run_ladder

__all__ = ["run_study", "load_results", "seatings", "parse_agents", "game_seed", "StudyMismatch", "wilson", "sprt",
           "SPRT", "fit_conditional_logit", "extra_games_for_half_width", "run_ladder"]
