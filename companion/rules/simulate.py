"""Bots play a game to its end: ``play(game, bots, rng)`` pushes and yields every action.

After each action the seats that may act out of turn (an interception, a catch) are asked first,
in turn order from the seat to move; the first bot that takes the chance acts. Then the seat to
move acts. A game that has not ended after ``max_actions`` stops with ``SimulationStalled``.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

from companion.rules.game import Game

MAX_ACTIONS = 20000


class SimulationStalled(RuntimeError):
    """The game did not end within the action limit (a table with nothing left to draw or play)."""


def play(game: Game, bots: Sequence, rng: random.Random, *, max_actions: int = MAX_ACTIONS) -> Iterator[dict]:
    """Push and yield each action (in turn and out of turn) until the game ends."""
    n = game.n
    if len(bots) != n:
        raise ValueError(f"one bot per seat: {n} seats, {len(bots)} bots")
    count = 0
    while not game.finished:
        if count >= max_actions:
            raise SimulationStalled(f"no end after {max_actions} actions")
        action = None
        for seat in game.out_of_turn_seats():
            action = bots[seat].choose(game, seat, rng)
            if action is not None:
                break
        if action is None:
            action = bots[game.turn].choose(game, game.turn, rng)
        game.push(action)
        count += 1
        yield action
