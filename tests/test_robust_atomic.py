"""Atomic writes: a process killed in the middle of a write leaves the old file intact."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from sudoku_cube.vision.storage import atomic_write_text

WRITER = r"""
import sys, time
from sudoku_cube.vision import storage
real_fsync = storage.os.fsync
def slow_fsync(fd):
    print("writing", flush=True)
    time.sleep(30)
storage.os.fsync = slow_fsync
storage.atomic_write_text(sys.argv[1], "NEW" * 100000)
"""


def test_killed_write_leaves_old_file(tmp_path):
    target = tmp_path / "session.json"
    atomic_write_text(target, "OLD")
    proc = subprocess.Popen([sys.executable, "-c", WRITER, str(target)],
                            stdout=subprocess.PIPE, text=True,
                            cwd=Path(__file__).resolve().parents[1])
    assert proc.stdout.readline().strip() == "writing"
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait(timeout=10)
    assert target.read_text() == "OLD"
    atomic_write_text(target, "NEW")
    assert target.read_text() == "NEW"
    time.sleep(0)
