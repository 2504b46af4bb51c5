"""A profile's camera (``calibrate camera``) is used where the cube is watched: ``scan`` and
``guide --camera`` open that camera by default with its saved size and locked exposure, and
correct its lens distortion (at the calibrated size or any other size of the same sensor)."""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import cv2
import numpy as np
import pytest

from sudoku_cube.assistant.cli import main
from sudoku_cube.calibration.profiles import Profile, save_profile
from sudoku_cube.vision.photo.camera import CameraError
from sudoku_cube.vision.photo.camera_settings import CameraSettings, LensCalibration
from sudoku_cube.vision.photo.camera_setup import profile_frames
from sudoku_cube.vision.photo.lens import lens_correction, undistort
from tests.conftest import assert_clear_error

ROOT = Path(__file__).resolve().parents[1]
VIDEO = ROOT / "samples" / "video" / "show-six-faces.avi"

K = ((500.0, 0.0, 320.0), (0.0, 500.0, 240.0), (0.0, 0.0, 1.0))
DIST = (-0.3, 0.1, 0.0, 0.0, 0.0)
LENS = LensCalibration(K, DIST, (640, 480), 0.2, 12)


def _dots(scale: int) -> tuple[np.ndarray, np.ndarray]:
    """A picture of dots as a distorting lens shows a flat grid of them (drawn at ``scale``
    times the calibrated size), and where a distortion-free lens would show them."""
    xs, ys = np.meshgrid(np.linspace(-0.55, 0.55, 7), np.linspace(-0.4, 0.4, 5))
    grid = np.stack([xs.ravel(), ys.ravel(), np.ones(xs.size)], axis=1)
    seen, _ = cv2.projectPoints(grid, np.zeros(3), np.zeros(3), np.array(K), np.array(DIST))
    ideal = grid[:, :2] * 500.0 + (320.0, 240.0)
    image = np.zeros((480 * scale, 640 * scale, 3), np.uint8)
    for x, y in seen.reshape(-1, 2) * scale:
        cv2.circle(image, (int(round(x * 4)), int(round(y * 4))), 3 * scale * 4, (255, 255, 255),
                   -1, cv2.LINE_AA, shift=2)
    return image, ideal * scale


def _centroids(image: np.ndarray) -> np.ndarray:
    gray = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    n, _, _, centres = cv2.connectedComponentsWithStats((gray > 127).astype(np.uint8))
    return centres[1:]


def _worst_miss(found: np.ndarray, ideal: np.ndarray) -> float:
    d = np.linalg.norm(found[:, None, :] - ideal[None, :, :], axis=2)
    return float(d.min(axis=0).max())


def test_undistort_straightens_a_grid_at_the_calibrated_size_and_at_twice_it():
    for scale in (1, 2):
        image, ideal = _dots(scale)
        assert _worst_miss(_centroids(image), ideal) > 10 * scale  # the lens bends the grid
        fixed = _centroids(undistort(image, LENS))
        assert len(fixed) == len(ideal)
        assert _worst_miss(fixed, ideal) < 1.5 * scale


def test_lens_correction_only_for_the_source_the_profile_calibrated():
    image, _ = _dots(1)
    camera = CameraSettings(source=1, lens=LENS)
    assert lens_correction(0, camera)(image) is image
    assert lens_correction(1, CameraSettings(source=1))(image) is image
    assert not np.array_equal(lens_correction(1, camera)(image), image)


class RecordingCamera:
    """A camera device that opens, records what is set on it, and gives no picture."""

    opened: list = []
    sets: list = []

    def __init__(self, source, *args) -> None:
        RecordingCamera.opened.append(source)

    def isOpened(self) -> bool:  # noqa: N802 - OpenCV's name
        return True

    def read(self):
        return False, None

    def get(self, prop):
        return 0.0

    def set(self, prop, value):
        RecordingCamera.sets.append((prop, value))
        return True

    def getBackendName(self) -> str:  # noqa: N802
        return "FAKE"

    def release(self) -> None:
        pass


def test_scan_opens_the_profiles_camera_with_its_saved_settings(monkeypatch, capsys):
    save_profile(Profile(name="webcam", camera=CameraSettings(
        source=3, width=1280, height=720, exposure=-6.0, locked=("exposure",))))
    RecordingCamera.opened, RecordingCamera.sets = [], []
    monkeypatch.setattr(cv2, "VideoCapture", RecordingCamera)
    code = main(["scan", "--profile", "webcam", "--no-window"])
    assert_clear_error(code, capsys.readouterr().err, "camera 3", "probably busy")
    assert RecordingCamera.opened == [3]
    assert (cv2.CAP_PROP_FRAME_WIDTH, 1280) in RecordingCamera.sets
    assert (cv2.CAP_PROP_EXPOSURE, -6.0) in RecordingCamera.sets
    RecordingCamera.opened, RecordingCamera.sets = [], []
    code = main(["scan", "--profile", "webcam", "--camera", "0", "--no-window"])
    assert_clear_error(code, capsys.readouterr().err, "camera 0", "probably busy")
    assert RecordingCamera.opened == [0] and RecordingCamera.sets == []  # not the profile's


def test_scan_with_a_profile_whose_camera_is_gone_says_what_to_do(tmp_path, capsys):
    gone = tmp_path / "old.avi"
    save_profile(Profile(name="gone", camera=CameraSettings(source=str(gone))))
    code = main(["scan", "--profile", "gone", "--no-window"])
    assert_clear_error(code, capsys.readouterr().err, "profile gone", "old.avi",
                       "no longer there", "calibrate camera")


def test_profile_frames_end_with_a_video_only_when_asked(tmp_path):
    """The guide watches a recorded video to its end; a scan whose video ends says so."""
    cap = cv2.VideoCapture(str(VIDEO))
    total = int(cap.get(cv2.CAP_PROP_FRAME_COUNT))
    cap.release()
    with profile_frames(str(VIDEO), end_at_video_end=True) as frames:
        assert sum(1 for _ in frames) == total
    with profile_frames(str(VIDEO)) as frames:
        with pytest.raises(CameraError, match="the video ended after"):
            for _ in frames:
                pass


def test_profile_frames_are_lens_corrected_for_the_calibrated_source(tmp_path):
    image, _ = _dots(1)
    video = tmp_path / "dots.avi"
    out = cv2.VideoWriter(str(video), cv2.VideoWriter_fourcc(*"MJPG"), 5, (640, 480))
    for _ in range(3):
        out.write(image)
    out.release()
    plain = CameraSettings(source=str(video))
    with profile_frames(str(video), plain, end_at_video_end=True) as frames:
        first = next(iter(frames))
    with profile_frames(str(video), replace(plain, lens=LENS), end_at_video_end=True) as frames:
        fixed = next(iter(frames))
    assert np.array_equal(undistort(first, LENS), fixed)
    assert _worst_miss(_centroids(fixed), _dots(1)[1]) < 3 < _worst_miss(_centroids(first),
                                                                          _dots(1)[1])
