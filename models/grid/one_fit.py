"""The one reading, among several ways of reading the same photos, that a solved arrangement
fits: how a photo held turned (:mod:`models.grid.photo_turn`) or a corner photo named the other
way round its corner (:mod:`models.grid.corner_turn`) is told apart by its digits. When more
than one fits, the digits cannot tell, and nothing is said."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from ..cube.state import CubeState
from ..errors import SudokuCubeError
from ..profile import CubeSettings
from .solution import GridSolution
from .solve import solve_grid


@dataclass(frozen=True)
class Fit:
    """The reading that fits: its index among those tried, the reading and its grid solution."""

    index: int
    state: CubeState
    solution: GridSolution


def only_fit(readings: Iterable[CubeState], settings: CubeSettings = CubeSettings(), *,
             time_limit_s: float = 5.0) -> Fit | None:
    """The one reading among ``readings`` (tried in order, made as they are tried) that a
    solved arrangement fits; None when none does, or when a second one does."""
    found: list[Fit] = []
    for i, state in enumerate(readings):
        try:
            sol = solve_grid(state, settings, time_limit_s=time_limit_s, explain=False)
        except SudokuCubeError:
            continue
        found.append(Fit(i, state, sol))
        if len(found) > 1:
            return None
    return found[0] if found else None
