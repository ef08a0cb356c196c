"""Frames in, table events out: zones -> card quads -> one batched classification -> the watcher.

    from companion.vision.classify import Classifier
    from companion.vision.pipeline import Pipeline
    from companion.vision.sources import open_source

    source = open_source("sim", seed=3)          # or "0" (a webcam), "game.mp4", "photos/"
    pipeline = Pipeline(source.table.zones, Classifier(edition="adventure"))
    for frame in source:
        for event in pipeline.process(frame):    # JSON-ready dicts (companion.vision.watch)
            print(event)
        pipeline.readings                        # {zone: {"card", "confidence"}} of this frame
        pipeline.state()                         # {zone: {"card", "confidence"}}: the stable tops

Per frame and zone: a zone whose picture moved since the last frame (a hand passing, the camera
shaken) is not read. Otherwise the top card's quad is found (``detect.find_card_quads``) and
warped; a crop that is much blurrier than the zone's last good crops, or washed out by glare, is
not read. All the crops of a frame go to the classifier in one call. A zone that shows the same
card in the same place as in the last frame, in an unchanged picture, reuses that frame's reading
(``reuse=False`` classifies every zone in every frame). A camera's ``lost``/``ok`` frames become
``camera`` events; during a loss the stable state is kept as it was.

The zones are checked against the first frame's size (``ZonesError`` when one lies outside it); a
zones file drawn on a frame of another size is scaled to it.
"""

from __future__ import annotations

from collections import deque

import cv2
import numpy as np

from companion.vision.detect import find_card_quads, pose_change, warp_card
from companion.vision.watch import UNREADABLE, Observation, Watcher
from companion.vision.zones import Zones

DEFAULT_CROP = (64, 96)
SEARCH_MARGIN = 0.3  # search this much (of the zone's size) around a zone for cards hanging over
THUMB = 16  # side of the thumbnail a zone's motion is measured on
MOTION_LEVEL = 3.0  # mean grey-level change of the thumbnail between two frames that counts as motion
REUSE_LEVEL = 1.5  # below this change, a still card keeps the last frame's reading
BLUR_RATIO = 0.4  # a crop this much less sharp than the zone's sharpest recent crop is blurred
SHARPNESS_FRAMES = 15
GLARE_LEVEL = 250  # a pixel this bright in all channels is washed out
GLARE_FRACTION = 0.12  # this much of a crop washed out: glare


class Pipeline:
    def __init__(self, zones: Zones, classifier, *, watcher: Watcher | None = None,
                 crop_size: tuple[int, int] | None = None, reuse: bool = True):
        self.zones = zones
        self.classifier = classifier
        self.names = zones.piles()
        self.watcher = watcher or Watcher(self.names)
        if crop_size is None:
            crop_size = (getattr(classifier, "width", DEFAULT_CROP[0]),
                         getattr(classifier, "height", DEFAULT_CROP[1]))
        self.crop_size = crop_size
        self.reuse = reuse
        self.readings: dict[str, dict] = {}
        self.frame_size: tuple[int, int] | None = None
        self._polygons: dict[str, np.ndarray] = {}
        self._thumbs: dict[str, np.ndarray] = {}
        self._last: dict[str, tuple] = {}  # zone -> (quad, reading) of the last classified crop
        self._sharpness: dict[str, deque] = {}
        self.camera_ok = True

    def state(self) -> dict:
        return self.watcher.state()

    def _setup(self, size: tuple[int, int]) -> None:
        zones = self.zones.scaled(size) if self.zones.frame else self.zones
        zones.check_frame(size)
        self._polygons = {name: zones[name] for name in self.names}
        self.frame_size = size
        self._thumbs.clear()
        self._last.clear()

    def process(self, frame) -> list[dict]:
        """The events this frame makes (``frame`` has ``t``, ``image`` and optionally ``camera``)."""
        events: list[dict] = []
        status = getattr(frame, "camera", None)
        if status == "lost" and self.camera_ok:
            self.camera_ok = False
            events.append({"t": round(float(frame.t), 3), "zone": None, "type": "camera", "status": "lost"})
        image = frame.image
        if image is None or not isinstance(image, np.ndarray) or image.ndim not in (2, 3) or image.size == 0:
            return events
        if not self.camera_ok:
            self.camera_ok = True
            events.append({"t": round(float(frame.t), 3), "zone": None, "type": "camera", "status": "ok"})
        if image.ndim == 2:
            image = cv2.cvtColor(image, cv2.COLOR_GRAY2BGR)
        size = (image.shape[1], image.shape[0])
        if size != self.frame_size:
            self._setup(size)
        observations = self.observe(image)
        events.extend(self.watcher.update(float(frame.t), observations))
        return events

    def observe(self, image: np.ndarray) -> dict[str, Observation]:
        """What each zone shows in this frame (classification included)."""
        observations: dict[str, Observation] = {}
        to_classify: list[tuple[str, np.ndarray, np.ndarray]] = []
        for name in self.names:
            poly = self._polygons[name]
            moved, change = self._motion(name, image, poly)
            if moved:
                observations[name] = UNREADABLE
                self._sharpness.pop(name, None)  # what was sharp before the motion says nothing now
                continue
            quads = find_card_quads(image, poly, margin=SEARCH_MARGIN)
            if not quads:
                observations[name] = Observation(True, None, 0.0, None)
                continue
            quad = quads[0]
            last = self._last.get(name)
            if self.reuse and last is not None and change < REUSE_LEVEL:
                shift, turn = pose_change(last[0], quad)
                if shift < 1.5 and turn < 1.5:
                    reading = last[1]
                    observations[name] = Observation(True, reading.code, reading.confidence, quad)
                    continue
            crop = warp_card(image, quad, self.crop_size)
            if not self._clear(name, crop):
                observations[name] = UNREADABLE
                continue
            to_classify.append((name, quad, crop))
        if to_classify:
            readings = self.classifier.classify([crop for _, _, crop in to_classify])
            for (name, quad, _), reading in zip(to_classify, readings, strict=True):
                observations[name] = Observation(True, reading.code, float(reading.confidence), quad)
                self._last[name] = (quad, reading)
        self.readings = {name: {"card": obs.code if obs.readable else None,
                                "confidence": round(float(obs.confidence), 4) if obs.readable else 0.0}
                         for name, obs in observations.items()}
        return observations

    def _motion(self, name: str, image: np.ndarray, poly: np.ndarray) -> tuple[bool, float]:
        """Whether the zone's picture changed since the last frame, and by how much (grey levels)."""
        x0, y0 = np.maximum(np.floor(poly.min(axis=0)).astype(int), 0)
        x1, y1 = np.ceil(poly.max(axis=0)).astype(int) + 1
        roi = image[y0:y1, x0:x1]
        thumb = cv2.resize(cv2.cvtColor(roi, cv2.COLOR_BGR2GRAY), (THUMB, THUMB),
                           interpolation=cv2.INTER_AREA).astype(np.float32)
        previous = self._thumbs.get(name)
        self._thumbs[name] = thumb
        if previous is None:
            return True, 255.0
        change = float(np.abs(thumb - previous).mean())
        return change > MOTION_LEVEL, change

    def _clear(self, name: str, crop: np.ndarray) -> bool:
        """False for a blurred or glared crop (blur: compared with the zone's crops since it was still)."""
        grey = cv2.cvtColor(crop, cv2.COLOR_BGR2GRAY)
        sharpness = float(cv2.Laplacian(grey, cv2.CV_32F).var())
        history = self._sharpness.setdefault(name, deque(maxlen=SHARPNESS_FRAMES))
        history.append(sharpness)
        if sharpness < BLUR_RATIO * max(history):
            return False
        washed = float((crop.min(axis=2) >= GLARE_LEVEL).mean())
        return washed < GLARE_FRACTION
