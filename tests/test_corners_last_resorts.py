"""The last resorts of a corner photo: when the pool of every hypothesis picks the corner the
digits placed, the digits' own fit of it is kept (vision.locate.corners.faces._same_corner); a pool
corner a cell away from it, or one missing a face, is another corner."""
from __future__ import annotations

import numpy as np

from sudoku_cube.vision.locate.corners.faces import _same_corner
from sudoku_cube.vision.locate.corners.lattice import Lattice

PITCH = 40.0


def _face(x: float, y: float, shear: float = 0.0) -> Lattice:
    """A face lattice of three cells a side, its corner (0, 0) at (x, y) pixels."""
    H = np.array([[PITCH, shear * PITCH, x], [0.0, PITCH, y], [0.0, 0.0, 1.0]])
    return Lattice(H, {}, (0, 1))


CORNER = [_face(100, 50), _face(20, 170, 0.5), _face(180, 170, -0.5)]


def test_the_same_faces_refitted_a_little_are_the_same_corner():
    refit = [_face(104, 47), _face(18, 173, 0.55), _face(183, 168, -0.45)]
    assert _same_corner(refit[::-1], CORNER)


def test_a_face_a_cell_off_makes_another_corner():
    shifted = [CORNER[0], CORNER[1], _face(180 + PITCH, 170, -0.5)]
    assert not _same_corner(shifted, CORNER)
    assert not _same_corner(CORNER[:2], CORNER)
    assert not _same_corner(CORNER, [])
