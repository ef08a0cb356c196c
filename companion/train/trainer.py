"""Train the card network from a recipe, export it to ONNX and describe it in ``cards.json``.

    python -m companion.cli train            # datasets/cards.json -> models/cards.onnx + cards.json

The dataset is generated once into ``datasets/generated/<name>-<seed>/`` and reused while its
recipe is unchanged. Training is seeded; the held-out measurement at export runs the exported
ONNX model through ``vision.classify`` on a held-out recipe (new seed, held-out fonts,
backgrounds, art and backs), so the figures in ``cards.json`` are those of the shipped file.
"""

from __future__ import annotations

import hashlib
import json
import sys
import time
import warnings
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from companion import cards
from companion.paths import PROJECT_ROOT
from companion.train.data import (
    CODES,
    COLOUR_LABELS,
    FACE_LABELS,
    RENDERER_VERSION,
    Recipe,
    build,
    drawn_samples,
    labels_of,
    value_in_corners,
)

DATASETS_DIR = PROJECT_ROOT / "datasets"
GENERATED_DIR = DATASETS_DIR / "generated"
MEAN = (0.5, 0.5, 0.5)
STD = (0.25, 0.25, 0.25)
INNER_FRAME_SHARE = 0.2  # crops zoomed in as if cut at the face's inner frame (`augment`)


@dataclass(frozen=True)
class Schedule:
    epochs: int = 18
    batch: int = 128
    lr: float = 3e-3
    weight_decay: float = 5e-4
    label_smoothing: float = 0.05
    seed: int = 0
    max_steps: int | None = None  # a smoke run stops early
    init: str | None = None  # continue from an exported model (its weights, batch norm folded in)
    warmup: float = 0.15  # share of the steps spent raising the learning rate
    augment: bool = True  # redraw each crop's framing, colour, blur and noise every epoch (`augment`)
    # Each epoch shows the samples whose value may stand in the corner indices alone
    # (`data.value_in_corners`) this many times: read worst, they are given more of the steps.
    corner_repeats: int = 2
    # The forward pass in bfloat16 (autocast): 1.2 to 1.5 times the steps an hour on two cores with
    # AVX-512 BF16, the usual choice on a GPU, and the same accuracy. The weights, the optimiser and
    # the export stay float32. Off by default: the shipped model was trained in float32.
    bf16: bool = False


class Progress:
    """A one-line progress bar on stderr (no dependency)."""

    def __init__(self, total: int, label: str, stream=sys.stderr):
        self.total, self.label, self.stream = max(1, total), label, stream
        self.done, self.start, self.last = 0, time.monotonic(), 0.0
        self.note = ""

    def __call__(self, n: int = 1, note: str | None = None) -> None:
        self.done += n
        if note is not None:
            self.note = note
        now = time.monotonic()
        if now - self.last < 0.5 and self.done < self.total:
            return
        self.last = now
        frac = min(1.0, self.done / self.total)
        elapsed = now - self.start
        eta = elapsed / frac - elapsed if frac > 0 else 0
        bar = "#" * int(30 * frac) + "-" * (30 - int(30 * frac))
        self.stream.write(f"\r{self.label:<9} [{bar}] {100 * frac:5.1f}% {elapsed:5.0f}s eta {eta:4.0f}s "
                          f"{self.note}")
        if self.done >= self.total:
            self.stream.write("\n")
        self.stream.flush()


def dataset_dir(recipe: Recipe, root: Path = GENERATED_DIR) -> Path:
    return Path(root) / f"{recipe.name}-{recipe.split}-{recipe.seed}"


def load_dataset(recipe: Recipe, workers: int = 2, quiet: bool = False,
                 root: Path = GENERATED_DIR) -> tuple[np.ndarray, np.ndarray]:
    progress = None if quiet else Progress(recipe.samples, "render")
    folder = build(recipe, dataset_dir(recipe, root), workers=workers, progress=progress)
    # the folder may hold more samples than the recipe asks for (`build`): the first ones are its
    images = np.array(np.load(folder / "images.npy", mmap_mode="r")[:recipe.samples])
    classes = np.load(folder / "classes.npy")[:recipe.samples].astype(np.int64)
    return images, classes


def augment(x, generator, strong: bool = True, value_in_corners=None):
    """A batch of crops (N, 3, H, W, floats in 0..1) changed the way another frame would change them.

    A card lies either way up, so half the batch turns by 180 degrees. Without ``strong`` only the
    exposure moves a little. With it every crop is also reframed (shifted, scaled and turned a few
    degrees, as the card finder's quad wanders; a fifth zoomed in as far as a face's inner frame),
    its white balance and contrast move, some are blurred and all get sensor noise: the rendered
    crops are seen many times, and a net that sees each exactly alike learns the crop by heart rather
    than the small printed index on it. Crops flagged in ``value_in_corners`` (a bool tensor) are
    never cut at the inner frame: that would cut away the corner indices, their only value.
    """
    import torch
    import torch.nn.functional as F

    device = x.device  # the generator's: random numbers are drawn where the batch lies

    def uniform(low, high, *shape):
        return low + (high - low) * torch.rand(*shape, generator=generator, device=device)

    n = len(x)
    flip = torch.rand(n, generator=generator, device=device) < 0.5
    if not strong:
        x[flip] = x[flip].flip(2, 3)
        return (x * (1 + uniform(-0.075, 0.075, n, 1, 1, 1))).clamp_(0, 1)
    angle = uniform(-0.07, 0.07, n)  # radians, about 4 degrees
    scale = uniform(0.9, 1.1, n)
    # The card finder now and then outlines a face's inner frame (a white field inside a coloured
    # border) instead of the card: its crop is the face zoomed in, the border cut off, and the digit
    # must still be read (a big 6 cut that way was read as a 0 on the simulated tables).
    inner = torch.rand(n, generator=generator, device=device) < INNER_FRAME_SHARE
    if value_in_corners is not None:
        inner &= ~value_in_corners
    scale = torch.where(inner, uniform(0.72, 0.9, n), scale)
    theta = torch.zeros(n, 2, 3, device=device)
    theta[:, 0, 0] = scale * torch.cos(angle)
    theta[:, 0, 1] = -scale * torch.sin(angle)
    theta[:, 1, 0] = scale * torch.sin(angle)
    theta[:, 1, 1] = scale * torch.cos(angle)
    theta[:, :, 2] = uniform(-0.08, 0.08, n, 2)  # a twelfth of the half-width: about 3 px
    x = reframe(x, theta, flip)
    blur = torch.rand(n, generator=generator, device=device) < 0.25
    if blur.any():  # a 3x3 box: depthwise convolutions are slow on the CPU, pooling is not
        x[blur] = F.avg_pool2d(F.pad(x[blur], (1, 1, 1, 1), mode="replicate"), 3, 1)
    # contrast about the crop's mean, exposure and white balance, as one multiply-add per channel
    contrast = uniform(0.75, 1.25, n, 1, 1, 1)
    gain = uniform(0.75, 1.25, n, 1, 1, 1) * uniform(0.88, 1.12, n, 3, 1, 1)
    offset = (1 - contrast) * x.mean(dim=(1, 2, 3), keepdim=True) * gain
    x = torch.addcmul(offset, x, contrast * gain)
    noise_level = uniform(0, 0.03, n, 1, 1, 1)
    x.addcmul_(noise_level, torch.randn(n, 1, *x.shape[2:], generator=generator, device=device))
    return x.clamp_(0, 1)


def reframe(x, theta, flip):
    """Sample each crop through its affine map ``theta`` (N, 2, 3, in ``affine_grid``'s coordinates),
    the crops flagged in ``flip`` turned by 180 degrees first.

    The turn is folded into the map (a point p of the turned crop is -p of the crop), so that the
    batch is read once rather than copied twice for the turn.
    """
    import torch
    import torch.nn.functional as F

    theta = torch.where(flip.view(-1, 1, 1), -theta, theta)
    grid = F.affine_grid(theta, list(x.shape), align_corners=False)
    return F.grid_sample(x, grid, mode="bilinear", padding_mode="border", align_corners=False)


def epoch_samples(repeated, repeats: int):
    """The sample indices an epoch draws from: every sample once, those flagged in ``repeated``
    (a bool tensor) ``repeats`` times in all."""
    import torch

    if repeats < 1:
        raise ValueError("corner_repeats must be at least 1")
    flagged = torch.nonzero(repeated).flatten()
    return torch.cat([torch.arange(len(repeated), device=repeated.device)] + [flagged] * (repeats - 1))


def train(recipe: Recipe, schedule: Schedule, out_model: Path, *, heldout: Recipe | None = None,
          threads: int = 2, workers: int = 2, quiet: bool = False, generated: Path = GENERATED_DIR,
          device: str = "cpu", layers: tuple | None = None) -> dict:
    """Train, export ``out_model`` (+ its ``.json``) and return the description written.

    ``layers`` ((out channels, stride) per conv layer) shapes a new network: the default is
    ``model.LAYERS``; a model continued from its export keeps the export's.

    ``device`` is where torch trains ("cpu", "cuda"): the dataset, the augmentation and the network
    all live there. The same seed on another device gives a model as good, not the same bytes.
    """
    import torch
    import torch.nn.functional as F

    from companion.train.model import LAYERS, POOL, CardNet

    torch.set_num_threads(threads)
    torch.manual_seed(schedule.seed)
    # the network's shape is settled before the dataset is rendered: a wrong one fails in a moment
    if schedule.init:
        if layers is not None:
            raise ValueError("a model continued from its export keeps its layers: give no layers")
        layers, pool = exported_network(Path(schedule.init))
    else:
        layers, pool = (check_layers(layers) if layers is not None else LAYERS), POOL
    started = time.monotonic()
    images, classes = load_dataset(recipe, workers=workers, quiet=quiet, root=generated)
    colour_targets = torch.tensor([labels_of(CODES[c])[0] for c in classes], device=device)
    face_targets = torch.tensor([labels_of(CODES[c])[1] for c in classes], device=device)
    data = torch.from_numpy(images).to(device)  # N, H, W, 3 uint8 (BGR)
    corners = torch.from_numpy(value_in_corners(recipe)).to(device)
    samples = epoch_samples(corners, schedule.corner_repeats)
    mean = torch.tensor(MEAN, device=device).view(1, 3, 1, 1)
    std = torch.tensor(STD, device=device).view(1, 3, 1, 1)

    model = CardNet(len(COLOUR_LABELS), len(FACE_LABELS), layers, pool)
    if schedule.init:
        load_exported_weights(model, Path(schedule.init))
    model = model.to(device, memory_format=torch.channels_last)
    steps_per_epoch = max(1, len(classes) // schedule.batch)
    total_steps = schedule.epochs * steps_per_epoch
    if schedule.max_steps:
        total_steps = min(total_steps, schedule.max_steps)
    optimiser = torch.optim.AdamW(model.parameters(), lr=schedule.lr, weight_decay=schedule.weight_decay)
    lr_schedule = torch.optim.lr_scheduler.OneCycleLR(optimiser, max_lr=schedule.lr, total_steps=total_steps,
                                                      pct_start=schedule.warmup)
    generator = torch.Generator(device).manual_seed(schedule.seed)
    progress = None if quiet else Progress(total_steps, "train")
    step, running = 0, None
    model.train()
    if schedule.init:
        # The exported model's batch norm is folded into its convolutions: keep it a fixed affine map.
        for module in model.modules():
            if isinstance(module, torch.nn.BatchNorm2d):
                module.eval()
    while step < total_steps:
        # an epoch keeps its number of steps; the repeated samples take some of them
        order = samples[torch.randperm(len(samples), generator=generator, device=device)]
        for start in range(0, steps_per_epoch * schedule.batch, schedule.batch):
            if step >= total_steps:
                break
            index = order[start:start + schedule.batch]
            x = data[index].permute(0, 3, 1, 2).float().div_(255)
            x = augment(x, generator, strong=schedule.augment, value_in_corners=corners[index])
            x = x.sub_(mean).div_(std)
            x = x.contiguous(memory_format=torch.channels_last)
            with torch.autocast(torch.device(device).type, dtype=torch.bfloat16, enabled=schedule.bf16):
                colour_logits, face_logits, _ = model(x)
            colour_logits, face_logits = colour_logits.float(), face_logits.float()
            loss = F.cross_entropy(face_logits, face_targets[index], label_smoothing=schedule.label_smoothing)
            loss = loss + F.cross_entropy(colour_logits, colour_targets[index], ignore_index=-100,
                                          label_smoothing=schedule.label_smoothing)
            optimiser.zero_grad(set_to_none=True)
            loss.backward()
            optimiser.step()
            lr_schedule.step()
            step += 1
            # kept on the device: reading it every step would make a GPU wait for each step
            running = loss.detach() if running is None else 0.98 * running + 0.02 * loss.detach()
            if progress:
                progress(1, f"loss {float(running):.3f}" if step % 25 == 0 else None)
    train_seconds = time.monotonic() - started
    model.eval()
    export_onnx(model.cpu(), out_model, recipe.width, recipe.height)
    description = {
        "format": 1,
        "input": {"width": recipe.width, "height": recipe.height, "channels": "BGR", "scale": 1 / 255,
                  "mean": list(MEAN), "std": list(STD), "layout": "NCHW"},
        "outputs": {"colour": "logits over colours", "face": "logits over faces",
                    "embedding": "pooled features (normalise before comparing)"},
        "colours": list(COLOUR_LABELS),
        "faces": list(FACE_LABELS),
        "codes": list(CODES),
        "network": {"layers": [list(layer) for layer in layers], "pool": pool},
        "recipe": recipe.to_json(),
        "renderer": RENDERER_VERSION,  # the recipe's samples as this version of the renderer draws them
        "schedule": schedule.__dict__,
        "training": {"seconds": round(train_seconds), "steps": step, "threads": threads, "device": device,
                     "final_loss": round(float(running) if running is not None else 0.0, 4),
                     "torch": torch.__version__},
        "sha256": hashlib.sha256(out_model.read_bytes()).hexdigest(),
        "metrics": {},
    }
    write_description(out_model, description)
    if heldout is not None:
        description["metrics"] = measure(out_model, heldout, workers=workers, quiet=quiet, root=generated)
        write_description(out_model, description)
    return description


def remeasure(model_path: Path, heldout: Recipe, *, workers: int = 2, quiet: bool = False,
              generated: Path = GENERATED_DIR) -> dict:
    """Measure an existing model again and store the figures in its description."""
    from companion.vision.classify import load_description

    description = load_description(model_path)
    description["metrics"] = measure(model_path, heldout, workers=workers, quiet=quiet, root=generated)
    write_description(model_path, description)
    return description


def check_layers(layers) -> tuple:
    """Conv layers as (out channels, stride) pairs, or ValueError saying what is wrong with them."""
    try:
        layers = tuple((int(channels), int(stride)) for channels, stride in layers)
    except (TypeError, ValueError):
        raise ValueError("layers are (out channels, stride) pairs") from None
    if not 1 <= len(layers) <= 16:
        raise ValueError("a network has 1 to 16 conv layers")
    for channels, stride in layers:
        if not 1 <= channels <= 1024 or stride not in (1, 2):
            raise ValueError(f"layer ({channels}, {stride}): out channels 1 to 1024, stride 1 or 2")
    if sum(stride == 2 for _, stride in layers) > 5:
        raise ValueError("more than five stride-2 layers leave less than a pixel of a 64 x 96 crop")
    return layers


def exported_network(path: Path) -> tuple[tuple, str]:
    """The conv layers (channels, stride) and the pooling of an exported model, from its description."""
    from companion.train.model import LAYERS
    from companion.vision.classify import load_description

    network = load_description(path).get("network", {})
    layers = network.get("layers")
    # A description without them is of the first shipped models: the default layers, average pooling.
    return (tuple(tuple(layer) for layer in layers) if layers else LAYERS), network.get("pool", "avg")


def load_exported_weights(model, path: Path) -> None:
    """Load an exported ONNX model's weights into ``model`` (conv + batch norm folded: identity BN)."""
    import onnx
    import torch
    from onnx import numpy_helper

    graph = onnx.load(str(path)).graph
    tensors = {t.name: torch.from_numpy(numpy_helper.to_array(t).copy()) for t in graph.initializer}
    convs = [tensors[node.input[1]] for node in graph.node if node.op_type == "Conv"]
    biases = [tensors[node.input[2]] for node in graph.node if node.op_type == "Conv"]
    blocks = list(model.features)
    if len(convs) != len(blocks):
        raise ValueError(f"{path} does not have this network's layers")
    with torch.no_grad():
        for block, weight, bias in zip(blocks, convs, biases, strict=True):
            conv, norm = block[0], block[1]
            conv.weight.copy_(weight)
            norm.weight.fill_(1.0)
            norm.bias.copy_(bias)
            norm.running_mean.zero_()
            norm.running_var.fill_(1.0 - norm.eps)
        for head in ("colour", "face"):
            getattr(model, head).weight.copy_(tensors[f"{head}.weight"])
            getattr(model, head).bias.copy_(tensors[f"{head}.bias"])


def write_description(model_path: Path, description: dict) -> None:
    model_path.with_suffix(".json").write_text(json.dumps(description, indent=1, ensure_ascii=False) + "\n",
                                               encoding="utf-8")


def export_onnx(model, path: Path, width: int, height: int) -> None:
    import torch

    path.parent.mkdir(parents=True, exist_ok=True)
    dummy = torch.zeros(1, 3, height, width)
    batch_axis = {0: "n"}
    model = model.to(memory_format=torch.contiguous_format)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the TorchScript exporter's deprecation notice
        torch.onnx.export(model, (dummy,), str(path), dynamo=False, input_names=["crop"],
                          output_names=["colour", "face", "embedding"], opset_version=17,
                          dynamic_axes={"crop": batch_axis, "colour": batch_axis, "face": batch_axis,
                                        "embedding": batch_axis})


VERDICTS = ("unreadable", "unsure", "readable")


def audit_verdicts(recipe: Recipe, pixels: str, audit: Path | None = None,
                   quiet: bool = False) -> dict[str, set[int]] | None:
    """A person's verdict on samples of a rendered set, from the set's audit (``datasets/<recipe
    name>-audit.json``): the sample indices judged unreadable (a person could not name the card
    either), unsure and readable, among those a model got wrong.

    The verdicts were given on pixels: they hold only while the set's images hash the same
    (``pixels``, ``images_hash``; another renderer, other fonts installed, another seed draw other
    pictures). None when there is no audit of these pictures.
    """
    path = DATASETS_DIR / f"{recipe.name}-audit.json" if audit is None else Path(audit)
    if not path.is_file():
        return None
    try:
        audited = json.loads(path.read_text())
        made_on = audited["images_sha256"]
        verdicts = {verdict: {int(index) for index in audited.get(verdict, [])} for verdict in VERDICTS}
    except (OSError, ValueError, KeyError, TypeError) as error:
        print(f"{path} cannot be read as an audit ({error}): its verdicts are not used", file=sys.stderr)
        return None
    if made_on != pixels:
        if not quiet:
            print(f"{path.name} was made on other pictures than these (another renderer, other fonts, "
                  "another recipe): its verdicts are not used", file=sys.stderr)
        return None
    return verdicts


def images_hash(images: np.ndarray) -> str:
    """What an audit's verdicts were given on: the sha256 of the set's image rows."""
    return hashlib.sha256(np.ascontiguousarray(images).tobytes()).hexdigest()


def read_set(classifier, images: np.ndarray):
    """(index, reading) of each image of a rendered set, in order, 64 crops to a classify call."""
    for start in range(0, len(images), 64):
        yield from enumerate(classifier.classify(list(images[start:start + 64])), start)


def audit_sheets(model_path: Path, recipe: Recipe, out_dir: Path, *, workers: int = 2, quiet: bool = False,
                 root: Path = GENERATED_DIR, audit: Path | None = None, per_sheet: int = 32) -> dict:
    """Contact sheets of the samples the model gets wrong that the set's audit has no verdict on,
    for a person to judge and add to the audit: each crop at 2.5 times its size over its sample
    index. ``unjudged.json`` beside them lists each one's index, class and reading, and the pixels'
    hash (an audit's ``images_sha256``). Returns what was written."""
    import cv2

    from companion.vision.classify import Classifier

    images, classes = load_dataset(recipe, workers=workers, quiet=quiet, root=root)
    pixels = images_hash(images)
    verdicts = audit_verdicts(recipe, pixels, audit, quiet) or {verdict: set() for verdict in VERDICTS}
    judged = set().union(*verdicts.values())
    classifier = Classifier(model_path)
    unjudged = []
    for index, reading in read_set(classifier, images):
        best, confidence = reading.top[0]
        if best != CODES[classes[index]] and index not in judged:
            unjudged.append([index, CODES[classes[index]], best, round(float(confidence), 3)])
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    sheets = []
    for first in range(0, len(unjudged), per_sheet):
        tiles = []
        for index, *_ in unjudged[first:first + per_sheet]:
            tile = cv2.resize(images[index], None, fx=2.5, fy=2.5, interpolation=cv2.INTER_LINEAR)
            tile = cv2.copyMakeBorder(tile, 0, 22, 2, 2, cv2.BORDER_CONSTANT, value=(0, 0, 0))
            cv2.putText(tile, str(index), (4, tile.shape[0] - 6), cv2.FONT_HERSHEY_SIMPLEX, 0.6,
                        (255, 255, 255), 1)
            tiles.append(tile)
        tiles += [np.zeros_like(tiles[0])] * (-len(tiles) % 8)
        sheet = out_dir / f"sheet-{first // per_sheet + 1}.png"
        cv2.imwrite(str(sheet), np.vstack([np.hstack(tiles[row:row + 8]) for row in range(0, len(tiles), 8)]))
        sheets.append(str(sheet))
    listing = out_dir / "unjudged.json"
    listing.write_text(json.dumps({"images_sha256": pixels, "model": str(model_path),
                                   "samples": [dict(zip(("index", "class", "read", "confidence"), row,
                                                        strict=True)) for row in unjudged]}, indent=1))
    return {"unjudged": len(unjudged), "sheets": sheets, "listing": str(listing)}


def measure(model_path: Path, recipe: Recipe, *, workers: int = 2, quiet: bool = False,
            root: Path = GENERATED_DIR, audit: Path | None = None) -> dict:
    """Top-1, colour and value accuracy of the exported model on a recipe's samples, the value's
    broken down by printing layout and card height too; the share of foreign cards (class ``none``)
    named as a Svintus card; and, where the set has an audit (``audit_verdicts``), the top-1 on
    the samples a person can read."""
    from companion.vision.classify import Classifier

    images, classes = load_dataset(recipe, workers=workers, quiet=quiet, root=root)
    verdicts = audit_verdicts(recipe, images_hash(images), audit, quiet)
    unreadable = None if verdicts is None else verdicts["unreadable"]
    _, layouts, heights = drawn_samples(recipe)
    # four card heights, equal steps on a log scale across the recipe's range
    edges = np.exp(np.linspace(*np.log(recipe.card_height), 5))
    height_labels = [f"{lo:.0f}-{hi:.0f} px" for lo, hi in zip(edges, edges[1:], strict=False)]
    by_layout: dict[str, list[int]] = {}  # layout -> [numbers, values read right]
    by_height = {label: [0, 0] for label in height_labels}
    classifier = Classifier(model_path)
    correct = named_ok = colour_ok = value_ok = colour_wrong = value_wrong = numbers = 0
    foreign = foreign_named = readable_right = 0
    for index, reading in read_set(classifier, images):
        truth = CODES[classes[index]]
        right = reading.top[0][0] == truth  # top-1: the best code, however unsure
        correct += right
        named_ok += (reading.code or "none") == truth  # what `classify` prints as "card"
        if unreadable is not None and index not in unreadable:
            readable_right += right
        if truth == "none":  # an 8, a foreign symbol: it must not be named as a card
            foreign += 1
            foreign_named += reading.code is not None
        card = cards.parse(truth) if truth != "none" else None
        if card is not None and card.is_number:
            numbers += 1
            colour_ok += reading.colour == card.colour
            value_ok += reading.value == card.value
            # given, and wrong; the rest of the misses are left unread (no card, or unsure)
            colour_wrong += reading.colour not in (None, card.colour)
            value_wrong += reading.value not in (None, card.value)
            step = int(np.searchsorted(edges, heights[index], "right")) - 1
            bucket = height_labels[min(step, len(height_labels) - 1)]  # the top edge is the last's
            for tally in (by_layout.setdefault(layouts[index], [0, 0]), by_height[bucket]):
                tally[0] += 1
                tally[1] += reading.value == card.value
    figures = {"recipe": recipe.to_json(), "samples": int(len(classes)),
               "top1": round(correct / len(classes), 4)}
    if unreadable is not None:
        figures["unreadable"] = len(unreadable)
        figures["top1_readable"] = round(readable_right / (len(classes) - len(unreadable)), 4)
    return {
        "heldout": {**figures,
                    "card_field": round(named_ok / len(classes), 4),
                    "number_colour": round(colour_ok / max(numbers, 1), 4),
                    "number_value": round(value_ok / max(numbers, 1), 4),
                    "number_colour_wrong": round(colour_wrong / max(numbers, 1), 4),
                    "number_value_wrong": round(value_wrong / max(numbers, 1), 4),
                    # where the values are read worst: by the printing's layout, by the card's size
                    "number_value_by_layout": {layout: round(right / count, 4)
                                               for layout, (count, right) in sorted(by_layout.items())},
                    "number_value_by_height": {label: round(right / count, 4) if count else None
                                               for label, (count, right) in by_height.items()},
                    "foreign_named": round(foreign_named / foreign, 4) if foreign else None},
        "enrollment": measure_enrollment(model_path, recipe),
        "photos": measure_photos(model_path, recipe),
    }


def measure_enrollment(model_path: Path, recipe: Recipe, *, decks: int = 3, shots: int = 3) -> dict:
    """Deck profiles of held-out printings: one enrolled crop per code, then other crops of the deck.

    Each deck is one held-out printing (art, fonts, backgrounds never trained on); its profile is
    made from one photo-like crop per code (every code of every edition and the back), and is
    measured on ``shots`` other crops per code, each from a different table, light and angle.
    """
    from companion.sim.faces import FaceStyle
    from companion.train.data import render_crop
    from companion.vision.classify import Classifier
    from companion.vision.decks import DeckProfile

    classifier = Classifier(model_path)
    codes = list(cards.ALL_CODES)
    correct = total = generic_correct = 0
    for deck in range(decks):
        rng = np.random.default_rng([recipe.seed, 7919, deck])
        style = FaceStyle.random(rng, recipe.split)
        enrolled = [render_crop(rng, code, style, recipe) for code in codes]
        embeddings = np.stack([reading.embedding for reading in classifier.classify(enrolled)])
        profile = DeckProfile(f"measure-{deck}", codes, embeddings, "")
        tests = [(code, render_crop(rng, code, style, recipe)) for code in codes for _ in range(shots)]
        crops = [crop for _, crop in tests]
        generic = classifier.classify(crops)
        classifier.deck = profile
        with_deck = classifier.classify(crops)
        classifier.deck = None
        for (code, _), plain, helped in zip(tests, generic, with_deck, strict=True):
            total += 1
            correct += helped.code == code
            generic_correct += plain.code == code
    return {"decks": decks, "codes": len(codes), "enrolled_per_code": 1, "tested": total,
            "accuracy": round(correct / total, 4), "without_profile": round(generic_correct / total, 4)}


# Photos for ``measure_photos``: a phone or laptop shot of one card on a table, 640 x 480, the card
# 80 to 400 px tall (small in frame to filling it), at any angle.
PHOTO_SIZE = (640, 480)
PHOTO_CARD_HEIGHT = (80.0, 400.0)


def measure_photos(model_path: Path, recipe: Recipe, *, decks: int = 3, shots: int = 3,
                   codes: list[str] | None = None) -> dict:
    """Whole photos through ``read_photo``, as ``companion classify`` and ``companion eval`` read them,
    and deck profiles made as ``companion enroll`` makes them (``enrollment_reading``).

    Each deck is one held-out printing photographed on tables of every kind (patterned cloths
    included), in the recipe's range of light and camera effects: one photo per code (``codes``, by
    default every code of every edition and the back) is enrolled, and ``shots`` other photos per
    code are read with the model alone (``top1``, and for number cards ``number_colour`` and
    ``number_value``) and with the deck profile (``enrolled``).
    """
    from companion.sim import scene
    from companion.sim.faces import FaceStyle, render_face
    from companion.vision.classify import Classifier, chosen_reading, enrollment_reading, photo_crops
    from companion.vision.decks import DeckProfile

    classifier = Classifier(model_path)
    size = (classifier.width, classifier.height)
    codes = list(codes or cards.ALL_CODES)
    total = generic_ok = enrolled_ok = numbers = colour_ok = value_ok = 0

    def photo(rng, face):
        height = float(np.exp(rng.uniform(*np.log(PHOTO_CARD_HEIGHT))))
        strength = float(rng.uniform(*recipe.camera_strength))
        return scene.card_photo(face, rng, size=PHOTO_SIZE, card_height=height, strength=strength)[0]

    for deck in range(decks):
        rng = np.random.default_rng([recipe.seed, 4999, deck])
        style = FaceStyle.random(rng, recipe.split)
        faces = {code: render_face(code, style, recipe.face_size) for code in codes}
        embeddings = [enrollment_reading(classifier, photo(rng, faces[code]), code)[0].embedding
                      for code in codes]
        profile = DeckProfile(f"measure-{deck}", codes, np.stack(embeddings), "")
        for code in codes:
            card = cards.parse(code)
            for _ in range(shots):
                crops, quads, outlines = photo_crops(photo(rng, faces[code]), size)
                classifier.deck = None
                plain = chosen_reading(classifier.classify(crops), quads, outlines).reading
                classifier.deck = profile
                helped = chosen_reading(classifier.classify(crops), quads, outlines).reading
                total += 1
                generic_ok += plain.code == code
                enrolled_ok += helped.code == code
                if card.is_number:
                    numbers += 1
                    colour_ok += plain.colour == card.colour
                    value_ok += plain.value == card.value
    return {"decks": decks, "codes": len(codes), "photos": total, "size": list(PHOTO_SIZE),
            "card_height": list(PHOTO_CARD_HEIGHT), "top1": round(generic_ok / total, 4),
            "number_colour": round(colour_ok / max(numbers, 1), 4),
            "number_value": round(value_ok / max(numbers, 1), 4),
            "enrolled_per_code": 1, "enrolled": round(enrolled_ok / total, 4)}
