"""``sudoku-cube encode STATE``: the corner / edge / centre table of a state."""
from __future__ import annotations

import argparse

from rich.console import Console
from rich.table import Table

from ...models.cube.pieces import encode
from ..services.cube_input import checked_state_file


def register(sub: argparse._SubParsersAction) -> None:
    """Add the ``encode`` subcommand."""
    p = sub.add_parser("encode", help="print the piece encoding of a state",
                       description="For every corner place its three digits and rotations, for "
                                   "every edge its two, for every centre its one (Kociemba "
                                   "order; U/D sticker first, clockwise).")
    p.add_argument("state", help="state file (JSON or text)")
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Print the table."""
    enc = encode(checked_state_file(args.state).state)  # a plain cube's file is refused
    table = Table(title="piece encoding")
    for col in ("kind", "place", "digits", "rotations"):
        table.add_column(col)
    for row in enc.rows():
        table.add_row(*row)
    Console().print(table)
    return 0
