"""The action forms of GAME-RECORD.md and their structural check.

An action is a plain dict. Its *form* is what it does (``play``, ``draw``, …); the structural check
refuses what no rule could accept (a wrong type, a seat that does not exist, a card code that is not
in the edition) with the code ``bad-record``. Whether the rules allow the action now is the game's
business (``Game.push``).
"""

from __future__ import annotations

from companion.cards import EDITIONS, PILES

# Keys that name the form of an action; exactly one of them appears in an action.
FORMS = ("play", "draw", "pass", "accept", "catch", "wrong", "dawdle", "spoke", "penalty", "reveal")
_FORM_KEYS = frozenset(FORMS)
# Per edition, the codes that may be played and the villains (sets: checked on every action).
_PLAYABLE = {edition: frozenset(ed.playable_codes) for edition, ed in EDITIONS.items()}
_VILLAINS = {edition: frozenset(ed.villain_codes) for edition, ed in EDITIONS.items()}
_TRUE_FORMS = ("draw", "pass", "accept", "dawdle", "spoke")
# The largest penalty a table may give in one action; a guard against typos like 200.
MAX_PENALTY = 50


class IllegalAction(Exception):
    """An action the rules refuse. ``code`` is a GAME-RECORD.md error code, ``message`` a sentence."""

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code
        self.message = message

    def __repr__(self) -> str:
        return f"IllegalAction({self.code!r}, {self.message!r})"


def _bad(message: str) -> IllegalAction:
    return IllegalAction("bad-record", message)


def _is_int(value: object) -> bool:
    return type(value) is int  # bool is an int subclass, and never a seat


def _check_seat(action: dict, key: str, players: int) -> None:
    seat = action[key]
    if not _is_int(seat):
        raise _bad(f"'{key}' must be a seat number, not {seat!r}")
    if not 0 <= seat < players:
        raise _bad(f"'{key}': seat {seat} does not exist ({players} players: 0…{players - 1})")


def _check_card(action: dict, key: str, edition: str, *, villain: bool = False) -> None:
    code = action[key]
    allowed = _VILLAINS[edition] if villain else _PLAYABLE[edition]
    if not isinstance(code, str) or code not in allowed:
        what = "a villain" if villain else "a playable card"
        raise _bad(f"'{key}': {code!r} is not {what} of the edition {edition}")


def action_form(action: object, edition: str, players: int) -> str:
    """The form of an action (``"play"``, ``"draw"``…), or ``IllegalAction('bad-record')``.

    Unknown extra keys are ignored, so records may carry annotations (a time stamp, say).
    """
    if not isinstance(action, dict):
        raise _bad(f"an action must be an object, not {type(action).__name__}")
    if len(action) == 2:
        # The common plain forms, checked in one go: every simulated move passes here.
        seat = action.get("by")
        if type(seat) is int and 0 <= seat < players:
            code = action.get("play")
            if type(code) is str and code in _PLAYABLE[edition]:
                return "play"
            for form in _TRUE_FORMS:
                if action.get(form) is True:
                    return form
    forms = [key for key in action if key in _FORM_KEYS]
    if not forms:
        raise _bad(f"an action of no known form (keys {sorted(map(str, action))}); "
                   f"expected one of {list(FORMS)}")
    if len(forms) > 1:
        raise _bad(f"an action has more than one form: {forms}")
    form = forms[0]
    if form == "penalty":
        _check_seat(action, "penalty", players)
        if "cards" not in action:
            raise _bad("'cards' is missing from a penalty")
        cards = action["cards"]
        if not _is_int(cards) or not 1 <= cards <= MAX_PENALTY:
            raise _bad(f"'cards' must be a number of cards from 1 to {MAX_PENALTY}, not {cards!r}")
        return form
    if form == "reveal":
        if action["reveal"] not in PILES:
            raise _bad(f"'reveal' must be one of {list(PILES)}, not {action['reveal']!r}")
        if "card" not in action:
            raise _bad("'card' is missing from a reveal")
        _check_card(action, "card", edition, villain=True)
        return form
    if "by" not in action:
        raise _bad(f"'by' is missing from a {form} action")
    _check_seat(action, "by", players)
    if form in _TRUE_FORMS:
        if action[form] is not True:
            raise _bad(f"'{form}' must be true, not {action[form]!r}")
        return form
    if form == "catch":
        _check_seat(action, "catch", players)
        return form
    if form == "wrong":
        _check_card(action, "wrong", edition)
        return form
    # play
    _check_card(action, "play", edition)
    if "colour" in action and not isinstance(action["colour"], str):
        raise _bad(f"'colour' must be a colour code, not {action['colour']!r}")
    if "svintus" in action and not isinstance(action["svintus"], bool):
        raise _bad(f"'svintus' must be true or false, not {action['svintus']!r}")
    if "last" in action:
        _check_seat(action, "last", players)
    if "take" in action:
        _check_card(action, "take", edition, villain=True)
    if "villain" in action and action["villain"] not in PILES:
        raise _bad(f"'villain' must be one of {list(PILES)}, not {action['villain']!r}")
    if "shake" in action:
        shake = action["shake"]
        if not (isinstance(shake, list) and len(shake) == 2 and all(p in PILES for p in shake)):
            raise _bad(f"'shake' must be [FROM, TO] with piles of {list(PILES)}, not {shake!r}")
    if "decree" in action and not isinstance(action["decree"], str):
        raise _bad(f"'decree' must be text, not {action['decree']!r}")
    return form
