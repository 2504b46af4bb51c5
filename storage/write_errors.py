"""Files that cannot be written because of the disk, not the program: a full disk, a used-up
quota, a read-only disk, a folder the person may not write to. These are the person's to fix,
so they are reported as :class:`WriteFailed` (exit 2) naming the file and what to do, never as
an internal error. :mod:`storage.atomic` raises it for every file it writes; the CLI maps the
same errors from any other write."""
from __future__ import annotations

import errno
import os

from ..models.errors import SudokuCubeError

_ELSEWHERE = "choose another folder"
_FREE = "free some space on that disk or choose another folder"
REASONS = {
    errno.ENOSPC: ("the disk is full", _FREE),
    errno.EDQUOT: ("your disk quota is used up", _FREE),
    errno.EFBIG: ("the file is too large for that disk", _ELSEWHERE),
    errno.EROFS: ("the disk is read-only", _ELSEWHERE),
    errno.EACCES: ("permission denied", "choose a folder you may write to"),
    errno.EPERM: ("the operation is not permitted there", "choose a folder you may write to"),
}
"""errno -> (what happened, what to do), for the errors a person fixes outside the program."""


class WriteFailed(SudokuCubeError, OSError):
    """A file that could not be written for a reason of :data:`REASONS`: the message names the
    file, says why and what to do. Also an ``OSError`` (``errno``, ``filename``), so callers
    that only tidy up (a cache that is rebuilt next time) keep catching it as one. ``path``:
    the file; ``reason`` and ``fix``: the two halves of the message, for callers that say more
    (a scan goes on with the face kept in memory)."""

    def __init__(self, path: str | os.PathLike[str], error: OSError) -> None:
        self.reason, self.fix = REASONS.get(error.errno or 0,
                                            (error.strerror or str(error), _ELSEWHERE))
        self.path = os.fspath(path)
        OSError.__init__(self, error.errno, self.reason, self.path)
        self.message = (f"{self.path}: cannot be written: {self.reason}; {self.fix}, then run "
                        "the command again")

    def __str__(self) -> str:
        return self.message


def is_disk_problem(error: BaseException) -> bool:
    """True for an ``OSError`` of :data:`REASONS` (the disk or the folder's permissions)."""
    return isinstance(error, OSError) and error.errno in REASONS
