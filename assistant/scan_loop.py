"""The scan loop: frames in, readings through the vision reader, faces captured into the
session; keys from the preview window (space, z, q) steer it. Frame source, reader, window and
output are passed in, so tests drive it with a video and no display."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterable

import numpy as np

from sudoku_cube.assistant.face_poses import face_name
from sudoku_cube.assistant.scanner import Observation, ScanEvent, Scanner
from sudoku_cube.assistant.scan_view import draw_overlay


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
                window=None, on_frame: Callable[[Observation | None], None] | None = None,
                every: int = 1) -> ScanStats:
    """Run until every face is captured or the frames end; return the stats.

    ``every``: read only every n-th frame (a video file has more frames than needed).
    """
    stats = ScanStats()
    for k, frame in enumerate(frames):
        stats.frames += 1
        if k % every:
            continue
        obs = observe(frame)
        stats.faces_found += obs is not None
        event = scanner.feed(obs)
        if window is not None:
            key = window.show(draw_overlay(frame, obs, scanner.next_face, scanner.steadiness,
                                           scanner.stable_frames))
            event = _key(scanner, key, obs) or event
        if event is not None:
            on_event(event)
        if on_frame is not None:
            on_frame(obs)
        if scanner.next_face is None:
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
            name = face_name(face, scanner.centres)
            scanner.retake(face)
            return ScanEvent("retake", face, f"{name} will be scanned again")
    return None
