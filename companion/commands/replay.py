"""``companion replay FILE|-``: replay a game record and print the final state (GAME-RECORD.md)."""

from __future__ import annotations

import json
import sys


def add_arguments(parser) -> None:
    parser.add_argument("file", metavar="FILE", help="the game record (JSON), or - for standard input")


def read_input(path: str) -> tuple[bytes | None, str | None]:
    """The bytes of FILE (or standard input for ``-``), or an error message a person can act on."""
    try:
        if path == "-":
            return sys.stdin.buffer.read(), None
        with open(path, "rb") as handle:
            return handle.read(), None
    except OSError as exc:
        return None, f"cannot read {path}: {exc.strerror or exc}"


def print_json(obj: dict) -> None:
    """One line of UTF-8 JSON, whatever the terminal's encoding (names and messages are Russian)."""
    text = json.dumps(obj, ensure_ascii=False) + "\n"
    buffer = getattr(sys.stdout, "buffer", None)
    if buffer is None:  # a text-only stream (redirected in-process)
        sys.stdout.write(text)
        return
    sys.stdout.flush()
    buffer.write(text.encode("utf-8"))
    buffer.flush()


def run(args) -> int:
    # Only the standard library and the engine: this command must start fast.
    from companion.record import replay_text

    data, problem = read_input(args.file)
    if problem is not None:
        print_json({"error": {"index": None, "code": "bad-record", "message": problem}})
        return 2
    output, status = replay_text(data)
    print_json(output)
    return status
