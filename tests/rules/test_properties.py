"""Property tests over seeded simulations of every edition and 2–8 players."""

import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion import cards
from companion.record import load, replay, to_record
from companion.rules import Game, IllegalAction
from companion.rules.bots import GreedyBot, RandomBot
from companion.rules.simulate import play

EDITIONS = st.sampled_from(["junior", "adventure", "svintus2"])
PLAYERS = st.integers(min_value=2, max_value=8)
SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def cards_in_play(game):
    return Counter(c for h in game.hands for c in h) + Counter(game.deck) + Counter(game.discard)


def villains_held(game):
    piles = Counter(c for p in game.villains.values() for c in p)
    return piles + Counter(c for t in game.trophies for c in t)


def bots_for(players, seed):
    kinds = (GreedyBot, RandomBot) if seed % 2 else (RandomBot, GreedyBot)
    return [kinds[i % 2]() for i in range(players)]


def probes(game, rng):
    """A few actions that may or may not be legal now: plays, draws, passes, accepts, catches."""
    codes = cards.EDITIONS[game.edition].playable_codes
    actions = []
    for _ in range(6):
        seat = rng.randrange(game.n)
        code = rng.choice(codes)
        actions.append(rng.choice([
            {"by": seat, "play": code}, {"by": seat, "play": code, "colour": "b"},
            {"by": seat, "draw": True}, {"by": seat, "pass": True}, {"by": seat, "accept": True},
            {"by": seat, "catch": rng.randrange(game.n)}, {"by": seat, "spoke": True},
            {"by": seat, "dawdle": True},
        ]))
    return actions


OPTIONS = st.fixed_dictionaries({"intercept": st.booleans(), "transfer": st.booleans()})


def allowed(edition, options):
    """The options an edition may take (fixed rules stay on, RULES.md §4)."""
    fixed = {"adventure": {"intercept": True}, "svintus2": {"intercept": True, "transfer": True}}
    return {**options, **fixed.get(edition, {})}


@SETTINGS
@given(edition=EDITIONS, players=PLAYERS, seed=SEEDS, options=OPTIONS)
def test_simulated_games_keep_every_card_and_obey_legal_moves(edition, players, seed, options):
    game = Game.deal(edition, players, seed=seed, rules=allowed(edition, options))
    deck_total = cards_in_play(game)
    villains_total = villains_held(game)
    rng = random.Random(seed)
    probe_rng = random.Random(seed + 1)
    steps = 0
    for _ in play(game, bots_for(players, seed), rng):
        steps += 1
        assert cards_in_play(game) == deck_total  # hands + deck + discard
        assert villains_held(game) == villains_total  # villain piles + trophies
        if steps % 7 == 0 and not game.finished:
            for seat in range(players):
                moves = game.legal_moves(seat)
                for move in moves:
                    assert game.is_legal(move), move
                if seat != game.turn:
                    assert game.may_act_out_of_turn(seat) == bool(moves)
            for probe in probes(game, probe_rng):
                before = game.state()
                try:
                    game.push(probe)
                except IllegalAction:
                    assert game.state() == before
                else:
                    game.pop()
                    assert game.state() == before
    assert game.finished and game.winners
    again, error = replay(load(to_record(game)))
    assert error is None and again.state() == game.state()


@SETTINGS
@given(edition=EDITIONS, players=PLAYERS, seed=SEEDS, options=OPTIONS)
def test_public_knowledge_follows_the_same_game(edition, players, seed, options):
    """The table's game (counts only) accepts every action of a full game and agrees on everything public."""
    rules = allowed(edition, options)
    full = Game.deal(edition, players, seed=seed, rules=rules)
    table = Game.public(edition, players, rules=rules, top=full.top, hand_counts=[8] * players,
                        deck_count=len(full.deck),
                        villains={p: list(v) for p, v in full.villains.items()}, turn=full.turn)
    for action in play(full, bots_for(players, seed), random.Random(seed)):
        table.push(action)
        assert table.view()["hand_counts"] == full.view()["hand_counts"]
        public = (table.top, table.turn, table.colour, table.pending, table.direction, table.hush)
        assert public == (full.top, full.turn, full.colour, full.pending, full.direction, full.hush)
        assert len(table.deck) == len(full.deck)
    assert table.state()["villains"] == full.state()["villains"]
    assert table.state()["trophies"] == full.state()["trophies"]
    assert table.outcome == full.outcome
