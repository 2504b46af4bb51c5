"""The learned cell model's count of the digits on a candidate face's cells
(vision/recognise/digits_seen.py), the choice it makes between two fits of one corner and
its ranking of a pool of candidates (vision/locate/corners/digit_fit.py): compared against
the renderer's faces."""
from __future__ import annotations

from dataclasses import replace
from functools import cache
from pathlib import Path

import cv2
import numpy as np
import pytest

from sudoku_cube.assistant.bench.renders import CORNER_RECIPE, unseen_cube
from sudoku_cube.assistant.bench.vision_second import cube, placed
from sudoku_cube.render import render_corner_photo
from sudoku_cube.render.second import corner_shot
from sudoku_cube.render.second.scenes import everyday
from sudoku_cube.vision.locate.corners.digit_fit import by_digits, geometry_of, surer_fit
from sudoku_cube.vision.locate.corners.faces import locate_faces
from sudoku_cube.vision.locate.corners.lattice import Lattice
from sudoku_cube.vision.locate.digit_count import MORE_DIGITS
from sudoku_cube.vision.reading.reader import Reader
from sudoku_cube.vision.recognise.digits_seen import digits_seen_by
from tests.conftest import assert_corner_faces_on_truth, true_corner_lattices


@cache
def _shot(seed: int, look: str, photo: str, scene: bool):
    k = seed % 1000
    state, homes, made = cube(seed, k, look)
    i = "AB".index(photo)
    return corner_shot(state, photo, seed * 10 + i, made, homes,
                       scene=everyday(k, i) if scene else None)


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
    true = true_corner_lattices(shot.truth)
    on = seen(shot.image, [geometry_of(lat) for lat in true])
    half = seen(shot.image, [geometry_of(_moved(lat, 0.5, 0.5)) for lat in true])
    assert on.min() >= 8.0, on
    assert (half < on - MORE_DIGITS).all(), (on, half)


def test_of_two_fits_the_one_on_the_digits_is_kept():
    """Given the true faces and the same faces a third of a cell aside, either way round,
    the fit on the stickers is the one kept."""
    shot = _shot(70004, "white", "A", False)
    seen = digits_seen_by()
    true = true_corner_lattices(shot.truth)
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


def test_a_folder_of_corner_photos_is_located_with_the_cell_model(tmp_path: Path):
    """The same corner photos saved as a folder and read as `solve FOLDER` reads them: the
    folder's reader locates with the cell model too, so the surer fit places photo A's right
    face (without it, R was a column off)."""
    truth = {}
    for w in "AB":
        shot = _shot(74014, "white-body", w, True)
        cv2.imwrite(str(tmp_path / f"{w}.png"), shot.image)
        truth.update(shot.truth["faces"])
    reading = Reader(ocr="never").read_photo_set(tmp_path)
    assert {f: placed(reading.faces[f], t) for f, t in truth.items()} == dict.fromkeys(truth,
                                                                                     True)


def test_the_pool_ranked_by_digits_puts_the_true_faces_first():
    """Among the true faces and a hundred lattices of the same pitch moved whole cells and
    fractions of cells across the photo (onto the table, the body, two faces at once), the
    cell model's ranking puts the three true faces first."""
    shot = _shot(73003, "black", "A", False)
    true = true_corner_lattices(shot.truth)
    rng = np.random.default_rng(0)
    others = [_moved(true[k % 3], *rng.uniform(-4, 4, 2)) for k in range(100)]
    pitch = np.linalg.norm(true[0].to_image(1, 0) - true[0].to_image(0, 0))
    others = [o for o in others
              if min(np.linalg.norm(o.centre - t.centre) for t in true) > pitch / 2]
    ranked = by_digits(shot.image, others[:50] + true + others[50:], digits_seen_by())
    assert {id(lat) for lat in ranked[:3]} == {id(lat) for lat in true}


@pytest.mark.parametrize("seed", [79006, 79007])
def test_black_cube_on_a_cutting_mat_is_placed_from_the_pool_ranked_by_digits(seed):
    """A black cube's corner on a cutting mat (our renderer's patterned ground, fresh
    seeds): the mat's squares and marks fill the cells of hundreds of lattices, and the
    cube's faces, which show no sticker shapes, ranked behind them, so the first candidates
    made no corner (a face misplaced, or the photo refused). Ranked by the digits the cell
    model sees, the three faces come first."""
    puzzle, style, homes = unseen_cube(seed, seed % 1000, CORNER_RECIPE, "black")
    image, truth = render_corner_photo(puzzle.state.faces(), "A", seed * 10,
                                       replace(style, ground="mat"), homes=homes)
    faces = locate_faces(image, "A", "mat/A", seen=digits_seen_by())
    assert sorted(f.face for f in faces) == sorted(truth["faces"])
    assert_corner_faces_on_truth(faces, truth)
