"""Complete random-legal games per second: our engine against RLCard's UNO, in one run.

    python benchmarks/engine.py [--games N] [--seconds S]

Our games are played by ``companion.rules.simulate.play`` with a ``RandomBot`` at every seat (legal
moves only, out-of-turn interceptions and catches included). RLCard's ``UnoGame`` plays 2-player
games choosing uniformly among ``get_legal_actions()``, which offer a draw only when no card can be
played; our comparable bot is ``RandomBot(play_first=True)`` (uniform among playable cards, a draw
only when stuck). A bot uniform over all our legal moves, where drawing is always allowed
(R-TURN-2), is measured too: its games are twenty times longer. RLCard runs in its own virtual environment,
``benchmarks/.venv-rlcard`` (created with ``pip install rlcard`` when missing; git ignores it), in
a child process timed by itself. Also printed: our 4- and 8-player games, the cost of one
``legal_moves`` call, and a ceiling: the same number of actions per game with no rules at all
(per game a seeded shuffle of the deck; per action one ``random.choice``, one action dict, one
generator step), which is what any engine in Python pays before it checks a single rule.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from companion.rules import Game  # noqa: E402
from companion.rules.bots import RandomBot  # noqa: E402
from companion.rules.simulate import play  # noqa: E402

RLCARD_VENV = HERE / ".venv-rlcard"
RLCARD_GAMES = r"""
import json, random, sys, time
import numpy as np
from rlcard.games.uno.game import UnoGame
games, seconds, seed = int(sys.argv[1]), float(sys.argv[2]), int(sys.argv[3])
rng = random.Random(seed)
game = UnoGame(num_players=2)
game.np_random = np.random.RandomState(seed)
played = steps = 0
start = time.perf_counter()
while played < games or time.perf_counter() - start < seconds:
    game.init_game()
    while not game.is_over():
        game.step(rng.choice(game.get_legal_actions()))
        steps += 1
    played += 1
elapsed = time.perf_counter() - start
print(json.dumps({"games": played, "seconds": elapsed, "steps": steps}))
"""


def rlcard_python() -> Path:
    python = RLCARD_VENV / "bin" / "python"
    probe = [str(python), "-c", "import rlcard.games.uno.game"]
    if python.exists() and subprocess.run(probe, capture_output=True).returncode == 0:
        return python
    print(f"installing rlcard into {RLCARD_VENV} …", file=sys.stderr)
    subprocess.run([sys.executable, "-m", "venv", str(RLCARD_VENV)], check=True)
    subprocess.run([str(python), "-m", "pip", "install", "-q", "rlcard"], check=True)
    return python


def measure_rlcard(games: int, seconds: float, seed: int = 1) -> dict:
    out = subprocess.run([str(rlcard_python()), "-c", RLCARD_GAMES, str(games), str(seconds), str(seed)],
                         capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def measure_ours(edition: str, players: int, games: int, seconds: float, *, play_first: bool = True,
                 first_seed: int = 0) -> dict:
    bots = [RandomBot(play_first=play_first) for _ in range(players)]
    played = actions = 0
    start = time.perf_counter()
    while played < games or time.perf_counter() - start < seconds:
        seed = first_seed + played
        game = Game.deal(edition, players, seed=seed)
        for _ in play(game, bots, random.Random(seed)):
            actions += 1
        played += 1
    return {"games": played, "seconds": time.perf_counter() - start, "steps": actions}


def measure_bare_loop(actions_per_game: int, games: int, seconds: float) -> dict:
    """Games of ``actions_per_game`` actions with no rules: the floor under any engine in Python."""
    deck = [f"card{i}" for i in range(112)]
    choices = ["a", "b", "c"]

    def bare_game(seed: int):
        random.Random(seed).shuffle(list(deck))
        rng = random.Random(seed)
        for _ in range(actions_per_game):
            yield {"by": 0, "play": rng.choice(choices)}

    played = actions = 0
    start = time.perf_counter()
    while played < games or time.perf_counter() - start < seconds:
        for _ in bare_game(played):
            actions += 1
        played += 1
    return {"games": played, "seconds": time.perf_counter() - start, "steps": actions}


def legal_moves_cost(edition: str, players: int, samples: int = 2000) -> float:
    """Mean seconds of one ``legal_moves`` call for the seat to move, over positions of random games."""
    positions = []
    seed = 0
    while len(positions) < samples:
        game = Game.deal(edition, players, seed=seed)
        for _ in play(game, [RandomBot() for _ in range(players)], random.Random(seed)):
            if not game.finished and len(positions) < samples:
                positions.append(game)
                break
        seed += 1
    start = time.perf_counter()
    calls = 0
    for game in positions:
        for _ in range(20):
            game.legal_moves(game.turn)
            calls += 1
    return (time.perf_counter() - start) / calls


def _add(total: dict | None, part: dict) -> dict:
    if total is None:
        return dict(part)
    return {key: total[key] + part[key] for key in total}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300, help="at least this many games per measurement")
    parser.add_argument("--seconds", type=float, default=3.0, help="and at least this long per measurement")
    parser.add_argument("--rounds", type=int, default=3,
                        help="2-player measurements alternate with RLCard's this many times (a shared "
                             "machine's load then weighs on both alike)")
    args = parser.parse_args()

    share_games = max(args.games // args.rounds, 1)
    share_seconds = args.seconds / args.rounds
    rl = None
    ours2: dict[str, dict | None] = {"svintus2": None, "junior": None, "adventure": None}
    for round_number in range(args.rounds):
        rl = _add(rl, measure_rlcard(share_games, share_seconds, seed=1 + round_number))
        for edition in ours2:
            ours = measure_ours(edition, 2, share_games, share_seconds, first_seed=100_000 * round_number)
            ours2[edition] = _add(ours2[edition], ours)
    rl_rate = rl["games"] / rl["seconds"]
    rl_steps = rl["steps"] / rl["seconds"]
    rl_length = rl["steps"] / rl["games"]
    print(f"RLCard UNO        2 players: {rl_rate:9.1f} games/s  ({rl_length:.1f} steps/game, "
          f"{rl_steps:.0f} steps/s)")
    for edition in ("svintus2", "junior", "adventure"):
        for players in (2, 4, 8):
            ours = ours2[edition] if players == 2 else measure_ours(edition, players, args.games,
                                                                    args.seconds)
            rate = ours["games"] / ours["seconds"]
            line = (f"ours {edition:<9} {players} players: {rate:9.1f} games/s  "
                    f"({ours['steps'] / ours['games']:.1f} actions/game, "
                    f"{ours['steps'] / ours['seconds']:.0f} actions/s)")
            if players == 2:
                line += (f"  ratio to RLCard UNO: {rate / rl_rate:.2f}x games/s, "
                         f"{ours['steps'] / ours['seconds'] / rl_steps:.2f}x steps/s")
            print(line, flush=True)
    uniform = measure_ours("svintus2", 2, max(args.games // 10, 10), args.seconds, play_first=False)
    rate = uniform["games"] / uniform["seconds"]
    length = uniform["steps"] / uniform["games"]
    print(f"ours svintus2 2 players, uniform over all legal moves: {rate:.1f} games/s "
          f"({length:.0f} actions/game), ratio {rate / rl_rate:.3f}x", flush=True)
    ours = ours2["svintus2"]
    length = round(ours["steps"] / ours["games"])
    bare = measure_bare_loop(length, args.games, args.seconds)
    rate = bare["games"] / bare["seconds"]
    print(f"ceiling: {length} actions/game with no rules at all: {rate:.1f} games/s, "
          f"ratio {rate / rl_rate:.2f}x", flush=True)
    for edition in ("svintus2", "adventure"):
        cost = legal_moves_cost(edition, 4)
        print(f"legal_moves       {edition:<9} 4 players: {cost * 1e6:7.2f} µs per call")
    return 0


if __name__ == "__main__":
    sys.exit(main())
