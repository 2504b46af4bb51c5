"""Cameras: find the ones that open, settle and lock exposure/white balance, calibrate the lens.

OpenCV has no API that lists cameras, so :func:`probe_cameras` opens a few indices, each in a
worker thread with a timeout (a busy or broken driver can block ``VideoCapture`` for a long
time). On Linux only indices with a ``/dev/videoN`` node are tried. A video file can stand in
for a camera everywhere (tests, demos): pass its path as the source.

Every problem the user can fix (no camera, camera busy, frames stop arriving) raises
:class:`CameraError` with a message that says which source and what to do.
"""
from __future__ import annotations

import os
import sys
import threading

from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterable, Iterator, TypeVar

import cv2
import numpy as np

from sudoku_cube.vision.camera_settings import CameraSettings, LensCalibration
from sudoku_cube.models.errors import SudokuCubeError

T = TypeVar("T")

OPEN_TIMEOUT_S = 3.0
READ_TIMEOUT_S = 2.0
PREFERRED_SIZES = ((1280, 720), (1920, 1080), (640, 480))
"""Tried in this order: 720p shows stickers sharply enough and is fast to process."""


class CameraError(SudokuCubeError):
    """A camera (or video file standing in for one) that cannot be used as asked."""


@dataclass(frozen=True)
class CameraInfo:
    """What probing one source found: whether it opens and gives a frame, and its size."""

    source: int | str
    ok: bool
    width: int = 0
    height: int = 0
    backend: str = ""
    problem: str = ""

    def label(self) -> str:
        """Short human label, e.g. ``camera 0 (V4L2, 640x480)``."""
        name = f"camera {self.source}" if isinstance(self.source, int) else f"video {self.source}"
        if not self.ok:
            return f"{name}: {self.problem}"
        return f"{name} ({self.backend}, {self.width}x{self.height})"


def source_name(source: int | str) -> str:
    """``camera 0`` or ``video file clip.avi`` for messages."""
    return f"camera {source}" if isinstance(source, int) else f"video file {source}"


def parse_source(text: str | int) -> int | str:
    """A ``--camera`` value: an index (``0``) or the path of a video file that must exist."""
    if isinstance(text, int):
        return text
    t = str(text).strip()
    if t.isdigit():
        return int(t)
    if not Path(t).exists():
        raise CameraError(f"--camera {t}: not a camera index and no such video file; "
                          "give a number such as 0, or the path of a video file")
    if Path(t).is_dir():
        raise CameraError(f"--camera {t}: is a folder; give a camera number or a video file")
    return str(Path(t).resolve())


_CALLS = threading.Condition()
_running = 0
"""Camera calls still running in a worker thread (a read that Ctrl-C stopped waiting for)."""


def release(cap: cv2.VideoCapture, wait_s: float = READ_TIMEOUT_S) -> None:
    """Release ``cap`` once no camera call is running in a worker thread.

    Freeing a capture while another thread is inside ``read`` can hang the process for good or
    crash OpenCV (seen after Ctrl-C on a loaded machine: ``release`` waited forever on the read).
    So a call still running after ``wait_s`` keeps the capture: the operating system frees it
    when the process exits a moment later."""
    with _CALLS:
        idle = _CALLS.wait_for(lambda: _running == 0, wait_s)
    if idle:
        cap.release()


def _count_call(step: int) -> None:
    """Count a camera call in (+1) or out (-1) and wake :func:`release`."""
    global _running
    with _CALLS:
        _running += step
        _CALLS.notify_all()


def _call_with_timeout(fn: Callable[[], T], timeout_s: float, what: str, fix: str) -> T:
    """Run ``fn`` in a daemon thread; raise :class:`CameraError` if it does not return in time.

    The call is counted in before the thread starts and out by whoever owns it: the worker
    once it runs, else the caller. Ctrl-C can land in ``Thread.start`` after the thread began
    (start waits for it), so the two claim it through a lock and exactly one counts it out;
    counted out twice, :func:`release` never saw the capture idle again."""
    box: dict[str, object] = {}
    claim = threading.Lock()

    def work() -> None:
        if not claim.acquire(blocking=False):
            return  # the caller gave the call up before it ran (and counted it out)
        try:
            box["value"] = fn()
        except BaseException as e:  # noqa: BLE001 - re-raised in the caller's thread
            box["error"] = e
        finally:
            _count_call(-1)

    worker = threading.Thread(target=work, daemon=True, name="camera-call")
    _count_call(+1)
    try:
        worker.start()
    except BaseException:
        if claim.acquire(blocking=False):  # the worker never ran fn: the count is ours
            _count_call(-1)
        raise
    try:
        worker.join(timeout_s)
    except BaseException:
        # Ctrl-C while waiting: let the camera call finish first, so that the caller's clean-up
        # (release(cap)) never frees the capture under a read in progress (a crash in OpenCV).
        worker.join(timeout_s)
        raise
    if worker.is_alive():
        raise CameraError(f"{what} did not answer within {timeout_s:g} s; {fix}")
    if "error" in box:
        raise box["error"]  # type: ignore[misc]
    return box["value"]  # type: ignore[return-value]


def _quiet_opencv() -> None:
    """Silence OpenCV's own log lines (``[ERROR:0@0.8] ... Camera index out of range`` when an
    index does not open): every problem is reported in our own words instead."""
    try:
        cv2.utils.logging.setLogLevel(cv2.utils.logging.LOG_LEVEL_SILENT)
    except AttributeError:  # pragma: no cover - builds without the logging module
        pass


def open_source(source: int | str, timeout_s: float = OPEN_TIMEOUT_S) -> cv2.VideoCapture:
    """Open a camera index or video file; raise :class:`CameraError` if it does not open in time."""
    _quiet_opencv()
    name = source_name(source)
    if isinstance(source, str) and not Path(source).is_file():
        raise CameraError(f"{name}: no such file; check the path")
    cap = _call_with_timeout(lambda: cv2.VideoCapture(source), timeout_s, name,
                             "the driver may be stuck; unplug and replug the camera, then retry")
    if not cap.isOpened():
        release(cap)
        if isinstance(source, str):
            raise CameraError(f"{name}: cannot be opened as a video; use an AVI/MP4 file "
                              "that a video player can play")
        raise CameraError(f"{name}: does not open; check that it is plugged in "
                          "(sudoku-cube calibrate camera lists the cameras that open)")
    return cap


def read_frame(cap: cv2.VideoCapture, source: int | str,
               timeout_s: float = READ_TIMEOUT_S, *, count: int = 0) -> np.ndarray:
    """The next frame, or :class:`CameraError` when none arrives (busy camera, unplugged, end).

    ``count`` is how many frames were read before, to tell "busy" (no frame at all) from
    "frames stopped" in the message.
    """
    name = source_name(source)
    fix = ("close other programs that use it (video calls, another sudoku-cube), "
           "or unplug and replug it")
    ok, frame = _call_with_timeout(cap.read, timeout_s, f"{name} (waiting for a frame)", fix)
    if not ok or frame is None:
        if count == 0:
            if isinstance(source, str):
                raise CameraError(f"{name}: contains no frames that can be decoded")
            raise CameraError(f"{name}: opens but gives no picture; it is probably busy: {fix}")
        if isinstance(source, str):
            raise CameraError(f"{name}: the video ended after {count} frames; "
                              "use a longer video")
        raise CameraError(f"{name}: frames stopped arriving after {count} frames; "
                          f"check the cable, then {fix}")
    return frame


def frames(cap: cv2.VideoCapture, source: int | str, limit: int,
           timeout_s: float = READ_TIMEOUT_S, *, start: int = 0) -> Iterator[np.ndarray]:
    """Up to ``limit`` frames; raises :class:`CameraError` if they stop before.

    ``start``: frames already read from this source (for the message when they stop)."""
    for i in range(limit):
        yield read_frame(cap, source, timeout_s, count=start + i)


def candidate_indices(max_index: int = 4) -> list[int]:
    """Indices worth probing: those with a ``/dev/videoN`` node on Linux, else ``0..max_index-1``."""
    if sys.platform.startswith("linux"):
        return [i for i in range(max_index) if os.path.exists(f"/dev/video{i}")]
    return list(range(max_index))


def probe_source(source: int | str, timeout_s: float = OPEN_TIMEOUT_S) -> CameraInfo:
    """Open a source, read one frame, close it; report what happened instead of raising."""
    try:
        cap = open_source(source, timeout_s)
    except CameraError as e:
        return CameraInfo(source, False, problem=str(e).split(": ", 1)[-1])
    try:
        frame = read_frame(cap, source, timeout_s)
        backend = _backend(cap)
        return CameraInfo(source, True, frame.shape[1], frame.shape[0], backend)
    except CameraError as e:
        return CameraInfo(source, False, problem=str(e).split(": ", 1)[-1])
    finally:
        release(cap)


def probe_cameras(sources: Iterable[int | str] | None = None,
                  timeout_s: float = OPEN_TIMEOUT_S) -> list[CameraInfo]:
    """Probe each source (default: :func:`candidate_indices`) and report every one tried."""
    chosen = list(candidate_indices() if sources is None else sources)
    return [probe_source(s, timeout_s) for s in chosen]


def _backend(cap: cv2.VideoCapture) -> str:
    try:
        return cap.getBackendName()
    except cv2.error:  # pragma: no cover
        return "unknown"


def choose_resolution(cap: cv2.VideoCapture, source: int | str,
                      wanted: tuple[int, int] | None = None) -> tuple[tuple[int, int], list[str]]:
    """Set the largest useful frame size the source accepts; return it (read back) and notes.

    A video file has a fixed size: it is returned as is (with a note if ``wanted`` differs).
    """
    notes: list[str] = []
    if isinstance(source, str):
        size = _current_size(cap, source)
        if wanted and tuple(wanted) != size:
            notes.append(f"a video file has a fixed size; using {size[0]}x{size[1]}")
        return size, notes
    sizes = [wanted] if wanted else list(PREFERRED_SIZES)
    for w, h in sizes:
        cap.set(cv2.CAP_PROP_FRAME_WIDTH, w)
        cap.set(cv2.CAP_PROP_FRAME_HEIGHT, h)
        got = _current_size(cap, source)
        if got == (w, h):
            return got, notes
    got = _current_size(cap, source)
    if wanted:
        notes.append(f"{source_name(source)} does not offer {wanted[0]}x{wanted[1]}; "
                     f"using {got[0]}x{got[1]}")
    return got, notes


def _current_size(cap: cv2.VideoCapture, source: int | str) -> tuple[int, int]:
    w, h = int(cap.get(cv2.CAP_PROP_FRAME_WIDTH)), int(cap.get(cv2.CAP_PROP_FRAME_HEIGHT))
    if w <= 0 or h <= 0:  # some backends only know after a frame
        frame = read_frame(cap, source)
        h, w = frame.shape[:2]
    return w, h


def frame_stats(frame: np.ndarray) -> np.ndarray:
    """Mean B, G, R of a frame (on a small copy): what auto exposure / white balance change."""
    small = cv2.resize(frame, (64, 48), interpolation=cv2.INTER_AREA)
    return small.reshape(-1, small.shape[-1] if small.ndim == 3 else 1).mean(axis=0)


def settle(cap: cv2.VideoCapture, source: int | str, *, window: int = 8,
           max_frames: int = 150, min_frames: int = 5,
           tolerance: float = 1.5, start: int = 0) -> tuple[int, bool, np.ndarray]:
    """Read frames until brightness and colour balance stop changing.

    Settled means: over the last ``window`` frames each channel mean moved less than
    ``tolerance`` (of 255). Returns (frames read, settled?, last frame).
    """
    history: list[np.ndarray] = []
    frame = None
    try:
        for i, frame in enumerate(frames(cap, source, max_frames, start=start)):
            history.append(frame_stats(frame))
            if i + 1 >= max(min_frames, window):
                recent = np.array(history[-window:])
                if float((recent.max(axis=0) - recent.min(axis=0)).max()) < tolerance:
                    return i + 1, True, frame
    except CameraError:
        # a video file standing in for a camera may simply end: enough frames is fine
        if not isinstance(source, str) or len(history) < min_frames:
            raise
    assert frame is not None
    return len(history), False, frame


def _manual_exposure_value(backend: str) -> float:
    """The CAP_PROP_AUTO_EXPOSURE value that means "manual" on this backend."""
    return 0.25 if backend.upper() in ("DSHOW", "MSMF") else 1.0


def lock_exposure_and_wb(cap: cv2.VideoCapture, source: int | str) -> tuple[
        float | None, float | None, list[str], list[str]]:
    """Turn automatic exposure and white balance off at their settled values.

    Returns (exposure, white balance, properties locked, notes). Backends differ: a property
    the camera refuses stays automatic and a note says so.
    """
    if isinstance(source, str):
        return None, None, [], ["a video file has no exposure or white balance to lock"]
    backend = _backend(cap)
    exposure = cap.get(cv2.CAP_PROP_EXPOSURE)
    wb = cap.get(cv2.CAP_PROP_WB_TEMPERATURE)
    locked, notes = [], []
    if cap.set(cv2.CAP_PROP_AUTO_EXPOSURE, _manual_exposure_value(backend)) and \
            cap.set(cv2.CAP_PROP_EXPOSURE, exposure):
        locked.append("exposure")
    else:
        notes.append(f"{source_name(source)} ({backend}) does not accept manual exposure; "
                     "it stays automatic")
    if wb > 0 and cap.set(cv2.CAP_PROP_AUTO_WB, 0) and cap.set(cv2.CAP_PROP_WB_TEMPERATURE, wb):
        locked.append("white balance")
    else:
        notes.append(f"{source_name(source)} ({backend}) does not accept a manual white "
                     "balance; it stays automatic")
    return (exposure if "exposure" in locked else None, wb if "white balance" in locked else None,
            locked, notes)


def apply_settings(cap: cv2.VideoCapture, settings: CameraSettings) -> None:
    """Apply a saved profile's size and locked properties to an open camera (no-op for files)."""
    if isinstance(settings.source, str):
        return
    if settings.width and settings.height:
        cap.set(cv2.CAP_PROP_FRAME_WIDTH, settings.width)
        cap.set(cv2.CAP_PROP_FRAME_HEIGHT, settings.height)
    if "exposure" in settings.locked and settings.exposure is not None:
        cap.set(cv2.CAP_PROP_AUTO_EXPOSURE, _manual_exposure_value(_backend(cap)))
        cap.set(cv2.CAP_PROP_EXPOSURE, settings.exposure)
    if "white balance" in settings.locked and settings.white_balance is not None:
        cap.set(cv2.CAP_PROP_AUTO_WB, 0)
        cap.set(cv2.CAP_PROP_WB_TEMPERATURE, settings.white_balance)


def open_camera(settings: CameraSettings) -> cv2.VideoCapture:
    """Open the profile's camera with its saved settings applied (for scan/guide)."""
    cap = open_source(settings.source)
    apply_settings(cap, settings)
    return cap


def configure_camera(source: int | str, *, wanted: tuple[int, int] | None = None,
                     max_settle_frames: int = 150) -> CameraSettings:
    """Open a source, choose its size, wait for auto exposure/WB to settle, lock and describe."""
    cap = open_source(source)
    try:
        read_frame(cap, source)  # a busy camera fails here, before anything else
        (w, h), notes = choose_resolution(cap, source, wanted)
        n, settled, _ = settle(cap, source, max_frames=max_settle_frames, start=1)
        if not settled:
            notes.append(f"picture still changing after {n} frames; locked at the last values "
                         "(steady the light and run calibrate camera again if readings drift)")
        exposure, wb, locked, lock_notes = lock_exposure_and_wb(cap, source)
        return CameraSettings(source=source, width=w, height=h, exposure=exposure,
                              white_balance=wb, locked=tuple(locked), settle_frames=n,
                              notes=tuple(notes + lock_notes))
    finally:
        release(cap)


# --- lens calibration -------------------------------------------------------------------------

def find_chessboard(frame: np.ndarray, pattern: tuple[int, int]) -> np.ndarray | None:
    """Sub-pixel inner corners of a chessboard with ``pattern`` (columns, rows) inner corners."""
    gray = cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY) if frame.ndim == 3 else frame
    found, corners = cv2.findChessboardCorners(
        gray, pattern, flags=cv2.CALIB_CB_ADAPTIVE_THRESH | cv2.CALIB_CB_NORMALIZE_IMAGE
        | cv2.CALIB_CB_FAST_CHECK)
    if not found:
        return None
    criteria = (cv2.TERM_CRITERIA_EPS + cv2.TERM_CRITERIA_MAX_ITER, 30, 0.01)
    return cv2.cornerSubPix(gray, corners, (5, 5), (-1, -1), criteria)


def calibrate_lens(images: Iterable[np.ndarray], pattern: tuple[int, int] = (9, 6), *,
                   min_views: int = 5, max_views: int = 15,
                   min_shift: float = 0.05) -> LensCalibration:
    """Lens intrinsics from chessboard views that differ enough from each other.

    A view is kept when the board's centre or size moved by ``min_shift`` of the image width
    from every kept view (so a board held still does not count many times).
    """
    views: list[np.ndarray] = []
    keys: list[np.ndarray] = []
    size: tuple[int, int] | None = None
    for image in images:
        size = (image.shape[1], image.shape[0])
        corners = find_chessboard(image, pattern)
        if corners is None:
            continue
        pts = corners.reshape(-1, 2)
        key = np.array([*pts.mean(axis=0), np.ptp(pts[:, 0]), np.ptp(pts[:, 1]),
                        *(pts[0] - pts[-1])]) / size[0]
        if all(np.abs(key - k).max() >= min_shift for k in keys):
            views.append(corners)
            keys.append(key)
            if len(views) >= max_views:
                break
    if size is None or len(views) < min_views:
        raise CameraError(f"found the {pattern[0]}x{pattern[1]} chessboard in only {len(views)} "
                          f"different views; {min_views} are needed: hold the board at "
                          "different angles and distances, the whole board in the picture "
                          "(or give --chessboard with the inner-corner count of your board)")
    grid = np.zeros((pattern[0] * pattern[1], 3), np.float32)
    grid[:, :2] = np.mgrid[0:pattern[0], 0:pattern[1]].T.reshape(-1, 2)
    rms, matrix, dist, _, _ = cv2.calibrateCamera([grid] * len(views), views, size, None, None)
    return LensCalibration(tuple(tuple(float(v) for v in row) for row in matrix),
                           tuple(float(v) for v in np.ravel(dist)), size, float(rms), len(views))


def undistort(frame: np.ndarray, lens: LensCalibration) -> np.ndarray:
    """Remove lens distortion from a frame using a saved calibration."""
    return cv2.undistort(frame, np.array(lens.camera_matrix), np.array(lens.dist_coeffs))


