"""The value model with and without the Lord of the Hundreds' features, side by side on the same held-out games.

    python -m benchmarks.value_features_ab --data POSITIONS.npz [--old-rev cfac32e] [--epochs 15] [--hidden 64,32]
        [--json PATH]

`POSITIONS.npz` is the positions file ``python -m agents.value_train ... --data POSITIONS.npz`` wrote (the
shipped model's data: the same games, the same split by game). Three predictors are scored on its test rows
(``agents.value_train.split``), overall, on the rows of tables with the Hundreds and on the Hundreds' own rows:

- ``shipped``: the model in ``agents/models/value_v1.npz`` (all of ``agents.value_features``);
- ``without_section`` (unless ``--no-refit``): the same MLP trained here by ``agents.value_train.fit`` with the same seed, epochs and
  widths on the same training rows without the Hundreds' section (the features' first ``HUNDREDS_AT`` columns):
  what the section adds, all else equal;
- ``previous``: the model of `--old-rev` (trained before, on other games; it reads the first ``HUNDREDS_AT``
  columns, the layout it was made for), as shipped until then.
"""
from __future__ import annotations

import argparse
import io
import json
import subprocess
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]


def _old_model(rev: str) -> dict:
    raw = subprocess.run(["git", "-C", str(ROOT), "show", f"{rev}:agents/models/value_v1.npz"], check=True,
                         capture_output=True).stdout
    with np.load(io.BytesIO(raw), allow_pickle=False) as z:
        return {k: z[k].astype(np.float64) for k in z.files if k not in ("format", "n_features")}


def main(argv=None) -> dict:
    from agents import value_model as vm
    from agents.value_features import HUNDREDS_AT, N_FEATURES
    from agents.value_train import split, metrics, predict_rows, fit, winner_accuracy
    from root_env.data import HUNDREDS
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--data", required=True)
    ap.add_argument("--old-rev", default="cfac32e")
    ap.add_argument("--epochs", type=int, default=15)
    ap.add_argument("--hidden", default="64,32")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--no-refit", action="store_true", help="score the shipped and the previous model only")
    ap.add_argument("--json")
    args = ap.parse_args(argv)
    import torch
    torch.set_num_threads(1)
    with np.load(args.data, allow_pickle=False) as z:
        d = {k: z[k] for k in z.files}
    X, y, game, faction = d["X"].astype(np.float64), d["y"].astype(np.float64), d["game"], d["faction"]
    assert X.shape[1] == N_FEATURES, f"{args.data} holds {X.shape[1]} features, agents.value_features {N_FEATURES}"
    tr, va, te = split(game)
    hidden = tuple(int(h) for h in args.hidden.split(","))
    cut = slice(0, HUNDREDS_AT)
    models = {"shipped": (vm.load(), slice(None)), "previous": (_old_model(args.old_rev), cut)}
    if not args.no_refit:
        models["without_section"] = (fit(X[tr][:, cut], y[tr], X[va][:, cut], y[va], hidden, args.epochs,
                                         args.seed)[0], cut)
    with_hd = np.zeros(len(y), bool)  # rows of games with the Hundreds seated
    hd_games = np.unique(game[faction == HUNDREDS])
    with_hd[np.isin(game, hd_games)] = True
    subsets = {"all test rows": te, "tables with the Hundreds": te & with_hd,
               "the Hundreds' rows": te & (faction == HUNDREDS), "tables without them": te & ~with_hd}
    out = {"data": args.data, "epochs": args.epochs, "hidden": list(hidden), "old_rev": args.old_rev, "rows": {},
           "results": {}}
    for sname, m in subsets.items():
        out["rows"][sname] = int(m.sum())
        for name, (model, cols) in models.items():
            p = predict_rows(model, X[m][:, cols])
            r = metrics(p, y[m])
            r["winner_accuracy"] = winner_accuracy(p, y[m], game[m], d["position"][m])
            out["results"].setdefault(sname, {})[name] = r
    print("| test rows | predictor | log-loss | Brier | seat ranked first won |\n|---|---|---:|---:|---:|")
    for sname, res in out["results"].items():
        for name, r in res.items():
            print(f"| {sname} ({out['rows'][sname]:,}) | {name} | {r['log_loss']:.4f} | {r['brier']:.4f} | "
                  f"{100 * r['winner_accuracy']:.1f} % |")
    if args.json:
        with open(args.json, "w") as fh:
            json.dump(out, fh, indent=1)
    return out


if __name__ == "__main__":
    main()
