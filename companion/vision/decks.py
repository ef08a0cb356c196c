"""Deck profiles: a real deck's cards learnt from a few photos, as prototypes over the embedding.

``companion enroll DIR --deck NAME`` stores ``data_dir()/decks/NAME.npz`` (one embedding per
enrolled photo and its code). At recognition time each covered code's nearest photo re-weights the
generic model's reading of that code (``DeckProfile.match``), so a close photo wins for the codes
the profile covers; a number card's photos cover its value in every colour. No training happens at
run time.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from companion import cards
from companion.paths import data_dir
from companion.vision.classify import NONE

NAME_PATTERN = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$")
# The cosine similarity at which an enrolled photo neither helps nor hurts its code.
DEFAULT_THRESHOLD = 0.75
# Cosine similarity per e-fold of odds: 0.05 turns a 0.1 gap into e^2.
TEMPERATURE = 0.05
# A code's photos all far from the crop cost it at most this much similarity (a blurred crop
# resembles nothing; it should not be pushed off the codes the deck has photos of).
FAR = 0.1


class DeckError(Exception):
    """A deck profile that is missing, unreadable or badly named."""


def decks_dir() -> Path:
    path = data_dir() / "decks"
    path.mkdir(parents=True, exist_ok=True)
    return path


def check_name(name: str) -> str:
    if not isinstance(name, str) or not NAME_PATTERN.match(name):
        raise DeckError(f"bad deck name {name!r}: use letters, digits, '-', '_' or '.'")
    return name


def profile_path(name: str) -> Path:
    return decks_dir() / f"{check_name(name)}.npz"


def list_profiles() -> list[str]:
    return sorted(p.stem for p in decks_dir().glob("*.npz"))


@dataclass
class DeckProfile:
    name: str
    codes: list[str]  # one per enrolled photo
    embeddings: np.ndarray  # (N, D) L2-normalised
    model: str  # the model file's digest the embeddings belong to
    threshold: float = DEFAULT_THRESHOLD

    @property
    def covered(self) -> list[str]:
        return sorted(set(self.codes))

    def match(self, embedding: np.ndarray, codes: list[str], model_p: np.ndarray) -> np.ndarray:
        """The code distribution for one crop: the model's, re-weighted by the enrolled photos.

        A code the profile covers gains (or, a little, loses) by how much nearer its nearest photo is
        than ``threshold``: at 0.05 per e-fold, a photo 0.2 nearer outweighs a model that is 50 times
        surer. A number card's photos stand for its value in every colour (``_look``): a printing
        draws a value alike in each colour, and the model tells the colours apart, so a photo of a
        blue 6 helps read a green 6, and a green 6 whose own photo is poor (the cloth outlined in it)
        is not read as the blue one. Codes without photos keep the model's weight, so a value the
        profile lacks is still read by the model; "no card" loses what the nearest photo's code gains
        (a back or a picture whose printing looks like cloth to the model is still a card).
        """
        if embedding.shape[0] != self.embeddings.shape[1]:
            raise DeckError(f"the deck profile {self.name!r} belongs to another model; enroll it again")
        similarity = self.embeddings @ embedding
        best_per_look: dict[str, float] = {}
        for code, sim in zip(self.codes, similarity, strict=True):
            look = _look(code)
            best_per_look[look] = max(best_per_look.get(look, -1.0), float(sim))
        score = np.log(np.maximum(model_p, 1e-9))
        gains = [0.0]
        for i, code in enumerate(codes):
            look = _look(code)
            if look in best_per_look:
                gain = max(best_per_look[look] - self.threshold, -FAR) / TEMPERATURE
                score[i] += gain
                gains.append(gain)
        if NONE in codes:
            score[codes.index(NONE)] -= max(gains)  # a crop near a photo of a card is a card
        score -= score.max()
        p = np.exp(score)
        return p / p.sum()

    def save(self) -> Path:
        path = profile_path(self.name)
        tmp = path.with_suffix(".tmp.npz")
        np.savez(tmp, embeddings=self.embeddings.astype(np.float32), codes=np.array(self.codes),
                 meta=np.array(json.dumps({"model": self.model, "threshold": self.threshold})))
        tmp.replace(path)  # a crash mid-write never leaves a half profile
        return path


def _look(code: str) -> str:
    """What an enrolled photo of ``code`` shows of the printing: a number card's value (the same in
    every colour), else the card itself."""
    card = cards.parse(code) if cards.is_code(code) else None
    return f"value {card.value}" if card is not None and card.is_number else code


def load_profile(name: str) -> DeckProfile:
    path = profile_path(name)
    if not path.is_file():
        known = list_profiles()
        hint = f"enrolled decks: {', '.join(known)}" if known else "no deck is enrolled yet"
        raise DeckError(f"no deck profile named {name!r} ({hint}); create it with 'companion enroll'")
    try:
        with np.load(path, allow_pickle=False) as data:
            embeddings = np.asarray(data["embeddings"], np.float32)
            codes = [str(c) for c in data["codes"]]
            meta = json.loads(str(data["meta"]))
    except (OSError, ValueError, KeyError) as exc:
        raise DeckError(f"the deck profile {path} is unreadable ({exc}); enroll it again") from None
    if embeddings.ndim != 2 or len(codes) != embeddings.shape[0] or not all(map(cards.is_code, codes)):
        raise DeckError(f"the deck profile {path} is damaged; enroll it again")
    return DeckProfile(name, codes, embeddings, str(meta.get("model", "")),
                       float(meta.get("threshold", DEFAULT_THRESHOLD)))
