"""The tablet API: the token, errors that never change the state, SSE, concurrent clients."""

from __future__ import annotations

import http.client
import json
import logging
import threading

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.server import Server, create_app
from companion.table.app import Companion
from companion.table.store import Store

TOKEN = "test-token-0123456789abcdef"
AUTH = {"X-Token": TOKEN}


@pytest.fixture
def companion():
    comp = Companion(Store())
    yield comp
    comp.store.close()


@pytest.fixture
def client(companion):
    app = create_app({"COMPANION": companion, "TOKEN": TOKEN})
    return app.test_client()


def start_game(client, companion, edition="adventure"):
    """A match whose camera saw a play, an interception and a poly: questions are open."""
    response = client.post(
        "/api/matches", json={"edition": edition, "players": ["Аня", "Боря", "Вика"]}, headers=AUTH
    )
    assert response.status_code == 201
    for t, card in enumerate(("b5", "b3", "b3", "poly")):
        companion.feed({"type": "landed", "zone": "discard", "card": card, "t": float(t)})
    view = client.get("/api/state", headers=AUTH).json
    assert {q["kind"] for q in view["questions"]} == {"intercepted-by", "colour"}
    return view


def stable(view: dict) -> dict:
    """The view without what changes by itself (the version, the camera)."""
    return {k: v for k, v in view.items() if k not in ("version", "camera")}


CHANGES = [
    ("post", "/api/matches", {"edition": "junior", "players": ["A", "B"]}),
    ("post", "/api/actions", {"action": {"by": 0, "play": "b5"}}),
    ("post", "/api/answers", {"question": "q1-colour", "value": "r"}),
    ("post", "/api/undo", {}),
    ("post", "/api/fix", {"by": 1}),
    ("post", "/api/rounds", {"winner": 0, "left": [0, 3, 4]}),
    ("put", "/api/zones", {"zones": {}}),
    ("post", "/api/zones/auto", {}),
    ("post", "/api/count", {}),  # changes nothing, but looks at the table through the camera
]
READS = [
    "/api/state",
    "/api/events",
    "/api/matches",
    "/api/matches/1",
    "/api/export/round",
    "/api/export/score",
    "/api/camera/snapshot.jpg",
    "/api/zones",
]


def test_requests_without_the_token_are_refused(client, companion):
    before = stable(start_game(client, companion))
    for method, path, body in CHANGES:
        for headers in ({}, {"X-Token": "wrong"}, {"X-Token": TOKEN[:-1]}):
            response = getattr(client, method)(path, json=body, headers=headers)
            assert response.status_code == 401, path
            assert response.json["error"]["code"] == "unauthorized"
        # a change never takes the token from the query string (it would end up in logs and history)
        assert getattr(client, method)(f"{path}?token={TOKEN}", json=body).status_code == 401
    for path in READS:
        assert client.get(path).status_code == 401, path
    assert client.get(f"/api/state?token={TOKEN}").status_code == 200
    assert stable(client.get("/api/state", headers=AUTH).json) == before


def test_public_scoreboard_reads_without_the_token(companion):
    client = create_app({"COMPANION": companion, "TOKEN": TOKEN, "PUBLIC_SCOREBOARD": True}).test_client()
    start_game(client, companion)
    assert client.get("/api/state").status_code == 200
    assert client.get("/api/matches").status_code == 200
    assert client.get("/api/matches/1").status_code == 200
    assert client.post("/api/undo", json={}).status_code == 401
    assert client.get("/api/export/round").status_code == 401


def test_the_token_never_reaches_a_log(companion, caplog, tmp_path):
    caplog.set_level(logging.DEBUG)
    client = create_app({"COMPANION": companion, "TOKEN": TOKEN}).test_client()
    start_game(client, companion)
    client.get(f"/api/state?token={TOKEN}")
    client.get(f"/api/nowhere?token={TOKEN}")
    client.post("/api/actions", data="{not json", headers=AUTH)
    client.post("/api/actions", json={"action": {"by": 0, "play": "y7"}}, headers=AUTH)
    client.get(f"/api/export/round?n=x&token={TOKEN}")
    client.get("/api/camera/snapshot.jpg", headers=AUTH)
    companion.feed({"type": "landed", "card": "nonsense", "t": 1.0})  # a dropped event is logged
    assert caplog.records  # something was logged, and none of it holds the token
    assert TOKEN not in caplog.text
    assert TOKEN.encode() not in open(companion.store.path, "rb").read()


def test_errors_are_json_with_a_message(client, companion):
    start_game(client, companion)
    cases = [
        ("post", "/api/actions", {"action": {"by": 7, "play": "b3"}}, 400),
        ("post", "/api/actions", {"action": {"by": 1, "play": "y7"}}, 422),  # not the turn of seat 1
        ("post", "/api/actions", {"action": "b3"}, 400),
        ("post", "/api/answers", {"question": "q999-colour", "value": "r"}, 409),
        ("post", "/api/answers", {"question": "q3-colour", "value": "purple"}, 400),
        ("post", "/api/answers", {"question": "q2-intercepted-by", "value": 9}, 400),
        ("post", "/api/fix", {"by": 12}, 400),
        ("post", "/api/rounds", {"winner": 0, "left": [0, 1, 2]}, 409),
        ("post", "/api/matches", {"edition": "poker", "players": ["A", "B"]}, 400),
        ("post", "/api/matches", {"edition": "junior", "players": ["A"]}, 400),
        ("get", "/api/matches/99", None, 404),
        ("get", "/api/export/round?n=7", None, 404),
        ("get", "/api/camera/snapshot.jpg", None, 404),
        ("post", "/api/count", {}, 404),
        ("delete", "/api/state", None, 405),
    ]
    for method, path, body, status in cases:
        response = getattr(client, method)(path, json=body, headers=AUTH)
        assert response.status_code == status, (path, body, response.json)
        assert response.json["error"]["message"], path
    too_big = client.post(
        "/api/actions", data=b"x" * 70000, headers={**AUTH, "Content-Type": "application/json"}
    )
    assert too_big.status_code == 413 and too_big.json["error"]["code"] == "too-large"


def test_a_round_exports_a_record_that_replays(client, companion):
    from companion.record import load, replay

    view = start_game(client, companion)
    record = client.get("/api/export/round", headers=AUTH)
    assert "attachment" in record.headers["Content-Disposition"]
    game, error = replay(load(record.data.decode()))
    assert error is None
    assert game.state()["top"] == view["game"]["top"] == "poly"
    assert game.state()["colour"] == view["game"]["colour"]


def test_matches_are_browsable_after_a_new_one(client, companion):
    start_game(client, companion)
    client.post("/api/matches", json={"edition": "svintus2", "players": ["A", "B"]}, headers=AUTH)
    matches = client.get("/api/matches", headers=AUTH).json["matches"]
    assert [m["status"] for m in matches] == ["playing", "abandoned"]
    old = client.get(f"/api/matches/{matches[1]['id']}", headers=AUTH).json
    assert old["match"]["edition"] == "adventure"
    record = client.get(f"/api/export/round?match={matches[1]['id']}", headers=AUTH).json
    assert record["actions"][-1]["play"] == "poly"


JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**12), 10**12)
    | st.floats(allow_nan=False)
    | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4),
    max_leaves=12,
)
SEATS = st.integers(-3, 12) | st.text(max_size=3) | st.none() | st.booleans()
CARDS = st.sampled_from(["b3", "poly", "r-grab", "y9", "", "pirate-small", "ghost-r", "x", "B3"]) | st.text(
    max_size=8
)
BODIES = st.one_of(
    JSON,
    st.fixed_dictionaries({"action": st.fixed_dictionaries({"by": SEATS, "play": CARDS})}),
    st.fixed_dictionaries(
        {
            "action": st.dictionaries(
                st.sampled_from(
                    [
                        "by",
                        "play",
                        "draw",
                        "pass",
                        "accept",
                        "catch",
                        "wrong",
                        "penalty",
                        "cards",
                        "colour",
                        "last",
                        "start",
                        "villain",
                        "card",
                        "shake",
                        "take",
                    ]
                ),
                JSON | SEATS | CARDS,
                max_size=4,
            )
        }
    ),
    st.fixed_dictionaries({"question": st.text(max_size=12) | JSON, "value": JSON | SEATS}),
    st.fixed_dictionaries({"index": SEATS, "by": SEATS, "card": CARDS}),
    st.fixed_dictionaries({"winner": SEATS, "left": st.lists(SEATS, max_size=5) | JSON}),
    st.fixed_dictionaries(
        {
            "edition": st.sampled_from(["junior", "adventure", "x"]) | JSON,
            "players": st.lists(st.text(max_size=50), max_size=12) | JSON,
            "dealer": SEATS,
            "target": SEATS,
            "rules": JSON,
        }
    ),
    st.text(max_size=200).map(lambda s: s.encode()),
    st.binary(max_size=200),
)
PATHS = st.sampled_from(
    [
        "/api/actions",
        "/api/answers",
        "/api/fix",
        "/api/rounds",
        "/api/matches",
        "/api/undo",
        "/api/zones",
        "/api/zones/auto",
    ]
)


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(path=PATHS, body=BODIES)
def test_fuzzed_requests_get_a_4xx_and_change_nothing(client, companion, path, body):
    if client.get("/api/state", headers=AUTH).json["match"] is None:
        start_game(client, companion)
    before = stable(client.get("/api/state", headers=AUTH).json)
    method = client.put if path == "/api/zones" else client.post
    if isinstance(body, bytes):
        response = method(path, data=body, headers={**AUTH, "Content-Type": "application/json"})
    else:
        response = method(path, json=body, headers=AUTH)
    assert response.status_code < 500, response.json
    if response.status_code >= 400:
        assert response.json["error"]["code"] and response.json["error"]["message"]
        assert stable(client.get("/api/state", headers=AUTH).json) == before
    else:  # a valid request by chance: an undo; put the match back as it was
        start_game(client, companion)


@pytest.fixture
def served(companion):
    app = create_app({"COMPANION": companion, "TOKEN": TOKEN, "HEARTBEAT_S": 1.0})
    server = Server(app, host="127.0.0.1", port=0, tablets=24)
    server.start()
    yield server
    server.stop()


def request(server, method, path, body=None):
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    payload = None if body is None else json.dumps(body)
    connection.request(method, path, body=payload, headers={**AUTH, "Content-Type": "application/json"})
    response = connection.getresponse()
    data = json.loads(response.read() or b"null")
    connection.close()
    return response.status, data


def test_clients_posting_at_once_are_all_applied_in_order(served, companion):
    companion.start_match("junior", ["А", "Б", "В"])
    companion.manual({"start": "b5"})
    clients = 12
    barrier = threading.Barrier(clients)
    results: list = [None] * clients

    def post(k):
        barrier.wait()
        results[k] = request(served, "POST", "/api/actions", {"action": {"penalty": k % 3, "cards": k + 1}})

    threads = [threading.Thread(target=post, args=(k,)) for k in range(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert all(status == 200 for status, _ in results)
    versions = [view["version"] for _, view in results]
    assert len(set(versions)) == clients  # each answer is the state right after its own change
    applied = [m.action for m in companion.match.round.moves]
    assert sorted(a["cards"] for a in applied) == list(range(1, clients + 1))
    by_version = [view["game"]["actions"] for _, view in sorted(results, key=lambda r: r[1]["version"])]
    assert by_version == list(range(1, clients + 1))  # the order of the answers is the order applied
    stored = [e["action"] for e in companion.store.entries(companion.match.match_id) if e["kind"] == "action"]
    assert stored[1:] == applied  # the log holds them in the same order


def read_event(stream) -> tuple[str, dict]:
    """The next SSE event (skipping comments): (name, data)."""
    name, data = None, None
    while True:
        line = stream.readline().decode().rstrip("\n")
        if line.startswith("event: "):
            name = line[7:]
        elif line.startswith("data: "):
            data = json.loads(line[6:])
        elif line == "" and name is not None:
            return name, data


def test_events_stream_pushes_every_change(served, companion):
    companion.start_match("junior", ["А", "Б", "В"])
    connection = http.client.HTTPConnection("127.0.0.1", served.port, timeout=10)
    connection.request("GET", f"/api/events?token={TOKEN}")
    response = connection.getresponse()
    assert response.status == 200 and response.getheader("Content-Type").startswith("text/event-stream")
    name, first = read_event(response)
    assert name == "state" and first["match"]["edition"] == "junior"
    for action in ({"start": "b5"}, {"by": 1, "play": "b3"}):
        status, view = request(served, "POST", "/api/actions", {"action": action})
        assert status == 200
        name, pushed = read_event(response)
        assert name == "state" and pushed["version"] == view["version"]
    assert pushed["game"]["top"] == "b3"
    connection.close()


def test_a_round_end_scores_the_match_and_exports_a_score_record(client, companion):  # R-TOUR-1
    from companion.record import score

    client.post("/api/matches", json={"edition": "junior", "players": ["А", "Б"], "target": 10}, headers=AUTH)
    for t, card in enumerate(["b5"] + [f"b{v % 8}" for v in range(15)]):  # seat 1 plays its 8th card last
        companion.feed({"type": "landed", "zone": "discard", "card": card, "t": float(t)})
    view = client.get("/api/state", headers=AUTH).json
    assert view["match"]["status"] == "round-over"
    assert {"went-out", "round-end"} <= {q["kind"] for q in view["questions"]}
    assert client.post("/api/rounds", json={"winner": 1, "left": [0, 3]}, headers=AUTH).status_code == 400
    view = client.post("/api/rounds", json={"winner": 1, "left": [4, 0]}, headers=AUTH).json
    assert view["score"]["totals"] == [0, 4] and view["round"] == {
        "number": 2,
        "dealer": 1,
        "status": "waiting-start",
    }
    record = client.get("/api/export/score", headers=AUTH).json
    assert score(record)["totals"] == [0, 4]
    round_one = client.get("/api/export/round?n=1", headers=AUTH).json
    assert len(round_one["actions"]) == 15


@pytest.mark.parametrize(
    "event",
    [
        {"type": "taken", "zone": "pirates", "card": "poly", "under": None},
        {"type": "taken", "zone": "ghosts", "card": "ghost-b", "under": "b0"},
        {"type": "moved", "zone": "aliens", "card": "alien", "to": "aliens", "under": "r-grab"},
        {"type": "landed", "zone": "discard", "card": "pirate-big"},
        {"type": "drawn", "zone": "deck", "reach": 1.5},
        {"type": "drawn", "zone": "deck", "arrivals": [0.2, 1.5]},
        {"type": "drawn", "zone": "deck", "arrivals": "left"},
        {"type": "drawn", "zone": "deck", "arrivals": [0.1] * 17},
        {"type": "reread", "zone": "discard", "card": "b3"},
        {"type": "reread", "zone": "discard", "card": "alien", "was": "b5"},
    ],
)
def test_a_misread_camera_event_is_dropped_and_the_game_kept(companion, event):  # R-ADV-5
    companion.start_match("adventure", ["Аня", "Боря", "Вика"])
    companion.manual({"start": "b5"})
    before = stable(companion.view())
    assert companion.feed({**event, "t": 1.0}) is None  # dropped, never raised into the camera thread
    assert stable(companion.view()) == before


def test_a_camera_reread_reads_the_landing_again(companion):  # R-TURN-1
    companion.start_match("adventure", ["Аня", "Боря", "Вика"])
    companion.manual({"start": "b5"})
    companion.feed({"type": "landed", "zone": "discard", "card": "b7", "confidence": 0.55, "t": 1.0})
    assert companion.table_log()["plays"][-1]["card"] == "b7"
    assert companion.feed({"type": "reread", "zone": "discard", "card": "b1", "was": "b7", "t": 2.0})
    assert companion.table_log()["plays"][-1]["card"] == "b1"


def test_count_reads_the_cards_spread_in_the_latest_frame(client, companion):
    from companion.vision.pipeline import Pipeline
    from companion.vision.sources import Frame
    from tests.drawing import FixedClassifier, spread_scene

    response = client.post("/api/count", json={}, headers=AUTH)
    assert response.status_code == 404 and response.json["error"]["code"] == "no-camera"
    assert "camera" in response.json["error"]["message"]
    image, zones = spread_scene(3, 5)
    companion.attach_source([], zones=zones, pipeline=Pipeline(zones, FixedClassifier("r7", 0.9)))
    for t in range(5):
        companion.process_frame(Frame(float(t), image))
    before = client.get("/api/state", headers=AUTH).json
    response = client.post("/api/count", json={}, headers=AUTH)
    assert response.status_code == 200, response.json
    assert response.json["count"] == 5 and response.json["cards"] == ["r7"] * 5
    assert len(response.json["quads"]) == 5 and all(len(quad) == 4 for quad in response.json["quads"])
    assert client.get("/api/state", headers=AUTH).json["version"] == before["version"]  # nothing changed
    assert client.post("/api/count", json={}, headers={"X-Token": "wrong"}).status_code == 401
    assert client.post("/api/count", json=[1], headers=AUTH).status_code == 400
