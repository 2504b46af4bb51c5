"""The whole way from photos (or a state file) to the guide, for a person at the terminal:
read -> review -> grid -> plan -> guide. The planner's ``solve`` command calls
:func:`solve_with_review` for its interactive and ``--plain`` modes."""
from __future__ import annotations

import argparse
from typing import TYPE_CHECKING
from pathlib import Path
from rich.console import Console

from sudoku_cube.assistant.files import load_state
from sudoku_cube.assistant.keys import interactive, read_line
from sudoku_cube.assistant.review_ui import ReviewQuit, dropped_corrections, run_review
from sudoku_cube.models.errors import SudokuCubeError
from sudoku_cube.models.profile import CubeSettings
from sudoku_cube.models.state import CubeState

if TYPE_CHECKING:
    from sudoku_cube.vision.footed import OneVerdict

DEMO_SAMPLE = Path(__file__).resolve().parent.parent / "samples" / "cubes" / "01-easy"
"""The bundled photos that ``sudoku-cube solve`` reads when given nothing."""


def read_cube(path: str | None, console: Console, args: argparse.Namespace | None = None
              ) -> tuple[CubeState, "OneVerdict | None"]:
    """A state from a photo folder (through vision, with the ``--profile`` of ``args``) or a
    state file (None = the demo sample) and, from photos, what they say about the digit 1
    (None for a state file)."""
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
            reading = read_folder(p, **options)
        from sudoku_cube.vision.footed import ones_verdict

        return reading.state, ones_verdict(reading.faces)
    return load_state(p), None


def settings_for(state: CubeState, settings: CubeSettings, ones: "OneVerdict | None",
                 args: argparse.Namespace | None, console: Console) -> CubeSettings:
    """The cube settings with the photos' verdict on the 1: when its 1s have a foot (and
    neither ``--symmetric`` nor ``--profile`` says otherwise), 1 is not symmetric, so the
    plan keeps every 1 upright; kept only when the grid solves so with every clearly read 1
    as read (else the cube's design turns a 1 over and the 1 stays symmetric)."""
    if ones is None or not ones.has_foot or 1 not in settings.symmetric:
        return settings
    if getattr(args, "symmetric", None) is not None or getattr(args, "profile", None):
        return settings
    from dataclasses import replace

    from sudoku_cube.models.grid import solve_grid
    from sudoku_cube.vision.footed import SURE

    footed = replace(settings, symmetric=settings.symmetric - {1})
    try:
        chosen = solve_grid(state, footed).chosen
    except SudokuCubeError:
        chosen = None
    sure = [i for i, s in enumerate(state.stickers) if s.digit == 1
            and (state.hypotheses(i)[0].score or 0) >= SURE]
    if chosen is None or any(chosen[i] != state.stickers[i] for i in sure):
        console.print("digit 1 has a foot, but the cube only solves with a 1 turned over: "
                      "taken as symmetric", highlight=False)
        return settings
    console.print(ones.describe(), highlight=False)
    return footed


def solve_with_review(path: str | None, settings: CubeSettings, args: argparse.Namespace,
                      console: Console | None = None) -> int:
    """Read, review (interactive when a person is there), plan and guide."""
    from sudoku_cube.assistant.commands.guide import guide_plan
    from sudoku_cube.assistant.planning import make_plan

    from sudoku_cube.assistant.export import check_export_path

    console = console or Console()
    if getattr(args, "export", None):
        check_export_path(args.export)
    state, ones = read_cube(path, console, args)
    settings = settings_for(state, settings, ones, args, console)
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

