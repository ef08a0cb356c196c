"""Table frames drawn with OpenCV for the vision tests: a textured table and simple printed cards."""

import cv2
import numpy as np


def card_corners(centre, angle_deg, width=60, height=90):
    """TL, TR, BR, BL of a card of the given size centred at ``centre``, turned by ``angle_deg``."""
    w, h = width / 2, height / 2
    local = np.array([[-w, -h], [w, -h], [w, h], [-w, h]], dtype=np.float32)
    a = np.radians(angle_deg)
    rot = np.array([[np.cos(a), -np.sin(a)], [np.sin(a), np.cos(a)]], dtype=np.float32)
    return (local @ rot.T + np.asarray(centre, dtype=np.float32)).astype(np.float32)


def draw_card(canvas, quad, colour=(40, 40, 200)):
    """A white card with a coloured middle, like a printed face, and the grey line of its edge."""
    q = np.asarray(quad, dtype=np.float32)
    cv2.fillConvexPoly(canvas, np.round(q).astype(np.int32), (235, 235, 235), lineType=cv2.LINE_AA)
    cv2.polylines(canvas, [np.round(q).astype(np.int32)], True, (150, 150, 150), 1, cv2.LINE_AA)
    # The coloured field inside a white border of even width, as printed cards have.
    width = float(np.linalg.norm(q[1] - q[0]))
    border = 0.12 * width
    across = (q[1] - q[0]) / width
    down = (q[3] - q[0]) / float(np.linalg.norm(q[3] - q[0]))
    signs = np.array([[1, 1], [-1, 1], [-1, -1], [1, -1]], np.float32)
    inner = q + border * (signs[:, :1] * across + signs[:, 1:] * down)
    cv2.fillConvexPoly(canvas, np.round(inner).astype(np.int32), colour, lineType=cv2.LINE_AA)


def table(shape=(240, 320), seed=0, kind="wood"):
    rng = np.random.default_rng(seed)
    h, w = shape
    if kind == "wood":
        base = np.zeros((h, w, 3), np.uint8)
        base[:] = (40, 80, 120)
        stripes = (20 * np.sin(np.arange(w) / 7.0)).astype(np.int16)
        base = np.clip(base.astype(np.int16) + stripes[None, :, None], 0, 255).astype(np.uint8)
    else:  # a pale cloth: low contrast against white cards
        base = np.full((h, w, 3), 190, np.uint8)
    noise = rng.normal(0, 6, (h, w, 3))
    return np.clip(base + noise, 0, 255).astype(np.uint8)


# The colours draw_card paints a card's middle with, and the codes a ColourClassifier reads from them.
CARD_COLOURS = {"r3": (40, 40, 200), "g3": (40, 160, 40), "b3": (200, 60, 30), "back": (120, 120, 120)}


class StandInReading:
    """What the stand-in readers below return: a code, its confidence and the ranking of one."""

    def __init__(self, code, confidence):
        self.code, self.confidence = code, confidence
        self.top = [(code if code is not None else "none", confidence)]


class ColourClassifier:
    """Reads the cards drawn by draw_card by the colour of their middle (a card model's stand-in for
    frames drawn with OpenCV, where only detection and the watcher are under test)."""

    width, height = 32, 48

    def __init__(self):
        self.calls = 0

    def classify(self, crops):
        self.calls += 1
        readings = []
        for crop in crops:
            h, w = crop.shape[:2]
            middle = crop[h // 3: 2 * h // 3, w // 3: 2 * w // 3]
            mean = middle.reshape(-1, 3).mean(axis=0)
            code, colour = min(CARD_COLOURS.items(), key=lambda kv: np.abs(mean - kv[1]).sum())
            distance = float(np.abs(mean - colour).sum())
            readings.append(StandInReading(code if distance < 90 else None, max(0.0, 1 - distance / 300)))
        return readings


# Where a player spreads a hand at a round's end, in card widths (x) and heights (y) from the
# discard pile's centre: beside it on both sides, then a row in front of it.
SPREAD_PLACES = ((-1.45, 0), (1.45, 0), (-2.9, 0), (2.9, 0), (0, 1.15), (-1.45, 1.15), (1.45, 1.15))
SPREAD_CODES = ("b3", "g5", "r7", "y1", "b-grab", "r-snore", "poly")
PILE_TOPS = {"deck": "back", "pirates": "pirate-small", "ghosts": "ghost-r", "aliens": "alien",
             "discard": "b5"}
ON_VILLAINS = (("pirates", "g2"), ("ghosts", "y6"), ("aliens", "r0"))


def spread_scene(seed: int, count: int, *, villain_cards: int = 0, strength: float = 0.25):
    """A rendered 640x480 frame of the simulated table's layout (companion.sim.table): the deck, the
    three villain piles and the discard pile, ``count`` cards spread face up side by side around the
    discard pile, and ``villain_cards`` more laid on the villain piles. Returns (image, zones)."""
    from companion.sim import scene
    from companion.sim.faces import FaceStyle, render_face
    from companion.sim.table import CARD_HEIGHT, LAYOUT, SimulatedTable

    rng = np.random.default_rng(seed)
    w, h = 640, 480
    style = FaceStyle.random(rng, split="heldout")
    card_h = CARD_HEIGHT * h
    card_w = card_h / 1.5
    size = (int(round(card_h)), int(round(card_h * 1.5)))
    image = scene.table_texture(rng, (w, h))
    for name, code in PILE_TOPS.items():
        fx, fy = LAYOUT[name]
        quad = scene.card_quad((fx * w, fy * h), card_h, float(rng.normal(0, 6)))
        scene.paste_pile(image, [render_face(code, style, size)] * 3, quad, rng)
    dx, dy = LAYOUT["discard"][0] * w, LAYOUT["discard"][1] * h
    for (ox, oy), code in list(zip(SPREAD_PLACES, SPREAD_CODES, strict=True))[:count]:
        centre = (dx + ox * card_w + rng.normal(0, 2), dy + oy * card_h + rng.normal(0, 2))
        quad = scene.card_quad(centre, card_h, float(rng.normal(0, 8)))
        scene.drop_shadow(image, quad, rng)
        scene.paste_card(image, render_face(code, style, size), quad)
    for pile, code in ON_VILLAINS[:villain_cards]:
        fx, fy = LAYOUT[pile]
        centre = (fx * w + rng.normal(0, 3), fy * h + rng.normal(0, 3))
        quad = scene.card_quad(centre, card_h, float(rng.normal(0, 8)))
        scene.paste_card(image, render_face(code, style, size), quad)
    zones = SimulatedTable("adventure", 3, seed=0, noise=False).zones
    return scene.camera(image, rng, strength), zones


class FixedClassifier:
    """Reads every crop as one code (a card model's stand-in where only outlines are under test);
    ``code=None`` reads every crop as no card."""

    width, height = 64, 96

    def __init__(self, code="b5", confidence=0.9):
        self.code, self.confidence = code, confidence
        self.calls = 0

    def classify(self, crops):
        self.calls += 1
        return [StandInReading(self.code, self.confidence) for _ in crops]
