"""The value model's Duchy and Keepers sections under regularization, side by side on the same held-out games.

    python -m benchmarks.value_sections_regularized --data POSITIONS.npz [--epochs 6] [--lr 0.0001]
        [--hidden 64,32] [--l2 0,0.001,0.01] [--cold 0.01] [--cold141 0.01] [--frozen 0.001,0.0003]
        [--save DIR] [--json PATH]

`POSITIONS.npz` is what ``python -m agents.value_train ... --data POSITIONS.npz`` writes (the shipped model's
positions: the same games, the same split by game, ``agents.value_train.split``). Every candidate is the MLP of
``--hidden`` trained with ``agents.value_train.fit`` (Adam, the same rate, seed and weight decay), its epoch kept by
the validation rows; the test rows choose nothing. Candidates:

- ``shipped``: ``agents/models/value_v1.npz`` (all 176 columns, as trained for it);
- ``141``: the previous layout's columns only (``agents.value_features.OLD_COLUMNS``), ``--epochs`` epochs;
- ``141+``: ``141`` trained ``--epochs`` more epochs (the warm starts' budget, so that they are compared with a
  141-column model trained as long);
- ``warm l2=L``: all columns, warm-started from ``141`` (the 35 new columns' first-layer weights start at zero, so it
  starts as ``141``), ``--epochs`` more epochs with an L2 penalty L on the new columns' first-layer weights;
- ``cold l2=L`` (``--cold``): all 176 columns from scratch with an L2 penalty L on the first layer's weights (every
  column's: ``fit`` without `init` penalizes them all; ``agents.value_train --first-l2 L``);
- ``141 l2=L`` (``--cold141``): the 141 columns trained the same way (the same penalty), what ``cold l2=L`` is
  compared with;
- ``frozen lr=R`` (``--frozen``): ``141`` with the 35 new columns' first-layer weights trained alone (every other
  weight frozen, ``fit``'s `freeze`), 4 epochs at rate R (``agents.value_train --warm-old --new-lr R``).

Scored like ``benchmarks.value_features_ab``: all test rows, for the Duchy and the Keepers the tables with them and
their own rows, and the tables without them; log-loss, Brier and how often the seat ranked first won.
"""
from __future__ import annotations

import argparse
import time

import numpy as np


def main(argv=None) -> dict:
    from agents import value_model as vm
    from agents.value_features import OLD_COLUMNS, N_FEATURES
    from agents.value_train import split, metrics, predict_rows, fit
    from benchmarks.value_features_ab import subsets, score_subsets, load_positions
    from root_env.data import FACTION_NAMES
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--data", required=True)
    ap.add_argument("--epochs", type=int, default=6)
    ap.add_argument("--hidden", default="64,32")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--lr", type=float, default=1e-4)
    ap.add_argument("--weight-decay", type=float, default=1e-4)
    ap.add_argument("--l2", default="0,0.001,0.01", help="comma-separated penalties for the warm starts")
    ap.add_argument("--cold", default="", help="comma-separated penalties for cold starts with all columns")
    ap.add_argument("--cold141", default="", help="comma-separated penalties for the 141 columns")
    ap.add_argument("--frozen", default="", help="comma-separated rates: the new columns' weights alone from 141")
    ap.add_argument("--no-warm-more", action="store_true", help="leave out 141+")
    ap.add_argument("--save", default=None, help="folder: write each candidate's model (.npz) there")
    ap.add_argument("--json")
    args = ap.parse_args(argv)
    import torch
    torch.set_num_threads(1)
    d, X, y, game, faction = load_positions(args.data)
    tr, va, te = split(game)
    hidden = tuple(int(h) for h in args.hidden.split(","))
    allc = np.arange(N_FEATURES)
    log = (lambda s: print(s, flush=True))
    kw = dict(lr=args.lr, weight_decay=args.weight_decay, log=log)
    models, history, seconds = {"shipped": (vm.load(), allc)}, {}, {}

    def run(name, cols, **extra):
        t0 = time.process_time()
        log(f"{name}:")
        m, h = fit(X[tr][:, cols], y[tr], X[va][:, cols], y[va], hidden, args.epochs, args.seed, **kw, **extra)
        models[name], history[name], seconds[name] = (m, cols), h["validation_log_loss_by_epoch"], \
            round(time.process_time() - t0, 1)
        if args.save:
            import os
            os.makedirs(args.save, exist_ok=True)
            vm.save(os.path.join(args.save, name.replace(" ", "_").replace("=", "") + ".npz"), m)
        return m

    base = run("141", OLD_COLUMNS)
    if not args.no_warm_more:
        run("141+", OLD_COLUMNS, init=base, init_cols=np.arange(len(OLD_COLUMNS)))
    for lam in [float(v) for v in args.l2.split(",") if v.strip()]:
        run(f"warm l2={lam:g}", allc, init=base, init_cols=OLD_COLUMNS, new_l2=lam)
    for lam in [float(v) for v in args.cold.split(",") if v.strip()]:
        run(f"cold l2={lam:g}", allc, new_l2=lam)
    for lam in [float(v) for v in args.cold141.split(",") if v.strip()]:
        run(f"141 l2={lam:g}", OLD_COLUMNS, new_l2=lam)
    for rate in [float(v) for v in args.frozen.split(",") if v.strip()]:
        t0 = time.process_time()
        log(f"frozen lr={rate:g}:")
        m, h = fit(X[tr], y[tr], X[va], y[va], hidden, 4, args.seed, lr=rate, log=log, init=base,
                   init_cols=OLD_COLUMNS, freeze=True)
        models[f"frozen lr={rate:g}"] = (m, allc)
        history[f"frozen lr={rate:g}"] = h["validation_log_loss_by_epoch"]
        seconds[f"frozen lr={rate:g}"] = round(time.process_time() - t0, 1)
    names = ["duchy", "keepers"]
    masks = subsets(te, game, faction, [FACTION_NAMES.index(n) for n in names], names)
    out = {"data": args.data, "epochs": args.epochs, "hidden": list(hidden), "lr": args.lr,
           "weight_decay": args.weight_decay, "seed": args.seed, "validation_log_loss_by_epoch": history,
           "cpu_seconds": seconds, "validation": {}, "rows": {}, "results": {}}
    for name, (model, cols) in models.items():
        out["validation"][name] = metrics(predict_rows(model, X[va][:, cols]), y[va])["log_loss"]
    print("| predictor | validation log-loss |\n|---|---:|")
    for name, v in out["validation"].items():
        print(f"| {name} | {v:.4f} |")
    print()
    return score_subsets(out, masks, models, X, y, game, d["position"], args.json)


if __name__ == "__main__":
    main()
