"""``sudoku-cube bench NAME``: speed and accuracy benchmarks (grid, plan, vision, ...).

Each benchmark is a module ``assistant/bench/<name>.py`` with ``add_arguments(parser)`` and
``run(args) -> int``; ``bench all`` runs every one with its defaults.
"""
from __future__ import annotations

import argparse
import os
import sys
from typing import Callable

from ..bench import (corners, e2e, e2e_load, generate, grid, guide_check, plan, serve, slips,
                     vision, watch)

BENCHMARKS = {"grid": grid, "plan": plan, "vision": vision, "corners": corners,
              "generate": generate, "slips": slips, "guide-check": guide_check, "watch": watch,
              "e2e": e2e, "determinism": e2e_load, "serve": serve}
"""Each benchmark by name, in the order ``bench all`` runs them."""


def register(sub: argparse._SubParsersAction) -> None:
    """Add ``bench`` with one sub-subcommand per benchmark."""
    p = sub.add_parser("bench", help="run a speed/accuracy benchmark",
                       description="Measure speed and accuracy; docs/benchmarks.md keeps the "
                                   "current figures and the command that measured each.")
    bsub = p.add_subparsers(dest="bench", metavar="BENCHMARK")
    for name, mod in BENCHMARKS.items():
        summary = summary_of(mod.__doc__)
        bp = bsub.add_parser(name, help=summary, description=summary)
        mod.add_arguments(bp)
        bp.set_defaults(handler=wide_when_piped(mod.run))
    ap = bsub.add_parser("all", help="run every benchmark with its default settings",
                         description="Run every benchmark of `sudoku-cube bench`, one after "
                                     "another, with its default settings.")
    ap.set_defaults(handler=wide_when_piped(run_all))
    p.set_defaults(handler=lambda args: (p.print_help(), 2)[1])


PIPED_WIDTH = 200
"""Columns of the figure tables when the output goes to a file or a pipe."""


def wide_when_piped(run: Callable[[argparse.Namespace], int]
                    ) -> Callable[[argparse.Namespace], int]:
    """``run`` with its tables printed ``PIPED_WIDTH`` columns wide when stdout is not a
    terminal: rich would squeeze them to 80 columns and cut every header to "...", which makes
    a saved benchmark log unreadable. A terminal keeps its own width; ``COLUMNS`` set by the
    user wins."""
    def handler(args: argparse.Namespace) -> int:
        if not sys.stdout.isatty() and "COLUMNS" not in os.environ:
            os.environ["COLUMNS"] = str(PIPED_WIDTH)
        return run(args)
    return handler


def summary_of(doc: str | None) -> str:
    """A benchmark's one-line summary for ``--help``: the first paragraph of its module
    docstring, joined into one line (a first line alone can stop mid-sentence)."""
    first = (doc or "").strip().split("\n\n")[0]
    return " ".join(first.split())


def run_all(args: argparse.Namespace) -> int:
    """Run every benchmark in turn with default arguments."""
    worst = 0
    for mod in BENCHMARKS.values():
        parser = argparse.ArgumentParser()
        mod.add_arguments(parser)
        worst = max(worst, int(mod.run(parser.parse_args([])) or 0))
    return worst
