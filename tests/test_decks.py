import numpy as np
import pytest

from companion.vision.decks import DeckError, DeckProfile, list_profiles, load_profile


def unit(*values):
    v = np.array(values, np.float32)
    return v / np.linalg.norm(v)


def profile(name="home"):
    return DeckProfile(name, ["r-grab", "alien"], np.stack([unit(1, 0, 0), unit(0, 1, 0)]), "abc")


def test_profiles_round_trip_through_the_data_dir():
    profile().save()
    loaded = load_profile("home")
    assert loaded.codes == ["r-grab", "alien"] and loaded.model == "abc"
    assert np.allclose(loaded.embeddings, profile().embeddings)
    assert list_profiles() == ["home"]


def test_missing_damaged_and_badly_named_profiles_are_refused():
    with pytest.raises(DeckError, match="no deck profile named 'absent'"):
        load_profile("absent")
    path = profile("broken").save()
    path.write_bytes(b"not an npz file")
    with pytest.raises(DeckError, match="unreadable"):
        load_profile("broken")
    for name in ("../up", "", "a/b", ".hidden"):
        with pytest.raises(DeckError, match="bad deck name"):
            load_profile(name)


def test_a_close_enrolled_photo_wins_over_the_model():
    codes = ["r5", "r-grab", "alien", "none"]
    model_p = np.array([0.1, 0.1, 0.1, 0.7])  # the model does not know this printing's art
    p = profile().match(unit(0.95, 0.1, 0), codes, model_p)
    assert codes[int(np.argmax(p))] == "r-grab" and p.max() > 0.9


def test_a_far_photo_does_not_pull_the_reading_onto_an_enrolled_code():
    codes = ["r5", "r-grab", "alien", "none"]
    model_p = np.array([0.6, 0.2, 0.1, 0.1])
    p = profile().match(unit(0, 0, 1), codes, model_p)
    assert codes[int(np.argmax(p))] == "r5" and p[1] < model_p[1]


def test_a_sure_reading_of_an_uncovered_code_is_kept():
    codes = ["r5", "r-grab", "alien", "none"]
    model_p = np.array([0.95, 0.03, 0.01, 0.01])  # a number card the profile has no photo of
    p = profile().match(unit(0.8, 0.6, 0), codes, model_p)
    assert int(np.argmax(p)) == 0 and p[0] > 0.8


def test_a_crop_near_an_enrolled_photo_is_a_card_even_where_the_model_sees_none():
    # A printing whose back looks like cloth to the model: the enrolled photo says it is the back.
    backs = DeckProfile("plain", ["back"], np.stack([unit(1, 0, 0)]), "abc")
    codes = ["back", "none", "r5"]
    p = backs.match(unit(0.99, 0.14, 0), codes, np.array([0.02, 0.97, 0.01]))
    assert codes[int(np.argmax(p))] == "back" and p[0] > 0.95


def test_a_number_cards_photo_reads_its_value_in_every_colour_the_model_tells():
    # Enrollment of a deck: a green 6 whose own photo showed the cloth (the card not outlined), a
    # blue 6 well photographed. A green 6 of that printing lies near the blue 6's photo; the model
    # is sure of its colour and unsure of its value. It is a green 6, not the blue one.
    deck = DeckProfile("home", ["g6", "b6"], np.stack([unit(0, 0, 1), unit(1, 0, 0)]), "abc")
    codes = ["g5", "g6", "b6", "none"]
    model_p = np.array([0.5, 0.4, 0.04, 0.06])
    p = deck.match(unit(0.95, 0.3, 0), codes, model_p)
    assert codes[int(np.argmax(p))] == "g6" and p[1] > 0.8
