"""Where a plan starts: the reading settled as ``solve`` settles it, and the start of a plan
given with ``--moves``. ``check`` and ``guide`` take a given plan the same way: a reading the
grid solver is not sure of goes to the review where a person is at the terminal, and stops
naming the stickers to check where nobody is, so a plan is never followed or checked from a
guess."""
from __future__ import annotations

from typing import Sequence

from rich.console import Console

from ...models.cube.moves import Move, format_moves
from ...models.cube.solved import is_solved
from ...models.cube.state import CubeState
from ...models.errors import SudokuCubeError
from ...models.grid import GridSolution, GridUnsolvableError, solve_grid
from ...models.profile import CubeSettings
from ..services.review import unsure_message
from .keys import LineReader
from .review_ui import run_review


def settled(state: CubeState, settings: CubeSettings, ask: LineReader | None, fix: str
            ) -> tuple[CubeState, GridSolution]:
    """The reading and its grid solution: when the grid solver is not sure of some stickers,
    the person confirms or corrects them in the review (``ask``, on stderr); with nobody to
    ask (``ask`` None) a clear stop naming them, ``fix`` saying how to go on. A quit at the
    review raises :class:`review_ui.ReviewQuit`."""
    grid = solve_grid(state, settings)
    if grid.sure:
        return state, grid
    if ask is None:
        raise SudokuCubeError(unsure_message(state, grid, settings, fix))
    state, check = run_review(Console(stderr=True), state, settings, ask)
    return state, check.grid


def given_start(state: CubeState, moves: Sequence[Move], settings: CubeSettings, where: str,
                ask: LineReader | None, fix: str) -> tuple[CubeState, CubeState]:
    """The reading (settled, without candidates) and the state a plan given with ``--moves``
    starts from. A reading with candidates is settled (:func:`settled`); the plan starts from
    it, or from the grid solver's choice where the moves solve that instead (a doubtful sticker
    the grid read otherwise, as ``solve`` planned from). A reading too doubtful to settle is
    taken as read when the moves solve it (the plan decides). Moves that solve neither are
    refused, naming ``where`` (the state file or folder)."""
    start = state.without_candidates()
    if state.candidates is not None:
        try:
            state, grid = settled(state, settings, ask, fix)
        except GridUnsolvableError:
            if not is_solved(start.apply(moves), settings.symmetric):
                raise
        else:
            start = state.without_candidates()
            if not is_solved(start.apply(moves), settings.symmetric):
                start = CubeState(tuple(grid.chosen), state.n)
    if not is_solved(start.apply(moves), settings.symmetric):
        raise SudokuCubeError(f"--moves {format_moves(moves)!r} do not solve {where}; give the "
                              "plan the guide or solve showed for this state")
    return state.without_candidates(), start
