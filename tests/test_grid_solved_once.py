"""A consistent six-photo reading is solved by the grid solver once, although the photos are
first asked whether one of them was held turned (which needs to know whether it solves)."""
from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from sudoku_cube.assistant.services import cube_input, pipeline
from sudoku_cube.assistant.services.files import load_state
from sudoku_cube.assistant.services.pipeline import RememberedSolver
from sudoku_cube.assistant.terminal.solve_flow import produce
from sudoku_cube.models.grid import solve_grid
from sudoku_cube.models.profile import CubeSettings
from sudoku_cube.models.cube.solved import is_solved

SAMPLE = Path(__file__).resolve().parents[1] / "samples" / "cubes" / "01-easy"


@pytest.fixture
def grid_calls(monkeypatch: pytest.MonkeyPatch) -> list[dict]:
    calls: list[dict] = []

    def counting(state, settings, **kw):
        calls.append(kw)
        return solve_grid(state, settings, **kw)

    monkeypatch.setattr(pipeline, "solve_grid", counting)
    monkeypatch.setattr(cube_input, "solve_grid", counting)
    return calls


def test_remembered_solver_answers_the_same_reading_once(grid_calls: list[dict]) -> None:
    state = load_state(SAMPLE.parents[1] / "states" / "scrambled-example.json")
    solver = RememberedSolver()
    first = solver(state, CubeSettings(), explain=False)
    again = solver(state, CubeSettings())
    assert again is first and len(grid_calls) == 1
    solver(state, CubeSettings(), count_cap=2)
    assert len(grid_calls) == 2


def test_six_photos_are_solved_once_and_the_plan_solves(grid_calls: list[dict]) -> None:
    args = argparse.Namespace(profile=None, ocr=False, optimal=False, symmetric=None)
    result = produce(str(SAMPLE), CubeSettings(), args, progress=lambda event: None)
    assert len(grid_calls) == 1
    assert result.plan.moves
    assert is_solved(result.plan.start.apply(result.plan.moves), CubeSettings().symmetric)
