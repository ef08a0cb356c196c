"""The match store: SQLite in WAL mode, one append-only log of entries per match.

An entry is a JSON object: a camera event, a manual action, an answer, an undo, a fix, a round's end.
The state of a match is the replay of its entries through the tracker; nothing else is the truth.
``matches.summary`` is only a cache (status, score) so that the list of matches needs no replay.
Every ``append`` is committed (and synced, ``synchronous=FULL``) before it returns.
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from pathlib import Path

from companion.paths import data_dir

SCHEMA = """
CREATE TABLE IF NOT EXISTS matches (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    created REAL NOT NULL,
    config TEXT NOT NULL,
    summary TEXT NOT NULL DEFAULT '{}'
);
CREATE TABLE IF NOT EXISTS entries (
    match_id INTEGER NOT NULL REFERENCES matches(id),
    seq INTEGER NOT NULL,
    body TEXT NOT NULL,
    PRIMARY KEY (match_id, seq)
);
"""


def default_path() -> Path:
    return data_dir() / "matches.sqlite3"


class Store:
    """Matches and their logs. Thread-safe: one connection behind a lock."""

    def __init__(self, path: str | Path | None = None):
        self.path = str(path) if path is not None else str(default_path())
        self._lock = threading.Lock()
        self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        if self.path != ":memory:":
            self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")
        self._db.executescript(SCHEMA)

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def create_match(self, config: dict) -> int:
        with self._lock, self._db:
            cursor = self._db.execute(
                "INSERT INTO matches (created, config) VALUES (?, ?)",
                (time.time(), json.dumps(config, ensure_ascii=False)),
            )
            return int(cursor.lastrowid)

    def append(self, match_id: int, entry: dict) -> int:
        """Append one entry to a match's log, committed before returning; returns its number."""
        body = json.dumps(entry, ensure_ascii=False, separators=(",", ":"))
        with self._lock, self._db:
            (last,) = self._db.execute(
                "SELECT COALESCE(MAX(seq), -1) FROM entries WHERE match_id = ?", (match_id,)
            ).fetchone()
            seq = last + 1
            self._db.execute(
                "INSERT INTO entries (match_id, seq, body) VALUES (?, ?, ?)", (match_id, seq, body)
            )
            return seq

    def entries(self, match_id: int) -> list[dict]:
        with self._lock:
            rows = self._db.execute(
                "SELECT body FROM entries WHERE match_id = ? ORDER BY seq", (match_id,)
            ).fetchall()
        return [json.loads(body) for (body,) in rows]

    def set_summary(self, match_id: int, summary: dict) -> None:
        with self._lock, self._db:
            self._db.execute(
                "UPDATE matches SET summary = ? WHERE id = ?",
                (json.dumps(summary, ensure_ascii=False), match_id),
            )

    def match(self, match_id: int) -> dict | None:
        with self._lock:
            row = self._db.execute(
                "SELECT id, created, config, summary FROM matches WHERE id = ?", (match_id,)
            ).fetchone()
        return _match_row(row) if row else None

    def matches(self) -> list[dict]:
        """Every match, newest first."""
        with self._lock:
            rows = self._db.execute(
                "SELECT id, created, config, summary FROM matches ORDER BY id DESC"
            ).fetchall()
        return [_match_row(row) for row in rows]

    def latest_match_id(self) -> int | None:
        with self._lock:
            row = self._db.execute("SELECT MAX(id) FROM matches").fetchone()
        return row[0]


def _match_row(row) -> dict:
    match_id, created, config, summary = row
    return {"id": match_id, "created": created, "config": json.loads(config), "summary": json.loads(summary)}
