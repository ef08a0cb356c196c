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
shaken) is not read. Otherwise the top card's quad is found (``detect.find_card_quads``; on a
cloth of two colours far apart, tiles, told by the cloth's colours: ``detect.two_tone``) and
warped; a crop that is much blurrier than the zone's last good crops, or washed out by glare, is
not read. All the crops of a frame go to the classifier in one call, each weighed by what its zone
can show (``zone_weights``: villains on a villain pile, its own the likelier; no villain on the
discard pile). The deck zone's card is its face-down top even when the model names nothing there
(a back design it never saw). A zone that
shows the same picture that has not changed since it was last read reuses that reading, unless it
named no card (``reuse=False`` detects and classifies every still zone in every frame); where the
reading's place is compared with the place before a hand came (``_same_place``), it is compared
again in every frame. A camera's
``lost``/``ok`` frames become ``camera`` events; during a loss the stable state is kept as it was.

The zones are checked against the first frame's size (``ZonesError`` when one lies outside it); a
zones file drawn on a frame of another size is scaled to it.
"""

from __future__ import annotations

import itertools
from collections import deque
from dataclasses import replace

import cv2
import numpy as np

from companion import cards
from companion.vision.classify import NONE
from companion.vision.detect import (
    find_card_quads,
    polygon_area,
    quad_area,
    same_outline,
    two_tone,
    warp_card,
)
from companion.vision.watch import BLURRED, MOVING, UNREADABLE, Observation, Watcher
from companion.vision.zones import Zones

DEFAULT_CROP = (64, 96)
SEARCH_MARGIN = 0.15  # search this much (of the zone's size) around a zone for cards hanging over
WORK_SIDE = 240  # zones are searched at most this big (a 640x480 frame's zone with its margin)
CARD_SHARE = 0.28  # a card's area over its zone's, before a card was seen there (a zone 1.55 cards high)
SAME_SIZE = 1.4  # a card in a zone has the area of the last stable ones there, within this factor
AREAS_KEPT = 5  # stable outlines whose median area is a zone's card size
FACES_KEPT = 12
FACE_MATCH = 0.6  # correlation of two upright crops of one card (identical cards: about 0.9)
SHIFTED_FACE_COST = 0.15  # taken off a match found a cell off (``_similarity``)
THUMB = 16  # side of the thumbnail a zone's motion is measured on
MOTION_LEVEL = 3.0  # mean grey-level change of the thumbnail between two frames that counts as motion
MOTION_LOCAL = 20.0  # ... or this change in one cell of it (an arm's edge moving across a corner)
REUSE_LEVEL = 1.5  # below this change since the zone was last read, that reading still holds
BLUR_RATIO = 0.4  # a crop this much less sharp than the zone's sharpest recent crop is blurred
SHARPNESS_FRAMES = 15
EMPTY_EDGES = 0.04  # more edge pixels than this in a zone's middle: it is not empty
CLOTH_COLOURS = 0.9  # this share of a zone's middle in the cloth's colours: it looks like the cloth
PALETTE_SHARE = 0.01  # a histogram bin holding this share of the bare cloth's pixels is one of its colours
CLOTH_EDGES = 1.5  # ... and its edge share is within this factor of the cloth's
CLOTH_PATCHES = 6  # patches of bare table compared, the nearest to the zone
GLARE_LEVEL = 250  # a pixel this bright in all channels is washed out
GLARE_RISE = 0.08  # this much more of a crop washed out than lately: glare
PLACE_GROW = 1.25  # a card's outline grown by this much: the card and the edges around it
PLACE_SIZE = (24, 36)
PLACE_EDGES_SIGMA = 2.0  # the place's shading, blurred at this scale (patch pixels), is set aside
PLACES_KEPT = 6
NO_CARD = 0.95  # an outline read as "no card" this surely is none
# A villain pile shows its own villains (R-ADV-SETUP); another pile's lies there only once a shaker
# moved it (R-SHAKE), so a reading of one there weighs this much against the pile's own (an alien half
# seen between frames, read as a super pirate on the aliens pile). No other card lies on a villain
# pile, and no villain on the discard pile (``Pipeline.zone_weights``).
FOREIGN_VILLAIN = 0.1
ALTERNATIVES = 2  # outlines read besides the one of the expected size, in case that one is no card
CLOTH_EVERY = 30  # frames between two looks at whether the bare cloth is two-tone
CLOTH_LOOKS = 5  # the latest looks that vote on it (an arm across the cloth spoils one)


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
        self.last_observations: dict[str, Observation] = {}
        self.frame_size: tuple[int, int] | None = None
        self._polygons: dict[str, np.ndarray] = {}
        # zone -> (x0, y0, x1, y1) of its middle, and the top-left corners of the patches of bare
        # cloth nearest to it (``_busy``), for the frame size set up
        self._middles: dict[str, tuple[tuple[int, int, int, int], list[tuple[int, int]]]] = {}
        self._thumbs: dict[str, np.ndarray] = {}
        # zone -> (thumbnail, observation) of the last time it was read
        self._last: dict[str, tuple] = {}
        self._sharpness: dict[str, deque] = {}
        self._faces: dict[str, deque] = {}  # zone -> (code, quad, face, named) of its latest crops
        # zone -> (quad, _Place) of its latest readings of the stable card lying as confirmed (the
        # watcher, having seen the reading, found the zone settled); the newest reading's, till then
        self._places: dict[str, deque] = {}
        self._read_places: dict[str, tuple] = {}
        self._areas: dict[str, deque] = {}  # zone -> areas of its latest stable cards
        self._zone_bases: dict[str, np.ndarray] = {}  # zone -> ``zone_weights`` before its stable top
        self._cloth_looks: deque = deque(maxlen=CLOTH_LOOKS)  # ``two_tone`` of the bare cloth, newest last
        self._cloth_frames = 0
        self.two_tone = False  # the cloth is of two colours far apart (tiles): searched by its colours
        self.camera_ok = True

    def state(self) -> dict:
        """The stable reading per zone (``Watcher.state``)."""
        return self.watcher.state()

    def _setup(self, size: tuple[int, int]) -> None:
        zones = self.zones.scaled(size) if self.zones.frame else self.zones
        zones.check_frame(size)
        self._polygons = {name: zones[name] for name in self.names}
        self._middles = {name: self._middle(poly, size) for name, poly in self._polygons.items()}
        self.frame_size = size
        self._thumbs.clear()
        self._last.clear()
        self._areas.clear()
        self._places.clear()  # outlines in the old frame's pixels
        self._read_places.clear()
        self._faces.clear()
        self._cloth_looks.clear()
        self._cloth_frames = 0

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
        self.last_observations = observations
        changes = self.watcher.update(float(frame.t), observations)
        for name in [name for name in self._read_places if self.watcher.settled(name)]:
            self._places.setdefault(name, deque(maxlen=PLACES_KEPT)).append(self._read_places.pop(name))
        self._count_areas({zone for event in changes for zone in (event.get("zone"), event.get("to"))})
        events.extend(changes)
        return events

    def _count_areas(self, changed: set) -> None:
        """The area of each zone's first stable card, and of each new one (``changed``: the zones
        whose events say their top changed), newest last: what size a card in each zone is."""
        for name in self.names:
            quad = self.watcher.stable_quad(name)
            areas = self._areas.setdefault(name, deque(maxlen=AREAS_KEPT))
            if quad is not None and (not areas or name in changed):
                areas.append(quad_area(quad))

    def _card_area(self, name: str) -> float | None:
        """A card's area in a zone: the median of its latest stable outlines (one card outlined too
        small, a corner cut off, must not make the next card too big to be found)."""
        areas = self._areas.get(name)
        return float(np.median(areas)) if areas else None

    def observe(self, image: np.ndarray) -> dict[str, Observation]:
        """What each zone shows in this frame (classification included)."""
        observations: dict[str, Observation] = {}
        to_classify: list[tuple[str, np.ndarray, np.ndarray]] = []
        measured: dict[str, tuple[float, float]] = {}  # the sharpness of each zone's first crop
        least = self.watcher.min_confidence
        self._look_at_cloth(image)
        for name in self.names:
            poly = self._polygons[name]
            moved, over_card, thumb = self._motion(name, image, poly)
            if moved:
                # Unreadable; "moving" (a hand) only when the motion reaches the card itself, not
                # when an arm passes by a corner of the zone.
                observations[name] = MOVING if over_card else UNREADABLE
                self._sharpness.pop(name, None)  # what was sharp before the motion says nothing now
                self._last.pop(name, None)
                continue
            last = self._last.get(name)
            # Nothing changed since the zone was last read: that reading holds, unless it named no
            # card (the frame after a hand left may be blurred; the next one may name it).
            if (self.reuse and last is not None and (last[1].empty or _named(last[1], least))
                    and float(np.abs(thumb - last[0]).mean()) < REUSE_LEVEL):
                obs = last[1]
                if obs.same_place is not None:
                    # The place is this frame's: the reading's own frame may have been the blurred
                    # one after a hand left, whose place looks otherwise though nothing changed.
                    obs = replace(obs, same_place=self._same_place(name, image, obs))
                    self._last[name] = (last[0], obs)  # none once the card settles: no more to compare
                observations[name] = obs
                continue
            # Every card is as big as the last one seen here: a part of a face is not a card, nor is a
            # quad that takes in a strip of a card below.
            area = self._card_area(name)
            search = {"margin": SEARCH_MARGIN, "work_side": WORK_SIDE,
                      "min_area": area and area / SAME_SIZE, "max_area": area and area * SAME_SIZE}
            # On the discard pile a card lies on cards of its colour (R-TURN-1), where its outline may
            # show only in colour. (A villain pile's cards are of one design: more edges there only
            # outline the cards below.)
            quads = self._find_quads(image, poly, search)
            if not quads and name == "discard":
                quads = self._find_quads(image, poly, {**search, "colour": True})
            busy = None if quads else self._busy(image, name)
            if busy and area is not None and name != "deck":
                # Something lies there, but no outline of the size learned: that size may have come
                # from an outline that was no card's (a patch of a patterned cloth around the first
                # card), which would hide every card after it. Outlines of any size are read, and the
                # readings choose (below). Not on the deck, where any outline is taken for its top.
                quads = self._find_quads(image, poly, {**search, "min_area": None, "max_area": None})
            if not quads:
                if busy:
                    observations[name] = UNREADABLE  # something is there, but no card outline is whole
                    continue
                observations[name] = self._empty(name, thumb)
                continue
            # The top card of the pile: of the card-shaped outlines, the one of a card's size here
            # (a patterned table has card-shaped patches too). The next best few are read as well:
            # when the first is no card the model can name (a patch of the cloth), one of them is.
            # The largest outline is read last besides them: on a large check, patches of the cloth's
            # own size may all come nearer the size expected than the card lying on it.
            expected = area or CARD_SHARE * polygon_area(poly)
            largest = quads[0]  # find_card_quads gives the largest first
            by_size = sorted(quads, key=lambda q: abs(float(np.log(quad_area(q) / expected))))
            quads = by_size[:ALTERNATIVES + 1]
            if not any(q is largest for q in quads):
                quads.append(largest)
            crop = warp_card(image, quads[0], self.crop_size)
            measured[name] = _sharpness_and_glare(crop)
            if not self._clear(name, measured[name]):
                self._remember_sharpness(name, measured[name])
                observations[name] = BLURRED
                continue
            to_classify.append((name, quads[0], crop, thumb))
            for quad in quads[1:]:
                to_classify.append((name, quad, warp_card(image, quad, self.crop_size), None))
        if to_classify:
            readings = self.read([(name, quad, crop) for name, quad, crop, _ in to_classify])
            chosen: dict[str, tuple] = {}
            for (name, quad, crop, thumb), reading in zip(to_classify, readings, strict=True):
                if name not in chosen:
                    chosen[name] = (quad, crop, thumb, reading)
                    if _likeliest(reading) != NONE:
                        # A crop read as no card (a square of a checked cloth outlined for a frame) is
                        # no measure of the zone's sharpness: its edges would make the card look blurred.
                        self._remember_sharpness(name, measured[name])
                elif _named(reading, least) and not _named(chosen[name][3], least):
                    chosen[name] = (quad, crop, chosen[name][2], reading)
                elif _likeliest(chosen[name][3]) == NONE != _likeliest(reading):
                    # Neither named: a card named unsurely is still a card (the watcher pools such
                    # frames); the outline read as no card may take in a card below.
                    chosen[name] = (quad, crop, chosen[name][2], reading)
            for name, (quad, crop, thumb, reading) in chosen.items():
                if (name != "deck" and _likeliest(reading) == NONE and reading.top[0][1] >= NO_CARD
                        and not self._busy(image, name)):
                    # Every outline here is surely no card (squares of a large check) and the zone
                    # looks like the bare cloth: nothing lies there. (The deck's outline is its top
                    # whatever the model says, R-SETUP-1.)
                    observations[name] = self._empty(name, thumb)
                    continue
                obs = Observation(True, reading.code, float(reading.confidence), quad,
                                  top=tuple((code, float(p)) for code, p in reading.top))
                if name == "deck" and not _named(reading, least):
                    # The deck lies face down (R-SETUP-1): a card-sized outline there is its top, in
                    # whatever back design a family's deck has, one the model never saw included.
                    # Just enough confidence to count: the outline, not the model, says so.
                    obs = Observation(True, cards.BACK, least, quad)
                obs.same_place = self._same_place(name, image, obs)
                if not self._plausible(name, obs, crop):
                    observations[name] = UNREADABLE
                    continue
                observations[name] = obs
                self._last[name] = (thumb, obs)
        self.readings = {name: {"card": obs.code if obs.readable else None,
                                "confidence": round(float(obs.confidence), 4) if obs.readable else 0.0}
                         for name, obs in observations.items()}
        return observations

    def _find_quads(self, image: np.ndarray, poly: np.ndarray, search: dict) -> list[np.ndarray]:
        """``find_card_quads`` in a zone, largest first. On tiles (``two_tone``) the outlines found
        telling the cloth by its colours as well: in grey, a block of tiles around a card outlines its
        place better than the card does; told by its colours, a card on cards of its colour may show
        only its face's inner frame. The size expected chooses among them (``observe``)."""
        quads = find_card_quads(image, poly, **search)
        if self.two_tone:
            quads += [quad for quad in find_card_quads(image, poly, busy=True, **search)
                      if not any(same_outline(quad, other) for other in quads)]
            quads.sort(key=lambda quad: -quad_area(quad))
        return quads

    def _look_at_cloth(self, image: np.ndarray) -> None:
        """Every CLOTH_EVERY frames, whether the bare cloth near the piles (``_middle``'s patches) is
        two-tone (``detect.two_tone``): the vote of the latest CLOTH_LOOKS looks, a tie keeping the
        verdict before."""
        self._cloth_frames += 1
        if (self._cloth_frames - 1) % CLOTH_EVERY:
            return
        patches = {(px, py, x1 - x0, y1 - y0)
                   for (x0, y0, x1, y1), cloth in self._middles.values() for px, py in cloth}
        pixels = [image[py:py + h, px:px + w].reshape(-1, 3) for px, py, w, h in patches]
        self._cloth_looks.append(bool(pixels) and two_tone(np.concatenate(pixels)))
        votes = sum(self._cloth_looks)
        if 2 * votes != len(self._cloth_looks):
            self.two_tone = 2 * votes > len(self._cloth_looks)

    def _empty(self, name: str, thumb: np.ndarray) -> Observation:
        """The observation of a zone with no card, kept as its last reading (it holds while the
        zone's thumbnail stays as it is)."""
        observation = Observation(True, None, 0.0, None)
        self._last[name] = (thumb, observation)
        return observation

    def read(self, items: list[tuple[str, np.ndarray, np.ndarray]]) -> list:
        """Readings for (zone, quad, crop) items: the classifier's one batched call on the crops, each
        weighed by what its zone can show (``zone_weights``)."""
        crops = [crop for _, _, crop in items]
        by_zone = {name: self.zone_weights(name) for name in dict.fromkeys(name for name, _, _ in items)}
        if all(w is None for w in by_zone.values()):
            return self.classifier.classify(crops)
        return self.classifier.classify(crops, weights=[by_zone[name] for name, _, _ in items])

    def zone_weights(self, name: str) -> np.ndarray | None:
        """A factor per code of the classifier (``Classifier.codes``) for a crop of zone ``name``, or
        None to take the model's reading as it is (the deck, seats, a classifier without codes):
        ``_zone_factor``, and 1 for a villain pile's stable top (a villain seen moved there).
        """
        codes = getattr(self.classifier, "codes", None)
        if codes is None or (name not in cards.PILES and name != "discard"):
            return None
        if name not in self._zone_bases:
            self._zone_bases[name] = np.array([_zone_factor(name, code) for code in codes])
        base = self._zone_bases[name]
        stable = self.watcher.stable_card(name)
        index = codes.index(stable) if stable in codes else None
        if index is None or base[index] != FOREIGN_VILLAIN:
            return base
        weights = base.copy()
        weights[index] = 1.0
        return weights

    def _same_place(self, name: str, image: np.ndarray, obs: Observation) -> float | None:
        """For a reading of the zone's stable card outlined somewhere new, or where it lay after a
        hand came over it: how alike the place where the card was seen lying before the hand looks
        now and then (correlation, 1 = unchanged). An arm passing over a pile leaves it as it was,
        however the detector outlines the card afterwards; a twin laid on it changes it, even one
        laid almost exactly on it (what peeks out around it is not the same). A glare or a shadow
        that moved on meanwhile changes the place's shading but not its edges, so the place is
        compared both as it looks and by its edges alone, and the closer of the two counts (a twin
        moves the edges too). On the discard pile, for another card read too: a card laid on the top
        changes its place. None when there is nothing to compare."""
        stable = self.watcher.stable_card(name)
        result = None
        another = name == "discard" and stable is not None and obs.code not in (None, stable)
        if another or obs.code is not None and obs.code == stable and not (
                self.watcher.settled(name) and self.watcher.known_pose(name, obs.quad)):
            base = next((place for quad, place in reversed(self._places.get(name, ()))
                         if self.watcher.known_pose(name, quad)), None)
            if base is not None:
                now, then = _place_patch(image, base.quad), base.patch()
                result = max(float((now[0] * then[0]).mean()), float((now[1] * then[1]).mean()))
        self._read_places[name] = (obs.quad, _Place(image, obs.quad))
        return result

    def _plausible(self, name: str, obs: Observation, crop: np.ndarray) -> bool:
        """Whether a reading that differs from the zone's stable card can be a change on the pile.

        The same card in a new place must show what that card showed: an identical card landed on
        it looks the same once warped upright; an outline bent by an arm lying over the pile, or
        one that takes in part of a card below, does not. (Another card is the watcher's to judge:
        whether the stable card still shows where it lay was tried, and cards of one colour and
        printing look too much alike at this size to tell.)
        """
        face = _face(crop)
        seen = self._faces.setdefault(name, deque(maxlen=FACES_KEPT))
        stable = self.watcher.stable_card(name)
        known = stable == obs.code and self.watcher.known_pose(name, obs.quad)
        least = self.watcher.min_confidence
        seen.append((obs.code, obs.quad, face, obs.confidence > least))
        if stable != obs.code or known:
            return True
        if obs.confidence > least >= self.watcher.state()[name]["confidence"]:
            # The stable top was named by its outline alone (the deck's back, R-SETUP-1), perhaps a
            # patch of the cloth beside the deck: a top the model itself names is the surer reading.
            return True
        # The stable card as seen where it lies, in the views the model named it in if there are any
        # (a deck top named by its outline alone may have had a hand over most of it). On a villain
        # pile any of them will do (one outline of the top may have taken in the cloth around it);
        # elsewhere the latest: a number read as the top's twin must still look unlike the top.
        references = [(named, f) for code, quad, f, named in seen
                      if code == stable and self.watcher.known_pose(name, quad)]
        if not references:
            return True
        views = [f for named, f in references if named] or [f for _, f in references]
        if name not in cards.PILES:
            views = views[-1:]
        # A twin laid on the discard pile's top (R-INTERCEPT-1), or the villain under one taken, lies
        # a few pixels off it; on the deck a back in a new pose is another draw, and a shifted match
        # would merge two draws.
        return max(_similarity(face, view, shifted=name != "deck") for view in views) >= FACE_MATCH

    def _motion(self, name: str, image: np.ndarray, poly: np.ndarray) -> tuple[bool, bool, np.ndarray]:
        """Whether the zone's picture changed since the last frame, whether the change reaches the
        zone's stable card, and the zone's thumbnail."""
        x0, y0 = np.maximum(np.floor(poly.min(axis=0)).astype(int), 0)
        x1, y1 = np.ceil(poly.max(axis=0)).astype(int) + 1
        roi = image[y0:y1, x0:x1]
        thumb = cv2.resize(cv2.cvtColor(roi, cv2.COLOR_BGR2GRAY), (THUMB, THUMB),
                           interpolation=cv2.INTER_AREA).astype(np.float32)
        previous = self._thumbs.get(name)
        self._thumbs[name] = thumb
        if previous is None:
            return True, True, thumb
        change = np.abs(thumb - previous)
        moved = float(change.mean()) > MOTION_LEVEL or float(change.max()) > MOTION_LOCAL
        card = self.watcher.zones[name].quad if name in self.watcher.zones else None
        if not moved or card is None:
            return moved, moved, thumb
        cells = np.zeros((THUMB, THUMB), np.uint8)
        scale = np.array([THUMB / max(roi.shape[1], 1), THUMB / max(roi.shape[0], 1)], np.float32)
        corners = np.round((card - np.array([x0, y0], np.float32)) * scale).astype(np.int32)
        cv2.fillConvexPoly(cells, corners, 1)
        on_card = change[cells > 0]
        over_card = on_card.size > 0 and (float(on_card.mean()) > MOTION_LEVEL
                                          or float(on_card.max()) > MOTION_LOCAL)
        return moved, over_card, thumb

    def _middle(self, poly: np.ndarray, size: tuple[int, int]):
        """A zone's middle (its box's middle half, as x0, y0, x1, y1, clipped to the frame) and the
        top-left corners of the CLOTH_PATCHES patches of its size nearest to it that lie in the frame
        off every pile: bare table, lit as the zone is."""
        x0, y0 = np.maximum(np.floor(poly.min(axis=0)).astype(int), 0)
        x1, y1 = np.ceil(poly.max(axis=0)).astype(int) + 1
        dx, dy = (x1 - x0) // 4, (y1 - y0) // 4
        box = (int(x0 + dx), int(y0 + dy), int(min(x1 - dx, size[0])), int(min(y1 - dy, size[1])))
        w, h = box[2] - box[0], box[3] - box[1]
        if w <= 0 or h <= 0:
            return box, []
        places = [(px, py) for py in range(0, size[1] - h + 1, h) for px in range(0, size[0] - w + 1, w)
                  if not self._on_a_pile((px, py, px + w, py + h))]
        places.sort(key=lambda p: (p[0] - box[0]) ** 2 + (p[1] - box[1]) ** 2)
        return box, places[:CLOTH_PATCHES]

    def _on_a_pile(self, box: tuple[int, int, int, int]) -> bool:
        """Whether a box (x0, y0, x1, y1) meets a pile's zone, or the margin around it where its cards
        may hang over: no patch of bare cloth."""
        for poly in self._polygons.values():
            (zx0, zy0), (zx1, zy1) = poly.min(axis=0), poly.max(axis=0)
            mx, my = SEARCH_MARGIN * (zx1 - zx0), SEARCH_MARGIN * (zy1 - zy0)
            if box[0] < zx1 + mx and box[2] > zx0 - mx and box[1] < zy1 + my and box[3] > zy0 - my:
                return True
        return False

    def _busy(self, image: np.ndarray, name: str) -> bool:
        """Whether a zone with no card outline (or none that is a card) still holds something: a pile seen
        badly, a hand.

        An empty zone shows the table: few edges in its middle. A card, a pile or fingers: many. On a
        patterned cloth (a check, a print) the table has many edges too: the zone's middle is then
        empty when it shows the colours of the bare cloth near the piles, and as many edges. The
        colours present count, not their shares: a large check shows its squares in other shares in
        every patch.
        """
        (x0, y0, x1, y1), cloth = self._middles[name]
        middle = image[y0:y1, x0:x1]
        if middle.size == 0:
            return False
        colours, edges = _patch_look(middle)
        if edges <= EMPTY_EDGES:
            return False
        if not cloth:
            return True  # no bare cloth in the frame to compare with
        h, w = middle.shape[:2]
        looks = [_patch_look(image[py:py + h, px:px + w]) for px, py in cloth]
        palette = _palette(np.mean([cloth_colours for cloth_colours, _ in looks], axis=0))
        if float(colours[palette].sum()) < CLOTH_COLOURS:
            return True
        return not any(cloth_edges / CLOTH_EDGES <= edges <= cloth_edges * CLOTH_EDGES
                       for _, cloth_edges in looks)

    def _clear(self, name: str, measure: tuple[float, float]) -> bool:
        """False for a blurred or glared crop (``measure``: its ``_sharpness_and_glare``), judged against the
        zone's crops since it was last still: blur is a fall in sharpness, glare a rise in washed-out
        pixels (a white card is bright all the time)."""
        history = [*self._sharpness.get(name, ()), measure]
        if measure[0] < BLUR_RATIO * max(s for s, _ in history):
            return False
        return measure[1] < min(w for _, w in history) + GLARE_RISE

    def _remember_sharpness(self, name: str, measure: tuple[float, float]) -> None:
        self._sharpness.setdefault(name, deque(maxlen=SHARPNESS_FRAMES)).append(measure)


def _patch_look(patch: np.ndarray) -> tuple[np.ndarray, float]:
    """A patch's colours (a histogram of 8 levels a channel, summing to 1) and the share of its
    pixels on an edge."""
    grey = cv2.cvtColor(patch, cv2.COLOR_BGR2GRAY)
    edges = cv2.Canny(cv2.GaussianBlur(grey, (5, 5), 0), 20, 50)
    colours = cv2.calcHist([patch], [0, 1, 2], None, [8, 8, 8], [0, 256] * 3).ravel()
    return colours / max(float(colours.sum()), 1.0), float((edges > 0).mean())


def _palette(colours: np.ndarray) -> np.ndarray:
    """The bins of a ``_patch_look`` histogram that are a patch's colours (PALETTE_SHARE or more of
    it) or one level from one in each channel: light that falls off across the table shifts a
    colour by a level."""
    present = np.pad((colours >= PALETTE_SHARE).reshape(8, 8, 8), 1)
    near = np.zeros((8, 8, 8), bool)
    for db, dg, dr in itertools.product(range(3), repeat=3):
        near |= present[db:db + 8, dg:dg + 8, dr:dr + 8]
    return near.ravel()


def _sharpness_and_glare(crop: np.ndarray) -> tuple[float, float]:
    """(sharpness, washed-out share) of a crop: the Laplacian's variance, the share of pixels glare
    has turned white."""
    grey = cv2.cvtColor(crop, cv2.COLOR_BGR2GRAY)
    return float(cv2.Laplacian(grey, cv2.CV_32F).var()), float((crop.min(axis=2) >= GLARE_LEVEL).mean())


class _Place:
    """Where a card was read: the bit of the frame around it, kept so that its patch is made only
    if it is ever compared (most readings never are)."""

    def __init__(self, image: np.ndarray, quad: np.ndarray):
        self.quad = np.asarray(quad, np.float32)
        centre = self.quad.mean(axis=0)
        grown = (self.quad - centre) * PLACE_GROW + centre
        h, w = image.shape[:2]
        # Two pixels more on each side: what the interpolation at the grown outline's edge reads.
        x0, y0 = (max(0, int(np.floor(v)) - 2) for v in grown.min(axis=0))
        x1, y1 = (min(size, int(np.ceil(v)) + 3) for v, size in zip(grown.max(axis=0), (w, h), strict=True))
        self._offset = np.float32([x0, y0])
        self._image = image[y0:y1, x0:x1].copy()
        self._patch = None if self._image.size else _place_patch(image, self.quad)

    def patch(self) -> np.ndarray:
        if self._patch is None:
            self._patch = _place_patch(self._image, self.quad - self._offset)
        return self._patch


def _place_patch(image: np.ndarray, quad: np.ndarray) -> np.ndarray:
    """The place of a card: its outline grown by PLACE_GROW, small and grey, and its edges (the grey
    less its blur at PLACE_EDGES_SIGMA), each zero mean and unit variance: (2, h, w)."""
    quad = np.asarray(quad, np.float32)
    centre = quad.mean(axis=0)
    patch = warp_card(image, (quad - centre) * PLACE_GROW + centre, PLACE_SIZE)
    grey = cv2.cvtColor(patch, cv2.COLOR_BGR2GRAY).astype(np.float32)
    edges = grey - cv2.GaussianBlur(grey, (0, 0), PLACE_EDGES_SIGMA)
    return np.stack([(plane - float(plane.mean())) / max(float(plane.std()), 1.0) for plane in (grey, edges)])


def _likeliest(reading) -> str:
    """The code the model gave most weight in a reading, however unsure."""
    return reading.top[0][0] if reading.top else NONE


def _zone_factor(zone: str, code: str) -> float:
    """How likely ``code`` is on ``zone`` (a villain pile or the discard pile) against the cards that
    belong there: a villain pile's own villains 1, other piles' ``FOREIGN_VILLAIN``, any other card 0;
    on the discard pile villains 0. "No card" is 1 everywhere."""
    if code == NONE:
        return 1.0
    villain = cards.parse(code).is_villain
    if zone == "discard":
        return 0.0 if villain else 1.0
    if not villain:
        return 0.0
    return 1.0 if cards.pile_of(code) == zone else FOREIGN_VILLAIN


def _named(reading, least: float) -> bool:
    """Whether a reading (or an observation made of one) names a card with at least ``least``
    confidence (not "no card", not a guess)."""
    return reading.code is not None and float(reading.confidence) >= least


FACE_SIZE = (12, 18)
# The plane a face's shading is fitted with (per channel: a + b·x + c·y over the small crop).
_FACE_Y, _FACE_X = np.mgrid[0:FACE_SIZE[1], 0:FACE_SIZE[0]].astype(np.float32)
_FACE_PLANE = np.stack([np.ones(_FACE_X.size, np.float32), _FACE_X.ravel() / (FACE_SIZE[0] - 1) - 0.5,
                        _FACE_Y.ravel() / (FACE_SIZE[1] - 1) - 0.5], axis=1)
_FACE_PLANE_FIT = np.linalg.pinv(_FACE_PLANE)  # least squares: pixels -> the plane's coefficients


def _face(crop: np.ndarray) -> np.ndarray:
    """A small colour crop, zero mean and unit variance, for comparing faces by correlation
    (in colour: a red and a green card of one design differ); with it the same crop with its
    shading taken out (a plane fitted per channel): a glare or a lamp brightening one side of the
    card changes the first much more than the second. Shape (2, 18, 12, 3)."""
    small = cv2.resize(crop, FACE_SIZE, interpolation=cv2.INTER_AREA).astype(np.float32)
    flat = small.reshape(-1, 3)
    unshaded = (flat - _FACE_PLANE @ (_FACE_PLANE_FIT @ flat)).reshape(small.shape)
    return np.stack([(face - face.mean()) / max(float(face.std()), 1.0) for face in (small, unshaded)])


def _similarity(face: np.ndarray, other: np.ndarray, shifted: bool = False) -> float:
    """Correlation of two faces (see _face), either way up, as they look or with their shading
    taken out, whichever is closer. ``shifted``: also a cell off, less ``SHIFTED_FACE_COST``: a twin
    outlined a few pixels off matches so on a finely patterned face, where the shift alone undoes
    the plain match; the cost keeps an outline bent by a passing arm from matching the same way."""
    h, w = face.shape[1:3]
    offsets = [(dy, dx) for dy in (-1, 0, 1) for dx in (-1, 0, 1)] if shifted else [(0, 0)]

    def correlation(a, b, dy, dx):
        return float((a[max(0, dy):h + min(0, dy), max(0, dx):w + min(0, dx)]
                      * b[max(0, -dy):h + min(0, -dy), max(0, -dx):w + min(0, -dx)]).mean())

    return max(correlation(variant, reference, dy, dx) - (SHIFTED_FACE_COST if dy or dx else 0.0)
               for mine, reference in zip(face, other, strict=True)
               for variant in (mine, mine[::-1, ::-1])
               for dy, dx in offsets)
