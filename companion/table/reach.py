"""Where an arm comes in: the place on the frame's border a player's arm crosses to reach a pile.

The camera cannot see hands, but it sees arms: every play, draw or defeat is an arm that comes from
its player's side of the table. ``ReachWatcher`` follows a thin band along the frame's border
against two slowly updated pictures of the empty border; an arm shows as a run of border pixels
that differ from both, once the light's drift is taken out. One picture (``background``) takes in,
slowly, what lies there (a thing left on the border becomes the border); the other (``stable``)
learns only where nothing is, so an arm that stayed a while leaves no trace on it when it goes. A
change that keeps still for seconds (the light fallen differently, a shadow) is taken in at once by
the first picture: an arm never keeps that still.
``reach(t, at)`` says where (a position along the border, 0…1 clockwise from the top-left corner)
the arm behind an event confirmed at ``t`` came in, or None; ``at``, the moment the watcher saw the
zone covered, names the arm best: the one crossing the border then. A glare spot come up at the
border (a lamp's highlight: the same light added to every channel) is no arm while an arm is there.
Which seat sits where is not known here: the tracker learns it from the moves whose seat the rules
leave no doubt about.
"""

from __future__ import annotations

from collections import deque

import numpy as np

BAND = 6  # pixels of the border watched
CHANGE = 12.0  # grey levels (largest channel, averaged over 7 px) that count as "something is there"
SMOOTH_PX = 3
GAIN_WINDOW = 0.1  # of the border's length: the light's drift is measured over this much
MIN_RUN = 0.012  # an arm is at least this much of the border
LEARN = 0.05  # how fast the empty border follows the light
LEARN_BUSY = 0.01  # and where something is: a thing left lying there becomes the border in a few seconds
WINDOW_S = 1.2  # an event's arm is the one seen during this long before the event
# A twin seen on the discard pile as an arm leaves it this soon after leaving the deck or a villain
# pile is that arm crossing the pile on its way (an arm laying a card stays longer: it lays it, then
# lifts away); a draw and a villain pile's event by one arm this close are one reach.
PASSING_S = 0.5
# Two zones one arm covers at once are seen covered up to this far apart (a frame or two, as the arm's
# edge first hides enough of each card)
COVER_JITTER_S = 0.2
SAME_PLACE = 0.04  # two sightings this close (of the border's length) are the same arm
MOVED = 0.004  # an arm resting at the border that shifts this much (twice its jitter) is reaching out
HISTORY_S = 10.0
AT_SLACK_S = 0.2  # the frame nearest the moment asked about must be this close
LATE_S = 0.4  # an arm first seen this long after its zone was covered came for something else
RESTING_S = 3.0  # an arm out at the border this long rests there
STILL = 4.0  # grey levels a border pixel may move from frame to frame and still be still
STILL_S = 3.0  # a change still for this long is the border
# A run brighter than the empty border by about the same amount in every channel (the least within
# this share of the most) is a highlight: light added, no colour of a sleeve's own.
GLARE_SPREAD = 0.3
GLARE_SHARE = 0.7  # of a run's pixels, for it to be a highlight
WHITE = 245.0  # a channel this bright may be clipped: light added there shows only as far as white


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


def _circular_median(values: np.ndarray, k: int) -> np.ndarray:
    """A running median over ``k`` neighbours of a smooth circular profile: at every eighth of the
    window, interpolated between."""
    n = len(values)
    step = max(1, k // 8)
    padded = np.concatenate([values[-(k // 2) :], values, values[: k - k // 2]])
    windows = np.lib.stride_tricks.sliding_window_view(padded, k)[:n:step]
    return np.interp(np.arange(n), np.arange(0, n, step), np.median(windows, axis=1), period=n)


def _circular_mean(values: np.ndarray, k: int) -> np.ndarray:
    """A running mean over ``2k + 1`` neighbours of a circular profile."""
    padded = np.concatenate([values[-k:], values, values[:k]])
    return np.convolve(padded, np.ones(2 * k + 1) / (2 * k + 1), mode="valid")


def circular_gap(a: float, b: float) -> float:
    d = abs(a - b) % 1.0
    return min(d, 1.0 - d)


class ReachWatcher:
    def __init__(self, change: float = CHANGE):
        self.change = change
        self.background: np.ndarray | None = None
        self.stable: np.ndarray | None = None
        self.previous: np.ndarray | None = None
        self.still_since: np.ndarray | None = None
        self.held: np.ndarray | None = None
        self.sightings: deque[tuple[float, list[float]]] = deque()  # (t, positions of the arms seen)
        self.glints: deque[tuple[float, list[float]]] = deque()  # (t, positions of the highlights seen)
        self.elsewhere: deque[dict] = deque()  # recent events at the deck and the villain piles, with arms

    def update(self, t: float, image: np.ndarray | None) -> list[float]:
        """Look at one frame; returns where arms cross the border in it."""
        if image is None or image.ndim != 3 or min(image.shape[:2]) <= 2 * BAND:
            return []
        return self.update_ring(t, border(image))

    def update_ring(self, t: float, ring: np.ndarray) -> list[float]:
        """``update`` on a frame's border band, already unrolled (``border``)."""
        if self.background is None or self.background.shape != ring.shape:
            self.background = ring.copy()
            self.stable = ring.copy()
            self.previous = ring.copy()
            self.still_since = np.full(len(ring), t)
            self.held = np.zeros(len(ring), bool)  # border taken in while still, not seen empty since
            return []
        off_stable = self._changed(ring, self.stable)
        changed = self._changed(ring, self.background) & off_stable
        # A change that keeps still is the border now (a shadow, the light fallen differently, a thing
        # left lying: an arm is never that still for long). The slowly learning picture takes it at
        # once; the picture of the empty border keeps what it had until the border looks so again.
        still = np.abs(ring - self.previous).max(axis=1) <= STILL
        self.still_since = np.where(still & changed, self.still_since, t)
        settled = changed & (t - self.still_since >= STILL_S)
        self.previous = ring.copy()
        self.held = (self.held | settled) & off_stable
        rate = np.where(changed, LEARN_BUSY, LEARN)[:, None]
        self.background += rate * (ring - self.background)
        self.background[settled] = ring[settled]
        changed &= ~settled
        unseen = changed | self.held
        before = self.stable.mean(axis=1) if unseen.any() else None
        self.stable += np.where(unseen, 0.0, LEARN)[:, None] * (ring - self.stable)
        if before is not None:
            # Where the empty border is hidden it still follows the light as the border around it
            # does (else, the light drifting while an arm rested, the place stays "changed" once it
            # is gone): by as much as the picture around it learned this frame, so it cannot run off
            # on its own. Most frames hide none of it: no arm at the border.
            learned = (self.stable.mean(axis=1) + 8.0) / (before + 8.0)
            step = _circular_median(learned, self._gain_window(ring))
            self.stable[unseen] *= step[unseen, None]
        n = len(ring)
        positions, glints = [], []
        for start, length in _runs(changed):
            if length >= MIN_RUN * n:
                run = np.arange(start, start + length) % n
                gone = run[_highlight_gone(ring, self.stable, start, length)]
                if len(gone):
                    # The empty border was learned with a lamp's highlight on it (the first frame), and
                    # the spot has moved on: the border there is this now. An arm that came meanwhile is
                    # the rest of the run.
                    self.stable[gone] = self.background[gone] = ring[gone]
                    if len(gone) >= GLARE_SHARE * length:
                        continue
                found = glints if _looks_like_glare(ring[run], self.stable[run]) else positions
                found.append(((start + length / 2) % n) / n)
        for seen in (self.sightings, self.glints):
            while seen and seen[0][0] < t - HISTORY_S:
                seen.popleft()
        self.sightings.append((t, positions))
        self.glints.append((t, glints))
        return positions

    def _changed(self, ring: np.ndarray, background: np.ndarray) -> np.ndarray:
        """Where the border differs from ``background``, once the light's drift is taken out: the
        brightness ratio's running median over a stretch much wider than an arm."""
        ratio = (ring.mean(axis=1) + 8.0) / (background.mean(axis=1) + 8.0)
        gain = _circular_median(ratio, self._gain_window(ring))
        diff = np.abs(ring - background * gain[:, None]).max(axis=1)
        return _circular_mean(diff, SMOOTH_PX) > self.change

    @staticmethod
    def _gain_window(ring: np.ndarray) -> int:
        return max(1, int(GAIN_WINDOW * len(ring)))

    def reach(self, t: float, at: float | None = None, came_by: float | None = None) -> float | None:
        """Where the arm behind an event confirmed at ``t`` came in, or None; ``at``, when known,
        is a moment the arm was over the zone (the watcher's ``covered``); ``came_by``, when given, the
        latest an arm may have come and still be the event's.

        That arm is still on its way back when the event is confirmed: of the arms seen in the last
        part of the window, the one that appeared last (something seen at the border for the whole
        window counts only when nothing else is there, and an arm that came ``LATE_S`` after ``at``
        only when no other arm is seen). Highlights count only when no arm is seen
        at all then: a grey sleeve over a darker cloth looks like one.
        """
        found = self._reach_among(self.sightings, t, at, came_by)
        start = t - 2 * WINDOW_S if at is None else min(t - 2 * WINDOW_S, at - AT_SLACK_S)
        if found is None and not any(places for when, places in self.sightings if start <= when <= t):
            found = self._reach_among(self.glints, t, at, came_by)
        return found

    def _reach_among(self, sightings, t: float, at: float | None,
                     came_by: float | None = None) -> float | None:
        if at is not None:
            found = self._arm_at(sightings, at, t)
            if found is not None:
                return found
        recent = [(when, ps) for when, ps in sightings if t - 2 * WINDOW_S <= when <= t]
        latest = [p for when, ps in recent if when >= t - WINDOW_S / 2 for p in ps]
        best, best_key, best_group = None, None, []
        for p in latest:
            onset, present, group = _follow(p, recent)
            if onset is None or (onset < t - WINDOW_S and onset != float("-inf")):
                continue  # an arm that came before this event's: the previous move's, on its way back
            if came_by is not None and onset > came_by:
                continue
            # An arm that came long after the zone was covered is the next move's, come before the
            # change was confirmed: it counts only when no other arm is seen.
            late = at is not None and onset > at + LATE_S
            if present >= 2 and (best_key is None or (not late, onset) > best_key):
                best, best_key, best_group = p, (not late, onset), group
        return None if best is None else _mean_place(best_group)

    def annotate(self, event: dict) -> dict:
        """A watcher event with the arms behind it: ``reach`` for every move a hand makes, and for the
        deck ``arrivals`` (everyone slapping it shows there). ``event`` is changed and returned."""
        if event.get("type") in ("landed", "drawn", "taken", "reached", "moved"):
            covered = event.get("covered")
            event["reach"] = self.reach(float(event["t"]), at=covered)
            if event["type"] == "drawn" and covered is not None:
                # from the first hand over the deck: after a slap the last hand's run of cover begins
                # when the others are there already
                first = event.get("first_covered")
                start = covered if first is None else min(first, covered)
                event["arrivals"] = self.arrivals(float(start), float(event["t"]))
        return event

    def cross_check(self, events: list[dict]) -> list[dict]:
        """One frame's annotated events, checked against the arms that reached into the deck or a
        villain pile (the frame's own events count too, whatever their order). ``events`` are changed
        and returned.

        A landing on the discard pile whose arm is such an arm, out there when the discard pile was
        covered, did not lay the card, or not for sure:
        - the card already there (``same``), with the arm come over the other pile no earlier than
          over the discard pile (within COVER_JITTER_S) and at most PASSING_S later, and gone from
          the discard pile at most PASSING_S after the other
          pile: the arm crossed the discard pile on its way there and back, and the landing gets
          ``passing``, that pile. An arm that stays over the discard pile longer after a take laid
          a card there (R-ADV-4: an interception onto one's own card), and one that stayed longer
          before it went there laid the card first (the landing confirmed late, as the arm left).
        - else its ``reach`` is the arm seen last before the landing was confirmed, where that is
          another one come by the time the pile was covered (``LATE_S`` after): the hand that laid the
          card came while the first arm was still out. An arm come later is the next move's.
        - An arm that came over the other pile only after the discard pile was covered, its move there
          seen at least PASSING_S before the landing, crossed the discard pile on its way: the card
          is the hand's seen last before the landing, come PASSING_S before it at the latest.
        A draw whose arm was over a villain pile at the same time gets ``over``, that pile: the arm
        may have reached across the deck for it (whose arm it is tells the tracker)."""
        for event in events:
            if event.get("type") in ("taken", "reached", "moved", "drawn") and _arm_known(event):
                self.elsewhere.append(event)
        newest = max((float(event.get("t", 0.0)) for event in events), default=float("-inf"))
        while self.elsewhere and self.elsewhere[0]["t"] < newest - HISTORY_S:
            self.elsewhere.popleft()
        for event in events:
            if event.get("type") == "drawn" and _arm_known(event):
                self._check_draw(event)
            elif event.get("type") == "landed" and _arm_known(event):
                self._check_landing(event)
        return events

    def _same_arm_elsewhere(self, event: dict) -> list[dict]:
        return [arm for arm in self.elsewhere
                if arm is not event and circular_gap(arm["reach"], event["reach"]) <= SAME_PLACE]

    def _check_draw(self, draw: dict) -> None:
        over = [arm for arm in self._same_arm_elsewhere(draw)
                if arm["type"] != "drawn" and max(arm["covered"], draw["covered"]) < min(arm["t"], draw["t"])
                and abs(arm["t"] - draw["t"]) <= PASSING_S]
        if over:
            draw["over"] = over[0]["zone"]

    def _check_landing(self, landing: dict) -> None:
        arms = self._same_arm_elsewhere(landing)
        passing = [arm for arm in arms
                   if -COVER_JITTER_S <= arm["covered"] - landing["covered"] <= PASSING_S
                   and 0.0 <= landing["t"] - arm["t"] <= PASSING_S]
        if landing.get("same") and passing:
            landing["passing"] = passing[0]["zone"]
        else:
            if any(arm["covered"] <= landing["covered"] <= arm["t"] for arm in arms):
                # The hand that laid the card was over the pile when it was covered: an arm come later
                # than the border shows one late (LATE_S) is the next move's.
                came_by = float(landing["covered"]) + LATE_S
            elif any(landing["covered"] < arm["covered"] and arm["t"] <= landing["t"] - PASSING_S
                     for arm in arms):
                # The arm that covered the pile first went on over it to the other zone, and its move
                # there was seen well before this card: the card is the hand's come since, before the
                # landing was confirmed (an arm come as it was is the next move's).
                came_by = float(landing["t"]) - PASSING_S
            else:
                return
            latest = self.reach(float(landing["t"]), came_by=came_by)
            if latest is not None and circular_gap(latest, landing["reach"]) > SAME_PLACE:
                landing["reach"] = latest

    def arrivals(self, start: float, end: float) -> list[float]:
        """Where the arms that came in from ``start`` to ``end`` crossed the border, in the order they
        came: after a slap (R-SLAP, R-STEAL) the last one is the last hand on the deck. ``start`` is
        when the zone was first covered; an arm crosses the border a little before it gets there.
        An arm that was resting at the table's edge already crosses the border where it lay: it
        comes when its crossing starts to move along the border (``_moved``). A highlight still there
        at ``end`` where no arm is seen then lies in the light: an arm seen where it lies comes when it
        is first seen as an arm (``_seen_as_arm``); one gone before an arm came where it lay was no arm."""
        # Followed back no further than an arrival can have come: one older is there all along.
        # Highlights too: an arm under a highlight clipped white looks like one, and the last hand on
        # the deck must not be lost to it; an arm come in beside a highlight that lay there before is
        # an arrival all the same (``_past_highlight``).
        seen = [(when, places, glints) for (when, places), (_, glints)
                in zip(self.sightings, self.glints, strict=True) if start - WINDOW_S <= when <= end]
        frames = [(when, places + glints) for when, places, glints in seen]
        arm_frames = [(when, places) for when, places, _ in seen]
        # A highlight still there once no arm is (in the last frame) lies in the light, not on a
        # sleeve: an arm that comes where it lies arrives when it is first seen as an arm.
        glare = [g for g in (seen[-1][2] if seen else [])
                 if not any(circular_gap(g, q) <= SAME_PLACE for q in seen[-1][1])]
        arms: list[tuple[float, list[float], bool]] = []  # (onset, sightings, seen as an arm), one per arm
        for i, (when, places) in enumerate(frames):
            if when < start:
                continue
            for place in places:
                as_arm = place in arm_frames[i][1]
                onset, _, group = _follow(place, frames[: i + 1])
                if onset is None or onset < start - WINDOW_S / 2:
                    onset, group = _past_highlight(place, frames[: i + 1], arm_frames[: i + 1])
                if onset is None or onset < start - WINDOW_S / 2:
                    # Lying there all along, or an arm that came before this zone was covered: an arrival
                    # only if it started moving since.
                    onset, group = _moved(place, frames[: i + 1], start - WINDOW_S / 2)
                    if onset is None:
                        continue
                # One arm per place: an arm lost for a few frames and seen again is the same arm.
                k = next((k for k, arm in enumerate(arms)
                          if circular_gap(_mean_place(arm[1]), place) <= 2 * SAME_PLACE), None)
                if k is None:
                    arms.append((onset, group, as_arm))
                elif as_arm and not arms[k][2] and onset > arms[k][0]:
                    # a highlight gone before an arm came where it lay: the arm comes when it came
                    arms[k] = (onset, group, True)
                elif onset == arms[k][0] and len(group) > len(arms[k][1]):
                    arms[k] = (onset, group, arms[k][2] or as_arm)
        came = [(_seen_as_arm(onset, group, glare, arm_frames), group) for onset, group, _ in arms]
        return [_mean_place(group) for _, group in sorted(came, key=lambda arm: arm[0])]

    def _arm_at(self, sightings, at: float, t: float) -> float | None:
        """The arm crossing the border at ``at``: of those seen then, the one that came last (one
        player's arm may stay out over two moves: a draw and the drawn card played), of those still
        out when the event was confirmed at ``t`` if any is (the arm that made the move is on its
        way back then; another player's hand withdrawing across the border after a move of theirs,
        its sleeve unseen on the cloth, shows there a moment only and looks like an arm come in).

        An arm out at the border for ``RESTING_S`` already rests there (a player who draws and plays
        the card drawn keeps the arm out for less); the border often sees the moving arm only a little
        after its hand is over the zone, so the first arm that comes within ``LATE_S`` is the one, and
        a resting arm only when none comes."""
        frames = list(sightings)
        if not frames:
            return None
        here = min(range(len(frames)), key=lambda i: abs(frames[i][0] - at))
        if abs(frames[here][0] - at) > AT_SLACK_S:
            return None
        def arms_in(k: int) -> list[tuple[float, list[float]]]:  # (onset, sightings) of frame k's arms
            return [(onset, group) for onset, _, group in (_follow(p, frames[: k + 1]) for p in frames[k][1])]

        seen = arms_in(here)
        fresh = [arm for arm in seen if arm[0] >= at - RESTING_S]
        if not fresh:
            coming = [arm for k in range(here + 1, len(frames)) if frames[k][0] <= at + LATE_S
                      for arm in arms_in(k) if at - RESTING_S <= arm[0] <= at + LATE_S]
            if coming:
                return _mean_place(min(coming, key=lambda arm: arm[0])[1])
        candidates = fresh or seen
        confirmed = [frame for frame in frames if frame[0] <= t]
        still_out = [arm for arm in candidates if _track(_mean_place(arm[1]), confirmed)[0]]
        best = max(still_out or candidates, key=lambda arm: arm[0], default=None)
        return None if best is None else _mean_place(best[1])


def _arm_known(event: dict) -> bool:
    """Whether an event says where its arm came in and when it came over the zone."""
    return event.get("reach") is not None and event.get("covered") is not None


def _highlight_gone(ring: np.ndarray, empty: np.ndarray, start: int, length: int) -> np.ndarray:
    """Which pixels of a changed run of the border (``start``, ``length``) show a highlight the empty
    border had and the border has no longer: the empty border there brighter by about the same amount
    in every channel (``_light_added`` the other way round), and the pixel now like the border on
    either side of the run (one surface: a dark sleeve over light cloth is darker than the cloth)."""
    n = len(ring)
    run = np.arange(start, start + length) % n
    gone = _light_added(empty[run], ring[run])
    if not gone.any():
        return gone
    side = max(3, length // 2)
    beside = [np.median(ring[np.arange(start - side, start) % n], axis=0),
              np.median(ring[np.arange(start + length, start + length + side) % n], axis=0)]
    like = np.min([np.abs(ring[run] - colour).max(axis=1) for colour in beside], axis=0) <= 2 * CHANGE
    return gone & like


def _looks_like_glare(ring: np.ndarray, empty: np.ndarray) -> bool:
    """Whether a run of the border, (pixels, 3), against the empty border there is a highlight: most of
    its pixels brighter by about the same amount in every channel, or as far as white lets them."""
    return bool(_light_added(ring, empty).mean() >= GLARE_SHARE)


def _light_added(lit: np.ndarray, unlit: np.ndarray) -> np.ndarray:
    """Per pixel (pixels, 3), whether ``lit`` is ``unlit`` with light added: brighter by about the same
    amount in every channel, or as far as white lets it be."""
    diff = lit - unlit
    top = diff.max(axis=1, keepdims=True)
    even = (diff >= (1 - GLARE_SPREAD) * top) | (lit >= WHITE)
    return (top[:, 0] > 0) & even.all(axis=1)


def _track(place: float, frames: list[tuple[float, list[float]]], *,
           drift: bool = False) -> tuple[list[tuple[float, list[float]]], bool]:
    """An arm seen at ``place`` followed back through ``frames`` (oldest first) while it is there, a
    frame's miss forgiven: its sightings per frame, (when, places near, nearest first), oldest first;
    and whether it was there from the first frame on (something lying there all along). With
    ``drift`` the place followed is the nearest sighting of each frame (an arm sliding along)."""
    seen, misses = [], 0
    for when, places in reversed(frames):
        near = sorted((q for q in places if circular_gap(place, q) <= SAME_PLACE),
                      key=lambda q: circular_gap(place, q))
        if near:
            seen.append((when, near))
            place = near[0] if drift else place
            misses = 0
        else:
            misses += 1
            if misses >= 2:
                return seen[::-1], False
    return seen[::-1], True


def _follow(place: float, frames: list[tuple[float, list[float]]]) -> tuple[float | None, int, list[float]]:
    """``_track`` summed up: (when the arm came, or -inf when there all along; the frames it was
    seen in; its sightings)."""
    seen, all_along = _track(place, frames)
    onset = float("-inf") if all_along else (seen[0][0] if seen else None)
    return onset, len(seen), [q for _, near in seen for q in near]


def _seen_as_arm(onset: float, group: list[float], glare: list[float],
                 arm_frames: list[tuple[float, list[float]]]) -> float:
    """When an arm whose sightings ``group`` began at ``onset`` came, where a highlight lies in the
    light (``glare``): the first frame it was seen as an arm since, if it was (an arm seen only as a
    highlight keeps ``onset``)."""
    place = _mean_place(group)
    if not any(circular_gap(place, g) <= 2 * SAME_PLACE for g in glare):
        return onset
    first = next((when for when, places in arm_frames if when >= onset
                  and any(circular_gap(place, q) <= 2 * SAME_PLACE for q in places)), None)
    return onset if first is None else first


def _past_highlight(place: float, frames: list[tuple[float, list[float]]],
                    arm_frames: list[tuple[float, list[float]]]) -> tuple[float | None, list[float]]:
    """An arm seen at ``place`` where only a highlight lay before it (``frames`` hold both, ``arm_frames``
    the arms alone): when it came and its sightings; (None, []) when an arm was seen there before
    (one under a highlight looks like one now and then: that arm was there all along)."""
    onset, _, group = _follow(place, arm_frames)
    if onset is None or onset == float("-inf"):
        return None, []
    earlier = {when for when, _ in _track(place, frames)[0] if when < onset}
    if any(circular_gap(q, place) <= SAME_PLACE
           for when, places in arm_frames if when in earlier for q in places):
        return None, []
    return onset, group


def _moved(place: float, frames: list[tuple[float, list[float]]], since: float) -> tuple[float | None, list]:
    """An arm seen at ``place`` that was lying still at the border before ``since``: when it started to
    move along it since then (two frames in a row off where it lay by ``MOVED``), and its sightings
    from then on; (None, []) when it kept still, or was not lying still before."""
    track = [(when, near[0]) for when, near in _track(place, frames, drift=True)[0]]
    before = [q for when, q in track if when < since]
    if len(before) < 3:
        return None, []
    lay = _mean_place(before)
    if max(circular_gap(q, lay) for q in before) > MOVED:
        return None, []  # not lying still: an arm on its way (back from the last move), not resting
    off = [(when, q) for when, q in track if when >= since]
    for k in range(len(off) - 1):
        if circular_gap(off[k][1], lay) >= MOVED and circular_gap(off[k + 1][1], lay) >= MOVED:
            return off[k][0], [q for _, q in off[k:]]
    return None, []


def _mean_place(places: list[float]) -> float:
    """The mean of places on the circular border."""
    angles = np.array(places) * 2 * np.pi
    mean = np.arctan2(np.sin(angles).mean(), np.cos(angles).mean()) / (2 * np.pi)
    return round(float(mean % 1.0), 4)
