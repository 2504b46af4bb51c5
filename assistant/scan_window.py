"""The OpenCV preview window of the scanner, only when a display exists."""
from __future__ import annotations

import os
import sys

import cv2
import numpy as np

WINDOW_NAME = "sudoku-cube scan"


def display_available() -> bool:
    """True when a window can be shown (on Linux: an X11 or Wayland display is set)."""
    if sys.platform.startswith("linux"):
        return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
    return True


class Window:
    """A preview window; ``Window.open()`` returns None when OpenCV cannot show one."""

    def __init__(self) -> None:
        self.open_ = True

    @staticmethod
    def open() -> "Window | None":
        """Open the window, or None (no display, or an OpenCV build without GUI)."""
        if not display_available():
            return None
        try:
            cv2.namedWindow(WINDOW_NAME, cv2.WINDOW_NORMAL)
        except Exception:  # noqa: BLE001 - any GUI failure means: terminal only
            return None
        return Window()

    def show(self, image: np.ndarray) -> str:
        """Show a frame and return the key pressed meanwhile ('' when none)."""
        cv2.imshow(WINDOW_NAME, image)
        code = cv2.waitKey(1)
        if code < 0:
            return ""
        code &= 0xFF
        return {27: "q", 32: " ", 13: "\n"}.get(code, chr(code).lower())

    def close(self) -> None:
        """Close the window."""
        try:
            cv2.destroyWindow(WINDOW_NAME)
            cv2.waitKey(1)
        except Exception:  # noqa: BLE001 - closing is best effort
            pass
