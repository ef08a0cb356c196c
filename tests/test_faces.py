import numpy as np
import pytest

from companion import cards
from companion.sim.faces import (
    ARTS,
    BACKGROUNDS,
    BACKS,
    FOREIGN_KINDS,
    FaceStyle,
    font_split,
    fonts_for,
    render_face,
    render_foreign,
)
from companion.sim.glyphs import Font, available_fonts

SMALL = (100, 150)


def style(seed, split="train"):
    return FaceStyle.random(np.random.default_rng(seed), split)


@pytest.mark.parametrize("code", cards.ALL_CODES)
def test_every_code_renders(code):
    face = render_face(code, style(1), SMALL)
    assert face.shape == (150, 100, 3) and face.dtype == np.uint8
    assert face.std() > 10  # something is drawn, not a flat card


def test_a_seed_draws_the_same_face_again():
    for code in ("r5", "g-grab", "pirate-big", "back"):
        assert np.array_equal(render_face(code, style(7)), render_face(code, style(7)))
    assert not np.array_equal(render_face("r5", style(7)), render_face("r5", style(8)))


def test_cards_of_one_printing_differ():
    s = style(3)
    faces = {code: render_face(code, s, SMALL) for code in ("r5", "r6", "b5", "r-grab", "r-snore")}
    for a in faces:
        for b in faces:
            if a < b:
                assert np.abs(faces[a].astype(int) - faces[b]).mean() > 2, (a, b)


def _hue(bgr):
    import cv2

    return int(cv2.cvtColor(np.uint8([[bgr]]), cv2.COLOR_BGR2HSV)[0, 0, 0])


def test_yellow_and_orange_printings_stay_apart():
    for seed in range(40):
        s = style(seed)
        assert _hue(s.colour("o")) + 4 < _hue(s.colour("y"))


def test_heldout_printings_use_only_heldout_families():
    for seed in range(30):
        held, train = style(seed, "heldout"), style(seed, "train")
        assert held.background in BACKGROUNDS["heldout"] and train.background in BACKGROUNDS["train"]
        assert held.art in ARTS["heldout"] and train.art in ARTS["train"]
        assert held.back in BACKS["heldout"] and train.back in BACKS["train"]
    train_fonts = {f.name for f in fonts_for("train")}
    held_fonts = {f.name for f in fonts_for("heldout")}
    assert train_fonts and held_fonts and not train_fonts & held_fonts
    assert all(font_split(f) == "heldout" for f in fonts_for("heldout"))


@pytest.mark.parametrize("kind", FOREIGN_KINDS)
def test_foreign_cards_render(kind):
    face = render_foreign(kind, style(2), np.random.default_rng(0), SMALL)
    assert face.shape == (150, 100, 3)


def test_fonts_without_installed_files_draw_digits_with_holes():
    for font in (Font("segment", "segment"), Font("hershey", "hershey", "simplex")):
        mask = font.mask("8", 60)
        h, w = mask.shape
        assert 40 <= h <= 80 and mask.max() == 255
        assert mask[h // 2, w // 2] == 255  # the waist of the 8
        assert mask[h // 4, w // 2] == 0 and mask[3 * h // 4, w // 2] == 0  # both loops open


def test_truetype_outlines_fill_glyphs():
    ttf = [f for f in available_fonts() if f.kind == "ttf"]
    if not ttf:
        pytest.skip("no TrueType fonts under /usr/share/fonts on this machine")
    mask = ttf[0].mask("8", 80)
    h, w = mask.shape
    assert 70 <= h <= 90
    assert (mask > 128).mean() > 0.2  # filled strokes, not outlines
    assert mask[h // 4, w // 2] == 0 and mask[3 * h // 4, w // 2] == 0  # both loops open
