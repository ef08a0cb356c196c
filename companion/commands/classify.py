"""``companion classify IMAGE...``: one JSON line per photo naming the card it shows."""

from __future__ import annotations

import json
import sys

from companion.cli import CommandError
from companion.commands._vision import add_model_arguments, open_classifier


def add_arguments(parser) -> None:
    parser.add_argument("images", nargs="+", metavar="IMAGE", help="photos, each showing one card")
    add_model_arguments(parser)


def run(args) -> int:
    from companion.vision.classify import load_photo, read_photo

    classifier = open_classifier(args)
    failed = 0
    for path in args.images:
        try:
            image = load_photo(path)
        except ValueError as exc:
            if len(args.images) == 1:
                raise CommandError(str(exc)) from None
            print(f"companion classify: {exc}", file=sys.stderr)
            failed += 1
            continue
        result = read_photo(classifier, image)
        reading = result.reading.to_json()
        print(json.dumps({"image": str(path), "card": reading["card"], "confidence": reading["confidence"],
                          "colour": reading["colour"], "value": reading["value"], "found": result.found,
                          "top": reading["top"]}, ensure_ascii=False), flush=True)
    return 2 if failed else 0
