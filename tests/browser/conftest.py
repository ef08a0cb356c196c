"""The real page in Debian's chromium, against the real server on 127.0.0.1 (free ports).

Playwright drives /usr/bin/chromium (``scripts/install-chromium.sh`` installs it; ``make test``
runs that script); it never downloads a browser.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
TOKEN = "browser-test-token-0123456789"
SCREENSHOTS = Path(__file__).parent / "screenshots"
SIZES = {"tablet": {"width": 1024, "height": 768}, "phone": {"width": 390, "height": 844}}


@pytest.fixture(scope="session")
def browser():
    if not os.access(CHROMIUM, os.X_OK):
        pytest.fail(f"{CHROMIUM} is missing: run 'sh scripts/install-chromium.sh' (as root) first")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


class LiveServer:
    """The companion and its server; ``restart`` stops both and starts fresh ones on the same port
    and the same database, as a crashed and restarted ``companion run`` would."""

    def __init__(self, db_path: Path):
        self.db_path = db_path
        self.port = 0
        self.companion = None
        self.server = None

    def start(self) -> None:
        from companion.server import Server, create_app
        from companion.table.app import Companion
        from companion.table.store import Store

        self.companion = Companion(Store(self.db_path))
        app = create_app({"COMPANION": self.companion, "TOKEN": TOKEN})
        self.server = Server(app, host="127.0.0.1", port=self.port, tablets=4)
        self.port = self.server.port
        self.server.start()

    def stop(self) -> None:
        if self.server is not None:
            self.server.stop()
            self.companion.stop()
            self.companion.store.close()
            self.server = None

    def restart(self) -> None:
        self.stop()
        self.start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/?token={TOKEN}"


@pytest.fixture
def live(tmp_path):
    server = LiveServer(tmp_path / "companion.sqlite")
    server.start()
    yield server
    server.stop()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport=SIZES["tablet"], locale="ru-RU")
    tab = context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda exc: errors.append(str(exc)))
    yield tab
    context.close()
    assert not errors, f"the page raised: {errors}"


def shoot(page, name: str) -> list[Path]:
    """Screenshots of the current screen at tablet and phone size (the README shows them)."""
    SCREENSHOTS.mkdir(exist_ok=True)
    paths = []
    for size, viewport in SIZES.items():
        page.set_viewport_size(viewport)
        page.wait_for_timeout(250)
        if size == "phone":
            # The whole page: a window as tall as the page, so what sticks to the bottom lies at the end.
            height = page.evaluate("document.documentElement.scrollHeight")
            page.set_viewport_size({"width": viewport["width"], "height": max(viewport["height"], height)})
            page.wait_for_timeout(250)
        path = SCREENSHOTS / f"{name}-{size}.png"
        page.screenshot(path=str(path))
        paths.append(path)
    page.set_viewport_size(SIZES["tablet"])
    return paths
