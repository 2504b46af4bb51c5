"""``sudoku-cube solve [PHOTOS_DIR|STATE]``: from photos or a state file to the face turns
that solve the cube, centres included.

With no input it reads the bundled demo photos. ``--json`` prints one JSON object
(``assistant.pipeline.solve_result_dict``) and never asks anything; otherwise the reading is
reviewed (interactively when a person is at the terminal) and the plan is guided step by step
(``--plain`` prints every step). ``--optimal`` asks for a provably shortest plan (cubes up to 8
turns from solved). Producing the result (``produce``) is kept apart from printing it.
"""
from __future__ import annotations

import argparse
import json
import time

from rich.console import Console

from sudoku_cube.assistant.commands.guide import add_guide_options
from sudoku_cube.assistant.pipeline import SolveResult, solve_result_dict, solve_state
from sudoku_cube.assistant.profile_option import add_profile_option, cube_settings
from sudoku_cube.assistant.solve_flow import read_cube, settings_for, solve_with_review


def register(sub: argparse._SubParsersAction) -> None:
    """Add the ``solve`` subcommand."""
    p = sub.add_parser("solve", help="plan the face turns that solve the cube",
                       description="Solve the grid, plan short verified face turns (pieces and "
                                   "centres) and print them.")
    p.add_argument("input", nargs="?", default=None, metavar="PHOTOS_DIR|STATE",
                   help="a folder of face photos (U.jpg ... B.jpg, or corner photos A and B) "
                        "or a state file; default: the bundled demo photos")
    p.add_argument("--json", action="store_true", help="print one JSON object on stdout")
    p.add_argument("--optimal", action="store_true",
                   help="provably shortest plan (only for cubes up to 8 turns from solved)")
    add_guide_options(p)
    add_profile_option(p)
    p.set_defaults(handler=run)


def produce(args: argparse.Namespace) -> SolveResult:
    """Read the photos or state file and solve it, without asking anything."""
    settings = cube_settings(args)
    t0 = time.perf_counter()
    err = Console(stderr=True)
    state, ones = read_cube(args.input, err, args)
    reading_ms = 1000 * (time.perf_counter() - t0)
    settings = settings_for(state, settings, ones, args, err)
    return solve_state(state, settings, optimal=args.optimal, reading_ms=reading_ms)


def run(args: argparse.Namespace) -> int:
    """Solve and print the JSON result, or review and guide."""
    if args.json:
        print(json.dumps(solve_result_dict(produce(args)), indent=2))
        return 0
    return solve_with_review(args.input, cube_settings(args), args)
