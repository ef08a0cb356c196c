"""Photos of rendered cards for the recognition tests (not a test module)."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np

from companion.sim import scene
from companion.sim.faces import FaceStyle, render_face


def printing(seed: int, split: str = "heldout") -> FaceStyle:
    return FaceStyle.random(np.random.default_rng(seed), split)


def photo(code: str, style: FaceStyle, seed: int, *, angle: float | None = None, strength: float = 0.5,
          size=(640, 480), card_height: float = 220.0) -> np.ndarray:
    image, _ = scene.card_photo(render_face(code, style), np.random.default_rng(seed), size=size,
                                angle=angle, strength=strength, card_height=card_height)
    return image


def write(path: Path, image: np.ndarray) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    assert cv2.imwrite(str(path), image)
    return path
