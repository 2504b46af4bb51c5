"""Grid solver speed on random scrambled cubes: certain readings, doubtful readings, counting.

Cubes come from :func:`models.generator.cube3.make_puzzle` (random design: each face a random
layout of 1..9 with a random direction, then random face turns). Three runs:

* certain readings: ``solve_grid`` (model build included) on each scrambled state;
* doubtful readings: 20% of stickers carry 2-3 scored alternatives and one sticker's top
  choice is wrong (:func:`models.grid.samples.doubtful_state`); reports how often the true
  readings were recovered;
* count all: distinct solved arrangements of a cube (certain readings), up to a cap.

Every result is checked solved. Targets (2-core machine): p50 <= 30 ms certain,
p50 <= 150 ms doubtful, counting <= 1 s.
"""
from __future__ import annotations

import argparse
import sys
import time

from rich.console import Console
from rich.progress import Progress
from rich.table import Table

from ...models.cube.solved import is_solved
from ...models.cube.stickers import same_sticker
from ...models.generator.cube3 import make_puzzle
from ...models.grid import solve_grid
from ...models.grid.samples import doubtful_state
from ...models.profile import CubeSettings
from .report import finish


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``sudoku-cube bench grid``."""
    parser.add_argument("--n", type=int, default=200, help="cubes per run (default 200)")
    parser.add_argument("--count-n", type=int, default=50,
                        help="cubes whose solutions are all counted (default 50)")
    parser.add_argument("--cap", type=int, default=1000, help="counting cap (default 1000)")
    parser.add_argument("--seed", type=int, default=0, help="first puzzle seed (default 0)")
    parser.add_argument("--scramble", type=int, default=25, help="scramble length (default 25)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")


def _pct(values: list[float], q: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, int(q * len(s)))] if s else float("nan")


def _summary(values: list[float]) -> dict[str, float]:
    return {"p50": round(_pct(values, 0.5), 2), "p95": round(_pct(values, 0.95), 2),
            "max": round(max(values), 2) if values else float("nan")}


def _same_reading(a, b, symmetric) -> bool:
    return all(same_sticker(x, y, symmetric) for x, y in zip(a, b))


def run(args: argparse.Namespace) -> int:
    """Run the three benchmarks and print their figures."""
    if args.n < 1 or args.count_n < 0:
        print("sudoku-cube: --n must be at least 1 and --count-n at least 0", file=sys.stderr)
        return 2
    settings = CubeSettings()
    err = Console(stderr=True)
    puzzles = [make_puzzle(args.seed + k, args.scramble) for k in range(args.n)]
    solve_grid(puzzles[0].state, settings)  # warm the cached tables and template model
    runs: dict[str, dict] = {}
    failures = 0
    with Progress(console=err, transient=True) as progress:
        for name, doubtful in (("certain", False), ("doubtful", True)):
            task = progress.add_task(f"grid {name}", total=args.n)
            build, solve, total, cpu, recovered = [], [], [], [], 0
            for k, pz in enumerate(puzzles):
                state = doubtful_state(pz.state, args.seed + k) if doubtful else pz.state
                t0, c0 = time.perf_counter(), time.process_time()
                sol = solve_grid(state, settings)
                total.append(1000 * (time.perf_counter() - t0))
                cpu.append(1000 * (time.process_time() - c0))
                build.append(sol.stats["build_ms"])
                solve.append(sol.stats["solve_ms"])
                failures += not is_solved(sol.target, settings.symmetric)
                recovered += _same_reading(sol.chosen, pz.state.stickers, settings.symmetric)
                progress.advance(task)
            runs[name] = {"build_ms": _summary(build), "solve_ms": _summary(solve),
                          "total_ms": _summary(total), "cpu_ms": _summary(cpu),
                          "cubes": args.n,
                          "truth_recovered": recovered}
        count_ms, unique, counts = [], 0, []
        task = progress.add_task("grid count-all", total=args.count_n)
        for pz in puzzles[:args.count_n]:
            t0 = time.perf_counter()
            sol = solve_grid(pz.state, settings, count_cap=args.cap)
            count_ms.append(1000 * (time.perf_counter() - t0))
            unique += bool(sol.stats["unique"])
            counts.append(sol.solution_count or 0)
            progress.advance(task)
        if args.count_n:
            runs["count_all"] = {"total_ms": _summary(count_ms), "cubes": args.count_n,
                                 "unique": unique, "max_solutions": max(counts),
                                 "cap": args.cap}
    runs["unsolved_results"] = failures
    return finish(runs, failures, args.json, lambda console: _print(console, runs, args))


def _print(console: Console, runs: dict, args: argparse.Namespace) -> None:
    table = Table(title=f"Grid solver, {args.n} random scrambled cubes (ms: p50 / p95 / max)")
    for col in ("run", "build", "solve", "total", "total CPU", "notes"):
        table.add_column(col)

    def fmt(s: dict) -> str:
        return f"{s['p50']:.1f} / {s['p95']:.1f} / {s['max']:.1f}"

    for name in ("certain", "doubtful"):
        r = runs[name]
        note = "" if name == "certain" else \
            f"true readings recovered {r['truth_recovered']}/{r['cubes']}"
        table.add_row(name, fmt(r["build_ms"]), fmt(r["solve_ms"]), fmt(r["total_ms"]),
                      fmt(r["cpu_ms"]), note)
    if "count_all" in runs:
        r = runs["count_all"]
        table.add_row(f"count all ({r['cubes']} cubes)", "", "", fmt(r["total_ms"]), "",
                      f"unique {r['unique']}/{r['cubes']}, most {r['max_solutions']}")
    console.print(table)
    console.print("targets: certain p50 <= 30 ms, doubtful p50 <= 150 ms, count all <= 1000 ms; "
                  f"results not solved: {runs['unsolved_results']}. Wall times include other "
                  "load on the machine; total CPU is this process only.")
