"""Solve the grid: where every piece goes, how every centre turns, which reading is right.

:func:`solve_grid` returns the most likely reachable solved arrangement (maximum total
log-score of the chosen readings) as a :class:`GridSolution`; :func:`enumerate_targets` lists
distinct ones up to a cap. Inputs that cannot be solved raise :class:`GridUnsolvableError`
(an :class:`UnsolvableError`) naming the digits that are over or under, or the fewest stickers
that, read differently, would make the cube solvable, and the photo (face) they came from.

Results are deterministic: one CP-SAT worker and a fixed seed; enumeration results are sorted
by score, then by placement. The parts: the answer and how it is read from a solver
(``grid_solution``), the checks and the diagnosis (``grid_diagnosis``), the rival reading
(``grid_doubt``), the early refusal of a too doubtful reading (``grid_hopeless``) and the
enumeration (``grid_enumerate``); this module searches the best arrangement, repairs a
reading a confident misread made unsolvable, and puts the parts together.
"""
from __future__ import annotations

import time
from dataclasses import replace

from ortools.sat.python import cp_model

from ..cube.state import CubeState
from ..cube.stickers import Hypothesis, Sticker
from ..profile import CubeSettings
from .cp_sat import cp_solver
from .diagnosis import GridUnsolvableError, check_digit_counts, check_size, diagnose
from .doubt import RIVAL_LIMIT, centre_turn_doubt, overruled, runner_up
from .enumerate import enumerate_solutions
from .hopeless import (QUICK_FROM, QUICK_LIMIT, QUICK_RIVAL_LIMIT, doubtful_cells,
                       refused_before_search, too_doubtful)
from .model import GridModel, build_model, sticker_hypotheses
from .solution import GridSolution, extract, with_changed

SOLVE_LIMIT = 5.0
"""CP-SAT deterministic time allowed for the best arrangement (the wall-clock ``time_limit_s``
only guards against a runaway search): the answer does not depend on how busy the machine
is. Readings seen so far need at most 0.1 (a few hundred milliseconds)."""


def solve_grid(state: CubeState, settings: CubeSettings = CubeSettings(), *,
               count_cap: int | None = None, time_limit_s: float = 10.0,
               explain: bool = True) -> GridSolution:
    """The most likely solved arrangement reachable from ``state`` by face turns.

    Chooses one reading per sticker (maximum total log-score when scores are given), a target
    place and twist per piece, a direction per face and a turn per centre. ``count_cap``: also
    count distinct solved arrangements up to that cap (``solution_count``; ``stats["unique"]``).
    Raises :class:`GridUnsolvableError` with the digits or stickers to re-check; with
    ``explain=False`` an infeasible state raises it at once, without the diagnosis (several
    more CP-SAT searches, seconds), for callers that only ask whether a solution exists. A
    reading with many doubtful stickers is refused early, naming the photos to retake
    (reason ``too-doubtful``, :mod:`models.grid.hopeless`).
    """
    check_size(state)
    check_digit_counts(state, settings)
    refused = refused_before_search(state)
    if refused is not None:
        raise refused
    doubt = doubtful_cells(state)
    quick = len(doubt) >= QUICK_FROM
    t0 = time.perf_counter()
    hyps = sticker_hypotheses(state, settings)
    gm = build_model(hyps, settings)
    t1 = time.perf_counter()
    solver, status = _best(gm, time_limit_s, QUICK_LIMIT if quick else SOLVE_LIMIT)
    t2 = time.perf_counter()
    if status == cp_model.INFEASIBLE:
        return _unsolvable(state, settings, doubt, quick, explain, time_limit_s, count_cap)
    if quick and status != cp_model.OPTIMAL:
        raise too_doubtful(state, doubt, "too many to find the likeliest reading quickly")
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        raise GridUnsolvableError(
            f"the grid solver found no arrangement within {time_limit_s:g} s; the readings may "
            "be too uncertain (too many alternatives). Re-shoot the doubtful faces.",
            reason="timeout")
    sol = with_changed(extract(gm, solver.boolean_value, settings), state, settings)
    stats = _search_stats(gm, hyps, solver, status, t1 - t0, t2 - t1)
    sol = _with_review(sol, gm, state, settings, doubt, quick, time_limit_s, stats)
    count = None
    if count_cap is not None:
        count = _count(sol, state, settings, count_cap, time_limit_s, stats)
    return replace(sol, stats=stats, solution_count=count)


def _unsolvable(state: CubeState, settings: CubeSettings, doubt: tuple[int, ...], quick: bool,
                explain: bool, time_limit_s: float, count_cap: int | None) -> GridSolution:
    """No arrangement fits: refused as too doubtful, refused at once (``explain=False``),
    or diagnosed and, when a confident misread of a few stickers is proven the cause,
    repaired (:func:`_repair`)."""
    if quick:
        raise too_doubtful(state, doubt, "and no solved cube fits them")
    if not explain:
        raise GridUnsolvableError("no solved arrangement reachable by face turns fits "
                                  "these readings", reason="infeasible")
    err = diagnose(state, settings, time_limit_s=time_limit_s)
    repaired = _repair(state, settings, err, time_limit_s, count_cap)
    if repaired is None:
        raise err
    return repaired


def _search_stats(gm: GridModel, hyps: tuple[tuple[Hypothesis, ...], ...],
                  solver: cp_model.CpSolver, status: int, build_s: float, solve_s: float
                  ) -> dict:
    """What the best arrangement's search cost and how large the model was."""
    return {"build_ms": round(1000 * build_s, 2), "solve_ms": round(1000 * solve_s, 2),
            "status": solver.status_name(status), "branches": solver.num_branches,
            "conflicts": solver.num_conflicts, "variables": len(gm.model.proto.variables),
            "constraints": len(gm.model.proto.constraints),
            "hypotheses": sum(len(h) for h in hyps), "optimal": status == cp_model.OPTIMAL,
            "deterministic_time": round(solver.response_proto.deterministic_time, 4)}


def _with_review(sol: GridSolution, gm: GridModel, state: CubeState, settings: CubeSettings,
                 doubt: tuple[int, ...], quick: bool, time_limit_s: float,
                 stats: dict) -> GridSolution:
    """``sol`` with the stickers a person should check: where a close rival reading differs,
    confident readings overruled, doubtful centre turns (``gm`` is spent; ``stats`` gains the
    rival search's cost). A quick search cut short refuses the reading as too doubtful."""
    t3 = time.perf_counter()
    forced = overruled(gm, sol.chosen, settings.symmetric) + centre_turn_doubt(
        state.candidates, sol.chosen, settings.symmetric)
    margin, review, rival, stats["rival_deterministic_time"] = runner_up(
        gm, sol, settings, time_limit_s, QUICK_RIVAL_LIMIT if quick else RIVAL_LIMIT)
    if quick and margin == 0.0 and not rival:  # the rival search was cut short
        raise too_doubtful(state, doubt, "too many to rule out other readings quickly")
    review = tuple(sorted(set(review) | set(forced)))
    stats["runner_up_ms"] = round(1000 * (time.perf_counter() - t3), 2)
    return replace(sol, margin=margin, review=review, rival=rival)


def _count(sol: GridSolution, state: CubeState, settings: CubeSettings, count_cap: int,
           time_limit_s: float, stats: dict) -> int:
    """How many distinct solved arrangements fit, up to ``count_cap`` (``stats`` gains what the
    count cost, whether it finished, and how many of them score as ``sol`` does)."""
    t3 = time.perf_counter()
    found, complete, variants = enumerate_solutions(state, settings, count_cap, time_limit_s)
    count = len(found)
    stats.update(count_ms=round(1000 * (time.perf_counter() - t3), 2),
                 count_complete=complete, unique=complete and count == 1,
                 placements_seen=variants,
                 best_score_count=sum(1 for s in found if abs(s.score - sol.score) < 1e-9))
    return count


FIRST_LIMIT = 0.5
"""Deterministic time for the grid model's first search (CP-SAT's default branching, which
settles nearly every reading in a few hundredths); a reading it cannot settle in that time
gets the rest of its budget with core-based optimisation (:func:`_best`)."""


def _best(gm: GridModel, time_limit_s: float, limit: float
          ) -> tuple[cp_model.CpSolver, int]:
    """Search the likeliest arrangement within ``limit`` deterministic time: first with the
    default branching (:data:`FIRST_LIMIT`), then, unproven, with core-based optimisation,
    which works up from the best score one could hope for. With many doubtful stickers the
    readings are a weighted MaxSAT problem whose optimum the default search finds but cannot
    prove in seconds (second renderer's corner pairs: 16 of 20 proven within 3.5 units instead
    of 5), while the cores prove most of them in under one. Both runs are deterministic (one
    worker, fixed seed, deterministic time)."""
    first = cp_solver(time_limit_s, max_deterministic_time=min(FIRST_LIMIT, limit))
    status = first.solve(gm.model)
    left = limit - first.response_proto.deterministic_time
    if status in (cp_model.OPTIMAL, cp_model.INFEASIBLE) or left <= 0 or not gm.has_objective:
        return first, status
    core = cp_solver(time_limit_s, max_deterministic_time=left, optimize_with_core=True)
    status2 = core.solve(gm.model)
    if status2 in (cp_model.OPTIMAL, cp_model.INFEASIBLE):
        return core, status2
    if status2 == cp_model.FEASIBLE and (status != cp_model.FEASIBLE
                                         or core.objective_value > first.objective_value):
        return core, status2
    return first, status


REPAIR_MAX = 2
"""A reading from photos that no solved cube fits is repaired, not refused, when the
diagnosis proves that this many stickers or fewer, read differently, make it solvable: a
confident misread whose truth the classifier never listed (a footed 1 read a quarter turn
off, a 9 read as a 1). The repaired stickers always go to review."""

REPAIR_SCORE = 1e-4
"""Score of a reading the classifier did not list, given to the diagnosed stickers for the
repair (far below any listed one, so the repair changes as little as it can)."""


def _repair(state: CubeState, settings: CubeSettings, err: GridUnsolvableError,
            time_limit_s: float, count_cap: int | None) -> GridSolution | None:
    """The likeliest arrangement once the diagnosed stickers (``err.culprits``) may read
    anything, with them (and any close rival's differences) for review; None when the state
    is not a reading with alternatives, or the fix is larger than :data:`REPAIR_MAX` or not
    proven smallest. A typed culprit (a correction no solved cube allows with the rest of the
    reading) falls back on what its photo read (:meth:`CubeState.prior`) at the photo's
    scores, not on any reading alike (a centre's half turn, which nothing else settles, would
    otherwise be a coin toss); it is named in the answer's ``typed_refused``. Stickers the
    person insisted on that a fix as small would have changed (``err.insisted``) are named
    in the answer's ``insisted``, with the culprits changed instead (``repaired``)."""
    if state.candidates is None or not err.proven or not 0 < len(err.culprits) <= REPAIR_MAX:
        return None
    cands = list(state.candidates)
    for c in err.culprits:
        known = tuple(state.prior(c.index) or state.hypotheses(c.index)) if c.typed \
            else tuple(state.hypotheses(c.index))
        listed = {h.sticker for h in known}
        cands[c.index] = known + tuple(
            Hypothesis(Sticker(d, r), REPAIR_SCORE) for d in range(1, 10) for r in range(4)
            if Sticker(d, r) not in listed)
    try:
        sol = solve_grid(CubeState(state.stickers, state.n, tuple(cands)), settings,
                         count_cap=count_cap, time_limit_s=time_limit_s, explain=False)
    except GridUnsolvableError:
        return None
    review = tuple(sorted(set(sol.review) | {c.index for c in err.culprits}))
    typed = tuple(sorted(c.index for c in err.culprits if c.typed))
    return replace(sol, review=review, typed_refused=typed, insisted=err.insisted,
                   repaired=tuple(sorted(c.index for c in err.culprits)),
                   stats=dict(sol.stats, repaired=len(err.culprits)))
