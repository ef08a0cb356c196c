"""What may be played now, as plain data for the tablet (``Game.hints``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.cards import PILES, POLY
from companion.rules.game import _FACTS, BACK, DEFEAT_LIMIT, UNKNOWN

if TYPE_CHECKING:
    from companion.rules.game import Game

_PIRATE_VALUES = {"pirate-small": [0, 1, 2, 3], "pirate-big": [4, 5, 6, 7]}


def _beaten_by(villain: str | None) -> dict | None:
    """Which played cards beat a villain (R-ADV-2…4); ``None`` while the villain is unknown."""
    if villain is None:
        return None
    if villain in _PIRATE_VALUES:
        return {"values": _PIRATE_VALUES[villain]}
    if villain == "pirate-super":
        return {"super": True}
    if villain.startswith("ghost-"):
        return {"colour": villain[6:]}
    return {"interception": True}


def hints(game: Game) -> dict:
    """Who may do what now. JSON-ready; the shape::

        {
          "finished": bool,
          "turn": seat | null,
          "play": null | {                  # the seat to move (null once finished)
            "seat": int,
            "mode": "normal" | "pending" | "drawn",
            "any": bool,                    # a starting poly: every card may be played
            "colour": "b" | null,           # every card of this colour (the named colour after a poly)
            "value": 0..7 | null,           # every number card of this value
            "kind": "grab" | null,          # every super card of this kind, any colour
            "super_kinds": [kind, …],       # the coloured super kinds playable in "colour"
            "poly": bool,                   # a poly may be played (naming a colour)
            "transfer": "grab" | "snore" | null,   # pending: any card of this kind passes it on
            "accept": null | {"kind": "grab" | "snore", "cards": n},
            "drawn": code | "back" | null,  # mode "drawn": only this card may be played
            "draw": bool, "pass": bool
          },
          "intercept": null | {"card": code, "seats": [int, …]},  # an identical card may be played now
          "catch": null | {"seat": i, "by": [int, …]},            # i holds one card without the call
          "villains": [                     # adventure only, one per pile, piles in order
            {"pile": "pirates", "top": code | "back" | null, "size": n,
             "beaten_by": null | {"values": [..]} | {"super": true} | {"colour": c} | {"interception": true},
             "can_defeat": [int, …]}         # seats holding 6 cards or fewer (R-ADV-1)
          ],
          "hush": seat | null, "decree": text | null
        }
    """
    result: dict = {
        "finished": game.finished,
        "turn": game.turn,
        "play": None,
        "intercept": None,
        "catch": None,
        "villains": [],
        "hush": game.hush,
        "decree": game.decree,
    }
    if game.adventure:
        can_defeat = [i for i, hand in enumerate(game.hands) if len(hand) <= DEFEAT_LIMIT]
        for pile in PILES:
            stack = game.villains[pile]
            top = stack[0] if stack else None
            result["villains"].append({
                "pile": pile,
                "top": (BACK if top is UNKNOWN else top) if stack else None,
                "size": len(stack),
                "beaten_by": _beaten_by(top),
                "can_defeat": can_defeat if stack else [],
            })
    if game.finished:
        return result
    seat = game.turn
    top = game.top
    colour, face, kind = _FACTS[top]
    play = {
        "seat": seat, "mode": "normal", "any": False, "colour": None, "value": None, "kind": None,
        "super_kinds": [], "poly": False, "transfer": None, "accept": None, "drawn": None,
        "draw": False, "pass": False,
    }
    if game.pending is not None:
        pending_kind = game.pending["kind"]
        play["mode"] = "pending"
        play["accept"] = {"kind": pending_kind, "cards": game.pending["cards"]}
        if game.rules["transfer"]:
            play["transfer"] = pending_kind
    else:
        if game.drawn:
            play["mode"] = "drawn"
            play["drawn"] = BACK if game._drawn_card is None else game._drawn_card
            play["pass"] = True
        else:
            play["draw"] = True
        if game.colour is None:
            play["any"] = True
        else:
            play["colour"] = game.colour
            play["super_kinds"] = list(game._ed.super_kinds)
            if kind == "number":
                play["value"] = int(face)
            elif kind != POLY:
                play["kind"] = kind
        play["poly"] = True
    result["play"] = play
    if game._intercept and game._last_play is not None:
        card = game._last_play
        seats = [i for i in range(game.n) if game._holds(i, card)]
        if seats:
            result["intercept"] = {"card": card, "seats": seats}
    if game._catch_window and len(game.hands[game._catchable]) == 1:
        caught = game._catchable
        result["catch"] = {"seat": caught, "by": [i for i in range(game.n) if i != caught]}
    return result
