"""``companion run``: the camera, the tracker and the tablet server, together.

    companion run --camera 0 --edition adventure --players "Аня,Боря,Вика"
    companion run --source sim --seed 3 --headless --log table.json     # no tablet: the table log
    companion run                                                       # no camera: manual entry

It prints the tablet's URL (with the token) and the same URL as a QR code, then serves until
Ctrl+C. With ``--headless`` it processes the source (a file as fast as it can), answers nothing,
and writes the table log: what it inferred and what it would have asked.
"""

from __future__ import annotations

import json
import logging
import sys
from pathlib import Path

from companion.cli import CommandError

DEFAULT_PLAYERS = "Игрок 1,Игрок 2,Игрок 3"


def add_arguments(parser) -> None:
    source = parser.add_mutually_exclusive_group()
    source.add_argument("--camera", type=int, metavar="N", help="webcam index")
    source.add_argument(
        "--source",
        metavar="FILE|DIR|sim",
        help="a video file, a folder of images, or 'sim' (the simulated table)",
    )
    parser.add_argument(
        "--zones",
        metavar="FILE",
        help="zones JSON (default: the data directory's "
        "zones.json, else auto-calibration on the first frame)",
    )
    parser.add_argument("--edition", help="junior, adventure (default) or svintus2")
    parser.add_argument("--players", help=f"names in seating order, clockwise (default {DEFAULT_PLAYERS!r})")
    parser.add_argument("--dealer", type=int, default=0, metavar="I", help="the dealer's seat (default 0)")
    parser.add_argument("--target", type=int, help="the match's winning score (default: the edition's)")
    parser.add_argument("--deck", metavar="NAME", help="an enrolled deck profile")
    parser.add_argument("--seed", type=int, default=0, help="the simulated table's seed (--source sim)")
    parser.add_argument("--max-actions", type=int, help="stop the simulated game after this many actions")
    parser.add_argument("--host", default="0.0.0.0", help="address to listen on (default all: the LAN)")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--tablets", type=int, default=24, help="tablets served at once (default 24)")
    parser.add_argument(
        "--public-scoreboard",
        action="store_true",
        help="let anyone on the network read the scoreboard without the token",
    )
    parser.add_argument("--new-token", action="store_true", help="replace the token (unpairs every tablet)")
    parser.add_argument(
        "--headless", action="store_true", help="no server: process the source and write --log"
    )
    parser.add_argument("--log", metavar="OUT.json", help="with --headless: where to write the table log")


def _players(args, default_count: int | None = None) -> list[str]:
    if args.players:
        names = [p.strip() for p in args.players.split(",")]
    elif default_count:
        names = [f"P{i + 1}" for i in range(default_count)]
    else:
        names = DEFAULT_PLAYERS.split(",")
    return names


def _open_source(args):
    from companion.vision.sources import SourceError, open_source

    if args.camera is None and args.source is None:
        return None
    spec = str(args.camera) if args.camera is not None else args.source
    options = {}
    if spec == "sim":
        count = len(args.players.split(",")) if args.players else 3
        options = {"seed": args.seed, "edition": args.edition or "adventure", "players": count}
        if args.max_actions is not None:
            options["max_actions"] = args.max_actions
    try:
        return open_source(spec, **options)
    except SourceError as exc:
        raise CommandError(str(exc)) from None


def _zones(args, source):
    """The zones: --zones, the simulated table's own, the saved ones, or auto-calibration."""
    from companion.paths import data_dir
    from companion.vision.zones import ZonesError, auto_calibrate, load_zones

    try:
        if args.zones:
            return load_zones(args.zones)
        table = getattr(source, "table", None)
        if table is not None:
            return table.zones
        saved = data_dir() / "zones.json"
        if saved.is_file():
            return load_zones(saved)
    except ZonesError as exc:
        raise CommandError(str(exc)) from None
    frame = next(iter(source), None)
    if frame is None or frame.image is None:
        raise CommandError("the source gave no frame to calibrate on; pass --zones FILE")
    try:
        return auto_calibrate(frame.image)
    except ZonesError as exc:
        raise CommandError(
            f"automatic calibration failed ({exc}); draw the zones and pass --zones FILE"
        ) from None


def _pipeline(args, zones, source):
    from companion.commands._vision import open_classifier
    from companion.vision.pipeline import Pipeline

    classifier = open_classifier(args, edition="adventure")  # the deck profile checked against the model
    table = getattr(source, "table", None)
    if table is not None and args.deck is None:
        # The simulated deck is a printing of its own: enrolled as a family enrolls its deck.
        classifier = table.enrolled(classifier)
    return Pipeline(zones, classifier)


def build(args, *, headless: bool):
    """(companion, source): the run machinery for these arguments; ``companion demo`` reuses it."""
    from companion.table.app import Companion
    from companion.table.store import Store
    from companion.table.tracker import TableError

    source = _open_source(args)
    sim_players = getattr(getattr(source, "table", None), "players", None)
    players = _players(args, sim_players)
    companion = Companion(Store(":memory:") if headless else Store(), resume=not headless)
    if source is not None:
        zones = _zones(args, source)
        companion.attach_source(source, zones=zones, pipeline=_pipeline(args, zones, source))
    explicit = args.players is not None or args.edition is not None or headless
    try:
        if companion.match is None or explicit:
            companion.start_match(args.edition or "adventure", players, args.dealer, None, args.target)
    except TableError as exc:
        raise CommandError(exc.message) from None
    return companion, source


def run(args) -> int:
    if args.headless and not args.log:
        raise CommandError("--headless needs --log OUT.json (where the table log goes)")
    if args.headless and args.camera is None and args.source is None:
        raise CommandError("--headless needs a source: --camera N or --source FILE|DIR|sim")
    if not 2 <= len(_players(args)) <= 10:
        raise CommandError("--players needs 2 to 10 names, separated by commas")
    logging.basicConfig(
        level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s", stream=sys.stderr
    )
    if args.headless:
        return _headless(args)
    return _serve(args)


def _headless(args) -> int:
    companion, source = build(args, headless=True)
    try:
        companion.run_source()
    finally:
        source.close()
    log = companion.table_log()
    out = Path(args.log)
    try:
        out.write_text(json.dumps(log, ensure_ascii=False, indent=1) + "\n")
    except OSError as exc:
        raise CommandError(f"cannot write {out}: {exc.strerror}") from None
    print(
        json.dumps(
            {
                "plays": len(log["plays"]),
                "taken": len(log["taken"]),
                "finished": log["finished"],
                "winners": log["winners"],
                "questions": len(log["questions"]),
                "log": str(out),
            },
            ensure_ascii=False,
        )
    )
    return 0


def _serve(args) -> int:
    from companion.paths import data_dir
    from companion.server import Server, create_app
    from companion.server.pairing import load_token, pairing_url, qr_text

    companion, source = build(args, headless=False)
    token = load_token(new=args.new_token)
    app = create_app(
        {
            "COMPANION": companion,
            "TOKEN": token,
            "PUBLIC_SCOREBOARD": args.public_scoreboard,
            "ZONES_PATH": data_dir() / "zones.json",
        }
    )
    try:
        server = Server(app, host=args.host, port=args.port, tablets=args.tablets)
    except OSError as exc:
        raise CommandError(f"cannot listen on {args.host}:{args.port} ({exc.strerror}); try --port") from None
    url = pairing_url(args.host, server.port, token)
    print(f"Svintus Companion: open {url} on the tablet (or scan the code)", flush=True)
    try:
        print(qr_text(url), flush=True)
    except UnicodeEncodeError:  # a terminal that cannot show the blocks: the URL above is enough
        print("(this terminal cannot show the QR code)", flush=True)
    if source is not None:
        companion.start()
    try:
        server.run()
    except KeyboardInterrupt:
        pass
    finally:
        companion.stop()
        server.stop()
    return 0
