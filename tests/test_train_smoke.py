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
