"""The facelet order and move sense agree with the kociemba package."""
from __future__ import annotations

import random

import kociemba

from sudoku_cube.models.cube.geometry import facelets
from sudoku_cube.models.cube.moves import parse_moves, sequence_transform
from sudoku_cube.models.cube.pieces import corner_facelets, edge_facelets
from tests.conftest import random_moves

KOCIEMBA_CORNERS = [("U9", "R1", "F3"), ("U7", "F1", "L3"), ("U1", "L1", "B3"),
                    ("U3", "B1", "R3"), ("D3", "F9", "R7"), ("D1", "L9", "F7"),
                    ("D7", "B9", "L7"), ("D9", "R9", "B7")]
KOCIEMBA_EDGES = [("U6", "R2"), ("U8", "F2"), ("U4", "L2"), ("U2", "B2"), ("D6", "R8"),
                  ("D2", "F8"), ("D4", "L8"), ("D8", "B8"), ("F6", "R4"), ("F4", "L6"),
                  ("B6", "L4"), ("B4", "R6")]


def test_piece_tables_match_kociemba():
    names = [f.name for f in facelets(3)]
    assert [tuple(names[i] for i in c) for c in corner_facelets()] == KOCIEMBA_CORNERS
    assert [tuple(names[i] for i in e) for e in edge_facelets()] == KOCIEMBA_EDGES


def test_colouring_by_home_face_is_kociemba_facelet_string():
    home = [f.face for f in facelets(3)]
    rng = random.Random(7)
    for _ in range(20):
        scramble = random_moves(rng, 25)
        colours = "".join(sequence_transform(scramble).permute(home))
        solution = parse_moves(kociemba.solve(colours))
        done = sequence_transform(list(scramble) + list(solution)).permute(home)
        assert "".join(done) == "".join(home)
