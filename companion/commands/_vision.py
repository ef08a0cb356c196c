"""What the recognising commands (classify, enroll, eval) share: the model options and their errors,
and folders of photos labelled by card code."""

from __future__ import annotations

from pathlib import Path

from companion import cards
from companion.cli import CommandError


def add_model_arguments(parser, *, deck: bool = True, edition: bool = True) -> None:
    parser.add_argument("--model", type=Path, help="card model (default: models/cards.onnx)")
    if edition:
        parser.add_argument("--edition", choices=sorted(cards.EDITIONS),
                            help="only that edition's cards (junior/adventure: yellow; svintus2: orange)")
    if deck:
        parser.add_argument("--deck", help="a deck profile made by 'companion enroll'; it wins for its cards")


def open_classifier(args, *, use_deck: bool = True, edition: str | None = None):
    """The classifier the options ask for, or a CommandError a person can act on. ``edition``:
    the command's default when the options name none."""
    from companion.vision.classify import Classifier, ModelError
    from companion.vision.decks import DeckError, load_profile

    try:
        deck = load_profile(args.deck) if use_deck and getattr(args, "deck", None) else None
        edition = getattr(args, "edition", None) or edition
        classifier = Classifier(getattr(args, "model", None), edition=edition, deck=deck)
    except (ModelError, DeckError) as exc:
        raise CommandError(str(exc)) from None
    if deck is not None and deck.model and deck.model != model_digest(classifier.model_path):
        raise CommandError(f"the deck profile {deck.name!r} was made with another card model; "
                           f"enroll it again with 'companion enroll'")
    return classifier


def model_digest(path: Path) -> str:
    import hashlib

    return hashlib.sha256(Path(path).read_bytes()).hexdigest()[:16]


def labelled_photos(folder: Path) -> dict[str, list[Path]]:
    """``{code: [photo, ...]}`` of a folder of per-code folders; a CommandError for what does not fit."""
    from companion.vision.sources import IMAGE_SUFFIXES

    if not folder.is_dir():
        raise CommandError(f"{folder} is not a folder")
    photos: dict[str, list[Path]] = {}
    unknown = []
    for sub in sorted(p for p in folder.iterdir() if p.is_dir()):
        if not cards.is_code(sub.name):
            unknown.append(sub.name)
            continue
        files = sorted(p for p in sub.iterdir() if p.suffix.lower() in IMAGE_SUFFIXES)
        if files:
            photos[sub.name] = files
    if unknown:
        raise CommandError(
            f"folders that are not card codes: {', '.join(unknown)}"
            " ('companion render faces' draws each code's card)"
        )
    if not photos:
        raise CommandError(f"{folder} has no <code>/ folders with photos (e.g. {folder}/r5/photo.jpg)")
    return photos


def labelled_images(photos: dict[str, list[Path]]):
    """``(code, path, image)`` for each photo of ``labelled_photos``; a CommandError for an unreadable one."""
    from companion.vision.classify import load_photo

    for code, files in photos.items():
        for path in files:
            try:
                image = load_photo(path)
            except ValueError as exc:
                raise CommandError(f"{exc}; remove it or replace it") from None
            yield code, path, image
