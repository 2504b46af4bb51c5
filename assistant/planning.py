"""From a state to the steps the guide shows, through the grid solver and planner contracts
(``models.grid.solve_grid`` and ``models.planner.plan``), with a progress spinner on stderr."""
from __future__ import annotations

from typing import Any

from rich.console import Console

from sudoku_cube.models.profile import CubeSettings
from sudoku_cube.models.state import CubeState


def make_plan(state: CubeState, settings: CubeSettings = CubeSettings(), grid: Any = None,
              status: Console | None = None, optimal: bool = False) -> Any:
    """The verified plan of ``state`` (raises ``UnsolvableError`` when there is none)."""
    from sudoku_cube.models.grid import solve_grid
    from sudoku_cube.models.planner import plan

    console = status or Console(stderr=True)
    with console.status("Solving the grid and planning the turns..."):
        if grid is None:
            grid = solve_grid(state, settings)
        return plan(state, grid, settings, optimal=optimal)
