"""End to end: wall time from process start to the first instruction, per sample, cold and warm.

Each run starts ``sudoku-cube solve SAMPLE --plain`` as a new process and waits for the line of
step 1 on its stdout. The split (:data:`STAGES`) comes from the timings the process writes to the
file named by ``SUDOKU_CUBE_TIMINGS``. Cold: the first run with an empty
table cache (the planner's tables are built); warm: every sample ``--runs`` times with the
cache filled. CPU time (user + system of the process, from ``os.wait4``) is reported beside wall
time, with the load average, because a shared machine makes wall times noisy. Every run finds
Python's compiled bytecode of the sources, as an installed copy does (:func:`bytecode_env`),
also where the environment says not to write it: else each run would compile every module
again and start-up would measure the compiler. The naive
baseline (kociemba, then the two classic centre algorithms one pair at a time) is planned for
each sample's grid solution in this process; the plan must never be longer.
"""
from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from rich.console import Console
from rich.table import Table

from ...models.cube.state import CubeState
from ...models.grid import solve_grid
from ...models.plan.naive import naive_moves
from ...models.plan.planner import problems_for
from ...models.profile import CubeSettings
from ...vision.reading.reader import Reader
from .report import finish

SAMPLES = Path(__file__).resolve().parent.parent.parent / "samples"
FIRST_STEP = re.compile(r"^\s*1/(\d+)\s")
TIMINGS_ENV = "SUDOKU_CUBE_TIMINGS"
STAGES = ("startup", "reading", "footed", "review", "grid", "tables", "planning", "guide",
          "other")
"""The split of the wall time to the first instruction: start-up (process start to the
command's entry: interpreter and imports), reading the photos, the check of the footed 1, the
review (its grid solving excluded), the grid solver, waiting for the planner's tables, waiting
for the plan, the guide until it prints step 1, and what none of them accounts for."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``sudoku-cube bench e2e``."""
    parser.add_argument("--runs", type=int, default=10, help="warm runs per sample (default 10)")
    parser.add_argument("--only", default=None, metavar="NAME",
                        help="only the samples whose folder name contains NAME")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")


def sample_folders(only: str | None = None) -> list[Path]:
    """The six-face and corner samples."""
    folders = sorted((SAMPLES / "cubes").iterdir()) + sorted((SAMPLES / "corners").iterdir())
    return [f for f in folders if f.is_dir() and (only is None or only in f.name)]


def one_run(sample: Path, env: dict[str, str]) -> dict:
    """Start a solve process and time it to the first instruction."""
    with tempfile.NamedTemporaryFile(suffix=".json", delete=False) as tf:
        timings_path = tf.name
    env = dict(env, **{TIMINGS_ENV: timings_path})
    t0_epoch, t0 = time.time(), time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-m", "sudoku_cube.assistant.cli", "solve",
                             str(sample), "--plain"], stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, text=True, env=env)
    first_ms, moves = None, None
    assert proc.stdout is not None
    for line in proc.stdout:
        m = FIRST_STEP.match(line)
        if m and first_ms is None:
            first_ms = 1000 * (time.perf_counter() - t0)
            moves = int(m.group(1))
    proc.stdout.close()
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    try:
        stages = json.loads(Path(timings_path).read_text() or "{}")
    except (OSError, ValueError):
        stages = {}
    finally:
        Path(timings_path).unlink(missing_ok=True)
    entered, guide = stages.pop("entered_epoch", None), stages.pop("guide_epoch", None)
    if entered is not None:
        stages["startup"] = round(1000 * (entered - t0_epoch), 1)
    if guide is not None and first_ms is not None:
        stages["guide"] = round(first_ms - 1000 * (guide - t0_epoch), 1)
    if first_ms is not None and stages:
        stages["other"] = round(first_ms - sum(stages.get(k, 0.0) for k in STAGES[:-1]), 1)
    return {"first_ms": first_ms, "moves": moves,
            "cpu_ms": 1000 * (usage.ru_utime + usage.ru_stime),
            "stages": stages, "exit": proc.returncode}


def bytecode_env(env: dict[str, str], folder: Path) -> dict[str, str]:
    """``env`` for runs that keep Python's compiled bytecode in ``folder`` (the bench's own
    temporary folder, so nothing is written beside the sources) even when
    ``PYTHONDONTWRITEBYTECODE`` is set."""
    out = {k: v for k, v in env.items() if k != "PYTHONDONTWRITEBYTECODE"}
    out["PYTHONPYCACHEPREFIX"] = str(folder)
    return out


def compile_first(samples: list[Path], env: dict[str, str]) -> None:
    """Have the bytecode of what a solve imports before the first timed run: reading a
    six-face and a corner sample imports the reader, and the solve command's module the rest
    (the planner's tables are not touched, so the cold run stays cold)."""
    kinds = {s.parent.name: s for s in reversed(samples)}
    for sample in kinds.values():
        subprocess.run([sys.executable, "-m", "sudoku_cube.assistant.cli", "read", str(sample),
                        "--json"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                       env=env, check=False)
    subprocess.run([sys.executable, "-c", "import sudoku_cube.assistant.commands.solve"],
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, check=False)


def naive_length(sample: Path) -> int:
    """The naive baseline's plan length for the sample's grid solution."""
    settings = CubeSettings()
    grid = solve_grid(Reader().read_photo_set(sample).state, settings)
    start = CubeState(tuple(grid.chosen))
    return len(naive_moves(problems_for(start, [grid.target], settings)[0]))


def p95(values: list[float]) -> float:
    """The 95th percentile (nearest rank)."""
    s = sorted(values)
    return s[min(len(s) - 1, int(0.95 * len(s)))]


def run(args: argparse.Namespace) -> int:
    """Cold run, warm runs of every sample, naive lengths; print the figures."""
    samples = sample_folders(args.only)
    if not samples or args.runs < 1:
        print("sudoku-cube: no sample matches --only, or --runs is below 1", file=sys.stderr)
        return 2
    res: dict = {"load_before": os.getloadavg(), "runs": args.runs, "samples": {}}
    failures = 0
    with tempfile.TemporaryDirectory() as tmp:
        env = bytecode_env(dict(os.environ, SUDOKU_CUBE_HOME=str(Path(tmp) / "home"),
                                SUDOKU_CUBE_CACHE=str(Path(tmp) / "cache")),
                           Path(tmp) / "bytecode")
        compile_first(samples, env)
        cold = one_run(samples[0], env)
        res["cold"] = {"sample": samples[0].name, **cold}
        for sample in samples:
            runs = [one_run(sample, env) for _ in range(args.runs)]
            firsts = [r["first_ms"] for r in runs if r["first_ms"] is not None]
            naive = naive_length(sample)
            moves = {r["moves"] for r in runs}
            row = {"first_ms_p95": round(p95(firsts), 1) if firsts else None,
                   "first_ms_median": round(statistics.median(firsts), 1) if firsts else None,
                   "cpu_ms_median": round(statistics.median(r["cpu_ms"] for r in runs), 1),
                   "moves": sorted(m for m in moves if m is not None), "naive_moves": naive,
                   "stages_ms_median": {k: round(statistics.median(
                       r["stages"].get(k, 0.0) for r in runs), 1)
                       for k in STAGES}}
            failures += len(firsts) < len(runs) or len(moves) != 1 or \
                any(m is None or m > naive for m in moves)
            res["samples"][sample.name] = row
    res["load_after"] = os.getloadavg()
    res["failures"] = failures
    return finish(res, failures, args.json, lambda console: _print(console, res))


def _print(console: Console, res: dict) -> None:
    table = Table(title=f"bench e2e: start to first instruction, {res['runs']} warm runs each")
    for col in ("sample", "p95 ms", "median ms", "CPU ms", *STAGES, "moves", "naive"):
        table.add_column(col, justify="right")
    for name, r in res["samples"].items():
        s = r["stages_ms_median"]
        table.add_row(name, f"{r['first_ms_p95']}", f"{r['first_ms_median']}",
                      f"{r['cpu_ms_median']:.0f}", *(f"{s[k]:.0f}" for k in STAGES),
                      ",".join(map(str, r["moves"])), str(r["naive_moves"]))
    console.print(table)
    c = res["cold"]
    console.print(f"cold (empty table cache, {c['sample']}): first instruction after "
                  f"{c['first_ms']:.0f} ms, CPU {c['cpu_ms']:.0f} ms; load average before "
                  f"{res['load_before'][0]:.1f}, after {res['load_after'][0]:.1f} (2 cores). "
                  f"Targets: warm p95 <= 2000 ms, cold <= 8000 ms. Failures (no first step, "
                  f"plans differing between runs, or longer than naive): {res['failures']}")
