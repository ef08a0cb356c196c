"""Frame sources: a webcam, a video file, a folder of images or the simulated table, one interface.

    source = open_source("0")            # webcam 0; also "video.mp4", "photos/", "sim"
    for frame in source:                 # Frame(t, image, truth, camera)
        ...
    source.close()

Every source iterates ``Frame`` objects: ``t`` is the frame time in seconds (video time for files
and the simulated table, seconds since opening for a webcam), ``image`` a BGR uint8 array, ``truth``
the simulated table's ground truth (None elsewhere). A webcam that stops delivering frames yields
one frame with ``image=None`` and ``camera="lost"``, keeps trying to reopen the device, and marks the
first frame after it is back with ``camera="ok"``; it never raises for it. ``source.stop()`` ends the
iteration from another thread. A source that cannot be opened at all raises ``SourceError`` with a
message a person can act on.
"""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

IMAGE_SUFFIXES = {".png", ".jpg", ".jpeg", ".bmp", ".webp", ".tif", ".tiff"}


class SourceError(Exception):
    """A frame source that cannot be opened; the message says what to check."""


@dataclass
class Frame:
    t: float
    image: np.ndarray | None
    truth: dict | None = None
    camera: str | None = None  # "lost" | "ok" on a webcam's change of state, else None
    extra: dict = field(default_factory=dict)


class Source:
    """The common part of every source: iteration, ``size``, ``stop`` and ``close``."""

    name = "source"
    size: tuple[int, int] | None = None  # (width, height) once known

    def __init__(self) -> None:
        self._stopped = threading.Event()

    def frames(self) -> Iterator[Frame]:
        raise NotImplementedError

    def __iter__(self) -> Iterator[Frame]:
        for frame in self.frames():
            if self._stopped.is_set():
                return
            if frame.image is not None:
                self.size = (frame.image.shape[1], frame.image.shape[0])
            yield frame

    def stop(self) -> None:
        self._stopped.set()

    def close(self) -> None:
        self.stop()

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        self.close()


class CameraSource(Source):
    """A webcam by index. Lost frames are reported (``camera="lost"``) and the device reopened."""

    def __init__(self, index: int, *, retry_s: float = 1.0, lost_after: int = 5,
                 capture_factory: Callable | None = None, clock: Callable[[], float] = time.monotonic,
                 sleep: Callable[[float], None] = time.sleep):
        super().__init__()
        import cv2

        self.index = index
        self.name = f"camera {index}"
        self.retry_s = retry_s
        self.lost_after = lost_after  # failed reads in a row before the camera counts as lost
        self._open = capture_factory or cv2.VideoCapture
        self._clock = clock
        self._sleep = sleep
        self._capture = self._open(index)
        if not self._capture.isOpened():
            self._capture.release()
            raise SourceError(f"camera {index} cannot be opened; check that it is plugged in and not "
                              "used by another program, or try another index")

    def frames(self) -> Iterator[Frame]:
        start = self._clock()
        failures = 0
        lost = False
        while not self._stopped.is_set():
            ok, image = (False, None)
            if self._capture is not None:
                try:
                    ok, image = self._capture.read()
                except Exception:  # a driver that throws on unplug counts as a failed read
                    ok = False
            if ok and image is not None:
                failures = 0
                yield Frame(self._clock() - start, image, camera="ok" if lost else None)
                lost = False
                continue
            failures += 1
            if failures < self.lost_after and not lost:
                continue
            if not lost:
                lost = True
                yield Frame(self._clock() - start, None, camera="lost")
            self._reopen()

    def _reopen(self) -> None:
        if self._capture is not None:
            self._capture.release()
        self._sleep(self.retry_s)
        try:
            capture = self._open(self.index)
        except Exception:
            capture = None
        if capture is not None and capture.isOpened():
            self._capture = capture
        else:
            if capture is not None:
                capture.release()
            self._capture = None

    def close(self) -> None:
        super().close()
        if self._capture is not None:
            self._capture.release()
            self._capture = None


class VideoSource(Source):
    """A video file; frame times from its frame rate. Ends at the end of the file."""

    def __init__(self, path: str | Path, *, fps: float | None = None):
        super().__init__()
        import cv2

        self.path = Path(path)
        self.name = str(path)
        if not self.path.is_file():
            raise SourceError(f"video file {str(path)!r} not found")
        self._capture = cv2.VideoCapture(str(self.path))
        if not self._capture.isOpened():
            self._capture.release()
            raise SourceError(f"{str(path)!r} cannot be opened as a video (unknown format or damaged file)")
        rate = fps or self._capture.get(cv2.CAP_PROP_FPS)
        self.fps = float(rate) if rate and rate > 0 and np.isfinite(rate) else 30.0

    def frames(self) -> Iterator[Frame]:
        index = 0
        while True:
            ok, image = self._capture.read()
            if not ok or image is None:
                return
            yield Frame(index / self.fps, image)
            index += 1

    def close(self) -> None:
        super().close()
        self._capture.release()


class FolderSource(Source):
    """The images of a folder in name order, ``fps`` frames per second of frame time.

    An image that cannot be read is skipped with a warning on standard error.
    """

    def __init__(self, path: str | Path, *, fps: float = 10.0):
        super().__init__()
        self.path = Path(path)
        self.name = str(path)
        self.fps = fps
        if not self.path.is_dir():
            raise SourceError(f"{str(path)!r} is not a folder")
        self.files = sorted(p for p in self.path.iterdir() if p.suffix.lower() in IMAGE_SUFFIXES)
        if not self.files:
            kinds = ", ".join(sorted(IMAGE_SUFFIXES))
            raise SourceError(f"the folder {str(path)!r} holds no images ({kinds})")

    def frames(self) -> Iterator[Frame]:
        import cv2

        for index, file in enumerate(self.files):
            image = cv2.imread(str(file), cv2.IMREAD_COLOR)
            if image is None:
                print(f"warning: {file} is not a readable image; skipped", file=sys.stderr)
                continue
            yield Frame(index / self.fps, image, extra={"file": str(file)})


class SimSource(Source):
    """The simulated table (companion.sim.table.SimulatedTable) as a source; frames carry the truth."""

    def __init__(self, table):
        super().__init__()
        self.table = table
        self.name = f"sim seed {table.seed}"
        self.size = tuple(table.size)

    def frames(self) -> Iterator[Frame]:
        yield from self.table


def open_source(spec: str, *, seed: int = 0, edition: str = "adventure", players: int = 3,
                **sim_options) -> Source:
    """A source from what a person types: a camera index, ``sim``, a folder or a video file."""
    spec = str(spec)
    if spec.isdigit():
        return CameraSource(int(spec))
    if spec == "sim":
        from companion.sim.table import SimulatedTable

        return SimSource(SimulatedTable(edition, players, seed, **sim_options))
    path = Path(spec)
    if path.is_dir():
        return FolderSource(path)
    if path.is_file():
        return VideoSource(path)
    raise SourceError(f"{spec!r} is neither a camera index, 'sim', a folder nor a video file")
