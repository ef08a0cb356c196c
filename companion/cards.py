"""Card codes, colours, kinds and each edition's deck (RULES.md §1). Data, no game logic.

A card code is a plain string: ``r5`` (colour + value), ``g-grab`` (colour + super kind),
``poly``, a villain (``pirate-small``, ``ghost-b``, ``alien``) or ``back``.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cached_property

COLOURS = ("b", "g", "r", "y", "o")
COLOUR_NAMES = {"b": "blue", "g": "green", "r": "red", "y": "yellow", "o": "orange"}
COLOUR_NAMES_RU = {"b": "синий", "g": "зелёный", "r": "красный", "y": "жёлтый", "o": "оранжевый"}
VALUES = tuple(range(8))

# Coloured super kinds, in the order RULES.md §1.1 lists them.
SUPER_KINDS = ("grab", "snore", "hush", "slap", "flip", "decree", "steal", "omni", "shake")
SUPER_NAMES_RU = {
    "grab": "Хапёж",
    "snore": "Захрапин",
    "poly": "Полисвин",
    "hush": "Тихохрюн",
    "slap": "Хлопкопыт",
    "flip": "Перехрюшка",
    "decree": "Указявка",
    "steal": "Украдун",
    "omni": "Всеядец",
    "shake": "Перетряс",
}
SUPER_NAMES_EN = {
    "grab": "Grabber",
    "snore": "Snorer",
    "poly": "Polypig",
    "hush": "Hush",
    "slap": "Slapper",
    "flip": "Flipper",
    "decree": "Decree",
    "steal": "Stealer",
    "omni": "Omnivore",
    "shake": "Shaker",
}

POLY = "poly"
BACK = "back"

PILES = ("pirates", "ghosts", "aliens")
PIRATES = ("pirate-small", "pirate-big", "pirate-super")
ALIEN = "alien"


def ghost(colour: str) -> str:
    return f"ghost-{colour}"


def coloured(colour: str, face: str) -> str:
    """The code of the card of ``colour`` with ``face`` (``Card.face``: a value or a super kind)."""
    return f"{colour}{face}" if face.isdigit() else f"{colour}-{face}"


@dataclass(frozen=True)
class Edition:
    id: str
    name_ru: str
    colours: tuple[str, ...]
    super_kinds: tuple[str, ...]  # coloured super kinds; poly is in every edition
    villains: bool

    # cached: every new game reads these (a frozen dataclass still allows cached_property)
    @cached_property
    def villain_codes(self) -> tuple[str, ...]:
        if not self.villains:
            return ()
        return PIRATES + tuple(ghost(c) for c in self.colours) + (ALIEN,)

    @cached_property
    def playable_codes(self) -> tuple[str, ...]:
        """Every code of a card that can be in a hand, in a stable order."""
        numbers = tuple(coloured(c, str(v)) for c in self.colours for v in VALUES)
        supers = tuple(coloured(c, k) for c in self.colours for k in self.super_kinds)
        return numbers + supers + (POLY,)

    @cached_property
    def codes(self) -> tuple[str, ...]:
        """Every code that may appear in a record of this edition."""
        return self.playable_codes + self.villain_codes


EDITIONS: dict[str, Edition] = {
    "junior": Edition(
        "junior", "Юный Свинтус", ("b", "g", "r", "y"),
        ("grab", "snore", "hush", "slap", "flip", "decree"), villains=False,
    ),
    "adventure": Edition(
        "adventure", "Юный Свинтус: Большое приключение", ("b", "g", "r", "y"),
        ("grab", "snore", "slap", "steal", "omni", "shake"), villains=True,
    ),
    "svintus2": Edition(
        "svintus2", "Свинтус 2.0", ("b", "g", "r", "o"),
        ("grab", "snore", "hush", "slap", "flip"), villains=False,
    ),
}

# Default villain counts per pile (RULES.md §1.2, D-2).
DEFAULT_VILLAINS = {
    "pirates": {"pirate-small": 3, "pirate-big": 3, "pirate-super": 3},
    "ghosts": {"ghost": 2},  # per colour of the edition
    "aliens": {ALIEN: 6},
}


@dataclass(frozen=True)
class Card:
    """A parsed card code."""

    code: str
    colour: str | None  # None for poly, villains other than ghosts, back
    value: int | None  # 0-7 for number cards
    kind: str  # "number", a super kind, "poly", "pirate-small"…, "ghost", "alien", "back"

    @property
    def is_number(self) -> bool:
        return self.kind == "number"

    @property
    def is_super(self) -> bool:
        return self.kind in SUPER_KINDS or self.kind == POLY

    @property
    def is_villain(self) -> bool:
        return self.kind in PIRATES or self.kind in ("ghost", ALIEN)

    @property
    def face(self) -> str:
        """What the face shows apart from colour: ``"5"``, ``"grab"``, ``"poly"``, ``"ghost"``…"""
        return str(self.value) if self.is_number else self.kind


def _parse(code: str) -> Card | None:
    if code == POLY:
        return Card(code, None, None, POLY)
    if code == BACK:
        return Card(code, None, None, BACK)
    if code in PIRATES or code == ALIEN:
        return Card(code, None, None, code)
    if code.startswith("ghost-") and code[6:] in COLOURS and len(code) == 7:
        return Card(code, code[6], None, "ghost")
    if len(code) == 2 and code[0] in COLOURS and code[1].isdigit() and int(code[1]) in VALUES:
        return Card(code, code[0], int(code[1]), "number")
    if len(code) > 2 and code[0] in COLOURS and code[1] == "-" and code[2:] in SUPER_KINDS:
        return Card(code, code[0], None, code[2:])
    return None


ALL_CODES: tuple[str, ...] = tuple(
    dict.fromkeys(
        code for ed in EDITIONS.values() for code in ed.codes
    )
) + (BACK,)

_CARDS: dict[str, Card] = {code: card for code in ALL_CODES if (card := _parse(code))}


def parse(code: str) -> Card:
    """The card for a code; ``ValueError`` for a code that names no Svintus card."""
    if not isinstance(code, str) or code not in _CARDS:
        raise ValueError(f"unknown card code {code!r}")
    return _CARDS[code]


def is_code(code: object) -> bool:
    return isinstance(code, str) and code in _CARDS


def in_edition(code: str, edition: str) -> bool:
    return code in EDITIONS[edition].codes


def _unshuffled_deck(ed: Edition) -> tuple[str, ...]:
    return tuple(code for code in ed.playable_codes if code != POLY for _ in range(2)) + (POLY,) * 8


# Built once: every simulated game starts from a fresh copy.
_DECKS = {edition: _unshuffled_deck(ed) for edition, ed in EDITIONS.items()}


def deck(edition: str) -> list[str]:
    """The playing deck of an edition (numbers ×2, coloured supers ×2, 8 poly), unshuffled (§1.2)."""
    return list(_DECKS[edition])


# How many of each card the deck holds, by edition.
_COPIES = {edition: Counter(deck) for edition, deck in _DECKS.items()}


def copies(edition: str, code: str) -> int:
    """How many copies of ``code`` the edition's deck holds (§1.2): 0 for a card not in it."""
    return _COPIES[edition][code]


def villain_piles(edition: str, counts: dict | None = None) -> dict[str, list[str]]:
    """The unshuffled villain piles of an edition (D-2 defaults), empty piles outside the adventure."""
    ed = EDITIONS[edition]
    if not ed.villains:
        return {pile: [] for pile in PILES}
    counts = counts or DEFAULT_VILLAINS
    piles = {
        "pirates": [code for code, n in counts["pirates"].items() for _ in range(n)],
        "ghosts": [ghost(c) for c in ed.colours for _ in range(counts["ghosts"]["ghost"])],
        "aliens": [ALIEN] * counts["aliens"][ALIEN],
    }
    return piles


def pile_of(villain: str) -> str:
    """The pile a villain code belongs to."""
    card = parse(villain)
    if card.kind in PIRATES:
        return "pirates"
    if card.kind == "ghost":
        return "ghosts"
    if card.kind == ALIEN:
        return "aliens"
    raise ValueError(f"{villain!r} is not a villain")
