"""What a camera does to cards on a table: the effects shared by the training data and the simulated table.

Geometry: ``card_quad`` (a card's corners for a centre, size, angle and camera tilt) and
``paste_card`` (a face into a frame by a quad, rounded corners anti-aliased), ``paste_pile``
(lower cards peeking out). Surroundings: ``table_texture``, ``drop_shadow``, ``draw_hand`` (an arm
reaching in). Photometry: ``lighting_gradient``, ``colour_cast`` (white balance and exposure),
``glare``, ``shadow_band``, ``motion_blur``, ``sensor_noise``, ``jpeg``; ``camera`` applies a seeded
random mix of them at a given strength. All take an ``np.random.Generator``; none keeps state.
"""

from __future__ import annotations

import cv2
import numpy as np

CARD_ASPECT = 1.5  # height / width of a Svintus card
SKIN_TONES = ((140, 170, 225), (110, 145, 200), (80, 110, 160), (60, 80, 120), (170, 195, 235))


# -- geometry -------------------------------------------------------------------------------------
def card_quad(centre, height: float, angle: float = 0.0, *, tilt: float = 0.0, tilt_dir: float = 0.0,
              aspect: float = CARD_ASPECT) -> np.ndarray:
    """Corners (TL, TR, BR, BL of the card's own face) of a card seen from above.

    ``angle`` turns the card (degrees, counter-clockwise on screen); ``tilt`` (0…0.5) foreshortens it
    along ``tilt_dir`` (degrees) the way a camera that does not look straight down does.
    """
    h = float(height)
    w = h / aspect
    corners = np.array([[-w / 2, -h / 2], [w / 2, -h / 2], [w / 2, h / 2], [-w / 2, h / 2]], np.float32)
    a = np.radians(angle)
    rot = np.array([[np.cos(a), np.sin(a)], [-np.sin(a), np.cos(a)]], np.float32)
    pts = corners @ rot.T
    if tilt:
        d = np.radians(tilt_dir)
        axis = np.array([np.cos(d), np.sin(d)], np.float32)
        along = pts @ axis
        # Far edge shrinks, near edge grows: a simple pinhole keystone.
        scale = 1.0 + tilt * along / max(h, 1.0)
        pts = pts * scale[:, None]
    return (pts + np.asarray(centre, np.float32)).astype(np.float32)


def _rounded_mask(w: int, h: int, radius: float) -> np.ndarray:
    mask = np.full((h, w), 255, np.uint8)
    r = int(radius * w)
    if r >= 2:
        mask[:] = 0
        cv2.rectangle(mask, (r, 0), (w - 1 - r, h - 1), 255, -1)
        cv2.rectangle(mask, (0, r), (w - 1, h - 1 - r), 255, -1)
        for cx, cy in ((r, r), (w - 1 - r, r), (r, h - 1 - r), (w - 1 - r, h - 1 - r)):
            cv2.circle(mask, (cx, cy), r, 255, -1, cv2.LINE_AA)
    return mask


def paste_card(canvas: np.ndarray, face: np.ndarray, quad, *, radius: float = 0.06) -> None:
    """Draw ``face`` into ``canvas`` (in place) so that its corners land on ``quad`` (TL, TR, BR, BL)."""
    h, w = face.shape[:2]
    src = np.array([[0, 0], [w - 1, 0], [w - 1, h - 1], [0, h - 1]], np.float32)
    quad = np.asarray(quad, np.float32).reshape(4, 2)
    x0, y0 = np.floor(quad.min(axis=0)).astype(int) - 1
    x1, y1 = np.ceil(quad.max(axis=0)).astype(int) + 2
    H, W = canvas.shape[:2]
    x0, y0, x1, y1 = max(0, x0), max(0, y0), min(W, x1), min(H, y1)
    if x1 <= x0 or y1 <= y0:
        return
    matrix = cv2.getPerspectiveTransform(src, quad - np.array([x0, y0], np.float32))
    size = (x1 - x0, y1 - y0)
    warped = cv2.warpPerspective(face, matrix, size, flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    alpha = cv2.warpPerspective(_rounded_mask(w, h, radius), matrix, size, flags=cv2.INTER_LINEAR)
    alpha = (alpha.astype(np.float32) / 255.0)[..., None]
    region = canvas[y0:y1, x0:x1]
    region[:] = (region * (1 - alpha) + warped * alpha).astype(np.uint8)


def paste_pile(canvas: np.ndarray, faces: list[np.ndarray], quad, rng: np.random.Generator, *,
               spread: float = 0.08) -> list[np.ndarray]:
    """Lower cards first, each a little off the top card's place, then the top card (``faces[-1]``).

    Returns the quads used, bottom first; the last is ``quad``.
    """
    quad = np.asarray(quad, np.float32)
    centre = quad.mean(axis=0)
    size = float(np.linalg.norm(quad[2] - quad[1]))
    quads = []
    for face in faces[:-1]:
        angle = np.radians(rng.normal(0, 12))
        rot = np.array([[np.cos(angle), -np.sin(angle)], [np.sin(angle), np.cos(angle)]], np.float32)
        shift = rng.normal(0, spread * size, 2).astype(np.float32)
        lower = (quad - centre) @ rot.T + centre + shift
        paste_card(canvas, face, lower)
        quads.append(lower)
    paste_card(canvas, faces[-1], quad)
    quads.append(quad)
    return quads


def card_photo(face: np.ndarray, rng: np.random.Generator, *, size: tuple[int, int] = (640, 480),
               card_height: float = 220.0, angle: float | None = None, strength: float = 0.6,
               under: list[np.ndarray] | None = None) -> tuple[np.ndarray, np.ndarray]:
    """A photo of one card (on a pile of ``under`` when given) on a table: (image, the card's quad)."""
    w, h = int(size[0]), int(size[1])
    frame = table_texture(rng, (w, h))
    centre = (w / 2 + rng.uniform(-0.15, 0.15) * w, h / 2 + rng.uniform(-0.15, 0.15) * h)
    angle = float(rng.uniform(0, 360)) if angle is None else angle
    quad = card_quad(centre, card_height, angle, tilt=float(rng.uniform(0, 0.2)),
                     tilt_dir=float(rng.uniform(0, 360)))
    drop_shadow(frame, quad, rng)
    paste_pile(frame, list(under or []) + [face], quad, rng)
    return camera(frame, rng, strength), quad


# -- surroundings ---------------------------------------------------------------------------------
def table_texture(rng: np.random.Generator, size: tuple[int, int]) -> np.ndarray:
    """A table top, ``size`` = (width, height): wood, cloth, plain paint, tiles or a patterned cloth."""
    w, h = int(size[0]), int(size[1])
    kind = rng.choice(["wood", "cloth", "plain", "tiles", "pattern"])
    base = rng.uniform(30, 230, 3).astype(np.float32)
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    if kind == "wood":
        base = np.array([rng.uniform(30, 90), rng.uniform(60, 130), rng.uniform(100, 190)], np.float32)
        angle = rng.uniform(0, np.pi)
        u = np.cos(angle) * xx + np.sin(angle) * yy
        v = -np.sin(angle) * xx + np.cos(angle) * yy
        grain = np.sin(u / rng.uniform(3, 9) + 4 * np.sin(v / rng.uniform(40, 120)))
        img = base * (1 + 0.15 * grain[..., None])
    elif kind == "tiles":
        step = int(rng.integers(30, 90))
        checker = ((xx // step + yy // step) % 2)[..., None]
        other = rng.uniform(30, 230, 3).astype(np.float32)
        img = base * (1 - checker) + other * checker
    elif kind == "pattern":
        period = rng.uniform(8, 30)
        other = rng.uniform(30, 230, 3).astype(np.float32)
        t = (0.5 + 0.5 * np.sin(xx * 2 * np.pi / period) * np.sin(yy * 2 * np.pi / period))[..., None]
        img = base * (1 - t) + other * t
    else:
        img = np.broadcast_to(base, (h, w, 3)).astype(np.float32)
    grain = rng.normal(0, 6 if kind == "cloth" else 2, (h, w, 1)).astype(np.float32)
    return np.ascontiguousarray(np.clip(img + grain, 0, 255), dtype=np.uint8)


def drop_shadow(canvas: np.ndarray, quad, rng: np.random.Generator, *, strength: float = 0.35) -> None:
    """Darken a soft, offset copy of the card's outline: the shadow a lifted card edge casts."""
    quad = np.asarray(quad, np.float32)
    size = float(np.linalg.norm(quad[2] - quad[1]))
    offset = rng.normal(0, 0.03 * size, 2).astype(np.float32)
    mask = np.zeros(canvas.shape[:2], np.float32)
    cv2.fillConvexPoly(mask, np.round(quad + offset).astype(np.int32), 1.0)
    blur = max(1.0, 0.03 * size)
    mask = cv2.GaussianBlur(mask, (0, 0), blur)
    canvas[:] = (canvas * (1 - strength * mask[..., None])).astype(np.uint8)


def draw_hand(canvas: np.ndarray, rng: np.random.Generator, target, scale: float) -> None:
    """An arm reaching from the nearest frame edge towards ``target``, ending in a hand."""
    h, w = canvas.shape[:2]
    tx, ty = float(target[0]), float(target[1])
    edge = int(rng.integers(4))
    start = [(rng.uniform(0, w), h + scale), (rng.uniform(0, w), -scale), (-scale, rng.uniform(0, h)),
             (w + scale, rng.uniform(0, h))][edge]
    skin = np.array(SKIN_TONES[int(rng.integers(len(SKIN_TONES)))], np.float32) * rng.uniform(0.8, 1.15)
    skin = tuple(int(c) for c in np.clip(skin, 0, 255))
    sleeve = tuple(int(c) for c in rng.integers(0, 256, 3))
    direction = np.array([tx - start[0], ty - start[1]])
    direction /= max(np.linalg.norm(direction), 1e-6)
    wrist = np.array([tx, ty]) - direction * 0.6 * scale
    arm_width = max(3, int(0.45 * scale))
    cv2.line(canvas, (int(start[0]), int(start[1])), (int(wrist[0]), int(wrist[1])), sleeve, arm_width + 4,
             cv2.LINE_AA)
    mid = np.array(start) + (wrist - np.array(start)) * 0.7
    cv2.line(canvas, (int(mid[0]), int(mid[1])), (int(wrist[0]), int(wrist[1])), skin, arm_width, cv2.LINE_AA)
    palm = wrist + direction * 0.3 * scale
    angle = float(np.degrees(np.arctan2(direction[1], direction[0])))
    cv2.ellipse(canvas, (int(palm[0]), int(palm[1])), (int(0.35 * scale), int(0.28 * scale)), angle, 0, 360,
                skin, -1, cv2.LINE_AA)
    normal = np.array([-direction[1], direction[0]])
    for i in range(4):
        base = palm + normal * (i - 1.5) * 0.14 * scale + direction * 0.25 * scale
        tip = base + direction * rng.uniform(0.25, 0.45) * scale
        cv2.line(canvas, (int(base[0]), int(base[1])), (int(tip[0]), int(tip[1])), skin,
                 max(2, int(0.11 * scale)), cv2.LINE_AA)


# -- photometry -----------------------------------------------------------------------------------
def lighting_gradient(img: np.ndarray, rng: np.random.Generator, strength: float = 0.4) -> np.ndarray:
    """Uneven light: brighter on one side, darker on the other."""
    h, w = img.shape[:2]
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    angle = rng.uniform(0, 2 * np.pi)
    t = (np.cos(angle) * (xx / w - 0.5) + np.sin(angle) * (yy / h - 0.5))
    gain = 1.0 + strength * rng.uniform(0.3, 1.0) * 2 * t
    return np.clip(img * gain[..., None], 0, 255).astype(np.uint8)


def colour_cast(img: np.ndarray, rng: np.random.Generator, strength: float = 0.3) -> np.ndarray:
    """A camera's white balance and exposure: per-channel gains, a gamma and a brightness change."""
    temperature = rng.uniform(-1, 1) * strength  # warm (tungsten) ↔ cool (daylight, screens)
    tint = rng.uniform(-1, 1) * strength * 0.5
    gains = np.array([1 - 0.6 * temperature, 1 + tint, 1 + 0.6 * temperature], np.float32)
    gains *= rng.uniform(1 - strength, 1 + strength * 0.6)
    gamma = float(np.exp(rng.uniform(-0.5, 0.5) * strength))
    out = np.power(np.clip(img.astype(np.float32) / 255.0 * gains, 0, 1), gamma)
    return (out * 255).astype(np.uint8)


def glare(img: np.ndarray, rng: np.random.Generator, strength: float = 0.6) -> np.ndarray:
    """A soft specular highlight, as from a lamp reflected in a glossy card."""
    h, w = img.shape[:2]
    mask = np.zeros((h, w), np.float32)
    centre = (int(rng.uniform(0, w)), int(rng.uniform(0, h)))
    axes = (max(2, int(rng.uniform(0.05, 0.3) * w)), max(2, int(rng.uniform(0.03, 0.15) * h)))
    cv2.ellipse(mask, centre, axes, float(rng.uniform(0, 180)), 0, 360, 1.0, -1)
    mask = cv2.GaussianBlur(mask, (0, 0), max(1.0, 0.3 * min(axes))) * strength * rng.uniform(0.4, 1.0)
    return np.clip(img + 255 * mask[..., None], 0, 255).astype(np.uint8)


def shadow_band(img: np.ndarray, rng: np.random.Generator, strength: float = 0.5) -> np.ndarray:
    """A soft shadow across part of the frame (a head, a lamp arm)."""
    h, w = img.shape[:2]
    pts = rng.uniform([-0.2 * w, -0.2 * h], [1.2 * w, 1.2 * h], (int(rng.integers(3, 6)), 2)).astype(np.int32)
    mask = np.zeros((h, w), np.float32)
    cv2.fillConvexPoly(mask, cv2.convexHull(pts), 1.0)
    mask = cv2.GaussianBlur(mask, (0, 0), max(1.0, 0.05 * min(h, w)))
    return (img * (1 - strength * rng.uniform(0.3, 1.0) * mask[..., None])).astype(np.uint8)


def motion_blur(img: np.ndarray, rng: np.random.Generator, length: float = 7.0) -> np.ndarray:
    size = max(3, int(rng.uniform(0.3, 1.0) * length) | 1)
    kernel = np.zeros((size, size), np.float32)
    kernel[size // 2, :] = 1.0 / size
    matrix = cv2.getRotationMatrix2D((size / 2 - 0.5, size / 2 - 0.5), float(rng.uniform(0, 180)), 1.0)
    kernel = cv2.warpAffine(kernel, matrix, (size, size))
    kernel /= max(float(kernel.sum()), 1e-6)
    return cv2.filter2D(img, -1, kernel)


def defocus(img: np.ndarray, rng: np.random.Generator, sigma: float = 1.5) -> np.ndarray:
    return cv2.GaussianBlur(img, (0, 0), max(0.3, rng.uniform(0.3, 1.0) * sigma))


def sensor_noise(img: np.ndarray, rng: np.random.Generator, sigma: float = 6.0) -> np.ndarray:
    noise = rng.normal(0, rng.uniform(0.3, 1.0) * sigma, img.shape).astype(np.float32)
    return np.clip(img + noise, 0, 255).astype(np.uint8)


def jpeg(img: np.ndarray, quality: int) -> np.ndarray:
    ok, data = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, int(quality)])
    return cv2.imdecode(data, cv2.IMREAD_COLOR) if ok else img


def camera(img: np.ndarray, rng: np.random.Generator, strength: float = 1.0) -> np.ndarray:
    """A random, seeded mix of what a webcam or phone does to a frame; ``strength`` 0 = nothing."""
    if strength <= 0:
        return img
    if rng.random() < 0.7:
        img = lighting_gradient(img, rng, 0.35 * strength)
    if rng.random() < 0.3:
        img = shadow_band(img, rng, 0.5 * strength)
    if rng.random() < 0.3:
        img = glare(img, rng, 0.7 * strength)
    img = colour_cast(img, rng, 0.35 * strength)
    roll = rng.random()
    if roll < 0.25:
        img = motion_blur(img, rng, 2 + 8 * strength)
    elif roll < 0.5:
        img = defocus(img, rng, 0.5 + 1.5 * strength)
    if rng.random() < 0.7:
        img = sensor_noise(img, rng, 8 * strength)
    if rng.random() < 0.7:
        img = jpeg(img, int(rng.uniform(95 - 60 * strength, 95)))
    return img
