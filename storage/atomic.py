"""How every file is written without ever losing the old copy.

* :func:`atomic_path` (and :func:`atomic_write_bytes`, ``_text``, ``_json``): write to a
  temporary file in the target's folder (:mod:`storage.temp_files`), flush it to disk, rename it
  over the target and flush the folder, so an interrupted write leaves the previous file intact.
  A full or read-only disk is a :class:`storage.write_errors.WriteFailed` naming the file.
* :func:`atomic_folder`: the same for a whole folder (the photo set of ``generate``): filled
  beside its place, then renamed into it, so it never holds a mix of an old and a new set.
* :func:`check_output_file`: refuse an output that cannot be written before the work that
  would produce it.
"""
from __future__ import annotations

import errno
import json
import os
import shlex
import shutil
import stat
import tempfile
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator

from ..models.errors import SudokuCubeError
from .temp_files import remove_stale, temp_prefix
from .write_errors import WriteFailed, is_disk_problem


def _new_file_mode(target: Path, fresh: int = 0o666) -> int:
    """The mode a written file (or folder: ``fresh`` 0777) gets: the old one's when it is
    replaced, else what the user's umask leaves of ``fresh`` (as ``open()`` or ``mkdir()``
    would give)."""
    try:
        return target.stat().st_mode & 0o777
    except OSError:
        mask = os.umask(0o022)
        os.umask(mask)
        return fresh & ~mask


@contextmanager
def atomic_path(path: str | os.PathLike[str], suffix: str = ".tmp") -> Iterator[Path]:
    """A temporary file beside ``path`` (ending in ``suffix``) for the caller to write; when
    the block ends normally it is flushed to disk and renamed to ``path``. The folder is
    created when missing. On any failure (Ctrl-C included) the temporary file is removed and
    the previous ``path``, if any, is untouched. A full disk, a read-only disk or a folder the
    person may not write to is a :class:`storage.write_errors.WriteFailed` naming ``path``."""
    target = Path(path)
    _check_replaceable(target)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        remove_stale(target.parent, target.name)  # what a killed writer of it left behind
        fd, tmp = tempfile.mkstemp(prefix=temp_prefix(target), suffix=suffix, dir=target.parent)
    except OSError as e:
        raise _failed(target, e)
    try:
        os.fchmod(fd, _new_file_mode(target))  # mkstemp makes 0600; a file the user asked for
        os.close(fd)                           # gets the usual mode (or keeps the old one)
        yield Path(tmp)
        with open(tmp, "rb+") as fh:
            os.fsync(fh.fileno())
        os.replace(tmp, target)
    except BaseException as e:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise _failed(target, e)
    sync_folder(target.parent)


def sync_folder(folder: Path) -> None:
    """Flush a folder's entries to disk, so that a rename into it survives a power cut (the
    file's data was flushed before the rename). Best effort: some file systems refuse to sync
    a folder, and the rename has happened either way."""
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


@contextmanager
def atomic_folder(path: str | os.PathLike[str]) -> Iterator[Path]:
    """A new empty folder beside ``path`` for the caller to fill; when the block ends normally
    it takes ``path``'s place as a whole: a folder already there is moved aside, the new one
    renamed in and the old one removed, so ``path`` never holds a mix of the two. On any
    failure (Ctrl-C, kill) the new folder is removed (or, after a kill, by the next write
    there) and the old one is untouched. A disk problem is a :class:`WriteFailed`."""
    target = Path(path)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        remove_stale(target.parent, target.name)
        tmp = Path(tempfile.mkdtemp(prefix=temp_prefix(target), dir=target.parent))
        os.chmod(tmp, _new_file_mode(target, 0o777))  # mkdtemp makes 0700
    except OSError as e:
        raise _failed(target, e)
    old, moved = tmp.with_name(tmp.name + ".old"), False
    try:
        yield tmp
        sync_folder(tmp)
        if target.exists() or target.is_symlink():
            os.rename(target, old)
            moved = True
        os.rename(tmp, target)
    except BaseException as e:
        if moved and not target.exists():
            os.rename(old, target)  # the old folder back in its place
        shutil.rmtree(tmp, ignore_errors=True)
        raise _failed(target, e)
    sync_folder(target.parent)
    shutil.rmtree(old, ignore_errors=True)


def _failed(target: Path, error: BaseException) -> BaseException:
    """The error to raise for a failed write of ``target``: a disk problem (full, read-only,
    no permission) becomes :class:`WriteFailed` naming the file; anything else stays itself."""
    if is_disk_problem(error):
        assert isinstance(error, OSError)
        failed = WriteFailed(target, error)
        failed.__cause__ = error
        return failed
    return error


def check_output_file(path: str | os.PathLike[str], example: str = "out.json",
                      folder_must_exist: bool = False) -> None:
    """Refuse at once a file that a command will write only after long work (a scan): one that
    is a folder or not an ordinary file, or whose nearest existing folder is a file or may not
    be written, or whose name ends in a slash (a folder is meant: a file of its name would
    stand in the way of it); with ``folder_must_exist`` (a path the person gave), also one
    whose folder does not exist (:func:`check_folder_exists`). Raises
    :class:`SudokuCubeError` (or :class:`WriteFailed`) naming ``path``; a folder's refusal
    names a file in it (``example``) as the file to give."""
    if os.fspath(path).endswith(("/", os.sep)):
        raise SudokuCubeError(f"{os.fspath(path)}: ends in a slash, so names a folder; give a file "
                              f"name in it, such as {os.fspath(path)}{example}")
    target = Path(path)
    _check_replaceable(target, pipes=False, example=example)
    folder = target.parent
    while not folder.exists() and folder != folder.parent:
        folder = folder.parent
    if not folder.is_dir():
        raise SudokuCubeError(f"{target}: {folder} is a file, not a folder; choose another "
                              "place for the output")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise WriteFailed(target, _unwritable(folder))
    if folder_must_exist:
        check_folder_exists(target)


def _unwritable(folder: Path) -> OSError:
    """Why ``folder``, which may not be written, may not: its disk is mounted read-only, or
    the person lacks the permission (what each asks of the person differs)."""
    try:
        read_only = bool(os.statvfs(folder).f_flag & os.ST_RDONLY)
    except (OSError, AttributeError):  # no statvfs (Windows): the permission is all we know
        read_only = False
    if read_only:
        return OSError(errno.EROFS, "read-only file system")
    return PermissionError(errno.EACCES, "permission denied")


def check_folder_exists(target: Path) -> None:
    """Refuse a file to write whose folder does not exist (checked before any long work: a
    mistyped folder is refused, never created silently), naming ``target``."""
    if not target.parent.is_dir():
        raise SudokuCubeError(f"{target}: the folder {target.parent} does not exist; create it "
                              f"first (mkdir -p {shlex.quote(str(target.parent))}) or give a "
                              "file in a folder that exists")


def _check_replaceable(target: Path, *, pipes: bool = True, example: str = "out.json") -> None:
    """Refuse a target that is a folder or a device (renaming a file over it would fail or,
    worse, replace the device), and with ``pipes=False`` also a named pipe or socket; a
    folder's refusal names a file in it (``example``) as the file to give."""
    try:
        mode = target.lstat().st_mode
    except OSError:
        return
    if stat.S_ISDIR(mode):
        raise SudokuCubeError(f"{target}: is a folder; give the name of a file to write, e.g. "
                              f"{target / example}")
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode) or (
            not pipes and not (stat.S_ISREG(mode) or stat.S_ISLNK(mode))):
        raise SudokuCubeError(f"{target}: is not an ordinary file (a device, pipe or socket); "
                              "give the name of a file to write")


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
