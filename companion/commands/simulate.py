"""``companion simulate``: bots play complete games; prints a JSON summary, can write every record."""

from __future__ import annotations

import json
from pathlib import Path

BOT_CHOICES = ("mixed", "greedy", "random")


def add_arguments(parser) -> None:
    parser.add_argument("--edition", required=True, choices=("junior", "adventure", "svintus2"))
    parser.add_argument("--players", type=int, default=3, help="2 to 10 (default 3)")
    parser.add_argument("--games", type=int, default=10, help="how many games (default 10)")
    parser.add_argument("--seed", type=int, default=0, help="game k is dealt with seed SEED + k (default 0)")
    parser.add_argument("--bots", choices=BOT_CHOICES, default="mixed",
                        help="greedy bots, random-legal bots, or both in turn around the table (default)")
    parser.add_argument("--records", metavar="DIR", help="write each game as a record DIR/game-SEED.json")


def summarise(edition: str, players: int, games: int, seed: int, bots: str = "mixed",
              records: Path | None = None) -> dict:
    """Play ``games`` games and return the summary that ``companion simulate`` prints."""
    import random

    from companion.record import to_record
    from companion.rules import Game, IllegalAction
    from companion.rules.bots import GreedyBot, RandomBot
    from companion.rules.simulate import SimulationStalled, play

    kinds = {"greedy": [GreedyBot], "random": [RandomBot], "mixed": [GreedyBot, RandomBot]}[bots]
    wins = [0] * players
    finished = 0
    total_turns = total_actions = total_villains = 0
    errors: list[dict] = []
    for k in range(games):
        game_seed = seed + k
        game = Game.deal(edition, players, seed=game_seed)
        table = [kinds[i % len(kinds)]() for i in range(players)]
        rng = random.Random(f"{game_seed}/bots")
        turns = 0  # how often the turn moved on (an interception takes the turn too)
        previous = game.turn
        try:
            for _ in play(game, table, rng):
                if game.turn != previous:
                    turns += 1
                    previous = game.turn
        except (SimulationStalled, IllegalAction) as exc:
            errors.append({"seed": game_seed, "error": str(exc)})
        if game.finished:
            finished += 1
            for seat in game.winners:
                wins[seat] += 1
        total_turns += turns
        total_actions += len(game.actions)
        total_villains += sum(len(t) for t in game.trophies)
        if records is not None:
            path = records / f"game-{game_seed}.json"
            path.write_text(json.dumps(to_record(game), ensure_ascii=False) + "\n", encoding="utf-8")
    return {
        "edition": edition,
        "players": players,
        "games": games,
        "seed": seed,
        "bots": [kind.name for kind in (kinds * players)[:players]],
        "finished": finished,
        "mean_turns": round(total_turns / games, 2) if games else 0,
        "mean_actions": round(total_actions / games, 2) if games else 0,
        "wins": wins,
        "villains_per_game": round(total_villains / games, 2) if games else 0,
        "errors": len(errors),
        "error_games": errors[:10],
    }


def run(args) -> int:
    from companion.cli import CommandError

    if not 2 <= args.players <= 10:
        raise CommandError(f"--players must be from 2 to 10, not {args.players}")
    if args.games < 1:
        raise CommandError(f"--games must be at least 1, not {args.games}")
    records = None
    if args.records:
        records = Path(args.records)
        try:
            records.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise CommandError(f"cannot create the records folder {records}: {exc.strerror}") from None
    summary = summarise(args.edition, args.players, args.games, args.seed, args.bots, records)
    print(json.dumps(summary, ensure_ascii=False))
    return 1 if summary["errors"] else 0
