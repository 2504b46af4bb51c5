"""Reading a small file a person names (a state, a profile, a session): regular files only, and
only up to a size, so that a named pipe cannot block the program, ``/dev/zero`` cannot fill the
memory and ``/proc/self/environ`` cannot be echoed back in an error message.

Photos and the planner's table cache have readers of their own; this is for the JSON and text
files the program parses.
"""
from __future__ import annotations

import os
import stat

from ..models.errors import SudokuCubeError

MAX_FILE_BYTES = 4 << 20
"""The largest file read by default (a state with every candidate is under 100 KB)."""


class FileRefused(SudokuCubeError):
    """A file that is not read: not an ordinary file on disk, or too large. ``reason`` says
    which, in words that follow the file's name."""

    def __init__(self, path: str | os.PathLike[str], reason: str) -> None:
        super().__init__(f"{os.fspath(path)}: {reason}")
        self.path, self.reason = os.fspath(path), reason


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "is a folder"
    if stat.S_ISFIFO(mode) or stat.S_ISSOCK(mode):
        return "is a named pipe or socket, not a file"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "is a device, not a file"
    return "is not an ordinary file"


def read_regular_file(path: str | os.PathLike[str], limit: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of ``path``, an ordinary file of at most ``limit`` bytes.

    Raises :class:`FileRefused` for a folder, pipe, socket or device, for a file larger than
    ``limit``, and for a file whose content is not the size its folder reports (``/proc`` and
    ``/sys`` files report 0 or 4096 bytes); ``OSError`` when it cannot be opened or read.
    The file is opened without blocking, so a pipe with no writer is refused at once.
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    fd = os.open(path, flags | getattr(os, "O_CLOEXEC", 0))
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise FileRefused(path, _kind(info.st_mode))
        if info.st_size > limit:
            raise FileRefused(path, f"is {info.st_size:,} bytes; a file of at most "
                                    f"{limit:,} is read")
        chunks, got = [], 0
        while got <= info.st_size:
            chunk = os.read(fd, min(1 << 20, info.st_size + 1 - got))
            if not chunk:
                break
            chunks.append(chunk)
            got += len(chunk)
        if got != info.st_size:
            raise FileRefused(path, "is not an ordinary file on disk (its size changes as it "
                                    "is read, as in /proc)")
        return b"".join(chunks)
    finally:
        os.close(fd)
