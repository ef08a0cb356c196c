"""Bots that play Svintus through the engine's public API.

``choose(game, seat, rng)`` returns an action for ``seat``. For the seat to move it always returns one;
for any other seat it returns an out-of-turn action (an interception, a catch) or ``None`` to let
the moment pass. ``rng`` is a ``random.Random`` owned by the caller.
"""

from __future__ import annotations

import random
from collections import Counter

from companion.cards import POLY, parse
from companion.rules.game import DEFEAT_LIMIT, Game, villain_beaten

# How often the random bot seizes an out-of-turn chance (an interception or a catch).
RANDOM_OUT_OF_TURN = 0.5


class RandomBot:
    """Any legal move, uniformly; out of turn it acts half the time.

    With ``play_first`` it plays a random playable card whenever it has one and draws only when it
    has none (the choice RLCard's UNO leaves its random agent, whose legal actions exclude drawing
    while a card can be played). Svintus allows drawing anyway (R-TURN-2), and a uniform choice that
    includes the draw makes games of a thousand moves and more.
    """

    name = "random"

    def __init__(self, play_first: bool = False):
        self.play_first = play_first

    def choose(self, game: Game, seat: int, rng: random.Random) -> dict | None:
        moves = game.legal_moves(seat)
        if seat != game.turn:
            if not moves or rng.random() >= RANDOM_OUT_OF_TURN:
                return None
        if self.play_first:
            plays = [m for m in moves if "play" in m]
            if plays:
                return rng.choice(plays)
        return rng.choice(moves) if moves else None


class GreedyBot:
    """Sheds cards and hunts villains: the best-scoring legal move by a few plain preferences.

    Out of turn it always intercepts (a card shed, maybe an alien) and always catches.
    """

    name = "greedy"

    def choose(self, game: Game, seat: int, rng: random.Random) -> dict | None:
        moves = game.legal_moves(seat)
        if not moves:
            return None
        hand = [c for c in game.hands[seat] if c is not None]
        colours = Counter(parse(c).colour for c in hand if c != POLY)
        best_score, best = None, []
        for move in moves:
            score = self._score(game, seat, move, colours)
            if best_score is None or score > best_score:
                best_score, best = score, [move]
            elif score == best_score:
                best.append(move)
        return rng.choice(best)

    def _score(self, game: Game, seat: int, move: dict, colours: Counter) -> float:
        if "catch" in move:
            return 100.0
        if "accept" in move:
            return -10.0
        if "draw" in move or "pass" in move:
            return -5.0
        code = move["play"]
        card = parse(code)
        score = 10.0
        left = len(game.hands[seat]) - 1
        if game.adventure and left <= DEFEAT_LIMIT:
            interception = code == game.top
            beaten = sum(1 for stack in game.villains.values()
                         if stack and stack[0] is not None and villain_beaten(stack[0], code, interception))
            score += 20.0 * (beaten if left else len([s for s in game.villains.values() if s]))
        if "villain" in move:
            score += 20.0
        if card.kind in ("grab", "snore"):
            score += 3.0
        if code == POLY:
            score -= 4.0  # keep the wild card for later
            score += colours.get(move.get("colour"), 0) * 0.5
        if move.get("svintus") is True:
            score += 1.0
        if "last" in move and move["last"] != seat:
            score += 0.5  # the table decides whose hand was last; the bot just guesses it was not its own
        if card.colour is not None:
            score += colours.get(card.colour, 0) * 0.1
        return score
