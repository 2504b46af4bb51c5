"""Three faces of a corner fitted together as one box in perspective (vision.locate.corners.joint):
a steep side face's far corner, extrapolated from its own stickers, strays; held by the
vanishing points of the other two faces' edges, it does not."""
from __future__ import annotations

import cv2
import numpy as np

from sudoku_cube.assistant.bench.vision_second import placed
from sudoku_cube.vision.locate.corners.joint import joint_fit
from sudoku_cube.vision.locate.corners.lattice import CORNERS, Lattice
from sudoku_cube.vision.locate.corners.quads import Quad
from sudoku_cube.vision.reading.corners import read_corner_photo
from tests.corner_camera import FACES_3D, project
from tests.exam_shots import exam_corner_shot


def _face(k: int, rng: np.random.Generator, noise: float) -> tuple[Lattice, np.ndarray]:
    """Face ``k``'s lattice fitted (least squares) to its nine sticker centres moved by up to
    ``noise`` pixels, and its true outline."""
    true = np.array([project(FACES_3D[k](u, v)) for u, v in CORNERS])
    H = cv2.getPerspectiveTransform(np.float32(CORNERS), np.float32(true)).astype(np.float64)
    cells = {}
    for v in range(3):
        for u in range(3):
            p = H @ np.array([u + 0.5, v + 0.5, 1.0])
            centre = p[:2] / p[2] + rng.uniform(-noise, noise, 2)
            cells[(u, v)] = Quad(centre, np.tile(centre, (4, 1)), (np.ones(2), np.ones(2)), 1.0)
    src = np.array([[u + 0.5, v + 0.5] for u, v in cells], np.float64)
    fit, _ = cv2.findHomography(src, np.array([q.centre for q in cells.values()]), 0)
    return Lattice(fit, cells, (0, 1)), true


def _far_corner_error(lat: Lattice, true: np.ndarray) -> float:
    """Largest distance (pixels) of the lattice's outline corners from the true ones."""
    got = np.array([lat.to_image(u, v) for u, v in CORNERS])
    return float(np.linalg.norm(got - true, axis=1).max())


def test_a_steep_face_is_held_in_place_by_the_other_two():
    """Over six photos (noise seeds): the steep face's outline fitted with the other two as
    one box lies less than half as far from the truth as fitted alone, and closer than when
    the three only share their seven points (each far corner free); the well seen faces
    stay within two and a half pixels."""
    alone, free, boxed = [], [], []
    for seed in range(6):
        rng = np.random.default_rng(seed)
        steep, steep_true = _face(0, rng, 2.5)  # edge-on stickers: their centres are uncertain
        others = [_face(k, rng, 0.3) for k in (1, 2)]
        lats = [steep] + [lat for lat, _ in others]
        loose, _ = joint_fit(lats, box=False)
        box, misfit = joint_fit(lats, box=True)
        assert misfit < 0.1
        alone.append(_far_corner_error(steep, steep_true))
        free.append(_far_corner_error(loose[0], steep_true))
        boxed.append(_far_corner_error(box[0], steep_true))
        for (_, true), fitted in zip(others, box[1:]):
            assert _far_corner_error(fitted, true) < 2.5  # a twentieth of their sticker
    assert np.mean(boxed) < 0.5 * np.mean(alone)
    assert np.mean(boxed) < np.mean(free)


def test_steep_top_face_of_a_corner_photo_is_placed():
    """A corner photo (exam renderer, white digits on dark colours, on printed paper) whose
    top face, seen steeply, was fitted alone with its far corner 0.39 of a sticker off
    (misplaced); fitted with the other two it is placed."""
    shot = exam_corner_shot(70018, 18, "coloured-white-ink")
    faces = read_corner_photo(shot.image, "A", ocr=False, source="white-ink/A")
    assert all(placed(faces[f], truth) for f, truth in shot.truth["faces"].items())




def _drawn_in(lat: Lattice, true: np.ndarray, share: float) -> Lattice:
    """Face ``lat`` with its cells' points on the lattice whose far corner (lattice (0, 0))
    is drawn ``share`` of the way toward the cube's corner (lattice (3, 3)), its corner and
    the far ends of its two edges kept: the points a lattice gathers when it is laid partly
    onto the wrong rows of digits and its far corner comes in."""
    moved = true.copy()
    moved[0] = true[0] + share * (true[2] - true[0])
    H = cv2.getPerspectiveTransform(np.float32(CORNERS), np.float32(moved)).astype(np.float64)
    cells = {}
    for (u, v), q in lat.cells.items():
        p = H @ np.array([u + 0.5, v + 0.5, 1.0])
        centre = p[:2] / p[2]
        cells[(u, v)] = Quad(centre, np.tile(centre, (4, 1)), q.edges, q.area)
    return Lattice(H, cells, lat.directions)


def test_a_face_whose_far_corner_comes_in_makes_no_corner():
    """Three faces whose points fit together only when one face's far corner goes its own
    way (drawn 0.4 of the way in toward the cube's corner, as when a lattice laid partly
    onto the wrong rows of digits gathers them) are no cube's: fitted freely they meet, as
    one box they miss, and the joint fit refuses them. The same faces as they are fit one
    box."""
    rng = np.random.default_rng(0)
    faces = [_face(k, rng, 0.3) for k in range(3)]
    lats = [lat for lat, _ in faces]
    assert joint_fit(lats) is not None
    for k, (lat, true) in enumerate(faces):
        drawn = list(lats)
        drawn[k] = _drawn_in(lat, true, 0.4)
        loose = joint_fit(drawn, box=False)
        assert loose is not None and loose[1] < 0.01
        assert joint_fit(drawn) is None


def test_a_side_face_on_few_stickers_is_boxed_where_its_cells_show_more_digits():
    """A corner photo (exam renderer's everyday scenes: a white body on a dark mat, dim)
    whose front face shows two sticker shapes and whose right face four: the cube modelled
    from the top face placed the right face's far row half a sticker off, and its four far
    stickers were misread. Fitted with the other two faces as one box, where the cell model
    sees more digits on its cells, the right face lies on its stickers and reads right."""
    shot = exam_corner_shot(1449007, 7, "white-body", everyday_scene=True)
    faces = read_corner_photo(shot.image, "A", ocr=False, source="white-body/A")
    truth = shot.truth["faces"]["R"]
    assert placed(faces["R"], truth)
    assert [s.token for s in faces["R"].stickers] == truth["tokens"]


def test_three_faces_holding_no_cell_are_no_fit():
    """Faces whose cells the cell model saw no digit in keep none to fit through (a
    chessboard given as a corner photo): no fit, where the fit once failed on an empty list
    of residuals and the photo's refusal became an internal error."""
    rng = np.random.default_rng(0)
    lats = [_face(k, rng, 0.5)[0] for k in range(3)]
    assert joint_fit(lats) is not None
    empty = [Lattice(lat.H, {}, lat.directions) for lat in lats]
    assert joint_fit(empty) is None
    assert joint_fit(empty, box=False) is None
