"""Vision timings, each against a peer measured in the same run.

    .venv/bin/python benchmarks/vision.py [--section classifier|frame|photo] [--crops 64] [--repeats 20]

classifier: milliseconds per crop of ``Classifier.classify`` (preprocessing + one onnxruntime call,
intra_op_num_threads=1) at batch 1, 4 and 16, against plain OpenCV template matching of the same
crops (grey, normalised cross-correlation with one template per class drawn from one printing:
the simplest recogniser that needs no model). Both read the same held-out synthetic crops; their
top-1 accuracy is printed too, so the speed ratio is not read without what it buys.

photo: ``read_photo`` per whole photo (what ``companion classify`` does), as shipped against the
photo searched once as on the table, on the same held-out photos (``--crops`` of them), with the
top-1 of each.

frame: the whole per-frame cost of ``Pipeline.process`` (motion check, card outlines per zone,
crops, one classify call, the watcher) on simulated table frames with four zones, at 640x480 and
1280x720, median ms per frame on one core; "every frame" detects and classifies every still zone
in every frame, "as run" reuses a zone's reading while its picture is unchanged (the default).
The peer is the detector people reach for: YOLOv8n exported to ONNX (untrained weights: the cost
is the same), run by the same onnxruntime on one core at 640 and 320, resize included. Both are
timed in CPU time of this process (the machine is shared with other work). Its ONNX
files are made once in a separate virtual environment and cached there::

    python3 -m venv benchmarks/.venv-yolo
    benchmarks/.venv-yolo/bin/pip install torch==2.14.1 torchvision==0.29.1 ultralytics onnx
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

import cv2
import numpy as np


def _timed(fn, repeats: int, clock=time.perf_counter) -> float:
    """The median seconds of ``fn`` on ``clock`` over ``repeats`` calls, after one warm-up call."""
    fn()  # warm-up
    times = []
    for _ in range(repeats):
        start = clock()
        fn()
        times.append(clock() - start)
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


YOLO_DIR = Path(__file__).resolve().parent / ".venv-yolo"
YOLO_EXPORT = """
import os, shutil, sys
os.environ["YOLO_OFFLINE"] = "1"
from ultralytics import YOLO
size, out = int(sys.argv[1]), sys.argv[2]
path = YOLO("yolov8n.yaml").export(format="onnx", imgsz=size, dynamic=False, simplify=False, opset=17)
shutil.move(path, out)
"""
FRAME_ZONES = ("discard", "deck", "pirates", "ghosts")


def yolo_onnx(size: int) -> tuple[Path | None, str]:
    """The cached YOLOv8n ONNX at ``size``, exported on first use; (None, why) when it cannot be."""
    import os
    import subprocess

    path = YOLO_DIR / "models" / f"yolov8n-{size}.onnx"
    if path.is_file():
        return path, ""
    python = YOLO_DIR / "bin" / "python"
    if not python.is_file():
        return None, f"no {YOLO_DIR.name} virtual environment with ultralytics (see this file's docstring)"
    path.parent.mkdir(parents=True, exist_ok=True)
    work = path.parent / f"export-{size}"
    work.mkdir(exist_ok=True)
    done = subprocess.run([str(python), "-c", YOLO_EXPORT, str(size), str(path)], cwd=work, timeout=600,
                          env={**os.environ, "YOLO_OFFLINE": "1"}, capture_output=True, text=True)
    if done.returncode != 0 or not path.is_file():
        last = (done.stderr or done.stdout).strip().splitlines()[-1:] or ["no output"]
        return None, f"the YOLOv8n export failed: {last[0]}"
    return path, ""


def yolo_ms(size: int, frame: np.ndarray, repeats: int) -> tuple[float | None, str]:
    import onnxruntime as ort

    path, why = yolo_onnx(size)
    if path is None:
        return None, why
    options = ort.SessionOptions()
    options.intra_op_num_threads = 1
    options.inter_op_num_threads = 1
    session = ort.InferenceSession(str(path), options, providers=["CPUExecutionProvider"])
    name = session.get_inputs()[0].name

    def infer():
        blob = cv2.dnn.blobFromImage(frame, 1 / 255.0, (size, size), swapRB=True)
        session.run(None, {name: blob})

    return _timed(infer, repeats, clock=time.process_time) * 1000, ""


class _NoModel:
    """Stands in for the card model when there is none, so the rest of a frame can be timed."""

    width, height = 64, 96

    def classify(self, crops):
        class Reading:
            code, confidence = "back", 1.0

        return [Reading() for _ in crops]


def frame_section(crops_count: int, repeats: int) -> None:
    from companion.sim.table import SimulatedTable
    from companion.vision.classify import Classifier, ModelError
    from companion.vision.pipeline import Pipeline
    from companion.vision.zones import Zones

    cv2.setNumThreads(1)
    try:
        classifier = Classifier(edition="adventure", threads=1)
        note = ""
    except ModelError as exc:
        classifier = _NoModel()
        note = f" (classification NOT included: {exc})"
    print(f"frame: Pipeline.process per frame, 4 zones, simulated adventure table, one core{note}")
    print(f"  {'size':>9} {'every frame ms':>15} {'as run ms':>10}")
    first_frame = None
    results = {}
    for size in ((640, 480), (1280, 720)):
        table = SimulatedTable("adventure", 3, seed=5, size=size, max_actions=10)
        frames = [f for f in table][:240]
        if first_frame is None:
            first_frame = frames[len(frames) // 2].image
        zones = Zones({name: table.zones[name] for name in FRAME_ZONES}, table.zones.frame)
        medians = []
        for reuse in (False, True):
            pipeline = Pipeline(zones, classifier, reuse=reuse)
            times = []
            for frame in frames:
                start = time.process_time()  # CPU time: the machine is shared
                pipeline.process(frame)
                times.append(time.process_time() - start)
            medians.append(statistics.median(times[5:]) * 1000)
        results[size] = medians
        print(f"  {size[0]:>4}x{size[1]:<4} {medians[0]:>15.2f} {medians[1]:>10.2f}")
    every, as_run = results[(640, 480)]
    for size in (640, 320):
        ms, why = yolo_ms(size, first_frame, max(3, repeats // 2))
        if ms is None:
            print(f"  YOLOv8n ONNX {size}: not measured: {why}")
            continue
        print(f"  YOLOv8n ONNX {size}x{size}: {ms:.1f} ms per frame; the pipeline at 640x480 is "
              f"{ms / every:.1f}x faster every frame, {ms / as_run:.1f}x as run")


def photo_section(crops_count: int, repeats: int) -> None:
    """``read_photo`` on whole photos (640x480, held-out printings, tables of every kind), one core,
    against the same reading with the photo searched once as on the table (no second search telling
    the cloth by its colours): milliseconds per photo and top-1 of each on the same photos."""
    import companion.vision.classify as classify
    from companion import cards
    from companion.sim import scene
    from companion.sim.faces import FaceStyle, render_face
    from companion.vision.detect import find_card_quads

    cv2.setNumThreads(1)
    rng = np.random.default_rng(1234)
    codes = list(cards.ALL_CODES)
    photos = []
    for i in range(crops_count):
        code = codes[i % len(codes)]
        face = render_face(code, FaceStyle.random(rng, "heldout"))
        image, _ = scene.card_photo(face, rng, card_height=float(rng.uniform(80, 400)),
                                    strength=float(rng.uniform(0.2, 1.5)))
        photos.append((code, image))
    classifier = classify.Classifier(threads=1)
    searched_twice = classify._photo_quads

    def searched_once(image, min_area):
        return find_card_quads(image, min_area=min_area)[:classify.CANDIDATES]

    def read_all(search):
        classify._photo_quads = search
        try:
            return [classify.read_photo(classifier, image).reading.code for _, image in photos]
        finally:
            classify._photo_quads = searched_twice

    truth = [code for code, _ in photos]
    rounds = max(1, repeats // 10)
    results = {}
    for name, search in (("searched twice", searched_twice), ("searched once", searched_once)):
        read = read_all(search)
        ms = _timed(lambda search=search: read_all(search), rounds, time.process_time) / len(photos) * 1000
        results[name] = (ms, np.mean([a == t for a, t in zip(read, truth, strict=True)]))
    (twice_ms, twice_acc), (once_ms, once_acc) = results["searched twice"], results["searched once"]
    print(f"photos: {len(photos)} held-out photos, 640x480, read_photo on one core (CPU time)")
    print(f"  searched twice (as shipped) {twice_ms:7.1f} ms/photo, top-1 {twice_acc:.3f}")
    print(f"  searched once (the table's) {once_ms:7.1f} ms/photo, top-1 {once_acc:.3f}")
    print(f"  ratio {twice_ms / once_ms:.1f}x the time")


SECTIONS = {"classifier": classifier_section, "frame": frame_section, "photo": photo_section}


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
