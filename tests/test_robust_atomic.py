"""Atomic writes: a process killed in the middle of a write leaves the old file intact, its
temporary file is removed by a later write, and the folder is flushed after the rename."""
from __future__ import annotations

import os
import signal
import stat
import subprocess
import sys
import time
from pathlib import Path

from sudoku_cube.storage.atomic import atomic_write_text
from sudoku_cube.storage.temp_files import STALE_AFTER_S, remove_stale

WRITER = r"""
import sys, time
from sudoku_cube.storage import atomic as storage
real_fsync = storage.os.fsync
def slow_fsync(fd):
    print("writing", flush=True)
    time.sleep(30)
storage.os.fsync = slow_fsync
storage.atomic_write_text(sys.argv[1], "NEW" * 100000)
"""


def _kill_mid_write(target: Path) -> int:
    """Start a writer of ``target`` that stalls before its rename, kill -9 it there, and
    return its process id."""
    proc = subprocess.Popen([sys.executable, "-c", WRITER, str(target)],
                            stdout=subprocess.PIPE, text=True,
                            cwd=Path(__file__).resolve().parents[1])
    assert proc.stdout.readline().strip() == "writing"
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait(timeout=10)
    return proc.pid


def test_killed_write_leaves_old_file(tmp_path):
    target = tmp_path / "session.json"
    atomic_write_text(target, "OLD")
    _kill_mid_write(target)
    assert target.read_text() == "OLD"
    atomic_write_text(target, "NEW")
    assert target.read_text() == "NEW"
    time.sleep(0)


def _partials(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if ".partial-" in p.name)


def test_kill_9_leftovers_are_removed_by_the_next_write(tmp_path):
    target = tmp_path / "session.json"
    atomic_write_text(target, "OLD")
    pid = _kill_mid_write(target)
    left = _partials(tmp_path)
    assert left and all(f".partial-{pid}-" in name for name in left)  # recognisable
    atomic_write_text(target, "NEW")
    assert _partials(tmp_path) == left  # under a minute old: it could be a live writer's
    old = time.time() - 2 * STALE_AFTER_S
    for name in left:
        os.utime(tmp_path / name, (old, old))
    atomic_write_text(target, "NEWER")
    assert _partials(tmp_path) == [] and target.read_text() == "NEWER"


def test_leftovers_of_live_writers_and_of_other_files_are_kept(tmp_path):
    old = time.time() - 2 * STALE_AFTER_S
    live = tmp_path / f".session.json.partial-{os.getppid()}-abcdefgh.tmp"  # our parent runs
    other = tmp_path / ".other.json.partial-999999999-abcdefgh.tmp"  # another target's
    mine = tmp_path / ".session.json.partial-999999999-abcdefgh.tmp"  # no such process
    for p in (live, other, mine):
        p.write_text("x")
        os.utime(p, (old, old))
    atomic_write_text(tmp_path / "session.json", "NEW")
    assert live.exists() and other.exists() and not mine.exists()
    assert remove_stale(tmp_path) == [other]  # the table cache tidies its whole folder


def test_the_folder_is_flushed_after_the_rename(tmp_path, monkeypatch):
    calls: list[str] = []
    real_fsync, real_replace = os.fsync, os.replace
    monkeypatch.setattr(os, "fsync", lambda fd: (calls.append(
        "folder" if stat.S_ISDIR(os.fstat(fd).st_mode) else "file"), real_fsync(fd))[1])
    monkeypatch.setattr(os, "replace", lambda a, b: (calls.append("rename"), real_replace(a, b))[1])
    atomic_write_text(tmp_path / "session.json", "NEW")
    assert calls == ["file", "rename", "folder"]
