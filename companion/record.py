"""Game records (GAME-RECORD.md): load and validate, replay, write. Standard library only.

A record with ``setup`` (or none, then dealt by ``seed``) replays a full-knowledge game. As an
extension, a record may hold ``public`` instead of ``setup``: the keyword arguments of
``Game.public`` (``top``, ``hand_counts``, ``deck_count``, ``villains`` with ``null`` for unseen
cards, ``trophies``, ``turn``, ``colour``, ``direction``); its actions may include the fact
``{"reveal": PILE, "card": CODE}`` (``Game.reveal_villain``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from companion.cards import EDITIONS, PILES
from companion.rules import Game, IllegalAction
from companion.rules.actions import action_form
from companion.rules.options import resolve_rules

MIN_PLAYERS, MAX_PLAYERS = 2, 10


class RecordError(Exception):
    """The record is not valid as a whole: error code ``bad-record``; ``index`` names a bad action."""

    code = "bad-record"

    def __init__(self, message: str, index: int | None = None):
        super().__init__(message)
        self.message = message
        self.index = index

    def as_error(self) -> dict:
        return {"index": self.index, "code": self.code, "message": self.message}


@dataclass
class Record:
    edition: str
    players: list[str]
    dealer: int = 0
    rules: dict | None = None
    setup: dict | None = None
    seed: int | None = None
    public: dict | None = None
    actions: list[dict] = field(default_factory=list)


def _is_int(value: object) -> bool:
    return type(value) is int


def _card_list(value: object, key: str, allowed: tuple[str, ...], edition: str, *,
               unknown: bool = False) -> list:
    if not isinstance(value, list):
        raise RecordError(f"'{key}' must be a list of card codes, not {type(value).__name__}")
    for i, code in enumerate(value):
        if code is None and unknown:
            continue
        if not isinstance(code, str) or code not in allowed:
            raise RecordError(f"'{key}[{i}]': {code!r} is not a card of {edition} that may lie there")
    return value


def _check_edition(edition: object) -> None:
    if not isinstance(edition, str) or edition not in EDITIONS:
        raise RecordError(f"'edition': {edition!r} is not one of {sorted(EDITIONS)}")


def _player_count(players: object) -> int:
    """The number of players named by ``players``; ``RecordError`` unless it is a list of 2-10 names."""
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise RecordError("'players' must be a list of names")
    n = len(players)
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        raise RecordError(f"'players': Svintus needs {MIN_PLAYERS} to {MAX_PLAYERS} players, not {n}")
    return n


def _seat(value: object, key: str, n: int) -> int:
    if not _is_int(value) or not 0 <= value < n:
        raise RecordError(f"'{key}' must be a seat from 0 to {n - 1}, not {value!r}")
    return value


def _check_villains(villains: object, key: str, edition: str, *, unknown: bool = False) -> dict:
    ed = EDITIONS[edition]
    if not isinstance(villains, dict):
        raise RecordError(f"'{key}' must be an object with the piles {list(PILES)}")
    for pile in villains:
        if pile not in PILES:
            raise RecordError(f"'{key}.{pile}': no such villain pile; piles: {list(PILES)}")
    for pile in PILES:
        if pile not in villains:
            raise RecordError(f"'{key}.{pile}' is missing")
        _card_list(villains[pile], f"{key}.{pile}", ed.villain_codes, edition, unknown=unknown)
        if villains[pile] and not ed.villains:
            raise RecordError(f"'{key}.{pile}': {edition} has no villains")
    return villains


def _check_trophies(trophies: object, key: str, edition: str, n: int, *, unknown: bool = False) -> None:
    if not isinstance(trophies, list) or len(trophies) != n:
        raise RecordError(f"'{key}' must be a list of {n} lists (one per player)")
    for i, pile in enumerate(trophies):
        _card_list(pile, f"{key}[{i}]", EDITIONS[edition].villain_codes, edition, unknown=unknown)


def _check_setup(setup: object, edition: str, n: int) -> None:
    playable = EDITIONS[edition].playable_codes
    if not isinstance(setup, dict):
        raise RecordError(f"'setup' must be an object, not {type(setup).__name__}")
    for key in ("hands", "discard", "deck"):
        if key not in setup:
            raise RecordError(f"'setup.{key}' is missing")
    hands = setup["hands"]
    if not isinstance(hands, list) or len(hands) != n:
        raise RecordError(f"'setup.hands' must be a list of {n} hands (one per player)")
    for i, hand in enumerate(hands):
        _card_list(hand, f"setup.hands[{i}]", playable, edition)
    _card_list(setup["discard"], "setup.discard", playable, edition)
    if not setup["discard"]:
        raise RecordError("'setup.discard' must hold at least the top card")
    _card_list(setup["deck"], "setup.deck", playable, edition)
    # Optional keys may also be null, meaning "the default".
    if setup.get("villains") is not None:
        _check_villains(setup["villains"], "setup.villains", edition)
    elif EDITIONS[edition].villains:
        raise RecordError("'setup.villains' is missing (the adventure needs its three villain piles)")
    if setup.get("trophies") is not None:
        _check_trophies(setup["trophies"], "setup.trophies", edition, n)
    if setup.get("turn") is not None:
        _seat(setup["turn"], "setup.turn", n)


def _check_public(public: object, edition: str, n: int) -> None:
    if not isinstance(public, dict):
        raise RecordError(f"'public' must be an object, not {type(public).__name__}")
    if "top" not in public:
        raise RecordError("'public.top' is missing")
    _card_list([public["top"]], "public.top", EDITIONS[edition].playable_codes, edition)
    counts = public.get("hand_counts")
    if counts is not None and not (isinstance(counts, list) and len(counts) == n
                                   and all(_is_int(c) and c >= 0 for c in counts)):
        raise RecordError(f"'public.hand_counts' must be a list of {n} counts")
    deck_count = public.get("deck_count")
    if deck_count is not None and not (_is_int(deck_count) and deck_count >= 0):
        raise RecordError("'public.deck_count' must be a count of 0 or more")
    if public.get("villains") is not None:
        _check_villains(public["villains"], "public.villains", edition, unknown=True)
    if public.get("trophies") is not None:
        _check_trophies(public["trophies"], "public.trophies", edition, n, unknown=True)
    if public.get("turn") is not None:
        _seat(public["turn"], "public.turn", n)
    colour = public.get("colour")
    if colour is not None and colour not in EDITIONS[edition].colours:
        raise RecordError(f"'public.colour': {colour!r} is not a colour of {edition}")
    if public.get("direction", 1) not in (1, -1) or isinstance(public.get("direction"), bool):
        raise RecordError("'public.direction' must be 1 or -1")
    known = {"top", "hand_counts", "deck_count", "villains", "trophies", "turn", "colour", "direction"}
    unknown_keys = set(public) - known
    if unknown_keys:
        raise RecordError(f"'public.{sorted(unknown_keys)[0]}': no such key")


def _json_object(source: str | bytes | dict, what: str) -> dict:
    """The JSON object of a record given as text or already parsed; ``RecordError`` otherwise."""
    if isinstance(source, str | bytes | bytearray):
        try:
            data = json.loads(source)
        except (ValueError, UnicodeDecodeError, RecursionError) as exc:
            raise RecordError(f"not JSON: {exc}") from None
    else:
        data = source
    if not isinstance(data, dict):
        raise RecordError(f"{what} must be a JSON object, not {type(data).__name__}")
    return data


def load(source: str | bytes | dict) -> Record:
    """Parse and validate a record as a whole; ``RecordError`` (bad-record) names the bad key."""
    data = _json_object(source, "a record")
    edition = data.get("edition")
    if edition is None:
        raise RecordError("'edition' is missing")
    _check_edition(edition)
    players = data.get("players")
    if players is None:
        raise RecordError("'players' is missing")
    n = _player_count(players)
    dealer = _seat(data.get("dealer", 0), "dealer", n)
    try:
        resolve_rules(edition, data.get("rules"))
    except IllegalAction as exc:
        raise RecordError(exc.message) from None
    seed = data.get("seed")
    if seed is not None and not _is_int(seed):
        raise RecordError(f"'seed' must be a whole number, not {seed!r}")
    setup = data.get("setup")
    public = data.get("public")
    if setup is not None and public is not None:
        raise RecordError("'setup' and 'public' exclude each other")
    if setup is not None:
        _check_setup(setup, edition, n)
    elif public is not None:
        _check_public(public, edition, n)
    elif seed is None:
        raise RecordError("'seed' is missing (a record without 'setup' is dealt by its seed)")
    actions = data.get("actions", [])
    if not isinstance(actions, list):
        raise RecordError(f"'actions' must be a list, not {type(actions).__name__}")
    for index, action in enumerate(actions):
        try:
            action_form(action, edition, n)
        except IllegalAction as exc:
            raise RecordError(f"actions[{index}]: {exc.message}", index) from None
    return Record(edition=edition, players=list(players), dealer=dealer, rules=data.get("rules"),
                  setup=setup, seed=seed, public=public, actions=list(actions))


def new_game(record: Record) -> Game:
    """The game a record starts from, before its actions."""
    kwargs = {"dealer": record.dealer, "rules": record.rules}
    if record.setup is not None:
        return Game.from_setup(record.edition, record.players, record.setup, seed=record.seed or 0, **kwargs)
    if record.public is not None:
        return Game.public(record.edition, record.players, **kwargs, **record.public)
    return Game.deal(record.edition, record.players, seed=record.seed, **kwargs)


def replay(record: Record) -> tuple[Game, dict | None]:
    """Replay every action; stop at the first the rules refuse: ``(game, {"index", "code", "message"})``."""
    game = new_game(record)
    for index, action in enumerate(record.actions):
        try:
            game.push(action)
        except IllegalAction as exc:
            return game, {"index": index, "code": exc.code, "message": exc.message}
    return game, None


def to_record(game: Game) -> dict:
    """A record of ``game`` that ``replay`` reproduces exactly."""
    record = {
        "edition": game.edition,
        "rules": dict(game.rules),
        "players": list(game.players),
        "dealer": game.dealer,
    }
    start = game._start
    if "setup" in start:
        setup = start["setup"]
        record["setup"] = {
            "hands": [list(h) for h in setup["hands"]],
            "discard": list(setup["discard"]),
            "deck": list(setup["deck"]),
            "villains": {p: list(setup["villains"][p]) for p in PILES},
            "trophies": [list(t) for t in setup["trophies"]],
            "turn": setup["turn"],
        }
        record["seed"] = game.seed
    else:
        public = dict(start["public"])
        public["villains"] = {p: list(v) for p, v in public["villains"].items()}
        public["trophies"] = [list(t) for t in public["trophies"]]
        record["public"] = public
    record["actions"] = [dict(a) for a in game.actions]
    return record


def replay_text(text: str | bytes) -> tuple[dict, int]:
    """What ``companion replay`` prints and its exit status (0, 1 or 2), for a record's text."""
    try:
        record = load(text)
    except RecordError as exc:
        return {"error": exc.as_error()}, 2
    game, error = replay(record)
    state = game.state()
    state["error"] = error
    return state, (1 if error else 0)


def score(source: str | bytes | dict) -> dict:
    """Total a tournament score record (R-TOUR-1, R-TOUR-2): ``{"totals", "target", "finished", "winner"}``.

    ``RecordError`` for an invalid record, a round that does not fit the players, or a round
    played after the match was won (its ``index`` is the round's).
    """
    from companion.rules import tournament_target

    data = _json_object(source, "a score record")
    edition = data.get("edition")
    _check_edition(edition)
    if EDITIONS[edition].villains:
        raise RecordError("'edition': the adventure is not played as a tournament (RULES.md §4)")
    n = _player_count(data.get("players"))
    target = data.get("target")
    if target is None:
        target = tournament_target(edition, n)
    elif not _is_int(target) or target < 1:
        raise RecordError(f"'target' must be a positive number of points or null, not {target!r}")
    rounds = data.get("rounds")
    if not isinstance(rounds, list):
        raise RecordError("'rounds' must be a list")
    totals = [0] * n
    winner = None
    for index, entry in enumerate(rounds):
        key = f"rounds[{index}]"
        if winner is not None:
            raise RecordError(f"{key}: the match was already won by seat {winner}", index)
        if not isinstance(entry, dict):
            raise RecordError(f"{key} must be an object with 'winner' and 'left'", index)
        if "winner" not in entry or not _is_int(entry["winner"]) or not 0 <= entry["winner"] < n:
            raise RecordError(f"{key}.winner must be a seat from 0 to {n - 1}, "
                              f"not {entry.get('winner')!r}", index)
        left = entry.get("left")
        if not (isinstance(left, list) and len(left) == n and all(_is_int(c) and c >= 0 for c in left)):
            raise RecordError(f"{key}.left must be a list of {n} card counts", index)
        if left[entry["winner"]] != 0:
            raise RecordError(f"{key}.left: the winner (seat {entry['winner']}) must hold 0 cards", index)
        totals[entry["winner"]] += sum(left)  # R-TOUR-1
        if totals[entry["winner"]] >= target:
            winner = entry["winner"]  # R-TOUR-2
    return {"totals": totals, "target": target, "finished": winner is not None, "winner": winner}
