"""Game.hints(): plain data for the tablet."""

import json

from companion.rules import Game


def test_hints_normal_turn(make):
    game = make("junior", [["b1", "r5", "b2"], ["r3", "y4"]], top="b5", turn=0)
    play = game.hints()["play"]
    assert play["seat"] == 0 and play["mode"] == "normal"
    assert play["colour"] == "b" and play["value"] == 5 and play["kind"] is None
    assert play["poly"] is True and play["draw"] is True and play["transfer"] is None
    assert "decree" in play["super_kinds"]


def test_hints_super_kind_and_named_colour(make):
    game = make("svintus2", [["poly", "r1", "b2"], ["r3", "o4"]], top="r-grab", turn=0)
    assert game.hints()["play"]["kind"] == "grab"
    game.push({"by": 0, "play": "poly", "colour": "o"})
    play = game.hints()["play"]
    assert play["colour"] == "o" and play["kind"] is None and play["value"] is None


def test_hints_pending_transfer_and_interception(make):  # R-TRANSFER-2, R-INTERCEPT-1
    game = make("svintus2", [["r-grab", "r1", "b2"], ["o-grab", "o4", "o5"], ["r-grab", "b1", "b3"]],
                top="r5", turn=0)
    game.push({"by": 0, "play": "r-grab"})
    hints = game.hints()
    assert hints["play"]["mode"] == "pending" and hints["play"]["transfer"] == "grab"
    assert hints["play"]["accept"] == {"kind": "grab", "cards": 3}
    assert hints["intercept"] == {"card": "r-grab", "seats": [2]}


def test_hints_catch(make):  # R-CALL-1
    game = make("junior", [["b1", "b2"], ["r3", "y4"], ["g1", "g2"]], top="b5", turn=0)
    game.push({"by": 0, "play": "b1"})
    assert game.hints()["catch"] == {"seat": 0, "by": [1, 2]}


def test_hints_villains(make):  # R-ADV-2, R-ADV-3, R-ADV-4
    villains = {"pirates": ["pirate-big"], "ghosts": ["ghost-g"], "aliens": ["alien"]}
    game = make("adventure", [["b1", "r2"], ["b1"] * 7], top="b5", villains=villains, turn=0)
    beaten = {v["pile"]: v["beaten_by"] for v in game.hints()["villains"]}
    assert beaten == {"pirates": {"values": [4, 5, 6, 7]}, "ghosts": {"colour": "g"},
                      "aliens": {"interception": True}}
    assert game.hints()["villains"][0]["can_defeat"] == [0]


def test_hints_are_json_ready_in_every_edition():
    for edition in ("junior", "adventure", "svintus2"):
        game = Game.deal(edition, 4, seed=3)
        for _ in range(20):
            json.dumps(game.hints())
            json.dumps(game.view())
            game.push(game.legal_moves(game.turn)[-1])
