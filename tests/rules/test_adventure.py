"""The Big Adventure (RULES.md §5)."""

import pytest
from engine_helpers import refused

from companion import cards
from companion.rules import Game

FILLER = ["b0", "b1", "b2", "b4", "b5", "b6", "b7", "r0", "r1", "r2"]
DECK = [f"y{i}" for i in range(8)] + [f"b{i}" for i in range(8)] + [f"r{i}" for i in range(8)]


def piles(pirates=(), ghosts=(), aliens=()):
    return {"pirates": list(pirates), "ghosts": list(ghosts), "aliens": list(aliens)}


def test_R_ADV_SETUP_three_shuffled_face_up_piles():  # R-ADV-SETUP, D-2
    game = Game.deal("adventure", 3, seed=2)
    state = game.state()
    assert sorted(state["villains"]["pirates"]) == sorted(cards.villain_piles("adventure")["pirates"])
    assert sorted(state["villains"]["ghosts"]) == sorted(cards.villain_piles("adventure")["ghosts"])
    assert state["villains"]["aliens"] == ["alien"] * 6
    orders = {tuple(Game.deal("adventure", 3, seed=s).state()["villains"]["ghosts"]) for s in range(5)}
    assert len(orders) > 1  # each pile is shuffled
    assert game.rules["intercept"] is True


def test_adventure_worked_example_exact(make):  # R-ADV-1, R-ADV-4, R-ADV-5
    hands = [["b1", "b3", "b4", "b6", "b7", "y0", "y1", "y2"], ["g2", "g7", "y3", "g2"],
             ["g5", "r0", "r1", "r2", "r3", "r4", "r6", "r7"]]
    villains = piles(["pirate-big"], ["ghost-g", "ghost-g"], ["alien", "alien"])
    game = make("adventure", hands, top="g2", villains=villains, turn=1, deck=DECK)
    # The previous play was a green two; seat 1 answers with its own green two: an interception.
    game.push({"by": 1, "play": "g2"})
    assert len(game.hands[1]) == 3
    assert sorted(game.trophies[1]) == ["alien", "ghost-g"]
    assert game.villains == piles(["pirate-big"], ["ghost-g"], ["alien"])  # the ghost below was not taken
    # The next player plays a green five: it would beat the big pirates and the green ghost, but holds 7.
    game.push({"by": 2, "play": "g5"})
    assert len(game.hands[2]) == 7 and game.trophies[2] == []
    assert game.villains == piles(["pirate-big"], ["ghost-g"], ["alien"])


def test_R_ADV_1_seven_cards_defeat_nothing_six_do(make):  # R-ADV-1
    villains = piles(["pirate-small"], ["ghost-b"], [])
    seven = make("adventure", [["b1"] + FILLER[:7], FILLER[:3]], top="b5", villains=villains, turn=0,
                 deck=DECK)
    seven.push({"by": 0, "play": "b1"})
    assert seven.trophies[0] == []
    six = make("adventure", [["b1"] + FILLER[:6], FILLER[:3]], top="b5", villains=villains, turn=0, deck=DECK)
    six.push({"by": 0, "play": "b1"})
    assert sorted(six.trophies[0]) == ["ghost-b", "pirate-small"]  # several piles at once


@pytest.mark.parametrize("code,beaten", [("b0", True), ("r3", True), ("b4", False), ("r-grab", False)])
def test_R_ADV_2_small_pirates_by_0_to_3(make, code, beaten):  # R-ADV-2
    game = make("adventure", [[code, "poly", "r5"], FILLER[:3]], top="r3" if code[0] == "r" else "b5",
                villains=piles(["pirate-small"]), turn=0, deck=DECK)
    game.push({"by": 0, "play": code})
    assert (game.trophies[0] == ["pirate-small"]) is beaten


@pytest.mark.parametrize("code,beaten", [("b4", True), ("b7", True), ("b3", False)])
def test_R_ADV_2_big_pirates_by_4_to_7(make, code, beaten):  # R-ADV-2
    game = make("adventure", [[code, "poly", "r5"], FILLER[:3]], top="b5",
                villains=piles(["pirate-big"]), turn=0, deck=DECK)
    game.push({"by": 0, "play": code})
    assert (game.trophies[0] == ["pirate-big"]) is beaten


@pytest.mark.parametrize("play,beaten", [({"play": "b-grab"}, True), ({"play": "poly", "colour": "r"}, True),
                                         ({"play": "b-omni"}, True), ({"play": "b7"}, False)])
def test_R_ADV_2_super_pirates_by_any_super(make, play, beaten):  # R-ADV-2
    game = make("adventure", [[play["play"], "r1", "r5"], FILLER[:3]], top="b5",
                villains=piles(["pirate-super"]), turn=0, deck=DECK)
    game.push({"by": 0, **play})
    assert (game.trophies[0] == ["pirate-super"]) is beaten


@pytest.mark.parametrize("play,beaten", [({"play": "y-snore"}, True), ({"play": "y6"}, True),
                                         ({"play": "poly", "colour": "y"}, False), ({"play": "b6"}, False)])
def test_R_ADV_3_ghosts_by_their_colour_never_by_poly(make, play, beaten):  # R-ADV-3
    top = "b6" if play["play"] == "y6" else "y6"
    game = make("adventure", [[play["play"], "r1", "r5"], FILLER[:3]], top=top,
                villains=piles([], ["ghost-y"]), turn=0, deck=DECK)
    game.push({"by": 0, **play})
    assert (game.trophies[0] == ["ghost-y"]) is beaten


def test_R_ADV_4_aliens_by_interception_in_and_out_of_turn(make):  # R-ADV-4
    aliens = piles([], [], ["alien"] * 4)
    game = make("adventure", [["b3", "b3", "r1", "r2"], ["b3", "y1", "y2"], ["g1", "g2", "g3"]], top="b5",
                villains=aliens, turn=0, deck=DECK)
    game.push({"by": 0, "play": "b3"})
    assert game.trophies[0] == []  # b3 onto b5 is no interception
    game.push({"by": 0, "play": "b3"})  # onto its own card
    assert game.trophies[0] == ["alien"]
    game.push({"by": 1, "play": "b3"})  # in turn, onto the previous player's identical card
    assert game.trophies[1] == ["alien"]


def test_R_ADV_4_poly_on_poly_is_an_interception(make):  # R-ADV-4
    game = make("adventure", [["poly", "r1", "r2"], ["g1", "y1", "y2"], ["g2", "g3", "g4"]], top="b5",
                villains=piles([], [], ["alien"]), turn=0, deck=DECK)
    game.push({"by": 0, "play": "poly", "colour": "g"})
    game.push({"by": 1, "play": "g1"})
    assert game.trophies == [[], [], []]
    game2 = make("adventure", [["poly", "r1", "r2"], ["poly", "y1", "y2"], ["g1", "g2", "g3"]], top="b5",
                 villains=piles([], [], ["alien"]), turn=0, deck=DECK)
    game2.push({"by": 0, "play": "poly", "colour": "g"})
    game2.push({"by": 1, "play": "poly", "colour": "r"})
    assert game2.trophies[1] == ["alien"]


def test_R_ADV_5_uncovered_villain_not_taken_by_same_play(make):  # R-ADV-5
    game = make("adventure", [["b1", "r1", "r2"], FILLER[:3]], top="b5",
                villains=piles(["pirate-small", "pirate-small"], ["ghost-b", "ghost-b"]), turn=0, deck=DECK)
    game.push({"by": 0, "play": "b1"})
    assert sorted(game.trophies[0]) == ["ghost-b", "pirate-small"]
    assert game.villains["pirates"] == ["pirate-small"] and game.villains["ghosts"] == ["ghost-b"]


def test_R_ADV_6_effect_first_then_defeat(make):  # R-ADV-6, R-SLAP
    # A slap that makes the player draw 2 lifts the hand from 6 to 8: no defeat.
    hand = ["b-slap"] + FILLER[:6]
    game = make("adventure", [hand, FILLER[:3]], top="b5", villains=piles(["pirate-super"], ["ghost-b"]),
                turn=0, deck=DECK)
    game.push({"by": 0, "play": "b-slap", "last": 0})
    assert len(game.hands[0]) == 8 and game.trophies[0] == []
    other = make("adventure", [hand, FILLER[:3]], top="b5", villains=piles(["pirate-super"], ["ghost-b"]),
                 turn=0, deck=DECK)
    other.push({"by": 0, "play": "b-slap", "last": 1})
    assert sorted(other.trophies[0]) == ["ghost-b", "pirate-super"]


def test_R_ADV_7_last_card_sweeps_then_draws_eight(make):  # R-ADV-7
    game = make("adventure", [["y7"], FILLER[:3]], top="b7",
                villains=piles(["pirate-small", "pirate-big"], ["ghost-b"], ["alien", "alien"]), turn=0,
                deck=DECK)
    game.push({"by": 0, "play": "y7"})
    assert sorted(game.trophies[0]) == ["alien", "ghost-b", "pirate-small"]  # every top, whatever the card
    assert len(game.hands[0]) == 8 and not game.finished and game.turn == 1


def test_R_ADV_8_empty_pile_gives_nothing(make):  # R-ADV-8
    game = make("adventure", [["y7"], FILLER[:3]], top="b7", villains=piles(["pirate-big"], [], []),
                turn=0, deck=DECK)
    game.push({"by": 0, "play": "y7"})
    assert game.trophies[0] == ["pirate-big"]


def test_R_ADV_END_last_villain_ends_the_game(make):  # R-ADV-END
    game = make("adventure", [["b1", "r1", "r2"], FILLER[:3]], top="b5", villains=piles(["pirate-small"]),
                turn=0, deck=DECK)
    game.push({"by": 0, "play": "b1"})
    assert game.finished and game.winners == [0] and game.turn is None
    assert game.state()["score"] is None
    refused(game, {"by": 1, "draw": True}, "game-over")


def test_R_ADV_END_last_deck_card_ends_the_game(make):  # R-ADV-END
    game = make("adventure", [["b1", "r1", "r2"], FILLER[:3]], top="g5", villains=piles(["pirate-small"]),
                turn=0, deck=["y1", "y2"])
    game.push({"by": 0, "draw": True})
    assert not game.finished
    game.push({"by": 0, "pass": True})
    game.push({"by": 1, "draw": True})  # the last card: no reshuffle in the adventure
    assert game.finished and game.state()["deck"] == 0


def test_R_ADV_WIN_D_8_most_trophies_then_fewest_cards_then_shared(make):  # R-ADV-WIN, D-8
    def ended(trophies, hands):
        game = make("adventure", hands, top="g5", villains=piles(["pirate-small"]), turn=0, deck=["y1"],
                    trophies=trophies)
        game.push({"by": 0, "draw": True})
        return game.winners
    assert ended([["alien"], ["alien", "ghost-b"]], [["b1"], ["b2", "b3"]]) == [1]
    assert ended([["alien"], ["ghost-b"]], [["b1", "b4"], ["b2"]]) == [1]  # seat 0 drew: 3 cards vs 1
    assert ended([["alien"], ["ghost-b"]], [["b1"], ["b2", "b3"]]) == [0, 1]  # 2 cards each: shared


def test_R_STEAL_D_9_takes_most_recent_trophy_of_last_hand(make):  # R-STEAL, D-9
    trophies = [[], ["alien", "ghost-b", "pirate-big"], []]
    game = make("adventure", [["b-steal", "y1", "y2", "y3", "y4", "y5", "y6", "y7"], FILLER[:3], FILLER[:3]],
                top="b5", villains=piles(["pirate-small"]), turn=0, deck=DECK, trophies=trophies)
    refused(game, {"by": 0, "play": "b-steal"}, "missing-choice")
    refused(game, {"by": 0, "play": "b-steal", "last": 1, "take": "ghost-r"}, "bad-choice")
    game.push({"by": 0, "play": "b-steal", "last": 1})
    assert game.trophies[0] == ["pirate-big"] and game.trophies[1] == ["alien", "ghost-b"]


def test_R_STEAL_chosen_trophy_and_nothing_from_self_or_empty(make):  # R-STEAL
    trophies = [["ghost-y"], ["alien", "ghost-b"], []]
    hand = ["b-steal", "y-steal", "r-steal", "y1", "y2", "y3", "y4", "y5", "y6"]
    game = make("adventure", [hand, FILLER[:3], FILLER[:3]], top="b5", villains=piles(["pirate-small"]),
                turn=0, deck=DECK, trophies=trophies)
    game.push({"by": 0, "play": "b-steal", "last": 1, "take": "alien"})
    assert sorted(game.trophies[0]) == ["alien", "ghost-y"] and game.trophies[1] == ["ghost-b"]
    game.pop()
    game.push({"by": 0, "play": "b-steal", "last": 0})
    assert game.trophies[0] == ["ghost-y"]
    game.pop()
    game.push({"by": 0, "play": "b-steal", "last": 2})
    assert game.trophies == [["ghost-y"], ["alien", "ghost-b"], []]


def test_R_OMNI_with_seven_defeats_one_of_choice(make):  # R-OMNI
    hand = ["b-omni"] + FILLER[:7]
    villains = piles(["pirate-small"], ["ghost-r"], ["alien"])
    game = make("adventure", [hand, FILLER[:3]], top="b5", villains=villains, turn=0, deck=DECK)
    refused(game, {"by": 0, "play": "b-omni"}, "missing-choice")
    assert len([m for m in game.legal_moves(0) if m.get("play") == "b-omni"]) == 3
    game.push({"by": 0, "play": "b-omni", "villain": "ghosts"})
    assert game.trophies[0] == ["ghost-r"]  # a ghost its colour could never beat


def test_R_OMNI_with_six_or_fewer_beats_normally(make):  # R-OMNI
    villains = piles(["pirate-super"], ["ghost-r", "ghost-b"], ["alien"])
    game = make("adventure", [["b-omni", "r1"], FILLER[:3]], top="b5", villains=villains, turn=0, deck=DECK)
    game.push({"by": 0, "play": "b-omni", "villain": "aliens"})  # the power does not work: choice ignored
    assert sorted(game.trophies[0]) == ["pirate-super"]
    assert game.villains["aliens"] == ["alien"]


def test_R_SHAKE_move_then_defeat(make):  # R-SHAKE
    villains = piles(["pirate-big", "pirate-small"], ["ghost-r"], ["alien"])
    game = make("adventure", [["b-shake", "r1", "r2"], FILLER[:3]], top="b5", villains=villains, turn=0,
                deck=DECK)
    refused(game, {"by": 0, "play": "b-shake", "shake": ["pirates", "pirates"]}, "bad-choice")
    game.push({"by": 0, "play": "b-shake", "shake": ["ghosts", "pirates"]})
    # The ghost moved onto the pirates; a blue shake beats neither a red ghost nor big pirates.
    assert game.villains["pirates"] == ["ghost-r", "pirate-big", "pirate-small"]
    assert game.villains["ghosts"] == [] and game.trophies[0] == []
    game.pop()
    moves = [m for m in game.legal_moves(0) if m.get("play") == "b-shake"]
    assert len(moves) == 1 + 6  # no move, or one of the 6 ordered pairs of non-empty piles


def test_R_SHAKE_uncovered_villain_can_be_beaten(make):  # R-SHAKE
    villains = piles(["pirate-big", "pirate-super"], ["ghost-r"], ["alien"])
    game = make("adventure", [["b-shake", "r1", "r2"], FILLER[:3]], top="b5", villains=villains, turn=0,
                deck=DECK)
    game.push({"by": 0, "play": "b-shake", "shake": ["pirates", "aliens"]})
    assert game.trophies[0] == ["pirate-super"]  # uncovered by the move, then beaten by the super card
    assert game.villains["aliens"] == ["pirate-big", "alien"]
    assert game.villains["pirates"] == []


def test_R_SHAKE_onto_empty_pile_refused(make):  # R-SHAKE
    game = make("adventure", [["b-shake", "r1", "r2"], FILLER[:3]], top="b5",
                villains=piles(["pirate-big"], [], ["alien"]), turn=0, deck=DECK)
    refused(game, {"by": 0, "play": "b-shake", "shake": ["pirates", "ghosts"]}, "bad-choice")
