"""A cell is judged a sticker by its frame and its digit together
(:func:`sudoku_cube.vision.locate.hypotheses.stickers`), and a lattice resting on a few blobs in
one corner of a small face is judged bent by their scatter only as far as that carries to each
cell (:func:`sudoku_cube.vision.locate.hypotheses._noise_bent`)."""
from __future__ import annotations

import numpy as np

from sudoku_cube.vision.locate.face_geometry import project
from sudoku_cube.vision.locate.hypotheses import GOOD_CELL, _noise_bent, stickers
from sudoku_cube.vision.locate.perspective import square_fit
from tests.test_find_steep_light import _view

SMALL_FACE = {"width": 900, "height": 675, "dist": 8.0}
"""A face far from the camera (a small face), as :func:`_view` draws it."""


def test_a_faintly_framed_cell_is_a_sticker_only_where_it_holds_a_digit():
    faint = np.full((1, 9), 0.6 * GOOD_CELL)  # a white sticker's hairline groove on white
    assert stickers(faint, np.ones((1, 9))).all()
    assert not stickers(faint, np.zeros((1, 9))).any()
    assert not stickers(faint, None).any()
    # below half the frame, a digit does not make a sticker; a full frame needs none
    assert not stickers(np.full((1, 9), 0.4 * GOOD_CELL), np.ones((1, 9))).any()
    assert stickers(np.full((1, 9), GOOD_CELL), np.zeros((1, 9))).all()


def test_a_flat_face_seen_on_five_blobs_in_one_corner_is_bent_by_noise_alone():
    """Five sticker centres in an L along two sides of a small flat face (the coloured
    stickers of a white-bodied cube, its white ones unseen), strayed by a third of a pixel:
    a free homography through them extrapolates the far cells many times that scatter, yet
    nearly always within what the scatter carries there, so the square grid's refit is
    taken."""
    src = np.array([(0, 0), (0, 1), (0, 2), (1, 2), (2, 2)], np.float64)
    centres = project(_view(25, **SMALL_FACE), src)
    rng = np.random.default_rng(0)
    taken = 0
    for _ in range(50):
        dst = centres + rng.normal(0, 0.3, centres.shape)
        square, _ = square_fit(src, dst, 900, 675)
        taken += _noise_bent(square, src, dst)
    assert taken >= 40
