"""One face photo that does not fit the other five: a photo of another cube, or of the face
so badly read that it is wrong throughout.

A reading whose digit counts fail (:func:`models.grid.repeated_photo.counts_fail`) is tried
six times, each time with one face's nine stickers left open (any digit, any rotation, as the
grid solver's open cells are; the face's centre too, so its digit may be anything the other
five faces leave). Where exactly one face left open makes a solvable cube and no other does,
and the other five cannot be kept with that face's photo read right but for a few stickers
(:data:`ODD_FROM`), that face's photo is the one that does not fit: a sticker or two misread
stays the business of the digit counts and the diagnosis, which name the stickers. Seven
small searches sharing a short limit (:data:`BUDGET`), made only where the reading has
already failed.
"""
from __future__ import annotations

import time
from dataclasses import dataclass

from ortools.sat.python import cp_model

from ..cube.geometry import FACES
from ..cube.state import CubeState
from ..cube.stickers import Hypothesis, Sticker
from ..profile import CubeSettings
from .cp_sat import cp_solver
from .model import build_model, sticker_hypotheses
from .repeated_photo import counts_fail

ODD_FROM = 4
"""Stickers of its nine that a face's photo must read wrongly, at the least, to be taken for
a photo that does not fit (of another cube, or another face): fewer are misreads that the
digit counts and the diagnosis name one by one."""

BUDGET = 3.0
"""CP-SAT deterministic time for all the searches together (a face that cannot be the odd one
is ruled out in hundredths; the one that fits took about 0.5 on a real reading); a search cut
short names no face."""

OPEN_SCORE = 1e-4
"""The score of a reading the photo did not give an open face's sticker: far below any it
gave, so that the readings it gave are the open cell's named choices."""


@dataclass(frozen=True)
class OddFace:
    """``face``'s photo does not fit the other five faces: with its nine stickers left open
    the cube is solvable, with any other face's it is not, and a solved cube needs at least
    :data:`ODD_FROM` of its stickers read otherwise than the photo read them."""

    face: str


def _opened(hyps: tuple[tuple[Hypothesis, ...], ...], face: str
            ) -> tuple[tuple[Hypothesis, ...], ...]:
    """``hyps`` with every sticker of ``face`` open: its readings as given, every other
    sticker (digit 1-9, rotation 0-3) at :data:`OPEN_SCORE`."""
    out = list(hyps)
    base = FACES.index(face) * 9
    for i in range(base, base + 9):
        given = {h.sticker for h in hyps[i]}
        out[i] = hyps[i] + tuple(Hypothesis(Sticker(d, r), OPEN_SCORE)
                                 for d in range(1, 10) for r in range(4)
                                 if Sticker(d, r) not in given)
    return tuple(out)


def _solvable(hyps: tuple[tuple[Hypothesis, ...], ...], face: str, settings: CubeSettings,
              time_limit_s: float, most_wrong: int | None = None, limit: float = BUDGET
              ) -> tuple[bool | None, float]:
    """Whether a solved cube fits ``hyps`` with ``face`` open (``most_wrong``: and at most
    that many of its stickers read otherwise than the photo read them), None when the search
    is cut short (``limit``: its deterministic time; ``time_limit_s``: its wall time); and
    the deterministic time it took."""
    gm = build_model(_opened(hyps, face), settings, objective=False)
    if most_wrong is not None:
        base = FACES.index(face) * 9
        # an open cell's last flag: a reading the photo did not give
        gm.model.add(sum(gm.hyp[i][-1] for i in range(base, base + 9)) <= most_wrong)
    solver = cp_solver(max(0.1, time_limit_s), max_deterministic_time=max(0.01, limit))
    status = solver.solve(gm.model)
    used = solver.response_proto.deterministic_time
    if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return True, used
    return (False if status == cp_model.INFEASIBLE else None), used


def odd_face(state: CubeState, settings: CubeSettings = CubeSettings(), *,
             time_limit_s: float = 10.0) -> OddFace | None:
    """The one face whose photo does not fit the other five, in a reading whose digit counts
    fail (see the module's docstring); None where the counts do not fail, the cube is no
    3x3x3, no face or more than one would do, a few misread stickers of that face would do as
    well, or the searches were cut short (:data:`BUDGET`; ``time_limit_s``: a wall-clock guard
    for them all)."""
    if state.n != 3 or not counts_fail(state):
        return None
    hyps = sticker_hypotheses(state, settings)
    deadline = time.perf_counter() + time_limit_s
    left, fits = BUDGET, None
    for face in FACES:
        got, used = _solvable(hyps, face, settings, deadline - time.perf_counter(), None, left)
        left -= used
        if got is None or (got and fits is not None):
            return None  # cut short, or a second face that fits
        if got:
            fits = face
    if fits is None:
        return None
    few, _ = _solvable(hyps, fits, settings, deadline - time.perf_counter(), ODD_FROM - 1,
                       left)
    return OddFace(fits) if few is False else None
