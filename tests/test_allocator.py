"""The CLI keeps freed memory for the next picture (glibc): a photo's working pictures, made
and freed face after face, are not faulted in afresh each time."""
from __future__ import annotations

import platform
import subprocess
import sys

import pytest

SNIPPET = """
import resource, sys
import numpy as np
if sys.argv[1] == "keep":
    from sudoku_cube.assistant.services.allocator import keep_freed_memory
    keep_freed_memory()
before = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
for _ in range(20):  # a working picture and its float copy, made and freed per photo
    x = np.ones((675, 900, 3), np.float32)
    y = x + 1
    del x, y
print(resource.getrusage(resource.RUSAGE_SELF).ru_minflt - before)
"""


def _page_faults(mode: str) -> int:
    out = subprocess.run([sys.executable, "-c", SNIPPET, mode], capture_output=True, text=True,
                         check=True, timeout=120)
    return int(out.stdout.strip())


@pytest.mark.skipif(platform.system() != "Linux" or platform.libc_ver()[0] != "glibc",
                    reason="the thresholds are glibc's")
def test_freed_pictures_are_reused_not_faulted_in_again():
    assert _page_faults("keep") * 4 < _page_faults("default")


def test_a_persons_own_allocator_settings_are_kept(monkeypatch):
    import ctypes

    from sudoku_cube.assistant.services import allocator

    called = []
    monkeypatch.setattr(ctypes, "CDLL", lambda *a: called.append(a))
    monkeypatch.setenv("MALLOC_TRIM_THRESHOLD_", "131072")
    allocator.keep_freed_memory()
    assert called == []
