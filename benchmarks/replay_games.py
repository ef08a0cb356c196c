"""Simulated games recorded once through the vision pipeline, then replayed through the tracker.

    .venv/bin/python benchmarks/replay_games.py record DIR [--first-seed 480] [--games 40] [--jobs 2]
    .venv/bin/python benchmarks/replay_games.py score DIR... [--jobs 2] [--out FILE]

``record`` renders each seeded game as ``benchmarks/e2e.py`` does (adventure, 3 players, 60 actions,
noise, the printing enrolled) and keeps, per frame, what the pipeline reported and the frame's border
band (``companion.table.reach.border``), with the truth: ``DIR/<seed>.json`` and ``DIR/<seed>.npz``
(about 20 MB a game; keep them out of git). Rendering and reading the cards is most of the cost.

``score`` feeds the recorded frames to ``Companion.process_frame`` with the pipeline played back: the
reach watcher and the tracker of this checkout run as they would live. Printed per game: [right with
no answers, every seat and trophy right with no answers, right with a scripted table's answers]
(``e2e._score``, ``e2e._answered``), then the totals per directory. Two checkouts scored on the same
recordings compare the tracker and the reach watcher alone, the card readings being the same.
"""

from __future__ import annotations

import argparse
import copy
import json
import sys
from multiprocessing import Pool
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import e2e  # noqa: E402  (the benchmark's game set-up and scoring)

MAX_ACTIONS = 60


class _RecordingPipeline:
    """The real pipeline, keeping what it reports and the states it is asked for, frame by frame."""

    def __init__(self, real):
        self.real, self.frames = real, []

    def __getattr__(self, name):
        return getattr(self.real, name)

    def process(self, frame):
        events = self.real.process(frame)
        self.frames[-1]["events"] = copy.deepcopy(events)
        return events

    def state(self):
        state = self.real.state()
        self.frames[-1]["states"].append(copy.deepcopy(state))
        return state

    @property
    def readings(self):
        return {}


class _PlayedBackPipeline:
    """A recording played back: each frame's events, and its states in the order they were asked for."""

    def __init__(self, frames):
        self.frames, self.index, self.asked = frames, -1, 0
        self.readings = {}

    def next_frame(self):
        self.index, self.asked = self.index + 1, 0

    def process(self, frame):
        return copy.deepcopy(self.frames[self.index]["events"])

    def state(self):
        states = self.frames[self.index]["states"]
        state = states[min(self.asked, len(states) - 1)] if states else {}
        self.asked += 1
        return copy.deepcopy(state)


class _Frame:
    def __init__(self, t, image):
        self.t, self.image = t, image


def record_game(args: tuple[int, str]) -> int:
    seed, out = args
    from companion.sim.table import SimulatedTable
    from companion.table.reach import BAND, border

    table = SimulatedTable(e2e.EDITION, e2e.PLAYERS, seed, noise=True, max_actions=MAX_ACTIONS)
    vision = e2e._new_companion()
    pipeline = _RecordingPipeline(e2e.enrolled_pipeline(table))
    vision.attach_source(None, zones=table.zones, pipeline=pipeline)
    rings = []
    for frame in table:
        seen = frame.image is not None and frame.image.ndim == 3 and min(frame.image.shape[:2]) > 2 * BAND
        pipeline.frames.append({"t": frame.t, "events": [], "states": [], "image": seen})
        rings.append(border(frame.image) if seen else None)
        vision.process_frame(frame, pipeline)
    shape = next(ring.shape for ring in rings if ring is not None)
    np.savez_compressed(Path(out) / f"{seed}.npz", rings=np.stack(
        [ring if ring is not None else np.zeros(shape, np.float32) for ring in rings]))
    (Path(out) / f"{seed}.json").write_text(json.dumps(
        {"seed": seed, "frames": pipeline.frames, "expected": table.expected, "truth": e2e._truth(table)}))
    return seed


def score_game(path: str) -> tuple[str, list[bool]]:
    game = json.loads(Path(path).read_text())
    rings = np.load(Path(path).with_suffix(".npz"))["rings"]
    vision = e2e._new_companion()
    pipeline = _PlayedBackPipeline(game["frames"])
    vision.attach_source(None, zones=None, pipeline=pipeline)
    watcher = vision.reach
    watcher.update = lambda t, ring: watcher.update_ring(t, ring) if ring is not None else []
    for index, frame in enumerate(game["frames"]):
        pipeline.next_frame()
        vision.process_frame(_Frame(frame["t"], rings[index] if frame["image"] else None), pipeline)
    entries = e2e._entries_of(vision)
    alone = e2e._score(vision.table_log(), game["truth"])
    answered = e2e._score(e2e._answered(entries, game["expected"], game["truth"]), game["truth"])
    return path, [alone["right"], alone["seats"], answered["right"]]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    record = sub.add_parser("record", help="render and read seeded games into DIR")
    record.add_argument("dir")
    record.add_argument("--first-seed", type=int, default=480)
    record.add_argument("--games", type=int, default=40)
    record.add_argument("--jobs", type=int, default=2)
    score = sub.add_parser("score", help="replay recorded games through this checkout's tracker")
    score.add_argument("dirs", nargs="+")
    score.add_argument("--jobs", type=int, default=2)
    score.add_argument("--out", help="write {game: [right, seats, answered]} here as JSON")
    args = parser.parse_args()
    if args.command == "record":
        out = Path(args.dir)
        out.mkdir(parents=True, exist_ok=True)
        seeds = [s for s in range(args.first_seed, args.first_seed + args.games)
                 if not (out / f"{s}.json").is_file()]  # a run cut short goes on where it stopped
        with Pool(args.jobs) as pool:
            for seed in pool.imap_unordered(record_game, [(s, str(out)) for s in seeds]):
                print(f"recorded {seed}", flush=True)
        return 0
    paths = []
    for folder in args.dirs:
        found = sorted(Path(folder).glob("*.json"), key=lambda p: int(p.stem) if p.stem.isdigit() else -1)
        paths += [str(p) for p in found if p.with_suffix(".npz").is_file()]
    if not paths:
        print(f"no recorded games in {' '.join(args.dirs)}: run `record` first", file=sys.stderr)
        return 2
    with Pool(args.jobs) as pool:
        results = dict(pool.map(score_game, paths))
    for path, result in results.items():
        print(f"{path} {result}")
    for folder in args.dirs:
        rows = [r for p, r in results.items() if Path(p).parent == Path(folder)]
        totals = [sum(r[k] for r in rows) for k in range(3)]
        print(f"{folder}: right {totals[0]}, seats {totals[1]}, answered {totals[2]} of {len(rows)}")
    if args.out:
        Path(args.out).write_text(json.dumps(results))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
