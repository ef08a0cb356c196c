"""The demo's own parts: its arguments, the pace of its frames, the bots' answers from the truth."""

from __future__ import annotations

import argparse
import threading
from types import SimpleNamespace

import pytest

from companion.cli import CommandError
from companion.commands import demo


def args(**over):
    parser = argparse.ArgumentParser()
    demo.add_arguments(parser)
    parsed = parser.parse_args([])
    for key, value in over.items():
        setattr(parsed, key, value)
    return parsed


def test_defaults_are_an_adventure_of_three():
    parsed = args()
    assert (parsed.edition, parsed.players, parsed.speed) == ("adventure", 3, 1.0)
    demo.check_arguments(parsed)


@pytest.mark.parametrize("bad", [{"edition": "poker"}, {"players": 1}, {"players": 11}, {"speed": 0},
                                 {"port": 70000}, {"answer_delay": -1}])
def test_bad_arguments_are_refused_with_a_message(bad):
    with pytest.raises(CommandError):
        demo.check_arguments(args(**bad))


class FakeClock:
    def __init__(self):
        self.now = 100.0
        self.slept = []

    def __call__(self):
        return self.now

    def sleep(self, seconds):
        self.slept.append(round(seconds, 6))
        self.now += seconds


def frames(times):
    return [SimpleNamespace(t=t) for t in times]


def test_frames_come_at_speed_times_their_pace():
    clock = FakeClock()
    shown = list(demo.paced(frames([1.0, 1.5, 2.0]), 2.0, clock=clock, sleep=clock.sleep))
    assert [f.t for f in shown] == [1.0, 1.5, 2.0]
    assert clock.slept == [0.25, 0.25]  # half a second of video in a quarter of a second at speed 2


def test_a_slow_consumer_is_not_made_to_wait_more():
    clock = FakeClock()
    paced = demo.paced(frames([0.0, 0.1, 0.2]), 1.0, clock=clock, sleep=clock.sleep)
    next(paced)
    clock.now += 1.0  # the pipeline took a second over the first frame
    next(paced)
    next(paced)
    assert clock.slept == []


def test_a_closed_gate_pauses_the_frames():
    gate = threading.Event()
    gate.set()
    paced = demo.paced(frames([0.0, 0.1]), 1.0, gate=gate)
    next(paced)
    gate.clear()
    got = []
    thread = threading.Thread(target=lambda: got.append(next(paced)))
    thread.start()
    thread.join(0.2)
    assert got == []  # waits while the gate is closed
    gate.set()
    thread.join(2)
    assert [f.t for f in got] == [0.1]


def test_seats_turn_with_the_dealer():
    to_table = demo.seat_map(2, 3)
    assert [to_table(s) for s in range(3)] == [2, 0, 1]


def question(kind, options, **extra):
    return {"id": "q1", "kind": kind, "options": [{"value": v} for v in options], **extra}


def test_the_bots_name_the_colour_they_chose():  # R-POLY-1
    actions = [{"by": 1, "play": "poly", "colour": "g"}, {"by": 2, "play": "g3"}]
    q = question("colour", ["b", "g", "r", "y"], card="poly")
    assert demo.truth_answer(q, actions, [8, 7, 7], [[], [], []], demo.seat_map(0, 3)) == "g"


def test_the_last_hand_is_told_in_table_seats():  # R-SLAP
    actions = [{"by": 0, "play": "r-slap", "last": 2}]
    q = question("last-hand", [0, 1, 2], card="r-slap")
    assert demo.truth_answer(q, actions, [7, 8, 8], [[], [], []], demo.seat_map(1, 3)) == 0


def test_an_interception_names_who_played_the_same_card():  # R-INTERCEPT-1
    actions = [{"by": 0, "play": "b3"}, {"by": 2, "play": "b3"}]
    q = question("intercepted-by", [1, 0, 2], card="b3")
    assert demo.truth_answer(q, actions, [7, 8, 7], [[], [], []], demo.seat_map(0, 3)) == 2


def test_who_played_a_card_after_a_draw_is_told():  # R-TURN-2
    actions = [{"by": 0, "draw": True}, {"by": 0, "pass": True}, {"by": 1, "play": "g2"}]
    q = question("played-by", [0, 1, 2], card="g2")
    assert demo.truth_answer(q, actions, [9, 7, 8], [[], [], []], demo.seat_map(1, 3)) == 2


def test_a_misread_is_answered_with_the_card_really_played():
    actions = [{"by": 1, "play": "r5"}]
    q = question("wrong-or-misread", ["wrong", "r6", "ignore"], card="r6")
    assert demo.truth_answer(q, actions, [8, 7, 8], [[], [], []], demo.seat_map(0, 3)) == "r5"


def test_a_card_read_right_on_one_the_camera_missed_is_answered_with_the_unseen_card():
    actions = [{"by": 1, "play": "b7"}, {"by": 2, "play": "r7"}]
    q = question("wrong-or-misread", ["wrong", "b5", "unseen:b7", "unseen:r5", "ignore"], card="r7")
    assert demo.truth_answer(q, actions, [8, 7, 7], [[], [], []], demo.seat_map(0, 3)) == "unseen:b7"
    q = question("wrong-or-misread", ["wrong", "b5", "unseen:r5", "ignore"], card="r7")
    assert demo.truth_answer(q, actions, [8, 7, 7], [[], [], []], demo.seat_map(0, 3)) is None


@pytest.mark.parametrize("seat, answer", [(1, "unseen:b7"), (2, "none"), (0, None)])
def test_a_card_missed_before_is_told_when_the_asked_seat_laid_it(seat, answer):  # R-TURN-1
    actions = [{"by": 1, "play": "b7"}, {"by": 2, "play": "b2"}]
    q = question("missed-before", ["none", "unseen:b0"], card="b2", seat=seat)
    assert demo.truth_answer(q, actions, [8, 7, 7], [[], [], []], demo.seat_map(0, 3)) == answer


def test_a_card_read_unsure_is_told_as_the_card_the_asked_seat_played():  # R-TURN-1
    actions = [{"by": 1, "play": "b7"}, {"by": 2, "play": "b1"}, {"by": 0, "play": "r1"}]
    q = question("which-card", ["b7", "b0"], card="b7", seat=2)  # the camera read seat 2's 1 as a 7
    assert demo.truth_answer(q, actions, [8, 7, 7], [[], [], []], demo.seat_map(0, 3)) == "b1"
    q = question("which-card", ["b7", "b0"], card="b7", seat=1)  # dealt from seat 1: seat 1 is sim seat 0
    assert demo.truth_answer(q, actions, [8, 7, 7], [[], [], []], demo.seat_map(1, 3)) == "r1"


def test_a_taken_villain_is_owned_by_who_holds_it():  # R-ADV-5
    q = question("trophy", [0, 1, 2, "none"], card="ghost-r")
    trophies = [[], ["ghost-r"], []]
    assert demo.truth_answer(q, [], [8, 6, 8], trophies, demo.seat_map(0, 3)) == 1
    assert demo.truth_answer(question("trophy", [0, 1, 2, "none"], card="alien"), [], [8, 6, 8], trophies,
                             demo.seat_map(0, 3)) == "none"


def test_an_answer_outside_the_options_is_not_given():
    actions = [{"by": 1, "play": "poly", "colour": "o"}]
    q = question("colour", ["b", "g", "r", "y"], card="poly")
    assert demo.truth_answer(q, actions, [8, 7, 8], [[], [], []], demo.seat_map(0, 3)) is None


def test_each_round_reads_the_printing_of_its_own_table_enrolled(tmp_path):
    # A family enrolls its deck (DESIGN.md): so does `companion run --source sim`, and so must the
    # demo, each round on a table of another printing, or its villains are read zero-shot (an alien
    # was read as a ghost at 0.95 in seed 8).
    from companion.cards import DEFAULT_VILLAINS
    from companion.paths import MODELS_DIR
    from companion.table.app import Companion
    from companion.table.store import Store
    from companion.vision.classify import Classifier

    if not (MODELS_DIR / "cards.onnx").is_file():
        pytest.skip(f"no card model at {MODELS_DIR / 'cards.onnx'} (train one with `companion train`)")
    companion = Companion(Store(tmp_path / "demo.sqlite"), resume=False)
    table = demo.DemoTable(companion, Classifier(edition="adventure"), seed=8, sim_options={"max_actions": 4})
    profiles = []
    for _ in range(2):
        table.new_match()
        profiles.append(companion.pipeline.classifier.deck)
        assert profiles[-1] is not None and profiles[-1].name == f"sim-{table.sim.seed}"
        lying = {card.code for pile in DEFAULT_VILLAINS for card in table.sim.piles[pile]}
        assert lying and set(profiles[-1].covered) >= lying | {"back"}
        table.rounds_played += 1
    assert profiles[0].name != profiles[1].name
    table.stop()
