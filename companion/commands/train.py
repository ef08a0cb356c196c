"""``companion train``: render the synthetic dataset of a recipe, train the card model, export it."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

from companion.cli import CommandError
from companion.paths import MODELS_DIR, PROJECT_ROOT

DEFAULT_RECIPE = PROJECT_ROOT / "datasets" / "cards.json"
DEFAULT_HELDOUT = PROJECT_ROOT / "datasets" / "cards-heldout.json"


def add_arguments(parser) -> None:
    parser.add_argument("--recipe", type=Path, default=DEFAULT_RECIPE, help="dataset recipe (JSON)")
    parser.add_argument("--heldout", type=Path, default=DEFAULT_HELDOUT,
                        help="held-out recipe measured after export ('none' to skip)")
    parser.add_argument("--out", type=Path, default=MODELS_DIR / "cards.onnx", help="model file to write")
    parser.add_argument("--epochs", type=int, help="passes over the dataset (default: the schedule's)")
    parser.add_argument("--steps", type=int, help="stop after this many steps (a smoke run)")
    parser.add_argument("--samples", type=int, help="override the recipe's number of samples")
    parser.add_argument("--batch", type=int, help="batch size")
    parser.add_argument("--init", type=Path, help="continue training from this exported model")
    parser.add_argument("--lr", type=float, help="peak learning rate")
    parser.add_argument("--bf16", action="store_true",
                        help="the forward pass in bfloat16: faster on CPUs with AVX-512 BF16 or AMX and "
                             "on GPUs; the shipped model was trained in float32")
    parser.add_argument("--layers", help="the network's conv layers as CHANNELS:STRIDE,... (default: "
                        "companion/train/model.py's LAYERS), e.g. 24:2,48:2,48:1,96:2,96:1,160:2,160:1,224:1")
    parser.add_argument("--device", default="cpu",
                        help="where torch trains: cpu (default), or cuda on a machine with an NVIDIA GPU")
    parser.add_argument("--threads", type=int, default=2, help="torch threads (default 2)")
    parser.add_argument("--workers", type=int, default=2, help="processes rendering the dataset")
    parser.add_argument("--quiet", action="store_true", help="no progress bars")
    parser.add_argument("--measure", action="store_true",
                        help="only measure the existing model on the held-out recipe and update its .json")
    parser.add_argument("--audit-sheets", type=Path, metavar="DIR",
                        help="only write to DIR contact sheets of the held-out samples the existing model "
                             "gets wrong that the held-out set's audit (datasets/<name>-audit.json) has no "
                             "verdict on, for a person to judge and add to it")


def run(args) -> int:
    try:
        import torch  # noqa: F401
    except ModuleNotFoundError:
        raise CommandError("training needs the 'train' extra: pip install -e '.[train]'") from None
    from companion.train.trainer import Schedule, audit_sheets, remeasure, train
    from companion.vision.classify import ModelError

    recipe = _recipe(args.recipe)
    if args.samples:
        recipe = replace(recipe, samples=args.samples)
    heldout = None if str(args.heldout) == "none" else _recipe(args.heldout)
    if (args.measure or args.audit_sheets) and heldout is None:
        raise CommandError("--measure and --audit-sheets need a held-out recipe")
    if args.audit_sheets:
        try:
            written = audit_sheets(args.out, heldout, args.audit_sheets, workers=args.workers,
                                   quiet=args.quiet)
        except ModelError as exc:
            raise CommandError(str(exc)) from None
        except OSError as exc:
            raise CommandError(f"cannot write the sheets to {args.audit_sheets}: {exc}") from None
        print(json.dumps({"model": str(args.out), **written}))
        return 0
    if args.measure:
        try:
            description = remeasure(args.out, heldout, workers=args.workers, quiet=args.quiet)
        except ModelError as exc:
            raise CommandError(str(exc)) from None
        print(json.dumps({"model": str(args.out), "metrics": description["metrics"]}))
        return 0
    schedule = Schedule()
    overrides = (("epochs", args.epochs), ("max_steps", args.steps), ("batch", args.batch), ("lr", args.lr),
                 ("init", str(args.init) if args.init else None), ("warmup", 0.05 if args.init else None))
    changes = {k: v for k, v in overrides if v}
    if args.bf16:
        changes["bf16"] = True
    schedule = replace(schedule, **changes)
    if args.threads < 1 or args.workers < 1:
        raise CommandError("--threads and --workers must be at least 1")
    _check_device(args.device)
    layers = _layers(args.layers) if args.layers else None
    try:
        description = train(recipe, schedule, args.out, heldout=heldout, threads=args.threads,
                            workers=args.workers, quiet=args.quiet, device=args.device, layers=layers)
    except ValueError as exc:  # what `train` refuses before it renders anything (--layers with --init)
        raise CommandError(str(exc)) from None
    print(json.dumps({"model": str(args.out), "training": description["training"],
                      "metrics": description["metrics"]}))
    return 0


def _layers(text: str) -> tuple:
    from companion.train.trainer import check_layers

    try:
        return check_layers(tuple(part.split(":") for part in text.split(",")))
    except ValueError as exc:
        raise CommandError(f"--layers {text!r}: {exc} (write CHANNELS:STRIDE,..., e.g. 16:2,32:2,32:1)"
                           ) from None


def _check_device(device: str) -> None:
    import torch

    try:
        kind = torch.device(device).type
    except RuntimeError:
        raise CommandError(f"--device {device!r} is not a device torch knows: use cpu or cuda") from None
    if kind == "cuda" and not torch.cuda.is_available():
        raise CommandError("--device cuda: this torch sees no CUDA GPU; train on the cpu instead")
    if kind not in ("cpu", "cuda"):
        raise CommandError(f"--device {device!r}: training runs on cpu or cuda")


def _recipe(path: Path):
    from companion.train.data import Recipe

    try:
        return Recipe.load(path)
    except FileNotFoundError:
        raise CommandError(f"no recipe at {path}") from None
    except (ValueError, TypeError) as exc:
        raise CommandError(f"the recipe {path} is not valid: {exc}") from None
