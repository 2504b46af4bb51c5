"""The OpenCV window of the scan and of the guide's watch mode, only when a display exists."""
from __future__ import annotations

import os
import subprocess
import sys
from functools import cache
from typing import Callable, Protocol

import cv2
import numpy as np

from .live_canvas import SIZE

WINDOW_NAME = "sudoku-cube scan"


class LiveWindow(Protocol):
    """What the scan and watch loops need of a window (tests pass a recorder)."""

    def show(self, image: np.ndarray) -> str:
        """Show a picture; the key pressed meanwhile ('' when none)."""
        ...

    def hold(self, image: np.ndarray, ms: int) -> str:
        """Show a picture for ``ms`` milliseconds (or until a key); the key ('' when none)."""
        ...

    def close(self) -> None:
        """Close the window."""
        ...


def display_available() -> bool:
    """True when a window can be shown (on Linux: an X11 or Wayland display is set)."""
    if sys.platform.startswith("linux"):
        return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
    return True


PROBE = ("import cv2; cv2.namedWindow('probe', cv2.WINDOW_NORMAL); cv2.waitKey(1); "
         "cv2.destroyAllWindows()")
"""A window opened and closed in a process of its own: where the display is set but cannot be
reached (an ``ssh -X`` session gone, Wayland without XWayland), OpenCV's Qt aborts the
process that tries, which no ``except`` can catch."""


@cache
def _display_opens(display: str, wayland: str) -> bool:
    """Whether a window opens on the display set (``display``, ``wayland``: the variables,
    which key the answer), tried once per process in another one (:data:`PROBE`)."""
    if not sys.platform.startswith("linux"):
        return True
    try:
        done = subprocess.run([sys.executable, "-c", PROBE], stdin=subprocess.DEVNULL,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                              timeout=20, check=False)
    except (OSError, subprocess.TimeoutExpired):
        return False
    return done.returncode == 0


class Window:
    """An OpenCV window; ``Window.open()`` returns None when OpenCV cannot show one."""

    def __init__(self, name: str) -> None:
        self.name = name

    @staticmethod
    def open(name: str = WINDOW_NAME, size: tuple[int, int] = SIZE) -> "Window | None":
        """Open the window ``size`` large, or None (no display, or an OpenCV build without
        GUI)."""
        if not display_available() or not _display_opens(os.environ.get("DISPLAY", ""),
                                                          os.environ.get("WAYLAND_DISPLAY", "")):
            return None
        try:
            cv2.namedWindow(name, cv2.WINDOW_NORMAL | cv2.WINDOW_KEEPRATIO
                            | cv2.WINDOW_GUI_NORMAL)  # no tool bar: the picture is the window
            cv2.resizeWindow(name, *size)
        except Exception:  # noqa: BLE001 - any GUI failure means: terminal only
            return None
        return Window(name)

    def show(self, image: np.ndarray) -> str:
        """Show a picture and return the key pressed meanwhile ('' when none)."""
        return self.hold(image, 1)

    def hold(self, image: np.ndarray, ms: int) -> str:
        """Show a picture for ``ms`` milliseconds, or until a key is pressed; the key."""
        cv2.imshow(self.name, image)
        code = cv2.waitKey(max(1, ms))
        if code < 0:
            return ""
        code &= 0xFF
        return {27: "q", 32: " ", 13: "\n"}.get(code, chr(code).lower())

    def close(self) -> None:
        """Close the window."""
        try:
            cv2.destroyWindow(self.name)
            cv2.waitKey(1)
        except Exception:  # noqa: BLE001 - closing is best effort
            pass


NO_WINDOW = ("The camera window could not be opened on this display (OpenCV shows none here); "
             "the camera is read without it, and this terminal shows what it sees.")
"""What the person is told when a display exists but the window does not open."""


def open_or_tell(tell: Callable[[str], None], name: str = WINDOW_NAME) -> Window | None:
    """:meth:`Window.open`, telling the person (``tell``) when a display exists but the window
    does not open, rather than going on without it in silence."""
    window = Window.open(name)
    if window is None and display_available():
        tell(NO_WINDOW)
    return window
