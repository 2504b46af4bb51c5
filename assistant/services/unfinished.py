"""Lines that were being typed at a prompt when Ctrl-C stopped the command, kept so that the
same prompt offers them again when the person goes on: nothing typed is lost.

A line is kept under the key of what it answers: at the review, the reading being corrected
(:func:`review_key`: the same photos read again, or the state file that keeps the corrections
typed, give the same reading); at the guide's check, the plan and the step (:func:`check_key`),
with the face the line was typed for (:attr:`Unfinished.asked`), so that it comes back on the
prompt that asks for that face. Both live in one small JSON file in
:func:`storage.folders.data_dir`, written atomically under a lock. A line is read when its
prompt is shown (:func:`kept_unfinished`) and removed only once that prompt is answered
(:func:`drop_unfinished`), so that a Ctrl-C before the prompt loses nothing and a line answered
comes back no more. At most :data:`KEEP` lines of at most :data:`LINE_MAX` characters each are
kept, so the file stays far below what its reader takes. A damaged or foreign file is ignored
and replaced, never a traceback, and a line that cannot be kept (a full disk, a data folder
that cannot be read or whose name is too long) is only not kept: the caller still shows it to
the person, and nothing here stops the command.
"""
from __future__ import annotations

import hashlib
from pathlib import Path
from typing import NamedTuple

from ...models.cube.state import CubeState
from ...models.cube.stickers import format_token
from ...models.errors import SudokuCubeError
from ...models.json_input import parse_json
from ...storage.atomic import atomic_write_json
from ...storage.file_input import read_regular_file
from ...storage.file_lock import locked
from ...storage.folders import data_dir

FORMAT = "sudoku-cube-unfinished/2"
KEEP = 20
"""Lines kept at most (the most recent); an older one is dropped."""
LINE_MAX = 2000
"""The longest line kept, in characters; a longer one is only shown to the person. With
:data:`KEEP` lines the file stays well under the size :func:`read_regular_file` reads."""

_PROBLEMS = (OSError, ValueError, RuntimeError, SudokuCubeError)
"""What reading or writing the file may raise (a folder that cannot be read, a name too long,
a home folder that cannot be found): the line is then only not kept, or not offered."""


class Unfinished(NamedTuple):
    """A line kept: its text and what it was typed for beyond its key (the face asked at the
    guide's check; "" at the review)."""

    line: str
    asked: str = ""


def unfinished_path() -> Path:
    """The file that keeps the unfinished lines."""
    return data_dir() / "unfinished-lines.json"


def review_key(state: CubeState) -> str:
    """The key of a line typed at the review of the reading ``state`` (its stickers as they
    stand, corrections included, candidates aside)."""
    tokens = " ".join(format_token(s) for s in state.without_candidates().stickers)
    return "review " + hashlib.sha1(tokens.encode()).hexdigest()[:16]


def check_key(plan: str, step: int) -> str:
    """The key of a line typed at the guide's check of the plan with key ``plan``
    (:func:`assistant.services.sessions.plan_key`) at ``step`` (steps done), whichever face
    was asked for (kept with the line, :attr:`Unfinished.asked`)."""
    return f"check {plan} {step}"


def _lines(path: Path) -> dict[str, Unfinished]:
    """The kept lines (none when the file is missing, damaged or not this program's)."""
    try:
        data = parse_json(read_regular_file(path).decode("utf-8"))
    except (OSError, ValueError, SudokuCubeError):
        return {}
    lines = data.get("lines") if isinstance(data, dict) and data.get("format") == FORMAT else None
    if not isinstance(lines, dict):
        return {}
    kept = {}
    for key, entry in lines.items():
        line = entry.get("line") if isinstance(entry, dict) else None
        asked = entry.get("asked", "") if isinstance(entry, dict) else None
        if isinstance(key, str) and isinstance(line, str) and isinstance(asked, str):
            kept[key] = Unfinished(line, asked)
    return kept


def _write(path: Path, lines: dict[str, Unfinished]) -> None:
    """Write ``lines`` to ``path`` atomically, in this program's format (raises ``OSError``
    or :class:`SudokuCubeError` when it cannot)."""
    atomic_write_json(path, {"format": FORMAT,
                             "lines": {k: u._asdict() for k, u in lines.items()}})


def keep_unfinished(key: str, line: str, path: Path | None = None, *, asked: str = "") -> bool:
    """Keep ``line`` under ``key`` (replacing one kept there before), typed for ``asked``;
    False when it is not kept: longer than :data:`LINE_MAX`, or the file cannot be written
    (the caller then only shows it)."""
    if len(line) > LINE_MAX:
        return False
    try:
        path = path or unfinished_path()
        with locked(path):
            lines = _lines(path)
            lines.pop(key, None)
            lines[key] = Unfinished(line, asked)
            while len(lines) > KEEP:
                lines.pop(next(iter(lines)))
            _write(path, lines)
    except _PROBLEMS:
        return False
    return True


def kept_unfinished(key: str, path: Path | None = None) -> Unfinished | None:
    """The line kept under ``key``, left in the file (None when none is kept, or the file
    cannot be read): the prompt that offers it removes it once answered
    (:func:`drop_unfinished`), so that a stop before then loses nothing."""
    try:
        path = path or unfinished_path()
        return _lines(path).get(key)
    except _PROBLEMS:
        return None


def drop_unfinished(key: str, line: str, path: Path | None = None) -> None:
    """Remove the line kept under ``key`` once its prompt offered it and was answered, so
    that it comes back once; only when it is still ``line`` (a newer one kept since stays).
    When it cannot be removed it is offered once more next time."""
    try:
        path = path or unfinished_path()
        with locked(path):
            lines = _lines(path)
            if key in lines and lines[key].line == line:
                del lines[key]
                _write(path, lines)
    except _PROBLEMS:
        pass
