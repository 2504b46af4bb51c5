"""Camera calibration against video files standing in for a camera."""
from __future__ import annotations

import cv2
import numpy as np
import pytest

from sudoku_cube.assistant.cli import main
from sudoku_cube.vision.photo.camera import CameraError, open_source, read_frame
from sudoku_cube.vision.photo.camera_probe import probe_cameras
from sudoku_cube.vision.photo.camera_setup import configure_camera
from sudoku_cube.vision.photo.lens import calibrate_lens
from sudoku_cube.calibration.profile_files import ProfileError
from sudoku_cube.calibration.profiles import load_profile


def _video(path, frames: list[np.ndarray], fps: int = 10) -> str:
    h, w = frames[0].shape[:2]
    out = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*"MJPG"), fps, (w, h))
    for f in frames:
        out.write(f)
    out.release()
    return str(path)


def _scene(brightness: float) -> np.ndarray:
    img = np.full((120, 160, 3), 40, np.uint8)
    img[30:90, 40:120] = np.clip(np.array([200, 190, 180]) * brightness, 0, 255)
    return img


def test_settles_after_auto_exposure_stops_changing(tmp_path, capsys):
    # brightness ramps for 10 frames (auto exposure at work), then stays
    frames = [_scene(0.4 + 0.06 * min(i, 10)) for i in range(40)]
    video = _video(tmp_path / "cam.avi", frames)
    s = configure_camera(video)
    assert (s.width, s.height) == (160, 160 * 3 // 4)
    assert 10 <= s.settle_frames <= 25 and not any("still changing" in n for n in s.notes)
    assert s.locked == () and any("no exposure" in n for n in s.notes)
    assert main(["calibrate", "camera", "--camera", video, "--profile", "desk"]) == 0
    saved = load_profile("desk").camera
    assert saved.source == video and saved.width == 160
    assert "160x120" in capsys.readouterr().out
    assert main(["calibrate", "camera", "--camera", video, "--list"]) == 0


def test_frames_stop_and_bad_sources(tmp_path, capsys):
    short = _video(tmp_path / "short.avi", [_scene(0.5)] * 2)
    with pytest.raises(CameraError, match="ended after 2 frames"):
        configure_camera(short)
    assert main(["calibrate", "camera", "--camera", short]) == 2
    assert "ended after 2 frames" in capsys.readouterr().err
    fake = tmp_path / "fake.avi"
    fake.write_bytes(b"not a video at all")
    info = probe_cameras([str(fake)])[0]
    assert not info.ok and info.problem
    with pytest.raises(CameraError, match="fake.avi"):
        cap = open_source(str(fake))
        read_frame(cap, str(fake))
    assert main(["calibrate", "camera", "--camera", str(tmp_path / "missing.avi")]) == 2
    assert "no such video file" in capsys.readouterr().err
    # no camera devices at all (the index list is empty or none opens): a clear exit 2
    assert main(["calibrate", "camera", "--camera", "57"]) == 2
    assert "no camera opens" in capsys.readouterr().err


def _chessboard_views(n: int = 10) -> list[np.ndarray]:
    """Views of a 9x6-inner-corner board through a pinhole camera (fx = fy = 600)."""
    sq, cols, rows = 30, 10, 7
    board = np.full((rows * sq + 2 * sq, cols * sq + 2 * sq), 255, np.uint8)
    for r in range(rows):
        for c in range(cols):
            if (r + c) % 2 == 0:
                board[sq + r * sq:sq + (r + 1) * sq, sq + c * sq:sq + (c + 1) * sq] = 0
    k = np.array([[600.0, 0, 320], [0, 600.0, 240], [0, 0, 1]])
    to_plane = np.array([[1 / sq, 0, -6], [0, 1 / sq, -4.5], [0, 0, 1]])  # board centred
    rng = np.random.default_rng(3)
    views = []
    for i in range(n):
        rvec = rng.uniform(-0.45, 0.45, 3) * np.array([1, 1, 0.5])
        rot, _ = cv2.Rodrigues(rvec)
        t = np.array([rng.uniform(-1.5, 1.5), rng.uniform(-1, 1), rng.uniform(16, 22)])
        h = k @ np.column_stack([rot[:, 0], rot[:, 1], t]) @ to_plane
        img = cv2.warpPerspective(board, h, (640, 480), borderValue=200)
        views.append(cv2.cvtColor(img, cv2.COLOR_GRAY2BGR))
    return views


def test_lens_calibration_from_chessboard_views(tmp_path):
    lens = calibrate_lens(_chessboard_views(), (9, 6))
    assert lens.views >= 5 and lens.rms < 1.0 and lens.image_size == (640, 480)
    assert abs(lens.camera_matrix[0][0] - 600) < 30 and abs(lens.camera_matrix[1][1] - 600) < 30
    with pytest.raises(CameraError, match="only 0 different views"):
        calibrate_lens([np.zeros((100, 100, 3), np.uint8)] * 3, (9, 6))
    video = _video(tmp_path / "board.avi", [v for v in _chessboard_views() for _ in range(2)])
    assert main(["calibrate", "camera", "--camera", video, "--profile", "lens",
                 "--chessboard", "9x6"]) == 0
    assert load_profile("lens").camera.lens.views >= 5


def test_a_lens_fit_no_camera_has_is_refused_and_not_saved(tmp_path, monkeypatch, capsys):
    """Chessboard views that fit pixels several times as tall as wide (a badly seen board:
    fx 21650 against fy 2884 was once saved) or the lens's centre off the picture: the
    calibration says so and what to do, exit status 2, and the profile is not written."""
    fit = cv2.calibrateCamera

    def absurd(*args, **kwargs):
        rms, matrix, dist, r, t = fit(*args, **kwargs)
        matrix = matrix.copy()
        matrix[0, 0] = 7.5 * matrix[1, 1]
        return rms, matrix, dist, r, t

    monkeypatch.setattr(cv2, "calibrateCamera", absurd)
    with pytest.raises(CameraError, match=r"pixels 7\.5 times as long one way as the other"):
        calibrate_lens(_chessboard_views(), (9, 6))
    video = _video(tmp_path / "board.avi", [v for v in _chessboard_views() for _ in range(2)])
    assert main(["calibrate", "camera", "--camera", video, "--profile", "warped",
                 "--chessboard", "9x6"]) == 2
    err = " ".join(capsys.readouterr().err.split())
    assert "fit a lens no camera has" in err and "film the board again" in err, err
    assert "Traceback" not in err
    with pytest.raises(ProfileError, match="'warped' not found"):
        load_profile("warped")

    def off_centre(*args, **kwargs):
        rms, matrix, dist, r, t = fit(*args, **kwargs)
        matrix = matrix.copy()
        matrix[0, 2] = -40.0
        return rms, matrix, dist, r, t

    monkeypatch.setattr(cv2, "calibrateCamera", off_centre)
    with pytest.raises(CameraError, match="its centre outside the picture"):
        calibrate_lens(_chessboard_views(), (9, 6))


def test_release_waits_for_a_read_in_flight_and_never_frees_under_it() -> None:
    """A read still running in the camera worker (Ctrl-C stopped waiting for it) must not have
    the capture freed under it: release waits, and keeps the capture if the read goes on."""
    import threading
    import time

    from sudoku_cube.vision.photo import camera

    class SlowCapture:
        def __init__(self) -> None:
            self.go = threading.Event()
            self.released = False

        def read(self):
            self.go.wait(5)
            return True, None

        def release(self) -> None:
            self.released = True

    cap = SlowCapture()
    worker = threading.Thread(target=lambda: camera._call_with_timeout(cap.read, 5, "x", "y"))
    worker.start()
    deadline = time.monotonic() + 5
    while camera._running == 0 and time.monotonic() < deadline:
        time.sleep(0.001)
    camera.release(cap, wait_s=0.05)
    assert not cap.released  # the read is still running: the capture is kept
    cap.go.set()
    worker.join()
    camera.release(cap, wait_s=0.05)
    assert cap.released


def test_camera_and_cube_calibration_save_into_one_default_profile(tmp_path, capsys):
    """Without --profile, ``calibrate camera`` saves into the same profile as the cube's
    calibration (mycube), not a second default name."""
    video = _video(tmp_path / "cam.avi", [_scene(0.7)] * 40)
    assert main(["calibrate", "camera", "--camera", video]) == 0
    assert load_profile("mycube").camera.source == video
    assert main(["calibrate", "settings", "--underlined", "yes"]) == 0
    mine = load_profile("mycube")
    assert mine.camera.source == video and mine.settings.underlined_69
