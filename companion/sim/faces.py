"""Card faces drawn from scratch, for every code, in many seeded "printings".

    style = FaceStyle.random(rng, split="train")      # one printing of a deck
    face = render_face("r5", style)                    # BGR uint8, 200 × 300, portrait

A printing fixes the layout (big centre digit, corner indices, an oval, a tilted digit), the
fonts, the digit's fill (white or the card's colour) and outline, the background family (flat,
gradient, textured, illustrated), the border, the picture-card art family, the name language and
the back design. Fonts, background families, art families and back designs are split into a
training part and a held-out part, so a test can measure a deck drawn in ways never trained on.
``render_foreign`` draws what must not be read as a Svintus card: an 8, a playing card, a foreign
symbol, a blank card.
"""

from __future__ import annotations

import colorsys
import zlib
from dataclasses import dataclass, replace

import cv2
import numpy as np

from companion import cards
from companion.sim.glyphs import Font, available_fonts

SIZE = (200, 300)  # (width, height) of a rendered face: Svintus cards are 2:3
SPLITS = ("train", "heldout")

LAYOUTS = ("centre", "corners", "oval", "tilted")
BACKGROUNDS = {"train": ("flat", "linear", "noise", "stripes", "blobs"),
               "heldout": ("radial", "dots", "waves")}
ARTS = {"train": ("line", "solid", "duotone"), "heldout": ("sticker", "sketch")}
BACKS = {"train": ("diamonds", "logo", "stripes"), "heldout": ("pigs", "rings")}
# Hue ranges (OpenCV's 0-180 scale) per colour code; red wraps around 180. Yellow and orange stay
# apart because svintus2's orange replaces junior's yellow.
HUES = {"b": (98, 122), "g": (45, 80), "r": (-6, 4), "y": (24, 32), "o": (9, 17)}
FOREIGN_KINDS = ("eight", "playing", "symbol", "blank", "letter")


def font_split(font: Font) -> str:
    """Every fifth font (by a stable hash of its name) is held out of training."""
    return "heldout" if zlib.crc32(font.name.encode()) % 5 == 0 else "train"


def fonts_for(split: str) -> list[Font]:
    fonts = [f for f in available_fonts() if font_split(f) == split]
    return fonts or list(available_fonts())


@dataclass(frozen=True)
class FaceStyle:
    """One printing of a deck: every card of a deck is drawn with the same style."""

    seed: int
    split: str
    palette: tuple  # ((code, (b, g, r)), ...) for the five colours
    layout: str
    digit_font: Font
    index_font: Font
    name_font: Font
    digit_fill: str  # "white", "colour", "dark"
    outline: float  # outline thickness as a fraction of the digit's height (0 = none)
    digit_scale: float  # big digit height / card height
    digit_angle: float
    digit_stretch: float  # width factor: condensed < 1 < extended
    digit_shear: float  # slant added to the font's own
    digit_weight: float  # stroke growth (+) or thinning (-) as a fraction of the glyph height
    corner_indices: bool
    underline_six: bool
    background: str
    inner_white: bool  # a white field inside the coloured frame (coloured digits stand on it)
    border: float  # white margin as a fraction of the width
    border_colour: tuple
    art: str
    show_name: bool
    russian: bool
    back: str
    back_colours: tuple

    @classmethod
    def random(cls, rng: np.random.Generator, split: str = "train") -> FaceStyle:
        if split not in SPLITS:
            raise ValueError(f"split must be one of {SPLITS}")
        fonts = fonts_for(split)

        def pick(options):
            return options[int(rng.integers(len(options)))]

        palette = []
        for code, (lo, hi) in HUES.items():
            hue = (rng.uniform(lo, hi) % 180) / 180
            sat = rng.uniform(0.65, 1.0)
            val = rng.uniform(0.55, 0.85) if code in "bg" else rng.uniform(0.75, 1.0)
            r, g, b = colorsys.hsv_to_rgb(hue, sat, val)
            palette.append((code, (int(b * 255), int(g * 255), int(r * 255))))
        digit_font = pick(fonts)
        layout = pick(LAYOUTS)
        fill = pick(("white", "white", "colour", "dark"))
        inner_white = bool(fill == "colour" or (layout == "oval") or rng.random() < 0.15)
        if inner_white and fill == "white":
            fill = "colour"
        name_fonts = [f for f in fonts if f.cyrillic] or fonts
        return cls(
            seed=int(rng.integers(2**31)),
            split=split,
            palette=tuple(palette),
            layout=layout,
            digit_font=digit_font,
            index_font=digit_font if rng.random() < 0.6 else pick(fonts),
            name_font=pick(name_fonts),
            digit_fill=fill,
            outline=float(pick((0.0, 0.03, 0.06, 0.1))),
            digit_scale=float(rng.uniform(0.35, 0.6)),
            digit_angle=float(rng.uniform(-30, 30)) if layout == "tilted" else 0.0,
            digit_stretch=float(np.exp(rng.uniform(-0.3, 0.3))),
            digit_shear=float(rng.uniform(-0.25, 0.25)) if rng.random() < 0.4 else 0.0,
            digit_weight=float(rng.uniform(-0.03, 0.08)) if rng.random() < 0.6 else 0.0,
            corner_indices=bool(layout == "corners" or rng.random() < 0.6),
            underline_six=bool(rng.random() < 0.5),
            background=pick(BACKGROUNDS[split]),
            inner_white=inner_white,
            border=float(pick((0.0, 0.03, 0.05, 0.08))),
            border_colour=pick(((255, 255, 255), (240, 248, 252), (30, 30, 30), (225, 235, 240))),
            art=pick(ARTS[split]),
            show_name=bool(rng.random() < 0.7),
            russian=bool(rng.random() < 0.8),
            back=pick(BACKS[split]),
            back_colours=(_random_bgr(rng), _random_bgr(rng)),
        )

    def colour(self, code: str) -> tuple[int, int, int]:
        return dict(self.palette)[code]

    def with_(self, **changes) -> FaceStyle:
        return replace(self, **changes)


def _random_bgr(rng: np.random.Generator) -> tuple[int, int, int]:
    return tuple(int(v) for v in rng.integers(0, 256, 3))


def _card_rng(style: FaceStyle, code: str) -> np.random.Generator:
    """The randomness of one card of a printing: the same code always looks the same."""
    return np.random.default_rng([style.seed, zlib.crc32(code.encode())])


# -- drawing helpers ------------------------------------------------------------------------------
def _shade(bgr, factor: float) -> tuple[int, int, int]:
    if factor >= 1:
        return tuple(int(255 - (255 - c) / factor) for c in bgr)
    return tuple(int(c * factor) for c in bgr)


def _blend(canvas: np.ndarray, mask: np.ndarray, colour) -> None:
    """Paint ``colour`` through an 8-bit alpha mask, in place."""
    alpha = (mask.astype(np.float32) / 255.0)[..., None]
    canvas[:] = (canvas * (1 - alpha) + np.asarray(colour, np.float32) * alpha).astype(np.uint8)


def background(h: int, w: int, colour, family: str, rng: np.random.Generator) -> np.ndarray:
    base = np.asarray(colour, np.float32)
    img = np.empty((h, w, 3), np.float32)
    img[:] = base
    light, dark = np.asarray(_shade(colour, 1.6), np.float32), np.asarray(_shade(colour, 0.7), np.float32)
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    if family == "linear":
        angle = rng.uniform(0, 2 * np.pi)
        t = (np.cos(angle) * xx / w + np.sin(angle) * yy / h)
        t = (t - t.min()) / max(float(np.ptp(t)), 1e-6)
        img = light * (1 - t[..., None]) + dark * t[..., None]
    elif family == "radial":
        cx, cy = rng.uniform(0.3, 0.7) * w, rng.uniform(0.3, 0.7) * h
        t = np.clip(np.hypot(xx - cx, yy - cy) / (0.7 * max(h, w)), 0, 1)
        img = light * (1 - t[..., None]) + dark * t[..., None]
    elif family == "noise":
        noise = cv2.GaussianBlur(rng.normal(0, 1, (h // 4 + 1, w // 4 + 1)).astype(np.float32), (0, 0), 1.5)
        noise = cv2.resize(noise, (w, h))
        t = np.clip(0.5 + noise * rng.uniform(0.6, 1.5), 0, 1)
        img = light * (1 - t[..., None]) + dark * t[..., None]
    elif family == "stripes":
        angle = rng.uniform(0, np.pi)
        period = rng.uniform(12, 40)
        t = (np.sin((np.cos(angle) * xx + np.sin(angle) * yy) * 2 * np.pi / period) > 0).astype(np.float32)
        t = cv2.GaussianBlur(t, (0, 0), 1.0) * rng.uniform(0.3, 0.7)
        img = base * (1 - t[..., None]) + light * t[..., None]
    elif family == "waves":
        period = rng.uniform(20, 50)
        t = 0.5 + 0.5 * np.sin(yy * 2 * np.pi / period + 3 * np.sin(xx * 2 * np.pi / (2 * period)))
        img = base * (1 - 0.5 * t[..., None]) + light * 0.5 * t[..., None]
    img = np.clip(img, 0, 255).astype(np.uint8)
    if family == "blobs":
        for _ in range(int(rng.integers(4, 10))):
            centre = (int(rng.integers(0, w)), int(rng.integers(0, h)))
            axes = (int(rng.integers(10, w // 2)), int(rng.integers(10, h // 3)))
            tone = _shade(colour, float(rng.choice([0.75, 1.4, 1.8])))
            cv2.ellipse(img, centre, axes, float(rng.uniform(0, 180)), 0, 360, tone, -1, cv2.LINE_AA)
    elif family == "dots":
        step = int(rng.integers(14, 30))
        radius = max(2, int(step * rng.uniform(0.15, 0.35)))
        tone = _shade(colour, float(rng.choice([0.7, 1.5])))
        for y in range(step // 2, h, step):
            for x in range(step // 2 + (step // 2 if (y // step) % 2 else 0), w, step):
                cv2.circle(img, (x, y), radius, tone, -1, cv2.LINE_AA)
    return img


def _place_mask(canvas: np.ndarray, mask: np.ndarray, centre, height: float, *, fill, outline_colour=None,
                outline: float = 0.0, angle: float = 0.0, max_width: float | None = None) -> None:
    """Draw a white-on-black text mask scaled to ``height`` px at ``centre``, rotated, outlined."""
    mh, mw = mask.shape
    scale = height / max(mh, 1)
    if max_width and mw * scale > max_width:
        scale = max_width / mw
    new_w, new_h = max(2, int(mw * scale)), max(2, int(mh * scale))
    glyph = cv2.resize(mask, (new_w, new_h), interpolation=cv2.INTER_AREA)
    pad = int(outline * new_h) + 3
    glyph = cv2.copyMakeBorder(glyph, pad, pad, pad, pad, cv2.BORDER_CONSTANT, value=0)
    edge = None
    if outline > 0 and outline_colour is not None:
        k = max(1, int(outline * new_h))
        edge = cv2.dilate(glyph, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * k + 1, 2 * k + 1)))
    if angle:
        gh, gw = glyph.shape
        side = int(np.hypot(gh, gw)) + 2
        matrix = cv2.getRotationMatrix2D((gw / 2, gh / 2), angle, 1.0)
        matrix[:, 2] += ((side - gw) / 2, (side - gh) / 2)
        glyph = cv2.warpAffine(glyph, matrix, (side, side))
        if edge is not None:
            edge = cv2.warpAffine(edge, matrix, (side, side))
    gh, gw = glyph.shape
    x0, y0 = int(centre[0] - gw / 2), int(centre[1] - gh / 2)
    H, W = canvas.shape[:2]
    cx0, cy0, cx1, cy1 = max(0, x0), max(0, y0), min(W, x0 + gw), min(H, y0 + gh)
    if cx1 <= cx0 or cy1 <= cy0:
        return
    region = canvas[cy0:cy1, cx0:cx1]
    sl = (slice(cy0 - y0, cy1 - y0), slice(cx0 - x0, cx1 - x0))
    if edge is not None:
        _blend(region, edge[sl], outline_colour)
    _blend(region, glyph[sl], fill)


# -- pictograms -----------------------------------------------------------------------------------
class _Pictogram:
    """Shapes in unit coordinates (-1…1) drawn into a fill mask and a stroke mask."""

    def __init__(self, size: int, rng: np.random.Generator):
        self.size = size
        self.fill = np.zeros((size, size), np.uint8)
        self.stroke = np.zeros((size, size), np.uint8)
        self.rng = rng
        self.width = max(2, size // 22)

    def p(self, x, y) -> tuple[int, int]:
        s = self.size / 2
        return int(s + x * s * 0.9), int(s + y * s * 0.9)

    def r(self, v) -> int:
        return max(1, int(v * self.size / 2 * 0.9))

    def ellipse(self, x, y, ax, ay, angle=0.0, hole=False):
        cv2.ellipse(self.fill, self.p(x, y), (self.r(ax), self.r(ay)), angle, 0, 360, 0 if hole else 255, -1,
                    cv2.LINE_AA)

    def poly(self, pts, hole=False):
        cv2.fillPoly(self.fill, [np.array([self.p(x, y) for x, y in pts], np.int32)], 0 if hole else 255,
                     cv2.LINE_AA)

    def rect(self, x0, y0, x1, y1, hole=False):
        self.poly([(x0, y0), (x1, y0), (x1, y1), (x0, y1)], hole)

    def line(self, pts, width=1.0, closed=False):
        cv2.polylines(self.stroke, [np.array([self.p(x, y) for x, y in pts], np.int32)], closed, 255,
                      max(1, int(self.width * width)), cv2.LINE_AA)

    def arc(self, x, y, ax, ay, start, end, width=1.0):
        cv2.ellipse(self.stroke, self.p(x, y), (self.r(ax), self.r(ay)), 0, start, end, 255,
                    max(1, int(self.width * width)), cv2.LINE_AA)

    def text(self, text, x, y, height):
        mask = Font("pictogram", "hershey", "duplex", False, 1.4).mask(text, self.r(height))
        hh, ww = mask.shape
        cx, cy = self.p(x, y)
        x0, y0 = max(0, cx - ww // 2), max(0, cy - hh // 2)
        sub = self.stroke[y0:y0 + hh, x0:x0 + ww]
        np.maximum(sub, mask[:sub.shape[0], :sub.shape[1]], out=sub)


def _skull(pic: _Pictogram, x, y, s):
    pic.ellipse(x, y - 0.1 * s, 0.5 * s, 0.45 * s)
    pic.rect(x - 0.28 * s, y + 0.2 * s, x + 0.28 * s, y + 0.5 * s)
    pic.ellipse(x - 0.2 * s, y - 0.1 * s, 0.13 * s, 0.15 * s, hole=True)
    pic.ellipse(x + 0.2 * s, y - 0.1 * s, 0.13 * s, 0.15 * s, hole=True)
    pic.poly([(x, y + 0.05 * s), (x - 0.07 * s, y + 0.18 * s), (x + 0.07 * s, y + 0.18 * s)], hole=True)
    for dx in (-0.14, 0.0, 0.14):
        pic.rect(x + (dx - 0.025) * s, y + 0.32 * s, x + (dx + 0.025) * s, y + 0.5 * s, hole=True)


def _hand(pic: _Pictogram, spread: float, curled: bool):
    pic.ellipse(0, 0.25, 0.45, 0.42)
    for i, dx in enumerate((-0.33, -0.11, 0.11, 0.33)):
        angle = (i - 1.5) * spread
        length = 0.25 if curled else 0.55
        x_top = dx + np.sin(np.radians(angle)) * length
        y_top = -0.05 - np.cos(np.radians(angle)) * length
        pic.line([(dx, -0.0), (x_top, y_top)], width=4.5)
        if curled:
            pic.ellipse(x_top, y_top, 0.1, 0.1)
    pic.line([(-0.4, 0.3), (-0.75, -0.05 if not curled else 0.1)], width=4.5)


def draw_pictogram(kind: str, size: int, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """The fill and stroke masks of a picture card's symbol (``kind`` as ``Card.kind``)."""
    pic = _Pictogram(size, rng)
    if kind == "grab":
        _hand(pic, spread=8, curled=True)
        pic.text("+3", 0.55, -0.65, 0.35)
    elif kind == "snore":
        pic.ellipse(-0.15, 0.25, 0.55, 0.5)
        pic.arc(-0.35, 0.15, 0.14, 0.08, 0, 180, 1.5)
        pic.arc(0.05, 0.15, 0.14, 0.08, 0, 180, 1.5)
        for i, s in enumerate((0.16, 0.22, 0.3)):
            x, y = 0.35 + 0.18 * i, -0.35 - 0.22 * i
            pic.line([(x - s, y - s), (x + s, y - s), (x - s, y + s), (x + s, y + s)], width=1.5)
    elif kind == "hush":
        pic.ellipse(0, 0.05, 0.7, 0.7)
        pic.ellipse(-0.25, -0.15, 0.1, 0.1, hole=True)
        pic.ellipse(0.25, -0.15, 0.1, 0.1, hole=True)
        pic.ellipse(0, 0.35, 0.28, 0.1, hole=True)
        pic.line([(0, 0.7), (0, 0.05)], width=4)
    elif kind == "slap":
        _hand(pic, spread=16, curled=False)
        for r in (0.8, 0.95):
            pic.arc(0, 0.25, r, r, 200, 340, 1.0)
    elif kind == "flip":
        pic.arc(0, 0, 0.65, 0.65, 200, 340, 2.5)
        pic.arc(0, 0, 0.65, 0.65, 20, 160, 2.5)
        pic.poly([(0.5, -0.5), (0.85, -0.1), (0.35, -0.05)])
        pic.poly([(-0.5, 0.5), (-0.85, 0.1), (-0.35, 0.05)])
    elif kind == "decree":
        pic.rect(-0.5, -0.7, 0.5, 0.7)
        pic.ellipse(0, -0.7, 0.6, 0.12)
        pic.ellipse(0, 0.7, 0.6, 0.12)
        for y in (-0.4, -0.2, 0.0, 0.2):
            pic.rect(-0.35, y - 0.03, 0.35, y + 0.03, hole=True)
        pic.ellipse(0.25, 0.45, 0.14, 0.14, hole=True)
    elif kind == "steal":
        pic.poly([(-0.9, -0.2), (0.9, -0.2), (0.75, 0.3), (0.1, 0.2), (-0.1, 0.2), (-0.75, 0.3)])
        pic.ellipse(-0.42, 0.03, 0.2, 0.12, hole=True)
        pic.ellipse(0.42, 0.03, 0.2, 0.12, hole=True)
        pic.line([(-0.9, -0.1), (-1.0, 0.4)], width=2)
        pic.line([(0.9, -0.1), (1.0, 0.4)], width=2)
    elif kind == "omni":
        pic.ellipse(0, 0.05, 0.8, 0.6)
        pic.ellipse(0, 0.1, 0.6, 0.38, hole=True)
        for i in range(5):
            x = -0.44 + 0.22 * i
            pic.poly([(x - 0.09, -0.28), (x + 0.09, -0.28), (x, -0.1)])
            pic.poly([(x - 0.09, 0.48), (x + 0.09, 0.48), (x, 0.3)])
    elif kind == "shake":
        for i, (y, r) in enumerate(((-0.6, 0.75), (-0.3, 0.6), (0.0, 0.45), (0.3, 0.3), (0.55, 0.16))):
            pic.arc(0.08 * (i % 2), y, r, 0.12, 0, 360, 2)
        pic.poly([(0.75, -0.9), (0.95, -0.6), (0.6, -0.6)])
    elif kind == "poly":
        pic.ellipse(0, 0.1, 0.7, 0.65)
        pic.poly([(-0.6, -0.3), (-0.75, -0.85), (-0.2, -0.5)])
        pic.poly([(0.6, -0.3), (0.75, -0.85), (0.2, -0.5)])
        pic.ellipse(0, 0.3, 0.3, 0.2, hole=True)
        pic.line([(-0.3, -0.1), (-0.15, -0.1)], width=2)
        pic.line([(0.15, -0.1), (0.3, -0.1)], width=2)
        pic.ellipse(-0.1, 0.3, 0.05, 0.08)
        pic.ellipse(0.1, 0.3, 0.05, 0.08)
    elif kind == "pirate-small":
        for x, y in ((-0.45, -0.35), (0.45, -0.35), (0.0, 0.4)):
            _skull(pic, x, y, 0.7)
    elif kind == "pirate-big":
        _skull(pic, 0, -0.05, 1.4)
        pic.line([(-0.9, 0.55), (0.9, 0.95)], width=3)
        pic.line([(-0.9, 0.95), (0.9, 0.55)], width=3)
    elif kind == "pirate-super":
        _skull(pic, 0, 0.2, 1.1)
        pic.poly([(-0.6, -0.3), (-0.6, -0.85), (-0.3, -0.55), (0, -0.95), (0.3, -0.55), (0.6, -0.85),
                  (0.6, -0.3)])
    elif kind == "ghost":
        pic.ellipse(0, -0.2, 0.55, 0.55)
        pic.rect(-0.55, -0.2, 0.55, 0.6)
        for x in (-0.37, 0.0, 0.37):
            pic.ellipse(x, 0.62, 0.18, 0.18)
        pic.ellipse(-0.2, -0.25, 0.12, 0.17, hole=True)
        pic.ellipse(0.2, -0.25, 0.12, 0.17, hole=True)
        pic.ellipse(0, 0.1, 0.1, 0.12, hole=True)
    elif kind == "alien":
        pic.ellipse(0, -0.3, 0.45, 0.55)
        pic.ellipse(-0.2, -0.3, 0.15, 0.22, angle=30, hole=True)
        pic.ellipse(0.2, -0.3, 0.15, 0.22, angle=-30, hole=True)
        pic.line([(-0.2, -0.8), (-0.4, -1.0)], width=1.5)
        pic.line([(0.2, -0.8), (0.4, -1.0)], width=1.5)
        pic.ellipse(0, 0.6, 0.9, 0.2)
        pic.ellipse(0, 0.45, 0.4, 0.18)
    else:
        raise ValueError(f"no pictogram for {kind!r}")
    return pic.fill, pic.stroke


def _apply_art(canvas: np.ndarray, fill: np.ndarray, stroke: np.ndarray, centre, art: str,
               ink, paper, rng: np.random.Generator, colours=None) -> None:
    """Composite a pictogram's masks onto ``canvas`` in one art family's manner."""
    size = fill.shape[0]
    x0, y0 = int(centre[0] - size / 2), int(centre[1] - size / 2)
    H, W = canvas.shape[:2]
    if x0 < 0 or y0 < 0 or x0 + size > W or y0 + size > H:
        crop = max(0, -x0), max(0, -y0)
        x1, y1 = min(W, x0 + size), min(H, y0 + size)
        fill = fill[crop[1]:crop[1] + y1 - max(0, y0), crop[0]:crop[0] + x1 - max(0, x0)]
        stroke = stroke[crop[1]:crop[1] + y1 - max(0, y0), crop[0]:crop[0] + x1 - max(0, x0)]
        x0, y0 = max(0, x0), max(0, y0)
    region = canvas[y0:y0 + fill.shape[0], x0:x0 + fill.shape[1]]
    k = max(3, size // 30) | 1
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k))
    edges = cv2.morphologyEx(fill, cv2.MORPH_GRADIENT, kernel)
    solid = np.maximum(fill, stroke)
    if colours is not None:  # poly: four colour quadrants
        h, w = fill.shape
        for i, colour in enumerate(colours):
            quarter = np.zeros_like(fill)
            quarter[(i // 2) * h // 2:(i // 2 + 1) * h // 2, (i % 2) * w // 2:(i % 2 + 1) * w // 2] = 255
            _blend(region, cv2.min(fill, quarter), colour)
        _blend(region, np.maximum(edges, stroke), ink)
        return
    if art == "line":
        _blend(region, np.maximum(edges, stroke), ink)
    elif art == "solid":
        _blend(region, solid, ink)
    elif art == "duotone":
        _blend(region, fill, paper)
        _blend(region, np.maximum(edges, stroke), ink)
    elif art == "sticker":
        halo = cv2.dilate(solid, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (3 * k, 3 * k)))
        _blend(region, halo, (255, 255, 255) if np.mean(ink) < 128 else (30, 30, 30))
        _blend(region, solid, ink)
    else:  # sketch: the outline drawn a few times, each a little off
        for _ in range(3):
            dx, dy = rng.integers(-k, k + 1, 2)
            shifted = np.roll(np.maximum(edges, stroke), (int(dy), int(dx)), (0, 1))
            _blend(region, (shifted * 0.6).astype(np.uint8), ink)


# -- faces ----------------------------------------------------------------------------------------
def _base(style: FaceStyle, colour, w: int, h: int, rng: np.random.Generator, family=None) -> tuple:
    """The card's frame and background; returns (canvas, inner box)."""
    canvas = np.empty((h, w, 3), np.uint8)
    canvas[:] = style.border_colour
    m = int(style.border * w)
    inner = (m, m, w - m, h - m)
    canvas[m:h - m, m:w - m] = background(h - 2 * m, w - 2 * m, colour, family or style.background, rng)
    return canvas, inner


def _index_positions(inner, h: int, w: int):
    x0, y0, x1, y1 = inner
    dx, dy = 0.11 * w, 0.09 * h
    return (x0 + dx, y0 + dy), (x1 - dx, y1 - dy)


def shape_glyph(mask: np.ndarray, stretch: float = 1.0, shear: float = 0.0,
                weight: float = 0.0) -> np.ndarray:
    """A font's glyph made wider or narrower, slanted, bolder or thinner: many more typefaces."""
    h, w = mask.shape
    pad = int(abs(weight) * h) + 2
    mask = cv2.copyMakeBorder(mask, pad, pad, pad, pad, cv2.BORDER_CONSTANT, value=0)
    h, w = mask.shape
    if abs(stretch - 1) > 0.02:
        mask = cv2.resize(mask, (max(2, int(w * stretch)), h), interpolation=cv2.INTER_LINEAR)
        w = mask.shape[1]
    if shear:
        extra = int(abs(shear) * h) + 1
        matrix = np.float32([[1, -shear, max(0.0, shear) * h], [0, 1, 0]])
        mask = cv2.warpAffine(mask, matrix, (w + extra, h))
    k = int(round(abs(weight) * h))
    if k >= 1:
        kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * k + 1, 2 * k + 1))
        mask = cv2.dilate(mask, kernel) if weight > 0 else cv2.erode(mask, kernel)
    ys, xs = np.nonzero(mask > 20)
    if len(xs) == 0:
        return mask
    return mask[ys.min():ys.max() + 1, xs.min():xs.max() + 1]


def _digit_colours(style: FaceStyle, colour):
    if style.digit_fill == "white":
        return (255, 255, 255), _shade(colour, 0.45)
    if style.digit_fill == "colour":
        return colour, (255, 255, 255) if not style.inner_white else _shade(colour, 0.5)
    return (30, 30, 30), (255, 255, 255)


def _draw_index(canvas, style: FaceStyle, text: str, inner, fill, outline_colour, h, w, rotate_bottom=180,
                size=0.11):
    top, bottom = _index_positions(inner, h, w)
    if size > 0.12:  # large indices sit further in
        top = (top[0] + 0.03 * w, top[1] + 0.03 * h)
        bottom = (bottom[0] - 0.03 * w, bottom[1] - 0.03 * h)
    mask = style.index_font.mask(text, 40)
    if style.index_font == style.digit_font:
        mask = shape_glyph(mask, style.digit_stretch, style.digit_shear, style.digit_weight / 2)
    for pos, angle in ((top, 0), (bottom, rotate_bottom)):
        _place_mask(canvas, mask, pos, size * h, fill=fill, outline_colour=outline_colour,
                    outline=max(style.outline, 0.06), angle=angle, max_width=1.4 * size * w)


def render_face(code: str, style: FaceStyle, size: tuple[int, int] = SIZE) -> np.ndarray:
    """The face of ``code`` (or its back for ``back``) in ``style``: BGR uint8, ``size`` = (w, h)."""
    card = cards.parse(code)
    w, h = int(size[0]), int(size[1])
    rng = _card_rng(style, code)
    if card.kind == "back":
        return _render_back(style, w, h, rng)
    if card.is_number:
        return _render_number(style, str(card.value), style.colour(card.colour), w, h, rng,
                              underline=card.value == 6 and style.underline_six)
    return _render_picture(style, card, w, h, rng)


def _render_number(style: FaceStyle, text: str, colour, w: int, h: int, rng, underline=False) -> np.ndarray:
    canvas, inner = _base(style, colour, w, h, rng)
    x0, y0, x1, y1 = inner
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    fill, outline_colour = _digit_colours(style, colour)
    if style.inner_white and style.layout != "oval":
        pad = int(0.12 * w)
        cv2.rectangle(canvas, (x0 + pad, y0 + pad), (x1 - pad, y1 - pad), (250, 250, 250), -1)
    mask = shape_glyph(style.digit_font.mask(text, 80), style.digit_stretch, style.digit_shear,
                       style.digit_weight)
    if underline:
        bar = np.zeros((mask.shape[0] // 6 + 2, mask.shape[1]), np.uint8)
        bar[bar.shape[0] // 2:, :] = 255
        mask = np.vstack([mask, np.zeros((mask.shape[0] // 10 + 1, mask.shape[1]), np.uint8), bar])
    if style.layout == "corners":
        roll = rng.random()
        if roll < 0.5:  # an illustrated card: a pig in the middle, the value in big corner indices
            size = int(0.6 * w)
            fill_mask, stroke_mask = draw_pictogram("poly", size, rng)
            light = np.mean(colour) < 150
            _apply_art(canvas, fill_mask, stroke_mask, (cx, cy), style.art,
                       (255, 255, 255) if light else (25, 25, 25), _shade(colour, 1.5 if light else 0.6), rng)
            _draw_index(canvas, style, text, inner, fill, outline_colour, h, w, size=0.17)
            return canvas
        if roll < 0.75:
            emblem = _shade(colour, 1.5)
            cv2.ellipse(canvas, (int(cx), int(cy)), (int(0.28 * w), int(0.2 * h)), 0, 0, 360, emblem, -1,
                        cv2.LINE_AA)
        _place_mask(canvas, mask, (cx, cy), 0.25 * h, fill=fill, outline_colour=outline_colour,
                    outline=style.outline, max_width=0.5 * w)
        _draw_index(canvas, style, text, inner, fill, outline_colour, h, w)
        return canvas
    if style.layout == "oval":
        cv2.ellipse(canvas, (int(cx), int(cy)), (int(0.36 * w), int(0.42 * h)), 35, 0, 360, (250, 250, 250),
                    -1, cv2.LINE_AA)
        fill, outline_colour = colour, _shade(colour, 0.5)
    angle = style.digit_angle
    _place_mask(canvas, mask, (cx, cy), style.digit_scale * h, fill=fill, outline_colour=outline_colour,
                outline=style.outline, angle=angle, max_width=0.75 * w)
    if style.corner_indices:
        _draw_index(canvas, style, text, inner, fill if style.layout != "oval" else (255, 255, 255),
                    outline_colour, h, w, rotate_bottom=90 if style.layout == "tilted" else 180)
    return canvas


VILLAIN_BACKGROUNDS = {"pirate-small": (60, 90, 140), "pirate-big": (40, 60, 110),
                       "pirate-super": (50, 30, 90), "alien": (90, 40, 70), "ghost": (60, 40, 40)}
POLY_BACKGROUND = (150, 150, 150)
NAMES_RU = {**cards.SUPER_NAMES_RU, "pirate-small": "Пиратики", "pirate-big": "Пиратища",
            "pirate-super": "Суперпираты", "ghost": "Привидения", "alien": "Пришельцы"}
NAMES_EN = {**cards.SUPER_NAMES_EN, "pirate-small": "Small pirates", "pirate-big": "Big pirates",
            "pirate-super": "Super pirates", "ghost": "Ghosts", "alien": "Aliens"}


def _render_picture(style: FaceStyle, card: cards.Card, w: int, h: int, rng) -> np.ndarray:
    kind = card.kind
    if card.colour and kind != "ghost":
        colour = style.colour(card.colour)
    elif kind == "poly":
        colour = _shade(POLY_BACKGROUND, float(rng.uniform(0.6, 1.2)))
    else:
        colour = VILLAIN_BACKGROUNDS.get(kind, (80, 80, 80))
        colour = tuple(int(np.clip(c * rng.uniform(0.7, 1.3), 0, 255)) for c in colour)
    canvas, inner = _base(style, colour, w, h, rng)
    x0, y0, x1, y1 = inner
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2 - 0.04 * h
    size = int(min(x1 - x0, y1 - y0) * rng.uniform(0.6, 0.8))
    fill_mask, stroke_mask = draw_pictogram(kind, size, rng)
    if rng.random() < 0.5:  # a slight tilt, as an illustrator would draw it
        matrix = cv2.getRotationMatrix2D((size / 2, size / 2), float(rng.uniform(-15, 15)), 1.0)
        fill_mask = cv2.warpAffine(fill_mask, matrix, (size, size))
        stroke_mask = cv2.warpAffine(stroke_mask, matrix, (size, size))
    if kind == "ghost":
        # A ghost's colour is its body's: every art family shows it (a sticker is the body in colour).
        ink, paper = (30, 30, 30), style.colour(card.colour)
        art = "duotone" if style.art in ("line", "sketch") else style.art
        body = paper if art in ("solid", "sticker") else ink
        _apply_art(canvas, fill_mask, stroke_mask, (cx, cy), art, body, paper, rng)
    elif kind == "poly":
        quadrant_colours = [style.colour(c) for c in ("b", "g", "r", "y")]
        if rng.random() < 0.5:
            quadrant_colours[3] = style.colour("o")
        _apply_art(canvas, fill_mask, stroke_mask, (cx, cy), style.art, (20, 20, 20), None, rng,
                   colours=quadrant_colours)
    else:
        light = style.digit_fill != "dark"
        ink = (255, 255, 255) if light else (25, 25, 25)
        paper = _shade(colour, 0.55) if light else _shade(colour, 1.7)
        _apply_art(canvas, fill_mask, stroke_mask, (cx, cy), style.art, ink, paper, rng)
    if style.show_name:
        russian = style.russian and style.name_font.cyrillic
        name = (NAMES_RU if russian else NAMES_EN)[kind]
        font = style.name_font if russian or style.name_font.kind != "segment" else fonts_for(style.split)[0]
        mask = font.mask(name, 40)
        text_colour = (255, 255, 255) if np.mean(colour) < 170 else (20, 20, 20)
        _place_mask(canvas, mask, (w / 2, y1 - 0.1 * h), 0.07 * h, fill=text_colour,
                    outline_colour=_shade(colour, 0.4), outline=0.08, max_width=0.8 * (x1 - x0))
    if style.corner_indices and kind not in ("poly",) and not card.is_villain:
        small = int(0.13 * h)
        corner_fill, corner_stroke = draw_pictogram(kind, small, rng)
        top, bottom = _index_positions(inner, h, w)
        ink = (255, 255, 255) if style.digit_fill != "dark" else (25, 25, 25)
        _apply_art(canvas, corner_fill, corner_stroke, top, "solid", ink, None, rng)
        _apply_art(canvas, corner_fill[::-1, ::-1], corner_stroke[::-1, ::-1], bottom, "solid", ink, None,
                   rng)
    return canvas


def _render_back(style: FaceStyle, w: int, h: int, rng) -> np.ndarray:
    first, second = style.back_colours
    canvas = np.empty((h, w, 3), np.uint8)
    canvas[:] = first
    design = style.back
    if design == "diamonds":
        step = int(rng.integers(16, 32))
        for y in range(0, h + step, step):
            for x in range(0, w + step, step):
                half = step // 2
                pts = np.array([(x, y - half), (x + half, y), (x, y + half), (x - half, y)])
                cv2.fillPoly(canvas, [pts.astype(np.int32)], second, cv2.LINE_AA)
                cv2.circle(canvas, (x, y), 2, first, -1)
    elif design == "stripes":
        step = int(rng.integers(10, 24))
        for x in range(-h, w + h, step):
            cv2.line(canvas, (x, 0), (x + h, h), second, step // 3, cv2.LINE_AA)
    elif design == "rings":
        for r in range(int(0.9 * h), 0, -int(rng.integers(10, 20))):
            cv2.circle(canvas, (w // 2, h // 2), r, second if (r // 10) % 2 else first, 4, cv2.LINE_AA)
    elif design == "pigs":
        step = int(rng.integers(36, 60))
        for y in range(step // 2, h, step):
            for x in range(step // 2, w, step):
                cv2.circle(canvas, (x, y), step // 3, second, -1, cv2.LINE_AA)
                cv2.ellipse(canvas, (x, y + 3), (step // 7, step // 10), 0, 0, 360, first, -1, cv2.LINE_AA)
    # Every design carries the game's name in an oval, as a box's back would.
    if design in ("logo", "rings", "diamonds") or rng.random() < 0.5:
        cv2.ellipse(canvas, (w // 2, h // 2), (int(0.42 * w), int(0.16 * h)), -20, 0, 360, second, -1,
                    cv2.LINE_AA)
        cv2.ellipse(canvas, (w // 2, h // 2), (int(0.42 * w), int(0.16 * h)), -20, 0, 360, (255, 255, 255), 3,
                    cv2.LINE_AA)
        russian = style.name_font.cyrillic
        mask = style.name_font.mask("СВИНТУС" if russian else "SVINTUS", 40)
        _place_mask(canvas, mask, (w / 2, h / 2), 0.08 * h, fill=(255, 255, 255), outline_colour=(0, 0, 0),
                    outline=0.1, angle=20, max_width=0.7 * w)
    m = int(style.border * w)
    if m:
        cv2.rectangle(canvas, (0, 0), (w - 1, h - 1), style.border_colour, 2 * m)
    return canvas


# -- what is not a Svintus card -------------------------------------------------------------------
SUIT_RANKS = ("A", "K", "Q", "J", "8", "9", "10")


def _suit(pic: _Pictogram, suit: int):
    if suit == 0:  # heart
        pic.ellipse(-0.3, -0.2, 0.35, 0.35)
        pic.ellipse(0.3, -0.2, 0.35, 0.35)
        pic.poly([(-0.64, -0.1), (0.64, -0.1), (0, 0.75)])
    elif suit == 1:  # diamond
        pic.poly([(0, -0.8), (0.55, 0), (0, 0.8), (-0.55, 0)])
    elif suit == 2:  # spade
        pic.ellipse(-0.3, 0.1, 0.35, 0.35)
        pic.ellipse(0.3, 0.1, 0.35, 0.35)
        pic.poly([(-0.64, 0.0), (0.64, 0.0), (0, -0.8)])
        pic.poly([(0, 0.2), (-0.25, 0.8), (0.25, 0.8)])
    else:  # club
        for x, y in ((0, -0.35), (-0.35, 0.15), (0.35, 0.15)):
            pic.ellipse(x, y, 0.3, 0.3)
        pic.poly([(0, 0.1), (-0.25, 0.8), (0.25, 0.8)])


def render_foreign(kind: str, style: FaceStyle, rng: np.random.Generator, size=SIZE) -> np.ndarray:
    """A card that is not a Svintus card, drawn in ``style`` where it can be (the class ``none``)."""
    w, h = int(size[0]), int(size[1])
    colour = style.colour(str(rng.choice(list("bgryo"))))
    if kind == "eight":
        text = str(rng.choice(["8", "8", "8", "9", "10", "12", "+2"]))
        return _render_number(style, text, colour, w, h, rng, underline=text == "9")
    if kind == "letter":
        text = str(rng.choice(list("AKXSWZЖЯ#?&") + ["+4", "-1"]))
        font = style.digit_font
        if not font.cyrillic and text in "ЖЯ":
            text = "W"
        return _render_number(style.with_(digit_font=font, index_font=font), text, colour, w, h, rng)
    if kind == "playing":
        canvas = np.full((h, w, 3), 250, np.uint8)
        suit = int(rng.integers(4))
        ink = (30, 30, 200) if suit < 2 else (20, 20, 20)
        rank = str(rng.choice(SUIT_RANKS))
        mask = style.index_font.mask(rank, 40)
        for pos, angle in (((0.14 * w, 0.09 * h), 0), ((0.86 * w, 0.91 * h), 180)):
            _place_mask(canvas, mask, pos, 0.1 * h, fill=ink, angle=angle, max_width=0.2 * w)
        pic = _Pictogram(int(0.45 * w), rng)
        _suit(pic, suit)
        count = int(rng.integers(1, 5))
        for i in range(count):
            centre = (w / 2 + (i % 2 - 0.5) * 0.35 * w * (count > 1),
                      0.3 * h + 0.4 * h * (i // 2) / max(1, (count - 1) // 2))
            _apply_art(canvas, pic.fill, pic.stroke, centre, "solid", ink, None, rng)
        return canvas
    if kind == "symbol":
        canvas, inner = _base(style, colour, w, h, rng)
        pic = _Pictogram(int(0.7 * w), rng)
        shape = int(rng.integers(5))
        if shape < 4:
            _suit(pic, shape)
        else:
            star = [(np.cos(a) * (0.9 if i % 2 == 0 else 0.4), np.sin(a) * (0.9 if i % 2 == 0 else 0.4))
                    for i, a in enumerate(np.linspace(-np.pi / 2, 1.5 * np.pi, 10, endpoint=False))]
            pic.poly(star)
        _apply_art(canvas, pic.fill, pic.stroke, (w / 2, h / 2), "solid", (255, 255, 255), None, rng)
        return canvas
    if kind == "blank":
        canvas, _ = _base(style, colour if rng.random() < 0.5 else (245, 245, 245), w, h, rng)
        return canvas
    raise ValueError(f"unknown foreign card kind {kind!r}")
