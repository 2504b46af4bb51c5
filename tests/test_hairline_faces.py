"""A stickerless cube's face: coloured pieces touching with hairline gaps (no black body
between them) on a grained table is found where a person sees it; a plain light square of
the same size, or wood grain alone, is not a face."""
from __future__ import annotations

import cv2
import numpy as np
import pytest

from sudoku_cube.vision.locate.detect import find_face
from sudoku_cube.vision.locate.face_geometry import FaceNotFoundError
from sudoku_cube.vision.locate.hairline import line_depths

COLOURS = [(40, 40, 220), (60, 150, 250), (40, 220, 240), (60, 200, 60), (230, 150, 30),
           (225, 230, 235)]
"""Sticker colours (BGR): red, orange, yellow, green, blue, white."""

PITCH = 100


def _grain(rng: np.random.Generator, h: int, w: int) -> np.ndarray:
    """A dark wood-like table: brown, with lighter and darker streaks of its grain."""
    img = np.zeros((h, w, 3), np.float32)
    img[:] = (20, 40, 90)
    for _ in range(60):
        y = rng.uniform(0, h)
        c = rng.uniform(0.6, 1.6)
        cv2.line(img, (0, int(y)), (w, int(y + rng.uniform(-40, 40))),
                 (20 * c, 45 * c, 110 * c), int(rng.integers(1, 6)))
    return cv2.GaussianBlur(img, (0, 0), 1.0)


def _pieces(rng: np.random.Generator, hairline: bool) -> np.ndarray:
    """A 3x3 face of plain coloured pieces (often two alike side by side), the gaps between
    them two pixels a little darker (``hairline``) or none at all."""
    face = np.zeros((3 * PITCH, 3 * PITCH, 3), np.float32)
    for r in range(3):
        for c in range(3):
            face[r * PITCH:(r + 1) * PITCH, c * PITCH:(c + 1) * PITCH] = \
                COLOURS[int(rng.integers(0, len(COLOURS)))]
    if hairline:
        for k in (PITCH, 2 * PITCH):
            face[k - 1:k + 1, :] *= 0.7
            face[:, k - 1:k + 1] *= 0.7
    return face


def _scene(seed: int, hairline: bool = True, plain: bool = False
           ) -> tuple[np.ndarray, np.ndarray]:
    """A photo of the face on the table, turned and seen a little in perspective, and the
    face's outline (top-left, top-right, bottom-right, bottom-left)."""
    rng = np.random.default_rng(seed)
    w, h = 900, 700
    face = _pieces(rng, hairline)
    if plain:
        face[:] = COLOURS[-1]
    half = rng.uniform(150, 190)
    turn = np.deg2rad(rng.uniform(-20, 20))
    rot = np.array([[np.cos(turn), -np.sin(turn)], [np.sin(turn), np.cos(turn)]])
    quad = np.array([[-1, -1], [1, -1], [1, 1], [-1, 1]], float) * half
    quad[:, 0] *= 1 + 0.08 * quad[:, 1] / half  # the far side a little narrower
    quad = quad @ rot.T + [w / 2 + rng.uniform(-60, 60), h / 2 + rng.uniform(-40, 40)]
    side = 3 * PITCH
    m = cv2.getPerspectiveTransform(np.float32([[0, 0], [side, 0], [side, side], [0, side]]),
                                    np.float32(quad))
    inside = cv2.warpPerspective(np.ones((side, side), np.float32), m, (w, h))[..., None]
    img = _grain(rng, h, w) * (1 - inside) + cv2.warpPerspective(face, m, (w, h)) * inside
    img += rng.normal(0, 3, img.shape)
    return np.clip(img, 0, 255).astype(np.uint8), quad


@pytest.mark.parametrize("seed", range(4))
def test_a_stickerless_face_is_found_on_its_pieces(seed):
    img, quad = _scene(seed)
    geo = find_face(img, "stickerless.jpg")
    pitch = np.linalg.norm(quad[1] - quad[0]) / 3
    assert np.linalg.norm(geo.quad - quad, axis=1).max() < 0.25 * pitch


def test_a_plain_light_square_on_grain_is_no_face():
    img, _ = _scene(0, plain=True)
    with pytest.raises(FaceNotFoundError, match="no cube face"):
        find_face(img, "paper.jpg")


def test_pieces_without_any_gap_are_refused_not_guessed():
    """No hairline at all: nothing tells where one piece ends, so no face is presented."""
    img, _ = _scene(1, hairline=False)
    with pytest.raises(FaceNotFoundError):
        find_face(img, "seamless.jpg")


def test_inner_lines_are_dark_and_middle_lines_are_not_on_the_face_only():
    """The check that accepts a lattice: its four inner lines dark, the six through its cells'
    middles not; the same lattice moved half a pitch has it the other way round."""
    img, quad = _scene(2)
    src = np.float32([[-0.5, -0.5], [2.5, -0.5], [2.5, 2.5], [-0.5, 2.5]])
    hom = cv2.getPerspectiveTransform(src, np.float32(quad)).astype(np.float64)
    v = cv2.erode(img.max(axis=2), np.ones((3, 3), np.uint8))
    inner, middle = line_depths(v, hom)
    assert inner.min() > 0.1 and middle.max() < 0.03
    moved = hom @ np.array([[1.0, 0, 0.5], [0, 1.0, 0.5], [0, 0, 1.0]])
    inner, middle = line_depths(v, moved)
    assert inner.min() < 0.03


def _cues_of(img: np.ndarray):
    """The cues of a photo's working copy, as the detector makes it (its score judges
    lattices), and that copy's scale."""
    from sudoku_cube.vision.locate import detect

    small, scale = detect.working_copy(img)
    return detect._Cues(small), scale


@pytest.mark.parametrize("look", ["white", "black"])
def test_a_stickerless_face_a_row_off_a_face_of_digits_is_no_face(look):
    """The stickerless pass is the last: a lattice it places is a face only where its digits
    are a face's print, one in every cell or (a plain cube) none but the centre's logo. A
    lattice a row or column off a Sudoku Cube's face onto the ground beside it, its digits in
    six cells and the ground in three, is no face; the face itself is."""
    import random

    from sudoku_cube.models.generator.cube3 import random_face
    from sudoku_cube.render import PhotoStyle, render_face_photo
    from sudoku_cube.vision.locate.face_geometry import CENTRES
    from sudoku_cube.vision.locate.hypotheses import Hypothesis, moved

    stickers = random_face(random.Random(7))
    img, truth = render_face_photo(stickers, 7, PhotoStyle(stickers=look, difficulty=0.2))
    cues, scale = _cues_of(img)
    hom, _ = cv2.findHomography(np.asarray(CENTRES, np.float64),
                                np.asarray(truth["centres"], np.float64) * scale)
    face = Hypothesis(hom, {}, np.zeros(9))
    assert cues._printed_as_a_face(face)
    for dc, dr in ((0, 1), (1, 0), (-1, 0)):  # (0, -1) lies on the top face's digits
        off, _ = moved(face, dc, dr)
        assert not cues._printed_as_a_face(Hypothesis(off, {}, np.zeros(9))), (dc, dr)


def test_a_plain_stickerless_face_is_printed_as_a_face():
    """A plain cube's stickerless face holds no digit: the lattice on its pieces is a face."""
    from sudoku_cube.vision.locate.face_geometry import OUTLINE
    from sudoku_cube.vision.locate.hypotheses import Hypothesis

    img, quad = _scene(0)
    cues, scale = _cues_of(img)
    hom = cv2.getPerspectiveTransform(np.float32(OUTLINE), np.float32(quad * scale))
    assert cues._printed_as_a_face(Hypothesis(hom.astype(np.float64), {}, np.zeros(9)))
