"""The grid solver's public API: where every piece goes, reachable and most likely.

``solve_grid`` lives in :mod:`models.grid.solve`, ``GridSolution`` in
:mod:`models.grid.solution`, ``enumerate_targets`` in :mod:`models.grid.enumerate`, the checks
and the diagnosis in :mod:`models.grid.diagnosis`; the CP-SAT model in :mod:`models.grid.model`;
the geometry-derived consequences of each placement (and the piece-twist convention) in
:mod:`models.grid.data`.
"""
from __future__ import annotations

from .diagnosis import Culprit, GridUnsolvableError, check_digit_counts, diagnose
from .enumerate import enumerate_targets
from .hopeless import photo_refusal
from .model import Reachability, build_model, sticker_hypotheses
from .solution import GridSolution
from .solve import solve_grid

__all__ = ["Culprit", "GridSolution", "GridUnsolvableError", "Reachability", "build_model",
           "check_digit_counts", "diagnose", "enumerate_targets", "photo_refusal",
           "solve_grid", "sticker_hypotheses"]
