"""Three located faces whose far corners miss each other's predictions are still one cube's
when all their stickers fit one box in perspective (vision.locate.corners.whole.one_box); a face a
row off or squeezed does not fit it."""
from __future__ import annotations

import cv2
import numpy as np

from sudoku_cube.assistant.bench.vision_second import placed
from sudoku_cube.vision.locate.corners.lattice import CORNERS, Lattice
from sudoku_cube.vision.locate.corners.quads import Quad
from sudoku_cube.vision.reading.corners import read_corner_photo
from sudoku_cube.vision.locate.corners.whole import INCONSISTENT, inconsistency, one_box
from tests.corner_camera import FACES_3D, project
from tests.exam_shots import exam_corner_shot


def _face(k: int, rng: np.random.Generator, noise: float,
          label: tuple[int, int] = (0, 0), scale: float = 1.0) -> Lattice:
    """Face ``k``'s lattice fitted to its nine sticker centres (moved by up to ``noise``
    pixels), each sticker taken for the cell ``label`` away and the face ``scale``-d round its
    middle (a lattice a row off, or squeezed)."""
    cells = {}
    for v in range(3):
        for u in range(3):
            su, sv = 1.5 + scale * (u - 1), 1.5 + scale * (v - 1)
            centre = project(FACES_3D[k](su, sv)) + rng.uniform(-noise, noise, 2)
            cell = (u + label[0], v + label[1])
            if 0 <= cell[0] <= 2 and 0 <= cell[1] <= 2:
                cells[cell] = Quad(centre, np.tile(centre, (4, 1)), (np.ones(2), np.ones(2)),
                                   1.0)
    src = np.array([[u + 0.5, v + 0.5] for u, v in cells], np.float64)
    H, _ = cv2.findHomography(src, np.array([q.centre for q in cells.values()]), 0)
    return Lattice(H, cells, (0, 1))


def test_faces_that_miss_each_others_predictions_still_fit_one_box():
    """A face whose sticker centres are uncertain by an eighth of a sticker (5 of 43 pixels:
    seen steeply, blurred) misses the outline the other two predict for it by more than
    :data:`INCONSISTENT` in most noise seeds, yet the three fit one box."""
    missed = 0
    for seed in range(8):
        rng = np.random.default_rng(seed)
        lats = [_face(0, rng, 5.0), _face(1, rng, 0.3), _face(2, rng, 0.3)]
        missed += inconsistency(lats) > INCONSISTENT
        assert one_box(lats)
    assert missed >= 4


def test_a_face_a_row_off_or_squeezed_fits_no_box():
    """The same faces with one placed a row off (its stickers taken for the next row's cells,
    its lattice reaching out past the cube's edge), or squeezed to three quarters, fit no
    box."""
    for seed in range(6):
        for k in range(3):
            for wrong in ({"label": (0, 1)}, {"label": (-1, 0)}, {"scale": 0.75}):
                rng = np.random.default_rng(seed)
                lats = [_face(j, rng, 0.3, **(wrong if j == k else {})) for j in range(3)]
                assert not one_box(lats), (seed, k, wrong)


def test_white_body_photo_whose_faces_missed_their_predictions_is_placed():
    """A white-body corner photo (exam renderer) refused as "the three faces found do not fit
    one cube": its faces, each on five or more stickers, lay within a sixth of a sticker of
    the truth but missed the outline the other two predict by 0.4 of a sticker; their
    stickers fit one box, and all three are placed."""
    seed = 75018
    shot = exam_corner_shot(seed, seed - 75000, "white-body", "B")
    faces = read_corner_photo(shot.image, "B", ocr=False, source="white-body/B")
    assert all(placed(faces[f], truth) for f, truth in shot.truth["faces"].items())
