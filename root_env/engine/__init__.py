"""The compiled rules engine: plain ``@njit(cache=True)`` functions over the flat state array.

numba's on-disk cache checks only each function's own source file, not the constants it reads from other
modules (layout offsets, game data) nor the callees compiled into it. So that a changed source can never
load a stale compiled function, the cache lives in layer folders named by a hash of the sources
(``cache_layers``: the engine, the agents, the trainer), which also hold the precompiled cache shipped
with the package.
"""
from .cache_layers import HASHES

SOURCE_HASH = HASHES["engine"]  # the engine layer's hash (the version of the compiled engine)
