"""The application factory: config in, app out; errors as ``{"error": {"code", "message"}}``."""

from __future__ import annotations

import hmac
import logging

from flask import Flask, current_app, jsonify, request
from werkzeug.exceptions import HTTPException

from companion.paths import WEB_DIR
from companion.rules import IllegalAction
from companion.table.tracker import TableError

DEFAULTS = {
    "TOKEN": None,  # None: no token needed (tests of the plumbing only; `companion run` always sets one)
    "PUBLIC_SCOREBOARD": False,
    "WEB_DIR": WEB_DIR,
    "HEARTBEAT_S": 15.0,
    "MAX_CONTENT_LENGTH": 64 * 1024,
    "ZONES_PATH": None,  # where PUT /api/zones saves the zones (None: not saved)
}
HTTP_CODES = {
    400: "bad-request",
    401: "unauthorized",
    404: "not-found",
    405: "method-not-allowed",
    413: "too-large",
}
# GET paths a public scoreboard serves without the token.
PUBLIC_PATHS = ("/api/state", "/api/events", "/api/matches")

log = logging.getLogger("companion.server")


def error(code: str, message: str, status: int):
    response = jsonify({"error": {"code": code, "message": message}})
    response.status_code = status
    return response


def create_app(config: dict) -> Flask:
    """The server for one companion: ``config["COMPANION"]`` (a ``companion.table.app.Companion``)."""
    app = Flask(__name__, static_folder=None)
    app.config.update(DEFAULTS)
    app.config.update(config)
    if app.config.get("COMPANION") is None:
        raise ValueError("create_app needs config['COMPANION']")
    app.json.ensure_ascii = False
    app.json.sort_keys = False

    from companion.server.api import api
    from companion.server.web import web

    app.register_blueprint(api, url_prefix="/api")
    app.register_blueprint(web)

    @app.errorhandler(TableError)
    def table_error(exc: TableError):
        return error(exc.code, exc.message, exc.status)

    @app.errorhandler(IllegalAction)
    def illegal(exc: IllegalAction):
        if exc.code == "bad-record":  # the action's form is wrong, not the move
            return error("bad-request", exc.message, 400)
        return error(exc.code, exc.message, 422)

    @app.errorhandler(HTTPException)
    def http_error(exc: HTTPException):
        status = exc.code or 500
        code = HTTP_CODES.get(status, "bad-request" if status < 500 else "server-error")
        message = {
            413: f"the request is larger than {app.config['MAX_CONTENT_LENGTH'] // 1024} KiB",
            404: f"no such path: {request.path}",
            405: f"{request.method} is not allowed on {request.path}",
        }.get(status, exc.description or exc.name)
        return error(code, message, status)

    @app.errorhandler(Exception)
    def unexpected(exc: Exception):
        # The path only: the query string may hold the token.
        log.exception("unexpected error on %s %s", request.method, request.path)
        return error("server-error", "the companion failed on this request; the game state is unchanged", 500)

    return app


def token_ok() -> bool:
    expected = current_app.config["TOKEN"]
    if expected is None:
        return True
    given = request.headers.get("X-Token")
    if given is None and request.method in ("GET", "HEAD"):
        given = request.args.get("token")
    return given is not None and hmac.compare_digest(given.encode(), str(expected).encode())


def public_read() -> bool:
    if not current_app.config["PUBLIC_SCOREBOARD"] or request.method not in ("GET", "HEAD"):
        return False
    return any(request.path == p or request.path.startswith(p + "/") for p in PUBLIC_PATHS)
