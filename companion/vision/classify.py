"""Name the card in each warped crop: one batched onnxruntime call per frame.

The model (``models/cards.onnx``) has two heads that are read on their own: a colour head
(``b g r y o`` and ``-`` for "no colour") and a face head (``0``…``7``, the super kinds, ``poly``,
the villains, ``back``, ``none``). A card code's probability is the product of its face and its
colour, so a number card of a design never seen in training is still read as colour + value.
A third output, the embedding, serves deck profiles (``companion.vision.decks``): for the codes a
profile covers, the nearest enrolled photo wins over the generic model.

``models/cards.json`` beside the model holds the labels, the input size and normalisation, the
recipe the model was trained from and the metrics measured at export.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from companion import cards
from companion.paths import MODELS_DIR

DEFAULT_MODEL = MODELS_DIR / "cards.onnx"
NONE = "none"  # the face label for "no Svintus card here"
NO_COLOUR = "-"
# Below this a reading names no card: the tracker should wait for a better frame.
MIN_CONFIDENCE = 0.5


class ModelError(Exception):
    """The model or its description is missing or unusable (a sentence a person can act on)."""


@dataclass(frozen=True)
class Reading:
    code: str | None  # a card code, or None when no Svintus card is read with confidence
    confidence: float  # probability of the best code (after edition and deck restriction)
    colour: str | None
    value: int | None
    top: list[tuple[str, float]]  # best codes first; "none" may appear
    embedding: np.ndarray = field(repr=False)  # L2-normalised float32 vector

    def to_json(self) -> dict:
        return {
            "card": self.code,
            "confidence": round(self.confidence, 4),
            "colour": self.colour,
            "value": self.value,
            "top": [[code, round(p, 4)] for code, p in self.top],
        }


def face_of(code: str) -> str:
    """The face-head label of a code: ``"5"``, ``"grab"``, ``"poly"``, ``"ghost"``, ``"back"``…"""
    if code == NONE:
        return NONE
    return cards.parse(code).face


def colour_of(code: str) -> str:
    """The colour-head label of a code (``-`` for poly, pirates, aliens, back and none)."""
    if code == NONE:
        return NO_COLOUR
    return cards.parse(code).colour or NO_COLOUR


def allowed_codes(edition: str | None) -> tuple[str, ...]:
    """The codes an answer may name: one edition's (and ``back``), or every code."""
    if edition is None:
        return cards.ALL_CODES
    if edition not in cards.EDITIONS:
        raise ValueError(f"unknown edition {edition!r}; one of: {', '.join(cards.EDITIONS)}")
    return cards.EDITIONS[edition].codes + (cards.BACK,)


def load_description(model_path: Path) -> dict:
    meta_path = model_path.with_suffix(".json")
    if not model_path.is_file():
        raise ModelError(f"no card model at {model_path}; train one with 'companion train'")
    if not meta_path.is_file():
        raise ModelError(f"the model {model_path} has no description {meta_path.name} beside it")
    try:
        meta = json.loads(meta_path.read_text(encoding="utf-8"))
        size = meta["input"]["width"], meta["input"]["height"]
        meta["input"]["mean"], meta["input"]["std"], meta["colours"], meta["faces"]  # noqa: B018
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise ModelError(f"the model description {meta_path} is unreadable ({exc})") from None
    if not all(isinstance(v, int) and v > 0 for v in size):
        raise ModelError(f"the model description {meta_path} has a bad input size")
    return meta


class Classifier:
    """The card model, optionally restricted to one edition and helped by a deck profile.

    ``deck`` is a profile name (stored by ``companion enroll``) or a loaded ``DeckProfile``.
    """

    def __init__(self, model_path: str | Path | None = None, *, edition: str | None = None,
                 deck=None, threads: int | None = None):
        import onnxruntime as ort

        self.model_path = Path(model_path) if model_path else DEFAULT_MODEL
        self.meta = load_description(self.model_path)
        options = ort.SessionOptions()
        if threads:
            options.intra_op_num_threads = threads
            options.inter_op_num_threads = 1
        try:
            self.session = ort.InferenceSession(
                str(self.model_path), options, providers=["CPUExecutionProvider"])
        except Exception as exc:  # onnxruntime raises its own types for corrupt files
            first_line = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
            raise ModelError(f"the card model {self.model_path} cannot be loaded: {first_line}") from None
        self.width = int(self.meta["input"]["width"])
        self.height = int(self.meta["input"]["height"])
        self.mean = np.asarray(self.meta["input"]["mean"], np.float32).reshape(1, 3, 1, 1)
        self.std = np.asarray(self.meta["input"]["std"], np.float32).reshape(1, 3, 1, 1)
        self.colours: list[str] = list(self.meta["colours"])
        self.faces: list[str] = list(self.meta["faces"])
        self.input_name = self.session.get_inputs()[0].name
        self.output_names = [o.name for o in self.session.get_outputs()]
        for name in ("colour", "face", "embedding"):
            if name not in self.output_names:
                raise ModelError(f"the card model {self.model_path} has no {name!r} output")
        self.edition = edition
        self.codes = [c for c in allowed_codes(edition) if face_of(c) in self.faces] + [NONE]
        self._none = len(self.codes) - 1
        self._face_index = np.array([self.faces.index(face_of(c)) for c in self.codes])
        colour_index = [self.colours.index(colour_of(c)) if colour_of(c) in self.colours else -1
                        for c in self.codes]
        self._colour_index = np.array(colour_index)
        self._coloured = np.array([colour_of(c) != NO_COLOUR for c in self.codes])
        used = {colour_of(c) for c in self.codes}
        self._code_colours = [c for c in self.colours if c != NO_COLOUR and c in used]
        if deck is not None and not hasattr(deck, "match"):
            from companion.vision.decks import load_profile

            deck = load_profile(deck)
        self.deck = deck

    # -- preprocessing -------------------------------------------------------------------------
    def prepare(self, crops: list[np.ndarray]) -> np.ndarray:
        """Crops (BGR uint8, any size, portrait) to the model's NCHW float batch."""
        import cv2

        batch = np.empty((len(crops), 3, self.height, self.width), np.float32)
        for i, crop in enumerate(crops):
            if crop is None or crop.ndim < 2 or crop.shape[0] < 2 or crop.shape[1] < 2:
                raise ValueError("an empty crop cannot be classified")
            if crop.ndim == 2:
                crop = cv2.cvtColor(crop, cv2.COLOR_GRAY2BGR)
            elif crop.shape[2] == 4:
                crop = cv2.cvtColor(crop, cv2.COLOR_BGRA2BGR)
            if crop.shape[1] > crop.shape[0]:  # a landscape crop: the card lies on its side
                crop = cv2.rotate(crop, cv2.ROTATE_90_CLOCKWISE)
            if crop.shape[:2] != (self.height, self.width):
                crop = cv2.resize(crop, (self.width, self.height), interpolation=cv2.INTER_AREA)
            batch[i] = crop.transpose(2, 0, 1)
        batch /= 255.0
        return (batch - self.mean) / self.std

    def run(self, batch: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Raw outputs for a prepared batch: colour logits, face logits, embeddings."""
        outputs = dict(zip(self.output_names, self.session.run(None, {self.input_name: batch}), strict=True))
        return outputs["colour"], outputs["face"], outputs["embedding"]

    # -- reading -------------------------------------------------------------------------------
    def code_probabilities(self, colour_logits: np.ndarray, face_logits: np.ndarray) -> np.ndarray:
        """P(code) for ``self.codes``: face × colour, renormalised over the allowed codes."""
        log_colour = _log_softmax(colour_logits)
        log_face = _log_softmax(face_logits)
        logp = log_face[:, self._face_index]
        colour_part = np.where(self._coloured, log_colour[:, np.maximum(self._colour_index, 0)], 0.0)
        logp = logp + colour_part
        logp -= logp.max(axis=1, keepdims=True)
        p = np.exp(logp)
        return p / p.sum(axis=1, keepdims=True)

    def classify(self, crops: list[np.ndarray], top_k: int = 3,
                 weights: list[np.ndarray | None] | None = None) -> list[Reading]:
        """One reading per crop. ``weights``, when given, holds per crop None or a factor per code of
        ``self.codes`` for where the crop was cut (``Pipeline.zone_weights``: a villain pile shows
        villains), applied after the deck profile. A code weighed 0 cannot lie there: its share goes
        to "none", since a crop that looks like such a card is no sure reading of one that can. The
        others' share is spread among them anew in proportion to their factors (a prior).
        """
        if not crops:
            return []
        if weights is not None and len(weights) != len(crops):
            raise ValueError("one weighting (or None) per crop")
        n = len(crops)
        batch = self.prepare(crops)
        # Each crop is also read upside down (a card lies either way up) in the same call; the two
        # readings are averaged, which steadies digits and makes the embedding turn-invariant.
        both = np.concatenate([batch, np.ascontiguousarray(batch[:, :, ::-1, ::-1])])
        colour_logits, face_logits, embeddings = self.run(both)
        colour_logits = (colour_logits[:n] + colour_logits[n:]) / 2
        face_logits = (face_logits[:n] + face_logits[n:]) / 2
        embeddings = embeddings[:n] + embeddings[n:]
        probs = self.code_probabilities(colour_logits, face_logits)
        embeddings = embeddings / np.maximum(np.linalg.norm(embeddings, axis=1, keepdims=True), 1e-6)
        colour_p = np.exp(_log_softmax(colour_logits))
        face_p = np.exp(_log_softmax(face_logits))
        readings = []
        for i in range(n):
            p = probs[i]
            if self.deck is not None:
                p = self.deck.match(embeddings[i], self.codes, p)
            if weights is not None and weights[i] is not None:
                p = _weighed(p, np.asarray(weights[i], np.float64), self._none)
            order = np.argsort(-p)[:top_k]
            top = [(self.codes[j], float(p[j])) for j in order]
            best, confidence = top[0]
            code = best if best != NONE and confidence >= MIN_CONFIDENCE else None
            if code:
                card = cards.parse(code)
                colour, value = card.colour, card.value
            else:
                colour, value = self._heads_alone(colour_p[i], face_p[i])
            readings.append(Reading(code=code, confidence=confidence, colour=colour, value=value, top=top,
                                    embedding=embeddings[i].astype(np.float32)))
        return readings

    def _heads_alone(self, colour_p: np.ndarray, face_p: np.ndarray) -> tuple[str | None, int | None]:
        """Colour and value each read on its own, when no code is sure: an unseen design's number card."""
        face = self.faces[int(np.argmax(face_p))]
        if face == NONE:
            return None, None
        value = int(face) if face.isdigit() and face_p.max() >= MIN_CONFIDENCE else None
        indices = [self.colours.index(c) for c in self._code_colours]
        best = max(indices, key=lambda j: colour_p[j]) if indices else None
        colour = self.colours[best] if best is not None and colour_p[best] >= MIN_CONFIDENCE else None
        return colour, value


@dataclass(frozen=True)
class PhotoReading:
    reading: Reading
    found: bool  # the reading comes from a card outline (not the whole-image fallback)
    quad: np.ndarray | None  # the outline read, in the photo's pixels


def load_photo(path: str | Path) -> np.ndarray:
    """A photo as BGR uint8; ``ValueError`` with a sentence when it cannot be read."""
    import cv2

    path = Path(path)
    if not path.is_file():
        raise ValueError(f"{path}: no such file")
    data = np.fromfile(path, np.uint8)
    image = cv2.imdecode(data, cv2.IMREAD_COLOR) if data.size else None
    if image is None or image.size == 0:
        reason = "not an image OpenCV can read" if data.size else "the file is empty"
        raise ValueError(f"{path}: {reason}")
    return image


# Photos are searched for outlines at this size at most (a phone photo is 12 MP); crops are cut
# from the full-size photo.
DETECT_SIDE = 960
CANDIDATES = 5
SAME_OUTLINE = 0.9  # two outlines overlapping this much, and this near in size, are one


def photo_crops(image: np.ndarray, size: tuple[int, int]) -> tuple[list[np.ndarray], list, int]:
    """Candidate crops of one photo: its card outlines (``_photo_quads``), then two whole-image fallbacks.

    Returns (crops, quads, number of outline crops); the fallbacks are the centre of the photo
    upright and on its side, for when no outline is found or none reads as a card.
    """
    import cv2

    from companion.vision.detect import warp_card

    scale = min(1.0, DETECT_SIDE / max(image.shape[:2]))
    small = cv2.resize(image, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA) if scale < 1 else image
    # Cards small in frame count too (a phone photo of a card on a big table): the finder's default
    # smallest card is 1% of the frame; here 0.2%.
    min_area = max(400.0, 0.002 * small.shape[0] * small.shape[1])
    quads = [q / scale for q in _photo_quads(small, min_area)]
    crops = [_warp_downscaled(image, q, size, warp_card) for q in quads]
    h, w = image.shape[:2]
    for portrait in (True, False):
        # The largest 2:3 box around the centre, standing or lying.
        box_h = min(h, w * 1.5) if portrait else min(h, w / 1.5)
        box_w = box_h / 1.5 if portrait else box_h * 1.5
        x0, y0 = (w - box_w) / 2, (h - box_h) / 2
        box = image[int(y0):int(y0 + box_h), int(x0):int(x0 + box_w)]
        if not portrait:
            box = cv2.rotate(box, cv2.ROTATE_90_CLOCKWISE)
        crops.append(cv2.resize(box, size, interpolation=cv2.INTER_AREA))
        quads.append(None)
    return crops, quads, len(crops) - 2


def _photo_quads(image: np.ndarray, min_area: float) -> list[np.ndarray]:
    """The card outlines to read in a photo: the largest ``CANDIDATES`` found as on the table, then
    those found telling the cloth by its colours whatever its edges (a check whose squares are about
    a card's size closes card-shaped outlines of its own and breaks the card's, too few edges for the
    table's search to call it busy), less the ones that outline a card already found. A cloth the
    table's search calls busy is told by its colours already: searched once."""
    from companion.vision.detect import busy_cloth, find_card_quads, overlap, quad_area

    def same(a: np.ndarray, b: np.ndarray) -> bool:  # overlapping, and of about one size
        smaller, larger = sorted((quad_area(a), quad_area(b)))
        return overlap(a, b) > SAME_OUTLINE and smaller > SAME_OUTLINE * larger

    busy = busy_cloth(image)
    quads = find_card_quads(image, min_area=min_area, busy=busy)[:CANDIDATES]
    if busy:
        return quads
    for quad in find_card_quads(image, min_area=min_area, busy=True)[:CANDIDATES]:
        if not any(same(quad, other) for other in quads):
            quads.append(quad)
    return quads


def _warp_downscaled(image: np.ndarray, quad: np.ndarray, size: tuple[int, int], warp_card) -> np.ndarray:
    """``warp_card``, after shrinking a large card's surroundings by area averaging.

    A perspective warp samples points; a card 1500 px tall cut to 96 px would alias into noise that
    the training crops (cards up to ~150 px tall) never had.
    """
    import cv2

    quad = np.asarray(quad, np.float32)
    long_side = max(float(np.linalg.norm(quad[i] - quad[(i + 1) % 4])) for i in range(4))
    factor = 2.0 * size[1] / max(long_side, 1.0)
    if factor >= 1.0:
        return warp_card(image, quad, size)
    h, w = image.shape[:2]
    x0, y0 = np.maximum(np.floor(quad.min(axis=0)).astype(int) - 4, 0)
    x1, y1 = np.minimum(np.ceil(quad.max(axis=0)).astype(int) + 4, [w, h])
    region = cv2.resize(image[y0:y1, x0:x1], None, fx=factor, fy=factor, interpolation=cv2.INTER_AREA)
    return warp_card(region, (quad - np.array([x0, y0], np.float32)) * factor, size)


def read_photo(classifier: Classifier, image: np.ndarray) -> PhotoReading:
    """The card in a photo that shows one card somewhere: one batched call over all candidates.

    The most confident outline that names a card wins; when none does, the whole-image fallback
    that does (``found`` false); when nothing names a card, the largest outline's reading.
    """
    crops, quads, outlines = photo_crops(image, (classifier.width, classifier.height))
    return chosen_reading(classifier.classify(crops), quads, outlines)


def chosen_reading(readings: list[Reading], quads: list, outlines: int) -> PhotoReading:
    """``read_photo``'s choice among the readings of a photo's candidate crops (``photo_crops``)."""

    def best(indices):
        named = [i for i in indices if readings[i].code is not None]
        return max(named, key=lambda i: readings[i].confidence) if named else None

    choice = best(range(outlines))
    if choice is None:
        choice = best(range(outlines, len(readings)))
    if choice is None:
        choice = 0 if outlines else max(range(len(readings)), key=lambda i: readings[i].confidence)
    return PhotoReading(readings[choice], choice < outlines, quads[choice])


def enrollment_reading(classifier: Classifier, image: np.ndarray, code: str) -> tuple[Reading, bool]:
    """The reading of a photo of ``code`` to enroll (its embedding): of the card outlines found in the
    photo (``photo_crops``), the one the model finds likeliest to be ``code``, so that an outline of
    the cloth or of a card's picture is not enrolled as the card. The whole-image fallbacks only when
    no outline was found: a card of a design the model does not know (a back) may look likelier in a
    crop of the whole table than in its own outline, and its photo would teach the table. Also
    whether it is an outline."""
    crops, _, outlines = photo_crops(image, (classifier.width, classifier.height))
    readings = classifier.classify(crops[:outlines or len(crops)], top_k=len(classifier.codes))
    best = max(range(len(readings)), key=lambda i: dict(readings[i].top).get(code, 0.0))
    return readings[best], best < outlines


def _weighed(p: np.ndarray, weights: np.ndarray, none: int) -> np.ndarray:
    """``p`` (over codes, ``none`` the index of "none") re-weighed as ``Classifier.classify`` says."""
    possible = weights > 0
    possible[none] = False
    out = np.zeros_like(p)
    out[none] = p[~possible].sum()  # "no card", and the cards that cannot lie there
    prior = p * np.where(possible, weights, 0.0)
    if prior.sum() > 0:
        out += prior * (p[possible].sum() / prior.sum())
    return out


def _log_softmax(logits: np.ndarray) -> np.ndarray:
    shifted = logits - logits.max(axis=1, keepdims=True)
    return shifted - np.log(np.exp(shifted).sum(axis=1, keepdims=True))
