"""The basic game of every edition (RULES.md §2)."""

import random
import sys

import pytest
from engine_helpers import refused

from companion import cards
from companion.rules import Game
from companion.rules.game import shuffle


@pytest.mark.parametrize("edition", ["junior", "adventure", "svintus2"])
@pytest.mark.parametrize("players", [2, 5, 10])
def test_R_SETUP_1_deal_eight_each_and_turn_up_one(edition, players):  # R-SETUP-1
    game = Game.deal(edition, players, seed=11)
    state = game.state()
    assert [len(h) for h in state["hands"]] == [8] * players
    assert state["discard"] == 1
    assert state["deck"] == len(cards.deck(edition)) - 8 * players - 1
    everything = [c for h in state["hands"] for c in h] + [state["top"]] + list(reversed(game.deck))
    assert sorted(everything) == sorted(cards.deck(edition))


def test_R_SETUP_1_the_deal_is_seeded():  # R-SETUP-1
    assert Game.deal("junior", 3, seed=5).state() == Game.deal("junior", 3, seed=5).state()
    assert Game.deal("junior", 3, seed=5).state() != Game.deal("junior", 3, seed=6).state()


@pytest.mark.parametrize("dealer,first", [(0, 1), (2, 0), (1, 2)])
def test_R_SETUP_2_left_of_dealer_moves_first_then_clockwise(make, dealer, first):  # R-SETUP-2
    game = Game.deal("svintus2", 3, dealer=dealer, seed=1)
    assert game.turn == first and game.direction == 1
    g = make("junior", [["b1", "g2"], ["b2", "g3"], ["b3", "g4"]], top="b5", dealer=dealer)
    assert g.turn == first
    g.push({"by": first, "play": g.hands[first][0]})
    assert g.turn == (first + 1) % 3


def test_R_SETUP_3_D_3_first_super_card_has_no_effect(make):  # R-SETUP-3, D-3
    game = make("junior", [["r1", "g2"], ["r3", "y4"]], top="r-grab", turn=0)
    assert game.pending is None and game.turn == 0
    game.push({"by": 0, "play": "r1"})
    assert game.turn == 1


def test_R_SETUP_3_D_3_first_poly_allows_any_card(make):  # R-SETUP-3, D-3
    game = make("junior", [["y1", "g2"], ["r3", "y4"]], top="poly", turn=0)
    assert game.state()["colour"] is None
    assert {m["play"] for m in game.legal_moves(0) if "play" in m} == {"y1", "g2"}
    game.push({"by": 0, "play": "g2"})
    assert game.state()["colour"] == "g"


def test_R_TURN_1_match_colour_or_value(make):  # R-TURN-1
    game = make("junior", [["b1", "g5", "r3", "r-grab"], ["r3", "y4"]], top="b5", turn=0)
    plays = {m["play"] for m in game.legal_moves(0) if "play" in m}
    assert plays == {"b1", "g5"}
    refused(game, {"by": 0, "play": "r3"}, "does-not-match")
    refused(game, {"by": 0, "play": "y7"}, "not-in-hand")
    refused(game, {"by": 1, "play": "r3"}, "not-your-turn")
    game.push({"by": 0, "play": "g5"})
    assert game.state()["top"] == "g5" and game.state()["colour"] == "g"


def test_R_TURN_2_draw_then_play_that_card_only_or_pass(make):  # R-TURN-2
    game = make("junior", [["b1", "y7"], ["r3", "y4"]], top="b5", deck=["b2", "g0", "g1"], turn=0)
    game.push({"by": 0, "draw": True})  # allowed even though b1 could be played
    assert game.state()["drawn"] == "b2" and game.turn == 0
    refused(game, {"by": 0, "play": "b1"}, "only-drawn-card")
    refused(game, {"by": 0, "draw": True}, "only-drawn-card")
    assert {"by": 0, "pass": True} in game.legal_moves(0)
    game.push({"by": 0, "play": "b2"})
    assert game.turn == 1 and game.state()["drawn"] is None
    game.push({"by": 1, "draw": True})
    refused(game, {"by": 1, "play": "g0"}, "does-not-match")
    game.push({"by": 1, "pass": True})
    assert game.turn == 0 and len(game.hands[1]) == 3
    refused(game, {"by": 0, "pass": True}, "bad-choice")


def test_R_TURN_3_reshuffle_discard_except_top(make):  # R-TURN-3
    game = make("junior", [["b1", "y7"], ["r3", "y4"]], discard=["g1", "g2", "g3", "b5"], deck=[], turn=0)
    game.push({"by": 0, "draw": True})
    assert game.state()["discard"] == 1 and game.state()["top"] == "b5"
    assert game.state()["deck"] == 2 and game._drawn_card in {"g1", "g2", "g3"}


def test_R_TURN_3_reshuffle_is_seeded(make):  # R-TURN-3
    def drawn(seed):
        game = make("junior", [["b1"], ["r3"]], discard=[f"g{i}" for i in range(8)] + ["b5"], deck=[],
                    turn=0, seed=seed)
        game.push({"by": 0, "draw": True})
        return game.deck
    assert drawn(3) == drawn(3)
    assert any(drawn(3) != drawn(s) for s in range(4, 9))


def test_R_TURN_3_D_4_partial_draw_when_cards_run_out(make):  # R-TURN-3, D-4
    game = make("junior", [["b1", "r-grab"], ["r3", "y4"]], top="r5", deck=["g2"], turn=0)
    game.push({"by": 0, "play": "r-grab"})
    game.push({"by": 1, "accept": True})  # 3 due, only 2 exist (g2, then the reshuffled r5)
    assert len(game.hands[1]) == 4 and game.state()["deck"] == 0 and game.turn == 0


def test_R_TURN_3_D_4_draw_from_nothing_passes_the_turn(make):  # D-4
    game = make("junior", [["b1", "y7"], ["r3", "y4"]], top="g5", deck=[], turn=0)
    game.push({"by": 0, "draw": True})
    assert game.turn == 1 and len(game.hands[0]) == 2


def test_R_CALL_1_catch_without_call(make):  # R-CALL-1
    game = make("junior", [["b1", "b2"], ["r3", "y4", "g6"], ["g0", "g1"]], top="b5", turn=0)
    game.push({"by": 0, "play": "b1"})  # no «Свинтус!»
    assert {"by": 1, "catch": 0} in game.legal_moves(1)
    assert {"by": 2, "catch": 0} in game.legal_moves(2)
    refused(game, {"by": 0, "catch": 0}, "cannot-catch")
    game.push({"by": 2, "catch": 0})
    assert len(game.hands[0]) == 4
    refused(game, {"by": 1, "catch": 0}, "cannot-catch")


def test_R_CALL_1_no_catch_after_the_call(make):  # R-CALL-1
    game = make("junior", [["b1", "b2"], ["r3", "y4"]], top="b5", turn=0)
    game.push({"by": 0, "play": "b1", "svintus": True})
    refused(game, {"by": 1, "catch": 0}, "cannot-catch")


def test_R_CALL_1_too_late_after_the_next_move(make):  # R-CALL-1
    game = make("junior", [["b1", "b2"], ["r3", "y4"], ["g0", "g1"]], top="b5", turn=0)
    game.push({"by": 0, "play": "b1"})
    game.push({"by": 1, "draw": True})
    refused(game, {"by": 2, "catch": 0}, "cannot-catch")


def test_R_CALL_1_legal_moves_offer_the_call(make):  # R-CALL-1
    game = make("junior", [["b1", "b2"], ["r3", "y4"]], top="b5", turn=0)
    plays = [m for m in game.legal_moves(0) if m.get("play") == "b1"]
    assert {m.get("svintus") for m in plays} == {True, False}


def test_R_WRONG_1_card_goes_back_draw_two_turn_passes(make):  # R-WRONG-1
    game = make("junior", [["b1", "r3"], ["r3", "y4"]], top="b5", turn=0)
    game.push({"by": 0, "wrong": "r3"})
    assert sorted(game.hands[0]) == ["b1", "g0", "g1", "r3"]
    assert game.turn == 1 and game.top == "b5"
    refused(game, {"by": 1, "wrong": "b7"}, "not-in-hand")


def test_R_WRONG_1_out_of_turn_wrong_leaves_the_turn(make):  # R-WRONG-1
    game = make("junior", [["b1", "r3"], ["r3", "y4"], ["g0"]], top="b5", turn=0)
    game.push({"by": 2, "wrong": "g0"})
    assert len(game.hands[2]) == 3 and game.turn == 0


@pytest.mark.parametrize("edition", ["junior", "svintus2"])
def test_R_WIN_1_last_card_wins_and_scores(make, edition):  # R-WIN-1, R-TOUR-1
    game = make(edition, [["b1"], ["r3", "r4"], ["g0", "g1", "g2"]], top="b5", turn=0)
    game.push({"by": 0, "play": "b1"})
    state = game.state()
    assert state["finished"] and state["winners"] == [0] and state["turn"] is None
    assert state["score"] == {"winner": 0, "points": 5}
    assert game.outcome.winners == (0,) and game.outcome.score == {"winner": 0, "points": 5}
    refused(game, {"by": 1, "draw": True}, "game-over")
    assert game.legal_moves(1) == []


def test_push_and_pop_restore_states(make):
    game = Game.deal("junior", 3, seed=4)
    states = [game.state()]
    for _ in range(30):
        game.push(game.legal_moves(game.turn)[0])
        states.append(game.state())
    for expected in reversed(states[:-1]):
        game.pop()
        assert game.state() == expected
    with pytest.raises(IndexError):
        game.pop()


@pytest.mark.parametrize("edition,supers", [("junior", 56), ("adventure", 56), ("svintus2", 48)])
def test_D_1_deck_composition_in_a_dealt_game(edition, supers):  # D-1, RULES.md §1.2
    game = Game.deal(edition, 2, seed=0)
    every = [c for h in game.hands for c in h] + game.deck + game.discard
    numbers = [c for c in every if cards.parse(c).is_number]
    assert len(numbers) == 64 and len(every) - 64 == supers
    assert every.count("poly") == 8
    kinds = {cards.parse(c).kind for c in every if cards.parse(c).is_super and c != "poly"}
    assert kinds == set(cards.EDITIONS[edition].super_kinds)
    colours = cards.EDITIONS[edition].colours
    assert all(every.count(f"{colour}-{kind}") == 2 for kind in kinds for colour in colours)


def test_D_2_villain_counts_default_and_configurable():  # D-2
    game = Game.deal("adventure", 3, seed=1)
    assert {p: len(v) for p, v in game.villains.items()} == {"pirates": 9, "ghosts": 8, "aliens": 6}
    counts = {"pirates": {"pirate-small": 1, "pirate-big": 1, "pirate-super": 0}, "ghosts": {"ghost": 1},
              "aliens": {"alien": 2}}
    small = Game.deal("adventure", 3, seed=1, villains=counts)
    assert {p: len(v) for p, v in small.villains.items()} == {"pirates": 2, "ghosts": 4, "aliens": 2}
    assert all(not v for v in Game.deal("junior", 3, seed=1).villains.values())


def test_the_engine_shuffle_is_the_python_3_11_shuffle():
    # Records made before the shuffle was written out must deal the same cards.
    if sys.version_info[:2] != (3, 11):
        pytest.skip("random.Random.shuffle of other Python versions may differ; the engine's may not")
    for length in (0, 1, 2, 9, 112, 120):
        for seed in (0, 1, 11, "7/reshuffle/0"):
            ours, stdlib = list(range(length)), list(range(length))
            shuffle(random.Random(seed), ours)
            random.Random(seed).shuffle(stdlib)
            assert ours == stdlib
            assert sorted(ours) == list(range(length))
