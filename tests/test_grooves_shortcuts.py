"""The groove masks' shortcuts give OpenCV's own pixels: the round opening built from the
ellipse's rectangles (:func:`vision.locate.grooves.open_round`), and the valley depth levels read
from a table (:func:`vision.locate.grooves.valleys`), on random masks and pictures of every size."""
from __future__ import annotations

import cv2
import numpy as np

from sudoku_cube.vision.locate.grooves import long_valleys_out, open_round, valleys


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


def _labelled(grooves: np.ndarray, reach: float) -> np.ndarray:
    """The long valleys cleared by labelling: every 8-connected region whose box is at least
    ``reach`` long or wide 0, all else 255."""
    _, labels, stats, _ = cv2.connectedComponentsWithStats(grooves, connectivity=8)
    long = np.maximum(stats[:, 2], stats[:, 3]) >= reach
    long[0] = False
    return np.where(long[labels], 0, 255).astype(np.uint8)


def test_long_valleys_from_outlines_are_the_labellings():
    # specks, rings with specks and rings inside their holes, lines: nested both ways
    rng = np.random.default_rng(9)
    seen_nested = 0
    for _ in range(150):
        h, w = (int(x) for x in rng.integers(4, 140, 2))
        noise = rng.random((h, w))
        grooves = ((cv2.GaussianBlur(noise, (0, 0), rng.uniform(0.3, 3)) > rng.uniform(0.4, 0.6))
                   * 255).astype(np.uint8)
        for r in range(int(rng.integers(0, 4))):
            cv2.circle(grooves, (w // 2, h // 2), 3 + 6 * r, 255, 1)
        reach = float(rng.uniform(2, 60))
        outlines, tree = cv2.findContours(grooves, cv2.RETR_TREE, cv2.CHAIN_APPROX_SIMPLE)
        seen_nested += tree is not None and bool((tree[0][:, 3] >= 0).any())
        assert np.array_equal(long_valleys_out(grooves, reach), _labelled(grooves, reach))
    assert seen_nested > 50
