"""Which cameras open: probe a few indices (or given sources) and say what each gave.

OpenCV has no API that lists cameras, so :func:`probe_cameras` opens a few indices, each under
a timeout (:func:`vision.photo.camera.open_source`). On Linux only indices with a ``/dev/videoN``
node are tried.
"""
from __future__ import annotations

import os
import sys
from dataclasses import dataclass
from typing import Iterable

from .camera import OPEN_TIMEOUT_S, CameraError, backend_name, open_source, read_frame, release

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


def candidate_indices(max_index: int = 4) -> list[int]:
    """Indices worth probing: those with a ``/dev/videoN`` node on Linux, else
    ``0..max_index-1``."""
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
        backend = backend_name(cap)
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
