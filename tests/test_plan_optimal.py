"""--optimal returns provably shortest plans: compared with brute force over all shorter
sequences (checking solved, so ANY solved arrangement counts) on short scrambles."""
from __future__ import annotations

import itertools
import random

import pytest

from sudoku_cube.models.errors import SudokuCubeError
from sudoku_cube.models.cube.moves import ALL_MOVES
from sudoku_cube.models.plan.optimal import optimal_moves
from sudoku_cube.models.plan.samples import scrambled
from sudoku_cube.models.plan.planner import OPTIMAL_BEYOND, plan_to_target
from sudoku_cube.models.cube.solved import is_solved


def _shortest_by_brute_force(state, up_to: int) -> int | None:
    for n in range(up_to + 1):
        for seq in itertools.product(ALL_MOVES, repeat=n):
            if is_solved(state.apply(seq)):
                return n
    return None


@pytest.mark.parametrize("length", [1, 2, 3])
def test_optimal_matches_brute_force(length):
    rng = random.Random(100 + length)
    for _ in range(3):
        state, design, scramble = scrambled(rng, length)
        p = plan_to_target(state, design, optimal=True)
        assert is_solved(state.apply(p.moves))
        shorter = _shortest_by_brute_force(state, len(p.moves) - 1)
        assert shorter is None, "a shorter solution exists"
        assert len(p.moves) <= len(scramble)


def test_optimal_depth_8_is_at_most_the_scramble():
    rng = random.Random(9)
    for k in (6, 8):
        state, design, scramble = scrambled(rng, k)
        p = plan_to_target(state, design, optimal=True)
        assert is_solved(state.apply(p.moves)) and len(p.moves) <= k


def test_optimal_falls_back_to_the_usual_plan_on_far_cubes():
    """A cube too far for the proven-shortest search gets the usual short plan, marked so."""
    rng = random.Random(10)
    state, design, _ = scrambled(rng, 30)
    with pytest.raises(SudokuCubeError, match="8 turns"):
        optimal_moves(state, [design])
    p = plan_to_target(state, design, optimal=True)
    assert is_solved(state.apply(p.moves)) and p.stats[OPTIMAL_BEYOND] == 8
    assert p.moves == plan_to_target(state, design).moves


def test_solve_optimal_on_a_far_cube_says_so_and_plans(tmp_path, capsys):
    from sudoku_cube.assistant.cli import main
    from sudoku_cube.models.cube.state_format import to_json

    state, _, _ = scrambled(random.Random(10), 30)
    path = tmp_path / "far.json"
    path.write_text(to_json(state))
    assert main(["solve", str(path), "--plain", "--optimal"]) == 0
    out = capsys.readouterr()
    assert "too far to prove a shortest plan" in " ".join(out.err.split())
    assert "Done: the cube is solved." in out.out


def test_solve_optimal_json_says_whether_the_plan_is_proved_shortest(tmp_path, capsys):
    """``solve --optimal --json``: on a far cube the notice that it fell back to the usual plan
    goes to stderr and the JSON says the plan is not proved shortest (the grid's own
    ``optimal`` is the grid solver's status, not the plan's); on a near cube it is proved."""
    import json

    from sudoku_cube.assistant.cli import main
    from sudoku_cube.models.cube.state_format import to_json

    for turns, seed in ((30, 10), (3, 11)):
        state, _, scramble = scrambled(random.Random(seed), turns)
        path = tmp_path / f"cube{turns}.json"
        path.write_text(to_json(state))
        assert main(["solve", str(path), "--json", "--optimal"]) == 0
        out = capsys.readouterr()
        result = json.loads(out.out)
        stats = result["stats"]
        assert is_solved(state.apply(" ".join(result["moves"])))
        far = turns > 8
        assert stats["proved_shortest"] is not far
        assert stats["optimal_beyond"] == (8 if far else None)
        said = " ".join(out.err.split())
        assert ("--optimal: this cube is more than 8 turns from solved, too far to prove a "
                "shortest plan; here is the usual short plan.") in said if far else \
            "too far" not in said
        if not far:
            assert len(result["moves"]) <= len(scramble)
