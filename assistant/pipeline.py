"""From a cube state (maybe with reading candidates) to grid, verified plan and a JSON-ready
result (``solve_result_dict``), with timings per stage.

Functions produce values; printing is the commands' job.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from sudoku_cube.models.planner import Plan, plan
from sudoku_cube.models.profile import CubeSettings
from sudoku_cube.models.solved import is_solved
from sudoku_cube.models.state import CubeState
from sudoku_cube.models.state_format import to_dict


@dataclass(frozen=True)
class SolveResult:
    """What ``solve`` found: the grid solution (None when already solved), the plan and the
    time each stage took in milliseconds (``reading``, ``grid``, ``planning``)."""

    state: CubeState
    grid: Any
    plan: Plan
    timings_ms: dict[str, float] = field(default_factory=dict)

    @property
    def already_solved(self) -> bool:
        """True when the cube needed no turn at all."""
        return not self.plan.moves


def solve_state(state: CubeState, settings: CubeSettings = CubeSettings(), *,
                optimal: bool = False, reading_ms: float | None = None,
                grid: Any = None) -> SolveResult:
    """Solve the grid (unless the cube is already solved or ``grid`` is given) and plan."""
    timings: dict[str, float] = {}
    if reading_ms is not None:
        timings["reading"] = round(reading_ms, 1)
    best = state.without_candidates()
    if grid is None and is_solved(best, settings.symmetric) and state.candidates is None:
        t0 = time.perf_counter()
        p = plan(best, None, settings)
        timings.update(grid=0.0, planning=round(1000 * (time.perf_counter() - t0), 1))
        return SolveResult(state, None, p, timings)
    if grid is None:
        from sudoku_cube.models.grid import solve_grid
        t0 = time.perf_counter()
        grid = solve_grid(state, settings)
        timings["grid"] = round(1000 * (time.perf_counter() - t0), 1)
    else:
        timings["grid"] = 0.0
    t0 = time.perf_counter()
    p = plan(state, grid, settings, optimal=optimal)
    timings["planning"] = round(1000 * (time.perf_counter() - t0), 1)
    return SolveResult(state, grid, p, timings)


def _grid_dict(grid: Any) -> dict[str, Any] | None:
    """The parts of a grid solution a JSON reader needs."""
    if grid is None:
        return None
    return {
        "directions": dict(getattr(grid, "directions", {}) or {}),
        "centre_turns": dict(getattr(grid, "centre_turns", {}) or {}),
        "solution_count": getattr(grid, "solution_count", None),
        "changed_stickers": list(getattr(grid, "changed", ()) or ()),
    }


def solve_result_dict(result: SolveResult) -> dict[str, Any]:
    """The JSON object of ``sudoku-cube solve --json``."""
    p = result.plan
    stats = {
        "moves": len(p.moves),
        "pieces_moves": p.phases.count("pieces"),
        "centres_moves": p.phases.count("centres"),
        "already_solved": result.already_solved,
        "verified": bool(p.stats.get("verified")),
        "method": p.stats.get("method"),
        "candidates": p.stats.get("candidates"),
        "timings_ms": {k: result.timings_ms.get(k) for k in ("reading", "grid", "planning")},
    }
    return {
        "format": "sudoku-cube-solve/1",
        "moves": [str(m) for m in p.moves],
        "steps": [{"index": i + 1, "move": str(m), "phase": ph, "description": m.describe()}
                  for i, (m, ph) in enumerate(zip(p.moves, p.phases))],
        "start": to_dict(p.start),
        "target": to_dict(p.target),
        "grid": _grid_dict(result.grid),
        "stats": stats,
    }
