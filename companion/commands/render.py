"""``companion render``: draw card faces, a contact sheet or a sample table scene to image files.

    companion render faces --out DIR [--codes r5 poly ...] [--seed S] [--split heldout]
    companion render sheet --out FILE.png [--decks 6]        every code, one row per printing
    companion render scene --out FILE.png [--seed S]         a table with a pile, a hand, a camera
"""

from __future__ import annotations

import json
from pathlib import Path

from companion import cards
from companion.cli import CommandError


def add_arguments(parser) -> None:
    parser.add_argument("what", choices=("faces", "sheet", "scene"), help="what to draw")
    parser.add_argument("--out", type=Path, required=True, help="a folder (faces) or an image file")
    parser.add_argument("--codes", nargs="+", help="card codes to draw (default: every code)")
    parser.add_argument("--seed", type=int, default=0, help="the printing / scene seed")
    parser.add_argument("--split", choices=("train", "heldout"), default="train",
                        help="draw printings from the training or the held-out styles")
    parser.add_argument("--decks", type=int, default=4, help="printings on a sheet")
    parser.add_argument("--width", type=int, default=200, help="face width in pixels (height is 1.5x)")


def run(args) -> int:
    import numpy as np

    from companion.sim import scene
    from companion.sim.faces import FaceStyle, render_face

    codes = args.codes or list(cards.ALL_CODES)
    bad = [c for c in codes if not cards.is_code(c)]
    if bad:
        raise CommandError(f"not card codes: {', '.join(bad)}")
    if not 20 <= args.width <= 2000:
        raise CommandError("--width must be between 20 and 2000")
    size = (args.width, int(args.width * 1.5))
    rng = np.random.default_rng(args.seed)
    written = []
    if args.what == "faces":
        args.out.mkdir(parents=True, exist_ok=True)
        style = FaceStyle.random(rng, args.split)
        for code in codes:
            path = args.out / f"{code}.png"
            _write(path, render_face(code, style, size))
            written.append(str(path))
    elif args.what == "sheet":
        rows = []
        for _ in range(max(1, args.decks)):
            style = FaceStyle.random(rng, args.split)
            rows.append(np.hstack([render_face(code, style, size) for code in codes]))
        _write(args.out, np.vstack(rows))
        written.append(str(args.out))
    else:
        style = FaceStyle.random(rng, args.split)
        frame = scene.table_texture(rng, (960, 720))
        card_h = 260.0
        for i, centre in enumerate(((300, 360), (660, 360))):
            quad = scene.card_quad(centre, card_h, float(rng.uniform(-25, 25)), tilt=0.15, tilt_dir=90)
            faces = [render_face(str(rng.choice(codes)), style, size) for _ in range(3 if i == 0 else 1)]
            scene.drop_shadow(frame, quad, rng)
            scene.paste_pile(frame, faces, quad, rng)
        scene.draw_hand(frame, rng, (700, 420), 120)
        _write(args.out, scene.camera(frame, rng, 0.6))
        written.append(str(args.out))
    print(json.dumps({"written": written if len(written) <= 5 else f"{len(written)} files in {args.out}"}))
    return 0


def _write(path: Path, image) -> None:
    import cv2

    if path.parent and not path.parent.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
    if not cv2.imwrite(str(path), image):
        raise CommandError(f"cannot write {path} (use a .png or .jpg name in a writable folder)")
