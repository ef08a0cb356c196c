"""Vision timings, each against a peer measured in the same run.

    .venv/bin/python benchmarks/vision.py [--section classifier] [--crops 64] [--repeats 20]

classifier: milliseconds per crop of ``Classifier.classify`` (preprocessing + one onnxruntime call,
intra_op_num_threads=1) at batch 1, 4 and 16, against plain OpenCV template matching of the same
crops (grey, normalised cross-correlation with one template per class drawn from one printing:
the simplest recogniser that needs no model). Both read the same held-out synthetic crops; their
top-1 accuracy is printed too, so the speed ratio is not read without what it buys.
"""

from __future__ import annotations

import argparse
import statistics
import time

import cv2
import numpy as np


def _timed(fn, repeats: int) -> float:
    fn()  # warm-up
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def classifier_section(crops_count: int, repeats: int) -> None:
    from companion import cards
    from companion.sim.faces import FaceStyle, render_face
    from companion.train.data import Recipe, make_sample
    from companion.vision.classify import Classifier

    cv2.setNumThreads(1)
    recipe = Recipe(name="bench", seed=99, split="heldout", samples=crops_count, none_fraction=0.0)
    samples = [make_sample(recipe, i) for i in range(crops_count)]
    crops = [c for c, _ in samples]
    truth = [code for _, code in samples]
    classifier = Classifier(threads=1)
    size = (classifier.width, classifier.height)

    style = FaceStyle.random(np.random.default_rng(0), "train")
    codes = list(cards.ALL_CODES)
    templates = np.stack([cv2.cvtColor(cv2.resize(render_face(c, style), size, interpolation=cv2.INTER_AREA),
                                       cv2.COLOR_BGR2GRAY) for c in codes])

    def template_match(batch):
        answers = []
        for crop in batch:
            grey = cv2.cvtColor(cv2.resize(crop, size, interpolation=cv2.INTER_AREA), cv2.COLOR_BGR2GRAY)
            scores = [float(cv2.matchTemplate(grey, t, cv2.TM_CCOEFF_NORMED)[0, 0]) for t in templates]
            answers.append(codes[int(np.argmax(scores))])
        return answers

    model_acc = np.mean([r.code == t for r, t in zip(classifier.classify(crops), truth, strict=True)])
    peer_acc = np.mean([a == t for a, t in zip(template_match(crops), truth, strict=True)])
    print(f"classifier: {crops_count} held-out synthetic crops, {classifier.width}x{classifier.height}, "
          "one core")
    print(f"  top-1: model {model_acc:.3f}   template matching {peer_acc:.3f}")
    print(f"  {'batch':>5} {'model ms/crop':>14} {'template ms/crop':>17} {'ratio':>7}")
    for batch_size in (1, 4, 16):
        batches = [crops[i:i + batch_size] for i in range(0, crops_count - batch_size + 1, batch_size)]

        def run_model(batches=batches):
            for b in batches:
                classifier.classify(b)

        def run_peer(batches=batches):
            for b in batches:
                template_match(b)

        n = sum(len(b) for b in batches)
        model_ms = _timed(run_model, repeats) / n * 1000
        peer_ms = _timed(run_peer, max(1, repeats // 5)) / n * 1000
        print(f"  {batch_size:>5} {model_ms:>14.3f} {peer_ms:>17.3f} {peer_ms / model_ms:>6.1f}x")


SECTIONS = {"classifier": classifier_section}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--section", choices=sorted(SECTIONS), action="append")
    parser.add_argument("--crops", type=int, default=64)
    parser.add_argument("--repeats", type=int, default=20)
    args = parser.parse_args()
    for name in args.section or list(SECTIONS):
        SECTIONS[name](args.crops, args.repeats)


if __name__ == "__main__":
    main()
