"""``sudoku-cube guide STATE``: step-by-step instructions to solve the cube in a state file."""
from __future__ import annotations

import argparse

from rich.console import Console

from sudoku_cube.assistant.export import check_export_path, export_plan
from sudoku_cube.assistant.files import load_state
from sudoku_cube.assistant.guide import GuideCursor, steps_as_read
from sudoku_cube.assistant.guide_check import make_checker
from sudoku_cube.assistant.guide_ui import print_plain, run_interactive
from sudoku_cube.assistant.keys import interactive, read_key, read_line
from sudoku_cube.assistant.planning import make_plan
from sudoku_cube.assistant.profile_option import (add_profile_option, add_symmetric_option,
                                                  cube_settings)
from sudoku_cube.models.solved import is_solved
from sudoku_cube.models.state import CubeState


def add_guide_options(p: argparse.ArgumentParser) -> None:
    """Options shared by ``guide`` and ``solve``."""
    p.add_argument("--plain", action="store_true",
                   help="print every step at once (for printouts and terminals without keys)")
    p.add_argument("--export", metavar="FILE",
                   help="also write the plan with pictures of every step (.html or .svg)")
    p.add_argument("--restart", action="store_true",
                   help="start at step 1 even if this plan was left half-way")
    add_symmetric_option(p)


def register(sub: argparse._SubParsersAction) -> None:
    """Add the ``guide`` subcommand."""
    p = sub.add_parser("guide", help="guide the face turns that solve a state, step by step",
                       description="Show one face turn at a time: the move in large letters and "
                                   "words, the cube before and after, progress and phase. "
                                   "Keys: right/down/PgDn/n/space next, left/up/PgUp/b back, c check the cube (find a "
                                   "slip and plan again from the real cube), r restart, q "
                                   "quit. Without a "
                                   "terminal (or with --plain) every step is printed.")
    p.add_argument("state", help="state file (JSON or text, see docs/conventions.md)")
    p.add_argument("--moves", help="follow this plan (face turns) instead of planning STATE")
    p.add_argument("--camera", nargs="?", const="0", default=None, metavar="N|VIDEO",
                   help="watch mode: the camera (default 0) or a video file looks at the cube "
                        "from the U-F-R corner after each move, confirms it and stops at a slip")
    add_guide_options(p)
    add_profile_option(p)
    p.set_defaults(handler=run)


def guide_plan(plan, args: argparse.Namespace, console: Console | None = None,
               reading: CubeState | None = None) -> int:
    """Export and/or guide a plan as the options ask; ``reading`` is the cube as read (the
    steps are shown from it, see :func:`assistant.guide.steps_as_read`)."""
    console = console or Console()
    steps = steps_as_read(plan, reading, cube_settings(args).symmetric)
    start = steps[0].before if steps else plan.start
    if args.export:
        path = export_plan(args.export, steps, start)
        Console(stderr=True).print(f"Plan with {len(steps)} steps written to {path}",
                                   highlight=False)
    if (args.plain or not interactive()) and getattr(args, "camera", None) is None:
        print_plain(console, steps, start)
        return 0
    cursor = GuideCursor(steps, start, position=0 if args.restart else None)
    capture = None
    if getattr(args, "camera", None) is not None:
        from sudoku_cube.assistant.guide_watch import camera_capture, watch_plain, watch_screen

        if not interactive() or args.plain:
            watch_plain(console, cursor, args.camera, cube_settings(args))
            return 0
        watch_screen(console, cursor, args.camera, cube_settings(args))
        if cursor.done:
            return 0
        capture = camera_capture(args.camera, cube_settings(args))  # go on by keys; c checks
    checker = make_checker(console, read_line, cube_settings(args), capture)
    run_interactive(console, cursor, read_key, checker=checker)
    return 0


def run(args: argparse.Namespace) -> int:
    """Plan the state file's solution and guide it."""
    settings = cube_settings(args)
    if args.export:
        check_export_path(args.export)
    state = load_state(args.state)
    if state.candidates is None and is_solved(state, settings.symmetric):
        Console().print("The cube is already solved: nothing to turn.")
        return 0
    if args.moves is not None:
        return guide_plan(given_plan(state, args.moves, settings, args.state), args,
                          reading=state.without_candidates())
    return guide_plan(make_plan(state, settings), args, reading=state.without_candidates())


def given_plan(state, text: str, settings, where: str):
    """A plan given with ``--moves``: checked to solve the state on the model first."""
    from sudoku_cube.models.errors import SudokuCubeError
    from sudoku_cube.models.moves import parse_moves
    from sudoku_cube.models.planner import verified_plan, PIECES

    moves = parse_moves(text)
    start = state.without_candidates()
    if not is_solved(start.apply(moves), settings.symmetric):
        raise SudokuCubeError(f"--moves: these turns do not solve {where}; give the plan the "
                              "guide or solve showed for this state")
    return verified_plan(start, moves, tuple(PIECES for _ in moves), settings, {"method": "given"})
