"""The JSON API (docs/API.md): the view, changes, matches, exports, the camera and its zones."""

from __future__ import annotations

import json
import queue

from flask import Blueprint, Response, current_app, request

from companion.cards import EDITIONS, PILES
from companion.server.app import error, public_read, token_ok
from companion.table.app import Companion
from companion.table.tracker import MatchTracker, TableError

api = Blueprint("api", __name__)


def companion() -> Companion:
    return current_app.config["COMPANION"]


@api.before_request
def check_token():
    if not (token_ok() or public_read()):
        return error(
            "unauthorized",
            "this request needs the companion's token (the URL printed by `companion run`, or its QR code)",
            401,
        )
    return None


def body() -> dict:
    data = request.get_json(silent=True, force=True) if request.data else {}
    if not isinstance(data, dict):
        raise TableError("bad-request", "the body must be a JSON object")
    return data


def json_response(data, status: int = 200, **headers) -> Response:
    payload = json.dumps(data, ensure_ascii=False).encode()
    return Response(payload, status=status, mimetype="application/json", headers=headers)


def seat_or_none(data: dict, key: str, n: int | None):
    value = data.get(key)
    if value is None:
        return None
    if type(value) is not int or (n is not None and not 0 <= value < n):
        raise TableError(
            "bad-request", f"'{key}' must be a seat number" + (f" from 0 to {n - 1}" if n else "")
        )
    return value


def players() -> int | None:
    match = companion().match
    return match.config.n if match else None


# ---------------------------------------------------------------------- the state and its stream


@api.get("/state")
def state():
    return Response(companion().view_json(), mimetype="application/json")


@api.get("/events")
def events():
    comp = companion()
    heartbeat = float(current_app.config["HEARTBEAT_S"])
    subscriber = comp.subscribe()

    def stream():
        try:
            while True:
                try:
                    message = subscriber.get(timeout=heartbeat)
                except queue.Empty:
                    message = b": heartbeat\n\n"
                if message is None:  # the server is shutting down
                    return
                yield message
        finally:
            comp.unsubscribe(subscriber)

    return Response(
        stream(),
        mimetype="text/event-stream",
        headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"},
    )


# ---------------------------------------------------------------------- changes


@api.post("/matches")
def new_match():
    data = body()
    unknown = set(data) - {"edition", "players", "dealer", "rules", "target"}
    if unknown:
        raise TableError("bad-request", f"unknown key(s) {sorted(unknown)}")
    view = companion().start_match(
        data.get("edition"), data.get("players"), data.get("dealer", 0), data.get("rules"), data.get("target")
    )
    return json_response(view, 201)


@api.post("/actions")
def action():
    data = body()
    act = data.get("action")
    if not isinstance(act, dict) or not act:
        raise TableError("bad-request", "'action' must be an action object (GAME-RECORD.md)")
    match = companion().match
    if match is None:
        raise TableError("no-match", "no match in progress: start one first", 409)
    edition = EDITIONS[match.config.edition]
    if "start" in act:
        if set(act) != {"start"} or act["start"] not in edition.playable_codes:
            raise TableError("bad-request", "'start' must be a card of the edition, alone")
    elif "villain" in act and "play" not in act:
        if (
            set(act) != {"villain", "card"}
            or act["villain"] not in PILES
            or act["card"] not in edition.villain_codes
        ):
            raise TableError("bad-request", 'a villain top is {"villain": PILE, "card": VILLAIN}')
    elif len(json.dumps(act)) > 2000:
        raise TableError("bad-request", "the action is too long")
    return json_response(companion().manual(act))


@api.post("/answers")
def answer():
    data = body()
    question = data.get("question")
    if not isinstance(question, str) or len(question) > 64:
        raise TableError("bad-request", "'question' must be a question id")
    if "value" not in data:
        raise TableError("bad-request", "'value' is missing")
    value = data["value"]
    if not (value is None or isinstance(value, bool | int | str)) or (
        isinstance(value, str) and len(value) > 64
    ):
        raise TableError("bad-request", "'value' must be one of the question's option values")
    return json_response(companion().answer(question, value))


@api.post("/undo")
def undo():
    body()
    return json_response(companion().undo())


@api.post("/fix")
def fix():
    data = body()
    n = players()
    by = seat_or_none(data, "by", n)
    card = data.get("card")
    index = data.get("index")
    if index is not None and (type(index) is not int or index < 0):
        raise TableError("bad-request", "'index' must be the position of a play in game.actions")
    match = companion().match
    if card is not None and (
        match is None
        or not isinstance(card, str)
        or card not in EDITIONS[match.config.edition].playable_codes
    ):
        raise TableError("bad-request", "'card' must be a card of the edition")
    if by is None and card is None:
        raise TableError("bad-request", "a fix needs 'by' (who played it) or 'card' (what it was)")
    return json_response(companion().fix(index, by, card))


@api.post("/rounds")
def rounds():
    data = body()
    n = players()
    winner = seat_or_none(data, "winner", n)
    if winner is None:
        raise TableError("bad-request", "'winner' is missing")
    force = data.get("force", False)
    if not isinstance(force, bool):
        raise TableError("bad-request", "'force' must be true or false")
    return json_response(companion().end_round(winner, data.get("left"), force=force))


# ---------------------------------------------------------------------- matches and exports


def load_match(match_id: int | None) -> MatchTracker:
    comp = companion()
    if match_id is None:
        if comp.match is None:
            raise TableError("no-match", "no match in progress", 409)
        return comp.match
    row = comp.store.match(match_id)  # the match in progress is stored too: load_match returns it
    if row is None:
        raise TableError("not-found", f"no match {match_id}", 404)
    return comp.load_match(row["id"], row["config"])


def int_arg(name: str) -> int | None:
    raw = request.args.get(name)
    if raw is None:
        return None
    if not raw.isdigit() or len(raw) > 9:
        raise TableError("bad-request", f"'{name}' must be a number")
    return int(raw)


@api.get("/matches")
def matches():
    rows = companion().store.matches()
    out = []
    for row in rows:
        out.append(
            {
                "id": row["id"],
                "created": row["created"],
                "edition": row["config"]["edition"],
                "players": row["config"]["players"],
                **row["summary"],
            }
        )
    return json_response({"matches": out})


@api.get("/matches/<int:match_id>")
def match(match_id: int):
    tracker = load_match(match_id)
    rounds_ = [{k: r[k] for k in ("number", "dealer", "winner", "winners", "left")} for r in tracker.rounds]
    return json_response({"match": tracker.info(), "score": tracker.score(), "rounds": rounds_})


@api.get("/export/round")
def export_round():
    tracker = load_match(int_arg("match"))
    number = int_arg("n")
    record = tracker.round_record(number)
    name = f"svintus-match{tracker.match_id}-round{number or tracker.round.number}.json"
    return json_response(record, **{"Content-Disposition": f'attachment; filename="{name}"'})


@api.get("/export/score")
def export_score():
    tracker = load_match(int_arg("match"))
    if "adventure" == tracker.config.edition:
        raise TableError("bad-request", "the adventure is not played as a tournament: export its rounds")
    name = f"svintus-match{tracker.match_id}-score.json"
    return json_response(tracker.score_record(), **{"Content-Disposition": f'attachment; filename="{name}"'})


# ---------------------------------------------------------------------- the camera


@api.get("/camera/snapshot.jpg")
def snapshot():
    jpeg = companion().snapshot_jpeg(zones=request.args.get("zones") == "1")
    return Response(jpeg, mimetype="image/jpeg", headers={"Cache-Control": "no-store"})


@api.post("/count")
def count_cards():
    body()
    return json_response(companion().count_cards())


@api.get("/zones")
def get_zones():
    return json_response(companion().zones_json())


@api.put("/zones")
def put_zones():
    data = request.get_json(silent=True, force=True)
    return json_response(companion().set_zones(data, save_to=current_app.config["ZONES_PATH"]))


@api.post("/zones/auto")
def auto_zones():
    body()
    return json_response(companion().auto_zones(save_to=current_app.config["ZONES_PATH"]))
