"""Synthetic training crops: a rendered card on a rendered table, warped out the way detection does.

Each sample draws a fresh printing (``FaceStyle.random``), lays the card (sometimes on a pile,
sometimes under a hand) on a table texture at any angle and a camera tilt, applies ``scene.camera``,
then cuts it out with ``vision.detect.warp_card`` through a slightly wrong quad, as the card finder's
would be. The class ``none`` gets foreign cards (an 8, a playing card, a symbol, a blank card), bare
table and badly placed quads. Everything is a function of the recipe's seed and the sample index.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from pathlib import Path

import cv2
import numpy as np

from companion import cards
from companion.sim import scene
from companion.sim.faces import FOREIGN_KINDS, FaceStyle, render_face, render_foreign
from companion.vision.classify import NO_COLOUR, NONE, colour_of, face_of
from companion.vision.detect import warp_card

COLOUR_LABELS = ("b", "g", "r", "y", "o", NO_COLOUR)
CODES = cards.ALL_CODES + (NONE,)
FACE_LABELS = tuple(dict.fromkeys(face_of(c) for c in CODES))
IGNORE = -100  # torch's ignore_index: the colour of a foreign card is not taught
# Raised whenever a recipe's samples come out drawn differently (the faces of `sim.faces`, the table
# and camera of `sim.scene`, the crop below): a rendered set records it (`build`), so that such a
# change renders the set anew rather than leaving training on the old pictures.
RENDERER_VERSION = 1


@dataclass(frozen=True)
class Recipe:
    """How a dataset is made: everything needed to make it again, byte for byte."""

    name: str = "cards"
    seed: int = 1
    split: str = "train"  # which fonts, backgrounds, art and backs the printings draw from
    samples: int = 60000
    width: int = 64
    height: int = 96
    none_fraction: float = 0.1
    pile_probability: float = 0.35
    hand_probability: float = 0.15
    loose_crop_probability: float = 0.08  # the whole-image fallback of `classify` (no outline found)
    camera_strength: tuple = (0.2, 1.3)
    card_height: tuple = (32, 150)  # pixels in the frame: cards small in frame are blurry crops
    face_size: tuple = (100, 150)  # faces are drawn at this size: the crop is smaller still
    fonts: str = "the TrueType fonts under /usr/share/fonts, Hershey fonts and segment digits"
    notes: list = field(default_factory=list)

    @classmethod
    def load(cls, path: str | Path) -> Recipe:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
        for key in ("camera_strength", "card_height", "face_size"):
            if key in data:
                data[key] = tuple(data[key])
        return cls(**data)

    def to_json(self) -> dict:
        return asdict(self)


def labels_of(code: str) -> tuple[int, int]:
    """(colour label, face label) of a class; foreign cards teach no colour."""
    colour = IGNORE if code == NONE else COLOUR_LABELS.index(colour_of(code))
    return colour, FACE_LABELS.index(face_of(code))


def _pick_code(rng: np.random.Generator, recipe: Recipe) -> str:
    if rng.random() < recipe.none_fraction:
        return NONE
    return str(cards.ALL_CODES[int(rng.integers(len(cards.ALL_CODES)))])


def _draw_sample(recipe: Recipe, index: int, code: str | None = None):
    """The random stream, class and printing of sample ``index``: the start every sample shares."""
    rng = np.random.default_rng([recipe.seed, index])
    if code is None:
        code = _pick_code(rng, recipe)
    return rng, code, FaceStyle.random(rng, recipe.split)


def make_sample(recipe: Recipe, index: int, code: str | None = None) -> tuple[np.ndarray, str]:
    """Sample ``index`` of a recipe: (crop BGR uint8 of the recipe's size, its class)."""
    rng, code, style = _draw_sample(recipe, index, code)
    return render_crop(rng, code, style, recipe), code


def _card_height(rng: np.random.Generator, recipe: Recipe) -> float:
    """The card's height in the frame, in pixels: the first draw of ``render_crop``."""
    return float(np.exp(rng.uniform(*np.log(recipe.card_height))))


def drawn_samples(recipe: Recipe) -> tuple[list[str], list[str], np.ndarray]:
    """Per sample, its class, its printing's layout and its card's height in the frame (pixels),
    drawn from the recipe alone, without rendering."""
    codes, layouts, heights = [], [], np.empty(recipe.samples)
    for index in range(recipe.samples):
        rng, code, style = _draw_sample(recipe, index)
        codes.append(code)
        layouts.append(style.layout)
        heights[index] = _card_height(rng, recipe)
    return codes, layouts, heights


def value_in_corners(recipe: Recipe) -> np.ndarray:
    """Per sample: a number card, or the class ``none`` (its foreign 8s), of a ``corners`` printing.

    On half of those number cards the value stands only in the two small corner indices beside a
    picture: the samples the network reads worst, and the ones a crop cut at the face's inner frame
    leaves with nothing to read.
    """
    codes, layouts, _ = drawn_samples(recipe)
    return np.array([layout == "corners" and (code == NONE or cards.parse(code).is_number)
                     for code, layout in zip(codes, layouts, strict=True)], bool)


def render_crop(rng: np.random.Generator, code: str, style: FaceStyle, recipe: Recipe,
                face: np.ndarray | None = None) -> np.ndarray:
    """One photo-like crop of ``code`` in ``style`` (or of ``face`` when given)."""
    card_h = _card_height(rng, recipe)
    canvas_side = int(card_h * rng.uniform(1.5, 2.2))
    table = scene.table_texture(rng, (canvas_side, canvas_side))
    centre = np.array([canvas_side / 2, canvas_side / 2]) + rng.normal(0, 0.05 * card_h, 2)
    quad = scene.card_quad(centre, card_h, float(rng.uniform(0, 360)), tilt=float(rng.uniform(0, 0.35)),
                           tilt_dir=float(rng.uniform(0, 360)), aspect=float(rng.uniform(1.4, 1.6)))
    bare_table = False
    if face is None:
        if code == NONE:
            roll = rng.random()
            if roll < 0.15:
                bare_table = True
            elif roll < 0.3:  # a Svintus card, but the quad misses it by half a card: not a reading
                shift = rng.choice([-1, 1], 2) * rng.uniform(0.45, 0.7, 2) * card_h / 1.5
                face = render_face(str(rng.choice(cards.ALL_CODES)), style, recipe.face_size)
                scene.paste_card(table, face, quad + shift.astype(np.float32))
                bare_table = True
            else:
                face = render_foreign(str(rng.choice(FOREIGN_KINDS)), style, rng, recipe.face_size)
        else:
            face = render_face(code, style, recipe.face_size)
    if not bare_table:
        faces = [face]
        if rng.random() < recipe.pile_probability:
            lower = [render_face(str(rng.choice(cards.ALL_CODES)), style, recipe.face_size)
                     for _ in range(int(rng.integers(1, 4)))]
            faces = lower + faces
        if rng.random() < 0.5:
            scene.drop_shadow(table, quad, rng, strength=float(rng.uniform(0.15, 0.5)))
        scene.paste_pile(table, faces, quad, rng)
    if rng.random() < recipe.hand_probability:
        edge_point = quad[int(rng.integers(4))] * 0.7 + quad.mean(axis=0) * 0.3
        scene.draw_hand(table, rng, edge_point + rng.normal(0, 0.1 * card_h, 2), 0.35 * card_h)
    photo = scene.camera(table, rng, float(rng.uniform(*recipe.camera_strength)))
    size = (recipe.width, recipe.height)
    if rng.random() < recipe.loose_crop_probability:
        # An upright box around the card, as `classify` cuts when no outline is found.
        box_h = card_h * rng.uniform(1.05, 1.4)
        box_w = box_h / 1.5
        x0, y0 = centre - np.array([box_w, box_h]) / 2
        loose = np.array([[x0, y0], [x0 + box_w, y0], [x0 + box_w, y0 + box_h], [x0, y0 + box_h]], np.float32)
        return warp_card(photo, loose, size)
    jitter = rng.normal(0, (0.05 if rng.random() < 0.1 else 0.015) * card_h, (4, 2)).astype(np.float32)
    return warp_card(photo, quad + jitter, size)


def _generate_range(args) -> tuple[int, np.ndarray, np.ndarray]:
    recipe, start, stop = args
    cv2.setNumThreads(1)
    images = np.empty((stop - start, recipe.height, recipe.width, 3), np.uint8)
    classes = np.empty(stop - start, np.int16)
    for i in range(start, stop):
        crop, code = make_sample(recipe, i)
        images[i - start] = crop
        classes[i - start] = CODES.index(code)
    return start, images, classes


def build(recipe: Recipe, out_dir: Path, *, workers: int = 2, progress=None) -> Path:
    """Generate the recipe's samples into ``out_dir`` (``images.npy``, ``classes.npy``, ``recipe.json``).

    A finished dataset whose recipe matches is reused as it is, and so is one of the same recipe with
    more samples: sample ``i`` depends on the seed and ``i`` alone, so its first ``recipe.samples``
    are this recipe's (``trainer.load_dataset`` takes them). A pilot run on part of the set then
    neither renders it again nor replaces the whole set with its part. A set the renderer draws
    differently now (``RENDERER_VERSION``) is rendered anew.
    """
    out_dir = Path(out_dir)
    done = out_dir / "recipe.json"
    identity = {**recipe.to_json(), "codes": list(CODES), "renderer": RENDERER_VERSION}
    identity = json.loads(json.dumps(identity))  # its tuples as lists, as read back from the file
    if done.is_file():
        finished = json.loads(done.read_text())
        covers = finished.get("samples", 0) >= recipe.samples
        if covers and {**finished, "samples": recipe.samples} == identity:
            return out_dir
    done.unlink(missing_ok=True)  # a half-written dataset is never taken for a finished one
    out_dir.mkdir(parents=True, exist_ok=True)
    images = np.lib.format.open_memmap(out_dir / "images.npy", "w+", np.uint8,
                                       (recipe.samples, recipe.height, recipe.width, 3))
    classes = np.empty(recipe.samples, np.int16)
    chunk = 250
    jobs = [(recipe, s, min(s + chunk, recipe.samples)) for s in range(0, recipe.samples, chunk)]
    if workers > 1:
        import multiprocessing

        with multiprocessing.get_context("fork").Pool(workers) as pool:
            for start, imgs, cls in pool.imap_unordered(_generate_range, jobs):
                images[start:start + len(cls)] = imgs
                classes[start:start + len(cls)] = cls
                if progress:
                    progress(len(cls))
    else:
        for job in jobs:
            start, imgs, cls = _generate_range(job)
            images[start:start + len(cls)] = imgs
            classes[start:start + len(cls)] = cls
            if progress:
                progress(len(cls))
    images.flush()
    del images
    np.save(out_dir / "classes.npy", classes)
    done.write_text(json.dumps(identity, indent=1))
    return out_dir
