"""Counting the cards a player spreads beside the discard pile, on rendered table frames."""

import numpy as np
import pytest

from companion.vision.count import count_spread_cards
from companion.vision.pipeline import Pipeline
from companion.vision.sources import Frame
from companion.vision.zones import Zones, ZonesError
from tests.drawing import FixedClassifier, spread_scene

# Tables of plain paint, cloth and wood (a tiled or patterned cloth needs the card model to tell
# its squares from cards: see test_a_patch_read_as_no_card_is_not_counted).
SEEDS = (3, 5, 8, 11)


def watched(image, zones):
    """The pipeline after a few frames of ``image``: its watcher knows the discard pile's top card."""
    pipeline = Pipeline(zones, FixedClassifier())
    for t in range(5):
        pipeline.process(Frame(float(t), image))
    assert pipeline.watcher.stable_quad("discard") is not None
    return pipeline


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("count", [0, 1, 3, 5, 7])
def test_spread_cards_are_counted_without_the_piles(seed, count):
    image, zones = spread_scene(seed, count)
    pipeline = watched(image, zones)
    result = count_spread_cards(image, zones, watcher=pipeline.watcher)
    assert result["count"] == count
    assert len(result["quads"]) == count and result["cards"] == [None] * count
    # Left to right, none on the discard pile's top card.
    xs = [np.mean([x for x, _ in quad]) for quad in result["quads"]]
    assert xs == sorted(xs)


@pytest.mark.parametrize("seed", SEEDS[:2])
def test_cards_on_the_villain_piles_are_not_counted(seed):
    image, zones = spread_scene(seed, 3, villain_cards=3)
    pipeline = watched(image, zones)
    assert count_spread_cards(image, zones, watcher=pipeline.watcher)["count"] == 3


def test_counted_cards_are_read_in_one_batched_call():
    image, zones = spread_scene(SEEDS[0], 3)
    pipeline = watched(image, zones)
    classifier = FixedClassifier("g5", 0.8)
    result = count_spread_cards(image, zones, watcher=pipeline.watcher, classifier=classifier)
    assert result["count"] == 3 and result["cards"] == ["g5"] * 3 and classifier.calls == 1
    unsure = count_spread_cards(image, zones, watcher=pipeline.watcher, classifier=FixedClassifier("g5", 0.3))
    assert unsure["count"] == 3 and unsure["cards"] == [None] * 3  # counted, not named


def test_a_patch_read_as_no_card_is_not_counted():
    image, zones = spread_scene(SEEDS[0], 3)
    pipeline = watched(image, zones)
    sure = count_spread_cards(image, zones, watcher=pipeline.watcher, classifier=FixedClassifier(None, 0.95))
    assert sure["count"] == 0
    unsure = count_spread_cards(image, zones, watcher=pipeline.watcher, classifier=FixedClassifier(None, 0.4))
    assert unsure["count"] == 3  # a card the model cannot name (a face-down one) still counts


def test_zones_drawn_on_another_frame_size_are_scaled():
    image, zones = spread_scene(SEEDS[0], 3)
    pipeline = watched(image, zones)
    halved = Zones({name: poly / 2 for name, poly in zones.polygons.items()}, (320, 240))
    assert count_spread_cards(image, halved, watcher=pipeline.watcher)["count"] == 3


def test_bad_input_gets_a_message():
    image, zones = spread_scene(SEEDS[0], 0)
    with pytest.raises(ZonesError, match="discard"):
        count_spread_cards(image, Zones({"deck": zones["deck"]}, zones.frame))
    with pytest.raises(ValueError, match="not an image"):
        count_spread_cards(np.zeros(0), zones)
    outside = Zones({"discard": zones["discard"] + 1000})
    with pytest.raises(ZonesError, match="outside"):
        count_spread_cards(image, outside)


@pytest.fixture(scope="module")
def card_model():
    from companion.vision.classify import Classifier

    return Classifier(edition="adventure", threads=1)


@pytest.mark.parametrize("seed, count", [(26, 1), (18, 1), (8, 4), (23, 7)])
def test_cards_on_checked_and_waved_cloths_are_counted_with_the_card_model(card_model, seed, count):
    # 26: a blue card on a red cloth as bright, outlined only in colour; 18: a card beside the pile,
    # where an outline over the pile taking in a lower card, grown, reached; 8 and 23: outlines across
    # two cards and faces' inner frames, the readings choosing among them.
    image, zones = spread_scene(seed, count)
    pipeline = Pipeline(zones, card_model)
    for t in range(12):
        pipeline.process(Frame(float(t), image))
    result = count_spread_cards(image, zones, watcher=pipeline.watcher, classifier=card_model)
    assert result["count"] == count
