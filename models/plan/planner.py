"""The move planner: face turns that bring a state to a solved arrangement, centres included.

``plan(grid, settings)`` plans from the grid solver's answer (the caller solves the grid; the
pipeline in ``assistant.services.pipeline`` owns that sequence); ``plan_to_targets`` works from
explicit target arrangements. Every plan is applied to the model and checked solved before it is
returned; an unverified plan is never shown.

Plans are deterministic: every budget is a count (search nodes, kociemba candidates, a depth),
never seconds, so the same cube gives the same plan on any machine, load or thread timing.
A cube at most :data:`NEAR_DEPTH` turns from solved gets a provably shortest plan.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Sequence

from ..cube.moves import Move, format_moves
from ..cube.solved import is_solved
from ..cube.state import CubeState
from ..errors import SudokuCubeError, UnsolvableError
from ..profile import CubeSettings
from .optimal import MAX_DEPTH, optimal_moves
from .piece_map import piece_maps
from .search import CENTRES, PIECES, Problem, centre_aware, search

if TYPE_CHECKING:
    from ..grid.solution import GridSolution

PLAN_NODES = 900_000
"""Centre-aware search nodes per orientation (two orientations, in parallel): about 0.2 s of
one core each on the 2-core machine (``bench plan``)."""
PLAN_CANDIDATES = 48
"""kociemba candidates completed by the centre table when the centre-aware solver is not built
(when it is, they almost never win: 30.5 against 23.0 moves on 40 cubes, for as much CPU)."""
NEAR_DEPTH = 8
"""Cubes this close to solved get the provably shortest plan (meet in the middle, about 0.1 s
when the cube is farther)."""


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


def plan_from_moves(start: CubeState, moves: Sequence[Move], phases: Sequence[str],
                    settings: CubeSettings = CubeSettings()) -> Plan | None:
    """A plan made earlier (a stored one), checked again: None unless it solves ``start``."""
    moves, phases = tuple(moves), tuple(phases)
    if len(phases) != len(moves) or not set(phases) <= {PIECES, CENTRES}:
        return None
    if not is_solved(start.apply(moves), settings.symmetric):
        return None
    return verified_plan(start, moves, phases, settings, {"method": "kept", "candidates": 0})


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


OPTIMAL_BEYOND = "optimal_beyond"
"""The stats key of a plan asked to be optimal for a cube farther than a proven-shortest
search reaches: its value is that search's depth, and the plan is the usual short one."""


def plan_to_targets(state: CubeState, targets: Sequence[CubeState],
                    settings: CubeSettings = CubeSettings(), *, optimal: bool = False,
                    nodes: int = PLAN_NODES, max_candidates: int = PLAN_CANDIDATES,
                    near_depth: int = NEAR_DEPTH) -> Plan:
    """A short verified plan from ``state`` to any of the solved ``targets``.

    ``optimal`` asks for a provably shortest plan; a cube more than 8 turns away gets the usual
    short plan instead, marked :data:`OPTIMAL_BEYOND`. Cubes within ``near_depth`` turns of a
    target get a shortest plan anyway.
    """
    t0 = time.perf_counter()
    state = state.without_candidates()
    if is_solved(state, settings.symmetric):
        return verified_plan(state, (), (), settings,
                             {"method": "already solved", "candidates": 0, "planning_ms": 0.0})
    beyond: dict[str, Any] = {}
    if optimal:
        try:
            moves = optimal_moves(state, targets, settings)
        except SudokuCubeError:  # too far to prove a shortest plan: the usual short one
            beyond = {OPTIMAL_BEYOND: MAX_DEPTH}
        else:
            return _optimal_plan(state, moves, settings, t0)
    if near_depth > 0 and not beyond:
        try:
            moves = optimal_moves(state, targets, settings, max_depth=near_depth)
        except SudokuCubeError:
            pass  # farther than near_depth: the searches below
        else:
            return _optimal_plan(state, moves, settings, t0)
    problems = problems_for(state, targets, settings)
    aware = centre_aware(problems, nodes)
    if aware is not None:
        result, method, candidates = aware, "centre-aware two-phase", 0
    else:
        result = search(problems, max_candidates=max_candidates)
        method, candidates = "kociemba candidates + centre table", result.candidates
    return verified_plan(state, result.moves, result.phases, settings, {
        "method": method,
        "candidates": candidates,
        "pieces_solution_moves": result.pieces_len,
        "planning_ms": round(1000 * (time.perf_counter() - t0), 1),
        **beyond,
    })


def _optimal_plan(state: CubeState, moves: tuple[Move, ...], settings: CubeSettings,
                  t0: float) -> Plan:
    """A provably shortest plan, verified."""
    return verified_plan(state, moves, tuple(PIECES for _ in moves), settings,
                         {"method": "optimal", "optimal": True,
                          "planning_ms": round(1000 * (time.perf_counter() - t0), 1)})


def plan_to_target(state: CubeState, target: CubeState, settings: CubeSettings = CubeSettings(),
                   **kw: Any) -> Plan:
    """:func:`plan_to_targets` with one target."""
    return plan_to_targets(state, [target], settings, **kw)


def plan(grid: "GridSolution", settings: CubeSettings = CubeSettings(), *,
         optimal: bool = False, targets: Sequence[CubeState] = ()) -> Plan:
    """Plan the turns from the stickers the grid solution chose to its target.

    ``targets`` adds further solved arrangements (``--optimal`` takes any of the grid
    solver's enumerated solutions as a goal).
    """
    start = CubeState(tuple(grid.chosen))
    goals = [grid.target] + [t for t in targets if t != grid.target]
    return plan_to_targets(start, goals, settings, optimal=optimal)
