"""``sudoku-cube bench NAME``: speed and accuracy benchmarks (grid, plan, vision, ...).

Each benchmark is a module ``assistant/bench/<name>.py`` with ``add_arguments(parser)`` and
``run(args) -> int``; ``bench all`` runs every one with its defaults.
"""
from __future__ import annotations

import argparse
import importlib
import importlib.util

BENCHMARKS = ("grid", "plan", "vision", "corners", "generate", "slips")


def _available() -> list[str]:
    return [b for b in BENCHMARKS if importlib.util.find_spec(f"sudoku_cube.assistant.bench.{b}") is not None]


def register(sub: argparse._SubParsersAction) -> None:
    """Add ``bench`` with one sub-subcommand per available benchmark."""
    p = sub.add_parser("bench", help="run a speed/accuracy benchmark",
                       description="Benchmarks report the figures of the README.")
    bsub = p.add_subparsers(dest="bench", metavar="BENCHMARK")
    for name in _available():
        mod = importlib.import_module(f"sudoku_cube.assistant.bench.{name}")
        bp = bsub.add_parser(name, help=(mod.__doc__ or "").strip().splitlines()[0])
        mod.add_arguments(bp)
        bp.set_defaults(handler=mod.run)
    ap = bsub.add_parser("all", help="run every benchmark with its default settings")
    ap.set_defaults(handler=run_all)
    p.set_defaults(handler=lambda args: (p.print_help(), 2)[1])


def run_all(args: argparse.Namespace) -> int:
    """Run every available benchmark in turn with default arguments."""
    worst = 0
    for name in _available():
        mod = importlib.import_module(f"sudoku_cube.assistant.bench.{name}")
        parser = argparse.ArgumentParser()
        mod.add_arguments(parser)
        worst = max(worst, int(mod.run(parser.parse_args([])) or 0))
    return worst
