"""The companion: a frame source, the vision pipeline, the tracker and the store, behind one lock.

``Companion`` is what ``companion run`` and ``companion demo`` drive, and what the server serves::

    companion = Companion()                            # the store in data_dir()
    companion.start_match("adventure", ["Аня", "Боря", "Вика"])
    companion.attach_source(source, zones=zones)       # a companion.vision.sources source
    companion.start()                                  # a thread: frames -> events -> tracker -> store
    queue = companion.subscribe()                      # every new view, as SSE-ready messages
    companion.answer("q12-colour", "r")                # what POST /api/answers does
    companion.stop()

Every change goes the same way: checked by the tracker, written to the store (committed), then
published. A refused change raises ``TableError`` or ``IllegalAction`` and leaves the state as the
log says (the match is replayed from the store).
"""

from __future__ import annotations

import json
import logging
import queue
import threading
import time

from companion.cards import EDITIONS, PILES
from companion.rules import IllegalAction, resolve_rules
from companion.table.reach import ReachWatcher
from companion.table.store import Store
from companion.table.tracker import MatchConfig, MatchTracker, TableError

log = logging.getLogger("companion.table")

EVENT_TYPES = ("landed", "reread", "taken", "reached", "moved", "drawn", "camera", "top")
MAX_PLAYERS, MIN_PLAYERS, MAX_NAME = 10, 2, 40
# Camera readings are pushed on their own at most this often (they change with every hand over a pile).
CAMERA_PUSH_S = 0.25
# A round starts from the table as found once every pile reads stable, or this long after the discard does.
SEED_WAIT_S = 3.0
SUBSCRIBER_BACKLOG = 64
MAX_ARRIVALS = 16  # arms reaching the deck at once: every player's, and more than any table seats


def match_config(edition, players, dealer=0, rules=None, target=None) -> MatchConfig:
    """A checked match configuration; ``TableError`` saying what is wrong."""
    if not isinstance(edition, str) or edition not in EDITIONS:
        raise TableError("bad-request", f"'edition' must be one of {sorted(EDITIONS)}")
    if not (isinstance(players, list) and MIN_PLAYERS <= len(players) <= MAX_PLAYERS):
        raise TableError("bad-request", f"'players' must be a list of {MIN_PLAYERS} to {MAX_PLAYERS} names")
    names = []
    for name in players:
        if not isinstance(name, str) or not name.strip() or len(name) > MAX_NAME:
            raise TableError("bad-request", f"every player needs a name of 1 to {MAX_NAME} characters")
        names.append(name.strip())
    if type(dealer) is not int or not 0 <= dealer < len(names):
        raise TableError("bad-request", f"'dealer' must be a seat from 0 to {len(names) - 1}")
    if target is not None and (type(target) is not int or not 1 <= target <= 10000):
        raise TableError("bad-request", "'target' must be a positive number of points or null")
    try:
        resolved = resolve_rules(edition, rules)
    except IllegalAction as exc:
        raise TableError("bad-request", exc.message) from None
    return MatchConfig(edition, names, dealer, resolved, target)


def check_event(event, edition: str) -> dict:
    """A watcher event as the tracker needs it; ``TableError`` for anything else."""
    if not isinstance(event, dict) or event.get("type") not in EVENT_TYPES:
        raise TableError("bad-request", f"an event needs a 'type' of {list(EVENT_TYPES)}")
    kind = event["type"]
    villains = EDITIONS[edition].villain_codes
    t = event.get("t", 0.0)
    if isinstance(t, bool) or not isinstance(t, int | float) or t != t:
        raise TableError("bad-request", "'t' must be a number of seconds")
    playable = EDITIONS[edition].playable_codes
    if kind == "landed" and event.get("card") not in playable:
        raise TableError("bad-request", f"'card' must be a card of {edition}")
    if kind == "reread" and not (event.get("card") in playable and event.get("was") in playable):
        raise TableError("bad-request", f"a reread needs a 'card' and the 'was' it corrects, of {edition}")
    if kind in ("taken", "reached", "moved", "top"):
        if event.get("zone") not in PILES or event.get("card") not in villains:
            raise TableError("bad-request", "a villain event needs a pile 'zone' and a villain 'card'")
        if event.get("under") is not None and event["under"] not in villains:
            raise TableError("bad-request", "'under' must be a villain or null")
    if kind == "moved" and event.get("to") not in PILES:
        raise TableError("bad-request", "'to' must be a villain pile")
    if kind == "camera" and event.get("status") not in ("lost", "ok"):
        raise TableError("bad-request", "'status' must be 'lost' or 'ok'")
    if "seat" in event and event["seat"] is not None and type(event["seat"]) is not int:
        raise TableError("bad-request", "'seat' must be a seat number")
    reach = event.get("reach")
    if reach is not None and not _border_place(reach):
        raise TableError("bad-request", "'reach' must be a place on the border from 0 to 1, or null")
    arrivals = event.get("arrivals")
    if arrivals is not None and not (
        isinstance(arrivals, list) and len(arrivals) <= MAX_ARRIVALS and all(map(_border_place, arrivals))
    ):
        raise TableError(
            "bad-request", f"'arrivals' must be a list of at most {MAX_ARRIVALS} places on the border, 0 to 1"
        )
    return event


def _border_place(value) -> bool:
    """Whether ``value`` is a place on the frame's border: a number from 0 to 1 (not a bool)."""
    return not isinstance(value, bool) and isinstance(value, int | float) and 0 <= value <= 1


def no_frame() -> TableError:
    return TableError(
        "no-camera",
        "no camera frame yet (the companion runs without a camera, or it has not delivered a frame)",
        404,
    )


class Companion:
    """The table companion's state and its changes. Thread-safe."""

    def __init__(self, store: Store | None = None, *, resume: bool = True):
        self.store = store or Store()
        self._lock = threading.RLock()
        self._subscribers: list[queue.Queue] = []
        self.version = int(time.time() * 1000)  # grows with every change, across restarts too
        self.camera: dict = {"status": "none", "source": None, "readings": {}}
        self.match: MatchTracker | None = None
        self._match_started = time.time()
        self._camera_t: float | None = None
        self._seed_since: float | None = None
        self._late_tops: set[str] = set()  # villain piles not read yet when the round started
        self._view_cache: tuple[int, dict, bytes] | None = None
        self._last_camera_push = 0.0
        self._source = None
        self._pipeline = None
        self._thread: threading.Thread | None = None
        self._stop = threading.Event()
        self.zones = None
        self.last_image = None
        self.reach = ReachWatcher()
        if resume:
            self._resume()

    # ------------------------------------------------------------------ matches

    def _resume(self) -> None:
        for row in self.store.matches():
            if row["summary"].get("status") in ("finished", "abandoned"):
                continue
            self.match = self._replay(row["id"], row["config"])
            self._match_started = row["created"]
            return

    def _replay(self, match_id: int, config: dict) -> MatchTracker:
        match = MatchTracker(match_id, MatchConfig(**config))
        for entry in self.store.entries(match_id):
            try:
                match.apply(entry, live=False)
            except (TableError, IllegalAction) as exc:  # a refused entry is kept in the log, without effect
                log.warning("entry %d of match %d not applied: %s", match.next_seq, match_id, exc)
                match.next_seq += 1
        return match

    def start_match(self, edition, players, dealer=0, rules=None, target=None) -> dict:
        config = match_config(edition, players, dealer, rules, target)
        with self._lock:
            if self.match is not None and self.match.status not in ("finished",):
                self.match.abandoned = True
                self.store.set_summary(self.match.match_id, self.match.summary())
            match_id = self.store.create_match(config.to_json())
            self.match = MatchTracker(match_id, config)
            self._match_started = time.time()
            self._late_tops = set()
            self.store.set_summary(match_id, self.match.summary())
            self._seed_round()
            return self._publish()

    def _seed_round(self, state: dict | None = None) -> None:
        """A round without its starting card takes the table as the camera found it: the villain tops
        and the discard pile's top, once every pile has a stable reading (or after SEED_WAIT_S).
        ``state``: the table as it was before a card landed on the discard pile, that card the first
        play: the round starts at once, and a villain pile not read yet tells its top when it is
        (``_reveal_late_tops``)."""
        if self._pipeline is None or self.match is None or self.match.round.game is not None:
            return
        if self.match.round.number > 1:
            return  # a new deal: its starting card is the first card that lands on the pile the camera knows
        edition = EDITIONS[self.match.config.edition]
        played = state is not None
        state = self._pipeline_state() if state is None else state
        start = (state.get("discard") or {}).get("card")
        if start not in edition.playable_codes:
            self._seed_since = None
            return
        now = self._now()
        if self._seed_since is None:
            self._seed_since = now
        piles = [p for p in PILES if p in state] if edition.villains else []
        tops = {p: (state.get(p) or {}).get("card") for p in piles}
        waiting = any(card is None for card in tops.values()) and now - self._seed_since < SEED_WAIT_S
        if waiting and not played:
            return
        for pile, card in tops.items():
            if card in edition.villain_codes:
                self._tell_top(pile, card, now)
        # (with the camera's confidence: a starting card misread may be read again from the first play)
        event = {"type": "landed", "zone": "discard", "card": start, "first": True,
                 "confidence": (state.get("discard") or {}).get("confidence")}
        self._apply({"kind": "event", "t": now, "event": event})
        self._seed_since = None
        self._late_tops = {pile for pile, card in tops.items() if card not in edition.villain_codes}

    def _reveal_late_tops(self) -> None:
        """Villain piles the camera had not read when the round started: their first stable reading is
        their top, while the round knows none there."""
        if not self._late_tops or self.match is None or self.match.round.game is None:
            return
        state = self._pipeline_state()
        villains = EDITIONS[self.match.config.edition].villain_codes
        for pile in sorted(self._late_tops):
            card = (state.get(pile) or {}).get("card")
            if card not in villains:
                continue
            self._late_tops.discard(pile)
            stack = self.match.round.game.villains.get(pile)
            if stack and stack[0] is None:
                self._tell_top(pile, card, self._now())

    def _tell_top(self, pile: str, card: str, t: float) -> None:
        """The camera's reading of a villain pile's top, as the round's entry."""
        self._apply({"kind": "event", "t": t, "event": {"type": "top", "zone": pile, "card": card}})

    def load_match(self, match_id: int, config: dict) -> MatchTracker:
        """Any stored match, replayed from its log (for browsing and exports)."""
        with self._lock:
            if self.match is not None and self.match.match_id == match_id:
                return self.match
        return self._replay(match_id, config)

    def _now(self) -> float:
        if self._camera_t is not None:
            return round(self._camera_t, 3)
        return round(time.time() - self._match_started, 3)

    # ------------------------------------------------------------------ changes

    def _apply(self, entry: dict) -> None:
        """Check, store (committed), then keep. The caller holds the lock and publishes."""
        match = self.match
        if match is None:
            raise TableError("no-match", "no match in progress: start one first", 409)
        entry = match.prepare(entry)
        status = match.status
        try:
            seq = match.apply(entry, live=True)
            self.store.append(match.match_id, entry)
        except Exception:
            self.match = self._replay(match.match_id, match.config.to_json())
            raise
        if match.status != status or entry["kind"] == "round":
            self.store.set_summary(match.match_id, match.summary())
        log.debug("entry %d of match %d: %s", seq, match.match_id, entry["kind"])

    def submit(self, entry: dict) -> dict:
        """Apply one log entry (``kind`` and its fields; ``t`` is added) and return the new view."""
        with self._lock:
            entry = {**entry, "t": entry.get("t", self._now())}
            self._apply(entry)
            return self._publish()

    def feed(self, event: dict) -> dict | None:
        """One watcher event. A malformed one is dropped (and logged); the game is not touched."""
        with self._lock:
            if self.match is None:
                return None
            try:
                event = check_event(event, self.match.config.edition)
            except TableError as exc:
                log.warning("camera event dropped: %s", exc.message)
                return None
            if event["type"] == "camera":
                self.camera["status"] = event["status"]
            t = float(event.get("t", self._now()))
            try:
                self._apply({"kind": "event", "t": t, "event": event})
            except (TableError, IllegalAction) as exc:
                # A reading the rules cannot place (a misread villain, say): the camera goes on.
                log.warning("camera event refused: %s", exc.message)
                return None
            return self._publish()

    def manual(self, action: dict) -> dict:
        return self.submit({"kind": "action", "action": action})

    def answer(self, question: str, value) -> dict:
        return self.submit({"kind": "answer", "question": question, "value": value})

    def undo(self) -> dict:
        return self.submit({"kind": "undo"})

    def fix(self, index: int | None = None, by: int | None = None, card: str | None = None) -> dict:
        return self.submit({"kind": "fix", "index": index, "by": by, "card": card})

    def end_round(self, winner: int, left: list[int], *, force: bool = False) -> dict:
        with self._lock:
            return self.submit({"kind": "round", "winner": winner, "left": left, "force": force})

    def table_log(self) -> dict:
        """The current round as ``companion run --headless`` writes it (tracker.RoundTracker.table_log)."""
        with self._lock:
            if self.match is None:
                raise TableError("no-match", "no match in progress", 409)
            return self.match.round.table_log()

    def questions(self) -> list[dict]:
        with self._lock:
            return self.match.round.open_questions() if self.match else []

    # ------------------------------------------------------------------ the view and its subscribers

    def view(self) -> dict:
        with self._lock:
            return self._current()[1]

    def view_json(self) -> bytes:
        with self._lock:
            return self._current()[2]

    def _current(self) -> tuple[int, dict, bytes]:
        if self._view_cache is None or self._view_cache[0] != self.version:
            view = self._build_view()
            self._view_cache = (self.version, view, json.dumps(view, ensure_ascii=False).encode())
        return self._view_cache

    def _build_view(self) -> dict:
        view = {
            "version": self.version,
            "match": None,
            "round": None,
            "game": None,
            "hints": None,
            "last_play": None,
            "questions": [],
            "log": [],
            "score": None,
            "camera": dict(self.camera),
        }
        match = self.match
        if match is None:
            return view
        rnd = match.round
        view["match"] = match.info()
        round_status = "waiting-start" if rnd.game is None else "over" if rnd.finished else "playing"
        view["round"] = {"number": rnd.number, "dealer": rnd.dealer, "status": round_status}
        if rnd.game is not None:
            view["game"] = rnd.game.view()
            view["hints"] = rnd.game.hints()
            last = rnd.last_play()
            if last is not None:
                index, move = last
                view["last_play"] = {
                    "index": index,
                    "by": move.action["by"],
                    "card": move.action["play"],
                    "intercept": move.intercept,
                    "inferred": move.inferred,
                }
        view["questions"] = rnd.open_questions()
        view["log"] = rnd.log[-100:]
        view["score"] = match.score()
        return view

    def _publish(self) -> dict:
        self.version += 1
        version, view, body = self._current()
        message = b"event: state\nid: %d\ndata: %s\n\n" % (version, body)
        self._broadcast(message)
        return view

    def _broadcast(self, message: bytes) -> None:
        for subscriber in list(self._subscribers):
            try:
                subscriber.put_nowait(message)
            except queue.Full:  # a client that stopped reading: it only needs the latest state
                while True:
                    try:
                        subscriber.get_nowait()
                    except queue.Empty:
                        break
                subscriber.put_nowait(message)

    def subscribe(self) -> queue.Queue:
        """A queue of SSE messages (bytes), starting with the current view."""
        subscriber: queue.Queue = queue.Queue(maxsize=SUBSCRIBER_BACKLOG)
        with self._lock:
            version, _, body = self._current()
            subscriber.put_nowait(b"retry: 2000\n\nevent: state\nid: %d\ndata: %s\n\n" % (version, body))
            self._subscribers.append(subscriber)
        return subscriber

    def unsubscribe(self, subscriber: queue.Queue) -> None:
        with self._lock:
            if subscriber in self._subscribers:
                self._subscribers.remove(subscriber)

    def close_streams(self) -> None:
        """End every event stream (the server is stopping)."""
        with self._lock:
            for subscriber in self._subscribers:
                try:
                    subscriber.put_nowait(None)
                except queue.Full:
                    pass

    @property
    def subscriber_count(self) -> int:
        return len(self._subscribers)

    def set_readings(self, readings: dict) -> None:
        """The pipeline's current reading per zone; pushed on their own, at most every CAMERA_PUSH_S."""
        with self._lock:
            if readings == self.camera.get("readings"):
                return
            self.camera["readings"] = readings
            now = time.monotonic()
            if now - self._last_camera_push < CAMERA_PUSH_S:
                return
            self._last_camera_push = now
            body = json.dumps(self.camera, ensure_ascii=False).encode()
            self._broadcast(b"event: camera\ndata: %s\n\n" % body)

    # ------------------------------------------------------------------ the camera

    def attach_source(self, source, *, zones=None, pipeline=None) -> None:
        """Watch a frame source (``companion.vision.sources``) through the vision pipeline."""
        if pipeline is None:
            from companion.vision.pipeline import Pipeline

            pipeline = Pipeline(zones) if zones is not None else Pipeline()
        with self._lock:
            self._source = source
            self._pipeline = pipeline
            self.zones = zones
            self.camera.update({"status": "starting", "source": getattr(source, "name", "camera")})

    @property
    def pipeline(self):
        """The vision pipeline the frames go through now (None without a camera)."""
        return self._pipeline

    def start(self) -> None:
        """Run the source in a thread until it ends or ``stop`` is called."""
        if self._source is None:
            raise TableError("no-camera", "no frame source attached", 404)
        self._stop.clear()
        self._thread = threading.Thread(target=self.run_source, name="companion-source", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        if self._source is not None:
            self._source.stop()
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(timeout=5)

    def run_source(self) -> None:
        """Frames -> events -> tracker, in the calling thread, until the source ends or ``stop``."""
        for frame in self._source:
            if self._stop.is_set():
                break
            try:
                self.process_frame(frame)  # the pipeline of the moment: new zones make a new one
            except Exception:
                # One frame the vision cannot handle must not stop the camera: the game is kept as it was.
                log.exception("frame at %.2f s skipped", getattr(frame, "t", 0.0))
        with self._lock:
            if self.camera["status"] != "lost":
                self.camera["status"] = "ended"
            self._publish()

    def process_frame(self, frame, pipeline=None) -> list[dict]:
        """One frame through the pipeline; its events go to the tracker (the pipeline reports the
        camera lost and back as events too)."""
        pipeline = pipeline or self._pipeline
        self._camera_t = frame.t
        unseeded = self.match is not None and self.match.round.game is None
        before = self._pipeline_state() if unseeded else None  # the starting card, if one lands now
        events = pipeline.process(frame)
        self.reach.update(frame.t, frame.image)
        for event in events:
            self.reach.annotate(event)
        self.reach.cross_check(events)
        with self._lock:
            if frame.image is not None:
                self.last_image = frame.image
                if self.camera["status"] in ("starting", "ended"):
                    self.camera["status"] = "ok"
                    self._publish()
            if self.match is not None and self.match.round.game is None:
                landed = any(event.get("type") == "landed" for event in events)
                self._seed_round(before if landed else None)
            self._reveal_late_tops()
            for event in events:
                self.feed(event)
            if self.match is None:
                for event in events:
                    if event.get("type") == "camera":
                        self.camera["status"] = event["status"]
                        self._publish()
        self.set_readings(dict(getattr(pipeline, "readings", {}) or {}))
        return events

    def _pipeline_state(self) -> dict:
        """The stable reading per zone (the table as the camera found it)."""
        return self._pipeline.state() if self._pipeline is not None else {}

    # ------------------------------------------------------------------ calibration

    def snapshot_jpeg(self, *, zones: bool = False) -> bytes:
        import cv2

        with self._lock:
            image = self.last_image
            polygons = self.zones
        if image is None:
            raise no_frame()
        if zones and polygons is not None:
            import numpy as np

            image = image.copy()
            for name in polygons.names():
                points = np.asarray(polygons[name], dtype=np.int32).reshape(-1, 1, 2)
                cv2.polylines(image, [points], True, (0, 255, 255), 2)
                x, y = points[0, 0]
                cv2.putText(
                    image, name, (int(x) + 4, int(y) + 16), cv2.FONT_HERSHEY_SIMPLEX, 0.5, (0, 255, 255), 1
                )
        ok, jpeg = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, 85])
        if not ok:
            raise TableError("no-camera", "the frame could not be encoded", 404)
        return jpeg.tobytes()

    def count_cards(self) -> dict:
        """The cards spread face up around the discard pile in the latest frame (a hand counted at a
        round's end): ``{"count", "cards", "quads"}`` (``companion.vision.count``). Changes nothing."""
        from companion.vision.count import count_spread_cards
        from companion.vision.zones import ZonesError

        with self._lock:
            image = self.last_image
            pipeline = self._pipeline
            zones = getattr(pipeline, "zones", None) or self.zones
        if image is None:
            raise no_frame()
        if zones is None:
            raise TableError("no-zones", "no zones drawn: calibrate the camera first", 409)
        try:
            return count_spread_cards(
                image,
                zones,
                watcher=getattr(pipeline, "watcher", None),
                classifier=getattr(pipeline, "classifier", None),
                crop_size=getattr(pipeline, "crop_size", None),
            )
        except (ZonesError, ValueError) as exc:
            message = f"the cards cannot be counted on this frame: {exc}"
            raise TableError("count-failed", message, 422) from None

    def zones_json(self) -> dict:
        with self._lock:
            if self.zones is None:
                return {"zones": {}}
            return self.zones.to_json()

    def set_zones(self, data, *, save_to=None) -> dict:
        from companion.vision.zones import ZonesError, parse_zones, save_zones

        try:
            zones = parse_zones(data)
            if self.last_image is not None:
                zones.check_frame((self.last_image.shape[1], self.last_image.shape[0]))
        except ZonesError as exc:
            raise TableError("bad-request", str(exc)) from None
        with self._lock:
            self.zones = zones
            pipeline = self._pipeline
            if pipeline is not None and hasattr(pipeline, "set_zones"):
                pipeline.set_zones(zones)
            elif pipeline is not None:  # a pipeline is built for its zones: a new one, same classifier
                self._pipeline = type(pipeline)(zones, pipeline.classifier)
            if save_to is not None:
                save_zones(zones, save_to)
            self._publish()
            return zones.to_json()

    def auto_zones(self, *, save_to=None) -> dict:
        from companion.vision.zones import ZonesError, auto_calibrate

        with self._lock:
            image = self.last_image
        if image is None:
            raise TableError("no-camera", "no camera frame to calibrate on", 404)
        try:
            zones = auto_calibrate(image)
        except ZonesError as exc:
            raise TableError("calibration-failed", str(exc), 422) from None
        return self.set_zones(zones.to_json(), save_to=save_to)
