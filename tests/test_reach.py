"""Where arms cross the frame's border."""

from __future__ import annotations

import numpy as np
import pytest

from companion.table.reach import ReachWatcher, border, circular_gap


def frame_with_arm(side: str | None) -> np.ndarray:
    """A 160x120 table; an arm (a sleeve-coloured band) coming in from one side towards the middle."""
    return frame_with_arms([side] if side else [])


def frame_with_arms(sides) -> np.ndarray:
    """``frame_with_arm`` with an arm from each of ``sides`` (left, bottom, right) at once."""
    image = np.full((120, 160, 3), (40, 90, 60), np.uint8)
    if "left" in sides:
        image[50:70, 0:80] = (200, 60, 60)
    if "bottom" in sides:
        image[60:120, 70:90] = (60, 60, 200)
    if "right" in sides:
        image[30:50, 80:160] = (60, 200, 200)
    if "left-low" in sides:  # the left arm, its hand moved on: it crosses the border 27 px lower
        image[77:97, 0:80] = (200, 60, 60)
    if "left-lower" in sides:  # the left arm reaching out from where it rested: 12 px lower
        image[62:82, 0:80] = (200, 60, 60)
    if "right-higher" in sides:  # the right arm reaching out from where it rested: 12 px higher
        image[18:38, 80:160] = (60, 200, 200)
    return image


def watch(sequence: list[str | None], fps: float = 10.0) -> tuple[ReachWatcher, float]:
    watcher = ReachWatcher()
    t = 0.0
    for side in sequence:
        watcher.update(t, frame_with_arm(side))
        t += 1 / fps
    return watcher, t - 1 / fps


def test_border_unrolls_clockwise():
    image = np.zeros((20, 30, 3), np.uint8)
    image[:, 0] = 255  # the left edge
    ring = border(image, band=1)
    assert ring.shape == (2 * (20 + 30), 3)
    assert ring[-20:].min() == 255  # the left edge comes last, bottom to top
    assert ring[1:-21].max() == 0  # the top, right and bottom edges do not (corners are in two edges)


def test_an_arm_is_placed_where_it_crosses_the_border():
    watcher, t = watch([None] * 5 + ["left"] * 6 + [None])
    left = watcher.reach(t)
    assert (
        left is not None and circular_gap(left, 1 - 60 / 560) < 0.02
    )  # the left edge, 60 px up from the bottom
    watcher, t = watch([None] * 5 + ["bottom"] * 6 + [None])
    bottom = watcher.reach(t)
    assert bottom is not None and circular_gap(bottom, (160 + 120 + 80) / 560) < 0.02


def test_no_arm_no_reach():
    watcher, t = watch([None] * 20)
    assert watcher.reach(t) is None


def test_the_latest_arm_is_the_events_own():
    watcher, t = watch([None] * 5 + ["left"] * 5 + [None] * 3 + ["bottom"] * 5)
    assert circular_gap(watcher.reach(t), (160 + 120 + 80) / 560) < 0.02


LEFT = 1 - 60 / 560  # where frame_with_arm's left arm crosses the border
BOTTOM = (160 + 120 + 80) / 560
RIGHT = (160 + 40) / 560


def test_an_arm_that_stayed_a_while_leaves_no_trace():
    # Eight seconds over the border: the slowly learning picture takes some of the arm in, and
    # without a second picture that learns only the empty border, its trace would stay an "arm".
    watcher, t = watch([None] * 5 + ["left"] * 80 + [None] * 3)
    assert watcher.update(t + 0.1, frame_with_arm(None)) == []


def test_a_change_of_light_is_no_arm():
    watcher = ReachWatcher()
    for step in range(40):  # the light drifts by a third over four seconds, brighter on the right
        image = frame_with_arm(None).astype(np.float32)
        ramp = np.linspace(1.0, 1.0 + step / 120, image.shape[1])[None, :, None]
        watcher.update(step / 10, np.clip(image * ramp, 0, 255).astype(np.uint8))
    assert watcher.reach(3.9) is None


def test_where_an_arm_rested_while_the_light_drifted_is_the_border_again_once_it_goes():
    # The arm rests over the border for four seconds while the room brightens; the border under it
    # was not seen meanwhile, but it brightened as the border around it did: once the arm is gone,
    # nothing is there, not even a highlight (it would stand for an arm slapping the deck).
    watcher = ReachWatcher()
    for step in range(60):
        image = frame_with_arm("left" if 5 <= step < 45 else None).astype(np.float32)
        light = 1.0 + min(step, 45) / 150  # a third brighter by the time the arm goes
        watcher.update(step / 10, np.clip(image * light, 0, 255).astype(np.uint8))
        if step > 45:
            assert watcher.sightings[-1][1] == [] and watcher.glints[-1][1] == [], step


def test_a_sleeve_close_to_the_table_is_seen():
    watcher = ReachWatcher()
    for step in range(12):
        image = frame_with_arm(None)
        if step >= 5:
            image[50:70, 0:80] = (55, 100, 72)  # 15 grey levels from the cloth at most
        watcher.update(step / 10, image)
    assert circular_gap(watcher.reach(1.1), LEFT) < 0.02


def test_the_arm_over_the_zone_when_it_was_covered_is_the_events_own():
    # The event is confirmed late, after a second arm came in: the moment the zone was covered names
    # the first arm.
    watcher, t = watch([None] * 5 + ["left"] * 5 + [None] * 3 + ["bottom"] * 5)
    assert circular_gap(watcher.reach(t, at=0.7), LEFT) < 0.02
    assert circular_gap(watcher.reach(t), BOTTOM) < 0.02
    # No arm at the border when the zone was covered: the border often sees an arm only after its
    # hand is over the zone, so the first that comes within LATE_S is the one.
    assert circular_gap(watcher.reach(t, at=0.2), LEFT) < 0.02
    assert circular_gap(watcher.reach(t, at=1.1), BOTTOM) < 0.02


def test_an_arm_resting_at_the_border_is_not_the_one_that_comes_for_the_move():  # R-ADV-3: whose trophy
    # The left arm rests at the border since 0.3 s, stirring; the zone is covered at 3.6 s and the
    # bottom arm is seen coming 0.2 s later: the move is the bottom arm's.
    watcher = watch_arms([""] * 3 + ["left", "left-lower"] * 17 + ["left"] + ["left bottom"] * 6)
    assert circular_gap(watcher.reach(4.3, at=3.6), BOTTOM) < 0.02
    # Out for 1.3 s only, the left arm is the one over the zone (a player drew and plays the card
    # drawn), whatever arm comes next.
    watcher = watch_arms([""] * 3 + ["left"] * 15 + ["left bottom"] * 6)
    assert circular_gap(watcher.reach(2.3, at=1.6), LEFT) < 0.02


def test_an_arm_come_long_after_the_zone_was_covered_is_the_next_moves():  # R-ADV-3: whose trophy
    # No arm seen at the border the moment the zone was covered (0.5 s); the event's arm shows a little
    # later, and the next player's long after, before the event is confirmed: the first is its own.
    watcher = watch_arms([""] * 6 + ["left"] * 6 + ["left bottom"] * 4)
    assert circular_gap(watcher.reach(1.5, at=0.5), LEFT) < 0.02
    assert circular_gap(watcher.reach(1.5), BOTTOM) < 0.02  # when it is not known: the latest


def watch_arms(sequence: list[str], fps: float = 10.0) -> ReachWatcher:
    """Frames 0.1 s apart, each with the arms named in one string of ``sequence`` ("left bottom")."""
    watcher = ReachWatcher()
    for i, sides in enumerate(sequence):
        watcher.update(i / fps, frame_with_arms(sides.split()))
    return watcher


def test_a_hand_withdrawing_across_the_border_is_not_the_arm_that_lays_the_card():  # R-ADV-4: who intercepted
    # The left arm came for the card at 0.5 s and lays it; the bottom player's arm, its sleeve the
    # cloth's colour, shows only as its hand crosses the border on the way back, from 0.8 s to 1.2 s.
    # The landing (covered at 1.0 s) is confirmed at 1.5 s: the left arm is still out then, the
    # bottom hand long gone.
    watcher = watch_arms([""] * 5 + ["left"] * 3 + ["left bottom"] * 5 + ["left"] * 3)
    assert circular_gap(watcher.reach(1.5, at=1.0), LEFT) < 0.02
    # An arm still out when the landing is confirmed, that came after the other one, is the one.
    watcher = watch_arms([""] * 5 + ["left"] * 3 + ["left bottom"] * 8)
    assert circular_gap(watcher.reach(1.5, at=1.0), BOTTOM) < 0.02


def test_arms_slapping_the_deck_come_in_order_the_last_hand_last():  # R-SLAP, R-STEAL
    watcher = watch_arms([""] * 5 + ["right"] * 3 + ["right left"] * 2 + ["right left bottom"] * 4 + [""] * 3)
    places = watcher.arrivals(0.6, 1.6)  # the deck was covered from 0.6 s, the event came at 1.6 s
    assert len(places) == 3
    for place, expected in zip(places, (RIGHT, LEFT, BOTTOM), strict=True):
        assert circular_gap(place, expected) < 0.02


def test_an_arm_lost_for_a_moment_is_not_a_new_arrival():  # R-STEAL: the last hand stays the last one
    sequence = [""] * 5 + ["left"] * 2 + ["left bottom"] * 2 + ["bottom"] * 3 + ["left bottom"] * 3 + [""]
    places = watch_arms(sequence).arrivals(0.5, 1.5)
    assert [round(p, 2) for p in places] == [round(LEFT, 2), round(BOTTOM, 2)]


def test_an_arm_there_long_before_the_zone_was_covered_is_not_among_its_arrivals():
    watcher = watch_arms([""] * 5 + ["left"] * 20 + ["left bottom"] * 3 + [""])
    places = watcher.arrivals(2.5, 2.8)
    assert len(places) == 1 and circular_gap(places[0], BOTTOM) < 0.02


def test_arms_resting_at_the_table_edge_arrive_when_they_start_to_move():  # R-SLAP, R-STEAL
    # Two players' arms lie at the table's edge; everyone slaps the deck: the right arm moves first,
    # then a third arm comes in from the bottom, then the left arm moves: the left hand lands last.
    sequence = ([""] * 2 + ["left right"] * 12 + ["left right-higher"] * 3 + ["left right-higher bottom"] * 3
                + ["left-lower right-higher bottom"] * 4 + [""])
    places = watch_arms(sequence).arrivals(1.6, 2.4)
    assert len(places) == 3
    for place, expected in zip(places, (RIGHT, BOTTOM, LEFT), strict=True):
        assert circular_gap(place, expected) < 0.03
    # Resting arms that keep still are no arrivals.
    still = watch_arms([""] * 2 + ["left right"] * 12 + ["left right bottom"] * 4 + [""])
    assert [round(p, 2) for p in still.arrivals(1.6, 1.9)] == [round(BOTTOM, 2)]
    # An arm that was not lying still (moving along the border on its way back) is not a resting one
    # setting off: which came last is not told by it.
    busy = watch_arms([""] * 2 + ["left", "left-lower"] * 6 + ["left bottom"] * 3 + ["left-lower bottom"] * 4
                      + [""])
    assert [round(p, 2) for p in busy.arrivals(1.6, 2.2)] == [round(BOTTOM, 2)]


def test_an_arm_sliding_along_the_border_is_not_a_new_arrival():  # R-SLAP: the last hand stays the last
    sequence = [""] * 5 + ["left"] * 2 + ["left bottom"] * 2 + ["left-low bottom"] * 3 + [""]
    places = watch_arms(sequence).arrivals(0.5, 1.2)
    assert len(places) == 2 and circular_gap(places[-1], BOTTOM) < 0.02


def test_events_are_annotated_with_their_arms():  # R-SLAP: the deck's arrivals reach the tracker
    watcher = watch_arms([""] * 5 + ["right"] * 3 + ["right left"] * 4 + [""] * 3)
    drawn = watcher.annotate({"type": "drawn", "zone": "deck", "t": 1.4, "covered": 0.6})
    assert [round(p, 2) for p in drawn["arrivals"]] == [round(RIGHT, 2), round(LEFT, 2)]
    assert drawn["reach"] is not None
    landed = watcher.annotate({"type": "landed", "zone": "discard", "t": 1.4, "covered": 0.9})
    assert "reach" in landed and "arrivals" not in landed
    camera = {"type": "camera", "t": 1.4, "status": "ok"}
    assert watcher.annotate(dict(camera)) == camera


def test_a_change_of_light_that_stays_on_the_border_is_no_arm_and_an_arm_there_is_seen():  # R-STEAL: the arms
    def shaded(image: np.ndarray) -> np.ndarray:
        image[40:80, :12, 2] = 100  # a lamp's warm light falls on the left edge, and stays
        return image

    watcher = ReachWatcher()
    t = 0.0
    for step in range(5 + 50):  # five frames as before, then five seconds of the new light
        image = frame_with_arm(None)
        watcher.update(t, shaded(image) if step >= 5 else image)
        t += 0.1
    assert watcher.update(t, shaded(frame_with_arm(None))) == []
    for _ in range(3):  # an arm comes in there
        t += 0.1
        places = watcher.update(t, shaded(frame_with_arm("left")))
    assert len(places) == 1 and circular_gap(places[0], 1 - 60 / 560) < 0.03


def with_highlight(image: np.ndarray, centre: tuple[int, int], add: float = 120.0) -> np.ndarray:
    """A lamp's soft highlight come up on the table: the same light added to every channel."""
    ys, xs = np.mgrid[: image.shape[0], : image.shape[1]]
    spot = np.exp(-(((xs - centre[0]) / 18.0) ** 2 + ((ys - centre[1]) / 10.0) ** 2))
    return np.clip(image + add * spot[..., None], 0, 255).astype(np.uint8)


@pytest.mark.parametrize("add", [60.0, 250.0])  # a faint one, and one clipped white in its middle
def test_a_highlight_come_up_at_the_border_is_not_the_arm_that_is_there(add):  # R-TURN-2
    # The drawer's arm is out over the draw and the card played; a highlight comes up at the bottom
    # border meanwhile. Newer, it would be taken for the landing's arm, at another seat's place.
    watcher = ReachWatcher()
    for step in range(20):
        image = frame_with_arm("left" if step >= 5 else None)
        if step >= 12:
            image = with_highlight(image, (120, 119), add)
        watcher.update(step / 10, image)
    assert circular_gap(watcher.reach(1.9, at=1.5), LEFT) < 0.02
    assert watcher.reach(1.9) is None  # as without the highlight: that arm came long before the event


def test_a_highlight_alone_at_the_border_is_still_a_place():
    # A grey sleeve over darker cloth looks like light added: with no other arm there, it is the arm.
    watcher = ReachWatcher()
    for step in range(14):
        image = frame_with_arm(None)
        if step >= 6:
            image[50:70, 0:80] = (110, 160, 130)  # the cloth, 70 grey levels lighter in every channel
        watcher.update(step / 10, image)
    assert circular_gap(watcher.reach(1.3), LEFT) < 0.02


def test_a_highlight_in_the_first_frame_gone_since_is_no_arm_and_hides_none():  # R-SLAP, R-STEAL
    # The camera starts with a lamp's spot on the left edge; it moves on. The border there is no arm,
    # and an arm coming in there later is an arrival like any other.
    frames = [with_highlight(frame_with_arms([]), (0, 60), 120.0)] * 3 + [frame_with_arms([])] * 5
    frames += [frame_with_arms(sides.split()) for sides in ["right"] * 3 + ["right left"] * 3]
    watcher = ReachWatcher()
    seen = [watcher.update(step / 10, image) for step, image in enumerate(frames)]
    assert seen[3:8] == [[]] * 5
    places = watcher.arrivals(0.8, 1.3)
    assert len(places) == 2
    for place, expected in zip(places, (RIGHT, LEFT), strict=True):
        assert circular_gap(place, expected) < 0.02


def test_an_arm_that_comes_as_the_first_frames_highlight_goes_is_seen():  # R-SLAP, R-STEAL
    # A wide spot on the bottom edge goes as an arm comes in under it: the border beside the arm is
    # learned anew, not the arm with it (from the next frame on, the arm alone differs there).
    frames = [frame_with_arms([])]
    for x in (40, 60, 80, 100, 120):
        frames[0] = with_highlight(frames[0], (x, 119), 120.0)
    frames = frames * 3 + [frame_with_arms(["bottom"])] * 4
    watcher = ReachWatcher()
    seen = [watcher.update(step / 10, image) for step, image in enumerate(frames)]
    for places in seen[4:]:
        assert len(places) == 1 and circular_gap(places[0], BOTTOM) < 0.02


def test_an_arm_that_comes_in_where_a_highlight_lay_before_the_zone_was_covered_arrives():  # R-STEAL
    # A lamp's spot lies on the bottom edge before the deck is covered at 0.8 s; the left arm, then
    # the bottom arm slap it, the bottom one crossing the border just beside the spot: the last hand.
    watcher = ReachWatcher()
    sides = [""] * 8 + ["left"] * 3 + ["left bottom"] * 4
    for step, arms in enumerate(sides):
        image = frame_with_arms(arms.split())
        if step >= 1:
            image = with_highlight(image, (70, 119), 120.0)
        watcher.update(step / 10, image)
    places = watcher.arrivals(0.8, 1.4)
    assert len(places) >= 2 and circular_gap(places[-1], BOTTOM) < 0.02
    assert circular_gap(places[-2], LEFT) < 0.02


def test_an_arm_seen_as_a_highlight_for_a_moment_does_not_arrive_again():  # R-STEAL: the last hand
    # The left arm rests at the border long before the deck is covered at 1.0 s; under a lamp's spot
    # it looks like a highlight for two frames, after the bottom arm came to slap the deck.
    watcher = ReachWatcher()
    for step in range(17):
        arms, glints = ([LEFT], []) if not 12 <= step < 14 else ([], [LEFT])
        if step >= 11:
            arms = arms + [BOTTOM]
        watcher.sightings.append((step / 10, arms))
        watcher.glints.append((step / 10, glints))
    places = watcher.arrivals(1.0, 1.6)
    assert len(places) == 1 and circular_gap(places[0], BOTTOM) < 0.02


def test_a_highlight_that_stays_after_the_arms_have_gone_is_no_early_arrival():  # R-STEAL: the last hand
    # Simulated game 28: a spot of light comes up on the border at 0.8 s and stays; everyone slaps the
    # deck (covered from 1.0 s), the bottom arm, the last, where the spot lies. Taken for an arm come at
    # 0.8 s, the spot made the bottom hand the first, and the wrong trophy was stolen.
    watcher = ReachWatcher()
    for step in range(22):
        t = step / 10
        arms = [place for place, came in ((RIGHT, 1.1), (LEFT, 1.3), (BOTTOM, 1.5)) if came <= t < 2.0]
        watcher.sightings.append((t, arms))
        watcher.glints.append((t, [BOTTOM + 0.01] if t >= 0.8 else []))
    places = watcher.arrivals(1.0, 2.1)
    assert len(places) == 3
    for place, expected in zip(places, (RIGHT, LEFT, BOTTOM), strict=True):
        assert circular_gap(place, expected) < 0.02


def test_a_dark_sleeve_over_light_cloth_is_an_arm():
    # Darker by the same amount in every channel, as where a highlight went, but unlike the cloth beside it.
    watcher = ReachWatcher()
    for step in range(10):
        image = np.full((120, 160, 3), (110, 160, 130), np.uint8)
        if step >= 5:
            image[50:70, 0:80] = (40, 90, 60)
        places = watcher.update(step / 10, image)
    assert len(places) == 1 and circular_gap(places[0], LEFT) < 0.02


def _landing(covered: float, t: float, reach: float, same: bool = True) -> dict:
    return {"type": "landed", "zone": "discard", "card": "b3", "same": same, "covered": covered, "t": t,
            "reach": reach}


def _take(covered: float, t: float, reach: float, kind: str = "taken") -> dict:
    return {"type": kind, "zone": "pirates", "card": "pirate-small", "covered": covered, "t": t,
            "reach": reach}


@pytest.mark.parametrize("in_order", [True, False], ids=["take-first", "same-frame"])
@pytest.mark.parametrize("discard_covered", [6.2, 6.46], ids=["discard-first", "pile-a-frame-first"])
def test_an_arm_reaching_over_the_discard_pile_for_a_villain_lays_no_twin_there(in_order, discard_covered):
    # R-ADV-4: one arm over both piles at once; either may be seen covered a frame or two first
    watcher = ReachWatcher()
    take, landing = _take(6.33, 7.0, 0.641), _landing(discard_covered, 7.067, 0.640)
    if in_order:
        watcher.cross_check([take])
        watcher.cross_check([landing])
    else:
        watcher.cross_check([landing, {**take, "t": 7.067, "type": "reached"}])
    assert landing["passing"] == "pirates"


@pytest.mark.parametrize(
    ("take", "landing"),
    [
        # The arm stayed over the pile a second after the take: it laid its own twin there.
        (_take(9.133, 9.733, 0.644), _landing(9.0, 10.867, 0.644)),
        (_take(6.33, 7.0, 0.641), _landing(6.2, 7.067, 0.45)),  # another arm
        (_take(6.33, 7.0, 0.641), _landing(6.2, 7.067, 0.641, same=False)),  # another card: a change anyway
        # The arm was over the villain pile well before it came over the discard pile.
        (_take(6.33, 7.0, 0.641), _landing(6.6, 7.067, 0.641)),
        # The arm was over the discard pile well before the villain pile: it laid its twin, then went
        # for its trophy, and the landing was confirmed only as the arm left (simulated game 7).
        (_take(12.6, 13.467, 0.448), _landing(11.2, 13.467, 0.451)),
    ],
    ids=["stayed", "another-arm", "another-card", "came-later", "laid-first"],
)
def test_a_twin_laid_is_not_taken_for_an_arm_passing(take, landing):  # R-ADV-4
    watcher = ReachWatcher()
    watcher.cross_check([take])
    watcher.cross_check([landing])
    assert "passing" not in landing


def test_a_card_laid_while_a_villain_takers_arm_was_still_out_is_the_next_arms():  # R-INTERCEPT-1
    # Seat "left" takes a villain (its arm over the discard pile on the way); "bottom" lays a card on
    # the discard pile as "left" goes back. Covered first by "left", the pile names the wrong arm.
    watcher = watch_arms([""] * 5 + ["left"] * 6 + ["left bottom"] * 2 + ["bottom"] * 3 + [""])
    take = _take(0.5, 1.2, LEFT)
    landing = {**_landing(0.8, 1.6, LEFT), "same": False}
    watcher.cross_check([take])
    watcher.cross_check([landing])
    assert circular_gap(landing["reach"], BOTTOM) < 0.02 and "passing" not in landing


def test_a_card_drawn_and_played_at_once_keeps_the_drawers_arm_as_the_next_one_comes():  # R-TURN-2
    # "left" draws and plays the drawn card in one reach (deck, then discard pile); "bottom", the next
    # seat, reaches out as the card is confirmed. Its arm came long after the pile was covered: the
    # next move's, not the hand that laid the card (simulated game 364: a poly given to the next seat).
    watcher = watch_arms([""] * 5 + ["left"] * 10 + [""] + ["bottom"] * 2)
    draw = {"type": "drawn", "zone": "deck", "card": "back", "covered": 0.5, "t": 1.0, "reach": LEFT}
    landing = {**_landing(0.9, 1.7, LEFT), "same": False}
    watcher.cross_check([draw])
    watcher.cross_check([landing])
    assert circular_gap(landing["reach"], LEFT) < 0.02


@pytest.mark.parametrize("laid_by, arms, expected", [
    # "left" crosses the discard pile to draw and keeps the card; "bottom" lays one a second later
    # (simulated game 1: the red 5 given to the drawer, covered first by its arm).
    ("bottom", [""] * 5 + ["left"] * 10 + [""] * 3 + ["bottom"] * 9 + [""], BOTTOM),
    # "left" crosses the discard pile to draw, then lays the card drawn; "bottom" reaches out as it
    # is confirmed: the next move's.
    ("left", [""] * 5 + ["left"] * 20 + ["left bottom"] * 2 + [""], LEFT),
], ids=["next-seat", "drawer-plays"])
def test_a_card_laid_after_an_arm_crossed_the_pile_to_draw_is_the_arm_come_since(laid_by, arms, expected):
    watcher = watch_arms(arms)  # R-TURN-2
    draw = {"type": "drawn", "zone": "deck", "card": "back", "covered": 0.8, "t": 1.5, "reach": LEFT}
    landing = {**_landing(0.55, 2.7, LEFT), "same": False}
    watcher.cross_check([draw])
    watcher.cross_check([landing])
    assert circular_gap(landing["reach"], expected) < 0.02


def test_a_draw_whose_arm_was_over_a_villain_pile_at_once_says_so():
    watcher = ReachWatcher()
    draw = {"type": "drawn", "zone": "deck", "card": "back", "covered": 21.867, "t": 22.2, "reach": 0.843}
    reached = {**_take(21.533, 22.2, 0.842), "type": "reached"}
    watcher.cross_check([draw, reached])
    assert draw["over"] == "pirates"
    later = {"type": "drawn", "zone": "deck", "card": "back", "covered": 23.0, "t": 23.4, "reach": 0.843}
    # The arm came over the deck after it had left the pile.
    watcher.cross_check([later])
    assert "over" not in later


def test_the_deck_s_arrivals_count_from_the_first_hand_over_it():  # R-STEAL: the last hand
    # Simulated game 40: a spot of light lies where the left arm crosses the border. The right arm comes
    # first (the deck covered from 1.1 s), the left arm is seen as an arm at 1.1 s and under the spot
    # again until 1.8 s, the bottom arm comes at 1.4 s: the last hand. Each hand leaves the deck bare a
    # moment before the next one, so the last run of cover began at 1.9 s; counted from then, the left
    # arm looked like one lying there all along that set off at 1.8 s, after the bottom one.
    watcher = ReachWatcher()
    for step in range(23):
        t = step / 10
        arms = [RIGHT + 0.004 * min(step - 9, 3)] if step >= 9 else []
        glints = []
        if step == 11 or step >= 18:
            arms.append(LEFT + (0.008 if step >= 18 else 0.0))
        else:
            glints.append(LEFT)
        if 14 <= step < 22:
            arms.append(BOTTOM)
        elif step in (13, 22):
            glints.append(BOTTOM)
        watcher.sightings.append((t, arms))
        watcher.glints.append((t, glints))
    drawn = watcher.annotate({"type": "drawn", "zone": "deck", "t": 2.2, "covered": 1.9,
                              "first_covered": 1.1})
    assert len(drawn["arrivals"]) == 3
    for place, expected in zip(drawn["arrivals"], (RIGHT, LEFT, BOTTOM), strict=True):
        assert circular_gap(place, expected) < 0.02


def test_a_highlight_gone_before_an_arm_comes_where_it_lay_is_not_that_arm_coming():  # R-STEAL
    # Simulated game 23: a spot of light lies where the left arm crosses the border from 0.6 s to 1.4 s,
    # as the deck is first covered at 1.2 s; the right arm, then the bottom arm slap it, and the left
    # arm comes at 1.8 s, after the spot has gone: the last hand. Taken for the left arm come at 0.6 s,
    # the spot made it the first, and the wrong trophy was stolen.
    watcher = ReachWatcher()
    for step in range(24):
        t = step / 10
        arms = [place for place, came in ((RIGHT, 1.2), (BOTTOM, 1.4), (LEFT, 1.8)) if came <= t + 1e-9]
        watcher.sightings.append((t, arms))
        watcher.glints.append((t, [LEFT + 0.005] if 6 <= step <= 14 else []))
    places = watcher.arrivals(1.2, 2.3)
    assert len(places) == 3
    for place, expected in zip(places, (RIGHT, BOTTOM, LEFT), strict=True):
        assert circular_gap(place, expected) < 0.02
