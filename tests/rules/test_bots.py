"""Bots and simulate.play."""

import random
import subprocess
import sys
from collections import Counter

import pytest

from companion.rules import Game
from companion.rules.bots import GreedyBot, RandomBot
from companion.rules.simulate import SimulationStalled, play


def test_random_bot_moves_are_legal_and_out_of_turn_may_pass():
    game = Game.deal("svintus2", 3, seed=2)
    rng = random.Random(0)
    bot = RandomBot()
    for _ in range(50):
        action = bot.choose(game, game.turn, rng)
        assert action in game.legal_moves(game.turn)
        game.push(action)
        if game.finished:
            break
    idle = Game.deal("junior", 3, seed=2)
    assert bot.choose(idle, (idle.turn + 1) % 3, rng) is None  # nothing to do out of turn


def test_greedy_bot_prefers_villains_and_shedding(make):
    villains = {"pirates": ["pirate-big"], "ghosts": ["ghost-r"], "aliens": []}
    hands = [["r7", "b5", "b1", "g2"], ["y1", "y2", "y3"]]
    game = make("adventure", hands, top="b7", villains=villains, turn=0)
    assert GreedyBot().choose(game, 0, random.Random(0)) == {"by": 0, "play": "r7"}  # two villains at once
    plain = make("junior", [["b1", "r2", "g3"], ["y1", "y2", "y3"]], top="b7", turn=0)
    # it never draws when it can play
    assert GreedyBot().choose(plain, 0, random.Random(0)) == {"by": 0, "play": "b1"}


def test_greedy_bot_catches_and_intercepts(make):
    game = make("svintus2", [["b1", "b2"], ["b1", "o2", "o3"], ["g1", "g2", "g3"]], top="b5", turn=0)
    game.push({"by": 0, "play": "b1"})  # no call: catchable, and b1 can be intercepted by seat 1
    assert GreedyBot().choose(game, 2, random.Random(0)) == {"by": 2, "catch": 0}
    assert GreedyBot().choose(game, 1, random.Random(0)) == {"by": 1, "catch": 0}
    assert GreedyBot().choose(game, 0, random.Random(0)) is None


def test_play_schedules_interceptions_and_catches():
    forms = Counter()
    for seed in range(40):
        game = Game.deal("svintus2", 4, seed=seed)
        for action in play(game, [GreedyBot(), RandomBot()] * 2, random.Random(seed)):
            if "catch" in action:
                forms["catch"] += 1
            elif "play" in action and game.actions[-2:-1] and game.actions[-2].get("play") == action["play"]:
                forms["interception"] += 1
    assert forms["catch"] > 0 and forms["interception"] > 0


def test_out_of_turn_seats_agree_with_asking_each_seat():  # R-INTERCEPT-1, R-CALL-1
    checked = 0
    for edition, players in (("svintus2", 2), ("svintus2", 4), ("adventure", 3), ("junior", 5)):
        for seed in range(6):
            game = Game.deal(edition, players, seed=seed)
            for _ in play(game, [RandomBot(play_first=True)] * players, random.Random(seed)):
                if game.finished:
                    break
                order = [(game.turn + k) % players for k in range(1, players)]
                expected = [seat for seat in order if game.may_act_out_of_turn(seat)]
                assert game.out_of_turn_seats() == expected
                checked += bool(expected)
    assert checked > 0  # some windows were open
    public = Game.public("svintus2", 3, top="b5", hand_counts=[0, 3, 8], turn=1)
    public.push({"by": 1, "play": "b3"})  # an unknown hand may hold the twin; an empty one cannot
    assert public.turn == 2 and public.out_of_turn_seats() == [1]


def test_play_is_deterministic_for_a_seed():
    def record(seed):
        game = Game.deal("adventure", 3, seed=seed)
        return list(play(game, [GreedyBot(), RandomBot(), RandomBot()], random.Random(seed)))
    assert record(5) == record(5)


def test_play_stops_a_stalled_game(make):
    # Nobody can ever play or draw: the turn passes round forever.
    game = make("junior", [["r1", "r2"], ["r3", "r4"]], top="b5", deck=[], turn=0)
    with pytest.raises(SimulationStalled):
        list(play(game, [RandomBot(), RandomBot()], random.Random(0), max_actions=50))


def test_play_needs_one_bot_per_seat():
    with pytest.raises(ValueError):
        list(play(Game.deal("junior", 3, seed=1), [RandomBot()], random.Random(0)))


def test_engine_modules_import_only_the_standard_library():
    code = (
        "import sys\n"
        "before = set(sys.modules)\n"
        "import companion.rules, companion.rules.bots, companion.rules.simulate, companion.rules.hints\n"
        "import companion.cards, companion.record\n"
        "new = {m.split('.')[0] for m in set(sys.modules) - before}\n"
        "print(sorted(m for m in new if m != 'companion' and m not in sys.stdlib_module_names))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "[]"
