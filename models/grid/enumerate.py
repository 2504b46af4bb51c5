"""Every distinct solved arrangement that fits a reading, up to a cap, most likely first.

Used to count solutions (``solve_grid(count_cap=...)``, ``bench grid``) and by the generator
to check that a design has one answer. Two placements that give the same solved stickers (an
edge that shows the same digits both ways) count as one arrangement.
"""
from __future__ import annotations

import time
from dataclasses import replace

from ortools.sat.python import cp_model

from ..cube.state import CubeState
from ..profile import CubeSettings
from .cp_sat import cp_solver
from .diagnosis import GridUnsolvableError, check_digit_counts, check_size, diagnose
from .model import GridModel, build_model, sticker_hypotheses
from .solution import GridSolution, extract, with_changed

class _Collector(cp_model.CpSolverSolutionCallback):
    """Collects distinct arrangements during enumeration and stops at the cap."""

    def __init__(self, gm: GridModel, settings: CubeSettings, cap: int) -> None:
        super().__init__()
        self.gm, self.settings, self.cap = gm, settings, cap
        self.found: dict[tuple, GridSolution] = {}
        self.targets: set[tuple] = set()

    def on_solution_callback(self) -> None:
        sol = extract(self.gm, self.boolean_value, self.settings)
        self.found.setdefault(sol.key(), sol)
        self.targets.add(sol.target.stickers)
        if len(self.targets) > self.cap:
            self.stop_search()


def enumerate_solutions(state: CubeState, settings: CubeSettings, cap: int, time_limit_s: float
               ) -> tuple[list[GridSolution], bool, int]:
    """Distinct solved targets up to ``cap``, best score first (for each target its best
    placement); whether the search finished; and how many distinct placements were seen.

    Two placements can give the same target when a piece shows the same digits both ways
    (an edge flipped, say); they count as one arrangement.
    """
    hyps = sticker_hypotheses(state, settings)
    gm = build_model(hyps, settings, objective=False)
    solver = cp_solver(time_limit_s, enumerate_all_solutions=True)
    cb = _Collector(gm, settings, max(1, cap))
    status = solver.solve(gm.model, cb)
    complete = status in (cp_model.OPTIMAL, cp_model.INFEASIBLE) and len(cb.targets) <= cap
    best: dict[tuple, GridSolution] = {}
    for sol in sorted(cb.found.values(), key=lambda s: (-s.score, s.key())):
        best.setdefault(sol.target.stickers, sol)
    sols = sorted(best.values(), key=lambda s: (-s.score, s.key()))[:max(1, cap)]
    return [with_changed(s, state, settings) for s in sols], complete, len(cb.found)


def enumerate_targets(state: CubeState, settings: CubeSettings = CubeSettings(),
                      cap: int = 100, *, time_limit_s: float = 10.0) -> list[GridSolution]:
    """Distinct reachable solved arrangements, up to ``cap``, most likely first.

    Each carries ``solution_count`` = the number found and ``stats["count_complete"]``.
    Raises like :func:`solve_grid` when there is none.
    """
    check_size(state)
    check_digit_counts(state, settings)
    t0 = time.perf_counter()
    sols, complete, variants = enumerate_solutions(state, settings, cap, time_limit_s)
    ms = round(1000 * (time.perf_counter() - t0), 2)
    if not sols:
        if complete:
            raise diagnose(state, settings, time_limit_s=time_limit_s)
        raise GridUnsolvableError(f"no arrangement found within {time_limit_s:g} s",
                                  reason="timeout")
    stats = {"count_ms": ms, "count_complete": complete, "unique": complete and len(sols) == 1,
             "placements_seen": variants}
    return [replace(s, stats=dict(stats), solution_count=len(sols)) for s in sols]
