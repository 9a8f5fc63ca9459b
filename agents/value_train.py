"""Train the value model (``agents.value_model``) on heuristic self-play positions (``agents.value_data``).

    python -m agents.value_train --games 3000 --out agents/models/value_v1.npz [--seed 0] [--every 25]
                                 [--hidden 64,32] [--epochs 12] [--lr 0.003] [--weight-decay 0.0001]
                                 [--data positions.npz] [--first-l2 0.01]
                                 [--warm-old [--new-lr 0.0003] [--new-epochs 4]]
                                 [--tables draft --agent ismcts:100 [--draft-seed 1]] [--compare MODEL ...]

Deterministic given its arguments (one torch thread, seeded). Games are split by game, never by row (the rows of
one game are alike): game i is for validation when i % 10 == 8, for the test when i % 10 == 9, for training
otherwise. Candidates: a logistic regression on the features (no hidden layer) and the MLP of ``--hidden``
(ReLU), each trained with Adam on the binary cross-entropy of "this seat won"; the one with the lower validation
log-loss is written. The test figures printed (and written to the JSON beside the model) compare it with two
baselines: the table's base rate (1 / seats) and a logistic of the seat's VP minus the best other seat's (fitted
on the training rows). ``--data`` keeps the generated positions in a file and reads them back when it exists
(same arguments: the file records them and a mismatch is refused). ``--first-l2 L``: an L2 penalty L times the sum of
squares of the first layer's weights (every column's) added to each batch's loss, beside Adam's weight decay (with
0.01 the held-out log-loss was 0.4136 with the 176 columns, 0.4164 with the previous layout's 141, 0.4185 for the 141
without it; the first difference inside the noise: ``benchmarks/results/value_model_sections_regularized.md``).
``--tables draft --agent ismcts:100``: the positions come from games on the draft ladder's kind of table (Advanced
Setup's draft, ``agents.value_data.draft_tables`` of ``--draft-seed``, 1 by default: the ladder's tables are those of
its seed, 0 by default), every seat played by ``--agent`` (an ``agents.arena`` kind; default ``heuristic``).
``--compare MODEL``: the test figures of another model file too (e.g. ``agents/models/value_v1.npz``), in total and by
faction. ``--warm-old``: the MLP is trained in two stages, first on the previous layout's columns only (``agents.value_features.OLD_COLUMNS``: no Duchy or Keepers section),
then the 35 new columns' first-layer weights alone (starting at zero, so the model starts as the first stage's and
keeps it unless a later epoch is better on the validation rows; every other weight frozen: ``fit``'s `freeze`) for
``--new-epochs`` epochs at rate ``--new-lr``, with an L2 penalty ``--new-l2`` on them (measured in the same file).
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time

import numpy as np

from agents.value_features import N_FEATURES
from agents import value_model as vm


def split(game: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Row masks (train, validation, test) by game id."""
    k = game % 10
    return (k < 8), (k == 8), (k == 9)


def metrics(p: np.ndarray, y: np.ndarray) -> dict:
    """Log-loss, Brier score and rows of predictions p for labels y."""
    p = np.clip(p.astype(np.float64), 1e-6, 1 - 1e-6)
    return {"log_loss": float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p))),
            "brier": float(np.mean((p - y) ** 2)), "rows": int(y.size)}


def winner_accuracy(p, y, game, position) -> float:
    """Share of recorded positions (of games with a winner) where the seat given the highest chance won."""
    hit = n = 0
    order = np.lexsort((position, game))
    p, y, game, position = p[order], y[order], game[order], position[order]
    cut = np.flatnonzero(np.diff(game * 100_000 + position)) + 1
    for a, b in zip(np.r_[0, cut], np.r_[cut, len(p)]):
        if y[a:b].sum() > 0:
            n += 1
            hit += int(y[a + int(np.argmax(p[a:b]))] > 0)
    return hit / max(1, n)


def fit(X, y, Xv, yv, hidden, epochs, seed, lr=3e-3, batch=512, weight_decay=1e-4, log=None, init=None,
        init_cols=None, new_l2=0.0, freeze=False) -> tuple[dict, dict]:
    """Train one candidate (hidden: tuple of widths, () for a logistic regression). Returns (model dict, history)
    keeping the epoch with the lowest validation log-loss.

    Warm start: `init` (a model of the same widths reading columns `init_cols` of X) gives the starting weights, its
    normalisation of those columns kept, the first layer's weights of the other columns (the new ones) starting at
    zero, so that the net starts as `init`'s function; its validation loss counts as epoch 0's (the result is `init`
    itself when no epoch beats it). `new_l2`: an L2 penalty, new_l2 * sum of squares, on the first layer's weights of
    the columns outside `init_cols` (all columns without `init`), added to the loss of each batch. `freeze` (with
    `init`): only those new columns' first-layer weights are trained, every other weight stays `init`'s (no weight
    decay): the new columns can only add to the first layer's inputs of `init`'s network."""
    import torch
    torch.manual_seed(seed)
    mean = X.mean(0)
    sd = X.std(0)
    scale = np.where(sd > 1e-6, 1.0 / np.maximum(sd, 1e-6), 0.0)
    new_cols = np.ones(X.shape[1], bool)
    if init is not None:
        init_cols = np.asarray(init_cols)
        mean[init_cols], scale[init_cols] = init["mean"], init["scale"]
        new_cols[init_cols] = False
    layers = []
    width = X.shape[1]
    for h in hidden:
        layers += [torch.nn.Linear(width, h), torch.nn.ReLU()]
        width = h
    layers.append(torch.nn.Linear(width, 1))
    net = torch.nn.Sequential(*layers).double()
    linears = [m for m in net if isinstance(m, torch.nn.Linear)]
    if init is not None:
        with torch.no_grad():
            names = [f"W{k}" for k in range(len(linears) - 1)] + ["Wout"]
            for k, (lin, name) in enumerate(zip(linears, names)):
                w = np.asarray(init[name], np.float64).reshape(lin.weight.shape[0], -1)
                b = np.asarray(init[f"b{k}" if name != "Wout" else "bout"], np.float64)
                if k == 0:
                    full = np.zeros((w.shape[0], X.shape[1]))
                    full[:, init_cols] = w
                    w = full
                lin.weight.copy_(torch.tensor(w))
                lin.bias.copy_(torch.tensor(b))
    penal = torch.tensor(new_cols, dtype=torch.float64)
    freeze = freeze and init is not None
    if freeze:
        for p in net.parameters():
            p.requires_grad_(False)
        linears[0].weight.requires_grad_(True)
    opt = torch.optim.Adam([linears[0].weight] if freeze else net.parameters(), lr=lr,
                           weight_decay=0.0 if freeze else weight_decay)
    xt = torch.tensor((X - mean) * scale, dtype=torch.float64)
    yt = torch.tensor(y, dtype=torch.float64)
    xv = torch.tensor((Xv - mean) * scale, dtype=torch.float64)
    loss_fn = torch.nn.BCEWithLogitsLoss()
    gen = torch.Generator().manual_seed(seed)
    best, best_state, hist = float("inf"), None, []
    if init is not None:
        with torch.no_grad():
            best = metrics(torch.sigmoid(net(xv).squeeze(1)).numpy(), yv)["log_loss"]
        best_state = {k: v.clone() for k, v in net.state_dict().items()}
        hist.append(best)
        if log:
            log(f"  hidden={hidden or 'none'} warm start (epoch 0): validation log-loss {best:.4f}")
    for ep in range(epochs):
        perm = torch.randperm(len(xt), generator=gen)
        net.train()
        for i in range(0, len(xt), batch):
            idx = perm[i:i + batch]
            opt.zero_grad()
            loss = loss_fn(net(xt[idx]).squeeze(1), yt[idx])
            if new_l2 > 0:
                loss = loss + new_l2 * torch.sum((linears[0].weight * penal) ** 2)
            loss.backward()
            if freeze:
                linears[0].weight.grad *= penal  # the old columns' weights stay
            opt.step()
        with torch.no_grad():
            pv = torch.sigmoid(net(xv).squeeze(1)).numpy()
        m = metrics(pv, yv)
        hist.append(m["log_loss"])
        if log:
            log(f"  hidden={hidden or 'none'} epoch {ep + 1}/{epochs}: validation log-loss {m['log_loss']:.4f}")
        if m["log_loss"] < best:
            best = m["log_loss"]
            best_state = {k: v.clone() for k, v in net.state_dict().items()}
    net.load_state_dict(best_state)
    model = {"mean": mean.astype(np.float64), "scale": scale.astype(np.float64)}
    for k, lin in enumerate(linears[:-1]):
        model[f"W{k}"] = lin.weight.detach().numpy().copy()
        model[f"b{k}"] = lin.bias.detach().numpy().copy()
    model["Wout"] = linears[-1].weight.detach().numpy()[0].copy()
    model["bout"] = linears[-1].bias.detach().numpy().copy()
    return model, {"validation_log_loss_by_epoch": hist}


def predict_rows(model: dict, X: np.ndarray) -> np.ndarray:
    """The model's chances for feature rows, in numpy (the reference ``value_model.logit_of`` is checked against)."""
    h = (X - model["mean"]) * model["scale"]
    k = 0
    while f"W{k}" in model:
        h = np.maximum(h @ model[f"W{k}"].T + model[f"b{k}"], 0.0)
        k += 1
    z = h @ model["Wout"] + model["bout"][0]
    return 1.0 / (1.0 + np.exp(-np.clip(z, -40, 40)))


def vp_baseline(v, y, vt) -> tuple[np.ndarray, list]:
    """A logistic of the VP difference v, fitted on (v, y) by Newton's method; its chances for vt, and (a, b)."""
    a, b = 0.0, 0.0
    for _ in range(30):
        p = 1 / (1 + np.exp(-(a * v + b)))
        g = np.array([np.sum((p - y) * v), np.sum(p - y)])
        w = p * (1 - p)
        H = np.array([[np.sum(w * v * v), np.sum(w * v)], [np.sum(w * v), np.sum(w)]]) + 1e-9 * np.eye(2)
        a, b = np.array([a, b]) - np.linalg.solve(H, g)
    return 1 / (1 + np.exp(-(a * vt + b))), [float(a), float(b)]


def value_data_kinds() -> tuple:
    from agents.value_data import TABLE_KINDS
    return TABLE_KINDS


def positions(args, log) -> dict:
    from agents import value_data
    key = {"games": args.games, "seed": args.seed, "every": args.every, "max_turns": args.max_turns,
           "n_features": N_FEATURES}
    if args.tables != "mixed" or args.agent != "heuristic":  # (files of the heuristic's mixed tables keep their key)
        key.update(tables=args.tables, agent=args.agent, draft_seed=args.draft_seed)
    if args.data and os.path.exists(args.data):
        with np.load(args.data, allow_pickle=False) as z:
            d = {k: z[k] for k in z.files}
        got = json.loads(str(d.pop("key")))
        if got != key:
            raise SystemExit(f"--data {args.data} holds positions of {got}, not of {key}: remove it or change --data")
        log(f"positions read from {args.data}: {len(d['y'])} rows")
        return d
    t0 = time.perf_counter()

    def progress(i):
        if i % max(1, args.games // 10) == 0:
            log(f"  {i}/{args.games} games, {time.perf_counter() - t0:.0f} s")

    d = value_data.generate(args.games, seed=args.seed, every=args.every, max_turns=args.max_turns, progress=progress,
                            tables_kind=args.tables, agent=args.agent, draft_seed=args.draft_seed)
    d = {"X": d["X"], "y": d["y"], "faction": d["faction"], "game": d["game"], "seats": d["seats"],
         "truncated": np.array(d["truncated"]), "abandoned": np.array(d["abandoned"], np.int64),
         "table_seats": np.array([len(t) for t in d["tables"]])}
    # Rows of one position are consecutive (one per seat): number the positions.
    pos = np.zeros(len(d["y"]), np.int64)
    i = 0
    while i < len(pos):
        n = d["seats"][i]
        pos[i:i + n] = i
        i += n
    d["position"] = pos
    log(f"{len(d['y'])} rows from {args.games} games in {time.perf_counter() - t0:.0f} s "
        f"({int(d['truncated'].sum())} cut at the turn limit, {len(d['abandoned'])} abandoned: "
        f"{d['abandoned'].tolist()})")
    if args.data:
        np.savez_compressed(args.data, key=np.array(json.dumps(key)), **d)
    return d


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m agents.value_train", description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=3000, help="self-play games (default 3000)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--every", type=int, default=25, help="record about one decision in EVERY (default 25)")
    ap.add_argument("--max-turns", type=int, default=300)
    ap.add_argument("--hidden", default="64,32", help="the MLP's hidden widths (default 64,32)")
    ap.add_argument("--epochs", type=int, default=12)
    ap.add_argument("--lr", type=float, default=3e-3, help="Adam's learning rate (default 0.003)")
    ap.add_argument("--weight-decay", type=float, default=1e-4, help="Adam's weight decay (default 0.0001)")
    ap.add_argument("--out", required=True, help="the model file to write (.npz; a .json of metrics beside it)")
    ap.add_argument("--data", default=None, help="cache of the generated positions (.npz)")
    ap.add_argument("--first-l2", type=float, default=0.0, help="L2 on the first layer's weights (default 0)")
    ap.add_argument("--warm-old", action="store_true",
                    help="train the MLP on the previous layout's columns, then the new columns' first-layer weights alone")
    ap.add_argument("--new-lr", type=float, default=3e-4, help="with --warm-old: the second stage's rate")
    ap.add_argument("--new-epochs", type=int, default=4, help="with --warm-old: the second stage's epochs")
    ap.add_argument("--new-l2", type=float, default=0.0, help="with --warm-old: L2 on the new columns' weights")
    ap.add_argument("--tables", choices=value_data_kinds(), default="mixed",
                    help="mixed: value_data.tables, Standard Setup (default); draft: the draft ladder's kind of table")
    ap.add_argument("--agent", default="heuristic", help="the agent of every seat (an agents.arena kind; default heuristic)")
    ap.add_argument("--draft-seed", type=int, default=1,
                    help="with --tables draft: the draft's seed (default 1; the draft ladder's is its --seed, 0)")
    ap.add_argument("--compare", action="append", default=[], metavar="MODEL",
                    help="another model file whose test figures are printed beside (repeatable)")
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args(argv)
    try:
        hidden = tuple(int(h) for h in args.hidden.split(",") if h.strip())
    except ValueError:
        ap.error(f"--hidden must be comma-separated widths, got {args.hidden!r}")
    if args.games < 10 or args.every < 1 or args.epochs < 1 or any(not 1 <= h <= vm.MAX_WIDTH for h in hidden) \
            or len(hidden) > vm.MAX_LAYERS or not 0 < args.lr <= 1 or not 0 <= args.weight_decay <= 1 \
            or not 0 <= args.new_l2 <= 100 or not 0 <= args.first_l2 <= 100 or args.new_epochs < 1 \
            or not 0 < args.new_lr <= 1:
        ap.error("--games >= 10, --every >= 1, --epochs >= 1, hidden widths 1..1024 (at most 4 layers), "
                 "0 < --lr <= 1, 0 <= --weight-decay <= 1")
    from agents.arena import is_kind
    if not is_kind(args.agent):
        ap.error(f"--agent must be an agents.arena kind (heuristic, ismcts:100, ...), got {args.agent!r}")
    compared = {}
    for path in args.compare:
        try:
            compared[path] = vm.load(path)
        except vm.ValueModelError as e:
            ap.error(str(e))
    import torch
    torch.set_num_threads(1)
    log = (lambda *a: None) if args.quiet else (lambda s: print(s, file=sys.stderr, flush=True))
    t0 = time.perf_counter()
    d = positions(args, log)
    X, y, game = d["X"].astype(np.float64), d["y"].astype(np.float64), d["game"]
    tr, va, te = split(game)
    cands = {}
    for name, h in (("logistic", ()), ("mlp", hidden)):
        if name == "mlp" and not h:
            continue
        if name == "mlp" and args.warm_old:
            from agents.value_features import OLD_COLUMNS
            old, hist0 = fit(X[tr][:, OLD_COLUMNS], y[tr], X[va][:, OLD_COLUMNS], y[va], h, args.epochs, args.seed,
                             lr=args.lr, weight_decay=args.weight_decay, log=log, new_l2=args.first_l2)
            model, hist = fit(X[tr], y[tr], X[va], y[va], h, args.new_epochs, args.seed, lr=args.new_lr,
                              log=log, init=old, init_cols=OLD_COLUMNS, new_l2=args.new_l2, freeze=True)
            hist = {"old_columns_stage": hist0["validation_log_loss_by_epoch"],
                    "validation_log_loss_by_epoch": hist["validation_log_loss_by_epoch"]}
        else:
            model, hist = fit(X[tr], y[tr], X[va], y[va], h, args.epochs, args.seed, lr=args.lr,
                              weight_decay=args.weight_decay, log=log, new_l2=args.first_l2)
        cands[name] = {"model": model, "hidden": list(h), "history": hist,
                       "validation": metrics(predict_rows(model, X[va]), y[va]),
                       "test": metrics(predict_rows(model, X[te]), y[te])}
    best = min(cands, key=lambda k: cands[k]["validation"]["log_loss"])
    model = cands[best]["model"]
    from agents.value_data import vp_of
    pb, ab = vp_baseline(vp_of(X[tr]), y[tr], vp_of(X[te]))
    pt = predict_rows(model, X[te])
    base_rate = 1.0 / d["seats"][te]
    test = {
        "model": dict(cands[best]["test"], winner_accuracy=winner_accuracy(pt, y[te], game[te], d["position"][te])),
        "vp_logistic": dict(metrics(pb, y[te]), coefficients=ab,
                            winner_accuracy=winner_accuracy(pb, y[te], game[te], d["position"][te])),
        "base_rate": metrics(base_rate, y[te]),
    }
    pc = {path: predict_rows(m, X[te]) for path, m in compared.items()}
    for path, p in pc.items():
        test[path] = dict(metrics(p, y[te]), winner_accuracy=winner_accuracy(p, y[te], game[te], d["position"][te]))
    from root_env.data import FACTION_NAMES
    by_faction = {}
    for g in np.unique(d["faction"][te]):
        m = d["faction"][te] == g
        by_faction[FACTION_NAMES[g]] = {"model": metrics(pt[m], y[te][m])["log_loss"],
                                        "vp_logistic": metrics(pb[m], y[te][m])["log_loss"], "rows": int(m.sum()),
                                        "won": float(y[te][m].mean()), "model_mean": float(pt[m].mean()),
                                        "model_brier": metrics(pt[m], y[te][m])["brier"]}
        for path, p in pc.items():
            by_faction[FACTION_NAMES[g]][path] = {"log_loss": metrics(p[m], y[te][m])["log_loss"],
                                                  "brier": metrics(p[m], y[te][m])["brier"], "mean": float(p[m].mean())}
    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    vm.save(args.out, model)
    meta = {
        "command": "python -m agents.value_train " + " ".join(argv if argv is not None else sys.argv[1:]),
        "kind": best, "hidden": cands[best]["hidden"], "n_features": N_FEATURES,
        "data": {"games": args.games, "seed": args.seed, "every": args.every, "max_turns": args.max_turns,
                 "rows": int(len(y)), "train_rows": int(tr.sum()), "validation_rows": int(va.sum()),
                 "test_rows": int(te.sum()), "agents": f"{args.agent} in every seat",
                 "tables": ("mixed (agents.value_data.tables), Standard Setup" if args.tables == "mixed" else
                            f"draft (agents.value_data.draft_tables, draft seed {args.draft_seed}), Advanced Setup"),
                 "abandoned_games": d["abandoned"].tolist(),
                 "split": "by game: i % 10 == 8 validation, == 9 test"},
        "candidates": {k: {"hidden": v["hidden"], "validation": v["validation"], "test": v["test"],
                           "history": v["history"]}
                       for k, v in cands.items()},
        "test": test, "test_log_loss_by_faction": by_faction, "epochs": args.epochs, "lr": args.lr,
        "weight_decay": args.weight_decay, "first_l2": args.first_l2, "warm_old": bool(args.warm_old),
        "new_lr": args.new_lr, "new_epochs": args.new_epochs, "new_l2": args.new_l2,
        "seconds": round(time.perf_counter() - t0, 1),
    }
    with open(os.path.splitext(args.out)[0] + ".json", "w") as fh:
        json.dump(meta, fh, indent=1)
    print(f"chosen: {best} (hidden {cands[best]['hidden'] or 'none'}), by validation log-loss; test rows "
          f"{int(te.sum())}")
    print(f"{'':14s}{'log-loss':>10s}{'Brier':>9s}{'winner acc':>12s}")
    for k in ("model", "vp_logistic", "base_rate", *pc):
        t = test[k]
        acc = f"{t['winner_accuracy']:.3f}" if "winner_accuracy" in t else "-"
        print(f"{k:14s}{t['log_loss']:10.4f}{t['brier']:9.4f}{acc:>12s}")
    print("by faction (test rows): won, the model's mean chance, its log-loss"
          + "".join(f"; {os.path.basename(p)}'s mean and log-loss" for p in pc))
    for f, v in sorted(by_faction.items()):
        print(f"  {f:10s} rows {v['rows']:6d}  won {v['won']:.3f}  model {v['model_mean']:.3f} {v['model']:.4f}"
              + "".join(f"  {v[p]['mean']:.3f} {v[p]['log_loss']:.4f}" for p in pc))
    for k, v in cands.items():
        print(f"candidate {k}: test log-loss {v['test']['log_loss']:.4f}, validation {v['validation']['log_loss']:.4f}")
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
