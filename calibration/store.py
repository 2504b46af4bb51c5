"""Where calibration data lives on disk, and how it is written without ever losing the old copy.

Profiles live in ``profiles/`` of the user's data folder (:func:`vision.storage.data_dir`:
``$SUDOKU_CUBE_HOME`` or the platform's); every file is written by
:func:`vision.storage.atomic_write_bytes` (write, then rename over the old copy).
"""
from __future__ import annotations

import os
from pathlib import Path

import cv2
import numpy as np

from sudoku_cube.models.errors import SudokuCubeError
from sudoku_cube.vision.file_input import FileRefused, read_regular_file
from sudoku_cube.vision.storage import atomic_write_bytes, data_dir


class ProfileError(SudokuCubeError):
    """A calibration profile that is missing, broken, from another version, or badly named."""


def profiles_root() -> Path:
    """The folder with one sub-folder per saved profile."""
    return data_dir() / "profiles"


def atomic_write_png(path: str | os.PathLike[str], image: np.ndarray) -> None:
    """Encode ``image`` (uint8 gray or BGR) as PNG and write it atomically."""
    ok, buf = cv2.imencode(".png", image)
    if not ok:  # pragma: no cover - only for images OpenCV cannot encode
        raise ProfileError(f"{path}: could not encode the image as PNG")
    atomic_write_bytes(path, buf.tobytes())


MAX_SHEET_BYTES = 32 << 20
"""The largest glyph sheet read (the sheets :func:`atomic_write_png` writes are well under 1 MB)."""


def read_png(path: Path, *, what: str, fix: str) -> np.ndarray:
    """Read a PNG written by :func:`atomic_write_png` unchanged; explain any problem."""
    try:
        data = read_regular_file(path, MAX_SHEET_BYTES)
    except FileNotFoundError:
        raise ProfileError(f"{path}: {what} is missing; {fix}") from None
    except FileRefused as e:
        raise ProfileError(f"{path}: {what} {e.reason}; {fix}") from None
    except OSError as e:
        raise ProfileError(f"{path}: {what} cannot be read ({e.strerror}); {fix}") from None
    if not data.startswith(b"\x89PNG\r\n\x1a\n"):  # only PNG ever reaches a decoder
        raise ProfileError(f"{path}: {what} is not a readable PNG image; {fix}")
    image = cv2.imdecode(np.frombuffer(data, np.uint8),
                         cv2.IMREAD_UNCHANGED | cv2.IMREAD_IGNORE_ORIENTATION)
    if image is None:
        raise ProfileError(f"{path}: {what} is not a readable PNG image; {fix}")
    return image
