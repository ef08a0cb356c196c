"""Zones: named polygons in frame coordinates where the camera reads the table.

The zones file is JSON::

    {"frame": [640, 480],
     "zones": {"discard": [[x, y], [x, y], [x, y], ...],
               "deck": [...], "pirates": [...], "ghosts": [...], "aliens": [...],
               "seat-0": [...]}}

``frame`` (width, height) is the frame size the polygons were drawn on; it is optional, and a file
without it may also be the bare ``{"discard": [...], ...}`` mapping. Names: ``discard``, ``deck``,
the adventure's villain piles ``pirates``, ``ghosts``, ``aliens``, and optionally ``seat-N`` for the
players' places. Use::

    zones = load_zones("zones.json")          # ZonesError with a message a person can act on
    zones.check_frame((640, 480))             # ZonesError when a polygon lies outside the frame
    zones = auto_calibrate(image)             # proposed from a frame with the piles laid out
    save_zones(zones, "zones.json")
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from companion.cards import PILES
from companion.vision.detect import find_card_quads, polygon_area, warp_card

PILE_ZONES = ("discard", "deck") + PILES
SEAT_ZONE = re.compile(r"^seat-(\d)$")
# Auto-calibration lays the zones out in this order, left to right, when no classifier says which
# pile is which (the simulated table lays its piles out this way too).
LAYOUT_ORDER = ("deck", "discard") + PILES
# How far past the frame a corner may lie, in pixels, before the zone counts as outside it.
FRAME_SLACK = 2.0


class ZonesError(ValueError):
    """A zones file or zone definition that cannot be used; the message says what to fix."""


def is_zone_name(name: str) -> bool:
    return name in PILE_ZONES or bool(SEAT_ZONE.match(name))


@dataclass
class Zones:
    """Named polygons (float32 arrays of shape (N, 2)) and the frame size they were drawn on."""

    polygons: dict[str, np.ndarray] = field(default_factory=dict)
    frame: tuple[int, int] | None = None

    def __contains__(self, name: str) -> bool:
        return name in self.polygons

    def __getitem__(self, name: str) -> np.ndarray:
        return self.polygons[name]

    def names(self) -> list[str]:
        return list(self.polygons)

    def piles(self) -> list[str]:
        """The zones the camera reads cards in (seats are places, not piles)."""
        return [name for name in self.polygons if name in PILE_ZONES]

    def to_json(self) -> dict:
        data: dict = {"zones": {name: [[round(float(x), 1), round(float(y), 1)] for x, y in poly]
                                for name, poly in self.polygons.items()}}
        if self.frame is not None:
            data = {"frame": list(self.frame), **data}
        return data

    def check_frame(self, size: tuple[int, int]) -> None:
        """Raise ZonesError when a zone lies (partly) outside a frame of ``size`` = (width, height)."""
        width, height = size
        for name, poly in self.polygons.items():
            xs, ys = poly[:, 0], poly[:, 1]
            if (xs.min() < -FRAME_SLACK or ys.min() < -FRAME_SLACK
                    or xs.max() > width - 1 + FRAME_SLACK or ys.max() > height - 1 + FRAME_SLACK):
                raise ZonesError(
                    f"zone {name!r} lies outside the {width}x{height} frame "
                    f"(its corners span x {xs.min():.0f}..{xs.max():.0f}, y {ys.min():.0f}..{ys.max():.0f}); "
                    "redraw it or run the auto-calibration on this camera"
                )

    def scaled(self, size: tuple[int, int]) -> Zones:
        """The same zones on a frame of another size (needs ``frame``)."""
        if self.frame is None or tuple(self.frame) == tuple(size):
            return Zones(dict(self.polygons), tuple(size) if self.frame else None)
        fx, fy = size[0] / self.frame[0], size[1] / self.frame[1]
        factor = np.array([fx, fy], dtype=np.float32)
        return Zones({n: (p * factor).astype(np.float32) for n, p in self.polygons.items()}, tuple(size))


def parse_zones(data) -> Zones:
    """Zones from the decoded JSON; ZonesError naming what is wrong."""
    if not isinstance(data, dict):
        raise ZonesError("the zones file must hold a JSON object of named polygons")
    frame = None
    if "zones" in data:
        extra = set(data) - {"zones", "frame"}
        if extra:
            raise ZonesError(f"unknown key(s) {sorted(extra)} in the zones file; "
                             "expected 'frame' and 'zones'")
        if "frame" in data:
            frame = _parse_frame(data["frame"])
        data = data["zones"]
        if not isinstance(data, dict):
            raise ZonesError("'zones' must be an object of named polygons")
    polygons: dict[str, np.ndarray] = {}
    for name, points in data.items():
        if not is_zone_name(name):
            allowed = ", ".join(PILE_ZONES)
            raise ZonesError(f"unknown zone name {name!r}; zones are {allowed} and seat-0 … seat-9")
        polygons[name] = _parse_polygon(name, points)
    if not polygons:
        raise ZonesError("the zones file names no zone; at least 'discard' is needed")
    zones = Zones(polygons, frame)
    if frame is not None:
        zones.check_frame(frame)
    return zones


def _parse_frame(value) -> tuple[int, int]:
    if (not isinstance(value, list | tuple) or len(value) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) and v > 0 for v in value)):
        raise ZonesError("'frame' must be [width, height] in pixels, two positive whole numbers")
    return int(value[0]), int(value[1])


def _parse_polygon(name: str, points) -> np.ndarray:
    if not isinstance(points, list) or len(points) < 3:
        raise ZonesError(f"zone {name!r} must be a list of at least 3 [x, y] points")
    for point in points:
        if (not isinstance(point, list | tuple) or len(point) != 2
                or not all(isinstance(v, int | float) and not isinstance(v, bool) and np.isfinite(v)
                           for v in point)):
            raise ZonesError(f"zone {name!r}: every point must be [x, y] with two numbers, not {point!r}")
    poly = np.asarray(points, dtype=np.float32)
    if polygon_area(poly) < 16.0:
        raise ZonesError(f"zone {name!r} has no area (its points are on a line or too close together)")
    return poly


def load_zones(source: str | Path) -> Zones:
    """Zones from a file path; ZonesError when it cannot be read or is not valid."""
    path = Path(source)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ZonesError(f"zones file {str(path)!r} not found") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ZonesError(f"cannot read the zones file {str(path)!r}: {exc}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ZonesError(f"zones file {str(path)!r} is not JSON: {exc.msg} at line {exc.lineno}") from None
    return parse_zones(data)


def save_zones(zones: Zones, path: str | Path) -> None:
    Path(path).write_text(json.dumps(zones.to_json(), indent=1) + "\n", encoding="utf-8")


def zone_around(quad, frame: tuple[int, int], scale: float = 1.6) -> np.ndarray:
    """A square zone centred on a card, ``scale`` times its long side, clipped to the frame.

    Square, because cards land on a pile at any angle.
    """
    q = np.asarray(quad, dtype=np.float32).reshape(-1, 2)
    centre = q.mean(axis=0)
    long_side = max(float(np.linalg.norm(q[(i + 1) % 4] - q[i])) for i in range(4))
    half = scale * long_side / 2
    x0, y0 = max(0.0, centre[0] - half), max(0.0, centre[1] - half)
    x1, y1 = min(frame[0] - 1.0, centre[0] + half), min(frame[1] - 1.0, centre[1] + half)
    return np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]], dtype=np.float32)


def _separate(polygons: dict[str, np.ndarray]) -> None:
    """Shrink axis-aligned box zones that overlap, meeting halfway, so a card is in one zone only."""
    names = list(polygons)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            pa, pb = polygons[a], polygons[b]
            ax0, ay0, ax1, ay1 = pa[0, 0], pa[0, 1], pa[2, 0], pa[2, 1]
            bx0, by0, bx1, by1 = pb[0, 0], pb[0, 1], pb[2, 0], pb[2, 1]
            overlap_x = min(ax1, bx1) - max(ax0, bx0)
            overlap_y = min(ay1, by1) - max(ay0, by0)
            if overlap_x <= 0 or overlap_y <= 0:
                continue
            if overlap_x <= overlap_y:  # side by side: split the shared columns
                left, right = (pa, pb) if ax0 + ax1 < bx0 + bx1 else (pb, pa)
                middle = (max(ax0, bx0) + min(ax1, bx1)) / 2
                left[[1, 2], 0] = middle - 1
                right[[0, 3], 0] = middle + 1
            else:
                upper, lower = (pa, pb) if ay0 + ay1 < by0 + by1 else (pb, pa)
                middle = (max(ay0, by0) + min(ay1, by1)) / 2
                upper[[2, 3], 1] = middle - 1
                lower[[0, 1], 1] = middle + 1


def auto_calibrate(image: np.ndarray, classifier=None, *, edition: str | None = None) -> Zones:
    """Propose zones from one frame with the piles laid out, each pile showing its top card.

    With a ``classifier`` (companion.vision.classify.Classifier) each pile is named by what it
    shows: a card back is the deck, a villain its pile, any other card the discard. Without one, the
    piles are taken left to right as ``deck, discard, pirates, ghosts, aliens`` (only the first two
    outside the adventure). ZonesError when the frame does not show enough piles.
    """
    from companion.cards import parse, pile_of

    height, width = image.shape[:2]
    expected = 5 if edition in (None, "adventure") else 2
    quads = find_card_quads(image)
    # Pile tops are the biggest cards; drop outlines much smaller than the largest (pictures on a face).
    if quads:
        largest = max(polygon_area(q) for q in quads)
        quads = [q for q in quads if polygon_area(q) > 0.4 * largest]
    if len(quads) < 2:
        raise ZonesError(
            f"found {len(quads)} card(s) in the frame; lay out the deck and the discard pile"
            + (" and the three villain piles" if expected == 5 else "")
            + " so the camera sees each top card, then calibrate again"
        )
    names: dict[str, np.ndarray] = {}
    if classifier is not None:
        size = getattr(classifier, "input_size", (64, 96))
        readings = classifier.classify([warp_card(image, q, size) for q in quads])
        for quad, reading in sorted(zip(quads, readings, strict=True), key=lambda qr: -qr[1].confidence):
            code = reading.code
            if code is None:
                continue
            if code == "back":
                name = "deck"
            else:
                try:
                    name = pile_of(code) if parse(code).is_villain else "discard"
                except ValueError:
                    continue
            names.setdefault(name, quad)
    else:
        ordered = sorted(quads, key=lambda q: float(q[:, 0].mean()))[:expected]
        names = dict(zip(LAYOUT_ORDER, ordered, strict=False))
    if "discard" not in names:
        raise ZonesError("no discard pile found in the frame; lay its top card face up and calibrate again")
    polygons = {name: zone_around(quad, (width, height)) for name, quad in names.items()}
    _separate(polygons)
    return Zones({n: polygons[n] for n in LAYOUT_ORDER if n in polygons}, (width, height))

