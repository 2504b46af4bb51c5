"""The last resorts of a corner photo: when the pool of every hypothesis picks the corner the
digits placed, the digits' own fit of it is kept (vision.locate.corners.faces._same_corner). A
pool corner a cell away from it, one missing a face, or one whose steep face the digits drew
wider, its far cells off their stickers and its middle on the same one, is another corner:
there the pool's winner stands (the exam's white-body cube 74014, corner photo A, on a mat)."""
from __future__ import annotations

import numpy as np

from sudoku_cube.assistant.bench.vision_second import cube, placed
from sudoku_cube.render.second import corner_shot
from sudoku_cube.render.second.scenes import everyday
from sudoku_cube.vision.locate.corners.faces import _same_corner
from sudoku_cube.vision.reading.reader import Reader
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


def test_a_face_wider_at_its_far_side_is_another_corner():
    # the same middle, its far cells 0.4 of a cell further out: drawn 1.4 times as wide
    H = CORNER[2].H @ np.array([[1.4, 0.0, -0.6], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]])
    wider = [CORNER[0], CORNER[1], Lattice(H, {}, (0, 1))]
    assert np.linalg.norm(wider[2].centre - CORNER[2].centre) < 0.3 * PITCH
    assert not _same_corner(wider, CORNER)


def test_the_pooled_corner_stands_where_the_digits_draw_a_steep_face_wider():
    look, seed, k = "white-body", 74014, 14
    state, homes, lk = cube(seed, k, look)
    shot = corner_shot(state, "A", seed * 10, lk, homes, scene=everyday(k, 0))
    readings = Reader(ocr="never").read_corner_photo(shot.image, "A")
    assert all(placed(readings[f], truth) for f, truth in shot.truth["faces"].items())
