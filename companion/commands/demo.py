"""``companion demo``: the whole companion on a simulated table, served to the tablet page.

Bots play a game on the simulated table; its frames go through the real vision pipeline, watcher,
tracker and server, exactly as a webcam's would. The tracker's questions are answered by the bots
(from the simulated table's truth) after a short delay, unless someone taps an answer first. When
a round ends the next one starts; when a match ends a new one starts. Runs until Ctrl+C.
"""

from __future__ import annotations

import random
import threading
import time

from companion.cli import CommandError

EDITIONS = ("adventure", "junior", "svintus2")
NAMES_RU = ("Аня", "Боря", "Вика", "Гоша", "Даша", "Егор", "Женя", "Зоя", "Илья", "Катя")


def add_arguments(parser) -> None:
    parser.add_argument("--edition", default="adventure", help="junior, adventure (default) or svintus2")
    parser.add_argument("--players", type=int, default=3, help="2 to 10 players (default 3)")
    parser.add_argument("--seed", type=int, default=None, help="seed of the first round (default: random)")
    parser.add_argument("--speed", type=float, default=1.0,
                        help="how fast the table plays: 1 real time (default), 2 twice as fast")
    parser.add_argument("--port", type=int, default=8765, help="port of the tablet page (default 8765)")
    parser.add_argument("--host", default="0.0.0.0",
                        help="address to listen on (default all, so a tablet on the same Wi-Fi reaches it)")
    parser.add_argument("--answer-delay", type=float, default=4.0,
                        help="seconds the bots wait before answering a question themselves (default 4)")


def check_arguments(args) -> None:
    """CommandError for arguments a person got wrong."""
    if args.edition not in EDITIONS:
        raise CommandError(f"unknown edition {args.edition!r}; choose one of {', '.join(EDITIONS)}")
    if not 2 <= args.players <= 10:
        raise CommandError(f"--players must be between 2 and 10, not {args.players}")
    if not 0.1 <= args.speed <= 50:
        raise CommandError(f"--speed must be between 0.1 and 50, not {args.speed}")
    if not 0 <= args.port <= 65535:
        raise CommandError(f"--port must be between 0 and 65535, not {args.port}")
    if args.answer_delay < 0:
        raise CommandError("--answer-delay cannot be negative")


def paced(frames, speed: float, *, clock=time.monotonic, sleep=time.sleep,
          gate: threading.Event | None = None):
    """The frames of a recorded or simulated source at ``speed`` times their own pace.

    ``gate``, when given, is waited on before each frame: clearing it pauses the table (the tests
    pause it to compare the page with the truth while nothing moves).
    """
    start_wall = None
    start_t = None
    for frame in frames:
        if gate is not None and not gate.is_set():
            paused_at = clock()
            gate.wait()
            if start_wall is not None:
                start_wall += clock() - paused_at
        if start_wall is None:
            start_wall, start_t = clock(), frame.t
        due = start_wall + (frame.t - start_t) / speed
        delay = due - clock()
        if delay > 0:
            sleep(delay)
        yield frame


def seat_map(dealer: int, players: int):
    """Table seat of each simulated seat: the simulated table always deals from seat 0, the match's
    dealer moves one seat to the left every round (docs/API.md), so the seats are turned by the dealer."""
    return lambda sim_seat: (sim_seat + dealer) % players


def truth_answer(question: dict, actions: list[dict], hand_counts: list[int], trophies: list[list[str]],
                 to_table) -> object | None:
    """What the bots answer to a tracker question, from the simulated game's truth.

    ``actions`` are the engine actions acted out so far (simulated seats), ``hand_counts`` and
    ``trophies`` per simulated seat, ``to_table`` maps a simulated seat to the match's seat. None when
    the truth does not settle it (the question's default then stands).
    """
    kind = question.get("kind")
    card = question.get("card")
    plays = [a for a in actions if "play" in a]
    values = [o.get("value") for o in question.get("options", [])]

    def allowed(value):
        return value if value in values or kind == "wrong-or-misread" else None

    if kind == "colour":
        polys = [a for a in plays if a["play"] == "poly" and "colour" in a]
        return allowed(polys[-1]["colour"]) if polys else None
    if kind == "last-hand":
        slaps = [a for a in plays if a["play"].endswith(("-slap", "-steal")) and "last" in a]
        return allowed(to_table(slaps[-1]["last"])) if slaps else None
    if kind == "intercepted-by":
        same = [a for a in plays if a["play"] == card]
        return allowed(to_table(same[-1]["by"])) if same else None
    if kind == "wrong-or-misread":
        # The bots play no wrong cards: what landed was misread, and the truth is the last card played.
        return plays[-1]["play"] if plays and plays[-1]["play"] != card else "ignore"
    if kind == "went-out":
        seat = question.get("seat")
        if seat is None:
            return None
        sim_seat = next((s for s in range(len(hand_counts)) if to_table(s) == seat), None)
        return allowed(hand_counts[sim_seat] == 0) if sim_seat is not None else None
    if kind == "trophy":
        owners = [s for s, won in enumerate(trophies) if card in won]
        return allowed(to_table(owners[-1])) if owners else allowed("none")
    return None


def run(args) -> int:
    check_arguments(args)
    seed = args.seed if args.seed is not None else random.randrange(1_000_000)
    raise CommandError(f"seed {seed}: the demo needs the companion server")
