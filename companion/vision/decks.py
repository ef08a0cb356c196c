"""Deck profiles: a real deck's cards learnt from a few photos, as prototypes over the embedding.

``companion enroll DIR --deck NAME`` stores ``data_dir()/decks/NAME.npz`` (one embedding per
enrolled photo and its code). At recognition time the photo nearest to a crop decides among the
codes the profile covers when it is near enough; otherwise the generic model's reading stands.
No training happens at run time.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from companion import cards
from companion.paths import data_dir

NAME_PATTERN = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$")
# Cosine similarity from which the nearest enrolled photo wins over the generic model.
DEFAULT_THRESHOLD = 0.75
# A model reading this sure, of a code the profile lacks, is kept unless a photo is this close.
SURE = 0.9
# Softmax temperature over cosine similarities: 0.05 turns a 0.1 gap into e^2 odds.
TEMPERATURE = 0.05


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
        """The code distribution for one crop: the profile's when its nearest photo is close enough."""
        if embedding.shape[0] != self.embeddings.shape[1]:
            raise DeckError(f"the deck profile {self.name!r} belongs to another model; enroll it again")
        similarity = self.embeddings @ embedding
        best_per_code: dict[str, float] = {}
        for code, sim in zip(self.codes, similarity, strict=True):
            best_per_code[code] = max(best_per_code.get(code, -1.0), float(sim))
        index = {code: i for i, code in enumerate(codes)}
        usable = {c: s for c, s in best_per_code.items() if c in index}
        if not usable or max(usable.values()) < self.threshold:
            return model_p
        # A card the profile does not cover, read with confidence by the model, stays the model's
        # unless an enrolled photo is very close (a number card must not turn into a picture card).
        model_best = int(np.argmax(model_p))
        if (codes[model_best] not in best_per_code and codes[model_best] != "none"
                and model_p[model_best] >= SURE and max(usable.values()) < SURE):
            return model_p
        names = list(usable)
        sims = np.array([usable[c] for c in names])
        weights = np.exp((sims - sims.max()) / TEMPERATURE)
        weights /= weights.sum()
        p = np.zeros_like(model_p)
        for code, w in zip(names, weights, strict=True):
            p[index[code]] = w
        return p

    def save(self) -> Path:
        path = profile_path(self.name)
        tmp = path.with_suffix(".tmp.npz")
        np.savez(tmp, embeddings=self.embeddings.astype(np.float32), codes=np.array(self.codes),
                 meta=np.array(json.dumps({"model": self.model, "threshold": self.threshold})))
        tmp.replace(path)  # a crash mid-write never leaves a half profile
        return path


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
