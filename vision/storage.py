"""Where sudoku-cube keeps the user's files, and how every file is written without ever losing
the old copy.

* :func:`data_dir`: calibration profiles, scan and guide sessions. The platform's user data
  folder (``~/.local/share/sudoku-cube`` on Linux, from platformdirs), or the folder named by
  the environment variable ``SUDOKU_CUBE_HOME`` (tests and portable installs).
* :func:`cache_dir`: files that can be rebuilt (a classifier trained when the shipped one does
  not fit, the planner's tables): the folder named by ``SUDOKU_CUBE_CACHE``, else the
  platform's user cache folder (``~/.cache/sudoku-cube`` on Linux).
* :func:`atomic_path` (and :func:`atomic_write_bytes`, ``_text``, ``_json``): write to a temporary file in the target's
  folder, flush it to disk and rename it over the target, so an interrupted write leaves the
  previous file intact.

The lowest layer that writes files is ``vision`` (its model cache and templates), so this module
lives here and calibration and the assistant use it too.
"""
from __future__ import annotations

import json
import os
import tempfile
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator

import platformdirs

HOME_ENV = "SUDOKU_CUBE_HOME"
"""Environment variable naming the folder for the user's data instead of the platform's."""
CACHE_ENV = "SUDOKU_CUBE_CACHE"
"""Environment variable naming the folder for rebuildable files instead of the platform's."""
APP_NAME = "sudoku-cube"


def data_dir() -> Path:
    """The folder for profiles and sessions (not created here; writers create it)."""
    override = os.environ.get(HOME_ENV)
    if override:
        return Path(override).expanduser()
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def cache_dir() -> Path:
    """The folder for files that can be rebuilt (not created here)."""
    override = os.environ.get(CACHE_ENV)
    if override:
        return Path(override).expanduser()
    return Path(platformdirs.user_cache_dir(APP_NAME, appauthor=False))


def _new_file_mode(target: Path) -> int:
    """The mode a written file gets: the old file's when it is replaced, else what the user's
    umask leaves of 0666 (as ``open()`` would give)."""
    try:
        return target.stat().st_mode & 0o777
    except OSError:
        mask = os.umask(0o022)
        os.umask(mask)
        return 0o666 & ~mask


@contextmanager
def atomic_path(path: str | os.PathLike[str], suffix: str = ".tmp") -> Iterator[Path]:
    """A temporary file beside ``path`` (ending in ``suffix``) for the caller to write; when
    the block ends normally it is flushed to disk and renamed to ``path``. The folder is
    created when missing. On any failure (Ctrl-C included) the temporary file is removed and
    the previous ``path``, if any, is untouched."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=suffix, dir=target.parent)
    os.fchmod(fd, _new_file_mode(target))  # mkstemp makes 0600; a file the user asked for
    os.close(fd)                           # gets the usual mode (or keeps the old one)
    try:
        yield Path(tmp)
        with open(tmp, "rb+") as fh:
            os.fsync(fh.fileno())
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def atomic_write_bytes(path: str | os.PathLike[str], data: bytes) -> None:
    """Write ``data`` to ``path`` atomically (see :func:`atomic_path`)."""
    with atomic_path(path) as tmp:
        tmp.write_bytes(data)


def atomic_write_text(path: str | os.PathLike[str], text: str) -> None:
    """Write text (UTF-8) atomically."""
    atomic_write_bytes(path, text.encode("utf-8"))


def atomic_write_json(path: str | os.PathLike[str], data: Any) -> None:
    """Write ``data`` as indented JSON atomically."""
    atomic_write_text(path, json.dumps(data, indent=2) + "\n")
