"""A virtual X display (Xvfb) for tests of the live windows, and screenshots of it (ImageMagick's
``import``); both from apt (``APT_TEST_PACKAGES`` in the Makefile)."""
from __future__ import annotations

import os
import shutil
import subprocess
from contextlib import contextmanager
from pathlib import Path
import time
from typing import Callable, Iterator, TypeVar

import cv2
import numpy as np
import pytest

SCREEN = (1400, 900)
Run = TypeVar("Run")


def needs_display_tools() -> None:
    """Skip the test when Xvfb or ImageMagick's import is not installed (`make test` installs
    them)."""
    for tool, package in (("Xvfb", "xvfb"), ("import", "imagemagick")):
        if shutil.which(tool) is None:
            pytest.skip(f"{tool} is not installed (apt package {package}; `make test` installs it)")


@contextmanager
def virtual_display() -> Iterator[str]:
    """A fresh Xvfb display (':N', a free number chosen by Xvfb itself) for the block.

    ``-noreset``: by default the server resets when its last client leaves, and a client
    connecting during that reset is refused ("could not connect to display"). The tests'
    screenshots connect and leave again and again while the program under test starts, so
    without it the program's own connection can land in a reset."""
    needs_display_tools()
    read, write = os.pipe()
    proc = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0",
                             f"{SCREEN[0]}x{SCREEN[1]}x24", "-nolisten", "tcp", "-noreset"],
                            pass_fds=(write,), stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    os.close(write)
    try:
        with os.fdopen(read) as f:
            number = f.readline().strip()
        assert number, "Xvfb did not start"
        yield f":{number}"
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def screenshot(display: str, path: Path) -> np.ndarray:
    """The whole screen of ``display`` as a BGR picture (also written to ``path``)."""
    subprocess.run(["import", "-display", display, "-window", "root", str(path)], check=True,
                   timeout=30, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    image = cv2.imread(str(path))
    assert image is not None, f"no screenshot in {path}"
    return image


def window_tree(display: str) -> str:
    """The display's windows, their names and places (``xwininfo -root -tree``), for a
    failing test's message; '' where x11-utils is not installed."""
    if shutil.which("xwininfo") is None:
        return ""
    try:
        done = subprocess.run(["xwininfo", "-display", display, "-root", "-tree"], timeout=30,
                              capture_output=True, text=True)
    except subprocess.TimeoutExpired:
        return "(xwininfo did not answer)"
    return done.stdout + done.stderr


BLANK_FOR = 30.0
"""Seconds of screenshots in which the window never showed any of its picture, after which
:func:`screenshot_when` gives the run up as one whose window Qt never paints (see
:func:`runs_until_seen`), for screenshots taken once the program reads its video: its window
is up then and drawn a few times a second when painted, so a loaded machine paints well within
it. Screenshots that start with the program wait longer (its start-up on a loaded machine)."""


def screenshot_when(display: str, path: Path, ready: Callable[[np.ndarray], bool],
                    timeout: float = 300.0,
                    ended: Callable[[], bool] = lambda: False,
                    unpainted: Callable[[], bool] = lambda: False,
                    blank_for: float = BLANK_FOR) -> np.ndarray:
    """Screenshots of ``display`` until one is ``ready`` (the window has drawn the moment the
    test looks for; a loaded machine starts and draws late), or the last one once the program
    has ``ended``, after ``timeout`` s, or once the window has stayed ``unpainted`` in every
    screenshot for ``blank_for`` s (without that, a run whose window stays black would
    last until the program's video ran out: minutes). The timeout only bounds a failing run,
    so it is generous: a busy machine may take a minute to start the program."""
    start = time.monotonic()
    while True:
        over = ended()  # asked before the shot, so a window drawn at the end is still seen
        shot = screenshot(display, path)
        waited = time.monotonic() - start
        if (ready(shot) or over or waited > timeout
                or (waited > blank_for and unpainted())):
            return shot
        time.sleep(0.2)


RUNS = 3
"""Most runs :func:`runs_until_seen` makes: a fully loaded machine (the whole suite beside
other work) was seen to leave the window black in two runs in a row."""


def runs_until_seen(run: Callable[[], Run], unseen: Callable[[Run], bool]) -> list[Run]:
    """``run``, and again (up to :data:`RUNS` runs) while ``unseen`` says no screenshot saw its
    window: the Qt inside opencv-python sometimes never hears that its window was mapped (the
    window is on the display, viewable and full size, but stays black the whole run: seen on a
    loaded machine, and nothing in OpenCV tells such a window from a painted one). Every run,
    in order."""
    runs = [run()]
    while unseen(runs[-1]) and len(runs) < RUNS:
        runs.append(run())
    return runs
