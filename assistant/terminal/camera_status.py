"""Watch mode's camera status line: does the camera see the cube? The person turning the cube
cannot tell from the guide alone, so the window and the terminal's footer say it in a few words,
from the faces :func:`assistant.services.watch.corner_readings` found in each frame. The line
changes only when the cube comes into view or has been out of view for :data:`UNSEEN_S`
seconds, so the terminal, redrawn on each change, is not flooded (a hand passing in front of
the cube changes nothing).
"""
from __future__ import annotations

import time
from typing import Callable, Mapping

STARTING = "camera: starting"
SEEN = "camera: cube seen"
UNSEEN_S = 3.0
"""Seconds without a cube face in view before the line says so."""
UNSEEN = f"camera: no cube in view for {UNSEEN_S:g} s"


class CameraStatus:
    """The status line, fed each frame's faces found (:meth:`frame`): :data:`STARTING` until
    the camera's first frame, the seconds without a cube counted from that frame."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.line = STARTING
        self._seen_at: float | None = None
        """When the last frame with the cube in view came (or the first frame): the camera
        may take seconds to open, and no cube is missed before its first frame."""

    @property
    def seen(self) -> bool:
        """Whether the line says the cube is in view."""
        return self.line == SEEN

    def frame(self, faces: Mapping[str, object]) -> bool:
        """One frame read: ``faces`` the faces found in it (none: no cube in view). Returns
        whether the line changed."""
        now, old = self.clock(), self.line
        if self._seen_at is None:
            self._seen_at = now
        if faces:
            self._seen_at, self.line = now, SEEN
        elif now - self._seen_at >= UNSEEN_S:
            self.line = UNSEEN
        return self.line != old
