"""Super cards (RULES.md §3) and the optional rules (§4)."""

import pytest
from engine_helpers import refused

from companion.rules import Game, IllegalAction, resolve_rules


def test_R_SUP_0_supers_match_by_colour_or_kind(make):  # R-SUP-0
    game = make("junior", [["g-grab", "r-snore", "y-hush", "poly"], ["r3"]], top="r-grab", turn=0)
    plays = {m["play"] for m in game.legal_moves(0) if "play" in m}
    assert plays == {"g-grab", "r-snore", "poly"}


def test_R_GRAB_next_player_draws_three_and_skips(make):  # R-GRAB
    game = make("junior", [["r-grab", "b1", "b2"], ["r3", "y4"], ["g5", "g6"]], top="r5", turn=0)
    game.push({"by": 0, "play": "r-grab"})
    assert game.state()["pending"] == {"kind": "grab", "cards": 3, "victim": 1} and game.turn == 1
    refused(game, {"by": 1, "play": "r3"}, "must-resolve-pending")
    refused(game, {"by": 1, "draw": True}, "must-resolve-pending")
    refused(game, {"by": 2, "accept": True}, "not-your-turn")
    assert game.legal_moves(1) == [{"by": 1, "accept": True}]
    game.push({"by": 1, "accept": True})
    assert len(game.hands[1]) == 5 and game.turn == 2 and game.state()["pending"] is None
    refused(game, {"by": 2, "accept": True}, "nothing-to-accept")


def test_R_SNORE_next_player_skips(make):  # R-SNORE
    game = make("junior", [["r-snore", "b1"], ["r3", "y4"], ["g5", "g6"]], top="r5", turn=0)
    game.push({"by": 0, "play": "r-snore"})
    assert game.state()["pending"] == {"kind": "snore", "cards": 0, "victim": 1}
    game.push({"by": 1, "accept": True})
    assert len(game.hands[1]) == 2 and game.turn == 2


def test_R_POLY_1_on_anything_even_with_other_plays(make):  # R-POLY-1
    game = make("junior", [["poly", "b1", "b2"], ["r3"]], top="b5", turn=0)
    polys = [m for m in game.legal_moves(0) if m.get("play") == "poly"]
    assert sorted(m["colour"] for m in polys) == ["b", "g", "r", "y"]  # once per colour, the current too
    refused(game, {"by": 0, "play": "poly"}, "missing-choice")
    refused(game, {"by": 0, "play": "poly", "colour": "o"}, "bad-choice")
    game.push({"by": 0, "play": "poly", "colour": "b"})
    assert game.state()["colour"] == "b"


def test_R_POLY_2_next_plays_named_colour_or_poly(make):  # R-POLY-2
    game = make("svintus2", [["poly", "b1"], ["r3", "o3", "poly", "b-grab"]], top="r5", turn=0)
    game.push({"by": 0, "play": "poly", "colour": "o"})
    plays = {m["play"] for m in game.legal_moves(1) if "play" in m}
    assert plays == {"o3", "poly"}
    refused(game, {"by": 1, "play": "r3"}, "does-not-match")


def test_R_POLY_3_D_5_no_poly_on_pending(make):  # R-POLY-3, D-5
    game = make("junior", [["r-grab", "b1"], ["poly", "y4"]], top="r5", turn=0)
    game.push({"by": 0, "play": "r-grab"})
    refused(game, {"by": 1, "play": "poly", "colour": "r"}, "must-resolve-pending")


def test_R_HUSH_silence_until_the_players_next_move(make):  # R-HUSH
    game = make("junior", [["r-hush", "b1", "b2"], ["r3", "y4"], ["r4", "g6"]], top="r5", turn=0)
    game.push({"by": 0, "play": "r-hush"})
    assert game.state()["hush"] == 0
    game.push({"by": 1, "play": "r3"})
    game.push({"by": 2, "play": "r4"})
    assert game.state()["hush"] == 0
    game.push({"by": 0, "draw": True})  # the hush player's next move ends the silence
    assert game.state()["hush"] is None


def test_R_HUSH_whoever_speaks_draws_two_and_silence_ends(make):  # R-HUSH
    game = make("junior", [["r-hush", "b1"], ["r3", "y4"]], top="r5", turn=0)
    refused(game, {"by": 1, "spoke": True}, "rule-off")
    game.push({"by": 0, "play": "r-hush"})
    game.push({"by": 1, "spoke": True})
    assert len(game.hands[1]) == 4 and game.state()["hush"] is None and game.turn == 1


@pytest.mark.parametrize("last,drawer", [(2, 2), (0, 0)])
def test_R_SLAP_last_hand_draws_two(make, last, drawer):  # R-SLAP
    game = make("junior", [["r-slap", "b1", "b2"], ["r3", "y4"], ["g5", "g6"]], top="r5", turn=0)
    refused(game, {"by": 0, "play": "r-slap"}, "missing-choice")
    assert len([m for m in game.legal_moves(0) if m.get("play") == "r-slap"]) == 3
    game.push({"by": 0, "play": "r-slap", "last": last})
    assert len(game.hands[drawer]) == 4 and game.turn == 1


def test_R_FLIP_reverses_and_effects_follow(make):  # R-FLIP
    hands = [["r-flip", "b1", "b2"], ["r3", "r-flip", "y3"], ["y5", "r-grab", "y6"], ["r7", "g1"]]
    game = make("junior", hands, top="r5", turn=1)
    game.push({"by": 1, "play": "r-flip"})
    assert game.direction == -1 and game.turn == 0
    game.push({"by": 0, "play": "r-flip"})
    assert game.direction == 1 and game.turn == 1
    game.push({"by": 1, "play": "r3"})
    game.push({"by": 2, "play": "r-grab"})
    assert game.state()["pending"]["victim"] == 3
    g = make("svintus2", [["o-flip", "b1"], ["r3"], ["o-grab", "o1"]], top="o5", turn=0)
    g.push({"by": 0, "play": "o-flip"})
    g.push({"by": 2, "play": "o-grab"})
    assert g.state()["pending"]["victim"] == 1  # "next" follows the reversed direction


def test_R_DECREE_text_in_force_until_next_and_penalty(make):  # R-DECREE
    game = make("junior", [["r-decree", "b1"], ["y-decree", "y4"], ["g0", "g1"]], top="r5", turn=0)
    game.push({"by": 0, "play": "r-decree", "decree": "никаких имён"})
    assert game.state()["decree"] == "никаких имён"
    game.push({"penalty": 2, "cards": 2})
    assert len(game.hands[2]) == 4
    game.push({"by": 1, "play": "y-decree"})
    assert game.state()["decree"] == ""


def test_decree_is_junior_only():
    with pytest.raises(IllegalAction) as info:
        Game.deal("svintus2", 2, seed=1).push({"by": 1, "play": "r-decree"})
    assert info.value.code == "bad-record"


def test_R_INTERCEPT_1_identical_card_out_of_turn(make):  # R-INTERCEPT-1
    hands = [["b3", "b1", "b2"], ["r3", "o4"], ["b3", "g6", "g7"], ["o1", "o2"]]
    game = make("svintus2", hands, top="b5", turn=0)
    game.push({"by": 0, "play": "b3"})
    assert {"by": 2, "play": "b3"} in game.legal_moves(2)
    refused(game, {"by": 3, "play": "o1"}, "intercept-not-allowed")
    game.push({"by": 2, "play": "b3"})
    assert game.turn == 3  # the interceptor's neighbour moves next


def test_R_INTERCEPT_1_own_card_and_only_right_after(make):  # R-INTERCEPT-1
    game = make("svintus2", [["b3", "b3", "o1"], ["r3", "o4"], ["g6", "g7"], ["b3", "o2"]], top="b5", turn=0)
    game.push({"by": 0, "play": "b3"})
    game.push({"by": 0, "play": "b3"})  # two identical cards in a row
    assert game.turn == 1
    game.push({"by": 1, "play": "r3"})
    refused(game, {"by": 3, "play": "b3"}, "intercept-not-allowed")


def test_R_INTERCEPT_1_off_in_junior_by_default(make):  # R-INTERCEPT-1
    game = make("junior", [["b3", "b1"], ["r3"], ["b3"]], top="b5", turn=0)
    game.push({"by": 0, "play": "b3"})
    refused(game, {"by": 2, "play": "b3"}, "not-your-turn")
    on = make("junior", [["b3", "b1"], ["r3"], ["b3", "g1"]], top="b5", turn=0, rules={"intercept": True})
    on.push({"by": 0, "play": "b3"})
    on.push({"by": 2, "play": "b3"})
    assert on.turn == 0


def test_R_INTERCEPT_2_D_6_intercepted_grab_stacks_and_poly_renames(make):  # R-INTERCEPT-2, D-6
    game = make("adventure", [["r-grab", "b1"], ["r3", "y4"], ["r-grab", "g6"], ["g1"]], top="r5", turn=0)
    game.push({"by": 0, "play": "r-grab"})
    game.push({"by": 2, "play": "r-grab"})
    assert game.state()["pending"] == {"kind": "grab", "cards": 6, "victim": 3}
    poly = make("svintus2", [["poly", "b1"], ["r3"], ["poly", "g6"]], top="r5", turn=0)
    poly.push({"by": 0, "play": "poly", "colour": "b"})
    poly.push({"by": 2, "play": "poly", "colour": "g"})
    assert poly.state()["colour"] == "g" and poly.turn == 0


def test_R_TRANSFER_1_snore_passes_on(make):  # R-TRANSFER-1
    hands = [["r-snore", "b1", "b2"], ["o-snore", "o4", "o5"], ["g6", "g-snore"]]
    game = make("svintus2", hands, top="r5", turn=0)
    game.push({"by": 0, "play": "r-snore"})
    assert {"by": 1, "play": "o-snore"} in game.legal_moves(1)
    game.push({"by": 1, "play": "o-snore"})
    assert game.state()["pending"] == {"kind": "snore", "cards": 0, "victim": 2}
    game.push({"by": 2, "play": "g-snore"})
    assert game.state()["pending"]["victim"] == 0


def test_R_TRANSFER_2_grab_stacks_3_6_9(make):  # R-TRANSFER-2
    game = make("svintus2", [["r-grab", "b1"], ["o-grab", "o4"], ["g-grab", "g6"], ["o1"]], top="r5", turn=0,
                deck=[f"o{i}" for i in range(8)] + ["b0", "b1"])
    game.push({"by": 0, "play": "r-grab"})
    game.push({"by": 1, "play": "o-grab"})
    assert game.state()["pending"]["cards"] == 6
    game.push({"by": 2, "play": "g-grab"})
    assert game.state()["pending"] == {"kind": "grab", "cards": 9, "victim": 3}
    game.push({"by": 3, "accept": True})
    assert len(game.hands[3]) == 10 and game.turn == 0


def test_R_TRANSFER_off_needs_the_option(make):  # R-TRANSFER-1
    game = make("junior", [["r-grab", "b1"], ["y1", "y-grab"]], top="r5", turn=0)
    game.push({"by": 0, "play": "r-grab"})
    refused(game, {"by": 1, "play": "y-grab"}, "rule-off")
    on = make("junior", [["r-grab", "b1"], ["y1", "y-grab"]], top="r5", turn=0, rules={"transfer": True})
    on.push({"by": 0, "play": "r-grab"})
    on.push({"by": 1, "play": "y-grab"})
    assert on.state()["pending"] == {"kind": "grab", "cards": 6, "victim": 0}


def test_R_TRANSFER_3_only_accept_or_transfer(make):  # R-TRANSFER-3
    game = make("svintus2", [["r-snore", "b1", "b2"], ["o-grab", "r2", "poly"]], top="r5", turn=0)
    game.push({"by": 0, "play": "r-snore"})
    assert game.legal_moves(1) == [{"by": 1, "accept": True}]
    refused(game, {"by": 1, "play": "o-grab"}, "must-resolve-pending")
    game.push({"by": 1, "accept": True})
    assert game.turn == 0 and len(game.hands[1]) == 3


def test_R_DAWDLE_draw_two_and_skip(make):  # R-DAWDLE
    game = make("svintus2", [["r1", "b1"], ["o1"]], top="r5", turn=0)
    refused(game, {"by": 0, "dawdle": True}, "rule-off")
    on = make("svintus2", [["r1", "b1"], ["o1"]], top="r5", turn=0, rules={"dawdle": True})
    refused(on, {"by": 1, "dawdle": True}, "not-your-turn")
    on.push({"by": 0, "dawdle": True})
    assert len(on.hands[0]) == 4 and on.turn == 1


@pytest.mark.parametrize("edition,rule", [("adventure", "intercept"), ("svintus2", "intercept"),
                                          ("svintus2", "transfer")])
def test_fixed_rules_cannot_be_turned_off(edition, rule):  # RULES.md §4
    with pytest.raises(IllegalAction) as info:
        resolve_rules(edition, {rule: False})
    assert info.value.code == "bad-record" and rule in info.value.message
    assert resolve_rules(edition, {rule: True})[rule] is True


def test_rule_defaults_per_edition():  # RULES.md §4
    assert resolve_rules("junior") == {"intercept": False, "transfer": False, "dawdle": False}
    assert resolve_rules("adventure") == {"intercept": True, "transfer": False, "dawdle": False}
    assert resolve_rules("svintus2") == {"intercept": True, "transfer": True, "dawdle": False}
