"""``sudoku-cube tables``: build the planner's tables into the cache folder now (``make demo``
does it ahead of the first solve), or say that good copies are already there."""
from __future__ import annotations

import argparse

from rich.console import Console

from ..services.pipeline import Event
from ..services.table_cache import ensure_tables, planner_tables
from ..terminal.markup import plain
from ..terminal.progress_view import ConsoleProgress


def register(sub: argparse._SubParsersAction) -> None:
    """Add the ``tables`` subcommand."""
    p = sub.add_parser("tables", help="build or check the planner's tables in the cache "
                                      "folder (once)",
                       description="Build the planner's tables (two-phase pruning tables and "
                                   "the centre table) into the cache folder, or check the "
                                   "copies there; a damaged or old copy is rebuilt.")
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Build or check the tables and say where they are."""
    with ConsoleProgress() as progress:
        status = ensure_tables(lambda what, f: progress(Event("tables", f, what)),
                               lambda msg: progress(Event("notice", None, msg)))
    out = Console()
    for table in planner_tables():
        out.print(f"{table.name}: {status.get(table.name, '?')} ({plain(table.path())})",
                  highlight=False)
    return 0
