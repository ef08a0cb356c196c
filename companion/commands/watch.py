"""``companion watch --source SOURCE``: one JSON line per table event, as it happens.

SOURCE is a camera index (``0``), a video file, a folder of images or ``sim`` (the simulated
table; ``--seed`` picks the game). A file or folder ends at its end; a camera runs until Ctrl-C.
Zones come from ``--zones``, the simulated table's own layout, or else an auto-calibration on the
first frame (the piles must be laid out). With ``--source sim`` a last line compares what was
reported with the game's ground truth: ``{"comparison": {...}}``.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from companion.cli import CommandError
from companion.commands._vision import add_model_arguments, open_classifier


def add_arguments(parser) -> None:
    parser.add_argument("--source", required=True, help="camera index, video file, image folder, or 'sim'")
    parser.add_argument("--seed", type=int, default=0, help="the simulated game (with --source sim)")
    parser.add_argument("--players", type=int, default=3, help="players at the simulated table")
    parser.add_argument("--max-actions", type=int, default=None,
                        help="stop the simulated game after this many actions")
    parser.add_argument("--zones", type=Path, help="zones file (JSON); default: the sim's, or calibrate")
    add_model_arguments(parser)


def run(args) -> int:
    from companion.vision.pipeline import Pipeline
    from companion.vision.sources import SourceError, open_source
    from companion.vision.zones import ZonesError, auto_calibrate, load_zones

    zones = None
    if args.zones:
        try:
            zones = load_zones(args.zones)
        except ZonesError as exc:
            raise CommandError(str(exc)) from None
    edition = args.edition or "adventure"
    if args.source == "sim" and not 2 <= args.players <= 10:
        raise CommandError("--players must be between 2 and 10")
    if args.source == "sim" and args.edition is None:
        args.edition = edition  # the classifier knows the simulated edition
    try:
        source = open_source(args.source, seed=args.seed, edition=edition, players=args.players,
                             max_actions=args.max_actions)
    except SourceError as exc:
        raise CommandError(str(exc)) from None
    try:
        classifier = open_classifier(args)
    except CommandError:
        source.close()
        raise
    table = getattr(source, "table", None)
    if zones is None and table is not None:
        zones = table.zones
    if table is not None and not args.deck:
        # The simulated deck is a printing of its own: enrolled as a family enrolls its deck.
        classifier = table.enrolled(classifier)
        print("companion watch: the simulated deck's picture cards and villains are enrolled first",
              file=sys.stderr)
    reported: list[dict] = []
    pipeline = None
    try:
        for frame in source:
            if pipeline is None:
                if frame.image is None:
                    continue
                if zones is None:
                    zones = calibrate(auto_calibrate, frame.image, classifier, args.edition)
                pipeline = Pipeline(zones, classifier)
            try:
                events = pipeline.process(frame)
            except ZonesError as exc:
                raise CommandError(str(exc)) from None
            for event in events:
                reported.append(event)
                print(json.dumps(event, ensure_ascii=False), flush=True)
    finally:
        source.close()
    if table is not None:
        from companion.sim.table import compare

        result = compare(table.expected, reported)
        summary = {key: result[key] for key in ("plays", "interceptions", "villains", "draws", "phantoms")}
        latency = result["latency"]
        summary["latency_max_s"] = round(max(latency), 3) if latency else None
        summary["missed"] = result["missed"]
        summary["extra"] = result["extra"]
        print(json.dumps({"comparison": summary}, ensure_ascii=False), flush=True)
        print(describe(summary), file=sys.stderr)
    return 0


def calibrate(auto_calibrate, image, classifier, edition):
    from companion.vision.zones import ZonesError

    try:
        zones = auto_calibrate(image, classifier, edition=edition)
    except ZonesError as exc:
        raise CommandError(f"no zones given and the first frame cannot be calibrated: {exc}") from None
    names = ", ".join(zones.names())
    print(f"companion watch: zones calibrated on the first frame: {names}", file=sys.stderr)
    return zones


def describe(summary: dict) -> str:
    parts = []
    for key in ("plays", "interceptions", "villains", "draws"):
        counts = summary[key]
        parts.append(f"{key} {counts['reported']}/{counts['expected']}")
    return "compared with the game: " + ", ".join(parts) + f", phantom events {summary['phantoms']}"

