import numpy as np

from companion.sim import scene
from companion.vision.detect import find_card_quads, warp_card


def _face(colour):
    face = np.zeros((150, 100, 3), np.uint8)
    face[:] = colour
    return face


def test_paste_card_lands_on_its_quad():
    canvas = np.zeros((300, 300, 3), np.uint8)
    quad = scene.card_quad((150, 150), 120, 30)
    scene.paste_card(canvas, _face((0, 0, 255)), quad)
    assert tuple(canvas[150, 150]) == (0, 0, 255)
    assert canvas[5, 5].sum() == 0
    crop = warp_card(canvas, quad, (40, 60))
    assert tuple(crop[30, 20]) == (0, 0, 255)


def test_lower_cards_peek_out_of_a_pile():
    canvas = np.zeros((400, 400, 3), np.uint8)
    quad = scene.card_quad((200, 200), 150, 0)
    scene.paste_pile(canvas, [_face((255, 0, 0)), _face((0, 255, 0))], quad, np.random.default_rng(1),
                     spread=0.15)
    blue = (canvas[..., 0] > 200) & (canvas[..., 1] < 50)
    assert blue.sum() > 200  # the lower card shows around the top one
    assert tuple(canvas[200, 200]) == (0, 255, 0)


def test_camera_effects_are_seeded():
    frame = scene.table_texture(np.random.default_rng(0), (120, 90))
    a = scene.camera(frame, np.random.default_rng(5), 1.0)
    b = scene.camera(frame, np.random.default_rng(5), 1.0)
    assert np.array_equal(a, b) and not np.array_equal(a, frame)
    assert np.array_equal(scene.camera(frame, np.random.default_rng(5), 0.0), frame)


def test_the_card_finder_sees_a_rendered_card_where_it_was_put():
    rng = np.random.default_rng(3)
    face = np.full((300, 200, 3), 245, np.uint8)
    face[30:270, 20:180] = (40, 40, 200)
    photo, quad = scene.card_photo(face, rng, strength=0.2, angle=20)
    found = find_card_quads(photo)
    assert found
    assert np.linalg.norm(found[0].mean(axis=0) - quad.mean(axis=0)) < 10
