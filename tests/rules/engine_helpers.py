"""Helpers shared by the engine tests (this folder is on sys.path under pytest)."""

import pytest

from companion.rules import Game, IllegalAction


def small_game(edition="junior", hands=None, top="b5", deck=None, *, discard=None, villains=None,
               trophies=None, turn=None, rules=None, dealer=0, seed=0):
    hands = hands if hands is not None else [["b1", "g2"], ["r3", "y4"]]
    setup = {
        "hands": hands,
        "discard": discard if discard is not None else [top],
        "deck": deck if deck is not None else ["g0", "g1", "g2", "g3", "g4", "g5", "g6", "g7", "r0", "r1"],
    }
    if villains is not None or edition == "adventure":
        setup["villains"] = villains or {"pirates": [], "ghosts": [], "aliens": []}
    if trophies is not None:
        setup["trophies"] = trophies
    if turn is not None:
        setup["turn"] = turn
    return Game.from_setup(edition, len(hands), setup, dealer=dealer, rules=rules, seed=seed)


def refused(game, action, code):
    before = game.state()
    with pytest.raises(IllegalAction) as info:
        game.push(action)
    assert info.value.code == code, info.value.message
    assert game.state() == before  # a refused action changes nothing
    assert not game.is_legal(action)
    return info.value
