"""Move planner: naive baseline vs planner on the same random cubes (moves and time per cube).

Cubes are random solved designs (each face a permutation of 1..9 pointing one random way)
scrambled by random face turns, so the target is known and the grid solver is not timed here.
Both methods' plans are applied to the model and must end solved. The naive baseline is
kociemba then the two classic centre algorithms one pair at a time (docs/cube-facts.md). A second
run times ``--optimal`` on cubes scrambled by 8 turns. Targets (2-core machine): mean <= 23.5,
p95 <= 30 moves, <= 1 s of search per plan; optimal <= 5 s at depth 8. The planner's budgets
are counts (nodes, candidates), so the move figures do not depend on the machine's load; the
times do, which is why CPU time is reported beside wall time.
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

from rich.console import Console
from rich.progress import Progress
from rich.table import Table

from ...models.cube.solved import is_solved
from ...models.plan.centre_search import warm_up
from ...models.plan.centres import centre_table
from ...models.plan.naive import naive_moves
from ...models.plan.planner import PLAN_CANDIDATES, PLAN_NODES, plan_to_target, problems_for
from ...models.plan.samples import scrambled
from ...models.profile import CubeSettings
from .report import finish


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``sudoku-cube bench plan``."""
    parser.add_argument("--n", type=int, default=500, help="random cubes (default 500)")
    parser.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    parser.add_argument("--scramble", type=int, default=30, help="scramble length (default 30)")
    parser.add_argument("--nodes", type=int, default=PLAN_NODES,
                        help="centre-aware search nodes per orientation "
                             f"(default {PLAN_NODES})")
    parser.add_argument("--candidates", type=int, default=PLAN_CANDIDATES,
                        help=f"kociemba candidates per cube (default {PLAN_CANDIDATES})")
    parser.add_argument("--optimal-n", type=int, default=20,
                        help="cubes 8 turns away timed with --optimal (default 20)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")


def _figures(moves: list[int], ms: list[float], cpu: list[float]) -> dict:
    s = sorted(moves)
    t = sorted(ms)
    return {"mean": round(statistics.mean(s), 2), "p95": s[min(len(s) - 1, int(0.95 * len(s)))],
            "max": s[-1], "ms_mean": round(statistics.mean(t), 1),
            "ms_p95": round(t[min(len(t) - 1, int(0.95 * len(t)))], 1),
            "ms_max": round(t[-1], 1), "cpu_ms_mean": round(statistics.mean(cpu), 1)}


def run(args: argparse.Namespace) -> int:
    """Run both methods on the same cubes and print the figures."""
    if args.n < 1:
        print("sudoku-cube: --n must be at least 1", file=sys.stderr)
        return 2
    settings = CubeSettings()
    rng = random.Random(args.seed)
    cubes = [scrambled(rng, args.scramble) for _ in range(args.n)]
    err = Console(stderr=True)
    t0 = time.perf_counter()
    centre_table()
    warm_up()
    table_ms = 1000 * (time.perf_counter() - t0)
    res: dict[str, dict] = {}
    data = {"naive": ([], [], []), "planner": ([], [], [])}
    failures = 0
    with Progress(console=err, transient=True) as progress:
        task = progress.add_task("plan: naive + planner", total=args.n)
        for state, design, _ in cubes:
            t, c = time.perf_counter(), time.process_time()
            mv = naive_moves(problems_for(state, [design], settings)[0])
            data["naive"][0].append(len(mv))
            data["naive"][1].append(1000 * (time.perf_counter() - t))
            data["naive"][2].append(1000 * (time.process_time() - c))
            failures += not is_solved(state.apply(mv), settings.symmetric)
            t, c = time.perf_counter(), time.process_time()
            p = plan_to_target(state, design, settings, nodes=args.nodes,
                               max_candidates=args.candidates)
            data["planner"][0].append(len(p.moves))
            data["planner"][1].append(1000 * (time.perf_counter() - t))
            data["planner"][2].append(1000 * (time.process_time() - c))
            failures += not is_solved(state.apply(p.moves), settings.symmetric)
            failures += len(p.moves) > len(mv)
            progress.advance(task)
        for name, (m, ms, cpu) in data.items():
            res[name] = _figures(m, ms, cpu)
        opt_ms: list[float] = []
        task = progress.add_task("plan: --optimal at depth 8", total=args.optimal_n)
        for _ in range(args.optimal_n):
            state, design, scramble = scrambled(rng, 8)
            t = time.perf_counter()
            p = plan_to_target(state, design, settings, optimal=True)
            opt_ms.append(1000 * (time.perf_counter() - t))
            failures += len(p.moves) > len(scramble) or not is_solved(state.apply(p.moves))
            progress.advance(task)
        if opt_ms:
            res["optimal_depth8"] = {"cubes": args.optimal_n,
                                     "ms_mean": round(statistics.mean(opt_ms), 1),
                                     "ms_max": round(max(opt_ms), 1)}
    res["centre_table_build_ms"] = round(table_ms, 1)
    res["failures"] = failures
    res["cubes"] = args.n
    return finish(res, failures, args.json, lambda console: _print(console, res, args))


def _print(console: Console, res: dict, args: argparse.Namespace) -> None:
    table = Table(title=f"Move planner, {args.n} random cubes ({args.scramble}-turn scrambles)")
    for col in ("method", "mean", "p95", "max", "ms/cube mean", "p95", "max", "CPU ms mean"):
        table.add_column(col, justify="right")
    for name in ("naive", "planner"):
        r = res[name]
        table.add_row(name, f"{r['mean']:.2f}", str(r["p95"]), str(r["max"]),
                      f"{r['ms_mean']:.0f}", f"{r['ms_p95']:.0f}", f"{r['ms_max']:.0f}",
                      f"{r['cpu_ms_mean']:.0f}")
    console.print(table)
    if "optimal_depth8" in res:
        o = res["optimal_depth8"]
        console.print(f"--optimal, {o['cubes']} cubes 8 turns away: mean {o['ms_mean']:.0f} ms, "
                      f"max {o['ms_max']:.0f} ms (target <= 5000 ms)")
    console.print(f"centre table and two-phase tables built in "
                  f"{res['centre_table_build_ms']:.0f} ms; failures "
                  f"(unsolved, or longer than naive, or optimal longer than the scramble): "
                  f"{res['failures']}. Targets: mean <= 23.5, p95 <= 30, <= 1000 ms per plan. "
                  "Wall times include other load on the machine.")
