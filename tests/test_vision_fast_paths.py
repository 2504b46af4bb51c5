"""The faster forms of small vision steps against their plain forms: the same results."""
from __future__ import annotations

import math

import cv2
import numpy as np

from sudoku_cube.vision.locate.corners.quads import (SIMILAR, Quad, _distinct, _hue_masks,
                                                    _with_neighbours)
from sudoku_cube.vision.polarity import value_channel


def _quads(seed: int, n: int = 60) -> list[Quad]:
    rng = np.random.default_rng(seed)
    out = []
    for c, a in zip(rng.uniform(0, 300, (n, 2)), rng.uniform(100, 900, n)):
        s = math.sqrt(a) / 2
        corners = c + np.array([[-s, -s], [s, -s], [s, s], [-s, s]])
        out.append(Quad(c, corners, (corners[1] - corners[0], corners[3] - corners[0]), float(a)))
    return out


def test_value_channel_is_the_largest_channel():
    img = np.random.default_rng(1).integers(0, 256, (40, 30, 3), dtype=np.uint8)
    assert np.array_equal(value_channel(img), img.max(axis=2))
    assert np.array_equal(value_channel(img[5:25, 3:20]), img[5:25, 3:20].max(axis=2))


def test_hue_masks_are_the_hue_windows():
    img = np.random.default_rng(2).integers(0, 256, (50, 60, 3), dtype=np.uint8)
    hsv = cv2.cvtColor(img, cv2.COLOR_BGR2HSV)
    lit = min(50.0, 0.3 * float(np.percentile(hsv[::4, ::4, 2], 99)))
    coloured = (hsv[..., 1] > 60) & (hsv[..., 2] > lit)
    hue = hsv[..., 0].astype(np.int16)
    got = _hue_masks(img)
    assert len(got) == 12
    for c, mask in zip(range(0, 180, 15), got):
        want = coloured & (np.abs((hue - c + 90) % 180 - 90) <= 15)
        assert np.array_equal(mask, want.astype(np.uint8))


def test_distinct_quads_are_the_plain_ones():
    quads = _quads(3, 200)
    want = []
    for q in quads:
        if not any(np.linalg.norm(q.centre - o.centre) < 0.35 * max(math.sqrt(q.area),
                                                                    math.sqrt(o.area))
                   for o in want):
            want.append(q)
    got = _distinct(quads)
    assert 20 < len(want) < len(quads)
    assert [id(q) for q in got] == [id(q) for q in want]


def test_quads_with_neighbours_are_the_plain_ones():
    quads = _quads(4)
    want = [q for q in quads
            if sum(o is not q and 1 / SIMILAR < math.sqrt(o.area / q.area) < SIMILAR
                   and np.linalg.norm(o.centre - q.centre) < 1.9 * math.sqrt(q.area)
                   for o in quads) >= 2]
    got = _with_neighbours(quads)
    assert 0 < len(want) < len(quads)
    assert [id(q) for q in got] == [id(q) for q in want]


def test_block_labelling_gives_the_default_components_in_order():
    """The glyph pass labels its ink masks with Grana's block-based algorithm for speed; its
    components must come in the default algorithm's order, with the same boxes."""
    rng = np.random.default_rng(5)
    mask = (cv2.GaussianBlur(rng.uniform(0, 1, (300, 400)), (0, 0), 3) > 0.52).astype(np.uint8)
    want = cv2.connectedComponentsWithStats(mask, connectivity=8)[2]
    got = cv2.connectedComponentsWithStatsWithAlgorithm(mask, 8, cv2.CV_32S, cv2.CCL_GRANA)[2]
    assert len(want) > 20
    assert np.array_equal(got, want)
