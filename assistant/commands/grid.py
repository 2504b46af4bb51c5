"""``sudoku-cube grid STATE``: where every piece goes (the solved target arrangement).

Prints the solved net, each face's direction, the centre turns and the piece placement
table; ``--json`` prints one JSON object instead; ``--all`` also counts the distinct solved
arrangements (up to ``--cap``) and says whether the answer is unique.
"""
from __future__ import annotations

import argparse
import json
import sys
from dataclasses import replace

from rich.console import Console
from rich.table import Table

from ...models.cube.geometry import FACE_NAMES
from ...models.cube.state import CubeState, sticker_name
from ...models.cube.state_format import to_dict
from ...models.cube.stickers import ARROWS, format_token
from ...models.errors import SudokuCubeError
from ...models.grid import (GridSolution, GridUnsolvableError, enumerate_targets,
                           photo_refusal, solve_grid)
from ...models.profile import CubeSettings
from ..terminal.net import NetView
from ..terminal.profile_option import add_cube_options, cube_settings
from ..terminal.solve_flow import as_solve_takes, read_cube, say_notes
from ..terminal.solve_options import add_ocr_option

DIRECTION_WORDS = ("up", "right", "down", "left")


def register(sub: argparse._SubParsersAction) -> None:
    """Add the ``grid`` subcommand."""
    p = sub.add_parser(
        "grid", help="solve the grid: where every piece goes and how every face points",
        description="Find the solved arrangement reachable by face turns that best fits the "
                    "readings (CP-SAT): the target net, each face's direction, the centre turns "
                    "and where each corner and edge goes with what twist.")
    p.add_argument("state",
                   help="state file (JSON or text, see docs/conventions.md) or a folder of "
                        "photos, as solve takes")
    add_ocr_option(p)
    p.add_argument("--json", action="store_true", help="print one JSON object on stdout")
    p.add_argument("--all", action="store_true",
                   help="also count the distinct solved arrangements (up to --cap) and say "
                        "whether the answer is unique")
    p.add_argument("--cap", type=int, default=100, metavar="N",
                   help="stop counting at N arrangements (default 100)")
    add_cube_options(p)
    p.add_argument("--ambiguous-69", action="store_true",
                   help="this cube's 6 and 9 are not underlined: every 6 may be a 9 upside down")
    p.add_argument("--time-limit", type=float, default=10.0, metavar="S",
                   help="seconds the solver may take (default 10)")
    p.set_defaults(handler=run)


def settings_from(args: argparse.Namespace) -> CubeSettings:
    """Cube settings from ``--profile``, ``--symmetric`` and ``--ambiguous-69``."""
    settings = cube_settings(args)
    return replace(settings, underlined_69=False) if args.ambiguous_69 else settings


def run(args: argparse.Namespace) -> int:
    """Solve the grid of a state file and print it."""
    if args.cap < 1:
        raise SudokuCubeError("--cap must be at least 1")
    err = Console(stderr=True)
    got = read_cube(args.state, err, args)
    say_notes(err, got)
    state = got.state
    try:  # as solve takes the photos: the verdict on the 1, a photo held turned set upright
        state, settings = as_solve_takes(state, settings_from(args), got.ones, got.face_files,
                                         got.corner_photos, args, err)
        sol = solve_grid(state, settings, count_cap=args.cap if args.all else None,
                         time_limit_s=args.time_limit)
    except GridUnsolvableError as e:  # a reading too doubtful names the photos to retake
        raise photo_refusal(e, state, got.photo_names) from None
    others: list[GridSolution] = []
    if args.all and (sol.solution_count or 0) > 1:
        others = [s for s in enumerate_targets(state, settings, min(args.cap, 10),
                                                time_limit_s=args.time_limit)
                  if s.target != sol.target]
    if args.json:
        out = sol.to_dict(state)
        if args.all:
            out["other_targets"] = [to_dict(s.target) for s in others]
        json.dump(out, sys.stdout, indent=2)
        sys.stdout.write("\n")
        return 0
    _print(Console(), sol, state, args, others)
    return 0


def _print(console: Console, sol: GridSolution, state: CubeState, args: argparse.Namespace,
           others: list[GridSolution]) -> None:
    """The human-readable report."""
    corrected = frozenset(j for j, i in enumerate(sol.transform.source) if i in sol.changed) \
        if sol.transform is not None else frozenset()
    console.print(NetView(sol.target, doubtful=corrected, title="Target (solved arrangement)"))
    console.print()
    dirs = "  ".join(f"{f} {ARROWS[r]} {DIRECTION_WORDS[r]}" for f, r in sol.directions.items())
    console.print(f"[bold]Face directions:[/] {dirs}")
    turns = [f"{f} {_turn_words(t)}" for f, t in sol.centre_turns.items() if t]
    console.print("[bold]Centres still to turn:[/] " + (", ".join(turns) if turns else "none"))
    if sol.changed:
        console.print("[bold yellow]Readings corrected by the constraints:[/] " + ", ".join(
            f"{sticker_name(i)} {format_token(state.stickers[i])} -> "
            f"{format_token(sol.chosen[i])}" for i in sol.changed))
    console.print()
    table = Table(title="Placements (piece now at -> goes to, twist)", show_lines=False)
    for col in ("piece", "now at", "stickers", "goes to", "twist"):
        table.add_column(col)
    for row in sol.placement_rows():
        if row["kind"] == "centre":
            twist = _turn_words(row["twist"]) if row["twist"] else "-"
            table.add_row("centre", f"{row['from']} ({FACE_NAMES[row['from']]})",
                          " ".join(row["stickers"]), "stays", twist)
        else:
            twist = str(row["twist"]) if row["twist"] else "-"
            table.add_row(row["kind"], row["from"], " ".join(row["stickers"]), row["to"], twist)
    console.print(table)
    st = sol.stats
    console.print(f"model built in {st['build_ms']:.1f} ms, solved in {st['solve_ms']:.1f} ms "
                  f"({st['status'].lower()})")
    if args.all:
        n = sol.solution_count
        if st.get("unique"):
            console.print("[green]The answer is unique:[/] 1 solved arrangement.")
        elif st.get("count_complete"):
            console.print(f"[yellow]{n} distinct solved arrangements[/] fit these readings "
                          f"(counted in {st['count_ms']:.0f} ms); the best is shown.")
        else:
            console.print(f"[yellow]at least {n} distinct solved arrangements[/] fit these "
                          f"readings (stopped at --cap {args.cap} or the time limit).")
        for k, other in enumerate(others[:3], 2):
            console.print(NetView(other.target, title=f"Arrangement {k}"))


def _turn_words(t: int) -> str:
    return {1: "+90 (quarter turn clockwise)", 2: "180 (half turn)",
            3: "-90 (quarter turn anticlockwise)"}[t]
