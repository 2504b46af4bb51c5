"""File access for the assistant: reading states and writing files atomically.

Writes go to a temporary file in the same folder and are renamed over the target, so an
interrupted write leaves the old file intact.
"""
from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from sudoku_cube.calibration.store import atomic_write_bytes  # one implementation for every writer
from sudoku_cube.models.errors import SudokuCubeError
from sudoku_cube.models.state import CubeState
from sudoku_cube.models.state_format import parse_state


def atomic_write_text(path: str | os.PathLike[str], text: str) -> None:
    """Write text (UTF-8) atomically."""
    atomic_write_bytes(path, text.encode("utf-8"))


def atomic_write_json(path: str | os.PathLike[str], data: Any) -> None:
    """Write JSON atomically."""
    atomic_write_text(path, json.dumps(data, indent=2) + "\n")


def read_text_file(path: str | os.PathLike[str], what: str = "file") -> str:
    """Read a text file or raise a :class:`SudokuCubeError` that names it and says what to do."""
    p = Path(path)
    if not p.exists():
        raise SudokuCubeError(f"{p}: no such {what}; check the path")
    if p.is_dir():
        raise SudokuCubeError(f"{p}: is a folder, expected a {what}")
    try:
        return p.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise SudokuCubeError(f"{p}: is not a text file; expected a {what} "
                              "(JSON or text state, see docs/conventions.md)") from None
    except OSError as e:
        raise SudokuCubeError(f"{p}: cannot be read ({e.strerror})") from None


def load_state(path: str | os.PathLike[str]) -> CubeState:
    """Read a JSON or text state file (docs/conventions.md)."""
    return parse_state(read_text_file(path, "state file"), source=str(path))
