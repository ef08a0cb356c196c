"""The tracker: camera events and the table's answers become engine actions (public knowledge).

A match's log is a list of entries (``store.py``); the tracker is a fold over them, deterministic and
free of clocks, so the state after a restart is the replay of the log. Entry kinds:

- ``{"kind": "event", "event": {...}}``: a watcher event (``landed``, ``taken``, ``reached``, ``moved``,
  ``drawn``, ``camera``) or a villain top seen at the start (``{"type": "top", "zone": pile, "card": code}``).
- ``{"kind": "action", "action": {...}}``: a manual entry (a GAME-RECORD action, ``{"start": code}``,
  ``{"villain": pile, "card": code}``).
- ``{"kind": "answer", "question": id, "value": v}``, ``{"kind": "fix", "index": k, "by": j, "card": c,
  "target": seq}``, ``{"kind": "undo", "target": seq}``: corrections.
- ``{"kind": "round", "winner": i, "left": [...]}``: the round's end, confirmed (``MatchTracker``).

Corrections are *overrides*: an answer is keyed by its question's id (``q{seq}-{kind}``, the entry that
raised it), a fix by the entry that produced the play, an undo names the entry it takes back. A
correction re-derives the round from its first entry with every override known, so a later play's
seat, inferred from turn order, follows the corrected past.

What the camera cannot know is guessed from the rules and turn order and asked as a question; the game
never waits for an answer (RULES.md §6).
"""

from __future__ import annotations

import copy
import functools
import statistics
from collections.abc import Iterator
from dataclasses import dataclass, field, replace

from companion import cards
from companion.cards import EDITIONS, PILES, POLY
from companion.record import score, to_record
from companion.rules import Game, IllegalAction, tournament_target
from companion.rules.actions import action_form
from companion.table import texts
from companion.table.reach import COVER_JITTER_S, PASSING_S, circular_gap

# A reach into the deck this soon after a move that makes someone draw belongs to that move (penalty
# draws, an accepted grab, the adventure's 8 after the last card), in seconds of camera time; one
# reach is absorbed.
ABSORB_S = 4.0
# The deck seen bare among the slapping hands this long at most (R-SLAP, R-STEAL): on the simulated
# tables 0.07 s (game 481); every arm at the deck again after longer slapped again, for a twin laid
# unseen (1.7-2.1 s, games 1, 66, 74).
SLAP_SPLIT_S = 1.0
# The deck seen bare among the slapping hands this long at most, for some of them to be seen again as
# the rest lift (0.07 s in simulated game 811): no loser reaches for its cards that soon.
SLAP_GLIMPSE_S = 0.3
# A reach is matched to a seat's usual place when it lies this close (of the border's length) to it,
# the place being the middle of the seat's last REACH_SAMPLES sure reaches.
REACH_MATCH = 0.05
REACH_SAMPLES = 12
# A seat's place seen this many times is sure: another seat's reach there is that seat's arm.
PLACE_SURE = 3
# After a draw, the next card is the drawer's (the drawn card, played at once) or, after a pass, the
# next seat's (a turn later). The arms tell them apart (``same_arm``); when they cannot, the gap:
# under this many times the table's usual time between two plays, the drawer played. Before the
# table's pace is known the pass is assumed (a drawn card matches the top only about a third of the
# time).
DRAWER_GAP = 1.5

# A card read with less confidence than this may be another card (on the simulated tables, one in eight
# below it, one in five hundred above): an alien taken after it may say it was its twin.
UNSURE_READING = 0.9
# A play read with less confidence than this whose defeat was not taken before the next card may be
# another card the camera weighed (on the simulated tables 3 of 812 landings read from 0.9 to 0.97 were
# another card, each a 1 read as a 7 with the 1 weighed 0.03-0.04; none of 1355 above).
UNTAKEN_REREAD_BELOW = 0.97
# An alternative reading weighed less than this is not taken for the card, whatever the rules say (the
# watcher names those from 0.02).
MIN_ALTERNATIVE_P = 0.02
# The digits a number card's digit is taken for most often, per digit read, likeliest first: loops
# (0, 6, 3, 5) and strokes (1, 7, 4) of many printings look alike, small or blurred.
DIGIT_LOOKALIKES = {"0": "6543", "1": "742", "2": "357", "3": "560", "4": "107", "5": "360", "6": "035",
                    "7": "124"}
DIGIT_PIRATES = ("pirate-small", "pirate-big")  # R-ADV-2: the villains a number's digit decides
# The choices a play of each kind carries (the engine's action keys).
CHOICES = {"poly": ("colour",), "slap": ("last",), "steal": ("last", "take"), "omni": ("villain",),
           "shake": ("shake",), "decree": ("decree",)}
ALL_CHOICES = {key for keys in CHOICES.values() for key in keys}
# The kinds after which everyone slaps the deck (R-SLAP, R-STEAL): the only cards that bring every
# seat's arm there, and whose play carries the last hand.
SLAPPING = ("slap", "steal")
# Cards whose twin, guessed to have been intercepted unseen, changes nothing but the turn and the
# villains (`_explain_by_interception`): numbers, omnivores (their power is a villain only), Polypigs
# (the colour named is told by the next card, as for any Polypig), and Shakers (R-SHAKE: moving a
# villain is a choice; guessed unseen, it moved none, and a villain seen moved says otherwise).
QUIET_TWINS = ("number", "omni", "poly", "shake")
# A held card's answer "unseen:<code>": it lies there rightly, on <code> that the camera did not see
# land. Cards that ask the table something (a last hand, a villain) are not guessed unseen; a Polypig
# is, naming the colour of the card laid on it.
UNSEEN = "unseen:"
# Told by the table, "unseen:<code>,<code>…" names several cards laid unseen in turn (each by the seat
# that moved next), and "…=<code>" the card that landed, when the camera misread it too
# (``parse_unseen``): several plays under one arm's passage.
UNSEEN_CHAIN = ","
UNSEEN_LANDED = "="
UNSEEN_CHAIN_MAX = 4  # cards laid unseen that one answer may name
# Or "before:<code>": it lies there rightly, and the last card played, which the camera read surely
# as another card of <code>'s colour, was <code> (``_reread_card``).
MISREAD_BEFORE = "before:"
UNSEEN_SKIPPED = ("slap", "steal", "omni", "shake")
UNSEEN_OPTIONS = 4
# A landing whose zone was covered this many times the round's usual cover (and at least
# LONG_COVER_MIN_S) may hide two plays: the table is asked (``MISSED_BEFORE``), and the next card's arm
# tells (``_two_plays_told``). On the simulated tables one play covers the pile 0.67 s (99 % under
# 1.13 s), two plays 1.6 s (median).
LONG_COVER_FACTOR = 1.8
LONG_COVER_MIN_S = 1.2
LONG_COVER_SAMPLES = 5  # covers seen before the round's own usual cover is trusted
PILE_HANDS_KEPT = 6  # the last hands over villain piles kept, to tell an arm passing back across the pile
# The question "q<seq>-missed-before": "none", or "unseen:<code>", the card the seat to move laid
# unseen before entry seq (then that card is the next seat's), or "twin:<seat>", that seat laid the
# top's twin unseen (R-INTERCEPT-1; then that card is the seat's after it), or "drew": the seat to move
# drew a card unseen and kept it (R-TURN-2; then that card is the next seat's); told by the table, or
# inferred. Of a reach into the deck (entry seq a draw), "drew" is inferred only (``_crossing_drew_told``):
# the arm taken for one crossing the deck to a villain pile drew, after that unseen draw.
MISSED_BEFORE = "missed-before"
TWIN = "twin:"
DREW = "drew"
# A card read with less confidence than this is asked about ("which-card": the card read is the
# default, the others the camera weighed are offered; any card is taken): in 60 simulated games about
# one in five of them was another card (one in twelve from 0.7), against one in five hundred above.
ASK_CARD_BELOW = 0.75
WHICH_CARD = "which-card"
# "q<seq>-read-again": whether the landing of entry seq was the top read again, no play (True), or the
# top's twin (False). Inferred (``told_later``) of a landing played, as the next card's arm told
# (``_read_again_told``); asked of one taken for the top read again with the top weighed for it
# (``_twin_or_read_again``).
READ_AGAIN = "read-again"
# "q<seq>-crossed" (inferred only, ``told_later``): the reach into the deck of entry seq, taken for a
# draw though the arm was another seat's, was that arm crossing the deck (no draw), as the next card's
# arm told (``_crossing_told``).
CROSSED = "crossed"
# "q<seq>-drawn-first" (inferred only, ``told_later``): the reach into the deck of entry seq, told after
# a card landed, began before it: the seat to move drew first and kept the card (the landing's
# "missed-before" inferred ``DREW``, ``_drew_before_landing``).
DRAWN_FIRST = "drawn-first"
# "q<seq>-slapped-twin" (inferred only, ``told_later``): the landing of entry seq, a Slapper or a Stealer
# taken for the top read again after everyone slapped the deck for it, was its twin laid: everyone
# slapped the deck again after it (``_slapped_for_twin``).
SLAPPED_TWIN = "slapped-twin"
# "q<seq>-slapped-as" (inferred only, ``told_later``): the card that landed as entry seq, read unsure
# as another card, was the twin of the Slapper or Stealer under it: everyone slapped the deck after it
# (``_slapped_without_slapper``).
SLAPPED_AS = "slapped-as"
# "q<seq>-taker-after-unseen" (inferred only, ``told_later``): the villain taken as entry seq, which the
# rules did not explain, was the taker's: the last play was that seat's, laid after a number card the
# seat to move laid unseen (``_taker_after_unseen``); told by the next card landing, no twin
# of the last one (the taker's twin, seen late, would have taken it: simulated game 122).
TAKER_AFTER_UNSEEN = "taker-after-unseen"
# how a "went-out" is closed once its play is read again as one its player did not go out with (another
# seat's, or one whose player held more cards by then): nobody is asked, and no draw of eight follows it
NOT_LAST_CARD = "not-last-card"

QUESTION_KINDS = (
    "colour",
    "last-hand",
    "intercepted-by",
    "played-by",
    "wrong-or-misread",
    "missed-before",
    "which-card",
    "read-again",
    "went-out",
    "round-end",
    "trophy",
)


class TableError(Exception):
    """A request the table cannot apply; ``code`` and ``status`` go into the API's error answer."""

    def __init__(self, code: str, message: str, status: int = 400):
        super().__init__(message)
        self.code = code
        self.message = message
        self.status = status


@dataclass
class MatchConfig:
    edition: str
    players: list[str]
    dealer: int = 0
    rules: dict = field(default_factory=dict)
    target: int | None = None

    @property
    def n(self) -> int:
        return len(self.players)

    def to_json(self) -> dict:
        return {
            "edition": self.edition,
            "players": list(self.players),
            "dealer": self.dealer,
            "rules": dict(self.rules),
            "target": self.target,
        }

    @property
    def effective_target(self) -> int | None:
        if EDITIONS[self.edition].villains:
            return None
        return self.target if self.target is not None else tournament_target(self.edition, self.n)


@dataclass
class Move:
    """One engine action and where it came from."""

    action: dict
    source: int  # the entry that produced it
    t: float
    inferred: bool = False  # the seat (or the action itself) was inferred, not seen or told
    intercept: bool = False  # a card played onto its identical twin right after it
    defeated: list = field(default_factory=list)  # [(pile, villain)] this action took
    stolen: list = field(default_factory=list)  # trophies a steal took from another seat (R-STEAL)
    reach: float | None = None  # where the arm that made it crossed the frame's border
    arm: float | None = None  # where the arm seen as it landed or drew crossed the border (whosever it was)
    confirmed: list = field(default_factory=list)  # piles the camera saw taken after it
    confidence: float | None = None  # the camera's reading of the card (None: told, or not read)
    alternatives: list = field(default_factory=list)  # other cards the camera weighed: [[code, p], ...]
    hand_before: int | None = None  # its player's hand count before it (set by `_push`)


@dataclass
class Overrides:
    answers: dict = field(default_factory=dict)  # question id -> value
    # question id -> value that what the camera saw later told (no answer given): the round is derived
    # again with it, so that the entries in between are read in its light (``RoundTracker.told_later``).
    # Also "q<seq>-missed-before" (``MISSED_BEFORE``) unanswered: the card laid unseen before entry seq.
    inferred: dict = field(default_factory=dict)
    fixes: dict = field(default_factory=dict)  # entry seq -> {"by", "card"}
    ignored: set = field(default_factory=set)  # entry seqs taken back by undo


def same_arm(a: float | None, b: float | None) -> bool | None:
    """Whether two reaches are one player's arm (True), two players' (False), or cannot tell."""
    if a is None or b is None:
        return None
    gap = circular_gap(a, b)
    if gap <= REACH_MATCH:
        return True
    return False if gap > 2 * REACH_MATCH else None


def _middle(places: list[float]) -> float:
    """Of places on the border, the one closest to all the others (robust to a stray one); of two as
    close, the later: a seat seen at two places, one of them stray, keeps the place its arm came from
    last (simulated game 484: a first reach seen at a corner of the frame placed a seat there, and its
    own arm, seen next, was taken for another seat's)."""
    return min(reversed(places), key=lambda p: sum(circular_gap(p, q) for q in places))


def _far_from_all(place: float, centres: dict[int, float]) -> bool:
    """Whether ``place`` is surely no arm of any seat placed at ``centres`` (``same_arm`` says no)."""
    return all(same_arm(centre, place) is False for centre in centres.values())


def _checked_alternatives(value) -> list[list]:
    """A landing's ``alternatives`` as [[code, p], ...], likeliest first, those weighed from
    ``MIN_ALTERNATIVE_P`` only: what is not a card code with a probability is left out (an event from
    an older watcher has none)."""
    if not isinstance(value, list):
        return []
    out = []
    for item in value:
        if (isinstance(item, (list, tuple)) and len(item) == 2 and isinstance(item[0], str)
                and cards.is_code(item[0]) and isinstance(item[1], (int, float))
                and item[1] >= MIN_ALTERNATIVE_P):
            out.append([item[0], float(item[1])])
    return sorted(out, key=lambda a: -a[1])


def parse_unseen(value, playable) -> tuple[list[str], str | None] | None:
    """An answer "unseen:<code>[,<code>…][=<code>]": the cards laid unseen, in turn, and the card that
    landed when the table names it (else None); None when ``value`` is not such an answer, or names a
    code not in ``playable`` or more than UNSEEN_CHAIN_MAX cards laid unseen."""
    if not isinstance(value, str) or not value.startswith(UNSEEN):
        return None
    named, _, landed = value[len(UNSEEN):].partition(UNSEEN_LANDED)
    chain = named.split(UNSEEN_CHAIN)
    if (not 1 <= len(chain) <= UNSEEN_CHAIN_MAX or any(code not in playable for code in chain)
            or (UNSEEN_LANDED in value and landed not in playable)):
        return None
    return chain, landed or None


def unseen_answer(chain: list[str], landed: str | None = None) -> str:
    """The answer ``parse_unseen`` reads: ``chain`` laid unseen in turn, and ``landed`` the card that
    landed when the camera misread it."""
    return UNSEEN + UNSEEN_CHAIN.join(chain) + (UNSEEN_LANDED + landed if landed else "")


def _unseen_play(seat: int, code: str, on_it: str | None) -> dict | None:
    """``seat``'s play of ``code``, laid unseen: a Polypig names the colour of the card laid on it
    (``on_it``; None when that has none, or before a draw), a slap's last hand is its player's, as
    nobody saw it."""
    action = {"by": seat, "play": code}
    if code == POLY:
        colour = cards.parse(on_it).colour if on_it is not None else None
        if colour is None:
            return None
        action["colour"] = colour  # the colour that lets the card laid on it lie there
    elif cards.parse(code).kind in SLAPPING:
        action["last"] = seat
    return action


def _lay_unseen(game: Game, chain: list[str], then: str | None) -> Iterator[tuple[list[dict], Game]]:
    """The cards of ``chain`` laid unseen in turn on ``game`` (``_unseen_play``), each by the seat that
    may lay the next card once what comes first is done (``_openings``): (the actions, the game after
    them), each way the rules allow. ``then``: the card laid on the last one (None: a draw follows)."""
    if not chain:
        yield [], game
        return
    code, rest = chain[0], chain[1:]
    for _, prelude, start in _openings(game):
        action = _unseen_play(start.turn, code, rest[0] if rest else then)
        probe = None if action is None else _pushed(start, [action])
        if probe is not None:
            for actions, after in _lay_unseen(probe, rest, then):
                yield prelude + [action] + actions, after


def _coloured_like(before: str, card: str) -> str | None:
    """The card of ``before``'s colour with the face of ``card``, a card of another colour: what
    ``before`` was when misread in its face (the colour is read surely; a 3 and a 0, a 1 and a Shaker
    of one printing can look alike). None when either has no colour or is a villain, the faces are
    alike already, or no such card exists."""
    if not cards.is_code(before) or not cards.is_code(card):
        return None
    old, now = cards.parse(before), cards.parse(card)
    if not old.colour or not now.colour or old.colour == now.colour:
        return None
    if old.is_villain or now.is_villain or old.face == now.face:
        return None
    reread = cards.coloured(old.colour, now.face)
    return reread if cards.is_code(reread) else None


def _cover_of(event: dict, t: float, key: str = "covered") -> float | None:
    """How long the event's zone was covered before it was told (since ``key``: the last hand came over
    it, or ``first_covered``, the first of several), or None when not told."""
    covered = event.get(key)
    if isinstance(covered, (int, float)) and not isinstance(covered, bool) and covered <= t:
        return t - covered
    return None


def _unseen_likeness(code: str, top: cards.Card, landed: cards.Card | None = None) -> tuple:
    """How a card guessed to have been laid unseen ranks among the others (smaller first): a play in
    the top's colour is the commoner, then one that gives the card laid on it its face, then numbers."""
    unseen = cards.parse(code)
    return (unseen.colour != top.colour, landed is not None and unseen.face != landed.face,
            not unseen.is_number, code)


def _drawer(game: Game) -> int | None:
    """The seat whose hand the next reach into the deck is, when the rules expect one: the victim of a
    pending grab; the seat after the victim of a pending snore, who sleeps (R-SNORE); else the seat to
    move (while it has drawn nothing this turn)."""
    state = game.state()
    pending = state["pending"]
    if pending is not None and pending["cards"]:
        return pending["victim"]
    if pending is not None:
        openings = _openings(game)
        return openings[-1][0] if len(openings) > 1 else None
    return state["turn"] if state["drawn"] is None else None


def _reach_by(game: Game, seat: int) -> list[dict] | None:
    """What a reach into the deck by ``seat`` is on ``game``, when the rules expect it (``_drawer``):
    a pending grab's victim taking its cards (R-TRANSFER-3); the snore's victim taking it, then the
    seat after it drawing (R-SNORE); else the seat to move's draw. None when the reach is not
    ``seat``'s or the rules refuse it."""
    if seat != _drawer(game):
        return None
    pending = game.state()["pending"]
    if pending is None:
        actions = [{"by": seat, "draw": True}]
    elif pending["cards"]:
        actions = [{"by": seat, "accept": True}]
    else:
        actions = [{"by": pending["victim"], "accept": True}, {"by": seat, "draw": True}]
    return actions if _pushed(game, actions) is not None else None


def _unseen_index(actions: list[dict]) -> int | None:
    """Where in ``actions`` (a card laid unseen, a victim taking a penalty perhaps, then the card seen
    land) the card laid unseen is: the last play before the card seen."""
    return next((i for i in range(len(actions) - 2, -1, -1) if "play" in actions[i]), None)


def _unseen_wins(game: Game, actions: list[dict]) -> int:
    """How many villains the card laid unseen in ``actions`` (``_unseen_index``) wins on ``game``."""
    index = _unseen_index(actions)
    probe = None if index is None else _pushed(game, actions[:index + 1])
    if probe is None:
        return 0
    return sum(len(trophies) for trophies in probe.state()["trophies"]) - sum(
        len(trophies) for trophies in game.state()["trophies"])


def _draws_next(game: Game, seat: int) -> bool:
    """Whether the next reach into the deck on ``game`` is ``seat``'s (``_drawer``)."""
    return seat == _drawer(game)


def _openings(game: Game) -> list[tuple[int, list[dict], Game]]:
    """Who may lay the next card on ``game``: (seat, the actions that come first, the game after them).
    The seat to move; then, when it has drawn, the next seat once it kept the card (R-TURN-2), or when
    it is the victim of a pending grab or snore (only a transfer may go onto it, R-TRANSFER-3), the next
    seat once it took it."""
    state = game.state()
    turn = state["turn"]
    if turn is None:
        return []
    pending = state["pending"]
    if state["drawn"] is not None:
        prelude = [{"by": turn, "pass": True}]
    elif pending is not None and pending["victim"] == turn:
        prelude = [{"by": turn, "accept": True}]
    else:
        return [(turn, [], game)]
    probe = _pushed(game, prelude)
    return [(turn, [], game)] + ([(probe.turn, prelude, probe)] if probe and probe.turn is not None else [])


@functools.cache
def _dealt_villains(edition: str) -> dict[str, frozenset[str]]:
    """The villains each pile of ``edition`` is dealt (D-2), by pile."""
    return {pile: frozenset(codes) for pile, codes in cards.villain_piles(edition).items()}


def _openers(game: Game) -> list[int]:
    """The seats that may lay the next card on ``game`` (``_openings``)."""
    return [seat for seat, _, _ in _openings(game)]


def _pushed(game: Game, actions: list[dict]) -> Game | None:
    """A copy of ``game`` with ``actions`` pushed in order, or None when the rules refuse one."""
    probe = copy.deepcopy(game)
    try:
        for action in actions:
            probe.push(action)
    except IllegalAction:
        return None
    return probe


def _amended(move: Move, changes: dict) -> Move:
    """A copy of ``move`` with some of its action's keys changed; a play read as another card keeps
    only the choices of that card's kind. What it took is counted again when it is pushed."""
    action = {**move.action, **changes}
    if "play" in changes:
        kept = CHOICES.get(cards.parse(changes["play"]).kind, ())
        action = {key: value for key, value in action.items() if key not in ALL_CHOICES or key in kept}
    return replace(move, action=action, confirmed=list(move.confirmed), defeated=[], stolen=[])


def _seat_question_texts(card: str, *, intercept: bool) -> tuple[str, str]:
    """The text of an ``intercepted-by`` (``intercept``) or ``played-by`` question about ``card``."""
    if intercept:
        return f"Кто перехватил {texts.card_ru(card)}?", f"Who intercepted with {texts.card_en(card)}?"
    return f"Кто сыграл {texts.card_ru(card)}?", f"Who played {texts.card_en(card)}?"


def _card_colour(code: str) -> str | None:
    return cards.parse(code).colour


class RoundTracker:
    """One round: the game as the table knows it, the questions, the log."""

    def __init__(self, config: MatchConfig, number: int, dealer: int, overrides: Overrides | None = None):
        self.config = config
        self.players = config.players
        self.number = number
        self.dealer = dealer
        self.overrides = overrides or Overrides()
        self.game: Game | None = None
        self.start_card: str | None = None
        self.start_t = 0.0
        # how the starting card was read: a person named it, or the camera's confidence (None: unknown)
        self.start_told = False
        self.start_confidence: float | None = None
        self.tops: dict[str, str | None] = {pile: None for pile in PILES}
        self.moves: list[Move] = []
        self.questions: dict[str, dict] = {}
        self.asked: dict[str, dict] = {}  # every question raised, answered or not (the headless log)
        self.log: list[dict] = []
        self.effective: list[int] = []  # entries that changed the round, oldest first (for undo)
        self.errors: dict[int, IllegalAction] = {}  # entries a correction made impossible
        self.held: dict | None = None  # an illegal landing waiting for "wrong card" or "misread"
        self.camera_cards: dict[int, str] = {}  # entry -> the card the camera read land there
        self.unexplained_takes: dict[str, tuple] = {}  # pile -> (under, pile size, entry): not explained yet
        # pile -> the reveal of the card seen under a take that a play seen after it explained
        self.revealed_late: dict[str, Move] = {}
        self.moved_onto: dict[str, set[str]] = {pile: set() for pile in PILES}  # as the camera saw them
        self.told_later: dict = {}  # question id -> value a later entry told (see ``Overrides.inferred``)
        self.absorb_until = float("-inf")
        self.slap_until = float("-inf")  # till then, a deck event with many arms is a slap (R-SLAP, R-STEAL)
        self.slapped: tuple[float, int] | None = None  # when the slap was seen, and how many moves then
        # (seq, t) of a landing taken for the top read again, a Slapper or a Stealer, after its slap
        self.slap_reread: tuple[int, float] | None = None
        # pile -> [(seq, t, villain, seat, covered)], the hands seen over it, oldest first: read at the
        # next card
        self.reached: dict[str, list[tuple]] = {}
        # (covered, t, seat): the last hands seen over a villain pile (taken, reached, moved), by arm
        self.pile_hands: list[tuple[float, float, int]] = []
        self.camera = "ok"
        self.gaps: list[float] = []  # seconds between two landings with no draw between them: the pace
        self.landed_t: float | None = None
        self.landed_covered: float | None = None  # when the last landing's zone began to be covered
        self.taker_after_unseen: int | None = None  # a take waiting for the next card (TAKER_AFTER_UNSEEN)
        self.reach_samples: list[tuple[float, int]] = []  # (reach, seat) of moves whose seat was sure
        # last-hand question -> the arms seen that tell it, till the seats' places say whose they are:
        # (places, True) everyone slapping the deck, in the order they came; (place, False) the arm
        # that drew the slap's two cards
        self.last_hands: dict[str, tuple] = {}
        self.deep: dict[tuple[str, int], str] = {}  # villains known below the tops as dealt: (pile, depth)
        self.draw_t: float | None = None
        self.draw_reach: float | None = None
        self.covers: list[float] = []  # how long each landing's zone was covered, in seconds
        # the last play, when its landing may have hidden another play before it (covered long, or
        # laid by the arm of a seat the rules did not give it): {"seq", "card", "game" (before it),
        # "moves" (how many there were after it), "arm" (its arm's seat), "top_laid" (the move that
        # laid the top it landed on)}
        self.maybe_two: dict | None = None
        # the reach into the deck since the last card taken for an arm crossing it: (seq, its arm's seat)
        self.crossing: tuple[int, int] | None = None

    # ------------------------------------------------------------------ reading the state

    @property
    def finished(self) -> bool:
        return self.game is not None and self.game.finished

    def _state(self) -> dict:
        return self.game.state()

    def hand_counts(self) -> list[int]:
        return [len(h) for h in self.game.hands] if self.game else [8] * self.config.n

    def last_play(self) -> tuple[int, Move] | None:
        for index in range(len(self.moves) - 1, -1, -1):
            if "play" in self.moves[index].action:
                return index, self.moves[index]
        return None

    # ------------------------------------------------------------------ log and questions

    def _note(self, seq: int, t: float, kind: str, ru: str, en: str) -> None:
        self.log.append({"i": seq, "t": round(t, 2), "kind": kind, "text_ru": ru, "text_en": en})

    def _note_crossing(self, seq: int, t: float, crossed: str, to: str | None) -> None:
        """An arm seen over the discard pile or the deck (``crossed``) only on its way to ``to`` (a
        villain pile, or the deck; None: not seen where): nothing laid, or nothing drawn."""
        where = "" if to is None else " к колоде" if to == "deck" else f" к стопке «{texts.PILE_RU[to]}»"
        where_en = "" if to is None else f" on its way to the {to}"
        over_ru, result_ru, over_en, result_en = {
            "discard": ("сбросом", "карта не новая", "discard pile", "no new card"),
            "deck": ("колодой", "карту не брали", "deck", "no draw"),
        }[crossed]
        self._note(seq, t, "passing", f"Рука прошла над {over_ru}{where}: {result_ru}",
                   f"An arm crossed the {over_en}{where_en}: {result_en}")

    def _flag(self, seq: int, t: float, ru: str, en: str) -> None:
        self._note(seq, t, "flag", ru, en)

    def _seat_options(self) -> list[dict]:
        """Every seat, as a question's options."""
        return [texts.seat_option(s, self.players) for s in range(self.config.n)]

    def _ask(
        self,
        seq: int,
        kind: str,
        *,
        ru: str,
        en: str,
        options: list[dict],
        seat=None,
        move: Move | None = None,
        card=None,
        default=None,
        t: float = 0.0,
    ) -> str:
        qid = f"q{seq}-{kind}"
        question = {
            "id": qid,
            "kind": kind,
            "seat": seat,
            "index": None,
            "card": card,
            "default": default,
            "text_ru": ru,
            "text_en": en,
            "options": options,
            "t": round(t, 2),
            "_move": move,
        }
        self.questions[qid] = question
        self.asked.setdefault(qid, {k: v for k, v in question.items() if not k.startswith("_")})
        return qid

    def _close(self, qid: str, how: str) -> None:
        self.questions.pop(qid, None)
        if qid in self.asked:
            self.asked[qid]["resolved"] = how

    def open_questions(self) -> list[dict]:
        out = []
        for question in self.questions.values():
            public = {k: v for k, v in question.items() if not k.startswith("_")}
            move = question["_move"]
            if move is not None:
                public["index"] = self._index_of(move)
                if question["kind"] == WHICH_CARD and "play" in move.action:
                    # the card as it is taken to be now: as read, or as the rules read it since
                    now = public["default"] = move.action["play"]
                    public["text_ru"], public["text_en"] = self._which_card_texts(move)
                    if all(o["value"] != now for o in public["options"]):
                        public["options"] = [texts.card_option(now), *public["options"]]
                elif question["kind"] == "intercepted-by" and "play" in move.action and not move.intercept:
                    # the card it lay on read again since as another card: no interception, a play
                    public["text_ru"], public["text_en"] = _seat_question_texts(move.action["play"],
                                                                                intercept=False)
            out.append(public)
        return out

    def _index_of(self, move: Move) -> int | None:
        """Where ``move`` (this very move, not an equal one) is in the moves, or None."""
        return next((i for i, m in enumerate(self.moves) if m is move), None)

    def answer_for(self, qid: str):
        return self.overrides.answers.get(qid)

    # ------------------------------------------------------------------ engine plumbing

    def _push(self, move: Move) -> None:
        """Push one move, recording which villains it took: (pile, code), code None when unknown,
        and the trophies a steal moved between seats.

        The pile comes from the piles' sizes (a villain moved by a shake counts in its new pile),
        the code from the trophies, which the engine takes in the order of PILES. A steal is
        resolved before the defeats (R-ADV-6), so the stolen trophies come first in the stealer's."""
        game = self.game
        sizes = {pile: len(stack) for pile, stack in game.villains.items()}
        trophies = [len(t) for t in game.trophies]
        seat = move.action.get("by")
        known_seat = isinstance(seat, int) and 0 <= seat < len(game.hands)  # else the engine refuses it
        move.hand_before = len(game.hands[seat]) if known_seat else None
        game.push(move.action)
        shake = move.action.get("shake")
        if shake and "play" in move.action:
            sizes[shake[0]] -= 1
            sizes[shake[1]] += 1
        piles = [pile for pile in PILES for _ in range(max(0, sizes[pile] - len(game.villains[pile])))]
        lost = sum(max(0, count - len(game.trophies[seat])) for seat, count in enumerate(trophies))
        codes = []
        for seat, count in enumerate(trophies):
            gained = game.trophies[seat][count:]
            if lost and seat == move.action.get("by"):
                move.stolen, gained = gained[:lost], gained[lost:]
            codes += gained
        move.defeated = list(zip(piles, codes, strict=True))
        self.moves.append(move)

    def _trial(self, actions: list[dict]) -> bool:
        """Whether these actions, in order, are legal now (the game is not changed)."""
        if len(actions) == 1:
            return self.game.is_legal(actions[0])
        return _pushed(self.game, actions) is not None

    def _rebuild(self, moves: list[Move]) -> None:
        """The game from its start with these moves (their trophies recounted)."""
        self.game = self._fresh_game()
        self.moves = []
        for move in moves:
            self._push(move)

    def _replace(self, index: int, count: int, new: list[Move]) -> None:
        """Replace ``count`` moves at ``index`` by ``new`` and push the later ones again.

        Raises IllegalAction, leaving everything as it was, when the result breaks the rules.
        """
        old = list(self.moves)
        try:
            self._rebuild(old[:index] + new + old[index + count :])
        except IllegalAction:
            self._rebuild(old)
            raise

    def _amend(self, index: int, **changes) -> bool:
        """The move at ``index`` with some of its action's keys changed (a choice the camera or the
        table told later); False, and nothing changed, when the rules refuse the result. A play read
        as another card keeps only the choices of that card's kind (a Shaker read as a 7 moves no
        villain)."""
        move = self.moves[index]
        amended = _amended(move, changes)
        try:
            self._replace(index, 1, [amended])
        except IllegalAction:
            return False
        self._repoint(move, self.moves[index])
        return True

    def _repoint(self, old: Move, new: Move) -> None:
        """The questions about ``old``, a move read again as ``new``, are about ``new`` now."""
        for question in self.questions.values():
            if question["_move"] is old:
                question["_move"] = new

    def _fresh_game(self) -> Game:
        cfg = self.config
        villains = {pile: [None] * len(codes) for pile, codes in cards.villain_piles(cfg.edition).items()}
        for (pile, depth), code in self.deep.items():
            villains[pile][depth] = code
        return Game.public(
            cfg.edition,
            cfg.players,
            dealer=self.dealer,
            rules=cfg.rules,
            top=self.start_card,
            villains=villains,
        )

    def _shaken_origins(self, shake_index: int, pile: str) -> tuple:
        """Where, in the piles as dealt, the villain a shake moved off ``pile`` and the one it
        uncovered started (None where the pile runs out).

        The villains' moves are followed from the deal: defeats take tops, shakes move a top onto
        another pile. The camera names both cards only after the shake, but its defeat check
        (R-SHAKE: after the move) needs them: they become known cards of the piles as dealt."""
        dealt = cards.villain_piles(self.config.edition)
        piles = {p: [(p, i) for i in range(len(c))] for p, c in dealt.items()}
        for index, move in enumerate(self.moves[: shake_index + 1]):
            if index == shake_index:
                stack = piles[pile]
                return (stack[0] if stack else None, stack[1] if len(stack) > 1 else None)
            shake = move.action.get("shake")
            if shake and piles[shake[0]]:
                piles[shake[1]].insert(0, piles[shake[0]].pop(0))
            for taken_pile, _ in move.defeated:
                if taken_pile is not None and piles[taken_pile]:
                    piles[taken_pile].pop(0)
        return (None, None)

    def _start(self, seq: int, t: float, card: str, *, told: bool = False,
               confidence: float | None = None) -> None:
        self.start_card, self.start_told, self.start_confidence = card, told, confidence
        self.start_t = self.landed_t = t
        self.game = self._fresh_game()
        self._note(
            seq, t, "start", f"Первая карта: {texts.card_ru(card)}", f"Starting card: {texts.card_en(card)}"
        )
        for pile, top in self.tops.items():
            if top is not None:
                self._reveal(seq, t, pile, top)
        self.effective.append(seq)

    def _villain_seen(self, pile: str, code: str | None, depth: int = 0,
                      confidence: float | None = None) -> str | None:
        """The villain the camera read ``depth`` cards down ``pile``, within what can lie there.

        What can lie there: the villains the pile was dealt (R-ADV-SETUP: each villain has its own
        pile), the cards the rules know are in it, and the cards the camera saw shaken onto it (a
        move the rules could not place). A reading of anything else is a misread (an alien whose
        art the model takes for super pirates): a card nobody has named yet is the pile's only
        villain (aliens), a named one stays itself unless the camera was sure; else the reading
        stands, and the flags tell the table."""
        if self.game is None or code is None:
            return code
        stack = self.game.villains.get(pile) or []
        dealt = _dealt_villains(self.config.edition).get(pile, frozenset())
        if depth >= len(stack) or code in dealt or code in stack or code in self.moved_onto.get(pile, ()):
            return code
        if stack[depth] is None:
            return next(iter(dealt)) if len(dealt) == 1 else code
        sure = not isinstance(confidence, (int, float)) or confidence >= UNSURE_READING
        return code if sure else stack[depth]

    def _reveal(self, seq: int, t: float, pile: str, code: str) -> None:
        code = self._villain_seen(pile, code)
        stack = self.game.villains[pile]
        if not stack:
            self._flag(
                seq,
                t,
                f"Камера видит {texts.card_ru(code)} на пустой стопке",
                f"The camera sees {texts.card_en(code)} on the empty {pile} pile",
            )
            return
        if stack[0] == code:
            return
        if stack[0] is not None:
            self._flag(
                seq,
                t,
                f"Камера видит {texts.card_ru(code)}, по правилам сверху {texts.card_ru(stack[0])}",
                f"The camera sees {texts.card_en(code)} on {pile}; the rules say {texts.card_en(stack[0])}",
            )
            return
        self._push(Move({"reveal": pile, "card": code}, seq, t))

    # ------------------------------------------------------------------ entries

    def process(self, seq: int, entry: dict, *, live: bool) -> None:
        """Apply one entry. ``live``: a request being made now, so refusals raise instead of flagging."""
        if seq in self.overrides.ignored:
            return
        kind = entry.get("kind")
        t = float(entry.get("t", 0.0))
        if kind == "event":
            self._on_event(seq, t, entry["event"])
        elif kind == "action":
            self._on_manual(seq, t, entry["action"], live=live)
        elif kind in ("answer", "fix", "undo"):
            self.effective.append(seq)  # overrides; the re-derivation has applied them already
        self._reveal_explained_takes(seq, t)
        self._retarget_went_out()

    def _retarget_went_out(self) -> None:
        """An open "did X play their last card?" whose play was read again since as another seat's (an
        arm that took its villain, moved a villain, laid the next card): about that seat when it held
        one card then (R-WIN-1), else no longer asked, since nobody went out with it."""
        for qid, question in list(self.questions.items()):
            move = question["_move"]
            if (question["kind"] != "went-out" or self.answer_for(qid) is not None
                    or self._index_of(move) is None):
                continue
            if move.hand_before != 1:
                self._close(qid, NOT_LAST_CARD)
            elif move.action["by"] != question["seat"]:
                self._ask_went_out(move.source, move.t, move)  # the same question, now about that seat

    def _reveal_explained_takes(self, seq: int, t: float, *, settle: bool = True) -> None:
        """Takes the camera saw before the rules could explain them, now explained (a play the rules
        saw later took the villain): the card the camera saw under it is the top, and who took it is
        no longer asked. A take that a card landing after it leaves unexplained is no later play's:
        the hand seen was no defeater's (it hovered), and a later defeat there is seen for itself;
        unless not ``settle``: between the cards of one reading, the last of which may explain it."""
        for pile, (under, size, taken_at) in list(self.unexplained_takes.items()):
            stack = self.game.villains[pile] if self.game is not None else []
            if len(stack) >= size:
                if settle and any("play" in move.action and move.source > taken_at for move in self.moves):
                    del self.unexplained_takes[pile]
                continue  # not explained yet
            del self.unexplained_takes[pile]
            if f"q{taken_at}-trophy" in self.questions:
                self._close(f"q{taken_at}-trophy", "inferred")
            if len(stack) == size - 1 and stack and stack[0] is None:
                self._reveal(seq, t, pile, under)
                if self.moves and self.moves[-1].action == {"reveal": pile, "card": under}:
                    self.revealed_late[pile] = self.moves[-1]

    def note_correction(self, seq: int, entry: dict, *, undone: bool) -> None:
        """The log line of an answer, a fix or an undo (they act through the re-derivation)."""
        kind, t = entry["kind"], float(entry.get("t", 0.0))
        if kind == "answer":
            ru, en = f"Ответ: {entry['value']}", f"Answer to {entry['question']}: {entry['value']}"
        elif kind == "fix":
            who = self.players[entry["by"]] if entry.get("by") is not None else None
            what = entry.get("card")
            ru = "Исправлено: " + ", ".join(x for x in (who, what and texts.card_ru(what)) if x)
            en = "Fixed: " + ", ".join(
                x for x in (who and f"played by {who}", what and texts.card_en(what)) if x
            )
        else:
            ru, en = "Отменено последнее действие", "The last action was taken back"
        if undone:
            ru, en = ru + " (отменено)", en + " (taken back)"
        self._note(seq, t, kind, ru, en)

    def _on_event(self, seq: int, t: float, event: dict) -> None:
        kind = event.get("type")
        if kind in ("taken", "reached", "moved") and event.get("zone") in PILES:
            seat = self._hint(event)
            covered = event.get("covered", t)
            if seat is not None and isinstance(covered, (int, float)):
                self.pile_hands = [*self.pile_hands, (float(covered), t, seat)][-PILE_HANDS_KEPT:]
            if self.game is not None and isinstance(covered, (int, float)):
                self._crossed_to_pile(event.get("reach"), float(covered),
                                      took=kind == "taken" and self._last_play_beat(event["zone"]))
        if kind == "camera":
            self.camera = event.get("status", "ok")
            if self.camera == "lost":
                self._note(
                    seq, t, "camera", "Камера потеряна: игра сохранена", "Camera lost: the game is kept"
                )
            else:
                self._note(seq, t, "camera", "Камера снова работает", "Camera back")
            return
        if kind == "top":
            if self.game is None:
                self.tops[event["zone"]] = event["card"]
            else:
                self._reveal(seq, t, event["zone"], event["card"])
            return
        if kind == "landed":
            card = event["card"]
            fix = self.overrides.fixes.get(seq, {})
            told = self.answer_for(f"q{seq}-{WHICH_CARD}")
            card = fix.get("card", told if told is not None else card)  # what `_card_told` says was told
            slapped_as = self.overrides.inferred.get(f"q{seq}-{SLAPPED_AS}")
            if slapped_as is not None and told is None and "card" not in fix and slapped_as != card:
                self._note_misread(seq, t, card, slapped_as, ": после неё все хлопнули по колоде",
                                   ": everyone slapped the deck after it")
                card = slapped_as
            if self.game is None:
                confidence = event.get("confidence")
                self._start(seq, t, card, told=self._card_told(seq),
                            confidence=confidence if isinstance(confidence, (int, float)) else None)
                return
            if told == texts.NOTHING_PLAYED and "card" not in fix:
                # an arm passed over the pile and the camera read the top again as this card: the
                # watcher holds that reading, so the top read right again later is no new card
                self.camera_cards[seq] = event["card"]
                self._note_crossing(seq, t, "discard", None)
                return
            if event.get("passing") in (*PILES, "deck") and card == self.game.top and "card" not in fix:
                self._note_crossing(seq, t, "discard", event["passing"])
                return
            self._settle_reached()
            previous = next(reversed(self.camera_cards.values()), None)  # entries come in order
            self.camera_cards[seq] = event["card"]
            hint = self._hint(event)
            if (event.get("same") is False and told is None
                    and not self.overrides.inferred.get(f"q{seq}-{SLAPPED_TWIN}")
                    and self._misread_top_read(seq, t, card, hint, previous, event.get("confidence"))):
                self._ask_if_laid(seq, t, card, hint, event.get("confidence"), event.get("alternatives"))
                if (cards.parse(card).kind in SLAPPING and self.slapped is not None
                        and self.slapped[1] == len(self.moves)):
                    self.slap_reread = (seq, t)
                return
            if self.overrides.inferred.get(f"q{seq}-{READ_AGAIN}") and self.last_play() is not None:
                seat = hint if hint is not None else self.last_play()[1].action["by"]
                self._on_top_read_again(seq, t, card, seat, float(event.get("confidence") or 0.0))
                return
            read = not self._card_told(seq)  # the camera's reading stands (no person told the card)
            if self._arm_passing_to_pile(hint, event.get("covered"), t):
                # the arm seen as the card landed was passing, to or back from a villain pile: another
                # seat's hand may have laid it (the villain a twin beats tells whose), and a card read
                # unsure is no top read again for that arm (simulated games 36 and 111)
                hint, event = None, {**event, "reach": None}
            weighed = _checked_alternatives(event.get("alternatives")) if read else []
            if event.get("same") is True and read:
                self._read_again_by_twin(card, previous)
                card = self._twin_as_misread(seq, card, event.get("confidence"))
                if card != event["card"]:  # what the camera read stays weighed (``_reread_untaken``)
                    weighed = [[event["card"], float(event.get("confidence") or 0.0)]] + weighed
                if "by" not in fix and self._both_copies_on_top(card, event.get("covered")):
                    self._note(seq, t, "passing",
                               f"Обе карты {texts.card_ru(card)} уже в сбросе: новой карты нет",
                               f"Both copies of {texts.card_en(card)} already lie on the pile: no new card")
                    return
                if "by" not in fix and card == self.game.top and t <= self.slap_until:
                    # everyone slaps the deck after a Slapper or a Stealer: their hands cross the pile
                    self._note(seq, t, "passing", "Руки тянутся к колоде над сбросом: карта не новая",
                               "Hands reaching for the deck crossed the discard pile: no new card")
                    return
            self._on_landed(seq, t, card, fix.get("by"), hint, event.get("reach"),
                            event.get("confidence") if read else None, weighed, _cover_of(event, t))
        elif kind == "reread":
            if self.game is not None:
                self._on_reread(seq, t, event.get("card"), event.get("was"), event.get("confidence"))
        elif kind == "taken":
            pile = event["zone"]
            if self._shaken_onto(seq, t, pile, event):
                return
            self._on_taken(seq, t, pile, self._villain_seen(pile, event["card"], 0, event.get("confidence")),
                           self._villain_seen(pile, event.get("under"), 1), self._hint(event))
        elif kind == "reached":
            if self.game is not None:
                covered = event.get("covered", t)
                self.reached.setdefault(event["zone"], []).append(
                    (seq, t, self._villain_seen(event["zone"], event["card"], 0, event.get("confidence")),
                     self._hint(event), covered))
        elif kind == "moved":
            pile = event["zone"]
            if event["to"] in self.moved_onto:
                self.moved_onto[event["to"]].add(event["card"])
            self._on_moved(seq, t, pile, self._villain_seen(pile, event["card"], 0, event.get("confidence")),
                           event["to"], self._villain_seen(pile, event.get("under"), 1), self._hint(event))
        elif kind == "drawn":
            self._on_drawn(seq, t, event.get("reach"), event.get("arrivals"), event.get("over"),
                           _cover_of(event, t), _cover_of(event, t, "first_covered"))

    # ------------------------------------------------------------------ whose arm

    def _arm_passing_to_pile(self, seat: int | None, covered, t: float) -> bool:
        """Whether ``seat``'s arm, over a villain pile when the discard pile began to be covered
        (``covered``; or just after, on its way there), was only passing over the discard pile: that
        pile stayed covered more than PASSING_S after the arm left the villain pile, until the landing
        settled at ``t``, so another hand was over it. (An arm that only crossed it leaves both at
        once: simulated game 41, the top read again as seat 1's arm reached for the pirates.)"""
        if seat is None or not isinstance(covered, (int, float)):
            return False
        return any(hand == seat and start - COVER_JITTER_S <= covered <= end and t - end > PASSING_S
                   for start, end, hand in self.pile_hands)

    def _last_play_beat(self, pile: str) -> bool:
        """Whether the last play, as the rules read it, beat the top villain of ``pile``."""
        last = self.last_play()
        return last is not None and any(p == pile for p, _ in last[1].defeated)

    def _crossed_to_pile(self, reach, covered: float, *, took: bool) -> None:
        """The last play a twin (an interception) of the card read under it, by the arm now seen over a
        villain pile that it came over at most PASSING_S after the discard pile began to be covered,
        and before the twin was confirmed: the arm crossed the discard pile on its way to the villain
        pile, and laid nothing (the reach watcher's ``passing``, which could not know of the villain
        pile yet; game 81: a green 1's arm on its way to take the small pirates it beat). So too another
        card read unsure (below ``UNSURE_READING``), when that arm only reached over the villain pile
        or took a villain that card does not beat (``took``: a card laid, then its trophy taken, would
        be a play; game 99: the top read unsure as a red 5 as an arm passed over it towards the deck;
        game 777: a red 4, read again as a 7 as its arm went on to take the yellow ghosts a sweep had
        beaten). The round is derived
        again with the landing the top read again (``told_later``)."""
        last = self.last_play()
        if last is None or self.landed_covered is None:
            return
        index, move = last
        qid = f"q{move.source}-{READ_AGAIN}"
        unsure = not took and move.confidence is not None and move.confidence < UNSURE_READING
        if (index != len(self.moves) - 1 or not (move.intercept or unsure) or move.t != self.landed_t
                or self.camera_cards.get(move.source) != move.action["play"]
                or same_arm(reach, move.arm) is not True or not covered < move.t
                or not -COVER_JITTER_S <= covered - self.landed_covered <= PASSING_S
                or qid in self.overrides.inferred or self._told_about(move)):
            return
        self.told_later[qid] = True

    def _hint(self, event: dict) -> int | None:
        """The seat an event's arm came from: a seat zone's word, else where the arm crossed the
        frame's border (``reach``), matched to the places learned from moves the rules were sure of."""
        seat = event.get("seat")
        if isinstance(seat, int) and 0 <= seat < self.config.n:
            return seat
        return self._reach_seat(event.get("reach"))

    def _seat_places(self) -> dict[int, float]:
        """Where each placed seat's arm comes in: of its last sure reaches, the one closest to all the
        others (robust to a stray one). Two seats do not sit at one place: a seat placed where another
        is, by an arm that was not its own (a play the camera missed), is placed by its reaches away
        from every other seat's, when it has any."""
        samples = {seat: [p for p, s in self.reach_samples if s == seat][-REACH_SAMPLES:]
                   for seat in range(self.config.n)}
        centres = {seat: _middle(places) for seat, places in samples.items() if places}
        placed = dict(centres)
        for seat, centre in centres.items():
            others = [c for s, c in centres.items() if s != seat]
            if any(circular_gap(centre, c) <= 2 * REACH_MATCH for c in others):
                apart = [p for p in samples[seat]
                         if all(circular_gap(p, c) > 2 * REACH_MATCH for c in others)]
                if apart:
                    placed[seat] = _middle(apart)
        return placed

    def _same_arm(
        self, a: float | None, b: float | None, centres: dict[int, float] | None = None
    ) -> bool | None:
        """``same_arm``, where a place far from every seat's, once all are placed, is no player's
        arm (a shadow or a thing at the border was seen instead of it): it tells nothing.
        ``centres``: the seats' places, when already at hand."""
        centres = self._seat_places() if centres is None else centres
        if len(centres) == self.config.n and any(
            place is not None and _far_from_all(place, centres) for place in (a, b)
        ):
            return None
        return same_arm(a, b)

    def _reach_seat(self, reach: float | None, centres: dict[int, float] | None = None) -> int | None:
        """The seat whose place ``reach`` is (``centres``: the seats' places, when already at hand)."""
        if reach is None:
            return None
        centres = self._seat_places() if centres is None else centres
        if not centres:
            return None
        ranked = sorted(centres, key=lambda s: circular_gap(centres[s], reach))
        seat = ranked[0]
        if circular_gap(centres[seat], reach) > REACH_MATCH:
            unplaced = [s for s in range(self.config.n) if s not in centres]
            if len(unplaced) == 1 and _far_from_all(reach, centres):
                return unplaced[0]  # far from every other seat's place: the one seat not placed yet
            return None
        if len(ranked) > 1 and circular_gap(centres[ranked[1]], reach) <= 2 * REACH_MATCH:
            return None  # two seats' places that close: no telling
        return seat

    def _own_reach(self, reach: float | None, seat: int) -> float | None:
        """``reach`` as the arm of ``seat``'s move, or None where it lies at another seat's place (the
        arm seen was someone else's: the mover's own was missed)."""
        return reach if self._reach_seat(reach) in (None, seat) else None

    def _learn_reach(self, reach: float | None, seat: int | None) -> None:
        """Learn where ``seat``'s arm comes in. A reach at the place of another seat that has been
        seen there PLACE_SURE times is not learned (the arm was someone else's, going back); a place
        seen fewer times may be wrong itself (a glare at the border taken for an arm) and must not
        keep the seat's true place from being learned."""
        if seat is None or reach is None:
            return
        other = self._reach_seat(reach)
        if other not in (None, seat) and sum(s == other for _, s in self.reach_samples) >= PLACE_SURE:
            return
        self.reach_samples.append((reach, seat))
        self._settle_last_hands()

    # ------------------------------------------------------------------ a card lands

    def _play(self, seq: int, seat: int, card: str, game: Game | None = None) -> dict:
        """The full play action: choices the engine needs come from answers, else defaults (from
        ``game``, a probe, when given)."""
        action = {"by": seat, "play": card}
        kind = cards.parse(card).kind
        if card == POLY:
            answered = self.answer_for(f"q{seq}-colour")
            colour = (game or self.game).colour
            action["colour"] = answered or colour or EDITIONS[self.config.edition].colours[0]
        elif kind in SLAPPING:
            qid = f"q{seq}-last-hand"
            answered = self.answer_for(qid)
            told = answered if answered is not None else self.overrides.inferred.get(qid)
            action["last"] = seat if told is None else told
        return action

    def _with_choices(self, action: dict) -> list[dict]:
        """An omni that needs a villain pile: one variant per pile (the camera's ``taken`` tells which)."""
        if cards.parse(action["play"]).kind == "omni":
            return [action] + [{**action, "villain": pile} for pile in PILES]
        return [action]

    def _drawer_played(self, t: float, reach: float | None = None, after: int | None = None) -> bool:
        """Whether a card landing at ``t`` after a draw is the drawn card, played at once, or the
        next seat's (``after``) once the drawer passed.

        The arms tell first: the landing's arm came from where the drawer's did, or from the next
        seat's place. An arm that is neither (a glare spot at the border, a third player's arm) tells
        nothing. Else the timing: soon enough after the draw, measured against the table's pace (the
        median time between two plays), or before it is known the time the drawer took to reach the deck.
        """
        places = self._seat_places()
        same = self._same_arm(self.draw_reach, reach, places)
        if same is False and after in places and self._same_arm(places[after], reach, places) is False:
            same = None
        if same is not None:
            return same
        if self.draw_t is None:
            return False
        pace = sorted(self.gaps[-15:])
        if len(pace) >= 3:
            yardstick = pace[len(pace) // 2]
        elif self.landed_t is not None:
            yardstick = self.draw_t - self.landed_t
        else:
            return False
        return t - self.draw_t < DRAWER_GAP * yardstick

    def _readings(
        self, seq: int, card: str, hint: int | None, t: float = 0.0, reach: float | None = None
    ) -> list[tuple[int, list[dict], bool]]:
        """Every legal reading of ``card`` landing: (seat, actions, intercept), likeliest first.
        ``reach`` is where the landing's arm came in, compared with the arms of the moves before."""
        state = self._state()
        turn = state["turn"]
        n = self.config.n
        candidates: list[tuple[int, list[dict], bool]] = []
        previous = self._previous_move()
        if previous is not None and previous.action.get("play") == card:
            # R-INTERCEPT-1: an identical card right after its twin; any seat may have played it. For the
            # seat to move it is one playable card among many, for the others the only one: they come first.
            first = turn if turn is not None else previous.action["by"]
            order = [(first + k) % n for k in range(1, n)] + [first]
            same = self._same_arm(previous.reach, reach)
            if same is not None:  # the twin's own arm came again, or another one did
                order.sort(key=lambda seat: (seat == previous.action["by"]) != same)
            candidates += [(seat, [], True) for seat in dict.fromkeys(order) if seat is not None]
        openings = [(seat, prelude, False) for seat, prelude, _ in _openings(self.game)]
        if state["drawn"] is not None and turn is not None:
            after = openings[1][0] if len(openings) > 1 else None
            if not self._drawer_played(t, reach, after):
                openings.reverse()
        candidates += openings
        readings: list[tuple[int, list[dict], bool]] = []
        seen: set = set()
        for seat, prelude, intercept in candidates:
            if seat in seen:  # the likeliest reading of each seat's play
                continue
            for play in self._with_choices(self._play(seq, seat, card)):
                if self._trial(prelude + [play]):
                    readings.append((seat, prelude + [play], intercept))
                    seen.add(seat)
                    break
        if hint is not None:
            readings.sort(key=lambda r: r[0] != hint)
        return readings

    def _previous_move(self) -> Move | None:
        """The last move that is not a villain reveal (a reveal is a fact, not a move)."""
        for move in reversed(self.moves):
            if "reveal" not in move.action:
                return move
        return None

    def _after(self, actions: list[dict]) -> int | None:
        """The seat to move after these actions, or None when they are not legal."""
        probe = _pushed(self.game, actions)
        return None if probe is None else probe.turn

    def _on_landed(
        self,
        seq: int,
        t: float,
        card: str,
        fixed_by: int | None,
        hint: int | None,
        reach: float | None = None,
        confidence: float | None = None,
        alternatives: list | None = None,
        cover: float | None = None,
    ) -> None:
        if self.finished:
            self._flag(
                seq,
                t,
                f"После конца раунда: {texts.card_ru(card)}",
                f"{texts.card_en(card)} landed after the end of the round",
            )
            return
        if self.held is not None and card == self.game.top:
            # The card that could not be played went back to its hand: R-WRONG-1.
            held, self.held = self.held, None
            self._apply_wrong(held, inferred=True)
            self._close(held["qid"], "inferred")
            return
        if fixed_by is None and self.held is None and self._top_read_again(
                seq, card, hint, confidence, alternatives, cover):
            twin = self._twin_or_read_again(seq, t, card, hint, alternatives)
            if twin is None:
                self._on_top_read_again(seq, t, card, hint, confidence)
                return
            # the card the camera read stays weighed (``_reread_twins``)
            alternatives = [[card, confidence]] + [a for a in alternatives or [] if a[0] != twin]
            card = twin
        if self.held is not None:
            self._unseen_told(seq, card, hint)
        if card != self.game.top:  # a twin may come before the trophies are taken (R-INTERCEPT-1)
            self._reread_untaken(seq, t)
            self._sweep_untaken(hint)
        if fixed_by is None and card != self.game.top:  # a twin may be anyone's (R-INTERCEPT-1)
            self._two_plays_told(hint, lambda probe, seat: self._lays_next(probe, seq, seat, card))
        self.maybe_two = None
        self._read_again_told(seq, card, hint)
        self._slapping_twin_unslapped(card)
        self._taker_after_unseen_told(card)
        self._crossing_told(seq, card, hint)
        self._infer_poly_colour(seq, t, card)
        self._crossing_drew_told(seq, card, hint)
        self.crossing = None
        self._infer_interceptor(seq, t, card, hint, reach)
        if card != self.game.top:  # a twin may be anyone's (R-INTERCEPT-1)
            self._reseat_by_next_arm(hint)
        self._settle_by_arms(hint)
        readings = self._readings(seq, card, hint, t, reach)
        if self.landed_t is not None and self.draw_t is None:
            self.gaps.append(t - self.landed_t)
        self.landed_t, self.draw_t = t, None
        self.landed_covered = None if cover is None else t - cover
        long = self._long_cover(cover)
        if cover is not None:
            self.covers.append(cover)
        # a play before this card that the camera missed: told by the table, inferred from the next
        # move's arm (the round read again), or offered when this card's arm is the seat's that would
        # then have laid it; asked after a long cover
        unseen_reading = None
        from_missed = False  # the reading is the answer to "missed-before", told or inferred
        missed_qid = f"q{seq}-{MISSED_BEFORE}"
        missed_told = self.answer_for(missed_qid) if fixed_by is None else None
        missed = missed_told if missed_told is not None else (
            self.overrides.inferred.get(missed_qid) if fixed_by is None else None)
        asking = fixed_by is None and missed_told is None and (long or missed is not None)
        unseen_here = None  # _unseen_before(self.game, seq, card), made once when needed
        card, actions = self._missed_actions(seq, t, card, alternatives or [], hint, missed,
                                             told=missed_told is not None)
        if actions is not None:
            # the card laid unseen and its twin: an interception (R-INTERCEPT-1)
            twin = actions[-2].get("play") == actions[-1]["play"]
            unseen_reading = (actions[-1]["by"], actions, twin)
            readings, long, from_missed = [unseen_reading], False, True
            if twin and missed.startswith(UNSEEN) and missed[len(UNSEEN):] == card:
                readings += self._other_interceptors(seq, card, card, actions[-1]["by"])
            reach = None  # the arm seen may be either player's
        if fixed_by is not None:
            chosen = [r for r in readings if r[0] == fixed_by]
            if not chosen:
                probe = copy.deepcopy(self.game)
                try:
                    probe.push(self._play(seq, fixed_by, card))
                    exc = IllegalAction("bad-choice", f"{self.players[fixed_by]} cannot have played it here")
                except IllegalAction as refused:
                    exc = refused
                self.errors[seq] = exc
                self._flag(
                    seq, t, f"Исправление невозможно: {exc.message}", f"The fix is impossible: {exc.message}"
                )
            else:
                readings = chosen
        if not readings and fixed_by is None:
            # The camera's doubts weighed: the last card misread, when the card it would then be was
            # weighed for it more than any other card for this one, before this card misread.
            if (self._reread_weighs_more(card, alternatives or [])
                    and not self._arm_refuses_top_read_again(seq, card, alternatives or [], hint)):
                readings = self._reread_last(seq, t, card, lambda: self._readings(seq, card, hint, t, reach))
            if not readings:
                card, readings = self._read_as_alternative(seq, t, card, alternatives or [], hint, reach)
        if not readings:
            readings = self._reread_last(seq, t, card, lambda: self._readings(seq, card, hint, t, reach))
        qid = f"q{seq}-wrong-or-misread"
        answered = None if readings else self.answer_for(qid)
        told_before = answered if answered is not None or readings else self.overrides.inferred.get(qid)
        if isinstance(told_before, str) and told_before.startswith(MISREAD_BEFORE):
            # the table told the last card was misread, however surely (or the arms did, inferred):
            # this one lies on it rightly
            last = self.last_play()
            read = last[1].action["play"] if last is not None else None
            readings = self._reread_last(seq, t, card, lambda: self._readings(seq, card, hint, t, reach),
                                         surely=True, told=told_before[len(MISREAD_BEFORE):])
            if readings and answered is None:  # asked all the same (the headless log lists it), closed
                self._ask_wrong_or_misread(seq, t, card, self._state()["turn"], [],
                                           told_before[len(MISREAD_BEFORE):], read=read)
                self._close(qid, "inferred")
        if not readings:
            unseen_reading = self._hold(seq, t, card, hint, confidence)
            if unseen_reading is None:
                return
            readings, long = [unseen_reading], False
            reach = None  # the arm seen may be either player's
        single = len(readings) == 1
        # the card as its arm's seat's, after a number laid unseen by the seat to move or the top's twin
        # by another seat (``twin_missed``)
        arm_reading, twin_missed = None, False
        if (unseen_reading is None and fixed_by is None and single and not readings[0][2]
                and hint is not None and hint != readings[0][0]):
            unseen_here = self._unseen_before(self.game, seq, card)
            actions = self._missed_before(unseen_here, hint)
            twin_missed = actions is None
            if twin_missed:
                actions = (self._missed_twin(self.game, seq, card, hint)
                           or self._missed_transfer(seq, card, hint))
            if actions is not None:
                unseen_reading = arm_reading = (hint, actions, False)
                readings = readings + [unseen_reading]  # asked; the turn's seat stays the default
        kind = "intercepted-by" if readings[0][2] else "played-by"
        qid = f"q{seq}-{kind}"
        answered = self.answer_for(qid)
        chosen = readings[0]
        if answered is not None:
            chosen = next((r for r in readings if r[0] == answered), chosen)
        if from_missed:
            unseen_reading = chosen  # each reading is the card told unseen, then its twin by one seat
        seat, actions, intercept = chosen
        count_before = len(self.game.hands[seat])
        # the table named the card laid unseen before this one ("wrong-or-misread": "unseen:CODE",
        # vouching for this card as read; or "missed-before")
        named = chosen is unseen_reading and self.answer_for(f"q{seq}-wrong-or-misread") is not None
        missed_named = from_missed and chosen is unseen_reading and missed_told is not None
        # (the table that told the card laid unseen did not tell who intercepted it)
        told = fixed_by is not None or answered is not None or named or (missed_named and single)
        # the arm of the seat after the one to move, or a long cover: the next move's arm will tell,
        # unless the table said nothing was missed
        suspect = missed_told is None and (long or (hint is not None and hint != seat and (
            hint == self._after(actions) or arm_reading is not None)))
        plain = suspect and not told and not intercept and len(actions) == 1
        before = copy.deepcopy(self.game) if plain else None
        top_laid = self._previous_move() if plain else None  # the move that laid the top it lands on
        unseen_at = _unseen_index(actions)  # the card laid unseen, when ``chosen`` is that reading
        if chosen is unseen_reading and unseen_at is not None:
            for action in actions[:unseen_at + 1]:  # (several, when the table told them)
                if "play" in action:
                    self._note_unseen(seq, t, action["play"])
        from_missed = from_missed and chosen is unseen_reading
        # the table told whose card this is, and so that one before it went unseen: which card that
        # was is the likeliest guess, and the table may name it
        guessed = chosen is unseen_reading and answered is not None and not named and not from_missed
        if (asking and (from_missed or plain)) or guessed:
            if unseen_here is None:
                unseen_here = self._unseen_before(self.game, seq, card)
            twins = self._twins_then(self.game, seq, card, accepted=True)
            inferred = UNSEEN + actions[unseen_at]["play"] if guessed else missed if from_missed else None
            if unseen_here or twins:
                # asked of the seat that would have laid it (after a penalty's victim took it, the next)
                layer = unseen_here[0][1][-2]["by"] if unseen_here else self.game.turn
                self._ask_missed_before(seq, t, card, layer, [code for code, _, _ in unseen_here],
                                        twins, inferred)
        self._apply_reading(seq, t, actions, intercept, inferred=not told)
        unseen_move = self.moves[unseen_at - len(actions)] if unseen_at is not None else None
        if chosen is unseen_reading and not (named or missed_named) and unseen_move is not None:
            unseen_move.inferred = True  # the card itself is a guess, whoever told the seat
        twin_laid = (from_missed and missed.startswith(TWIN)) or (chosen is arm_reading and twin_missed)
        if twin_laid and unseen_move is not None:
            unseen_move.intercept = True
        if before is not None:
            self.maybe_two = {"seq": seq, "card": card, "game": before, "moves": len(self.moves), "arm": hint,
                              "top_laid": top_laid}
        if told or single:
            self._learn_reach(reach, seat)
        play_move = self.moves[-1]
        play_move.reach = self._own_reach(reach, seat)
        play_move.arm = reach
        if not named:  # "read right, and before it …": the table vouched for the card as read
            play_move.confidence = confidence
            play_move.alternatives = [a for a in alternatives or [] if a[0] != card]
            # (a card the rules chose among those the camera weighed is not asked about)
            unsure = (confidence is not None and confidence < ASK_CARD_BELOW
                      and card == self.camera_cards.get(seq))
            if unsure and play_move.action.get("play") == card:
                self._ask_which_card(seq, t, play_move, alternatives or [])
        if len(readings) > 1 and not told:
            options = [texts.seat_option(r[0], self.players) for r in readings]
            ru, en = _seat_question_texts(card, intercept=kind == "intercepted-by")
            self._ask(
                seq,
                kind,
                ru=ru,
                en=en,
                options=options,
                seat=seat,
                move=play_move,
                card=card,
                default=seat,
                t=t,
            )
        self._after_play(seq, t, play_move, count_before)

    def _apply_reading(
        self, seq: int, t: float, actions: list[dict], intercept: bool, inferred: bool
    ) -> None:
        for number, action in enumerate(actions, 1):
            is_play = "play" in action
            move = Move(action, seq, t, inferred=inferred or not is_play, intercept=intercept and is_play)
            self._push(move)
            kind, ru, en = texts.describe_action(action, self.players)
            if not is_play:
                ru, en = ru + " (по очереди хода)", en + " (from the turn order)"
            self._note(seq, t, kind, ru, en)
            self._note_trophies(seq, t, move)
            if is_play and number < len(actions):
                # a take seen before this card landed, explained by a card laid unseen before it: the
                # villain seen under it is the top this card meets (R-ADV-5)
                self._reveal_explained_takes(seq, t, settle=False)
        self.effective.append(seq)

    def _note_trophies(self, seq: int, t: float, move: Move) -> None:
        name = self.players[move.action["by"]] if "by" in move.action else "?"
        for trophy in move.stolen:
            victim = self.players[move.action["last"]]
            self._note(
                seq,
                t,
                "trophy",
                f"{name} забирает у {victim}: {texts.card_ru(trophy)}",
                f"{name} steals the {texts.card_en(trophy)} from {victim}",
            )
        for _, villain in move.defeated:
            self._note(
                seq,
                t,
                "trophy",
                f"{name} побеждает: {texts.card_ru(villain)}",
                f"{name} defeats the {texts.card_en(villain)}",
            )

    def _after_play(self, seq: int, t: float, move: Move, count_before: int, *, told: bool = False) -> None:
        """Questions a play raises: the colour, the last hand (unless ``told``), going out, the end."""
        action = move.action
        seat, card = action["by"], action["play"]
        kind = cards.parse(card).kind
        name = self.players[seat]
        if card == POLY and self.answer_for(f"q{seq}-colour") is None and not told:
            self._ask_about_play(
                seq,
                t,
                move,
                "colour",
                ru=f"Какой цвет назвал(а) {name}?",
                en=f"Which colour did {name} name?",
                options=[texts.colour_option(c) for c in EDITIONS[self.config.edition].colours],
            )
        if kind in SLAPPING and self.answer_for(f"q{seq}-last-hand") is None and not told:
            self._ask_about_play(
                seq,
                t,
                move,
                "last-hand",
                ru="Чья рука легла последней?",
                en="Whose hand landed last?",
                options=self._seat_options(),
                default=action["last"],
            )
        if kind in SLAPPING and "last" in action:
            self.slap_until = t + ABSORB_S  # everyone slaps the deck next: not a draw
        went_out = count_before == 1
        if kind == "slap" or (went_out and EDITIONS[self.config.edition].villains):
            self.absorb_until = t + ABSORB_S  # R-SLAP draws 2, R-ADV-7 draws 8: not turns of their own
        qid = f"q{seq}-went-out"
        answered = self.answer_for(qid)
        told = answered if answered is not None else self.overrides.inferred.get(qid)
        if went_out and told is False:
            # "X did not go out": X held a card more than counted (a draw the camera missed).
            if answered is None:  # inferred (``_sweep_untaken``): asked all the same, closed
                self._ask_went_out(seq, t, move)
                self._close(qid, "inferred")
            index = self.moves.index(move)
            before = self._play_before(index)
            # before the card; before the card it intercepts, when a twin (nothing may come between)
            places = [index] + ([self.moves.index(before)] if before is not None and move.intercept else [])
            for place in places:
                try:
                    self._replace(place, 0, [Move({"penalty": seat, "cards": 1}, seq, t, inferred=True)])
                    break
                except IllegalAction:
                    continue
        elif went_out:
            self._ask_went_out(seq, t, move)
        if self.finished:
            self._ask_round_end(seq, t)

    def _ask_went_out(self, seq: int, t: float, move: Move) -> None:
        if self.answer_for(f"q{seq}-went-out") is not None:
            return
        name = self.players[move.action["by"]]
        options = [
            {"value": True, "label_ru": "да", "label_en": "yes"},
            {"value": False, "label_ru": "нет, у него есть карты", "label_en": "no, cards are left"},
        ]
        self._ask_about_play(
            seq,
            t,
            move,
            "went-out",
            ru=f"{name} сыграл(а) последнюю карту?",
            en=f"Did {name} play their last card?",
            options=options,
            default=True,
        )

    def _ask_about_play(self, seq: int, t: float, move: Move, kind: str, **question) -> None:
        """A question about one play: its seat and card are the play's."""
        action = move.action
        self._ask(seq, kind, seat=action["by"], move=move, card=action["play"], t=t, **question)

    def _ask_round_end(self, seq: int, t: float) -> None:
        outcome = self.game.outcome
        winner = outcome.winners[0] if outcome.winners else None
        options = self._seat_options()
        self._ask(
            seq,
            "round-end",
            ru="Раунд окончен: кто победил и сколько карт у остальных?",
            en="The round is over: who won, and how many cards are left?",
            options=options,
            seat=winner,
            default=winner,
            t=t,
        )
        self._note(seq, t, "round", "Раунд окончен", "The round is over")

    def _infer_poly_colour(self, seq: int, t: float, card: str) -> None:
        """R-POLY-2: an unanswered poly's colour is the colour of the next card played on it."""
        last = self.last_play()
        colour = _card_colour(card)
        if last is None or colour is None:
            return
        index, move = last
        qid = f"q{move.source}-colour"
        if move.action.get("colour") == colour:  # already that colour: nothing left to ask
            if qid in self.questions:
                self._close(qid, "inferred")
            return
        # (a Polypig's twin laid unseen: the colour told of that question was the seen twin's)
        unseen_twin = move.inferred and move.intercept
        if (move.action["play"] != POLY or not (qid in self.questions or unseen_twin)
                or not self._amend(index, colour=colour)):
            return
        if qid in self.questions:
            self._close(qid, "inferred")
        self._note(
            seq,
            t,
            "play",
            f"Цвет полисвина: {texts.COLOUR_RU[colour]} (по следующей карте)",
            f"The poly named {cards.COLOUR_NAMES[colour]} (from the next card)",
        )

    def _reseat_by_next_arm(self, hint: int | None, fits=None) -> None:
        """A "who played" of the last play left to its default, the drawer's play of the card it drew
        or a play given to the seat whose arm lays the next card (no twin), when the next card's arm
        is no seat that default lets lay it, but one that another of its options does (the drawer kept
        the card, R-TURN-2; or it played it): that option, which needs no card missed. Still asked,
        its default the new seat: an arm is a guess. ``fits(game, seat)``: whether the rules let the
        arm's seat make the next move on a game (by default, lay the next card; for a reach into the
        deck, draw: simulated game 1, the drawer's arm back from the deck taken for its play of the
        drawn card, and the next seat's draw for two plays in one cover)."""
        fits = fits or (lambda game, seat: seat in _openers(game))
        last = self.last_play()
        if last is None or hint is None:
            return
        index, move = last
        question = self._seat_question(move)
        if (question is None or question["kind"] != "played-by" or self.answer_for(question["id"]) is not None
                or move.source in self.overrides.fixes):
            return
        before = self.moves[index - 1].action if index > 0 else {}
        # (game 520: the play was given to the arm that took the villain it beat, on its way to lay
        # the next card)
        if (before.get("by") != move.action["by"] or not before.get("draw")) and hint != move.action["by"]:
            return
        if fits(self.game, hint):
            return
        saved = list(self.moves)
        for seat in [o["value"] for o in question["options"] if o["value"] != move.action["by"]]:
            if self._reseat(index, seat) and fits(self.game, hint):
                self.last_play()[1].confirmed = list(move.confirmed)
                question["default"] = question["seat"] = seat
                return
            self._rebuild(saved)
            question["_move"] = move

    def _settle_by_arms(self, hint: int | None) -> None:
        """A "who played" or "who intercepted" of the last play, its default given by that play's own
        arm, is closed when the next card's arm is the seat the default makes the one to move: two
        arms that agree with the turn order leave nothing to ask."""
        last = self.last_play()
        if last is None or hint is None or hint != self.game.turn:
            return
        move = last[1]
        question = self._seat_question(move)
        if question is not None and self._reach_seat(move.reach) == move.action["by"] == question["default"]:
            self._close(question["id"], "inferred")

    def _infer_interceptor(
        self, seq: int, t: float, card: str, hint: int | None, reach: float | None
    ) -> None:
        """R-INTERCEPT-1: an unanswered "who intercepted" settled by the next card's arm. Play goes on
        from the interceptor, so the interceptor is a seat after which that arm's seat lays the card
        (after a penalty's victim took it, the seat after the victim). When that arm's seat is not known
        yet, the interceptor is the only seat after which the arms seen agree: one seat, one place
        (``_arms_agree``)."""

        def agrees(interceptor: int, interceptor_reach: float | None) -> bool:
            layers = [s for s, _, cut in self._readings(seq, card, hint, t, reach) if not cut]
            if hint is not None:
                return hint in layers
            turn = self._state()["turn"]
            return turn in layers and self._arms_agree({turn: reach, interceptor: interceptor_reach})

        self._settle_interceptor(seq, t, hint, reach, agrees)

    def _infer_interceptor_by_draw(self, seq: int, t: float, reach: float | None) -> None:
        """An unanswered "who intercepted" settled by the arm of the next reach into the deck: the
        seat the interception makes the drawer (the victim of an intercepted grab, R-INTERCEPT-2)."""
        hint = self._reach_seat(reach)

        def agrees(interceptor: int, interceptor_reach: float | None) -> bool:
            drawer = _drawer(self.game)
            if drawer is None:
                return False
            if hint is not None:
                return hint == drawer
            return self._arms_agree({drawer: reach, interceptor: interceptor_reach})

        self._settle_interceptor(seq, t, hint, reach, agrees)

    def _settle_interceptor(self, seq: int, t: float, hint: int | None, reach: float | None, agrees) -> None:
        """The last play's unanswered "who intercepted", its interceptor's own arm not placed, closed
        when the next move's arm agrees (``agrees(interceptor, its arm)``, on the game as if that seat
        intercepted) with one interceptor only, or, that arm's seat known, with the first of the
        question's options."""
        last = self.last_play()
        if last is None or (hint is None and reach is None):
            return
        index, move = last
        qid = f"q{move.source}-intercepted-by"
        own = self._reach_seat(move.reach)
        if qid not in self.questions or own not in (None, hint) or (own is not None and move.confirmed):
            # answered, or the interceptor's own arm was seen: one arm against another tells nothing. The
            # same arm for both, with nothing taken between, is one seat's arm out early for the next
            # move: no seat moves twice. (After a take, it is the taker's going back.)
            return
        guessed = move.action["by"]
        seats = [guessed] + [o["value"] for o in self.questions[qid]["options"] if o["value"] != guessed]
        agreeing = []
        for seat in seats:
            if seat != guessed and not self._amend(index, by=seat):
                continue
            if agrees(seat, move.reach):
                agreeing.append(seat)
                if hint is not None:
                    break  # the arm's seat is known: the first interceptor it agrees with, kept as amended
            if seat != guessed:
                self._amend(index, by=guessed)
        if len(agreeing) != 1:
            return
        if hint is None and agreeing[0] != guessed and not self._amend(index, by=agreeing[0]):
            return
        self._close(qid, "inferred")
        seat = self.moves[index].action["by"]
        if seat != guessed:
            self._note(
                seq,
                t,
                "play",
                f"Перехватил(а) {self.players[seat]} (по руке следующего хода)",
                f"{self.players[seat]} intercepted (from the arm of the next move)",
            )

    def _arms_agree(self, arms: dict[int, float | None]) -> bool:
        """Whether arms seen at these places (seat -> place) can be these seats': each at its seat's
        known place, none at another seat's, and two seats' arms not at one place."""
        placed = {seat: [place] for seat, place in self._seat_places().items()}
        for seat, place in arms.items():
            if place is not None:
                placed.setdefault(seat, []).append(place)
        for seat, places in placed.items():
            for other, others in placed.items():
                pairs = [same_arm(a, b) for a in places for b in others]
                if (seat == other and False in pairs) or (seat != other and True in pairs):
                    return False
        return True

    def _read_as_alternative(
        self, seq: int, t: float, card: str, alternatives: list, hint: int | None, reach: float | None
    ) -> tuple[str, list]:
        """A card the rules do not allow there, read as the likeliest other card the camera weighed
        that they allow (the table is told); else the card as read, with no readings."""
        for other, _ in alternatives:
            readings = self._readings(seq, other, hint, t, reach)
            if readings:
                self._note_rules_read(seq, t, card, other)
                return other, readings
        return card, []

    def _note_misread(self, seq: int, t: float, card: str, other: str, why_ru: str, why_en: str) -> None:
        """The log: the camera read ``card``, and it was ``other``; ``why`` after it."""
        self._note(seq, t, "play",
                   f"Камера прочла {texts.card_ru(card)}, но это {texts.card_ru(other)}{why_ru}",
                   f"The camera read {texts.card_en(card)}; it was {texts.card_en(other)}{why_en}")

    def _note_rules_read(self, seq: int, t: float, card: str, other: str) -> None:
        self._note(seq, t, "play", f"Камера прочла {texts.card_ru(card)}, но по правилам это "
                   f"{texts.card_ru(other)}", f"The camera read {texts.card_en(card)}; the rules "
                   f"say {texts.card_en(other)}")

    def _card_told(self, seq: int) -> bool:
        """Whether a person said which card landed as entry ``seq`` (a fix, or ``which-card``): the
        camera's doubts about it no longer count."""
        return bool(self.overrides.fixes.get(seq, {}).get("card")) or self.answer_for(
            f"q{seq}-{WHICH_CARD}") is not None

    def _on_reread(self, seq: int, t: float, card, was, confidence) -> None:
        """The top, read unsurely as ``was`` when it landed, read surely as ``card`` with no hand over
        the pile since (the watcher's ``reread``): that landing's play was ``card``, when the rules
        allow it there and nobody said which card it was. The question whether it was the card read
        is closed; the log tells it."""
        source = max(self.camera_cards, default=None)
        if (not cards.is_code(card) or source is None or self.camera_cards[source] != was
                or self._card_told(source)):
            return
        index = next((i for i in range(len(self.moves) - 1, -1, -1)
                      if self.moves[i].source == source and "play" in self.moves[i].action), None)
        if index is None or self.moves[index].action["play"] != was:
            return  # the rules read it as another card already, or the landing made no play
        before = self.moves[index]
        # the card's choices as a landing of it would have them (a Stealer's last hand, R-STEAL)
        choices = {key: value for key, value in self._play(source, before.action["by"], card).items()
                   if key != "by"}
        if not self._amend(index, **choices):
            return
        self.camera_cards[source] = card
        move = self.moves[index]
        move.confidence = float(confidence) if isinstance(confidence, (int, float)) else None
        move.alternatives = [[was, before.confidence or 0.0]]
        self._close(f"q{source}-{WHICH_CARD}", "inferred")
        if cards.parse(card).kind in SLAPPING and cards.parse(was).kind not in SLAPPING:
            # a Slapper or Stealer after all (simulated game 775: a Stealer read as a Snorer): everyone
            # slaps the deck next, and whose hand was last is asked
            self._after_play(source, t, move, move.hand_before)
        if cards.parse(was).kind in SLAPPING and cards.parse(card).kind not in SLAPPING:
            # no Slapper or Stealer: nobody slaps the deck, and the next reach into it is a turn's
            self.slap_until = float("-inf")
            if move.hand_before != 1:  # (a last card's 8 are still to be drawn, R-ADV-7)
                self.absorb_until = float("-inf")
            self._close(f"q{source}-last-hand", "inferred")
        self._note_misread(seq, t, was, card, " (прочитано снова)", " (read again)")

    def _reread_weighs_more(self, card: str, alternatives: list) -> bool:
        """Whether the card ``_reread_last`` would make of the last play (of both, for twins) was weighed
        for it by the camera more than the likeliest other card was weighed for ``card``."""
        last = self.last_play()
        if last is None:
            return False
        index, move = last
        laid = [move]
        if move.intercept:  # both twins read again (``_reread_twins``)
            pair = self._twins_read_as(index, card)
            if pair is None:
                return False
            before, _, reread = pair
            laid = [before, move]
        else:
            reread = self._reread_card(move, card)
        if reread is None:
            return False
        # identical cards under one light are misread alike: the twin that weighed it less counts
        weighed = min(dict((code, p) for code, p in m.alternatives).get(reread, 0.0) for m in laid)
        return weighed > max((p for _, p in alternatives), default=0.0)

    def _arm_refuses_top_read_again(self, seq: int, card: str, alternatives: list, hint: int | None) -> bool:
        """Whether the arm that laid ``card`` says the last play was laid, though the camera weighed
        the card under it for it more than another card for this one (``_reread_weighs_more``): read
        again as that card, the last play is the top read again and no card (``_reread_as_top``), and
        this arm's seat would not be the one to lay this card then; while a card weighed for this one
        is what that seat lays next on the last play as read (R-TURN-1; simulated game 733: a blue 3 on
        a blue 5, weighed a 5, then a yellow 3 read as a 5 by the next seat's arm)."""
        last = self.last_play()
        if hint is None or last is None:
            return False
        index, move = last
        under = self._play_before(index)
        reread = self._reread_card(move, card)
        if (index != len(self.moves) - 1 or under is None or reread != under.action["play"]
                or not any(self._lays_next(self.game, seq, hint, other) for other, _ in alternatives)):
            return False
        saved = list(self.moves)
        try:
            self._rebuild(saved[:-1])
            return not self._lays_next(self.game, seq, hint, card)
        finally:
            self._rebuild(saved)

    def _reread_card(self, move: Move, card: str, *, surely: bool = False) -> str | None:
        """The card ``move`` (the last play) is read again as when ``card``, of another colour, cannot
        land on it: the card of its colour with ``card``'s face (``_reread_last``). None when it cannot
        be read again: the table said what it was, it was an interception, it was read surely
        (``UNSURE_READING``; ``surely``: all the same, as the table told), or no such card exists."""
        if move.intercept or self._card_told(move.source) or (
                not surely and move.confidence is not None and move.confidence >= UNSURE_READING):
            return None
        return _coloured_like(move.action["play"], card)

    def _start_reread(self, card: str, *, surely: bool = False) -> str | None:
        """The starting card read again for ``card``, the first card played, of another colour, that
        cannot lie on it: as a play would be (``_reread_card``), the card of its colour with ``card``'s
        face. None when a person named it, the camera read it surely (``surely``: all the same, as the
        table told), or no such card exists."""
        if self.start_told or self.start_card is None or (
                not surely and self.start_confidence is not None and self.start_confidence >= UNSURE_READING):
            return None
        return _coloured_like(self.start_card, card)

    def _read_start_as(self, code: str) -> str | None:
        """The round again from ``code`` as its starting card (no card has been played on it yet);
        returns the starting card before, or None, nothing changed, when the rules refuse it."""
        start, moves = self.start_card, list(self.moves)
        self.start_card = code
        try:
            self._rebuild(moves)
        except IllegalAction:
            self.start_card = start
            self._rebuild(moves)
            return None
        return start

    def _reread_start(self, seq: int, t: float, card: str, readings, *, surely: bool = False,
                      told: str | None = None) -> list:
        """``_reread_last`` before any card was played: the starting card misread in its face
        (``_start_reread``; simulated game 245: a red 6 read as a 5, then a blue 6 laid on it)."""
        reread = self._start_reread(card, surely=surely)
        if reread is None or (told is not None and told != reread):
            return []
        start = self._read_start_as(reread)
        if start is None:
            return []
        found = readings()
        if not found:
            self._read_start_as(start)
            return []
        self._note_misread(seq, t, start, reread, " (по следующей карте)", " (from the next card)")
        return found

    def _reread_last(self, seq: int, t: float, card: str, readings, *, surely: bool = False,
                     told: str | None = None) -> list:
        """A card that cannot land on the card before it, of another colour: that one was misread in
        its face (the colour is read surely; a 3 and a 0, a 1 and a Shaker of one printing can look
        alike). The only card of its colour the new one can land on has the new one's face
        (R-TURN-1, R-SUP-0): the last play becomes that card when the rules allow it there and the
        new card then has ``readings()``, which are returned (the table is told); else nothing."""
        last = self.last_play()
        if last is None:
            return self._reread_start(seq, t, card, readings, surely=surely, told=told)
        index, move = last
        if move.intercept:
            return self._reread_twins(seq, t, card, readings, told)
        reread = self._reread_card(move, card, surely=surely)
        if reread is None or (told is not None and told != reread):
            return []
        if self._reread_as_top(index, move, reread):
            return []
        saved = self._snapshot()
        if not self._amend(index, play=reread):
            return []
        found = readings()
        if not found:
            self._restore(saved)
            return []
        self._note_misread(seq, t, move.action["play"], reread, " (по следующей карте)",
                           " (from the next card)")
        return found

    def _reread_as_top(self, index: int, move: Move, reread: str) -> bool:
        """Whether the last play, read again from the next card as ``reread``, is then the card under
        it: no twin laid (the camera, which tells a card like the one under it, read another card),
        but the top read again, unsure, as an arm passed over it (simulated game 66: the drawer's arm
        back from the deck). The round is derived again with it (``told_later``): True."""
        under = self._play_before(index)
        qid = f"q{move.source}-{READ_AGAIN}"
        if (under is None or under.action["play"] != reread or qid in self.overrides.inferred
                or self._told_about(move)):
            return False
        self.told_later[qid] = True
        return True

    def _twins_read_as(self, index: int, card: str) -> tuple[Move, int, str] | None:
        """The interception at ``index`` and the play it lies on, read again for ``card``, of another
        colour, that lies on neither: (that play, its index, the card of their colour with ``card``'s
        face); None when there is no such pair or card."""
        move, before = self.moves[index], self._play_before(index)
        base = self._index_of(before) if before is not None else None
        if base is None or before.action["play"] != move.action["play"]:
            return None
        twin, now = cards.parse(move.action["play"]), cards.parse(card)
        if (not twin.colour or not now.colour or twin.colour == now.colour
                or twin.is_villain or now.is_villain):
            return None
        reread = cards.coloured(twin.colour, now.face)
        if not cards.is_code(reread) or reread == move.action["play"]:
            return None
        return before, base, reread

    def _reread_twins(self, seq: int, t: float, card: str, readings, told: str | None) -> list:
        """``_reread_last`` of an interception: both twins read again, as the card of their colour with
        ``card``'s face, when the camera weighed that card for each of them, neither read surely nor
        told (simulated game 533: two yellow 5s read as 6s, then a red 5)."""
        index, move = self.last_play()
        pair = self._twins_read_as(index, card)
        if pair is None or told not in (None, pair[2]):
            return []
        before, base, reread = pair
        for laid in (before, move):
            if (self._card_told(laid.source) or laid.confidence is None or laid.confidence >= UNSURE_READING
                    or reread not in (code for code, _ in laid.alternatives)):
                return []
        saved = self._snapshot()
        # both at once: the twin read again alone may be no twin, out of turn
        both = [_amended(m, {"play": reread}) if m is before or m is move else m
                for m in self.moves[base:index + 1]]
        try:
            self._replace(base, index - base + 1, both)
        except IllegalAction:
            return []
        self._repoint(before, self.moves[base])
        self._repoint(move, self.moves[index])
        found = readings()
        if not found:
            self._restore(saved)
            return []
        self._mark_twins(index)
        self._note(seq, t, "play",
                   f"Камера прочла {texts.card_ru(move.action['play'])} дважды, но это "
                   f"{texts.card_ru(reread)} (по следующей карте)",
                   f"The camera read {texts.card_en(move.action['play'])} twice; it was "
                   f"{texts.card_en(reread)} (from the next card)")
        return found

    def _hold(self, seq: int, t: float, card: str, hint: int | None = None,
              confidence: float | None = None) -> tuple | None:
        """A card the rules do not allow there: a wrong card (R-WRONG-1), a misread, or a card that
        lies there rightly on one the camera did not see land (two plays in one arm's passage). The
        last, told or inferred, is returned as the reading to play like any other (seat, actions,
        False); the rest is done here (None)."""
        seat = self._state()["turn"]
        qid = f"q{seq}-wrong-or-misread"
        answered = self.answer_for(qid)
        unseen = self._unseen_before(self.game, seq, card)
        codes = [code for code, _, _ in unseen]
        told = answered if answered is not None else self.overrides.inferred.get(qid)

        def close_inferred() -> None:  # what the camera told later: asked all the same (the headless
            if answered is None:       # log lists it), closed at once
                self._ask_wrong_or_misread(seq, t, card, seat, codes)
                self._close(qid, "inferred")

        named = parse_unseen(told, EDITIONS[self.config.edition].playable_codes)
        if named is not None:  # the cards laid unseen before it, told or inferred
            chain, landed = named
            found = self._chain_then(seq, chain, landed or card, arm=hint)
            if found is not None:
                close_inferred()
                if landed not in (None, card):
                    self._note_misread(seq, t, card, landed, " (сказали за столом)", " (told by the table)")
                return found[0][-1]["by"], found[0], False
            if answered is not None:
                self._flag(seq, t, "Названные карты не могли лечь перед этой",
                           "The cards told cannot have been laid before this one")
        if told == texts.NOTHING_PLAYED:
            close_inferred()
            self.effective.append(seq)
            return None
        if answered == "wrong":
            self._apply_wrong({"seq": seq, "t": t, "card": card, "seat": seat}, inferred=False)
            return None
        if isinstance(told, str) and cards.is_code(told) and told != card:
            if answered is None:  # inferred (``_explain_by_held``)
                close_inferred()
                self._note_rules_read(seq, t, card, told)
            self._on_landed(seq, t, told, None, None if answered is not None else hint)
            return None
        before = self._misread_before(seq, t, card)
        self.held = {"seq": seq, "t": t, "card": card, "seat": seat, "qid": qid, "unseen": unseen,
                     "wins": [_unseen_wins(self.game, actions) for _, actions, _ in unseen],
                     "hint": hint, "before": before, "confidence": confidence}
        self._ask_wrong_or_misread(seq, t, card, seat, codes, before)
        self._flag(
            seq, t, f"Нельзя положить {texts.card_ru(card)}", f"{texts.card_en(card)} cannot be played there"
        )

    def _misread_before(self, seq: int, t: float, card: str) -> str | None:
        """The card the last play would be, read again for ``card`` (``_reread_card``, however surely
        it was read), when ``card`` may then lie on it; else None. Nothing is changed. Before any card
        was played, the starting card so read again (``_start_reread``)."""
        last = self.last_play()
        if last is None:
            reread = self._start_reread(card, surely=True)
            start = None if reread is None else self._read_start_as(reread)
            if start is None:
                return None
            fits = bool(self._readings(seq, card, None, t))
            self._read_start_as(start)
            return reread if fits else None
        index, move = last
        reread = self._reread_card(move, card, surely=True)
        if reread is None:
            return None
        saved = self._snapshot()
        fits = self._amend(index, play=reread) and bool(self._readings(seq, card, None, t))
        self._restore(saved)
        return reread if fits else None

    def _ask_which_card(self, seq: int, t: float, move: Move, alternatives: list) -> None:
        """A card read unsure: the table may say which it was (the card read stays if nobody does)."""
        card = move.action["play"]
        playable = EDITIONS[self.config.edition].playable_codes
        codes = [card] + [code for code, _ in alternatives if code != card and code in playable]
        ru, en = self._which_card_texts(move)
        self._ask(
            seq,
            WHICH_CARD,
            ru=ru,
            en=en,
            options=[*(texts.card_option(code) for code in codes), texts.nothing_played_option()],
            seat=move.action["by"],
            move=move,
            card=card,
            default=card,
            t=t,
        )

    def _ask_if_laid(self, seq: int, t: float, card: str, seat: int | None, confidence: float | None,
                     alternatives) -> None:
        """A landing taken for the top read again (no play), read unsure: the table may say a card was
        laid all the same, and which (``which-card``, "nothing was played" by default; simulated game
        233: a yellow 1 read as the 0 under it, by the arm of the seat that was to lay the next card)."""
        if confidence is None or confidence >= ASK_CARD_BELOW:
            return
        playable = EDITIONS[self.config.edition].playable_codes
        weighed = [code for code, _ in _checked_alternatives(alternatives) if code in playable]
        codes = list(dict.fromkeys([card, *weighed]))
        self._ask(
            seq,
            WHICH_CARD,
            ru=f"Камера не уверена: положили новую карту? Она прочла {texts.card_ru(card)}, как верхнюю",
            en=f"The camera is unsure: was a card laid? It read {texts.card_en(card)}, like the top",
            options=[*(texts.card_option(code) for code in codes), texts.nothing_played_option()],
            seat=seat,
            card=card,
            default=texts.NOTHING_PLAYED,
            t=t,
        )

    def _which_card_texts(self, move: Move) -> tuple[str, str]:
        name, card = self.players[move.action["by"]], move.action["play"]
        return (f"Камера не уверена: {name} сыграл {texts.card_ru(card)}?",
                f"The camera is unsure: did {name} play {texts.card_en(card)}?")

    def _ask_wrong_or_misread(
        self, seq: int, t: float, card: str, seat: int | None, unseen: list[str], reread: str | None = None,
        *, read: str | None = None
    ) -> None:
        """``reread``: what the last play may have been for ``card`` to lie on it
        (``_misread_before``): the camera read it surely, and misread it all the same (``read``: as
        what, when the last play is that card already)."""
        options = [{"value": "wrong", "label_ru": "не та карта: берёт 2", "label_en": "wrong card: draws 2"}]
        for code in self._misread_candidates(card, seat):
            options.append(texts.card_option(code))
        last = self.last_play()
        if reread is not None and last is not None:
            read = read or last[1].action["play"]
            options.append({"value": MISREAD_BEFORE + reread,
                            "label_ru": f"верно, а перед ней была {texts.card_ru(reread)}, "
                                        f"не {texts.card_ru(read)}",
                            "label_en": f"right, and the card before it was {texts.card_en(reread)}, "
                                        f"not {texts.card_en(read)}"})
        elif reread is not None:  # the starting card read again (``_misread_before``)
            read = read or self.start_card
            options.append({"value": MISREAD_BEFORE + reread,
                            "label_ru": f"верно, а первая карта была {texts.card_ru(reread)}, "
                                        f"не {texts.card_ru(read)}",
                            "label_en": f"right, and the starting card was {texts.card_en(reread)}, "
                                        f"not {texts.card_en(read)}"})
        for code in unseen[:UNSEEN_OPTIONS]:
            options.append({"value": UNSEEN + code, "label_ru": f"верно, а перед ней {texts.card_ru(code)}",
                            "label_en": f"right, and before it {texts.card_en(code)}"})
        options.append(texts.nothing_played_option())
        name = self.players[seat] if seat is not None else "?"
        self._ask(
            seq,
            "wrong-or-misread",
            ru=f"{texts.card_ru(card)} сюда нельзя: {name} ошибся или камера?",
            en=f"{texts.card_en(card)} cannot go there: {name}'s mistake or a misread?",
            options=options,
            seat=seat,
            card=card,
            t=t,
        )

    def _missed_actions(self, seq: int, t: float, card: str, alternatives: list, hint: int | None,
                        missed, *, told: bool) -> tuple[str, list[dict] | None]:
        """The actions a "missed-before" answer (``missed``: ``told`` by the table, else inferred) makes
        of ``card`` landing: the card laid unseen, the top's twin or the draw unseen, then ``card``, or
        else the likeliest of the other cards the camera weighed for it that the rules allow after it
        (the card is returned with them). ``card`` the twin of the card laid unseen is the seat of its arm's
        (``hint``), when the rules allow it. None for "none", or when the rules refuse them all
        (flagged, when told)."""
        if not isinstance(missed, str) or not (missed == DREW or missed.startswith((UNSEEN, TWIN))):
            return card, None
        chain, landed = parse_unseen(missed, EDITIONS[self.config.edition].playable_codes) or ([], None)
        reads = [landed] if landed else [card] + [other for other, _ in alternatives if other != card]
        for read in reads:
            if missed == DREW:
                actions = self._drew_then(self.game, seq, read)
            elif missed.startswith(UNSEEN):
                unseen = self._chain_then(seq, chain, read, twin_by=hint) if chain else None
                actions = None if unseen is None else unseen[0]
            else:
                actions = self._twins_then(self.game, seq, read, accepted=True).get(int(missed[len(TWIN):]))
            if actions is not None:
                if read == landed != card:
                    self._note_misread(seq, t, card, read, " (сказали за столом)", " (told by the table)")
                elif read != card:
                    self._note_rules_read(seq, t, card, read)
                return read, actions
        if told:
            self._flag(seq, t, "Названная карта не могла лечь перед этой",
                       "The card told cannot have been laid before this one")
        return card, None

    def _ask_missed_before(self, seq: int, t: float, card: str, seat: int, unseen: list[str],
                           twins: dict[int, list[dict]], inferred: str | None, *,
                           drawer: int | None = None, drew: bool = False) -> None:
        """Whether ``seat`` (the seat to move) laid a card unseen before ``card``, which is then the next
        seat's: the cards that would explain it offered (any other card may be told); or one of the
        ``twins`` seats laid the top's twin unseen (``_twins_then``). ``inferred``: the answer the next
        move's arm gave, or the card guessed when the table told the seat (asked all the same: closed at
        once, but left open for a card laid unseen, which is a guess the table may correct). A twin after
        which ``card`` is still ``seat``'s leaves the arms blind to it: the next arm does not close it.
        ``drawer``: asked of a reach into the deck by that seat's arm, not of a card landing (left open
        with what is inferred); ``drew``: then ``seat`` may have drawn unseen and kept the card
        (``DREW`` offered).
        """
        qid = f"q{seq}-{MISSED_BEFORE}"
        chain, landed = parse_unseen(inferred, EDITIONS[self.config.edition].playable_codes) or ([], None)
        guessed = chain if len(chain) == 1 and landed is None else []  # (several told: the table's words)
        codes = list(dict.fromkeys(unseen[:UNSEEN_OPTIONS] + guessed))
        name = self.players[seat]
        options = [{"value": "none", "label_ru": "нет, ничего не пропущено",
                    "label_en": "no, nothing missed"}]
        for code in codes:
            options.append({"value": UNSEEN + code, "label_ru": f"{name}: {texts.card_ru(code)}",
                            "label_en": f"{name}: {texts.card_en(code)}"})
        top = self.game.top
        for twin in twins:
            options.append({"value": f"{TWIN}{twin}",
                            "label_ru": f"{self.players[twin]}: перехват, {texts.card_ru(top)}",
                            "label_en": f"{self.players[twin]}: intercepted with {texts.card_en(top)}"})
        drew = drew or (drawer is None and self._drew_then(self.game, seq, card) is not None)
        if drew:
            options.append({"value": DREW, "label_ru": f"{name} взял карту из колоды и оставил её",
                            "label_en": f"{name} drew a card and kept it"})
        if drawer is None:
            ru = (f"Перед {texts.card_ru(card)} руки долго закрывали стопку: {name} положил карту, "
                  f"которую камера не видела{', или взял карту из колоды' if drew else ''}?")
            en = (f"Hands covered the pile long before {texts.card_en(card)}: did {name} lay a card the "
                  f"camera missed{', or draw one' if drew else ''}?")
        else:
            ru = (f"Из колоды взял {self.players[drawer]}, а ход был {name}: {name} положил карту, "
                  f"которую камера не видела{', или взял карту из колоды' if drew else ''}?")
            en = (f"{self.players[drawer]} drew, but it was {name}'s turn: did {name} lay a card the "
                  f"camera missed{', or draw one' if drew else ''}?")
        self._ask(
            seq,
            MISSED_BEFORE,
            ru=ru,
            en=en,
            options=options,
            seat=seat,
            card=card,
            default=inferred or "none",
            t=t,
        )
        self.questions[qid]["_blind"] = any(actions[-1]["by"] == seat for actions in twins.values())
        if inferred and not inferred.startswith(UNSEEN) and drawer is None:
            # a card laid unseen is a guess the table may still name, and so is what an arm at the deck
            # tells of the seat to move
            self._close(qid, "inferred")

    def _unseen_before(self, game: Game, seq: int, card: str) -> list[tuple[str, list[dict], Game]]:
        """Cards that, played on ``game`` by the seat that moves next (``_unseen_then``) and not seen,
        let ``card`` lie where it landed, played by the seat after: (code, the actions, the game after
        them), the likeliest first (a play in the top's colour is the commoner, and then ``card`` has
        its face). Number cards and the cards that ask nothing of the table; the table is offered the
        first UNSEEN_OPTIONS of them."""
        openings = _openings(game)
        top, landed = cards.parse(game.top), cards.parse(card)
        found = []
        for code in EDITIONS[self.config.edition].playable_codes:
            if cards.parse(code).kind in UNSEEN_SKIPPED or not self._copy_left(game, code):
                continue
            unseen = self._unseen_then(openings, seq, code, card)
            if unseen is not None:
                found.append((code, *unseen))

        return sorted(found, key=lambda item: _unseen_likeness(item[0], top, landed))

    def _copy_left(self, game: Game, code: str) -> bool:
        """Whether a copy of ``code`` may still be laid: the deck's copies of it (§1.2) are not all on
        the discard pile already."""
        return game.discard.count(code) < cards.copies(self.config.edition, code)

    def _twins_then(self, game: Game, seq: int, card: str, *, drawer: int | None = None,
                    last: Move | None = None, accepted: bool = False) -> dict[int, list[dict]]:
        """Seat -> the actions had that seat laid the top's twin unseen (R-INTERCEPT-1), then ``card``
        (landed as entry ``seq``) the seat after it, for each seat but the one to move that the rules
        allow both; the seat that laid the top first (a player intercepting its own card is the
        commonest). A Polypig's twin names the colour that lets ``card`` lie, the landed card's own
        first. With ``drawer``, the seat after the twin's is that one, and it drew (a reach into the
        deck, not a card landing). ``last``: the move that laid the top, when not the last move.
        ``accepted``: also a Snorer's or Grabber's twin, its victim taking it (R-TRANSFER-3) before
        ``card`` by the seat after: a guess that changes a penalty, offered to the table, not taken."""
        last = self._previous_move() if last is None else last
        if last is None or "play" not in last.action or last.action["play"] != game.top:
            return {}
        top, player = game.top, last.action["by"]
        if not self._copy_left(game, top):
            return {}
        first = {"play": top}
        if top == POLY:
            colour = cards.parse(card).colour
            choices = [{**first, "colour": c}
                       for c in sorted(EDITIONS[self.config.edition].colours, key=lambda c: c != colour)]
        else:
            choices = [first]
        found = {}
        for seat in sorted(range(self.config.n), key=lambda s: s != player):
            if seat == game.turn:
                continue  # the seat to move laying it is a card like any other ("unseen:")
            for choice in choices:
                probe = _pushed(game, [{"by": seat, **choice}])
                if probe is None:
                    continue
                prelude: list[dict] = []
                if drawer is None:
                    play = self._legal_play(probe, seq, probe.turn, card)
                    # the twin's victim taking it first (``_openings``' second seat), when asked for
                    for opener, before, after in (_openings(probe)[1:] if play is None and accepted else []):
                        play = self._legal_play(after, seq, opener, card)
                        if play is not None:
                            prelude = before
                            break
                else:
                    draw = {"by": drawer, "draw": True}
                    play = draw if probe.turn == drawer and probe.is_legal(draw) else None
                if play is not None:
                    found[seat] = [{"by": seat, **choice}, *prelude, play]
                    break
        return found

    def _other_interceptors(self, seq: int, unseen: str, card: str, guessed: int) -> list[tuple]:
        """Readings of ``card``, the twin of ``unseen`` laid unseen before it, as intercepted by another
        seat than ``guessed`` (R-INTERCEPT-1: the arm seen over a long cover may be the first card's)."""
        openings = _openings(self.game)
        readings = []
        for seat in range(self.config.n):
            found = None if seat == guessed else self._unseen_then(openings, seq, unseen, card, twin_by=seat)
            if found is not None and found[0][-1]["by"] == seat:
                readings.append((seat, found[0], True))
        return readings

    def _unseen_then(self, openings: list[tuple[int, list[dict], Game]], seq: int, unseen: str, card: str,
                     twin_by: int | None = None) -> tuple[list[dict], Game] | None:
        """``unseen`` laid by the seat that moves next, after what must come first (one of
        ``openings``, the game's ``_openings``: the seat to move itself; or, after a draw or with a
        penalty pending, the next seat once the card was kept or the penalty taken), then ``card``:
        all the actions (the card laid unseen is the one before the last) and the game after them, or
        None when the rules refuse them."""
        for _, prelude, start in openings:
            first = _unseen_play(start.turn, unseen, card)
            if first is None or not start.is_legal(first):
                continue
            probe = copy.deepcopy(start)
            actions = self._unseen_on(probe, seq, unseen, card, twin_by)
            if actions is not None:
                return prelude + actions, probe
        return None

    def _unseen_on(self, game: Game, seq: int, unseen: str, card: str,
                   twin_by: int | None = None) -> list[dict] | None:
        """``unseen`` played on ``game`` (a probe: it is changed) by the seat to move, then ``card``
        (landed as entry ``seq``) by the next seat, or by ``twin_by`` when ``card`` is the twin of
        ``unseen`` (R-INTERCEPT-1: anyone may intercept, its own player too): both actions, pushed,
        or None when the rules refuse them."""
        first = _unseen_play(game.turn, unseen, card)
        if first is None:
            return None
        try:
            game.push(first)
        except IllegalAction:
            return None
        seats = [twin_by] if twin_by is not None and card == unseen else []
        play = next((p for p in (self._legal_play(game, seq, seat, card) for seat in seats + [game.turn])
                     if p is not None), None)
        if play is None:
            return None
        game.push(play)
        return [first, play]

    def _chain_then(self, seq: int, chain: list[str], card: str, twin_by: int | None = None,
                    arm: int | None = None) -> tuple[list[dict], Game] | None:
        """``_unseen_then`` of the last card of ``chain`` (cards the table told were laid unseen, in
        turn), after the others laid unseen on the game (``_lay_unseen``): the actions and the game
        after them, or None when the rules refuse them all. Of the ways it may go, the one in which the
        seat of ``arm`` (the arm that laid ``card``) lays it, when there is one (simulated game 1018: a
        seat drew and kept its card, and the next seat's card went unseen; not the drawn card played)."""
        *first, last = chain
        for laid, game in _lay_unseen(self.game, first, last):
            ways = [found for opening in _openings(game)
                    if (found := self._unseen_then([opening], seq, last, card, twin_by)) is not None]
            if ways:
                found = next((way for way in ways if way[0][-1]["by"] == arm), ways[0])
                return laid + found[0], found[1]
        return None

    @staticmethod
    def _kept_unseen(game: Game) -> tuple[list[dict], Game] | None:
        """The seat to move on ``game`` drew a card unseen and kept it (R-TURN-2): the actions and the
        game after them, or None when the rules refuse them."""
        state = game.state()
        turn = state["turn"]
        if turn is None or state["drawn"] is not None or state["pending"] is not None:
            return None
        drew = [{"by": turn, "draw": True}, {"by": turn, "pass": True}]
        probe = _pushed(game, drew)
        return None if probe is None or probe.turn is None else (drew, probe)

    def _drew_then(self, game: Game, seq: int, card: str) -> list[dict] | None:
        """The seat to move on ``game`` drew a card unseen and kept it (``_kept_unseen``), then the next
        seat laid ``card`` (landed as entry ``seq``): the actions, or None when the rules refuse them."""
        kept = self._kept_unseen(game)
        play = None if kept is None else self._legal_play(kept[1], seq, kept[1].turn, card)
        return None if play is None else kept[0] + [play]

    def _lays_next(self, game: Game, seq: int, seat: int, card: str) -> bool:
        """Whether ``seat`` may lay ``card`` (entry ``seq``) next on ``game``, once what must come first
        is done (``_openings``)."""
        return any(opener == seat and self._legal_play(after, seq, seat, card) is not None
                   for opener, _, after in _openings(game))

    def _legal_play(self, game: Game, seq: int, seat: int, card: str) -> dict | None:
        """``seat``'s play of ``card`` (landed as entry ``seq``) that the rules allow on ``game``, with
        the first choices that make it so (``_with_choices``), or None."""
        return next((p for p in self._with_choices(self._play(seq, seat, card, game)) if game.is_legal(p)),
                    None)

    def _note_unseen(self, seq: int, t: float, unseen: str) -> None:
        self._note(seq, t, "play", f"Камера не видела, как легла {texts.card_ru(unseen)}",
                   f"The camera did not see {texts.card_en(unseen)} land")

    def _unseen_told(self, seq: int, card: str, hint: int | None) -> None:
        """A card landing while an earlier one is held: when it can lie on the held card, that one
        lies there rightly and a card before it went unseen; the round is derived again with that
        (``told_later``), so the villains taken in between are read with it too. But a held card
        read unsure by the arm of the seat that was to move, then this card by that arm, lying where
        that seat may lay it: nothing was played before it, the held reading was this card seen as
        the hand brought it."""
        held = self.held
        qid = held["qid"]
        if self.answer_for(qid) is not None or qid in self.overrides.inferred:
            return
        if (held["confidence"] is not None and held["confidence"] < ASK_CARD_BELOW
                and hint is not None and hint == held["hint"] == held["seat"]
                and self._legal_play(self.game, seq, hint, card) is not None):
            self.told_later[qid] = texts.NOTHING_PLAYED
            return
        # nobody seen taking a villain the held card does not explain, the card that wins fewer is the
        # likelier (R-ADV-5: a trophy is taken at once; simulated game 75: a Polypig laid unseen)
        quiet = held["unseen"] if self.unexplained_takes else [
            held["unseen"][k] for k in sorted(range(len(held["unseen"])), key=lambda k: held["wins"][k])]
        for unseen, _, probe in quiet:
            if any(self._legal_play(probe, seq, seat, card) is not None for seat in range(self.config.n)):
                # Laid by the arm of the seat that was to move: no card of that seat's went unseen
                # before it; the one before it was misread, however surely (``_misread_before``).
                misread = held["before"] is not None and held["hint"] == held["seat"]
                self.told_later[qid] = MISREAD_BEFORE + held["before"] if misread else UNSEEN + unseen
                return

    def _misread_top_read(self, seq: int, t: float, card: str, seat: int | None, camera: str | None,
                          confidence: float | None = None) -> bool:
        """Whether a landing the camera saw as a new card is the top it had misread, now read as it was
        taken to be: ``camera``, the watcher's reading before, is another card that the table told
        otherwise, that the rules chose another card for among those the camera weighed, or that was
        the top read again unsure as an arm passed (no play). The watcher held its misreading, so the
        right reading came as a change. No new card; noted. Not by the arm of a seat that may lay the
        next card (``seat``): that is its card, read as the top. Nor, by another arm than the top's
        player's, when the camera read the last play as this card as it landed: the watcher, seeing
        that card again where it lay, says nothing, so this one lies elsewhere, a twin. The card the
        table told, read so at last and surely (``confidence``), is the top by any arm (game 501: the
        next seat's, on its way to the deck)."""
        last = self.last_play()
        if last is None:
            return False
        move = last[1]
        if card != self.game.top or move.action["play"] != card or camera in (None, card):
            return False
        if seat is not None and seat in _openers(self.game) and not (
                self._card_told(move.source) and confidence is not None and confidence >= UNSURE_READING):
            return False
        if self.camera_cards.get(move.source) == card and seat not in (None, move.action["by"]):
            return False
        self._note(seq, t, "passing",
                   f"Верхняя карта прочитана снова: {texts.card_ru(card)}, не {texts.card_ru(camera)}",
                   f"The top read again: {texts.card_en(card)}, not {texts.card_en(camera)}")
        return True

    def _both_copies_on_top(self, card: str, covered=None) -> bool:
        """Whether the top two cards of the pile are ``card``, the deck's only two copies of it (§1.2),
        with no move since but villains revealed, or but moves seen after the pile began to be covered
        for this landing (``covered``: simulated game 965, a draw seen as the twin's hand lingered): a
        twin of it seen landing then is the one already counted (laid unseen, told by the villain it
        beat, and seen once the hand had gone)."""
        last = self.last_play()
        if last is None or card != self.game.top or cards.copies(self.config.edition, card) != 2:
            return False
        index, move = last
        since = [m for m in self.moves[index + 1:] if "reveal" not in m.action]
        if move.action["play"] != card or (since and not (
                isinstance(covered, (int, float)) and all(m.t > covered for m in since))):
            return False
        before = self._play_before(index)
        return before is not None and before.action["play"] == card

    def _twin_as_misread(self, seq: int, card: str, confidence: float | None = None) -> str:
        """The card of a landing the watcher saw as the card it holds laid again (an interception's
        twin, ``same``), when that is how the camera read the top that the table or the rules took
        for another card: the twin is the top as it is taken to be (a yellow 6 read as a 5, told a
        6, then its twin read as a 5 again). Not when the deck's copies of the top all lie on the pile
        already (§1.2): the card is the one it was read as. Nor when this reading is sure
        (``UNSURE_READING``) where the top's was below ``ASK_CARD_BELOW`` and nobody told it, and the
        card may lie on the top: the watcher compared it with its own unsure reading of the top, and
        it is a new card (simulated game 606: a yellow 7 read 0.39 as a 0, then a yellow 0 read
        surely)."""
        last = self.last_play()
        if (last is None or card == self.game.top or self.camera_cards.get(last[1].source) != card
                or not self._copy_left(self.game, self.game.top)):
            return card
        move = last[1]
        if (isinstance(confidence, (int, float)) and confidence >= UNSURE_READING
                and move.confidence is not None and move.confidence < ASK_CARD_BELOW
                and not self._card_told(move.source)
                and any(self._legal_play(self.game, seq, seat, card) is not None
                        for seat in range(self.config.n))):
            return card
        return self.game.top

    def _read_again_by_twin(self, card: str, camera: str | None) -> None:
        """A landing the watcher saw as the card it holds laid again (``same``), where that card is
        neither its last reading (``camera``) nor the top, but the top before the last play: the
        watcher saw that top again where it lay, so the last play's reading did not stand. It was the
        top read again as an arm passed over it, no play; the round is derived again with that
        (``told_later``), so the villains taken in between are read in its light."""
        last = self.last_play()
        if last is None or camera in (None, card) or card == self.game.top:
            return
        index, move = last
        before = self._play_before(index)
        qid = f"q{move.source}-{READ_AGAIN}"
        if (before is None or before.action["play"] != card or move.intercept
                or self.camera_cards.get(move.source) != camera or qid in self.overrides.inferred
                or self._told_about(move)):
            return
        self.told_later[qid] = True

    def _told_about(self, move: Move) -> bool:
        """Whether the table said which card ``move`` was or whose (a fix, ``which-card``,
        ``played-by``): what the camera sees later does not make it the top read again."""
        return (move.source in self.overrides.fixes or self._card_told(move.source)
                or self.answer_for(f"q{move.source}-played-by") is not None)

    def _top_read_again(
        self, seq: int, card: str, seat: int | None, confidence: float | None, alternatives: list | None,
        cover: float | None = None
    ) -> bool:
        """Whether a landing is the top read again, unsure, as an arm passed over it: another card,
        read below ``UNSURE_READING`` with the top among the cards weighed, by the arm of a seat that is
        not to move (the top's player off to take its trophy, or someone reaching across), or that is
        to move but may not lay that card (a penalty's victim, reaching past the pile); or so, a
        number of the top's colour where the top, a number too, was read below ``ASK_CARD_BELOW`` and
        nothing moved since (no draw that may have passed the turn: digits are what the camera mixes
        up); or, by the top's player's arm, another card of the top's colour read below
        ``ASK_CARD_BELOW`` (that seat could lay nothing now but a twin); or, by that arm passing
        quickly (not a long ``cover``: another hand may have come under it), a number of the top's
        colour read sure where the top, a number too, was read below ``ASK_CARD_BELOW``."""
        if self.last_play() is None or seat is None or confidence is None:
            return False
        top = self.game.top
        if card == top:
            return False
        if seat in _openers(self.game):  # to move, or next once the seat that drew kept its card
            return (confidence < UNSURE_READING and any(code == top for code, _ in alternatives or [])
                    and not self._lays_next(self.game, seq, seat, card))
        last = self.last_play()[1]
        new, old = cards.parse(card), cards.parse(top)
        by_top_player = seat == last.action["by"] and new.colour == old.colour
        # Two numbers of one colour, the top read unsure and not told: a digit the camera mixed up.
        digit_misread = (new.is_number and old.is_number and new.colour == old.colour
                         and last.confidence is not None and last.confidence < ASK_CARD_BELOW
                         and not self._card_told(last.source))
        if confidence >= UNSURE_READING:
            return by_top_player and not self._long_cover(cover) and digit_misread
        if any(code == top for code, _ in alternatives or []):
            return True
        if digit_misread and self._previous_move() is last:
            return True
        return by_top_player and confidence < ASK_CARD_BELOW

    def _read_again_told(self, seq: int, card: str | None, hint: int | None) -> None:
        """The last play, laid by its seat's arm and read unsure with the top before it among the cards
        weighed (or weighed for that top), when the next card (no twin) is laid by that arm again, or
        that arm reaches into the deck (``card`` None) where it is not that seat's turn to: no seat
        lays two cards in a row, so that arm was out early for this card or draw, and the last play
        was the top read again as an arm passed. So too a last play read below ``ASK_CARD_BELOW``,
        whatever was weighed, when that arm lays the next card and no villain it beats was seen taken:
        the hand, on its way over the pile, was read as a card. The round is derived again with it
        (``told_later``)."""
        if hint is None or len(self.moves) < 2:
            return
        move, before = self.moves[-1], self._play_before(len(self.moves) - 1)
        if before is None or "play" not in move.action or move.intercept or card == move.action["play"]:
            return
        if card is None and _drawer(self.game) == hint:
            return  # that seat's draw as things stand (two players: a Snore gives it the turn again)
        played, top = move.action["play"], before.action["play"]
        qid = f"q{move.source}-{READ_AGAIN}"
        # read surely, but as a card the camera weighed for the top it read unsure: the top read right
        reads_top = (before.confidence is not None and before.confidence < UNSURE_READING
                     and any(code == played for code, _ in before.alternatives))
        if (move.action["by"] != hint or self._reach_seat(move.reach) != hint or played == top
                or move.confidence is None or (move.confidence >= UNSURE_READING and not reads_top)
                or qid in self.overrides.inferred or self._told_about(move)):
            return
        if not (any(code == top for code, _ in move.alternatives)
                or any(code == played for code, _ in before.alternatives)
                or (card is not None and move.confidence < ASK_CARD_BELOW and not move.confirmed)):
            return
        # The next card must lie on the top as it then is (the surer of the two readings): else the arm
        # is the wrong one (the last play's, going back late), not the last play.
        saved = list(self.moves)
        without = [saved[:-1]]
        if move.confidence > (before.confidence or 0.0):
            reread = _amended(before, {"play": played})
            without.append([reread if m is before else m for m in saved[:-1]])
        for moves in without:
            try:
                self._rebuild(moves)
            except IllegalAction:
                continue
            if (_drawer(self.game) == hint if card is None
                    else self._legal_play(self.game, seq, hint, card) is not None):
                self.told_later[qid] = True
                break
        self._rebuild(saved)

    def _crossing_told(self, seq: int, card: str, hint: int | None) -> None:
        """The draws and passes since the last card, the first of them a reach into the deck by the
        arm of a placed seat that was not the drawer's, when the next card (no twin) is laid by an arm
        whose seat may not lay it after them, but may had nobody drawn then: that reach was the arm
        crossing the deck on its way elsewhere (to a villain pile, the crossing not seen over it), and
        nobody drew. The round is derived again with it (``told_later``)."""
        if hint is None or card == self.game.top or hint in _openers(self.game):
            return
        centres = self._seat_places()
        if len(centres) < self.config.n:
            return
        moves = self.moves
        start = len(moves)
        while start > 0 and (moves[start - 1].action.get("draw") or moves[start - 1].action.get("pass")):
            start -= 1

        def by_another_arm(move: Move) -> bool:
            # the arm of the reach the draw was read from: its last move's (a draw kept unseen before
            # the arm's own draw has none)
            arm = next((m.arm for m in reversed(moves) if m.source == move.source and m.arm is not None),
                       None)
            return self._reach_seat(arm, centres) not in (None, move.action["by"])

        stray = next((i for i in range(start, len(moves))
                      if moves[i].action.get("draw") and moves[i].inferred and by_another_arm(moves[i])),
                     None)
        if stray is None:
            return
        source = moves[stray].source
        if f"q{source}-{CROSSED}" in self.overrides.inferred or self.answer_for(f"q{source}-{MISSED_BEFORE}"):
            return
        saved = list(moves)
        try:
            self._rebuild(saved[:stray])
            if self._lays_next(self.game, seq, hint, card):
                self.told_later[f"q{source}-{CROSSED}"] = True
        except IllegalAction:
            pass
        self._rebuild(saved)

    def _twin_or_read_again(self, seq: int, t: float, card: str, seat: int,
                            alternatives: list | None) -> str | None:
        """A landing taken for the top read again (``_top_read_again``) with the top among the cards the
        camera weighed for it may be the top's twin, laid by that arm's seat (R-INTERCEPT-1; simulated
        game 493: a blue 0, then its twin read unsure as a 3 by the same arm): the table is asked
        ("read-again"; unanswered, no new card). The top, when the table said it was its twin."""
        top = self.game.top
        qid = f"q{seq}-{READ_AGAIN}"
        answered = self.answer_for(qid)
        if answered is False:
            return top
        weighed = any(code == top for code, _ in alternatives or [])
        if (answered is None and weighed and self._copy_left(self.game, top)
                and self._legal_play(self.game, seq, seat, top) is not None):
            name = self.players[seat]
            self._ask(
                seq, READ_AGAIN,
                ru=f"{name} положил ещё одну карту {texts.card_ru(top)}? Камера прочла "
                   f"{texts.card_ru(card)}, неуверенно",
                en=f"Did {name} lay another {texts.card_en(top)}? The camera read {texts.card_en(card)}, "
                   "unsure",
                options=[{"value": True, "label_ru": "нет, та же карта", "label_en": "no, the same card"},
                         {"value": False, "label_ru": f"да, {name} перехватил",
                          "label_en": f"yes, {name} intercepted"}],
                seat=seat, card=top, default=True, t=t)
        return None

    def _on_top_read_again(self, seq: int, t: float, card: str, seat: int, confidence: float) -> None:
        """No new card: the surer of the two readings of the top stands (the last play becomes ``card``
        when this reading is the surer one and the rules allow it there)."""
        index, move = self.last_play()
        name, before = self.players[seat], move.action["play"]
        if card == before:  # the top's twin seen: the arm laid nothing
            self._note_crossing(seq, t, "discard", None)
            return
        told = self._card_told(move.source)
        if not told and (move.confidence or 0.0) < confidence and self._amend(index, play=card):
            self.moves[index].confidence = confidence
            self._note(seq, t, "play",
                       f"Рука {name} прошла над сбросом; верхняя карта прочитана снова: это не "
                       f"{texts.card_ru(before)}, а {texts.card_ru(card)}",
                       f"{name}'s arm passed over the discard pile; the top, read again, is "
                       f"{texts.card_en(card)}, not {texts.card_en(before)}")
            return
        self._note(seq, t, "passing",
                   f"Рука {name} прошла над сбросом; верхняя карта прочитана как {texts.card_ru(card)}, "
                   f"неуверенно: карта не новая",
                   f"{name}'s arm passed over the discard pile; the top, read unsure as "
                   f"{texts.card_en(card)}: no new card")

    def _reread_untaken(self, seq: int, t: float) -> None:
        """A card lands, and a villain the last play defeated was not seen taken (R-ADV-5: a trophy is
        taken at once): when that play was read below ``UNTAKEN_REREAD_BELOW``, and another card the
        camera weighed for it is allowed there and defeats only what was seen taken, it was that card
        (a 3 read as a 5 beats no big pirate)."""
        last = self.last_play()
        if last is None:
            return
        move = last[1]
        played = move.action["play"]
        # a twin made of a landing the watcher saw as the top laid again, read as the top was misread
        # (``_twin_as_misread``): the card the camera read may be a card of its own (game 550)
        made_twin = move.intercept and self.camera_cards.get(move.source) not in (None, played)
        if (move.confidence is None or move.confidence >= UNTAKEN_REREAD_BELOW or self._card_told(move.source)
                or all(pile in move.confirmed for pile, _ in move.defeated)):
            return

        def explains() -> bool:
            return {pile for pile, _ in self.last_play()[1].defeated} == set(move.confirmed)

        if move.intercept and not made_twin:
            self._reread_twins_base(seq, t, last[0], explains, ": перехвата не было, пришельцев не забрали",
                                    ": no interception, no alien was taken")
        else:
            self._weighed_instead(seq, t, explains,
                                  f": злодеев, которых побила бы {texts.card_ru(played)}, не забрали",
                                  f": the villains {texts.card_en(played)} would beat were not taken")

    def _reread_twins_base(self, seq: int, t: float, index: int, explains, why_ru: str, why_en: str) -> bool:
        """``_reread_untaken`` of an interception, both cards read: the card it lay on, read below
        ``UNTAKEN_REREAD_BELOW`` and not told, as the likeliest other card the camera weighed for it after
        which ``explains()`` (simulated game 498: a yellow 3 read unsure as a 5, then a yellow 5 taken for
        its twin, and no alien taken)."""
        before = self._play_before(index)
        base = self._index_of(before) if before is not None else None
        if (base is None or before.confidence is None or before.confidence >= UNTAKEN_REREAD_BELOW
                or self._card_told(before.source) or not self._landed_as_read(before)):
            return False
        card, twin = before.action["play"], self.moves[index].action["play"]
        other = self._weighed_at(base, explains, lambda code: code != twin)
        if other is None:
            return False
        self._note_misread(seq, t, card, other, why_ru, why_en)
        return True

    def _weighed_at(self, index: int, explains, fits=None, candidates: list[str] | None = None) -> str | None:
        """The play at ``index`` read as the likeliest other card the camera weighed for it (of those
        ``fits`` takes; or the first of ``candidates``) after which ``explains()``: that card, the round
        kept so; else None, and the moves and the questions' moves as they were."""
        card = self.moves[index].action["play"]
        if candidates is None:
            candidates = [other for other, _ in self.moves[index].alternatives]
        for other in candidates:
            if other == card or not cards.is_code(other) or (fits is not None and not fits(other)):
                continue
            saved = self._snapshot()
            if self._amend(index, play=other) and explains():
                after = next((i for i in range(index + 1, len(self.moves)) if "play" in self.moves[i].action),
                             None)
                self._mark_twins(index, after)
                return other
            self._restore(saved)
        return None

    def _sweep_untaken(self, seat: int | None) -> None:
        """A card lands after a play taken for its seat's last card (R-ADV-7: every top villain beaten,
        and taken at once, R-ADV-5) whose villains were not all seen taken: the seat had a card more
        than counted (a draw the camera missed), as "did not go out" says; the round is derived again
        with it (``told_later``). Not a card laid by that seat's own arm (``seat``): on its way to
        its trophies, it crossed the discard pile, and the camera read the top as another card
        (simulated game 777)."""
        last = self.last_play()
        if last is None:
            return
        move = last[1]
        if seat is not None and seat == move.action["by"]:
            return
        qid = f"q{move.source}-went-out"
        if (qid not in self.questions or self.answer_for(qid) is not None or qid in self.overrides.inferred
                or all(pile in move.confirmed for pile, _ in move.defeated)):
            return
        self.told_later[qid] = False

    def _long_cover(self, cover: float | None) -> bool:
        """Whether a landing's zone was covered long enough to hide two plays (``LONG_COVER_FACTOR``)."""
        if cover is None:
            return False
        usual = statistics.median(self.covers) if len(self.covers) >= LONG_COVER_SAMPLES else 0.0
        return cover >= max(LONG_COVER_MIN_S, LONG_COVER_FACTOR * usual)

    def _two_plays_told(self, seat: int | None, fits) -> None:
        """The next move after a play that may have hidden another before it (``maybe_two``: its landing
        covered long, or laid by the arm of a seat the rules did not give it), made by ``seat``'s arm,
        which ``fits(game, seat)`` tells the rules allow on a game: when it does not fit the game as read
        but that landing hid a play before it (the seat to move's, unseen, then that card by the next
        seat; or the top's twin by another seat, then that card by the arm's seat) after which it fits,
        the round is derived again with it (``told_later``), so the villains taken in between are read
        with it too."""
        before = self.maybe_two
        if before is None or seat is None:
            return
        qid = f"q{before['seq']}-{MISSED_BEFORE}"
        if fits(self.game, seat):  # the arms agree with the rules as read: no card missed
            if qid in self.questions and not self.questions[qid].get("_blind"):
                self._close(qid, "inferred")
            return
        since = self.moves[before["moves"]:]
        if (qid in self.overrides.inferred or self.answer_for(qid) is not None
                or any("reveal" not in move.action for move in since)):
            return
        unseen = self._unseen_before(before["game"], before["seq"], before["card"])
        for actions, probe in self._quiet_unseen(unseen, before["game"]):
            if fits(probe, seat):
                self.told_later[qid] = UNSEEN + actions[-2]["play"]
                return
        # the top's twin laid unseen by another seat, when the landing's arm was the seat's after it
        if before["top_laid"] is None:
            return
        twins = self._twins_then(before["game"], before["seq"], before["card"], last=before["top_laid"])
        for twin, actions in twins.items():
            probe = _pushed(before["game"], actions)
            if actions[-1]["by"] == before["arm"] and probe is not None and fits(probe, seat):
                self.told_later[qid] = f"{TWIN}{twin}"
                return

    def _quiet_unseen(self, unseen: list[tuple[str, list[dict], Game]], game: Game, *,
                      fewest_wins: bool | None = None) -> list[tuple[list[dict], Game]]:
        """(actions, probe) for each number card among ``unseen`` (``_unseen_before``'s on ``game``, the
        likeliest first). A number changes nothing but the turn (no penalty); never the landed card
        itself (a twin, R-INTERCEPT-1). ``fewest_wins`` (by default, while no villain taken is left
        unexplained): the card that wins the fewest villains first, a trophy being taken at once
        (R-ADV-5; simulated game 117: a yellow 7 guessed a 0, which beat the small pirates)."""
        quiet = [(actions, probe) for code, actions, probe in unseen
                 if cards.parse(code).is_number and code != actions[-1]["play"]]
        if fewest_wins or (fewest_wins is None and not self.unexplained_takes):
            quiet.sort(key=lambda item: _unseen_wins(game, item[0]))
        return quiet

    def _missed_twin(self, game: Game, seq: int, card: str, seat: int) -> list[dict] | None:
        """The actions had another seat laid the top's twin unseen (``_twins_then``, R-INTERCEPT-1), so
        that ``seat`` laid ``card`` (entry ``seq``) after it, or None."""
        return next((actions for actions in self._twins_then(game, seq, card, accepted=True).values()
                     if actions[-1]["by"] == seat), None)

    def _missed_transfer(self, seq: int, card: str, seat: int) -> list[dict] | None:
        """The actions had the victim of a pending grab or snore, the seat to move, passed it on unseen
        with the top's twin (R-TRANSFER-1, R-TRANSFER-2, R-INTERCEPT-1), and the next victim taken it,
        so that ``seat`` laid ``card`` (entry ``seq``) after it; or None. ``_twins_then`` leaves the
        seat to move out (its card is one like any other, "unseen:"), and ``_missed_before`` offers
        numbers only: a transfer changes a penalty, so it is a guess offered to the table, not taken
        (simulated game 81: a Snorer's victim passed it on with its twin, unseen)."""
        state = self._state()
        pending, turn = state["pending"], state["turn"]
        if pending is None or pending["victim"] != turn or not self._copy_left(self.game, self.game.top):
            return None
        transfer = {"by": turn, "play": self.game.top}
        probe = _pushed(self.game, [transfer])
        for opener, before, after in _openings(probe)[1:] if probe is not None else []:
            play = self._legal_play(after, seq, seat, card) if opener == seat else None
            if play is not None:
                return [transfer, *before, play]
        return None

    def _missed_before(self, unseen: list[tuple[str, list[dict], Game]], seat: int) -> list[dict] | None:
        """The actions had the seat to move laid a number card unseen (``_quiet_unseen`` of ``unseen``),
        so that ``seat`` laid the landed card, or None."""
        return next((actions for actions, _ in self._quiet_unseen(unseen, self.game)
                     if actions[-1]["by"] == seat), None)

    def _misread_candidates(self, card: str, seat: int | None, limit: int = 6) -> list[str]:
        """Legal cards that look most like ``card``: same colour and face, then colour, then face."""
        if seat is None:
            return []
        legal = list(dict.fromkeys(m["play"] for m in self.game.legal_moves(seat) if "play" in m))
        seen = cards.parse(card)

        def likeness(code: str) -> tuple:
            other = cards.parse(code)
            return (-(other.colour == seen.colour) - (other.face == seen.face), code)

        return sorted((c for c in legal if c != card), key=likeness)[:limit]

    def _apply_wrong(self, held: dict, *, inferred: bool) -> None:
        action = {"by": held["seat"], "wrong": held["card"]}
        try:
            self._push(Move(action, held["seq"], held["t"], inferred=inferred))
        except IllegalAction as exc:
            self._flag(held["seq"], held["t"], exc.message, exc.message)
            return
        kind, ru, en = texts.describe_action(action, self.players)
        self._note(held["seq"], held["t"], kind, ru, en)
        self.absorb_until = held["t"] + ABSORB_S
        self.effective.append(held["seq"])

    # ------------------------------------------------------------------ villains

    def _on_taken(
        self, seq: int, t: float, pile: str, villain: str, under: str | None, hint: int | None = None
    ) -> None:
        self.reached.pop(pile, None)  # the hand seen there before was this take's, or passing by
        self.unexplained_takes.pop(pile, None)  # what the camera sees there now is newer
        if self.game is None:
            self.tops[pile] = under
            return
        if self.absorb_until >= t - ABSORB_S:  # the draw that follows a sweep comes after its trophies
            self.absorb_until = max(self.absorb_until, t + ABSORB_S)
        self._reveal_unknown_taken(seq, t, pile, villain)
        self._reseat_by_taker(pile, villain, hint)
        if not self._explained(pile, villain):
            self._explain_by_held(pile, villain, hint)
        if not self._explain_by_omni(pile, villain) and not self._explained(pile, villain):
            if not (self._explain_by_last_hand(pile, villain) or self._explain_by_seat(pile, villain, hint)
                    or self._explain_by_taker_after_unseen(seq, pile, villain, hint)
                    or self._explain_by_alternative(seq, t, pile, villain)
                    or self._explain_by_twin_misread_before(seq, t, pile, villain)
                    or self._explain_by_digit(seq, t, pile, villain, hint)):
                self._explain_by_interception(seq, t, pile, villain, hint)
        if self._explained(pile, villain):
            self._doubt_defeat_by_taker(seq, t, pile, villain, hint)
            self._unreveal_reread_take(self._due(pile, villain), pile, villain, under)
            self._confirm(pile, villain)
        else:
            last = self.last_play()
            answered = self.answer_for(f"q{seq}-trophy")
            self._guess_taker_after_unseen(seq, pile, villain, hint)
            saved = list(self.moves)
            if isinstance(answered, int) and last is not None:
                if self._reseat(last[0], answered) and self._explained(pile, villain):
                    self._confirm(pile, villain)  # the last play was that seat's
                else:
                    self._rebuild(saved)
                    # R-ADV-4: only an interception takes an alien, so the seat told laid the last
                    # card's twin unseen, whatever twin it is (a Snorer's changes who sleeps); another
                    # villain only when that twin was the seat's last card, its sweep taking the
                    # villain (R-ADV-7; simulated game 869). Else an older play's trophy (or a twin
                    # seen land later): the answer is noted, the game stays as the rules have it.
                    def swept() -> bool:
                        return self._explained(pile, villain) and self.moves[last[0] + 1].hand_before == 1

                    if self._twin_unseen(seq, t, last[0], [answered], pile, villain,
                                         None if villain == "alien" else swept):
                        self._confirm(pile, villain)
            elif answered is None:
                options = self._seat_options()
                options.append(
                    {"value": "none", "label_ru": "никто (камера ошиблась)", "label_en": "nobody (a misread)"}
                )
                self._ask(
                    seq,
                    "trophy",
                    ru=f"Кто забрал {texts.card_ru(villain)}? По правилам никто не мог.",
                    en=f"Who took the {texts.card_en(villain)}? The rules explain no one.",
                    options=options,
                    card=villain,
                    t=t,
                )
                self._flag(
                    seq,
                    t,
                    f"Забрали {texts.card_ru(villain)}: правила этого не объясняют",
                    f"{texts.card_en(villain)} was taken; the rules do not explain it",
                )
            if under is not None and self.game.villains[pile] and self.game.villains[pile][0] == villain:
                self.unexplained_takes[pile] = (under, len(self.game.villains[pile]), seq)
        if under is not None and self.game.villains[pile]:
            self._reveal(seq, t, pile, under)

    def _reveal_unknown_taken(self, seq: int, t: float, pile: str, villain: str | None) -> None:
        """R-ADV-5: a villain seen taken off a pile whose top the rules do not know (the camera did not
        see what the last change there uncovered; simulated game 738: a take read as a move from
        another pile) was that top since that change, when a play since beats it: revealed there.
        So too the unknown top a play beat, not seen taken yet (a sweep, R-ADV-7; simulated game 961):
        revealed before that play."""
        stack = self.game.villains.get(pile)
        if villain is None or self._explained(pile, villain):
            return
        unknown = self._due(pile, None)  # a play beat that top, nobody knowing which villain it was
        if unknown is not None:
            index = self._index_of(unknown)
        elif not stack or stack[0] is not None:
            return
        else:
            index = next((i + 1 for i in range(len(self.moves) - 1, -1, -1)
                          if self.moves[i].action.get("reveal") == pile
                          or pile in (self.moves[i].action.get("shake") or ())
                          or any(p == pile for p, _ in self.moves[i].defeated)), None)
        if index is None:
            return
        saved = self._snapshot()
        try:
            self._replace(index, 0, [Move({"reveal": pile, "card": villain}, seq, t)])
        except IllegalAction:
            return
        if not self._explained(pile, villain):
            self._restore(saved)  # no play since beats it: the take stays unexplained, as seen

    def _unreveal_reread_take(self, due: Move, pile: str, villain: str, under: str | None) -> None:
        """R-ADV-5: a villain is taken once. Seen taken after the play that defeats it, while the top
        the rules show is an identical villain the camera saw under a take before that play, that
        earlier take was the top read again (an arm passing over it, game 720): the villain seen under
        this take is the top, not the one under that reading."""
        late = self.revealed_late.pop(pile, None)
        index = self._index_of(late) if late is not None else None
        defeat = self._index_of(due)
        stack = self.game.villains[pile]
        if (index is None or defeat is None or defeat >= index or under is None
                or late.action["card"] != villain or not stack or stack[0] != villain):
            return
        try:
            self._replace(index, 1, [Move({"reveal": pile, "card": self._villain_seen(pile, under)},
                                          late.source, late.t)])
        except IllegalAction:
            return

    def _settle_reached(self) -> None:
        """Before the next card: the hands that reached into a villain pile whose top looks as it did.
        When the rules had that top defeated and nobody was seen taking it since, it was taken off an
        identical villain (R-ADV-5): the trophy is confirmed and the one under it is known. Otherwise
        a hand only hovered, or crossed the pile (a take seen after it is the take: read at once).
        The pile a hand came over last is read first: an arm reaching for a pile crosses the nearer
        ones on its way (an omnivore's choice is the first pile that fits, `_on_reached`). Of the hands
        over one pile, the latest first: the first that takes the trophy due there takes it (another
        player's arm may cross the pile after the defeater's took the villain)."""
        reached, self.reached = self.reached, {}
        for pile, hands in sorted(reached.items(), key=lambda item: -item[1][-1][4]):
            for seq, t, villain, hint, _ in reversed(hands):
                if self._on_reached(seq, t, pile, villain, hint):
                    break

    def _on_reached(self, seq: int, t: float, pile: str, villain: str, hint: int | None = None) -> bool:
        """A hand over a villain pile whose top looks as it did (``_settle_reached``): whether it took
        the trophy due there."""
        saved = list(self.moves)
        due = self._due(pile, villain)
        last = self.last_play()
        # R-OMNI with 7+ cards: the player's own hand in another pile than the rules chose, that one
        # not seen taken, is the villain it chose, taken off an identical one (no take to see then).
        chose = (due is None and last is not None and hint in (None, last[1].action["by"])
                 and self._explain_by_omni(pile, villain))
        if chose:
            due = self._due(pile, villain)
        if due is None and self.game.villains[pile] and self.game.villains[pile][0] is None:
            # a top the rules do not know (the camera saw nothing under the villain taken before): the
            # one the camera sees there now (simulated game 350: the small pirates under the super ones)
            self._reveal(seq, t, pile, villain)
        if due is None or (hint is not None and hint != due.action.get("by")):
            return False  # no trophy due there, or another player's arm crossing it on its way elsewhere
        stack = self.game.villains[pile]
        if not stack or stack[0] not in (None, villain):
            if chose:
                self._rebuild(saved)  # not the omnivore's choice either
            return False  # the rules know the pile is empty now, or another villain on top: no twin was under
        self._on_taken(seq, t, pile, villain, villain, hint)
        return True

    def _seat_question(self, move: Move) -> dict | None:
        return next(
            (
                q
                for q in self.questions.values()
                if q["_move"] is move and q["kind"] in ("intercepted-by", "played-by")
            ),
            None,
        )

    def _reseat_by_taker(self, pile: str, villain: str, taker: int | None) -> None:
        """R-ADV-5: the defeater takes the villain; an arm from another seat than the one the last
        play was given to, among that play's readings, says who played it; not a twin laid by its own
        seat's arm, a hand slapped down on the pile (simulated game 407: the arm that laid the next
        card, there long before, was seen taking the aliens the twin beat). An arm seen laying any other
        card may have been passing back from a villain pile (game 365)."""
        last = self.last_play()
        if taker is None or last is None or last[1].action["by"] == taker:
            return
        if last[1].intercept and self._reach_seat(last[1].reach) == last[1].action["by"]:
            return
        question = self._seat_question(last[1])
        if question is None or taker not in [o["value"] for o in question["options"]]:
            return
        saved, move = list(self.moves), question["_move"]
        if self._reseat(last[0], taker) and self._explained(pile, villain):
            question["default"] = question["seat"] = taker  # still asked: an arm is a guess
            return
        self._rebuild(saved)
        question["_move"] = move

    def _recent_moves(self) -> list[Move]:
        """The moves since the third last play: where a trophy the camera saw taken comes from."""
        plays = [i for i, m in enumerate(self.moves) if "play" in m.action]
        return self.moves[plays[-3] :] if len(plays) >= 3 else self.moves

    def _due(self, pile: str, villain: str) -> Move | None:
        """The recent move whose defeat of ``villain`` on ``pile`` the camera has not seen taken yet."""
        return next((move for move in self._recent_moves() if pile not in move.confirmed
                     and any(p == pile and v == villain for p, v in move.defeated)), None)

    def _explained(self, pile: str, villain: str) -> bool:
        return self._due(pile, villain) is not None

    def _doubt_defeat_by_taker(self, seq: int, t: float, pile: str, villain: str, taker: int | None) -> None:
        """R-ADV-5: the defeater takes the villain. Taken by the arm of a seat that has played since
        an older play the rules had defeat it, that older card may have been misread (a 1 read as a
        7, and the 7 after it was the defeater): the table is asked which card it was, the card as
        read by default. Only a play not the last one: the last one's own seat is asked otherwise
        (``_reseat_by_taker``). Only a card the camera saw land: a card laid unseen is a guess that
        ``missed-before`` asks about."""
        due = self._due(pile, villain)
        if (taker is None or due is None or due.action["by"] == taker or self._card_told(due.source)
                or not self._landed_as_read(due)):
            return
        index = self._index_of(due)
        if index is None or not any("play" in move.action and move.action["by"] == taker
                                    for move in self.moves[index + 1:]):
            return
        if self._taker_defeats_after_alternative(seq, t, index, pile, villain, taker):
            return
        if f"q{due.source}-{WHICH_CARD}" not in self.questions:
            self._ask_which_card(due.source, due.t, due, due.alternatives)

    def _taker_defeats_after_alternative(self, seq: int, t: float, index: int, pile: str, villain: str,
                                         taker: int) -> bool:
        """``_doubt_defeat_by_taker``'s older play (at ``index``) read as another card the camera
        weighed for it, when then a play of the taker's since defeats the villain (simulated game 376:
        a red 4 read unsure as a 1, then another seat's red 1 read as its twin, and that seat's arm took
        the small pirates). Told in the log, not asked."""
        card = self.moves[index].action["play"]

        def takers() -> bool:
            due = self._due(pile, villain)
            return due is not None and due.action["by"] == taker

        other = self._weighed_at(index, takers)
        if other is None:
            return False
        self._note_misread(seq, t, card, other,
                           f" (по {texts.card_ru(villain)}, забранным {self.players[taker]})",
                           f" (from the {texts.card_en(villain)} {self.players[taker]} took)")
        return True

    def _landed_as_read(self, move: Move) -> bool:
        """Whether ``move`` is the play of a card the camera saw land (its entry's last play), not one
        laid unseen before it or before a draw."""
        plays = [m for m in self.moves if m.source == move.source and "play" in m.action]
        return move.source in self.camera_cards and bool(plays) and plays[-1] is move

    def _confirm(self, pile: str, villain: str) -> None:
        move = self._due(pile, villain)
        if move is not None:
            move.confirmed.append(pile)

    def _explain_by_omni(self, pile: str, villain: str) -> bool:
        """R-OMNI with 7+ cards: the pile the camera saw emptied is the one the player chose."""
        last = self.last_play()
        if last is None or cards.parse(last[1].action["play"]).kind != "omni":
            return False
        index, move = last
        chosen = move.action.get("villain")
        if chosen in (None, pile) or pile in move.confirmed or chosen in move.confirmed:
            return False  # no choice, this one, or the one seen taken already: one villain only
        if not self._amend(index, villain=pile):
            return False
        return self._explained(pile, villain)

    def _explain_by_last_hand(self, pile: str, villain: str) -> bool:
        """R-SLAP, R-ADV-1: a slapper taken for the last hand (the guess while nobody has told) holds
        two cards more; a trophy it took says another hand was last. The first such seat is the guess
        now, still asked: the arm that draws the two cards will tell."""
        last = self.last_play()
        if last is None:
            return False
        index, move = last
        qid = f"q{move.source}-last-hand"
        question = self.questions.get(qid)  # open only while the table has not answered it
        if question is None:
            return False
        if cards.parse(move.action["play"]).kind != "slap":
            return False  # a steal's last hand changes no hand (R-STEAL)
        player, guessed = move.action["by"], move.action["last"]
        for seat in (s % self.config.n for s in range(player + 1, player + self.config.n)):
            if seat != guessed and self._amend(index, last=seat):
                if self._explained(pile, villain):
                    question["default"] = seat
                    return True
                self._amend(index, last=guessed)
        return False

    def _explain_by_seat(self, pile: str, villain: str, taker: int | None = None) -> bool:
        """A trophy the last play's seat could not win may be another reading's (an interceptor's): the
        ``taker``'s, when its arm was seen (R-ADV-5: the defeater takes it; simulated game 135: a
        Polypig's twin laid unseen by the taker made its hand small enough, and the seen twin was given
        to another seat that could have won it)."""
        last = self.last_play()
        if last is None:
            return False
        move = last[1]
        question = self._seat_question(move)
        if question is None or (move.intercept and self._reach_seat(move.reach) == move.action["by"]):
            # (a twin seen laid by its own seat's arm: the taker's card was a twin laid after it, unseen,
            # ``_explain_by_interception``; simulated game 336: three Polypigs, the last one unseen)
            return False
        saved = list(self.moves)
        for option in question["options"]:
            seat = option["value"]
            if seat == move.action["by"] or taker not in (None, seat):
                continue
            if self._reseat(last[0], seat):
                if self._explained(pile, villain):
                    question["default"] = question["seat"] = seat  # the trophy tells; still asked
                    return True
                self._rebuild(saved)
                question["_move"] = move
        return False

    def _taker_after_unseen(self, pile: str, villain: str, taker: int | None):
        """R-ADV-5: the defeater takes the villain. A trophy the last play's seat could not win, taken by
        another seat's arm, may be that seat's play laid after a number card the seat to move laid
        unseen (``_reseat_after_unseen``; simulated game 326: a blue 3 laid unseen, then the blue 1
        that took the small pirates, with the first card's arm seen as it landed): the last play's
        index and whether the taker then won it; None when the play is the taker's already, an
        interception, or told by the table."""
        last = self.last_play()
        if taker is None or last is None:
            return None
        index, move = last
        if (taker == move.action["by"] or move.intercept or move.source in self.overrides.fixes
                or self._told_about(move)):
            return None

        def taken_by_taker() -> bool:
            due = self._due(pile, villain)
            return due is not None and due.action.get("by") == taker

        return index, taken_by_taker

    def _explain_by_taker_after_unseen(self, seq: int, pile: str, villain: str, taker: int | None) -> bool:
        """``_taker_after_unseen``, once the next card told it (``TAKER_AFTER_UNSEEN``)."""
        found = (self._taker_after_unseen(pile, villain, taker)
                 if self.overrides.inferred.get(f"q{seq}-{TAKER_AFTER_UNSEEN}") else None)
        return found is not None and self._reseat_after_unseen(found[0], taker, found[1])

    def _guess_taker_after_unseen(self, seq: int, pile: str, villain: str, taker: int | None) -> None:
        """A take nothing else explains: whether ``_taker_after_unseen`` would, kept for the next card to
        tell (``taker_after_unseen``); nothing changed."""
        found = self._taker_after_unseen(pile, villain, taker)
        if found is None:
            return
        saved = self._snapshot()
        if self._reseat_after_unseen(found[0], taker, found[1], note=False):
            self.taker_after_unseen = seq
        self._restore(saved)

    def _slapping_twin_unslapped(self, card: str) -> None:
        """The last play a Slapper's or Stealer's twin seen land (an interception) that nobody slapped
        the deck for before this card, and that no villain was seen taken for: no twin was laid
        (R-SLAP, R-STEAL: everyone slaps at once); the camera saw the card under the last slap's hands
        again as they lifted (simulated game 617). The round is derived again with it read as the top
        read again (``READ_AGAIN``, ``told_later``). Not a twin the table told about."""
        last = self.last_play()
        if last is None:
            return
        move = last[1]
        qid = f"q{move.source}-{READ_AGAIN}"
        if (not move.intercept or cards.parse(move.action["play"]).kind not in SLAPPING
                or not self._landed_as_read(move) or card == move.action["play"] or move.confirmed
                or self._told_about(move)
                or self.answer_for(f"q{move.source}-intercepted-by") is not None
                or self.answer_for(qid) is not None or qid in self.overrides.inferred):
            return
        if self.slapped is None or self.slapped[0] < move.t:
            self.told_later[qid] = True

    def _taker_after_unseen_told(self, card: str) -> None:
        """A card landing after a take guessed the taker's play after a card laid unseen
        (``_guess_taker_after_unseen``): no twin of the last play, it tells the guess (the round is
        derived again with it, ``told_later``); a twin, laid late by the taker, took the villain."""
        seq, self.taker_after_unseen = self.taker_after_unseen, None
        if seq is not None and card != self.game.top:
            self.told_later[f"q{seq}-{TAKER_AFTER_UNSEEN}"] = True

    def _explain_by_held(self, pile: str, villain: str, taker: int | None) -> None:
        """A villain taken while a card the rules refuse is held, read below ``ASK_CARD_BELOW``, by the
        arm of the seat that laid it (or an arm not placed): the card was the one number of its colour
        the rules allow there that beats that villain (the camera reads colours surely, digits less
        so: a red 4 on a yellow 4 read as a red 0, then the red ghosts taken). The round is derived
        again with it (``told_later``)."""
        held = self.held
        if held is None or held["confidence"] is None or held["confidence"] >= ASK_CARD_BELOW:
            return
        qid, seat, colour = held["qid"], held["seat"], _card_colour(held["card"])
        if (colour is None or taker not in (None, seat) or self.answer_for(qid) is not None
                or qid in self.overrides.inferred):
            return
        beating, had = [], self.game.trophies[seat].count(villain)
        for code in EDITIONS[self.config.edition].playable_codes:
            card = cards.parse(code)
            if code == held["card"] or not card.is_number or card.colour != colour:
                continue
            action = self._legal_play(self.game, held["seq"], seat, code)
            probe = _pushed(self.game, [action]) if action is not None else None
            if probe is not None and probe.trophies[seat].count(villain) > had:
                beating.append(code)
        if len(beating) == 1:
            self.told_later[qid] = beating[0]

    def _explain_by_alternative(self, seq: int, t: float, pile: str, villain: str) -> bool:
        """A villain taken that no play explains, after a card the camera was unsure of: the card was
        the likeliest other one the camera weighed that beats it (a 2 read as a 5, then the small
        pirates taken). Told in the log, not asked."""
        last = self.last_play()
        if last is None or self._card_told(last[1].source):
            return False
        return self._weighed_instead(seq, t, lambda: self._explained(pile, villain),
                                     f" (по {texts.card_ru(villain)})",
                                     f" (from the {texts.card_en(villain)} taken)")

    def _explain_by_twin_misread_before(self, seq: int, t: float, pile: str, villain: str) -> bool:
        """R-ADV-4: an alien taken that no play explains, after a card the camera weighed for the one
        before it, read unsure: that one was this card, and this card its twin, intercepting it
        (simulated game 633: a blue 4 on a blue 1, read as a 1, taken for the 1's twin; then the other
        blue 4, and the alien taken). Told in the log, not asked."""
        last = self.last_play()
        if villain != "alien" or last is None:
            return False
        index, move = last
        before = self._play_before(index)
        card = move.action["play"]
        if (before is None or self._card_told(before.source) or self._card_told(move.source)
                or before.confidence is None or before.confidence >= UNSURE_READING
                or card not in (code for code, _ in before.alternatives)):
            return False
        read = before.action["play"]
        if self._weighed_at(self._index_of(before), lambda: self._explained(pile, villain),
                            candidates=[card]) is None:
            return False
        self._note_misread(seq, t, read, card, " (по пришельцу)", " (from the alien taken)")
        return True

    def _explain_by_digit(self, seq: int, t: float, pile: str, villain: str, taker: int | None) -> bool:
        """Pirates taken by the arm of the last play's seat, that no play explains, after a number the
        camera read below ``ASK_CARD_BELOW`` and weighed no card for that beats them (R-ADV-2, R-ADV-5:
        the defeater takes its trophy at once): the card was a number of its colour that beats them,
        the digits most like the one read first (``DIGIT_LOOKALIKES``, then the others; simulated game
        130: a green 4 read as a 0 at 0.23, then the big pirates taken by its arm). Told in the log;
        the card's ``which-card`` question stays open with it."""
        last = self.last_play()
        if last is None or taker is None or villain not in DIGIT_PIRATES:
            return False
        move = last[1]
        read = cards.parse(move.action["play"])
        if (not read.is_number or move.intercept or move.action["by"] != taker or move.confidence is None
                or move.confidence >= ASK_CARD_BELOW or self._card_told(move.source)):
            return False
        likely = DIGIT_LOOKALIKES.get(read.face, "")
        digits = [*likely, *(str(v) for v in cards.VALUES if str(v) not in likely)]
        return self._weighed_instead(seq, t, lambda: self._explained(pile, villain),
                                     f" (по {texts.card_ru(villain)})",
                                     f" (from the {texts.card_en(villain)} taken)",
                                     candidates=[cards.coloured(read.colour, digit) for digit in digits])

    def _weighed_instead(self, seq: int, t: float, explains, why_ru: str, why_en: str,
                         candidates: list[str] | None = None) -> bool:
        """The last play read as the likeliest other card the camera weighed for it (or the first of
        ``candidates``) after which ``explains()`` (``_weighed_at``); the log tells it, ``why`` after it."""
        index, move = self.last_play()
        card = move.action["play"]
        other = self._weighed_at(index, explains, candidates=candidates)
        if other is None:
            return False
        self._note_misread(seq, t, card, other, why_ru, why_en)
        return True

    def _explain_by_interception(
        self, seq: int, t: float, pile: str, villain: str, taker: int | None
    ) -> bool:
        """R-ADV-4: an alien taken that no play explains says the last card was intercepted, and the
        camera missed it: the twin landing read, unsure, as another card of its colour (the colour is
        read surely, the face less so), or not seen at all (laid exactly on its twin); laid by the
        taker's arm, else any seat's. Only twins that change nothing but the turn and the villains
        (``QUIET_TWINS``): a grab or a hush guessed wrong would derail the round; those are asked.
        Told in the log, not asked: the trophy is the camera's own evidence."""
        last = self.last_play()
        if villain != "alien" or last is None:
            return False
        index, move = last
        if self._guess_was_twin(seq, t, index, pile, villain):
            return True
        card = move.action["play"]
        before = self._play_before(index)
        twin = before.action["play"] if before is not None else None
        # laid by the taker's arm, not the arm of the seat the rules gave it to: the taker's twin,
        # however surely read; unless the camera had read that card landing just before (then it is
        # that card's twin, already read as such)
        read_before = self.camera_cards.get(max((entry for entry in self.camera_cards if entry < move.source),
                                                default=-1))
        arm_seat = self._reach_seat(move.arm)
        by_taker = (taker is not None and taker != move.action["by"] and arm_seat == taker
                    and read_before != card)
        # laid by the arm of the seat the rules gave it, another seat's arm taking the alien: that card
        # as read, and the taker's twin after it unseen, fit both arms; the card as the taker's twin
        # would not
        by_its_seat = taker is not None and taker != move.action["by"] and arm_seat == move.action["by"]
        misread = (twin is not None and not move.intercept and twin != card
                   and cards.parse(twin).kind in QUIET_TWINS
                   and move.confidence is not None and (move.confidence < UNSURE_READING or by_taker)
                   and not by_its_seat
                   and _card_colour(card) is not None and _card_colour(card) == _card_colour(twin))
        # an unsure reading next to its twin: likelier misread than a landing missed
        interceptor = move.action["by"] if taker is None else taker
        if misread and self._read_last_play_as(twin, lambda: self._explained(pile, villain), interceptor):
            self._note(seq, t, "play", f"Камера прочла {texts.card_ru(card)}, но это перехват: "
                       f"{texts.card_ru(twin)}", f"The camera read {texts.card_en(card)}; it was an "
                       f"interception: {texts.card_en(twin)}")
            return True
        kind = cards.parse(card).kind
        if kind not in QUIET_TWINS:
            # A twin that changes more than the turn (whom a Snorer sends to sleep, who takes a
            # Grabber's cards) is guessed only as the taker's: the arm that took the alien laid it
            # (R-ADV-4). A Slapper's or a Stealer's twin would have had every hand slap the deck.
            if taker is None or kind in SLAPPING:
                return False
            return self._twin_unseen(seq, t, index, [taker], pile, villain)
        seats = ([taker] if taker is not None else []) + [s for s in range(self.config.n) if s != taker]
        return (self._twin_of_alternative(seq, t, index, seats, pile, villain)
                or self._twin_unseen(seq, t, index, seats, pile, villain))

    def _twin_of_alternative(self, seq: int, t: float, index: int, seats: list[int], pile: str,
                             villain: str) -> bool:
        """``_twin_unseen`` of the last play read as another card of its colour the camera weighed for
        it, when that pair also explains the takes seen since that the card as read leaves unexplained
        (game 387: a red 4 read unsure as a 1, the big pirates taken, its twin laid and taken for the 1
        read again, then the alien: both were 4s, and the 1s explain the alien alone). Only a card the
        camera saw land and nobody told."""
        move = self.moves[index]
        card = move.action["play"]
        pending = list(self.unexplained_takes.items())
        if (not pending or not move.alternatives or self._card_told(move.source)
                or not self._landed_as_read(move)):
            return False

        def explains_all() -> bool:
            return self._explained(pile, villain) and all(
                len(self.game.villains[other]) < size for other, (_, size, _) in pending)

        other = self._weighed_at(
            index, lambda: self._twin_unseen(seq, t, index, seats, pile, villain, explains_all),
            lambda code: cards.parse(code).kind in QUIET_TWINS and _card_colour(code) == _card_colour(card))
        if other is None:
            return False
        self._note_misread(seq, t, card, other, f" (по {texts.card_ru(villain)} и забранным до них)",
                           f" (from the {texts.card_en(villain)} and the villains taken before)")
        return True

    def _twin_unseen(self, seq: int, t: float, index: int, seats: list[int], pile: str, villain: str,
                     explains=None) -> bool:
        """R-INTERCEPT-1, R-ADV-4: the twin of the play at ``index`` laid unseen right after it (exactly
        on it), by the first of ``seats`` the rules allow whose twin explains ``villain`` taken from
        ``pile`` (and whatever else ``explains()`` asks); noted in the log."""
        move = self.moves[index]
        card = move.action["play"]
        saved = list(self.moves)
        for seat in seats:
            for action in self._with_choices(self._play(move.source, seat, card)):
                unseen = Move(action, move.source, move.t, inferred=True, intercept=True)
                try:
                    self._replace(index + 1, 0, [unseen])
                except IllegalAction:
                    continue
                if self._explained(pile, villain) if explains is None else explains():
                    kind, ru, en = texts.describe_action(action, self.players)
                    self._note(seq, t, kind, ru + " (перехват, которого камера не видела)",
                               en + " (an interception the camera did not see)")
                    return True
                self._rebuild(saved)
        return False

    def _guess_was_twin(self, seq: int, t: float, index: int, pile: str, villain: str) -> bool:
        """R-ADV-4: the last play (at ``index``) lies on a card guessed laid unseen before it, only so
        that its seat, told or seen, could lay it; an alien taken that no play explains says instead
        that it was the top's twin, read as another card of its colour, intercepted by that seat, and
        nothing went unseen (game 489: "P2 played it" told of a yellow 4 on its twin read as a 7). Told
        in the log, not asked, as ``_explain_by_interception``."""
        move = self.moves[index]
        start = self._landing_start(index)
        guessed = [m for m in self.moves[start:index] if "play" in m.action and m.inferred]
        before = self._play_before(start)
        if not guessed or before is None or self._card_told(move.source):
            return False
        card, twin = move.action["play"], before.action["play"]
        if (twin == card or cards.parse(twin).kind not in QUIET_TWINS
                or _card_colour(twin) is None or _card_colour(twin) != _card_colour(card)):
            return False
        interception = replace(move, action=self._play(move.source, move.action["by"], twin), intercept=True)
        saved = self._snapshot()
        try:
            self._replace(start, index + 1 - start,
                          [m for m in self.moves[start:index] if all(m is not g for g in guessed)]
                          + [interception])
        except IllegalAction:
            return False
        if not self._explained(pile, villain):
            self._restore(saved)
            return False
        self._repoint(move, interception)
        self._close(f"q{move.source}-{MISSED_BEFORE}", "inferred")  # which card went unseen: none did
        self._note(seq, t, "play", f"Камера прочла {texts.card_ru(card)}, но это перехват: "
                   f"{texts.card_ru(twin)}, и до него ничего не пропущено",
                   f"The camera read {texts.card_en(card)}; it was an interception: {texts.card_en(twin)}, "
                   "and no card went unseen before it")
        return True

    def _play_before(self, index: int) -> Move | None:
        """The play before the move at ``index``."""
        return next((m for m in reversed(self.moves[:index]) if "play" in m.action), None)

    def _read_last_play_as(self, card: str, explains, seat: int | None = None) -> bool:
        """The last play read as ``card`` (and as ``seat``'s, when given; an identical card on the one
        before it is an interception): kept when ``explains()`` then says it explains what the camera
        saw, else the moves and the questions' moves as they were."""
        index, move = self.last_play()
        saved = self._snapshot()
        if (self._amend(index, play=card) and (seat in (None, move.action["by"]) or self._reseat(index, seat))
                and explains()):
            self._mark_twins(self.last_play()[0])
            return True
        self._restore(saved)
        return False

    def _mark_twins(self, *indices: int | None) -> None:
        """The plays at ``indices`` (None: none) marked as interceptions where each lies on its
        identical twin, and not where not: after a play was read again as another card."""
        for index in indices:
            if index is not None:
                before, move = self._play_before(index), self.moves[index]
                move.intercept = before is not None and before.action["play"] == move.action["play"]

    def _snapshot(self) -> tuple[list[Move], dict]:
        """The moves and the move each question is about, for ``_restore`` after a trial."""
        return list(self.moves), {qid: question["_move"] for qid, question in self.questions.items()}

    def _restore(self, snapshot: tuple[list[Move], dict]) -> None:
        """The round as ``_snapshot`` saw it: an amend undone this way keeps the move's choices (an
        amend back to the card would have dropped those another kind has not)."""
        moves, pointed = snapshot
        self._rebuild(moves)
        for qid, question_move in pointed.items():
            self.questions[qid]["_move"] = question_move

    def _landing_start(self, index: int) -> int:
        """The index of the first of the moves that the landing of the move at ``index`` implied (a
        victim's accept, a draw and a pass before it): those before it stand whoever laid the card."""
        start, source = index, self.moves[index].source
        while (start > 0 and self.moves[start - 1].source == source
               and "reveal" not in self.moves[start - 1].action):
            start -= 1
        return start

    def _reseat(self, index: int, seat: int) -> bool:
        """Read the play at ``index`` again as ``seat``'s, with the moves its landing implied."""
        move = self.moves[index]
        start = self._landing_start(index)
        saved = list(self.moves)
        self._rebuild(saved[:start])
        readings = self._readings(move.source, move.action["play"], None, move.t, move.reach)
        readings = [r for r in readings if r[0] == seat]
        self._rebuild(saved)
        if not readings:
            return False
        _, actions, intercept = readings[0]
        actions = [dict(a) for a in actions]
        for key in ("colour", "villain", "shake"):
            if key in move.action:
                actions[-1][key] = move.action[key]
        if move.action.get("last") not in (None, move.action["by"]):
            actions[-1]["last"] = move.action["last"]  # a last hand seen, not the player guessed
        new = [
            Move(
                a,
                move.source,
                move.t,
                inferred="play" not in a,
                intercept=intercept and "play" in a,
                reach=move.reach if "play" in a else None,
                arm=move.arm if "play" in a else None,
                confidence=move.confidence if "play" in a else None,
                alternatives=move.alternatives if "play" in a else [],
            )
            for a in actions
        ]
        try:
            self._replace(start, index - start + 1, new)
        except IllegalAction:
            return False
        self._repoint(move, new[-1])
        return True

    def _on_moved(
        self, seq: int, t: float, pile: str, villain: str, to: str, under: str | None = None,
        hint: int | None = None
    ) -> None:
        """R-SHAKE: a top villain moved onto another pile after a shake is a move, not a trophy.
        The cards it shows (the moved one, the one uncovered) are known before its defeat check."""
        self.reached.pop(pile, None)
        if self.game is None:
            self.tops[to], self.tops[pile] = villain, under
            return
        last = self.last_play()
        if last is not None and cards.parse(last[1].action["play"]).kind != "shake":
            self._read_last_play_as_shaker(seq, t, pile, to)
            last = self.last_play()
        if last is None or cards.parse(last[1].action["play"]).kind != "shake" or "shake" in last[1].action:
            self._flag(
                seq,
                t,
                f"{texts.card_ru(villain)} переложили без Перетряса",
                f"{texts.card_en(villain)} moved without a shaker",
            )
            return
        index, move = last
        self._reseat_by_mover(index, hint)
        index, move = self.last_play()
        if not self._amend(index, shake=[pile, to]):
            self._flag(seq, t, "Перетряс так невозможен", f"a shake from {pile} onto {to} is impossible here")
            return
        moved, uncovered = self._shaken_origins(index, pile)
        learned = {o: c for o, c in ((moved, villain), (uncovered, under)) if o and c and o not in self.deep}
        if learned:
            # R-SHAKE: the defeat check comes after the move; it must know the cards the move shows.
            self.deep.update(learned)
            moves = list(self.moves)
            try:
                self._rebuild(moves)
            except IllegalAction:
                for origin in learned:
                    del self.deep[origin]
                self._rebuild(moves)
        self._note(
            seq,
            t,
            "move",
            f"{texts.PILE_RU[pile]} → {texts.PILE_RU[to]}: {texts.card_ru(villain)}",
            f"{texts.card_en(villain)} moved from {pile} onto {to}",
        )

    def _shaken_onto(self, seq: int, t: float, pile: str, event: dict) -> bool:
        """R-SHAKE, R-ADV-SETUP: a villain seen taken off ``pile`` after a Shaker that has moved
        nothing yet, uncovering a villain that pile was not dealt and does not hold, which another
        pile shows on top: that villain was moved onto this pile and covered its top (simulated game
        755: the big pirates shaken onto the aliens, another big pirate under them). The camera saw
        no change on the pile it came from, so an identical villain lay under it there. Read as that
        move (``_on_moved``): True."""
        under, last = event.get("under"), self.last_play()
        if self.game is None or last is None or not isinstance(under, str):
            return False
        move = last[1]
        if cards.parse(move.action["play"]).kind != "shake" or "shake" in move.action:
            return False
        if (under in _dealt_villains(self.config.edition).get(pile, frozenset())
                or under in self.game.villains.get(pile, ()) or under in self.moved_onto[pile]):
            return False
        sources = [other for other in PILES if other != pile and self.game.villains.get(other)
                   and self.game.villains[other][0] == under and self._shake_allowed(other, pile)]
        if len(sources) != 1:
            return False
        self.moved_onto[pile].add(under)
        self._on_moved(seq, t, sources[0], under, pile, under, self._hint(event))
        return True

    def _reseat_by_mover(self, index: int, hint: int | None) -> None:
        """R-SHAKE: the Shaker's player moves the villains. A Shaker whose seat nobody told, moved by
        another seat's arm, is that seat's where the rules allow it: as it lies, or after a number
        card of the seat to move that the camera did not see (``_missed_before``)."""
        move = self.moves[index]
        if (hint is None or hint == move.action["by"] or move.source in self.overrides.fixes
                or self._told_about(move) or move.intercept):
            return
        if self._reseat(index, hint):
            self.last_play()[1].confirmed = list(move.confirmed)
            return
        self._reseat_after_unseen(index, hint)

    def _reseat_after_unseen(self, index: int, seat: int, fits=None, *, note: bool = True) -> bool:
        """The play at ``index`` read again as ``seat``'s after a number card the seat to move laid
        unseen (``_quiet_unseen``), the one that wins the fewest villains first (a trophy is taken at
        once, R-ADV-5), the first for which ``fits()`` holds: noted (unless not ``note``: a trial).
        False, nothing changed, when there is none."""
        move = self.moves[index]
        saved = self._snapshot()
        self._rebuild(self.moves[:index])
        before = self.game
        found = [actions for actions, _ in self._quiet_unseen(
            self._unseen_before(before, move.source, move.action["play"]), before, fewest_wins=True)
            if actions[-1]["by"] == seat]
        self._restore(saved)
        for actions in found:
            unseen = [Move(a, move.source, move.t, inferred=True) for a in actions[:-1]]
            # the arm seen as it landed was the unseen card's layer's
            again = replace(move, action=actions[-1], inferred=True, reach=None,
                            confirmed=list(move.confirmed), defeated=[], stolen=[])
            try:
                self._replace(index, 1, unseen + [again])
            except IllegalAction:
                continue
            if fits is None or fits():
                self._repoint(move, self.moves[index + len(unseen)])
                if note:
                    self._note_unseen(move.source, move.t, actions[-2]["play"])
                return True
            self._restore(saved)
        return False

    def _read_last_play_as_shaker(self, seq: int, t: float, pile: str, to: str) -> None:
        """R-SHAKE: a villain moved after a card read unsure, not told, that a Shaker of its colour
        could be: only a Shaker moves villains, so the card was one (its picture read as another card
        of its colour, or as the twin of the card under it). The log tells it."""
        move = self.last_play()[1]
        card, colour = move.action["play"], _card_colour(move.action["play"])
        shaker = f"{colour}-shake" if colour is not None else None
        if (shaker is None or shaker not in EDITIONS[self.config.edition].playable_codes
                or move.confidence is None or move.confidence >= UNSURE_READING
                or self._card_told(move.source) or move.source in self.overrides.fixes):
            return
        seat = self._reach_seat(move.arm)

        def explains() -> bool:
            return self._shake_allowed(pile, to)

        # the seat whose arm laid it, else the seat the card was given to
        if ((seat is not None and self._read_last_play_as(shaker, explains, seat))
                or self._read_last_play_as(shaker, explains)):
            self._note_misread(seq, t, card, shaker, ": злодея переложили", ": a villain moved")

    def _shake_allowed(self, pile: str, to: str) -> bool:
        """Whether the last play, a Shaker, may move the top villain of ``pile`` onto ``to``."""
        saved = self._snapshot()
        if self._amend(self.last_play()[0], shake=[pile, to]):
            self._restore(saved)
            return True
        return False

    # ------------------------------------------------------------------ the deck

    def _on_drawn(
        self, seq: int, t: float, reach: float | None = None, arrivals: list | None = None,
        over: str | None = None, cover: float | None = None, first_cover: float | None = None,
    ) -> None:
        """A hand reached into the deck: a draw, a slap's hands, or a slap's loser taking its two cards.

        ``arrivals`` are the arms that reached the deck, in the order they came (the reach watcher's):
        right after a slap or a steal they are everyone slapping, and the last one is the last hand's
        when they are one per seat (``_slapped_last``). ``over``: a villain pile the same arm was over
        at the same time (the reach watcher's). ``cover``: how long the deck was covered before;
        ``first_cover``: since the first of several hands came over it (the watcher's ``first_covered``)."""
        if self.game is None:
            return
        first_cover = cover if first_cover is None else first_cover
        if self._slapped_for_twin(t, arrivals, cover):
            return
        if t > self.slap_until and self._slapped_without_slapper(seq, t, arrivals, first_cover):
            return
        if t <= self.slap_until:
            # Everyone slaps the deck right after the card (R-SLAP, R-STEAL): the first reach there is
            # theirs, however many of the arms the camera told apart; after a player's last card too.
            self.slap_until = float("-inf")
            if not self._slap_read_as_grab(seq, t, reach, arrivals):
                if arrivals:
                    self._last_hand(list(arrivals), slapped=True)
                self.slapped = (t, len(self.moves))
                return
        if self._slapped_again(t, arrivals, first_cover):
            return  # the slap's hands still, the deck seen bare for a moment among them: no draw
        if self.finished:
            return
        if t <= self.absorb_until:
            self.absorb_until = float("-inf")
            if reach is not None:
                self._last_hand(reach, slapped=False)
            return
        if (self._took_before_landing(t, reach, cover) or self._drew_before_landing(seq, t, reach, cover)
                or self._victim_reached_again(t, reach)):
            return
        reach = self._drawers_arm(reach, arrivals, over)
        self._read_again_told(seq, None, self._reach_seat(reach))
        self._infer_interceptor_by_draw(seq, t, reach)
        self._reseat_by_next_arm(self._reach_seat(reach), _draws_next)
        self._two_plays_told(self._reach_seat(reach), _draws_next)
        self.maybe_two = None
        state = self._state()
        turn = state["turn"]
        pending = state["pending"]
        arm_seat = self._reach_seat(reach)
        sure = True
        if pending is not None and pending["victim"] == turn:
            actions = [{"by": turn, "accept": True}]  # R-TRANSFER-3: the victim draws the stack
            after = self._after(actions)
            if not pending["cards"]:  # R-SNORE: nothing to draw, so the reach is the next seat's draw
                actions.append({"by": after, "draw": True})
                sure = False
            elif (after is not None and after != turn and arm_seat == after
                  and turn not in self._arrival_seats(arrivals)):
                # The arm is the next seat's: the victim took its cards unseen (a hand already over
                # the deck), and the next seat drew. Not when the victim's arm came to the deck first:
                # the next seat's arm passed it on its way to the pile.
                actions.append({"by": after, "draw": True})
            elif (after is not None and after != turn and self._long_cover(cover)
                  and self._came_in_order(arrivals, turn, after)):
                # The deck covered long, the victim's arm and then the next seat's: two reaches seen
                # as one, the victim's cards and the next seat's draw (simulated game 618)
                actions.append({"by": after, "draw": True})
        elif state["drawn"] is not None:
            after = self._after([{"by": turn, "pass": True}])
            actions = [{"by": turn, "pass": True}, {"by": after, "draw": True}]  # R-TURN-2
            sure = False
        else:
            actions = [{"by": turn, "draw": True}]
            if self.overrides.inferred.get(f"q{seq}-{MISSED_BEFORE}") == DREW:
                actions = self._drew_before_draw() or actions
            elif not self._crossed_deck(seq, arm_seat, over, turn):  # a crossing asks nothing
                actions = self._missed_before_draw(seq, t, reach) or actions
        if self._crossed_deck(seq, arm_seat, over, actions[-1]["by"]):
            self._note_crossing(seq, t, "deck", over if over in PILES else None)
            if arm_seat is not None:
                self.crossing = (seq, arm_seat)
            return
        if not self._trial(actions):
            self._flag(seq, t, "Взяли карту из колоды не в свой ход", "A card was drawn out of turn")
            return
        for action in actions:
            twin = action.get("play") == self.game.top  # identical on identical (R-INTERCEPT-1)
            self._push(Move(action, seq, t, inferred=True, intercept=twin,
                            arm=reach if action is actions[-1] else None))
            kind, ru, en = texts.describe_action(action, self.players)
            self._note(seq, t, kind, ru, en)
        self.effective.append(seq)
        self.draw_t, self.draw_reach = t, self._own_reach(reach, actions[-1]["by"])
        if sure:
            self._learn_reach(reach, actions[-1]["by"])
        if self.finished:
            self._ask_round_end(seq, t)

    def _drawers_arm(self, reach: float | None, arrivals: list | None, over: str | None) -> float | None:
        """The place of the arm that drew: the first arm that came to the deck (``reach``), or the arm
        of the seat the rules expect to draw (``_drawer``) when it came too, after another seat's arm that
        passed over the deck on its way to a villain pile (game 557: taken for the first arm's seat's
        draw, it had the seat before lay a card unseen). Not when that first arm was over a villain pile
        then: it crossed the deck, and so may the drawer's arm on its way to the discard pile (game 393).
        Nor when the first arm is at no seat's place: a seat's place is learned from its arm, and that
        arm may be the drawer's own (game 397, a grab's victim at the round's start)."""
        drawer, first = _drawer(self.game), self._reach_seat(reach)
        if drawer is None or over in PILES or first in (None, drawer):
            return reach
        own = self._arrival_of(arrivals, drawer)
        return own if own is not None else reach

    def _slapped_without_slapper(self, seq: int, t: float, arrivals: list | None,
                                 cover: float | None) -> bool:
        """Every seat's arm reaching into the deck when no slap is due says a Slapper or a Stealer was
        laid (only those make every hand reach the deck, R-SLAP, R-STEAL), the twin of the one the last
        play lies on or is (R-INTERCEPT-1), and the reach is its slap.
        - The last play, read unsure as another card, on a Slapper or a Stealer whose slap was seen: it
          was that card's twin. The round is to be derived again with it (``told_later``), and True
          is returned (game 480: a red Slapper's twin read as a Snorer).
        - The last play a Slapper or a Stealer whose slap was seen: its twin was laid unseen, exactly
          on it, and is laid now, by the seat the interception rule ranks first, asked; the reach is
          then handled as its slap (game 419: taken for the next seat's draw, it left that seat a card
          over).
        Never while no copy of it is left."""
        last = self.last_play()
        if (last is None or self.finished or not self._everyone(arrivals)
                or self._slapped_again(t, arrivals, cover)):
            return False
        index, move = last
        card = move.action["play"]
        if cards.parse(card).kind not in SLAPPING:
            before = self._play_before(index)
            twin = before.action["play"] if before is not None else None
            qid = f"q{move.source}-{SLAPPED_AS}"
            if (twin is None or cards.parse(twin).kind not in SLAPPING or move.confidence is None
                    or self.slapped is None or self.slapped[0] < before.t  # (its own slap not seen yet)
                    or move.confidence >= UNSURE_READING or self._told_about(move)
                    or qid in self.overrides.inferred or not self._copy_left(self.game, twin)):
                return False
            self.told_later[qid] = twin
            return True
        if self.slapped is None or self.slapped[0] < move.t or not self._copy_left(self.game, card):
            return False
        self._note(seq, t, "passing",
                   f"Все снова хлопнули по колоде: вторая {texts.card_ru(card)} легла незаметно",
                   f"Everyone slapped the deck again: the twin of {texts.card_en(card)} was laid unseen")
        self._on_landed(seq, t, card, None, None)  # it makes this reach its slap (``slap_until``)
        return False

    def _slapped_for_twin(self, t: float, arrivals: list | None, cover: float | None) -> bool:
        """Whether every seat's arm reaching into the deck after a slap, with no move since, tells that
        the landing taken meanwhile for the top read again (``slap_reread``, a Slapper or a Stealer)
        was its twin laid (R-INTERCEPT-1): the hands came to the deck only once that card lay, as they
        come after a card that makes everyone slap (R-SLAP, R-STEAL). The round is derived again with
        it (``told_later``), so the landing is a play and this reach its slap (game 399: a Stealer's
        twin, laid by its player's arm while the others' hands were on the deck)."""
        if (self.slap_reread is None or self.slapped is None or len(self.moves) != self.slapped[1]
                or cover is None):
            return False
        seq, landed = self.slap_reread
        if (landed < self.slapped[0] or t - cover < landed
                or not self._everyone(arrivals)):
            return False
        self.told_later[f"q{seq}-{SLAPPED_TWIN}"] = True
        return True

    def _slapped_again(self, t: float, arrivals: list | None, cover: float | None) -> bool:
        """Whether a reach into the deck soon after the slap (R-SLAP, R-STEAL), with no move since, came
        with every seat's arm: the slapping hands, seen in two reaches, not a draw (one arm draws). So
        too with the arms of two seats or more, the deck bare a moment between (simulated game 811:
        two of the three hands seen again 0.07 s after the slap). Not when the deck lay bare longer
        than SLAP_SPLIT_S between them (``cover``: how long this reach covered it, since its first
        hand came): the hands came again."""
        if self.slapped is None or t > self.slapped[0] + ABSORB_S or len(self.moves) != self.slapped[1]:
            return False
        if cover is not None and t - cover > self.slapped[0] + SLAP_SPLIT_S:
            return False
        if cover is not None and t - cover <= self.slapped[0] + SLAP_GLIMPSE_S:
            return len(self._arrival_seats(arrivals) - {None}) >= 2
        return self._everyone(arrivals)

    def _everyone(self, arrivals: list | None) -> bool:
        """Whether every seat's arm came to the deck (``arrivals``): everyone slapping it."""
        return len(self._arrival_seats(arrivals) - {None}) >= self.config.n

    def _arrival_seats(self, arrivals: list | None) -> set[int | None]:
        """The seats whose places the arms that came to the deck were at (None for an arm at none)."""
        return set(self._seats_of(arrivals or [])[0])

    def _came_in_order(self, arrivals: list | None, first: int, then: int) -> bool:
        """Whether an arm at ``first``'s place came to the deck (``arrivals``), and one at ``then``'s
        after it."""
        seats = self._seats_of(arrivals or [])[0]
        return first in seats and then in seats[seats.index(first) + 1:]

    def _arrival_of(self, arrivals: list | None, seat: int) -> float | None:
        """The place of the first arm that came to the deck at ``seat``'s place, or None."""
        centres = self._seat_places()
        return next((place for place in arrivals or [] if self._reach_seat(place, centres) == seat), None)

    def _crossed_deck(self, seq: int, arm_seat: int | None, over: str | None, drawer: int) -> bool:
        """Whether the reach into the deck of entry ``seq``, by ``arm_seat``'s arm (None: not placed), was
        no draw but another seat's arm reaching across it: an arm not ``drawer``'s, over a villain pile
        at the same time, or seen laying the next card where only a seat that drew nothing then could
        (``_crossing_told``)."""
        return arm_seat not in (None, drawer) and (
            over in PILES or bool(self.overrides.inferred.get(f"q{seq}-{CROSSED}")))

    def _slap_read_as_grab(self, seq: int, t: float, reach: float | None, arrivals: list | None) -> bool:
        """Whether the last play, a Slapper read unsure with a Grabber weighed, was that Grabber: the
        reach into the deck after it is not everyone's (fewer arms than seats, each placed) but the
        arm of the seat the Grabber makes take its cards (R-GRAB). The card is read again so (told in
        the log), and the reach is that seat's."""
        last = self.last_play()
        if last is None:
            return False
        move = last[1]
        seats = self._arrival_seats(arrivals)
        victim = self._reach_seat(reach)
        if (victim is None or cards.parse(move.action["play"]).kind != "slap" or move.confidence is None
                or move.confidence >= UNSURE_READING or self._card_told(move.source)
                or None in seats or len(seats) >= self.config.n):
            return False

        def explains() -> bool:
            pending = self._state()["pending"]
            return (cards.parse(self.last_play()[1].action["play"]).kind == "grab"
                    and pending is not None and pending["victim"] == victim)

        if not self._weighed_instead(seq, t, explains, "", " (one arm took the cards)"):
            return False
        self.absorb_until = float("-inf")  # no slap's two cards to come
        self._close(f"q{move.source}-last-hand", "inferred")
        return True

    def _took_before_landing(self, t: float, reach: float | None, cover: float | None) -> bool:
        """Whether a reach into the deck is a penalty's victim taking its cards (R-TRANSFER-3) that the
        last card's landing already told (the victim's accept inferred from the turn order): the deck
        was covered before that card landed, and the arm is the victim's."""
        if cover is None or len(self.moves) < 2:
            return False
        accept, landing = self.moves[-2], self.moves[-1]
        return bool(accept.inferred and accept.action.get("accept") and "play" in landing.action
                    and t - cover < landing.t and self._reach_seat(reach) == accept.action["by"])

    def _victim_reached_again(self, t: float, reach: float | None) -> bool:
        """Whether a reach into the deck right after a penalty's victim took its cards (R-TRANSFER-3),
        nothing moved since, is the victim's arm again, another seat being to move: the camera saw one
        take of the stack as two reaches. Not the next seat's draw: that seat's arm draws."""
        if not self.moves:
            return False
        accept = self.moves[-1]
        victim = accept.action.get("by")
        return bool(accept.action.get("accept") and t - accept.t <= ABSORB_S
                    and self._reach_seat(reach) == victim and victim != self._state()["turn"])

    def _drew_before_landing(self, seq: int, t: float, reach: float | None, cover: float | None) -> bool:
        """Whether a reach into the deck, told after the last card landed though the deck was covered
        before that card's pile was (the camera settles a draw late, waiting for other arms), was the
        draw of the seat to move before it, kept (R-TURN-2): another arm laid the card, given to the
        seat to move by the turn order alone, and the rules let the next seat lay it then. The landing
        is read again so (its "missed-before" inferred ``DREW``, ``told_later``); read again, the
        reach is that draw, seen late."""
        if self.overrides.inferred.get(f"q{seq}-{DRAWN_FIRST}"):
            drawer = next((m.action["by"] for m in reversed(self.moves) if m.action.get("draw")), None)
            self._learn_reach(reach, drawer)
            return True
        last = self.last_play()
        if cover is None or self.landed_covered is None or last is None or last[0] != len(self.moves) - 1:
            return False
        index, move = last
        qid = f"q{move.source}-{MISSED_BEFORE}"
        if (self.landed_covered <= t - cover or same_arm(reach, move.arm) is not False
                or move.intercept or self._told_about(move) or qid in self.overrides.inferred
                or self.answer_for(qid) is not None):
            return False
        saved = list(self.moves)
        self._rebuild(saved[:self._landing_start(index)])
        drawer = self.game.turn
        drew = self._drew_then(self.game, move.source, move.action["play"])
        self._rebuild(saved)
        if drew is None or self._reach_seat(reach) not in (None, drawer):
            return False
        self.told_later[qid] = DREW
        self.told_later[f"q{seq}-{DRAWN_FIRST}"] = True
        return True

    def _missed_before_draw(self, seq: int, t: float, reach: float | None) -> list[dict] | None:
        """A reach into the deck by the arm of a seat that would move only had the seat to move laid a
        card the camera missed: the table is asked (``missed-before``, "none" by default). Told a card,
        the actions are that card, then the reach as the rules then expect it (``_reach_by``: a draw, or
        a Grabber's victim taking its cards); told a twin (another seat intercepted the top unseen,
        R-INTERCEPT-1), that twin, then the draw. When the reach is the next seat's, the seat to move
        having drawn unseen and kept the card (R-TURN-2, ``DREW``) is taken until the table says
        otherwise: those actions."""
        turn, seat = self.game.turn, self._reach_seat(reach)
        if seat is None or seat == turn or len(self._seat_places()) < self.config.n:
            return None
        qid = f"q{seq}-{MISSED_BEFORE}"
        told = self.answer_for(qid)
        if isinstance(told, str) and told.startswith((UNSEEN, TWIN)):
            if told.startswith(TWIN):
                actions = self._twins_then(self.game, seq, cards.BACK, drawer=seat).get(int(told[len(TWIN):]))
            else:
                named = parse_unseen(told, EDITIONS[self.config.edition].playable_codes)
                actions = None if named is None else self._chain_before_reach(named[0], seat)
            if actions is not None:
                return actions
            self._flag(seq, t, "Названная карта не могла лечь перед этим",
                       "The card told cannot have been laid before this draw")
            return None
        if told not in (None, DREW):
            return None  # "none": the turn order's draw
        kept = self._drew_before_draw()
        kept = kept if kept is not None and kept[-1]["by"] == seat else None
        if told == DREW:
            return kept
        codes = self._unseen_before_draw(seat)
        twins = self._twins_then(self.game, seq, cards.BACK, drawer=seat)
        if codes or twins or kept:
            # The seat to move drawing unseen is likelier than a card laid unseen: that card would have
            # changed the top, and a draw is a hand in the deck zone, often among other hands there
            # (simulated game 100: the draw right after a Stealer's slap, under its hands).
            self._ask_missed_before(seq, t, cards.BACK, turn, codes, twins, DREW if kept else None,
                                    drawer=seat, drew=kept is not None)
        return kept

    def _chain_before_reach(self, chain: list[str], seat: int) -> list[dict] | None:
        """The cards of ``chain`` laid unseen in turn (``_lay_unseen``), the last one by the seat to move
        then (``_play_before_draw``), and a reach into the deck by ``seat`` as the rules then expect it
        (``_reach_by``): the actions, or None when the rules refuse them."""
        *first, last = chain
        for laid, game in _lay_unseen(self.game, first, last):
            action = self._play_before_draw(last, game)
            probe = None if action is None else _pushed(game, [action])
            reach_then = None if probe is None else _reach_by(probe, seat)
            if reach_then is not None:
                return [*laid, action, *reach_then]
        return None

    def _drew_before_draw(self) -> list[dict] | None:
        """The seat to move drew a card unseen and kept it (``_kept_unseen``), then the next seat drew:
        the actions, or None when the rules refuse them."""
        kept = self._kept_unseen(self.game)
        if kept is None:
            return None
        draw = {"by": kept[1].turn, "draw": True}
        return kept[0] + [draw] if kept[1].is_legal(draw) else None

    def _crossing_drew_told(self, seq: int, card: str, hint: int | None) -> None:
        """The reach into the deck since the last card, taken for an arm crossing it on its way to a
        villain pile (``crossing``), when the next card (no twin) is laid by that arm, whose seat may not
        lay it now but may had the seat to move drawn a card unseen and kept it, and that arm drawn:
        it drew (its "missed-before" inferred ``DREW``, ``told_later``), after the unseen draw."""
        if self.crossing is None or card == self.game.top:
            return
        source, seat = self.crossing
        qid = f"q{source}-{MISSED_BEFORE}"
        if seat != hint or self._lays_next(self.game, seq, seat, card) or qid in self.overrides.inferred:
            return
        if self.answer_for(qid) is not None:
            return
        actions = self._drew_before_draw()
        probe = None if actions is None else _pushed(self.game, actions)
        if probe is not None and actions[-1]["by"] == seat and self._lays_next(probe, seq, seat, card):
            self.told_later[qid] = DREW

    def _play_before_draw(self, code: str, game: Game | None = None) -> dict | None:
        """The seat to move's play of ``code``, laid unseen before a reach into the deck, as the rules
        allow it now (on ``game``, a probe, when given); None when they do not, or for a Polypig
        (nothing tells the colour it named)."""
        game = game or self.game
        if code == POLY:
            return None
        return next((action for action in self._with_choices({"by": game.turn, "play": code})
                     if game.is_legal(action)), None)

    def _unseen_before_draw(self, drawer: int) -> list[str]:
        """Cards that, laid unseen by the seat to move, make the next reach into the deck ``drawer``'s
        (``_reach_by``), the likeliest first."""
        top = cards.parse(self.game.top)
        found = []
        for code in EDITIONS[self.config.edition].playable_codes:
            if cards.parse(code).kind in UNSEEN_SKIPPED:
                continue
            action = self._play_before_draw(code)
            probe = None if action is None else _pushed(self.game, [action])
            if probe is not None and _reach_by(probe, drawer) is not None:
                found.append(code)
        return sorted(found, key=lambda code: _unseen_likeness(code, top))[:UNSEEN_OPTIONS]

    def _last_hand(self, seen, *, slapped: bool) -> None:
        """The last play's last hand seen (R-SLAP, R-STEAL): ``slapped``, the arms that slapped the deck
        (places on the border, in the order they came: the last one is the last hand), else the place
        of the arm that drew a slap's two cards (the last hand's owner's). Kept until the seats' places
        say whose arms they were."""
        last = self.last_play()
        if last is None:
            return
        index, move = last
        qid = f"q{move.source}-last-hand"
        kind = cards.parse(move.action["play"]).kind
        if kind not in SLAPPING or (not slapped and kind != "slap"):
            return  # a steal's last hand draws nothing (R-STEAL): a draw after it is not the last hand's
        if qid in self.questions:
            self.last_hands.setdefault(qid, (seen, slapped))
            self._settle_last_hands()
        elif not slapped and self.answer_for(qid) is None and self._inferred(qid):
            # The order the slapping arms seemed to come in told it; the arm that draws the two
            # cards tells it better (a slapper's arm already out over the table is seen arriving late).
            seat = self._reach_seat(seen)
            if seat is not None and move.action.get("last") != seat and not self._drew_eight(move, seat):
                self._amend(index, last=seat)

    def _drew_eight(self, move: Move, seat: int) -> bool:
        """Whether a draw by ``seat`` after ``move`` is the eight cards of a player who went out with
        it (R-ADV-7), not a slap's two (the last hand may be anyone's)."""
        if seat != move.action["by"]:
            return False
        # The player went out with it: asked "went out?" (`_after_play`), or told so; not told "no".
        qid = f"q{move.source}-went-out"
        answer = self.answer_for(qid)
        return answer is True or (answer is None and qid in self.asked
                                  and self.asked[qid].get("resolved") != NOT_LAST_CARD)

    def _inferred(self, qid: str) -> bool:
        """Whether a question was asked and then closed from what the camera saw (not told, not answered)."""
        return self.asked.get(qid, {}).get("resolved") == "inferred"

    def _slapped_last(self, places: list[float], player: int) -> int | None | bool:
        """The seat whose arm slapped the deck last: one arm per seat seen, a place at no seat's (a thing
        at the border, not an arm) left out. None while a place's seat is not known yet; False when
        the arms cannot tell (one missed or seen twice: which came last is not sure; or the last one
        is the arm of the ``player`` who played the card: out over the table already from laying
        it, that arm is seen coming only when it starts to move, whenever it slapped)."""
        n = self.config.n
        seats, placed = self._seats_of(places)
        if None in seats and not placed:
            return None
        seats = [seat for seat in seats if seat is not None]
        if len(seats) != n or len(set(seats)) != n or seats[-1] == player:
            return False
        return seats[-1]

    def _seats_of(self, places: list[float]) -> tuple[list[int | None], bool]:
        """The seat of each arm's place (None: at no seat's, or not known yet), and whether every seat's
        place is known (a place at none is then no arm)."""
        centres = self._seat_places()
        return [self._reach_seat(place, centres) for place in places], len(centres) == self.config.n

    def _guess_last_hand(self, question: dict, places: list[float]) -> None:
        """Arms on the deck that cannot tell the last hand for sure (one missed, one seen twice):
        the last of them that is not the card's player's is the guess, still asked. The player's own
        arm is the one most often missed (out over the table already), and the player, quickest to
        slap, is seldom the last hand."""
        move = question["_move"]
        player = move.action["by"]
        others = [seat for seat in self._seats_of(places)[0] if seat not in (None, player)]
        index = self._index_of(move)
        if not others or index is None or move.action.get("last") == others[-1]:
            return
        if self._amend(index, last=others[-1]):
            question["default"] = others[-1]

    def _settle_last_hands(self) -> None:
        """Last hands seen whose seat is now known: their plays amended, their questions closed."""
        for qid, (seen, slapped) in list(self.last_hands.items()):
            question = self.questions.get(qid)
            player = question["_move"].action["by"] if question is not None else None
            seat = self._slapped_last(seen, player) if slapped else self._reach_seat(seen)
            if question is not None and seat is None:
                continue  # not yet known whose place that is
            if question is not None and not slapped and self._drew_eight(question["_move"], seat):
                seat = False  # the player's own eight cards (R-ADV-7): no word on the last hand
            del self.last_hands[qid]
            if question is not None and seat is False and slapped:
                self._guess_last_hand(question, seen)
            if question is None or seat is False:
                continue  # answered by the table meanwhile, or the arms cannot tell
            index = self._index_of(question["_move"])
            if index is None:
                continue
            if self.moves[index].action.get("last") != seat:
                if not self._amend(index, last=seat):
                    continue
                if index < len(self.moves) - 1 and qid not in self.overrides.inferred:
                    # moves since were read with the other last hand's hand counts (villains taken
                    # that the rules could not explain then): the round is derived again with it
                    self.told_later[qid] = seat
            self._close(qid, "inferred")

    # ------------------------------------------------------------------ manual entries

    def _on_manual(self, seq: int, t: float, action: dict, *, live: bool) -> None:
        if "start" in action:
            if self.game is not None:
                return self._refuse(
                    seq, t, TableError("bad-request", "the round has its starting card already"), live
                )
            self._start(seq, t, action["start"], told=True)
            return
        if "villain" in action and "card" in action and "play" not in action:
            if self.game is None:
                self.tops[action["villain"]] = action["card"]
            else:
                self._reveal(seq, t, action["villain"], action["card"])
            self.effective.append(seq)
            return
        if self.game is None:
            return self._refuse(
                seq,
                t,
                TableError("no-start", 'the round has no starting card yet: send {"start": CODE} first', 409),
                live,
            )
        fix = self.overrides.fixes.get(seq)
        if fix is not None and "play" in action:
            action = {
                **action,
                **({"by": fix["by"]} if "by" in fix else {}),
                **({"play": fix["card"]} if "card" in fix else {}),
            }
        try:
            action_form(action, self.config.edition, self.config.n)
        except IllegalAction as exc:
            return self._refuse(seq, t, exc, live)
        count_before = len(self.game.hands[action["by"]]) if "play" in action else 0
        try:
            self._push(Move(dict(action), seq, t))
        except IllegalAction as exc:
            self.errors[seq] = exc
            return self._refuse(seq, t, exc, live)
        kind, ru, en = texts.describe_action(action, self.players)
        self._note(seq, t, kind, ru, en)
        self._note_trophies(seq, t, self.moves[-1])
        self.effective.append(seq)
        if "play" in action:
            self._after_play(seq, t, self.moves[-1], count_before, told=True)
        elif self.finished:
            self._ask_round_end(seq, t)

    def _refuse(self, seq: int, t: float, exc: Exception, live: bool) -> None:
        if live:
            raise exc
        message = getattr(exc, "message", str(exc))
        self._flag(seq, t, f"Не применено: {message}", f"Not applied: {message}")

    # ------------------------------------------------------------------ the table log

    def table_log(self) -> dict:
        """What ``companion run --headless`` writes: the plays, the trophies, the questions."""
        plays, taken = [], []
        for move in self.moves:
            action = move.action
            if "play" in action:
                plays.append(
                    {"t": move.t, "by": action["by"], "card": action["play"], "intercept": move.intercept}
                )
            for pile, villain in move.defeated:
                taken.append({"t": move.t, "by": action.get("by"), "villain": villain, "pile": pile})
        state = self.game.state() if self.game else None
        return {
            "edition": self.config.edition,
            "players": list(self.players),
            "start": self.start_card,
            "plays": plays,
            "taken": taken,
            "trophies": state["trophies"] if state else [[] for _ in self.players],
            "hand_counts": self.hand_counts(),
            "finished": bool(state and state["finished"]),
            "winners": state["winners"] if state else [],
            "questions": list(self.asked.values()),
            "actions": [m.action for m in self.moves],
            "record": to_record(self.game) if self.game else None,
        }


class MatchTracker:
    """A match: its rounds, the current round's tracker, the score. A fold over the match's log."""

    def __init__(self, match_id: int, config: MatchConfig):
        self.match_id = match_id
        self.config = config
        self.rounds: list[dict] = []  # finished rounds: {"number", "dealer", "winner", "left", "record"}
        self.entries: list[tuple[int, dict]] = []  # the current round's entries
        self.next_seq = 0
        self.abandoned = False
        self.round = RoundTracker(config, 1, config.dealer)

    @property
    def finished(self) -> bool:
        return self.score()["finished"]

    @property
    def status(self) -> str:
        if self.finished:
            return "finished"
        if self.abandoned:
            return "abandoned"
        return "round-over" if self.round.finished else "playing"

    def prepare(self, entry: dict) -> dict:
        """Fill in what an entry needs before it is applied (an undo's target, a fix's source)."""
        kind = entry["kind"]
        if self.finished and kind != "event":
            raise TableError("match-finished", "the match is over; start a new one", 409)
        if kind == "undo":
            ignored = self.round.overrides.ignored
            targets = [s for s in self.round.effective if s not in ignored]
            targets = [s for s in targets if self._entry(s).get("kind") != "undo"]
            if not targets:
                raise TableError("nothing-to-undo", "nothing left to undo in this round", 409)
            return {**entry, "target": targets[-1]}
        if kind == "fix":
            moves = self.round.moves
            index = entry.get("index")
            if index is None:
                last = self.round.last_play()
                if last is None:
                    raise TableError("bad-request", "no play to fix yet")
                index = last[0]
            if not 0 <= index < len(moves) or "play" not in moves[index].action:
                raise TableError("bad-request", f"action {index} is not a play of this round")
            return {**entry, "index": index, "target": moves[index].source}
        return entry

    def _entry(self, seq: int) -> dict:
        return next((e for s, e in self.entries if s == seq), {})

    def apply(self, entry: dict, *, live: bool) -> int:
        """Apply the next entry of the log; returns its number. Live refusals raise."""
        seq = self.next_seq
        kind = entry.get("kind")
        if kind == "round":
            self._end_round(entry, live=live)
        elif kind in ("answer", "fix", "undo"):
            self._correct(seq, entry, live=live)
        else:
            self.entries.append((seq, entry))
            self.round.process(seq, entry, live=live)
            if self.round.told_later:
                self.round = self._derive(self.round.overrides)
        self.next_seq = seq + 1
        return seq

    def _correct(self, seq: int, entry: dict, *, live: bool) -> None:
        overrides = copy.deepcopy(self.round.overrides)
        kind = entry["kind"]
        if kind == "answer":
            qid, value = entry["question"], entry["value"]
            question = next((q for q in self.round.questions.values() if q["id"] == qid), None)
            if question is None:
                if live:
                    raise TableError("stale-question", f"question {qid} is no longer open", 409)
                return
            if question["kind"] == "round-end":
                if live:
                    raise TableError("bad-request", "the round's end is confirmed with POST /api/rounds")
                return
            self._check_answer(question, value)
            overrides.answers[qid] = value
            if question["kind"] == "went-out" and value is False:
                overrides.answers[qid] = False
        elif kind == "fix":
            fix = {k: entry[k] for k in ("by", "card") if entry.get(k) is not None}
            overrides.fixes[entry["target"]] = {**overrides.fixes.get(entry["target"], {}), **fix}
        elif kind == "undo":
            target = entry["target"]
            owner = self._entry(target)
            overrides.ignored.add(target)
            if owner.get("kind") == "answer":
                overrides.answers.pop(owner["question"], None)
            elif owner.get("kind") == "fix":
                overrides.fixes.pop(owner["target"], None)
        self.entries.append((seq, entry))
        rebuilt = self._derive(overrides)
        self.entries.pop()
        if live and kind == "fix" and entry["target"] in rebuilt.errors:
            exc = rebuilt.errors[entry["target"]]
            raise TableError(exc.code, exc.message, 422)
        self.entries.append((seq, entry))
        self.round = rebuilt

    def _check_answer(self, question: dict, value) -> None:
        allowed = [o["value"] for o in question["options"]]
        playable = EDITIONS[self.config.edition].playable_codes
        if question["kind"] == WHICH_CARD:
            ok = value in allowed or (isinstance(value, str) and value in playable)
        elif question["kind"] == "wrong-or-misread":
            ok = value in allowed or (isinstance(value, str) and value in playable) or (
                parse_unseen(value, playable) is not None)
        elif question["kind"] == MISSED_BEFORE:
            ok = value in allowed or parse_unseen(value, playable) is not None
        else:
            ok = any(value == a and type(value) is type(a) for a in allowed)
        if not ok:
            raise TableError(
                "bad-request", f"{value!r} is not an answer to {question['id']}; one of {allowed}"
            )

    def _derive(self, overrides: Overrides) -> RoundTracker:
        """The current round again from its first entry, with these overrides, and again with what
        the camera told later (``RoundTracker.told_later``) until it tells nothing new."""
        previous = self.round
        overrides = copy.deepcopy(overrides)
        while True:
            overrides.inferred.update(previous.told_later)
            fresh = RoundTracker(self.config, previous.number, previous.dealer, overrides)
            for seq, entry in self.entries:
                if entry.get("kind") in ("answer", "fix", "undo"):
                    if seq not in overrides.ignored:
                        fresh.effective.append(seq)
                    fresh.note_correction(seq, entry, undone=seq in overrides.ignored)
                    continue
                fresh.process(seq, entry, live=False)
            if not fresh.told_later.keys() - overrides.inferred.keys():
                fresh.told_later = {}
                return fresh
            previous = fresh

    def _end_round(self, entry: dict, *, live: bool) -> None:
        n = self.config.n
        winner, left = entry.get("winner"), entry.get("left")
        if self.round.game is None or not (self.round.finished or entry.get("force")):
            if live:
                raise TableError(
                    "round-not-over",
                    "the round is still being played; the tracker asks "
                    'when it sees the end (or send "force": true)',
                    409,
                )
            return
        if not (type(winner) is int and 0 <= winner < n):
            raise TableError("bad-request", f"'winner' must be a seat from 0 to {n - 1}")
        if not (
            isinstance(left, list) and len(left) == n and all(type(c) is int and 0 <= c <= 200 for c in left)
        ):
            raise TableError("bad-request", f"'left' must be a list of {n} card counts")
        adventure = EDITIONS[self.config.edition].villains
        if not adventure and left[winner] != 0:
            raise TableError("bad-request", f"the winner ({self.config.players[winner]}) must hold 0 cards")
        self.rounds.append(
            {
                "number": self.round.number,
                "dealer": self.round.dealer,
                "winner": winner,
                "left": list(left),
                "record": to_record(self.round.game),
                "winners": self.round.game.outcome.winners if self.round.game.outcome else [winner],
            }
        )
        if self.finished:
            self.entries = []
            return
        self.entries = []
        dealer = (self.round.dealer + 1) % n  # a new round keeps the seats and moves the dealer
        self.round = RoundTracker(self.config, self.round.number + 1, dealer)

    def score(self) -> dict:
        """The match score: the engine's scoring (R-TOUR-1, R-TOUR-2); the adventure counts wins."""
        record = self.score_record()
        rounds = record["rounds"]
        if EDITIONS[self.config.edition].villains:
            totals = [0] * self.config.n
            for r in self.rounds:
                totals[r["winner"]] += 1
            return {"rounds": rounds, "totals": totals, "target": None, "finished": False, "winner": None}
        return {"rounds": rounds, **score(record)}

    def score_record(self) -> dict:
        return {
            "edition": self.config.edition,
            "players": list(self.config.players),
            "target": self.config.target,
            "rounds": [{"winner": r["winner"], "left": r["left"]} for r in self.rounds],
        }

    def round_record(self, number: int | None = None) -> dict:
        if number is None or number == self.round.number:
            if self.round.game is None:
                raise TableError("not-found", "the round has no starting card yet", 404)
            return to_record(self.round.game)
        for r in self.rounds:
            if r["number"] == number:
                return r["record"]
        raise TableError("not-found", f"no round {number} in this match", 404)

    def info(self) -> dict:
        """The match as the view and GET /api/matches/<id> show it."""
        cfg = self.config
        return {
            "id": self.match_id,
            "edition": cfg.edition,
            "players": list(cfg.players),
            "dealer": cfg.dealer,
            "rules": dict(cfg.rules),
            "target": cfg.effective_target,
            "status": self.status,
        }

    def summary(self) -> dict:
        score = self.score()
        return {
            "status": self.status,
            "rounds": len(self.rounds),
            "totals": score["totals"],
            "winner": score["winner"],
            "target": score["target"],
        }
