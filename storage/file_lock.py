"""An exclusive lock around a read-modify-write of a small file that several processes may
update at once (the guide session: two guides, or a guide and a check, in two terminals).

Without it, two processes that read the file at the same moment each write their own update
back, and the second write drops the first one's. :func:`locked` holds ``fcntl.flock`` on a
lock file beside the file (``.NAME.lock``, never renamed or removed: it holds no data) for the
whole read-modify-write. Where there is no ``flock`` (not POSIX) or the lock file cannot be
made (a read-only or full folder), the update goes on unlocked, as it did before: the write
itself then says what is wrong."""
from __future__ import annotations

import os
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

try:
    import fcntl
except ImportError:  # not POSIX: no locking
    fcntl = None  # type: ignore[assignment]


def lock_path(path: Path) -> Path:
    """The lock file of ``path``."""
    return path.with_name(f".{path.name}.lock")


@contextmanager
def locked(path: str | os.PathLike[str]) -> Iterator[None]:
    """Hold the exclusive lock of ``path`` for the block (waiting for another holder)."""
    fd = None
    if fcntl is not None:
        lock = lock_path(Path(path))
        try:
            lock.parent.mkdir(parents=True, exist_ok=True)
            fd = os.open(lock, os.O_RDWR | os.O_CREAT | getattr(os, "O_CLOEXEC", 0), 0o600)
            fcntl.flock(fd, fcntl.LOCK_EX)
        except OSError:  # cannot lock here: go on as before, unlocked
            if fd is not None:
                os.close(fd)
            fd = None
    try:
        yield
    finally:
        if fd is not None:
            os.close(fd)  # closing releases the lock
