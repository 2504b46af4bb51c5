"""A face placed a little off its stickers (a lattice fitted to a few of them extrapolates its
pitch): the cell whose window cuts its digit at the border is read again beside itself
(:func:`vision.recognise.cuts.other_windows`)."""
from __future__ import annotations

import numpy as np

from sudoku_cube.models.cube.stickers import Sticker
from sudoku_cube.vision.locate.detect import FaceGeometry
from sudoku_cube.vision.reading.faces import read_face
from tests.test_vision_glare import white_on_grey

DIGITS = (3, 8, 5, 2, 7, 4, 6, 1, 9)


def _face() -> np.ndarray:
    """A black cube's face, stickers 80 pixels apart from (80, 80) on a black body, each
    digit turned by its index."""
    img = np.full((400, 400, 3), 15, np.uint8)
    for k, d in enumerate(DIGITS):
        r, c = divmod(k, 3)
        img[80 + 80 * r:160 + 80 * r, 80 + 80 * c:160 + 80 * c] = \
            white_on_grey(d, 52, rot=k % 4)[0]
    return img


def test_a_cell_cut_off_its_sticker_reads_beside_itself():
    """Lattice columns 68 pixels apart instead of 80: the right column's windows lie 0.3 of
    a cell left of their stickers and the 9 there touches its window's border; read beside
    itself it reads right (before, it was dropped with the border and read as no digit)."""
    hom = np.array([[68.0, 0, 120], [0, 80.0, 120], [0, 0, 1]])
    got = read_face(_face(), ocr=False, geometry=FaceGeometry(hom, np.zeros((4, 2)), (True,) * 9))
    assert got.stickers[8] == Sticker(9, 0)
    assert got.evidence[8].glyph is not None
    right = [s == Sticker(d, k % 4) for k, (s, d) in enumerate(zip(got.stickers, DIGITS))]
    assert sum(right) >= 7, got.stickers


def test_a_face_in_place_reads_as_it_is():
    """On the lattice that fits, every sticker reads right and none needs the look beside."""
    hom = np.array([[80.0, 0, 120], [0, 80.0, 120], [0, 0, 1]])
    got = read_face(_face(), ocr=False, geometry=FaceGeometry(hom, np.zeros((4, 2)), (True,) * 9))
    assert list(got.stickers) == [Sticker(d, k % 4) for k, d in enumerate(DIGITS)]
