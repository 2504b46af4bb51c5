"""Why no solved cube fits a reading: the checks before a solve and the diagnosis after one.

:func:`check_digit_counts` refuses a reading whose digits cannot each appear six times;
:func:`diagnose` explains an infeasible one: which reachability rule fails, and the fewest
stickers that, read differently, make it solvable (:class:`Culprit`), each with the photo it
came from. Both raise or return a :class:`GridUnsolvableError`.
"""
from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Iterable

from ortools.sat.python import cp_model

from ..cube.face_words import face_or_place, faces_words
from ..cube.geometry import FACES
from ..cube.state import CubeState, sticker_name
from ..cube.stickers import Hypothesis, Sticker, format_token
from ..errors import UnsolvableError
from ..profile import CubeSettings
from .cp_sat import cp_solver
from .model import Reachability, build_model, sticker_hypotheses
from .soft import build_soft_model

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

    def describe(self, state: CubeState | None = None) -> str:
        """One line for the user; ``state`` (the reading) names the face by its centre digit,
        else it is named by where it is."""
        hint = f", a solution needs {self.suggested} there" if self.suggested else ""
        return f"{self.name} on {face_or_place(self.face, state)}: read as {self.read}{hint}"


class GridUnsolvableError(UnsolvableError):
    """No reachable solved arrangement fits the readings; ``culprits`` lists likely misreads."""

    def __init__(self, message: str, culprits: Iterable[Culprit] = (),
                 reason: str = "infeasible", proven: bool = False, advice: str = "") -> None:
        super().__init__(message + (f"\n{advice}" if advice else ""))
        self.finding = message
        """What is wrong, without the advice on what to do: a caller that gives its own
        advice (the review names the photos and the state file) shows this instead."""
        self.culprits = tuple(culprits)
        self.reason = reason
        self.proven = proven
        """True when ``culprits`` are proven the fewest stickers that make it solvable."""
        self.doubtful: tuple[int, ...] = ()
        """A reading refused as too doubtful: its doubtful stickers (and ``why``), so that
        the refusal can be told again naming the photos (:func:`photo_refusal`)."""
        self.why = ""


def check_size(state: CubeState) -> None:
    """Refuse a cube the grid solver does not handle (it knows 3x3x3 only)."""
    if state.n != 3:
        raise UnsolvableError(f"the grid solver handles 3x3x3 cubes only, not {state.n}x{state.n}")


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
            + "\n  ".join(problems), reason="digit-count",
            advice="Check those stickers in the photos (or the state file) and re-shoot or fix "
                   "the misread ones.")


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
        lines += [f"  {c.describe(state)}" for c in culprits]
        faces = sorted({c.face for c in culprits}, key=FACES.index)
        photos = "the photo" if len(faces) == 1 else "the photos"
        advice = (f"Re-shoot or fix {photos} of {faces_words(faces, state)}, or correct those "
                  "stickers in the state file.")
    else:
        lines.append(f"No fix with {MAX_CULPRITS} or fewer re-read stickers was found within "
                     f"{time_limit_s:g} s.")
        advice = "Re-shoot all faces, checking the digits and where their tops point."
    return GridUnsolvableError("\n".join(lines), culprits,
                               reason="unreachable" if broken else "infeasible",
                               proven=proven and bool(culprits), advice=advice)


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
