"""``companion demo``: the whole companion on a simulated table, served to the tablet page.

Bots play a game on the simulated table; its frames go through the real vision pipeline, watcher,
tracker and server, exactly as a webcam's would. The tracker's questions are answered by the bots
(from the simulated table's truth) after a short delay, unless someone taps an answer first. When
a round ends the next one starts; when a match ends a new one starts. Runs until Ctrl+C.
"""

from __future__ import annotations

import logging
import random
import threading
import time

from companion.cli import CommandError

log = logging.getLogger("companion.demo")

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
    pause it to compare the page with the companion while nothing moves).
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
    from companion.table.texts import NOTHING_PLAYED
    from companion.table.tracker import UNSEEN

    kind = question.get("kind")
    card = question.get("card")
    plays = [a for a in actions if "play" in a]
    values = [o.get("value") for o in question.get("options", [])]

    def allowed(value):
        any_card = kind in ("wrong-or-misread", "missed-before", "which-card")  # any card is taken
        return value if value in values or any_card else None

    if kind == "colour":
        polys = [a for a in plays if a["play"] == "poly" and "colour" in a]
        return allowed(polys[-1]["colour"]) if polys else None
    if kind == "last-hand":
        slaps = [a for a in plays if a["play"].endswith(("-slap", "-steal")) and "last" in a]
        return allowed(to_table(slaps[-1]["last"])) if slaps else None
    if kind in ("intercepted-by", "played-by"):
        same = [a for a in plays if a["play"] == card]
        return allowed(to_table(same[-1]["by"])) if same else None
    if kind == "wrong-or-misread":
        # The bots play no wrong cards: what landed was misread, and the truth is the last card played;
        # or it was read right, and the card played before it went unseen.
        if plays and plays[-1]["play"] == card:
            unseen = UNSEEN + plays[-2]["play"] if len(plays) > 1 else None
            return unseen if unseen in values else None
        return plays[-1]["play"] if plays else NOTHING_PLAYED
    if kind == "which-card":
        # ``actions`` as they were when it was asked: the asked seat's last card, else the last card
        mine = [a for a in plays if to_table(a["by"]) == question.get("seat")]
        return allowed((mine or plays)[-1]["play"]) if plays else None
    if kind == "missed-before":
        # The card was the asked seat's own (nothing missed), or the next seat's right after a card
        # of the asked seat's (the camera missed that one). Right after a twin the bots cannot tell
        # whether the camera saw it.
        if not plays or plays[-1]["play"] != card:
            return None
        if len(plays) > 2 and plays[-2]["play"] == plays[-3]["play"]:
            return None
        if to_table(plays[-1]["by"]) == question.get("seat"):
            return "none"
        if len(plays) > 1 and to_table(plays[-2]["by"]) == question.get("seat"):
            return UNSEEN + plays[-2]["play"]
        return None
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


class DemoTable:
    """Bots on the simulated table, round after round, match after match, through a ``Companion``.

    ``step()`` does one round of the loop's work (answer due questions, end the round when the table
    says so, start the next); ``run()`` calls it until ``stop()``. The current simulated table is
    ``sim``, its seats mapped to the match's by ``to_table``; ``gate`` pauses the frames.
    """

    def __init__(self, companion, classifier, *, edition: str = "adventure", players: int = 3,
                 seed: int = 0, speed: float = 1.0, answer_delay: float = 4.0, sim_options=None,
                 clock=time.monotonic):
        self.companion = companion
        self.classifier = classifier
        self.edition = edition
        self.names = list(NAMES_RU[:players])
        self.seed = seed
        self.speed = speed
        self.answer_delay = answer_delay
        self.sim_options = dict(sim_options or {})
        self.clock = clock
        self.gate = threading.Event()
        self.gate.set()
        self.sim = None
        self.source: PacedSource | None = None
        self.to_table = seat_map(0, players)
        self.rounds_played = 0
        self._asked: dict[str, float] = {}  # question id -> when it was first seen
        self._played_then: dict[str, int] = {}  # question id -> how many actions the bots had made then
        self.round_number: int | None = None
        self._end_seen_at: float | None = None
        self._stopped = threading.Event()

    # -- rounds and matches ------------------------------------------------------------------------
    def new_match(self) -> None:
        self.companion.stop()
        self.companion.start_match(self.edition, self.names, 0)
        self._start_round()

    def _start_round(self, dealer: int | None = None, number: int | None = None) -> None:
        """A fresh simulated table for the companion's round (or the one about to start), attached."""
        from companion.sim.table import SimulatedTable
        from companion.vision.pipeline import Pipeline

        current = self.companion.view().get("round") or {}
        dealer = current.get("dealer", 0) if dealer is None else dealer
        self.to_table = seat_map(dealer, len(self.names))
        self.sim = SimulatedTable(self.edition, len(self.names), self.seed + self.rounds_played,
                                  **self.sim_options)
        source = self.source = PacedSource(self.sim, self.speed, self.gate)
        # Each round's table is a printing of its own: enrolled as a family enrolls its deck (as
        # `companion run --source sim` does), or its villains and picture cards are read zero-shot.
        self.companion.attach_source(source, zones=self.sim.zones,
                                     pipeline=Pipeline(self.sim.zones, self.sim.enrolled(self.classifier)))
        self.round_number = current.get("number") if number is None else number
        self._asked.clear()
        self._played_then.clear()
        self._end_seen_at = None

    def _next_round(self) -> None:
        """Confirm the round's end from the truth and start the next round (or a new match)."""
        sim = self.sim
        state = sim.game.state()
        winners = [self.to_table(s) for s in state["winners"]] or [0]
        left = [0] * len(self.names)
        for sim_seat, hand in enumerate(state["hands"]):
            left[self.to_table(sim_seat)] = len(hand)
        self.companion.stop()
        self.rounds_played += 1
        current = self.companion.view()["round"]
        # The new table is attached before the round ends, so the next round seeds from it; the
        # dealer moves one seat to the left (docs/API.md).
        self._start_round((current["dealer"] + 1) % len(self.names), current["number"] + 1)
        view = self.companion.end_round(winners[0], left, force=True)
        if view["match"]["status"] == "finished":
            self.new_match()
        self.companion.start()

    # -- the loop ------------------------------------------------------------------------------------
    def start(self) -> None:
        self.new_match()
        self.companion.start()

    def step(self) -> None:
        if not self.gate.is_set():
            return  # paused: the bots wait too
        now = self.clock()
        view = self.companion.view()
        match = view.get("match") or {}
        if match.get("status") == "finished":
            self.new_match()
            self.companion.start()
            return
        number = (view.get("round") or {}).get("number")
        if self.round_number is None:
            self.round_number = number  # the round shows once its starting card is seen
        elif number is not None and number != self.round_number:
            # Someone confirmed the round's end on the tablet: the next round needs a fresh table.
            self.companion.stop()
            self._start_round()
            self.companion.start()
            return
        round_over = match.get("status") == "round-over"
        for question in view.get("questions", []):
            first_seen = self._asked.setdefault(question["id"], now)
            self._played_then.setdefault(question["id"], len(self.sim.game.actions))
            if question["kind"] == "round-end":
                round_over = True
            elif now - first_seen >= self.answer_delay:
                self._answer(question)
        # The round is over when the truth says so and the tracker agrees, or when the table has shown
        # everything (the tracker may have missed the very end, a last draw of the deck say). The
        # table then has answer_delay seconds to confirm it on the tablet before the bots do.
        source_done = self.companion.camera.get("status") == "ended"
        if self.sim.game.finished and (round_over or source_done):
            self._end_seen_at = self._end_seen_at or now
            if now - self._end_seen_at >= self.answer_delay:
                self._next_round()

    def _answer(self, question: dict) -> None:
        from companion.table.tracker import TableError

        sim = self.sim
        state = sim.game.state()
        actions = list(sim.game.actions)
        if question["kind"] == "which-card":
            # the card asked about was laid just before the question came; later plays would hide it
            actions = actions[:self._played_then.get(question["id"], len(actions))]
        value = truth_answer(question, actions, [len(h) for h in state["hands"]], state["trophies"],
                             self.to_table)
        if value is None:
            value = question.get("default")
        if value is None:
            return
        try:
            self.companion.answer(question["id"], value)
        except TableError:
            pass  # answered by a tap meanwhile, or withdrawn: nothing to do

    def run(self, poll_s: float = 0.2) -> None:
        self.start()
        while not self._stopped.wait(poll_s):
            self.step()

    def stop(self) -> None:
        self._stopped.set()
        self.gate.set()
        self.companion.stop()


class PacedSource:
    """The simulated table as a frame source (companion.vision.sources), played at ``speed``.

    Iterating it again resumes where the last iteration stopped (the table's game goes on).
    """

    def __init__(self, table, speed: float, gate: threading.Event | None = None):
        from companion.vision.sources import SimSource

        self._source = SimSource(table)
        self.name = f"simulated table, seed {table.seed}"
        self.speed = speed
        self.gate = gate
        self.size = self._source.size
        self._frames = None

    def __iter__(self):
        if self._frames is None:
            self._frames = paced(iter(self._source), self.speed, gate=self.gate)
        return self._frames

    def stop(self) -> None:
        self._source.stop()

    def close(self) -> None:
        self._source.close()


def run(args) -> int:
    check_arguments(args)
    import sys

    from companion.paths import data_dir
    from companion.server import Server, create_app
    from companion.server.pairing import load_token, pairing_url, qr_text
    from companion.table.app import Companion
    from companion.table.store import Store
    from companion.vision.classify import Classifier, ModelError

    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s",
                        stream=sys.stderr)
    seed = args.seed if args.seed is not None else random.randrange(1_000_000)
    try:
        classifier = Classifier(edition=args.edition)
    except (ModelError, FileNotFoundError, ValueError) as exc:
        raise CommandError(f"the card model cannot be loaded: {exc}") from None
    # The demo's matches are kept apart from the real table's.
    companion = Companion(Store(data_dir() / "demo.sqlite"), resume=False)
    token = load_token()
    app = create_app({"COMPANION": companion, "TOKEN": token})
    try:
        server = Server(app, host=args.host, port=args.port)
    except OSError as exc:
        raise CommandError(f"cannot listen on {args.host}:{args.port} ({exc.strerror}); try --port") from None
    url = pairing_url(args.host, server.port, token)
    print(f"Svintus Companion demo: {args.edition}, {args.players} players, seed {seed}, "
          f"speed {args.speed}")
    print(f"open {url} on a tablet or a phone (or scan the code); Ctrl+C stops", flush=True)
    print(qr_text(url), flush=True)
    demo = DemoTable(companion, classifier, edition=args.edition, players=args.players, seed=seed,
                     speed=args.speed, answer_delay=args.answer_delay)
    server.start()
    try:
        demo.run()
    except KeyboardInterrupt:
        pass
    finally:
        demo.stop()
        server.stop()
    return 0
