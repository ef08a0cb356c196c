"""``companion eval DIR``: measure the card model on a labelled folder (``DIR/<code>/`` photos).

Prints a JSON report (accuracy per class, colour and value accuracy, the shares of colours and
values read wrong rather than left unread, the slowest and the most confidently wrong photos) and
saves the confusion matrix as a PNG a person can read.
"""

from __future__ import annotations

import json
import time
from collections import Counter, defaultdict
from pathlib import Path

import numpy as np

from companion import cards
from companion.cli import CommandError
from companion.commands._vision import add_model_arguments, labelled_images, labelled_photos, open_classifier

NONE = "none"


def add_arguments(parser) -> None:
    parser.add_argument("folder", type=Path, metavar="DIR", help="DIR/<code>/ holds photos of that card")
    parser.add_argument("--out", type=Path, default=Path("eval-report"),
                        help="folder for confusion.png and report.json (default ./eval-report)")
    parser.add_argument("--examples", type=int, default=5, help="how many slowest / most confused to list")
    add_model_arguments(parser)


def run(args) -> int:
    from companion.vision.classify import read_photo

    photos = labelled_photos(args.folder)
    classifier = open_classifier(args)
    rows = []
    for truth, path, image in labelled_images(photos):
        start = time.perf_counter()
        result = read_photo(classifier, image)
        ms = (time.perf_counter() - start) * 1000
        reading = result.reading
        rows.append({"image": str(path), "truth": truth, "card": reading.code,
                     "confidence": round(reading.confidence, 4), "colour": reading.colour,
                     "value": reading.value, "found": result.found, "ms": round(ms, 1)})
    report = summarise(rows, args.examples)
    args.out.mkdir(parents=True, exist_ok=True)
    labels = sorted({r["truth"] for r in rows} | {r["card"] or NONE for r in rows}, key=_order)
    png = args.out / "confusion.png"
    if not save_confusion(png, labels, [(r["truth"], r["card"] or NONE) for r in rows]):
        raise CommandError(f"cannot write {png}")
    report["confusion_png"] = str(png)
    (args.out / "report.json").write_text(json.dumps({**report, "readings": rows}, indent=1) + "\n")
    print(json.dumps(report, ensure_ascii=False))
    return 0


def _order(code: str) -> tuple:
    return (cards.ALL_CODES.index(code) if code in cards.ALL_CODES else len(cards.ALL_CODES), code)


def summarise(rows: list[dict], examples: int) -> dict:
    per_class: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    colour_total = colour_ok = colour_wrong = value_total = value_ok = value_wrong = 0
    for r in rows:
        truth = cards.parse(r["truth"])
        per_class[r["truth"]][0] += 1
        per_class[r["truth"]][1] += r["card"] == r["truth"]
        if truth.colour:
            colour_total += 1
            colour_ok += r["colour"] == truth.colour
            colour_wrong += r["colour"] not in (None, truth.colour)
        if truth.value is not None:
            value_total += 1
            value_ok += r["value"] == truth.value
            value_wrong += r["value"] not in (None, truth.value)
    wrong = [r for r in rows if r["card"] != r["truth"]]
    pairs = Counter((r["truth"], r["card"] or NONE) for r in wrong)
    return {
        "images": len(rows),
        "accuracy": round(sum(r["card"] == r["truth"] for r in rows) / len(rows), 4),
        "colour_accuracy": round(colour_ok / colour_total, 4) if colour_total else None,
        "value_accuracy": round(value_ok / value_total, 4) if value_total else None,
        # read wrong, not left unread: what a table would act on (an unread card is waited for or asked)
        "colour_wrong": round(colour_wrong / colour_total, 4) if colour_total else None,
        "value_wrong": round(value_wrong / value_total, 4) if value_total else None,
        "outlines_found": round(sum(r["found"] for r in rows) / len(rows), 4),
        "per_class": {code: {"images": n, "accuracy": round(ok / n, 4)}
                      for code, (n, ok) in sorted(per_class.items(), key=lambda kv: _order(kv[0]))},
        "most_confused_pairs": [[t, p, n] for (t, p), n in pairs.most_common(examples)],
        "most_confused": sorted(wrong, key=lambda r: -r["confidence"])[:examples],
        "slowest": sorted(rows, key=lambda r: -r["ms"])[:examples],
        "ms_per_image": round(float(np.mean([r["ms"] for r in rows])), 1),
    }


def save_confusion(path: Path, labels: list[str], pairs: list[tuple[str, str]]) -> bool:
    """Rows are the truth, columns the reading; each cell shows its count, shaded by row share."""
    import cv2

    n = len(labels)
    index = {code: i for i, code in enumerate(labels)}
    matrix = np.zeros((n, n), int)
    for truth, answer in pairs:
        matrix[index[truth], index[answer]] += 1
    cell, margin = 30, 110
    size = margin + n * cell + 10
    image = np.full((size, size, 3), 255, np.uint8)
    font, scale = cv2.FONT_HERSHEY_SIMPLEX, 0.38
    row_totals = np.maximum(matrix.sum(axis=1, keepdims=True), 1)
    for i in range(n):
        for j in range(n):
            share = matrix[i, j] / row_totals[i, 0]
            x, y = margin + j * cell, margin + i * cell
            if matrix[i, j]:
                # Green on the diagonal, red off it; darker = a larger share of the row.
                tone = (int(255 * (1 - share)), 255, int(255 * (1 - share))) if i == j else \
                       (int(255 * (1 - share)), int(255 * (1 - share)), 255)
                cv2.rectangle(image, (x, y), (x + cell, y + cell), tone, -1)
                cv2.putText(image, str(matrix[i, j]), (x + 3, y + 19), font, scale, (0, 0, 0), 1, cv2.LINE_AA)
            cv2.rectangle(image, (x, y), (x + cell, y + cell), (200, 200, 200), 1)
    for i, code in enumerate(labels):
        cv2.putText(image, code, (4, margin + i * cell + 19), font, scale, (0, 0, 0), 1, cv2.LINE_AA)
    top = np.full((margin, size, 3), 255, np.uint8)
    top = cv2.rotate(top, cv2.ROTATE_90_CLOCKWISE)  # write column names along the rotated strip
    for j, code in enumerate(labels):
        cv2.putText(top, code, (4, size - (margin + j * cell + 9)), font, scale, (0, 0, 0), 1, cv2.LINE_AA)
    image[:margin] = cv2.rotate(top, cv2.ROTATE_90_COUNTERCLOCKWISE)
    cv2.putText(image, "truth \\ read", (4, margin - 6), font, scale, (90, 90, 90), 1, cv2.LINE_AA)
    return bool(cv2.imwrite(str(path), image))
