"""Corner photos of a cube lying on light printed paper: the faces are found although the
background is lighter than the stickers and full of dark and light marks (print), and the
stickers read against the render's truth."""
from __future__ import annotations

import random
from functools import cache

import cv2
import numpy as np
import pytest

from sudoku_cube.models.generator.cube3 import make_puzzle
from sudoku_cube.render import PhotoStyle, render_corner_photo
from sudoku_cube.vision.reading.corners import read_corner_photo
from sudoku_cube.vision.locate.corners.views import corner_faces
from tests.conftest import quad_pitch


def _printed_paper(shape: tuple[int, ...], seed: int) -> np.ndarray:
    """A sheet of light paper with lines of dark print, as a BGR image of ``shape``."""
    rng = random.Random(seed)
    h, w = shape[:2]
    page = np.full((h, w, 3), 228, np.uint8)
    size = 0.06 * min(h, w)  # letters about the size of the cube's digits
    for row in range(int(h / (1.7 * size))):
        words = " ".join("".join(rng.choice("abcdefghijklmnoprstuvw0123456789")
                                 for _ in range(rng.randint(2, 7))) for _ in range(14))
        cv2.putText(page, words, (0, int((row + 1) * 1.7 * size)),
                    cv2.FONT_HERSHEY_SIMPLEX, size / 22, (40, 40, 45), max(1, round(size / 12)),
                    cv2.LINE_AA)
    return cv2.GaussianBlur(page, (5, 5), 0)


def on_paper(img: np.ndarray, truth: dict, seed: int) -> np.ndarray:
    """The rendered corner photo with everything outside the cube's outline (the hull of its
    three face quads) replaced by printed paper."""
    pts = np.vstack([np.array(f["quad"]) for f in truth["faces"].values()])
    hull = cv2.convexHull(np.round(pts).astype(np.int32))
    inside = np.zeros(img.shape[:2], np.uint8)
    cv2.fillConvexPoly(inside, hull, 1)
    inside = cv2.dilate(inside, np.ones((3, 3), np.uint8))
    return np.where(inside[..., None] > 0, img, _printed_paper(img.shape, seed))


@cache
def _photo(look: str, which: str, seed: int):
    puzzle = make_puzzle(seed, 25, symmetric=frozenset())
    img, truth = render_corner_photo(puzzle.state.faces(), which, seed,
                                     PhotoStyle(stickers=look, difficulty=0.5, size=(800, 600)))
    return on_paper(img, truth, seed), truth


@pytest.mark.parametrize("look,which,seed", [("black", "A", 600), ("black", "B", 601),
                                             ("black", "A", 604),
                                             ("coloured-white-ink", "A", 606)])
def test_corner_photo_on_printed_paper_is_read(look, which, seed):
    img, truth = _photo(look, which, seed)
    faces = read_corner_photo(img, which, ocr=False)
    assert sorted(faces) == sorted(f.face for f in corner_faces(which))
    right = total = 0
    for face, reading in faces.items():
        quad = np.array(truth["faces"][face]["quad"])
        got = np.array(reading.geometry.cell_centres(), np.float64)
        want = np.array(truth["faces"][face]["centres"], np.float64)
        off = np.linalg.norm(got - want, axis=1).max() / quad_pitch(quad)
        assert off < 0.25, (face, off)
        right += sum(str(s.digit) == t[0] for s, t in zip(reading.stickers,
                                                          truth["faces"][face]["tokens"]))
        total += 9
    assert right >= total - 1, (right, total)
