"""Running the review: show the reading, take corrections until the grid solver accepts it.

Without a person at the keyboard the reading goes on only when it is already consistent (the
grid solver's suggestions are then taken and printed); otherwise a SudokuCubeError says what
to fix.
"""
from __future__ import annotations

from typing import Callable

from rich.console import Console

from sudoku_cube.assistant.review import (ReviewCheck, accepted, apply_corrections, check_reading,
                              parse_corrections, suggestion_lines)
from sudoku_cube.assistant.review_view import ReviewView
from sudoku_cube.models.errors import SudokuCubeError
from sudoku_cube.models.grid import GridSolution
from sudoku_cube.models.profile import CubeSettings
from sudoku_cube.models.state import CubeState


PROMPT = "correction (e.g. F7 6>), Enter to continue, q to quit: "
PROMPT_MORE = "correction (e.g. F7 6>), + more stickers, Enter to continue, q to quit: "


class ReviewQuit(Exception):
    """The person pressed q at the review: a normal stop, not an interruption.

    ``corrections`` counts the stickers corrected before quitting (they are not kept)."""

    def __init__(self, corrections: int) -> None:
        super().__init__("stopped at the review")
        self.corrections = corrections


def dropped_corrections(count: int) -> str:
    """' (the 2 corrections typed are not kept)' or '' -- for the stop messages."""
    if not count:
        return ""
    if count == 1:
        return " (the correction typed is not kept)"
    return f" (the {count} corrections typed are not kept)"


def run_review(console: Console, state: CubeState, settings: CubeSettings = CubeSettings(),
               read_line: Callable[[str], str] | None = None,
               solver: Callable[..., GridSolution] | None = None) -> tuple[CubeState, ReviewCheck]:
    """Review until consistent; return the reading to solve (suggestions taken) and its check.

    ``read_line`` asks the person (None: no interaction possible). ``q`` raises
    :class:`ReviewQuit`.
    """
    read = state
    while True:
        with console.status("Checking the reading with the grid solver..."):
            check = check_reading(state, settings, solver)
        view = ReviewView(state, check, show_help=read_line is not None)
        console.print(view)
        if read_line is None:
            if not check.ok:
                raise SudokuCubeError(
                    "the reading is not consistent: "
                    + "; ".join(p.rstrip(". ") for p in check.problems)
                    + ". Retake the photos of those stickers, or correct them in a state file "
                    "(`sudoku-cube read PHOTOS --json > state.json` writes one; a token changed "
                    "in its faces counts as certain) and run `sudoku-cube solve state.json`")
            for line in suggestion_lines(state, check):
                console.print(f"taking the grid's suggestion {line}")
            return accepted(state, check), check
        while True:
            more = view.page_count(console) > 1
            answer = read_line(PROMPT_MORE if more else PROMPT).strip()
            if answer.lower() in ("q", "quit"):
                raise ReviewQuit(sum(a != b for a, b in zip(read.stickers, state.stickers)))
            if answer == "+":
                view.page += 1
                console.print(view)
                continue
            if not answer:
                if check.ok:
                    return accepted(state, check), check
                console.print("[red]Not yet: the reading must be consistent first.[/]")
                continue
            try:
                corrections = parse_corrections(answer, state.n)
            except SudokuCubeError as e:
                console.print(f"[red]{e}[/]")
                continue
            state = apply_corrections(state, corrections)
            break
