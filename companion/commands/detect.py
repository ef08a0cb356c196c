"""``companion detect IMAGE``: the cards in one table photo, as JSON, optionally drawn.

Without ``--zones`` every card outline in the photo is read; with it, the top card of each pile's
zone, as the live pipeline reads it (``companion.vision.pipeline``: the outline of a card's size,
each pile's own cards, the cloth told apart). Prints one JSON object:
``{"image", "cards": [{"card", "confidence", "quad", "zone", "top"}]}``.
"""

from __future__ import annotations

import json
from pathlib import Path

from companion.cli import CommandError
from companion.commands._vision import add_model_arguments, open_classifier

MAX_CARDS = 20  # outlines read in a photo without zones


def add_arguments(parser) -> None:
    parser.add_argument("image", metavar="IMAGE", help="a photo of the table")
    parser.add_argument("--zones", type=Path, help="zones file (JSON): read the top card of each zone")
    parser.add_argument("--draw", type=Path, metavar="OUT.png", help="write the photo with the cards drawn")
    add_model_arguments(parser)


def run(args) -> int:
    from companion.vision.classify import load_photo
    from companion.vision.detect import find_card_quads, warp_card
    from companion.vision.zones import ZonesError, load_zones

    try:
        image = load_photo(args.image)
    except ValueError as exc:
        raise CommandError(str(exc)) from None
    size = (image.shape[1], image.shape[0])
    zones = None
    if args.zones:
        try:
            zones = load_zones(args.zones)
            zones = zones.scaled(size) if zones.frame else zones
            zones.check_frame(size)
        except ZonesError as exc:
            raise CommandError(str(exc)) from None
        cards = _pile_tops(image, zones, open_classifier(args))
    else:
        found = find_card_quads(image)[:MAX_CARDS]
        classifier = open_classifier(args)
        crops = [warp_card(image, quad, (classifier.width, classifier.height)) for quad in found]
        readings = classifier.classify(crops) if crops else []
        cards = [_card(None, quad, reading.code, reading.confidence, reading.top)
                 for quad, reading in zip(found, readings, strict=True)]
    print(json.dumps({"image": str(args.image), "cards": cards}, ensure_ascii=False), flush=True)
    if args.draw:
        draw(image, cards, zones, args.draw)
    return 0


def _pile_tops(image, zones, classifier) -> list[dict]:
    """The top card of each pile's zone as the pipeline reads it: the photo is its frame, shown twice
    (a zone is read once its picture has lain still for a frame)."""
    from companion.vision.pipeline import Pipeline
    from companion.vision.sources import Frame

    pipeline = Pipeline(zones, classifier)
    for t in (0.0, 0.1):
        pipeline.process(Frame(t, image))
    return [_card(name, obs.quad, obs.code, obs.confidence, obs.top)
            for name, obs in pipeline.last_observations.items() if obs.readable and obs.quad is not None]


def _card(zone: str | None, quad, code: str | None, confidence: float, top) -> dict:
    return {"card": code, "confidence": round(float(confidence), 4),
            "quad": [[round(float(x), 1), round(float(y), 1)] for x, y in quad], "zone": zone,
            "top": [[c, round(float(p), 4)] for c, p in top]}


def draw(image, cards: list[dict], zones, path: Path) -> None:
    """The photo with the zones (thin), each card's quad and its reading."""
    import cv2
    import numpy as np

    canvas = image.copy()
    scale = max(1.0, image.shape[0] / 480)
    if zones is not None:
        for name in zones.names():
            poly = np.round(zones[name]).astype(np.int32)
            cv2.polylines(canvas, [poly], True, (255, 200, 0), max(1, int(scale)), cv2.LINE_AA)
            x, y = poly.min(axis=0)
            cv2.putText(canvas, name, (int(x) + 3, int(y) + int(14 * scale)), cv2.FONT_HERSHEY_SIMPLEX,
                        0.45 * scale, (255, 200, 0), max(1, int(scale)), cv2.LINE_AA)
    for card in cards:
        quad = np.round(np.array(card["quad"])).astype(np.int32)
        colour = (0, 220, 0) if card["card"] else (0, 0, 255)
        cv2.polylines(canvas, [quad], True, colour, max(2, int(2 * scale)), cv2.LINE_AA)
        label = f"{card['card'] or '?'} {card['confidence']:.2f}"
        x, y = quad[0]
        cv2.putText(canvas, label, (int(x), max(12, int(y) - 6)), cv2.FONT_HERSHEY_SIMPLEX, 0.5 * scale,
                    (0, 0, 0), max(3, int(3 * scale)), cv2.LINE_AA)
        cv2.putText(canvas, label, (int(x), max(12, int(y) - 6)), cv2.FONT_HERSHEY_SIMPLEX, 0.5 * scale,
                    colour, max(1, int(scale)), cv2.LINE_AA)
    if not cv2.imwrite(str(path), canvas):
        raise CommandError(f"cannot write the picture to {path}; "
                           "check that the folder exists and the name ends in .png")
