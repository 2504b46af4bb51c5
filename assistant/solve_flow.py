"""The whole way from photos (or a state file) to the guide, for a person at the terminal:
read -> review -> grid -> plan -> guide. The planner's ``solve`` command calls
:func:`solve_with_review` for its interactive and ``--plain`` modes."""
from __future__ import annotations

import argparse
from pathlib import Path
from rich.console import Console

from sudoku_cube.assistant.files import load_state
from sudoku_cube.assistant.keys import interactive, read_line
from sudoku_cube.assistant.review_ui import ReviewQuit, dropped_corrections, run_review
from sudoku_cube.models.errors import SudokuCubeError
from sudoku_cube.models.profile import CubeSettings
from sudoku_cube.models.state import CubeState

DEMO_SAMPLE = Path(__file__).resolve().parent.parent / "samples" / "cubes" / "01-easy"
"""The bundled photos that ``sudoku-cube solve`` reads when given nothing."""


def read_input(path: str | None, console: Console,
               args: argparse.Namespace | None = None) -> CubeState:
    """A state from a photo folder (through vision, with the ``--profile`` of ``args``) or a
    state file; None = the demo sample."""
    p = Path(path) if path else DEMO_SAMPLE
    if not path:
        console.print(f"No input given: reading the bundled demo photos in {p}")
    if not p.exists():
        raise SudokuCubeError(f"{p}: no such file or folder; give a folder of face photos "
                              "(U.jpg R.jpg ...) or a state file")
    if p.is_dir():
        from sudoku_cube.vision.photo_set import read_folder
        with Console(stderr=True).status(f"Reading the photos in {p}..."):
            from sudoku_cube.assistant.profile_option import reader_options

            options = reader_options(args) if args is not None else {}
            return read_folder(p, **options).state
    return load_state(p)


def solve_with_review(path: str | None, settings: CubeSettings, args: argparse.Namespace,
                      console: Console | None = None) -> int:
    """Read, review (interactive when a person is there), plan and guide."""
    from sudoku_cube.assistant.commands.guide import guide_plan
    from sudoku_cube.assistant.planning import make_plan

    from sudoku_cube.assistant.export import check_export_path

    console = console or Console()
    if getattr(args, "export", None):
        check_export_path(args.export)
    state = read_input(path, console, args)
    person = interactive() and not getattr(args, "plain", False)
    try:
        state, check = run_review(console, state, settings, read_line if person else None)
    except ReviewQuit as stop:
        console.print("Stopped at the review; nothing was planned"
                      f"{dropped_corrections(stop.corrections)}. The input is unchanged: run the same command to review it again.",
                      highlight=False)
        return 0
    plan = make_plan(state, settings, grid=check.grid,
                     optimal=getattr(args, "optimal", False))
    return guide_plan(plan, args, console, reading=state.without_candidates())

