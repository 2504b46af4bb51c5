"""The temporary files and folders of the atomic writers (:mod:`storage.atomic`), and the
removal of those a killed process left behind.

A writer makes ``.NAME.partial-PID-XXXXXXXX[.ext]`` beside its target ``NAME`` (PID: the
writing process), so that a leftover can be told from anything else in the folder and its
writer looked up. A process killed with ``kill -9`` cannot remove its temporary file, so the
next write of the same target (and the planner's table cache when it starts) removes those
that are :data:`STALE_AFTER_S` old and whose process is gone. A live writer's file is never
touched: its process still exists, and it writes to the file all the time.
"""
from __future__ import annotations

import os
import re
import shutil
import time
from pathlib import Path

STALE_AFTER_S = 60.0
"""Seconds since its last change after which a leftover of a vanished process is removed."""
_PARTIAL = re.compile(r"\.(?P<name>.+)\.partial-(?P<pid>[0-9]{1,10})-[A-Za-z0-9_]{8}"
                      r"(\.[A-Za-z0-9]{1,8})?")


def temp_prefix(target: Path) -> str:
    """The start of the name of a temporary file or folder for ``target`` (``tempfile``
    appends eight random characters and the suffix)."""
    return f".{target.name}.partial-{os.getpid()}-"


def _process_gone(pid: int) -> bool:
    """True when no process ``pid`` exists (one of another user, or any doubt: False)."""
    if pid == os.getpid() or pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except OSError:
        return False
    return False


def remove_stale(folder: Path, name: str | None = None, now: float | None = None) -> list[Path]:
    """Remove the leftovers of killed writers in ``folder`` (of the target ``name`` only, when
    given): temporary files and folders older than :data:`STALE_AFTER_S` whose process is
    gone. Returns what was removed; a folder that cannot be listed or an entry that cannot be
    removed is left as it is (this is tidying, never a reason to fail a write)."""
    now = time.time() if now is None else now
    removed = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return removed
    for entry in entries:
        m = _PARTIAL.fullmatch(entry.name)
        if m is None or (name is not None and m["name"] != name):
            continue
        try:
            info = entry.stat(follow_symlinks=False)
            if now - info.st_mtime < STALE_AFTER_S or not _process_gone(int(m["pid"])):
                continue
            if entry.is_dir(follow_symlinks=False):
                shutil.rmtree(entry.path)
            else:
                os.unlink(entry.path)
        except OSError:
            continue
        removed.append(Path(entry.path))
    return removed
