"""Generator: 4x4x4 labelling algorithms (CP-SAT vs safe-set 1 and 2), well-posed 3x3 share.

For the 4x4x4 Sudokube, runs each algorithm on the same seeds and reports time per labelling
(mean, median, max), restarts (dead ends of the safe-set algorithms) and failures (no labelling
within the time limit). For the 3x3x3, counts the reachable solved arrangements of random
designs (grid solver enumeration) and the share of well-posed ones (exactly one), plus the
time to render one face photo.
"""
from __future__ import annotations

import argparse
import json
import statistics
import time

from rich.console import Console
from rich.progress import Progress
from rich.table import Table

from ...models.generator.cube3 import make_puzzle, solution_count
from ...models.generator.cube4 import cp_sat_labelling, labelling_problems, safe_set_labelling
from ...render import PhotoStyle, render_face_photo


def add_arguments(p: argparse.ArgumentParser) -> None:
    """Options of ``bench generate``."""
    p.add_argument("--runs", type=int, default=20, help="labellings per 4x4x4 algorithm")
    p.add_argument("--runs2", type=int, default=5,
                   help="labellings for the slow safe-set algorithm 2 (default 5)")
    p.add_argument("--limit", type=float, default=60.0, help="seconds before a run fails")
    p.add_argument("--designs", type=int, default=50, help="3x3x3 designs to count")
    p.add_argument("--json", action="store_true", help="print the figures as JSON")


def _summary(times: list[float], restarts: list[int], failures: int, runs: int) -> dict:
    ok = [t for t in times]
    return {"runs": runs, "failures": failures, "failure_rate": round(failures / runs, 3),
            "mean_ms": round(1000 * statistics.mean(ok), 1) if ok else None,
            "median_ms": round(1000 * statistics.median(ok), 1) if ok else None,
            "max_ms": round(1000 * max(ok), 1) if ok else None,
            "mean_restarts": round(statistics.mean(restarts), 1) if restarts else None}


def run(args: argparse.Namespace) -> int:
    """Run and print the table (or JSON)."""
    console = Console(stderr=True)
    results: dict = {"4x4x4": {}}
    plans = [("cp-sat", args.runs), ("safe-set-1", args.runs), ("safe-set-2", args.runs2)]
    with Progress(console=console, transient=True) as bar:
        for name, runs in plans:
            task = bar.add_task(name, total=runs)
            times, restarts, failures = [], [], 0
            for seed in range(runs):
                try:
                    if name == "cp-sat":
                        lab = cp_sat_labelling(seed, time_limit_s=args.limit)
                    else:
                        lab = safe_set_labelling(seed, int(name[-1]), time_limit_s=args.limit)
                    assert not labelling_problems(lab.labels)
                    times.append(lab.seconds)
                    restarts.append(lab.failures)
                except RuntimeError:
                    failures += 1
                bar.advance(task)
            results["4x4x4"][name] = _summary(times, restarts, failures, runs)
        task = bar.add_task("3x3x3 designs", total=args.designs)
        counts = []
        t0 = time.perf_counter()
        for seed in range(args.designs):
            counts.append(solution_count(make_puzzle(seed, 20).state, 20)[0])
            bar.advance(task)
        count_s = time.perf_counter() - t0
    face = make_puzzle(0).state.face("F")
    render_face_photo(face, 0, PhotoStyle())  # warm font caches
    t0 = time.perf_counter()
    for s in range(5):
        render_face_photo(face, s, PhotoStyle())
    render_ms = 1000 * (time.perf_counter() - t0) / 5
    hist: dict[int, int] = {}
    for c in counts:
        hist[c] = hist.get(c, 0) + 1
    results["3x3x3"] = {"designs": len(counts),
                        "well_posed_share": round(hist.get(1, 0) / len(counts), 3),
                        "solution_counts": dict(sorted(hist.items())),
                        "mean_count_ms": round(1000 * count_s / len(counts), 1),
                        "render_face_960x720_ms": round(render_ms, 1)}
    if args.json:
        print(json.dumps(results, indent=2))
        return 0
    out = Console()
    t = Table(title="4x4x4 Sudokube labellings")
    for col in ("algorithm", "runs", "failures", "mean ms", "median ms", "max ms",
                "mean restarts"):
        t.add_column(col, justify="right")
    for name, r in results["4x4x4"].items():
        t.add_row(name, str(r["runs"]), str(r["failures"]), str(r["mean_ms"]),
                  str(r["median_ms"]), str(r["max_ms"]), str(r["mean_restarts"]))
    out.print(t)
    r = results["3x3x3"]
    out.print(f"3x3x3: {r['designs']} random designs, well-posed share {r['well_posed_share']}, "
              f"solution counts {r['solution_counts']}, {r['mean_count_ms']} ms per count; "
              f"one 960x720 face photo renders in {r['render_face_960x720_ms']} ms")
    return 0
