"""``companion score FILE|-``: total a tournament score record (GAME-RECORD.md, R-TOUR-1, R-TOUR-2)."""

from __future__ import annotations

from companion.commands.replay import print_json, read_input


def add_arguments(parser) -> None:
    parser.add_argument("file", metavar="FILE", help="the score record (JSON), or - for standard input")


def run(args) -> int:
    from companion.record import RecordError, score

    data, problem = read_input(args.file)
    if problem is not None:
        print_json({"error": {"index": None, "code": "bad-record", "message": problem}})
        return 2
    try:
        print_json(score(data))
    except RecordError as exc:
        print_json({"error": exc.as_error()})
        return 2
    return 0
