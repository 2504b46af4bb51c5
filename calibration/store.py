"""Where calibration data lives on disk, and how it is written without ever losing the old copy.

The root is the user's data directory from :mod:`platformdirs` (for example
``~/.local/share/sudoku-cube`` on Linux); the environment variable ``SUDOKU_CUBE_HOME``
overrides it, so tests and portable installs can point it at any folder.

Calibration sits below ``assistant/`` in the dependency order, so it carries its own
write-then-rename helper (the same technique as ``assistant.files.atomic_write_bytes``).
"""
from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from sudoku_cube.models.errors import SudokuCubeError

HOME_ENV = "SUDOKU_CUBE_HOME"
APP_NAME = "sudoku-cube"


class ProfileError(SudokuCubeError):
    """A calibration profile that is missing, broken, from another version, or badly named."""


def data_root() -> Path:
    """The folder that holds profiles: ``$SUDOKU_CUBE_HOME`` or the platform's user data dir."""
    env = os.environ.get(HOME_ENV)
    if env:
        return Path(env).expanduser()
    import platformdirs  # lazily: nothing happens at import time

    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def profiles_root() -> Path:
    """The folder with one sub-folder per saved profile."""
    return data_root() / "profiles"


def atomic_write_bytes(path: str | os.PathLike[str], data: bytes) -> None:
    """Write ``data`` to ``path`` via a temporary file in the same folder, fsync and rename.

    An interrupted write leaves the previous file (if any) untouched.
    """
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def atomic_write_json(path: str | os.PathLike[str], data: Any) -> None:
    """Write ``data`` as indented JSON atomically."""
    atomic_write_bytes(path, (json.dumps(data, indent=2) + "\n").encode("utf-8"))


def atomic_write_png(path: str | os.PathLike[str], image: np.ndarray) -> None:
    """Encode ``image`` (uint8 gray or BGR) as PNG and write it atomically."""
    ok, buf = cv2.imencode(".png", image)
    if not ok:  # pragma: no cover - only for images OpenCV cannot encode
        raise ProfileError(f"{path}: could not encode the image as PNG")
    atomic_write_bytes(path, buf.tobytes())


def read_png(path: Path, *, what: str, fix: str) -> np.ndarray:
    """Read a PNG written by :func:`atomic_write_png` unchanged; explain any problem."""
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise ProfileError(f"{path}: {what} is missing; {fix}") from None
    except OSError as e:
        raise ProfileError(f"{path}: {what} cannot be read ({e.strerror}); {fix}") from None
    image = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_UNCHANGED)
    if image is None:
        raise ProfileError(f"{path}: {what} is not a readable PNG image; {fix}")
    return image
