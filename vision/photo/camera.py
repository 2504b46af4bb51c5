"""Cameras and video files as frame sources: open, read, release, each under a timeout.

A busy or broken driver can block ``VideoCapture`` for a long time, so every call that may
hang runs in a worker thread with a timeout, and a capture is released only once no call is
still running in one. A video file can stand in for a camera everywhere (tests, demos): pass
its path as the source. Finding the cameras that open is :mod:`vision.photo.camera_probe`, setting
one up :mod:`vision.photo.camera_setup`, lens calibration :mod:`vision.photo.lens`.

Every problem the user can fix (no camera, camera busy, frames stop arriving) raises
:class:`CameraError` with a message that says which source and what to do.
"""
from __future__ import annotations

import re
import threading
from pathlib import Path
from typing import Callable, Iterator, TypeVar

import cv2
import numpy as np

from ...models.errors import SudokuCubeError
from .images import HEAD_BYTES, sniff_format
from .opencv_log import quiet_opencv

T = TypeVar("T")

OPEN_TIMEOUT_S = 3.0

READ_TIMEOUT_S = 2.0


class CameraError(SudokuCubeError):
    """A camera (or video file standing in for one) that cannot be used as asked."""


def source_name(source: int | str) -> str:
    """``camera 0`` or ``video file clip.avi`` for messages."""
    return f"camera {source}" if isinstance(source, int) else f"video file {source}"


MAX_INDEX_DIGITS = 4
"""The longest camera index taken (OpenCV's backends number cameras from 0 upwards)."""


def parse_source(text: str | int, option: str = "--camera") -> int | str:
    """A ``--camera`` value: an index (ASCII digits, ``0``) or the path of a video file that
    must exist; anything else is a :class:`CameraError` that says what to give, naming the
    value as given: after ``option``, or alone ("": a command's video argument)."""
    if isinstance(text, int):
        return text
    t = str(text).strip()
    said = f"{option} {t}" if option else t
    if t.isascii() and t.isdigit():  # "²" and other digits of other scripts are no index
        if len(t) > MAX_INDEX_DIGITS:
            raise CameraError(f"{said}: no camera has so large a number; give a "
                              "number such as 0, or the path of a video file")
        return int(t)
    try:
        exists = Path(t).exists()
    except (OSError, ValueError):  # a name too long, or with a NUL character
        exists = False
    if not exists:
        raise CameraError(f"{said}: not a camera index and no such video file; "
                          "give a number such as 0, or the path of a video file")
    if Path(t).is_dir():
        raise CameraError(f"{said}: is a folder; give a camera number or a video file")
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


def open_source(source: int | str, timeout_s: float = OPEN_TIMEOUT_S) -> cv2.VideoCapture:
    """Open a camera index or video file; raise :class:`CameraError` if it does not open in time."""
    quiet_opencv()
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


NOT_STILLS = ("unknown", "video or ISO media", "GIF")
"""What :func:`images.sniff_format` calls files that may be videos (an AVI, an MP4, an
animated GIF); every other format it names is a still picture."""


def check_video_file(source: int | str, least_frames: int = 2) -> None:
    """Refuse, before any slow work that needs it, a video file that cannot stand in for a
    camera that is watched: a photo (its format decided from its first bytes, as for photos;
    OpenCV would open it as a video of one frame), a file that does not open as a video, or
    one with fewer than ``least_frames`` frames. A camera index is left alone: opening it
    here and again later would cost its start-up twice."""
    if not isinstance(source, str):
        return
    name = source_name(source)
    if not Path(source).is_file():  # a pipe or a device: reading it could wait for ever
        device = re.fullmatch(r"/dev/video(\d+)", source)
        raise CameraError(f"{name}: is no video file; "
                          + (f"give the camera's number instead, --camera {device[1]}" if device
                             else "check the path"))
    try:
        with open(source, "rb") as f:
            kind = sniff_format(f.read(HEAD_BYTES))
    except OSError as e:
        raise CameraError(f"{name}: cannot be read ({e.strerror or e}); check the path") from e
    if kind not in NOT_STILLS:
        raise CameraError(f"{source}: is a photo ({kind}), not a video; give a video file "
                          "(AVI/MP4) of the cube, or a camera number such as 0")
    cap = open_source(source)
    try:
        count = 0
        while count < least_frames:
            ok, _ = _call_with_timeout(cap.read, READ_TIMEOUT_S, f"{name} (reading a frame)",
                                       "check that a video player can play it")
            if not ok:
                break
            count += 1
    finally:
        release(cap)
    if count == 0:
        raise CameraError(f"{name}: contains no frames that can be decoded; use an AVI/MP4 "
                          "file that a video player can play")
    if count < least_frames:
        raise CameraError(f"{name}: has only {count} frame{'s' if count != 1 else ''}, a "
                          "still picture: give a video file (AVI/MP4) of the cube, or a "
                          "camera number such as 0")


def video_fps(source: int | str) -> float | None:
    """The frame rate a video file ``source`` records (frames a second), or None for a
    camera or a video that records none: where the video's own time stands in for the
    clock (a watch reads frames slower than the video plays them)."""
    if not isinstance(source, str) or not Path(source).is_file():
        return None
    cap = open_source(source)
    try:
        fps = float(cap.get(cv2.CAP_PROP_FPS))
    finally:
        release(cap)
    return fps if fps > 0 else None


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
            raise CameraError(f"{name}: the video ended after {count} frame"
                              f"{'' if count == 1 else 's'}; use a longer video")
        raise CameraError(f"{name}: frames stopped arriving after {count} frame"
                          f"{'' if count == 1 else 's'}; check the cable, then {fix}")
    return frame


def frames(cap: cv2.VideoCapture, source: int | str, limit: int,
           timeout_s: float = READ_TIMEOUT_S, *, start: int = 0) -> Iterator[np.ndarray]:
    """Up to ``limit`` frames; raises :class:`CameraError` if they stop before.

    ``start``: frames already read from this source (for the message when they stop)."""
    for i in range(limit):
        yield read_frame(cap, source, timeout_s, count=start + i)


def backend_name(cap: cv2.VideoCapture) -> str:
    try:
        return cap.getBackendName()
    except cv2.error:  # pragma: no cover
        return "unknown"
