"""A tiny training run: renders a few samples, trains a few steps, exports ONNX, and reads with it."""

import functools
import json

import numpy as np
import pytest

from companion import cards
from companion.train.data import RENDERER_VERSION, Recipe, drawn_samples, make_sample

torch = pytest.importorskip("torch", reason="the 'train' extra (torch) is not installed")


def test_tiny_training_run_exports_a_usable_model(tmp_path, monkeypatch):
    from companion.train import trainer
    from companion.train.trainer import Schedule, train
    from companion.vision.classify import Classifier

    # the photos measured for three codes only (every code's photos take minutes)
    few = functools.partial(trainer.measure_photos, decks=1, shots=1, codes=["b3", "r-grab", "back"])
    monkeypatch.setattr(trainer, "measure_photos", few)

    recipe = Recipe(name="smoke", seed=3, samples=96)
    heldout = Recipe(name="smoke-heldout", seed=4, split="heldout", samples=32)
    out = tmp_path / "models" / "cards.onnx"
    description = train(recipe, Schedule(epochs=1, batch=32, max_steps=3), out, heldout=heldout, threads=1,
                        workers=1, quiet=True, generated=tmp_path / "generated")
    assert description["training"]["steps"] == 3
    meta = json.loads(out.with_suffix(".json").read_text())
    assert meta["recipe"]["seed"] == 3 and "top1" in meta["metrics"]["heldout"]
    assert meta["renderer"] == RENDERER_VERSION  # the recipe alone does not say how its samples look
    assert meta["metrics"]["photos"]["photos"] == 3 and 0 <= meta["metrics"]["photos"]["enrolled"] <= 1
    assert len(meta["faces"]) == 25 and meta["colours"][-1] == "-"
    readings = Classifier(out).classify([make_sample(recipe, i)[0] for i in range(4)])
    assert len(readings) == 4 and all(np.isfinite(r.confidence) for r in readings)


def test_same_recipe_same_samples():
    recipe = Recipe(seed=11)
    a, code_a = make_sample(recipe, 5)
    b, code_b = make_sample(recipe, 5)
    assert code_a == code_b and np.array_equal(a, b)


def test_a_run_on_part_of_a_rendered_set_takes_its_first_samples_and_leaves_the_set_whole(tmp_path):
    # `companion train --samples N` (a pilot, a smoke test) on a machine that rendered the whole set:
    # the set is neither rendered again nor replaced by its first N samples.
    from dataclasses import replace

    from companion.train.trainer import dataset_dir, load_dataset

    whole = Recipe(name="part", seed=13, samples=12)
    images, classes = load_dataset(whole, workers=1, quiet=True, root=tmp_path)
    folder = dataset_dir(whole, tmp_path)
    rendered = (folder / "images.npy").stat().st_mtime_ns
    part_images, part_classes = load_dataset(replace(whole, samples=5), workers=1, quiet=True, root=tmp_path)
    assert np.array_equal(part_images, images[:5]) and np.array_equal(part_classes, classes[:5])
    assert (folder / "images.npy").stat().st_mtime_ns == rendered
    assert json.loads((folder / "recipe.json").read_text())["samples"] == 12
    # more samples than rendered, or another recipe under the same name, are rendered anew
    more_images, _ = load_dataset(replace(whole, samples=14), workers=1, quiet=True, root=tmp_path)
    assert len(more_images) == 14 and np.array_equal(more_images[:12], images)
    other, _ = load_dataset(replace(whole, samples=5, hand_probability=1.0), workers=1, quiet=True,
                            root=tmp_path)
    assert not np.array_equal(other, images[:5])
    assert json.loads((folder / "recipe.json").read_text())["samples"] == 5


def test_a_set_the_renderer_now_draws_differently_is_rendered_anew(tmp_path):
    # The recipe alone does not say how its samples look: a renderer that draws them otherwise
    # (RENDERER_VERSION raised) must not leave training on the old pictures.
    from companion.train.trainer import dataset_dir, load_dataset

    recipe = Recipe(name="renderer", seed=13, samples=4)
    load_dataset(recipe, workers=1, quiet=True, root=tmp_path)
    written = dataset_dir(recipe, tmp_path) / "recipe.json"
    assert json.loads(written.read_text())["renderer"] == RENDERER_VERSION
    images = dataset_dir(recipe, tmp_path) / "images.npy"
    rendered = images.stat().st_mtime_ns
    load_dataset(recipe, workers=1, quiet=True, root=tmp_path)
    assert images.stat().st_mtime_ns == rendered  # the same renderer: reused
    written.write_text(json.dumps({**json.loads(written.read_text()), "renderer": RENDERER_VERSION - 1}))
    load_dataset(recipe, workers=1, quiet=True, root=tmp_path)
    assert images.stat().st_mtime_ns != rendered
    assert json.loads(written.read_text())["renderer"] == RENDERER_VERSION


def test_held_out_figures_tell_a_wrong_colour_or_value_from_one_left_unread(tmp_path, monkeypatch):
    # Of the number cards not read right, those read as another value (what a table acts on) are
    # counted apart from those left unread (no card, or unsure: waited for or asked about).
    from types import SimpleNamespace

    import companion.vision.classify
    from companion.train import trainer
    from companion.train.data import CODES

    recipe = Recipe(name="measure", seed=5, samples=40, none_fraction=0.0)
    _, classes = trainer.load_dataset(recipe, workers=1, quiet=True, root=tmp_path)
    truths = [CODES[c] for c in classes]

    class ReadsInTurn:  # right, then a wrong value, then unread with a wrong colour, in the crops' order
        def __init__(self, path):
            self.seen = 0

        def classify(self, crops):
            readings = []
            for truth in truths[self.seen:self.seen + len(crops)]:
                card = cards.parse(truth)
                turn = self.seen % 3
                value = None if card.value is None else [card.value, (card.value + 1) % 8, None][turn]
                colour = [card.colour, None, "o" if card.colour != "o" else "b"][turn]
                read = truth if turn == 0 else None
                readings.append(SimpleNamespace(top=[(read or "none", 0.9)], code=read, colour=colour,
                                                value=value))
                self.seen += 1
            return readings

    monkeypatch.setattr(companion.vision.classify, "Classifier", ReadsInTurn)
    monkeypatch.setattr(trainer, "measure_enrollment", lambda *args, **kwargs: {})
    monkeypatch.setattr(trainer, "measure_photos", lambda *args, **kwargs: {})
    figures = trainer.measure(tmp_path / "any.onnx", recipe, workers=1, quiet=True, root=tmp_path)["heldout"]
    numbers = [i for i, t in enumerate(truths) if cards.parse(t).is_number]
    assert len(numbers) >= 10
    for turn, key in ((0, "number_value"), (1, "number_value_wrong"), (0, "number_colour"),
                      (2, "number_colour_wrong")):
        assert figures[key] == round(sum(i % 3 == turn for i in numbers) / len(numbers), 4), key
    # the values read right, broken down by the printing's layout and by the card's height
    _, layouts, heights = drawn_samples(recipe)
    by_layout = figures["number_value_by_layout"]
    assert set(by_layout) == {layouts[i] for i in numbers}
    for layout, share in by_layout.items():
        these = [i for i in numbers if layouts[i] == layout]
        assert share == round(sum(i % 3 == 0 for i in these) / len(these), 4), layout
    by_height = figures["number_value_by_height"]
    assert list(by_height) == ["32-47 px", "47-69 px", "69-102 px", "102-150 px"]
    edges = np.exp(np.linspace(np.log(32), np.log(150), 5))  # the recipe's range in four steps
    for (label, share), low, high in zip(by_height.items(), edges, edges[1:], strict=False):
        these = [i for i in numbers if low <= heights[i] < high or (high == edges[-1] and heights[i] == high)]
        assert share == (round(sum(i % 3 == 0 for i in these) / len(these), 4) if these else None), label


def test_held_out_figures_count_foreign_cards_named_and_leave_out_what_a_person_cannot_read(
        tmp_path, monkeypatch, capsys):
    # A foreign card (class none) named as a Svintus card is counted apart; a set audited by a person
    # gives the top-1 on the samples the person could read, only while its pictures are the audited ones.
    import hashlib
    from types import SimpleNamespace

    import companion.vision.classify
    from companion.train import trainer
    from companion.train.data import CODES

    recipe = Recipe(name="audited", seed=6, samples=30, none_fraction=0.5)
    images, classes = trainer.load_dataset(recipe, workers=1, quiet=True, root=tmp_path)
    truths = [CODES[c] for c in classes]
    foreign = [i for i, truth in enumerate(truths) if truth == "none"]
    assert 5 <= len(foreign) <= 25

    class NamesEverySecond:  # even samples read right, odd ones named as a red 3 (wrong but for r3)
        def __init__(self, path):
            self.seen = 0

        def classify(self, crops):
            readings = []
            for truth in truths[self.seen:self.seen + len(crops)]:
                code = truth if self.seen % 2 == 0 else "r3"
                named = None if code == "none" else code
                readings.append(SimpleNamespace(top=[(code, 0.9)], code=named, colour=None, value=None))
                self.seen += 1
            return readings

    monkeypatch.setattr(companion.vision.classify, "Classifier", NamesEverySecond)
    monkeypatch.setattr(trainer, "measure_enrollment", lambda *args, **kwargs: {})
    monkeypatch.setattr(trainer, "measure_photos", lambda *args, **kwargs: {})
    unreadable = [1, 3, 5, 7, 8]
    audit = tmp_path / "audited-audit.json"
    audit.write_text(json.dumps({"images_sha256": hashlib.sha256(images.tobytes()).hexdigest(),
                                 "unreadable": unreadable, "unsure": [], "readable": []}))

    def measured():
        return trainer.measure(tmp_path / "any.onnx", recipe, workers=1, quiet=False, root=tmp_path,
                               audit=audit)["heldout"]

    figures = measured()
    assert figures["foreign_named"] == round(sum(i % 2 == 1 for i in foreign) / len(foreign), 4)
    right = [i % 2 == 0 or truths[i] == "r3" for i in range(len(truths))]
    assert figures["top1"] == round(sum(right) / len(right), 4)
    assert figures["unreadable"] == len(unreadable)
    kept = [r for i, r in enumerate(right) if i not in unreadable]
    assert figures["top1_readable"] == round(sum(kept) / len(kept), 4)
    assert figures["top1_readable"] > figures["top1"]  # four of the five left out were read wrong

    # other pictures (another renderer, other fonts): the verdicts do not hold, and it is said
    audit.write_text(json.dumps({**json.loads(audit.read_text()), "images_sha256": "0" * 64}))
    figures = measured()
    assert "top1_readable" not in figures and "unreadable" not in figures
    assert "made on other pictures" in capsys.readouterr().err
    audit.write_text("{not json")
    assert "top1_readable" not in measured()
    assert "cannot be read as an audit" in capsys.readouterr().err


def test_audit_sheets_show_the_misses_no_person_has_judged_yet(tmp_path, monkeypatch, capsys):
    # A candidate that misses samples the audit has no verdict on is measured against a ceiling it
    # may not have: the sheets put exactly those crops before a person, each under its sample index.
    import hashlib
    from types import SimpleNamespace

    import cv2

    import companion.vision.classify
    from companion.train import trainer
    from companion.train.data import CODES

    recipe = Recipe(name="sheets", seed=8, samples=40)
    images, classes = trainer.load_dataset(recipe, workers=1, quiet=True, root=tmp_path)
    truths = [CODES[c] for c in classes]

    class MissesEveryThird:
        def __init__(self, path):
            self.seen = 0

        def classify(self, crops):
            readings = []
            for truth in truths[self.seen:self.seen + len(crops)]:
                code = "back" if self.seen % 3 == 0 and truth != "back" else truth
                readings.append(SimpleNamespace(top=[(code, 0.6)]))
                self.seen += 1
            return readings

    monkeypatch.setattr(companion.vision.classify, "Classifier", MissesEveryThird)
    misses = [i for i in range(len(truths)) if i % 3 == 0 and truths[i] != "back"]
    judged = {"unreadable": misses[:2], "unsure": misses[2:3], "readable": misses[3:4]}
    audit = tmp_path / "sheets-audit.json"
    audit.write_text(json.dumps({"images_sha256": hashlib.sha256(images.tobytes()).hexdigest(), **judged}))
    written = trainer.audit_sheets(tmp_path / "any.onnx", recipe, tmp_path / "out", workers=1, quiet=True,
                                   root=tmp_path, audit=audit, per_sheet=8)
    listing = json.loads((tmp_path / "out" / "unjudged.json").read_text())
    assert [row["index"] for row in listing["samples"]] == misses[4:]
    assert all(row["read"] == "back" and row["class"] == truths[row["index"]] for row in listing["samples"])
    assert listing["images_sha256"] == hashlib.sha256(images.tobytes()).hexdigest()
    assert written["unjudged"] == len(misses) - 4
    assert len(written["sheets"]) == -(-written["unjudged"] // 8)
    sheet = cv2.imread(written["sheets"][0])
    assert sheet.shape == (recipe.height * 5 // 2 + 22, 8 * (recipe.width * 5 // 2 + 4), 3)
    # no audit of these pictures: every miss is put before a person
    audit.write_text(json.dumps({"images_sha256": "0" * 64, **judged}))
    written = trainer.audit_sheets(tmp_path / "any.onnx", recipe, tmp_path / "all", workers=1, quiet=True,
                                   root=tmp_path, audit=audit)
    assert written["unjudged"] == len(misses)


def test_audit_sheets_need_a_held_out_recipe(capsys, tmp_path):
    from tests.cli import run

    code, _, err = run(capsys, "train", "--audit-sheets", str(tmp_path / "sheets"), "--heldout", "none")
    assert code == 2 and "need a held-out recipe" in err and "Traceback" not in err

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


def _two_lines(count: int):
    """Black crops with two bright vertical lines half the width apart (columns 15-16 and 47-48)."""
    crops = torch.zeros(count, 3, 96, 64)
    crops[:, :, :, 15:17] = 1.0
    crops[:, :, :, 47:49] = 1.0
    return crops


def _line_gap(crop) -> int:
    """Columns between the two brightest columns of a crop, one in each half."""
    profile = crop.mean(dim=(0, 1))
    half = len(profile) // 2
    return int(half + profile[half:].argmax()) - int(profile[:half].argmax())


def test_a_fifth_of_the_crops_are_zoomed_in_as_far_as_a_faces_inner_frame():
    # The card finder may outline a face's inner frame instead of the card: its crop shows as little
    # as 72 % of the face's width, and training shows such crops. Two lines half the width apart
    # come out farther apart by the zoom: 32 px at 1:1, at most 35.6 px when only the quad wanders
    # (scale 0.9 to 1.1), up to 44 px cut at an inner frame.
    from companion.train.trainer import INNER_FRAME_SHARE, augment

    gaps = [_line_gap(c) for c in augment(_two_lines(400), torch.Generator().manual_seed(3))]
    zoomed = sum(gap >= 37 for gap in gaps) / len(gaps)
    assert 0.5 * INNER_FRAME_SHARE < zoomed < 1.2 * INNER_FRAME_SHARE
    assert max(gaps) <= 45 and min(gaps) >= 28


def test_crops_whose_value_stands_in_the_corners_are_never_cut_at_the_inner_frame():
    # Such a cut leaves a corners printing's number card without its corner indices: nothing to read.
    from companion.train.trainer import augment

    flagged = torch.arange(400) % 2 == 0
    gaps = [_line_gap(c) for c in augment(_two_lines(400), torch.Generator().manual_seed(3),
                                          value_in_corners=flagged)]
    assert max(gaps[0::2]) < 37
    assert sum(gap >= 37 for gap in gaps[1::2]) > 20


def test_value_in_corners_flags_the_number_cards_of_corners_printings(monkeypatch):
    from companion.sim import faces
    from companion.train.data import value_in_corners

    recipe = Recipe(seed=13, samples=160)
    flags = value_in_corners(recipe)
    layouts = []
    real_random = faces.FaceStyle.random

    def recorded(rng, split="train"):
        style = real_random(rng, split)
        layouts.append(style.layout)
        return style

    monkeypatch.setattr(faces.FaceStyle, "random", staticmethod(recorded))
    codes = [make_sample(recipe, i)[1] for i in range(recipe.samples)]
    for flag, code, layout in zip(flags, codes, layouts, strict=True):
        number_or_none = code == "none" or (code[0] in "bgryo" and code[1:].isdigit())
        assert flag == (layout == "corners" and number_or_none), (code, layout)
    assert 0 < flags.sum() < len(flags) / 3


def test_an_epoch_shows_the_flagged_samples_as_many_times_as_asked():
    from companion.train.trainer import epoch_samples

    flagged = torch.tensor([False, True, False, True, True])
    assert sorted(epoch_samples(flagged, 1).tolist()) == [0, 1, 2, 3, 4]
    assert sorted(epoch_samples(flagged, 3).tolist()) == [0, 1, 1, 1, 2, 3, 3, 3, 4, 4, 4]
    with pytest.raises(ValueError):
        epoch_samples(flagged, 0)


def test_a_model_continued_from_its_export_keeps_its_layers_and_pooling(tmp_path):
    from companion.train.model import CardNet
    from companion.train.trainer import Schedule, exported_network, train

    recipe = Recipe(name="smoke", seed=3, samples=64)
    first = tmp_path / "first.onnx"
    train(recipe, Schedule(epochs=1, batch=32, max_steps=1), first, threads=1, workers=1, quiet=True,
          generated=tmp_path / "generated")
    network = json.loads(first.with_suffix(".json").read_text())["network"]
    assert network["pool"] == "avg+max"
    continued = tmp_path / "continued.onnx"
    train(recipe, Schedule(epochs=1, batch=32, max_steps=1, init=str(first)), continued, threads=1,
          workers=1, quiet=True, generated=tmp_path / "generated")
    assert json.loads(continued.with_suffix(".json").read_text())["network"] == network
    # The first shipped models recorded no pooling: they pooled by the average alone.
    description = json.loads(first.with_suffix(".json").read_text())
    del description["network"]["pool"]
    first.with_suffix(".json").write_text(json.dumps(description))
    layers, pool = exported_network(first)
    assert pool == "avg" and list(map(list, layers)) == network["layers"]
    embedding = CardNet(6, 25, layers, pool)(torch.zeros(1, 3, 96, 64))[2]
    assert embedding.shape == (1, network["layers"][-1][0])


def test_a_bfloat16_run_exports_a_float32_model_that_reads(tmp_path):
    import onnx
    from onnx import TensorProto

    from companion.train.trainer import Schedule, train
    from companion.vision.classify import Classifier

    recipe = Recipe(name="smoke", seed=3, samples=64)
    out = tmp_path / "bf16.onnx"
    description = train(recipe, Schedule(epochs=1, batch=32, max_steps=2, bf16=True), out, threads=1,
                        workers=1, quiet=True, generated=tmp_path / "generated")
    assert description["schedule"]["bf16"] is True and description["training"]["device"] == "cpu"
    assert np.isfinite(description["training"]["final_loss"])
    weights = onnx.load(str(out)).graph.initializer
    assert weights and {w.data_type for w in weights} == {TensorProto.FLOAT}
    readings = Classifier(out).classify([make_sample(recipe, i)[0] for i in range(3)])
    assert all(np.isfinite(r.confidence) for r in readings)


NO_CUDA = pytest.mark.skipif(torch.cuda.is_available(),
                             reason="this machine has a CUDA GPU: the message for those without cannot show")


@pytest.mark.parametrize("options, message", [
    (["--device", "tpu9"], "not a device torch knows"),
    (["--device", "meta"], "training runs on cpu or cuda"),
    pytest.param(["--device", "cuda"], "sees no CUDA GPU", marks=NO_CUDA),
    (["--layers", "16:3"], "stride 1 or 2"),
    (["--layers", "16"], "CHANNELS:STRIDE"),
    (["--layers", "a:2"], "CHANNELS:STRIDE"),
    (["--layers", "0:2"], "out channels 1 to 1024"),
    (["--layers", ",".join(["8:2"] * 6)], "five stride-2 layers"),
    (["--layers", "8:2", "--init", "models/cards.onnx"], "keeps its layers"),  # a continued model's own
])
def test_train_refuses_a_device_or_layers_it_cannot_train_on(capsys, tmp_path, options, message):
    from tests.cli import run

    code, _, err = run(capsys, "train", *options, "--heldout", "none",
                       "--out", str(tmp_path / "m.onnx"), "--samples", "8", "--steps", "1", "--quiet")
    assert code == 2 and message in err and "Traceback" not in err
    assert not (tmp_path / "m.onnx").exists()


def test_train_shapes_a_new_network_from_layers_and_records_them(capsys, tmp_path):
    import onnxruntime as ort

    from tests.cli import run

    out = tmp_path / "narrow.onnx"
    code, _, err = run(capsys, "train", "--layers", "8:2,16:2,24:1", "--heldout", "none",
                       "--out", str(out), "--samples", "40", "--steps", "1", "--batch", "16",
                       "--threads", "1", "--workers", "1", "--quiet")
    assert code == 0, err
    assert json.loads(out.with_suffix(".json").read_text())["network"]["layers"] == [[8, 2], [16, 2], [24, 1]]
    session = ort.InferenceSession(str(out), providers=["CPUExecutionProvider"])
    embedding = session.run(["embedding"], {"crop": np.zeros((1, 3, 96, 64), np.float32)})[0]
    assert embedding.shape == (1, 48)  # average and max pooling of the last 24 channels


def test_a_crop_turned_for_the_reframing_is_reframed_as_if_it_had_been_turned_before():
    from companion.train.trainer import reframe

    crops = _crops()
    generator = torch.Generator().manual_seed(11)
    theta = torch.zeros(len(crops), 2, 3)
    angle = 0.1 * torch.rand(len(crops), generator=generator) - 0.05
    scale = 0.9 + 0.2 * torch.rand(len(crops), generator=generator)
    theta[:, 0, 0], theta[:, 0, 1] = scale * torch.cos(angle), -scale * torch.sin(angle)
    theta[:, 1, 0], theta[:, 1, 1] = scale * torch.sin(angle), scale * torch.cos(angle)
    theta[:, :, 2] = 0.16 * torch.rand(len(crops), 2, generator=generator) - 0.08
    flip = torch.arange(len(crops)) % 2 == 0
    turned_first = crops.clone()
    turned_first[flip] = turned_first[flip].flip(2, 3)
    expected = reframe(turned_first, theta, torch.zeros(len(crops), dtype=torch.bool))
    folded = reframe(crops.clone(), theta, flip)
    assert torch.allclose(folded, expected, atol=1e-5)
    assert not torch.allclose(folded[flip], reframe(crops, theta, ~flip)[flip], atol=1e-2)
