"""The grid solver's public API: where every piece goes, reachable and most likely.

``solve_grid`` / ``enumerate_targets`` / ``GridSolution`` live in :mod:`models.grid_solve`; the
CP-SAT model in :mod:`models.grid_model`; the geometry-derived consequences of each placement
(and the piece-twist convention) in :mod:`models.grid_data`.
"""
from __future__ import annotations

from .grid_model import Reachability, build_model, sticker_hypotheses
from .grid_solve import (Culprit, GridSolution, GridUnsolvableError, check_digit_counts,
                         diagnose, enumerate_targets, photo_refusal, solve_grid)

__all__ = ["Culprit", "GridSolution", "GridUnsolvableError", "Reachability", "build_model",
           "check_digit_counts", "diagnose", "enumerate_targets", "photo_refusal",
           "solve_grid", "sticker_hypotheses"]
