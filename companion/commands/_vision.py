"""What the recognising commands (classify, enroll, eval) share: the model options and their errors."""

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


def open_classifier(args, *, use_deck: bool = True):
    """The classifier the options ask for, or a CommandError a person can act on."""
    from companion.vision.classify import Classifier, ModelError
    from companion.vision.decks import DeckError, load_profile

    try:
        deck = load_profile(args.deck) if use_deck and getattr(args, "deck", None) else None
        classifier = Classifier(args.model, edition=getattr(args, "edition", None), deck=deck)
    except (ModelError, DeckError) as exc:
        raise CommandError(str(exc)) from None
    if deck is not None and deck.model and deck.model != model_digest(classifier.model_path):
        raise CommandError(f"the deck profile {deck.name!r} was made with another card model; "
                           f"enroll it again with 'companion enroll'")
    return classifier


def model_digest(path: Path) -> str:
    import hashlib

    return hashlib.sha256(Path(path).read_bytes()).hexdigest()[:16]
