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
ASPECT_RANGE = (1.15, 1.85)
# A card's corners seen from above are near right angles, whatever the tilt; edges of a pile with an arm
# across it may close a skewed quad around a strip of the card below (its corner index read as a card).
MAX_CORNER_SKEW_DEG = 25.0
# The smallest card worth reading, as a fraction of the searched area (and never under 400 px²).
MIN_AREA_FRACTION = 0.01
MIN_AREA_PX = 400.0
# Low thresholds on purpose: the top card's edge over cards of the same design is faint (a shadow
# line), while clutter edges that survive the blur do not form card-shaped quads.
CANNY_LOW, CANNY_HIGH = 20, 50
BUSY_EDGES = 0.16  # more edge pixels than this: a patterned table, searched by its colours instead
SAME_OUTLINE_PX, SAME_OUTLINE_DEG, SAME_OUTLINE_AREA = 3.0, 3.0, 0.1  # one outline found twice
# A two-tone cloth (tiles, a large check): its colours fall into two groups this cleanly (the share of
# their variance that the split explains), this far apart in BGR levels, each this share of the cloth.
TWO_TONE_SPLIT = 0.9
TWO_TONE_APART = 60.0
TWO_TONE_SHARE = 0.15
TABLE_STRIP = 4  # px of the searched region's border taken as cloth
TABLE_SPREAD = 1.5  # a pixel this many times the cloth's own spread off its colours is not cloth...
TABLE_FLOOR = 10.0  # ... and at least this far (in BGR levels)
# The border strip in pieces (per side): a brighter piece whose median colour lies this many times
# further from theirs than the pieces do as a rule (and at least TABLE_PIECE_FLOOR levels) is not
# cloth (a lamp's glare over a corner), up to this share of the pieces.
TABLE_PIECES = 4
TABLE_PIECE_FAR = 3.0
TABLE_PIECE_FLOOR = 30.0
TABLE_PIECE_MOST = 0.25
EDGE_INSET = 2.0  # px from a hole's border to the middle of the dilated edge line around it
# How much of a quad's outline must lie on image edges: a card counts from MIN_SUPPORT; from
# GOOD_SUPPORT the slower search along straight lines is not needed; SUPPORT_TIE is "as good".
MIN_SUPPORT = 0.75
GOOD_SUPPORT = 0.92
SUPPORT_TIE = 0.05
SUPPORT_SAMPLES = 24  # points per side
SUPPORT_TRIM = 0.04  # the ends of a side left out of its support
MAX_LINES = 32
MAX_SEGMENTS = 80
REFINE_CANDIDATES = 2  # the best quads of each card whose sides are slid onto nearby edges
PLACE_RADIUS = 0.2  # centres closer than this (in short sides) are one card's
CANDIDATES_PER_CARD = 24  # the best candidates of one card weighed against each other
REFINE_PLACES = 8  # cards refined in one search
REFINE_KEEP = 30  # variants kept per refined quad
REFINE_PX = 12  # how far a side may slide
REFINE_SIDE_SUPPORT = 0.8
SUPPORT_EXACT = 0.01
FRAME_GAP = 2.0  # px: sides of two nested quads closer than this are the same side
NEXT = [1, 2, 3, 0]  # each corner's next corner, clockwise
ZONE_MIN_SIDE = 0.3  # a card's short side at least this fraction of its zone's side


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


def same_outline(a, b) -> bool:
    """Two outlines of one card, found twice (by two searches, or in two windows): where they lie,
    how they turn and how big they are. An inner frame and its card's outline are two outlines."""
    shift, turn = pose_change(a, b)
    return shift <= SAME_OUTLINE_PX and turn <= SAME_OUTLINE_DEG and abs(
        float(np.log(quad_area(a) / max(quad_area(b), 1e-6)))) <= SAME_OUTLINE_AREA


def quad_aspect(quad) -> float:
    """Long over short side (each the mean of two opposite sides); 0 for a degenerate quad."""
    return float(_aspects(np.asarray(quad, dtype=np.float32).reshape(1, 4, 2))[0])


def _aspects(quads: np.ndarray) -> np.ndarray:
    """``quad_aspect`` of many quads (N, 4, 2) at once."""
    d = quads[:, NEXT] - quads
    sides = np.hypot(d[..., 0], d[..., 1])
    a = (sides[:, 0] + sides[:, 2]) / 2
    b = (sides[:, 1] + sides[:, 3]) / 2
    low = np.minimum(a, b)
    return np.where(low > 0, np.maximum(a, b) / np.maximum(low, 1e-9), 0.0)


def _card_shaped(quads: np.ndarray) -> np.ndarray:
    """Which quads (N, 4, 2) are convex with a card's aspect and near-right corners."""
    edge = quads[:, NEXT] - quads
    following = edge[:, NEXT]
    cross = edge[:, :, 0] * following[:, :, 1] - edge[:, :, 1] * following[:, :, 0]
    convex = (cross > 0).all(axis=1) | (cross < 0).all(axis=1)
    dot = (edge * following).sum(axis=2)
    lengths = np.hypot(edge[..., 0], edge[..., 1]) * np.hypot(following[..., 0], following[..., 1])
    # |cos| of each corner's angle: 0 at a right angle
    skew = np.abs(dot) / np.maximum(lengths, 1e-9)
    square = (skew <= np.sin(np.radians(MAX_CORNER_SKEW_DEG))).all(axis=1)
    aspect = _aspects(quads)
    return convex & square & (aspect >= ASPECT_RANGE[0]) & (aspect <= ASPECT_RANGE[1])


def warp_card(image: np.ndarray, quad, size=(64, 96)) -> np.ndarray:
    """The card inside ``quad`` warped upright to ``size`` = (width, height), same channels as ``image``."""
    width, height = int(size[0]), int(size[1])
    src = order_quad(quad)
    dst = np.array([[0, 0], [width - 1, 0], [width - 1, height - 1], [0, height - 1]], dtype=np.float32)
    matrix = cv2.getPerspectiveTransform(src, dst)
    return cv2.warpPerspective(image, matrix, (width, height), flags=cv2.INTER_LINEAR,
                               borderMode=cv2.BORDER_REPLICATE)


def region_box(region, shape, margin: float = 0.0) -> tuple[int, int, int, int]:
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


def _busy_edges(grey: np.ndarray, region: np.ndarray, fine: np.ndarray, *,
                by_channel: bool = False) -> np.ndarray:
    """The edge map of a searched region on a busy table cloth (a fine check, a print).

    Blurring the pattern away blurs the cards' edges with it. Instead the cloth is told by its
    colours: the region's border strip is mostly cloth, and a printed pattern's colours lie near a
    line in colour space (its two inks and their mixtures). Pixels far from that line are not cloth:
    their mask's outline is the pile's, and inside it (no cloth there) the ordinary fine edges show
    where the top card lies over the ones below (``fine``, ``grey``'s own edge map, which it
    changes); ``by_channel`` adds each colour channel's edges there (a card on cards of its colour,
    as in ``find_card_quads``).
    """
    colour_u8 = _colour(region, grey.shape)
    colour = colour_u8.astype(np.float32)
    border = _cloth_border(colour)
    centre = np.median(border, axis=0)
    offsets = border - centre
    _, _, axes = np.linalg.svd(offsets - offsets.mean(axis=0), full_matrices=False)
    direction = axes[0]
    along = offsets @ direction
    across = np.linalg.norm(offsets - along[:, None] * direction, axis=1)
    low, high = np.percentile(along, [2, 98])
    pixels = colour.reshape(-1, 3) - centre
    a = pixels @ direction
    beyond = np.maximum(0.0, np.maximum(a - high, low - a))
    off_line = np.linalg.norm(pixels - a[:, None] * direction, axis=1)
    distance = np.sqrt(off_line ** 2 + beyond ** 2).reshape(grey.shape)
    level = max(TABLE_FLOOR, TABLE_SPREAD * float(np.percentile(across, 90)))
    mask = cv2.medianBlur((distance > level).astype(np.uint8) * 255, 5)
    mask = cv2.morphologyEx(mask, cv2.MORPH_CLOSE, np.ones((5, 5), np.uint8))
    mask = cv2.morphologyEx(mask, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    if by_channel:
        for channel in cv2.split(colour_u8):
            fine |= cv2.Canny(cv2.GaussianBlur(channel, (5, 5), 0), CANNY_LOW, CANNY_HIGH)
    fine[cv2.erode(mask, np.ones((7, 7), np.uint8)) == 0] = 0
    return np.maximum(fine, cv2.morphologyEx(mask, cv2.MORPH_GRADIENT, np.ones((3, 3), np.uint8)))


def _cloth_border(colour: np.ndarray) -> np.ndarray:
    """The pixels of the searched region's border strip (``TABLE_STRIP``) taken as cloth, (N, 3).

    A glare across a corner of the region put into the cloth's colours stretches them towards
    white, and the dark face of a card beside it then passes for cloth (simulated game 36: a ghost
    pile unread for 0.9 s while a lamp's glare lay over its zone's corner). The strip is cut into
    pieces; the few whose median colour lies far from the others', brighter, are left out.
    """
    strip = TABLE_STRIP
    sides = [colour[:strip], colour[-strip:], colour[:, :strip].transpose(1, 0, 2),
             colour[:, -strip:].transpose(1, 0, 2)]
    pieces = [part.reshape(-1, 3) for side in sides for part in np.array_split(side, TABLE_PIECES, axis=1)]
    medians = np.array([np.median(piece, axis=0) for piece in pieces])
    typical = np.median(medians, axis=0)
    far = np.linalg.norm(medians - typical, axis=1)
    limit = max(TABLE_PIECE_FAR * float(np.median(far)), TABLE_PIECE_FLOOR)
    # Only brighter pieces: a shadow or the light falling off across the cloth darkens it, and
    # that is still the cloth.
    brighter = medians.mean(axis=1) > typical.mean()
    dropped = {int(i) for i in np.argsort(-far)[:int(TABLE_PIECE_MOST * len(pieces))]
               if far[i] > limit and brighter[i]}
    return np.concatenate([piece for i, piece in enumerate(pieces) if i not in dropped])


def _grey_edges(grey: np.ndarray) -> np.ndarray:
    return cv2.Canny(cv2.GaussianBlur(grey, (5, 5), 0), CANNY_LOW, CANNY_HIGH)


def _many_edges(edges: np.ndarray) -> bool:
    """Whether an edge map is a busy table cloth's (a fine check, a print)."""
    return float(np.count_nonzero(edges)) > BUSY_EDGES * edges.size


def busy_cloth(image: np.ndarray) -> bool:
    """Whether ``find_card_quads`` searching the whole of ``image`` tells its cloth by its colours."""
    return _many_edges(_grey_edges(_grey(image)))


def two_tone(cloth: np.ndarray) -> bool:
    """Whether bare table cloth (BGR pixels, any shape) is of two colours far apart: tiles, a large
    check. Its squares have few edges, so ``busy_cloth`` does not call it busy; yet a block of two by
    three squares is card-shaped and wholly outlined, and around a card lying on it such a block
    outlines the card's place better than the card does. A pile on it is searched telling the cloth
    by its colours too (``find_card_quads(busy=True)``, ``Pipeline._find_quads``).

    The colours are split in two along their main axis where the split explains most of their
    variance (Otsu's threshold): one colour and its noise, or light falling off, splits poorly."""
    colours = np.asarray(cloth, np.float32).reshape(-1, 3)
    if len(colours) < 2:
        return False
    offsets = colours - colours.mean(axis=0)
    _, _, axes = np.linalg.svd(offsets[::max(1, len(offsets) // 4096)], full_matrices=False)
    along = offsets @ axes[0]
    counts, bounds = np.histogram(along, 64)
    middles = (bounds[:-1] + bounds[1:]) / 2
    p = counts / max(counts.sum(), 1)
    below = np.cumsum(p)
    above = 1.0 - below
    below_sum = np.cumsum(p * middles)
    mean = below_sum[-1]
    split = np.zeros_like(p)
    both = (below > 1e-9) & (above > 1e-9)
    split[both] = (mean * below[both] - below_sum[both]) ** 2 / (below[both] * above[both])
    k = int(np.argmax(split))
    variance = float((p * (middles - mean) ** 2).sum())
    if variance <= 0 or not both[k]:
        return False
    apart = abs((mean - below_sum[k]) / above[k] - below_sum[k] / below[k])
    return bool(split[k] / variance >= TWO_TONE_SPLIT and apart >= TWO_TONE_APART
                and min(below[k], above[k]) >= TWO_TONE_SHARE)


def _colour(image: np.ndarray, shape: tuple[int, int]) -> np.ndarray:
    """``image`` in colour (three channels) at ``shape`` (the searched grey copy's size)."""
    if image.ndim == 2:
        image = cv2.cvtColor(image, cv2.COLOR_GRAY2BGR)
    if image.shape[:2] != tuple(shape):
        image = cv2.resize(image, (shape[1], shape[0]), interpolation=cv2.INTER_AREA)
    return image


def _card_quad(contour, min_area: float, max_area: float, *, hole: bool) -> np.ndarray | None:
    """The card-shaped quad a contour outlines, or None.

    A hole (the inside of a closed edge line) may be dented where the face's pictures touch the
    card's edge: its convex hull is what is fitted. An outer contour must fill its quad by itself.
    """
    area = abs(cv2.contourArea(contour))
    if area < 0.5 * min_area or area > max_area:  # the quad is checked below; this only saves time
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
    if not _card_shaped(quad.reshape(1, 4, 2))[0]:
        return None
    if hull_area / max(quad_area(quad), 1.0) < 0.9:
        return None
    if hole:  # the hole lies inside the (dilated) edge line: move out to the line's middle
        centre = quad.mean(axis=0)
        out = quad - centre
        out /= np.maximum(np.linalg.norm(out, axis=1, keepdims=True), 1e-6)
        quad = quad + out * EDGE_INSET
    if not min_area <= quad_area(quad) <= max_area:
        return None
    return quad


def _same_place(a: np.ndarray, b: np.ndarray) -> bool:
    """Two quads of one card: their centres nearly meet, or they mostly overlap."""
    short = min(float(np.linalg.norm(a[1] - a[0])), float(np.linalg.norm(a[2] - a[1])))
    if float(np.linalg.norm(a.mean(axis=0) - b.mean(axis=0))) < PLACE_RADIUS * short:
        return True
    return overlap(a, b) > 0.6


def overlap(a: np.ndarray, b: np.ndarray) -> float:
    """Intersection over the smaller area of two convex quads."""
    inter, _ = cv2.intersectConvexConvex(a.reshape(-1, 1, 2), b.reshape(-1, 1, 2))
    smaller = min(quad_area(a), quad_area(b))
    return float(inter) / smaller if smaller > 0 else 0.0


def _short_side(quad: np.ndarray) -> float:
    d = quad[NEXT] - quad
    sides = np.hypot(d[:, 0], d[:, 1])
    return float(min(sides[0] + sides[2], sides[1] + sides[3]) / 2)


def _supports(quads: np.ndarray, near_edge: np.ndarray) -> np.ndarray:
    """For each quad (N, 4, 2): the fraction of its outline that lies on an edge of the image.

    The ends of each side are left out (a card's rounded corners are not on its sides), but only
    just: a quad that runs on past a card's corner must lose support there.
    """
    if len(quads) == 0:
        return np.zeros(0, np.float32)
    k = np.linspace(SUPPORT_TRIM, 1 - SUPPORT_TRIM, SUPPORT_SAMPLES, dtype=np.float32)[None, None, :, None]
    start = quads[:, :, None, :]
    end = quads[:, NEXT][:, :, None, :]
    points = np.round(start + k * (end - start)).astype(np.int32).reshape(len(quads), -1, 2)
    h, w = near_edge.shape
    inside = ((points[..., 0] >= 0) & (points[..., 0] < w) & (points[..., 1] >= 0) & (points[..., 1] < h))
    xs = np.clip(points[..., 0], 0, w - 1)
    ys = np.clip(points[..., 1], 0, h - 1)
    on_edge = near_edge[ys, xs] & inside
    return on_edge.mean(axis=1)


def _lines(edges: np.ndarray, min_side: float) -> tuple[np.ndarray, np.ndarray]:
    """Straight edge lines as (normal angle in [0, pi), rho), longest first, pieces of one line merged."""
    segments = cv2.HoughLinesP(edges, 1, np.pi / 180, threshold=max(10, int(0.4 * min_side)),
                               minLineLength=max(8.0, 0.5 * min_side), maxLineGap=4)
    if segments is None:
        return np.zeros(0), np.zeros(0)
    seg = segments.reshape(-1, 4).astype(np.float64)
    order = np.argsort(-np.hypot(seg[:, 2] - seg[:, 0], seg[:, 3] - seg[:, 1]))[:MAX_SEGMENTS]
    seg = seg[order]
    all_angles = np.arctan2(seg[:, 2] - seg[:, 0], -(seg[:, 3] - seg[:, 1])) % np.pi  # normals' angles
    all_rhos = np.cos(all_angles) * seg[:, 0] + np.sin(all_angles) * seg[:, 1]
    # Pieces of one line: normal angles within 3 degrees and offsets within 3 px. Lines are binned
    # by (angle, rho) and a piece is dropped when a kept line lies in its bin or a neighbouring one;
    # angles just under pi are taken as just under 0 (with rho negated) so the bins do not wrap.
    wrap = all_angles > np.pi - np.radians(1.5)
    all_angles = np.where(wrap, all_angles - np.pi, all_angles)
    all_rhos = np.where(wrap, -all_rhos, all_rhos)
    angle_bins = np.floor(all_angles / np.radians(3)).astype(int).tolist()
    rho_bins = np.floor(all_rhos / 3.0).astype(int).tolist()
    taken: set[tuple[int, int]] = set()
    keep = []
    for k, (a, r) in enumerate(zip(angle_bins, rho_bins, strict=True)):
        if any((a + da, r + dr) in taken for da in (-1, 0, 1) for dr in (-1, 0, 1)):
            continue
        taken.add((a, r))
        keep.append(k)
        if len(keep) >= MAX_LINES:
            break
    angles = all_angles[keep] % np.pi
    rhos = np.where(all_angles[keep] < 0, -all_rhos[keep], all_rhos[keep])
    return angles, rhos


def _line_quads(edges: np.ndarray, near_edge: np.ndarray, min_side: float,
                max_side: float) -> list[tuple[np.ndarray, float]]:
    """Quads whose sides lie on straight edges (two near-parallel pairs of lines, near-perpendicular),
    with their outline support.

    This finds the top card of a pile when its face's pictures touch its outline and break the hole
    inside it; the support then tells the top card from quads that borrow a side of a lower card.
    """
    angles, rhos = _lines(edges, min_side)
    n = len(angles)
    if n < 4:
        return []
    gap = np.abs(angles[:, None] - angles[None, :]) % np.pi
    gap = np.minimum(gap, np.pi - gap)
    same_way = np.abs(angles[:, None] - angles[None, :]) < np.pi / 2
    aligned = np.where(same_way, rhos[None, :], -rhos[None, :])  # rho of j with i's normal
    distance = np.abs(aligned - rhos[:, None])
    parallel = (gap < np.radians(10)) & (distance >= min_side) & (distance <= max_side)
    i_idx, j_idx = np.nonzero(np.triu(parallel, 1))
    if len(i_idx) < 2:
        return []
    pair_angle = angles[i_idx]
    pg = np.abs(pair_angle[:, None] - pair_angle[None, :]) % np.pi
    pg = np.minimum(pg, np.pi - pg)
    u, v = np.nonzero(np.triu(np.abs(pg - np.pi / 2) < np.radians(25), 1))
    if len(u) == 0:
        return []
    # Intersections of every two lines (Cramer's rule on the normal forms).
    cos, sin = np.cos(angles), np.sin(angles)
    det = cos[:, None] * sin[None, :] - sin[:, None] * cos[None, :]
    det = np.where(np.abs(det) < 1e-9, np.nan, det)
    xs = (rhos[:, None] * sin[None, :] - rhos[None, :] * sin[:, None]) / det
    ys = (cos[:, None] * rhos[None, :] - cos[None, :] * rhos[:, None]) / det
    p1, p2, q1, q2 = i_idx[u], j_idx[u], i_idx[v], j_idx[v]
    corners = np.stack([np.stack([xs[a, b], ys[a, b]], axis=-1)
                        for a, b in ((p1, q1), (p1, q2), (p2, q2), (p2, q1))], axis=1)  # (N, 4, 2)
    corners = corners[np.isfinite(corners).all(axis=(1, 2))].astype(np.float32)
    if len(corners) == 0:
        return []
    keep = _card_shaped(corners)
    corners = corners[keep]
    supports = _supports(corners, near_edge)
    good = supports >= MIN_SUPPORT
    return [(q, float(sup)) for q, sup in zip(corners[good], supports[good], strict=True)]


def _area(quad: np.ndarray) -> float:
    """A quad's area by the shoelace formula (cheaper than OpenCV's for one quad)."""
    x, y = quad[:, 0], quad[:, 1]
    return 0.5 * abs(float(x[0] * y[1] - x[1] * y[0] + x[1] * y[2] - x[2] * y[1]
                           + x[2] * y[3] - x[3] * y[2] + x[3] * y[0] - x[0] * y[3]))


def _shape_error(quad: np.ndarray) -> float:
    """How far a quad's aspect is from a card's (0 for 2:3); a face's inner frame, or a quad that
    takes in a strip of the card below, is further."""
    return abs(float(np.log(max(quad_aspect(quad), 1e-6) / CARD_ASPECT)))


def _side_gaps(inner: np.ndarray, outer: np.ndarray) -> np.ndarray:
    """For each side of ``inner``: how far its middle lies from the nearest side line of ``outer``."""
    middles = (inner + inner[NEXT]) / 2  # (4, 2)
    starts = outer
    d = outer[NEXT] - outer  # (4, 2)
    lengths = np.maximum(np.hypot(d[:, 0], d[:, 1]), 1e-6)
    rel = middles[:, None, :] - starts[None, :, :]  # (4 middles, 4 sides, 2)
    distance = np.abs(d[None, :, 0] * rel[..., 1] - d[None, :, 1] * rel[..., 0]) / lengths[None, :]
    return distance.min(axis=1)


def _better(quad: np.ndarray, support: float, other: np.ndarray, other_support: float,
            shapes: tuple[float, float] | None = None) -> bool:
    """Of two equally supported quads of one card, whether ``quad`` is the card rather than ``other``.

    Nested quads: a frame all round (every side apart) is a face's inner frame inside the card's
    outline, so the outer one is the card; nested quads that share sides are the top card and a quad
    that takes in a strip of the card below it, so the inner one is the card. Otherwise the more
    card-shaped one. The inner one of nested quads sharing sides must be supported as well as the
    outer one: a quad with one side on a face's inner frame and three on the card's edge is not.
    """
    quad_small = _area(quad) < _area(other)
    small, large = (quad, other) if quad_small else (other, quad)
    gaps = _side_gaps(small, large)
    if gaps.max() > FRAME_GAP:  # nested and not the same quad
        small_support, large_support = (support, other_support) if quad_small else (other_support, support)
        inner_is_card = gaps.min() <= FRAME_GAP and small_support >= large_support - SUPPORT_EXACT
        return quad_small == inner_is_card
    if shapes is None:
        shapes = (_shape_error(quad), _shape_error(other))
    return shapes[0] < shapes[1]


def _best_first(scored: list[tuple[np.ndarray, float]]) -> list[tuple[np.ndarray, float]]:
    """Best supported first (in steps of SUPPORT_TIE); then the most card-shaped."""
    if not scored:
        return []
    errors = np.abs(np.log(np.maximum(_aspects(np.array([q for q, _ in scored], np.float32)), 1e-6)
                           / CARD_ASPECT))
    keys = [(-round(sup / SUPPORT_TIE), float(err)) for (_, sup), err in zip(scored, errors, strict=True)]
    order = sorted(range(len(scored)), key=lambda k: keys[k])
    return [scored[k] for k in order]


def _to_refine(scored: list[tuple[np.ndarray, float]]) -> list[np.ndarray]:
    """The best REFINE_CANDIDATES quads of each place (card), for the best REFINE_PLACES places."""
    places: list[list[np.ndarray]] = []
    for quad, support in scored:
        if support < MIN_SUPPORT:
            break
        place = next((p for p in places if _same_place(quad, p[0])), None)
        if place is None:
            if len(places) < REFINE_PLACES:
                places.append([quad])
        elif len(place) < REFINE_CANDIDATES:
            place.append(quad)
    return [q for p in places for q in p]


def _refine(quads: list[np.ndarray], near_edge: np.ndarray) -> list[tuple[np.ndarray, float]]:
    """Variants of each quad with every side moved to the edge lines parallel to it nearby."""
    if not quads:
        return []
    shifts = np.arange(-REFINE_PX, REFINE_PX + 1, dtype=np.float32)
    k = np.linspace(SUPPORT_TRIM, 1 - SUPPORT_TRIM, SUPPORT_SAMPLES, dtype=np.float32)
    h, w = near_edge.shape
    variants = []
    for quad in quads:
        centre = quad.mean(axis=0)
        starts, directions = [], []  # per side: the start points of its candidate lines, its direction
        for i in range(4):
            a, b = quad[i], quad[(i + 1) % 4]
            direction = (b - a) / max(float(np.linalg.norm(b - a)), 1e-6)
            normal = np.array([-direction[1], direction[0]], np.float32)
            if float(np.dot((a + b) / 2 - centre, normal)) < 0:
                normal = -normal  # outward
            points = a + k[:, None] * (b - a)  # (S, 2)
            moved = np.round(points[None, :, :] + shifts[:, None, None] * normal).astype(np.int32)
            inside = (moved[..., 0] >= 0) & (moved[..., 0] < w) & (moved[..., 1] >= 0) & (moved[..., 1] < h)
            hits = near_edge[np.clip(moved[..., 1], 0, h - 1), np.clip(moved[..., 0], 0, w - 1)] & inside
            support = hits.mean(axis=1)
            # Peaks of support: the edge lines parallel to this side.
            peak = (support >= REFINE_SIDE_SUPPORT) & (support >= np.roll(support, 1)) \
                & (support >= np.roll(support, -1))
            order = np.argsort(-np.where(peak, support, -1.0))[:3]
            chosen = order[peak[order]] if peak.any() else np.array([REFINE_PX])
            starts.append(a[None, :] + shifts[chosen, None] * normal[None, :])
            directions.append(direction)
        # Every choice of one line per side; corner i is where side i-1 meets side i.
        grids = np.meshgrid(*[np.arange(len(st)) for st in starts], indexing="ij")
        choice = [g.ravel() for g in grids]
        corners = []
        for i in range(4):
            p, u = starts[i - 1][choice[i - 1]], directions[i - 1]
            q, v = starts[i][choice[i]], directions[i]
            det = u[0] * (-v[1]) - u[1] * (-v[0])
            if abs(det) < 1e-6:
                break
            d = q - p
            t = (d[:, 0] * (-v[1]) - d[:, 1] * (-v[0])) / det
            corners.append(p + t[:, None] * u[None, :])
        if len(corners) == 4:
            variants.append(np.stack(corners, axis=1))
    if not variants:
        return []
    corners = np.concatenate(variants).astype(np.float32)
    corners = corners[_card_shaped(corners)] if len(corners) else corners
    if len(corners) == 0:
        return []
    variants = list(corners)
    supports = _supports(np.array(variants, np.float32).reshape(-1, 4, 2), near_edge)
    best = np.argsort(-supports)[:REFINE_KEEP * len(quads)]
    return [(variants[i], float(supports[i])) for i in best]


def find_card_quads(image: np.ndarray, region=None, *, min_area: float | None = None,
                    max_area: float | None = None, margin: float = 0.0,
                    work_side: int | None = None, colour: bool = False,
                    busy: bool | None = None) -> list[np.ndarray]:
    """Every card outline in ``image`` (or in ``region``, a polygon in image pixels), largest first.

    With a ``region`` (a zone drawn around one pile), a card counts when its centre lies in the
    polygon and its short side is at least ZONE_MIN_SIDE of the region's side; ``margin`` (a
    fraction of the region's size) widens the search so that a card hanging over its edge is whole.

    Candidates come from closed outlines (holes and outer contours of the edge map) and, when those
    give no well-supported quad, from straight edge lines. A candidate counts when most of its
    outline lies on image edges (the top card's outline is whole; a lower card's is hidden in part).
    Overlapping candidates: the best supported wins, and of those about as well supported, the
    largest (a card's outline over its face's inner frame).

    ``min_area`` and ``max_area`` (px²) bound a card's size where it is known (the last card seen
    in a zone). ``work_side`` searches a copy shrunk so that its longer side is at most that many pixels (a
    zone in a 1280x720 frame then costs what it does at 640x480); quads are given at full size.

    ``colour`` searches the edges of each colour channel as well as grey's: a card laid on cards of
    its own colour may show no outline in grey (a yellow card's pale border on the yellow card below
    is about as bright), on a busy cloth too. More edges make more candidates, so it is the search
    for a card that grey did not find.

    ``busy`` True tells the cloth by its colours (``_busy_edges``) however few edges it has, False
    never; None, the default, does when the edges are many (a busy cloth).
    """
    x0, y0, x1, y1 = region_box(region, image.shape, margin)
    if x1 - x0 < 8 or y1 - y0 < 8:
        return []
    grey = _grey(image[y0:y1, x0:x1])
    scale = 1.0
    if work_side and max(grey.shape) > work_side:
        scale = work_side / max(grey.shape)
        grey = cv2.resize(grey, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    edges = _grey_edges(grey)
    if busy is None:
        busy = _many_edges(edges)
    if busy:
        # A busy table cloth (a fine check, a print): tell it by its colours (_busy_edges).
        edges = _busy_edges(grey, image[y0:y1, x0:x1], edges, by_channel=colour and image.ndim == 3)
    elif colour and image.ndim == 3:
        region_bgr = image[y0:y1, x0:x1]
        if scale != 1.0:
            region_bgr = cv2.resize(region_bgr, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
        for channel in cv2.split(region_bgr):
            edges |= cv2.Canny(cv2.GaussianBlur(channel, (5, 5), 0), CANNY_LOW, CANNY_HIGH)
    closed = cv2.dilate(edges, np.ones((3, 3), np.uint8))
    near_edge = closed > 0
    area_scale = scale * scale  # areas below are in the searched copy's pixels
    searched = float((x1 - x0) * (y1 - y0))
    if region is not None:
        searched = min(searched, max(polygon_area(region), 1.0))
    searched *= area_scale
    lower = min_area * area_scale if min_area is not None else max(MIN_AREA_PX, MIN_AREA_FRACTION * searched)
    min_side = float(np.sqrt(lower / CARD_ASPECT)) if min_area is None else 0.0
    if region is not None:  # a zone is drawn around one pile: its card is not small in it
        min_side = max(min_side, ZONE_MIN_SIDE * float(np.sqrt(searched)))
        lower = max(lower, min_side * min_side * CARD_ASPECT)
    upper = 0.98 * grey.shape[0] * grey.shape[1]
    if max_area is not None:
        upper = min(upper, max_area * area_scale)
    # Two levels: outer outlines of edge lines, and the holes inside them (a top card's face).
    contours, hierarchy = cv2.findContours(closed, cv2.RETR_CCOMP, cv2.CHAIN_APPROX_SIMPLE)
    holes, outers = [], []
    for contour, links in zip(contours, hierarchy[0] if hierarchy is not None else [], strict=False):
        hole = bool(links[3] >= 0)
        quad = _card_quad(contour, lower, upper, hole=hole)
        if quad is not None:
            (holes if hole else outers).append(quad)
    # An outer outline is a card only where no hole says better: around a pile it is the pile's
    # silhouette, larger than its top card.
    candidates = holes + [q for q in outers if not any(overlap(q, h) > 0.6 for h in holes)]
    if region is not None:  # part of a card's face (above its picture) is not a card
        candidates = [q for q in candidates if _short_side(q) >= min_side]
    supports = _supports(np.array(candidates, np.float32).reshape(-1, 4, 2), near_edge)
    scored = list(zip(candidates, supports.tolist(), strict=True))
    if not any(support >= GOOD_SUPPORT for _, support in scored):
        max_side = float(np.hypot(*grey.shape))
        scored += [(q, sup) for q, sup in _line_quads(edges, near_edge, min_side, max_side)
                   if lower <= _area(q) <= upper]
    # Best supported first; of equal support, larger first. Only the best few can matter.
    scored = _best_first(scored)
    # Each side of the best few slid along its normal onto the edges near it: a quad that borrowed
    # a lower card's side finds the top card's, a face's inner frame finds the card's own outline.
    refined = _refine(_to_refine(scored), near_edge)
    scored = _best_first(scored + [(q, sup) for q, sup in refined if lower <= _area(q) <= upper])
    scored = [(q, sup) for q, sup in scored if sup >= MIN_SUPPORT]
    if not scored:
        return []
    quads = np.array([q for q, _ in scored], np.float32) / scale + np.array([x0, y0], np.float32)
    supports = [sup for _, sup in scored]
    centres = quads.mean(axis=1)
    shape = np.abs(np.log(np.maximum(_aspects(quads), 1e-6) / CARD_ASPECT))
    sides = np.hypot(*(quads[:, NEXT] - quads).transpose(2, 0, 1))  # (N, 4)
    shorts = np.minimum(sides[:, 0], sides[:, 1])
    if region is not None:
        poly = np.asarray(region, dtype=np.float32).reshape(-1, 1, 2)
        inside = [cv2.pointPolygonTest(poly, (float(x), float(y)), False) >= 0 for x, y in centres]
    else:
        inside = [True] * len(quads)
    kept: list[int] = []  # candidate index per card, the best so far
    seen: list[int] = []  # candidates weighed per card
    for i in range(len(quads)):
        if not inside[i]:
            continue
        clash = None
        if kept:
            # One card: the centres nearly meet, or the quads mostly overlap.
            reach = PLACE_RADIUS * np.minimum(shorts[kept], shorts[i])
            near = np.hypot(*(centres[kept] - centres[i]).T) < reach
            clash = int(np.argmax(near)) if near.any() else None
            if clash is None:
                clash = next((k for k, j in enumerate(kept) if overlap(quads[i], quads[j]) > 0.6), None)
        if clash is None:
            kept.append(i)
            seen.append(1)
            continue
        seen[clash] += 1
        j = kept[clash]
        if seen[clash] <= CANDIDATES_PER_CARD and supports[i] >= supports[j] - SUPPORT_TIE \
                and _better(quads[i], supports[i], quads[j], supports[j], (shape[i], shape[j])):
            kept[clash] = i
    found = [order_quad(quads[i]) for i in kept]
    # Largest first; cards of about the same size (within 100 px²), topmost first.
    found.sort(key=lambda q: (-round(quad_area(q), -2), float(quad_centre(q)[1])))
    return found


def polygon_area(polygon) -> float:
    """The area of any polygon given as (N, 2) points."""
    return float(abs(cv2.contourArea(np.asarray(polygon, dtype=np.float32).reshape(-1, 2))))
