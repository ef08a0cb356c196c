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
    inner = q.mean(axis=0) + 0.7 * (q - q.mean(axis=0))
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
