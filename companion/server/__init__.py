"""The tablet server: a Flask application factory, the JSON API, server-sent events (docs/API.md).

    app = create_app({"COMPANION": companion, "TOKEN": token, "PUBLIC_SCOREBOARD": False})
    server = Server(app, host="0.0.0.0", port=8000, tablets=24)   # waitress, in a thread
    server.start(); ...; server.stop()

No globals: the companion, the token and the options live in ``app.config``.
"""

from __future__ import annotations

from companion.server.app import create_app
from companion.server.serve import Server

__all__ = ["Server", "create_app"]
