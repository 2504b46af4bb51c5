"""Faces of a corner photo placed from glyph-like marks, moved onto their digits
(vision.locate.corners.digit_fit.on_digits): a face fitted through marks of the ground beyond
its far edge lies stretched off its stickers; the cell model sees no digit on those cells,
and fitted without them the face gathers its own digits."""
from __future__ import annotations

from dataclasses import replace

import cv2
import numpy as np

from sudoku_cube.assistant.bench.renders import CORNER_RECIPE, unseen_cube
from sudoku_cube.assistant.bench.vision_grounds import ground_of
from sudoku_cube.assistant.bench.vision_second import placed
from sudoku_cube.render import render_corner_photo
from sudoku_cube.vision.locate.corners.digit_fit import geometry_of, on_digits
from sudoku_cube.vision.locate.corners.lattice import CORNERS, Lattice
from sudoku_cube.vision.locate.corners.quads import Quad
from sudoku_cube.vision.locate.face_geometry import CENTRES, project
from sudoku_cube.vision.reading.corners import read_corner_photo
from tests.corner_camera import FACES_3D, project as seen_from
from tests.exam_shots import exam_corner_shot

IMAGE = np.zeros((600, 800, 3), np.uint8)
"""The picture the stand-in cell model is handed (it reads positions, not pixels)."""
DIAGONAL = (0.6, 1.0, 0.8)
"""The camera's way out from the corner: near its diagonal, every face seen alike."""


def _mark(p: np.ndarray) -> Quad:
    return Quad(p, np.tile(p, (4, 1)), (np.ones(2), np.ones(2)), 1.0)


def _homography(corners: np.ndarray) -> np.ndarray:
    return cv2.getPerspectiveTransform(np.float32(CORNERS), np.float32(corners)).astype(
        np.float64)


def _on(H: np.ndarray, u: float, v: float) -> np.ndarray:
    p = H @ np.array([u, v, 1.0])
    return p[:2] / p[2]


def test_a_face_stretched_over_the_ground_is_moved_onto_its_digits():
    """Three faces whose digits (marks at their cells' centres) all lie among the marks;
    one face was fitted with its far row on three marks of the ground a third of a pitch
    beyond (its far corner pulled out). A stand-in cell model sees a digit only where a
    cell's centre lies on a digit. Moved onto the digits, every face's cells lie within a
    twentieth of a pitch of their digits, and the cell model sees all 27."""
    true = [np.array([seen_from(f(u, v), DIAGONAL) for u, v in CORNERS]) for f in FACES_3D]
    homs = [_homography(t) for t in true]
    digits = [[_on(H, u + 0.5, v + 0.5) for v in range(3) for u in range(3)] for H in homs]
    # face 0's far row (v = 0) pulled a third of a pitch further out: marks of the ground
    pulled = true[0].copy()
    pulled[0] += (true[0][0] - true[0][3]) / 9
    pulled[1] += (true[0][1] - true[0][2]) / 9
    stretched = _homography(pulled)
    ground = [_on(stretched, u + 0.5, 0.5) for u in range(3)]
    marks = [_mark(p) for face in digits for p in face] + [_mark(p) for p in ground]
    lats = []
    for k, H in enumerate(homs):
        cells = {(u, v): _mark(digits[k][3 * v + u]) for v in range(3) for u in range(3)}
        if k == 0:
            H = stretched
            cells.update({(u, 0): _mark(ground[u]) for u in range(3)})
        lats.append(Lattice(H, cells, (0, 1)))
    at = np.array([p for face in digits for p in face])
    pitch = float(np.linalg.norm(digits[1][1] - digits[1][0]))

    def seen(image, faces, small=False, middle=False, cells=False):
        near = np.array([np.linalg.norm(project(g.homography, CENTRES)[:, None] - at[None],
                                        axis=2).min(axis=1) < pitch / 5 for g in faces], float)
        return near if cells else near.sum(axis=1)

    assert seen(IMAGE, [geometry_of(lats[0])])[0] <= 6  # its far row off its digits
    moved = on_digits(IMAGE, lats, marks, seen)
    for lat, face in zip(moved, digits):
        centres = project(geometry_of(lat).homography, CENTRES)
        assert np.linalg.norm(centres - np.array(face), axis=1).max() < pitch / 20
    assert seen(IMAGE, [geometry_of(lat) for lat in moved]).sum() == 27


def test_a_top_face_placed_by_dark_digits_lies_on_its_stickers():
    """A corner photo (exam renderer's everyday scenes: a white body on tiles, dim light)
    whose faces only the dark digits' pass places: its top face was fitted with its far
    corner a third of a sticker out, and its first sticker misread. Moved onto its digits,
    it is placed and reads right."""
    shot = exam_corner_shot(1749011, 11, "white-body", everyday_scene=True)
    faces = read_corner_photo(shot.image, "A", ocr=False, source="white-body/A")
    truth = shot.truth["faces"]["U"]
    assert placed(faces["U"], truth)
    assert [s.token for s in faces["U"].stickers] == truth["tokens"]


def _ours_black_corner(seed: int, k: int, which: str):
    """Corner photo ``which`` of our renderer's ``k``-th black cube of a patterned-ground run
    (``bench vision --scenes patterned``), its reading and its truth."""
    puzzle, style, homes = unseen_cube(seed, k, CORNER_RECIPE, "black")
    style = replace(style, ground=ground_of(k, "black"))
    image, truth = render_corner_photo(puzzle.state.faces(), which, seed * 10 + "AB".index(which),
                                       style, homes=homes)
    return read_corner_photo(image, which, ocr=False, source=f"black/{which}"), truth


def test_faces_the_digits_placed_over_striped_fabric_lie_on_their_stickers():
    """Our black cube close up on striped fabric in dim light (patterned grounds, corner
    photo B of cube 1778009): the digits' pass placed its top face through three stripes
    beyond its far edge and its right face stretched after it, both misplaced. Moved onto
    their digits, all three faces are placed."""
    faces, truth = _ours_black_corner(1778009, 9, "B")
    assert all(placed(faces[f], t) for f, t in truth["faces"].items())


def test_a_pooled_corner_on_a_mat_is_moved_onto_its_digits():
    """Our black cube on a cutting mat (patterned grounds, corner photo B of cube 1878002),
    placed by the last resorts' pooled corner with its top face's far corner half a sticker
    out over the mat: moved onto its digits, the top face is placed."""
    faces, truth = _ours_black_corner(1878002, 2, "B")
    assert all(placed(faces[f], t) for f, t in truth["faces"].items())
