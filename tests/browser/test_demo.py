"""The demo drives the real page: bots on the simulated table, through vision, tracker and server."""

from __future__ import annotations

import threading
import time

import pytest

from tests.browser.conftest import shoot

CHECKS = 5


@pytest.fixture
def demo(live):
    from companion.commands.demo import DemoTable
    from companion.vision.classify import Classifier

    table = DemoTable(live.companion, Classifier(edition="adventure"), edition="adventure", players=3,
                      seed=11, speed=20.0, answer_delay=0.3, sim_options={"max_actions": 40})
    thread = threading.Thread(target=table.run, kwargs={"poll_s": 0.1}, daemon=True)
    thread.start()
    yield table
    table.stop()
    thread.join(timeout=10)


def settle(companion, quiet_s: float = 0.6, limit_s: float = 10.0) -> dict:
    """The companion's view once it has not changed for ``quiet_s`` seconds."""
    deadline = time.monotonic() + limit_s
    view = companion.view()
    while time.monotonic() < deadline:
        time.sleep(quiet_s)
        again = companion.view()
        if again["version"] == view["version"]:
            return again
        view = again
    raise AssertionError("the companion did not settle")


def page_table(page) -> dict:
    seats = page.locator(".seat")
    return {
        "trophies": [sorted(filter(None, (seats.nth(i).get_attribute("data-trophies") or "").split(" ")))
                     for i in range(seats.count())],
        "hands": [int(seats.nth(i).get_attribute("data-hand")) for i in range(seats.count())],
        "tops": {p: page.locator(f".pile[data-pile={p}]").get_attribute("data-top") or None
                 for p in ("pirates", "ghosts", "aliens")},
        "top": page.locator(".top-card").get_attribute("data-top"),
    }


def test_demo_adventure_page_equals_the_engine(live, demo, page):  # R-ADV-5
    page.goto(live.url)
    page.wait_for_selector(".table-screen.ed-adventure .top-card")
    checked = 0
    trophies_seen = 0
    deadline = time.monotonic() + 60
    last_actions = -1
    while checked < CHECKS and time.monotonic() < deadline:
        time.sleep(1.0)
        demo.gate.clear()  # the table holds still while the page is compared with the engine
        try:
            view = settle(live.companion)
            game = view["game"]
            if game is None or game["actions"] == last_actions:
                continue
            last_actions = game["actions"]
            page.wait_for_function(f"Number(document.body.dataset.version) >= {view['version']}")
            shown = page_table(page)
            assert shown["trophies"] == [sorted(t) for t in game["trophies"]]
            assert shown["hands"] == game["hand_counts"]
            assert shown["tops"] == {p: game["villain_tops"][p] for p in shown["tops"]}
            assert shown["top"] == game["top"]
            trophies_seen = max(trophies_seen, sum(game["trophy_counts"]))
            checked += 1
        finally:
            demo.gate.set()
    assert checked == CHECKS, f"only {checked} steps of the game could be checked"
    demo.gate.clear()  # from here on the table holds still
    view = settle(live.companion)
    page.wait_for_function(f"Number(document.body.dataset.version) >= {view['version']}")
    shoot(page, "table")
    page.click("#tabs a[data-screen=camera]")
    page.wait_for_selector(".readings li")
    # The camera screen is shown when no arm hides a pile: every pile reads a card.
    demo.gate.set()
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and sum(
            bool(r and r.get("card")) for r in live.companion.view()["camera"]["readings"].values()) < 5:
        time.sleep(0.05)
    demo.gate.clear()
    page.wait_for_timeout(1500)  # the next snapshot
    shoot(page, "camera")
    # The round ends (the table confirms it): the page's scoreboard equals the engine's score.
    view = settle(live.companion)
    trophies = view["game"]["trophy_counts"]
    winner = trophies.index(max(trophies))
    live.companion.end_round(winner, view["game"]["hand_counts"], force=True)
    score = live.companion.view()["score"]
    page.click("#tabs a[data-screen=score]")
    page.wait_for_selector(".board tr[data-round='1']")
    totals = [int(page.locator(f"[data-total='{i}']").inner_text().split()[0]) for i in range(3)]
    assert totals == score["totals"]
    assert totals[winner] == 1  # in the adventure the totals count rounds won
    cells = page.locator(".board tr[data-round='1'] td").all_inner_texts()
    assert cells[1 + winner] == "★"
    shoot(page, "score")
    # Calibration: a zone's corner dragged on the camera picture is saved where it was dropped.
    page.click("#tabs a[data-screen=camera]")
    corner = page.locator("circle.corner[data-zone=discard][data-k='0']")
    corner.wait_for()
    before = live.companion.zones_json()["zones"]["discard"][0]
    box = corner.bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x - 30, y - 20, steps=5)
    page.mouse.up()
    page.click("#cam-save")
    page.wait_for_selector(".toast:not([hidden])")
    after = live.companion.zones_json()["zones"]["discard"][0]
    assert after[0] < before[0] - 10 and after[1] < before[1] - 5
