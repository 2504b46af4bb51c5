"""The one solve pipeline: reading -> grid -> plan, with timings and a progress callback.

Every command that solves (``solve``, ``solve --json``, ``guide``, the benchmarks) goes through
:func:`solve_state`; "already solved?" is decided here and nowhere else in the assistant. The
planner's tables are loaded (or built once into the cache) by :func:`start_tables` in a
background thread while the photos are read; :class:`BackgroundPlanner` plans the grid solution
of a reading while the person is still reviewing it. Functions produce values and report
progress through a callback; printing is the commands' job (``assistant.terminal.progress_view``).
"""
from __future__ import annotations

import threading
import time
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from typing import Any, Callable, Literal

from ...models.cube.solved import is_solved
from ...models.cube.state import CubeState
from ...models.cube.state_format import to_dict
from ...models.grid import GridSolution, enumerate_targets, solve_grid
from ...models.grid.hopeless import PhotoNames
from ...models.plan.planner import (OPTIMAL_BEYOND, Plan, plan, plan_from_moves,
                                    plan_to_targets)
from ...models.profile import CubeSettings
from . import table_cache
from .review import require_sure as require_grid_sure
from .sessions import FollowedPlan

Stage = Literal["reading", "tables", "grid", "planning", "notice"]


@dataclass(frozen=True)
class Event:
    """A progress report: the stage, how far it is (0..1, None when unknown), a message."""

    stage: Stage
    fraction: float | None = None
    message: str = ""


Progress = Callable[[Event], None]
AFTER_SLIP = "after_slip_step"
"""The stats key of a plan made after a slip, kept by the guide session: how many steps of the
earlier plan were done when the slip was found (None when not known)."""


def steps_done_words(after_step: int | None) -> str:
    """When the check that found a slip was made, in words: after which step, before the
    first, or during the solve when it is not known (:data:`AFTER_SLIP`)."""
    if after_step is None:
        return "during the solve"
    return f"after step {after_step}" if after_step > 0 else "before the first step"


KnownPlan = Callable[[CubeState], "FollowedPlan | None"]
"""``known(reading)``: the plan already being followed for that reading (its moves, phases and,
after a slip, the real cube it starts from), as :mod:`assistant.services.sessions` stores it."""


def _quiet(event: Event) -> None:
    """The progress callback that reports nothing."""


@dataclass(frozen=True)
class SolveResult:
    """What ``solve`` found: the grid solution (None when already solved), the plan, the
    time each stage took in milliseconds (``reading``, ``tables``, ``grid``, ``planning``)
    and the cube settings it was planned with (the photos' verdict on the 1 included)."""

    state: CubeState
    grid: GridSolution | None
    plan: Plan
    timings_ms: dict[str, float] = field(default_factory=dict)
    settings: CubeSettings = field(default_factory=CubeSettings)

    @property
    def already_solved(self) -> bool:
        """True when the cube needed no turn at all."""
        return not self.plan.moves


class TablesLoading:
    """The planner's tables being loaded or built in a background thread."""

    def __init__(self) -> None:
        self._events: list[Event] = []
        self._lock = threading.Lock()
        self._progress: Progress | None = None
        self._error: BaseException | None = None
        self._thread = threading.Thread(target=self._work, name="tables", daemon=True)
        self._thread.start()

    def _work(self) -> None:
        try:
            self._run()
        except BaseException as e:  # noqa: BLE001 - re-raised by wait() in the caller
            self._error = e

    def _emit(self, event: Event) -> None:
        with self._lock:
            if self._progress is None:
                self._events.append(event)
                return
        self._progress(event)

    def _run(self) -> dict[str, str]:
        return table_cache.ensure_tables(
            lambda what, f: self._emit(Event("tables", f, what)),
            lambda msg: self._emit(Event("notice", None, msg)))

    def wait(self, progress: Progress | None = None) -> float:
        """Wait until the tables are there, reporting to ``progress`` from now on (events that
        came earlier are replayed); return the milliseconds spent waiting. Without
        ``progress`` (a background planner) the events are kept for a later wait that shows
        them, so a notice that the cache was rebuilt is never lost."""
        t0 = time.perf_counter()
        if progress is not None:
            with self._lock:
                self._progress = progress
                events, self._events = self._events, []
            for e in events:
                progress(e)
        self._thread.join()
        if self._error is not None:
            raise self._error
        return 1000 * (time.perf_counter() - t0)


def start_tables() -> TablesLoading:
    """Begin loading (or building) the planner's tables in the background."""
    return TablesLoading()


def already_solved(state: CubeState, settings: CubeSettings) -> bool:
    """True when a certain reading shows a solved cube (the one place this is decided)."""
    return state.candidates is None and is_solved(state, settings.symmetric)


def plan_grid(grid: GridSolution, settings: CubeSettings, *, optimal: bool = False,
              known: KnownPlan | None = None) -> Plan:
    """The plan of a grid solution: the one already being followed for its reading when
    ``known`` has one that still solves the cube from where it starts (after a slip: from the
    real cube), else a new one (``optimal``: any of the grid
    solver's enumerated arrangements is a goal)."""
    start = CubeState(tuple(grid.chosen))
    stored = known(start) if known else None
    if stored is not None:
        kept = plan_from_moves(stored.start or start, stored.moves, stored.phases, settings)
        if kept is not None and stored.start is not None:  # a plan made after a slip
            return replace(kept, stats={**kept.stats, AFTER_SLIP: stored.after_step})
        if kept is not None:
            return kept
    targets = ([g.target for g in enumerate_targets(start, settings, 64)] if optimal else [])
    return plan(grid, settings, optimal=optimal, targets=targets)


class RememberedSolver:
    """The grid solver, answering the same question about the same reading again from memory.

    A reading is asked first whether any solved arrangement fits it (to set a photo held
    turned upright) and is then solved for its plan; both questions have one answer, so the
    grid is solved once. The same reading means the same stickers, candidates, priors and
    stickers held (:meth:`CubeState.insisted`): a sticker confirmed or typed as the token it
    was read as is a new question. ``explain`` only changes how a failure is told, so it is
    not part of the question; failures are not remembered (each caller asks for its own
    explanation)."""

    def __init__(self) -> None:
        self._last: tuple[tuple, GridSolution] | None = None
        self.solving_ms = 0.0
        """Time spent solving so far, failures included (milliseconds; answers from memory
        add nothing)."""

    def __call__(self, state: CubeState, settings: CubeSettings, *a: object,
                 **kw: object) -> GridSolution:
        # a state's equality looks at its stickers only, and a sticker confirmed or typed as
        # the token it was read as changes its candidates (and priors, what is held) alone
        question = (state, state.candidates, state.priors, state.held, state.accepted,
                    settings, a, {k: v for k, v in kw.items() if k != "explain"})
        if self._last is not None and self._last[0] == question:
            return self._last[1]
        t0 = time.perf_counter()
        try:
            grid = solve_grid(state, settings, *a, **kw)  # type: ignore[arg-type]
        finally:
            self.solving_ms += 1000 * (time.perf_counter() - t0)
        self._last = (question, grid)
        return grid


class BackgroundPlanner:
    """Plans each grid solution the review's check finds, in a background thread, so the plan
    is ready when the person accepts the reading. Use :meth:`solver` as the review's grid
    solver and :meth:`plan_for` to get the plan of the accepted grid solution (``solve``: the
    remembering grid solver to ask, shared with the checks made before the review)."""

    def __init__(self, settings: CubeSettings, tables: TablesLoading | None = None, *,
                 optimal: bool = False, known: KnownPlan | None = None,
                 solve: RememberedSolver | None = None) -> None:
        self.settings, self.tables, self.optimal, self.known = settings, tables, optimal, known
        self._pool = ThreadPoolExecutor(1, "planner")
        self._jobs: dict[int, tuple[GridSolution, Future]] = {}
        self._solve = solve or RememberedSolver()

    def _plan(self, grid: GridSolution) -> Plan:
        if self.tables is not None:
            self.tables.wait()
        return plan_grid(grid, self.settings, optimal=self.optimal, known=self.known)

    def solver(self, state: CubeState, settings: CubeSettings, *a: Any, **kw: Any) -> GridSolution:
        """The grid solver, starting to plan its answer at once."""
        grid = self._solve(state, settings, *a, **kw)
        if id(grid) not in self._jobs:
            self._jobs[id(grid)] = (grid, self._pool.submit(self._plan, grid))
        return grid

    def plan_for(self, grid: GridSolution) -> Plan:
        """The plan of ``grid`` (waiting for the background job when it is the one running)."""
        job = self._jobs.get(id(grid))
        if job is not None and job[0] is grid:
            return job[1].result()
        return self._plan(grid)

    def close(self) -> None:
        """Drop plans nobody asked for (their threads finish on their own)."""
        self._pool.shutdown(wait=False, cancel_futures=True)


def solve_state(state: CubeState, settings: CubeSettings = CubeSettings(), *,
                optimal: bool = False, reading_ms: float | None = None,
                grid: GridSolution | None = None, tables: TablesLoading | None = None,
                planner: BackgroundPlanner | None = None, known: KnownPlan | None = None,
                progress: Progress = _quiet, require_sure: bool = False,
                grid_solver: Callable[..., GridSolution] = solve_grid,
                photos: PhotoNames | None = None,
                read_from: str | None = None) -> SolveResult:
    """Solve the grid (unless the cube is already solved or ``grid`` is given) and plan.

    ``tables``: the planner's tables already loading (started here otherwise); ``planner``:
    the background planner that may already hold the plan of ``grid``; ``known``: plans being
    followed, kept when they still solve the cube; ``require_sure``: nobody reviews the
    reading, so a grid solution that is not sure stops here (SudokuCubeError naming the
    stickers to check) instead of becoming a plan; ``grid_solver``: the grid solver to ask
    (a :class:`RememberedSolver` that has already solved this reading answers at once, and
    the time given as the grid's is this call's only: its caller knows the rest);
    ``photos``: where each face of the reading was photographed (corner photo A or B, or the
    face's own photo file), so that such a stop names the photo to retake; ``read_from``:
    the state file or photo folder the reading came from, which such a stop names as the file
    to correct or the folder to write one from.
    """
    timings: dict[str, float] = {}
    if reading_ms is not None:
        timings["reading"] = round(reading_ms, 1)
    if grid is None and already_solved(state, settings):
        p = plan_to_targets(state, [state], settings)
        timings.update(tables=0.0, grid=0.0, planning=0.0)
        return SolveResult(state, None, p, timings, settings)
    tables = tables or start_tables()
    if grid is None:
        progress(Event("grid"))
        t0 = time.perf_counter()
        grid = grid_solver(state, settings)
        timings["grid"] = round(1000 * (time.perf_counter() - t0), 1)
        if require_sure:
            require_grid_sure(state, grid, settings, photos, read_from)
    else:
        timings["grid"] = 0.0
    timings["tables"] = round(tables.wait(progress), 1)
    progress(Event("planning"))
    t0 = time.perf_counter()
    p = planner.plan_for(grid) if planner is not None else \
        plan_grid(grid, settings, optimal=optimal, known=known)
    timings["planning"] = round(1000 * (time.perf_counter() - t0), 1)
    return SolveResult(state, grid, p, timings, settings)


def optimal_notice(plan: Plan) -> str:
    """What ``--optimal`` says when the cube was too far for a provably shortest plan and the
    usual short plan was made instead (:data:`OPTIMAL_BEYOND`); '' otherwise."""
    if OPTIMAL_BEYOND not in plan.stats:
        return ""
    return (f"--optimal: this cube is more than {plan.stats[OPTIMAL_BEYOND]} turns from solved, "
            "too far to prove a shortest plan; here is the usual short plan.")


def solve_result_dict(result: SolveResult) -> dict[str, Any]:
    """The JSON object of ``sudoku-cube solve --json``. ``stats.proved_shortest`` says whether
    the plan is proved shortest (the ``--optimal`` search, to any solved arrangement; without
    it a cube a few turns from solved is proved shortest only to the grid's one target);
    ``stats.optimal_beyond`` is set when ``--optimal`` was asked and the cube was too far (the
    usual short plan instead). The grid's own ``stats.optimal`` is the grid solver's status,
    not the plan's. ``start`` is the cube the plan starts from: a doubtful sticker as the grid
    solver chose it, a symmetric digit turned as the plan takes it (the printed reading may
    show it a half turn round)."""
    p = result.plan
    stats = {
        "moves": len(p.moves),
        "pieces_moves": p.phases.count("pieces"),
        "centres_moves": p.phases.count("centres"),
        "already_solved": result.already_solved,
        "verified": bool(p.stats.get("verified")),
        "method": p.stats.get("method"),
        "proved_shortest": bool(p.stats.get("optimal")) or result.already_solved,
        "optimal_beyond": p.stats.get(OPTIMAL_BEYOND),
        "candidates": p.stats.get("candidates"),
        "timings_ms": {k: result.timings_ms.get(k)
                       for k in ("reading", "tables", "grid", "planning")},
    }
    return {
        "format": "sudoku-cube-solve/1",
        "moves": [str(m) for m in p.moves],
        "steps": [{"index": i + 1, "move": str(m), "phase": ph, "description": m.describe()}
                  for i, (m, ph) in enumerate(zip(p.moves, p.phases))],
        "start": to_dict(p.start),
        "target": to_dict(p.target),
        "grid": result.grid.to_dict(result.state) if result.grid is not None else None,
        "stats": stats,
    }

