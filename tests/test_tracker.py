"""The tracker on scripted camera event streams: each test names the rule it checks."""

from __future__ import annotations

import pytest

from companion import cards
from companion.rules import resolve_rules
from companion.table.script import scripted_game
from companion.table.tracker import MatchConfig, MatchTracker, TableError

NAMES = ["Аня", "Боря", "Вика", "Гоша"]
PLACES = {0: 0.1, 1: 0.4, 2: 0.7}  # where each seat's arm crosses the frame's border


class Table:
    """A match fed by hand: camera events one step (1.5 s) apart, answers and corrections."""

    def __init__(self, edition="junior", players=3, *, start="b5", tops=None, dealer=0,
                 start_confidence=0.99):
        rules = resolve_rules(edition, None)
        self.match = MatchTracker(1, MatchConfig(edition, NAMES[:players], dealer, rules, None))
        self.entries: list[dict] = []
        self.t = 0.0
        for pile, card in (tops or {}).items():
            self.event("top", zone=pile, card=card)
        self.event("landed", card=start, confidence=start_confidence)

    def submit(self, entry: dict) -> None:
        entry = self.match.prepare({"t": self.t, **entry})
        self.match.apply(entry, live=True)
        self.entries.append(entry)

    def event(self, kind: str, **fields) -> None:
        self.t = fields.pop("t", self.t + 1.5)
        self.submit({"kind": "event", "t": self.t, "event": {"type": kind, "t": self.t, **fields}})

    def land(self, *cards: str) -> None:
        for card in cards:
            self.event("landed", zone="discard", card=card)

    def land_from(self, reach: float, card: str) -> None:
        """A card landing, its arm come in at ``reach`` on the frame's border."""
        self.event("landed", zone="discard", card=card, reach=reach)

    def land_seen(self, *plays: tuple[int, str]) -> None:
        """Cards landing, each (seat, card) with its seat's arm seen at the seat's place (PLACES)."""
        for seat, card in plays:
            self.land_from(PLACES[seat], card)

    def answer(self, kind: str, value) -> None:
        self.submit({"kind": "answer", "question": self.question(kind)["id"], "value": value})

    @property
    def round(self):
        return self.match.round

    @property
    def game(self):
        return self.match.round.game

    @property
    def actions(self) -> list[dict]:
        return [m.action for m in self.round.moves if "reveal" not in m.action]

    def question(self, kind: str) -> dict:
        found = [q for q in self.round.open_questions() if q["kind"] == kind]
        assert found, f"no open {kind} question in {self.round.open_questions()}"
        return found[-1]

    def kinds(self) -> list[str]:
        return [q["kind"] for q in self.round.open_questions()]


def test_a_card_landing_is_played_by_the_seat_to_move():  # R-TURN-1, R-SETUP-2
    table = Table()
    table.land("b3", "r3", "r1")
    assert table.actions == [{"by": 1, "play": "b3"}, {"by": 2, "play": "r3"}, {"by": 0, "play": "r1"}]
    assert table.game.turn == 1
    assert table.round.hand_counts() == [7, 7, 7]
    assert table.kinds() == []


def test_identical_card_right_after_asks_who_intercepted():  # R-INTERCEPT-1
    table = Table("adventure")
    table.land("b3", "b3")
    question = table.question("intercepted-by")
    assert [o["value"] for o in question["options"]] == [0, 1, 2]  # the out-of-turn seats first
    assert table.actions[-1] == {"by": 0, "play": "b3"}
    table.answer("intercepted-by", 2)
    assert table.actions[-1] == {"by": 2, "play": "b3"}
    assert table.game.turn == 0  # the interceptor's neighbour moves next
    assert "intercepted-by" not in table.kinds()


def test_played_by_fix_rereads_the_later_plays():  # R-INTERCEPT-1
    table = Table("adventure")
    table.land("b3", "b3", "b1")
    assert [a["by"] for a in table.actions] == [1, 0, 1]
    index = table.round.moves.index(next(m for m in table.round.moves if m.action == {"by": 0, "play": "b3"}))
    table.submit({"kind": "fix", "index": index, "by": 2})
    assert [a["by"] for a in table.actions] == [1, 2, 0]  # the next play follows the corrected seat


def test_illegal_card_asks_wrong_card_or_misread():  # R-WRONG-1
    table = Table()
    table.land("r2")
    question = table.question("wrong-or-misread")
    values = [o["value"] for o in question["options"]]
    assert values[0] == "wrong" and values[-1] == "ignore" and "b2" in values
    assert table.actions == []
    table.answer("wrong-or-misread", "wrong")
    assert table.actions == [{"by": 1, "wrong": "r2"}]
    assert table.round.hand_counts() == [8, 10, 8]
    assert table.game.turn == 2


def test_a_starting_card_read_unsure_is_read_again_from_the_first_card():  # R-TURN-1, R-SETUP-2
    # Simulated game 245: the red 6 turned up to start was read as a red 5, then a blue 6 laid on it.
    table = Table(start="r5", start_confidence=0.6)
    table.land("b6")
    assert table.actions == [{"by": 1, "play": "b6"}] and table.kinds() == []
    assert table.round.start_card == "r6"
    assert any(line["text_en"] == "The camera read red 5; it was red 6 (from the next card)"
               for line in table.round.log)


def test_a_starting_card_read_surely_is_read_again_when_the_table_says_so():  # R-TURN-1
    table = Table(start="r5")  # read surely
    table.land("b6")
    question = table.question("wrong-or-misread")
    option = next(o for o in question["options"] if o["value"] == "before:r6")
    assert option["label_en"] == "right, and the starting card was red 6, not red 5"
    table.answer("wrong-or-misread", "before:r6")
    assert table.actions == [{"by": 1, "play": "b6"}] and table.round.start_card == "r6"


def test_a_starting_card_a_person_named_is_not_read_again():  # R-TURN-1
    rules = resolve_rules("junior", None)
    match = MatchTracker(1, MatchConfig("junior", NAMES[:3], 0, rules, None))
    match.apply({"kind": "action", "t": 0.0, "action": {"start": "r5"}}, live=True)
    match.apply({"kind": "event", "t": 1.5, "event": {"type": "landed", "zone": "discard", "card": "b6",
                                                     "t": 1.5, "confidence": 0.5}}, live=True)
    assert match.round.start_card == "r5" and match.round.moves == []
    question = next(q for q in match.round.open_questions() if q["kind"] == "wrong-or-misread")
    assert not any(str(o["value"]).startswith("before:") for o in question["options"])


def test_a_wrong_card_taken_back_is_inferred():  # R-WRONG-1
    table = Table()
    table.land("r2", "b5")  # the old top shows again: the card went back to its hand
    assert table.actions == [{"by": 1, "wrong": "r2"}]
    assert "wrong-or-misread" not in table.kinds()


def test_misread_answer_plays_the_right_card():  # R-WRONG-1 (the other branch)
    table = Table()
    table.land("r2")
    table.answer("wrong-or-misread", "b2")
    assert table.actions == [{"by": 1, "play": "b2"}]


def test_a_card_on_one_the_camera_missed_can_be_told_so():  # R-TURN-1 (two plays in one passage)
    table = Table()  # blue 5 to start
    table.land("r7")  # seat 1 played a card nobody saw land, then seat 2 this red 7
    values = [o["value"] for o in table.question("wrong-or-misread")["options"]]
    assert values[0] == "wrong" and values[-1] == "ignore"
    # the top's colour first, a Polypig naming red last
    assert [v for v in values if v.startswith("unseen:")] == ["unseen:b7", "unseen:r5", "unseen:poly"]
    table.answer("wrong-or-misread", "unseen:r5")
    assert table.actions == [{"by": 1, "play": "r5"}, {"by": 2, "play": "r7"}]
    assert table.round.hand_counts() == [8, 7, 7]


def test_a_card_on_one_the_camera_read_surely_but_wrong_can_be_told_so():  # R-TURN-1
    # Simulated game 377: a red 7 read as a red 0 (0.95), then a blue 7 on it. Read so surely, the red
    # 0 is not read again by the rules; the table may say it was a red 7, and no card went unseen.
    table = Table()  # blue 5 to start
    table.event("landed", zone="discard", card="b0", confidence=0.96)  # seat 1's blue 7
    table.land("r7")  # seat 2's
    question = table.question("wrong-or-misread")
    values = [o["value"] for o in question["options"]]
    assert "before:b7" in values and "unseen:b7" in values
    label = next(o for o in question["options"] if o["value"] == "before:b7")["label_en"]
    assert label == "right, and the card before it was blue 7, not blue 0"
    table.answer("wrong-or-misread", "before:b7")
    assert table.actions == [{"by": 1, "play": "b7"}, {"by": 2, "play": "r7"}]
    assert table.round.hand_counts() == [8, 7, 7]
    assert "wrong-or-misread" not in table.kinds()


@pytest.mark.parametrize("seat, misread", [(0, True), (1, False)])
def test_the_arm_that_laid_a_held_card_tells_a_sure_misreading_from_a_card_unseen(seat, misread):
    # R-TURN-1. Simulated game 377: a red 0 read surely, then a blue 7 that cannot lie on it, then a
    # card on the blue 7: it lay rightly. Laid by the arm of the seat that was to move, no card of
    # that seat's went unseen before it: the red 0 was a red 7. Laid by the next seat's arm, the seat
    # to move laid a red 7 unseen.
    table = Table()  # blue 5 to start
    table.land_seen((1, "b3"), (2, "b4"), (0, "b6"), (1, "r6"))  # every seat placed
    table.event("landed", zone="discard", card="r0", confidence=0.95, reach=PLACES[2])
    table.land_from(PLACES[seat], "b7")  # held: no blue 7 lies on a red 0
    assert "wrong-or-misread" in table.kinds()
    table.land_from(PLACES[(seat + 1) % 3], "b2")
    if misread:
        expected = [{"by": 2, "play": "r7"}, {"by": 0, "play": "b7"}, {"by": 1, "play": "b2"}]
    else:
        expected = [{"by": 2, "play": "r0"}, {"by": 0, "play": "r7"}, {"by": 1, "play": "b7"},
                    {"by": 2, "play": "b2"}]
    assert table.actions[-len(expected):] == expected
    assert "wrong-or-misread" not in table.kinds()


def test_weighing_a_surely_read_card_as_misread_changes_nothing_until_told():  # R-SLAP, R-TURN-1
    # A red Grabber cannot lie on the blue Slapper, read surely; "before: a blue Grabber" is offered,
    # which needs the Slapper tried as a Grabber (no last hand) for a moment: its last hand stays.
    table = Table()  # blue 5 to start
    table.event("landed", zone="discard", card="b-slap", confidence=0.99)
    table.answer("last-hand", 2)
    table.land("r-grab")
    assert "before:b-grab" in [o["value"] for o in table.question("wrong-or-misread")["options"]]
    assert table.actions == [{"by": 1, "play": "b-slap", "last": 2}]
    assert table.round.hand_counts() == [8, 7, 10]


def test_a_card_on_a_polypig_the_camera_missed_names_its_colour():  # R-POLY-1, R-TURN-1
    table = Table()  # blue 5 to start
    table.land("g-snore")  # no green 5 in the deck's way: seat 1 laid a Polypig unseen, naming green
    table.answer("wrong-or-misread", "unseen:poly")
    assert table.actions[:2] == [{"by": 1, "play": "poly", "colour": "g"}, {"by": 2, "play": "g-snore"}]


def test_a_slap_on_a_card_the_camera_missed_is_a_slap_like_any_other():  # R-SLAP, R-TURN-1
    table = Table()  # blue 5 to start
    table.land("r-slap")  # cannot lie on the blue 5: seat 1's card went unseen, then seat 2 slapped
    table.answer("wrong-or-misread", "unseen:r5")
    assert table.actions == [{"by": 1, "play": "r5"}, {"by": 2, "play": "r-slap", "last": 2}]
    assert not table.round.moves[0].inferred  # the table named it
    assert "last-hand" in table.kinds()
    table.event("drawn", zone="deck")  # everyone slaps the deck: no draw
    assert len(table.actions) == 2


@pytest.mark.parametrize("answered", [True, False])
def test_a_held_card_told_read_right_drops_the_cameras_doubt(answered):  # R-TURN-1
    table = Table()  # blue 5 to start
    table.event("landed", zone="discard", card="r7", confidence=0.8, alternatives=[["r1", 0.1]])
    if answered:
        table.answer("wrong-or-misread", "unseen:r5")  # "read right, and before it a red 5"
    else:
        table.land("r3")  # lies on the red 7: inferred, the camera's reading stands
    move = table.round.moves[1]
    assert move.action == {"by": 2, "play": "r7"}
    assert (move.confidence, move.alternatives) == ((None, []) if answered else (0.8, [["r1", 0.1]]))


def test_a_card_that_lands_on_a_held_one_tells_a_card_before_it_went_unseen():  # R-TURN-1
    table = Table()
    table.land("r7")  # cannot lie on the blue 5: held
    assert table.actions == []
    table.land("r3")  # lies on the red 7: the red 7 is there, on a card the camera missed
    assert table.actions == [{"by": 1, "play": "b7"}, {"by": 2, "play": "r7"}, {"by": 0, "play": "r3"}]
    assert table.round.open_questions() == []
    assert table.round.asked["q1-wrong-or-misread"]["resolved"] == "inferred"
    table.land("r3")  # the game goes on from there: an interception of the red 3
    assert table.round.moves[-1].intercept
    again = MatchTracker(1, table.match.config)  # restarted: the log read again tells the same
    for entry in table.entries:
        again.apply(entry, live=False)
    assert [m.action for m in again.round.moves] == table.actions


def _land_covered(table: Table, seat: int, card: str, cover: float) -> None:
    """A card landing by ``seat``'s arm after its zone was covered ``cover`` seconds."""
    table.t += 1.5
    table.event("landed", zone="discard", card=card, reach=PLACES[seat], covered=table.t - cover, t=table.t)


USUAL_COVERS = ((1, "b3"), (2, "b4"), (0, "b6"), (1, "b1"), (2, "b2"))  # every seat placed, 0.7 s each


def test_a_long_cover_then_the_arm_of_the_seat_after_next_tells_two_plays_in_it():  # R-TURN-1
    table = Table()
    for seat, card in USUAL_COVERS:
        _land_covered(table, seat, card, 0.7)
    _land_covered(table, 0, "b7", 1.8)  # seat 0 laid a card, seat 1 the blue 7: one long cover
    assert table.actions[-1] == {"by": 0, "play": "b7"}  # nothing tells it yet
    _land_covered(table, 2, "r7", 0.7)  # seat 2's arm, where seat 1 was to move
    assert table.actions[-3:] == [{"by": 0, "play": "b0"}, {"by": 1, "play": "b7"}, {"by": 2, "play": "r7"}]
    assert table.round.hand_counts() == [6, 5, 5]
    assert any(line["text_en"] == "The camera did not see blue 0 land" for line in table.round.log)
    again = MatchTracker(1, table.match.config)  # restarted: the log read again tells the same
    for entry in table.entries:
        again.apply(entry, live=False)
    assert [m.action for m in again.round.moves] == [m.action for m in table.round.moves]


def test_a_long_cover_by_the_drawers_arm_then_the_next_seats_draw_is_the_card_kept():  # R-TURN-2
    # (simulated game 1: seat 2's arm, back from the deck over the discard pile, covered it until seat 0
    # laid its card; seat 1's draw after it was read as two plays in that cover, not the card kept)
    table = Table()
    for seat, card in USUAL_COVERS:
        _land_covered(table, seat, card, 0.7)
    table.event("drawn", zone="deck", card="back", reach=PLACES[0])  # seat 0 draws
    _land_covered(table, 0, "b7", 2.2)  # the drawer's arm, and the card laid under one long cover
    assert table.actions[-2:] == [{"by": 0, "draw": True}, {"by": 0, "play": "b7"}]  # the card drawn
    table.event("drawn", zone="deck", card="back", reach=PLACES[2])  # seat 2's arm at the deck
    assert table.actions[-4:] == [{"by": 0, "draw": True}, {"by": 0, "pass": True}, {"by": 1, "play": "b7"},
                                  {"by": 2, "draw": True}]
    assert table.question("played-by")["default"] == 1  # still asked: an arm is a guess
    assert not any("did not see" in line["text_en"] for line in table.round.log)


@pytest.mark.parametrize("move", ["card", "draw"])
@pytest.mark.parametrize("seat, two_plays", [(0, True), (2, False)])
def test_the_move_after_a_snores_victim_tells_a_play_hidden_before_it(move, seat, two_plays):
    # R-TURN-1, R-SNORE: the victim of a snore sleeps; the next seat plays, or draws if it cannot
    table = Table()
    for placed, card in USUAL_COVERS:
        _land_covered(table, placed, card, 0.7)
    _land_covered(table, 1, "b-snore", 0.7)  # seat 1's arm where seat 0 was to move
    assert table.actions[-1] == {"by": 0, "play": "b-snore"}  # nothing tells it yet
    # The next move comes after the snore's victim slept: seat 0's arm if seat 0 laid a card unseen
    # and seat 1 the snore (seat 2 slept), seat 2's if seat 0 laid the snore (seat 1 slept).
    if move == "card":
        _land_covered(table, seat, "b5", 0.7)
        last = {"by": seat, "play": "b5"}
    else:
        table.event("drawn", zone="deck", card="back", reach=PLACES[seat])
        last = {"by": seat, "draw": True}
    if two_plays:
        assert table.actions[-4:] == [{"by": 0, "play": "b0"}, {"by": 1, "play": "b-snore"},
                                      {"by": 2, "accept": True}, last]
        if move == "card":
            assert table.question("missed-before")["default"] == "unseen:b0"  # which card is a guess
    else:
        assert table.actions[-3:] == [{"by": 0, "play": "b-snore"}, {"by": 1, "accept": True}, last]
        assert "missed-before" not in table.kinds()


def test_a_long_cover_asks_whether_a_card_was_missed_before():  # R-TURN-1
    table = Table()
    for seat, card in USUAL_COVERS:
        _land_covered(table, seat, card, 0.7)
    _land_covered(table, 0, "b7", 1.8)  # one long cover: seat 0's card, or two plays in it
    question = table.question("missed-before")
    assert question["seat"] == 0 and question["default"] == "none"
    values = [o["value"] for o in question["options"]]
    assert values[0] == "none" and "unseen:b0" in values
    assert table.actions[-1] == {"by": 0, "play": "b7"}
    table.answer("missed-before", "unseen:b5")  # a card not offered: any card that explains it
    assert table.actions[-2:] == [{"by": 0, "play": "b5"}, {"by": 1, "play": "b7"}]
    assert not table.round.moves[-2].inferred  # the table told it
    assert "missed-before" not in table.kinds() and table.game.turn == 2
    assert any(line["text_en"] == "The camera did not see blue 5 land" for line in table.round.log)


def test_nothing_missed_told_keeps_the_arms_from_reading_two_plays():  # R-TURN-1
    table = Table()
    for seat, card in USUAL_COVERS:
        _land_covered(table, seat, card, 0.7)
    _land_covered(table, 0, "b7", 1.8)
    table.answer("missed-before", "none")
    _land_covered(table, 2, "r7", 0.7)  # seat 2's arm, where seat 1 was to move: one arm, not proof
    assert table.actions[-2:] == [{"by": 0, "play": "b7"}, {"by": 1, "play": "r7"}]


def test_the_next_arm_closes_or_answers_the_question_about_a_missed_card():  # R-TURN-1
    table = Table()
    for seat, card in USUAL_COVERS:
        _land_covered(table, seat, card, 0.7)
    _land_covered(table, 0, "b7", 1.8)
    _land_covered(table, 1, "r7", 0.7)  # seat 1's arm, the seat to move: nothing was missed
    assert "missed-before" not in table.kinds()
    assert table.round.asked[f"q{table.round.moves[-2].source}-missed-before"]["resolved"] == "inferred"
    _land_covered(table, 2, "r6", 1.8)
    _land_covered(table, 1, "r5", 0.7)  # seat 1's arm, where seat 0 was to move: seat 2 laid one unseen
    assert table.actions[-3:] == [{"by": 2, "play": "r0"}, {"by": 0, "play": "r6"}, {"by": 1, "play": "r5"}]
    # Which card seat 2 laid is a guess (the likeliest): the question stays open, the guess its default.
    question = table.question("missed-before")
    assert question["seat"] == 2 and question["default"] == "unseen:r0"
    table.answer("missed-before", "unseen:r2")
    assert table.actions[-3:] == [{"by": 2, "play": "r2"}, {"by": 0, "play": "r6"}, {"by": 1, "play": "r5"}]
    assert "missed-before" not in table.kinds()


def test_a_twin_intercepted_unseen_under_a_long_cover_is_offered():  # R-INTERCEPT-1, R-ADV-4
    table = Table("adventure", tops=ADVENTURE_TOPS)
    for seat, card in USUAL_COVERS:
        _land_covered(table, seat, card, 0.7)
    _land_covered(table, 0, "b7", 1.8)  # seat 2 laid its second blue 2 unseen, then seat 0 the 7
    question = table.question("missed-before")
    values = [o["value"] for o in question["options"]]
    assert values.index("twin:2") < values.index("twin:1")  # its own card's twin first
    _land_covered(table, 1, "b6", 0.7)  # the arms agree either way: still asked
    assert "missed-before" in table.kinds()
    table.answer("missed-before", "twin:2")
    assert table.actions[-3:] == [{"by": 2, "play": "b2"}, {"by": 0, "play": "b7"}, {"by": 1, "play": "b6"}]
    twin = table.round.moves[-3]
    assert twin.intercept and twin.defeated == [("aliens", "alien")]  # an interception beats the aliens
    assert table.round.hand_counts() == [6, 5, 5]


def test_a_polypigs_twin_unseen_names_the_colour_of_the_card_after_it():  # R-INTERCEPT-2, R-POLY-2
    table = Table("adventure", tops=ADVENTURE_TOPS)
    for seat, card in USUAL_COVERS[:-1]:
        _land_covered(table, seat, card, 0.7)
    _land_covered(table, 2, "poly", 0.7)
    _land_covered(table, 0, "y4", 1.8)
    table.answer("missed-before", "twin:2")
    assert table.actions[-2:] == [{"by": 2, "play": "poly", "colour": "y"}, {"by": 0, "play": "y4"}]


def test_a_card_missed_before_one_read_unsure_takes_the_card_the_camera_weighed():  # R-TURN-1
    table = Table()
    for seat, card in USUAL_COVERS:
        _land_covered(table, seat, card, 0.7)
    # Seat 0 laid a yellow 2 unseen, then seat 1 a red 2, read as a red 5 (a red 2 weighed), all in
    # one long cover.
    table.t += 1.5
    table.event("landed", zone="discard", card="r5", confidence=0.55, alternatives=[["r2", 0.3]],
                reach=PLACES[1], covered=table.t - 1.8, t=table.t)
    table.answer("missed-before", "unseen:y2")  # no red 5 lies on a yellow 2; the red 2 does
    assert table.actions[-2:] == [{"by": 0, "play": "y2"}, {"by": 1, "play": "r2"}]
    assert "missed-before" not in table.kinds()
    assert not any(line["kind"] == "flag" for line in table.round.log)


def test_a_twin_read_as_the_top_was_misread_is_the_top_as_told():  # R-INTERCEPT-1
    table = Table()  # blue 5 to start
    table.event("landed", zone="discard", card="b6", confidence=0.6, alternatives=[["b3", 0.2]])
    table.answer("which-card", "b3")
    # Its twin, read as the top was (a blue 6), laid in a new place: the watcher's "same" card again.
    table.event("landed", zone="discard", card="b6", confidence=0.6, same=True)
    assert table.actions == [{"by": 1, "play": "b3"}, {"by": 2, "play": "b3"}]
    assert table.round.moves[-1].intercept and table.kinds() == []
    # A card read otherwise than the top was, though the watcher saw it laid anew, is that card.
    table.event("landed", zone="discard", card="b1", confidence=0.95, same=True)
    assert table.actions[-1]["play"] == "b1"


@pytest.mark.parametrize("confidence, told, twin", [(0.96, False, False), (0.96, True, True),
                                                     (0.6, False, True)])
def test_a_card_read_surely_as_the_unsure_top_was_is_a_new_card(confidence, told, twin):  # R-INTERCEPT-1
    # Simulated game 606: a yellow 7 read 0.39 as a 0, the rules taking the 7 weighed for it; then a
    # yellow 0 read surely, the watcher's "same" card again (it compared it with its own reading of
    # the top): a new card, laid on the 7. Not when the table told the 7 (the twin read as the top
    # was), nor when the new reading is unsure too.
    table = Table()  # blue 5 to start
    table.land_seen((1, "b3"), (2, "b2"), (0, "b7"))  # every seat placed; seat 1 to move
    table.event("landed", zone="discard", card="y0", confidence=0.39, alternatives=[["y7", 0.24]],
                reach=PLACES[1])
    assert table.actions[-1] == {"by": 1, "play": "y7"}
    if told:
        table.submit({"kind": "fix", "card": "y7", "by": 1})
    table.event("landed", zone="discard", card="y0", confidence=confidence, same=True, reach=PLACES[2])
    assert table.actions[-1] == {"by": 2, "play": "y7" if twin else "y0"}
    assert table.round.moves[-1].intercept is twin


def test_a_card_read_as_the_top_was_misread_is_itself_when_the_tops_copies_are_all_down():  # §1.2
    # Simulated game 498: a yellow 3 read 0.30 as a 5, told a 3, the other yellow 3 already down; a
    # yellow 5 laid on it, read as the top was (the watcher's "same" card again), is the yellow 5.
    table = Table()  # blue 5 to start
    table.land("b3", "y3")
    table.event("landed", zone="discard", card="y5", confidence=0.3, alternatives=[["y3", 0.2]])
    table.answer("which-card", "y3")
    table.event("landed", zone="discard", card="y5", confidence=0.73, same=True)
    assert table.actions[-2:] == [{"by": 0, "play": "y3"}, {"by": 1, "play": "y5"}]
    assert not table.round.moves[-1].intercept


def test_a_card_missed_before_its_own_twin_is_an_interception_by_the_twins_arm():  # R-INTERCEPT-1
    table = Table("adventure", tops=ADVENTURE_TOPS)
    for seat, card in USUAL_COVERS:
        _land_covered(table, seat, card, 0.7)
    _land_covered(table, 0, "b7", 1.8)  # seat 0 laid a blue 7 unseen, then its other blue 7
    table.answer("missed-before", "unseen:b7")
    assert table.actions[-2:] == [{"by": 0, "play": "b7"}, {"by": 0, "play": "b7"}]
    assert table.round.moves[-1].intercept and table.game.turn == 1
    assert table.round.moves[-1].defeated == [("aliens", "alien")]  # an interception beats the aliens


@pytest.mark.parametrize("interceptor", [0, 2])
def test_who_intercepted_a_card_missed_before_its_twin_is_still_asked(interceptor):  # R-INTERCEPT-1
    # The table tells the card laid unseen under the long cover; the arm seen may be that card's, so
    # who laid the twin is asked (the arm's seat by default), and the answer takes the alien there.
    table = Table("adventure", tops=ADVENTURE_TOPS)
    for seat, card in USUAL_COVERS:
        _land_covered(table, seat, card, 0.7)
    _land_covered(table, 0, "b7", 1.8)
    table.answer("missed-before", "unseen:b7")
    question = table.question("intercepted-by")
    assert question["default"] == 0 and 2 in [o["value"] for o in question["options"]]
    if interceptor != 0:
        table.answer("intercepted-by", interceptor)
    assert table.actions[-2:] == [{"by": 0, "play": "b7"}, {"by": interceptor, "play": "b7"}]
    assert table.round.moves[-1].defeated == [("aliens", "alien")]
    assert table.game.state()["trophies"][interceptor] == ["alien"]


def test_a_twin_laid_unseen_before_a_draw_can_be_told():  # R-INTERCEPT-1, R-ADV-4
    table = Table("adventure", tops=ADVENTURE_TOPS)
    for seat, card in USUAL_COVERS:
        _land_covered(table, seat, card, 0.7)
    # Seat 0 is to move; seat 1 intercepted the blue 2 unseen, and seat 2 drew after it.
    table.event("drawn", zone="deck", card="back", reach=PLACES[2])
    question = table.question("missed-before")
    assert question["card"] == "back" and "twin:1" in [o["value"] for o in question["options"]]
    assert table.actions[-1] == {"by": 0, "draw": True}  # unanswered, the seat to move drew
    table.answer("missed-before", "twin:1")
    assert table.actions[-2:] == [{"by": 1, "play": "b2"}, {"by": 2, "draw": True}]
    assert table.round.moves[-2].intercept and table.round.moves[-2].defeated == [("aliens", "alien")]
    assert "missed-before" not in table.kinds()


def test_a_snore_passed_on_unseen_with_its_twin_is_offered_by_the_arm_after_it():  # R-TRANSFER-1
    # Simulated game 81: seat 2, the Snorer's victim, passed it on with its twin unseen; seat 0 took
    # the skip, and seat 1's arm laid the next card. The turn order says seat 0's card, after seat 2
    # took the skip; the arm's reading, which changes the penalty's victim, is offered.
    table = Table("adventure")  # blue 5 to start; transfers and interceptions on
    table.land_seen((1, "b4"), (2, "b5"), (0, "b6"), (1, "b-snore"))
    table.land_seen((1, "r-snore"))  # no number laid unseen lets it lie there
    assert table.actions[-3:] == [{"by": 1, "play": "b-snore"}, {"by": 2, "accept": True},
                                  {"by": 0, "play": "r-snore"}]
    question = table.question("played-by")
    assert [o["value"] for o in question["options"]] == [0, 1] and question["default"] == 0
    table.answer("played-by", 1)
    assert table.actions[-4:] == [{"by": 1, "play": "b-snore"}, {"by": 2, "play": "b-snore"},
                                  {"by": 0, "accept": True}, {"by": 1, "play": "r-snore"}]
    assert [m.intercept for m in table.round.moves if m.action.get("play") == "b-snore"] == [False, True]


def test_several_cards_missed_in_one_passage_can_be_told_in_turn():  # R-TURN-1
    table = Table()  # blue 5 to start, seat 1 to move
    table.land("y3")  # seat 1's blue 7 and seat 2's yellow 7 went unseen, then seat 0's yellow 3
    assert table.actions == [] and "wrong-or-misread" in table.kinds()
    table.answer("wrong-or-misread", "unseen:b7,y7")
    assert table.actions == [{"by": 1, "play": "b7"}, {"by": 2, "play": "y7"}, {"by": 0, "play": "y3"}]
    assert table.round.hand_counts() == [7, 7, 7] and table.game.turn == 1
    assert table.kinds() == []
    unseen = [line["text_en"] for line in table.round.log if "did not see" in line["text_en"]]
    assert unseen == ["The camera did not see blue 7 land", "The camera did not see yellow 7 land"]


def test_cards_missed_before_a_misread_one_are_told_with_the_card_it_was():  # R-TURN-1
    table = Table()  # blue 5 to start
    table.event("landed", zone="discard", card="r3", confidence=0.3)  # a yellow 7, read as a red 3
    table.answer("wrong-or-misread", "unseen:b7=y7")  # seat 1's blue 7 went unseen
    assert table.actions == [{"by": 1, "play": "b7"}, {"by": 2, "play": "y7"}]
    assert any(line["text_en"] == "The camera read red 3; it was yellow 7 (told by the table)"
               for line in table.round.log)


def test_cards_told_missed_that_the_rules_refuse_change_nothing():  # R-TURN-1
    table = Table()
    table.land("y3")
    table.answer("wrong-or-misread", "unseen:r1,g2")  # a red 1 cannot lie on the blue 5
    assert table.actions == [] and "wrong-or-misread" in table.kinds()
    assert any(line["text_en"] == "The cards told cannot have been laid before this one"
               for line in table.round.log)


def test_several_cards_missed_under_a_long_cover_can_be_told():  # R-TURN-1
    table = Table()
    for seat, card in USUAL_COVERS:
        _land_covered(table, seat, card, 0.7)
    _land_covered(table, 0, "b7", 2.6)  # seat 0's blue 5 and seat 1's blue 6, then seat 2's blue 7
    table.answer("missed-before", "unseen:b5,b6")
    assert table.actions[-3:] == [{"by": 0, "play": "b5"}, {"by": 1, "play": "b6"}, {"by": 2, "play": "b7"}]
    assert table.game.turn == 0 and "missed-before" not in table.kinds()


def test_several_cards_missed_before_a_draw_can_be_told():  # R-TURN-1, R-TURN-2
    table = Table()
    for seat, card in USUAL_COVERS:
        _land_covered(table, seat, card, 0.7)
    # seat 0 to move: seat 0's blue 1 and seat 1's blue 3 went unseen, then seat 2 drew
    table.event("drawn", zone="deck", card="back", reach=PLACES[2])
    table.answer("missed-before", "unseen:b1,b3")
    assert table.actions[-3:] == [{"by": 0, "play": "b1"}, {"by": 1, "play": "b3"}, {"by": 2, "draw": True}]


def test_a_card_laid_unseen_after_a_draw_is_the_next_seats_when_the_held_cards_arm_says_so():  # R-TURN-2
    # Simulated game 1018: seat 1 drew and kept its card, seat 2's blue 6 went unseen, seat 0's green 6
    # could not lie on the blue 7 and was held; seat 1's yellow 6 then lies on it. The card laid
    # unseen before the green 6 is seat 2's, as the green 6's arm (seat 0's) says, not seat 1's drawn
    # card played at once (which would make the green 6 seat 2's).
    table = Table()  # blue 5 to start
    table.land_seen((1, "b3"), (2, "b2"))
    table.event("landed", zone="discard", card="b7", confidence=0.99, reach=PLACES[0])
    table.event("drawn", zone="deck", reach=PLACES[1])
    table.event("landed", zone="discard", card="g6", confidence=0.97, reach=PLACES[0])
    assert "wrong-or-misread" in table.kinds()
    table.event("landed", zone="discard", card="y6", confidence=0.97, reach=PLACES[1])
    assert table.actions[-5:] == [{"by": 1, "draw": True}, {"by": 1, "pass": True}, {"by": 2, "play": "b6"},
                                  {"by": 0, "play": "g6"}, {"by": 1, "play": "y6"}]
    assert table.kinds() == []


def test_a_take_seen_before_a_card_told_laid_unseen_shows_the_top_the_next_card_meets():  # R-ADV-2, R-ADV-5
    # Simulated game 206: the small pirates taken by the hand that laid a card the camera missed, the
    # super pirates seen under them; then the next seat's Polypig, which beats the super pirates.
    table = Table("adventure", tops=ADVENTURE_TOPS)
    for seat, card in DOWN_TO_SIX:
        _land_covered(table, seat, card, 0.7)  # blue 5 on top, seat 1 to move, everyone holds 6
    table.event("taken", zone="pirates", card="pirate-small", under="pirate-super", reach=PLACES[1])
    _land_covered(table, 2, "poly", 2.6)
    table.answer("missed-before", "unseen:b2")
    assert table.actions[-2:] == [{"by": 1, "play": "b2"}, {"by": 2, "play": "poly", "colour": "b"}]
    assert table.round.moves[-1].defeated == [("pirates", "pirate-super")]
    table.event("taken", zone="pirates", card="pirate-super", under="pirate-big", reach=PLACES[2])
    assert table.game.state()["trophies"] == [[], ["pirate-small"], ["pirate-super"]]
    assert "trophy" not in table.kinds()


def test_a_take_seen_again_after_the_card_that_beats_it_was_the_take_not_the_reading_before():
    # R-ADV-5 (simulated game 720): the small pirates read again as an arm passed over them, as if taken
    # off identical ones; then a blue 2 beats them, and they are seen taken, the big pirates under them.
    # The villain is taken once: by the 2, and the big pirates are the top the next card meets.
    table = Table("adventure", tops=ADVENTURE_TOPS)
    _down_to_six(table, seen=True)  # blue 5 on top, seat 1 to move, everyone holds 6
    table.event("taken", zone="pirates", card="pirate-small", under="pirate-small", reach=PLACES[0])
    assert "trophy" in table.kinds()  # nothing played since could take them
    table.land_seen((1, "b2"))
    assert "trophy" not in table.kinds()
    table.event("taken", zone="pirates", card="pirate-small", under="pirate-big", reach=PLACES[1])
    assert table.game.villains["pirates"][0] == "pirate-big"
    table.land_seen((2, "b4"))  # beats the big pirates
    table.event("taken", zone="pirates", card="pirate-big", under="pirate-super", reach=PLACES[2])
    assert table.game.state()["trophies"] == [[], ["pirate-small"], ["pirate-big"]]
    assert not [line for line in table.round.log if line["kind"] == "flag" and line["t"] > table.t - 4.5]


@pytest.mark.parametrize("next_card", ["b2", "b1"])
def test_a_trophy_taken_by_the_next_seats_arm_tells_a_card_laid_unseen_before_it(next_card):
    # R-ADV-1, R-ADV-4, R-ADV-5: simulated game 326: seat 0's card went unseen, and seat 1's blue 1,
    # seen landing with seat 0's arm, was taken for seat 0's, who holds too many cards to win the small
    # pirates it beats. The next card tells: another card, it was so; the blue 1's twin (simulated
    # game 122), the taker intercepted and that twin took the pirates.
    table = Table("adventure", tops=ADVENTURE_TOPS)
    table.land_seen((1, "b4"), (2, "b5"))  # seat 0 to move, holds 8
    table.land_seen((0, "b1"))
    assert table.actions[-1] == {"by": 0, "play": "b1"} and table.round.hand_counts() == [7, 7, 7]
    table.event("taken", zone="pirates", card="pirate-small", under="pirate-big", reach=PLACES[1])
    assert table.actions[-1] == {"by": 0, "play": "b1"} and "trophy" in table.kinds()  # not told yet
    if next_card == "b2":
        table.land_seen((2, "b2"))
        plays = [a for a in table.actions if "play" in a]
        assert [a["by"] for a in plays[-3:]] == [0, 1, 2] and plays[-2] == {"by": 1, "play": "b1"}
        assert table.round.moves[-3].inferred
    else:
        table.event("landed", zone="discard", card="b1", same=True, reach=PLACES[1])
        assert table.actions[-2:] == [{"by": 0, "play": "b1"}, {"by": 1, "play": "b1"}]
    trophies = table.game.state()["trophies"]
    assert trophies[0] == [] and "pirate-small" in trophies[1]  # (the twin beats the aliens too)
    assert "trophy" not in table.kinds()


def test_a_hand_over_a_pile_whose_top_is_unknown_shows_the_top():  # R-ADV-2, R-ADV-5
    # Simulated game 350: the camera saw nothing under the villain taken, then read the small pirates
    # there as a hand passed over the pile; the next small number beats them.
    table = Table("adventure", tops=ADVENTURE_TOPS)
    _down_to_six(table)  # blue 5 on top, seat 1 to move, everyone holds 6
    table.land("b2")
    table.event("taken", zone="pirates", card="pirate-small", under=None)
    assert table.game.villains["pirates"][0] is None  # unknown
    table.event("reached", zone="pirates", card="pirate-small", reach=PLACES[0])
    table.land("b1")
    assert table.round.moves[-1].defeated == [("pirates", "pirate-small")]
    table.event("taken", zone="pirates", card="pirate-small", under="pirate-big")
    assert table.game.state()["trophies"] == [[], ["pirate-small"], ["pirate-small"]]
    assert "trophy" not in table.kinds()


def test_a_card_guessed_laid_unseen_is_one_that_wins_no_villain_nobody_took():  # R-ADV-2, R-ADV-5
    # Simulated game 117: a yellow 7 laid unseen was guessed a 0, which beats the small pirates that
    # nobody was seen taking (a trophy is taken at once).
    table = Table("adventure", tops=ADVENTURE_TOPS)
    _down_to_six(table, seen=True)  # blue 5 on top, seat 1 to move, everyone holds 6
    table.land_seen((2, "b4"), (0, "b6"))  # seat 1's card went unseen: the arms one seat on tell it
    plays = [a for a in table.actions if "play" in a]
    assert [a["by"] for a in plays[-3:]] == [1, 2, 0]
    unseen = cards.parse(plays[-3]["play"])
    assert unseen.colour == "b" and unseen.is_number and unseen.value >= 4  # beats no small pirates
    assert table.game.state()["trophies"] == [[], [], []]


def test_a_card_read_unsure_as_the_top_read_again_may_be_told_a_card():  # R-TURN-1
    # Simulated game 233: the camera read the last card as a red 2 (the rules took the blue 2 it
    # weighed), then seat 2's blue 1 read unsure as that blue 2, with seat 0's arm seen (on its way
    # to lay the next card): the top read again, unless the table names the card laid.
    table = Table()
    table.land_seen((1, "b3"), (2, "b4"), (0, "b6"))  # every seat placed; seat 1 to move
    table.event("landed", zone="discard", card="r2", confidence=0.5, alternatives=[["b2", 0.3]],
                reach=PLACES[1], same=False)
    assert table.actions[-1] == {"by": 1, "play": "b2"}
    table.event("landed", zone="discard", card="b2", confidence=0.35, alternatives=[["b1", 0.2]],
                reach=PLACES[0], same=False)
    assert table.actions[-1] == {"by": 1, "play": "b2"}  # no new card, unless told
    question = table.question("which-card")
    assert question["default"] == "ignore"
    assert [o["value"] for o in question["options"]] == ["b2", "b1", "ignore"]
    table.answer("which-card", "b1")
    assert table.actions[-2:] == [{"by": 1, "play": "b2"}, {"by": 2, "play": "b1"}]


@pytest.mark.parametrize("bad", ["unseen:b7,", "unseen:b7,r9", "unseen:b1,b2,b3,b4,b6", "unseen:b7=zz",
                                 "unseen:b7=", "unseen:=b7"])
def test_cards_told_missed_that_are_no_cards_are_refused(bad):  # R-TURN-1
    table = Table()
    table.land("y3")
    with pytest.raises(TableError):
        table.answer("wrong-or-misread", bad)
    assert table.actions == [] and "wrong-or-misread" in table.kinds()


@pytest.mark.parametrize("bad", ["unseen:r9", "unseen:", "maybe", 3])
def test_a_missed_card_that_is_no_card_is_refused(bad):  # R-TURN-1
    table = Table()
    for seat, card in USUAL_COVERS:
        _land_covered(table, seat, card, 0.7)
    _land_covered(table, 0, "b7", 1.8)
    before = list(table.actions)
    with pytest.raises(TableError):
        table.answer("missed-before", bad)
    assert table.actions == before and "missed-before" in table.kinds()


@pytest.mark.parametrize("cover, seat", [(0.8, 2), (1.8, 1)])
def test_a_short_cover_or_the_arm_of_the_seat_to_move_tells_one_play(cover, seat):  # R-TURN-1
    table = Table()
    for usual_seat, card in USUAL_COVERS:
        _land_covered(table, usual_seat, card, 0.7)
    _land_covered(table, 0, "b7", cover)
    _land_covered(table, seat, "r7", 0.7)  # a short cover: another seat's arm seen is no proof
    assert table.actions[-2:] == [{"by": 0, "play": "b7"}, {"by": 1, "play": "r7"}]


def test_two_cards_by_the_arms_one_seat_on_tell_a_play_missed_before_them():  # R-TURN-1
    table = Table()
    table.land_seen((1, "b3"), (2, "b4"), (0, "b6"))  # every seat placed; seat 1 to move
    # seat 1's card was never seen: seat 2 laid a blue 2, then seat 0 a blue 1
    table.land_seen((2, "b2"))
    assert table.actions[-1] == {"by": 1, "play": "b2"}  # one arm may be wrong: nothing told yet
    table.land_seen((0, "b1"))
    assert table.actions[-3:] == [{"by": 1, "play": "b0"}, {"by": 2, "play": "b2"}, {"by": 0, "play": "b1"}]
    assert table.game.turn == 1


def test_a_card_by_the_arm_one_seat_on_asks_whose_it_was():  # R-TURN-1
    table = Table()
    table.land_seen((1, "b3"), (2, "b4"), (0, "b6"))  # every seat placed; seat 1 to move
    table.land_seen((2, "b2"))
    question = table.question("played-by")
    assert [o["value"] for o in question["options"]] == [1, 2] and question["default"] == 1
    assert table.actions[-1] == {"by": 1, "play": "b2"}
    table.answer("played-by", 2)  # seat 1's card was never seen
    assert table.actions[-2:] == [{"by": 1, "play": "b0"}, {"by": 2, "play": "b2"}]
    assert table.round.moves[-2].inferred and table.game.turn == 0
    assert any(line["text_en"] == "The camera did not see blue 0 land" for line in table.round.log)
    # Which card that was is a guess: the table is asked, the guess the default.
    question = table.question("missed-before")
    assert question["seat"] == 1 and question["default"] == "unseen:b0"
    table.answer("missed-before", "unseen:b7")
    assert table.actions[-2:] == [{"by": 1, "play": "b7"}, {"by": 2, "play": "b2"}]
    assert not table.round.moves[-2].inferred and table.kinds() == []


def test_a_draw_the_camera_missed_can_be_told_before_the_next_seats_card():  # R-TURN-1, R-TURN-2
    table = Table()
    table.land_seen((1, "b3"), (2, "b4"), (0, "b6"))  # seat 1 to move
    table.land_seen((2, "r6"))  # seat 2's arm: seat 1 laid a card unseen, or drew one unseen and kept it
    table.answer("played-by", 2)
    question = table.question("missed-before")
    assert "drew" in [o["value"] for o in question["options"]]
    assert question["text_en"].endswith("did Боря lay a card the camera missed, or draw one?")
    table.answer("missed-before", "drew")
    assert table.actions[-3:] == [{"by": 1, "draw": True}, {"by": 1, "pass": True}, {"by": 2, "play": "r6"}]
    assert table.round.hand_counts() == [7, 8, 6] and table.game.turn == 0
    assert table.kinds() == []
    assert not any("did not see" in line["text_en"] for line in table.round.log)


def test_two_cards_by_the_arms_two_seats_on_tell_a_twin_intercepted_unseen_before_them():  # R-INTERCEPT-1
    # (simulated game 464: a twin laid on its own card, the pile's face unchanged, under another arm)
    table = Table("adventure", tops=ADVENTURE_TOPS)
    table.land_seen((1, "b3"), (2, "b4"), (0, "b6"), (1, "b7"))  # every seat placed; seat 2 to move
    # seat 0 intercepted the blue 7 with its twin, unseen; then seat 1 laid a blue 2, seat 2 a blue 1
    table.land_seen((1, "b2"))
    assert table.actions[-1] == {"by": 2, "play": "b2"}  # one arm may be wrong: asked, nothing told yet
    question = table.question("played-by")
    assert [o["value"] for o in question["options"]] == [2, 1] and question["default"] == 2
    table.land_seen((2, "b1"))
    assert table.actions[-4:] == [{"by": 1, "play": "b7"}, {"by": 0, "play": "b7"}, {"by": 1, "play": "b2"},
                                  {"by": 2, "play": "b1"}]
    assert table.round.moves[-3].intercept and table.game.turn == 0
    assert table.round.answer_for(f"q{table.round.moves[-2].source}-missed-before") is None
    assert "missed-before" not in table.kinds()  # inferred, closed: the table may still correct it


def test_a_card_by_the_arm_two_seats_on_told_its_seats_was_laid_on_a_twin_unseen():  # R-INTERCEPT-1
    table = Table("adventure", tops=ADVENTURE_TOPS)
    table.land_seen((1, "b3"), (2, "b4"), (0, "b6"), (1, "b7"))
    table.land_seen((1, "b2"))
    table.answer("played-by", 1)
    assert table.actions[-3:] == [{"by": 1, "play": "b7"}, {"by": 0, "play": "b7"}, {"by": 1, "play": "b2"}]
    assert table.round.moves[-2].intercept and table.round.moves[-2].inferred and table.game.turn == 2


def test_a_card_told_its_arms_seat_after_a_snorer_was_laid_on_the_snorers_twin_unseen():
    # R-INTERCEPT-1, R-TRANSFER-1, R-TRANSFER-3 (simulated game 523): seat 0's Snorer, intercepted by
    # seat 2 with its twin laid exactly on it; seat 0 slept, and seat 1's arm laid a red 2. Asked whose
    # it was (the turn's seat by default, since a Snorer's twin changes who sleeps), told seat 1's.
    table = Table("adventure", tops=ADVENTURE_TOPS, start="r5")
    table.land_seen((1, "r3"), (2, "r4"), (0, "r-snore"))  # every seat placed; seat 1 sleeps
    table.land_seen((1, "r2"))
    assert table.actions[-2:] == [{"by": 1, "accept": True}, {"by": 2, "play": "r2"}]
    question = table.question("played-by")
    assert [o["value"] for o in question["options"]] == [2, 1] and question["default"] == 2
    table.answer("played-by", 1)
    assert table.actions[-4:] == [{"by": 0, "play": "r-snore"}, {"by": 2, "play": "r-snore"},
                                  {"by": 0, "accept": True}, {"by": 1, "play": "r2"}]
    twin = table.round.moves[-3]
    assert twin.intercept and twin.inferred and table.game.turn == 2
    assert any("did not see red Snorer land" in line["text_en"] for line in table.round.log)


def test_an_alien_taken_after_a_card_told_a_seats_drops_the_card_guessed_unseen_before_it():
    # R-ADV-4, R-INTERCEPT-1 (simulated game 489): seat 1 intercepted the yellow 2 with its twin, read
    # as a yellow 7; told it was seat 1's card, the tracker guessed one laid unseen by seat 0 before it
    table = Table("adventure", tops=ADVENTURE_TOPS)
    table.land_seen((1, "b3"), (2, "b4"), (0, "b6"), (1, "b2"), (2, "y2"))  # seat 0 to move
    table.event("landed", zone="discard", card="y7", reach=PLACES[1], confidence=0.62)
    table.answer("played-by", 1)
    assert table.actions[-2]["by"] == 0 and table.round.moves[-2].inferred  # a card guessed unseen
    table.event("taken", zone="aliens", card="alien", under="alien", reach=PLACES[1])
    assert table.actions[-2:] == [{"by": 2, "play": "y2"}, {"by": 1, "play": "y2"}]
    assert table.round.last_play()[1].intercept and table.game.turn == 2
    assert "alien" in table.game.state()["trophies"][1] and "trophy" not in table.kinds()
    assert "missed-before" not in table.kinds()  # which card went unseen: none did
    assert any("no card went unseen before it" in line["text_en"] for line in table.round.log)


def test_one_card_by_the_arm_one_seat_on_is_not_enough():  # R-TURN-1
    table = Table()
    table.land_seen((1, "b3"), (2, "b4"), (0, "b6"))
    table.land_seen((2, "b2"), (2, "b1"))  # the next card by the arm of the seat to move again
    assert table.actions[-2:] == [{"by": 1, "play": "b2"}, {"by": 2, "play": "b1"}]


def test_a_draw_after_a_long_cover_by_the_seat_after_the_victim_tells_two_plays_in_it():  # R-GRAB
    table = Table()
    for seat, card in USUAL_COVERS:
        _land_covered(table, seat, card, 0.7)
    _land_covered(table, 0, "b-grab", 1.8)  # seat 0 laid a card, seat 1 the grabber
    table.event("drawn", zone="deck", reach=PLACES[2])  # seat 2 takes the grab's cards
    assert table.actions[-3:] == [{"by": 0, "play": "b0"}, {"by": 1, "play": "b-grab"},
                                  {"by": 2, "accept": True}]


def test_an_accept_unseen_is_told_by_the_next_seats_arm_at_the_deck():  # R-GRAB, R-TRANSFER-3
    table = Table()
    table.land_seen((1, "b3"), (2, "b4"), (0, "b-grab"))  # every seat placed; seat 1 must take 2
    table.event("drawn", zone="deck", reach=PLACES[2])  # seat 2's arm: seat 1 took its cards unseen
    assert table.actions[-2:] == [{"by": 1, "accept": True}, {"by": 2, "draw": True}]
    assert table.round.hand_counts() == [7, 10, 8]  # R-GRAB: three cards


def test_the_next_seats_arm_last_at_the_deck_after_the_victims_passed_it_on_its_way():  # R-GRAB
    # (simulated game 481: seat 1's arm crossed the deck to lay its Grabber as seat 0 took its cards;
    # an extra draw made seat 1 hold a card when it played its last, and its sweep went unexplained)
    table = Table()
    table.land_seen((1, "b3"), (2, "b4"), (0, "b-grab"))  # every seat placed; seat 1 must take 2
    table.event("drawn", zone="deck", reach=PLACES[2], arrivals=[PLACES[1], PLACES[2]])
    assert table.actions[-1] == {"by": 1, "accept": True}
    assert table.round.hand_counts() == [7, 10, 7]
    table.land_seen((2, "b5"))
    assert table.actions[-2:] == [{"by": 1, "accept": True}, {"by": 2, "play": "b5"}]


@pytest.mark.parametrize("seat, drew", [(1, False), (0, True)])
def test_a_victims_arm_at_the_deck_before_the_next_card_is_the_take_that_card_told(seat, drew):
    # R-GRAB, R-TRANSFER-3: seat 1's arm, still over the deck taking the three cards when seat 2's card
    # landed, is seen only after it; the next card told the take already. The arm of the seat to move
    # (seat 0) is its draw.
    table = Table()
    table.land_seen((1, "b3"), (2, "b4"), (0, "b-grab"))  # every seat placed; seat 1 must take 3
    table.land_seen((2, "b5"))  # seat 2 plays: seat 1 took them (from the turn order)
    assert table.actions[-2:] == [{"by": 1, "accept": True}, {"by": 2, "play": "b5"}]
    table.event("drawn", zone="deck", reach=PLACES[seat], covered=table.t - 1.0, t=table.t + 0.5)
    assert (table.actions[-1] == {"by": 0, "draw": True}) == drew
    assert table.round.hand_counts() == [7 + drew, 10, 6]


@pytest.mark.parametrize("seat, drew", [(1, False), (2, True)])
def test_the_victims_arm_at_the_deck_again_after_its_take_is_that_take(seat, drew):
    # R-GRAB, R-TRANSFER-3, R-ADV-1 (simulated game 524: seat 1 took a Grabber's cards in what the
    # camera saw as two reaches; the second, read as seat 2's draw, left seat 2 holding seven cards
    # when its Grabber took the super pirates, and the trophy went unexplained). The arm of the seat
    # to move is its draw.
    table = Table()
    table.land_seen((1, "b3"), (2, "b4"), (0, "b-grab"))  # every seat placed; seat 1 must take 3
    table.event("drawn", zone="deck", reach=PLACES[1])
    assert table.actions[-1] == {"by": 1, "accept": True}
    table.event("drawn", zone="deck", reach=PLACES[seat], t=table.t + 0.9)
    assert (table.actions[-1] == {"by": 2, "draw": True}) == drew
    assert table.round.hand_counts() == [7, 10, 7 + drew]


def _land_read(table: Table, seat: int, card: str, confidence: float, alternatives=()) -> None:
    """A card read with ``confidence`` (and the other cards weighed) landing by ``seat``'s arm."""
    table.event("landed", zone="discard", card=card, reach=PLACES[seat], confidence=confidence,
                alternatives=[list(a) for a in alternatives])


def test_a_card_unsure_by_the_tops_player_next_once_the_drawer_kept_its_card_is_a_play():  # R-TURN-2
    # Simulated game 498: seat 1 lays a blue 7 (read unsure); seat 2 and seat 0 draw. Seat 1's arm
    # then lays a blue card, read as a 6, unsure: seat 0 kept what it drew, and seat 1 lays next; its
    # card, not the top read again as the top's player's arm passed.
    table = Table()
    table.land_seen((1, "b3"), (2, "b4"), (0, "b6"))  # every seat placed
    _land_read(table, 1, "b7", 0.52)
    table.event("drawn", zone="deck", reach=PLACES[2])
    table.event("drawn", zone="deck", reach=PLACES[0])
    _land_read(table, 1, "b6", 0.23, alternatives=[("b5", 0.12), ("b4", 0.08)])
    assert table.actions[-3:] == [{"by": 0, "draw": True}, {"by": 0, "pass": True}, {"by": 1, "play": "b6"}]


def test_the_top_read_again_unsure_as_its_players_arm_passes_is_no_play():  # R-TURN-1
    table = Table()
    table.land_seen((1, "b3"), (2, "b4"), (0, "b6"))  # every seat placed
    _land_read(table, 1, "b7", 0.95)
    _land_read(table, 1, "b1", 0.55, [("b7", 0.3)])  # seat 1's arm again, off to its trophy
    assert table.actions[-1] == {"by": 1, "play": "b7"}
    assert table.game.turn == 2
    assert table.round.log[-1]["kind"] == "passing"
    _land_read(table, 0, "b0", 0.6, [("b7", 0.3)])  # seat 0's arm, reaching across
    assert table.actions[-1] == {"by": 1, "play": "b7"}
    # The top's player's arm again, the top read below 0.7 as another card of its colour, the top not
    # even weighed: a card laid by that seat now could only be a twin, so it is the top misread.
    _land_read(table, 1, "b0", 0.65, [("b6", 0.1), ("b5", 0.08)])
    assert table.actions[-1] == {"by": 1, "play": "b7"} and table.round.log[-1]["kind"] == "passing"
    _land_read(table, 2, "b2", 0.95)
    assert table.actions[-1] == {"by": 2, "play": "b2"}


@pytest.mark.parametrize("answer", [None, True, False])
def test_the_top_read_again_with_the_top_weighed_asks_whether_it_was_its_twin(answer):
    # R-TURN-1, R-INTERCEPT-1 (simulated game 493): seat 1 lays a blue 0, then its other blue 0 on it,
    # read unsure as a 3 with the 0 weighed: taken for the top read again, and the table is asked.
    table = Table("adventure")
    table.land_seen((1, "b3"), (2, "b4"), (0, "b6"))  # every seat placed
    _land_read(table, 1, "b0", 0.67, [("b3", 0.07)])
    _land_read(table, 1, "b3", 0.79, [("b0", 0.07)])
    assert table.actions[-1] == {"by": 1, "play": "b3"}  # the surer reading of the top: no new card
    question = table.question("read-again")
    assert question["default"] is True and question["seat"] == 1 and question["card"] == "b0"
    assert [o["value"] for o in question["options"]] == [True, False]
    if answer is not None:
        table.answer("read-again", answer)
        assert "read-again" not in table.kinds()
    if answer is False:  # its twin: an interception (seat 1 onto its own card)
        assert table.actions[-2:] == [{"by": 1, "play": "b0"}, {"by": 1, "play": "b0"}]
        assert table.round.last_play()[1].intercept and table.game.turn == 2
    else:
        assert table.actions[-2:] == [{"by": 0, "play": "b6"}, {"by": 1, "play": "b3"}]
    # Where the rules allow no interception, nobody is asked.
    junior = Table("junior", start="b5")
    junior.land_seen((1, "b3"), (2, "b4"), (0, "b6"))
    _land_read(junior, 1, "b0", 0.67, [("b3", 0.07)])
    _land_read(junior, 1, "b3", 0.79, [("b0", 0.07)])
    assert "read-again" not in junior.kinds()


@pytest.mark.parametrize("seat, played", [(1, False), (2, True)])
def test_the_top_read_as_it_was_after_an_unsure_reading_is_no_play(seat, played):  # R-TURN-1, R-INTERCEPT-1
    table = Table()
    table.land_seen((1, "b3"), (2, "b4"), (0, "b6"))  # every seat placed
    _land_read(table, 1, "b7", 0.86)
    _land_read(table, 1, "b1", 0.6, [("b7", 0.2)])  # seat 1's arm off to its trophy: no new card
    # The camera reads the top as before once the arm has gone: a change to it, but the card that lies
    # there. By the arm of the seat to move it would be that seat's twin.
    table.event("landed", zone="discard", card="b7", reach=PLACES[seat], confidence=0.95, same=False)
    assert (table.actions[-1] == {"by": 2, "play": "b7"}) == played
    assert table.round.hand_counts() == [7, 6, 7 - played]
    if not played:
        assert table.actions[-1] == {"by": 1, "play": "b7"}
        assert table.round.log[-1]["text_en"] == "The top read again: blue 7, not blue 1"


def test_the_card_told_read_so_at_last_by_the_next_seats_arm_is_no_play():  # R-TURN-1
    # Simulated game 501 with a scripted table: a yellow 0 read 0.58 as a 6 was told a 0; the camera
    # read it as a 0 when the next seat's arm passed over the pile on its way to the deck. The table's
    # word read at last, not that seat's twin.
    table = Table()
    table.land_seen((1, "b3"), (2, "b4"), (0, "b6"))  # every seat placed; seat 1 to move
    _land_read(table, 1, "b1", 0.58, [("b2", 0.3)])
    table.answer("which-card", "b2")
    hands = table.round.hand_counts()
    table.event("landed", zone="discard", card="b2", reach=PLACES[2], confidence=0.95, same=False)
    assert table.actions[-1] == {"by": 1, "play": "b2"} and table.round.hand_counts() == hands
    assert table.round.log[-1]["text_en"] == "The top read again: blue 2, not blue 1"


def test_the_top_read_as_it_landed_by_another_seats_arm_after_a_passing_misreading_is_its_twin():
    # R-INTERCEPT-1. The watcher saw the top as it is when it landed: seen again where it lay, it says
    # nothing. Read so again as a change after an arm passed, it lies elsewhere: a twin.
    table = Table("adventure", tops=ADVENTURE_TOPS)
    table.land_seen((1, "b3"), (2, "b4"), (0, "b6"), (1, "b1"), (2, "b2"), (0, "b6"))  # seats placed surely
    _land_read(table, 1, "b7", 0.6, [("b0", 0.22)])
    table.event("landed", zone="discard", card="b0", reach=PLACES[1], confidence=0.56,
                alternatives=[["b7", 0.28]], t=table.t + 1.2)  # seat 1's arm off to its trophy: no new card
    assert table.actions[-1] == {"by": 1, "play": "b7"}
    table.event("landed", zone="discard", card="b7", reach=PLACES[0], confidence=0.7, same=False,
                t=table.t + 0.9)
    assert table.actions[-2:] == [{"by": 1, "play": "b7"}, {"by": 0, "play": "b7"}]
    assert table.round.last_play()[1].intercept


@pytest.mark.parametrize("top_read, next_card, reread", [(0.55, "b2", True), (0.86, "r1", False)])
def test_a_card_by_the_arm_that_lays_the_next_one_too_was_the_top_read_again(top_read, next_card, reread):
    # R-TURN-1: no seat lays two cards in a row. Seat 2's arm, out for its card, passes as the top
    # (a blue 1 read as a 7) is read again as a 1; then it lays its card.
    table = Table()
    table.land_seen((1, "b3"), (2, "b4"), (0, "b6"))  # every seat placed
    _land_read(table, 1, "b7", top_read, [("b1", 0.4)])
    _land_read(table, 2, "b1", 0.8, [("b7", 0.15)])
    assert table.actions[-1] == {"by": 2, "play": "b1"}
    _land_read(table, 2, next_card, 0.95)
    if reread:  # the blue 1 is the top read again, surer: the card seat 1 laid
        assert table.actions[-2:] == [{"by": 1, "play": "b1"}, {"by": 2, "play": "b2"}]
        assert table.round.hand_counts() == [7, 6, 6]
    else:  # a red 1 lies on no blue 7: the blue 1 was laid, and the arm was seat 2's going back late
        assert table.actions[-3:] == [{"by": 1, "play": "b7"}, {"by": 2, "play": "b1"},
                                      {"by": 0, "play": "r1"}]


@pytest.mark.parametrize("twin_seat", [2, 0])
def test_a_twin_of_the_card_before_the_last_one_read_tells_that_reading_was_the_top_again(twin_seat):
    # R-TURN-1, R-INTERCEPT-1: seat 1 lays a blue 4; its arm crosses the pile on its way to its trophy
    # and the top is read as a blue 7, by no rule the watcher weighed against the 4. The watcher then
    # sees the 4 where it lay again (no event) and a blue 4 laid on it (``same``): the 7 was the 4 read
    # again, and the twin is a play on the 4, by the seat to move or by another's interception.
    table = Table("adventure")
    table.land_seen((1, "b3"), (2, "b1"), (0, "b6"))  # every seat placed
    _land_read(table, 1, "b4", 0.95)
    _land_read(table, 1, "b7", 0.81, [("b-shake", 0.1)])
    assert table.actions[-1] == {"by": 2, "play": "b7"}  # read as a card, for now
    table.event("landed", zone="discard", card="b4", reach=PLACES[twin_seat], confidence=0.95, same=True)
    plays = [a for a in table.actions if "play" in a]
    assert plays[-2:] == [{"by": 1, "play": "b4"}, {"by": twin_seat, "play": "b4"}]
    assert "b7" not in [a["play"] for a in plays]
    assert table.round.hand_counts() == [7 - (twin_seat == 0), 6, 7 - (twin_seat == 2)]


def test_a_twin_of_the_card_before_a_reading_the_table_told_does_not_undo_it():  # R-TURN-1
    table = Table()
    table.land_seen((1, "b3"), (2, "b1"), (0, "b6"))
    _land_read(table, 1, "b4", 0.95)
    _land_read(table, 1, "b7", 0.81, [("b-shake", 0.1)])
    table.submit({"kind": "fix", "card": "b7", "by": 2})  # the table says: seat 2 laid a blue 7
    table.event("landed", zone="discard", card="b4", reach=PLACES[0], confidence=0.95, same=True)
    plays = [a for a in table.actions if "play" in a]
    assert plays[-3:] == [{"by": 1, "play": "b4"}, {"by": 2, "play": "b7"}, {"by": 0, "play": "b4"}]


@pytest.mark.parametrize("confidence, weighed, reread", [(0.82, "b7", True), (0.95, "b7", True),
                                                      (0.95, "b2", False)])
def test_a_play_whose_arm_then_reaches_into_the_deck_was_the_top_read_again(confidence, weighed, reread):
    # R-TURN-1, R-TURN-2: seat 2's arm passes over the blue 1 on its way to the deck and the top is read
    # as a blue 7: taken for seat 2's play until that arm draws, which seat 2 may do only if it laid
    # nothing. Read unsure with the 1 weighed, or read surely as the card weighed for the 1 (the top read
    # right at last, simulated game 501). Read surely as another card, seat 2 laid the 7, and its reach
    # into the deck is another matter.
    table = Table()
    table.land_seen((1, "b3"), (2, "b4"), (0, "b6"))  # every seat placed
    _land_read(table, 1, "b1", 0.6, [(weighed, 0.2)])
    _land_read(table, 2, "b7", confidence, [("b1", 0.08)])
    assert table.actions[-1] == {"by": 2, "play": "b7"}
    table.event("drawn", zone="deck", card="back", reach=PLACES[2])
    plays = [a for a in table.actions if "play" in a]
    if reread:
        assert plays[-1]["by"] == 1 and table.actions[-1] == {"by": 2, "draw": True}
        assert table.round.hand_counts() == [7, 6, 8]
    else:
        assert plays[-1] == {"by": 2, "play": "b7"}


@pytest.mark.parametrize("confidence, passing", [(0.53, True), (0.8, False)])
def test_a_card_read_unsure_then_laid_over_by_the_same_arm_was_the_hand_passing(confidence, passing):
    # R-TURN-1: no seat lays two cards in a row. Seat 2's hand, on its way to a villain pile, covers
    # the blue 1 and is read, unsure, as a Polypig (the 1 not among the cards weighed); then that arm
    # lays its blue 4. Read below ASK_CARD_BELOW, the Polypig was no card; read surer, it stays.
    table = Table()
    table.land_seen((1, "b3"), (2, "b4"), (0, "b6"))  # every seat placed
    _land_read(table, 1, "b1", 0.98)
    _land_read(table, 2, "poly", confidence, [("b-hush", 0.03)])
    assert table.actions[-1]["play"] == "poly"
    _land_read(table, 2, "b4", 0.97)
    plays = [a for a in table.actions if "play" in a]
    if passing:
        assert plays[-2:] == [{"by": 1, "play": "b1"}, {"by": 2, "play": "b4"}]
        assert table.round.hand_counts() == [7, 6, 6]
    else:
        assert "poly" in [a["play"] for a in plays[-3:]]


def test_a_card_read_unsure_whose_villain_was_taken_is_a_card_whoever_lays_next():  # R-TURN-1, R-ADV-5
    # Seat 2's blue 2, read unsure, beats the small pirates (the last of them) and seat 2's arm takes
    # them: a card was laid. The next card's arm is seat 2's again (its arm still over the pile as
    # seat 0 lays a card that would lie on the blue 5 as well): the blue 2 stays.
    table = Table("adventure", tops=ADVENTURE_TOPS)
    table.land_seen((1, "b4"), (2, "b6"), (0, "b7"))
    _land_read(table, 1, "b5", 0.98)
    _land_read(table, 2, "b2", 0.4, [("b-omni", 0.14)])
    table.event("taken", zone="pirates", card="pirate-small", under=None, reach=PLACES[2])
    _land_read(table, 2, "b-grab", 0.99)
    plays = [a for a in table.actions if "play" in a]
    assert plays[-3:-1] == [{"by": 1, "play": "b5"}, {"by": 2, "play": "b2"}]
    assert table.game.state()["trophies"][2] == ["pirate-small"]


@pytest.mark.parametrize("card, passing", [("b7", True), ("r-snore", False)])
def test_the_top_read_again_by_the_arm_of_a_penaltys_victim_is_no_play(card, passing):
    # R-SNORE, R-TRANSFER-1: seat 0's blue Snorer falls on seat 1, which may lay nothing on it but a
    # Snorer («Свинтус 2.0» lets it pass the penalty on). Seat 1's arm passes over the pile and the
    # Snorer is read, unsure, as a blue 7 (the Snorer weighed): no card. A Snorer read so is seat 1's.
    table = Table("svintus2")
    table.land_seen((1, "b3"), (2, "b4"), (0, "b6"))  # every seat placed
    _land_read(table, 1, "b1", 0.98)
    _land_read(table, 2, "b2", 0.98)
    _land_read(table, 0, "b-snore", 0.99)
    assert table.game.turn == 1
    _land_read(table, 1, card, 0.35, [("b-snore", 0.07)])
    plays = [a for a in table.actions if "play" in a]
    if passing:
        assert plays[-1] == {"by": 0, "play": "b-snore"}
        assert table.round.log[-1]["kind"] == "passing"
    else:
        assert plays[-1] == {"by": 1, "play": "r-snore"}


@pytest.mark.parametrize("confidence, seen_coming", [(0.6, True), (0.95, False)])
def test_a_card_that_cannot_lie_there_read_unsure_then_laid_by_that_arm_was_its_card_coming(
        confidence, seen_coming):  # R-TURN-1, R-WRONG-1
    # Simulated game 480: seat 1's hand brings its card over the pile and the camera reads it, unsure,
    # as a red Slapper, which cannot lie on the blue 6; then seat 1's arm lays a blue 2 there. The
    # Slapper was that 2 read as it came: nothing else was played. Read surely, it stays asked.
    table = Table()
    table.land_seen((1, "b3"), (2, "b4"), (0, "b6"))  # every seat placed; seat 1 to move
    _land_read(table, 1, "r-slap", confidence)
    assert "wrong-or-misread" in table.kinds()
    _land_read(table, 1, "b2", 0.97)
    plays = [a for a in table.actions if "play" in a]
    if seen_coming:
        assert plays[-2:] == [{"by": 0, "play": "b6"}, {"by": 1, "play": "b2"}]
        assert table.round.hand_counts() == [7, 6, 7]
        assert "wrong-or-misread" not in table.kinds()
    else:
        assert "r-slap" not in [a["play"] for a in plays]
        assert "wrong-or-misread" in table.kinds()


def test_the_top_read_again_surer_is_the_card_played():  # R-TURN-1
    table = Table()
    table.land_seen((1, "b3"), (2, "b4"), (0, "b6"))
    _land_read(table, 1, "b1", 0.6, [("b7", 0.2)])
    _land_read(table, 1, "b7", 0.8, [("b1", 0.15)])  # read again as the arm passed: surer
    assert table.actions[-1] == {"by": 1, "play": "b7"}
    assert table.round.hand_counts() == [7, 6, 7]
    assert table.round.log[-1]["text_en"].endswith("the top, read again, is blue 7, not blue 1")


def test_a_number_read_sure_by_the_arm_of_the_top_read_unsure_is_the_top():  # R-TURN-1
    table = Table()
    table.land_seen((1, "b3"), (2, "b4"), (0, "b6"))
    _land_read(table, 1, "b2", 0.69, [("b1", 0.05)])  # a blue 3 read unsure as a blue 2
    table.event("drawn", zone="deck", card="back", reach=PLACES[2])  # seat 2 draws
    # Seat 1's arm over the pile again, its top now read sure as another blue number: seat 1 could
    # lay nothing now but a twin, so it is the top read again.
    _land_read(table, 1, "b3", 0.96)
    assert table.actions[-2:] == [{"by": 1, "play": "b3"}, {"by": 2, "draw": True}]
    assert table.round.hand_counts() == [7, 6, 8]
    # Not under a long cover: another hand may have laid a card while that arm was there.
    again = Table()
    again.land_seen((1, "b3"), (2, "b4"), (0, "b6"))
    _land_read(again, 1, "b2", 0.69, [("b1", 0.05)])
    again.event("drawn", zone="deck", card="back", reach=PLACES[2])
    again.t += 1.5
    again.event("landed", zone="discard", card="b3", reach=PLACES[1], confidence=0.96,
                covered=again.t - 1.8, t=again.t)
    assert again.actions[-3] == {"by": 1, "play": "b2"} and len(again.actions) == 6
    # A picture card read sure by that arm is a card laid (its reading is not a digit mixed up).
    _land_read(table, 2, "b0", 0.95)
    _land_read(table, 1, "b7", 0.7, [("b1", 0.1)])
    moves = len(table.round.moves)
    _land_read(table, 2, "b-grab", 0.97)
    assert len(table.round.moves) > moves or table.round.held is not None


@pytest.mark.parametrize("drawn_first", [False, True])
def test_a_number_of_the_tops_colour_by_an_arm_not_to_move_where_the_top_was_read_unsure_is_the_top(
        drawn_first):  # R-TURN-1
    # Seat 1 lays a blue 2 read unsure as a blue 1; seat 0's arm, not to move, passes over it and it is
    # read as a blue 2: no card of seat 0's lies there now but a twin, so it is the top read again.
    table = Table()
    table.land_seen((1, "b3"), (2, "b4"), (0, "b6"))  # every seat placed
    _land_read(table, 1, "b1", 0.5, [("b7", 0.18)])
    if drawn_first:  # seat 2 draws: it may pass, and seat 0 lay a card
        table.event("drawn", zone="deck", card="back", reach=PLACES[2])
    _land_read(table, 0, "b2", 0.85, [("b7", 0.05)])
    plays = [a for a in table.actions if "play" in a]
    if drawn_first:
        assert plays[-2:] == [{"by": 1, "play": "b1"}, {"by": 0, "play": "b2"}]
        assert table.round.hand_counts() == [6, 6, 8]
    else:
        assert plays[-1] == {"by": 1, "play": "b2"}  # the surer reading of the top
        assert table.round.hand_counts() == [7, 6, 7]


@pytest.mark.parametrize("seat, confidence, alternatives", [
    (2, 0.55, [("b7", 0.3)]),  # the seat to move's arm: its play
    (1, 0.95, [("b7", 0.03)]),  # read surely: a card laid (out of turn, asked)
    (1, 0.75, [("b5", 0.2)]),  # the top not weighed, and read less unsure: another card
])
def test_a_card_not_the_top_read_again_is_a_landing(seat, confidence, alternatives):  # R-TURN-1
    table = Table()
    table.land_seen((1, "b3"), (2, "b4"), (0, "b6"))
    _land_read(table, 1, "b7", 0.95)
    moves = len(table.round.moves)
    _land_read(table, seat, "b1", confidence, alternatives)
    assert len(table.round.moves) > moves or table.round.held is not None


def test_a_card_on_one_laid_unseen_after_a_snores_victim_slept_is_read_so():  # R-SNORE, R-TURN-1
    table = Table()  # blue 5 to start, seat 1 to play
    table.land("b-snore", "y-snore")  # seat 2 slept, seat 0 laid the yellow snore: seat 1 is to sleep
    # A red 6 cannot lie on the yellow snore: seat 1 slept, and seat 2 laid a card the camera missed
    table.event("landed", zone="discard", card="r6", confidence=0.95)
    assert "unseen:y6" in [o["value"] for o in table.question("wrong-or-misread")["options"]]
    table.land("r3")  # lies on the red 6: that one lay rightly on the card laid unseen
    assert table.actions[-5:] == [{"by": 0, "play": "y-snore"}, {"by": 1, "accept": True},
                                  {"by": 2, "play": "y6"}, {"by": 0, "play": "r6"}, {"by": 1, "play": "r3"}]
    assert table.round.open_questions() == []


def test_the_villain_a_card_on_an_unseen_one_took_goes_to_its_player():  # R-ADV-3, R-ADV-5
    table = Table("adventure", tops=ADVENTURE_TOPS)
    _down_to_six(table)  # blue 5 on top, seat 1 to play, everyone holds 6
    table.land("y5")
    held_at = table.t
    # Seat 2's card went unseen, then seat 0's green 7: held (a yellow 7 read as a 5 would not lie
    # on the blue 5 either: not a misread of the yellow card)
    table.land("g7")
    table.event("taken", zone="ghosts", card="ghost-g", under="ghost-r")  # the rules cannot explain it yet
    table.land("g6")  # lies on the green 7
    assert table.actions[-4:] == [{"by": 1, "play": "y5"}, {"by": 2, "play": "y7"}, {"by": 0, "play": "g7"},
                                  {"by": 1, "play": "g6"}]
    assert table.game.state()["trophies"] == [["ghost-g"], [], []]
    assert table.round.open_questions() == []
    assert not any(line["kind"] == "flag" for line in table.round.log if line["t"] > held_at)


def test_an_alien_taken_after_a_card_of_the_same_colour_tells_it_was_the_twin_misread():  # R-ADV-4
    table = Table("adventure", tops=ADVENTURE_TOPS)
    _down_to_six(table)  # blue 5 on top, seat 1 to play, everyone holds 6
    table.land("b7")
    # seat 2 intercepted with the other blue 7, read as a blue 6, unsure
    table.event("landed", zone="discard", card="b6", confidence=0.6)
    table.event("taken", zone="aliens", card="alien", under="alien")
    assert table.actions[-2:] == [{"by": 1, "play": "b7"}, {"by": 2, "play": "b7"}]
    assert table.round.last_play()[1].intercept
    assert table.game.state()["trophies"] == [[], [], ["alien"]]
    assert "trophy" not in table.kinds()


def test_the_twin_misread_was_laid_by_the_hand_that_took_the_alien():  # R-ADV-4: onto one's own card
    table = Table("adventure", tops=ADVENTURE_TOPS)
    _down_to_six(table)
    table.land("b7")
    table.event("landed", zone="discard", card="b6", confidence=0.6)  # seat 1's own other blue 7
    table.event("taken", zone="aliens", card="alien", under="alien", seat=1)
    assert table.actions[-2:] == [{"by": 1, "play": "b7"}, {"by": 1, "play": "b7"}]
    assert table.game.state()["trophies"] == [[], ["alien"], []]


def test_an_alien_taken_by_another_arm_after_a_card_read_unsure_by_its_own_seats_arm_is_a_twin_unseen():
    # R-ADV-4, R-INTERCEPT-1 (simulated game 406): seat 2's own arm lays a blue 6, read unsure (the
    # blue 7 under it not weighed); seat 0's arm takes the alien. Read as seat 0's twin of the blue 7,
    # the landing's arm would be wrong: seat 0 laid the other blue 6 exactly on it, unseen.
    table = Table("adventure", tops=ADVENTURE_TOPS)
    _down_to_six(table, seen=True)  # blue 5 on top, seat 1 to play, every seat placed
    table.land_seen((1, "b7"))
    table.event("landed", zone="discard", card="b6", confidence=0.3, alternatives=[["b3", 0.1]],
                reach=PLACES[2])
    table.event("taken", zone="aliens", card="alien", under="alien", reach=PLACES[0])
    assert table.actions[-3:] == [{"by": 1, "play": "b7"}, {"by": 2, "play": "b6"}, {"by": 0, "play": "b6"}]
    assert table.game.state()["trophies"] == [["alien"], [], []]
    # Laid by the taker's own arm, the same reading is the taker's twin of the blue 7, misread.
    other = Table("adventure", tops=ADVENTURE_TOPS)
    _down_to_six(other, seen=True)
    other.land_seen((1, "b7"))
    other.event("landed", zone="discard", card="b6", confidence=0.3, alternatives=[["b3", 0.1]],
                reach=PLACES[0])
    other.event("taken", zone="aliens", card="alien", under="alien", reach=PLACES[0])
    assert other.actions[-2:] == [{"by": 1, "play": "b7"}, {"by": 0, "play": "b7"}]
    assert other.game.state()["trophies"] == [["alien"], [], []]


def test_an_alien_taken_after_a_card_read_unsure_names_the_pair_that_explains_the_takes_before():
    # R-ADV-4, R-ADV-1, R-ADV-2, R-INTERCEPT-1 (simulated game 387): seat 1 (8 cards) lays a blue 4, read
    # unsure as a 1, then its other blue 4 on it: with 6 left it takes the big pirates (before the
    # camera is sure of the second card, which it takes for the top read again) and the alien. The
    # alien alone is explained by a twin of the 1; the big pirates only by two 4s.
    table = Table("adventure", tops={"pirates": "pirate-big", "ghosts": "ghost-g", "aliens": "alien"})
    table.event("landed", zone="discard", card="b1", confidence=0.49, alternatives=[["b4", 0.21]],
                reach=PLACES[1])
    table.event("taken", zone="pirates", card="pirate-big", under="pirate-small", reach=PLACES[1])
    table.event("landed", zone="discard", card="b4", confidence=0.39, alternatives=[["b1", 0.26]],
                reach=PLACES[1])
    table.event("taken", zone="aliens", card="alien", under="alien", reach=PLACES[1])
    assert table.actions == [{"by": 1, "play": "b4"}, {"by": 1, "play": "b4"}]
    assert table.game.state()["trophies"] == [[], ["alien", "pirate-big"], []]
    assert "trophy" not in table.kinds()
    assert any(line["text_en"].startswith("The camera read blue 1; it was blue 4")
               for line in table.round.log)


@pytest.mark.parametrize("first_read, alien_taken, first", [(0.3, False, "b3"), (0.3, True, "b6"),
                                                           (0.99, False, "b6")])
def test_an_interception_whose_alien_is_not_taken_lay_on_another_card_weighed(first_read, alien_taken, first):
    # R-ADV-4, R-ADV-5 (simulated game 498): a blue 3 read unsure as a 6, then the next seat's blue 6,
    # taken for its twin; nobody takes the alien before the next card (a trophy is taken at once): the
    # first card was the 3 the camera weighed. Not when the alien was taken, nor when read surely.
    table = Table("adventure", tops={"pirates": "pirate-super", "ghosts": "ghost-g", "aliens": "alien"})
    _down_to_six(table, seen=True)  # blue 5 on top, seat 1 to play, everyone holds 6, every seat placed
    table.event("landed", zone="discard", card="b6", confidence=first_read, alternatives=[["b3", 0.25]],
                reach=PLACES[1])
    table.event("landed", zone="discard", card="b6", confidence=0.8, same=True, reach=PLACES[2])
    if alien_taken:
        table.event("taken", zone="aliens", card="alien", under="alien", reach=PLACES[2])
    table.land_from(PLACES[0], "b1")
    assert table.actions[-3:] == [{"by": 1, "play": first}, {"by": 2, "play": "b6"}, {"by": 0, "play": "b1"}]
    assert table.game.state()["trophies"] == [[], [], [] if first == "b3" else ["alien"]]


def test_an_alien_taken_after_a_card_weighed_for_the_one_before_tells_that_one_was_its_twin():
    # R-ADV-4 (simulated game 633): a blue 2 on a blue 5, read unsure as the 5's twin, the 2 weighed for
    # it, by a seat left with 7 cards; then the other blue 2, read surely, and the alien taken by that
    # arm: the 2s were the twins, not a third 2 laid unseen.
    table = Table("adventure", tops={**ADVENTURE_TOPS, "pirates": "pirate-super"})
    table.land_seen((1, "b3"), (2, "b6"), (0, "b5"))  # everyone holds 7
    table.event("drawn", zone="deck", reach=PLACES[1])  # seat 1 draws, then lays a card: 7 left
    table.event("landed", zone="discard", card="b5", confidence=0.51, same=True,
                alternatives=[["b2", 0.32]], reach=PLACES[1])
    table.event("landed", zone="discard", card="b2", confidence=0.97, reach=PLACES[2])
    table.event("taken", zone="aliens", card="alien", under="alien", reach=PLACES[2])
    assert table.actions[-3:] == [{"by": 1, "draw": True}, {"by": 1, "play": "b2"}, {"by": 2, "play": "b2"}]
    assert table.game.state()["trophies"] == [[], [], ["alien"]]
    assert "trophy" not in table.kinds()


# tops that no blue or red number beats
UNBEATEN_TOPS = {"pirates": "pirate-super", "ghosts": "ghost-y", "aliens": "alien"}


def _seat_one_to_its_last_card(table: Table) -> None:
    """Seat 1 left with one card, a red 3 on top and seat 2 to move (seats 2 and 0 draw every other
    turn; every seat's arm seen), nothing beaten on ``UNBEATEN_TOPS``."""
    cards = [f"b{k}" for k in range(8)] + [f"r{k}" for k in range(7, 2, -1)]
    seat = 1
    while cards:
        if seat != 1 and len(table.actions) % 2 == 0:
            table.event("drawn", zone="deck", reach=PLACES[seat])
        else:
            table.land_seen((seat, cards.pop(0)))
        seat = (seat + 1) % 3


def test_an_unknown_top_a_sweep_beat_is_the_villain_then_seen_taken():  # R-ADV-7, R-ADV-5
    # Simulated game 961: seat 1's last card beats every top villain, the aliens' unknown to the rules;
    # the alien then seen taken is the trophy, not a card face down nobody knows, and asks nothing.
    table = Table("adventure", tops={"pirates": "pirate-super", "ghosts": "ghost-y"})
    _seat_one_to_its_last_card(table)
    table.event("drawn", zone="deck", reach=PLACES[2])
    table.event("drawn", zone="deck", reach=PLACES[0])
    table.event("landed", zone="discard", card="r1", confidence=0.96, reach=PLACES[1])
    assert table.game.state()["trophies"][1] == ["back", "ghost-y", "pirate-super"]
    table.event("taken", zone="aliens", card="alien", under="alien", reach=PLACES[1])
    assert table.game.state()["trophies"][1] == ["alien", "ghost-y", "pirate-super"]
    assert "trophy" not in table.kinds() and table.game.villains["aliens"][0] == "alien"


def test_a_villain_told_taken_by_the_seat_whose_last_card_was_a_twin_unseen_is_its_sweep():
    # R-ADV-7, R-INTERCEPT-1 (simulated game 869): seat 2 lays a red 2, which beats nothing; the
    # yellow ghosts are then taken by seat 1's arm, and the table says seat 1 took them. Holding one
    # card, seat 1 laid the other red 2 unseen, its last: every top villain is its.
    table = Table("adventure", tops=UNBEATEN_TOPS)
    _seat_one_to_its_last_card(table)
    table.land_seen((2, "r2"))
    assert table.round.hand_counts()[1] == 1
    table.event("taken", zone="ghosts", card="ghost-y", under="ghost-r", reach=PLACES[1])
    table.answer("trophy", 1)
    assert table.actions[-2:] == [{"by": 2, "play": "r2"}, {"by": 1, "play": "r2"}]
    assert table.game.state()["trophies"][1] == ["alien", "ghost-y", "pirate-super"]
    assert table.round.hand_counts()[1] == 8 and "trophy" not in table.kinds()


def test_an_alien_taken_after_a_card_read_surely_is_a_twin_of_that_card():  # R-ADV-4
    table = Table("adventure", tops=ADVENTURE_TOPS)
    _down_to_six(table)
    table.land("b7")
    table.event("landed", zone="discard", card="b6", confidence=0.97)  # seat 2's blue 6, read surely
    table.event("taken", zone="aliens", card="alien", under="alien", seat=2)  # its other blue 6, unseen
    assert table.actions[-3:] == [{"by": 1, "play": "b7"}, {"by": 2, "play": "b6"}, {"by": 2, "play": "b6"}]
    assert table.game.state()["trophies"] == [[], [], ["alien"]]


def test_an_alien_taken_after_a_card_tells_its_twin_landed_unseen_by_the_takers_hand():  # R-ADV-4
    table = Table("adventure", tops=ADVENTURE_TOPS)
    _down_to_six(table)
    table.land("b7")  # then seat 2 lays the other blue 7 exactly on it: the camera sees no landing
    table.event("taken", zone="aliens", card="alien", under="alien", seat=2)
    assert table.actions[-2:] == [{"by": 1, "play": "b7"}, {"by": 2, "play": "b7"}]
    assert table.game.state()["trophies"] == [[], [], ["alien"]]
    assert table.game.turn == 0  # play goes on after the interceptor
    assert "trophy" not in table.kinds()


def test_an_alien_taken_after_a_shaker_tells_its_twin_landed_unseen_moving_nothing():  # R-ADV-4, R-SHAKE
    # (simulated game 465: seat 1 laid the second yellow Shaker exactly on the first and took the
    # aliens; the next card, laid by seat 2, was read as seat 1's and seat 2's twin of it)
    table = Table("adventure", tops=ADVENTURE_TOPS)
    _down_to_six(table, seen=True)
    table.land_seen((1, "b-shake"))  # then seat 2 lays the other blue Shaker exactly on it
    table.event("taken", zone="aliens", card="alien", under="alien", reach=PLACES[2])
    assert table.actions[-2:] == [{"by": 1, "play": "b-shake"}, {"by": 2, "play": "b-shake"}]
    assert table.game.state()["trophies"] == [[], [], ["alien"]]
    assert table.game.turn == 0 and "trophy" not in table.kinds()


def test_a_villain_seen_taken_off_a_pile_that_was_not_dealt_the_one_under_it_is_a_shake_onto_it():
    # R-SHAKE, R-ADV-SETUP (simulated game 755): after a Shaker, the alien seen taken with small
    # pirates under it; the aliens' pile holds no pirates, and the pirates' pile still shows small
    # pirates: they were moved onto the aliens from over identical ones. A move, no trophy, no twin.
    table = Table("adventure", tops=ADVENTURE_TOPS)
    _down_to_six(table, seen=True)
    table.land_seen((1, "b-shake"))
    table.event("taken", zone="aliens", card="alien", under="pirate-small", reach=PLACES[1])
    assert table.actions[-1] == {"by": 1, "play": "b-shake", "shake": ["pirates", "aliens"]}
    assert table.game.state()["trophies"] == [[], [], []]
    assert table.game.villains["aliens"][:2] == ["pirate-small", "alien"]
    assert table.game.villains["pirates"][0] == "pirate-small"
    assert table.game.turn == 2 and "trophy" not in table.kinds()


def test_a_villain_taken_off_a_top_nobody_saw_was_that_top_when_a_card_since_beats_it():
    # R-ADV-2, R-ADV-5 (simulated game 738): the super pirates beaten by a Snorer, their take unseen, so
    # the top under them unknown; then a 4 is laid, and big pirates are seen taken: they were that top.
    table = Table("adventure", tops={**ADVENTURE_TOPS, "pirates": "pirate-super"})
    _down_to_six(table, seen=True)
    table.land_seen((1, "b-snore"), (0, "b4"))  # seat 2 sleeps
    table.event("taken", zone="pirates", card="pirate-big", under="pirate-small", reach=PLACES[0])
    assert table.game.state()["trophies"] == [["pirate-big"], ["pirate-super"], []]
    assert table.game.villains["pirates"][0] == "pirate-small" and "trophy" not in table.kinds()


def test_a_card_whose_copies_both_lie_on_the_pile_is_not_guessed_laid_unseen():  # R-ADV-4, §1.2
    # Simulated game 443: both green 1s lay on the pile when the next card came under a long cover;
    # a third green 1 (unseen, or a twin intercepting) was guessed before it. Neither is offered.
    table = Table("adventure", tops=ADVENTURE_TOPS)
    _down_to_six(table, seen=True)
    table.land_seen((1, "b1"), (2, "b1"))  # the deck's two blue 1s
    table.event("landed", zone="discard", card="b0", reach=PLACES[1], covered=table.t - 1.5)
    offered = [option["value"] for option in table.question("missed-before")["options"]]
    assert "unseen:b0" in offered and "drew" in offered
    assert "unseen:b1" not in offered and not any(value.startswith("twin:") for value in offered)


def test_a_twin_seen_long_after_its_alien_and_a_draw_is_no_third_card():  # R-ADV-4, §1.2
    # Simulated game 965: seat 2's twin of the blue 2 laid under a hand that stayed over the pile; the
    # alien it beat, taken, told it, and the next seat drew before the camera saw the twin: the pile
    # was covered since before both, so that landing is the twin already counted.
    table = Table("adventure", tops={**ADVENTURE_TOPS, "pirates": "pirate-super"})
    _down_to_six(table, seen=True)
    table.land_seen((1, "b2"))
    covered = table.t + 0.5  # seat 2's hand comes over the pile, and stays
    table.event("taken", zone="aliens", card="alien", under="alien", reach=PLACES[2])
    table.event("drawn", zone="deck", reach=PLACES[0])
    table.event("landed", zone="discard", card="b2", same=True, confidence=0.6, reach=PLACES[2],
                covered=covered)
    assert table.actions[-3:] == [{"by": 1, "play": "b2"}, {"by": 2, "play": "b2"}, {"by": 0, "draw": True}]
    assert table.game.state()["trophies"] == [[], [], ["alien"]] and table.kinds() == []


@pytest.mark.parametrize("card, third", [("b7", False), ("poly", True)])
def test_a_twin_seen_after_the_villain_it_beat_told_it_is_no_third_card(card, third):  # R-ADV-4, §1.2
    # Simulated game 510: seat 2's twin, laid unseen, is told by the alien taken; the camera then sees
    # it where it lies, once the hand has gone (``same``). Both blue 7s of the deck are on the pile:
    # it is the one already counted. There are 8 Polypigs: a third one may come.
    table = Table("adventure", tops=ADVENTURE_TOPS)
    _down_to_six(table)
    table.land(card)
    table.event("taken", zone="aliens", card="alien", under="alien", seat=2)
    table.event("landed", zone="discard", card=card, same=True, reach=PLACES[2])
    plays = [a["play"] for a in table.actions if "play" in a]
    assert plays[-3:].count(card) == (3 if third else 2)
    if not third:
        assert table.game.state()["trophies"] == [[], [], ["alien"]]
        assert table.round.log[-1]["kind"] == "passing"
        assert table.game.turn == 0


@pytest.mark.parametrize("confidence", [0.95, 0.6])
def test_a_card_laid_by_the_arm_that_takes_the_alien_was_its_twin_however_surely_read(confidence):
    # R-ADV-4, R-INTERCEPT-1 (simulated game 489): seat 0 intercepts seat 1's blue 7 with the other
    # one, read as a blue 1 (surely or not), by seat 0's arm; the rules give the 1 to seat 2, the
    # seat to move. Seat 0's arm then takes the alien: the card was seat 0's twin, not a 1 and an
    # unseen twin of it.
    table = Table("adventure", tops=ADVENTURE_TOPS)
    _down_to_six(table, seen=True)
    table.land_seen((1, "b7"))
    _land_read(table, 0, "b1", confidence)
    table.event("taken", zone="aliens", card="alien", under="alien", reach=PLACES[0])
    plays = [a for a in table.actions if "play" in a]
    assert plays[-2:] == [{"by": 1, "play": "b7"}, {"by": 0, "play": "b7"}]
    assert table.round.last_play()[1].intercept
    assert table.game.state()["trophies"] == [["alien"], [], []]
    assert table.game.turn == 1


def test_a_card_the_camera_read_land_just_before_is_no_misread_twin_of_the_play_before():
    # R-ADV-4, R-INTERCEPT-1 (simulated game 585): seat 1's red 5 (read as a 6, the rules say 5); seat
    # 2's red 3 lands while seat 1's arm is still out (taken for the top read again); seat 1's other
    # red 3 is read surely again, and seat 1's arm takes the alien. The camera had read the red 3
    # land: seat 1 intercepted it with its twin, not its own red 5 with a red 5.
    table = Table("adventure", tops=ADVENTURE_TOPS)
    _down_to_six(table, seen=True)
    _land_read(table, 1, "r6", 0.23, alternatives=[("r5", 0.13)])
    _land_read(table, 1, "r3", 0.945)
    table.event("landed", zone="discard", card="r3", confidence=0.948, same=True, reach=PLACES[1],
                covered=table.t + 0.2)
    table.event("taken", zone="aliens", card="alien", under="alien", reach=PLACES[1])
    plays = [a for a in table.actions if "play" in a]
    assert plays[-3:] == [{"by": 1, "play": "r5"}, {"by": 2, "play": "r3"}, {"by": 1, "play": "r3"}]
    assert table.round.last_play()[1].intercept
    assert "alien" in table.game.state()["trophies"][1]


@pytest.mark.parametrize("taker, read_again", [(2, True), (0, False)])
def test_a_villain_taken_while_a_refused_card_is_held_tells_the_number_it_was(taker, read_again):
    # R-ADV-3, R-WRONG-1 (simulated game 484): seat 2's green 2 on seat 1's blue 2 is read as a green
    # 0, unsure, with a green 6 weighed: neither may lie there, and the card is held. Seat 2's arm
    # then takes the green ghosts: the card was the one green number the rules allow there, and it
    # beat them. Taken by another seat's arm, nothing says so: the card stays held and asked about.
    table = Table("adventure", tops=ADVENTURE_TOPS)
    _down_to_six(table, seen=True)
    _land_read(table, 1, "b2", 0.99)
    _land_read(table, 2, "g0", 0.3, alternatives=[("g6", 0.2)])
    assert "wrong-or-misread" in table.kinds()
    table.event("taken", zone="ghosts", card="ghost-g", reach=PLACES[taker])
    if read_again:
        assert table.actions[-1] == {"by": 2, "play": "g2"}
        assert table.game.state()["trophies"][2] == ["ghost-g"]
        assert "wrong-or-misread" not in table.kinds()
    else:
        assert table.actions[-1] == {"by": 1, "play": "b2"}
        assert "wrong-or-misread" in table.kinds()


@pytest.mark.parametrize("confidence, shaker", [(0.79, True), (0.95, False)])
def test_a_villain_moved_after_a_card_read_unsure_tells_it_was_a_shaker(confidence, shaker):  # R-SHAKE
    # Simulated game 516: seat 2's blue Shaker on seat 1's blue 7 is read as the 7's twin; then seat
    # 2's arm moves the alien onto the pirates. Only a Shaker moves a villain: read unsure, the card
    # was one. Read surely, the move is flagged and the card stays as read.
    table = Table("adventure", tops=ADVENTURE_TOPS)
    _down_to_six(table, seen=True)
    table.land_seen((1, "b7"))
    table.event("landed", zone="discard", card="b7", same=True, confidence=confidence,
                alternatives=[["b2", 0.05]], reach=PLACES[2])
    table.event("moved", zone="aliens", card="alien", to="pirates", under="alien", reach=PLACES[2])
    last = table.round.last_play()[1]
    if shaker:
        assert last.action == {"by": 2, "play": "b-shake", "shake": ["aliens", "pirates"]}
        assert not last.intercept
        assert not any(line["kind"] == "flag" for line in table.round.log)
    else:
        assert last.action["play"] == "b7"
        assert table.round.log[-1]["kind"] == "flag"


def test_a_villain_moved_by_another_arm_than_the_shakers_seat_tells_whose_shaker_it_was():  # R-SHAKE
    # Simulated game 499: seat 1's card went unseen under its arm, still there as seat 2's blue Shaker
    # landed, so the Shaker was given to seat 1. Seat 2's arm then moves the alien: the Shaker's
    # player moves the villains, so it was seat 2's, after a blue card of seat 1's laid unseen.
    table = Table("adventure", tops=ADVENTURE_TOPS)
    _down_to_six(table, seen=True)
    _land_read(table, 1, "b-shake", 0.99)
    assert table.actions[-1] == {"by": 1, "play": "b-shake"}
    table.event("moved", zone="aliens", card="alien", to="pirates", under="alien", reach=PLACES[2])
    plays = [a for a in table.actions if "play" in a]
    assert plays[-1] == {"by": 2, "play": "b-shake", "shake": ["aliens", "pirates"]}
    assert plays[-2]["by"] == 1 and plays[-2]["play"].startswith("b")
    assert table.round.hand_counts() == [6, 5, 5]
    assert table.game.turn == 0


def test_an_alien_taken_after_a_polypig_tells_its_twin_landed_unseen():  # R-ADV-4, R-POLY-1
    # Simulated game 452: a Polypig laid on its twin looks like it; the colour it named is told by the
    # next card, as for any Polypig.
    table = Table("adventure", tops=ADVENTURE_TOPS)
    _down_to_six(table)
    table.land("poly")
    table.event("taken", zone="aliens", card="alien", under="alien", seat=2)
    assert [a["by"] for a in table.actions[-2:]] == [1, 2] and table.actions[-1]["play"] == "poly"
    assert table.game.state()["trophies"] == [[], [], ["alien"]]
    assert "trophy" not in table.kinds()
    table.land("y3")  # seat 0, after the interceptor: the Polypig named yellow
    assert table.actions[-2:] == [{"by": 2, "play": "poly", "colour": "y"}, {"by": 0, "play": "y3"}]


@pytest.mark.parametrize("colour_told", [False, True])
def test_an_alien_taken_by_another_arm_than_the_seen_twins_tells_a_third_twin_unseen(colour_told):
    # R-ADV-1, R-ADV-4, R-POLY-1: simulated game 336: three Polypigs, the second seen laid by its own
    # seat's arm by a seat holding too many cards to win anything, the third unseen; the alien taken by
    # the third one's arm. The colour told for the second is its own: the third names the colour of
    # the card laid on it.
    table = Table("adventure", tops=ADVENTURE_TOPS)
    table.land_seen((1, "b4"), (2, "poly"))  # seat 0 and seat 2 hold 8, seat 1 holds 7
    table.event("landed", zone="discard", card="poly", same=True, reach=PLACES[0])
    if colour_told:
        table.answer("colour", "g")
    table.event("taken", zone="aliens", card="alien", under="alien", reach=PLACES[1])
    assert [(a["by"], a["play"]) for a in table.actions[-3:]] == [(2, "poly"), (0, "poly"), (1, "poly")]
    assert table.game.state()["trophies"][1] == ["alien"] and table.round.hand_counts() == [7, 6, 7]
    table.land_seen((2, "b1"))  # the third Polypig named blue
    assert table.actions[-2:] == [{"by": 1, "play": "poly", "colour": "b"}, {"by": 2, "play": "b1"}]
    assert "wrong-or-misread" not in table.kinds()


def test_an_alien_taken_after_a_grabber_by_no_arm_placed_is_asked_not_explained_by_a_twin_unseen():
    # R-ADV-4, R-GRAB: a second Grabber unseen doubles the penalty; guessed by the wrong seat, it
    # would derail the round. With no arm to say whose it was, the table is asked; told seat 2 took
    # the alien, the twin was seat 2's, and seat 0 takes both Grabbers' cards.
    table = Table("adventure", tops=ADVENTURE_TOPS)
    _down_to_six(table)
    table.land("b-grab")
    table.event("taken", zone="aliens", card="alien", under="alien")
    assert "trophy" in table.kinds()
    assert table.actions[-1] == {"by": 1, "play": "b-grab"}
    table.answer("trophy", 2)
    assert table.actions[-2:] == [{"by": 1, "play": "b-grab"}, {"by": 2, "play": "b-grab"}]
    assert table.game.state()["trophies"] == [[], [], ["alien"]] and "trophy" not in table.kinds()
    assert table.game.state()["pending"]["victim"] == 0


@pytest.mark.parametrize("told_by", ["seat-zone", "arm"])
def test_an_alien_taken_after_a_grabber_by_a_seats_hand_is_that_seats_twin_laid_unseen(told_by):
    # R-ADV-4, R-GRAB, R-INTERCEPT-1: the hand that took the alien laid the twin, the only card that
    # takes one; the seat after it takes both Grabbers' cards.
    table = Table("adventure", tops=ADVENTURE_TOPS)
    _down_to_six(table, seen=True)
    table.land_seen((1, "b-grab"))
    taker = {"seat": 2} if told_by == "seat-zone" else {"reach": PLACES[2]}
    table.event("taken", zone="aliens", card="alien", under="alien", **taker)
    assert "trophy" not in table.kinds()
    assert table.actions[-2:] == [{"by": 1, "play": "b-grab"}, {"by": 2, "play": "b-grab"}]
    assert table.game.state()["trophies"] == [[], [], ["alien"]]
    assert table.game.state()["pending"]["victim"] == 0


def test_an_alien_taken_by_the_arm_of_the_seat_that_laid_a_snorer_is_its_twin_laid_unseen():
    # R-ADV-4, R-INTERCEPT-1, R-TRANSFER-1 (simulated game 545): seat 1 laid a yellow Snorer, then its
    # twin exactly on it, and took an alien with the same arm. A Snorer's twin changes who sleeps, so
    # it is guessed only as the taker's: seat 2 sleeps, not seat 0's turn skipped.
    table = Table("adventure", tops=ADVENTURE_TOPS)
    table.land_seen((1, "b3"), (2, "y3"), (0, "y4"), (1, "y-snore"))
    table.event("taken", zone="aliens", card="alien", under="alien", reach=PLACES[1])
    assert "trophy" not in table.kinds()
    assert table.actions[-2:] == [{"by": 1, "play": "y-snore"}, {"by": 1, "play": "y-snore"}]
    twin = table.round.last_play()[1]
    assert twin.intercept and twin.inferred
    assert table.game.state()["trophies"][1] == ["alien"]
    unseen = "(an interception the camera did not see)"
    assert any(line["text_en"].endswith(unseen) for line in table.round.log)
    table.land_seen((0, "y2"))
    assert table.actions[-2:] == [{"by": 2, "accept": True}, {"by": 0, "play": "y2"}]


def test_a_draw_the_seat_to_moves_arm_came_to_is_its_own_after_another_arm_passed_first():  # R-TURN-2
    # Simulated game 557: seat 0's arm, on its way to hover over the aliens, came over the deck first,
    # then seat 2's, whose turn it was, drew. Taken for seat 0's draw, it had seat 1 lay a card unseen.
    table = Table("adventure", tops=ADVENTURE_TOPS)
    table.land_seen((1, "b3"), (2, "b4"), (0, "b6"), (1, "b2"))  # seat 2 to move
    table.event("drawn", zone="deck", card="back", reach=PLACES[0], arrivals=[PLACES[0], PLACES[2]])
    assert table.actions[-2:] == [{"by": 1, "play": "b2"}, {"by": 2, "draw": True}]
    assert "missed-before" not in table.kinds()


def test_an_arm_at_no_seats_place_yet_is_the_drawers_own_whatever_other_arm_came():
    # R-GRAB, R-INTERCEPT-1 (simulated game 397): a grab and its twin open the round; the victim's
    # arm, at a place not yet learned, takes the cards while seat 1's arm, placed by its grab, comes by.
    # Seat 1's arm was taken for the drawer's, so seat 1 was made the victim and the interceptor seat 0.
    table = Table("adventure", start="g3")
    table.land_from(PLACES[1], "g-grab")
    table.land_from(PLACES[2], "g-grab")
    table.event("drawn", zone="deck", card="back", reach=PLACES[0], arrivals=[PLACES[0], PLACES[1]])
    table.land_from(PLACES[1], "g3")
    assert table.actions == [{"by": 1, "play": "g-grab"}, {"by": 2, "play": "g-grab"},
                             {"by": 0, "accept": True}, {"by": 1, "play": "g3"}]


def test_the_next_cards_arm_takes_back_a_play_given_to_its_seat_by_the_arm_that_took_a_villain():
    # R-TURN-2, R-ADV-5 (simulated game 520): seat 1 drew and laid a blue 0 by its own arm; the small
    # pirate it beat was seen taken by an arm at seat 2's place (on its way to lay the next card), so
    # the 0 was given to seat 2. Seat 2's arm laying the next card says the 0 was seat 1's after all.
    table = Table("adventure", tops=ADVENTURE_TOPS)
    _down_to_six(table, seen=True)
    table.event("drawn", zone="deck", card="back", reach=PLACES[1], arrivals=[PLACES[1]])
    table.land_from(PLACES[1], "b0")
    table.event("taken", zone="pirates", card="pirate-small", under="pirate-big", reach=PLACES[2])
    assert table.actions[-1] == {"by": 2, "play": "b0"}  # for now: the arm that took it
    table.land_seen((2, "b2"))
    assert table.actions[-3:] == [{"by": 1, "draw": True}, {"by": 1, "play": "b0"}, {"by": 2, "play": "b2"}]
    assert table.game.state()["trophies"] == [[], ["pirate-small"], []]
    assert table.round.hand_counts() == [6, 6, 5]


def test_a_draw_the_seat_to_moves_arm_came_to_tells_no_play_hid_in_a_long_cover_before():  # R-TURN-1
    # Simulated game 557: seat 1's card lay under a long cover (its arm went on to the pirates). Then
    # seat 0's arm passed over the deck, and seat 2's, whose turn it was, drew. Seat 0's arm at the
    # deck made it seem that seat 1 laid a card unseen and seat 2 this one, so that seat 0 drew.
    table = Table()
    for seat, card in USUAL_COVERS:  # seat 0 to move
        _land_covered(table, seat, card, 0.7)
    _land_covered(table, 0, "b6", 0.7)
    _land_covered(table, 1, "b5", 2.2)
    table.event("drawn", zone="deck", card="back", reach=PLACES[0], arrivals=[PLACES[0], PLACES[2]])
    assert table.actions[-2:] == [{"by": 1, "play": "b5"}, {"by": 2, "draw": True}]
    assert table.round.hand_counts() == [6, 5, 7]


@pytest.mark.parametrize("confidence, alien", [(0.7, True), (0.99, False)])
def test_what_lies_on_the_aliens_pile_is_an_alien_unless_read_surely(confidence, alien):  # R-ADV-SETUP
    # This printing's aliens look like super pirates to the model, from the first look on.
    table = Table("adventure", tops={**ADVENTURE_TOPS, "aliens": "pirate-super"})
    assert table.game.villains["aliens"][0] == "alien"  # no super pirates were dealt there
    table.land("b-omni")  # seat 1 holds 7 after it: it defeats a villain of its choice (R-OMNI)
    table.event("taken", zone="aliens", card="pirate-super", under="alien", seat=1, confidence=confidence)
    if alien:  # the alien the rules know lies there, misread: the omnivore chose the aliens
        assert table.actions[-1] == {"by": 1, "play": "b-omni", "villain": "aliens"}
        assert table.game.state()["trophies"] == [[], ["alien"], []]
        assert "trophy" not in table.kinds()
    else:  # a sure reading stands (a card may have been moved there unseen): the table is asked
        assert "trophy" in table.kinds()


def test_a_villain_the_camera_saw_shaken_onto_the_aliens_pile_may_lie_there():  # R-SHAKE, R-ADV-SETUP
    table = Table("adventure", tops=ADVENTURE_TOPS)
    table.land("b4")
    # A shake the camera missed: the move is seen, the rules cannot place it (no shaker was played)
    table.event("moved", zone="pirates", card="pirate-small", to="aliens", under="pirate-big")
    table.event("taken", zone="aliens", card="pirate-small", under="alien", confidence=0.7)
    assert table.question("trophy")["card"] == "pirate-small"  # not taken for the alien the rules see


def test_an_alien_taken_before_any_play_is_still_asked():  # R-ADV-4
    table = Table("adventure", tops=ADVENTURE_TOPS)
    table.event("taken", zone="aliens", card="alien", under="alien")  # no card to have been intercepted
    assert "trophy" in table.kinds()
    assert table.game.state()["trophies"] == [[], [], []]


def test_a_card_that_cannot_lie_on_the_held_one_tells_nothing():  # R-TURN-1
    table = Table()
    table.land("r7", "y2")  # a yellow 2 lies neither on the red 7 nor on the blue 5
    assert table.actions == []
    assert table.kinds() == ["wrong-or-misread"] * 2


def test_a_card_the_rules_refuse_is_the_likeliest_other_card_the_camera_weighed():  # R-TURN-1
    table = Table()  # blue 5 to start
    table.event("landed", zone="discard", card="r2", confidence=0.55, alternatives=[["y7", 0.2], ["r5", 0.3]])
    assert table.actions == [{"by": 1, "play": "r5"}]
    assert table.kinds() == []
    table.event("landed", zone="discard", card="g1", confidence=0.6, alternatives=[["g5", 0.015]])
    assert table.kinds() == ["wrong-or-misread"]  # weighed too little to be taken for the card


def test_a_card_read_unsure_is_asked_about_and_the_answer_reads_the_round_again():  # R-TURN-1, R-ADV-2
    table = Table()  # blue 5 to start
    table.event("landed", zone="discard", card="b6", confidence=0.6, alternatives=[["b0", 0.2], ["x9", 0.1]])
    question = table.question("which-card")
    assert question["default"] == "b6" and question["seat"] == 1
    assert [o["value"] for o in question["options"]] == ["b6", "b0", "ignore"]  # no code that is no card
    table.land("b1")
    assert table.actions[-2:] == [{"by": 1, "play": "b6"}, {"by": 2, "play": "b1"}]
    table.answer("which-card", "b3")  # a card not offered: any card is taken
    assert table.actions[-2:] == [{"by": 1, "play": "b3"}, {"by": 2, "play": "b1"}]
    assert "which-card" not in table.kinds()
    # A sure reading, or an unsure one the rules chose among the cards weighed, is not asked about.
    table.event("landed", zone="discard", card="b2", confidence=0.95)
    table.event("landed", zone="discard", card="r4", confidence=0.6, alternatives=[["b4", 0.3]])
    assert table.actions[-1] == {"by": 1, "play": "b4"} and table.kinds() == []


@pytest.mark.parametrize("confidence, asked", [(0.72, True), (0.8, False)])
def test_how_unsure_a_card_must_be_read_to_be_asked_about(confidence, asked):  # R-TURN-1
    table = Table()  # blue 5 to start
    table.event("landed", zone="discard", card="b3", confidence=confidence, alternatives=[["b5", 0.1]])
    assert ("which-card" in table.kinds()) == asked


def test_bad_answers_about_a_card_read_unsure_are_refused():
    table = Table()
    table.event("landed", zone="discard", card="b6", confidence=0.6)
    before = list(table.actions)
    for bad in ("x9", 6, None, "unseen:b6"):
        with pytest.raises(TableError):
            table.answer("which-card", bad)
    assert table.actions == before and "which-card" in table.kinds()


@pytest.mark.parametrize("seat, new_card", [(2, True), (1, False)])
def test_the_top_read_as_told_by_the_arm_of_the_seat_to_move_is_its_card(seat, new_card):  # R-TURN-1
    table = Table()
    table.land_seen((1, "b3"), (2, "b4"), (0, "b1"))  # every seat placed; seat 1 to move
    _land_read(table, 1, "b6", 0.6, [("b3", 0.2)])
    table.answer("which-card", "b3")
    # Read as the top is now taken to be: by seat 1's own arm, the top read again; by the arm of
    # seat 2, the seat to move, its card, a blue 3 read unsure.
    table.event("landed", zone="discard", card="b3", reach=PLACES[seat], confidence=0.55,
                alternatives=[["b2", 0.2]], same=False)
    assert (table.actions[-1] == {"by": 2, "play": "b3"}) == new_card
    assert (table.round.log[-1]["kind"] == "passing") != new_card


def test_the_top_read_as_it_was_told_after_a_misreading_is_no_new_card():  # R-TURN-1
    table = Table()  # blue 5 to start
    table.event("landed", zone="discard", card="b6", confidence=0.6, alternatives=[["b3", 0.2]])
    table.answer("which-card", "b3")
    # The camera's watcher still held its blue 6: once an arm has passed, it reads the blue 3 as a
    # change of the top.
    table.event("landed", zone="discard", card="b3", confidence=0.95, same=False)
    assert table.actions == [{"by": 1, "play": "b3"}]
    assert table.round.log[-1]["kind"] == "passing"
    # A blue 3 laid on it is still a play (seen as the same card in a new place: an interception).
    table.event("landed", zone="discard", card="b3", confidence=0.95, same=True)
    assert len(table.actions) == 2 and table.actions[-1]["play"] == "b3"


def test_a_card_read_unsure_as_an_arm_passed_can_be_told_no_card_at_all():  # R-TURN-1
    table = Table()  # blue 5 to start
    table.land_seen((1, "b1"))
    # Seat 2's arm crosses the pile on its way to the deck; the camera reads the blue 1 again, unsure,
    # as a blue 0.
    table.event("landed", zone="discard", card="b0", confidence=0.61, alternatives=[["b4", 0.09]],
                reach=PLACES[2], same=False)
    assert table.actions[-1] == {"by": 2, "play": "b0"}
    assert [o["value"] for o in table.question("which-card")["options"]] == ["b0", "b4", "ignore"]
    table.answer("which-card", "ignore")
    assert table.actions == [{"by": 1, "play": "b1"}] and table.game.top == "b1"
    assert "which-card" not in table.kinds() and table.round.log[-2]["kind"] == "passing"
    # The watcher still held its blue 0: the blue 1 read again is no new card; the next card is seat 2's.
    table.event("landed", zone="discard", card="b1", confidence=0.95, same=False)
    assert table.actions == [{"by": 1, "play": "b1"}]
    table.land_seen((2, "b7"))
    assert table.actions[-1] == {"by": 2, "play": "b7"}


def test_a_villain_taken_says_which_card_the_camera_weighed_it_was():  # R-ADV-2
    table = Table("adventure", tops=ADVENTURE_TOPS)
    _down_to_six(table)  # blue 5 on top, seat 1 to play, everyone holds 6
    table.event("landed", zone="discard", card="b6", confidence=0.6, alternatives=[["b2", 0.3]])
    table.event("taken", zone="pirates", card="pirate-small", under="pirate-big")  # only a 0 to 3 beats it
    assert table.actions[-1] == {"by": 1, "play": "b2"}
    assert table.game.state()["trophies"] == [[], ["pirate-small"], []]
    assert "trophy" not in table.kinds()


def test_a_villain_not_taken_says_which_card_the_camera_weighed_it_was():  # R-ADV-2, R-ADV-5
    table = Table("adventure", tops=ADVENTURE_TOPS)
    _down_to_six(table)  # blue 5 on top, seat 1 to play, everyone holds 6
    table.event("landed", zone="discard", card="b2", confidence=0.6, alternatives=[["b6", 0.3]])
    assert table.game.state()["trophies"] == [[], ["pirate-small"], []]  # a 2 beats the small pirates
    table.land("b4")  # the next card, and the small pirates still there: it was the 6
    assert table.actions[-2:] == [{"by": 1, "play": "b6"}, {"by": 2, "play": "b4"}]
    assert table.game.state()["trophies"] == [[], [], []]


def test_a_villain_not_taken_after_a_fairly_sure_reading_takes_a_card_weighed_little():  # R-ADV-2, R-ADV-5
    table = Table("adventure", tops=ADVENTURE_TOPS)
    _down_to_six(table)
    # A blue 6 read as a blue 2 at 0.93, the 6 weighed 0.03: the rules have the 2 beat the small pirates
    table.event("landed", zone="discard", card="b2", confidence=0.93, alternatives=[["b6", 0.03]])
    assert table.game.state()["trophies"] == [[], ["pirate-small"], []]
    table.land("b4")  # the next card, and the small pirates still there: it was the 6
    assert table.actions[-2:] == [{"by": 1, "play": "b6"}, {"by": 2, "play": "b4"}]
    assert table.game.state()["trophies"] == [[], [], []]


@pytest.mark.parametrize("confidence, taken, then",
                         [(0.98, False, "b1"), (0.6, True, "b1"), (0.6, False, "b2")])
def test_a_villain_taken_a_sure_reading_or_a_twin_keeps_the_card(confidence, taken, then):  # R-ADV-5
    table = Table("adventure", tops=ADVENTURE_TOPS)
    _down_to_six(table)
    table.event("landed", zone="discard", card="b2", confidence=confidence, alternatives=[["b6", 0.3]])
    if taken:
        table.event("taken", zone="pirates", card="pirate-small", under="pirate-big")
    table.land(then)  # a 1 beats no big pirate; a twin comes before the trophy is taken (R-INTERCEPT-1)
    assert [a["play"] for a in table.actions[-2:]] == ["b2", then]
    assert table.actions[-2]["by"] == 1
    assert table.game.state()["trophies"][1] == ["pirate-small"]


@pytest.mark.parametrize("taker, asked", [(2, True), (1, False), (0, False)])
def test_a_villain_taken_by_a_later_players_arm_asks_which_card_beat_it(taker, asked):  # R-ADV-5
    table = Table("adventure", tops=ADVENTURE_TOPS)
    _down_to_six(table, seen=True)  # blue 5 on top, seat 1 to play, everyone holds 6, every seat placed
    # A blue 6 read, fairly surely, as a blue 2: the rules have it beat the small pirates. The blue 1
    # after it beats them too, and the arm that takes them is the one that laid the 1.
    table.event("landed", zone="discard", card="b2", confidence=0.9, reach=PLACES[1])
    table.land_from(PLACES[2], "b1")
    table.event("taken", zone="pirates", card="pirate-small", under="pirate-big", reach=PLACES[taker])
    assert table.game.state()["trophies"] == [[], ["pirate-small"], []]  # as the rules had it, until told
    if not asked:  # the defeater's own arm, or one of a seat that has not played since: no doubt
        assert "which-card" not in table.kinds()
        return
    question = table.question("which-card")
    assert question["default"] == "b2" and question["seat"] == 1
    assert table.round.moves[question["index"]].action == {"by": 1, "play": "b2"}
    table.answer("which-card", "b6")
    assert [a["play"] for a in table.actions[-2:]] == ["b6", "b1"]
    assert table.game.state()["trophies"] == [[], [], ["pirate-small"]]
    assert "which-card" not in table.kinds() and "trophy" not in table.kinds()


def test_a_villain_taken_by_a_later_players_arm_names_the_card_weighed_that_makes_it_theirs():
    # R-ADV-5, R-ADV-2, R-ADV-4 (simulated game 376): a blue 4 read unsure as a 1, the blue 4 weighed;
    # the next seat's blue 1 is then taken for its twin (an interception: the aliens). The arm of the
    # seat that laid the 1 takes the small pirates: the first card was the 4, and nothing intercepted.
    table = Table("adventure", tops=ADVENTURE_TOPS)
    _down_to_six(table, seen=True)  # blue 5 on top, seat 1 to play, everyone holds 6, every seat placed
    table.event("landed", zone="discard", card="b1", confidence=0.46, alternatives=[["b4", 0.12]],
                reach=PLACES[1])
    table.event("landed", zone="discard", card="b1", confidence=0.87, same=True, reach=PLACES[2])
    assert table.game.state()["trophies"] == [[], ["pirate-small"], ["alien"]]  # as the rules have it
    assert table.question("intercepted-by")["text_en"] == "Who intercepted with blue 1?"
    table.event("taken", zone="pirates", card="pirate-small", under="pirate-big", reach=PLACES[2])
    assert table.actions[-2:] == [{"by": 1, "play": "b4"}, {"by": 2, "play": "b1"}]
    assert table.game.state()["trophies"] == [[], [], ["pirate-small"]]
    # the seat is still asked, now of a play (the answer's id stays the question's)
    assert table.question("intercepted-by")["text_en"] == "Who played blue 1?"
    assert any(line["text_en"].startswith("The camera read blue 1; it was blue 4")
               for line in table.round.log)


def test_a_card_laid_unseen_is_not_asked_about_when_a_later_players_arm_takes_its_villain():  # R-ADV-5
    table = Table("adventure", tops=ADVENTURE_TOPS)
    for seat, card in DOWN_TO_SIX:
        _land_covered(table, seat, card, 0.7)  # blue 5 on top, seat 1 to play, everyone holds 6
    _land_covered(table, 2, "b7", 1.8)  # seat 1 laid a blue 2 unseen (it beats the small pirates)
    table.answer("missed-before", "unseen:b2")
    table.event("taken", zone="pirates", card="pirate-small", under="pirate-big", reach=PLACES[2])
    # The blue 2 is the table's word, and the blue 7 (the card the camera saw) did not beat them:
    # nothing to ask about which card either was.
    assert table.actions[-2:] == [{"by": 1, "play": "b2"}, {"by": 2, "play": "b7"}]
    assert "which-card" not in table.kinds()


def test_poly_colour_is_asked_then_inferred_from_the_next_card():  # R-POLY-1, R-POLY-2
    table = Table()
    table.land("poly")
    assert table.question("colour")["seat"] == 1
    table.land("g4")
    assert table.actions == [{"by": 1, "play": "poly", "colour": "g"}, {"by": 2, "play": "g4"}]
    assert "colour" not in table.kinds()
    assert table.round.asked["q1-colour"]["resolved"] == "inferred"


def test_poly_colour_answered():  # R-POLY-1
    table = Table()
    table.land("poly")
    table.answer("colour", "r")
    assert table.actions[0]["colour"] == "r"
    assert table.game.colour == "r"


def test_slap_asks_whose_hand_was_last():  # R-SLAP
    table = Table()
    table.land("b-slap")
    question = table.question("last-hand")
    assert question["default"] == 1
    assert table.round.hand_counts() == [8, 9, 8]
    table.event("drawn", zone="deck")  # the loser's draw is part of the slap, not a turn
    assert len(table.actions) == 1
    table.answer("last-hand", 2)
    assert table.actions[0]["last"] == 2
    assert table.round.hand_counts() == [8, 7, 10]


def test_grab_victim_accepts_by_drawing():  # R-GRAB, R-TRANSFER-3
    table = Table()
    table.land("b-grab")
    table.event("drawn", zone="deck")
    assert table.actions[-1] == {"by": 2, "accept": True}
    assert table.round.hand_counts() == [8, 7, 11]
    table.land("b1")
    assert table.actions[-1] == {"by": 0, "play": "b1"}


def test_snore_accept_is_inferred_when_the_next_seat_plays():  # R-SNORE, R-TRANSFER-3
    table = Table()
    table.land("b-snore", "b2")
    assert table.actions == [{"by": 1, "play": "b-snore"}, {"by": 2, "accept": True}, {"by": 0, "play": "b2"}]


def test_after_a_draw_the_gap_tells_drawer_from_next_seat():  # R-TURN-2
    table = Table()
    table.land("b3", "b4", "b6")  # the table's pace: 1.5 s a play
    table.event("drawn", zone="deck")  # seat 1 draws
    table.land("b1")  # 1.5 s later: the drawn card
    assert table.actions[-2:] == [{"by": 1, "draw": True}, {"by": 1, "play": "b1"}]
    table.event("drawn", zone="deck")  # seat 2 draws
    table.t += 1.5
    table.land("b2")  # 3 s later: seat 2 kept the card, seat 0 played
    assert table.actions[-3:] == [{"by": 2, "draw": True}, {"by": 2, "pass": True}, {"by": 0, "play": "b2"}]
    assert [o["value"] for o in table.question("played-by")["options"]] == [0, 2]


def test_after_a_draw_the_arms_tell_drawer_from_next_seat():  # R-TURN-2
    table = Table()
    table.event("drawn", zone="deck", reach=0.30)  # seat 1 draws; no seat's place is known yet
    table.t += 1.5
    table.land_from(0.31, "b1")  # late, but the drawer's own arm: the drawn card
    assert table.actions == [{"by": 1, "draw": True}, {"by": 1, "play": "b1"}]
    table.event("drawn", zone="deck", reach=0.62)  # seat 2 draws
    table.land_from(0.90, "b2")  # at once, but another arm: seat 2 kept it, seat 0 played
    assert table.actions[-3:] == [{"by": 2, "draw": True}, {"by": 2, "pass": True}, {"by": 0, "play": "b2"}]


def test_who_played_is_closed_when_the_next_cards_arm_agrees():  # R-TURN-2
    table = Table()
    table.land_seen((1, "b3"), (2, "b4"), (0, "b6"))  # every seat placed
    table.event("drawn", zone="deck", reach=PLACES[1])  # seat 1 draws
    table.land_seen((1, "b1"))  # its own arm: it played the drawn card (asked all the same)
    assert table.question("played-by")["default"] == 1
    table.land_seen((2, "b2"))  # seat 2's arm, the seat to move then: nothing left to ask
    assert "played-by" not in table.kinds()
    assert table.actions[-3:] == [{"by": 1, "draw": True}, {"by": 1, "play": "b1"}, {"by": 2, "play": "b2"}]


def test_the_next_cards_arm_can_say_the_drawer_kept_the_card():  # R-TURN-2
    table = Table()
    table.land_seen((1, "b3"), (2, "b4"), (0, "b6"))
    table.event("drawn", zone="deck", reach=PLACES[1])  # seat 1 draws
    table.land_seen((1, "b1"))  # its arm still out from the deck: taken for its play of the card drawn
    # Seat 0's arm lays the next card: seat 1 kept the card and seat 2 laid the blue 1 (no card
    # missed), rather than seat 2 laying one unseen.
    table.land_seen((0, "b2"))
    assert table.actions[-4:] == [{"by": 1, "draw": True}, {"by": 1, "pass": True}, {"by": 2, "play": "b1"},
                                  {"by": 0, "play": "b2"}]
    assert table.question("played-by")["default"] == 2  # still asked: an arm is a guess
    assert table.round.hand_counts() == [6, 8, 6]
    # A twin of the top may be anyone's (R-INTERCEPT-1): its arm says nothing about the card before.
    table = Table()
    table.land_seen((1, "b3"), (2, "b4"), (0, "b6"))
    table.event("drawn", zone="deck", reach=PLACES[1])
    table.land_seen((1, "b1"), (0, "b1"))
    assert table.actions[-3:-1] == [{"by": 1, "draw": True}, {"by": 1, "play": "b1"}]


def test_a_place_at_no_seats_tells_nothing_about_the_drawer():  # R-TURN-2
    table = Table("adventure")
    table.land_seen((1, "b3"), (2, "b4"), (0, "b6"))  # every seat placed; the pace: 1.5 s a play
    table.event("drawn", zone="deck", reach=PLACES[1])  # seat 1 draws
    table.t -= 0.5
    table.land_from(0.95, "b1")  # soon after; a shadow at the border seen instead of the arm
    assert table.actions[-2:] == [{"by": 1, "draw": True}, {"by": 1, "play": "b1"}]


def test_an_arm_neither_the_drawers_nor_the_next_seats_tells_nothing():  # R-TURN-2
    table = Table("adventure")
    table.land_seen((1, "b3"), (2, "b4"), (0, "b6"))  # every seat placed; the pace: 1.5 s a play
    table.event("drawn", zone="deck", reach=PLACES[1])  # seat 1 draws
    table.t -= 0.5
    # Soon after, the arm seen is at seat 0's place: a glare spot come up at the border there while
    # the drawer's own arm, still out since the draw, played. Seat 0 cannot play now (the card is no
    # twin), so the arm tells drawer from next seat nothing; the timing does.
    table.land_from(PLACES[0], "b1")
    assert table.actions[-2:] == [{"by": 1, "draw": True}, {"by": 1, "play": "b1"}]
    table.event("drawn", zone="deck", reach=PLACES[2])  # seat 2 draws
    table.t -= 0.5
    table.land_from(PLACES[0], "b2")  # soon, and seat 0's own arm: seat 2 kept the card, seat 0 played
    assert table.actions[-3:] == [{"by": 2, "draw": True}, {"by": 2, "pass": True}, {"by": 0, "play": "b2"}]


def test_an_arm_at_another_seats_place_is_not_the_movers():  # R-TURN-2
    table = Table()
    places = [0.40, 0.70, 0.10] * 2 + [0.40]  # seat 1 seen three times at 0.40: its place is sure
    for place, card in zip(places, ["b3", "b4", "b5", "b6", "b7", "b2", "b3"], strict=True):
        table.land_from(place, card)
    table.event("drawn", zone="deck", reach=0.40)  # seat 2 draws; the arm seen was seat 1's, going back
    table.land_from(0.70, "b1")  # seat 2's own arm, at the table's pace: the drawn card
    assert table.actions[-2:] == [{"by": 2, "draw": True}, {"by": 2, "play": "b1"}]


def test_a_place_seen_once_does_not_keep_another_seat_from_its_own():  # R-TURN-1
    table = Table()
    # Seat 1's first arm is taken at 0.70 (a glare at the border, its own arm not seen); 0.70 is
    # seat 2's place, seen at each of its plays.
    places = [0.70, 0.70, 0.10, 0.40, 0.70, 0.10, 0.40]
    for place, card in zip(places, ["b3", "b4", "b5", "b6", "b7", "b2", "b3"], strict=True):
        table.land_from(place, card)
    table.event("drawn", zone="deck", reach=0.70)  # seat 2 draws
    table.t += 1.5
    table.land_from(0.70, "b1")  # late, but seat 2's own arm again: the drawn card
    assert table.actions[-2:] == [{"by": 2, "draw": True}, {"by": 2, "play": "b1"}]


def test_an_identical_card_from_the_twins_own_arm_is_its_players():  # R-INTERCEPT-1
    table = Table("adventure")
    table.event("drawn", zone="deck", reach=0.40)  # seat 1 draws
    table.land_from(0.70, "b3")  # another arm: seat 1 passed, seat 2 played (its place not sure yet)
    table.land_from(0.71, "b3")  # the twin's own arm again: seat 2 onto its own card
    assert table.actions[-2:] == [{"by": 2, "play": "b3"}, {"by": 2, "play": "b3"}]
    assert table.question("intercepted-by")["default"] == 2  # still asked: an arm is a guess


def test_an_arm_far_from_every_placed_seat_is_the_one_left():  # R-SLAP
    table = Table()
    table.land_from(0.40, "b3")  # seat 1: its place is learned
    table.land_from(0.70, "b-slap")  # seat 2, the last hand unknown
    table.event("drawn", zone="deck", reach=0.70)  # everyone slaps the deck, one arm told apart
    table.event("drawn", zone="deck", reach=0.10)  # the slap's loser draws 2: not seat 1 or 2
    assert table.actions[-1] == {"by": 2, "play": "b-slap", "last": 0}
    assert table.round.hand_counts() == [10, 7, 7]


ADVENTURE_TOPS = {"pirates": "pirate-small", "ghosts": "ghost-g", "aliens": "alien"}


DOWN_TO_SIX = ((1, "b4"), (2, "b5"), (0, "b6"), (1, "b7"), (2, "b4"), (0, "b5"))
BEFORE_A_TWIN = ((1, "b4"), (2, "b5"), (0, "b6"), (1, "b7"), (2, "b3"))  # every seat placed, then a b3


def _down_to_six(table: Table, *, seen: bool = False) -> None:
    """Every seat holds 6, nothing beaten yet; ``seen``: every arm seen, so each seat is placed."""
    if seen:
        table.land_seen(*DOWN_TO_SIX)
    else:
        table.land(*(card for _, card in DOWN_TO_SIX))


@pytest.mark.parametrize("confidence, reread", [(0.6, True), (0.99, False)])
def test_only_a_card_read_unsure_is_read_again_with_the_next_cards_face(confidence, reread):  # R-TURN-1
    table = Table()  # blue 5 to start
    table.event("landed", zone="discard", card="b1", confidence=confidence)
    table.event("landed", zone="discard", card="r3", confidence=0.95)  # lies on no blue 1
    if reread:  # a blue 3 read as a 1
        assert table.actions == [{"by": 1, "play": "b3"}, {"by": 2, "play": "r3"}]
    else:  # read surely: a card laid unseen between them, a wrong card, or a misread red 3
        assert table.actions == [{"by": 1, "play": "b1"}] and table.kinds() == ["wrong-or-misread"]


@pytest.mark.parametrize("first_read, reread", [(0.56, True), (0.95, False)])
def test_twins_read_unsure_are_both_read_again_with_the_next_cards_face(first_read, reread):
    # R-TURN-1, R-INTERCEPT-1, R-ADV-4 (simulated game 533): two blue 3s read unsure as 6s, the 3
    # weighed for each, the second taken for the interception it is; a red 3 lies on neither 6.
    table = Table("adventure", tops={"pirates": "pirate-super", "ghosts": "ghost-g", "aliens": "alien"})
    _down_to_six(table, seen=True)  # blue 5 on top, seat 1 to play, everyone holds 6, every seat placed
    table.event("landed", zone="discard", card="b6", confidence=first_read, alternatives=[["b3", 0.26]],
                reach=PLACES[1])
    table.event("landed", zone="discard", card="b6", confidence=0.65, same=True, alternatives=[["b3", 0.27]],
                reach=PLACES[2])
    table.event("taken", zone="aliens", card="alien", under="alien", reach=PLACES[2])
    table.land_from(PLACES[0], "r3")
    assert table.game.state()["trophies"] == [[], [], ["alien"]]
    if reread:
        assert [(a["by"], a["play"]) for a in table.actions[-3:]] == [(1, "b3"), (2, "b3"), (0, "r3")]
        assert "wrong-or-misread" not in table.kinds()
    else:  # one twin read surely: a wrong card, or a card laid unseen, asked
        assert [a["play"] for a in table.actions[-2:]] == ["b6", "b6"]
        assert "wrong-or-misread" in table.kinds()


def test_twins_misread_alike_are_read_again_before_the_next_card_is_read_as_another():
    # R-TURN-1, R-INTERCEPT-1 (simulated game 193): a blue 1 and its twin, seat 0's interception out of
    # turn, both read as 7s (the 1 weighed for each); then a red 1, a red 7 weighed a little for it.
    # Identical cards under one light are misread alike: the twins are the 1s (read again together, the
    # twin alone being no interception), the red 1 as read.
    table = Table("adventure", tops={"pirates": "pirate-super", "ghosts": "ghost-g", "aliens": "alien"})
    table.land_seen((1, "b3"), (2, "b2"), (0, "b6"))  # every seat placed; seat 1 to move
    table.event("landed", zone="discard", card="b7", confidence=0.87, alternatives=[["b1", 0.06]],
                reach=PLACES[1])
    table.event("landed", zone="discard", card="b7", confidence=0.87, alternatives=[["b1", 0.05]],
                reach=PLACES[0], same=True)
    table.event("landed", zone="discard", card="r1", confidence=0.88, alternatives=[["r7", 0.046]],
                reach=PLACES[1])
    assert table.actions[-3:] == [{"by": 1, "play": "b1"}, {"by": 0, "play": "b1"}, {"by": 1, "play": "r1"}]
    assert table.game.state()["trophies"][0] == ["alien"]  # the interception's (R-ADV-4)


@pytest.mark.parametrize("arm, plays", [
    (0, [(1, "b5"), (2, "b3"), (0, "y3")]),  # the arm of the seat after the 3's: the 3 was laid
    (2, [(1, "b5"), (2, "y5")]),  # the 3's own seat's arm again: it only passed over the 5 before
])
def test_the_arm_of_the_next_card_tells_a_card_laid_from_the_top_read_again(arm, plays):  # R-TURN-1
    # Simulated game 733: a blue 3 on a blue 5, read unsure with the 5 weighed for it, then a yellow 3
    # read as a 5 (the 3 weighed a little). The 3 read as the 5 under it would be no card, the top
    # read again; then seat 2 was to lay the yellow card, not seat 0 whose arm laid it.
    table = Table()
    table.land_seen((1, "b3"), (2, "b2"), (0, "b6"))  # every seat placed
    table.event("landed", zone="discard", card="b5", confidence=0.97, reach=PLACES[1])  # seat 2 to move
    table.event("landed", zone="discard", card="b3", confidence=0.74, alternatives=[["b5", 0.21]],
                reach=PLACES[2])
    table.event("landed", zone="discard", card="y5", confidence=0.85, alternatives=[["y3", 0.089]],
                reach=PLACES[arm])
    assert [(a["by"], a["play"]) for a in table.actions[3:]] == plays
    assert not {"missed-before", "wrong-or-misread"} & set(table.kinds())


def test_the_card_the_camera_doubted_more_is_the_one_reread():  # R-TURN-1
    table = Table("junior")  # blue 5 to start
    # A blue 3 read as a blue 0, the camera weighing the 3 at 0.33; then a yellow 3, read fairly surely
    # (a yellow 0 weighed at 0.09). Either reading makes the yellow card lie there; the doubt weighs
    # more on the blue card, so it is the one reread.
    table.event("landed", zone="discard", card="b0", confidence=0.61, alternatives=[["b3", 0.33]])
    table.event("landed", zone="discard", card="y3", confidence=0.81, alternatives=[["y0", 0.09]])
    assert [m.action.get("play") for m in table.round.moves][-2:] == ["b3", "y3"]
    # The other way round, the yellow card is read as the card weighed for it.
    other = Table("junior")
    other.event("landed", zone="discard", card="b0", confidence=0.61, alternatives=[["b3", 0.05]])
    other.event("landed", zone="discard", card="y3", confidence=0.6, alternatives=[["y0", 0.3]])
    assert [m.action.get("play") for m in other.round.moves][-2:] == ["b0", "y0"]


@pytest.mark.parametrize("answer, actions", [
    (None, [{"by": 1, "draw": True}, {"by": 1, "pass": True}, {"by": 2, "draw": True}]),
    ("none", [{"by": 0, "play": "b6"}, {"by": 1, "draw": True}]),
    ("unseen:r6", [{"by": 0, "play": "b6"}, {"by": 1, "play": "r6"}, {"by": 2, "draw": True}]),
])
def test_a_draw_by_the_next_seats_arm_asks_whether_a_card_was_missed(answer, actions):  # R-TURN-1, R-TURN-2
    table = Table()  # blue 5 to start
    table.land_seen((1, "b3"), (2, "b4"), (0, "b6"))  # every seat placed; seat 1 to move
    table.event("drawn", zone="deck", reach=PLACES[2])  # seat 2's arm reaches into the deck
    question = table.question("missed-before")
    # Unanswered, seat 1 drew unseen and kept the card (simulated game 100: its draw under the hands
    # that had slapped the deck): a card laid unseen would have changed the top.
    assert question["seat"] == 1 and question["default"] == "drew"
    values = [o["value"] for o in question["options"]]
    # the top's colour first
    assert values[0] == "none" and all(v.startswith("unseen:b") for v in values[1:3]) and "drew" in values
    if answer is not None:
        table.answer("missed-before", answer)  # "none": the turn order's draw, the arm misread
        assert "missed-before" not in table.kinds()
    assert table.actions[-len(actions):] == actions
    # The arm of the seat to move asks nothing.
    other = Table()
    other.land_seen((1, "b3"), (2, "b4"), (0, "b6"))
    other.event("drawn", zone="deck", reach=PLACES[1])
    assert other.kinds() == [] and other.actions[-1] == {"by": 1, "draw": True}


@pytest.mark.parametrize("arm, told, actions", [
    (2, "b-grab", [{"by": 1, "play": "b-grab"}, {"by": 2, "accept": True}]),
    (0, "b-snore", [{"by": 1, "play": "b-snore"}, {"by": 2, "accept": True}, {"by": 0, "draw": True}]),
])
def test_a_penalty_laid_unseen_before_a_reach_into_the_deck_is_taken_by_that_reach(arm, told, actions):
    # R-GRAB, R-SNORE, R-TRANSFER-3 (simulated game 106): a Grabber laid unseen, its victim's arm then
    # reaches into the deck for its cards. Told so, the reach is the victim taking them, not a draw the
    # rules refuse; a Snorer's victim sleeps, and the reach is the seat after it drawing.
    table = Table()  # blue 5 to start
    table.land_seen((1, "b3"), (2, "b4"), (0, "b6"))  # every seat placed; seat 1 to move
    before = table.round.hand_counts()
    table.event("drawn", zone="deck", reach=PLACES[arm])
    offered = [o["value"] for o in table.question("missed-before")["options"]]
    assert (f"unseen:{told}" in offered) == (told == "b-snore")  # any card may be told; the likeliest offered
    table.answer("missed-before", f"unseen:{told}")
    assert table.actions[-len(actions):] == actions
    assert not [line for line in table.round.log if line["kind"] == "flag"]
    assert table.round.hand_counts() == ([before[0], before[1] - 1, before[2] + 3] if arm == 2
                                         else [before[0] + 1, before[1] - 1, before[2]])


def test_reaches_into_the_deck_by_an_arm_on_its_way_elsewhere_are_no_draws_when_the_next_card_says_so():
    # R-TURN-1, R-TURN-2. Simulated game 436: seat 2 to move, seat 0's arm crosses the deck twice on its
    # way to the pirates (seen over them only the second time). Taken as seat 2's draw, then seat 2's
    # pass and seat 0's draw, until seat 2's own arm lays the next card: only a seat that drew nothing
    # could, so neither reach was a draw.
    table = Table("adventure", tops={"pirates": "pirate-big", "ghosts": "ghost-y", "aliens": "alien"})
    table.land_seen((1, "b3"), (2, "b4"), (0, "b6"))  # every seat placed; seat 1 to move
    before = table.round.hand_counts()
    table.event("drawn", zone="deck", reach=PLACES[2])  # seat 2's arm, seat 1 to move
    # as things stand, seat 1 drew unseen and kept the card, then seat 2 drew
    assert table.actions[-3:] == [{"by": 1, "draw": True}, {"by": 1, "pass": True}, {"by": 2, "draw": True}]
    table.event("drawn", zone="deck", reach=PLACES[2], over="pirates")
    assert table.actions[-3:] == [{"by": 1, "draw": True}, {"by": 1, "pass": True}, {"by": 2, "draw": True}]
    table.land_seen((1, "b1"))  # seat 1's arm: neither seat 1's drawn card nor seat 0's turn
    assert table.actions[-2:] == [{"by": 0, "play": "b6"}, {"by": 1, "play": "b1"}]
    assert table.round.hand_counts() == [before[0], before[1] - 1, before[2]]
    assert [line["text_en"] for line in table.round.log if line["kind"] == "passing"] == [
        "An arm crossed the deck: no draw", "An arm crossed the deck on its way to the pirates: no draw"]
    assert "missed-before" not in table.kinds()
    # The next seat's arm (seat 2's) laying the card tells nothing of the kind: seat 1 may have kept
    # the card it drew unseen, and seat 2 laid the card it drew. The reach stays a draw.
    other = Table("adventure", tops={"pirates": "pirate-big", "ghosts": "ghost-y", "aliens": "alien"})
    other.land_seen((1, "b3"), (2, "b4"), (0, "b6"))
    other.event("drawn", zone="deck", reach=PLACES[2])
    other.land_seen((2, "b1"))
    assert other.actions[-4:] == [{"by": 1, "draw": True}, {"by": 1, "pass": True}, {"by": 2, "draw": True},
                                  {"by": 2, "play": "b1"}]


@pytest.mark.parametrize("deck_covered, first", [(1.5, True), (4.0, False)])
def test_a_draw_told_after_a_landing_it_began_before_was_the_seat_to_moves(deck_covered, first):
    # R-TURN-2 (simulated game 478): seat 1 reaches into the deck from 1.5 s and keeps the card; seat
    # 2's arm lays a blue 3, covering the pile from 2.4 s. The camera tells the draw last (it waits
    # for other arms): the card was seat 2's, after seat 1's draw, not seat 1's before a draw by seat 2.
    table = Table(start="b5")  # seat 1 to move; no seat placed yet
    table.event("landed", zone="discard", card="b3", reach=0.7, covered=2.4, t=3.0)
    table.event("drawn", zone="deck", reach=0.4, covered=deck_covered, t=4.2 if first else 4.6)
    if first:
        assert table.actions == [{"by": 1, "draw": True}, {"by": 1, "pass": True}, {"by": 2, "play": "b3"}]
        assert table.game.turn == 0 and table.round.hand_counts() == [8, 9, 7]
        assert "missed-before" not in table.kinds()  # inferred, closed: the table may still say otherwise
    else:  # the deck covered after the card landed: the next seat's draw
        assert table.actions == [{"by": 1, "play": "b3"}, {"by": 2, "draw": True}]


def test_a_card_read_again_from_the_next_one_as_the_card_under_it_was_the_top_read_again():
    # R-TURN-1, R-TURN-2 (simulated game 66): the drawer's arm, back from the deck, passed over the
    # pile, and the camera read the blue 6 on top again, unsure, as a blue 0; a red 6 follows. Read
    # again from the red 6, that card is a blue 6: not the drawer's twin of the top (the camera would
    # have seen a card like the one under it), but the top read again, and the drawer kept its card.
    table = Table()  # blue 5 to start
    table.land_seen((1, "b3"), (2, "b4"))
    table.event("landed", zone="discard", card="b6", confidence=0.82, reach=PLACES[0])
    table.event("drawn", zone="deck", reach=PLACES[1])
    table.event("landed", zone="discard", card="b0", confidence=0.6, alternatives=[["b4", 0.09]],
                reach=PLACES[1])
    table.land_seen((2, "r6"))
    assert table.actions[-4:] == [{"by": 0, "play": "b6"}, {"by": 1, "draw": True}, {"by": 1, "pass": True},
                                  {"by": 2, "play": "r6"}]
    assert table.round.hand_counts() == [7, 8, 6]
    assert "which-card" not in table.kinds()


@pytest.mark.parametrize("taker, confidence, read", [(1, 0.3, "b6"), (1, 0.8, None), (2, 0.3, None)])
def test_pirates_taken_by_the_arm_of_a_number_read_unsure_tell_its_digit(taker, confidence, read):
    # R-ADV-2, R-ADV-5 (simulated game 130): a blue 4 read as a 0, nothing weighed for it that beats
    # the big pirates, which its seat's arm then takes: the defeater takes its trophy at once, so the
    # card was a digit of 4-7, the one most like a 0 first. Not for a card read fairly surely, nor for
    # pirates another arm took: asked.
    table = Table("adventure", tops={"pirates": "pirate-big", "ghosts": "ghost-g", "aliens": "alien"})
    table.land_seen((1, "b3"), (2, "b2"), (0, "b1"))  # every seat placed; nothing beaten
    table.event("landed", zone="discard", card="b0", confidence=confidence, alternatives=[["b3", 0.1]],
                reach=PLACES[1])
    table.event("taken", zone="pirates", card="pirate-big", under="pirate-small", reach=PLACES[taker])
    trophies = table.game.state()["trophies"]
    if read:
        assert table.actions[-1] == {"by": 1, "play": read} and trophies == [[], ["pirate-big"], []]
        assert table.question("which-card")["default"] == read  # the table may still name the card
        assert "trophy" not in table.kinds()
    else:
        assert table.actions[-1] == {"by": 1, "play": "b0"} and trophies == [[], [], []]
        assert "trophy" in table.kinds()


def test_a_card_the_table_named_is_not_read_again_from_the_next_one():  # R-TURN-1
    table = Table("junior")  # blue 5 to start
    table.event("landed", zone="discard", card="b0", confidence=0.61, alternatives=[["b3", 0.33]])
    table.event("landed", zone="discard", card="y3", confidence=0.81, alternatives=[["y0", 0.09]])
    # read again from the yellow 3: the question offers what the card is now taken to be
    question = table.question("which-card")
    assert question["default"] == "b3" and [o["value"] for o in question["options"]] == ["b0", "b3", "ignore"]
    assert question["text_en"].endswith("play blue 3?")
    other = Table("junior")  # the same, the blue 3 not weighed at all: it is offered first
    other.event("landed", zone="discard", card="b0", confidence=0.61, alternatives=[["b6", 0.2]])
    other.event("landed", zone="discard", card="y3", confidence=0.81)
    assert [o["value"] for o in other.question("which-card")["options"]] == ["b3", "b0", "b6", "ignore"]
    table.answer("which-card", "b0")  # the table says it was a blue 0 after all
    assert [m.action.get("play") for m in table.round.moves][-2:] == ["b0", "y0"]


def test_a_take_the_rules_explain_later_reveals_the_villain_the_camera_saw_under_it():  # R-ADV-3, R-ADV-4
    table = Table("adventure", tops={"pirates": "pirate-big", "ghosts": "ghost-y", "aliens": "alien"})
    table.land("b3")
    table.event("drawn", zone="deck")
    table.land("y3")  # seat 2 holds 8 after it: it defeats nothing (R-ADV-1)
    # Seat 1 intercepted with the other yellow 3, unseen, holding 6 after it: the yellow ghosts are
    # taken, which the rules cannot explain yet; the red ghosts show under them.
    table.event("taken", zone="ghosts", card="ghost-y", under="ghost-r")
    assert "trophy" in table.kinds()
    table.event("taken", zone="aliens", card="alien", under="alien")  # the interception, told by its alien
    assert table.actions[-1] == {"by": 1, "play": "y3"}
    assert table.game.state()["trophies"] == [[], ["alien", "ghost-y"], []]
    assert table.game.villains["ghosts"][0] == "ghost-r"  # what the camera saw, no longer unknown
    assert "trophy" not in table.kinds()


def test_a_take_no_play_explains_by_the_next_card_is_not_a_later_plays():  # R-ADV-1, R-ADV-2, R-ADV-5
    table = Table("adventure", tops={"pirates": "pirate-small", "ghosts": "ghost-y", "aliens": "alien"})
    table.land("b3")  # seat 1 holds 7 after it: it defeats nothing
    # A hand hovered over the pirates and the camera took it for a small pirate taken off its twin.
    table.event("taken", zone="pirates", card="pirate-small", under="pirate-small")
    assert "trophy" in table.kinds()
    table.land("b7", "b6")  # the next cards explain no take either: the take was no play's
    table.land("b2")  # seat 1 holds 6: the small pirate is defeated, and seen taken, a big one under it
    table.event("taken", zone="pirates", card="pirate-small", under="pirate-big")
    assert table.game.villains["pirates"][0] == "pirate-big"
    table.land("b1")  # seat 2 holds 6: a 1 does not beat the big pirate
    assert table.game.state()["trophies"] == [[], ["pirate-small"], []]


@pytest.mark.parametrize("told, read_again", [(False, "b3"), (True, "b5")])
def test_a_top_the_camera_read_again_surely_is_the_card_that_landed(told, read_again):  # R-TURN-1
    # Simulated game 424: a blue 3 read 0.55 as a 5 as it landed, read 0.94 as a 3 with no hand since
    # (the watcher's "reread"). Told by the table which card it was, the table's word stands.
    table = Table("adventure", tops=ADVENTURE_TOPS)
    table.land("b7")
    table.event("landed", zone="discard", card="b5", confidence=0.55, alternatives=[["b6", 0.2]])
    assert table.question("which-card")["default"] == "b5"
    if told:
        table.answer("which-card", "b5")
    table.event("reread", zone="discard", card="b3", was="b5", confidence=0.94)
    assert table.actions[-1] == {"by": 2, "play": read_again} and table.game.turn == 0
    assert "which-card" not in table.kinds()
    assert any(line["text_en"] == "The camera read blue 5; it was blue 3 (read again)"
               for line in table.round.log) is not told
    # one the rules do not allow there, or not of the card read as it landed: nothing changes
    table.event("reread", zone="discard", card="g3", was="b3", confidence=0.94)
    assert table.actions[-1] == {"by": 2, "play": read_again}


@pytest.mark.parametrize("cover, arrivals, next_draws", [
    (2.5, [2, 0], True),  # the victim's arm, then the next seat's: two reaches seen as one
    (0.6, [2, 0], False),  # covered briefly: the next seat's arm passed on its way
    (2.5, [0, 2], False),  # the next seat's arm first: on its way to the pile
])
def test_a_long_reach_by_the_victim_then_the_next_seat_is_both_their_reaches(cover, arrivals, next_draws):
    # R-GRAB, R-TURN-2 (simulated game 618): the victim's cards and the next seat's draw, the deck
    # covered from one to the other, seen as one reach; then seat 1 lays a card: seat 0 drew and kept.
    table = Table("adventure", tops=ADVENTURE_TOPS)
    _down_to_six(table, seen=True)  # seat 1 to move
    table.land_seen((1, "b-grab"))
    table.event("drawn", zone="deck", reach=PLACES[2], covered=table.t + 1.5 - cover,
                arrivals=[PLACES[seat] for seat in arrivals])
    if next_draws:
        assert table.actions[-2:] == [{"by": 2, "accept": True}, {"by": 0, "draw": True}]
    else:
        assert table.actions[-1] == {"by": 2, "accept": True}
    table.land_seen((1, "b2") if next_draws else (0, "b2"))
    assert "missed-before" not in table.kinds()


def test_a_slapper_read_again_as_a_grabber_leaves_the_deck_to_the_grabs_victim():  # R-GRAB, R-SLAP
    # Simulated game 460: a blue Grabber read 0.72 as a Slapper as it landed, then read surely as the
    # Grabber. Nobody slaps the deck: the next reach into it is the victim taking its cards, then
    # the next seat's draw, not the slap's hands and its loser's two cards.
    table = Table("adventure", tops=ADVENTURE_TOPS)
    table.land_seen((1, "b3"), (2, "b4"), (0, "b6"))  # every seat placed; seat 1 to move
    table.event("landed", zone="discard", card="b-slap", reach=PLACES[1], confidence=0.72)
    assert "last-hand" in table.kinds()
    table.event("reread", zone="discard", card="b-grab", was="b-slap", confidence=0.99)
    assert "last-hand" not in table.kinds() and "which-card" not in table.kinds()
    table.event("drawn", zone="deck", reach=PLACES[2], arrivals=[PLACES[2], PLACES[0]])
    table.event("drawn", zone="deck", reach=PLACES[0])
    assert table.actions[-3:] == [{"by": 1, "play": "b-grab"}, {"by": 2, "accept": True},
                                  {"by": 0, "draw": True}]
    assert table.round.hand_counts() == [8, 6, 10]  # R-GRAB: three cards


def test_a_snorer_read_again_as_a_stealer_makes_the_deck_the_slapping_hands():  # R-STEAL, R-SNORE
    # Simulated game 775: a blue Stealer read 0.60 as a Snorer as it landed, then read surely as the
    # Stealer. Everyone slaps the deck: that reach is no victim's sleep and no draw, its last arm the
    # last hand (asked); the seat after the stealer is to move.
    table = Table("adventure", tops=ADVENTURE_TOPS)
    table.land_seen((1, "b3"), (2, "b4"), (0, "b6"))  # every seat placed; seat 1 to move
    table.event("landed", zone="discard", card="b-snore", reach=PLACES[1], confidence=0.60,
                alternatives=[["b-steal", 0.03]])
    table.event("reread", zone="discard", card="b-steal", was="b-snore", confidence=0.99)
    assert "last-hand" in table.kinds() and "which-card" not in table.kinds()
    table.event("drawn", zone="deck", reach=PLACES[0], arrivals=[PLACES[1], PLACES[2], PLACES[0]])
    assert table.actions[-1] == {"by": 1, "play": "b-steal", "last": 0}
    assert table.round.hand_counts() == [7, 6, 7] and table.game.turn == 2


def test_a_number_misread_in_its_value_is_reread_from_the_next_card():  # R-TURN-1
    table = Table("junior")  # blue 5 to start
    table.land("b0")  # seat 1 plays a blue 3, read as a blue 0
    table.land("y3")  # a yellow 3 cannot land on a blue 0: the blue card was a 3
    assert [m.action.get("play") for m in table.round.moves][-2:] == ["b3", "y3"]
    assert table.round.open_questions() == []
    assert any(line["text_en"] == "The camera read blue 0; it was blue 3 (from the next card)"
               for line in table.round.log)


def test_a_super_card_misread_for_a_number_is_reread_from_the_next_card():  # R-TURN-1, R-SUP-0
    table = Table("junior")  # blue 5 to start
    table.land("b-hush")  # seat 1 plays a blue 1, read as a blue Hush
    table.land("y1")  # a yellow 1 cannot land on a blue Hush: the blue card was a 1
    assert [m.action.get("play") for m in table.round.moves][-2:] == ["b1", "y1"]
    assert table.round.open_questions() == []


def test_a_reread_the_rules_refuse_leaves_the_question_to_the_table():  # R-TURN-1, R-WRONG-1
    table = Table("junior")  # blue 5 to start
    table.land("r5")
    table.land("g3")  # a red 3 could not have landed on the blue 5: a wrong card, or a misread
    assert [m.action.get("play") for m in table.round.moves][-1] == "r5"
    assert table.question("wrong-or-misread")["card"] == "g3"


def test_villain_taken_after_a_play_is_its_trophy():  # R-ADV-1, R-ADV-2, R-ADV-5
    table = Table("adventure", tops=ADVENTURE_TOPS)
    _down_to_six(table)
    table.land("b0")  # seat 1, now 5 cards: beats the small pirates
    table.event("taken", zone="pirates", card="pirate-small", under="pirate-big")
    state = table.game.state()
    assert state["trophies"][1] == ["pirate-small"]
    assert state["villains"]["pirates"][0] == "pirate-big"
    assert table.kinds() == []


def test_a_trophy_the_rules_cannot_explain_is_flagged():  # R-ADV-1: 7+ cards defeat nothing
    table = Table("adventure", tops=ADVENTURE_TOPS)
    table.land("b3")  # seat 1 holds 7
    table.event("taken", zone="pirates", card="pirate-small", under="pirate-big")
    assert table.question("trophy")["card"] == "pirate-small"
    assert table.round.log[-1]["kind"] == "flag"
    assert table.game.state()["trophies"] == [[], [], []]


def test_alien_beaten_by_an_interception():  # R-ADV-4
    table = Table("adventure", tops=ADVENTURE_TOPS)
    _down_to_six(table)
    table.land("b5", "b5")  # seat 1 plays, the next copy is an interception
    table.event("taken", zone="aliens", card="alien", under="alien")
    trophies = table.game.state()["trophies"]
    assert sum(t.count("alien") for t in trophies) == 1
    assert table.actions[-1]["play"] == "b5"


def test_an_alien_taken_off_an_identical_one_is_known_by_the_hand_that_reached_in():  # R-ADV-4, R-ADV-5
    table = Table("adventure", tops=ADVENTURE_TOPS)
    _down_to_six(table)
    table.land("b5", "b5")  # an interception: the alien is defeated
    assert table.game.state()["villains"]["aliens"][0] == "back"  # what lies under it is not known yet
    # The camera sees a hand reach into the aliens and an alien there as before: the one under it,
    # once the next card is played and nobody was seen taking the alien.
    table.event("reached", zone="aliens", card="alien")
    table.land("b6")
    state = table.game.state()
    assert sum(t.count("alien") for t in state["trophies"]) == 1
    assert state["villains"]["aliens"][0] == "alien"
    assert "trophy" not in table.kinds()
    assert not any(line["kind"] == "flag" for line in table.round.log)


def test_another_players_arm_over_a_pile_with_a_trophy_due_is_no_take():  # R-ADV-5
    table = Table("adventure", tops=ADVENTURE_TOPS)
    _down_to_six(table)
    table.land("b0")  # seat 1, 5 cards: the small pirates are defeated
    table.event("reached", zone="pirates", card="pirate-small", seat=2)  # seat 2 reaching past them
    table.land("b4")
    assert table.game.state()["villains"]["pirates"][0] == "back"
    table.event("reached", zone="pirates", card="pirate-small", seat=1)  # the defeater's own hand
    table.land("b5")
    assert table.game.state()["villains"]["pirates"][0] == "pirate-small"
    assert table.game.state()["trophies"][1] == ["pirate-small"]


def test_the_defeaters_hand_over_an_identical_villain_counts_when_another_arm_crosses_it_after():  # R-ADV-5
    table = Table("adventure", tops=ADVENTURE_TOPS)
    _down_to_six(table)
    table.land("b0")  # seat 1, 5 cards: the small pirates are defeated
    table.event("reached", zone="pirates", card="pirate-small", seat=1)  # taken off an identical one
    table.event("reached", zone="pirates", card="pirate-small", seat=2)  # seat 2's arm crossing after
    table.land("b4")
    state = table.game.state()
    assert state["trophies"][1] == ["pirate-small"] and state["villains"]["pirates"][0] == "pirate-small"
    assert table.kinds() == []


def test_a_hand_over_a_pile_then_its_take_seen_is_one_trophy():  # R-ADV-5
    table = Table("adventure", tops=ADVENTURE_TOPS)
    _down_to_six(table)
    table.land("b0")  # seat 1, 5 cards: the small pirates are defeated
    table.event("reached", zone="pirates", card="pirate-small", seat=1)  # the arm crosses them first
    table.event("taken", zone="pirates", card="pirate-small", under="pirate-big")  # then takes the top
    state = table.game.state()
    assert state["trophies"][1] == ["pirate-small"] and state["villains"]["pirates"][0] == "pirate-big"
    table.land("b4")  # the next card: the hand seen before the take is not read as another take
    assert table.game.state()["trophies"][1] == ["pirate-small"]
    assert table.kinds() == [] and not any(line["kind"] == "flag" for line in table.round.log)


def test_a_hand_over_a_villain_pile_with_no_trophy_due_changes_nothing():  # R-ADV-1
    table = Table("adventure", tops=ADVENTURE_TOPS)
    table.land("b0")  # seat 1 holds 7: nothing is defeated
    before = table.game.state()
    table.event("reached", zone="pirates", card="pirate-small")
    assert table.game.state() == before
    assert table.kinds() == [] and table.round.open_questions() == []


def test_shake_moves_a_villain_not_a_trophy():  # R-SHAKE
    table = Table("adventure", tops=ADVENTURE_TOPS)
    table.land("b-shake")
    table.event("moved", zone="ghosts", card="ghost-g", to="pirates", under="ghost-b")
    assert table.actions == [{"by": 1, "play": "b-shake", "shake": ["ghosts", "pirates"]}]
    state = table.game.state()
    assert state["villains"]["pirates"][0] == "ghost-g" and state["villains"]["ghosts"][0] == "ghost-b"
    assert state["trophies"] == [[], [], []]


def test_a_shaker_read_again_as_a_number_moves_no_villain():  # R-SHAKE, R-ADV-2
    table = Table("adventure", tops=ADVENTURE_TOPS)
    _down_to_six(table)  # blue 5 on top, seat 1 to play, everyone holds 6
    table.event("landed", zone="discard", card="b-shake", confidence=0.6, alternatives=[["b2", 0.3]])
    table.event("moved", zone="ghosts", card="ghost-g", to="aliens", under="ghost-r")
    assert table.actions[-1] == {"by": 1, "play": "b-shake", "shake": ["ghosts", "aliens"]}
    # The small pirates taken: no Shaker beats them, a blue 2 does. Read as the 2, the play keeps no
    # choice of a Shaker's.
    table.event("taken", zone="pirates", card="pirate-small", under="pirate-big")
    assert table.actions[-1] == {"by": 1, "play": "b2"}
    assert table.game.state()["trophies"] == [[], ["pirate-small"], []]


def test_a_stolen_trophy_is_no_villain_taken_from_a_pile():  # R-STEAL, R-SHAKE
    table = Table("adventure", tops=ADVENTURE_TOPS)
    _down_to_six(table)
    table.land("b0")  # seat 1, 5 cards: beats the small pirates
    table.event("taken", zone="pirates", card="pirate-small", under="pirate-big")
    table.land("b-steal")  # seat 2 takes seat 1's trophy
    table.answer("last-hand", 1)
    steal = table.round.moves[-1]
    assert steal.stolen == ["pirate-small"] and steal.defeated == []
    assert any(line["text_en"] == "Вика steals the small pirates from Боря" for line in table.round.log)
    # The pirates pile lost one villain, not two: the shake moves the big pirates and uncovers the
    # second card as dealt, and the defeat check after the move (a super card) takes it.
    table.land("b-shake")
    table.event("moved", zone="pirates", card="pirate-big", to="aliens", under="pirate-super")
    table.event("taken", zone="pirates", card="pirate-super", under="pirate-small")
    state = table.game.state()
    assert state["trophies"] == [["pirate-super"], [], ["pirate-small"]]
    assert state["villains"]["aliens"][0] == "pirate-big"
    assert state["villains"]["pirates"][0] == "pirate-small"
    assert "trophy" not in table.kinds()


def test_omni_with_seven_cards_takes_the_pile_the_camera_saw():  # R-OMNI
    table = Table("adventure", tops=ADVENTURE_TOPS)
    table.land("b-omni")  # seat 1 holds 7 after it
    table.event("taken", zone="ghosts", card="ghost-g", under="ghost-r")
    assert table.actions[0] == {"by": 1, "play": "b-omni", "villain": "ghosts"}
    assert table.game.state()["trophies"][1] == ["ghost-g"]


@pytest.mark.parametrize("crossed_first", [True, False], ids=["ghosts-crossed-first", "ghosts-crossed-last"])
def test_omni_with_seven_cards_took_the_pile_its_hand_came_over_last(crossed_first):  # R-OMNI, R-ADV-5
    # An alien taken off an identical alien leaves the pile looking as it did: the camera sees only a
    # hand there, and the player's arm crossed the ghosts on its way. The pile covered last is the
    # one it reached for; the ghosts it crossed keep their top.
    table = Table("adventure", tops=ADVENTURE_TOPS)
    table.land("b-omni")  # seat 1 holds 7 after it
    t = table.t
    ghosts_covered, aliens_covered = (t + 0.2, t + 0.3) if crossed_first else (t + 0.3, t + 0.2)
    table.event("reached", zone="ghosts", card="ghost-g", covered=ghosts_covered, t=t + 1.0)
    table.event("reached", zone="aliens", card="alien", covered=aliens_covered, t=t + 1.0)
    table.land("b6")
    state = table.game.state()
    chosen = "aliens" if crossed_first else "ghosts"
    assert table.actions[0] == {"by": 1, "play": "b-omni", "villain": chosen}
    assert state["trophies"][1] == (["alien"] if crossed_first else ["ghost-g"])
    assert state["villains"][chosen][0] == ("alien" if crossed_first else "ghost-g")  # the twin under it
    assert state["villains"]["pirates"][0] == "pirate-small"  # not the rules' first choice
    assert not any(line["kind"] == "flag" for line in table.round.log)


def test_omni_whose_pile_was_seen_taken_is_not_moved_by_a_hand_over_another():  # R-OMNI
    table = Table("adventure", tops=ADVENTURE_TOPS)
    table.land("b-omni")  # seat 1 holds 7 after it
    table.event("taken", zone="ghosts", card="ghost-g", under="ghost-r")
    table.event("reached", zone="aliens", card="alien")  # the arm going back over the aliens
    table.land("b6")
    assert table.actions[0] == {"by": 1, "play": "b-omni", "villain": "ghosts"}
    assert table.game.state()["trophies"][1] == ["ghost-g"]


def test_omni_is_not_given_a_pile_another_seats_arm_reached_into():  # R-OMNI
    table = Table("adventure", tops=ADVENTURE_TOPS)
    table.land("b-omni")  # seat 1 holds 7 after it
    table.event("reached", zone="aliens", card="alien", seat=2)
    table.land("b6")
    assert table.actions[0]["villain"] != "aliens"
    assert all("alien" not in trophies for trophies in table.game.state()["trophies"])


def _play_out(table: Table, seat_cards: int = 8) -> None:
    """Two players alternate blue numbers until seat 1 plays its last card."""
    cards = [f"b{v % 8}" for v in range(2 * seat_cards - 1)]
    table.land(*cards)


def test_last_card_proposes_went_out_and_the_round_end():  # R-WIN-1, R-TOUR-1
    table = Table("junior", players=2)
    _play_out(table)
    assert table.game.finished and table.game.winners == [1]
    assert table.question("went-out")["seat"] == 1
    assert table.question("round-end")["default"] == 1
    assert table.match.status == "round-over"
    table.submit({"kind": "round", "winner": 1, "left": [1, 0]})
    assert table.match.score()["totals"] == [0, 1]
    assert table.match.round.number == 2 and table.match.round.dealer == 1  # same seats, next dealer


def test_not_gone_out_keeps_the_round_going():  # R-WIN-1: the count was wrong
    table = Table("junior", players=2)
    _play_out(table)
    table.answer("went-out", False)
    assert not table.game.finished
    assert table.round.hand_counts()[1] == 1
    assert "round-end" not in table.kinds()


def test_round_end_refused_while_the_round_is_played():
    table = Table("junior", players=2)
    with pytest.raises(TableError) as caught:
        table.submit({"kind": "round", "winner": 1, "left": [1, 0]})
    assert caught.value.code == "round-not-over"


def test_undo_takes_back_the_last_entry_and_replays():
    table = Table()
    table.land("b3", "b4")
    table.submit({"kind": "undo"})
    assert table.actions == [{"by": 1, "play": "b3"}]
    table.land("b1")
    assert table.actions[-1] == {"by": 2, "play": "b1"}
    table.submit({"kind": "undo"})
    table.submit({"kind": "undo"})
    assert table.actions == []
    table.submit({"kind": "undo"})  # the starting card
    with pytest.raises(TableError):
        table.submit({"kind": "undo"})


def test_a_fix_that_breaks_the_rules_is_refused():  # R-TURN-1
    table = Table()
    table.land("b3")
    with pytest.raises(TableError) as caught:
        table.submit({"kind": "fix", "by": 0})  # junior: no interception, seat 0 cannot play now
    assert caught.value.status == 422


def test_the_log_replays_to_the_same_state():
    table = Table("adventure", tops=ADVENTURE_TOPS)
    table.land("b3", "b3", "poly")
    table.answer("intercepted-by", 1)
    table.land("r2", "r-slap")
    table.answer("last-hand", 0)
    table.submit({"kind": "fix", "card": "r-slap", "by": table.actions[-1]["by"]})
    table.submit({"kind": "undo"})
    replayed = MatchTracker(1, table.match.config)
    for entry in table.entries:
        replayed.apply(entry, live=False)
    assert [m.action for m in replayed.round.moves] == [m.action for m in table.round.moves]
    assert replayed.round.open_questions() == table.round.open_questions()
    assert replayed.round.log == table.round.log
    kinds = [line["kind"] for line in table.round.log]
    assert {"answer", "fix", "undo"} <= set(kinds)  # every correction is a line of the log


def _scripted_answers(match: MatchTracker, seq_action: dict[int, dict]) -> list[dict]:
    """What a table that knows the truth answers to the open questions."""
    answers = []
    for question in match.round.open_questions():
        seq = int(question["id"][1:].split("-")[0])
        action = seq_action.get(seq, {})
        value = {
            "intercepted-by": action.get("by"),
            "played-by": action.get("by"),
            "colour": action.get("colour"),
            "last-hand": action.get("last"),
        }.get(question["kind"])
        if value is not None and value != question["default"]:
            answers.append({"kind": "answer", "question": question["id"], "value": value})
    return answers


@pytest.mark.parametrize("seed", range(12))  # 4 and 10 steal a trophy before a shake
def test_scripted_games_with_a_table_answering_come_out_right(seed):  # R-ADV-1…R-ADV-8, R-STEAL
    start, steps, game = scripted_game(seed)
    rules = resolve_rules("adventure", None)
    match = MatchTracker(1, MatchConfig("adventure", NAMES[:3], 0, rules, None))
    seq_action: dict[int, dict] = {}
    for event in start:
        match.apply({"kind": "event", "t": event["t"], "event": event}, live=False)
    for action, events in steps:
        for event in events:
            seq = match.apply({"kind": "event", "t": event["t"], "event": event}, live=True)
            seq_action[seq] = action
            for answer in _scripted_answers(match, seq_action):
                match.apply(match.prepare(answer), live=True)
    log = match.round.table_log()
    assert [(p["by"], p["card"]) for p in log["plays"]] == [
        (a["by"], a["play"]) for a, _ in steps if "play" in a
    ]
    assert log["trophies"] == game.state()["trophies"]
    assert log["finished"] and log["winners"] == game.state()["winners"]


def test_a_seats_first_reach_seen_at_a_stray_place_gives_way_to_its_own_arm():  # R-TURN-2, R-GRAB
    # (simulated game 484: the first draw's arm was seen at a corner of the frame; seat 1's own arm,
    # seen next, was taken for the unplaced seat 2's, the card it drew and played for seat 2's, and
    # every seat after was one off)
    table = Table("adventure")
    table.event("drawn", zone="deck", reach=0.95)  # seat 1 draws; its arm seen at a stray place
    table.land_from(PLACES[2], "b-grab")  # seat 1 keeps its card, seat 2 lays a Grabber
    table.event("drawn", zone="deck", reach=PLACES[0])  # seat 0 takes the grab's cards
    table.event("drawn", zone="deck", reach=PLACES[1])  # seat 1 draws: its own arm
    table.land_from(PLACES[1], "b7")  # and plays the card it drew
    assert table.actions[-5:] == [{"by": 1, "pass": True}, {"by": 2, "play": "b-grab"},
                                  {"by": 0, "accept": True}, {"by": 1, "draw": True}, {"by": 1, "play": "b7"}]


def test_reaches_learned_from_sure_plays_tell_who_intercepted():  # R-INTERCEPT-1
    table = Table("adventure")
    table.land_seen((1, "b3"), (2, "b4"), (0, "b6"), (1, "b1"))
    table.land_from(PLACES[1], "b1")  # seat 1 again: its own twin
    assert table.actions[-1] == {"by": 1, "play": "b1"}
    assert table.question("intercepted-by")["default"] == 1  # still asked: a reach is a guess


def _steal_after_a_trophy() -> Table:
    """Every seat placed; seat 1 beats the small pirates, then seat 2 plays a stealer (R-STEAL)."""
    table = Table("adventure", tops=ADVENTURE_TOPS)
    _down_to_six(table, seen=True)
    table.land_from(PLACES[1], "b0")
    table.event("taken", zone="pirates", card="pirate-small", under="pirate-big")
    table.land_from(PLACES[2], "b-steal")
    return table


def test_the_last_arm_to_slap_the_deck_is_the_steals_last_hand():  # R-STEAL
    table = _steal_after_a_trophy()
    # Everyone slaps the deck, seat 1 last: not a draw, and nothing left to ask.
    table.event("drawn", zone="deck", reach=PLACES[0], arrivals=[PLACES[0], PLACES[2], PLACES[1]])
    steal = table.round.moves[-1]
    assert steal.action["play"] == "b-steal" and steal.action["last"] == 1
    assert steal.stolen == ["pirate-small"]
    assert "last-hand" not in table.kinds()
    assert table.round.asked[f"q{steal.source}-last-hand"]["resolved"] == "inferred"
    assert table.game.state()["trophies"] == [[], [], ["pirate-small"]]
    table.event("drawn", zone="deck", reach=PLACES[0], arrivals=[PLACES[0]])  # one arm: a draw
    assert table.actions[-1] == {"by": 0, "draw": True}


@pytest.mark.parametrize("slapped_again", [False, True])
def test_a_stealers_twin_nobody_slapped_the_deck_for_was_no_twin(slapped_again):  # R-STEAL, R-INTERCEPT-1
    # Simulated game 617: after everyone slapped the deck for a Stealer, the camera saw it again as the
    # hands lifted, as if its twin had landed; no hand slapped the deck for it before the next card.
    table = _steal_after_a_trophy()
    table.event("drawn", zone="deck", reach=PLACES[0], arrivals=[PLACES[0], PLACES[2], PLACES[1]])
    table.event("landed", zone="discard", card="b-steal", same=True, reach=PLACES[0])
    assert table.actions[-1] == {"by": 0, "play": "b-steal", "last": 0}  # a twin, till the next card
    if slapped_again:  # everyone slapped the deck for the twin: it was one
        table.event("drawn", zone="deck", reach=PLACES[1], arrivals=[PLACES[2], PLACES[0], PLACES[1]])
    table.land_seen((1 if slapped_again else 0, "b3"))
    steals = [a for a in table.actions if a.get("play") == "b-steal"]
    assert len(steals) == (2 if slapped_again else 1)
    if not slapped_again:
        assert table.actions[-1] == {"by": 0, "play": "b3"}
        assert table.game.state()["trophies"] == [[], [], ["pirate-small"]]


def test_a_seat_first_seen_at_another_seats_place_is_placed_by_its_own_arm():  # R-STEAL
    table = Table("adventure", tops=ADVENTURE_TOPS)
    # Seat 1's first arm seen was not its own but near seat 2's place (an arm going back). Its own
    # arm is seen once after that, then it plays unseen.
    plays = [(PLACES[2] - 0.04, "b4"), (PLACES[2], "b5"), (PLACES[0], "b6"),
             (PLACES[1], "b7"), (PLACES[2], "b4"), (PLACES[0], "b5")]
    for place, card in plays:
        table.land_from(place, card)
    table.land("b0")  # seat 1, 6 cards: beats the small pirates
    table.event("taken", zone="pirates", card="pirate-small", under="pirate-big")
    table.land_from(PLACES[2], "b-steal")
    # Everyone slaps the deck; the stealer's own arm, out over the table already, is not seen.
    table.event("drawn", zone="deck", reach=PLACES[0], arrivals=[PLACES[0], PLACES[1]])
    steal = table.round.moves[-1]
    assert steal.action["play"] == "b-steal" and steal.action["last"] == 1
    assert steal.stolen == ["pirate-small"]


def test_the_first_reach_into_the_deck_after_a_steal_is_the_slap_however_many_arms_were_seen():  # R-STEAL
    table = Table("adventure", tops=ADVENTURE_TOPS)
    _down_to_six(table, seen=True)
    table.land_from(PLACES[1], "b-steal")
    # The hands lay one over another: the camera told one arm apart. Everyone slaps: not a draw.
    table.event("drawn", zone="deck", reach=PLACES[2], arrivals=[PLACES[2]])
    assert table.actions[-1]["play"] == "b-steal"
    assert "last-hand" in table.kinds()  # the last hand is not known
    table.event("drawn", zone="deck", reach=PLACES[2], arrivals=[PLACES[2]])  # the next reach: a draw
    assert table.actions[-1] == {"by": 2, "draw": True}


def test_a_slaps_last_hand_seen_then_its_two_cards_drawn():  # R-SLAP
    table = Table("adventure", tops=ADVENTURE_TOPS)
    _down_to_six(table, seen=True)
    table.land_from(PLACES[1], "b-slap")
    table.event("drawn", zone="deck", reach=PLACES[1], arrivals=[PLACES[1], PLACES[0], PLACES[2]])
    table.event("drawn", zone="deck", reach=PLACES[2], arrivals=[PLACES[2]])  # the loser's two cards
    assert table.actions[-1] == {"by": 1, "play": "b-slap", "last": 2}
    assert table.round.hand_counts() == [6, 5, 8]
    assert "last-hand" not in table.kinds()


@pytest.mark.parametrize("card", ["b-slap", "b-steal"])
def test_every_arm_at_the_deck_again_right_after_the_slap_is_still_the_slap(card):  # R-SLAP, R-STEAL
    # (simulated game 481: the deck seen bare for a moment among the slapping hands made two reaches
    # of it; the second was taken for the loser's two cards, and the loser's for a draw)
    table = Table("adventure", tops=ADVENTURE_TOPS)
    _down_to_six(table, seen=True)
    table.land_from(PLACES[1], card)
    table.event("drawn", zone="deck", reach=PLACES[1], arrivals=[PLACES[1], PLACES[0], PLACES[2]],
                t=table.t + 1.1)
    table.event("drawn", zone="deck", reach=PLACES[2], arrivals=[PLACES[0], PLACES[1], PLACES[2]],
                t=table.t + 0.8)
    assert table.actions[-1]["play"] == card
    table.event("drawn", zone="deck", reach=PLACES[2], arrivals=[PLACES[2], PLACES[0]], t=table.t + 1.5)
    if card == "b-slap":  # the loser's two cards
        assert table.actions[-1] == {"by": 1, "play": "b-slap", "last": 2}
        assert table.round.hand_counts() == [6, 5, 8]
    else:  # a steal's last hand draws nothing: the seat to move draws
        assert table.actions[-1] == {"by": 2, "draw": True}


def _slapped_in_two_reaches(table: Table, card: str, first: list[int], second: list[int],
                            bare: float) -> None:
    """``card`` laid by seat 1, everyone holding 6, then two reaches into the deck, the arms of the
    seats ``first``, then of ``second``, coming in that order, the deck bare ``bare`` seconds between."""
    _down_to_six(table, seen=True)
    table.land_from(PLACES[1], card)
    t = table.t + 1.5
    table.event("drawn", zone="deck", reach=PLACES[first[-1]], arrivals=[PLACES[seat] for seat in first],
                covered=t - 0.8, t=t)
    table.event("drawn", zone="deck", reach=PLACES[second[-1]], arrivals=[PLACES[seat] for seat in second],
                covered=t + bare, t=t + bare + 0.9)


@pytest.mark.parametrize("bare, still_slapping", [(0.07, True), (0.6, False)])
def test_two_arms_at_the_deck_a_glimpse_after_the_slap_are_still_the_slap(bare, still_slapping):  # R-SLAP
    # (simulated game 811: two of the three slapping hands seen again 0.07 s after the slap was told,
    # taken for the loser's two cards; the loser's own reach for them was then taken for a draw)
    table = Table("adventure", tops=ADVENTURE_TOPS)
    _slapped_in_two_reaches(table, "b-slap", [0, 1, 2], [1, 2], bare)
    table.event("drawn", zone="deck", reach=PLACES[2], arrivals=[PLACES[2]], t=table.t + 1.4)
    if still_slapping:  # the third reach is the loser's two cards
        assert table.actions[-1] == {"by": 1, "play": "b-slap", "last": 2}
        assert table.round.hand_counts() == [6, 5, 8]
    else:  # the hands came again: the loser's two cards, then the seat to move draws
        assert table.actions[-1] == {"by": 2, "draw": True}
        assert table.round.hand_counts() == [6, 5, 9]


@pytest.mark.parametrize("bare, twin", [(0.1, False), (1.7, True)])
def test_every_arm_at_the_deck_again_after_it_lay_bare_a_while_slaps_for_a_twin_unseen(bare, twin):
    # R-STEAL, R-INTERCEPT-1 (simulated game 74: the Stealer's twin laid unseen, 1.7 s after the slap;
    # game 481: the deck seen bare 0.07 s among the slapping hands). The second slap's last hand is
    # the twin's.
    table = Table("adventure", tops=ADVENTURE_TOPS)
    _slapped_in_two_reaches(table, "b-steal", [1, 2, 0], [0, 1, 2], bare)
    steals = [a for a in table.actions if a.get("play") == "b-steal"]
    assert steals[0]["last"] == 0
    assert ([(a["play"], a["last"]) for a in steals[1:]] == [("b-steal", 2)]) == twin
    assert ("intercepted-by" in table.kinds()) == twin  # whose twin: the arms at the deck cannot tell
    assert [a for a in table.actions if "draw" in a] == []


def test_the_arm_that_draws_a_slaps_two_cards_overrules_the_order_the_slapping_arms_came_in():  # R-SLAP
    table = Table("adventure", tops=ADVENTURE_TOPS)
    _down_to_six(table, seen=True)
    table.land_from(PLACES[1], "b-slap")
    # Two arms that came at once, seen in the wrong order: seat 0 is taken for the last hand.
    table.event("drawn", zone="deck", reach=PLACES[0], arrivals=[PLACES[1], PLACES[2], PLACES[0]])
    assert table.actions[-1] == {"by": 1, "play": "b-slap", "last": 0}
    table.event("drawn", zone="deck", reach=PLACES[2], arrivals=[PLACES[2]])  # seat 2 draws the two
    assert table.actions[-1] == {"by": 1, "play": "b-slap", "last": 2}
    assert table.round.hand_counts() == [6, 5, 8]


def test_the_slapper_seen_again_as_the_hands_reach_for_the_deck_is_no_twin():  # R-SLAP, R-INTERCEPT-1
    # Simulated game 462: everyone slaps the deck after the Slapper; their hands cross the discard
    # pile, and the camera sees the Slapper again there, under seat 2's arm: no new card.
    table = Table("adventure", tops=ADVENTURE_TOPS)
    _down_to_six(table, seen=True)
    table.land_from(PLACES[1], "b-slap")
    table.event("landed", zone="discard", card="b-slap", same=True, confidence=0.98, reach=PLACES[2])
    assert [a["play"] for a in table.actions if "play" in a][-2:] == ["b5", "b-slap"]
    assert table.round.log[-1]["kind"] == "passing"
    table.event("drawn", zone="deck", reach=PLACES[2], arrivals=[PLACES[1], PLACES[0], PLACES[2]])
    assert table.actions[-1] == {"by": 1, "play": "b-slap", "last": 2}


@pytest.mark.parametrize("arrivals, grab", [((2,), True), ((1, 0, 2), False)])
def test_a_slapper_read_unsure_after_which_one_arm_takes_the_cards_was_a_grabber(arrivals, grab):
    # R-GRAB, R-SLAP (simulated game 460): seat 1's blue Grabber is read as a Slapper at 0.72, the
    # Grabber weighed. The reach into the deck after it is seat 2's arm alone (not everyone slapping):
    # seat 2 took the Grabber's cards. Every seat's arm there, it was the Slapper.
    table = Table("adventure", tops=ADVENTURE_TOPS)
    _down_to_six(table, seen=True)
    _land_read(table, 1, "b-slap", 0.72, alternatives=[("b-grab", 0.08), ("b-shake", 0.07)])
    table.event("drawn", zone="deck", reach=PLACES[2], arrivals=[PLACES[seat] for seat in arrivals])
    if grab:
        assert table.actions[-2:] == [{"by": 1, "play": "b-grab"}, {"by": 2, "accept": True}]
        assert "last-hand" not in table.kinds()
    else:
        assert table.actions[-1] == {"by": 1, "play": "b-slap", "last": 2}


def test_the_slappers_own_arm_seen_last_does_not_tell_the_last_hand():  # R-SLAP, R-STEAL
    table = _steal_after_a_trophy()  # seat 2 played the stealer
    # Its arm, out over the table from laying the card, is seen coming only as it starts to move.
    table.event("drawn", zone="deck", reach=PLACES[2], arrivals=[PLACES[0], PLACES[1], PLACES[2]])
    assert "last-hand" in table.kinds()
    assert table.round.asked[table.question("last-hand")["id"]].get("resolved") is None


def test_the_eight_cards_a_stealer_going_out_draws_do_not_make_it_the_last_hand():  # R-STEAL, R-ADV-7
    table = Table("adventure", players=2)
    plays = [(1 - k % 2, f"b{k % 8}") for k in range(14)]  # seat 1 then seat 0, seven cards each
    table.land_seen(*plays, (1, "b-steal"))  # seat 1's last card
    table.event("drawn", zone="deck", reach=PLACES[0], arrivals=[PLACES[1], PLACES[0]])  # seat 0 last
    table.event("drawn", zone="deck", reach=PLACES[1], arrivals=[PLACES[1]])  # seat 1 draws its eight
    steal = next(m for m in table.round.moves if m.action.get("play") == "b-steal")
    assert steal.action["last"] == 0
    assert table.round.hand_counts()[1] == 8


def test_the_hands_slapping_the_deck_after_the_last_card_still_tell_the_last_hand():  # R-SLAP, R-WIN-1
    # Simulated game 506: the card that ends the round (there a Stealer that beat the last villain,
    # R-ADV-END; here a Slapper) has everyone slap the deck after it: the arms still tell the last hand.
    table = Table("junior", players=2)
    plays = [(1 - k % 2, f"b{k % 8}") for k in range(14)]  # seat 1 then seat 0, seven cards each
    table.land_seen(*plays, (1, "b-slap"))  # seat 1's last card
    assert table.game.finished
    table.event("drawn", zone="deck", reach=PLACES[0], arrivals=[PLACES[1], PLACES[0]])  # seat 0 last
    slap = next(m for m in table.round.moves if m.action.get("play") == "b-slap")
    assert slap.action["last"] == 0
    assert "last-hand" not in table.kinds()


def test_the_eight_cards_a_slapper_going_out_draws_do_not_make_it_the_last_hand():  # R-SLAP, R-ADV-7
    table = Table("adventure", players=2)
    plays = [(1 - k % 2, f"b{k % 8}") for k in range(14)]  # seat 1 then seat 0, seven cards each
    table.land_seen(*plays, (1, "b-slap"))  # seat 1's last card
    table.event("drawn", zone="deck", reach=PLACES[0], arrivals=[PLACES[1], PLACES[0]])  # seat 0 last
    slap = next(m for m in table.round.moves if m.action.get("play") == "b-slap")
    assert slap.action["last"] == 0
    # The slapper's own arm drawing is its eight cards, not the two of a slap's last hand.
    table.event("drawn", zone="deck", reach=PLACES[1], arrivals=[PLACES[1]])
    slap = next(m for m in table.round.moves if m.action.get("play") == "b-slap")
    assert slap.action["last"] == 0
    assert table.round.hand_counts() == [3, 8]  # seat 0: one left and the slap's two; seat 1: its eight


def test_a_last_card_whose_villains_are_not_all_taken_was_not_the_last():  # R-ADV-7, R-ADV-5
    # Simulated games 457, 466: seat 1 lays its own twin, its last card as counted: it would beat every
    # top villain and draw eight. Only the alien is taken before the next card: seat 1 held a card
    # more than counted (a draw the camera missed), as "did not go out" says; no eight cards drawn.
    table = Table("adventure", players=2, tops=ADVENTURE_TOPS)
    plays = [f"b{k}" for k in range(8)] + ["r7", "r6", "r5", "r4", "r2"]
    table.land_seen(*[(1 - k % 2, card) for k, card in enumerate(plays)])
    assert table.round.hand_counts() == [2, 1]
    table.event("landed", zone="discard", card="r2", same=True, reach=PLACES[1])
    assert table.round.hand_counts() == [2, 8] and "went-out" in table.kinds()
    table.event("taken", zone="aliens", card="alien", under="alien", reach=PLACES[1])
    table.land_seen((0, "r3"))
    assert table.round.hand_counts() == [1, 1]
    assert table.actions[-4:] == [{"penalty": 1, "cards": 1}, {"by": 1, "play": "r2"},
                                  {"by": 1, "play": "r2"}, {"by": 0, "play": "r3"}]
    assert "went-out" not in table.kinds()
    assert table.game.state()["trophies"][1].count("alien") == 1


def test_a_card_read_by_the_arm_of_the_seat_that_went_out_is_no_sign_it_did_not():  # R-ADV-7, R-ADV-5
    # Simulated game 777: seat 1 lays its last card and beats every top villain; its arm, on its way to
    # them, crosses the discard pile and the camera reads the top unsure as another red card before
    # the trophies are seen taken. That reading does not say seat 1 held a card more (no penalty
    # drawn unseen); the next seat's twin of the red 1 then takes the alien under the one swept.
    table = Table("adventure", tops=UNBEATEN_TOPS)
    _seat_one_to_its_last_card(table)
    table.event("drawn", zone="deck", reach=PLACES[2])
    table.event("drawn", zone="deck", reach=PLACES[0])
    assert table.round.hand_counts()[1] == 1  # seat 0 keeps its card: seat 1 to move
    table.event("landed", zone="discard", card="r1", confidence=0.96, reach=PLACES[1])
    table.event("landed", zone="discard", card="r7", confidence=0.84, reach=PLACES[1])
    table.event("taken", zone="pirates", card="pirate-super", under="pirate-big", reach=PLACES[1])
    table.event("taken", zone="ghosts", card="ghost-y", under="ghost-r", reach=PLACES[1])
    table.event("taken", zone="aliens", card="alien", under="alien", reach=PLACES[1])
    table.event("drawn", zone="deck", reach=PLACES[1])  # its eight cards
    table.event("landed", zone="discard", card="r1", same=True, reach=PLACES[2])
    assert table.actions[-2:] == [{"by": 1, "play": "r1"}, {"by": 2, "play": "r1"}]
    assert not any("penalty" in action for action in table.actions)
    trophies = table.game.state()["trophies"]
    assert trophies[1] == ["alien", "ghost-y", "pirate-super"] and "alien" in trophies[2]


def test_a_slapper_going_out_drawing_its_eight_leaves_the_last_hand_asked():  # R-SLAP, R-ADV-7
    table = Table("adventure", players=2)
    plays = [(1 - k % 2, f"b{k % 8}") for k in range(14)]
    table.land_seen(*plays, (1, "b-slap"))  # seat 1's last card
    table.event("drawn", zone="deck", arrivals=[])  # the slap, no arm told apart
    table.event("drawn", zone="deck", reach=PLACES[1], arrivals=[PLACES[1]])  # seat 1 draws its eight
    assert "last-hand" in table.kinds()
    assert table.round.asked[table.question("last-hand")["id"]].get("resolved") is None


@pytest.mark.parametrize(
    ("arrivals", "guess"),
    [([PLACES[0], PLACES[2], PLACES[1], PLACES[0] + 0.03], 0), ([PLACES[0], PLACES[2]], 2)],
    ids=["one-seen-twice", "the-stealers-missed"],
)
def test_arms_that_cannot_tell_the_last_hand_for_sure_give_the_guess(arrivals, guess):  # R-STEAL
    table = Table("adventure", tops=ADVENTURE_TOPS)
    _down_to_six(table, seen=True)
    table.land_from(PLACES[1], "b-steal")
    table.event("drawn", zone="deck", arrivals=arrivals)
    # The last arm that is not the stealer's own is the guess; the table is still asked.
    assert table.actions[-1] == {"by": 1, "play": "b-steal", "last": guess}
    assert table.question("last-hand")["default"] == guess


def test_a_trophy_the_slapper_took_says_another_hand_was_last():  # R-SLAP, R-ADV-1
    table = Table("adventure", tops={"pirates": "pirate-super", "ghosts": "ghost-g", "aliens": "alien"})
    table.land_seen((1, "b4"), (2, "b5"), (0, "b6"))  # every seat placed, holding 7
    table.land_from(PLACES[1], "b-slap")  # seat 1 keeps 6 unless its own hand was last
    # Only the slapper's arm seen (twice): nothing tells the last hand, the slapper is the guess.
    table.event("drawn", zone="deck", arrivals=[PLACES[1], PLACES[1] + 0.03])
    assert table.actions[-1] == {"by": 1, "play": "b-slap", "last": 1}
    table.event("taken", zone="pirates", card="pirate-super", under="pirate-big")
    # Drawing two, seat 1 would hold 8 and defeat nothing: another hand was last, seat 2 the guess.
    assert table.actions[-1] == {"by": 1, "play": "b-slap", "last": 2}
    assert table.question("last-hand")["default"] == 2 and "trophy" not in table.kinds()
    table.event("drawn", zone="deck", reach=PLACES[0], arrivals=[PLACES[0]])  # seat 0 draws the two
    assert table.actions[-1] == {"by": 1, "play": "b-slap", "last": 0}
    assert "last-hand" not in table.kinds()
    state = table.game.state()
    assert state["trophies"] == [[], ["pirate-super"], []]
    assert state["villains"]["pirates"][0] == "pirate-big"
    assert table.round.hand_counts() == [9, 6, 7]


def test_the_next_cards_arm_tells_who_intercepted():  # R-INTERCEPT-1
    table = Table("adventure")
    table.land_seen(*BEFORE_A_TWIN)
    table.land("b3")  # an identical card, its arm not seen: asked, seat 1 guessed
    assert table.question("intercepted-by")["default"] == 1
    table.land_from(PLACES[1], "b2")  # seat 1 plays on: the interceptor was seat 0
    assert table.actions[-2:] == [{"by": 0, "play": "b3"}, {"by": 1, "play": "b2"}]
    assert "intercepted-by" not in table.kinds()
    assert any("intercepted (from the arm of the next move)" in line["text_en"] for line in table.round.log)


def test_arms_at_places_not_learned_yet_tell_who_intercepted():  # R-INTERCEPT-1
    table = Table("adventure")
    table.land_from(PLACES[1], "b3")  # seat 1, the only reading: its place is learned
    table.land_from(PLACES[2], "b3")  # another arm, whose seat's place is not known: 0 is guessed
    assert table.actions[-1] == {"by": 0, "play": "b3"}
    # A third arm: after seat 0 it would be seat 1's, whose arm comes in elsewhere; after seat 1,
    # seat 1's own arm was at another place. Only seat 2's interception leaves one place per seat.
    table.land_from(PLACES[0], "b4")
    assert table.actions[-2:] == [{"by": 2, "play": "b3"}, {"by": 0, "play": "b4"}]
    assert "intercepted-by" not in table.kinds()


def test_the_arm_of_the_seat_after_a_snores_victim_tells_who_intercepted_the_snore():
    # R-INTERCEPT-1, R-INTERCEPT-2, R-SNORE: the adventure does not let a victim transfer (R-TRANSFER-1
    # off), so a snore on a snore is an interception, the victim's own too.
    table = Table("adventure")
    table.land_from(PLACES[1], "b-snore")  # seat 1: seat 2 is to sleep
    table.land_from(PLACES[2], "b-snore")  # an arm whose seat's place is not known: seat 0 guessed
    assert table.actions[-1] == {"by": 0, "play": "b-snore"}
    # Seat 1's arm lays the next card: after seat 0's snore seat 1 would sleep; after seat 2's, seat 0
    # sleeps and seat 1 plays.
    table.land_from(PLACES[1], "b4")
    assert table.actions[-3:] == [{"by": 2, "play": "b-snore"}, {"by": 0, "accept": True},
                                  {"by": 1, "play": "b4"}]
    assert "intercepted-by" not in table.kinds()


def test_the_arm_that_takes_an_intercepted_grab_tells_who_intercepted():  # R-INTERCEPT-2, R-GRAB
    table = Table("adventure")
    table.land_from(PLACES[1], "b-grab")  # seat 1: seat 2 is to take three
    table.land_from(PLACES[2], "b-grab")  # an arm whose seat's place is not known: seat 0 guessed
    assert table.actions[-1] == {"by": 0, "play": "b-grab"}
    # The victim takes the six from the deck with an arm not at seat 1's place: not seat 0's grab
    # (seat 1 would take them), nor seat 1's own twin (its arm came in at two places); seat 2's.
    table.event("drawn", zone="deck", reach=PLACES[0])
    assert table.actions[-2:] == [{"by": 2, "play": "b-grab"}, {"by": 0, "accept": True}]
    assert "intercepted-by" not in table.kinds()
    assert table.round.hand_counts() == [14, 7, 7]


def test_the_next_cards_arm_at_the_guessed_interceptors_turn_settles_the_question():  # R-INTERCEPT-1
    table = Table("adventure")
    table.land_seen(*BEFORE_A_TWIN)
    table.land("b3")
    table.land_from(PLACES[2], "b2")  # seat 2 to move after seat 1's interception: the guess was right
    assert table.actions[-2:] == [{"by": 1, "play": "b3"}, {"by": 2, "play": "b2"}]
    assert "intercepted-by" not in table.kinds()


@pytest.mark.parametrize("taken", [False, True])
def test_a_twins_arm_that_lays_the_next_card_too_was_out_early_for_it(taken):  # R-INTERCEPT-1, R-ADV-4
    # Seat 1 intercepts its own card; the arm seen is seat 2's, already out for its next card, which
    # then lands: no seat lays two cards in a row, so the twin was seat 1's. Unless that arm took the
    # alien the twin beat in between: then it is the interceptor's, going back.
    table = Table("adventure", tops=ADVENTURE_TOPS)
    _down_to_six(table, seen=True)
    table.land_seen((1, "b7"), (2, "b7"))
    assert table.actions[-1] == {"by": 2, "play": "b7"} and "intercepted-by" in table.kinds()
    if taken:
        table.event("taken", zone="aliens", card="alien", under="alien", reach=PLACES[2])
    table.land_seen((2, "b3"))
    if taken:
        assert table.actions[-2:] == [{"by": 2, "play": "b7"}, {"by": 0, "play": "b3"}]
        assert table.game.state()["trophies"][2] == ["alien"]
    else:
        assert table.actions[-2:] == [{"by": 1, "play": "b7"}, {"by": 2, "play": "b3"}]
        assert "intercepted-by" not in table.kinds()


def test_a_twin_laid_by_its_seats_own_arm_stays_its_when_the_next_players_arm_takes_the_alien():
    # R-INTERCEPT-1, R-ADV-4, R-SNORE (simulated game 407): seat 1 intercepts its own Snorer with its
    # own arm; seat 0's arm, out early for its next card, is seen taking the alien the twin beat.
    table = Table("adventure", tops=ADVENTURE_TOPS)
    _down_to_six(table, seen=True)
    table.land_seen((1, "b-snore"), (1, "b-snore"))
    table.event("taken", zone="aliens", card="alien", under="alien", reach=PLACES[0])
    table.land_seen((0, "b3"))
    assert table.actions[-4:] == [{"by": 1, "play": "b-snore"}, {"by": 1, "play": "b-snore"},
                                  {"by": 2, "accept": True}, {"by": 0, "play": "b3"}]
    assert table.game.state()["trophies"][1] == ["alien"]


@pytest.mark.parametrize("twin_covered, interceptor", [(1.3, 0), (1.6, 1)])
def test_a_twins_arm_still_over_a_villain_pile_as_the_pile_was_covered_passed(twin_covered, interceptor):
    # R-INTERCEPT-1, R-ADV-4, R-ADV-5 (simulated game 519): seat 1's arm, taking the trophy its card
    # beat, crossed the discard pile on its way back as seat 0 laid the twin; seat 0's arm took the
    # alien. Covered after that arm left the villain pile, the twin is its own seat's (game 407).
    table = Table("adventure", tops=ADVENTURE_TOPS)
    _down_to_six(table, seen=True)  # seat 1 to move
    table.land_seen((1, "b2"))
    start = table.t
    table.event("taken", zone="pirates", card="pirate-small", under="pirate-big", reach=PLACES[1],
                covered=start + 0.8, t=start + 1.4)
    table.event("landed", zone="discard", card="b2", same=True, reach=PLACES[1], covered=start + twin_covered,
                t=start + 2.6)
    table.event("taken", zone="aliens", card="alien", under="alien", reach=PLACES[0], covered=start + 3.0,
                t=start + 3.6)
    assert table.actions[-2:] == [{"by": 1, "play": "b2"}, {"by": interceptor, "play": "b2"}]
    trophies = table.game.state()["trophies"]
    assert "pirate-small" in trophies[1] and "alien" in trophies[interceptor]


def test_an_alien_taken_by_the_arm_that_laid_a_twin_too_many_cards_to_win_it_is_no_other_seats():
    # R-ADV-1, R-ADV-4, R-ADV-5 (simulated game 135): seat 0, holding 8, intercepted a Polypig twice,
    # the first twin unseen; its arm, seen laying the second, took the alien. With one twin seen, its
    # hand was too big to win it; the arm that took it says it was seat 0's all the same (the defeater
    # takes its trophy), not seat 2's, which could have won it: a twin laid unseen.
    table = Table("adventure", tops=ADVENTURE_TOPS)
    table.land_seen((1, "b3"), (2, "b2"), (0, "b1"))  # every seat placed; 7 cards each
    table.event("drawn", zone="deck", reach=PLACES[1])
    table.land_seen((2, "b6"))  # seat 1 kept its card
    table.event("drawn", zone="deck", reach=PLACES[0])
    table.land_seen((1, "poly"))  # seat 0 kept its card: 8, 7, 6
    table.event("landed", zone="discard", card="poly", same=True, reach=PLACES[0])
    table.event("taken", zone="aliens", card="alien", under="alien", reach=PLACES[0])
    assert [(a["by"], a["play"]) for a in table.actions[-3:]] == [(1, "poly"), (0, "poly"), (0, "poly")]
    assert table.game.state()["trophies"] == [["alien"], [], []]
    assert table.round.hand_counts() == [6, 7, 6]


def test_a_card_guessed_laid_unseen_before_a_held_one_wins_nothing_nobody_was_seen_taking():
    # R-ADV-1, R-ADV-5, R-WRONG-1 (simulated game 75): a green 3 lands on a blue 6, arm unseen; a green
    # 1 lands on it, so a card went unseen before it. A blue 3 would have beaten the small pirates, a
    # green 6 the green ghosts, and nobody took either (a trophy is taken at once): a Polypig that
    # named green, which beats neither, is the likelier, though the top's colour comes first otherwise.
    table = Table("adventure", tops=ADVENTURE_TOPS)
    _down_to_six(table, seen=True)  # seat 1 to move, every seat holds 6
    table.event("landed", zone="discard", card="b6", confidence=0.99, reach=PLACES[1])
    table.event("landed", zone="discard", card="g3", confidence=0.95)
    offered = [o["value"] for o in table.question("wrong-or-misread")["options"]]
    assert offered.index("unseen:b3") < offered.index("unseen:poly")
    table.event("landed", zone="discard", card="g1", confidence=0.95)
    assert table.actions[-3:] == [{"by": 2, "play": "poly", "colour": "g"}, {"by": 0, "play": "g3"},
                                  {"by": 1, "play": "g1"}]
    assert table.game.state()["trophies"] == [["ghost-g", "pirate-small"], [], []]  # the green 3's


@pytest.mark.parametrize("pile_covered, settled, reread", [
    (1.0, 2.4, False),  # the arm over the ghosts as the discard pile was covered: on its way back
    (0.7, 2.4, False),  # the discard pile covered just before the ghosts: on its way there
    (1.0, 1.6, True),   # the discard pile left as the ghosts were: that arm only crossed it
    (1.6, 2.4, True),   # covered after the arm left the ghosts: that arm, as before
])
def test_a_card_seen_by_an_arm_passing_to_a_villain_pile_is_the_seat_to_moves(pile_covered, settled, reread):
    # R-TURN-1 (simulated games 36 and 111): seat 1's blue 7, read unsure; its arm, over a villain
    # pile, stretched across the discard pile as seat 2 laid a blue 4, still covering it long after
    # the arm left the villain pile. Taken for seat 1's arm, the 4 was the 7 read again. An arm that
    # only crossed the discard pile leaves it as it leaves the villain pile: the top read again
    # (game 41), as when the discard pile was covered after that arm left the villain pile.
    table = Table("adventure", tops=ADVENTURE_TOPS)
    _down_to_six(table, seen=True)  # seat 1 to move
    table.event("landed", zone="discard", card="b7", confidence=0.33, alternatives=[["b0", 0.11]],
                reach=PLACES[1])
    start = table.t
    table.event("reached", zone="ghosts", card="ghost-g", reach=PLACES[1], covered=start + 0.8, t=start + 1.4)
    table.event("landed", zone="discard", card="b4", confidence=0.68, reach=PLACES[1],
                covered=start + pile_covered, t=start + settled)
    plays = [a for a in table.actions if "play" in a]
    assert plays[-1] == ({"by": 1, "play": "b4"} if reread else {"by": 2, "play": "b4"})
    assert plays[-2] == ({"by": 0, "play": "b5"} if reread else {"by": 1, "play": "b7"})


@pytest.mark.parametrize("confidence, played", [(0.75, False), (0.97, True)])
def test_a_card_read_unsure_as_its_arm_went_on_over_a_villain_pile_is_the_top_read_again(confidence, played):
    # R-TURN-1, R-TURN-2 (simulated game 99): seat 2 drew; seat 0's arm, on its way towards the deck,
    # crossed the discard pile and the pirates, and the camera read the top unsure as a blue 2. Over
    # the pirates 0.13 s after the discard pile was covered, and taking nothing, the arm laid nothing.
    # Read surely, the card stands: seat 2 kept its card, and seat 0 laid it.
    table = Table("adventure", tops=ADVENTURE_TOPS)
    _down_to_six(table, seen=True)  # seat 1 to move, a blue 5 on top
    table.event("landed", zone="discard", card="b3", confidence=0.99, reach=PLACES[1])
    table.event("drawn", zone="deck", reach=PLACES[2])
    start = table.t
    table.event("landed", zone="discard", card="b2", confidence=confidence, alternatives=[["b6", 0.07]],
                reach=PLACES[0], covered=start + 1.0, t=start + 1.4)
    table.event("reached", zone="pirates", card="pirate-small", reach=PLACES[0], covered=start + 1.13,
                t=start + 1.6)
    if played:
        assert table.actions[-3:] == [{"by": 2, "draw": True}, {"by": 2, "pass": True},
                                      {"by": 0, "play": "b2"}]
    else:
        assert table.actions[-2:] == [{"by": 1, "play": "b3"}, {"by": 2, "draw": True}]


@pytest.mark.parametrize("pile_covered, twin", [(1.15, False), (1.9, True)])
def test_a_twin_seen_as_its_arm_went_on_to_a_villain_pile_is_no_play(pile_covered, twin):
    # R-INTERCEPT-1, R-ADV-5 (simulated game 81): seat 1's arm, on its way to take the trophy its card
    # beat, crossed the discard pile and was seen as the card's twin landing; the villain pile's cover,
    # begun before the twin was confirmed, comes after it. Come over the pile later, the arm laid the
    # twin first (its own card intercepted), then went for the trophy.
    table = Table("adventure", tops=ADVENTURE_TOPS)
    _down_to_six(table, seen=True)  # seat 1 to move
    table.land_seen((1, "b2"))
    start = table.t
    table.event("landed", zone="discard", card="b2", same=True, reach=PLACES[1], covered=start + 1.0,
                t=start + 1.5)
    table.event("taken", zone="pirates", card="pirate-small", under="pirate-big", reach=PLACES[1],
                covered=start + pile_covered, t=start + pile_covered + 0.5)
    plays = [a for a in table.actions if "play" in a]
    assert (plays[-2:] == [{"by": 1, "play": "b2"}] * 2) == twin
    assert plays[-1] == {"by": 1, "play": "b2"}
    crossed = "An arm crossed the discard pile: no new card"
    assert any(line["text_en"] == crossed for line in table.round.log) != twin
    # an interception beats the aliens (R-ADV-4)
    assert table.game.state()["trophies"][1] == (["alien", "pirate-small"] if twin else ["pirate-small"])


def test_a_card_laid_by_the_drawers_arm_is_the_next_seats_when_that_seats_arm_takes_its_villain():
    # R-TURN-2, R-ADV-5 (simulated game 365): the drawer's arm, back from a villain pile over the
    # discard pile, was seen as the next seat's card landed; the next seat's arm took the trophy.
    table = Table("adventure", tops=ADVENTURE_TOPS)
    _down_to_six(table, seen=True)  # seat 1 to move
    table.event("drawn", zone="deck", reach=PLACES[1])
    table.land_seen((1, "b2"))  # read as the card seat 1 drew
    assert table.actions[-1] == {"by": 1, "play": "b2"}
    table.event("taken", zone="pirates", card="pirate-small", under="pirate-big", reach=PLACES[2])
    assert table.actions[-3:] == [{"by": 1, "draw": True}, {"by": 1, "pass": True}, {"by": 2, "play": "b2"}]
    assert table.game.state()["trophies"][2] == ["pirate-small"]


def test_a_last_hand_seen_before_the_seats_are_placed_is_settled_once_they_are():  # R-STEAL
    table = Table("adventure", tops=ADVENTURE_TOPS)
    table.land("b4", "b5", "b6", "b7")  # no arm seen: nobody's place is known
    table.land("b0")  # seat 2, 5 cards: beats the small pirates
    table.event("taken", zone="pirates", card="pirate-small", under="pirate-big")
    table.land("b-steal")  # seat 0 steals; everyone slaps the deck, seat 2 last
    table.event("drawn", zone="deck", arrivals=[PLACES[1], PLACES[0], PLACES[2]])
    assert "last-hand" in table.kinds()  # whose arm came last is not known yet
    table.land_seen((1, "b4"), (2, "b5"), (0, "b6"))
    steal = next(m for m in table.round.moves if m.action.get("play") == "b-steal")
    assert steal.action["last"] == 2 and steal.stolen == ["pirate-small"]
    assert "last-hand" not in table.kinds()
    trophies = table.game.state()["trophies"]
    assert trophies[0] == ["pirate-small"] and trophies[2] == []


def test_a_last_hand_settled_late_reads_the_villains_taken_meanwhile_again():  # R-SLAP, R-ADV-1
    # (simulated game 75, the camera's events true: two Slappers' last hands, seen before any seat was
    # placed, left the slapper two cards over meanwhile; its trophies went unexplained for good)
    table = Table("adventure", tops=ADVENTURE_TOPS)
    table.land("b-slap")  # seat 1; everyone slaps the deck, seat 2 last
    table.event("drawn", zone="deck", arrivals=[PLACES[1], PLACES[0], PLACES[2]])
    table.land("b4", "b6", "b2")  # seat 1's blue 2: 6 cards left, had seat 2 taken the two
    table.event("taken", zone="pirates", card="pirate-small", under="pirate-big")
    assert "trophy" in table.kinds()  # with two cards more, seat 1 beats nothing
    table.land_seen((2, "b5"), (0, "b7"), (1, "b3"))  # every seat placed
    assert table.actions[0] == {"by": 1, "play": "b-slap", "last": 2}
    assert "trophy" not in table.kinds() and "last-hand" not in table.kinds()
    assert table.game.state()["trophies"][1] == ["pirate-small"]
    assert table.round.hand_counts() == [6, 5, 8]


def test_a_place_at_no_seats_among_the_slapping_arms_is_left_out():  # R-STEAL
    table = _steal_after_a_trophy()
    stray = 0.95  # far from every seat's place: a shadow at the border
    table.event("drawn", zone="deck", arrivals=[PLACES[0], stray, PLACES[2], PLACES[1]])
    steal = table.round.moves[-1]
    assert steal.action["last"] == 1 and steal.stolen == ["pirate-small"]
    assert "last-hand" not in table.kinds()


def test_more_arms_on_the_deck_than_players_leave_the_last_hand_to_the_table():  # R-STEAL
    table = Table("adventure", tops=ADVENTURE_TOPS)
    _down_to_six(table, seen=True)
    table.land_from(PLACES[1], "b-steal")
    # One arm seen twice (its crossing of the border split in two): which came last is not sure.
    table.event("drawn", zone="deck", arrivals=[PLACES[0], PLACES[2], PLACES[1], PLACES[0] + 0.03])
    assert table.actions[-1]["play"] == "b-steal"  # the slap, not a draw
    assert "last-hand" in table.kinds()


def test_an_interceptors_own_arm_is_not_overruled_by_the_next_cards():  # R-INTERCEPT-1
    table = Table("adventure")
    table.land_seen(*BEFORE_A_TWIN)
    table.land_from(PLACES[2], "b3")  # seat 2's own arm again: its own twin (still asked)
    table.land_from(PLACES[1], "b2")  # an arm at seat 1's place: one arm against another
    interception = [m for m in table.round.moves if m.intercept]
    assert [m.action["by"] for m in interception] == [2]
    assert "intercepted-by" in table.kinds()


def test_a_twin_seen_as_an_arm_crossed_the_discard_pile_for_a_villain_is_no_play():  # R-ADV-4
    table = Table("adventure")
    table.land("b3")
    table.event("landed", zone="discard", card="b3", passing="pirates")
    assert table.actions == [{"by": 1, "play": "b3"}]
    assert table.round.log[-1]["kind"] == "passing"
    table.event("landed", zone="discard", card="b3", passing="deck")
    assert table.actions == [{"by": 1, "play": "b3"}]
    table.event("landed", zone="discard", card="b4", passing="pirates")  # another card: it was laid
    assert table.actions[-1] == {"by": 2, "play": "b4"}


def test_another_seats_arm_over_the_deck_on_its_way_to_a_villain_pile_is_no_draw():  # R-TURN-2
    table = Table("adventure", tops=ADVENTURE_TOPS)
    table.land_seen((1, "b4"), (2, "b5"), (0, "b6"))  # seat 1 to move; every seat placed
    table.event("drawn", zone="deck", reach=PLACES[0], over="pirates")  # seat 0's arm, for the pirates
    assert table.actions[-1] == {"by": 0, "play": "b6"}
    assert table.round.log[-1]["kind"] == "passing"
    assert "missed-before" not in table.kinds()  # no draw: nobody is asked about a card before it
    table.event("drawn", zone="deck", reach=PLACES[1], over="pirates")  # the drawer's own arm: a draw
    assert table.actions[-1] == {"by": 1, "draw": True}


def test_an_arm_over_the_deck_to_a_villain_pile_that_lays_the_next_card_drew_after_a_draw_unseen():
    # R-TURN-2 (simulated game 485): seat 1 drew and kept its card unseen; seat 2's arm then drew, over
    # the pirates, and laid the next card. Taken for seat 2's arm crossing the deck, seat 1 was given
    # a card laid unseen instead, and every hand after was off.
    table = Table("adventure", tops=ADVENTURE_TOPS)
    table.land_seen((1, "b4"), (2, "b5"), (0, "b6"))  # seat 1 to move; every seat placed
    table.event("drawn", zone="deck", reach=PLACES[2], over="pirates")
    assert table.actions[-1] == {"by": 0, "play": "b6"}  # a crossing, till the next card tells
    table.land_seen((2, "r6"))
    assert table.actions[-4:] == [{"by": 1, "draw": True}, {"by": 1, "pass": True}, {"by": 2, "draw": True},
                                  {"by": 2, "play": "r6"}]
    assert table.round.hand_counts() == [7, 8, 7] and table.game.turn == 0


def test_an_arm_over_the_deck_to_a_villain_pile_that_lays_a_card_it_may_lay_crossed_it():  # R-TURN-2
    table = Table("adventure", tops=ADVENTURE_TOPS)
    table.land_seen((1, "b4"), (2, "b5"), (0, "b6"))
    table.event("drawn", zone="deck", reach=PLACES[1], over="pirates")  # the drawer's own arm: a draw
    table.event("drawn", zone="deck", reach=PLACES[0], over="pirates")  # seat 0's arm crossing
    table.land_seen((1, "b6"))  # seat 1 lays the card it drew
    assert table.actions[-2:] == [{"by": 1, "draw": True}, {"by": 1, "play": "b6"}]


def test_a_slap_entered_by_hand_with_its_last_hand_keeps_it_when_the_loser_draws():  # R-SLAP
    table = Table("adventure", tops=ADVENTURE_TOPS)
    _down_to_six(table, seen=True)
    table.submit({"kind": "action", "action": {"by": 1, "play": "b-slap", "last": 2}})
    table.event("drawn", zone="deck", arrivals=[PLACES[1], PLACES[0], PLACES[2]])  # everyone slaps
    table.event("drawn", zone="deck", reach=PLACES[0], arrivals=[PLACES[0]])  # an arm the table overrules
    assert table.actions[-1] == {"by": 1, "play": "b-slap", "last": 2}
    assert table.round.hand_counts() == [6, 5, 8]


def _down_to_one_for_seat_2(table: Table) -> None:
    """Seven rounds of seats 1, 2, 0 where seat 1 or seat 0 draws and keeps the card in turn: seat 2
    ends with one card, blue 5 on top (laid by seat 0), seat 1 to play, every seat's arm placed."""
    cards = iter(["b4", "b5", "b6", "b7"] * 4)
    for rnd in range(7):
        drawer = 1 if rnd % 2 == 0 else 0
        for seat in (1, 2, 0):
            if seat == drawer:
                table.event("drawn", zone="deck", reach=PLACES[seat])
            else:
                table.land_seen((seat, next(cards)))


def test_went_out_is_not_asked_of_a_seat_whose_twin_another_arm_took_the_alien_for():  # R-WIN-1, R-ADV-4
    table = Table("adventure", tops={"aliens": "alien"})
    _down_to_one_for_seat_2(table)
    assert table.round.hand_counts() == [7, 9, 1] and table.game.state()["top"] == "b5"
    table.land("b5")  # a twin, its arm not seen: seat 2 guessed, with its last card
    assert table.actions[-1] == {"by": 2, "play": "b5"}
    assert table.question("went-out")["seat"] == 2
    # Seat 0's arm takes the alien the interception beat (R-ADV-4): seat 0 laid the twin onto its own card.
    table.event("taken", zone="aliens", card="alien", reach=PLACES[0])
    assert table.actions[-2:] == [{"by": 0, "play": "b5"}, {"by": 0, "play": "b5"}]
    assert table.round.hand_counts()[2] == 1 and table.game.state()["trophies"][0] == ["alien"]
    assert "went-out" not in table.kinds()  # seat 2 still holds its card: nobody went out
    asked = [q for q in table.round.asked.values() if q["kind"] == "went-out"]
    assert [q["resolved"] for q in asked] == ["not-last-card"]


def _stealer_read_again() -> tuple[Table, float]:
    """Seat 1's Stealer read unsure as a Snorer and told a Stealer, everyone's slap, then a Stealer
    read surely where the camera read the Snorer: taken for the top read again (game 399). Returns the
    table and when the Stealer was told."""
    table = Table("adventure", tops=ADVENTURE_TOPS)
    _down_to_six(table, seen=True)
    _land_read(table, 1, "b-snore", 0.51, [("b1", 0.18), ("b7", 0.09)])
    table.answer("which-card", "b-steal")
    start = table.t
    table.event("drawn", zone="deck", card="back", reach=PLACES[0], arrivals=[PLACES[2], PLACES[0]],
                covered=start + 1.1, t=start + 1.7)
    table.event("landed", zone="discard", card="b-steal", confidence=0.99, same=False, reach=PLACES[1],
                covered=start + 1.5, t=start + 2.7)
    return table, start


def test_everyone_slapping_again_after_a_stealer_read_again_tells_its_twin_was_laid():
    # R-STEAL, R-INTERCEPT-1 (simulated game 399): seat 1's Stealer, read unsure as a Snorer, was told
    # a Stealer; everyone slapped the deck. Seat 1's arm then laid the twin, and the camera, reading a
    # Stealer where it had read a Snorer, saw the top read again. Everyone slapping the deck once more,
    # after that card lay, tells it was a card laid: a second Stealer.
    table, start = _stealer_read_again()
    assert [a["play"] for a in table.actions if "play" in a][-2:] == ["b5", "b-steal"]  # read again
    table.event("drawn", zone="deck", card="back", reach=PLACES[2],
                arrivals=[PLACES[1], PLACES[0], PLACES[2]], covered=start + 3.5, t=start + 4.5)
    twin = table.round.moves[-1]
    assert twin.action == {"by": 1, "play": "b-steal", "last": 2} and twin.intercept
    assert [a["play"] for a in table.actions if "play" in a][-3:] == ["b5", "b-steal", "b-steal"]
    table.land_seen((2, "b2"))
    assert table.actions[-1] == {"by": 2, "play": "b2"}


def test_everyone_slapping_during_the_landing_taken_for_a_stealer_read_again_leaves_it_read_again():
    # R-STEAL: the hands that came to the deck before that landing was read are the slap's still.
    table, start = _stealer_read_again()
    table.event("drawn", zone="deck", card="back", reach=PLACES[2],
                arrivals=[PLACES[1], PLACES[0], PLACES[2]], covered=start + 2.2, t=start + 3.0)
    assert [a["play"] for a in table.actions if "play" in a][-2:] == ["b5", "b-steal"]
    assert not table.round.moves[-1].intercept


def test_the_seat_to_moves_arm_passing_the_deck_while_another_is_over_a_villain_pile_draws_nothing():
    # R-TURN-1 (simulated game 393): seat 0's arm, over the pirates it had beaten, lay across the deck;
    # seat 1's arm, whose turn it was, came over the deck on its way to lay its card. No draw: seat 1
    # held one card too many after it, and its last card later went unseen (R-ADV-7).
    table = Table("adventure", tops=ADVENTURE_TOPS)
    table.land_seen((1, "b3"), (2, "b4"), (0, "b6"))  # seat 1 to move
    table.event("drawn", zone="deck", card="back", reach=PLACES[0], arrivals=[PLACES[1]], over="pirates")
    assert table.actions[-1] == {"by": 0, "play": "b6"}
    table.land_seen((1, "b2"))
    assert table.actions[-1] == {"by": 1, "play": "b2"}
    assert table.round.hand_counts() == [7, 6, 7]


def test_a_twin_made_of_a_card_read_as_the_misread_top_is_that_card_when_no_alien_was_taken():
    # R-ADV-4, R-ADV-5 (simulated game 550): seat 2's green 6 was read as a 4 and told a 6. Seat 0's
    # green 4, read as a 4 again, was taken for the 6's twin (the watcher saw the card it held laid
    # again), an interception that beats the aliens. No alien was taken: it was the card the camera read.
    table = Table("adventure", tops={**ADVENTURE_TOPS, "ghosts": "ghost-r"})
    _down_to_six(table, seen=True)
    table.land_seen((1, "g5"))
    _land_read(table, 2, "g4", 0.4, [("g6", 0.2)])
    table.answer("which-card", "g6")
    table.event("landed", zone="discard", card="g4", confidence=0.7, same=True, reach=PLACES[0],
                alternatives=[["g3", 0.07], ["g6", 0.06]])
    assert table.actions[-1] == {"by": 0, "play": "g6"} and table.round.moves[-1].intercept  # for now
    table.land_seen((1, "g7"))  # and no alien taken
    assert [a for a in table.actions if "play" in a][-3:] == [
        {"by": 2, "play": "g6"}, {"by": 0, "play": "g4"}, {"by": 1, "play": "g7"}]
    assert table.game.state()["trophies"] == [[], [], []]


def test_a_stealer_read_again_before_a_later_slap_stays_read_again():  # R-SLAP, R-STEAL
    # The hands of a later slap, seen in two reaches, tell nothing of a landing before that slap.
    table, _ = _stealer_read_again()
    table.land_seen((2, "b2"), (0, "b-slap"))
    everyone = [PLACES[1], PLACES[0], PLACES[2]]
    table.event("drawn", zone="deck", card="back", reach=PLACES[1], arrivals=everyone,
                covered=table.t + 0.3, t=table.t + 1.1)
    table.event("drawn", zone="deck", card="back", reach=PLACES[2], arrivals=everyone,
                covered=table.t + 0.3, t=table.t + 0.8)
    assert [a["play"] for a in table.actions if "play" in a][-4:] == ["b5", "b-steal", "b2", "b-slap"]


def test_everyone_slapping_the_deck_once_more_after_a_slap_lays_the_slappers_twin_unseen():
    # R-SLAP, R-INTERCEPT-1, R-ADV-4 (simulated game 419): seat 1's Slapper, everyone's slap, seat 2's
    # two cards; then seat 1 laid the twin exactly on it, unseen, and everyone slapped again. Taken for
    # seat 2's draw, that reach left seat 2 a card over. The alien seat 1 took tells whose twin it was.
    table = Table("adventure", tops=ADVENTURE_TOPS)
    _down_to_six(table, seen=True)
    table.land_from(PLACES[1], "b-slap")
    everyone = [PLACES[1], PLACES[0], PLACES[2]]
    table.event("drawn", zone="deck", card="back", reach=PLACES[1], arrivals=everyone, t=table.t + 1.1)
    table.event("drawn", zone="deck", card="back", reach=PLACES[2], arrivals=[PLACES[2]])  # two cards
    assert table.actions[-1] == {"by": 1, "play": "b-slap", "last": 2}
    table.event("drawn", zone="deck", card="back", reach=PLACES[2], arrivals=everyone, t=table.t + 3.0)
    assert [a["play"] for a in table.actions if "play" in a][-2:] == ["b-slap", "b-slap"]
    assert table.round.moves[-1].intercept and "draw" not in table.actions[-1]
    table.event("taken", zone="aliens", card="alien", under="alien", reach=PLACES[1])
    assert [a for a in table.actions if "play" in a][-1] == {"by": 1, "play": "b-slap", "last": 2}
    assert table.game.state()["trophies"] == [[], ["alien"], []]


def test_everyone_slapping_the_deck_after_a_card_read_unsure_on_a_slapper_makes_it_the_slappers_twin():
    # R-SLAP, R-INTERCEPT-1 (simulated game 480): seat 1's Slapper, everyone's slap, seat 2's two
    # cards; then seat 1 laid the twin, read as a Snorer (0.82, its outline taking in the card below).
    # Everyone slapped the deck again: no Snorer does that, so it was the Slapper's twin.
    table = Table("adventure", tops=ADVENTURE_TOPS)
    _down_to_six(table, seen=True)  # seat 1 to move
    table.land_from(PLACES[1], "b-slap")
    everyone = [PLACES[1], PLACES[0], PLACES[2]]
    table.event("drawn", zone="deck", card="back", reach=PLACES[1], arrivals=everyone, t=table.t + 1.1)
    table.event("drawn", zone="deck", card="back", reach=PLACES[2], arrivals=[PLACES[2]])  # two cards
    _land_read(table, 1, "b-snore", 0.82, [("b-grab", 0.04), ("b7", 0.03)])
    assert table.actions[-1]["play"] == "b-snore"  # for now
    table.event("drawn", zone="deck", card="back", reach=PLACES[2], arrivals=everyone, t=table.t + 2.0)
    twin = table.round.last_play()[1]
    assert twin.action == {"by": 1, "play": "b-slap", "last": 2} and twin.intercept
    assert [a["play"] for a in table.actions if "play" in a][-3:] == ["b5", "b-slap", "b-slap"]
    assert any(line["text_en"] == "The camera read blue Snorer; it was blue Slapper: everyone slapped the "
               "deck after it" for line in table.round.log)


def test_everyone_at_the_deck_before_a_slappers_slap_was_seen_leaves_the_card_after_it_as_read():
    # R-SLAP: while the Slapper's own slap was not seen, every arm at the deck may be that slap, late.
    table = Table("adventure", tops=ADVENTURE_TOPS)
    _down_to_six(table, seen=True)  # seat 1 to move
    table.land_from(PLACES[1], "b-slap")
    table.t += 5.0  # no slap seen
    _land_read(table, 2, "b-snore", 0.82, [("b-grab", 0.04), ("b7", 0.03)])
    everyone = [PLACES[1], PLACES[0], PLACES[2]]
    table.event("drawn", zone="deck", card="back", reach=PLACES[2], arrivals=everyone, t=table.t + 2.0)
    assert [a["play"] for a in table.actions if "play" in a][-2:] == ["b-slap", "b-snore"]
