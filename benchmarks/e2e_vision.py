"""End to end: simulated adventure games filmed, watched by the real pipeline, compared with the truth.

    nice -n 10 .venv/bin/python benchmarks/e2e_vision.py [--games 20] [--first-seed 1] [--max-actions 30]
                                                         [--model PATH]

Each game: the simulated table (3 players, greedy bots, 640x480 at 15 frames per second, arms over
the piles, light drift, blur, glare, sensor noise; a card printing the model was not trained on)
plays its first ``--max-actions`` engine actions; ``Pipeline`` with the card model reads every
frame. Printed per game and in total: plays reported once with the right card and zone, the
interceptions among them (identical card on identical card), villains taken or moved, deck draws,
phantom events (reports that match nothing that happened) and latency (report time minus the
moment the hand left the zone).

The peer, measured on the very same per-frame readings in the same run: a watcher that believes
every frame (``confirm_frames=1``: no stability required), what a first attempt at "report when
the top card changes" does.

The simulated deck is a printing the model was not trained on. As a family enrolls its own deck
(DESIGN.md: number cards are read zero-shot, picture cards and villains from a few shots of the
deck), each game's printing is enrolled first (``SimulatedTable.enrolled``): ``--shots`` pictures
of every picture card, villain and back, rendered with the camera effects of ``companion.sim.scene``,
become a deck profile (``--shots 0``: the model alone).

``--reader truth`` replaces the card model by the simulator's knowledge of which card each found
outline lies on (the topmost card under the outline's middle, when the outline matches it by
IoU > 0.6; else no card; a hand over it is not known): what
detection and the watcher achieve with a perfect card model. It is a diagnosis, not a result.
"""

from __future__ import annotations

import argparse
import statistics
import time

import cv2
import numpy as np


class TruthReading:
    """A reading as ``classify`` gives it: the code (None: no card), its confidence, and the ranking."""

    def __init__(self, code):
        from companion.vision.classify import NONE

        self.code, self.confidence = code, 1.0 if code else 0.0
        self.top = [(code or NONE, 1.0)]


def truth_pipeline(table):
    """A Pipeline whose readings are the simulator's truth about the card under each outline."""
    from companion.vision.pipeline import Pipeline

    def overlap(a, b):
        inter, _ = cv2.intersectConvexConvex(a.reshape(-1, 1, 2).astype(np.float32),
                                             b.reshape(-1, 1, 2).astype(np.float32))
        union = cv2.contourArea(a.astype(np.float32)) + cv2.contourArea(b.astype(np.float32)) - inter
        return inter / union if union > 0 else 0.0

    class TruthPipeline(Pipeline):
        def read(self, items):
            readings = []
            for zone, quad, _ in items:
                # The card whose face shows in the middle of the outline: the topmost one there (a
                # lower card the outline matches better lies under it, and a model sees the top one).
                middle = tuple(float(v) for v in np.asarray(quad, np.float32).reshape(-1, 2).mean(axis=0))
                shown = next((card for card in reversed(table.piles[zone])
                              if cv2.pointPolygonTest(card.quad.reshape(-1, 1, 2).astype(np.float32),
                                                      middle, False) >= 0), None)
                iou = overlap(quad, shown.quad) if shown is not None else 0.0
                readings.append(TruthReading(shown.code if iou > 0.6 else None))
            return readings

    return TruthPipeline(table.zones, None, crop_size=(32, 48))


def run_game(seed: int, max_actions: int, classifier, size, fps, shots: int = 3) -> dict:
    from companion.sim.table import SimulatedTable, compare
    from companion.vision.pipeline import Pipeline
    from companion.vision.watch import Watcher

    table = SimulatedTable("adventure", 3, seed, size=size, fps=fps, max_actions=max_actions)
    if classifier is None:
        pipeline = truth_pipeline(table)
    else:
        pipeline = Pipeline(table.zones, table.enrolled(classifier, shots) if shots > 0 else classifier)
    naive = Watcher(pipeline.names, confirm_frames=1, empty_frames=1)
    events, naive_events = [], []
    frames = 0
    spent = 0.0
    for frame in table:
        start = time.perf_counter()
        events.extend(pipeline.process(frame))
        spent += time.perf_counter() - start
        naive_events.extend(naive.update(frame.t, pipeline.last_observations))
        frames += 1
    return {"seed": seed, "frames": frames, "video_s": frames / fps, "ms_per_frame": 1000 * spent / frames,
            "result": compare(table.expected, events), "naive": compare(table.expected, naive_events)}


def rate(counts: dict) -> str:
    if not counts["expected"]:
        return "  -/0"
    return f"{counts['reported']}/{counts['expected']} ({100 * counts['reported'] / counts['expected']:.1f}%)"


def total(games: list[dict], which: str) -> dict:
    out = {}
    for key in ("plays", "interceptions", "villains", "draws"):
        out[key] = {"expected": sum(g[which][key]["expected"] for g in games),
                    "reported": sum(g[which][key]["reported"] for g in games)}
    out["phantoms"] = sum(g[which]["phantoms"] for g in games)
    out["phantoms_no_deck"] = sum(g[which]["phantoms"] - g[which]["phantoms_by_kind"]["draws"] for g in games)
    out["latency"] = sorted(x for g in games for x in g[which]["latency"])
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--first-seed", type=int, default=1)
    parser.add_argument("--max-actions", type=int, default=30)
    parser.add_argument("--size", default="640x480")
    parser.add_argument("--fps", type=float, default=15.0)
    parser.add_argument("--reader", choices=("model", "truth"), default="model",
                        help="read cards with the card model, or with the simulator's truth (a diagnosis)")
    parser.add_argument("--shots", type=int, default=3,
                        help="enrolled photos per picture card, villain and back of each game's printing")
    parser.add_argument("--model", help="the card model to read with (default: models/cards.onnx), e.g. a "
                        "candidate from 'companion train --out', to compare on the same games")
    parser.add_argument("--verbose", action="store_true", help="print every missed and phantom event")
    args = parser.parse_args()
    from companion.vision.classify import Classifier, ModelError

    cv2.setNumThreads(1)
    size = tuple(int(v) for v in args.size.split("x"))
    classifier = None
    if args.reader == "model":
        try:
            classifier = Classifier(args.model, edition="adventure", threads=1)
        except ModelError as exc:
            raise SystemExit(f"e2e_vision: {exc} (or run with --reader truth to measure the rest)") from None
    games = []
    began = time.time()
    reader = (f"the card model {classifier.model_path}, each printing enrolled with {args.shots} shots per "
              "picture card" if classifier
              else "the simulator's truth (no card model: a diagnosis)")
    from companion.sim.glyphs import available_fonts

    print(f"{args.games} simulated adventure games, {args.max_actions} actions each, {size[0]}x{size[1]} "
          f"at {args.fps:g} fps, one core; cards read by {reader}; decks printed in "
          f"{len(available_fonts())} fonts found on this machine (make fonts: the model's)")
    print(f"{'seed':>4} {'video s':>7} {'ms/frame':>8}  {'plays':>16} {'intercepts':>11} {'villains':>14} "
          f"{'draws':>9} {'phantoms':>8} | naive phantoms")
    for seed in range(args.first_seed, args.first_seed + args.games):
        game = run_game(seed, args.max_actions, classifier, size, args.fps, args.shots)
        games.append(game)
        r = game["result"]
        print(f"{seed:>4} {game['video_s']:>7.1f} {game['ms_per_frame']:>8.1f}  {rate(r['plays']):>16} "
              f"{rate(r['interceptions']):>11} {rate(r['villains']):>14} {rate(r['draws']):>9} "
              f"{r['phantoms']:>8} | {game['naive']['phantoms']}", flush=True)
        if args.verbose:
            for event in r["missed"]:
                print("     missed ", event)
            for event in r["extra"]:
                print("     phantom", event)
    ours, peer = total(games, "result"), total(games, "naive")
    n = len(games)
    print(f"\ntotal over {n} games ({time.time() - began:.0f} s)")
    for label, t in (("pipeline", ours), ("naive watcher", peer)):
        latency = t["latency"]
        within = sum(x <= 0.3 for x in latency) / len(latency) if latency else 0.0
        print(f"  {label}: plays {rate(t['plays'])}, interceptions {rate(t['interceptions'])}, "
              f"villains {rate(t['villains'])}, draws {rate(t['draws'])}")
        print(f"    phantom events {t['phantoms']} ({10 * t['phantoms'] / n:.1f} per 10 games; "
              f"{10 * t['phantoms_no_deck'] / n:.1f} per 10 games without the deck's)")
        if latency:
            print(f"    latency after the hand leaves: median {statistics.median(latency):.3f} s, "
                  f"95th percentile {np.percentile(latency, 95):.3f} s, max {max(latency):.3f} s, "
                  f"{100 * within:.1f}% within 0.3 s")
    if peer["phantoms"]:
        print(f"  phantom events, naive / pipeline: {peer['phantoms'] / max(ours['phantoms'], 1):.1f}x")


if __name__ == "__main__":
    main()
