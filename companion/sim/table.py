"""The simulated table: bots play an engine game, and a camera above the table films it.

    table = SimulatedTable("adventure", 3, seed=7)         # 640×480, 15 frames per second
    table.zones                                            # companion.vision.zones.Zones of the layout
    for frame in table:                                    # companion.vision.sources.Frame
        frame.t, frame.image                               # seconds of video time, BGR uint8
        frame.truth["events"]                              # what became visible at this frame
    table.expected                                         # every event a perfect watcher reports

The layout: the deck and the three villain piles in a row at the back of the table, the discard
pile in front of them, the players around the other three edges. Each engine action is acted out
by an arm reaching from the player's seat: a play carries the card to the discard pile, where it
lands with a random pose on the cards already there (the lower ones peek out); a defeated villain
is taken back to the seat; a shake carries a villain top onto another pile; a draw reaches into the
deck and back. After a slap or a steal every player slaps the deck, one after another, the last hand
(the engine action's ``last``) last; the hands lift together. Arms now and then reach over a pile
and back without doing anything, and cross the table over the piles on their way. The camera adds
a slow drift of the light, sensor noise, short bursts of blur, and glare spots that come and go
(``noise=False`` turns all of that off).

Ground truth: ``expected`` holds, in order, one dict per event a watcher should report, in the
vision event format (``type``, ``zone``, ``card``, ``same`` / ``under`` / ``to``) plus ``t_clear``:
the frame time when the hand left the zone, from which latency is measured, ``t_cover``: the first
frame the hand covered the zone (the watcher's ``covered``), and ``action``, the index of the engine
action behind it. Everyone slapping the deck is a ``drawn`` event, as the camera sees it, with
``slap`` true and ``last`` the last hand's seat. ``frame.truth`` carries ``events`` (those whose
hand left at this frame), ``actions`` (the engine actions started at this frame) and ``covered`` (zones an arm
overlaps in this frame).

``max_actions`` stops the game after that many engine actions (short games for tests and
benchmarks); ``style`` is a ``companion.sim.faces.FaceStyle`` (by default a held-out printing drawn
from the seed, a deck the card model was not trained on).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, field

import cv2
import numpy as np

from companion.cards import BACK, PILES, parse
from companion.vision.sources import Frame
from companion.vision.zones import Zones

# Where the piles lie, as fractions of the frame (x, y of the pile's centre).
# The deck lies in the far corner, off the paths of the arms that play onto the discard pile.
LAYOUT = {
    "deck": (0.13, 0.27), "pirates": (0.38, 0.27), "ghosts": (0.62, 0.27), "aliens": (0.87, 0.27),
    "discard": (0.5, 0.64),
}
CARD_HEIGHT = 0.2  # a card's height as a fraction of the frame's height
ZONE_SCALE = 1.55  # a zone's side in card heights
# Seconds: an arm's trip to a pile, its stay there, and the pause between two steps of the game.
REACH_S = 0.4
DWELL_S = 0.12
PAUSE_S = 0.45
DISTRACTION_RATE = 0.15  # chance per action that some player reaches over a pile for nothing
EDGE_COLOUR = (200, 205, 210)
SKIN_TONES = ((140, 170, 225), (110, 145, 200), (80, 110, 160), (60, 80, 120), (170, 195, 235))


@dataclass
class _Card:
    code: str
    quad: np.ndarray


@dataclass
class _Arm:
    """An arm from a seat; ``path`` is [(t, point)], ``carry`` the face shown in the hand, if any."""

    seat: int
    path: list
    carry: list = field(default_factory=list)  # [(t0, t1, code)]: the card held between t0 and t1

    def at(self, t: float):
        if t < self.path[0][0] or t > self.path[-1][0]:
            return None
        for (t0, p0), (t1, p1) in zip(self.path, self.path[1:], strict=False):
            if t0 <= t <= t1:
                k = 0.0 if t1 == t0 else (t - t0) / (t1 - t0)
                k = k * k * (3 - 2 * k)  # ease in and out, as a hand moves
                return (1 - k) * np.asarray(p0, np.float32) + k * np.asarray(p1, np.float32)
        return np.asarray(self.path[-1][1], np.float32)

    def holding(self, t: float) -> str | None:
        return next((code for t0, t1, code in self.carry if t0 <= t < t1), None)


class SimulatedTable:
    def __init__(self, edition: str = "adventure", players: int = 3, seed: int = 0, *,
                 size: tuple[int, int] = (640, 480), fps: float = 15.0, noise: bool = True,
                 max_actions: int | None = None, style=None, bots: str = "greedy",
                 distractions: bool = True):
        from companion.rules import Game

        self.edition = edition
        self.players = players
        self.seed = seed
        self.size = (int(size[0]), int(size[1]))
        self.fps = float(fps)
        self.noise = noise
        self.max_actions = max_actions
        self.distractions = distractions
        self.rng = np.random.default_rng(seed)
        self.bot_rng = random.Random(seed)
        names = [f"P{i + 1}" for i in range(players)]
        self.game = Game.deal(edition, names, seed=seed)
        self.bots = self._bots(bots)
        if style is None:
            from companion.sim.faces import FaceStyle

            style = FaceStyle.random(np.random.default_rng(seed + 1000), split="heldout")
        self.style = style
        w, h = self.size
        self.card_h = CARD_HEIGHT * h
        self.card_w = self.card_h / 1.5
        self.zones = self._layout_zones()
        self.expected: list[dict] = []
        self._faces: dict[str, np.ndarray] = {}
        self._seats = self._seat_points()
        self._skins = [SKIN_TONES[int(self.rng.integers(len(SKIN_TONES)))] for _ in range(players)]
        self._sleeves = [tuple(int(c) for c in self.rng.integers(20, 230, 3)) for _ in range(players)]
        self._table = self._table_image()
        self._noise_bank = self._make_noise() if noise else []
        self._gradient = self._make_gradient()
        # The piles as drawn: bottom first; only the last few cards of a pile are drawn.
        state = self.game.state()
        self.piles: dict[str, list[_Card]] = {name: [] for name in LAYOUT}
        self.piles["discard"].append(_Card(state["top"], self._landing_quad("discard")))
        for _ in range(3):
            self.piles["deck"].append(_Card(BACK, self._landing_quad("deck", spread=0.25)))
        for pile in PILES:
            for code in reversed(state["villains"][pile][:3]):
                self.piles[pile].append(_Card(code, self._landing_quad(pile)))
        self.deck_count = state["deck"]
        self._static: tuple[np.ndarray, np.ndarray] | None = None

    # -- set-up -----------------------------------------------------------------------------------
    def _bots(self, kind: str):
        from companion.rules.bots import GreedyBot, RandomBot

        bot = {"greedy": GreedyBot, "random": RandomBot}[kind]
        return [bot() for _ in range(self.players)]

    def _layout_zones(self) -> Zones:
        half = ZONE_SCALE * self.card_h / 2
        polygons = {}
        for name in LAYOUT:
            cx, cy = self._pile_centre(name)
            polygons[name] = np.array([[cx - half, cy - half], [cx + half, cy - half],
                                       [cx + half, cy + half], [cx - half, cy + half]], np.float32)
        return Zones(polygons, self.size)

    def _seat_points(self) -> list[np.ndarray]:
        """Where each player's arm enters the frame: along the bottom, left and right edges."""
        w, h = self.size
        points = []
        for i in range(self.players):
            # Spread the seats over the near edge and the two sides, clockwise from the left.
            u = (i + 0.5) / self.players
            if u < 0.25:
                points.append((-20.0, h * (0.45 + u * 2)))
            elif u < 0.75:
                points.append((w * (0.1 + (u - 0.25) * 1.6), h + 20.0))
            else:
                points.append((w + 20.0, h * (0.95 - (u - 0.75) * 2)))
        return [np.asarray(p, np.float32) for p in points]

    def _table_image(self) -> np.ndarray:
        from companion.sim.scene import table_texture

        return table_texture(self.rng, self.size)

    def _make_noise(self) -> list[tuple[np.ndarray, np.ndarray]]:
        w, h = self.size
        bank = []
        for _ in range(6):
            n = self.rng.normal(0, 3.5, (h, w, 3))
            bank.append((np.clip(n, 0, 255).astype(np.uint8), np.clip(-n, 0, 255).astype(np.uint8)))
        return bank

    def _make_gradient(self) -> np.ndarray:
        w, h = self.size
        yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
        angle = self.rng.uniform(0, 2 * np.pi)
        ramp = np.cos(angle) * (xx / w - 0.5) + np.sin(angle) * (yy / h - 0.5)
        return (0.5 + ramp / 1.5).astype(np.float32)  # 0..1 across the frame

    def face(self, code: str) -> np.ndarray:
        if code not in self._faces:
            from companion.sim.faces import render_face

            height = int(round(self.card_h * 1.5))
            self._faces[code] = render_face(code, self.style, (int(round(height / 1.5)), height))
        return self._faces[code]

    def enrollment_photos(self, shots: int = 3, size: tuple[int, int] = (64, 96)) -> tuple[list, list]:
        """Photos of this table's printing as a family would enroll its deck: ``shots`` of every
        picture card, villain and the back (number cards are read zero-shot), the first clean, the
        others through the camera effects of ``companion.sim.scene``. Returns (photos, codes)."""
        from companion.cards import EDITIONS, parse
        from companion.sim.scene import camera

        rng = np.random.default_rng(self.seed + 7)
        codes = [c for c in EDITIONS[self.edition].codes if not parse(c).is_number] + [BACK]
        photos, labels = [], []
        for code in codes:
            face = cv2.resize(self.face(code), tuple(size), interpolation=cv2.INTER_AREA)
            for shot in range(shots):
                photos.append(face if shot == 0 else camera(face, rng, 0.5))
                labels.append(code)
        return photos, labels

    def enrolled(self, classifier, shots: int = 3):
        """A classifier like ``classifier`` (companion.vision.classify.Classifier) with this table's
        printing enrolled as a deck profile (``enrollment_photos``)."""
        from companion.vision.classify import Classifier
        from companion.vision.decks import DeckProfile

        photos, codes = self.enrollment_photos(shots, (classifier.width, classifier.height))
        embeddings = np.stack([reading.embedding for reading in classifier.classify(photos)])
        profile = DeckProfile(f"sim-{self.seed}", codes, embeddings.astype(np.float32), model="")
        return Classifier(classifier.model_path, edition=self.edition, deck=profile, threads=1)

    def _landing_quad(self, zone: str, spread: float = 1.0) -> np.ndarray:
        """A card dropped on a pile: a little off the pile's centre, turned a little."""
        from companion.sim.scene import card_quad

        centre = self._pile_centre(zone) + self.rng.normal(0, 0.06 * self.card_h * spread, 2)
        angle = float(self.rng.normal(0, 14 * spread))
        return card_quad(centre, self.card_h, angle)

    # -- the game, acted out ----------------------------------------------------------------------
    def __iter__(self) -> Iterator[Frame]:
        from companion.rules.simulate import play

        t = 1.0  # a quiet second first, for the camera to find the table
        frame_index = 0
        scheduled: list[tuple[float, object]] = []  # (time, callable) changes to the piles
        arms: list[_Arm] = []
        pending_truth: list[dict] = []
        actions = play(self.game, self.bots, self.bot_rng)
        before = self.game.state()
        count = 0
        done = False
        started: list[dict] = []
        while True:
            # Plan the next action once everything planned so far has happened.
            busy_until = max([a.path[-1][0] for a in arms] + [s[0] for s in scheduled] + [0.0])
            if not done and frame_index / self.fps >= busy_until - 1e-9:
                action = None
                if self.max_actions is None or count < self.max_actions:
                    action = next(actions, None)
                if action is None:
                    done = True
                    end = max(busy_until, frame_index / self.fps) + 1.0
                else:
                    after = self.game.state()
                    start = max(t, frame_index / self.fps)
                    plan = self._plan(count, action, before, after, start)
                    arms.extend(plan["arms"])
                    scheduled.extend(plan["changes"])
                    pending_truth.extend(plan["truth"])
                    started.append({"index": count, **action})
                    before = after
                    count += 1
            now = frame_index / self.fps
            if done and now > end:
                return
            for when, change in sorted(scheduled, key=lambda s: s[0]):
                if when <= now:
                    change()
            scheduled = [s for s in scheduled if s[0] > now]
            active = [a for a in arms if a.at(now) is not None]
            image, covered = self._render(now, active)
            arms = [a for a in arms if a.path[-1][0] >= now]
            cleared, waiting = [], []
            for truth in pending_truth:
                # The first cover by this event's own arm (an earlier step of the action may cover it too).
                if "t_cover" not in truth and now >= truth["t_from"] and truth["zone_wait"] in covered:
                    truth["t_cover"] = round(now, 4)
                if now >= truth["t_change"] and truth["zone_wait"] not in covered:
                    event = {k: v for k, v in truth.items() if k not in ("t_change", "zone_wait", "t_from")}
                    event["t_clear"] = round(now, 4)
                    self.expected.append(event)
                    cleared.append(event)
                else:
                    waiting.append(truth)
            pending_truth = waiting
            truth = {"events": cleared, "actions": started, "covered": covered}
            yield Frame(round(now, 4), image, truth=truth)
            started = []
            frame_index += 1

    def _plan(self, index: int, action: dict, before: dict, after: dict, start: float) -> dict:
        """Arms, pile changes and expected events that act out one engine action."""
        arms: list[_Arm] = []
        changes: list = []
        truth: list[dict] = []
        t = start
        seat = action.get("by", action.get("penalty", 0))
        if "play" in action and after["discard"] > before["discard"]:
            code = action["play"]
            quad = self._landing_quad("discard")
            arrive = t + REACH_S
            arms.append(self._reach(seat, "discard", t, carry=code, drop_at=arrive))
            changes.append((arrive, self._adder("discard", code, quad)))
            truth.append({"type": "landed", "zone": "discard", "card": code, "same": before["top"] == code,
                          "action": index, "t_from": t, "t_change": arrive, "zone_wait": "discard"})
            t = arrive + DWELL_S + REACH_S + PAUSE_S
            if parse(code).kind in ("slap", "steal") and "last" in action:
                t = self._plan_slap(index, action["last"], before["deck"] > 0, t, arms, truth)
        villains = {p: list(before["villains"][p]) for p in PILES}
        shake = action.get("shake")
        if shake and villains.get(shake[0]):
            source, target = shake
            moved = villains[source].pop(0)
            villains[target].insert(0, moved)
            pick = t + REACH_S
            place = pick + REACH_S
            points = [self._seats[seat], self._pile_point(source), self._pile_point(target),
                      self._seats[seat]]
            arms.append(_Arm(seat, [(t, points[0]), (pick, points[1]), (pick + DWELL_S, points[1]),
                                    (place, points[2]), (place + DWELL_S, points[2]),
                                    (place + DWELL_S + REACH_S, points[3])],
                             carry=[(pick + DWELL_S, place, moved)]))
            changes.append((pick + DWELL_S, self._remover(source, list(villains[source]))))
            changes.append((place, self._adder(target, moved, self._landing_quad(target))))
            truth.append({"type": "moved", "zone": source, "card": moved, "to": target,
                          "under": villains[source][0] if villains[source] else None,
                          "action": index, "t_from": t, "t_change": place, "zone_wait": target})
            t = place + DWELL_S + REACH_S + PAUSE_S
        for pile in PILES:
            gone = len(villains[pile]) - len(after["villains"][pile])
            for _ in range(max(0, gone)):
                taken = villains[pile].pop(0)
                grab = t + REACH_S
                arms.append(self._reach(seat if "by" in action else 0, pile, t, take=taken, take_at=grab))
                changes.append((grab, self._remover(pile, list(villains[pile]))))
                truth.append({"type": "taken", "zone": pile, "card": taken,
                              "under": villains[pile][0] if villains[pile] else None,
                              "action": index, "t_from": t, "t_change": grab, "zone_wait": pile})
                t = grab + DWELL_S + REACH_S + PAUSE_S
        drawn = before["deck"] - after["deck"]
        if drawn > 0:
            # The player who took cards: the one whose hand grew (a slap's loser, a grab's victim).
            grew = [i for i in range(self.players) if len(after["hands"][i]) > len(before["hands"][i])]
            taker = grew[0] if grew else seat
            grab = t + REACH_S
            arms.append(self._reach(taker, "deck", t, take=BACK, take_at=grab + DWELL_S))
            changes.append((grab + DWELL_S, self._deck_taker(drawn)))
            truth.append({"type": "drawn", "zone": "deck", "card": BACK if after["deck"] else None,
                          "action": index, "t_from": t, "t_change": grab + DWELL_S, "zone_wait": "deck"})
            t = grab + DWELL_S + REACH_S + PAUSE_S
        if not arms:
            t += 0.2  # a pass, an accept with nothing to draw: words, nothing to see
        if self.distractions and self.rng.random() < DISTRACTION_RATE:
            pile = str(self.rng.choice(["discard", *PILES]))
            if self.piles[pile] or pile == "discard":
                arms.append(self._reach(int(self.rng.integers(self.players)), pile, t))
                t += REACH_S * 2 + DWELL_S + PAUSE_S
        if not arms:
            arms.append(_Arm(seat, [(start, self._seats[seat]), (t, self._seats[seat])]))
        return {"arms": arms, "changes": changes, "truth": truth}

    def _plan_slap(self, index: int, last: int, deck: bool, t: float, arms: list, truth: list) -> float:
        """R-SLAP / R-STEAL: every player slaps the deck, one after another, ``last`` last; the hands
        stay until the last one lands and lift together. Returns when the table is quiet again."""
        order = [s for s in self.rng.permutation(self.players).tolist() if s != last] + [last]
        centre = self._pile_centre("deck").astype(np.float32)
        starts = [t]
        for _ in order[1:]:
            starts.append(starts[-1] + float(self.rng.uniform(0.15, 0.3)))
        landed = starts[-1] + REACH_S
        lift = landed + DWELL_S
        for seat, start in zip(order, starts, strict=True):
            # Side by side over the deck, each hand a little towards its own seat.
            toward = self._seats[seat] - centre
            toward /= max(float(np.linalg.norm(toward)), 1e-6)
            spot = centre + toward * 0.25 * self.card_h
            spot += self.rng.normal(0, 0.05 * self.card_h, 2).astype(np.float32)
            home = self._seats[seat]
            path = [(start, home), (start + REACH_S, spot), (lift, spot), (lift + REACH_S, home)]
            arms.append(_Arm(seat, path))
        if deck:
            # The camera sees hands reach into the deck and leave, as for a draw: a deck event.
            truth.append({"type": "drawn", "zone": "deck", "card": BACK, "slap": True, "last": last,
                          "action": index, "t_from": t, "t_change": landed, "zone_wait": "deck"})
        return lift + REACH_S + PAUSE_S

    def _pile_centre(self, zone: str) -> np.ndarray:
        """The middle of a pile's place on the table, in pixels."""
        fx, fy = LAYOUT[zone]
        return np.array([fx * self.size[0], fy * self.size[1]])

    def _pile_point(self, zone: str) -> np.ndarray:
        """Where a hand reaches on a pile: near its middle."""
        jitter = self.rng.normal(0, 0.1 * self.card_h, 2)
        return self._pile_centre(zone).astype(np.float32) + jitter.astype(np.float32)

    def _reach(self, seat: int, zone: str, t: float, *, carry: str | None = None,
               drop_at: float | None = None, take: str | None = None, take_at: float | None = None) -> _Arm:
        """An arm from the seat to a pile and back; it brings ``carry`` or takes ``take`` away."""
        home, target = self._seats[seat], self._pile_point(zone)
        arrive = t + REACH_S
        path = [(t, home), (arrive, target), (arrive + DWELL_S, target), (arrive + DWELL_S + REACH_S, home)]
        held = []
        if carry is not None:
            held.append((t, drop_at or arrive, carry))
        if take is not None:
            held.append((take_at or arrive, arrive + DWELL_S + REACH_S, take))
        return _Arm(seat, path, held)

    def _adder(self, zone: str, code: str, quad: np.ndarray):
        def add():
            self.piles[zone].append(_Card(code, quad))
            del self.piles[zone][:-4]
            self._static = None
        return add

    def _remover(self, zone: str, remaining: list[str] | None = None):
        """Take the top card off a pile; ``remaining`` (top first) is what the pile holds after."""
        def remove():
            if self.piles[zone]:
                self.piles[zone].pop()
            if remaining is not None:
                # Show the three top cards of what remains: keep the drawn ones, slip the rest under.
                wanted = remaining[:3]
                shown = [c.code for c in reversed(self.piles[zone])]
                if shown != wanted[:len(shown)]:
                    self.piles[zone] = []
                    shown = []
                lower = [_Card(code, self._landing_quad(zone)) for code in reversed(wanted[len(shown):])]
                self.piles[zone] = lower + self.piles[zone]
            self._static = None
        return remove

    def _deck_taker(self, count: int):
        def take():
            self.deck_count -= count
            if self.deck_count <= 0:
                self.piles["deck"] = []
            else:
                # The next card of the deck lies almost where the last one did.
                top = self.piles["deck"][-1]
                shift = self.rng.normal(0, 0.01 * self.card_h, 2).astype(np.float32)
                self.piles["deck"][-1] = _Card(BACK, top.quad + shift)
            self._static = None
        return take

    # -- drawing ----------------------------------------------------------------------------------
    def _static_layer(self) -> tuple[np.ndarray, np.ndarray]:
        """The table and the piles, and the same times the light gradient; redrawn when a pile changes."""
        if self._static is None:
            from companion.sim.scene import drop_shadow, paste_card

            canvas = self._table.copy()
            shadow_rng = np.random.default_rng(self.seed)
            for zone in LAYOUT:
                for card in self.piles[zone]:
                    drop_shadow(canvas, card.quad, shadow_rng, strength=0.3)
                    paste_card(canvas, self.face(card.code), card.quad)
                    self._card_edge(canvas, card.quad)
            lit = cv2.multiply(canvas, cv2.merge([self._gradient] * 3), dtype=cv2.CV_8U)
            self._static = (canvas, lit)
        return self._static

    def _card_edge(self, canvas: np.ndarray, quad: np.ndarray) -> None:
        """The card stock's thin pale edge, which is what shows where a card lies on a like card."""
        points = np.round(quad * 4).astype(np.int32)  # 2 bits of sub-pixel precision
        cv2.polylines(canvas, [points], True, EDGE_COLOUR, 1, cv2.LINE_AA, shift=2)

    def _render(self, t: float, arms: list[_Arm]) -> tuple[np.ndarray, list[str]]:
        static, static_lit = self._static_layer()
        if self.noise:
            # Light drifting slowly: an overall gain and a gradient across the table, over tens of seconds.
            gain = 1.0 + 0.12 * np.sin(t / 7.0 + self.seed)
            tilt = 0.5 * np.sin(t / 11.0 + 2 * self.seed)
            image = cv2.addWeighted(static, gain - 0.5 * tilt, static_lit, tilt, 0.0)
        else:
            image = static.copy()
        covered = self._draw_arms(image, t, arms)
        if self.noise:
            image = self._camera(image, t)
        return image, covered

    def _draw_arms(self, image: np.ndarray, t: float, arms: list[_Arm]) -> list[str]:
        from companion.sim.scene import paste_card

        mask = np.zeros(image.shape[:2], np.uint8)
        scale = self.card_h * 0.85  # a hand is about as long as a card
        for arm in arms:
            hand = arm.at(t)
            if hand is None:
                continue
            start = self._seats[arm.seat]
            direction = hand - start
            direction /= max(float(np.linalg.norm(direction)), 1e-6)
            code = arm.holding(t)
            if code is not None:
                from companion.sim.scene import card_quad

                quad = card_quad(hand + direction * 0.2 * scale, self.card_h,
                                 float(np.degrees(np.arctan2(direction[0], -direction[1]))))
                paste_card(image, self.face(code), quad)
                cv2.fillConvexPoly(mask, np.round(quad).astype(np.int32), 255)
            skin, sleeve = self._skins[arm.seat], self._sleeves[arm.seat]
            width = int(0.5 * scale)
            wrist = hand - direction * 0.5 * scale
            p0, p1 = tuple(int(v) for v in start), tuple(int(v) for v in wrist)
            for target, colour in ((image, sleeve), (mask, 255)):
                cv2.line(target, p0, p1, colour, width + 6, cv2.LINE_AA)
            angle = float(np.degrees(np.arctan2(direction[1], direction[0])))
            centre = tuple(int(v) for v in hand)
            axes = (int(0.45 * scale), int(0.32 * scale))
            for target, colour in ((image, skin), (mask, 255)):
                cv2.ellipse(target, centre, axes, angle, 0, 360, colour, -1, cv2.LINE_AA)
                cv2.line(target, p1, centre, colour, width, cv2.LINE_AA)
        covered = []
        for name, poly in self.zones.polygons.items():
            x0, y0 = np.maximum(poly.min(axis=0).astype(int), 0)
            x1, y1 = poly.max(axis=0).astype(int)
            if mask[y0:y1 + 1, x0:x1 + 1].any():
                covered.append(name)
        return covered

    def _camera(self, image: np.ndarray, t: float) -> np.ndarray:
        from companion.sim.scene import glare, motion_blur

        second = int(t)
        # Effects come in episodes: each is seeded by its own time slot, so a glare spot stays put.
        slot_rng = np.random.default_rng([self.seed, second // 4])
        if slot_rng.random() < 0.35 and (t % 4) < slot_rng.uniform(0.6, 2.0):
            image = glare(image, np.random.default_rng([self.seed, second // 4, 1]), 0.5)
        blur_rng = np.random.default_rng([self.seed, int(t * self.fps) // 6, 2])
        if blur_rng.random() < 0.08:
            image = motion_blur(image, blur_rng, 7.0)
        pos, neg = self._noise_bank[int(self.rng.integers(len(self._noise_bank)))]
        image = cv2.subtract(cv2.add(image, pos), neg)
        return image


# -- ground truth against what a watcher reported -----------------------------------------------------
MATCH_EARLY_S = 0.2  # a report may come this long before the hand is seen to leave (a fast frame)
MATCH_LATE_S = 1.5  # ... and at most this long after


def _event_key(event: dict) -> tuple:
    key = (event["type"], event["zone"], event.get("card"))
    if event["type"] == "landed":
        key += (bool(event.get("same")),)
    if event["type"] == "moved":
        key += (event.get("to"),)
    return key


def _with_rereads(reported: list[dict]) -> list[dict]:
    """The reported events with each ``reread`` folded into the landing it reads again (the
    watcher's own correction of that landing's card): no event of its own."""
    out: list[dict] = []
    for event in reported:
        if event.get("type") != "reread":
            out.append(event)
            continue
        index = next((i for i in range(len(out) - 1, -1, -1)
                      if out[i].get("type") == "landed" and out[i].get("zone") == event.get("zone")), None)
        if index is not None and out[index].get("card") == event.get("was"):
            out[index] = {**out[index], "card": event["card"]}
    return out


def compare(expected: list[dict], reported: list[dict]) -> dict:
    """Match reported events to the expected ones (same type, zone, card, ``same``/``to``, in time).

    Returns counts per kind (``plays``: landed, ``interceptions``: landed with ``same``, ``villains``:
    taken and moved, ``draws``), ``phantoms`` (reports that match nothing expected, camera events
    aside), ``latency`` (seconds from the hand leaving to the report, for the matched events) and
    ``missed``/``extra`` (the unmatched events themselves, for a person to look at).
    """
    # Camera status, and hands that reached into a villain pile whose top looks the same (no claim
    # that anything happened), are not table events.
    reported = [e for e in _with_rereads(reported) if e.get("type") not in ("camera", "reached")]
    used = [False] * len(reported)
    matched: list[tuple[dict, dict]] = []
    missed = []
    for truth in sorted(expected, key=lambda e: e["t_clear"]):
        key = _event_key(truth)
        found = None
        for i, event in enumerate(reported):
            if used[i] or _event_key(event) != key:
                continue
            if truth["t_clear"] - MATCH_EARLY_S <= event["t"] <= truth["t_clear"] + MATCH_LATE_S:
                found = i
                break
        if found is None:
            missed.append(truth)
        else:
            used[found] = True
            matched.append((truth, reported[found]))
    extra = [e for e, u in zip(reported, used, strict=True) if not u]

    def kind(e):
        if e["type"] == "landed":
            return "plays"
        if e["type"] in ("taken", "moved"):
            return "villains"
        return "draws" if e["type"] == "drawn" else "other"

    counts = {}
    for name in ("plays", "interceptions", "villains", "draws"):
        def belongs(e, name=name):
            if name == "interceptions":
                return e["type"] == "landed" and bool(e.get("same"))
            return kind(e) == name
        counts[name] = {"expected": sum(belongs(e) for e in expected),
                        "reported": sum(belongs(t) for t, _ in matched)}
    latency = sorted(r["t"] - t["t_clear"] for t, r in matched)
    return {
        **counts,
        "phantoms": len(extra),
        "phantoms_by_kind": {k: sum(kind(e) == k for e in extra) for k in ("plays", "villains", "draws")},
        "latency": latency,
        "missed": missed,
        "extra": extra,
    }


def align_plays(truth: list[dict], logged: list[dict]) -> list[tuple[dict, dict]]:
    """(true play, logged play) pairs of the longest run of cards both agree on, in order.

    ``truth`` holds engine actions (``play``, ``by``), ``logged`` a table log's plays (``card``,
    ``by``): a missed or an extra play costs itself, not every play after it.
    """
    import difflib

    matcher = difflib.SequenceMatcher(a=[a["play"] for a in truth], b=[p["card"] for p in logged],
                                      autojunk=False)
    return [(truth[i + k], logged[j + k]) for i, j, n in matcher.get_matching_blocks() for k in range(n)]
