"""Serving the app with waitress, in a thread that can be stopped (tests, benchmarks, `companion run`)."""

from __future__ import annotations

import threading

# Threads for ordinary requests on top of one per tablet's event stream (each holds a thread).
REQUEST_THREADS = 8


class Server:
    """waitress around a WSGI app. ``tablets``: event streams served at once besides the requests."""

    def __init__(self, app, *, host: str = "127.0.0.1", port: int = 8000, tablets: int = 24):
        from waitress.server import create_server

        self.app = app
        self.threads = tablets + REQUEST_THREADS
        self._server = create_server(
            app,
            host=host,
            port=port,
            threads=self.threads,
            connection_limit=max(100, 2 * self.threads),
            channel_timeout=60,
            ident="svintus-companion",
        )
        self.host = host
        self.port = self._server.effective_port
        self._thread: threading.Thread | None = None

    @property
    def url(self) -> str:
        host = "127.0.0.1" if self.host in ("0.0.0.0", "") else self.host
        return f"http://{host}:{self.port}"

    def run(self) -> None:
        """Serve in the calling thread until ``stop``."""
        try:
            self._server.run()
        except OSError:  # the listening socket was closed by stop()
            pass

    def start(self) -> None:
        self._thread = threading.Thread(target=self.run, name="companion-server", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        import time

        from waitress import wasyncore

        companion = self.app.config.get("COMPANION")
        if companion is not None:  # end the event streams first, while the server can still say so
            companion.close_streams()
            deadline = time.monotonic() + 2.0
            while companion.subscriber_count and time.monotonic() < deadline:
                time.sleep(0.02)

        self._server.task_dispatcher.shutdown()  # lets the requests in progress finish
        self._server.close()
        wasyncore.close_all(self._server._map)
        if self._thread is not None:
            self._thread.join(timeout=5)
