"""Text as filled outlines: TrueType fonts read directly (no FreeType), Hershey fonts, segment digits.

OpenCV's pip wheels have no FreeType module, so TrueType outlines are read here (``cmap`` format 4,
``glyf`` with composite glyphs) and filled with ``cv2.fillPoly``. Fonts found on the machine add
variety; without any, the Hershey fonts and the segment digits are enough to render every card.
Every font draws a white-on-black mask; the face renderer colours, outlines and rotates it.
"""

from __future__ import annotations

import functools
import glob
import os
import struct
from dataclasses import dataclass

import cv2
import numpy as np

FONT_DIRS = ("/usr/share/fonts", "/usr/local/share/fonts")
HERSHEY = {
    "simplex": cv2.FONT_HERSHEY_SIMPLEX,
    "plain": cv2.FONT_HERSHEY_PLAIN,
    "duplex": cv2.FONT_HERSHEY_DUPLEX,
    "complex": cv2.FONT_HERSHEY_COMPLEX,
    "triplex": cv2.FONT_HERSHEY_TRIPLEX,
    "complex-small": cv2.FONT_HERSHEY_COMPLEX_SMALL,
    "script-simplex": cv2.FONT_HERSHEY_SCRIPT_SIMPLEX,
    "script-complex": cv2.FONT_HERSHEY_SCRIPT_COMPLEX,
}


class TrueTypeFont:
    """The glyph outlines of one .ttf file (quadratic contours), flattened to polygons."""

    def __init__(self, path: str):
        self.path = path
        with open(path, "rb") as f:
            self.data = f.read()
        num_tables = struct.unpack_from(">H", self.data, 4)[0]
        self.tables = {}
        for i in range(num_tables):
            tag, _, offset, length = struct.unpack_from(">4sIII", self.data, 12 + 16 * i)
            self.tables[tag.decode("latin-1")] = (offset, length)
        for needed in ("head", "loca", "glyf", "cmap", "maxp", "hhea", "hmtx"):
            if needed not in self.tables:
                raise ValueError(f"{path}: not a TrueType outline font (no {needed})")
        head = self.tables["head"][0]
        self.units_per_em = struct.unpack_from(">H", self.data, head + 18)[0]
        self.long_loca = struct.unpack_from(">h", self.data, head + 50)[0] == 1
        self.num_glyphs = struct.unpack_from(">H", self.data, self.tables["maxp"][0] + 4)[0]
        self.num_metrics = struct.unpack_from(">H", self.data, self.tables["hhea"][0] + 34)[0]
        self.cmap = self._read_cmap()

    def _read_cmap(self) -> dict[int, int]:
        base = self.tables["cmap"][0]
        count = struct.unpack_from(">H", self.data, base + 2)[0]
        for i in range(count):
            platform, encoding, offset = struct.unpack_from(">HHI", self.data, base + 4 + 8 * i)
            sub = base + offset
            if (platform, encoding) in ((3, 1), (0, 3)) and struct.unpack_from(">H", self.data, sub)[0] == 4:
                return self._cmap4(sub)
        raise ValueError(f"{self.path}: no Unicode character map")

    def _cmap4(self, sub: int) -> dict[int, int]:
        seg2 = struct.unpack_from(">H", self.data, sub + 6)[0]
        ends = struct.unpack_from(f">{seg2 // 2}H", self.data, sub + 14)
        starts = struct.unpack_from(f">{seg2 // 2}H", self.data, sub + 16 + seg2)
        deltas = struct.unpack_from(f">{seg2 // 2}h", self.data, sub + 16 + 2 * seg2)
        range_base = sub + 16 + 3 * seg2
        ranges = struct.unpack_from(f">{seg2 // 2}H", self.data, range_base)
        mapping = {}
        for i, (start, end) in enumerate(zip(starts, ends, strict=True)):
            # Only the characters cards need: digits, Latin, Cyrillic and a few signs.
            for char in range(max(start, 0x20), min(end, 0x04FF) + 1):
                if ranges[i] == 0:
                    glyph = (char + deltas[i]) & 0xFFFF
                else:
                    at = range_base + 2 * i + ranges[i] + 2 * (char - start)
                    glyph = struct.unpack_from(">H", self.data, at)[0]
                    glyph = (glyph + deltas[i]) & 0xFFFF if glyph else 0
                if glyph:
                    mapping[char] = glyph
        return mapping

    def advance(self, glyph: int) -> int:
        index = min(glyph, self.num_metrics - 1)
        return struct.unpack_from(">H", self.data, self.tables["hmtx"][0] + 4 * index)[0]

    def _glyph_range(self, glyph: int) -> tuple[int, int]:
        loca = self.tables["loca"][0]
        if self.long_loca:
            a, b = struct.unpack_from(">II", self.data, loca + 4 * glyph)
        else:
            a, b = (2 * v for v in struct.unpack_from(">HH", self.data, loca + 2 * glyph))
        return self.tables["glyf"][0] + a, b - a

    @functools.lru_cache(maxsize=8192)  # noqa: B019 - fonts live for the whole process
    def contours(self, glyph: int, depth: int = 0) -> tuple[np.ndarray, ...]:
        """Closed polygons of a glyph in font units (y up)."""
        offset, length = self._glyph_range(glyph)
        if length == 0 or depth > 4:
            return ()
        n = struct.unpack_from(">h", self.data, offset)[0]
        if n >= 0:
            return self._simple(offset, n)
        return self._composite(offset, depth)

    def _simple(self, offset: int, n: int) -> tuple[np.ndarray, ...]:
        d = self.data
        ends = struct.unpack_from(f">{n}H", d, offset + 10)
        num_points = ends[-1] + 1 if n else 0
        at = offset + 10 + 2 * n
        at += 2 + struct.unpack_from(">H", d, at)[0]
        flags = []
        while len(flags) < num_points:
            flag = d[at]
            at += 1
            flags.append(flag)
            if flag & 8:
                flags.extend([flag] * d[at])
                at += 1
        coords = []
        for short_bit, same_bit in ((2, 16), (4, 32)):
            value, values = 0, []
            for flag in flags[:num_points]:
                if flag & short_bit:
                    delta = d[at]
                    at += 1
                    value += delta if flag & same_bit else -delta
                elif not flag & same_bit:
                    value += struct.unpack_from(">h", d, at)[0]
                    at += 2
                values.append(value)
            coords.append(values)
        points = np.array(coords, np.float32).T
        on_curve = np.array([f & 1 for f in flags[:num_points]], bool)
        result, start = [], 0
        for end in ends:
            result.append(_flatten(points[start:end + 1], on_curve[start:end + 1]))
            start = end + 1
        return tuple(r for r in result if len(r) >= 3)

    def _composite(self, offset: int, depth: int) -> tuple[np.ndarray, ...]:
        d, at, result = self.data, offset + 10, []
        while True:
            flags, glyph = struct.unpack_from(">HH", d, at)
            at += 4
            if flags & 1:
                dx, dy = struct.unpack_from(">hh", d, at)
                at += 4
            else:
                dx, dy = struct.unpack_from(">bb", d, at)
                at += 2
            matrix = np.eye(2, dtype=np.float32)
            if flags & 8:
                matrix *= struct.unpack_from(">h", d, at)[0] / 16384
                at += 2
            elif flags & 0x40:
                sx, sy = struct.unpack_from(">hh", d, at)
                matrix = np.diag([sx / 16384, sy / 16384]).astype(np.float32)
                at += 4
            elif flags & 0x80:
                matrix = np.array(struct.unpack_from(">hhhh", d, at), np.float32).reshape(2, 2) / 16384
                at += 8
            if not flags & 2:  # point-matched placement: rare in digits and letters, place at origin
                dx = dy = 0
            for contour in self.contours(glyph, depth + 1):
                result.append(contour @ matrix + np.array([dx, dy], np.float32))
            if not flags & 0x20:
                return tuple(result)


def _flatten(points: np.ndarray, on_curve: np.ndarray, steps: int = 5) -> np.ndarray:
    """A quadratic B-spline contour (TrueType on/off points) as a polygon."""
    if len(points) == 0:
        return points
    if not on_curve.any():
        points = np.vstack([points, (points + np.roll(points, -1, 0)) / 2])
        on_curve = np.concatenate([np.zeros(len(on_curve), bool), np.ones(len(on_curve), bool)])
        order = np.arange(len(points)).reshape(2, -1).T.ravel()
        points, on_curve = points[order], on_curve[order]
    first = int(np.argmax(on_curve))
    points = np.roll(points, -first, 0)
    on_curve = np.roll(on_curve, -first)
    out = [points[0]]
    t = np.linspace(0, 1, steps + 1)[1:, None]
    n = len(points)
    i = 1
    current = points[0]
    while i <= n:
        p, on = points[i % n], on_curve[i % n]
        if on:
            out.append(p)
            current = p
            i += 1
            continue
        nxt, nxt_on = points[(i + 1) % n], on_curve[(i + 1) % n]
        end = nxt if nxt_on else (p + nxt) / 2
        curve = (1 - t) ** 2 * current + 2 * (1 - t) * t * p + t**2 * end
        out.extend(curve)
        current = end
        i += 2 if nxt_on else 1
    return np.array(out, np.float32)


# -- fonts as one interface -----------------------------------------------------------------------
@dataclass(frozen=True)
class Font:
    """One way to draw text: ``kind`` is "ttf", "hershey" or "segment"."""

    name: str
    kind: str
    source: str = ""  # a .ttf path or a Hershey name
    italic: bool = False
    weight: float = 1.0  # stroke thickness factor for stroked fonts

    @property
    def cyrillic(self) -> bool:
        return self.kind == "ttf" and ord("Ж") in _ttf(self.source).cmap

    def mask(self, text: str, height: int) -> np.ndarray:
        """A white-on-black mask of ``text`` whose glyphs are ``height`` pixels tall (tight box)."""
        return _cached_mask(self, text, max(4, int(height))).copy()

    def _draw(self, text: str, height: int) -> np.ndarray:
        if self.kind == "ttf":
            mask = _ttf_mask(_ttf(self.source), text, height)
        elif self.kind == "hershey":
            mask = _hershey_mask(HERSHEY[self.source] | (cv2.FONT_ITALIC if self.italic else 0),
                                 text, height, self.weight)
        else:
            mask = _segment_mask(text, height, self.weight, self.italic)
        return _tight(mask)


@functools.lru_cache(maxsize=4096)
def _cached_mask(font: Font, text: str, height: int) -> np.ndarray:
    return font._draw(text, height)


@functools.lru_cache(maxsize=256)
def _ttf(path: str) -> TrueTypeFont:
    return TrueTypeFont(path)


def _ttf_mask(font: TrueTypeFont, text: str, height: int) -> np.ndarray:
    scale = height / (font.units_per_em * 0.72)  # digits are ~0.72 em tall in most fonts
    polygons, x = [], 0.0
    for char in text:
        glyph = font.cmap.get(ord(char), 0)
        for contour in font.contours(glyph):
            polygons.append((contour + np.array([x, 0], np.float32)) * scale)
        x += font.advance(glyph)
    width = int(x * scale) + 4
    canvas_h = int(height * 1.6) + 4
    mask = np.zeros((canvas_h, max(width, 4)), np.uint8)
    baseline = int(height * 1.25) + 2
    shift = 3  # sub-pixel precision for smooth edges
    pts = [np.round((np.column_stack([p[:, 0] + 2, baseline - p[:, 1]])) * (1 << shift)).astype(np.int32)
           for p in polygons]
    if pts:
        cv2.fillPoly(mask, pts, 255, cv2.LINE_AA, shift)
    return mask


def _hershey_mask(face: int, text: str, height: int, weight: float) -> np.ndarray:
    base_scale = 2.0
    (w, h), baseline = cv2.getTextSize(text, face, base_scale, 1)
    scale = base_scale * height / max(h, 1)
    thickness = max(1, int(round(height * 0.09 * weight)))
    (w, h), baseline = cv2.getTextSize(text, face, scale, thickness)
    pad = thickness + 4
    mask = np.zeros((h + baseline + 2 * pad, w + 2 * pad), np.uint8)
    cv2.putText(mask, text, (pad, pad + h), face, scale, 255, thickness, cv2.LINE_AA)
    return mask


# Seven segments a-g as (x0, y0, x1, y1) in a 1 × 2 box; which segments each character lights.
_SEGMENTS = {"a": (0, 0, 1, 0), "b": (1, 0, 1, 1), "c": (1, 1, 1, 2), "d": (0, 2, 1, 2),
             "e": (0, 1, 0, 2), "f": (0, 0, 0, 1), "g": (0, 1, 1, 1)}
_LIT = {"0": "abcdef", "1": "bc", "2": "abged", "3": "abgcd", "4": "fgbc", "5": "afgcd", "6": "afgedc",
        "7": "abc", "8": "abcdefg", "9": "abcdfg", "-": "g", "+": "g", "A": "abcefg", "E": "adefg",
        "H": "bcefg", "L": "def", "P": "abefg", "C": "adef", "U": "bcdef"}


def _segment_mask(text: str, height: int, weight: float, italic: bool) -> np.ndarray:
    unit = height / 2.0
    thickness = max(2, int(round(height * 0.14 * weight)))
    pad = thickness * 2
    width = int(len(text) * unit * 1.6) + 2 * pad
    mask = np.zeros((height + 2 * pad, width), np.uint8)
    for i, char in enumerate(text):
        x0 = pad + i * unit * 1.6
        for seg in _LIT.get(char, ""):
            ax, ay, bx, by = _SEGMENTS[seg]
            p = (int(x0 + ax * unit), int(pad + ay * unit))
            q = (int(x0 + bx * unit), int(pad + by * unit))
            cv2.line(mask, p, q, 255, thickness, cv2.LINE_AA)
    if italic:
        shear = np.float32([[1, -0.18, 0.18 * mask.shape[0]], [0, 1, 0]])
        mask = cv2.warpAffine(mask, shear, (mask.shape[1] + int(0.2 * mask.shape[0]), mask.shape[0]))
    return mask


def _tight(mask: np.ndarray) -> np.ndarray:
    ys, xs = np.nonzero(mask > 20)
    if len(xs) == 0:
        return np.zeros((4, 4), np.uint8)
    return mask[ys.min():ys.max() + 1, xs.min():xs.max() + 1]


@functools.lru_cache(maxsize=1)
def available_fonts() -> tuple[Font, ...]:
    """Every usable font on this machine, in a stable order (TrueType files first, by path)."""
    fonts = []
    paths = sorted({p for d in FONT_DIRS for p in glob.glob(os.path.join(d, "**", "*.ttf"), recursive=True)})
    for path in paths:
        try:
            font = _ttf(path)
        except (ValueError, struct.error, OSError):
            continue
        if all(ord(c) in font.cmap for c in "01234567"):
            fonts.append(Font(os.path.basename(path)[:-4], "ttf", path))
    for name in HERSHEY:
        for italic in (False, True):
            for weight in (0.7, 1.3):
                fonts.append(Font(f"hershey-{name}{'-italic' if italic else ''}-{weight}", "hershey",
                                  name, italic, weight))
    for italic in (False, True):
        fonts.append(Font(f"segment{'-italic' if italic else ''}", "segment", "", italic, 1.0))
    return tuple(fonts)
