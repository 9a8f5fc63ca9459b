"""Self-play training (masked PPO) fed by the compiled engine; needs the ``train`` extra (torch).

``python -m agents.train --factions marquise,eyrie,alliance,vagabond --minutes 60 --out runs/x``
"""
