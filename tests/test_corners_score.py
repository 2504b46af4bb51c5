"""The one score of a corner photo's candidate faces (vision/locate/corners/score.py): a printed
grid of squares under the cube, whose squares the sticker passes take for stickers, loses to the
cube's faces because its cells hold no digits; a lattice mixing two faces loses to the true
face because the stickers of the photo do not fill its cells."""
from __future__ import annotations

from functools import cache

import cv2
import numpy as np
import pytest

from sudoku_cube.assistant.bench.vision_second import cube
from sudoku_cube.models.generator.cube3 import make_puzzle
from sudoku_cube.render import PhotoStyle, render_corner_photo
from sudoku_cube.render.second import corner_shot
from sudoku_cube.render.second.scenes import everyday
from sudoku_cube.vision.locate.corners.faces import locate_faces
from sudoku_cube.vision.locate.corners.glyphs import pseudo_quad
from sudoku_cube.vision.locate.corners.lattice import Lattice
from sudoku_cube.vision.locate.corners.marks import marks
from sudoku_cube.vision.locate.corners.quads import find_quads
from sudoku_cube.vision.locate.corners.score import corner_score, digits, filled, scored
from tests.conftest import assert_corner_faces_on_truth, true_corner_lattices

MAT_GREEN = (60, 110, 40)
MAT_LINE = (170, 200, 170)


@cache
def _photo(seed: int, which: str) -> tuple[np.ndarray, dict]:
    puzzle = make_puzzle(seed, 25)
    return render_corner_photo(puzzle.state.faces(), which, seed,
                               PhotoStyle("white", size=(480, 360), difficulty=0.2))


def _pitch(truth: dict) -> float:
    quad = np.array(next(iter(truth["faces"].values()))["quad"], float)
    return float(np.linalg.norm(quad[1] - quad[0])) / 3


def _on_a_mat(seed: int, which: str) -> tuple[np.ndarray, dict]:
    """The corner photo with everything around the cube replaced by a cutting mat: light
    lines on green, squares a little smaller than the stickers."""
    img, truth = _photo(seed, which)
    corners = np.concatenate([np.array(f["quad"], np.float32) for f in truth["faces"].values()])
    cube = np.zeros(img.shape[:2], np.uint8)
    cv2.fillConvexPoly(cube, cv2.convexHull(corners).astype(np.int32), 255)
    cube = cv2.dilate(cube, np.ones((5, 5), np.uint8))
    mat = np.empty_like(img)
    mat[:] = MAT_GREEN
    step = int(0.8 * _pitch(truth))
    h, w = img.shape[:2]
    for x in range(0, w, step):
        cv2.line(mat, (x, 0), (x, h), MAT_LINE, 2)
    for y in range(0, h, step):
        cv2.line(mat, (0, y), (w, y), MAT_LINE, 2)
    return np.where(cube[..., None] > 0, img, mat), truth


@pytest.mark.parametrize("which", "AB")
def test_corner_photo_on_a_printed_grid_of_squares_gives_its_three_faces(which):
    """The mat's squares outnumber the stickers, so every sticker pass fits its lattices to
    the mat and found one "face" (the photo was refused as showing only one face); the
    stickers that hold a digit form the cube's faces, and they win on the score."""
    img, truth = _on_a_mat(3, which)
    faces = locate_faces(img, which, f"mat/{which}")
    assert sorted(f.face for f in faces) == sorted(truth["faces"])
    pitch = _pitch(truth)
    for cf in faces:
        want = np.array(truth["faces"][cf.face]["centres"])
        got = np.array([cf.to_image(c + 0.5, r + 0.5) for r in range(3) for c in range(3)])
        assert np.linalg.norm(got - want, axis=1).max() < pitch / 3, cf.face


def test_a_lattice_mixing_two_faces_scores_below_the_true_face():
    """A lattice of 1.4 times the pitch from the cube corner spans one face and the next:
    glyphs may fall near its cells, but the stickers of the photo do not fill them, and with
    it in place of the true face the three faces score lower, or make no corner at all."""
    img, truth = _photo(5, "A")
    points, _ = marks(img)
    glyphs = [pseudo_quad(g, np.array([g.size, 0.0]), np.array([0.0, g.size])) for g in points]
    stickers = find_quads(img)
    true = true_corner_lattices(truth)
    wide = np.diag([1.4, 1.4, 1.0])
    best = corner_score(true, 0.0, glyphs, stickers)
    for k, lat in enumerate(true):
        mixed = Lattice(lat.H @ wide, {}, lat.directions)
        assert len(filled(mixed.H, stickers)) < len(filled(lat.H, stickers)) - 3
        group = [mixed if j == k else o for j, o in enumerate(true)]
        assert corner_score(group, 0.0, glyphs, stickers) < best - 3
    # judged whole (fitted together, digits gathered): the true faces make a corner, with
    # every digit on its cells; one mixed face makes none or a worse one
    def as_candidates(lats: list[Lattice]) -> list[Lattice]:
        return [Lattice(lat.H, {**{c: q for c, q in filled(lat.H, stickers).items()}},
                        lat.directions) for lat in lats]
    got = scored(img, as_candidates(true), glyphs, stickers)
    assert got is not None and all(digits(lat, glyphs) == 9 for lat in got[0])
    for k, lat in enumerate(true):
        group = as_candidates([Lattice(lat.H @ wide, {}, lat.directions) if j == k else o
                               for j, o in enumerate(true)])
        mixed = scored(img, group, glyphs, stickers)
        assert mixed is None or mixed[1] < got[1]


@pytest.mark.parametrize(("seed", "photo"), [(74000, "A"), (74007, "B")])
def test_white_body_corner_photo_on_a_cutting_mat_is_placed(seed, photo):
    """Coloured stickers on a white body lying on a cutting mat (the exam's everyday scene):
    the sticker passes found three "faces" that did not fit one cube, the mat's squares among
    them, and the photo was refused; now the faces of every pass compete on the score, and
    the cube's three win."""
    k = seed - 74000
    state, homes, look = cube(seed, k, "white-body")
    shot = corner_shot(state, photo, seed * 10 + "AB".index(photo), look, homes,
                       scene=everyday(k, "AB".index(photo)))
    assert shot.truth["scene"]["ground"] == "mat"
    faces = locate_faces(shot.image, photo, f"white-body/{photo}")
    assert_corner_faces_on_truth(faces, shot.truth)
