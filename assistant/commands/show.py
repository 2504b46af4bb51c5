"""``sudoku-cube show STATE``: draw the net of a state file in the terminal."""
from __future__ import annotations

import argparse

from rich.console import Console

from ...models.cube.solved import is_solved, validate
from ...models.printable import printable
from ..services.cube_input import checked_state_file
from ..terminal.markup import plain
from ..terminal.net import NetView
from ..terminal.profile_option import add_cube_options, cube_settings


def register(sub: argparse._SubParsersAction) -> None:
    """Add the ``show`` subcommand."""
    p = sub.add_parser("show", help="draw a state file as a net",
                       description="Draw the six faces of a state file as a net, digits with "
                                   "arrows that point where each digit's top points.")
    p.add_argument("state", help="state file (JSON or text, see docs/conventions.md)")
    add_cube_options(p)
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Print the net and a one-line verdict."""
    state = checked_state_file(args.state).state  # a plain cube's file is refused
    settings = cube_settings(args)  # a bad --symmetric or --profile is refused before drawing
    console = Console()
    console.print(NetView(state, title=printable(args.state)))  # Text: no markup
    problems = validate(state)
    for p in problems:
        console.print(f"[yellow]warning:[/] {plain(p.message)}")
    console.print("solved" if is_solved(state, settings.symmetric) else "not solved")
    return 0
