"""OpenCV's own log lines kept off the person's terminal: every problem is said in our words."""
from __future__ import annotations

import os

import cv2


def quiet_opencv() -> None:
    """Silence OpenCV's own log lines (``[ERROR:0@0.8] ... Camera index out of range`` when an
    index does not open, ``[ WARN:0@0.6] ... PNG input buffer is incomplete`` for a cut
    file), and FFmpeg's (``[mjpeg @ 0x...] overread 8`` for a cut video; read by OpenCV when
    it first opens a video, a level the person set is kept): every problem is reported in our
    own words instead. Called where OpenCV opens or decodes what a person gave, not at
    import."""
    os.environ.setdefault("OPENCV_FFMPEG_LOGLEVEL", "-8")  # AV_LOG_QUIET
    try:
        cv2.utils.logging.setLogLevel(cv2.utils.logging.LOG_LEVEL_SILENT)
    except AttributeError:  # pragma: no cover - builds without the logging module
        pass
