"""Frame sources: video files, image folders, a webcam that disappears and comes back."""

import cv2
import numpy as np
import pytest

from companion.vision.sources import (
    CameraSource,
    FolderSource,
    SourceError,
    VideoSource,
    open_source,
)


def write_video(path, n=6, size=(64, 48), fps=10.0):
    writer = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*"MJPG"), fps, size)
    for i in range(n):
        writer.write(np.full((size[1], size[0], 3), 20 * i, np.uint8))
    writer.release()


def test_video_file_frames_and_times(tmp_path):
    path = tmp_path / "clip.avi"
    write_video(path)
    source = open_source(str(path))
    assert isinstance(source, VideoSource)
    frames = list(source)
    assert len(frames) == 6
    assert [f.t for f in frames] == pytest.approx([i / 10 for i in range(6)])
    assert source.size == (64, 48)
    source.close()


def test_video_that_cannot_be_opened(tmp_path):
    bad = tmp_path / "broken.mp4"
    bad.write_text("this is not a video")
    with pytest.raises(SourceError, match="cannot be opened as a video"):
        VideoSource(bad)
    with pytest.raises(SourceError, match="not found"):
        VideoSource(tmp_path / "missing.mp4")
    with pytest.raises(SourceError, match="neither a camera index"):
        open_source(str(tmp_path / "missing.mp4"))


def test_folder_in_name_order_skipping_unreadable_images(tmp_path, capsys):
    for i in (2, 0, 1):
        cv2.imwrite(str(tmp_path / f"f{i}.png"), np.full((10, 12, 3), 50 * i, np.uint8))
    (tmp_path / "f3.png").write_text("not a png")
    (tmp_path / "notes.txt").write_text("ignored")
    source = open_source(str(tmp_path))
    assert isinstance(source, FolderSource)
    frames = list(source)
    assert [int(f.image[0, 0, 0]) for f in frames] == [0, 50, 100]
    assert "f3.png is not a readable image" in capsys.readouterr().err


def test_empty_folder(tmp_path):
    with pytest.raises(SourceError, match="holds no images"):
        FolderSource(tmp_path)


class FakeCapture:
    """A capture whose device delivers ``script`` reads: an image, or None for a failed read."""

    def __init__(self, script, opens=True):
        self.script = script
        self.opens = opens
        self.released = False

    def isOpened(self):
        return self.opens

    def read(self):
        if not self.script:
            raise RuntimeError("device gone")
        item = self.script.pop(0)
        return (item is not None), item

    def release(self):
        self.released = True


def test_camera_lost_is_reported_retried_and_recovers():
    image = np.zeros((4, 4, 3), np.uint8)
    # First device: two frames, then the cable is pulled (failed reads, then the driver throws).
    devices = [
        FakeCapture([image, image, None, None]),
        FakeCapture([], opens=False),  # the first retry finds no device
        FakeCapture([image, image]),  # then it is back
    ]
    opened = []

    def factory(index):
        opened.append(index)
        return devices.pop(0)

    ticks = iter(range(1000))
    camera = CameraSource(1, lost_after=3, retry_s=0.5, capture_factory=factory,
                          clock=lambda: float(next(ticks)), sleep=lambda s: None)
    seen = []
    for frame in camera:
        seen.append((frame.camera, frame.image is not None))
        if len(seen) == 5:
            camera.stop()
    assert seen == [(None, True), (None, True), ("lost", False), ("ok", True), (None, True)]
    assert opened == [1, 1, 1]


def test_camera_that_cannot_be_opened():
    with pytest.raises(SourceError, match="camera 3 cannot be opened"):
        CameraSource(3, capture_factory=lambda i: FakeCapture([], opens=False))


def test_the_simulated_table_as_a_source():
    source = open_source("sim", seed=2, size=(320, 240), fps=10, max_actions=2)
    assert source.size == (320, 240)
    frames = list(source)
    assert frames and all(f.image.shape == (240, 320, 3) for f in frames)
    assert sum(len(f.truth["actions"]) for f in frames) == 2
    assert source.table.zones.frame == (320, 240)
