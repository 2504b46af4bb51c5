"""The guide's ``c`` key: check the cube at the step reached and, when a slip is found, follow
a new plan from where the cube really is.

The person shows the face the assistant asks for: its nine tokens typed (row by row, as the
net shows the face), the path of a photo of it, ``A=path`` for corner photo A (U, F and R at
once), or Enter to take it from the camera when the guide has one. Several slips that fit ask
for one more face; none that fits says to scan again.
"""
from __future__ import annotations

from pathlib import Path
from typing import Callable

from rich.console import Console

from sudoku_cube.assistant.guide import GuideCursor, steps_from_moves
from sudoku_cube.assistant.slip_check import Cells, corner_cells, how_to_show, photo_cells, \
    tokens_cells
from sudoku_cube.models.errors import SudokuCubeError
from sudoku_cube.models.moves import format_moves
from sudoku_cube.models.profile import CubeSettings
from sudoku_cube.models.slips import Verdict, find_slip, suggest_face
from sudoku_cube.models.state_format import to_json
from sudoku_cube.vision.storage import atomic_write_text, data_dir

LineReader = Callable[[str], str]
"""Asks a question and returns the typed line ("q" at end of input)."""
Capture = Callable[[str], dict[str, Cells]]
"""Takes what the camera sees of a face (or corner A when it is asked for "A")."""


def _answer(text: str, face: str, settings: CubeSettings, capture: Capture | None
            ) -> dict[str, Cells] | None:
    """The faces a typed answer gives (None to cancel)."""
    t = text.strip()
    if t.lower() == "q" or (t == "" and capture is None):
        return None
    if t == "":
        return capture(face)
    if t[:2].upper() == "A=":
        return corner_cells(t[2:].strip(), settings)
    if Path(t).suffix and len(t.split()) == 1:
        return {face: photo_cells(face, t, settings)}
    return {face: tokens_cells(face, t)}


def check_cube(cursor: GuideCursor, console: Console, ask: LineReader,
               settings: CubeSettings = CubeSettings(), capture: Capture | None = None
               ) -> str:
    """Run one check at the cursor's step; follow a new plan when a slip is found. Returns the
    line the guide shows next."""
    moves = [s.move for s in cursor.steps]
    done = cursor.position
    face = suggest_face(cursor.start, moves, done, settings)
    seen: dict[str, Cells] = {}
    how = "type its nine tokens row by row, a photo path, or A=path of corner photo A"
    if capture is not None:
        how = "press Enter to take it from the camera, or " + how
    while True:
        console.print(f"Check: show {how_to_show(face)}; {how} (q: cancel).")
        try:
            got = _answer(ask(f"{face}> "), face, settings, capture)
        except SudokuCubeError as e:
            console.print(f"[red]{e}[/]")
            continue
        if got is None:
            return "Check cancelled."
        seen.update(got)
        verdict = find_slip(cursor.start, moves, done, seen, settings)
        if verdict.outcome != "ambiguous" or not verdict.ask_face:
            return _conclude(cursor, verdict)
        console.print(verdict.message())
        face = verdict.ask_face


def _conclude(cursor: GuideCursor, verdict: Verdict) -> str:
    """Switch the cursor to the new plan when a slip was found; the line to show. The real
    cube is saved, so that the new plan can be taken up again in a later run."""
    if verdict.outcome == "found" and verdict.best is not None:
        real = verdict.best.state
        cursor.follow(steps_from_moves(real, verdict.repair), real)
        path = data_dir() / "after-slip.json"
        atomic_write_text(path, to_json(real))
        return (f"{verdict.message()} To take it up later: sudoku-cube guide {path} --moves "
                f"\"{format_moves(verdict.repair)}\"")
    return verdict.message()


def make_checker(console: Console, ask: LineReader, settings: CubeSettings = CubeSettings(),
                 capture: Capture | None = None) -> Callable[[GuideCursor], str]:
    """The ``c`` key's action for :func:`assistant.guide_ui.run_interactive`."""
    def check(cursor: GuideCursor) -> str:
        return check_cube(cursor, console, ask, settings, capture)
    return check


__all__ = ["check_cube", "make_checker"]
