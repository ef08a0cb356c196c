"""The cards a player spreads face up around the discard pile at a round's end, counted in one frame.

    result = count_spread_cards(image, zones, watcher=pipeline.watcher, classifier=pipeline.classifier)
    result == {"count": 3, "cards": ["b3", None, "grab"], "quads": [[[x, y], ...], ...]}

What counts: a card outline (``detect.find_card_quads``) in the discard zone widened by
SPREAD_MARGIN of its size on every side, of a card's size (the discard pile's stable top card's
when the watcher knows it, else the share of the zone a card takes), whose centre lies in none of
the other piles' zones (the deck, the villain piles), and which is not the discard pile's stable top
card where it lies. Outlines that overlap are one card's. With a classifier every outline is read,
in one batched call: one read as no card (a patch of a patterned table, the gap between two cards)
is not counted, and of outlines that overlap the one likeliest a card of the size expected is (not a
face's inner frame, nor a quad across two cards); ``cards`` holds the code read per counted card,
None where it was not read with confidence (a face-down card still counts).
"""

from __future__ import annotations

import cv2
import numpy as np

from companion.vision.classify import NONE
from companion.vision.detect import (
    find_card_quads,
    overlap,
    polygon_area,
    quad_area,
    quad_centre,
    region_box,
    same_outline,
    warp_card,
)
from companion.vision.pipeline import CARD_SHARE, DEFAULT_CROP, SEARCH_MARGIN
from companion.vision.pipeline import WORK_SIDE as PIPELINE_WORK_SIDE
from companion.vision.zones import Zones, ZonesError

# The hand is spread around the discard pile, to its sides and in front: up to seven cards side by
# side take about five card heights, a zone is about 1.5 card heights wide.
SPREAD_MARGIN = 2.0
# A spread card has the discard card's area within this factor (the camera's perspective changes
# it across the table; a face's inner frame is smaller still and lies inside its card anyway).
SIZE_TOLERANCE = 1.6
NO_CARD_SHARE = 0.5  # a crop that the reading gives this share of "no card" or more is not a card
READ_CONFIDENCE = 0.5  # below this a counted card's code is not reported
# Outlines that overlap, read: each weighed by the share of "card" in its reading times
# exp(-SIZE_WEIGHT x |log(its area / the area expected)|), the heaviest taken.
SIZE_WEIGHT = 3.0
# A card seen from above is near a rectangle: its opposite sides differ by less than this factor.
# The detector's looser card shape lets through parallelograms of a table's grain and a tiled cloth.
SIDE_RATIO = 1.35
CORNER_SLACK = 10.0  # degrees a corner may be off square (the camera's tilt)
# A card mostly in another pile's zone (its centre, or this share of it) lies on or by that pile.
ELSEWHERE = 0.4
# The discard pile's lower cards peek out around its top card: an outline centred within the top
# card grown by this factor is the pile's.
PILE_REACH = 1.5
OVERLAP = 0.2  # outlines overlapping by more than this share of the smaller are not two cards


def count_spread_cards(image: np.ndarray, zones: Zones, *, watcher=None, classifier=None,
                       crop_size: tuple[int, int] | None = None) -> dict:
    """The cards spread face up around the discard zone of ``image`` (BGR or grey).

    ``zones`` are scaled to the image when they carry the frame size they were drawn on. ``watcher``
    (``companion.vision.watch.Watcher``) tells where the discard pile's top card lies and how big a
    card is; ``classifier`` reads the crops (``crop_size`` = (width, height)). Returns
    ``{"count": n, "cards": [code or None per card], "quads": [4 corners per card]}``, cards left to
    right. ``ZonesError`` when there is no discard zone or it lies outside the image; ``ValueError``
    when ``image`` is not a picture.
    """
    if not isinstance(image, np.ndarray) or image.ndim not in (2, 3) or image.size == 0:
        raise ValueError("the frame is not an image")
    if image.ndim == 2:
        image = cv2.cvtColor(image, cv2.COLOR_GRAY2BGR)
    size = (image.shape[1], image.shape[0])
    if "discard" not in zones:
        raise ZonesError("no discard zone: draw one (or run the auto-calibration) to count cards there")
    zones = zones.scaled(size) if zones.frame else zones
    zones.check_frame(size)
    discard = zones["discard"]
    top = _stable_top(watcher)
    expected = quad_area(top) if top is not None else CARD_SHARE * polygon_area(discard)
    others = [zones[name] for name in zones.piles() if name != "discard"]
    candidates: list[np.ndarray] = []
    for quad in _search(image, discard, expected, colour=classifier is not None):
        if _rectangular(quad) and _share_inside(quad, others) < ELSEWHERE:
            candidates.append(quad)
    # The discard pile's top card, where it shows, and every outline over it (the pile's lower
    # cards, a strip of them taken in) are not the hand's.
    tops = [q for q in candidates if _is_top(q, top, watcher)]
    if top is not None:
        tops.append(top)
    # (grown from the top card alone where the watcher knows it: an outline over it that takes in a
    # lower card, grown too, would reach over the hand's cards beside the pile)
    piles = [(t - quad_centre(t)) * PILE_REACH + quad_centre(t) for t in ([top] if top is not None else tops)]
    candidates = [q for q in candidates if not any(overlap(q, t) > OVERLAP for t in tops)
                  and _share_inside(q, piles, centre_only=True) == 0.0]
    if classifier is None:
        chosen = [(quad, None) for quad in _apart(candidates)]
    else:
        chosen = _read_apart(image, candidates, expected, classifier, crop_size)
    chosen.sort(key=lambda item: (float(quad_centre(item[0])[0]), float(quad_centre(item[0])[1])))
    quads = [quad for quad, _ in chosen]
    codes = [code for _, code in chosen]
    return {
        "count": len(quads),
        "cards": codes,
        "quads": [[[round(float(x), 1), round(float(y), 1)] for x, y in q] for q in quads],
    }


def _read_apart(image: np.ndarray, candidates: list[np.ndarray], expected: float, classifier,
                crop_size: tuple[int, int] | None) -> list[tuple[np.ndarray, str | None]]:
    """The outlines of ``candidates`` that are cards, none overlapping another, with the code each
    was read as (None where not read with confidence): every candidate read in one batched call,
    those read as no card dropped, then the heaviest first (``SIZE_WEIGHT``), each kept unless it
    overlaps one kept already."""
    if not candidates:
        return []
    crop_size = crop_size or (getattr(classifier, "width", DEFAULT_CROP[0]),
                              getattr(classifier, "height", DEFAULT_CROP[1]))
    readings = classifier.classify([warp_card(image, quad, crop_size) for quad in candidates])
    weighed = []
    for quad, reading in zip(candidates, readings, strict=True):
        no_card = next((float(p) for code, p in reading.top if code == NONE), 0.0)
        if no_card >= NO_CARD_SHARE:
            continue
        size = abs(float(np.log(quad_area(quad) / expected)))
        code = reading.code if float(reading.confidence) >= READ_CONFIDENCE else None
        weighed.append(((1.0 - no_card) * float(np.exp(-SIZE_WEIGHT * size)), quad, code))
    weighed.sort(key=lambda item: -item[0])
    chosen: list[tuple[np.ndarray, str | None]] = []
    for _, quad, code in weighed:
        if all(overlap(quad, other) <= OVERLAP for other, _ in chosen):
            chosen.append((quad, code))
    return chosen


def _search(image: np.ndarray, discard: np.ndarray, expected: float, *, colour: bool) -> list[np.ndarray]:
    """Card outlines of about ``expected`` area around the discard zone.

    The detector is made for a zone around one pile: over a wide stretch of table its edges join
    up with the table's grain and cards are lost. So the widened zone is searched window by window,
    each the discard zone's size and searched as the pipeline searches a zone, the windows half a
    window apart so that every card lies whole in the window nearest its centre. With ``colour``, a
    window whose grey shows no card outline is searched in colour too, as the pipeline searches the
    discard zone (a card whose border is as bright as the cloth, a blue card on a red one, shows none
    in grey): the outlines it adds on a patterned cloth need reading to be told from cards. An
    outline found in several windows is kept once (``detect.same_outline``), as the window most
    centred on it saw it.
    """
    x0, y0, x1, y1 = region_box(discard, image.shape, SPREAD_MARGIN)
    low, high = discard.min(axis=0), discard.max(axis=0)
    size = np.maximum(high - low, 8.0)
    step = size / 2
    lows = [np.arange(start, end - step[k] + 1, step[k])
            for k, (start, end) in enumerate(((x0, x1), (y0, y1)))]
    search = {"margin": SEARCH_MARGIN, "work_side": PIPELINE_WORK_SIDE,
              "min_area": expected / SIZE_TOLERANCE, "max_area": expected * SIZE_TOLERANCE}
    found: list[tuple[np.ndarray, float]] = []  # (quad, distance from its window's centre)
    for wy in lows[1]:
        for wx in lows[0]:
            window = np.array([[wx, wy], [wx + size[0], wy], [wx + size[0], wy + size[1]],
                               [wx, wy + size[1]]], np.float32)
            centre = window.mean(axis=0)
            quads = find_card_quads(image, window, **search) or (
                find_card_quads(image, window, colour=True, **search) if colour else [])
            for quad in quads:
                off = float(np.linalg.norm(quad_centre(quad) - centre))
                same = next((k for k, (q, _) in enumerate(found) if same_outline(q, quad)), None)
                if same is None:
                    found.append((quad, off))
                elif off < found[same][1]:
                    found[same] = (quad, off)
    return [quad for quad, _ in found]


def _apart(quads: list[np.ndarray]) -> list[np.ndarray]:
    """The most outlines of ``quads`` that do not overlap one another: the cards of a spread hand.

    Cards laid side by side in a row line up their edges, and the detector then also outlines the
    gap between two cards (a quad with a side on each) and a card's inner field. Each of those
    overlaps a card; the cards do not overlap one another. Chosen greedily, the outline that
    overlaps the fewest others first (of equal ones, the larger: a card over its inner field).
    """
    clashes = [{j for j, other in enumerate(quads) if j != i and overlap(quad, other) > OVERLAP}
               for i, quad in enumerate(quads)]
    left = set(range(len(quads)))
    chosen = []
    while left:
        best = min(left, key=lambda i: (len(clashes[i] & left), -quad_area(quads[i])))
        chosen.append(quads[best])
        left -= clashes[best] | {best}
    return chosen


def _stable_top(watcher) -> np.ndarray | None:
    """Where the discard pile's stable top card lies, when the watcher knows it."""
    quad = watcher.stable_quad("discard") if watcher is not None else None
    return None if quad is None else np.asarray(quad, np.float32).reshape(4, 2)


def _is_top(quad: np.ndarray, top: np.ndarray | None, watcher) -> bool:
    """Whether ``quad`` is the discard pile's stable top card: one of the outlines the watcher saw it
    with, or over where it lies (this search may outline it a few pixels off the zone's search, and
    the watcher's outline may take in a strip of the pile)."""
    if watcher is not None and watcher.known_pose("discard", quad):
        return True
    return top is not None and overlap(quad, top) > OVERLAP


def _share_inside(quad: np.ndarray, polygons: list[np.ndarray], *, centre_only: bool = False) -> float:
    """The share of ``quad`` (sampled on a grid; its centre alone with ``centre_only``) that lies in
    any of ``polygons``; a quad whose centre lies in one is wholly in."""
    def inside(x: float, y: float) -> bool:
        return any(cv2.pointPolygonTest(p.reshape(-1, 1, 2).astype(np.float32), (x, y), False) >= 0
                   for p in polygons)

    x, y = (float(v) for v in quad_centre(quad))
    if inside(x, y):
        return 1.0
    if centre_only or not polygons:
        return 0.0
    k = np.linspace(0.1, 0.9, 5, dtype=np.float32)
    u, v = (a.ravel()[:, None] for a in np.meshgrid(k, k))
    top = quad[0] + u * (quad[1] - quad[0])
    bottom = quad[3] + u * (quad[2] - quad[3])
    points = top + v * (bottom - top)
    return float(np.mean([inside(float(px), float(py)) for px, py in points]))


def _rectangular(quad: np.ndarray) -> bool:
    """Whether ``quad`` is near a rectangle: opposite sides of about one length, corners near square."""
    sides = np.roll(quad, -1, axis=0) - quad
    lengths = np.hypot(sides[:, 0], sides[:, 1])
    if min(lengths) <= 0:
        return False
    if (max(lengths[0], lengths[2]) > SIDE_RATIO * min(lengths[0], lengths[2])
            or max(lengths[1], lengths[3]) > SIDE_RATIO * min(lengths[1], lengths[3])):
        return False
    following = np.roll(sides, -1, axis=0)
    cosines = np.abs((sides * following).sum(axis=1)) / (lengths * np.roll(lengths, -1))
    return bool(cosines.max() <= np.sin(np.radians(CORNER_SLACK)))
