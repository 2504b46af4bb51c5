"""The centre algorithms of docs/cube-facts.md change exactly the stated centres and nothing
else."""
from __future__ import annotations

import pytest

from sudoku_cube.models.cube.geometry import FACES
from sudoku_cube.models.cube.moves import parse_moves, sequence_transform

# (sequence, {face: quarter turns clockwise}) from docs/cube-facts.md
CENTRE_ALGORITHMS = [
    ("F B' L R' U D' F' U' D L' R F' B U", {"U": 1, "F": 3}),
    ("U R L U2 R' L' U R L U2 R' L'", {"U": 2}),
    ("D B D' U' B2 D U B D' U' B2 U", {"B": 2}),
    ("B D B' F' L R' D U B' D' U' L' R F", {"D": 1, "B": 3}),
    ("D B D U' R2 L2 D U' F' D U' R2 L2 U'", {"B": 1, "F": 3}),
    ("U2 F2 U2 R2 L2 D2 B2 D2 R2 L2", {"F": 2, "B": 2}),
    ("F2 L R' D2 F2 U2 L' R B2 U2", {"D": 2, "B": 2}),
    ("R2 F2 B2 L2 U2 L2 F2 B2 R2 D2", {"U": 2, "D": 2}),
]


@pytest.mark.parametrize("sequence,effect", CENTRE_ALGORITHMS)
def test_centre_algorithm_changes_only_named_centres(sequence, effect):
    t = sequence_transform(parse_moves(sequence))
    assert all(s == i for i, s in enumerate(t.source)), "a piece moved"
    for k, face in enumerate(FACES):
        for i in range(9):
            idx = 9 * k + i
            expected = effect.get(face, 0) if i == 4 else 0
            assert t.twist[idx] == expected, f"{face}{i + 1}"
