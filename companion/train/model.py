"""The card network: a small plain conv net with a colour head, a face head and an embedding.

Written out by hand (no torchvision): eight 3×3 conv-BN-ReLU layers, four of them with stride 2,
global average and max pooling side by side to the embedding (a corner index is a small part of
the crop: averaged over the whole of it alone, its evidence fades behind a big picture), two linear
heads. About 20 M multiply-adds for a 64 × 96 crop, so that a crop costs under a millisecond on one
CPU core. The layers and the pooling are recorded in ``cards.json`` (``network``), so a model can be
continued from its export whatever its shape.
"""

from __future__ import annotations

import torch
import torch.nn.functional as F
from torch import nn

# (out channels, stride) per conv layer
LAYERS = ((16, 2), (32, 2), (32, 1), (64, 2), (64, 1), (128, 2), (128, 1), (192, 1))
POOLS = ("avg", "avg+max")  # "avg": the first shipped models'
POOL = "avg+max"  # what a new model pools by


def _conv(cin: int, cout: int, stride: int) -> nn.Sequential:
    return nn.Sequential(nn.Conv2d(cin, cout, 3, stride, 1, bias=False), nn.BatchNorm2d(cout),
                         nn.ReLU(inplace=True))


class CardNet(nn.Module):
    def __init__(self, colours: int, faces: int, layers=LAYERS, pool: str = POOL):
        super().__init__()
        if pool not in POOLS:
            raise ValueError(f"pool must be one of {POOLS}")
        blocks, cin = [], 3
        for cout, stride in layers:
            blocks.append(_conv(cin, cout, stride))
            cin = cout
        self.features = nn.Sequential(*blocks)
        self.pool = pool
        width = cin * (2 if pool == "avg+max" else 1)
        self.colour = nn.Linear(width, colours)
        self.face = nn.Linear(width, faces)

    def forward(self, x: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
        maps = self.features(x)
        features = torch.flatten(F.adaptive_avg_pool2d(maps, 1), 1)
        if self.pool == "avg+max":
            features = torch.cat([features, torch.flatten(F.adaptive_max_pool2d(maps, 1), 1)], 1)
        return self.colour(features), self.face(features), features
