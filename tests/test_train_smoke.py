"""A tiny training run: renders a few samples, trains a few steps, exports ONNX, and reads with it."""

import json

import numpy as np
import pytest

from companion.train.data import Recipe, make_sample

torch = pytest.importorskip("torch", reason="the 'train' extra (torch) is not installed")


def test_tiny_training_run_exports_a_usable_model(tmp_path):
    from companion.train.trainer import Schedule, train
    from companion.vision.classify import Classifier

    recipe = Recipe(name="smoke", seed=3, samples=96)
    heldout = Recipe(name="smoke-heldout", seed=4, split="heldout", samples=32)
    out = tmp_path / "models" / "cards.onnx"
    description = train(recipe, Schedule(epochs=1, batch=32, max_steps=3), out, heldout=heldout, threads=1,
                        workers=1, quiet=True, generated=tmp_path / "generated")
    assert description["training"]["steps"] == 3
    meta = json.loads(out.with_suffix(".json").read_text())
    assert meta["recipe"]["seed"] == 3 and "top1" in meta["metrics"]["heldout"]
    assert len(meta["faces"]) == 25 and meta["colours"][-1] == "-"
    readings = Classifier(out).classify([make_sample(recipe, i)[0] for i in range(4)])
    assert len(readings) == 4 and all(np.isfinite(r.confidence) for r in readings)


def test_same_recipe_same_samples():
    recipe = Recipe(seed=11)
    a, code_a = make_sample(recipe, 5)
    b, code_b = make_sample(recipe, 5)
    assert code_a == code_b and np.array_equal(a, b)


def _crops(count=16):
    recipe = Recipe(seed=12)
    images = np.stack([make_sample(recipe, i)[0] for i in range(count)])
    return torch.from_numpy(images).permute(0, 3, 1, 2).float().div(255)


def test_augmentation_is_seeded_and_keeps_crops_in_range():
    from companion.train.trainer import augment

    crops = _crops()
    first = augment(crops.clone(), torch.Generator().manual_seed(5))
    again = augment(crops.clone(), torch.Generator().manual_seed(5))
    other = augment(crops.clone(), torch.Generator().manual_seed(6))
    assert first.shape == crops.shape and torch.equal(first, again)
    assert not torch.equal(first, other)
    assert float(first.min()) >= 0 and float(first.max()) <= 1


def _scaled_copy(changed, original) -> bool:
    """Whether ``changed`` is ``original`` times one factor (pixels clipped at either end left out)."""
    kept = (original > 0.1) & (original < 0.85)
    return float((changed[kept] / original[kept]).std()) < 0.005


def test_strong_augmentation_reframes_each_crop_and_the_plain_one_only_flips_and_exposes():
    from companion.train.trainer import augment

    crops = _crops()
    plain = augment(crops.clone(), torch.Generator().manual_seed(7), strong=False)
    strong = augment(crops.clone(), torch.Generator().manual_seed(7), strong=True)
    turned = 0
    for original, changed in zip(crops, plain, strict=True):
        assert _scaled_copy(changed, original) or _scaled_copy(changed, original.flip(1, 2))
        turned += not _scaled_copy(changed, original)
    assert 0 < turned < len(crops), "a card lies either way up: some crops turn, some do not"
    for original, changed in zip(crops, strong, strict=True):
        assert not _scaled_copy(changed, original) and not _scaled_copy(changed, original.flip(1, 2))
