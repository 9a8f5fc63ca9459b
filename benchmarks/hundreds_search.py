"""The name ``benchmarks.faction_search`` had while it replayed the Hundreds' tables alone (issue 36): the commands
written with it in ``benchmarks/results/`` run the same tool (``--faction`` defaults to the Hundreds)."""
from benchmarks.faction_search import main

if __name__ == "__main__":
    main()
