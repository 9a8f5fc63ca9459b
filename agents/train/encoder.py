"""The structured observation encoder of the trainer's ``Config.net = "structured"`` network.

The observation (``engine.observe.OBS_TABLE``) is about three thousand entries, most of them zero, and most of
them the same few features repeated per clearing, per card or per faction. A dense first layer over all of it is
most of the work of the MLP network (``net="mlp"``, the default). This encoder reads the observation by its NAMED fields
(``agents.obs_parts``, from the field table, never fixed offsets, so a change of the observation keeps it right):

- every field with an axis named ``clearing`` becomes features of that clearing (``warriors[faction, clearing]``
  gives each clearing its warriors per faction), those with an axis ``card`` features of that card
  (``cards[card, feature]``: where the card is), and the remaining fields with an axis ``faction`` features of that
  faction (VP, hand size, crafted items, relationships, ...); a field goes to the first of these groups whose axis
  it has;
- each group's entities share one linear layer over their features, plus a learned embedding of the entity (which
  clearing, card or faction it is), then a ReLU;
- clearings and factions keep their place (their outputs are concatenated: a clearing's neighbours matter); cards
  are summed over the deck (which card is where is in each card's own output, through its embedding);
- everything else (the decision, the context registers, the phase, the Eyrie's Decree, ...) goes through one
  linear layer;
- the parts are concatenated and mixed by one linear layer to ``hidden`` features (the actor and the critic each
  have their own encoder, as each had its own MLP in the old network).

    >>> enc = StructuredEncoder(hidden=256)
    >>> enc(torch.zeros(5, OBS_SIZE)).shape
    torch.Size([5, 256])
"""
from __future__ import annotations

import numpy as np
import torch
from torch import nn

from agents.obs_parts import GROUPS, POOLED, obs_parts
from root_env.engine.observe import OBS_TABLE, OBS_SIZE


class StructuredEncoder(nn.Module):
    """Per-clearing, per-card and per-faction parts and a global part of a (normalised) observation, mixed into
    ``hidden`` features (see the module's docstring). ``width``: each clearing's features; ``faction_width``: each
    faction's; ``card_width``: the pooled cards'; ``global_width``: the global part's.

    ``gather(z)`` reorders the observation's entries part by part (one gather; the trainer does it once per
    update, not once per minibatch) and ``body`` encodes the reordered rows; ``forward`` is both."""

    def __init__(self, hidden: int = 256, width: int = 32, faction_width: int = 16, card_width: int = 32,
                 global_width: int = 64, table=OBS_TABLE):
        super().__init__()
        parts = obs_parts(table)
        self.groups = tuple(g for g in GROUPS if parts[g].size)
        widths = {"clearing": width, "faction": faction_width, "card": card_width}
        self.entity = nn.ModuleDict()
        self.embed = nn.ParameterDict()
        self.shapes = []  # (entities, features) of each group, in the order of `gather`
        mixed = 0
        for g in self.groups:
            n, k = parts[g].shape
            self.shapes.append((n, k))
            self.entity[g] = nn.Linear(k, widths[g])
            self.embed[g] = nn.Parameter(torch.randn(n, widths[g]) * 0.1)
            mixed += widths[g] if g in POOLED else n * widths[g]
        order = np.concatenate([parts[g].ravel() for g in self.groups] + [parts["global"]])
        self.register_buffer("order", torch.as_tensor(order, dtype=torch.long), persistent=False)
        self.glob = nn.Linear(len(parts["global"]), global_width)
        self.mix = nn.Linear(mixed + global_width, hidden)
        self.out_features = hidden

    def gather(self, z: torch.Tensor) -> torch.Tensor:
        """The observation's entries reordered part by part (rows of ``body``'s input)."""
        return z.index_select(1, self.order)

    def body(self, y: torch.Tensor) -> torch.Tensor:
        """Encode rows reordered by ``gather``."""
        outs, at, b = [], 0, y.shape[0]
        for g, (n, k) in zip(self.groups, self.shapes):
            x = y[:, at:at + n * k].reshape(b, n, k)
            at += n * k
            e = torch.relu(self.entity[g](x) + self.embed[g])  # (batch, entity, width)
            outs.append(e.sum(1) if g in POOLED else e.flatten(1))
        outs.append(torch.relu(self.glob(y[:, at:])))
        return torch.relu(self.mix(torch.cat(outs, 1)))

    def forward(self, z: torch.Tensor) -> torch.Tensor:
        return self.body(self.gather(z))

