"""Lines that were being typed at a prompt when Ctrl-C stopped the command, kept so that the
same prompt offers them again when the person goes on: nothing typed is lost.

A line is kept under the key of what it answers: at the review, the reading being corrected
(:func:`review_key`: the same photos read again, or the state file that keeps the corrections
typed, give the same reading); at the guide's check, the plan, the step and the face asked
for (:func:`check_key`). Both live in one small JSON file in :func:`storage.folders.data_dir`,
written atomically under a lock; a line is removed when it is offered again, so it comes back
once. A damaged or foreign file is ignored and replaced, never a traceback, and a line that
cannot be kept (a full disk) is only not kept: the caller still shows it to the person.
"""
from __future__ import annotations

import hashlib
from pathlib import Path

from ...models.cube.state import CubeState
from ...models.cube.stickers import format_token
from ...models.errors import SudokuCubeError
from ...models.json_input import parse_json
from ...storage.atomic import atomic_write_json
from ...storage.file_input import read_regular_file
from ...storage.file_lock import locked
from ...storage.folders import data_dir

FORMAT = "sudoku-cube-unfinished/1"
KEEP = 20
"""Lines kept at most (the most recent); an older one is dropped."""


def unfinished_path() -> Path:
    """The file that keeps the unfinished lines."""
    return data_dir() / "unfinished-lines.json"


def review_key(state: CubeState) -> str:
    """The key of a line typed at the review of the reading ``state`` (its stickers as they
    stand, corrections included, candidates aside)."""
    tokens = " ".join(format_token(s) for s in state.without_candidates().stickers)
    return "review " + hashlib.sha1(tokens.encode()).hexdigest()[:16]


def check_key(plan: str, step: int, face: str) -> str:
    """The key of a line typed at the guide's check of the plan with key ``plan``
    (:func:`assistant.services.sessions.plan_key`), at ``step`` (steps done), asking for
    ``face``."""
    return f"check {plan} {step} {face}"


def _lines(path: Path) -> dict[str, str]:
    """The kept lines (none when the file is missing, damaged or not this program's)."""
    try:
        data = parse_json(read_regular_file(path).decode("utf-8"))
    except (OSError, ValueError, SudokuCubeError):
        return {}
    lines = data.get("lines") if isinstance(data, dict) and data.get("format") == FORMAT else None
    if not isinstance(lines, dict):
        return {}
    return {k: v for k, v in lines.items() if isinstance(k, str) and isinstance(v, str)}


def _write(path: Path, lines: dict[str, str]) -> None:
    atomic_write_json(path, {"format": FORMAT, "lines": lines})


def keep_unfinished(key: str, line: str, path: Path | None = None) -> bool:
    """Keep ``line`` under ``key`` (replacing one kept there before); False when it could not
    be written (the caller then only shows it)."""
    path = path or unfinished_path()
    try:
        with locked(path):
            lines = _lines(path)
            lines.pop(key, None)
            lines[key] = line
            while len(lines) > KEEP:
                lines.pop(next(iter(lines)))
            _write(path, lines)
    except (OSError, SudokuCubeError):
        return False
    return True


def take_unfinished(key: str, path: Path | None = None) -> str:
    """The line kept under ``key``, removed from the file so that it is offered once ("" when
    none is kept)."""
    path = path or unfinished_path()
    if not path.exists():
        return ""
    line = ""
    try:
        with locked(path):
            lines = _lines(path)
            line = lines.pop(key, "")
            if line:
                _write(path, lines)
    except (OSError, SudokuCubeError):
        pass  # not removed: offered once more next time
    return line
