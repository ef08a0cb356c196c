"""Public knowledge: the table's view, where hands and the deck are counts (Game.public)."""

import pytest
from engine_helpers import refused

from companion import cards
from companion.record import load, replay, to_record
from companion.rules import Game


def test_public_defaults_counts():
    game = Game.public("svintus2", 3, top="b5")
    view = game.view()
    assert view["public"] is True and view["hand_counts"] == [8, 8, 8]
    assert view["deck"] == len(cards.deck("svintus2")) - 25 and view["turn"] == 1
    assert view["hands"] == [["back"] * 8] * 3


def test_public_play_from_unknown_hand_same_rules():  # R-TURN-1
    game = Game.public("svintus2", 3, top="b5", hand_counts=[8, 2, 8])
    plays = {m["play"] for m in game.legal_moves(1) if "play" in m}
    assert "b3" in plays and "o5" in plays and "poly" in plays and "o3" not in plays
    refused(game, {"by": 1, "play": "o3"}, "does-not-match")
    refused(game, {"by": 2, "play": "b5"}, "intercept-not-allowed")
    game.push({"by": 1, "play": "b3"})
    assert game.view()["hand_counts"] == [8, 1, 8] and game.top == "b3" and game.state()["discard"] == 2
    game.push({"by": 2, "play": "b3"})  # svintus2 intercept: any seat with cards may hold the twin
    assert game.view()["hand_counts"] == [8, 1, 7]


def test_public_draw_adds_unknown_card_and_any_matching_card_may_follow():  # R-TURN-2
    game = Game.public("junior", 2, top="g5", deck_count=5)
    game.push({"by": 1, "draw": True})
    assert game.state()["drawn"] == "back" and game.state()["deck"] == 4
    assert game.view()["hand_counts"] == [8, 9]
    refused(game, {"by": 1, "play": "r3"}, "does-not-match")
    game.push({"by": 1, "play": "g1"})
    assert game.view()["hand_counts"] == [8, 8]


def test_public_empty_hand_cannot_play():
    game = Game.public("svintus2", 2, top="b5", hand_counts=[0, 3], turn=0)
    refused(game, {"by": 0, "play": "b3"}, "not-in-hand")


def test_public_catch_and_penalties_by_counts():  # R-CALL-1, R-WRONG-1
    game = Game.public("junior", 3, top="b5", hand_counts=[2, 5, 5], turn=0)
    game.push({"by": 0, "play": "b1"})
    game.push({"by": 2, "catch": 0})
    assert game.view()["hand_counts"] == [4, 5, 5]
    game.push({"by": 1, "wrong": "y7"})
    assert game.view()["hand_counts"] == [4, 7, 5] and "y7" in game.state()["hands"][1]
    assert game.turn == 2


def test_public_reshuffle_counts():  # R-TURN-3
    game = Game.public("junior", 2, top="g5", deck_count=0, hand_counts=[3, 3], turn=0)
    game.push({"by": 0, "play": "g1"})
    game.push({"by": 1, "play": "g2"})
    game.push({"by": 0, "draw": True})
    assert game.state()["deck"] == 1 and game.state()["discard"] == 1


def test_public_grab_pending_same_rules():  # R-GRAB, R-TRANSFER-2
    game = Game.public("svintus2", 3, top="r5", turn=0)
    game.push({"by": 0, "play": "r-grab"})
    refused(game, {"by": 1, "play": "r4"}, "must-resolve-pending")
    game.push({"by": 1, "play": "b-grab"})
    game.push({"by": 2, "accept": True})
    assert game.view()["hand_counts"] == [7, 7, 14]


def test_public_adventure_defeats_known_tops_and_reveal():  # R-ADV-1, R-ADV-5
    villains = {"pirates": ["pirate-small", None], "ghosts": [None, None], "aliens": ["alien"]}
    game = Game.public("adventure", 2, top="b5", hand_counts=[8, 6], villains=villains)
    game.push({"by": 1, "play": "b1"})
    assert game.state()["trophies"][1] == ["pirate-small"]
    assert game.state()["villains"]["pirates"] == ["back"]
    assert game.hints()["villains"][0]["beaten_by"] is None  # unknown until the camera tells
    game.reveal_villain("pirates", "pirate-big")
    assert game.state()["villains"]["pirates"] == ["pirate-big"]
    with pytest.raises(Exception) as info:
        game.reveal_villain("pirates", "pirate-super")
    assert info.value.code == "bad-choice"
    assert game.actions[-1] == {"reveal": "pirates", "card": "pirate-big"}
    game.pop()
    assert game.state()["villains"]["pirates"] == ["back"]


def test_public_reveal_keeps_the_interception_window():  # R-INTERCEPT-1
    villains = {"pirates": [None], "ghosts": [None], "aliens": [None]}
    game = Game.public("adventure", 3, top="b5", villains=villains)
    game.push({"by": 1, "play": "b3"})
    game.reveal_villain("aliens", "alien")
    game.push({"by": 0, "play": "b3"})
    assert game.turn == 1


def test_public_record_replays_exactly():
    villains = {"pirates": ["pirate-small", None], "ghosts": ["ghost-b"], "aliens": [None]}
    game = Game.public("adventure", 3, top="b5", hand_counts=[5, 6, 7], villains=villains, deck_count=30)
    for action in ({"by": 1, "play": "b1"}, {"reveal": "pirates", "card": "pirate-big"},
                   {"by": 2, "draw": True}, {"by": 2, "pass": True}, {"by": 0, "play": "b4"}):
        game.push(action)
    again, error = replay(load(to_record(game)))
    assert error is None and again.state() == game.state() and again.view() == game.view()


def test_public_poly_top_needs_a_colour_of_the_edition():  # R-POLY-1
    with pytest.raises(ValueError, match="not a colour of junior"):
        Game.public("junior", 2, top="poly", colour="o")
    game = Game.public("junior", 2, top="poly", colour="y", turn=0)
    plays = {m["play"] for m in game.legal_moves(0) if "play" in m}
    assert "y3" in plays and "b3" not in plays
