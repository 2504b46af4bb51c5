"""A plan given with ``--moves`` starts where ``check`` and ``guide`` both take it
(``terminal.given_moves``): a reading the grid solver is not sure of goes to the review where a
person is at the terminal, and stops naming the stickers where nobody is, in both commands;
neither follows or checks a plan from a guess."""
from __future__ import annotations

import pytest

from sudoku_cube.assistant.cli import main
from sudoku_cube.assistant.terminal.guide_run import given_plan
from sudoku_cube.models.cube.moves import format_moves, invert_moves, simplify
from sudoku_cube.models.cube.state import sticker_name
from sudoku_cube.models.cube.state_format import to_json
from sudoku_cube.models.errors import SudokuCubeError
from sudoku_cube.models.generator.cube3 import make_puzzle
from sudoku_cube.models.profile import CubeSettings
from tests.conftest import assert_clear_error, scripted, swapped_pair

SEED = 11  # the cube of swapped_pair()


@pytest.fixture(scope="module")
def case():
    """The cube, its two doubtful stickers, the unsure reading and the plan that solves it."""
    state, a, b, swapped, _ = swapped_pair(SEED)
    return state, a, b, swapped, simplify(invert_moves(make_puzzle(SEED, 25).scramble))


@pytest.mark.parametrize("command", [["guide", "--plain"], ["check", "--step", "0", "--tokens",
                                                            "F=1^ 1^ 1^ 1^ 1^ 1^ 1^ 1^ 1^"]])
def test_without_a_person_an_unsure_reading_stops_both_commands(case, tmp_path, capsys,
                                                                   command):
    state, a, b, swapped, plan = case
    path = tmp_path / "start.json"
    path.write_text(to_json(swapped))
    code = main([command[0], str(path), "--moves", format_moves(plan), *command[1:]])
    assert_clear_error(code, capsys.readouterr().err, "not sure of 2 stickers", sticker_name(a),
                       sticker_name(b), f"correct them in {path}")


def test_a_person_at_the_terminal_settles_the_reading_the_plan_starts_from(case):
    state, a, b, swapped, plan = case
    typed = (f"{sticker_name(a)} {state.stickers[a].token} "
             f"{sticker_name(b)} {state.stickers[b].token}")
    ask, prompts = scripted(typed, "")
    got, reading = given_plan(swapped, format_moves(plan), CubeSettings(), "start.json", ask)
    assert len(prompts) == 2 and "y to take the grid's choices" in prompts[0]
    assert got.start.stickers == state.stickers and reading.stickers == state.stickers


def test_moves_that_solve_no_reading_are_refused_in_the_same_words(case):
    state, _, _, _, plan = case
    with pytest.raises(SudokuCubeError, match=r"--moves 'R U' do not solve start.json; give the "
                                              "plan the guide or solve showed"):
        given_plan(state, "R U", CubeSettings(), "start.json")
