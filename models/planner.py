"""The move planner: face turns that bring a state to a solved arrangement, centres included.

``plan(state, grid)`` takes the grid solver's answer (or calls it), ``plan_to_targets`` works
from explicit target arrangements. Every plan is applied to the model and checked solved
before it is returned; an unverified plan is never shown.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any, Sequence

from .errors import UnsolvableError
from .moves import Move, format_moves
from .piece_map import piece_maps
from .plan_search import CENTRES, PIECES, Problem, centre_aware, search
from .profile import CubeSettings
from .solved import is_solved
from .state import CubeState


CENTRE_AWARE_SHARE = 0.75
"""Share of the planning budget for the centre-aware two-phase search; kociemba candidates
with the centre table get the rest (and at least one candidate) and the shorter plan wins."""
PLAN_BUDGET_S = 0.7
"""Search time per plan. The searches stop between batches, so a plan can run up to about
0.2 s past it on a busy machine; 0.7 s keeps plans within the 1 s goal (bench plan)."""
CENTRE_AWARE_MAX_S = 0.6
"""Cap on the centre-aware search per plan (tests pass long budgets meant for candidates)."""


@dataclass(frozen=True)
class Step:
    """One turn of a plan with the states before and after it."""

    index: int
    move: Move
    phase: str
    description: str
    before: CubeState
    after: CubeState


def steps_of(start: CubeState, moves: Sequence[Move],
             phases: Sequence[str] | None = None) -> list[Step]:
    """Moves applied one by one to ``start``, as steps (phase "pieces" unless given)."""
    out, cur = [], start
    for i, m in enumerate(moves):
        nxt = cur.apply((m,))
        out.append(Step(i, m, phases[i] if phases else PIECES, m.describe(), cur, nxt))
        cur = nxt
    return out


@dataclass(frozen=True)
class Plan:
    """A verified sequence of face turns and the phase ("pieces"/"centres") of each turn."""

    moves: tuple[Move, ...]
    phases: tuple[str, ...]
    start: CubeState
    target: CubeState
    stats: dict[str, Any] = field(default_factory=dict, compare=False)

    def steps(self) -> list[Step]:
        """The plan turn by turn, with the model state before and after each turn."""
        return steps_of(self.start, self.moves, self.phases)

    def __str__(self) -> str:
        return format_moves(self.moves)


def verified_plan(start: CubeState, moves: tuple[Move, ...], phases: tuple[str, ...],
                  settings: CubeSettings, stats: dict[str, Any]) -> Plan:
    """Build a plan after applying it to the model; raise if it does not end solved."""
    end = start.apply(moves)
    if not is_solved(end, settings.symmetric):
        raise AssertionError(f"planner bug: plan {format_moves(moves)!r} does not solve the cube")
    stats = dict(stats)
    stats.update(moves=len(moves), pieces_moves=phases.count(PIECES),
                 centres_moves=phases.count(CENTRES), verified=True)
    return Plan(moves, phases, start, end, stats)


def problems_for(state: CubeState, targets: Sequence[CubeState], settings: CubeSettings
                 ) -> list[Problem]:
    """The reachable ways to carry ``state`` onto any of ``targets``."""
    out, errors = [], []
    for t in targets:
        try:
            for pm in piece_maps(state, t, settings.symmetric, limit=4):
                out.append(Problem(pm.dest, pm.centre_turns, pm.centre_free))
        except UnsolvableError as e:
            errors.append(e)
    if not out:
        raise errors[0] if errors else UnsolvableError("no target arrangement was given")
    return out


def plan_to_targets(state: CubeState, targets: Sequence[CubeState],
                    settings: CubeSettings = CubeSettings(), *, optimal: bool = False,
                    time_budget_s: float = PLAN_BUDGET_S, max_candidates: int = 400) -> Plan:
    """A short verified plan from ``state`` to any of the solved ``targets``.

    ``optimal`` asks for a provably shortest plan (only for cubes up to 8 turns away).
    """
    t0 = time.perf_counter()
    state = state.without_candidates()
    if is_solved(state, settings.symmetric):
        return verified_plan(state, (), (), settings,
                             {"method": "already solved", "candidates": 0, "planning_ms": 0.0})
    if optimal:
        from .optimal import optimal_moves
        moves = optimal_moves(state, targets, settings)
        phases = tuple(PIECES for _ in moves)
        return verified_plan(state, moves, phases, settings,
                             {"method": "optimal", "optimal": True,
                              "planning_ms": round(1000 * (time.perf_counter() - t0), 1)})
    problems = problems_for(state, targets, settings)
    aware = centre_aware(problems, min(CENTRE_AWARE_MAX_S, CENTRE_AWARE_SHARE * time_budget_s))
    rest = time_budget_s - (time.perf_counter() - t0)
    result = search(problems, time_budget_s=rest, max_candidates=max_candidates)
    method, candidates = "kociemba candidates + centre table", result.candidates
    if aware is not None and len(aware.moves) <= len(result.moves):
        result, method = aware, "centre-aware two-phase"
    return verified_plan(state, result.moves, result.phases, settings, {
        "method": method,
        "candidates": candidates,
        "pieces_solution_moves": result.pieces_len,
        "planning_ms": round(1000 * (time.perf_counter() - t0), 1),
    })


def plan_to_target(state: CubeState, target: CubeState, settings: CubeSettings = CubeSettings(),
                   **kw: Any) -> Plan:
    """:func:`plan_to_targets` with one target."""
    return plan_to_targets(state, [target], settings, **kw)


def plan(state: CubeState, grid: Any = None, settings: CubeSettings = CubeSettings(), *,
         optimal: bool = False, targets: Sequence[CubeState] | None = None) -> Plan:
    """Plan the turns for ``state`` given its grid solution (solved when ``grid`` is None).

    With ``optimal`` every solved arrangement the grid solver enumerates is a goal.
    """
    if is_solved(state.without_candidates(), settings.symmetric):
        return plan_to_targets(state, [state.without_candidates()], settings)
    if targets is None:
        if grid is None:
            from .grid import solve_grid  # written by the grid helper
            grid = solve_grid(state, settings)
        targets = [grid.target]
        if optimal:
            try:
                from .grid import enumerate_targets
                targets += [g.target for g in enumerate_targets(state, settings, 64)
                            if g.target != grid.target]
            except ImportError:
                pass
    start = CubeState(tuple(grid.chosen)) if grid is not None and getattr(grid, "chosen", None) \
        else state
    return plan_to_targets(start, targets, settings, optimal=optimal)
