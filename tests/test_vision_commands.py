"""`companion detect` and `companion watch`: bad input gets one clear line, never a traceback."""

import json

import cv2
import numpy as np
import pytest

from companion.paths import MODELS_DIR
from tests.cli import run

HAVE_MODEL = (MODELS_DIR / "cards.onnx").is_file()


def test_watch_a_video_that_is_not_there(capsys, tmp_path):
    code, out, err = run(capsys, "watch", "--source", str(tmp_path / "game.mp4"))
    assert code == 2 and out == ""
    assert "is neither a camera index, 'sim', a folder nor a video file" in err


def test_watch_a_file_that_is_not_a_video(capsys, tmp_path):
    bad = tmp_path / "game.mp4"
    bad.write_bytes(b"\x00" * 100)
    code, _, err = run(capsys, "watch", "--source", str(bad))
    assert code == 2 and "cannot be opened as a video" in err


def test_watch_with_an_invalid_zones_file(capsys, tmp_path):
    zones = tmp_path / "zones.json"
    zones.write_text('{"discard": [[0, 0], [10, 0], [10, 10]], "sofa": [[0, 0], [1, 0], [1, 1]]}')
    code, _, err = run(capsys, "watch", "--source", "sim", "--zones", str(zones))
    assert code == 2 and "unknown zone name 'sofa'" in err
    assert err.count("\n") == 1


def test_detect_an_image_that_is_not_there_or_not_an_image(capsys, tmp_path):
    code, _, err = run(capsys, "detect", str(tmp_path / "table.png"))
    assert code == 2 and "no such file" in err
    text = tmp_path / "table.png"
    text.write_text("hello")
    code, _, err = run(capsys, "detect", str(text))
    assert code == 2 and "not an image" in err


def test_detect_with_a_zone_outside_the_photo(capsys, tmp_path):
    photo = tmp_path / "table.png"
    cv2.imwrite(str(photo), np.zeros((240, 320, 3), np.uint8))
    zones = tmp_path / "zones.json"
    zones.write_text(json.dumps({"zones": {"discard": [[200, 40], [600, 40], [600, 200]]}}))
    code, _, err = run(capsys, "detect", str(photo), "--zones", str(zones))
    assert code == 2 and "outside the 320x240 frame" in err


def test_watch_sim_compares_with_the_game(capsys):
    if not HAVE_MODEL:
        pytest.skip(f"no card model at {MODELS_DIR / 'cards.onnx'} (made by 'companion train')")
    code, out, _ = run(capsys, "watch", "--source", "sim", "--seed", "2", "--max-actions", "4")
    assert code == 0
    lines = [json.loads(line) for line in out.splitlines()]
    comparison = lines[-1]["comparison"]
    assert comparison["plays"]["expected"] >= 1
    for event in lines[:-1]:
        assert {"t", "zone", "type"} <= set(event)


def test_detect_draws_the_cards_and_zones(tmp_path):
    from companion.commands.detect import draw
    from companion.vision.zones import parse_zones

    image = np.zeros((240, 320, 3), np.uint8)
    cards = [{"card": "b3", "confidence": 0.9, "quad": [[40, 40], [100, 40], [100, 130], [40, 130]],
              "zone": "discard", "top": [["b3", 0.9]]},
             {"card": None, "confidence": 0.2, "quad": [[200, 40], [260, 40], [260, 130], [200, 130]],
              "zone": None, "top": []}]
    zones = parse_zones({"discard": [[20, 20], [150, 20], [150, 200], [20, 200]]})
    out = tmp_path / "drawn.png"
    draw(image, cards, zones, out)
    picture = cv2.imread(str(out))
    assert picture.shape == image.shape
    assert tuple(picture[85, 40]) == (0, 220, 0)  # a read card's outline in green
    assert tuple(picture[85, 200]) == (0, 0, 255)  # an unread one in red
    assert picture[100, 20].any()  # the zone


@pytest.mark.parametrize("seed", [540, 544])
def test_detect_with_zones_reads_each_piles_top_as_the_pipeline_does(capsys, tmp_path, seed):
    # Simulated games 540 and 544 lie on tiles, where the largest outline in a zone is a block of tiles
    # around the card (game 540's discard pile) or a card-sized patch of them beside the deck. The
    # command reads each zone as the live pipeline does: the card's own outline.
    if not HAVE_MODEL:
        pytest.skip(f"no card model at {MODELS_DIR / 'cards.onnx'} (made by 'companion train')")
    from companion.sim.table import SimulatedTable
    from companion.vision.zones import save_zones
    from tests.test_detect import same_card

    table = SimulatedTable("adventure", 3, seed, max_actions=12)
    frame = next(iter(table))
    photo, zones = tmp_path / "table.png", tmp_path / "zones.json"
    cv2.imwrite(str(photo), frame.image)
    save_zones(table.zones, zones)
    code, out, _ = run(capsys, "detect", str(photo), "--zones", str(zones), "--edition", "adventure")
    assert code == 0
    found = {card["zone"]: card for card in json.loads(out)["cards"]}
    assert set(found) == set(table.zones.piles())
    for zone, card in found.items():
        assert same_card(np.array(card["quad"], np.float32), table.piles[zone][-1].quad), zone


def test_output_piped_into_a_reader_that_went_away_ends_quietly(tmp_path):
    # `companion detect photo.png | head -c 100`: head exits before the JSON is written; the command
    # stops as one killed by SIGPIPE would, with no traceback.
    import subprocess
    import sys

    photo = tmp_path / "table.png"
    cv2.imwrite(str(photo), np.zeros((120, 160, 3), np.uint8))
    process = subprocess.Popen([sys.executable, "-m", "companion", "detect", str(photo)],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    process.stdout.close()  # the reader goes away before the command writes
    _, err = process.communicate(timeout=120)
    assert process.returncode == 141, err.decode()
    assert b"Traceback" not in err
