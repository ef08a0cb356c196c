"""The tablet page: the static files of ``web/`` (the page reads its token from its own URL)."""

from __future__ import annotations

from pathlib import Path

from flask import Blueprint, current_app, send_from_directory

from companion.server.app import error

web = Blueprint("web", __name__)


def _send(name: str):
    root = Path(current_app.config["WEB_DIR"])
    if not (root / name).is_file():
        if name == "index.html":
            return error("not-found", f"the tablet page is not installed ({root / name} is missing)", 404)
        return error("not-found", f"no such file: {name}", 404)
    response = send_from_directory(root, name, max_age=0)
    response.headers["Cache-Control"] = "no-cache"
    return response


@web.get("/")
def index():
    return _send("index.html")


@web.get("/<path:name>")
def static_file(name: str):
    return _send(name)
