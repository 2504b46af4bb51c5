"""The learned cell model's count of the digits on a candidate face's cells
(vision/recognise/digits_seen.py), and the choice it makes between two fits of one corner
(vision/locate/corners/digit_fit.py): compared against the renderer's faces."""
from __future__ import annotations

from functools import cache

import cv2
import numpy as np
import pytest

from sudoku_cube.assistant.bench.vision_second import cube
from sudoku_cube.render.second import corner_shot
from sudoku_cube.render.second.scenes import everyday
from sudoku_cube.vision.locate.corners.digit_fit import MORE_DIGITS, geometry_of, surer_fit
from sudoku_cube.vision.locate.corners.faces import locate_faces
from sudoku_cube.vision.locate.corners.lattice import CORNERS, Lattice
from sudoku_cube.vision.reading.corners import digits_seen_by
from tests.conftest import assert_corner_faces_on_truth


@cache
def _shot(seed: int, look: str, photo: str, scene: bool):
    k = seed % 1000
    state, homes, made = cube(seed, k, look)
    i = "AB".index(photo)
    return corner_shot(state, photo, seed * 10 + i, made, homes,
                       scene=everyday(k, i) if scene else None)


def _true_lattices(truth: dict) -> list[Lattice]:
    out = []
    for face in truth["faces"].values():
        H = cv2.getPerspectiveTransform(np.array(CORNERS, np.float32),
                                        np.array(face["quad"], np.float32))
        out.append(Lattice(H.astype(np.float64), {}, (0, 1)))
    return out


def _moved(lat: Lattice, du: float, dv: float) -> Lattice:
    """The lattice moved ``du``, ``dv`` cells along its own axes."""
    return Lattice(lat.H @ np.array([[1.0, 0, du], [0, 1.0, dv], [0, 0, 1]]), {},
                   lat.directions)


@pytest.mark.parametrize("look", ["white", "black", "white-body"])
def test_the_true_faces_hold_their_digits_and_a_fit_aside_holds_fewer(look):
    """On the renderer's own faces the model sees nearly nine digits a face; the same
    faces moved half a cell aside cut every digit at its border, and a lattice moved three
    cells off the face, onto the table or another face's edge, holds far fewer."""
    shot = _shot(73002 if look == "black" else 70002, look, "A", False)
    seen = digits_seen_by()
    assert seen is not None
    true = _true_lattices(shot.truth)
    on = seen(shot.image, [geometry_of(lat) for lat in true])
    half = seen(shot.image, [geometry_of(_moved(lat, 0.5, 0.5)) for lat in true])
    assert on.min() >= 8.0, on
    assert (half < on - MORE_DIGITS).all(), (on, half)


def test_of_two_fits_the_one_on_the_digits_is_kept():
    """Given the true faces and the same faces a third of a cell aside, either way round,
    the fit on the stickers is the one kept."""
    shot = _shot(70004, "white", "A", False)
    seen = digits_seen_by()
    true = _true_lattices(shot.truth)
    aside = [_moved(lat, 0.35, -0.35) for lat in true]
    assert surer_fit(shot.image, aside, true, seen) is true
    assert surer_fit(shot.image, true, aside, seen) is true


def test_white_body_corner_on_a_mat_is_placed_by_the_surer_fit():
    """Coloured stickers on a white body, large on a cutting mat (the exam's everyday
    scene): the digits and the pooled candidates find the same corner, but the digits' own
    fit has its right face a column off at the far side; the cell model sees five more
    digits on the pooled fit's cells, which places every face."""
    shot = _shot(74014, "white-body", "A", True)
    faces = locate_faces(shot.image, "A", "white-body/A", seen=digits_seen_by())
    assert sorted(f.face for f in faces) == sorted(shot.truth["faces"])
    assert_corner_faces_on_truth(faces, shot.truth)
