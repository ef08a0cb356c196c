"""Words for the tablet: card names and log lines in Russian and English."""

from __future__ import annotations

from companion.cards import COLOUR_NAMES, SUPER_NAMES_EN, SUPER_NAMES_RU, parse

# Feminine forms: «карта» is feminine («синяя 3»).
COLOUR_RU_F = {"b": "синяя", "g": "зелёная", "r": "красная", "y": "жёлтая", "o": "оранжевая"}
COLOUR_RU = {"b": "синий", "g": "зелёный", "r": "красный", "y": "жёлтый", "o": "оранжевый"}
VILLAIN_RU = {
    "pirate-small": "пиратики",
    "pirate-big": "пиратища",
    "pirate-super": "суперпираты",
    "ghost": "привидения",
    "alien": "пришельцы",
}
VILLAIN_EN = {
    "pirate-small": "small pirates",
    "pirate-big": "big pirates",
    "pirate-super": "super pirates",
    "ghost": "ghosts",
    "alien": "aliens",
}
PILE_RU = {"pirates": "пираты", "ghosts": "привидения", "aliens": "пришельцы"}


def card_ru(code: str | None) -> str:
    if code is None:
        return "?"
    card = parse(code)
    if card.is_number:
        return f"{COLOUR_RU_F[card.colour]} {card.value}"
    if card.kind == "ghost":
        return f"{VILLAIN_RU['ghost']} ({COLOUR_RU[card.colour]})"
    if card.kind in VILLAIN_RU:
        return VILLAIN_RU[card.kind]
    if card.colour:
        return f"{SUPER_NAMES_RU[card.kind]} ({COLOUR_RU[card.colour]})"
    return SUPER_NAMES_RU.get(card.kind, code)


def card_en(code: str | None) -> str:
    if code is None:
        return "?"
    card = parse(code)
    if card.is_number:
        return f"{COLOUR_NAMES[card.colour]} {card.value}"
    if card.kind == "ghost":
        return f"{COLOUR_NAMES[card.colour]} ghosts"
    if card.kind in VILLAIN_EN:
        return VILLAIN_EN[card.kind]
    if card.colour:
        return f"{COLOUR_NAMES[card.colour]} {SUPER_NAMES_EN[card.kind]}"
    return SUPER_NAMES_EN.get(card.kind, code)


def colour_option(colour: str) -> dict:
    return {"value": colour, "label_ru": COLOUR_RU[colour], "label_en": COLOUR_NAMES[colour]}


def card_option(code: str) -> dict:
    return {"value": code, "label_ru": card_ru(code), "label_en": card_en(code)}


# The answer to a question about a card that landed: no card was laid there (an arm passed over, and
# the camera read the top again as another card), or the card was taken back.
NOTHING_PLAYED = "ignore"


def nothing_played_option() -> dict:
    return {"value": NOTHING_PLAYED, "label_ru": "ничего не сыграно", "label_en": "nothing was played"}


def seat_option(seat: int, players: list[str]) -> dict:
    return {"value": seat, "label_ru": players[seat], "label_en": players[seat]}


def describe_action(action: dict, players: list[str]) -> tuple[str, str, str]:
    """(kind, text_ru, text_en) of one engine action for the log."""
    name = players[action["by"]] if "by" in action else None
    if "play" in action:
        ru, en = f"{name}: {card_ru(action['play'])}", f"{name} played {card_en(action['play'])}"
        if "colour" in action:
            ru += f", цвет {COLOUR_RU[action['colour']]}"
            en += f", named {COLOUR_NAMES[action['colour']]}"
        if "last" in action:
            ru += f", последняя рука: {players[action['last']]}"
            en += f", last hand: {players[action['last']]}"
        if "shake" in action:
            src, dst = action["shake"]
            ru += f", {PILE_RU[src]} → {PILE_RU[dst]}"
            en += f", {src} onto {dst}"
        return "play", ru, en
    if "draw" in action:
        return "draw", f"{name} взял(а) карту", f"{name} drew a card"
    if "pass" in action:
        return "pass", f"{name} оставил(а) карту себе", f"{name} kept the card"
    if "accept" in action:
        return "accept", f"{name} принял(а) штраф", f"{name} took the penalty"
    if "wrong" in action:
        card = action["wrong"]
        return (
            "wrong",
            f"{name}: не та карта ({card_ru(card)}), берёт 2",
            f"{name} played a wrong card ({card_en(card)}), draws 2",
        )
    if "catch" in action:
        caught = players[action["catch"]]
        return "catch", f"{name} поймал(а) {caught}: берёт 3", f"{name} caught {caught}: draws 3"
    if "spoke" in action:
        return "spoke", f"{name} заговорил(а): берёт 2", f"{name} spoke: draws 2"
    if "dawdle" in action:
        return "dawdle", f"{name} мешкал(а): берёт 2", f"{name} dawdled: draws 2"
    if "penalty" in action:
        who = players[action["penalty"]]
        return "penalty", f"{who}: штраф, карт {action['cards']}", f"{who}: penalty of {action['cards']}"
    if "reveal" in action:
        pile = action["reveal"]
        return (
            "reveal",
            f"{PILE_RU[pile]}: сверху {card_ru(action['card'])}",
            f"{pile}: {card_en(action['card'])} on top",
        )
    return "action", str(action), str(action)
