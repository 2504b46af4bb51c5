"""The scan loop: frames in, readings through the vision reader, faces captured into the
session; keys from the preview window (space, z, q) steer it. Frame source, reader, window and
output are passed in, so tests drive it with a video and no display."""
from __future__ import annotations

from dataclasses import dataclass
import time
from typing import Callable, Iterable

import numpy as np

from ..services.scanner import Observation, ScanEvent, Scanner
from .scan_canvas import scan_canvas, scan_scene
from .scan_window import LiveWindow

TAKEN_SHOW_S = 1.5
"""Seconds the window shows its 'Taken' sign after a face is captured."""
DONE_SHOW_MS = 1500
"""Milliseconds the window shows 'All six faces captured' before the review."""


class ScanStopped(Exception):
    """The person asked to stop (q in the window); the session is saved."""


@dataclass
class ScanStats:
    """How the loop went: frames read and read successfully."""

    frames: int = 0
    faces_found: int = 0


def scan_frames(scanner: Scanner, frames: Iterable[np.ndarray],
                observe: Callable[[np.ndarray], Observation | None],
                on_event: Callable[[ScanEvent], None],
                window: LiveWindow | None = None,
                on_frame: Callable[[Observation | None], None] | None = None,
                every: int = 1, clock: Callable[[], float] = time.monotonic) -> ScanStats:
    """Run until every face is captured or the frames end; return the stats.

    ``every``: read only every n-th frame (a video file has more frames than needed).
    ``window``: shows :func:`scan_canvas` of every frame read, with a 'Taken' sign for
    :data:`TAKEN_SHOW_S` seconds of ``clock`` after each capture.
    """
    stats = ScanStats()
    taken: tuple[str, str, float] | None = None
    for k, frame in enumerate(frames):
        stats.frames += 1
        if k % every:
            continue
        obs = observe(frame)
        stats.faces_found += obs is not None
        event = scanner.feed(obs)
        if window is not None:
            sign = taken[:2] if taken and clock() - taken[2] < TAKEN_SHOW_S else None
            key = window.show(scan_canvas(scan_scene(frame, obs, scanner, sign)))
            event = _key(scanner, key, obs) or event
        if event is not None:
            if event.kind == "captured" and event.face:
                taken = (event.face, scanner.name(event.face), clock())
            on_event(event)
        if on_frame is not None:
            on_frame(obs)
        if scanner.next_face is None:
            if window is not None and taken is not None:
                window.hold(scan_canvas(scan_scene(frame, None, scanner, taken[:2])),
                            DONE_SHOW_MS)
            break
    return stats


def _key(scanner: Scanner, key: str, obs: Observation | None) -> ScanEvent | None:
    """Apply a window key: space captures now, z retakes the last face, q stops."""
    if key == "q":
        raise ScanStopped()
    if key == " " and obs is not None:
        return scanner.capture(obs, force=True)
    if key == "z":
        face = scanner.last_captured()
        if face:
            name = scanner.name(face)
            scanner.retake(face)
            return ScanEvent("retake", face, f"{name} will be scanned again")
    return None
