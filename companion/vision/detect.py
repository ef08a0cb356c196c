"""Card outlines in a table photo: quadrilaterals, their order, and the warp to a portrait crop.

    quads = find_card_quads(image)                 # whole image
    quads = find_card_quads(image, region=polygon)  # only cards whose centre lies in the polygon
    crop = warp_card(image, quads[0], (64, 96))    # (width, height): a portrait crop

A quad is a float32 array of shape (4, 2), corners in image pixels ordered TL, TR, BR, BL of the
card held upright (portrait): the two short sides are top and bottom, and "top" is the short side
nearer the top of the image (a card is point-symmetric, so 180 degrees cannot be told apart from
the outline alone). Quads come largest first; equal sizes, topmost first.

How cards are found: a card is a convex four-sided shape of a card's aspect, closed by an edge.
Edges (Canny with low thresholds on a blurred grey image, closed by a dilation) give contours on two
levels: outer outlines and the holes inside them. The top card of a pile is the one whose outline is
complete, so its face is a hole: its convex hull (pictures touching the edge dent the hole) is
fitted with a quad. Cards below it peek out as slivers that are not card-shaped; a neat pile's
outline is card-shaped and is the top card's. Card-shaped outlines inside a larger one (a face's
inner frame, its picture) are dropped.
"""

from __future__ import annotations

import cv2
import numpy as np

# A card's long side over its short side (Svintus cards are 2:3); perspective and the camera's tilt
# stretch it, so a wide tolerance.
CARD_ASPECT = 1.5
ASPECT_RANGE = (1.15, 2.0)
# The smallest card worth reading, as a fraction of the searched area (and never under 400 px²).
MIN_AREA_FRACTION = 0.01
MIN_AREA_PX = 400.0
# Low thresholds on purpose: the top card's edge over cards of the same design is faint (a shadow
# line), while clutter edges that survive the blur do not form card-shaped quads.
CANNY_LOW, CANNY_HIGH = 20, 50
EDGE_INSET = 2.0  # px from a hole's border to the middle of the dilated edge line around it


def order_quad(points) -> np.ndarray:
    """Four corners in any order -> TL, TR, BR, BL of the upright (portrait) card.

    Corners are first put in clockwise order (in image coordinates, y down); the start is chosen so
    that the first side is a short side, the one whose midpoint is higher in the image.
    """
    pts = np.asarray(points, dtype=np.float32).reshape(4, 2)
    centre = pts.mean(axis=0)
    angles = np.arctan2(pts[:, 1] - centre[1], pts[:, 0] - centre[0])
    pts = pts[np.argsort(angles)]  # clockwise on screen since y points down
    sides = [float(np.linalg.norm(pts[(i + 1) % 4] - pts[i])) for i in range(4)]
    # Pair 0 = sides 0 and 2, pair 1 = sides 1 and 3: the shorter pair are the card's top and bottom.
    short_pair = 0 if sides[0] + sides[2] <= sides[1] + sides[3] else 1
    candidates = (short_pair, short_pair + 2)
    midpoint_y = [float((pts[i][1] + pts[(i + 1) % 4][1]) / 2) for i in candidates]
    start = candidates[0] if midpoint_y[0] <= midpoint_y[1] else candidates[1]
    return np.roll(pts, -start, axis=0).astype(np.float32)


def quad_area(quad) -> float:
    return float(abs(cv2.contourArea(np.asarray(quad, dtype=np.float32).reshape(4, 2))))


def quad_centre(quad) -> np.ndarray:
    return np.asarray(quad, dtype=np.float32).reshape(4, 2).mean(axis=0)


def quad_angle(quad) -> float:
    """The card's tilt in degrees, from its long axis (0 = upright), in [-90, 90)."""
    q = np.asarray(quad, dtype=np.float32).reshape(4, 2)
    down = (q[3] + q[2]) / 2 - (q[0] + q[1]) / 2  # from the top side's midpoint to the bottom's
    angle = float(np.degrees(np.arctan2(down[0], down[1])))
    return (angle + 90.0) % 180.0 - 90.0


def pose_change(a, b) -> tuple[float, float]:
    """How far a card moved between two quads: (centre shift in px, rotation in degrees, 0-90)."""
    shift = float(np.linalg.norm(quad_centre(a) - quad_centre(b)))
    turn = abs(quad_angle(a) - quad_angle(b)) % 180.0
    return shift, min(turn, 180.0 - turn)


def quad_aspect(quad) -> float:
    q = np.asarray(quad, dtype=np.float32).reshape(4, 2)
    sides = [float(np.linalg.norm(q[(i + 1) % 4] - q[i])) for i in range(4)]
    short = (sides[0] + sides[2]) / 2
    long_ = (sides[1] + sides[3]) / 2
    if min(short, long_) <= 0:
        return 0.0
    return max(short, long_) / min(short, long_)


def warp_card(image: np.ndarray, quad, size=(64, 96)) -> np.ndarray:
    """The card inside ``quad`` warped upright to ``size`` = (width, height), same channels as ``image``."""
    width, height = int(size[0]), int(size[1])
    src = order_quad(quad)
    dst = np.array([[0, 0], [width - 1, 0], [width - 1, height - 1], [0, height - 1]], dtype=np.float32)
    matrix = cv2.getPerspectiveTransform(src, dst)
    return cv2.warpPerspective(image, matrix, (width, height), flags=cv2.INTER_LINEAR,
                               borderMode=cv2.BORDER_REPLICATE)


def _region_box(region, shape, margin: float = 0.0) -> tuple[int, int, int, int]:
    """The bounding box (x0, y0, x1, y1) of a polygon grown by ``margin`` × its size, in the image."""
    h, w = shape[:2]
    if region is None:
        return 0, 0, w, h
    poly = np.asarray(region, dtype=np.float32).reshape(-1, 2)
    low, high = poly.min(axis=0), poly.max(axis=0)
    grow = margin * (high - low)
    x0, y0 = np.floor(low - grow).astype(int)
    x1, y1 = np.ceil(high + grow).astype(int)
    return max(0, x0), max(0, y0), min(w, x1 + 1), min(h, y1 + 1)


def _grey(image: np.ndarray) -> np.ndarray:
    if image.ndim == 2:
        return image
    return cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)


def _card_quad(contour, min_area: float, max_area: float, *, hole: bool) -> np.ndarray | None:
    """The card-shaped quad a contour outlines, or None.

    A hole (the inside of a closed edge line) may be dented where the face's pictures touch the
    card's edge: its convex hull is what is fitted. An outer contour must fill its quad by itself.
    """
    area = abs(cv2.contourArea(contour))
    if area < min_area or area > max_area:
        return None
    hull = cv2.convexHull(contour)
    hull_area = abs(cv2.contourArea(hull))
    if hull_area <= 0 or area / hull_area < (0.7 if hole else 0.85):
        return None
    poly = cv2.approxPolyDP(hull, 0.03 * cv2.arcLength(hull, True), True)
    if len(poly) == 4:
        quad = poly.reshape(4, 2).astype(np.float32)
    else:
        # Rounded corners: the hull's rectangle, when the hull fills it.
        rect = cv2.minAreaRect(hull)
        rect_area = rect[1][0] * rect[1][1]
        if rect_area <= 0 or hull_area / rect_area < 0.9:
            return None
        quad = cv2.boxPoints(rect).astype(np.float32)
    if not ASPECT_RANGE[0] <= quad_aspect(quad) <= ASPECT_RANGE[1]:
        return None
    if hull_area / max(quad_area(quad), 1.0) < 0.9:
        return None
    if hole:  # the hole lies inside the (dilated) edge line: move out to the line's middle
        centre = quad.mean(axis=0)
        out = quad - centre
        out /= np.maximum(np.linalg.norm(out, axis=1, keepdims=True), 1e-6)
        quad = quad + out * EDGE_INSET
    return quad


def _overlap(a: np.ndarray, b: np.ndarray) -> float:
    """Intersection over the smaller area of two convex quads."""
    inter, _ = cv2.intersectConvexConvex(a.reshape(-1, 1, 2), b.reshape(-1, 1, 2))
    smaller = min(quad_area(a), quad_area(b))
    return float(inter) / smaller if smaller > 0 else 0.0


def find_card_quads(image: np.ndarray, region=None, *, min_area: float | None = None,
                    margin: float = 0.0) -> list[np.ndarray]:
    """Every card outline in ``image`` (or in ``region``, a polygon in image pixels), largest first.

    With a ``region``, a card counts when its centre lies in the polygon; ``margin`` (a fraction of
    the region's size) widens the search around it so that a card hanging over its edge is whole.

    A pile gives one quad: its top card. Where one card-shaped outline lies inside another (the
    inner border of a card's face, a card's picture frame), only the outer one is kept, unless the
    inner one is a card of nearly the same size lying on top (the top card of a neat pile).
    """
    x0, y0, x1, y1 = _region_box(region, image.shape, margin)
    if x1 - x0 < 8 or y1 - y0 < 8:
        return []
    grey = _grey(image[y0:y1, x0:x1])
    grey = cv2.GaussianBlur(grey, (5, 5), 0)
    edges = cv2.Canny(grey, CANNY_LOW, CANNY_HIGH)
    edges = cv2.dilate(edges, np.ones((3, 3), np.uint8))
    # Two levels: outer outlines of edge lines, and the holes inside them (a top card's face).
    contours, hierarchy = cv2.findContours(edges, cv2.RETR_CCOMP, cv2.CHAIN_APPROX_SIMPLE)
    searched = float((x1 - x0) * (y1 - y0))
    if region is not None:
        searched = min(searched, max(polygon_area(region), 1.0))
    lower = min_area if min_area is not None else max(MIN_AREA_PX, MIN_AREA_FRACTION * searched)
    upper = 0.98 * (x1 - x0) * (y1 - y0)
    quads = []
    for contour, links in zip(contours, hierarchy[0] if hierarchy is not None else [], strict=False):
        quad = _card_quad(contour, lower, upper, hole=bool(links[3] >= 0))
        if quad is not None:
            quads.append(order_quad(quad + np.array([x0, y0], dtype=np.float32)))
    if region is not None:
        poly = np.asarray(region, dtype=np.float32).reshape(-1, 1, 2)
        quads = [q for q in quads
                 if cv2.pointPolygonTest(poly, tuple(map(float, quad_centre(q))), False) >= 0]
    # The dilated edge gives each outline twice (outside and inside the line): keep the outer one.
    quads.sort(key=lambda q: -quad_area(q))
    kept: list[np.ndarray] = []
    for quad in quads:
        if any(_overlap(quad, other) > 0.6 for other in kept):
            continue
        kept.append(quad)
    # Largest first; cards of about the same size (within 100 px²), topmost first.
    kept.sort(key=lambda q: (-round(quad_area(q), -2), float(quad_centre(q)[1])))
    return kept


def polygon_area(polygon) -> float:
    """The area of any polygon given as (N, 2) points."""
    return float(abs(cv2.contourArea(np.asarray(polygon, dtype=np.float32).reshape(-1, 2))))
