"""The Svintus rules engine (RULES.md, GAME-RECORD.md): one ``Game`` for all three editions.

Full knowledge (``Game.deal``, ``Game.from_setup``): every card is known. Public knowledge
(``Game.public``): hands and the deck hold unknown cards (``None``); a play from an unknown hand
takes any edition card, a draw adds an unknown card. The same rules run in both.

The engine does no I/O, reads no clock and uses randomness only from seeds it is given: the deal
shuffles with ``random.Random(seed)``, the k-th reshuffle of the discard pile with
``random.Random(f"{seed}/reshuffle/{k}")``, so a record (setup + seed + actions) replays exactly.
Each shuffle is ``shuffle`` below: the Fisher–Yates shuffle of ``random.Random.shuffle`` (Python
3.11), written out so that a seed deals the same cards whatever Python runs it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from companion import cards
from companion.cards import ALIEN, EDITIONS, PILES, POLY
from companion.rules.actions import FORMS, IllegalAction, action_form
from companion.rules.options import resolve_rules

HAND_SIZE = 8  # R-SETUP-1
DEFEAT_LIMIT = 6  # R-ADV-1: with 7 or more cards in hand you defeat nothing
SWEEP_DRAW = 8  # R-ADV-7
UNKNOWN = None  # a card whose face nobody at the table knows (public knowledge)
BACK = cards.BACK  # how an unknown card is written in JSON

# Per code: (colour, face, kind). The face is what must match apart from colour: "5", "grab", "poly".
_FACTS: dict[str, tuple[str | None, str, str]] = {
    code: (card.colour, card.face, card.kind)
    for code in cards.ALL_CODES
    if (card := cards.parse(code))
}


# Codes whose play carries a choice (a colour, the last hand, a villain, a shake).
_CHOICE_CODES = frozenset(code for code, (_, _, kind) in _FACTS.items()
                          if kind in (POLY, "slap", "steal", "omni", "shake"))


# Every code that may be in a hand, whatever the edition.
_HAND_CODES = frozenset(code for ed in EDITIONS.values() for code in ed.playable_codes)
# R-TURN-1, R-SUP-0, R-POLY-1/2: per (colour in force, face of the top card), the codes that may go
# onto it in turn: a card of that colour or with that face, or a poly. (No colour in force: a
# starting poly, anything goes.) A table, since legal moves test every card in hand against it.
_MATCHING: dict[tuple[str, str], frozenset[str]] = {
    (colour, top_face): frozenset(code for code in _HAND_CODES
                                  if _FACTS[code][0] == colour or _FACTS[code][1] == top_face or code == POLY)
    for colour in cards.COLOURS
    for top_face in {_FACTS[code][1] for code in _HAND_CODES}
}


def shuffle(rng: random.Random, items: list) -> None:
    """Shuffle ``items`` in place: the same permutation as ``rng.shuffle(items)`` on Python 3.11.

    Written out (the swap loop of ``random.Random.shuffle`` with its ``_randbelow`` inlined): the
    permutation of a seed is part of every record, and the inlined loop deals twice as fast.
    """
    getrandbits = rng.getrandbits
    for i in reversed(range(1, len(items))):
        n = i + 1
        bits = n.bit_length()
        j = getrandbits(bits)
        while j >= n:  # a uniform j in [0, n): draw again when the bits overshoot
            j = getrandbits(bits)
        items[i], items[j] = items[j], items[i]


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended. ``score`` is ``{"winner", "points"}`` outside the adventure."""

    finished: bool
    winners: tuple[int, ...]
    score: dict | None


def _json_card(code: str | None) -> str:
    return BACK if code is None else code


def _sorted_cards(codes: list) -> list[str]:
    return sorted(_json_card(c) for c in codes)


def _beats(villain: str, code: str) -> bool:
    """R-ADV-2, R-ADV-3: whether ``code`` beats a pirate or a ghost, whoever plays it."""
    colour, face, kind = _FACTS[code]
    if villain == "pirate-small":
        return kind == "number" and int(face) <= 3
    if villain == "pirate-big":
        return kind == "number" and int(face) >= 4
    if villain == "pirate-super":
        return kind != "number"  # every super card, poly included
    return villain.startswith("ghost-") and colour == villain[6:]  # poly has no colour: never


# Per villain other than the alien, the codes that beat it: every adventure play looks at the tops.
_BEATEN_BY: dict[str, frozenset[str]] = {
    villain: frozenset(code for code in _HAND_CODES if _beats(villain, code))
    for villain in EDITIONS["adventure"].villain_codes if villain != ALIEN
}


def villain_beaten(villain: str, code: str, interception: bool) -> bool:
    """Whether playing ``code`` beats ``villain`` (R-ADV-2, R-ADV-3, R-ADV-4).

    The alien falls to an interception, whatever the card.
    """
    if villain == ALIEN:
        return interception
    return code in _BEATEN_BY[villain]


class Game:
    """One round of Svintus. Construct with ``deal``, ``from_setup`` or ``public``."""

    def __init__(self, edition: str, players, *, dealer: int = 0, rules: dict | None = None,
                 public: bool = False, seed: int = 0):
        if edition not in EDITIONS:
            raise ValueError(f"unknown edition {edition!r}; known: {sorted(EDITIONS)}")
        self.edition = edition
        self._ed = EDITIONS[edition]
        self.players: list[str] = (
            [f"Игрок {i + 1}" for i in range(players)] if isinstance(players, int) else list(players)
        )
        self.n = len(self.players)
        if not 2 <= self.n <= 10:
            raise ValueError(f"Svintus is played by 2 to 10 players, not {self.n}")
        if not 0 <= dealer < self.n:
            raise ValueError(f"dealer {dealer} is not a seat of {self.n} players")
        self.dealer = dealer
        self.rules = resolve_rules(edition, rules)
        self.public = public
        self.seed = seed
        self.adventure = self._ed.villains
        self._intercept = self.rules["intercept"]
        self._transfer = self.rules["transfer"]
        self._playable = self._ed.playable_codes
        self._start: dict = {}
        self.actions: list[dict] = []

    # ----------------------------------------------------------------- construction

    @classmethod
    def deal(cls, edition: str, players, *, dealer: int = 0, rules: dict | None = None, seed: int,
             villains: dict | None = None) -> Game:
        """Shuffle with ``random.Random(seed)``, deal 8 each from the dealer's left, turn up a card.

        ``villains`` overrides the adventure's pile counts (cards.DEFAULT_VILLAINS layout, D-2).
        """
        game = cls(edition, players, dealer=dealer, rules=rules, seed=seed)
        rng = random.Random(seed)
        deck = cards.deck(edition)
        shuffle(rng, deck)  # deck[0] is the top
        # One card at a time from the dealer's left: the k-th seat from the dealer gets every n-th card.
        n = game.n
        hands: list[list[str]] = [[] for _ in range(n)]
        for k in range(1, n + 1):
            hands[(dealer + k) % n] = deck[k - 1:HAND_SIZE * n:n]
        discard = [deck[HAND_SIZE * n]]
        deck = deck[HAND_SIZE * n + 1:]
        piles = cards.villain_piles(edition, villains)
        for pile in PILES:
            shuffle(rng, piles[pile])
        setup = {"hands": hands, "discard": discard, "deck": deck, "villains": piles,
                 "trophies": [[] for _ in range(game.n)], "turn": (dealer + 1) % game.n}
        game._start = {"setup": setup}
        game._reset()
        return game

    @classmethod
    def from_setup(cls, edition: str, players, setup: dict, *, dealer: int = 0, rules: dict | None = None,
                   seed: int = 0) -> Game:
        """A game from a GAME-RECORD.md ``setup`` (hands, discard bottom→top, deck top first, …)."""
        game = cls(edition, players, dealer=dealer, rules=rules, seed=seed)
        n = game.n
        villains = setup.get("villains") or {}
        trophies = setup.get("trophies") or [[] for _ in range(n)]
        turn = setup.get("turn")
        setup = {
            "hands": [list(h) for h in setup["hands"]],
            "discard": list(setup["discard"]),
            "deck": list(setup["deck"]),
            "villains": {p: list(villains.get(p, [])) for p in PILES},
            "trophies": [list(t) for t in trophies],
            "turn": (dealer + 1) % n if turn is None else turn,
        }
        if len(setup["hands"]) != n or len(setup["trophies"]) != n:
            raise ValueError(f"setup needs one hand and one trophy list per player ({n})")
        if not setup["discard"]:
            raise ValueError("setup.discard needs at least the top card")
        playable, villain_codes = set(game._playable), set(game._ed.villain_codes)
        in_play = [c for h in setup["hands"] for c in h] + setup["discard"] + setup["deck"]
        kept = [c for p in PILES for c in setup["villains"][p]] + [c for t in setup["trophies"] for c in t]
        strangers = [c for c in in_play if c not in playable] + [c for c in kept if c not in villain_codes]
        if strangers:
            raise ValueError(f"{strangers[0]!r} is not a card of {edition} that may lie there")
        game._start = {"setup": setup}
        game._reset()
        return game

    @classmethod
    def public(cls, edition: str, players, *, dealer: int = 0, rules: dict | None = None, top: str,
               hand_counts: list[int] | None = None, deck_count: int | None = None,
               villains: dict | None = None, trophies: list | None = None, turn: int | None = None,
               colour: str | None = None, direction: int = 1) -> Game:
        """The table's knowledge: a known top card, hands and deck as counts of unknown cards.

        ``villains``: per pile, top first, with ``None`` for cards nobody has seen; the default is
        the edition's piles (D-2) with every card unknown until ``reveal_villain`` names it.
        ``colour``: the colour in force when ``top`` is a poly (``None``: any card may follow).
        """
        game = cls(edition, players, dealer=dealer, rules=rules, public=True)
        n = game.n
        hand_counts = list(hand_counts) if hand_counts is not None else [HAND_SIZE] * n
        if len(hand_counts) != n or any(type(c) is not int or c < 0 for c in hand_counts):
            raise ValueError(f"hand_counts needs a count of 0 or more for each of the {n} players")
        if deck_count is None:
            deck_count = len(cards.deck(edition)) - HAND_SIZE * n - 1
        if villains is None:
            villains = {p: [None] * len(v) for p, v in cards.villain_piles(edition).items()}
        if top not in game._playable:
            raise ValueError(f"{top!r} is not a card of {edition}")
        if top == POLY and colour is not None and colour not in game._ed.colours:
            raise ValueError(f"{colour!r} is not a colour of {edition}: {', '.join(game._ed.colours)}")
        public = {
            "hand_counts": hand_counts,
            "deck_count": deck_count,
            "top": top,
            "colour": colour if top == POLY else _FACTS[top][0],
            "direction": direction,
            "villains": {p: list(villains.get(p, [])) for p in PILES},
            "trophies": [list(t) for t in (trophies or [[] for _ in range(n)])],
            "turn": (dealer + 1) % n if turn is None else turn,
        }
        game._start = {"public": public}
        game._reset()
        return game

    def _reset(self) -> None:
        """Put the game in its starting position (used by construction and ``pop``)."""
        if "setup" in self._start:
            s = self._start["setup"]
            self.hands: list[list] = [list(h) for h in s["hands"]]
            self.deck: list = list(reversed(s["deck"]))  # the top is the last element: pop() draws
            self.discard: list[str] = list(s["discard"])
            self.villains: dict[str, list] = {p: list(s["villains"][p]) for p in PILES}
            self.trophies: list[list] = [list(t) for t in s["trophies"]]
            self.turn: int | None = s["turn"]
            self.direction = 1
            top = self.discard[-1]
            # R-SETUP-3 (D-3): a starting poly lets the first player play any card.
            self.colour: str | None = None if top == POLY else _FACTS[top][0]
        else:
            p = self._start["public"]
            self.hands = [[UNKNOWN] * c for c in p["hand_counts"]]
            self.deck = [UNKNOWN] * p["deck_count"]
            self.discard = [p["top"]]
            self.villains = {pile: list(p["villains"][pile]) for pile in PILES}
            self.trophies = [list(t) for t in p["trophies"]]
            self.turn = p["turn"]
            self.direction = p["direction"]
            self.colour = p["colour"]
        self.pending: dict | None = None
        self.drawn = False  # the player to move has drawn and may play that card only
        self._drawn_card: str | None = None
        self.hush: int | None = None
        self.decree: str | None = None
        self.finished = False
        self.winners: list[int] = []
        self.score: dict | None = None
        self._reshuffles = 0
        self._last_play: str | None = None  # the card the previous action played: interceptable
        self._catchable: int | None = None  # R-CALL-1: a seat that may be caught holding one card
        self._catch_window = False
        self.actions = []

    # ----------------------------------------------------------------- small helpers

    def _next(self, seat: int) -> int:
        return (seat + self.direction) % self.n

    @property
    def top(self) -> str:
        return self.discard[-1]

    @property
    def outcome(self) -> Outcome | None:
        if not self.finished:
            return None
        return Outcome(True, tuple(self.winners), dict(self.score) if self.score else None)

    def may_act_out_of_turn(self, seat: int) -> bool:
        """Whether ``legal_moves(seat)`` holds an interception or a catch; cheaper than asking it."""
        if self.finished:
            return False
        if self._catch_window and self._catchable != seat and len(self.hands[self._catchable]) == 1:
            return True
        last = self._last_play
        return self._intercept and last is not None and self._holds(seat, last)

    def out_of_turn_seats(self) -> list[int]:
        """The seats, other than the one to move, that may act now, in turn order from the seat to move.

        The same answer as asking ``may_act_out_of_turn`` of each seat, in one pass: simulations
        ask it after every action.
        """
        if self.finished:
            return []
        last = self._last_play if self._intercept else None
        catchable = self._catchable if self._catch_window else None
        if catchable is not None and len(self.hands[catchable]) != 1:
            catchable = None
        if last is None and catchable is None:
            return []
        turn, n = self.turn, self.n
        seats = []
        for k in range(1, n):
            seat = (turn + k) % n
            catches = catchable is not None and seat != catchable
            if catches or (last is not None and self._holds(seat, last)):
                seats.append(seat)
        return seats

    def _matches(self, code: str) -> bool:
        """R-TURN-1, R-SUP-0, R-POLY-1/2: whether ``code`` may go onto the top card in turn."""
        return self.colour is None or code in _MATCHING[self.colour, _FACTS[self.discard[-1]][1]]

    def _holds(self, seat: int, code: str) -> bool:
        hand = self.hands[seat]
        # (only a public game's hands hold unknown cards; the scan for one is not free)
        return code in hand or (self.public and UNKNOWN in hand)

    # ----------------------------------------------------------------- draws and the end

    def _draw(self, seat: int, count: int) -> None:
        """Draw ``count`` cards, reshuffling when the deck runs out (R-TURN-3, D-4, R-ADV-END)."""
        hand = self.hands[seat]
        deck = self.deck
        for _ in range(count):
            if not deck and not self.adventure:
                self._reshuffle()
            if not deck:
                return  # D-4: there is no more to draw
            hand.append(deck.pop())
            if self.adventure and not deck:
                self._finish()  # R-ADV-END: the last card of the deck was drawn
                return

    def _reshuffle(self) -> None:
        """R-TURN-3: the discard pile except its top becomes the new deck."""
        if len(self.discard) < 2:
            return
        under = self.discard[:-1]
        del self.discard[:-1]
        if self.public:
            self.deck.extend([UNKNOWN] * len(under))
            return
        shuffle(random.Random(f"{self.seed}/reshuffle/{self._reshuffles}"), under)
        self._reshuffles += 1
        self.deck.extend(under)

    def _finish(self, winner: int | None = None) -> None:
        self.finished = True
        self.turn = None
        self.pending = None
        self.drawn = False
        self._drawn_card = None
        self._last_play = None
        self._catch_window = False
        if not self.adventure:
            # R-WIN-1, R-TOUR-1: the winner scores the cards left in the opponents' hands.
            self.winners = [winner]
            self.score = {"winner": winner, "points": sum(len(h) for h in self.hands)}
            return
        # R-ADV-WIN (D-8): most trophies, then fewest cards; a tie on both is shared.
        best = max((len(t), -len(h)) for t, h in zip(self.trophies, self.hands, strict=True))
        self.winners = [i for i in range(self.n) if (len(self.trophies[i]), -len(self.hands[i])) == best]

    def _take_villain(self, seat: int, pile: str) -> None:
        self.trophies[seat].append(self.villains[pile].pop(0))

    def _villains_left(self) -> bool:
        return any(self.villains.values())

    # ----------------------------------------------------------------- the public API

    def is_legal(self, action: dict) -> bool:
        try:
            self._check(action)
        except IllegalAction:
            return False
        return True

    def push(self, action: dict) -> None:
        """Carry out an action (GAME-RECORD.md); ``IllegalAction`` leaves the game unchanged."""
        # _check inlined: push runs in every simulated move
        form = action_form(action, self.edition, self.n)
        if self.finished:
            raise IllegalAction("game-over", "the game is over; no more actions")
        check, apply = _HANDLERS[form]
        check(self, action)
        action = dict(action)  # the game's own copy: the caller may reuse its dict
        apply(self, action)
        self.actions.append(action)

    def pop(self) -> dict:
        """Undo the last action (the game is replayed from its start without it)."""
        if not self.actions:
            raise IndexError("no action to undo")
        actions = self.actions
        last = actions[-1]
        self._reset()
        for action in actions[:-1]:
            self.push(action)
        return last

    def reveal_villain(self, pile: str, code: str) -> None:
        """The camera saw ``code`` on top of ``pile`` (public knowledge): a fact, kept in ``actions``."""
        self.push({"reveal": pile, "card": code})

    # ----------------------------------------------------------------- checks

    def _check(self, action: dict) -> str:
        """The form of a legal action; raises ``IllegalAction`` and changes nothing otherwise."""
        form = action_form(action, self.edition, self.n)
        if self.finished:
            raise IllegalAction("game-over", "the game is over; no more actions")
        _HANDLERS[form][0](self, action)
        return form

    def _check_turn(self, seat: int) -> None:
        if seat != self.turn:
            raise IllegalAction("not-your-turn", f"it is seat {self.turn}'s turn, not seat {seat}'s")

    def _check_play(self, action: dict) -> None:
        seat, code = action["by"], action["play"]
        if code not in self.hands[seat] and not self._holds(seat, code):  # (the common case first)
            raise IllegalAction("not-in-hand", f"seat {seat} holds no {code}")
        # R-INTERCEPT-1: an identical card right after the play of its twin, by any seat.
        interception = self._intercept and code == self._last_play
        if seat != self.turn:
            if not interception:
                if not self._intercept:
                    raise IllegalAction("not-your-turn", f"it is seat {self.turn}'s turn, not seat "
                                        f"{seat}'s (interception is off)")
                raise IllegalAction(
                    "intercept-not-allowed",
                    f"seat {seat} may play out of turn only a card identical to one just played"
                    + (f" ({self._last_play})" if self._last_play else " (no card was just played)"),
                )
        elif self.drawn:
            if self._drawn_card is not None and code != self._drawn_card:
                raise IllegalAction("only-drawn-card", f"after drawing, seat {seat} may play only the "
                                    f"drawn card ({self._drawn_card})")
            if not self._matches(code):
                raise IllegalAction("does-not-match", f"{code} does not match {self._describe_top()}")
        elif self.pending is not None:
            kind = self.pending["kind"]
            if _FACTS[code][2] != kind:
                raise IllegalAction(
                    "must-resolve-pending",
                    f"seat {seat} must accept the {kind} (or transfer it with a {kind}), "
                    f"not play {code}",
                )
            if not (self._transfer or interception):
                raise IllegalAction("rule-off", f"transfer is off: seat {seat} must accept the {kind}")
        elif not (interception or self._matches(code)):
            raise IllegalAction("does-not-match", f"{code} does not match {self._describe_top()}")
        if code in _CHOICE_CODES:  # other cards carry no choice to check
            self._check_choices(seat, code, action)

    def _describe_top(self) -> str:
        if self.colour is not None and self.top == POLY:
            return f"the poly that named {cards.COLOUR_NAMES[self.colour]}"
        return f"the top card {self.top}"

    def _winning_play(self, seat: int) -> bool:
        return not self.adventure and len(self.hands[seat]) == 1

    def _check_choices(self, seat: int, code: str, action: dict) -> None:
        kind = _FACTS[code][2]
        if kind == POLY:
            colour = action.get("colour")
            if colour is None:
                raise IllegalAction("missing-choice", "a poly needs the colour it names ('colour')")
            if colour not in self._ed.colours:
                raise IllegalAction("bad-choice", f"{colour!r} is not a colour of {self.edition}: "
                                    f"{', '.join(self._ed.colours)}")
        if kind in ("slap", "steal") and "last" not in action and not self._winning_play(seat):
            raise IllegalAction("missing-choice", f"a {kind} needs the seat whose hand landed last ('last')")
        if kind == "steal" and "take" in action:
            victim = action["last"]
            if victim != seat and self.trophies[victim] and action["take"] not in self.trophies[victim]:
                raise IllegalAction("bad-choice", f"seat {victim} has no trophy {action['take']}")
        if not self.adventure:
            return
        if kind == "omni" and len(self.hands[seat]) - 1 >= HAND_SIZE - 1 and self._villains_left():
            pile = action.get("villain")
            if pile is None:
                raise IllegalAction("missing-choice", "an omni with 7+ cards in hand needs the villain "
                                    "pile it defeats ('villain')")
            if not self.villains[pile]:
                raise IllegalAction("bad-choice", f"the {pile} pile is empty")
        if kind == "shake" and "shake" in action:
            src, dst = action["shake"]
            if src == dst or not self.villains[src] or not self.villains[dst]:
                raise IllegalAction("bad-choice", "a shake moves a top villain between two different "
                                    f"non-empty piles, not {src} → {dst}")

    def _check_draw(self, action: dict) -> None:
        seat = action["by"]
        self._check_turn(seat)
        if self.pending is not None:
            raise IllegalAction("must-resolve-pending",
                                f"seat {seat} must accept the {self.pending['kind']} instead of drawing")
        if self.drawn:
            raise IllegalAction("only-drawn-card", f"seat {seat} has drawn already: play that card or pass")

    def _check_pass(self, action: dict) -> None:
        self._check_turn(action["by"])
        if not self.drawn:
            raise IllegalAction("bad-choice", "a player may pass only after drawing a card")

    def _check_accept(self, action: dict) -> None:
        seat = action["by"]
        if self.pending is None:
            raise IllegalAction("nothing-to-accept", "no grab or snore is waiting to be accepted")
        self._check_turn(seat)

    def _check_catch(self, action: dict) -> None:
        seat, caught = action["by"], action["catch"]
        if not (self._catch_window and caught == self._catchable and caught != seat
                and len(self.hands[caught]) == 1):
            raise IllegalAction("cannot-catch", f"seat {caught} cannot be caught now: a catch needs one "
                                "card in hand, no «Свинтус!» call, and no other player's move since")

    def _check_wrong(self, action: dict) -> None:
        seat, code = action["by"], action["wrong"]
        if not self._holds(seat, code):
            raise IllegalAction("not-in-hand", f"seat {seat} holds no {code}")

    def _check_dawdle(self, action: dict) -> None:
        if not self.rules["dawdle"]:
            raise IllegalAction("rule-off", "the don't-dawdle rule is off")
        self._check_turn(action["by"])
        if self.pending is not None:
            raise IllegalAction("must-resolve-pending", f"seat {action['by']} must accept the "
                                f"{self.pending['kind']} first")

    def _check_spoke(self, action: dict) -> None:
        if self.hush is None:
            raise IllegalAction("rule-off", "no silence (hush) is in force")

    def _check_penalty(self, action: dict) -> None:
        pass  # the table's word: any seat, any time before the end

    def _check_reveal(self, action: dict) -> None:
        pile, code = action["reveal"], action["card"]
        stack = self.villains[pile]
        if not stack:
            raise IllegalAction("bad-choice", f"the {pile} pile is empty")
        if stack[0] is not None and stack[0] != code:
            raise IllegalAction("bad-choice", f"the top of {pile} is known to be {stack[0]}, not {code}")

    # ----------------------------------------------------------------- effects

    def _close_catch(self, seat: int) -> None:
        # GAME-RECORD: a catch is legal until another seat has played, drawn or accepted.
        if self._catch_window and seat != self._catchable:
            self._catch_window = False

    def _end_hush(self, seat: int) -> None:
        # R-HUSH: the silence lasts until its player's next move (the rulebooks: «пока ты не сделаешь
        # свой следующий ход»), so a draw or an accepted skip ends it as well as a play.
        if self.hush == seat:
            self.hush = None

    def _remove_from_hand(self, seat: int, code: str) -> None:
        hand = self.hands[seat]
        if not self.public:
            hand.remove(code)  # every card is known
        elif self.drawn and self._drawn_card is None and UNKNOWN in hand:
            hand.remove(UNKNOWN)  # public: the drawn (unknown) card is the one played
        elif code in hand:
            hand.remove(code)
        else:
            hand.remove(UNKNOWN)

    def _do_play(self, action: dict) -> None:
        seat, code = action["by"], action["play"]
        colour, _, kind = _FACTS[code]
        previous = self.discard[-1]
        interception = code == previous  # R-ADV-4: a card played onto an identical card
        self._remove_from_hand(seat, code)
        self.discard.append(code)
        hand = self.hands[seat]
        if self._catch_window:
            self._close_catch(seat)
        if self.hush is not None:
            self._end_hush(seat)
        self.colour = action["colour"] if kind == POLY else colour
        pending = self.pending
        stacked = pending["cards"] if pending and pending["kind"] == "grab" else 0
        self.pending = None
        self.drawn = False
        self._drawn_card = None
        self._last_play = code
        if not hand and not self.adventure:
            self._finish(seat)  # R-WIN-1: the round ends at once; the card's effect no longer matters
            return
        if kind == "number":  # most plays: no effect, the next seat moves
            self.turn = (seat + self.direction) % self.n
        else:
            self._super_effect(seat, kind, stacked, action)
        if self.adventure and not self.finished:
            self._defeat(seat, code, kind, interception, action)
        if not self.finished and len(hand) == 1 and not action.get("svintus"):
            self._catchable = seat  # R-CALL-1
            self._catch_window = True

    def _super_effect(self, seat: int, kind: str, stacked: int, action: dict) -> None:
        """R-SUP-0: a super card's effect, right after its play; "next" follows the direction (R-FLIP)."""
        if kind == "flip":
            self.direction = -self.direction
        following = self._next(seat)
        self.turn = following
        if kind == "grab":  # R-GRAB, R-TRANSFER-2, R-INTERCEPT-2: stacks 3, 6, 9…
            self.pending = {"kind": "grab", "cards": stacked + 3, "victim": following}
        elif kind == "snore":  # R-SNORE, R-TRANSFER-1
            self.pending = {"kind": "snore", "cards": 0, "victim": following}
        elif kind == "hush":
            self.hush = seat
        elif kind == "decree":
            self.decree = action.get("decree", "")
        elif kind == "slap":
            if "last" in action:
                self._draw(action["last"], 2)
        elif kind == "steal":
            self._steal(seat, action)
        elif kind == "shake" and "shake" in action:
            src, dst = action["shake"]
            self.villains[dst].insert(0, self.villains[src].pop(0))

    def _steal(self, seat: int, action: dict) -> None:
        """R-STEAL: take one trophy (D-9: by default the most recent) from the last hand's owner."""
        victim = action["last"]
        loot = self.trophies[victim]
        if victim == seat or not loot:
            return
        take = action.get("take")
        index = len(loot) - 1 if take is None else len(loot) - 1 - loot[::-1].index(take)
        self.trophies[seat].append(loot.pop(index))

    def _defeat(self, seat: int, code: str, kind: str, interception: bool, action: dict) -> None:
        """R-ADV-1…8, R-OMNI: defeat villains after the card's effect."""
        hand = self.hands[seat]
        villains = self.villains
        if not hand:
            # R-ADV-7: the last card defeats every top villain, then the player draws 8.
            for pile in PILES:
                if villains[pile]:
                    self._take_villain(seat, pile)
            if not self._villains_left():
                self._finish()
                return
            self._draw(seat, SWEEP_DRAW)
            return
        taken = False
        if len(hand) > DEFEAT_LIMIT:
            if kind == "omni" and "villain" in action and villains[action["villain"]]:
                self._take_villain(seat, action["villain"])  # R-OMNI: one villain of the player's choice
                taken = True
        else:
            # R-ADV-5: only the tops at the moment of the play; R-ADV-8: an empty pile gives nothing.
            # (Reading each top as its pile comes up is the same: a defeat changes its own pile only.)
            for pile in PILES:
                stack = villains[pile]
                if not stack or stack[0] is None:
                    continue
                villain = stack[0]
                if interception if villain == ALIEN else code in _BEATEN_BY[villain]:
                    self._take_villain(seat, pile)
                    taken = True
        if taken and not self._villains_left():
            self._finish()  # R-ADV-END

    def _do_draw(self, action: dict) -> None:
        seat = action["by"]
        if self._catch_window:
            self._close_catch(seat)
        if self.hush is not None:
            self._end_hush(seat)
        self._last_play = None
        hand = self.hands[seat]
        before = len(hand)
        self._draw(seat, 1)
        if self.finished:
            return
        if len(hand) == before:
            self.turn = self._next(seat)  # D-4: nothing left to draw; the turn passes
            return
        self.drawn = True
        self._drawn_card = hand[-1]

    def _pass_turn(self, seat: int) -> None:
        """The turn goes on from ``seat``; what it drew this turn no longer binds anyone."""
        self.drawn = False
        self._drawn_card = None
        self.turn = self._next(seat)

    def _do_pass(self, action: dict) -> None:
        self._last_play = None
        self._pass_turn(action["by"])

    def _do_accept(self, action: dict) -> None:
        seat = action["by"]
        self._close_catch(seat)
        self._end_hush(seat)
        self._last_play = None
        pending = self.pending
        self.pending = None
        self._draw(seat, pending["cards"])  # R-TRANSFER-3
        if not self.finished:
            self.turn = self._next(seat)

    def _do_catch(self, action: dict) -> None:
        self._last_play = None
        self._catch_window = False
        self._draw(action["catch"], 3)  # R-CALL-1

    def _do_wrong(self, action: dict) -> None:
        """R-WRONG-1: the card goes back, the player draws 2 and, if it was their turn, it passes.

        A wrong move of the player who must accept a grab or snore also resolves it: they were to
        skip anyway (2.0: "draw 2 and skip the turn").
        """
        seat, code = action["by"], action["wrong"]
        self._last_play = None
        hand = self.hands[seat]
        if code not in hand:
            hand[hand.index(UNKNOWN)] = code  # public: the card is now known to be in that hand
        self._draw(seat, 2)
        if self.finished or seat != self.turn:
            return
        self._end_hush(seat)
        if self.pending is not None:
            cards_due = self.pending["cards"]
            self.pending = None
            self._draw(seat, cards_due)
            if self.finished:
                return
        self._pass_turn(seat)

    def _do_dawdle(self, action: dict) -> None:
        seat = action["by"]
        self._last_play = None
        self._end_hush(seat)
        self._draw(seat, 2)  # R-DAWDLE
        if not self.finished:
            self._pass_turn(seat)

    def _do_spoke(self, action: dict) -> None:
        self._last_play = None
        self.hush = None  # R-HUSH: the silence ends
        self._draw(action["by"], 2)

    def _do_penalty(self, action: dict) -> None:
        self._last_play = None
        self._draw(action["penalty"], action["cards"])  # R-DECREE and any penalty the table gives

    def _do_reveal(self, action: dict) -> None:
        # A fact, not a move: the interception and catch windows stay as they are.
        self.villains[action["reveal"]][0] = action["card"]

    # ----------------------------------------------------------------- legal moves

    def _candidates(self, seat: int) -> list[str]:
        hand = self.hands[seat]
        if self.public and UNKNOWN in hand:
            return list(self._playable)
        return list(dict.fromkeys(hand))

    def _variants(self, seat: int, code: str) -> list[dict]:
        """Every complete action playing ``code``: poly colours, the last hand, villains, shakes, the call.

        Each choice multiplies the moves, earlier choices varying slowest.
        """
        moves = [{"by": seat, "play": code}]
        kind = _FACTS[code][2]
        left = len(self.hands[seat]) - 1
        if kind == POLY:
            moves = [{**move, "colour": c} for move in moves for c in self._ed.colours]
        if kind in ("slap", "steal") and not (left == 0 and not self.adventure):
            moves = [{**move, "last": s} for move in moves for s in range(self.n)]
        if self.adventure:
            if kind == "omni" and left >= HAND_SIZE - 1:
                piles = [p for p in PILES if self.villains[p]]
                if piles:
                    moves = [{**move, "villain": p} for move in moves for p in piles]
            elif kind == "shake":
                piles = [p for p in PILES if self.villains[p]]
                pairs = [[a, b] for a in piles for b in piles if a != b]
                # the first choice is no shake at all
                moves = [shaken for move in moves
                         for shaken in (move, *({**move, "shake": pair} for pair in pairs))]
        if left == 1:
            moves = [{**move, "svintus": call} for move in moves for call in (True, False)]
        return moves

    def legal_moves(self, seat: int) -> list[dict]:
        """Every action the rules allow ``seat`` now: in turn and out of turn (interceptions, catches).

        The plays come first, then the seat to move's accept, pass or draw, then a catch. Table facts
        (wrong moves, dawdling, speaking in a hush, penalties) are not moves; ``push`` accepts them
        when the table reports them.
        """
        if self.finished:
            return []
        moves = self._legal_plays(seat)
        if seat == self.turn:
            if self.pending is not None:
                moves.append({"by": seat, "accept": True})
            elif self.drawn:
                moves.append({"by": seat, "pass": True})
            else:
                moves.append({"by": seat, "draw": True})
        if self._catch_window and self._catchable != seat and len(self.hands[self._catchable]) == 1:
            moves.append({"by": seat, "catch": self._catchable})
        return moves

    def _legal_plays(self, seat: int) -> list[dict]:
        """The plays of ``legal_moves(seat)``, in its order (the game is not finished)."""
        last = self._last_play if self._intercept else None
        if seat != self.turn:
            if last is not None and self._holds(seat, last):
                return self._variants(seat, last)  # an interception
            return []
        plays: list[dict] = []
        if self.pending is not None:
            kind = self.pending["kind"]
            for code in self._candidates(seat):
                if _FACTS[code][2] == kind and (self._transfer or code == last):
                    plays.extend(self._variants(seat, code))
            return plays
        if self.drawn:
            drawn = [self._drawn_card] if self._drawn_card is not None else self._playable
            for code in drawn:
                if self._matches(code):
                    plays.extend(self._variants(seat, code))
            return plays
        # The hot path of every simulation. (An identical card, the only interception open to the
        # seat to move, matches anyway.)
        hand = self.hands[seat]
        if self.colour is None:
            matching = self._candidates(seat)
        else:
            matches = _MATCHING[self.colour, _FACTS[self.discard[-1]][1]]
            if self.public and UNKNOWN in hand:
                matching = [code for code in self._playable if code in matches]
            else:
                matching = [code for code in hand if code in matches]
                if len(matching) > 1:
                    matching = list(dict.fromkeys(matching))  # each code once, in hand order
        plain = len(hand) != 2  # no «Свинтус!» variants
        for code in matching:
            if plain and code not in _CHOICE_CODES:
                plays.append({"by": seat, "play": code})
            else:
                plays.extend(self._variants(seat, code))
        return plays

    # ----------------------------------------------------------------- views

    def state(self) -> dict:
        """The ``companion replay`` object of GAME-RECORD.md (with ``error`` null)."""
        return {
            "finished": self.finished,
            "winners": list(self.winners),
            "turn": self.turn,
            "direction": self.direction,
            "top": self.discard[-1],
            "colour": self.colour,
            "pending": dict(self.pending) if self.pending else None,
            "drawn": (_json_card(self._drawn_card) if self.drawn else None),
            "hands": [_sorted_cards(h) for h in self.hands],
            "deck": len(self.deck),
            "discard": len(self.discard),
            "villains": {p: [_json_card(c) for c in self.villains[p]] for p in PILES},
            "trophies": [_sorted_cards(t) for t in self.trophies],
            "hush": self.hush,
            "decree": self.decree,
            "score": dict(self.score) if self.score else None,
            "error": None,
        }

    def view(self) -> dict:
        """``state()`` plus what a table display needs; JSON-ready."""
        view = self.state()
        view.update({
            "edition": self.edition,
            "players": list(self.players),
            "dealer": self.dealer,
            "rules": dict(self.rules),
            "public": self.public,
            "hand_counts": [len(h) for h in self.hands],
            "villain_tops": {p: (_json_card(v[0]) if v else None) for p, v in self.villains.items()},
            "villain_sizes": {p: len(v) for p, v in self.villains.items()},
            "trophy_counts": [len(t) for t in self.trophies],
            "actions": len(self.actions),
        })
        return view

    def hints(self) -> dict:
        from companion.rules.hints import hints

        return hints(self)

    def __repr__(self) -> str:
        return (f"Game({self.edition!r}, players={self.n}, turn={self.turn}, top={self.top!r}, "
                f"actions={len(self.actions)}{', public' if self.public else ''})")


# form -> (check, apply), unbound: looked up on every push, built once rather than per game.
_HANDLERS = {form: (getattr(Game, f"_check_{form}"), getattr(Game, f"_do_{form}")) for form in FORMS}
