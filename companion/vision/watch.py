"""The watcher: per-zone readings over time -> stable table events.

    watcher = Watcher(["discard", "deck", "pirates", "ghosts", "aliens"])
    for t, observations in frames:                     # {zone: Observation}
        for event in watcher.update(t, observations):
            print(json.dumps(event))

An ``Observation`` is what one frame shows in one zone: ``readable`` False when the zone cannot be
trusted in that frame (a hand over it, motion, blur, glare); otherwise ``code`` is the card read on
the top of the pile (None with no ``quad``: the zone is empty; None with a ``quad``: a card the model
cannot name), its ``confidence`` and its ``quad``. A zone missing from the mapping is unreadable.

A zone's reading becomes stable after ``confirm_frames`` readable frames in a row that agree on the
card and on its pose (the quad moves less than ``still_px``); an empty zone after ``empty_frames``.
On the discard pile another card read surely (``cut_p``) in one frame fewer is stable when the next
hand comes over it, after a hand that stayed long enough to lay it (``_cut_short``); read less surely,
when the frames outlined since the hand left were likeliest that card (one more of them than a
confirmation needs, and three in four): a card read unsurely while it settled.
Unreadable frames for ``gap_s`` at most between two such frames do not break the row: a card read on
both sides of a hand that passed over it for a moment lay there all along (the next player's hand may
come before three frames in a row are read).
Events (JSON-ready dicts; ``t`` is the time of the frame that confirmed them, ``covered`` the time
the last hand came over the zone before the change was first seen: the moment the arm that made it
was there, not an arm that passed over the zone while the change waited to be confirmed):

- ``landed`` (discard): a new stable top card. ``same`` is true when it is the same card as before
  and the pile was covered in between and the card's pose changed: an identical card landed on it.
  ``alternatives``: the other codes the model weighed, ``[[code, p], ...]`` (``p`` averaged over
  the frames read), for the rules to choose from when the card read cannot be right.
  A change of pose counts when it is clear (``new_px`` / ``new_deg``), or beyond the outline's own
  wobble (``same_px`` / ``same_deg``) after a hand stayed over the card (``landing_s``): an arm
  passing over a pile makes its card's outline wobble, and that is not a card landing. Either way
  a hand must have moved over the card for ``drop_s`` at least: an arm crossing a corner of the
  pile, or lying across it, makes the card's outline shift, however far, in less. Any other change
  of a pile's top needs a hand that moved over it for ``change_s``: an arm lying across a pile can
  hide its top so that the card below is outlined instead (the change waits for a hand). A card that
  was the pile's top a little earlier, seen again where it lay (the top card taken back after a
  wrong move, or the detector outlining the card below for a moment), makes no event; after a hand
  stayed long enough to lay a card (``landing_s``), only within the outline's wobble: the deck's
  other copy may be laid near where the first lay. Nor does the
  same card where the place it was seen lying still looks as it did (``Observation.same_place`` at
  least ``same_place``; here and below, the place's median over the frames that confirm the reading,
  none of them alone): however differently it is outlined, nothing landed there. And the other way
  round: the same card where it lay, after a hand moved over it for ``drop_s`` (long enough to drop
  a card), is an identical card laid almost exactly on it when its place looks otherwise than before
  the hand came (``same_place`` under ``place_changed``): what peeks out around the top card changed;
  or under ``carried_place`` when another card was outlined there under the hand (the twin in it).
  Outlined beyond the wobble but within ``new_px`` / ``new_deg``, it is a twin only when its place
  looks otherwise too (under ``near_place``): an arm that passed leaves the place as it was.
  While a villain is carried between piles after a shaker (a pile's top lost, another pile
  covered), only the place tells a twin: the arm carrying it lays none, but shifts the outline.
  Another card read no surer than the top, while the top's place looks as it did (``same_place``),
  makes no event either: a card laid on the top changes its place; an outline drawn across the top
  and a card below after a hand passed is misread.
- ``reread`` (discard): the top, read unsurely as ``was`` when it landed, read surely as ``card``
  (of its colour) with no hand over the pile since, where its place looks as it did
  (``reread_below``, ``reread_p``): the card that landed was ``card``.
- ``taken`` (villain pile): ``card`` the top that was removed, ``under`` the new top or None (the
  same card when an identical one lay under it and its place looks otherwise, under
  ``pile_same_place``, after a hand stayed over it for ``drop_s``, however near its outline).
- ``reached`` (villain pile): a hand moved over the pile for ``drop_s`` at least and its top
  ``card`` looks as it did: a hand that hovered, or a top taken off an identical one lying almost
  where it lay (the camera cannot tell; the tracker knows whether a trophy was due there). Here the
  place need only look much as it did (``pile_same_place``), whatever the outline: a hand hovering
  over a villain on its twin shifts its outline, and a ``taken`` no rule explains is asked about.
- ``moved`` (villain pile): ``card`` moved from ``zone`` onto the pile ``to``; ``under`` is what
  ``zone`` shows now. A loss and a gain of the same card on two villain piles make one ``moved``;
  a loss is held back (at most ``pair_s``) while another villain pile is covered, to pair it, but
  only while a move can be under way: a shaker on the discard pile, or that pile covered or changing.
  A card leaves its pile before it comes onto another: when both piles show a loss and a gain of it
  (it lay on its twin on both), the loss covered first is its pile. A card moved onto a pile
  uncovers the top it covered when it leaves: when two piles trade tops, the pairing that says
  otherwise comes last, whichever pile the hand came to first. A pile showing its top again in
  a new pose (taken off, or moved off, its twin) next to a hand seen over another pile whose top is
  that card is a move from there only with a shaker on the discard pile, the hand there first, and
  no third pile covered (the card may be on its way there).
- ``drawn`` (deck): something moved in the deck's zone (a hand, ``Observation.moving``) for at
  least ``reach_s`` seconds, and the deck was then seen still again (an arm sweeping over the deck
  on its way back from a villain pile moves there for 0.13 s; a hand that draws, 0.2 s or more).
  An arm on its way to a villain pile passes over the deck too: while another zone is still
  covered the draw is held (at most ``pair_s``), and dropped when a villain pile then reports a
  change it was covered for at the same time as the deck (the arm went there). A held draw is
  reported before any later event. ``first_covered``: when the deck was first covered since it was
  last seen still (hands slapping it one after another each show it bare a moment between them:
  ``covered`` is the last hand's, ``first_covered`` the first's).
- ``camera``: passed through by the pipeline (``status`` "lost" / "ok").

Until the first stable reading of a zone there is no event for it: the first reading is the table
as it was found (``watcher.state()``). Readings below ``min_confidence`` count as unreadable, with
one exception: a card lying still that the model names unsurely frame after frame. The last
``weak_frames`` frames of a card lying still (its outline still), named surely or not, are pooled:
the card the model gives the most weight on average (``weak_lead`` times the next, and never
``none``: an outline was found) is what lies there, when it has at least ``weak_p`` of the weight
the frames give to some card rather than to none, and ``weak_floor`` of all of it (a card on a
background the model never saw may look like no card at all, and still always like one card). A
card in a printing the model hardly knows, or under glare, would otherwise go unseen, and every
seat after it would be one off. After a hand stayed long enough to lay a card (``landing_s``), two
cards of one colour, or of one value or kind in two colours, weighed alike need no lead: the
likelier is named, the others among its alternatives (a 5 and a 6 the model cannot tell apart, or a
6 whose colour a lamp's cast hides, are still a card laid), unless the other is the zone's stable
card, or the stable card is the likeliest in one of the frames outlined where it lay.
Pooling only names another card than the zone's stable one: a twin laid on it needs its own frames.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from companion import cards
from companion.cards import PILES
from companion.vision.classify import NO_COLOUR, NONE, colour_of, face_of
from companion.vision.detect import pose_change

EMPTY = "empty"  # the stable state of a zone with no card
MAX_POSES = 6
MAX_EARLIER = 3  # earlier tops of a pile remembered with their outlines
MAX_ALTERNATIVES = 3  # other codes a landing's event names (``alternatives``), from this probability on
MIN_ALTERNATIVE = 0.02


@dataclass
class Observation:
    readable: bool
    code: str | None = None
    confidence: float = 0.0
    quad: np.ndarray | None = None
    moving: bool = False  # unreadable because something moves in the zone (a hand), not a bad read
    blurred: bool = False  # unreadable because the picture there is blurred or glared, with no motion
    top: tuple = ()  # the model's likeliest codes, ((code, p), ...), best first
    same_place: float | None = None  # the stable card's place, now against before (Pipeline._same_place)

    @property
    def empty(self) -> bool:
        return self.readable and self.quad is None


UNREADABLE = Observation(False)
MOVING = Observation(False, moving=True)
BLURRED = Observation(False, blurred=True)


@dataclass
class _Zone:
    name: str
    stable: str | None = None  # a card code, EMPTY, or None before the first stable reading
    quad: np.ndarray | None = None  # the stable card's pose
    poses: list = field(default_factory=list)  # the outlines the detector gave the stable card
    confidence: float = 0.0
    run: list[Observation] = field(default_factory=list)  # agreeing readable frames, newest last
    run_start: float = 0.0  # when the run's first frame was seen
    broken: tuple | None = None  # (run, when): the run a hand broke, resumed if the same card shows again
    covered_since_stable: bool = False
    moving_s: float = 0.0  # seconds with motion over the card since the stable reading
    hidden_s: float = 0.0  # seconds unreadable (a hand over it or near it) since the stable reading
    other_seen: bool = False  # another card outlined and named there since the stable reading (in a hand)
    cover_start: float | None = None  # when the zone was first covered since its stable reading
    hand_start: float | None = None  # when the latest run of unreadable frames (a hand) began
    hand_unsure: bool = False  # ``hand_start`` was set by a card lying there read unsurely, not a hand
    blurred: bool = False  # unreadable since its last read frame only because the picture was blurred
    moving: bool = False  # motion over the zone in the latest frame
    motion_start: float | None = None  # when the latest run of frames with motion over it began
    change: tuple | None = None  # (observation, hand_start): the change first seen, and the hand before it
    still: list[Observation] = field(default_factory=list)  # the last frames of a card lying still
    glimpses: list = field(default_factory=list)  # the likeliest code of each outlined frame since motion
    earlier: list = field(default_factory=list)  # (code, poses) of the tops before this one, newest last
    arrived: tuple | None = None  # (card, the top it covered): the last villain moved onto this pile


class Watcher:
    def __init__(self, zones, *, confirm_frames: int = 3, empty_frames: int = 4, reach_s: float = 0.17,
                 still_px: float = 8.0, still_deg: float = 8.0, same_px: float = 3.0, same_deg: float = 3.0,
                 min_confidence: float = 0.5, pair_s: float = 2.0, new_px: float = 5.0, new_deg: float = 5.0,
                 landing_s: float = 0.3, drop_s: float = 0.25, change_s: float = 0.17,
                 same_place: float = 0.95, place_changed: float = 0.7, pile_same_place: float = 0.8,
                 gap_s: float = 0.1, cut_p: float = 0.95, hidden_drop_s: float = 0.4,
                 carried_place: float = 0.87, near_place: float = 0.8,
                 weak_frames: int = 4, weak_p: float = 0.2, weak_lead: float = 1.5, weak_floor: float = 0.1,
                 reread_below: float = 0.75, reread_p: float = 0.9):
        self.gap_s, self.cut_p, self.hidden_drop_s = gap_s, cut_p, hidden_drop_s
        self.reread_below, self.reread_p = reread_below, reread_p
        self.carried_place, self.near_place = carried_place, near_place
        self.weak_frames, self.weak_p, self.weak_lead = weak_frames, weak_p, weak_lead
        self.weak_floor = weak_floor
        self.zones = {name: _Zone(name) for name in zones}
        self.new_px, self.new_deg, self.landing_s = new_px, new_deg, landing_s
        self.drop_s, self.change_s = drop_s, change_s
        self.same_place, self.place_changed = same_place, place_changed
        self.pile_same_place = pile_same_place
        self._t: float | None = None  # the previous frame's time
        self.confirm_frames = confirm_frames
        self.empty_frames = empty_frames
        self.reach_s = reach_s
        self.still_px, self.still_deg = still_px, still_deg
        self.same_px, self.same_deg = same_px, same_deg
        self.min_confidence = min_confidence
        self.pair_s = pair_s
        self._losses: list[dict] = []  # villain tops removed, waiting for a gain elsewhere
        self._gains: list[dict] = []  # villain tops that appeared, waiting for a loss elsewhere
        self._touched: list[dict] = []  # villain piles a hand reached into that look as before
        self._moved_since_landing = False  # a shaker moves one villain (R-SHAKE): a move was told since
        self._draws: list[tuple[float, dict]] = []  # (deck covered since, event) held back

    # -- state -----------------------------------------------------------------------------------
    def state(self) -> dict:
        """The stable reading per zone: ``{zone: {"card": code | None, "confidence": p}}``."""
        return {z.name: {"card": None if z.stable in (None, EMPTY) else z.stable,
                         "confidence": round(float(z.confidence), 4)} for z in self.zones.values()}

    # -- frames ----------------------------------------------------------------------------------
    def update(self, t: float, observations: dict) -> list[dict]:
        events: list[dict] = []
        self._dt = 0.0 if self._t is None else max(0.0, min(float(t) - self._t, 1.0))
        self._t = float(t)
        for zone in self.zones.values():
            obs = observations.get(zone.name, UNREADABLE)
            unnamed = obs.code is None or obs.confidence < self.min_confidence
            moving = obs.moving
            outlined = obs.readable and obs.quad is not None
            if outlined:
                zone.glimpses.append(obs.top[0][0] if obs.top else obs.code)
                # A card not named with confidence: wait for a better frame, unless the frames of the
                # card lying still agree (they count towards a card named surely too).
                self._keep_still(zone, obs)
                obs = self._pooled(zone, obs, unnamed)
            else:
                zone.still.clear()
            unsure = outlined and unnamed and not obs.readable  # a card there, read unsurely
            for event in self._step(t, zone, obs, unsure):
                events.extend(self._before(event))
            if moving:  # the glimpses of the card before the hand, read when it came (_cut_short)
                zone.glimpses.clear()
        for event in self._settle_villains(t):
            events.extend(self._before(event))
        events.extend(self._settle_draws(t))
        return events

    def _keep_still(self, zone: _Zone, obs: Observation) -> None:
        if zone.still and not self._still(zone.still[-1], obs):
            zone.still.clear()
        zone.still.append(obs)
        del zone.still[:-self.weak_frames]

    def _pooled(self, zone: _Zone, obs: Observation, unnamed: bool) -> Observation:
        """``obs`` as the watcher takes it: when the last ``weak_frames`` frames of a card lying still
        agree on a card, sure of it or not, that card, with the run behind it so that it is confirmed
        now; otherwise ``UNREADABLE`` for a card not named with confidence."""
        kept = UNREADABLE if unnamed else obs
        if len(zone.still) < self.weak_frames or (not unnamed and len(zone.run) + 1 >= self.confirm_frames):
            return kept
        ranked = _mean_weights(zone.still) + [(0.0, NONE)] * 2
        (best_p, best), (second_p, second) = ranked[0], ranked[1]
        # An outline was found: the card's weight counts among the cards, not against "no card".
        among_cards = best_p / max(_card_share(zone.still), best_p, 1e-6)
        if (best_p < self.weak_floor or among_cards < self.weak_p
                or (best_p < self.weak_lead * second_p and not self._split_read(zone, best, second))
                or best == zone.stable
                or not (unnamed or best == obs.code)):
            return kept
        # Every card weighed goes along as an alternative, up to a whole value's four colours.
        named = [Observation(True, best, best_p, frame.quad,
                             top=tuple((c, p) for p, c in ranked[:1 + MAX_ALTERNATIVES]))
                 for frame in zone.still]
        zone.run = named[:-1]
        return named[-1] if unnamed else obs

    def _split_read(self, zone: _Zone, best: str, second: str) -> bool:
        """Whether the pooled frames weigh two cards of one colour alike after a hand stayed long
        enough to lay one (a 5 and a 6 of a printing the model hardly knows), or of one value or kind
        in two colours (a 6 whose colour a lamp's cast hides): a card landed all the same, the likelier named
        with the others among its alternatives (the rules or the table tell which). Not where the
        other is the card that lay there, nor where that card is the likeliest in one of the frames
        and the outline lies where it lay: it may be what is misread."""
        return (zone.moving_s >= self.landing_s and second not in (NONE, zone.stable)
                and cards.is_code(best) and cards.is_code(second)  # a model may name codes no card has
                and (colour_of(best) == colour_of(second) != NO_COLOUR or _one_face(best, second))
                and not (any(frame.top and frame.top[0][0] == zone.stable for frame in zone.still)
                         and _near(zone.poses, zone.still[-1].quad, self.new_px, self.new_deg)))

    def _still(self, a: Observation, b: Observation) -> bool:
        shift, turn = pose_change(a.quad, b.quad)
        return shift <= self.still_px and turn <= self.still_deg

    def _before(self, event: dict) -> list[dict]:
        """``event``, after the held draws it does not explain: a draw whose deck was covered while
        this villain pile was is the arm passing over the deck on its way here, and is dropped."""
        cover_start = event.pop("_cover_start", event.get("covered", event["t"]))
        if event["zone"] not in PILES or event["type"] == "reached":
            # A play may follow a draw at once (the drawn card played): the same arm, no pass-over.
            # A hand over a villain pile that changed nothing there may be on its way to the deck.
            # Each comes in the order the hands came: a card laid, then the next player's draw.
            held, self._draws = self._draws, []
            return ([draw for deck_start, draw in held if deck_start <= cover_start] + [event]
                    + [draw for deck_start, draw in held if deck_start > cover_start])
        out = [draw for deck_start, draw in self._draws
               if not (cover_start <= draw["t"] and deck_start <= event["t"])]  # covered at once: one arm
        self._draws = []
        return out + [event]

    def _settle_draws(self, t: float) -> list[dict]:
        """Held draws, reported once no other zone is covered, nor waits to read its top again after a
        hand that came over it before the deck (its event comes first: a card laid, then the next
        player's draw), or after ``pair_s``. A zone that a hand began to move over after the draw does
        not hold it: the card that hand brings comes after the draw."""
        if not self._draws:
            return []
        deck_start, drawn_t = self._draws[0][0], self._draws[0][1]["t"]
        busy = any(z.name != "deck" and (_covered(z) or _unread_since(z, deck_start))
                   and (z.motion_start is None or z.motion_start <= drawn_t) for z in self.zones.values())
        if busy and t - drawn_t < self.pair_s:
            return []
        return self._flush_draws()

    def _flush_draws(self) -> list[dict]:
        out = [draw for _, draw in self._draws]
        self._draws = []
        return out

    def _agrees(self, a: Observation, b: Observation) -> bool:
        if a.empty or b.empty:
            return a.empty and b.empty
        return a.code == b.code and self._still(a, b)

    def _step(self, t: float, zone: _Zone, obs: Observation, unsure: bool) -> list[dict]:
        """``obs`` as the watcher takes it; ``unsure``: it is unreadable only because the card lying
        there was read unsurely."""
        if obs.moving and not zone.moving:
            zone.motion_start = t
        zone.moving = bool(obs.moving)
        if not obs.readable:
            events = []
            if zone.run:  # the frame before was read: a hand comes
                events = self._cut_short(t, zone)
                zone.hand_start, zone.hand_unsure = self._t, unsure
                zone.broken = (list(zone.run), self._t)
            elif obs.moving and zone.hand_start is not None and zone.hand_unsure:
                # The frames since were the card lying there, read unsurely (a printing the model
                # hardly knows), not a hand: the hand comes now, and its arm is the one to name.
                zone.hand_start, zone.hand_unsure = self._t, False
            # Blurred from a read frame on, with no motion: the camera, not a hand (``_covered``).
            zone.blurred = obs.blurred and (bool(zone.run) or zone.blurred)
            zone.run.clear()
            self._cover(zone)
            zone.moving_s += self._dt if obs.moving else 0.0
            zone.hidden_s += self._dt
            return events
        if not zone.run and zone.broken is not None:
            run, since = zone.broken
            if t - since <= self.gap_s and self._agrees(run[-1], obs):
                zone.run.extend(run)
        zone.broken = None
        zone.blurred = False
        if obs.quad is not None and obs.code is not None and zone.stable not in (None, EMPTY, obs.code):
            zone.other_seen = True
        if zone.run and not self._agrees(zone.run[-1], obs):
            zone.run.clear()
        if not zone.run:
            zone.run_start = t
        zone.run.append(obs)
        del zone.run[:-max(self.confirm_frames, self.empty_frames)]
        if not self._matches_stable(zone, obs):
            self._cover(zone)
            if zone.change is None or not self._agrees(zone.change[0], obs):
                zone.change = (obs, zone.hand_start)
        needed = self.empty_frames if obs.empty else self.confirm_frames
        if len(zone.run) < needed:
            return []
        return self._confirm(t, zone, zone.run[-1])

    def _cut_short(self, t: float, zone: _Zone) -> list[dict]:
        """The event of another card on top of the discard pile, read surely (``cut_p``) in all but one
        of the frames a confirmation needs when the next hand comes over it, after a hand that stayed
        long enough to lay it: the next player may reach the pile before the third frame, and the card
        is then never seen again. Read less surely, the card needs the frames since the hand left to
        have been likeliest it (``_glimpsed``). A twin on the card needs its own frames (an arm passing
        over the pile shifts its outline)."""
        run, hand = zone.run, zone.hand_start
        if (zone.name != "discard" or len(run) < self.confirm_frames - 1 or run[-1].empty
                or run[-1].code == zone.stable or hand is None
                or zone.run_start - hand < self.landing_s):  # a hand that could lay it
            return []
        if min(o.confidence for o in run) < self.cut_p and not self._glimpsed(zone, run[-1].code):
            return []
        return self._confirm(t, zone, run[-1])

    def _glimpsed(self, zone: _Zone, code: str) -> bool:
        """Whether the frames outlined since the last motion over the zone were likeliest ``code``,
        one more of them than a confirmation needs and three in four at least: a card read unsurely
        while it settled (its outline not yet still), then read as it, before the next hand came."""
        agreeing = zone.glimpses.count(code)
        return agreeing > self.confirm_frames and 4 * agreeing >= 3 * len(zone.glimpses)

    def stable_card(self, name: str) -> str | None:
        """The stable card code of a zone (None: empty, or not yet read)."""
        zone = self.zones.get(name)
        return None if zone is None or zone.stable in (None, EMPTY) else zone.stable

    def stable_quad(self, name: str) -> np.ndarray | None:
        """Where a zone's stable card lies (None: empty, or not yet read)."""
        zone = self.zones.get(name)
        return None if zone is None else zone.quad

    def settled(self, name: str) -> bool:
        """Whether a zone's stable card lies as it was confirmed, with no hand over it since."""
        zone = self.zones.get(name)
        return zone is not None and zone.stable is not None and not zone.covered_since_stable

    def known_pose(self, name: str, quad) -> bool:
        """Whether ``quad`` is an outline the zone's stable card has been seen with."""
        zone = self.zones.get(name)
        return zone is not None and quad is not None and self._known_pose(zone, quad)

    def _matches_stable(self, zone: _Zone, obs: Observation) -> bool:
        if obs.empty:
            return zone.stable == EMPTY
        return zone.stable == obs.code and self._known_pose(zone, obs.quad)

    def _known_pose(self, zone: _Zone, quad) -> bool:
        """Whether ``quad`` is where the stable card lies: one of the outlines the detector gave it
        (a pile's top card may be outlined in a few ways; a card that landed lies elsewhere)."""
        return _near(zone.poses, quad, self.same_px, self.same_deg)

    def _add_pose(self, zone: _Zone, quad) -> None:
        """One more outline the stable card was given, unless it is one of those known already."""
        if not self._known_pose(zone, quad):
            zone.poses = (zone.poses + [quad])[-MAX_POSES:]

    def _another_card(self, zone: _Zone, obs: Observation) -> bool:
        """Whether the stable card's code seen in ``obs`` is another card: an identical one landed.
        Its place says so first (``Observation.same_place``): where the card lay looks as it did, the
        same card outlined anew; it looks otherwise after a hand stayed long enough to drop a card, a
        twin lies there, however near its outline. Otherwise its pose does."""
        place, quad = _run_place(zone), obs.quad
        if place is not None and place >= (self.pile_same_place if zone.name in PILES else self.same_place):
            return False
        # Another card seen there in a hand that moved over the pile long enough to drop one is the
        # twin it held: the place need look less otherwise. Under an arm that only passed, the top
        # is misread at times, but its place looked as it did (0.899 or more in 80 simulated games).
        carried = zone.other_seen and zone.moving_s >= self.drop_s
        changed = max(self.place_changed, self.carried_place) if carried else self.place_changed
        if zone.name in PILES:
            # A villain pile's place alone tells: a hand hovering over it leaves it looking much as
            # it did (0.825 or more in 70 simulated games), a top taken off its twin lying where it
            # lay mostly does not (0.73 or less; once 0.84), however near the twin's outline.
            changed = self.pile_same_place
        if place is not None and place < changed and (
                zone.moving_s >= self.drop_s or (zone.moving_s and zone.hidden_s >= self.hidden_drop_s)):
            # A hand stayed long enough to drop a card, though its motion was over the card only
            # briefly (a blurred or half-covered frame is unreadable without motion over the card).
            return True
        if zone.name == "discard" and self._villain_carried():
            # The hand over the pile is the arm carrying a villain between piles (R-SHAKE): it lays
            # no card, though crossing the pile shifts the top's outline.
            return False
        if not zone.moving_s or zone.moving_s < self.drop_s or not zone.poses:
            # No hand came (the same card, outlined again), or too briefly to put a card down: an arm
            # crossing the pile's edge, resting on it or not.
            return False
        if not _near(zone.poses, quad, self.new_px, self.new_deg):
            return True
        if place is not None and place >= self.near_place:
            # Outlined a few pixels or degrees off where it lay, and its place looks as it did: the
            # top outlined anew after an arm passed. In 70 simulated games, twins laid this near
            # changed the place to 0.78 or less; arms that passed left it at 0.82 or more.
            return False
        return zone.moving_s >= self.landing_s and not self._known_pose(zone, quad)

    def _seen_before(self, zone: _Zone, code: str, quad) -> list | None:
        """The poses of an earlier top of ``zone`` that ``code`` at ``quad`` is (None: a new card).
        After a hand stayed long enough to lay a card, only where the outline wobbles: the deck's
        other copy may land near where the first lay."""
        px, deg = ((self.same_px, self.same_deg) if zone.moving_s >= self.landing_s
                   else (self.new_px, self.new_deg))
        return next((poses for earlier, poses in reversed(zone.earlier)
                     if earlier == code and _near(poses, quad, px, deg)), None)

    def _cover(self, zone: _Zone) -> None:
        if not zone.covered_since_stable:
            zone.cover_start = self._t
        zone.covered_since_stable = True

    def _confirm(self, t: float, zone: _Zone, obs: Observation) -> list[dict]:
        """A stable reading (``obs``, agreed on by enough frames): the event it makes, if any."""
        new = EMPTY if obs.empty else obs.code
        old = zone.stable
        covered, moving_s = zone.covered_since_stable, zone.moving_s
        cover_start = zone.cover_start if zone.cover_start is not None else float(t)
        hand_start = zone.hand_start if zone.hand_start is not None else cover_start
        if zone.change is not None and zone.change[1] is not None and self._agrees(zone.change[0], obs):
            hand_start = zone.change[1]  # the hand that brought the change, not one that came by after
        same = new == old
        # The same card in a new place counts only after a hand was there (not a re-outlined card).
        same_pose = same and (new == EMPTY or not self._another_card(zone, obs))
        # On the discard pile, an earlier top where it lay is that card seen again, not a new one.
        again = None
        if zone.name == "discard" and not same and new != EMPTY:
            again = self._seen_before(zone, new, obs.quad)
        unlaid = zone.name != "deck" and zone.moving_s < self.change_s
        if not same and not again and old is not None and unlaid:
            if self._read_right_at_last(zone, obs):
                return self._reread(t, zone, obs)
            # Another card, but no hand moved over the pile long enough to lay or take one: a card
            # below, seen past an arm lying across the top. Wait: the top shows again, or a hand comes.
            return []
        if (zone.name == "discard" and not same and not again and old not in (None, EMPTY) and not obs.empty
                and (_run_place(zone) or 0.0) >= self.same_place
                and max(o.confidence for o in zone.run) <= zone.confidence):
            # Another card read no surer than the top, where the top's place looks as it did: nothing
            # was laid on it (a card laid there changes what shows there); the top outlined across the
            # card below after a hand passed, and misread. A surer reading is the top read right at last.
            return []
        zone.stable, zone.quad = new, (None if obs.empty else obs.quad)
        # An identical villain on top of a villain pile (moved there, or uncovered by a take) is
        # another card: its outlines are its own, so that the one below, seen again where it lay
        # once the top is taken, is a change.
        renewed = same and not same_pose and zone.name in PILES
        if not same or renewed:
            if old not in (None, EMPTY) and zone.poses:
                kept = [e for e in zone.earlier if e[0] != old][-(MAX_EARLIER - 1):]
                zone.earlier = kept + [(old, zone.poses)]
            zone.poses = list(again) if again else []  # another card: its outlines are its own
        if not obs.empty:
            self._add_pose(zone, obs.quad)
        zone.confidence = 1.0 if obs.empty else float(np.mean([o.confidence for o in zone.run]))
        _settle(zone)
        if old is None or not covered:
            return []  # the first reading, or a still card confirmed again
        base = {"t": round(float(t), 3), "zone": zone.name, "covered": round(float(hand_start), 3)}
        card = None if new == EMPTY else new
        if zone.name == "deck":
            if moving_s >= self.reach_s and (new != EMPTY or old != EMPTY):
                draw = {**base, "type": "drawn", "card": card, "confidence": round(zone.confidence, 4),
                        "first_covered": round(float(min(cover_start, hand_start)), 3)}
                self._draws.append((cover_start, draw))
            return []
        if zone.name == "discard":
            if new == EMPTY or same_pose or again:
                return []
            self._moved_since_landing = False
            return [{**base, "type": "landed", "card": new, "confidence": round(zone.confidence, 4),
                     "same": same, "alternatives": _alternatives(zone.run, new)}]
        if zone.name in PILES:
            if same_pose:
                if old not in (None, EMPTY) and moving_s >= self.drop_s:
                    # A hand reached into the pile and its top looks as it did: nothing happened, or
                    # the top moved away from over an identical card (a gain of it elsewhere says so).
                    self._touched.append({**base, "card": old, "confidence": round(zone.confidence, 4),
                                          "_cover_start": cover_start})
                return []
            if old != EMPTY:  # the old top left this pile (taken, or moved away)
                self._losses.append({**base, "card": old, "under": card, "confidence": zone.confidence,
                                     "_cover_start": cover_start})
            if new != EMPTY:
                # A card appeared on top: moved here from another pile, or uncovered by a loss above.
                self._gains.append({**base, "card": new, "onto": None if old == EMPTY else old,
                                    "confidence": zone.confidence, "_cover_start": cover_start})
            return []
        return []  # seats: read, but no event

    def _read_right_at_last(self, zone: _Zone, obs: Observation) -> bool:
        """Whether ``obs``, another card than the discard pile's top, of its colour, is the top read
        right at last: the top was read unsurely (under ``reread_below``), this card surely in every
        frame of its run (``reread_p``), no hand has moved over the pile since the top was confirmed,
        and the top's place looks as it did (``same_place``): nothing was laid or taken, the outline
        the top was read from cut its face short (game 424: a blue 3 read 0.55 as a 5, then 0.94 as a
        3, outlined 15 px away). The colour is read surely, the face less so."""
        return (zone.name == "discard" and zone.stable not in (None, EMPTY) and not obs.empty
                and not zone.moving_s and zone.confidence < self.reread_below
                and min(o.confidence for o in zone.run) >= self.reread_p
                and (_run_place(zone) or 0.0) >= self.same_place
                and colour_of(obs.code) == colour_of(zone.stable) != NO_COLOUR)

    def _reread(self, t: float, zone: _Zone, obs: Observation) -> list[dict]:
        """The ``reread`` event of a top read right at last (``_read_right_at_last``): the top is that
        card now, seen with both outlines; nothing landed."""
        was = zone.stable
        zone.stable, zone.quad = obs.code, obs.quad
        self._add_pose(zone, obs.quad)
        zone.confidence = float(np.mean([o.confidence for o in zone.run]))
        _settle(zone)
        return [{"t": round(float(t), 3), "zone": zone.name, "covered": round(float(zone.run_start), 3),
                 "type": "reread", "card": obs.code, "was": was, "confidence": round(zone.confidence, 4)}]

    # -- pairing villain changes into "moved" ----------------------------------------------------
    def _villain_covered(self, exclude: str) -> bool:
        return any(z.name in PILES and z.name != exclude and _covered(z) for z in self.zones.values())

    def _waiting(self, change: dict, t: float) -> bool:
        """Whether a villain pile's change is still held back to be paired: for ``pair_s`` at most,
        while another villain pile is covered (the arm may be on its way there) and a villain can be
        moving at all."""
        return (t - change["t"] < self.pair_s and self._villain_covered(change["zone"])
                and self._shake_possible())

    def _shake_possible(self) -> bool:
        """Whether a villain may be on its way between piles (R-SHAKE): only a shaker on the discard
        pile moves one, and only one (a move told since it landed: no more). An arm that took a
        trophy often crosses another villain pile on its way back; with no shaker there, the loss is
        reported at once. While the discard pile is covered, or its top is changing or unknown, a
        shaker may just have landed: the loss waits as before."""
        discard = self.zones.get("discard")
        if discard is None or discard.stable in (None, EMPTY) or not discard.run or discard.change:
            return True
        return self._shaker_on_top()

    def _villain_carried(self) -> bool:
        """Whether a villain is on its way between piles now: a shaker on the discard pile that has
        moved none yet, and a villain pile's lost top held back while another villain pile is covered."""
        return self._shaker_on_top() and any(self._waiting(loss, self._t) for loss in self._losses)

    def _moved_onto(self, gain: dict) -> None:
        """A villain's move onto ``gain``'s pile is told: the shaker has moved its one villain, and
        the pile keeps what the card covered."""
        self._moved_since_landing = True
        self.zones[gain["zone"]].arrived = (gain["card"], gain["onto"])

    def _uncovers_otherwise(self, loss: dict) -> bool:
        """Whether ``loss`` is of the card last moved onto its pile, and shows another card under it
        than the top that card covered when it came."""
        arrived = self.zones[loss["zone"]].arrived
        return arrived is not None and arrived[0] == loss["card"] and arrived[1] != loss["under"]

    def _shaker_on_top(self) -> bool:
        """Whether the discard pile's stable top is a shaker that has moved no villain yet."""
        discard = self.zones.get("discard")
        return (discard is not None and discard.stable not in (None, EMPTY)
                and cards.parse(discard.stable).kind == "shake" and not self._moved_since_landing)

    def _third_covered(self, gain: dict, touched: dict, t: float, *, showing: str | None = None) -> bool:
        """Whether a villain pile other than the two (with ``showing`` on top, when given) is covered
        now, so that it may yet show a change (for ``pair_s`` at most)."""
        return t - gain["t"] < self.pair_s and any(
            z.name in PILES and z.name not in (gain["zone"], touched["zone"]) and _covered(z)
            and showing in (None, z.stable) for z in self.zones.values())

    def _settle_villains(self, t: float) -> list[dict]:
        events = []
        stamp = round(float(t), 3)
        # A gain of card X on pile B and a loss of X from pile A: X moved from A to B. When X lay on
        # an identical card on both piles, each shows a loss and a gain of X: the card left its pile
        # before it came onto the other, so a loss seen covered no later than the gain pairs first.
        # A card moved onto a pile uncovers, when it leaves, the top it covered: a pairing that says
        # otherwise comes last (two piles trading tops, R-SHAKE: only one card moved).
        pairs = sorted(((gain, loss) for gain in self._gains for loss in self._losses
                        if loss["card"] == gain["card"] and loss["zone"] != gain["zone"]),
                       key=lambda pair: (self._uncovers_otherwise(pair[1]),
                                         pair[1]["_cover_start"] > pair[0]["_cover_start"]))
        for gain, loss in pairs:
            if gain not in self._gains or loss not in self._losses:
                continue
            self._gains.remove(gain)
            self._losses.remove(loss)
            # The top that the moved card now covers was not lost, and the card it uncovered did not
            # come: drop the loss recorded with the gain and the gain recorded with the loss.
            self._losses = [lo for lo in self._losses if not _same_change(lo, gain)]
            self._gains = [g for g in self._gains if not _same_change(g, loss)]
            confidence = min(loss["confidence"], gain["confidence"])
            self._moved_onto(gain)
            events.append({"t": stamp, "zone": loss["zone"], "type": "moved", "card": loss["card"],
                           "to": gain["zone"], "under": loss["under"],
                           "confidence": round(float(confidence), 4), "covered": loss["covered"],
                           "_cover_start": loss["_cover_start"]})
        # A gain of X on pile B while a hand reached into pile A, whose top is X still: X moved from A
        # and uncovered an identical card there. Not while a third pile is still covered: its top, X
        # too, may be the one that left (the arm crossed A on the way), seen once the hand is gone.
        for gain in list(self._gains):
            # X seen on B in a new pose may as well be the top taken off an identical X there, or moved
            # away from over it (a loss of X recorded with it): a move from A only if the hand was at A
            # first, with a shaker surely on the discard pile (not merely a top that may be
            # changing), and no third pile still covered (X may show up there).
            renewed = any(_same_change(lo, gain) and lo["card"] == gain["card"] for lo in self._losses)
            if renewed and not self._shaker_on_top():
                continue
            touched = next((to for to in self._touched if to["card"] == gain["card"]
                            and to["zone"] != gain["zone"] and _at_once(to, gain)
                            and not (renewed and (to["_cover_start"] > gain["_cover_start"]
                                                  or self._third_covered(gain, to, t)))), None)
            # a third pile with X on top, still covered, may yet show X gone: it may be the one X left
            if (touched is None or not self._shake_possible()
                    or self._third_covered(gain, touched, t, showing=gain["card"])):
                continue
            self._gains.remove(gain)
            self._touched.remove(touched)
            self._losses = [lo for lo in self._losses if not _same_change(lo, gain)]
            self._moved_onto(gain)
            events.append({"t": stamp, "zone": touched["zone"], "type": "moved", "card": gain["card"],
                           "to": gain["zone"], "under": gain["card"],
                           "confidence": round(float(gain["confidence"]), 4), "covered": touched["covered"],
                           "_cover_start": touched["_cover_start"]})
        # A pile a hand reached into, unpaired, is "reached" (the tracker knows whether a trophy was
        # due there: then an identical villain lay under the one taken).
        for touched in list(self._touched):
            if self._waiting(touched, t):
                continue
            self._touched.remove(touched)
            events.append({**touched, "t": stamp, "type": "reached"})
        # Unpaired losses become "taken" once no other villain pile is covered (or after pair_s).
        for loss in list(self._losses):
            if self._waiting(loss, t):
                continue
            self._losses.remove(loss)
            self._gains = [g for g in self._gains if not _same_change(g, loss)]
            events.append({"t": stamp, "zone": loss["zone"], "type": "taken", "card": loss["card"],
                           "under": loss["under"], "confidence": round(float(loss["confidence"]), 4),
                           "covered": loss["covered"], "_cover_start": loss["_cover_start"]})
        # A card that appeared on an empty pile from no other pile: nothing to report.
        self._gains = [g for g in self._gains if self._waiting(g, t)]
        return events


def _settle(zone: _Zone) -> None:
    """A zone's top just confirmed (or read again): no hand over it since, nothing else seen there."""
    zone.covered_since_stable, zone.moving_s, zone.hidden_s = False, 0.0, 0.0
    zone.other_seen = False
    zone.hand_start, zone.change = None, None


def _mean_weights(frames: list[Observation]) -> list[tuple[float, str]]:
    """(p, code) for every card the model weighed in some of ``frames``, ``p`` its mean probability
    over them all, likeliest first (a frame with no ranking gives its code and confidence)."""
    totals: dict[str, float] = {}
    for frame in frames:
        for code, p in frame.top or ([(frame.code, frame.confidence)] if frame.code else []):
            if code not in (None, NONE):
                totals[code] = totals.get(code, 0.0) + float(p)
    return sorted(((p / max(len(frames), 1), code) for code, p in totals.items()), reverse=True)


def _one_face(a: str, b: str) -> bool:
    """Whether two codes are one value or kind of a card played, in two colours (not villains)."""
    return face_of(a) == face_of(b) and not cards.parse(a).is_villain


def _card_share(frames: list[Observation]) -> float:
    """The mean weight ``frames`` give to some card rather than to no card (``none``)."""
    return float(np.mean([1.0 - sum(float(p) for code, p in frame.top if code == NONE) for frame in frames]))


def _alternatives(run: list[Observation], code: str) -> list[list]:
    """The other codes the model gave some weight in a stable reading's frames: ``[[code, p], ...]``,
    ``p`` the mean probability over the frames, likeliest first (the rules may say which it was)."""
    ranked = [(p, other) for p, other in _mean_weights(run) if other != code]
    return [[other, round(p, 4)] for p, other in ranked[:MAX_ALTERNATIVES] if p >= MIN_ALTERNATIVE]


def _run_place(zone: _Zone) -> float | None:
    """How alike the stable card's place looks over the frames of the reading being confirmed
    (``zone.run``), now against before the hand (``Observation.same_place``): their median. A frame
    the camera smeared makes a place look otherwise though nothing changed, and one frame may look a
    little more as it did than the rest: neither alone decides whether a twin was laid."""
    places = [o.same_place for o in zone.run if o.same_place is not None]
    return float(np.median(places)) if places else None


def _near(poses: list, quad, px: float, deg: float) -> bool:
    """Whether ``quad`` lies within ``px`` and ``deg`` of one of ``poses``."""
    return any(shift <= px and turn <= deg for shift, turn in (pose_change(pose, quad) for pose in poses))


def _covered(zone: _Zone) -> bool:
    """Whether a zone that has been read is covered now, or a hand moved over it since its stable
    reading (a top read otherwise than it is, with no hand there, is a misreading: no arm is there).
    A zone unreadable only because the camera's picture blurred there, nothing moving, is not: no
    arm came (a villain taken elsewhere meanwhile is reported, not held back for a move)."""
    return zone.stable is not None and ((zone.run == [] and not zone.blurred) or zone.moving_s > 0)


def _unread_since(zone: _Zone, start: float) -> bool:
    """Whether a hand came over a zone no later than ``start`` and its top is not read again since."""
    return zone.covered_since_stable and zone.cover_start is not None and zone.cover_start <= start


def _at_once(a: dict, b: dict) -> bool:
    """Two confirmed changes whose zones were covered at the same time (one arm did both)."""
    return a["_cover_start"] <= b["t"] and b["_cover_start"] <= a["t"]


def _same_change(a: dict, b: dict) -> bool:
    """Two records made by one confirmed change of one zone."""
    return a["zone"] == b["zone"] and a["t"] == b["t"]
