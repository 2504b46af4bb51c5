"""The grid solver's public API: where every piece goes, reachable and most likely.

``solve_grid`` lives in :mod:`models.grid_solve`, ``GridSolution`` in
:mod:`models.grid_solution`, ``enumerate_targets`` in :mod:`models.grid_enumerate`, the checks
and the diagnosis in :mod:`models.grid_diagnosis`; the CP-SAT model in :mod:`models.grid_model`;
the geometry-derived consequences of each placement (and the piece-twist convention) in
:mod:`models.grid_data`.
"""
from __future__ import annotations

from .grid_diagnosis import Culprit, GridUnsolvableError, check_digit_counts, diagnose
from .grid_enumerate import enumerate_targets
from .grid_hopeless import photo_refusal
from .grid_model import Reachability, build_model, sticker_hypotheses
from .grid_solution import GridSolution
from .grid_solve import solve_grid

__all__ = ["Culprit", "GridSolution", "GridUnsolvableError", "Reachability", "build_model",
           "check_digit_counts", "diagnose", "enumerate_targets", "photo_refusal",
           "solve_grid", "sticker_hypotheses"]
