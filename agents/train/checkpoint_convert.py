"""A PPO checkpoint (``last.pt`` of ``agents.train``) of state format 14, rewritten for this engine's (format 15), so
that a run of the format before can be resumed (``--resume``) where it stopped.

Format 15 (the Underground Duchy) added a faction slot, observation entries and actions (``agents.layout_convert``
says which). The checkpoint's networks keep every weight they learned, mapped as ``agents.layout_convert`` maps a
policy file: each first-layer input column (and the running normaliser's mean and variance) to the entry of the
field of the same name, each actor output row to the action's new id (``root_env.legacy.ACTION_TABLES``). The new
inputs get no weight (normaliser mean 0, variance 1) and the new actions a bias below every logit an old action can
take (the bound ``agents.layout_convert.convert`` uses), so each network plays as before. The Adam moments are mapped the
same way (new entries 0: as if those weights never had a gradient, which they did not), so the resumed run's next
update is the one the old run would have made. Per-faction checkpoints gain the new faction's network, untrained (a
fresh ``Net``), with no optimizer state, as a network that never played has none. The anchor (the warm start's
clone) and the league members are mapped like the learner.

    python -m agents.train.checkpoint_convert OLD.pt NEW.pt    # then: python -m agents.train ... --resume NEW.pt
"""
from __future__ import annotations

import argparse

import numpy as np
import torch

from agents.layout_convert import OLD_LAYOUTS, observation_index
from root_env.legacy import ACTION_TABLES

OLD_FORMAT = 14

# A Net's parameters in ``Net.parameters()`` order (the MLP): Adam's state is keyed by this position within the net.
_MLP_PARAMS = ("actor.0.weight", "actor.0.bias", "actor.2.weight", "actor.2.bias", "actor.4.weight", "actor.4.bias",
               "critic.0.weight", "critic.0.bias", "critic.2.weight", "critic.2.bias", "critic.4.weight",
               "critic.4.bias")


def _new_action_floor(bout: torch.Tensor, wout: torch.Tensor) -> float:
    """A bias below every logit an old action can take: the hidden units are tanh (|z| <= 1), so no old logit is below
    ``bout - sum |wout|`` (``agents.layout_convert.convert``'s bound, for a checkpoint's tensors)."""
    return float((bout.double() - wout.double().abs().sum(1)).min()) - 1.0


def _widen(t: torch.Tensor, index: np.ndarray, size: int, axis: int, fill: float = 0.0) -> torch.Tensor:
    """`t` with its `axis` spread to `size` entries: old entry i at ``index[i]``, the rest `fill`."""
    shape = list(t.shape)
    shape[axis] = size
    out = torch.full(shape, fill, dtype=t.dtype)
    idx = torch.as_tensor(index, dtype=torch.long)
    if axis == 0:
        out[idx] = t
    else:
        out[:, idx] = t
    return out


def _convert_param(name: str, t: torch.Tensor, obs: np.ndarray, act: np.ndarray, fresh: torch.Tensor,
                   floor: float | None = None) -> torch.Tensor:
    """One parameter or buffer of a format-14 Net (by its name within the net), for this engine; `fresh` is the
    new Net's tensor of that name (its shape and, for entries no old weight maps to, nothing but the shape); `floor`
    the bias of the new actions (None: 0, Adam's moments)."""
    if name in ("mean", "var"):  # the normaliser: a new entry reads as mean 0, variance 1 (a fresh Net's)
        return _widen(t, obs, fresh.shape[0], 0, 0.0 if name == "mean" else 1.0)
    if name in ("actor.0.weight", "critic.0.weight"):
        return _widen(t, obs, fresh.shape[1], 1)
    if name == "actor.4.weight":
        return _widen(t, act, fresh.shape[0], 0)
    if name == "actor.4.bias":
        return _widen(t, act, fresh.shape[0], 0, 0.0 if floor is None else floor)
    if tuple(t.shape) != tuple(fresh.shape):
        raise ValueError(f"{name}: shape {tuple(t.shape)}, expected {tuple(fresh.shape)}")
    return t.clone()


def convert_model(sd: dict, fresh: dict) -> dict:
    """A format-14 ``Policy.state_dict()`` (MLP networks) for this engine; `fresh`: a new Policy's state dict of
    the same shape (per faction or shared), whose extra networks are kept as they are (untrained)."""
    obs, act = observation_index(OLD_FORMAT), ACTION_TABLES[OLD_FORMAT]
    out = dict(fresh)
    nets = sorted({k.split(".")[1] for k in sd if k.startswith("nets.")}, key=int)
    for i in nets:
        pre = f"nets.{i}."
        floor = _new_action_floor(sd[pre + "actor.4.bias"], sd[pre + "actor.4.weight"])
        for k, t in sd.items():
            if k.startswith(pre):
                name = k[len(pre):]
                out[k] = _convert_param(name, t, obs, act, fresh[k], floor)
    return out


def convert_optimizer(osd: dict, fresh_model: dict, old_nets: int) -> dict:
    """Adam's state dict of a format-14 policy (MLP networks) for this engine: each moment mapped as its parameter,
    the new entries 0; the new networks' parameters listed with no state."""
    obs, act = observation_index(OLD_FORMAT), ACTION_TABLES[OLD_FORMAT]
    per = len(_MLP_PARAMS)
    n_params = sum(1 for k in fresh_model if k.split(".")[-1] in ("weight", "bias"))
    state = {}
    for pid, st in osd["state"].items():
        net, j = divmod(int(pid), per)
        if net >= old_nets:
            raise ValueError(f"optimizer state for parameter {pid}: the checkpoint has {old_nets} networks")
        name = _MLP_PARAMS[j]
        fresh = fresh_model[f"nets.{net}.{name}"]
        state[pid] = {k: (_convert_param(name, v, obs, act, fresh) if torch.is_tensor(v) and v.dim() else v)
                      for k, v in st.items()}
    groups = [dict(g, params=list(range(n_params))) for g in osd["param_groups"]]
    if len(osd["param_groups"]) != 1:
        raise ValueError("one parameter group expected (the trainer's Adam)")
    return {"state": state, "param_groups": groups}


def convert_checkpoint(ck: dict, fresh_policy) -> dict:
    """A format-14 PPO checkpoint (``agents.train.ppo._save``'s dict) for this engine; `fresh_policy`: a new
    ``Policy`` shaped as the run (``ppo.new_policy(cfg)``)."""
    old = OLD_LAYOUTS[OLD_FORMAT]
    if int(ck["obs_size"]) != old["obs_size"] or int(ck["n_actions"]) != old["n_actions"]:
        raise ValueError(f"not a checkpoint of state format {OLD_FORMAT} (observation {ck['obs_size']}, "
                         f"actions {ck['n_actions']})")
    if ck["config"].get("net", "mlp") != "mlp" or ck["config"].get("privileged_critic"):
        raise ValueError("only MLP checkpoints without a privileged critic convert")
    from root_env.engine.observe import OBS_SIZE
    from root_env import codes
    fresh = {k: v.clone() for k, v in fresh_policy.state_dict().items()}
    old_nets = len({k.split(".")[1] for k in ck["model"]})
    out = dict(ck)
    out["model"] = convert_model(ck["model"], fresh)
    out["optimizer"] = convert_optimizer(ck["optimizer"], fresh, old_nets)
    out["anchor"] = None if ck["anchor"] is None else convert_model(ck["anchor"], fresh)
    out["league"] = [convert_model(m, fresh) for m in ck["league"]]
    out["obs_size"], out["n_actions"] = OBS_SIZE, codes.N_ACTIONS
    return out


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description="Rewrite a format-14 PPO checkpoint (agents.train's last.pt) for this "
                                            "engine's layout, to resume its run.")
    p.add_argument("old")
    p.add_argument("new")
    a = p.parse_args(argv)
    from agents.train.ppo import Config, new_policy
    ck = torch.load(a.old, map_location="cpu", weights_only=True)
    cfg = Config(**{k: v for k, v in ck["config"].items() if k in Config.__dataclass_fields__})
    torch.manual_seed(cfg.seed)  # the new faction's fresh network: the same draw on every run
    torch.save(convert_checkpoint(ck, new_policy(cfg)), a.new)
    print("converted", a.old, "->", a.new)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
