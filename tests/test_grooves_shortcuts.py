"""The groove masks' shortcuts give OpenCV's own pixels: the round opening built from the
ellipse's rectangles (:func:`vision.locate.grooves.open_round`), and the valley depth levels read
from a table (:func:`vision.locate.grooves.valleys`), on random masks and pictures of every size."""
from __future__ import annotations

import cv2
import numpy as np

from sudoku_cube.vision.locate.grooves import open_round, valleys


def test_round_opening_is_opencvs_ellipse_opening():
    rng = np.random.default_rng(7)
    for k in range(1, 48, 2):
        h, w = (int(x) for x in rng.integers(3, 120, 2))
        mask = ((rng.random((h, w)) < rng.uniform(0.4, 0.95)) * 255).astype(np.uint8)
        grey = rng.integers(0, 256, (h, w)).astype(np.uint8)
        ellipse = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k))
        for img in (mask, cv2.medianBlur(mask, 5), grey):
            assert np.array_equal(open_round(img, k),
                                  cv2.morphologyEx(img, cv2.MORPH_OPEN, ellipse))


def test_valley_levels_from_the_table_are_the_divisions():
    rng = np.random.default_rng(8)
    flat = rng.integers(0, 256, (90, 130)).astype(np.uint8)
    closed = cv2.morphologyEx(flat, cv2.MORPH_CLOSE, np.ones((9, 9), np.uint8))
    closed[:5] = rng.integers(0, 256, (5, 130))  # any pair of levels, not only closings
    table = valleys(flat, closed)
    divided = valleys(flat.astype(np.float32), closed.astype(np.float32))
    assert len(table) == len(divided) == 3
    for a, b in zip(table, divided):
        assert np.array_equal(a > 0, b > 0)
        assert 0 < np.count_nonzero(b) < b.size
