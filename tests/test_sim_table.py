"""The simulated table: frames, zones and ground truth that follow the engine's game."""

import numpy as np

from companion.sim.table import SimulatedTable, compare


def short_table(seed=3, **options):
    return SimulatedTable("adventure", 3, seed, size=(320, 240), fps=10, max_actions=8, **options)


def test_frames_follow_the_game_with_ground_truth():
    table = short_table()
    frames = list(table)
    times = [f.t for f in frames]
    assert all(b > a for a, b in zip(times, times[1:], strict=False))
    assert all(f.image.shape == (240, 320, 3) and f.image.dtype == np.uint8 for f in frames)
    table.zones.check_frame((320, 240))
    actions = [a for f in frames for a in f.truth["actions"]]
    assert len(actions) == 8 == len(table.game.actions)
    # Every play onto the discard pile is an expected "landed" event with its card, in order.
    plays = [a["play"] for a in actions if "play" in a]
    landed = [e["card"] for e in table.expected if e["type"] == "landed"]
    assert landed == plays
    for event in table.expected:
        assert event["zone"] in table.zones
        assert event["action"] < 8
    # The events a frame carries are those whose hand has just left the zone.
    carried = [e for f in frames for e in f.truth["events"]]
    assert carried == table.expected
    assert all(e["zone"] not in f.truth["covered"] for f in frames for e in f.truth["events"])


def test_same_seed_same_film():
    a, b = short_table(), short_table()
    first_a, first_b = next(iter(a)), next(iter(b))
    assert np.array_equal(first_a.image, first_b.image)
    list(a)
    list(b)
    assert a.expected == b.expected
    assert short_table(seed=4).game.actions != a.game.actions or short_table(seed=4).expected != a.expected


def test_without_noise_a_quiet_table_gives_identical_frames():
    table = short_table(noise=False)
    frames = iter(table)
    first, second = next(frames), next(frames)
    assert np.array_equal(first.image, second.image)


def test_compare_counts_matches_misses_and_phantoms():
    expected = [
        {"type": "landed", "zone": "discard", "card": "b3", "same": False, "t_clear": 1.0, "action": 0},
        {"type": "landed", "zone": "discard", "card": "b3", "same": True, "t_clear": 2.0, "action": 1},
        {"type": "taken", "zone": "aliens", "card": "alien", "under": None, "t_clear": 3.0, "action": 1},
        {"type": "moved", "zone": "pirates", "card": "pirate-big", "to": "ghosts", "under": None,
         "t_clear": 4.0, "action": 2},
    ]
    reported = [
        {"t": 1.2, "zone": "discard", "type": "landed", "card": "b3", "same": False},
        {"t": 2.1, "zone": "discard", "type": "landed", "card": "b3", "same": True},
        {"t": 3.2, "zone": "aliens", "type": "taken", "card": "alien", "under": None},
        {"t": 4.1, "zone": "pirates", "type": "moved", "card": "pirate-big", "to": "aliens"},  # wrong pile
        {"t": 5.0, "zone": "discard", "type": "landed", "card": "r1", "same": False},  # nothing landed
        {"t": 6.0, "zone": None, "type": "camera", "status": "lost"},  # not a table event
    ]
    result = compare(expected, reported)
    assert result["plays"] == {"expected": 2, "reported": 2}
    assert result["interceptions"] == {"expected": 1, "reported": 1}
    assert result["villains"] == {"expected": 2, "reported": 1}
    assert result["phantoms"] == 2
    assert [e["type"] for e in result["missed"]] == ["moved"]
    assert result["latency"] == sorted(result["latency"]) and max(result["latency"]) < 0.25
    # A report far too late does not count for the event.
    late = compare(expected[:1], [{**reported[0], "t": 9.0}])
    assert late["plays"]["reported"] == 0 and late["phantoms"] == 1


def test_compare_takes_a_reread_for_the_card_of_the_landing_it_reads_again():
    expected = [{"type": "landed", "zone": "discard", "card": "b3", "same": False, "t_clear": 1.0,
                 "action": 0}]
    misread = {"t": 1.2, "zone": "discard", "type": "landed", "card": "b5", "same": False}
    reread = {"t": 2.0, "zone": "discard", "type": "reread", "card": "b3", "was": "b5"}
    assert compare(expected, [misread])["plays"]["reported"] == 0
    result = compare(expected, [misread, reread])
    assert result["plays"] == {"expected": 1, "reported": 1} and result["phantoms"] == 0
    other = compare(expected, [misread, {**reread, "was": "b6"}])  # not the card landed: no correction
    assert other["plays"]["reported"] == 0 and other["phantoms"] == 1


def test_enrollment_photos_cover_every_picture_card_villain_and_the_back():
    from companion.cards import EDITIONS, parse

    table = short_table()
    photos, codes = table.enrollment_photos(shots=2, size=(32, 48))
    pictures = {c for c in EDITIONS["adventure"].codes if not parse(c).is_number} | {"back"}
    assert set(codes) == pictures and len(codes) == 2 * len(pictures) == len(photos)
    assert all(p.shape == (48, 32, 3) for p in photos)
    assert not np.array_equal(photos[0], photos[1])  # a clean shot, then one through the camera
