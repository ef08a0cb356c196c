"""The ``companion`` command.

Each subcommand lives in ``companion/commands/<name>.py`` with ``add_arguments(parser)`` and
``run(args) -> int``. Modules are imported only for the command being run, so commands that need
no OpenCV, onnxruntime or Flask (``replay``, ``score``, ``simulate``) start fast.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys

# name -> one-line help; the module is companion.commands.<name with "-" as "_">
COMMANDS: dict[str, str] = {
    "replay": "replay a game record and print the final state (GAME-RECORD.md)",
    "score": "total a tournament score record (GAME-RECORD.md)",
    "simulate": "let bots play complete games and summarise them",
    "render": "draw card faces or a simulated table frame to image files",
    "train": "build the synthetic dataset and train the card model (needs the 'train' extra)",
    "classify": "name the card shown in each photo",
    "eval": "measure the card model on a labelled folder",
    "enroll": "learn a real deck's cards from photos (a deck profile)",
    "detect": "find and read the cards in one table photo",
    "watch": "print table events from a camera, a video, a folder or the simulated table",
    "run": "run the companion: camera, tracker and tablet server",
    "demo": "the whole companion on a simulated table, served to the tablet page",
}


class CommandError(Exception):
    """A failure the user can act on: printed as one line, exit status 2."""


def _module_name(command: str) -> str:
    return "companion.commands." + command.replace("-", "_")


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="companion", description="Svintus Companion")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, help_text in COMMANDS.items():
        sp = sub.add_parser(name, help=help_text, description=help_text)
        if name == command:
            importlib.import_module(_module_name(name)).add_arguments(sp)
    return parser


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    command = next((a for a in argv if not a.startswith("-")), None)
    if command not in COMMANDS:
        command = None
    try:
        parser = build_parser(command)
    except ModuleNotFoundError as exc:
        if exc.name and exc.name.startswith("companion.commands"):
            print(f"companion: the command {command!r} is not available in this version", file=sys.stderr)
            return 2
        raise
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help()
        return 2
    module = importlib.import_module(_module_name(args.command))
    try:
        return int(module.run(args) or 0)
    except CommandError as exc:
        print(f"companion {args.command}: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # The output's reader went away (piped into ``head``): stop quietly, as a command killed by
        # SIGPIPE would. Python flushes stdout at exit, so it writes to /dev/null from now on.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141


if __name__ == "__main__":
    sys.exit(main())
