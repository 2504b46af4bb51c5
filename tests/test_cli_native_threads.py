"""The CLI holds the native thread pools (OpenBLAS, OpenMP, OpenCV) to one thread each: the
faces are read two at a time, and the libraries' own pools only took the cores from that work."""
from __future__ import annotations

import os
import subprocess
import sys

SNIPPET = ("from sudoku_cube.assistant.cli import limit_native_threads; limit_native_threads(); "
           "import cv2; print(cv2.getNumThreads())")


def _opencv_threads(env: dict[str, str]) -> int:
    """OpenCV's thread count in a fresh interpreter after the CLI's limit, with ``env``."""
    out = subprocess.run([sys.executable, "-c", SNIPPET], env=env, capture_output=True,
                         text=True, check=True, timeout=120)
    return int(out.stdout.strip())


def test_opencv_runs_on_one_thread_unless_the_user_says_otherwise():
    env = {k: v for k, v in os.environ.items() if k != "OPENCV_FOR_THREADS_NUM"}
    assert _opencv_threads(env) == 1
    assert _opencv_threads({**env, "OPENCV_FOR_THREADS_NUM": "2"}) == 2


def test_the_tests_read_on_one_opencv_thread_as_the_cli_does():
    """conftest limits the pools before numpy and OpenCV load in the test process, so its
    readings are the program's (and two workers keep the two cores for the tests)."""
    import cv2

    want = int(os.environ.get("OPENCV_FOR_THREADS_NUM", "1"))
    assert cv2.getNumThreads() == want
