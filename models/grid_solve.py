"""Solve the grid: where every piece goes, how every centre turns, which reading is right.

:func:`solve_grid` returns the most likely reachable solved arrangement (maximum total
log-score of the chosen readings) as a :class:`GridSolution`; :func:`enumerate_targets` lists
distinct ones up to a cap. Inputs that cannot be solved raise :class:`GridUnsolvableError`
(an :class:`UnsolvableError`) naming the digits that are over or under, or the fewest stickers
that, read differently, would make the cube solvable, and the photo (face) they came from.

Results are deterministic: one CP-SAT worker and a fixed seed; enumeration results are sorted
by score, then by placement.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field, replace
from typing import Iterable, Mapping

from ortools.sat.python import cp_model

from .errors import UnsolvableError
from .geometry import FACES
from .grid_data import corner_landings, edge_landings
from .grid_doubt import (centre_turn_doubt, forbid_reading, overruled, review_of,
                         rival_model)
from .grid_hopeless import (HOPELESS_DOUBTFUL, QUICK_FROM, QUICK_LIMIT, QUICK_RIVAL_LIMIT,
                            doubtful_cells, too_doubtful_message)
from .grid_model import (SCORE_SCALE, GridModel, Reachability, build_model,
                         build_soft_model, sticker_hypotheses)
from .pieces import CORNER_NAMES, EDGE_NAMES, centre_facelets, corner_facelets, edge_facelets
from .profile import CubeSettings
from .state import CubeState, sticker_name
from .state_format import to_dict as state_dict
from .stickers import Hypothesis, Sticker, format_token, same_sticker
from .transform import Transform

SEED = 20240607
"""Fixed CP-SAT random seed (determinism)."""
SOLVE_LIMIT = 5.0
"""CP-SAT deterministic time allowed for the best arrangement (the wall-clock ``time_limit_s``
only guards against a runaway search): the answer does not depend on how busy the machine
is. Readings seen so far need at most 0.1 (a few hundred milliseconds)."""
RIVAL_LIMIT = 1.0
"""Deterministic time for the search for a rival reading (:mod:`models.grid_doubt`); it
usually ends in a few thousandths."""


@dataclass(frozen=True)
class GridSolution:
    """A solved arrangement reachable from the current state by face turns.

    Piece-twist convention (see :mod:`models.grid_data`): ``corner_moves[p] = (q, t)`` means the
    corner now at Kociemba place ``p`` (``CORNER_NAMES[p]``) goes to place ``q`` and the sticker
    now in slot ``k`` of ``p`` ends in slot ``(k + t) % 3`` of ``q`` (slot 0 = the U/D facelet,
    then clockwise seen from outside). ``edge_moves`` likewise with ``% 2`` (slot 0 = U/D facelet,
    F/B for middle edges). ``centre_turns[f]``: quarter turns clockwise face ``f``'s centre still
    needs (0-3). ``directions[f]``: the token rotation every digit of face ``f`` shows when solved.
    ``chosen``: the reading taken for each sticker, in current positions. ``transform``: the
    sticker transform from the chosen current state to ``target``
    (``CubeState(chosen).transformed(transform) == target``). ``review``: stickers a person
    should check because another reading that also solves the cube scores within
    :data:`models.grid_doubt.REVIEW_MARGIN` of this one (``margin``: by how much this one
    beats it, natural log; None when there is no such rival), or because a confident reading
    was overruled by a far less likely one; empty means ``sure``. ``rival``: that other
    reading, sticker by sticker (empty when there is none).
    """

    target: CubeState
    corner_moves: tuple[tuple[int, int], ...]
    edge_moves: tuple[tuple[int, int], ...]
    directions: dict[str, int]
    centre_turns: dict[str, int]
    chosen: tuple[Sticker, ...]
    stats: dict = field(default_factory=dict, compare=False)
    solution_count: int | None = None
    transform: Transform | None = field(default=None, compare=False)
    score: float = 0.0
    changed: tuple[int, ...] = ()
    margin: float | None = None
    review: tuple[int, ...] = ()
    rival: tuple[Sticker, ...] = ()

    @property
    def sure(self) -> bool:
        """True when no other reading that solves the cube comes close (nothing to review)."""
        return not self.review

    def key(self) -> tuple:
        """What makes two solutions distinct physically: placements and the solved stickers."""
        return (self.target.stickers, self.corner_moves, self.edge_moves)

    def placement_rows(self) -> list[dict]:
        """Seed-style placement table: one row per piece (current place -> target, twist)."""
        rows = []
        st = self.chosen
        for kind, names, facelets_of, moves in (
                ("corner", CORNER_NAMES, corner_facelets, self.corner_moves),
                ("edge", EDGE_NAMES, edge_facelets, self.edge_moves)):
            for p, (q, t) in enumerate(moves):
                rows.append({"kind": kind, "from": names[p], "to": names[q], "twist": t,
                             "stickers": [format_token(st[i]) for i in facelets_of()[p]]})
        for f, i in zip(FACES, centre_facelets()):
            rows.append({"kind": "centre", "from": f, "to": f, "twist": self.centre_turns[f],
                         "stickers": [format_token(st[i])]})
        return rows

    def to_dict(self, read: CubeState) -> dict:
        """The JSON-ready form of this solution (``grid --json``, the ``grid`` of ``solve
        --json``): target state, placements, face directions, centre turns, the reading taken
        per face and, for each sticker the constraints corrected, what was ``read`` and what
        was ``taken``."""
        chosen = CubeState(self.chosen, read.n)
        return {
            "target": state_dict(self.target),
            "placements": self.placement_rows(),
            "directions": dict(self.directions),
            "centre_turns": dict(self.centre_turns),
            "chosen": {f: [format_token(s) for s in chosen.face(f)] for f in FACES},
            "corrected": [{"sticker": sticker_name(i), "read": format_token(read.stickers[i]),
                           "taken": format_token(self.chosen[i])} for i in self.changed],
            "score": round(self.score, 4),
            "sure": self.sure,
            "review": [{"sticker": sticker_name(i), "taken": format_token(self.chosen[i])}
                       for i in self.review],
            "solution_count": self.solution_count,
            "stats": self.stats,
        }


@dataclass(frozen=True)
class Culprit:
    """A sticker whose reading blocks every solution, and a reading that would fit."""

    index: int
    read: str
    suggested: str | None

    @property
    def name(self) -> str:
        """Net name such as ``F7``."""
        return sticker_name(self.index)

    @property
    def face(self) -> str:
        """The face, i.e. the photo the sticker was read from."""
        return self.name[0]

    def describe(self) -> str:
        """One line for the user."""
        hint = f", a solution needs {self.suggested} there" if self.suggested else ""
        return f"{self.name} (photo of face {self.face}) read as {self.read}{hint}"


class GridUnsolvableError(UnsolvableError):
    """No reachable solved arrangement fits the readings; ``culprits`` lists likely misreads."""

    def __init__(self, message: str, culprits: Iterable[Culprit] = (),
                 reason: str = "infeasible", proven: bool = False) -> None:
        super().__init__(message)
        self.culprits = tuple(culprits)
        self.reason = reason
        self.proven = proven
        """True when ``culprits`` are proven the fewest stickers that make it solvable."""
        self.doubtful: tuple[int, ...] = ()
        """A reading refused as too doubtful: its doubtful stickers (and ``why``), so that
        the refusal can be told again naming the photos (:func:`photo_refusal`)."""
        self.why = ""


FAST = {"cp_model_presolve": False, "linearization_level": 0, "symmetry_level": 0}
"""Solver settings for the grid model: it is small and propagation-driven, so presolve, the LP
relaxation and symmetry detection cost more than they save (measured: p50 solve 4 ms instead of
17 ms on random scrambles)."""


def cp_solver(time_limit_s: float, fast: bool = True, **params) -> cp_model.CpSolver:
    """A CP-SAT solver with the project's settings: one worker, a fixed seed (``params``
    override any solver parameter, e.g. another seed), Python's Ctrl-C kept; ``fast`` adds
    the grid model's search settings."""
    s = cp_model.CpSolver()
    s.parameters.num_workers = 1
    s.parameters.random_seed = SEED
    s.parameters.max_time_in_seconds = float(time_limit_s)
    # CP-SAT's own Ctrl-C handler resets SIGINT to the default action when it is done, so any
    # later Ctrl-C would kill the process without cleanup or message; keep Python's handler
    s.parameters.catch_sigint_signal = False
    for k, v in (FAST if fast else {}).items():
        setattr(s.parameters, k, v)
    for k, v in params.items():
        setattr(s.parameters, k, v)
    return s


def _extract(gm: GridModel, read, settings: CubeSettings) -> GridSolution:
    """Read a solution from a solver or callback (``read(var) -> value``)."""
    hyps = gm.hyps
    chosen: list[Sticker] = []
    score = 0.0
    for i, hs in enumerate(hyps):
        k = 0 if gm.hyp[i] is None else next(k for k, v in enumerate(gm.hyp[i]) if read(v))
        if k < len(hs):
            chosen.append(hs[k].sticker)
        else:  # an open cell's "any other reading": its own digit and rotation choice
            chosen.append(Sticker(next(d for d, v in enumerate(gm.read_digit[i]) if read(v)) + 1,
                                  next(r for r, v in enumerate(gm.read_rot[i]) if read(v))))
        score += gm.weights[i][k]
    source = list(range(54))
    twist = [0] * 54
    moves = []
    for group, landings, n, tw in ((gm.corner, corner_landings(), 8, 3),
                                   (gm.edge, edge_landings(), 12, 2)):
        mv = []
        for p in range(n):
            q, t = next((q, t) for q in range(n) for t in range(tw) if read(group[p][q][t]))
            mv.append((q, t))
            for L in landings[p][q][t]:
                source[L.target], twist[L.target] = L.source, L.delta
        moves.append(tuple(mv))
    turns = {}
    for f, j in zip(FACES, centre_facelets()):
        c = next(t for t in range(4) if read(gm.centre[FACES.index(f)][t]))
        if c >= 2 and chosen[j].digit in settings.symmetric:
            # a symmetric centre looks the same either way: take the shorter turn
            c -= 2
            chosen[j] = chosen[j].turned(2)
        turns[f] = c
        twist[j] = c
    directions = {f: next(r for r in range(4) if read(gm.direction[k][r]))
                  for k, f in enumerate(FACES)}
    tr = Transform(tuple(source), tuple(twist))
    target = CubeState(tuple(chosen)).transformed(tr)
    return GridSolution(target=target, corner_moves=moves[0], edge_moves=moves[1],
                        directions=directions, centre_turns=turns, chosen=tuple(chosen),
                        transform=tr, score=score / SCORE_SCALE)


def _with_changed(sol: GridSolution, state: CubeState, settings: CubeSettings) -> GridSolution:
    """Record which stickers were read differently from the best reading."""
    changed = []
    for i, (a, b) in enumerate(zip(sol.chosen, state.stickers)):
        if not same_sticker(a, b, settings.symmetric):
            changed.append(i)
    return _replace(sol, changed=tuple(changed))


def _replace(sol: GridSolution, **kw) -> GridSolution:
    return replace(sol, **kw)


# ---------------------------------------------------------------- prechecks and diagnosis

def digit_range(hyps: tuple[tuple[Hypothesis, ...], ...]) -> dict[int, tuple[int, int]]:
    """For each digit, the fewest and most stickers that can read it under the hypotheses."""
    out = {}
    for d in range(1, 10):
        lo = sum(1 for hs in hyps if all(h.sticker.digit == d for h in hs))
        hi = sum(1 for hs in hyps if any(h.sticker.digit == d for h in hs))
        out[d] = (lo, hi)
    return out


def check_digit_counts(state: CubeState, settings: CubeSettings = CubeSettings()) -> None:
    """Raise :class:`GridUnsolvableError` when some digit cannot appear six times."""
    hyps = sticker_hypotheses(state, settings)
    problems = []
    for d, (lo, hi) in digit_range(hyps).items():
        where = [sticker_name(i) for i, hs in enumerate(hyps)
                 if all(h.sticker.digit == d for h in hs)]
        if lo > 6:
            problems.append(f"digit {d} is read {lo} times, {lo - 6} more than the 6 a Sudoku "
                            f"Cube has (at {' '.join(where)})")
        elif hi < 6:
            problems.append(f"digit {d} is read {hi} times, {6 - hi} fewer than the 6 a Sudoku "
                            f"Cube has" + (f" (at {' '.join(where)})" if where else ""))
    if problems:
        raise GridUnsolvableError(
            "the digit counts are wrong, so no solved arrangement exists:\n  "
            + "\n  ".join(problems)
            + "\nCheck those stickers in the photos (or the state file) and re-shoot or fix the "
              "misread ones.", reason="digit-count")


_RULES = (("twist", "a corner would have to be twisted in place"),
          ("flip", "an edge would have to be flipped in place"),
          ("parity", "two pieces would have to be swapped, or one centre turned a quarter turn, "
                     "without any other change"))


def diagnose(state: CubeState, settings: CubeSettings = CubeSettings(), *,
             time_limit_s: float = 10.0) -> GridUnsolvableError:
    """Explain an infeasible state: which reachability rule fails, which stickers to re-check.

    Makes every reading soft (a ``free`` flag per sticker) and minimises the number of freed
    stickers: those are the fewest that, read differently, make the cube solvable.
    """
    hyps = sticker_hypotheses(state, settings)
    broken = []
    relaxed = build_model(hyps, settings, reach=Reachability(False, False, False),
                          objective=False)
    st = cp_solver(time_limit_s).solve(relaxed.model)
    if st in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        for name, words in _RULES:
            reach = Reachability(**{k: k != name for k in ("twist", "flip", "parity")})
            gm = build_model(hyps, settings, reach=reach, objective=False)
            if cp_solver(time_limit_s).solve(gm.model) in (cp_model.OPTIMAL, cp_model.FEASIBLE):
                broken.append(words)
    culprits, proven = _culprits(state, hyps, time_limit_s)
    lines = ["no solved arrangement reachable by face turns fits these readings."]
    if broken:
        lines.append("The digits do fit a solved cube, but reaching it " + "; or ".join(broken)
                     + ": either stickers were misread, or the cube was taken apart and "
                       "reassembled wrongly.")
    if culprits:
        how = "fewest" if proven else "fewest found"
        lines.append(f"The {how} stickers that, read differently, make it solvable "
                     f"({len(culprits)}):")
        lines += [f"  {c.describe()}" for c in culprits]
        faces = sorted({c.face for c in culprits}, key=FACES.index)
        lines.append("Re-shoot or fix the photo(s) of face " + ", ".join(faces)
                     + " (or correct those tokens in the state file).")
    else:
        lines.append(f"No fix with {MAX_CULPRITS} or fewer re-read stickers was found within "
                     f"{time_limit_s:g} s: re-shoot all faces, checking the digits and where "
                     "their tops point.")
    return GridUnsolvableError("\n".join(lines), culprits,
                               reason="unreachable" if broken else "infeasible",
                               proven=proven and bool(culprits))


MAX_CULPRITS = 8
"""Diagnosis looks for at most this many misread stickers (more means: re-shoot everything)."""


def _culprits(state: CubeState, hyps, time_limit_s: float) -> tuple[list[Culprit], bool]:
    """The fewest stickers that, read differently, allow a reachable solved arrangement, each
    with the reading that arrangement needs; and whether that number is proven smallest.

    Iterative deepening: is there a solution with at most k changed stickers, k = 1, 2, ...?
    Small k propagate strongly (all but k stickers keep their readings), so each step is fast.
    """
    soft = build_soft_model(hyps)
    # The budget is CP-SAT's deterministic time, not wall time, so that the answer does not
    # depend on how busy the machine is; wall time only guards against a runaway search.
    left = time_limit_s
    wall_deadline = time.perf_counter() + 4 * time_limit_s
    proven = True
    for k in range(1, MAX_CULPRITS + 1):
        wall_left = wall_deadline - time.perf_counter()
        if left <= 0 or wall_left <= 0:
            return [], False
        m = soft.model.clone()
        m.clear_objective()
        m.add(sum(soft.changed) <= k)
        solver = cp_solver(wall_left, max_deterministic_time=left)
        st = solver.solve(m)
        left -= solver.response_proto.deterministic_time
        if st == cp_model.INFEASIBLE:
            continue
        if st != cp_model.FEASIBLE and st != cp_model.OPTIMAL:
            proven = False
            continue
        solver = _likeliest_fix(soft, m, solver, wall_left, left)
        out = []
        for i in range(54):
            if solver.boolean_value(soft.changed[i]):
                d = next(d for d in range(9) if solver.boolean_value(soft.read_digit[i][d])) + 1
                r = next(r for r in range(4) if solver.boolean_value(soft.read_rot[i][r]))
                out.append(Culprit(i, format_token(state.stickers[i]),
                                   format_token(Sticker(d, r))))
        return out, proven
    return [], False


def _likeliest_fix(soft, m: cp_model.CpModel, found: cp_model.CpSolver,
                   wall_s: float, limit: float) -> cp_model.CpSolver:
    """Among the fixes of as few stickers (``m``: the soft model cut to that many, ``found``: a
    solver holding one), the one whose other stickers keep their likeliest readings: a sticker
    read 6v at 0.97 (truth 6>, unlisted) with an alternative 7> at 0.02 is the misread, not
    the sure 7> beside it that the 7> alternative would displace. ``found`` when the search
    for it is cut short."""
    if not soft.costs:
        return found
    m.minimize(sum(c * v for c, v in soft.costs))
    for v in soft.changed:
        m.add_hint(v, found.boolean_value(v))
    solver = cp_solver(max(0.1, wall_s), max_deterministic_time=max(0.1, limit))
    status = solver.solve(m)
    return solver if status in (cp_model.OPTIMAL, cp_model.FEASIBLE) else found


# ---------------------------------------------------------------- solving

def _check_input(state: CubeState) -> None:
    if state.n != 3:
        raise UnsolvableError(f"the grid solver handles 3x3x3 cubes only, not {state.n}x{state.n}")


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
    (reason ``too-doubtful``, :mod:`models.grid_hopeless`).
    """
    _check_input(state)
    check_digit_counts(state, settings)
    doubt = doubtful_cells(state)
    quick = len(doubt) >= QUICK_FROM
    if len(doubt) >= HOPELESS_DOUBTFUL:
        raise _too_doubtful(state, doubt, "far too many to decide between the readings")
    t0 = time.perf_counter()
    hyps = sticker_hypotheses(state, settings)
    gm = build_model(hyps, settings)
    t1 = time.perf_counter()
    solver, status = _best(gm, time_limit_s, QUICK_LIMIT if quick else SOLVE_LIMIT)
    t2 = time.perf_counter()
    if status == cp_model.INFEASIBLE:
        if quick:
            raise _too_doubtful(state, doubt, "and no solved cube fits them")
        if not explain:
            raise GridUnsolvableError("no solved arrangement reachable by face turns fits "
                                      "these readings", reason="infeasible")
        err = diagnose(state, settings, time_limit_s=time_limit_s)
        repaired = _repair(state, settings, err, time_limit_s, count_cap)
        if repaired is None:
            raise err
        return repaired
    if quick and status != cp_model.OPTIMAL:
        raise _too_doubtful(state, doubt, "too many to find the likeliest reading quickly")
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        raise GridUnsolvableError(
            f"the grid solver found no arrangement within {time_limit_s:g} s; the readings may "
            "be too uncertain (too many alternatives). Re-shoot the doubtful faces.",
            reason="timeout")
    sol = _with_changed(_extract(gm, solver.boolean_value, settings), state, settings)
    stats = {"build_ms": round(1000 * (t1 - t0), 2), "solve_ms": round(1000 * (t2 - t1), 2),
             "status": solver.status_name(status), "branches": solver.num_branches,
             "conflicts": solver.num_conflicts, "variables": len(gm.model.proto.variables),
             "constraints": len(gm.model.proto.constraints),
             "hypotheses": sum(len(h) for h in hyps), "optimal": status == cp_model.OPTIMAL,
             "deterministic_time": round(solver.response_proto.deterministic_time, 4)}
    t3 = time.perf_counter()
    forced = overruled(gm, sol.chosen, settings.symmetric) + centre_turn_doubt(
        state.candidates, sol.chosen, settings.symmetric)
    margin, review, rival, stats["rival_deterministic_time"] = _runner_up(
        gm, sol, settings, time_limit_s, QUICK_RIVAL_LIMIT if quick else RIVAL_LIMIT)
    if quick and margin == 0.0 and not rival:  # the rival search was cut short
        raise _too_doubtful(state, doubt, "too many to rule out other readings quickly")
    review = tuple(sorted(set(review) | set(forced)))
    stats["runner_up_ms"] = round(1000 * (time.perf_counter() - t3), 2)
    sol = _replace(sol, margin=margin, review=review, rival=rival)
    count = None
    if count_cap is not None:
        t3 = time.perf_counter()
        found, complete, variants = _enumerate(state, settings, count_cap, time_limit_s)
        count = len(found)
        stats.update(count_ms=round(1000 * (time.perf_counter() - t3), 2),
                     count_complete=complete, unique=complete and count == 1,
                     placements_seen=variants,
                     best_score_count=sum(1 for s in found if abs(s.score - sol.score) < 1e-9))
    return _replace(sol, stats=stats, solution_count=count)


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
    proven smallest."""
    if state.candidates is None or not err.proven or not 0 < len(err.culprits) <= REPAIR_MAX:
        return None
    cands = list(state.candidates)
    for c in err.culprits:
        listed = {h.sticker for h in state.hypotheses(c.index)}
        cands[c.index] = tuple(state.hypotheses(c.index)) + tuple(
            Hypothesis(Sticker(d, r), REPAIR_SCORE) for d in range(1, 10) for r in range(4)
            if Sticker(d, r) not in listed)
    try:
        sol = solve_grid(CubeState(state.stickers, state.n, tuple(cands)), settings,
                         count_cap=count_cap, time_limit_s=time_limit_s, explain=False)
    except GridUnsolvableError:
        return None
    review = tuple(sorted(set(sol.review) | {c.index for c in err.culprits}))
    return _replace(sol, review=review, stats=dict(sol.stats, repaired=len(err.culprits)))


def _runner_up(gm: GridModel, best: GridSolution, settings: CubeSettings,
               time_limit_s: float, limit: float = RIVAL_LIMIT
               ) -> tuple[float | None, tuple[int, ...], tuple[Sticker, ...], float]:
    """A rival of ``best`` (:func:`models.grid_doubt.rival_model`): the margin (natural log)
    by which ``best`` beats it, the stickers to review, the rival's reading ((None, (), ())
    when there is none) and the deterministic time the search took (``limit`` at most).
    ``gm`` is spent. A search cut short sends every sticker with a choice to review (margin
    0.0, no rival reading)."""
    if not rival_model(gm, best.chosen, best.score, settings.symmetric):
        return None, (), (), 0.0
    solver = cp_solver(time_limit_s, max_deterministic_time=limit)
    status = solver.solve(gm.model)
    spent = round(solver.response_proto.deterministic_time, 4)
    if status == cp_model.INFEASIBLE:
        return None, (), (), spent
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return 0.0, tuple(i for i, h in enumerate(gm.hyp) if h is not None), (), spent
    rival = _extract(gm, solver.boolean_value, settings)
    margin = round(max(0.0, best.score - rival.score), 4)
    review = set(review_of(best.chosen, rival.chosen, settings.symmetric))
    budget = spent + 2 * limit
    for _ in range(MORE_RIVALS):
        # another rival that differs somewhere the person is not yet asked to look
        if spent >= budget or not forbid_reading(gm, best.chosen, settings.symmetric,
                                                 skip=review):
            break
        solver = cp_solver(time_limit_s, max_deterministic_time=min(limit, budget - spent))
        status = solver.solve(gm.model)
        spent = round(spent + solver.response_proto.deterministic_time, 4)
        if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            break
        other = _extract(gm, solver.boolean_value, settings)
        review |= set(review_of(best.chosen, other.chosen, settings.symmetric))
    return margin, tuple(sorted(review)), rival.chosen, spent


MORE_RIVALS = 4
"""After the first rival, up to this many more are sought (within twice the first search's
deterministic time limit in all), each differing from the best at a
sticker not yet listed for review, so that review lists every sticker some close reading
reads differently (one rival alone can leave a doubtful sticker unlisted, settled wrong)."""


def _too_doubtful(state: CubeState, doubt: tuple[int, ...], why: str) -> GridUnsolvableError:
    """The early refusal of a reading with many doubtful stickers (``why``: what that makes
    impossible), naming the photos to retake."""
    err = GridUnsolvableError(too_doubtful_message(state, doubt, why), reason="too-doubtful")
    err.doubtful, err.why = doubt, why
    return err


def photo_refusal(err: GridUnsolvableError, state: CubeState,
                  photos: Mapping[str, str] | None) -> GridUnsolvableError:
    """``err`` told again naming the photos (``photos``: face -> photo it was read from) when
    it refuses a too doubtful reading; else ``err`` itself."""
    if err.reason != "too-doubtful" or not photos or not err.doubtful:
        return err
    again = GridUnsolvableError(too_doubtful_message(state, err.doubtful, err.why, photos),
                                reason="too-doubtful")
    again.doubtful, again.why = err.doubtful, err.why
    return again


class _Collector(cp_model.CpSolverSolutionCallback):
    """Collects distinct arrangements during enumeration and stops at the cap."""

    def __init__(self, gm: GridModel, settings: CubeSettings, cap: int) -> None:
        super().__init__()
        self.gm, self.settings, self.cap = gm, settings, cap
        self.found: dict[tuple, GridSolution] = {}
        self.targets: set[tuple] = set()

    def on_solution_callback(self) -> None:
        sol = _extract(self.gm, self.boolean_value, self.settings)
        self.found.setdefault(sol.key(), sol)
        self.targets.add(sol.target.stickers)
        if len(self.targets) > self.cap:
            self.stop_search()


def _enumerate(state: CubeState, settings: CubeSettings, cap: int, time_limit_s: float
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
    return [_with_changed(s, state, settings) for s in sols], complete, len(cb.found)


def enumerate_targets(state: CubeState, settings: CubeSettings = CubeSettings(),
                      cap: int = 100, *, time_limit_s: float = 10.0) -> list[GridSolution]:
    """Distinct reachable solved arrangements, up to ``cap``, most likely first.

    Each carries ``solution_count`` = the number found and ``stats["count_complete"]``.
    Raises like :func:`solve_grid` when there is none.
    """
    _check_input(state)
    check_digit_counts(state, settings)
    t0 = time.perf_counter()
    sols, complete, variants = _enumerate(state, settings, cap, time_limit_s)
    ms = round(1000 * (time.perf_counter() - t0), 2)
    if not sols:
        if complete:
            raise diagnose(state, settings, time_limit_s=time_limit_s)
        raise GridUnsolvableError(f"no arrangement found within {time_limit_s:g} s",
                                  reason="timeout")
    stats = {"count_ms": ms, "count_complete": complete, "unique": complete and len(sols) == 1,
             "placements_seen": variants}
    return [_replace(s, stats=dict(stats), solution_count=len(sols)) for s in sols]
