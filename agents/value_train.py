"""Train the value model (``agents.value_model``) on heuristic self-play positions (``agents.value_data``).

    python -m agents.value_train --games 3000 --out agents/models/value_v1.npz [--seed 0] [--every 25]
                                 [--hidden 64,32] [--epochs 12] [--lr 0.003] [--weight-decay 0.0001]
                                 [--data positions.npz]

Deterministic given its arguments (one torch thread, seeded). Games are split by game, never by row (the rows of
one game are alike): game i is for validation when i % 10 == 8, for the test when i % 10 == 9, for training
otherwise. Candidates: a logistic regression on the features (no hidden layer) and the MLP of ``--hidden``
(ReLU), each trained with Adam on the binary cross-entropy of "this seat won"; the one with the lower validation
log-loss is written. The test figures printed (and written to the JSON beside the model) compare it with two
baselines: the table's base rate (1 / seats) and a logistic of the seat's VP minus the best other seat's (fitted
on the training rows). ``--data`` keeps the generated positions in a file and reads them back when it exists
(same arguments: the file records them and a mismatch is refused).
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


def fit(X, y, Xv, yv, hidden, epochs, seed, lr=3e-3, batch=512, weight_decay=1e-4, log=None) -> tuple[dict, dict]:
    """Train one candidate (hidden: tuple of widths, () for a logistic regression). Returns (model dict, history)
    keeping the epoch with the lowest validation log-loss."""
    import torch
    torch.manual_seed(seed)
    mean = X.mean(0)
    sd = X.std(0)
    scale = np.where(sd > 1e-6, 1.0 / np.maximum(sd, 1e-6), 0.0)
    layers = []
    width = X.shape[1]
    for h in hidden:
        layers += [torch.nn.Linear(width, h), torch.nn.ReLU()]
        width = h
    layers.append(torch.nn.Linear(width, 1))
    net = torch.nn.Sequential(*layers).double()
    opt = torch.optim.Adam(net.parameters(), lr=lr, weight_decay=weight_decay)
    xt = torch.tensor((X - mean) * scale, dtype=torch.float64)
    yt = torch.tensor(y, dtype=torch.float64)
    xv = torch.tensor((Xv - mean) * scale, dtype=torch.float64)
    loss_fn = torch.nn.BCEWithLogitsLoss()
    gen = torch.Generator().manual_seed(seed)
    best, best_state, hist = float("inf"), None, []
    for ep in range(epochs):
        perm = torch.randperm(len(xt), generator=gen)
        net.train()
        for i in range(0, len(xt), batch):
            idx = perm[i:i + batch]
            opt.zero_grad()
            loss = loss_fn(net(xt[idx]).squeeze(1), yt[idx])
            loss.backward()
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
    linears = [m for m in net if isinstance(m, torch.nn.Linear)]
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


def positions(args, log) -> dict:
    from agents import value_data
    key = {"games": args.games, "seed": args.seed, "every": args.every, "max_turns": args.max_turns,
           "n_features": N_FEATURES}
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

    d = value_data.generate(args.games, seed=args.seed, every=args.every, max_turns=args.max_turns, progress=progress)
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
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args(argv)
    try:
        hidden = tuple(int(h) for h in args.hidden.split(",") if h.strip())
    except ValueError:
        ap.error(f"--hidden must be comma-separated widths, got {args.hidden!r}")
    if args.games < 10 or args.every < 1 or args.epochs < 1 or any(not 1 <= h <= vm.MAX_WIDTH for h in hidden) \
            or len(hidden) > vm.MAX_LAYERS or not 0 < args.lr <= 1 or not 0 <= args.weight_decay <= 1:
        ap.error("--games >= 10, --every >= 1, --epochs >= 1, hidden widths 1..1024 (at most 4 layers), "
                 "0 < --lr <= 1, 0 <= --weight-decay <= 1")
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
        model, hist = fit(X[tr], y[tr], X[va], y[va], h, args.epochs, args.seed, lr=args.lr,
                          weight_decay=args.weight_decay, log=log)
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
    from root_env.data import FACTION_NAMES
    by_faction = {}
    for g in np.unique(d["faction"][te]):
        m = d["faction"][te] == g
        by_faction[FACTION_NAMES[g]] = {"model": metrics(pt[m], y[te][m])["log_loss"],
                                        "vp_logistic": metrics(pb[m], y[te][m])["log_loss"], "rows": int(m.sum())}
    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    vm.save(args.out, model)
    meta = {
        "command": "python -m agents.value_train " + " ".join(argv if argv is not None else sys.argv[1:]),
        "kind": best, "hidden": cands[best]["hidden"], "n_features": N_FEATURES,
        "data": {"games": args.games, "seed": args.seed, "every": args.every, "max_turns": args.max_turns,
                 "rows": int(len(y)), "train_rows": int(tr.sum()), "validation_rows": int(va.sum()),
                 "test_rows": int(te.sum()), "agents": "heuristic (v2) in every seat",
                 "abandoned_games": d["abandoned"].tolist(),
                 "split": "by game: i % 10 == 8 validation, == 9 test"},
        "candidates": {k: {"hidden": v["hidden"], "validation": v["validation"], "test": v["test"]}
                       for k, v in cands.items()},
        "test": test, "test_log_loss_by_faction": by_faction, "epochs": args.epochs, "lr": args.lr,
        "weight_decay": args.weight_decay,
        "seconds": round(time.perf_counter() - t0, 1),
    }
    with open(os.path.splitext(args.out)[0] + ".json", "w") as fh:
        json.dump(meta, fh, indent=1)
    print(f"chosen: {best} (hidden {cands[best]['hidden'] or 'none'}), by validation log-loss; test rows "
          f"{int(te.sum())}")
    print(f"{'':14s}{'log-loss':>10s}{'Brier':>9s}{'winner acc':>12s}")
    for k in ("model", "vp_logistic", "base_rate"):
        t = test[k]
        acc = f"{t['winner_accuracy']:.3f}" if "winner_accuracy" in t else "-"
        print(f"{k:14s}{t['log_loss']:10.4f}{t['brier']:9.4f}{acc:>12s}")
    for k, v in cands.items():
        print(f"candidate {k}: test log-loss {v['test']['log_loss']:.4f}, validation {v['validation']['log_loss']:.4f}")
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
