"""The scan's live window: the picture is a pure function of the scan's state (what to show
next in large words, the camera picture with the face located, the captured faces as a net, a
sign when a face is taken), and the real command shows it under a virtual display (Xvfb) with
a video as the camera: a screenshot holds the next face's name and the captured net."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import cv2
import numpy as np
import pytesseract

from sudoku_cube.assistant.services.files import load_state
from sudoku_cube.assistant.terminal.live_canvas import BACKGROUND, GREEN, YELLOW
from sudoku_cube.assistant.terminal.scan_canvas import scan_canvas, scan_scene
from sudoku_cube.assistant.services.scanner import Observation, Scanner
from sudoku_cube.models.cube.stickers import Hypothesis
from tests.conftest import said_captured
from tests.xvfb import runs_until_seen, screenshot_when, virtual_display

ROOT = Path(__file__).resolve().parents[1]
VIDEO = ROOT / "samples" / "video" / "show-six-faces.avi"
TRUTH = ROOT / "samples" / "video" / "truth.json"
F_HELD = 25
"""A frame of the sample video where face F is held still (its timeline: frames 22-28)."""


def _frames() -> list[np.ndarray]:
    cap = cv2.VideoCapture(str(VIDEO))
    frames = []
    while True:
        ok, frame = cap.read()
        if not ok:
            break
        frames.append(frame)
    cap.release()
    return frames


def _scanned(faces: str) -> Scanner:
    """A scanner that has captured ``faces`` of the sample video's cube."""
    truth = load_state(TRUTH)
    scanner = Scanner(save=False)
    for f in faces:
        st = truth.face(f)
        obs = Observation(st, tuple((Hypothesis(s, 0.9),) for s in st), 0.9)
        for _ in range(scanner.stable_frames):
            scanner.feed(obs)
    return scanner


def _near(image: np.ndarray, colour: tuple[int, int, int], tol: int = 12) -> np.ndarray:
    """Where ``image`` is within ``tol`` of ``colour`` in every channel (a whole screenshot is
    tested many times while the window comes up, so in one OpenCV pass, not int64 copies)."""
    lo = np.clip(np.array(colour) - tol, 0, 255).astype(np.uint8)
    hi = np.clip(np.array(colour) + tol, 0, 255).astype(np.uint8)
    return cv2.inRange(image, lo, hi) > 0


def _words(image: np.ndarray) -> str:
    """The text tesseract reads in ``image`` (light words on the dark window), one line."""
    grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    _, ink = cv2.threshold(grey, 110, 255, cv2.THRESH_BINARY_INV)
    return " ".join(pytesseract.image_to_string(ink, config="--psm 6").split())


def _net_faces(window: np.ndarray) -> dict[str, float]:
    """Share of near-white pixels in each face square of the net, found from the yellow outline
    of the next face (D, below F in the cross): F above it, U above F, L R B beside F."""
    h, w = window.shape[:2]
    right = window[h // 4:, w // 2:]
    ys, xs = np.nonzero(_near(right, YELLOW, 40))
    assert len(xs) > 100, "no face outlined as the next one"
    x0, x1, y0, y1 = xs.min(), xs.max(), ys.min(), ys.max()
    side = x1 - x0
    assert abs((y1 - y0) - side) <= side // 8, "the next face's outline is not a square"
    where = {"D": (0, 0), "F": (0, -1), "U": (0, -2), "L": (-1, -1), "R": (1, -1), "B": (2, -1)}
    out = {}
    for face, (dx, dy) in where.items():
        box = right[y0 + dy * side + side // 8: y0 + (dy + 1) * side - side // 8,
                    x0 + dx * side + side // 8: x0 + (dx + 1) * side - side // 8]
        out[face] = float(_near(box, (245, 245, 245), 30).mean()) if box.size else 0.0
    return out


def test_the_window_picture_names_the_next_face_and_shows_the_captured_net():
    frame = _frames()[F_HELD]
    scanner = _scanned("URF")
    picture = scan_canvas(scan_scene(frame, None, scanner))
    assert picture.shape == (720, 1280, 3)
    assert "Show the bottom face (D)" in _words(picture[:90])
    shares = _net_faces(picture)
    assert min(shares[f] for f in "URF") > 0.5, shares  # white stickers with their digits
    assert max(shares[f] for f in "DLB") < 0.05, shares  # not captured yet: empty squares
    # no face located in this frame: the picture says so rather than a count
    assert "No face found yet" in _words(picture[-90:])


def test_the_window_shows_a_sign_when_a_face_is_taken_and_the_face_read():
    frame = _frames()[F_HELD]
    scanner = _scanned("UR")
    quad = np.array([[60, 20], [260, 20], [260, 220], [60, 220]], np.float64)
    truth = load_state(TRUTH)
    st = truth.face("F")
    obs = Observation(st, tuple((Hypothesis(s, 0.9),) for s in st), 0.9, quad)
    plain = scan_canvas(scan_scene(frame, obs, scanner))
    scanner.feed(obs)
    scanner.feed(obs)
    event = scanner.feed(obs)
    assert event is not None and event.kind == "captured"
    taken = scan_canvas(scan_scene(frame, obs, scanner, ("F", "centre 6 (F)")))
    ys, xs = np.nonzero(_near(taken, (30, 90, 20), 6))  # the sign's dark green band
    assert len(xs) > 20000 and _near(plain, (30, 90, 20), 6).sum() == 0
    assert "Taken: centre 6 (F)" in _words(taken[ys.min():ys.max(), xs.min():xs.max()])
    assert _near(taken, GREEN, 10).sum() > _near(plain, GREEN, 10).sum() + 5000
    assert "Hold still" in _words(plain[-90:]) and "Show your front face (F)" in _words(plain[:90])


def _held_video(dst: Path) -> None:
    """The sample video up to face F, then F held still for a long while (the scan waits for
    D, time for a screenshot). A video file is read as fast as the machine can, so an idle
    machine may still reach its end first; the test accepts that ending."""
    frames = _frames()
    out = cv2.VideoWriter(str(dst), cv2.VideoWriter_fourcc(*"MJPG"), 8,
                          (frames[0].shape[1], frames[0].shape[0]))
    for f in frames[:F_HELD] + [frames[F_HELD]] * 1800:
        out.write(f)
    out.release()


def _waits_for_d(shot: np.ndarray) -> bool:
    """The window is up (the yellow outline of the next face) and the 'Taken' sign is gone."""
    return bool(_near(shot, (30, 90, 20), 6).sum() < 1000 and _near(shot, YELLOW, 40).sum() > 2000)


def test_scan_under_a_virtual_display_shows_the_window(tmp_path):
    video = tmp_path / "held.avi"
    _held_video(video)
    runs = runs_until_seen(lambda: _scan_on_a_display(video, tmp_path), lambda r: not any(r[3]))
    returncode, out, shot, seen = runs[-1]
    assert _waits_for_d(shot), (f"no screenshot of the window waiting for face D in {len(runs)} "
                                f"runs (window pixels of each screenshot of the last: {seen})\n"
                                + out)
    # Ctrl-C (130), or the held video ran out first (2) on a fast machine: both keep the faces
    assert returncode == 130 or (returncode == 2 and "the video ended" in out), out
    assert "saved" in out, out  # the person is told the captured faces are kept
    ys, xs = np.nonzero(_near(shot, BACKGROUND, 3))
    assert len(xs) > 200_000, "the window's picture is not on the screen"
    window = shot[ys.min():ys.max() + 1, xs.min():xs.max() + 1]
    assert window.shape[1] >= 1000, "the window is not shown large"
    assert "Show the bottom face (D)" in _words(window[:window.shape[0] // 8])
    shares = _net_faces(window)
    assert min(shares[f] for f in "URF") > 0.5 and max(shares[f] for f in "DLB") < 0.05, shares


def _scan_on_a_display(video: Path, tmp_path: Path) -> tuple[int, str, np.ndarray, list[int]]:
    """Scan ``video`` under a fresh virtual display until face F is taken, then take
    screenshots until the window waits for face D, and stop the scan with Ctrl-C: the exit
    status, the output, that (or the last) screenshot and each screenshot's window pixels."""
    seen: list[int] = []

    def waits(shot: np.ndarray) -> bool:
        seen.append(int(_near(shot, BACKGROUND, 3).sum()))
        return _waits_for_d(shot)

    with virtual_display() as display:
        env = {**os.environ, "DISPLAY": display, "PYTHONUNBUFFERED": "1",
               "PYTHONPATH": str(ROOT)}
        proc = subprocess.Popen([sys.executable, "-m", "sudoku_cube.assistant.cli", "scan",
                                 str(video), "-o", str(tmp_path / "scan.json")], cwd=ROOT,
                                env=env, text=True, stdout=subprocess.PIPE,
                                stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
        try:
            said = []
            for line in proc.stdout:
                said.append(line)
                if said_captured("F", line):
                    break
            assert any(said_captured("F", s) for s in said), "".join(said)
            time.sleep(1.5)  # the 'Taken' sign, then the window waits for face D
            shot = screenshot_when(display, tmp_path / "screen.png", waits,
                                   ended=lambda: proc.poll() is not None,
                                   unpainted=lambda: not any(seen))
        finally:
            proc.send_signal(signal.SIGINT)
            out = proc.communicate(timeout=60)[0]
    return proc.returncode, out, shot, seen


def test_a_window_that_does_not_open_on_a_display_is_told(monkeypatch):
    """A display exists but OpenCV shows no window there: the person is told, once, that the
    camera is read without it; with no display at all, nothing is said (nothing could show)."""
    from sudoku_cube.assistant.terminal import scan_window

    def broken(*_args, **_kwargs):
        raise cv2.error("no GUI backend")

    monkeypatch.setattr(scan_window.cv2, "namedWindow", broken)
    monkeypatch.setattr(scan_window.sys, "platform", "linux")
    told: list[str] = []
    monkeypatch.setenv("DISPLAY", ":99")
    assert scan_window.open_or_tell(told.append) is None
    assert told == [scan_window.NO_WINDOW]
    monkeypatch.delenv("DISPLAY")
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    assert scan_window.open_or_tell(told.append) is None
    assert told == [scan_window.NO_WINDOW]


def test_long_face_names_fit_the_windows_one_line_texts(monkeypatch):
    """A face named by its place ('the bottom face (D, centre 6, upright)') is long: the
    big one-line texts (what to show, the 'Taken' sign, 'This is ... again') shrink until each
    fits its width, so none runs under the net of captured faces or off the window."""
    from sudoku_cube.assistant.terminal import scan_canvas as module
    from sudoku_cube.assistant.terminal.live_canvas import Canvas, text_width
    from sudoku_cube.assistant.terminal.scan_canvas import ScanScene

    drawn: list[tuple[int, str, int, str]] = []
    queue = Canvas.text

    def record(self, x, y, text, size, colour=(255, 255, 255), anchor="la"):
        drawn.append((x, text, size, anchor))
        queue(self, x, y, text, size, colour, anchor)

    monkeypatch.setattr(Canvas, "text", record)
    w, h = module.SIZE
    frame = np.full((720, 1280, 3), 90, np.uint8)
    long = "the bottom face (D, centre 6, upright)"
    title = "the left face (L, centre 9, upside down)"
    pad, side = 20 * h // 720, int(w * 0.36)
    video_right = w - side - 2 * pad  # the net of captured faces is right of it
    for scene in (ScanScene(frame=frame, next_face="L", title=title, hold="x", taken=long,
                            taken_face="D"),
                  ScanScene(frame=frame, next_face="L", title=title, hold="x", again=long)):
        drawn.clear()
        scan_canvas(scene)
        lines = {t.split(" ")[0]: (x, t, size, anchor) for x, t, size, anchor in drawn}
        show = lines["Show"]
        assert show[1] == f"Show {title}" and show[0] + text_width(show[1], show[2]) <= w - pad
        x, text, size, anchor = lines["✓" if scene.taken else "This"]
        assert long in text and size >= 16
        left = x - text_width(text, size) // 2 if anchor == "mm" else x
        assert left >= pad and left + text_width(text, size) <= video_right, (text, size)
    # a short name keeps the big font
    drawn.clear()
    scan_canvas(ScanScene(frame=frame, next_face="D", title="the bottom face (D)", hold="x"))
    assert [size for _, t, size, _ in drawn if t.startswith("Show")] == [52]


def test_a_display_set_but_out_of_reach_opens_no_window_and_the_process_goes_on(monkeypatch):
    """DISPLAY names a display no server answers (an ``ssh -X`` session gone): OpenCV's Qt
    would abort the whole process on the window; it is tried in another one, and the scan or
    watch goes on without a window, told so (:func:`open_or_tell`)."""
    from sudoku_cube.assistant.terminal import scan_window

    free = next(n for n in range(90, 200) if not Path(f"/tmp/.X11-unix/X{n}").exists())
    monkeypatch.setenv("DISPLAY", f":{free}")
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    told: list[str] = []
    assert scan_window.open_or_tell(told.append) is None
    assert told == [scan_window.NO_WINDOW]
