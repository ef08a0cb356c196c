"""The tablet page against the real server: start, pairing, questions, undo, reload, reconnect, score."""

from __future__ import annotations

from tests.browser.conftest import SIZES, TOKEN, shoot


def wait_version(page, companion):
    """Until the page shows the companion's current view."""
    version = companion.view()["version"]
    page.wait_for_function(f"Number(document.body.dataset.version) >= {version}")


def test_start_flow_creates_the_match(live, page):
    page.goto(live.url)
    page.wait_for_selector(".start")  # no match yet: the start screen
    page.click("[data-edition=svintus2]")
    names = page.locator("input.name")
    names.nth(0).fill("Маша")
    page.click("#add-player")
    page.locator("input.name").nth(3).fill("Гоша")
    # Drag Гоша by the handle from the last row to the top.
    handle = page.locator(".player .handle").nth(3).bounding_box()
    first = page.locator(".player").nth(0).bounding_box()
    page.mouse.move(handle["x"] + 20, handle["y"] + 20)
    page.mouse.down()
    page.mouse.move(handle["x"] + 20, first["y"] + 5, steps=8)
    page.mouse.up()
    order = [page.locator("input.name").nth(i).input_value() for i in range(4)]
    assert order == ["Гоша", "Маша", "Боря", "Вика"]
    page.click("[data-dealer='2']")
    page.check("[data-rule=dawdle]")
    page.fill("#target", "50")
    shoot(page, "start")
    page.click("#start-go")
    page.wait_for_selector(".waiting")  # the table waits for the starting card
    match = live.companion.view()["match"]
    assert match["edition"] == "svintus2"
    assert match["players"] == ["Гоша", "Маша", "Боря", "Вика"]
    assert match["dealer"] == 2
    assert match["rules"]["dawdle"] is True
    assert match["target"] == 50


def test_start_refuses_an_unnamed_player(live, page):
    page.goto(live.url)
    page.wait_for_selector(".start")
    page.locator("input.name").nth(1).fill("  ")
    page.click("#start-go")
    assert page.locator("#start-error").is_visible()
    assert live.companion.view()["match"] is None


def test_pairing_asks_for_the_token_and_remembers_it(live, page):
    page.goto(f"http://127.0.0.1:{live.port}/")
    page.wait_for_selector("#pair-form")
    page.fill("#pair-token", "wrong-token")
    page.click("#pair-form button")
    page.wait_for_selector(".pair .error")
    page.fill("#pair-token", TOKEN)
    page.click("#pair-form button")
    page.wait_for_selector(".start")
    page.goto(f"http://127.0.0.1:{live.port}/")  # no token in the address: the page remembers it
    page.wait_for_selector(".start")


def start_junior_round(live, page):
    live.companion.start_match("junior", ["Аня", "Боря", "Вика"], dealer=0)
    live.companion.manual({"start": "b5"})
    page.goto(live.url)
    page.wait_for_selector(".top-card[data-top=b5]")


def hint_text(page) -> str:
    return page.locator(".hint .hint-words").inner_text()


def test_colour_question_tapped_changes_the_hint_and_undo_takes_it_back(live, page):  # R-POLY-1
    start_junior_round(live, page)
    assert page.locator(".seat.turn").get_attribute("data-seat") == "1"  # R-SETUP-2: left of the dealer
    live.companion.feed({"type": "landed", "zone": "discard", "card": "poly", "t": 5.0, "confidence": 0.98})
    page.wait_for_selector(".question[data-kind=colour]")
    before = hint_text(page)
    page.click(".question[data-kind=colour] button.answer:has-text('зелёный')")
    page.wait_for_selector(".question[data-kind=colour]", state="detached")
    page.wait_for_function("document.querySelector('.colour-now').dataset.colour === 'g'")
    after = hint_text(page)
    assert after != before
    assert "зелёную" in after  # R-POLY-2: the next player must play green
    assert live.companion.view()["game"]["colour"] == "g"
    # Undo takes back the answer first (the question is open again), then the play itself.
    page.click("#undo")
    page.wait_for_selector(".question[data-kind=colour]")
    assert live.companion.view()["game"]["colour"] != "g"
    page.click("#undo")
    page.wait_for_selector(".top-card[data-top=b5]")
    assert live.companion.view()["game"]["top"] == "b5"
    assert page.locator(".question").count() == 0


def test_reload_keeps_everything(live, page):
    start_junior_round(live, page)
    live.companion.feed({"type": "landed", "zone": "discard", "card": "b3", "t": 5.0, "confidence": 0.97})
    page.wait_for_selector(".top-card[data-top=b3]")

    def snapshot():
        return {
            "top": page.locator(".top-card").get_attribute("data-top"),
            "turn": page.locator(".seat.turn").get_attribute("data-seat"),
            "hands": [page.locator(f".seat[data-seat='{i}']").get_attribute("data-hand") for i in range(3)],
            "hint": hint_text(page),
            "log": page.locator(".log li").all_inner_texts(),
        }

    seen = snapshot()
    page.reload()
    page.wait_for_selector(".top-card[data-top=b3]")
    assert snapshot() == seen
    assert seen["hands"] == [str(n) for n in live.companion.view()["game"]["hand_counts"]]


def test_the_page_reconnects_after_the_server_restarts(live, page):
    start_junior_round(live, page)
    page.wait_for_selector("body[data-conn=ok]")
    live.restart()
    page.wait_for_selector("body[data-conn=lost]")
    page.wait_for_selector("body[data-conn=ok]", timeout=20000)
    # The restarted companion resumed the match, and its changes reach the page live.
    live.companion.feed({"type": "landed", "zone": "discard", "card": "b2", "t": 9.0, "confidence": 0.97})
    page.wait_for_selector(".top-card[data-top=b2]")
    wait_version(page, live.companion)


def test_scoreboard_after_a_round(live, page):  # R-TOUR-1, R-TOUR-2
    start_junior_round(live, page)
    live.companion.end_round(0, [0, 5, 9], force=True)
    live.companion.manual({"start": "g4"})
    page.click("#tabs a[data-screen=score]")
    page.wait_for_selector(".board tr[data-round='1']")
    cells = page.locator(".board tr[data-round='1'] td").all_inner_texts()
    assert cells[1] == "14"  # Аня scores the 5 + 9 cards left in the others' hands
    totals = [page.locator(f"[data-total='{i}']").inner_text().split()[0] for i in range(3)]
    assert totals == ["14", "0", "0"]
    assert live.companion.view()["score"]["totals"] == [14, 0, 0]
    assert "30" in page.locator(".target-line").inner_text()  # junior, 3 players: to 30
    assert page.locator(".chart polyline").count() == 3


def test_english_is_a_switch_and_stays_after_a_reload(live, page):
    start_junior_round(live, page)
    assert page.locator("#tabs a[data-screen=table]").inner_text() == "Стол"
    page.click("#lang")
    page.wait_for_selector("#tabs a[data-screen=table]:has-text('Table')")
    assert "can play" in page.locator(".hint h3").inner_text().lower()
    page.reload()
    page.wait_for_selector(".top-card[data-top=b5]")
    assert page.locator("#tabs a[data-screen=table]").inner_text() == "Table"


def test_fix_the_last_move_names_the_real_card(live, page):
    start_junior_round(live, page)
    live.companion.feed({"type": "landed", "zone": "discard", "card": "b3", "t": 5.0, "confidence": 0.9})
    page.wait_for_selector(".top-card[data-top=b3]")
    page.click("#fix")
    page.wait_for_selector(".modal .fix-last")
    page.click(".modal [data-colour=g]")
    page.click(".modal [data-card=g5]")  # it was a green 5 (matches the blue 5 by value)
    page.wait_for_selector(".top-card[data-top=g5]")
    assert page.locator(".modal").count() == 0
    assert live.companion.view()["game"]["top"] == "g5"


def test_cards_the_camera_missed_are_told_in_turn(live, page):  # R-TURN-1
    start_junior_round(live, page)  # blue 5 on top, Боря to move
    # Боря's blue 7 and Вика's yellow 7 went unseen; then Аня's yellow 3, which cannot lie on the 5
    live.companion.feed({"type": "landed", "zone": "discard", "card": "y3", "t": 5.0, "confidence": 0.95})
    page.wait_for_selector(".question[data-kind=wrong-or-misread]")
    page.click(".question[data-kind=wrong-or-misread] button.answer-other")
    page.wait_for_selector(".modal.unseen")
    assert page.locator(".modal [data-send]").is_disabled()  # nothing named yet
    assert small_targets(page) == []
    page.click(".modal [data-card=b7]")
    page.click(".modal [data-colour=y]")
    page.click(".modal [data-card=y7]")
    assert page.locator(".modal .unseen-laid .unseen-card").evaluate_all(
        "els => els.map((e) => e.dataset.code)") == ["b7", "y7"]
    page.click(".modal [data-send]")
    page.wait_for_selector(".modal", state="detached")
    page.wait_for_selector(".top-card[data-top=y3]")
    game = live.companion.view()["game"]
    assert game["hand_counts"] == [7, 7, 7] and game["turn"] == 1
    assert page.locator(".question[data-kind=wrong-or-misread]").count() == 0


def test_a_card_missed_before_a_misread_one_is_told_with_the_card_that_landed(live, page):  # R-TURN-1
    start_junior_round(live, page)
    live.companion.feed({"type": "landed", "zone": "discard", "card": "r3", "t": 5.0, "confidence": 0.3})
    page.wait_for_selector(".question[data-kind=wrong-or-misread]")
    page.click(".question[data-kind=wrong-or-misread] button.answer-other")
    page.click(".modal [data-card=b7]")  # Боря's blue 7 went unseen
    page.click(".modal [data-picking=landed]")  # and the red 3 was Вика's yellow 7
    page.click(".modal [data-colour=y]")
    page.click(".modal [data-card=y7]")
    assert page.locator(".modal .unseen-landed .unseen-card").get_attribute("data-code") == "y7"
    page.click(".modal [data-send]")
    page.wait_for_selector(".top-card[data-top=y7]")
    assert live.companion.view()["game"]["turn"] == 0


TAPPABLE = "button, a[href], input:not([type=checkbox]), label.rule, .handle"


def small_targets(page) -> list[str]:
    """Visible things to tap that are smaller than 48 × 48 CSS pixels."""
    return page.evaluate(f"""() => [...document.querySelectorAll({TAPPABLE!r})]
        .filter((el) => el.offsetParent !== null)
        .map((el) => [el, el.getBoundingClientRect()])
        .filter(([el, r]) => r.width < 48 || r.height < 48)
        .map(([el, r]) => `${{el.tagName}}.${{el.className}} ${{r.width | 0}}x${{r.height | 0}}`)
    """)


def test_every_touch_target_is_at_least_48_pixels(live, page):
    page.goto(live.url)
    page.wait_for_selector(".start")
    for size in SIZES.values():
        page.set_viewport_size(size)
        assert small_targets(page) == []
    live.companion.start_match("junior", ["Аня", "Боря", "Вика"], dealer=0)
    page.goto(live.url + "#/table")
    page.wait_for_selector(".waiting")
    assert small_targets(page) == []
    live.companion.manual({"start": "b5"})
    live.companion.feed({"type": "landed", "zone": "discard", "card": "poly", "t": 5.0, "confidence": 0.98})
    page.wait_for_selector(".question")
    for screen in ("table", "score"):
        page.click(f"#tabs a[data-screen={screen}]")
        for size in SIZES.values():
            page.set_viewport_size(size)
            assert small_targets(page) == [], (screen, size)
    page.click("#tabs a[data-screen=table]")
    page.click("#fix")
    assert small_targets(page) == []


def test_players_are_reordered_by_a_finger(live, browser):
    context = browser.new_context(viewport=SIZES["phone"], has_touch=True, is_mobile=True)
    page = context.new_page()
    page.goto(live.url)
    page.wait_for_selector(".start")
    handle = page.locator(".player .handle").nth(0).bounding_box()
    last = page.locator(".player").nth(2).bounding_box()
    x, y = handle["x"] + handle["width"] / 2, handle["y"] + handle["height"] / 2
    cdp = context.new_cdp_session(page)

    def touch(kind, at_y):
        points = [] if kind == "touchEnd" else [{"x": x, "y": at_y}]
        cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    touch("touchStart", y)
    for step in range(1, 9):
        touch("touchMove", y + (last["y"] + last["height"] - 5 - y) * step / 8)
    touch("touchEnd", 0)
    order = [page.locator("input.name").nth(i).input_value() for i in range(3)]
    context.close()
    assert order == ["Боря", "Вика", "Аня"]


def test_a_won_match_shows_the_winner_and_stays_listed(live, page):  # R-TOUR-2
    live.companion.start_match("junior", ["Аня", "Боря", "Вика"], dealer=0, target=10)
    live.companion.manual({"start": "b5"})
    live.companion.end_round(2, [4, 6, 0], force=True)  # Вика scores 10: the target
    assert live.companion.view()["score"]["finished"] is True
    page.goto(live.url + "#/score")
    page.wait_for_selector(".winner-banner[data-winner='2']")
    assert "Вика" in page.locator(".winner-banner").inner_text()
    live.companion.start_match("svintus2", ["Маша", "Петя"], dealer=1)
    page.click("#tabs a[data-screen=table]")
    page.click("#tabs a[data-screen=score]")
    page.wait_for_selector(".matches [data-match]")
    page.click(".matches [data-match]")
    page.wait_for_selector(".winner-banner[data-winner='2']")
    assert page.locator("[data-total='2']").inner_text().split()[0] == "10"


def finish_junior_round(live, page):
    """A junior round between Аня and Боря that Боря won: the page asks who won."""
    live.companion.start_match("junior", ["Аня", "Боря"], target=30)
    for t, card in enumerate(["b5"] + [f"b{v % 8}" for v in range(15)]):  # Боря plays his 8th card last
        live.companion.feed({"type": "landed", "zone": "discard", "card": card, "t": float(t)})
    page.goto(live.url)
    page.wait_for_selector(".question[data-kind=round-end]")
    page.click(".question[data-kind=round-end] button.answer:has-text('Боря')")
    page.wait_for_selector(".modal.round-end")


def test_round_end_dialog_posts_the_typed_counts_and_the_score_shows_them(live, page):  # R-TOUR-1
    finish_junior_round(live, page)
    # Proposed from the tracker: Аня holds 1, the winner 0.
    assert page.input_value("#end-left-0") == str(live.companion.view()["game"]["hand_counts"][0])
    assert page.input_value("#end-left-1") == "0"
    # No camera: the button says so, and the field keeps its number.
    page.click(".modal [data-count='0']")
    page.wait_for_selector(".modal .end-error:has-text('Камеры нет')")
    assert page.input_value("#end-left-0") == "1"
    shoot(page, "round-end")
    page.fill("#end-left-0", "6")
    page.click("#end-confirm")
    page.wait_for_selector(".modal.round-end", state="detached")
    assert live.companion.view()["score"]["totals"] == [0, 6]  # Боря scores Аня's 6 cards
    page.click("#tabs a[data-screen=score]")
    page.wait_for_selector(".board tr[data-round='1']")
    assert page.locator("[data-total='1']").inner_text().split()[0] == "6"


def test_round_end_dialog_refuses_bad_counts_and_posts_nothing(live, page):
    finish_junior_round(live, page)
    before = live.companion.view()["version"]
    whole = "целое число"
    for value, message in (("", whole), ("-3", whole), ("2.5", whole), ("999", "больше")):
        page.fill("#end-left-0", value)
        page.click("#end-confirm")
        page.wait_for_selector(f".modal .end-error:has-text('{message}')")
        assert page.get_attribute("#end-left-0", "aria-invalid") == "true"
    page.fill("#end-left-0", "4")
    page.fill("#end-left-1", "2")  # the winner of a junior round holds nothing
    page.click("#end-confirm")
    page.wait_for_selector(".modal .end-error:has-text('у победителя 0 карт')")
    page.wait_for_timeout(300)
    assert live.companion.view()["version"] == before  # nothing was posted
    assert live.companion.view()["round"]["number"] == 1
    page.click(".modal [data-close]")
    page.wait_for_selector(".modal.round-end", state="detached")
    assert page.locator(".question[data-kind=round-end]").count() == 1  # still asked
