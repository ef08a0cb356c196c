"""Where an arm comes in: the place on the frame's border a player's arm crosses to reach a pile.

The camera cannot see hands, but it sees arms: every play, draw or defeat is an arm that comes from
its player's side of the table. ``ReachWatcher`` follows a thin band along the frame's border
against a slowly updated picture of the empty border; an arm shows as a run of changed border
pixels. ``reach(t)`` says where (a position along the border, 0…1 clockwise from the top-left
corner) the arm behind an event confirmed at ``t`` came in, or None. Which seat sits where is not
known here: the tracker learns it from the moves whose seat the rules leave no doubt about.
"""

from __future__ import annotations

from collections import deque

import numpy as np

BAND = 6  # pixels of the border watched
CHANGE = 25.0  # grey levels (largest channel) that count as "something is there"
MIN_RUN = 0.012  # an arm is at least this much of the border
LEARN = 0.05  # how fast the empty border follows the light
LEARN_BUSY = 0.01  # and where something is: a thing left lying there becomes the border in a few seconds
WINDOW_S = 1.2  # an event's arm is the one seen during this long before the event
SAME_PLACE = 0.04  # two sightings this close (of the border's length) are the same arm
HISTORY_S = 10.0


def border(image: np.ndarray, band: int = BAND) -> np.ndarray:
    """The border band unrolled clockwise from the top-left corner: (perimeter, 3) float32."""
    top = image[:band].mean(axis=0)
    right = image[:, -band:].mean(axis=1)
    bottom = image[-band:].mean(axis=0)[::-1]
    left = image[:, :band].mean(axis=1)[::-1]
    return np.concatenate([top, right, bottom, left]).astype(np.float32)


def _runs(mask: np.ndarray) -> list[tuple[int, int]]:
    """(start, length) of the runs of True in a circular mask."""
    n = len(mask)
    if mask.all():
        return [(0, n)]
    if not mask.any():
        return []
    shift = int(np.argmin(mask))  # start the scan on a False, so no run wraps around
    rolled = np.roll(mask, -shift)
    edges = np.diff(np.concatenate([[0], rolled.astype(np.int8), [0]]))
    starts, ends = np.flatnonzero(edges == 1), np.flatnonzero(edges == -1)
    return [((int(s) + shift) % n, int(e - s)) for s, e in zip(starts, ends, strict=True)]


def circular_gap(a: float, b: float) -> float:
    d = abs(a - b) % 1.0
    return min(d, 1.0 - d)


class ReachWatcher:
    def __init__(self, change: float = CHANGE):
        self.change = change
        self.background: np.ndarray | None = None
        self.sightings: deque[tuple[float, list[float]]] = deque()  # (t, positions of the arms seen)

    def update(self, t: float, image: np.ndarray | None) -> list[float]:
        """Look at one frame; returns where arms cross the border in it."""
        if image is None or image.ndim != 3 or min(image.shape[:2]) <= 2 * BAND:
            return []
        ring = border(image)
        if self.background is None or self.background.shape != ring.shape:
            self.background = ring
            return []
        changed = np.abs(ring - self.background).max(axis=1) > self.change
        rate = np.where(changed, LEARN_BUSY, LEARN)[:, None]
        self.background += rate * (ring - self.background)
        n = len(ring)
        positions = [
            ((start + length / 2) % n) / n for start, length in _runs(changed) if length >= MIN_RUN * n
        ]
        while self.sightings and self.sightings[0][0] < t - HISTORY_S:
            self.sightings.popleft()
        self.sightings.append((t, positions))
        return positions

    def reach(self, t: float) -> float | None:
        """Where the arm behind an event confirmed at ``t`` came in, or None.

        That arm is still on its way back when the event is confirmed: of the arms seen in the last
        part of the window, the one that appeared last (something seen at the border for the whole
        window counts only when nothing else is there).
        """
        recent = [(when, ps) for when, ps in self.sightings if t - 2 * WINDOW_S <= when <= t]
        latest = [p for when, ps in recent if when >= t - WINDOW_S / 2 for p in ps]
        best, best_onset = None, None
        for p in latest:
            onset, present, misses = None, 0, 0
            for when, ps in reversed(recent):
                if any(circular_gap(p, q) <= SAME_PLACE for q in ps):
                    onset, present, misses = when, present + 1, 0
                else:
                    misses += 1
                    if misses >= 2:
                        break
            else:
                onset = float("-inf")  # there all along: a reach only if nothing else came
            if onset is None or (onset < t - WINDOW_S and onset != float("-inf")):
                continue  # an arm that came before this event's: the previous move's, on its way back
            if present >= 2 and (best_onset is None or onset > best_onset):
                best, best_onset = p, onset
        if best is None:
            return None
        group = [
            q for when, ps in recent if when >= best_onset for q in ps if circular_gap(best, q) <= SAME_PLACE
        ]
        angles = np.array(group) * 2 * np.pi
        mean = np.arctan2(np.sin(angles).mean(), np.cos(angles).mean()) / (2 * np.pi)
        return round(float(mean % 1.0), 4)
