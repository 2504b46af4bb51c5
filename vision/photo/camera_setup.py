"""Setting a camera up: its frame size, auto exposure and white balance settled, then locked.

:func:`configure_camera` chooses the size, waits until brightness and colour balance stop
changing, and turns automatic exposure and white balance off at those values (backends differ
in what they accept; a note says what stays automatic); :func:`apply_settings` applies a saved
profile's to an open camera, :func:`open_configured` when scan or guide opens that camera, and
:func:`profile_frames` gives that camera's frames lens-corrected, for both.
"""
from __future__ import annotations

from contextlib import contextmanager
from typing import Callable, Iterator

import cv2
import numpy as np

from .camera import CameraError, backend_name, frames, open_source, read_frame, release, source_name
from .camera_settings import CameraSettings
from .lens import lens_correction

PREFERRED_SIZE = (1280, 720)
"""The frame size asked of a camera unless another is wanted: 720p shows stickers sharply
enough and is fast to process."""


def choose_resolution(cap: cv2.VideoCapture, source: int | str,
                      wanted: tuple[int, int] | None = None) -> tuple[tuple[int, int], list[str]]:
    """Ask the source for ``wanted`` (default :data:`PREFERRED_SIZE`); return the size it
    gives (read back) and notes. A camera that does not offer that size gives the one its
    driver chooses instead (the nearest it offers, or the size it had); a note names both.

    A video file has a fixed size: it is returned as is (with a note if ``wanted`` differs).
    """
    notes: list[str] = []
    if isinstance(source, str):
        size = _current_size(cap, source)
        if wanted and tuple(wanted) != size:
            notes.append(f"a video file has a fixed size; using {size[0]}x{size[1]}")
        return size, notes
    w, h = wanted or PREFERRED_SIZE
    cap.set(cv2.CAP_PROP_FRAME_WIDTH, w)
    cap.set(cv2.CAP_PROP_FRAME_HEIGHT, h)
    got = _current_size(cap, source)
    if got != (w, h):
        notes.append(f"{source_name(source)} does not offer {w}x{h}; using {got[0]}x{got[1]}")
    return got, notes


def _current_size(cap: cv2.VideoCapture, source: int | str) -> tuple[int, int]:
    w, h = int(cap.get(cv2.CAP_PROP_FRAME_WIDTH)), int(cap.get(cv2.CAP_PROP_FRAME_HEIGHT))
    if w <= 0 or h <= 0:  # some backends only know after a frame
        frame = read_frame(cap, source)
        h, w = frame.shape[:2]
    return w, h


def frame_stats(frame: np.ndarray) -> np.ndarray:
    """Mean B, G, R of a frame (one value for a gray frame): what auto exposure and white
    balance change."""
    channels = frame.shape[2] if frame.ndim == 3 else 1
    return np.array(cv2.mean(frame)[:channels])


SETTLE_FRAMES = 150
"""Frames a camera is given for its exposure and white balance to settle."""


def settle(cap: cv2.VideoCapture, source: int | str, *, window: int = 8,
           max_frames: int = SETTLE_FRAMES, tolerance: float = 1.5,
           start: int = 0) -> tuple[int, bool, np.ndarray]:
    """Read frames until brightness and colour balance stop changing.

    Settled means: over the last ``window`` frames each channel mean moved less than
    ``tolerance`` (of 255). Returns (frames read, settled?, last frame). A video file standing
    in for a camera may end before that: it must give at least one window of frames.
    """
    history: list[np.ndarray] = []
    frame = None
    try:
        for i, frame in enumerate(frames(cap, source, max_frames, start=start)):
            history.append(frame_stats(frame))
            if i + 1 >= window:
                recent = np.array(history[-window:])
                if float((recent.max(axis=0) - recent.min(axis=0)).max()) < tolerance:
                    return i + 1, True, frame
    except CameraError:
        # a video file standing in for a camera may simply end: a window of frames is enough
        if not isinstance(source, str) or len(history) < window:
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
    backend = backend_name(cap)
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
        cap.set(cv2.CAP_PROP_AUTO_EXPOSURE, _manual_exposure_value(backend_name(cap)))
        cap.set(cv2.CAP_PROP_EXPOSURE, settings.exposure)
    if "white balance" in settings.locked and settings.white_balance is not None:
        cap.set(cv2.CAP_PROP_AUTO_WB, 0)
        cap.set(cv2.CAP_PROP_WB_TEMPERATURE, settings.white_balance)


def open_configured(source: int | str, camera: CameraSettings | None = None) -> cv2.VideoCapture:
    """Open ``source``; when it is the camera a profile set up (``calibrate camera``), apply that
    profile's frame size and locked exposure and white balance, so that scan and guide see the
    same pictures the profile was made with."""
    cap = open_source(source)
    if camera is not None and camera.source == source:
        apply_settings(cap, camera)
    return cap


@contextmanager
def profile_frames(source: int | str, camera: CameraSettings | None = None, *,
                   end_at_video_end: bool = False) -> Iterator[Iterator[np.ndarray]]:
    """Open ``source`` (:func:`open_configured`; a camera that does not open says so here) and
    give its frames, lens-corrected when the profile calibrated it; released on leaving.

    Frames that stop raise :class:`CameraError`; a video file's end instead just ends them when
    ``end_at_video_end`` (the guide watches a recorded video to its end; a scan cut short must
    say so)."""
    cap = open_configured(source, camera)
    try:
        yield _frames_until_stop(cap, source, lens_correction(source, camera), end_at_video_end)
    finally:
        release(cap)


def _frames_until_stop(cap: cv2.VideoCapture, source: int | str,
                       fix: Callable[[np.ndarray], np.ndarray],
                       end_at_video_end: bool) -> Iterator[np.ndarray]:
    count = 0
    while True:
        try:
            frame = read_frame(cap, source, count=count)
        except CameraError:
            if end_at_video_end and isinstance(source, str) and count:
                return
            raise
        count += 1
        yield fix(frame)


def configure_camera(source: int | str, *, wanted: tuple[int, int] | None = None,
                     max_settle_frames: int = SETTLE_FRAMES) -> CameraSettings:
    """Open a source, choose its size, wait for auto exposure/WB to settle, lock and describe."""
    cap = open_source(source)
    try:
        read_frame(cap, source)  # a busy camera fails here, before anything else
        (w, h), notes = choose_resolution(cap, source, wanted)
        n, settled, _ = settle(cap, source, max_frames=max_settle_frames, start=1)
        if not settled and not isinstance(source, str):  # a video's pictures change anyway
            notes.append(f"picture still changing after {n} frames; locked at the last values "
                         "(steady the light and run calibrate camera again if readings drift)")
        exposure, wb, locked, lock_notes = lock_exposure_and_wb(cap, source)
        return CameraSettings(source=source, width=w, height=h, exposure=exposure,
                              white_balance=wb, locked=tuple(locked), settle_frames=n,
                              notes=tuple(notes + lock_notes))
    finally:
        release(cap)
