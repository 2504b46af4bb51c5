"""Determinism under load: the same solve, run again and again while other processes keep the
cores busy, must give the same plan every time.

Starts ``--busy`` processes that only spin (4 by default, on the 2-core machine: a load of
about 4 above what was there), then runs ``sudoku-cube solve SAMPLE --json`` ``--runs`` times
per sample, each as a new process with its own empty user folder (no remembered plan can be
reused) and one table cache, the first run building it (cold), the others loading it (warm).
The moves of every run are compared: one distinct plan per sample is the pass. The spinning
processes are stopped at the end, also on Ctrl-C.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from rich.console import Console
from rich.table import Table

from .e2e import sample_folders
from .report import finish

SPIN = "while True:\n    pass\n"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``sudoku-cube bench determinism``."""
    parser.add_argument("--runs", type=int, default=5, help="solves per sample (default 5)")
    parser.add_argument("--busy", type=int, default=4,
                        help="spinning processes kept running meanwhile (default 4)")
    parser.add_argument("--only", default="08-hard", metavar="NAME",
                        help="the samples whose folder name contains NAME (default 08-hard; "
                             "'' for every sample)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")


def solve_moves(sample: Path, env: dict[str, str]) -> tuple[str | None, float, str]:
    """One ``solve --json`` process: its moves (None when it failed), its wall time in ms and
    the planning method it reports (its last error line when it failed)."""
    with tempfile.TemporaryDirectory() as home:
        t0 = time.perf_counter()
        proc = subprocess.run([sys.executable, "-m", "sudoku_cube.assistant.cli", "solve",
                               str(sample), "--json"], capture_output=True, text=True,
                              env=dict(env, SUDOKU_CUBE_HOME=home))
        ms = 1000 * (time.perf_counter() - t0)
    if proc.returncode != 0:
        return None, ms, (proc.stderr.strip().splitlines() or ["no output"])[-1]
    out = json.loads(proc.stdout)
    return " ".join(out["moves"]), ms, str(out["stats"].get("method"))


def run(args: argparse.Namespace) -> int:
    """Keep ``--busy`` processes spinning, solve each sample ``--runs`` times, compare."""
    samples = sample_folders(args.only or None)
    if not samples or args.runs < 2 or args.busy < 0:
        print("sudoku-cube: no sample matches --only, or --runs is below 2, or --busy is "
              "negative", file=sys.stderr)
        return 2
    res: dict = {"busy": args.busy, "runs": args.runs, "samples": {}}
    spinners = [subprocess.Popen([sys.executable, "-c", SPIN]) for _ in range(args.busy)]
    try:
        time.sleep(1.0)  # let the load settle in
        res["load_before"] = os.getloadavg()
        with tempfile.TemporaryDirectory() as cache:
            env = dict(os.environ, SUDOKU_CUBE_CACHE=cache)
            for sample in samples:
                runs = [solve_moves(sample, env) for _ in range(args.runs)]
                plans = sorted({m for m, _, _ in runs if m is not None})
                res["samples"][sample.name] = {
                    "distinct_plans": len(plans), "failed": sum(m is None for m, _, _ in runs),
                    "moves": len(plans[0].split()) if plans else None,
                    "methods": sorted({how for m, _, how in runs if m is not None}),
                    "wall_ms": [round(ms) for _, ms, _ in runs], "plans": plans}
        res["load_after"] = os.getloadavg()
    finally:
        for p in spinners:
            p.kill()
        for p in spinners:
            p.wait()
    failures = sum(r["distinct_plans"] != 1 or r["failed"] for r in res["samples"].values())
    res["failures"] = failures
    return finish(res, failures, args.json, lambda console: _print(console, res))


def _print(console: Console, res: dict) -> None:
    table = Table(title=f"bench determinism: {res['runs']} solves per sample under "
                        f"{res['busy']} spinning processes")
    for col in ("sample", "distinct plans", "failed", "moves", "method", "wall ms per run"):
        table.add_column(col, justify="right")
    for name, r in res["samples"].items():
        table.add_row(name, str(r["distinct_plans"]), str(r["failed"]), str(r["moves"]),
                      ",".join(r["methods"]), " ".join(map(str, r["wall_ms"])))
    console.print(table)
    console.print(f"load average (1 min) {res['load_before'][0]:.1f} at the start, "
                  f"{res['load_after'][0]:.1f} at the end (2 cores); the first run of the "
                  f"first sample builds the table cache. Samples with more than one plan or a "
                  f"failed run: {res['failures']}")
