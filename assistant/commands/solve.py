"""``sudoku-cube solve STATE``: the face turns that solve the cube, centres included.

``--json`` prints one JSON object (``assistant.pipeline.solve_result_dict``); ``--plain``
prints the plan as numbered lines; ``--optimal`` asks for a provably shortest plan (cubes up to
8 turns from solved). Producing the result (``produce``) is kept apart from printing it.
"""
from __future__ import annotations

import argparse
import json
import time

from rich.console import Console
from rich.table import Table

from assistant.files import load_state
from assistant.pipeline import SolveResult, solve_result_dict, solve_state
from models.moves import format_moves
from models.profile import CubeSettings, parse_symmetric


def register(sub: argparse._SubParsersAction) -> None:
    """Add the ``solve`` subcommand."""
    p = sub.add_parser("solve", help="plan the face turns that solve the cube",
                       description="Solve the grid, plan short verified face turns (pieces and "
                                   "centres) and print them.")
    p.add_argument("state", help="state file (JSON or text, see CONVENTIONS.md)")
    p.add_argument("--json", action="store_true", help="print one JSON object on stdout")
    p.add_argument("--plain", action="store_true", help="print the plan as plain numbered lines")
    p.add_argument("--optimal", action="store_true",
                   help="provably shortest plan (only for cubes up to 8 turns from solved)")
    p.add_argument("--symmetric", default="1",
                   help="digits that look the same upside down (default: 1)")
    p.set_defaults(handler=run)


def produce(args: argparse.Namespace) -> SolveResult:
    """Read the state file and solve it."""
    settings = CubeSettings(symmetric=parse_symmetric(getattr(args, "symmetric", "1")))
    t0 = time.perf_counter()
    state = load_state(args.state)
    reading_ms = 1000 * (time.perf_counter() - t0)
    return solve_state(state, settings, optimal=args.optimal, reading_ms=reading_ms)


def plain_text(result: SolveResult) -> str:
    """The plan as plain text lines."""
    p = result.plan
    if result.already_solved:
        return "The cube is already solved: no turns needed."
    lines = [f"{len(p.moves)} turns ({p.phases.count('pieces')} for pieces, "
             f"{p.phases.count('centres')} for centres): {format_moves(p.moves)}"]
    for i, (m, ph) in enumerate(zip(p.moves, p.phases), 1):
        lines.append(f"{i:3d}. {str(m):3s} {m.describe()} ({ph})")
    return "\n".join(lines)


def print_result(result: SolveResult, console: Console) -> None:
    """A rich table of the plan."""
    p = result.plan
    if result.already_solved:
        console.print("[green]The cube is already solved: no turns needed.[/]")
        return
    table = Table(title=f"{len(p.moves)} turns: {format_moves(p.moves)}")
    for col in ("#", "turn", "what to do", "phase"):
        table.add_column(col)
    for i, (m, ph) in enumerate(zip(p.moves, p.phases), 1):
        table.add_row(str(i), str(m), m.describe(), ph)
    console.print(table)
    t = result.timings_ms
    console.print(f"verified on the model; grid {t.get('grid', 0):.0f} ms, "
                  f"planning {t.get('planning', 0):.0f} ms")


def run(args: argparse.Namespace) -> int:
    """Solve and print."""
    result = produce(args)
    if args.json:
        print(json.dumps(solve_result_dict(result), indent=2))
    elif args.plain:
        print(plain_text(result))
    else:
        print_result(result, Console())
    return 0
