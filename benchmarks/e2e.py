"""The whole companion on simulated tables, each figure against a peer measured in the same run.

    .venv/bin/python benchmarks/e2e.py [--games 20] [--first-seed 0] [--max-actions 60] [--jobs 2]
                                       [--tablets 20]

accuracy: seeded adventure games (3 players, greedy bots) rendered with noise by the simulated table.
Each game goes through the vision pipeline (``Pipeline`` + the card model, the game's printing
enrolled first: ``SimulatedTable.enrolled``) into the tracker, like ``companion run --headless``;
the peer is the same tracker fed the simulated table's ground-truth events (a perfect watcher)
over the same rendered frames, which separates what vision loses from what the tracker infers.
Both are scored twice: with no tablet answers, and with a scripted table that answers every
question right after it is asked, from the ground truth. A game counts as right when every play's
seat and card and every seat's trophies equal the truth; "seats" games, the issue's own measure, when
every play's seat (in order, none missed or extra) and every seat's trophies do, a card misread or
guessed in a way that changes neither aside. A third column, "blind", is the perfect
watcher without the arms' reaches (``companion.table.reach``): what they add. Below the games, the
plays found in order (the logged cards aligned with the true ones: a missed or extra play costs
itself only) and, of those, the plays given to the right seat. Without a card model
(``models/cards.onnx``) the pipeline column is left out and says so. ``per_game`` lists [right with
no answers, right with answers] per seed, and the same for "seats" games (``vision_seats``, ...).

push: a companion served by waitress on 127.0.0.1 with ``--tablets`` SSE clients; camera events
are fed at 20 per second and each client's receive time of the state it caused is measured (event
to client). The peer is the same number of clients polling ``GET /api/state`` every 250 ms.
"""

from __future__ import annotations

import argparse
import http.client
import json
import statistics
import sys
import threading
import time
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

TOKEN = "benchmark-token-0123456789"
EDITION = "adventure"
PLAYERS = 3
NAMES = [f"P{i + 1}" for i in range(PLAYERS)]
# Keys of the simulator's events that no camera reports (whose hand a slap's last one was, ...).
TRUTH_ONLY = ("action", "t_clear", "t_cover", "slap", "last")


# ---------------------------------------------------------------------- accuracy


def _truth(table) -> dict:
    """The engine's actions behind the simulated game, the hand sizes before each, the starting card."""
    from companion.rules import Game

    game = Game.deal(EDITION, NAMES, seed=table.seed)
    start = game.top
    hands = []
    for action in table.game.actions:
        hands.append([len(h) for h in game.hands])
        game.push(action)
    return {"actions": list(table.game.actions), "hands": hands, "state": table.game.state(), "start": start}


def _entries_of(companion) -> list[dict]:
    return companion.store.entries(companion.match.match_id)


def _new_companion():
    from companion.table.app import Companion
    from companion.table.store import Store

    companion = Companion(Store(":memory:"), resume=False)
    companion.start_match(EDITION, NAMES)
    return companion


def enrolled_pipeline(table):
    """The vision pipeline with the card model for a simulated table, the game's printing enrolled
    first: the family has enrolled its deck, as `companion run --source sim` does (DESIGN.md)."""
    from companion.vision.classify import Classifier
    from companion.vision.pipeline import Pipeline

    return Pipeline(table.zones, table.enrolled(Classifier(edition=EDITION, threads=1)))


def run_game(args: tuple[int, int, bool]) -> dict:
    """One seeded game, rendered once, fed to the pipeline (when a model exists) and to the peer."""
    seed, max_actions, with_model = args
    from companion.sim.table import SimulatedTable
    from companion.table.reach import ReachWatcher

    table = SimulatedTable(EDITION, PLAYERS, seed, noise=True, max_actions=max_actions)
    start = table.game.state()
    vision = peer = None
    pipeline = None
    if with_model:
        vision = _new_companion()
        pipeline = enrolled_pipeline(table)
        vision.attach_source(None, zones=table.zones, pipeline=pipeline)
    peer, blind = _new_companion(), _new_companion()
    for companion in (peer, blind):
        for pile, cards in start["villains"].items():
            if cards:
                companion.feed({"type": "top", "zone": pile, "card": cards[0], "t": 0.0})
        companion.feed({"type": "landed", "zone": "discard", "card": start["top"], "t": 0.0, "first": True})
    reach = ReachWatcher()
    began = time.perf_counter()
    frames = 0
    for frame in table:
        frames += 1
        if vision is not None:
            vision.process_frame(frame, pipeline)
        reach.update(frame.t, frame.image)
        for event in frame.truth["events"]:
            fed = {k: v for k, v in event.items() if k not in TRUTH_ONLY}
            fed["t"] = frame.t
            fed["covered"] = event.get("t_cover")  # as the watcher's: when the hand came over the zone
            blind.feed(dict(fed))
            peer.feed(reach.annotate(fed))  # as Companion.process_frame does
    seconds = time.perf_counter() - began
    truth = _truth(table)
    result = {"seed": seed, "frames": frames, "seconds": seconds, "actions": len(truth["actions"])}
    expected = table.expected
    for name, companion in (("vision", vision), ("peer", peer), ("blind", blind)):
        if companion is None:
            continue
        entries = _entries_of(companion)
        log = companion.table_log()
        result[name] = {
            "alone": _score(log, truth),
            "answered": _score(_answered(entries, expected, truth), truth),
            "questions": len(log["questions"]),
        }
    return result


def _score(log: dict, truth: dict) -> dict:
    """A game right (every play's seat and card, every trophy), a game with every seat right (every
    play's seat, every trophy: the cards aside), and the plays found in order (``align_plays``: a
    missed play costs itself only) with the seats right among them."""
    from companion.sim.table import align_plays

    true_plays = [a for a in truth["actions"] if "play" in a]
    plays = [(a["by"], a["play"]) for a in true_plays]
    seen = [(p["by"], p["card"]) for p in log["plays"]]
    pairs = align_plays(true_plays, log["plays"])
    trophies = log["trophies"] == truth["state"]["trophies"]
    return {
        "plays": len(plays),
        "plays_found": len(pairs),
        "plays_right": sum(a["by"] == b["by"] for a, b in pairs),
        "trophies": trophies,
        "right": seen == plays and trophies,
        "seats": [by for by, _ in seen] == [by for by, _ in plays] and trophies,
    }


ALIGN_NEAR_S = 0.6  # an event comes 0.1-0.3 s after its hand clears the zone
ALIGN_FAR_S = 2.0


def _align(entries: list[dict], expected: list[dict]) -> dict[int, int]:
    """Entry number -> engine action index, matching each camera event to the truth behind it.

    First the events with the card of a truth that cleared just before them; then the others (a card
    misread) to the truth that cleared just before them, whatever its card; then, for events read late,
    a truth of their card up to 2 s away, and last one of another card (a card read late and misread,
    the hand long gone before the camera was sure of anything), late also by when their cover began
    and the truth's hand came. A misread card is so matched to its own landing, not to a later landing
    of the card it was read as."""
    used: set[int] = set()
    out: dict[int, int] = {}
    for same_card, window, late in ((True, ALIGN_NEAR_S, False), (False, ALIGN_NEAR_S, False),
                                    (True, ALIGN_FAR_S, True), (False, ALIGN_FAR_S, True)):
        for seq, entry in enumerate(entries):
            event = entry.get("event") if entry["kind"] == "event" else None
            if (seq in out or not event or event["type"] not in ("landed", "taken", "moved", "drawn")
                    or event.get("first")):  # (the card turned up to start the round is nobody's play)
                continue
            best = None
            for k, truth in enumerate(expected):
                if k in used or truth["type"] != event["type"] or (
                        same_card and truth.get("card") != event.get("card")):
                    continue
                gap = abs(truth["t_clear"] - entry["t"])  # the frame time the event came at
                if late and isinstance(event.get("covered"), (int, float)):
                    # read late: the hand that laid it may have stayed long (taking its trophies),
                    # and the event's cover began as that hand came
                    gap = min(gap, abs(truth["t_cover"] - event["covered"]))
                if gap <= window and (best is None or gap < best[0]):
                    best = (gap, k)
            if best is not None:
                used.add(best[1])
                out[seq] = expected[best[1]]["action"]
    return out


def _unread_card_near(expected: list[dict], landed: set[int], t: float) -> str | None:
    """The card of the landing nearest ``t`` (within 1 s) that no camera event was matched to."""
    near = [(abs(e["t_clear"] - t), e["card"]) for e in expected
            if e["type"] == "landed" and e["action"] not in landed and abs(e["t_clear"] - t) <= 1.0]
    return min(near)[1] if near else None


def _last_play_before(actions: list[dict], index: int) -> tuple[int | None, str | None]:
    """The last play among ``actions[:index]``: its index and its card, (None, None) when there is none."""
    last = next((k for k in range(index - 1, -1, -1) if "play" in actions[k]), None)
    return last, actions[last]["play"] if last is not None else None


def _unseen_before(actions: list[dict], index: int, landed: set[int]) -> list[dict]:
    """The plays right before ``actions[index]`` that the camera did not see land, in turn (a
    penalty's victim taking it between them aside): what the table tells as "unseen:<code>,…". Empty
    when one of them intercepted the card before it (no turn of its own: the table names a twin)."""
    chain: list[dict] = []
    k = index - 1
    while k >= 0 and ("play" in actions[k] and k not in landed or actions[k].get("accept")):
        if "play" in actions[k]:
            chain.insert(0, actions[k])
        k -= 1
    _, under = _last_play_before(actions, k + 1)
    cards = [under] + [a["play"] for a in chain]
    return [] if any(a == b for a, b in zip(cards, cards[1:], strict=False)) else chain


def _answered(entries: list[dict], expected: list[dict], truth: dict) -> dict:
    """The tracker over the same entries, with a table that answers each question from the truth."""
    from companion.rules import RULE_DEFAULTS
    from companion.table.texts import NOTHING_PLAYED
    from companion.table.tracker import (
        DREW,
        MISREAD_BEFORE,
        TWIN,
        MatchConfig,
        MatchTracker,
        TableError,
        unseen_answer,
    )

    config = MatchConfig(EDITION, NAMES, 0, dict(RULE_DEFAULTS[EDITION]), None)
    match = MatchTracker(1, config)
    action_of = _align(entries, expected)
    actions = truth["actions"]
    landed = {action_of[seq] for seq, entry in enumerate(entries)
              if seq in action_of and entry["event"]["type"] == "landed"}  # plays the camera saw land
    original: dict[int, int] = {}  # the match's entry number -> the entry's number in ``entries``
    for position, entry in enumerate(entries):
        if entry["kind"] != "event":
            continue
        original[match.apply(entry, live=True)] = position
        for question in match.round.open_questions():
            seq = original.get(int(question["id"][1:].split("-")[0]))
            index = action_of.get(seq)
            action = actions[index] if index is not None else {}
            kind = question["kind"]
            value = None
            if kind in ("intercepted-by", "played-by", "trophy"):
                value = action.get("by")
            elif kind == "colour":
                value = action.get("colour")
            elif kind == "last-hand":
                value = action.get("last")
            elif kind == "wrong-or-misread":
                value = action.get("play", NOTHING_PLAYED)
                chain = _unseen_before(actions, index, landed) if index is not None else []
                if len(chain) > 1 or (chain and value != question["card"]):
                    # several cards laid unseen, or one and this card misread: the table names them all
                    value = unseen_answer([a["play"] for a in chain],
                                          value if value != question["card"] else None)
                elif index is not None and value == question["card"]:
                    # read right: the play before it was misread, if the camera saw it land, else it
                    # went unseen
                    last, before = _last_play_before(actions, index)
                    offered = [o["value"] for o in question["options"]]
                    if last is None:  # the first play: the starting card was misread
                        before = truth.get("start")
                    misread = f"{MISREAD_BEFORE}{before}"
                    unseen = unseen_answer([before])
                    value = (misread if (last is None or last in landed) and misread in offered
                             else unseen if unseen in offered else None)
            elif kind == "missed-before" and index is not None and "by" in action:
                # the plays right before the card that the camera did not see land: the asked seat's
                # card (and the next seats' after it), or the top's twin (an interception); the asked
                # seat's draw, kept; else nothing was missed
                before = actions[index - 1] if index > 0 else {}
                _, top = _last_play_before(actions, index - 1)
                offered = [o["value"] for o in question["options"]]
                chain = _unseen_before(actions, index, landed)
                if before.get("pass") and before["by"] == question["seat"] and DREW in offered:
                    value = DREW
                elif len(chain) > 1 and chain[0]["by"] == question["seat"]:
                    # several cards laid unseen, the first by the seat asked: the table names them all
                    value = unseen_answer([a["play"] for a in chain],
                                          action["play"] if action["play"] != question["card"] else None)
                elif "play" not in before or index - 1 in landed:
                    value = "none"
                elif before["play"] == top and before["by"] != question["seat"]:
                    value = f"{TWIN}{before['by']}"
                elif before["by"] == question["seat"]:
                    value = unseen_answer([before["play"]])
            elif kind == "which-card":
                # read right (the reading matched a card laid then), or the card laid then that no
                # reading matched; else no card was laid then (the top read again as an arm passed)
                value = action.get("play") if index is not None else _unread_card_near(
                    expected, landed, question["t"]) or NOTHING_PLAYED
            elif kind == "read-again" and "play" in action:
                # a twin when the landing is that of a play of the card under it (the top as the table
                # sees it, however the camera read it); else the top read again
                _, under = _last_play_before(actions, index)
                value = False if under == action["play"] else None
            elif kind == "went-out" and index is not None:
                value = truth["hands"][index][action["by"]] == 1
            if value is None or value == question["default"]:
                continue
            try:
                match.apply(
                    match.prepare(
                        {"kind": "answer", "question": question["id"], "value": value, "t": entry["t"]}
                    ),
                    live=True,
                )
            except TableError:
                pass  # an answer the current state cannot take (the question changed meanwhile)
    return match.round.table_log()


def accuracy(games: int, max_actions: int, jobs: int, first_seed: int = 0) -> dict:
    from companion.paths import MODELS_DIR

    with_model = (MODELS_DIR / "cards.onnx").is_file()
    work = [(seed, max_actions, with_model) for seed in range(first_seed, first_seed + games)]
    with Pool(jobs) as pool:
        results = pool.map(run_game, work)
    from companion.sim.glyphs import available_fonts

    # The simulated decks are printed in the machine's fonts: figures compare only with the same ones.
    summary = {"games": games, "max_actions": max_actions, "model": with_model,
               "fonts": len(available_fonts())}
    for name in ("vision", "peer", "blind"):
        rows = [r[name] for r in results if name in r]
        if not rows:
            summary[name] = "not measured: no card model at models/cards.onnx"
            continue
        plays = sum(r["alone"]["plays"] for r in rows)
        summary[name] = {
            "games_right_alone": sum(r["alone"]["right"] for r in rows) / len(rows),
            "games_right_answered": sum(r["answered"]["right"] for r in rows) / len(rows),
            "games_seats_right_alone": sum(r["alone"]["seats"] for r in rows) / len(rows),
            "games_seats_right_answered": sum(r["answered"]["seats"] for r in rows) / len(rows),
            "plays_found": sum(r["alone"]["plays_found"] for r in rows) / plays,
            "play_seats_right_alone": sum(r["alone"]["plays_right"] for r in rows) / plays,
            "play_seats_right_answered": sum(r["answered"]["plays_right"] for r in rows) / plays,
            "trophies_right_alone": sum(r["alone"]["trophies"] for r in rows) / len(rows),
            "questions_per_game": statistics.mean(r["questions"] for r in rows),
        }
    summary["frames"] = sum(r["frames"] for r in results)
    summary["frames_per_s"] = summary["frames"] / sum(r["seconds"] for r in results)
    summary["per_game"] = [
        {
            "seed": r["seed"],
            "actions": r["actions"],
            # "seats", the issue's own measure, game by game: which games to look at
            **{
                key: [r[n]["alone"][figure], r[n]["answered"][figure]]
                for n in ("vision", "peer", "blind")
                if n in r
                for key, figure in ((n, "right"), (f"{n}_seats", "seats"))
            },
        }
        for r in results
    ]
    return summary


# ---------------------------------------------------------------------- push latency


def _sse_client(port: int, received: dict, ready: threading.Event, stop: threading.Event) -> None:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    connection.request("GET", f"/api/events?token={TOKEN}")
    response = connection.getresponse()
    ready.set()
    while not stop.is_set():
        line = response.readline()
        if not line:
            break
        if line.startswith(b"id: "):
            received[int(line[4:])] = time.perf_counter()
    connection.close()


def _poll_client(port: int, received: dict, stop: threading.Event, every: float) -> None:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    while not stop.is_set():
        connection.request("GET", "/api/state", headers={"X-Token": TOKEN})
        view = json.loads(connection.getresponse().read())
        received.setdefault(view["version"], time.perf_counter())
        time.sleep(every)
    connection.close()


def push(tablets: int, events: int) -> dict:
    from companion.server import Server, create_app
    from companion.table.script import scripted_game

    start, steps, _ = scripted_game(3)
    stream = [e for _, evs in steps for e in evs][:events]
    out = {}
    for mode in ("sse", "polling"):
        companion = _new_companion()
        for event in start:
            companion.feed(event)
        server = Server(
            create_app({"COMPANION": companion, "TOKEN": TOKEN}), host="127.0.0.1", port=0, tablets=tablets
        )
        server.start()
        stop = threading.Event()
        received = [dict() for _ in range(tablets)]
        threads = []
        for k in range(tablets):
            if mode == "sse":
                ready = threading.Event()
                thread = threading.Thread(target=_sse_client, args=(server.port, received[k], ready, stop))
                thread.start()
                ready.wait(10)
            else:
                thread = threading.Thread(target=_poll_client, args=(server.port, received[k], stop, 0.25))
                thread.start()
            threads.append(thread)
        time.sleep(0.5)
        sent = {}
        for event in stream:
            moment = time.perf_counter()
            view = companion.feed({**event, "t": event["t"]})
            sent[view["version"]] = moment
            time.sleep(0.05)
        time.sleep(1.0)
        stop.set()
        if mode == "polling":  # let the pollers finish their request before the server goes
            for thread in threads:
                thread.join(5)
        server.stop()
        for thread in threads:
            thread.join(5)
        delays = []
        missing = 0
        for version, moment in sent.items():
            for got in received:
                later = [t for v, t in got.items() if v >= version]
                if later:
                    delays.append(min(later) - moment)
                else:
                    missing += 1
        delays.sort()
        out[mode] = {
            "p50_ms": 1000 * delays[len(delays) // 2],
            "p95_ms": 1000 * delays[int(len(delays) * 0.95)],
            "max_ms": 1000 * delays[-1],
            "missing": missing,
            "samples": len(delays),
        }
    out["tablets"] = tablets
    out["events"] = len(stream)
    out["polling_over_sse_p95"] = out["polling"]["p95_ms"] / out["sse"]["p95_ms"]
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--max-actions", type=int, default=60)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--tablets", type=int, default=20)
    parser.add_argument("--events", type=int, default=100)
    parser.add_argument("--section", choices=["all", "accuracy", "push"], default="all")
    args = parser.parse_args()
    report = {}
    if args.section in ("all", "push"):
        report["push"] = push(args.tablets, args.events)
        p = report["push"]
        print(
            f"push, {p['tablets']} tablets, {p['events']} events: SSE p50 {p['sse']['p50_ms']:.1f} ms, "
            f"p95 {p['sse']['p95_ms']:.1f} ms (missing {p['sse']['missing']}); polling every 250 ms p95 "
            f"{p['polling']['p95_ms']:.1f} ms; polling/SSE p95 = {p['polling_over_sse_p95']:.1f}x",
            flush=True,
        )
    if args.section in ("all", "accuracy"):
        report["accuracy"] = acc = accuracy(args.games, args.max_actions, args.jobs, args.first_seed)
        for name in ("vision", "peer", "blind"):
            row = acc[name]
            if isinstance(row, str):
                print(f"{name}: {row}")
                continue
            print(
                f"{name}: games right with no answers {row['games_right_alone']:.0%}, with a scripted table "
                f"{row['games_right_answered']:.0%} (every seat and trophy right, cards aside: "
                f"{row['games_seats_right_alone']:.0%} / {row['games_seats_right_answered']:.0%}); "
                f"plays found in order {row['plays_found']:.1%}, "
                f"with the right seat {row['play_seats_right_alone']:.1%} "
                f"/ {row['play_seats_right_answered']:.1%}; "
                f"questions per game {row['questions_per_game']:.1f}"
            )
        print(f"frames rendered and processed: {acc['frames']} at {acc['frames_per_s']:.0f} per second; "
              f"decks printed in {acc['fonts']} fonts found on this machine (make fonts: the model's)")
    print(json.dumps(report, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
