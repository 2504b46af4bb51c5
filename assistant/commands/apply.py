"""``sudoku-cube apply STATE MOVES``: the state after a move sequence."""
from __future__ import annotations

import argparse

from rich.console import Console

from ...models.cube.moves import format_moves, parse_moves
from ...models.cube.solved import is_solved
from ...models.cube.state_format import to_json
from ..services.cube_input import checked_state_file
from ..terminal.net import NetView
from ..terminal.profile_option import add_cube_options, cube_settings


def register(sub: argparse._SubParsersAction) -> None:
    """Add the ``apply`` subcommand."""
    p = sub.add_parser("apply", help="apply face turns to a state",
                       description="Print the state after the moves, e.g. \"R U' F2\".")
    p.add_argument("state", help="state file (JSON or text)")
    p.add_argument("moves", help="face turns U R F D L B with ' or 2, separated by spaces")
    p.add_argument("--json", action="store_true", help="print the state JSON to stdout")
    add_cube_options(p)
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Apply the moves and print the result, and whether it is solved (on stderr with
    ``--json``, whose stdout is the state alone)."""
    moves = parse_moves(args.moves)
    state = checked_state_file(args.state).state.apply(moves)  # a plain cube's file is refused
    settings = cube_settings(args)
    verdict = "solved" if is_solved(state, settings.symmetric) else "not solved"
    if args.json:
        print(to_json(state))
        Console(stderr=True).print(verdict)
    else:
        console = Console()
        console.print(NetView(state, title=f"after {format_moves(moves) or '(no moves)'}"))
        console.print(verdict)
    return 0
