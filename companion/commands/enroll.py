"""``companion enroll DIR --deck NAME``: learn a real deck from photos, one folder per card code.

``DIR/<code>/`` holds whole photos of that card; the card is found in each, its embedding kept.
The profile (``data_dir()/decks/NAME.npz``) is written only when every folder was usable, so a
failed enrollment never leaves a half profile behind.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np

from companion.cli import CommandError
from companion.commands._vision import (
    add_model_arguments,
    labelled_images,
    labelled_photos,
    model_digest,
    open_classifier,
)


def add_arguments(parser) -> None:
    parser.add_argument("folder", type=Path, metavar="DIR", help="DIR/<code>/ holds photos of that card")
    parser.add_argument("--deck", required=True, help="the profile's name (letters, digits, '-', '_', '.')")
    add_model_arguments(parser, deck=False, edition=False)


def run(args) -> int:
    from companion.vision.classify import enrollment_reading
    from companion.vision.decks import DeckError, DeckProfile, check_name

    try:
        check_name(args.deck)
    except DeckError as exc:
        raise CommandError(str(exc)) from None
    photos = labelled_photos(args.folder)
    classifier = open_classifier(args, use_deck=False)
    codes, embeddings, outlines = [], [], 0
    for code, _path, image in labelled_images(photos):
        reading, found = enrollment_reading(classifier, image, code)
        outlines += found
        # The embedding is read both ways up and averaged: a later photo may show the card turned.
        embeddings.append(reading.embedding)
        codes.append(code)
    profile = DeckProfile(args.deck, codes, np.stack(embeddings).astype(np.float32),
                          model_digest(classifier.model_path))
    path = profile.save()
    print(json.dumps({"deck": args.deck, "profile": str(path), "codes": len(photos),
                      "photos": sum(map(len, photos.values())), "outlines_found": outlines}))
    return 0
