"""Scripted camera event streams from engine games: what a perfect watcher would report.

A full-knowledge game is played by bots; every action becomes the events the camera would see
(a card landing, a hand reaching into the deck, everyone slapping it after a slap or a steal,
villain tops taken or moved), and the truth (the actions) is kept to check the tracker against.
"""

from __future__ import annotations

import copy
import random

from companion.cards import PILES
from companion.rules import Game
from companion.rules.bots import GreedyBot
from companion.rules.simulate import play

STEP_S = 1.5  # camera seconds between two actions


def villain_events(action: dict, before: dict, after: dict, t: float) -> list[dict]:
    """The moved/taken events that turn the villain piles ``before`` into ``after`` (R-SHAKE: the
    move first, then the defeats), as the simulated table acts them out."""
    piles = {p: list(before[p]) for p in PILES}
    events = []
    shake = action.get("shake")
    if shake and piles[shake[0]]:
        source, target = shake
        moved = piles[source].pop(0)
        piles[target].insert(0, moved)
        events.append(
            {
                "type": "moved",
                "t": t,
                "zone": source,
                "card": moved,
                "to": target,
                "under": piles[source][0] if piles[source] else None,
            }
        )
    for pile in PILES:
        while len(piles[pile]) > len(after[pile]):
            taken = piles[pile].pop(0)
            events.append(
                {
                    "type": "taken",
                    "t": t,
                    "zone": pile,
                    "card": taken,
                    "under": piles[pile][0] if piles[pile] else None,
                }
            )
    return events


def scripted_game(seed: int, players: int = 3, edition: str = "adventure", bots=None):
    """(start events, [(action, events)], final game) for a bot game dealt by ``seed``."""
    game = Game.deal(edition, players, seed=seed)
    start = [
        {"type": "top", "t": 0.0, "zone": p, "card": game.villains[p][0]} for p in PILES if game.villains[p]
    ]
    start.append({"type": "landed", "t": 0.0, "zone": "discard", "card": game.top, "first": True})
    rng = random.Random(seed)
    steps = []
    t = 0.0
    bots = bots or [GreedyBot() for _ in range(players)]
    villains = copy.deepcopy(game.villains)
    hands = [len(h) for h in game.hands]
    deck = len(game.deck)  # before the action: the table slaps a deck that has cards
    for action in play(game, bots, rng):
        t += STEP_S
        events = []
        if "play" in action:
            events.append({"type": "landed", "t": t, "zone": "discard", "card": action["play"]})
        grew = any(
            len(h) > c + (1 if "draw" in action and i == action["by"] else 0)
            for i, (h, c) in enumerate(zip(game.hands, hands, strict=True))
        )
        if "draw" in action:
            events.append({"type": "drawn", "t": t, "zone": "deck"})
        if "last" in action and deck:
            events.append({"type": "drawn", "t": t + 0.3, "zone": "deck"})  # everyone slaps the deck
        if grew and "draw" not in action:
            events.append({"type": "drawn", "t": t + 0.5, "zone": "deck"})  # penalty draws: one reach
        events += villain_events(action, villains, game.villains, t + 0.7)
        villains = copy.deepcopy(game.villains)
        hands = [len(h) for h in game.hands]
        deck = len(game.deck)
        steps.append((action, events))
    return start, steps, game
