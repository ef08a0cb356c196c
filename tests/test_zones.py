"""Zones files: loading, validation messages, frame checks, auto-calibration on a drawn table."""

import json

import cv2
import numpy as np
import pytest

from companion.vision.zones import (
    Zones,
    ZonesError,
    auto_calibrate,
    load_zones,
    parse_zones,
    save_zones,
)
from tests.drawing import card_corners, draw_card, table

SQUARE = [[10, 10], [100, 10], [100, 100], [10, 100]]


def test_round_trip(tmp_path):
    zones = parse_zones({"frame": [320, 240], "zones": {"discard": SQUARE, "seat-3": SQUARE}})
    path = tmp_path / "zones.json"
    save_zones(zones, path)
    again = load_zones(path)
    assert again.frame == (320, 240)
    assert again.names() == ["discard", "seat-3"]
    assert again.piles() == ["discard"]
    assert np.allclose(again["discard"], SQUARE)


def test_bare_mapping_is_accepted():
    zones = parse_zones({"discard": SQUARE, "deck": SQUARE})
    assert zones.frame is None and "deck" in zones


@pytest.mark.parametrize(
    "text, message",
    [
        ("{not json", "is not JSON"),
        ("[1, 2]", "JSON object"),
        ('{"table": [[0,0],[10,0],[10,10]]}', "unknown zone name 'table'"),
        ('{"discard": [[0,0],[10,0]]}', "at least 3"),
        ('{"discard": [[0,0],[10,"a"],[10,10]]}', "two numbers"),
        ('{"discard": [[0,0],[5,5],[10,10]]}', "no area"),
        ('{}', "names no zone"),
        ('{"frame": [640], "zones": {"discard": [[0,0],[10,0],[10,10]]}}', "'frame' must be"),
        ('{"frame": [100, 100], "zones": {"discard": [[0,0],[150,0],[150,50]]}}',
         "outside the 100x100 frame"),
        ('{"zones": {}, "size": 3}', "unknown key"),
    ],
)
def test_invalid_files_get_clear_messages(tmp_path, text, message):
    path = tmp_path / "zones.json"
    path.write_text(text)
    with pytest.raises(ZonesError, match=message):
        load_zones(path)


def test_missing_file_is_named():
    with pytest.raises(ZonesError, match="not found"):
        load_zones("/nonexistent/zones.json")


def test_zone_outside_a_camera_frame_and_scaling():
    zones = parse_zones({"frame": [640, 480], "zones": {"discard": [[600, 400], [639, 400], [639, 479]]}})
    zones.check_frame((640, 480))
    with pytest.raises(ZonesError, match="outside the 320x240 frame"):
        zones.check_frame((320, 240))
    half = zones.scaled((320, 240))
    half.check_frame((320, 240))
    assert half["discard"][1].tolist() == pytest.approx([319.5, 200])


def layout(n_piles=5, seed=0):
    img = table((240, 400), seed=seed)
    corners = [card_corners((40 + 80 * i, 120), 5 * i, 44, 66) for i in range(n_piles)]
    for quad in corners:
        draw_card(img, quad)
    return img, corners


def test_auto_calibration_names_piles_left_to_right_without_a_classifier():
    img, corners = layout()
    zones = auto_calibrate(img, edition="adventure")
    assert zones.names() == ["deck", "discard", "pirates", "ghosts", "aliens"]
    zones.check_frame((400, 240))
    for name, quad in zip(zones.names(), corners, strict=True):
        centre = tuple(map(float, quad.mean(axis=0)))
        assert cv2.pointPolygonTest(zones[name].reshape(-1, 1, 2), centre, False) > 0
    # Zones do not overlap: no card centre lies in two zones.
    for quad in corners:
        centre = tuple(map(float, quad.mean(axis=0)))
        inside = [n for n in zones.names()
                  if cv2.pointPolygonTest(zones[n].reshape(-1, 1, 2), centre, False) > 0]
        assert len(inside) == 1


def test_auto_calibration_needs_the_piles():
    with pytest.raises(ZonesError, match="found 0 card"):
        auto_calibrate(table((240, 400)))


def test_zones_json_is_json_ready():
    zones = Zones({"discard": np.array(SQUARE, np.float32)}, (320, 240))
    assert json.loads(json.dumps(zones.to_json()))["frame"] == [320, 240]
