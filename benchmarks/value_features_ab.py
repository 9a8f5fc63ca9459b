"""The value model with and without a faction's own features, side by side on the same held-out games.

    python -m benchmarks.value_features_ab --data POSITIONS.npz [--old-rev 9194ae6] [--factions duchy,keepers]
        [--epochs 15] [--hidden 64,32] [--lr 0.003] [--weight-decay 0.0001] [--no-refit] [--json PATH]

`POSITIONS.npz` is the positions file ``python -m agents.value_train ... --data POSITIONS.npz`` wrote (the
shipped model's data: the same games, the same split by game). The predictors are scored on its test rows
(``agents.value_train.split``): all of them, and for each faction of ``--factions`` the rows of tables with it and its
own rows, and the rows of tables with none of them:

- ``shipped``: the model in ``agents/models/value_v1.npz`` (all of ``agents.value_features``);
- ``without_sections`` (unless ``--no-refit``): ``agents.value_train``'s choice made here again (a logistic regression
  and the MLP, the same seed, epochs and widths, the lower validation loss kept) on the same training rows, reading
  only the previous layout's columns
  (``agents.value_features.OLD_COLUMNS``: no Duchy or Keepers section, no identity for them): what the new features
  add, all else equal;
- ``previous``: the model of ``--old-rev`` (trained before, on other games), reading ``OLD_COLUMNS`` (the 141-feature
  layout it was made for), as shipped until then.

(The Hundreds' comparison of 2026-11-29, ``benchmarks/results/value_model_hundreds_features.md``, was made by this
script as it stood at 9194ae6, against cfac32e's 124-feature model.)
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


def refit(X, y, tr, va, cols, hidden, epochs, seed, lr=3e-3, weight_decay=1e-4) -> dict:
    """``agents.value_train``'s choice on columns `cols`: a logistic regression and the MLP of `hidden` trained on the
    training rows, the one with the lower validation log-loss kept."""
    from agents.value_train import fit, metrics, predict_rows
    best, best_loss = None, float("inf")
    for h in ((), hidden):
        model = fit(X[tr][:, cols], y[tr], X[va][:, cols], y[va], h, epochs, seed, lr=lr, weight_decay=weight_decay)[0]
        loss = metrics(predict_rows(model, X[va][:, cols]), y[va])["log_loss"]
        if loss < best_loss:
            best, best_loss = model, loss
    return best


def subsets(test: np.ndarray, game: np.ndarray, faction: np.ndarray, factions: list[int], names: list[str]) -> dict:
    """Named row masks: all test rows; per faction the test rows of tables with it and its own; tables without any."""
    out = {"all test rows": test}
    with_any = np.zeros(len(game), bool)
    for g, name in zip(factions, names):
        at = np.isin(game, np.unique(game[faction == g]))
        with_any |= at
        out[f"tables with the {name}"] = test & at
        out[f"the {name}' rows" if name.endswith("s") else f"the {name}'s rows"] = test & (faction == g)
    out["tables without them"] = test & ~with_any
    return out


def load_positions(path: str):
    """The positions file of ``agents.value_train --data`` -> (the arrays by name, X, y, game, faction), X and y as
    float64; SystemExit when its feature count is not ``agents.value_features``'."""
    from agents.value_features import N_FEATURES
    with np.load(path, allow_pickle=False) as z:
        d = {k: z[k] for k in z.files}
    X, y, game, faction = d["X"].astype(np.float64), d["y"].astype(np.float64), d["game"], d["faction"]
    if X.shape[1] != N_FEATURES:
        raise SystemExit(f"{path} holds {X.shape[1]} features, agents.value_features {N_FEATURES}")
    return d, X, y, game, faction


def score_subsets(out: dict, masks: dict, models: dict, X, y, game, position, json_path=None) -> dict:
    """Score each model (name -> (model, columns)) on each subset of test rows (name -> mask) into ``out["rows"]`` and
    ``out["results"]``, print the Markdown table, write ``out`` to `json_path` if given; returns ``out``."""
    from agents.value_train import metrics, predict_rows, winner_accuracy
    for sname, m in masks.items():
        out["rows"][sname] = int(m.sum())
        for name, (model, cols) in models.items():
            p = predict_rows(model, X[m][:, cols])
            r = metrics(p, y[m])
            r["winner_accuracy"] = winner_accuracy(p, y[m], game[m], position[m])
            out["results"].setdefault(sname, {})[name] = r
    print("| test rows | predictor | log-loss | Brier | seat ranked first won |\n|---|---|---:|---:|---:|")
    for sname, res in out["results"].items():
        for name, r in res.items():
            print(f"| {sname} ({out['rows'][sname]:,}) | {name} | {r['log_loss']:.4f} | {r['brier']:.4f} | "
                  f"{100 * r['winner_accuracy']:.1f} % |")
    if json_path:
        with open(json_path, "w") as fh:
            json.dump(out, fh, indent=1)
    return out


def main(argv=None) -> dict:
    from agents import value_model as vm
    from agents.value_features import OLD_COLUMNS
    from agents.value_train import split
    from root_env.data import FACTION_NAMES
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--data", required=True)
    ap.add_argument("--old-rev", default="9194ae6")
    ap.add_argument("--factions", default="duchy,keepers", help="factions whose subsets are scored (engine names)")
    ap.add_argument("--epochs", type=int, default=15)
    ap.add_argument("--hidden", default="64,32")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--lr", type=float, default=3e-3, help="as agents.value_train's (the shipped model's record)")
    ap.add_argument("--weight-decay", type=float, default=1e-4)
    ap.add_argument("--no-refit", action="store_true", help="score the shipped and the previous model only")
    ap.add_argument("--json")
    args = ap.parse_args(argv)
    names = [n.strip() for n in args.factions.split(",") if n.strip()]
    unknown = [n for n in names if n not in FACTION_NAMES]
    if unknown:
        ap.error(f"--factions: unknown {unknown}; known: {', '.join(FACTION_NAMES)}")
    import torch
    torch.set_num_threads(1)
    d, X, y, game, faction = load_positions(args.data)
    tr, va, te = split(game)
    hidden = tuple(int(h) for h in args.hidden.split(","))
    models = {"shipped": (vm.load(), slice(None)), "previous": (_old_model(args.old_rev), OLD_COLUMNS)}
    if not args.no_refit:
        models["without_sections"] = (refit(X, y, tr, va, OLD_COLUMNS, hidden, args.epochs, args.seed, args.lr,
                                              args.weight_decay), OLD_COLUMNS)
    masks = subsets(te, game, faction, [FACTION_NAMES.index(n) for n in names], names)
    out = {"data": args.data, "epochs": args.epochs, "hidden": list(hidden), "lr": args.lr,
           "weight_decay": args.weight_decay, "old_rev": args.old_rev, "rows": {},
           "results": {}}
    return score_subsets(out, masks, models, X, y, game, d["position"], args.json)


if __name__ == "__main__":
    main()
