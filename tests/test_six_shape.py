"""The 6/9 shape is judged as the recognisers rank shapes: "6 turned r" and "9 turned r+2"
are one shape once the underline is split off, so their shares add up. A 9 whose tail is lost
to glare reads 6 and 9 at a third each below a 4: the shape is still the surer one, and the
learned underline model must be asked which digit it is, else the even split puts the 4 on
top."""
from __future__ import annotations

import numpy as np

from sudoku_cube.models.cube.stickers import Sticker
from sudoku_cube.vision.recognise.hog import class_index
from sudoku_cube.vision.recognise.evidence import HOG_WEIGHT, CellEvidence, _six_shape, hypotheses


def _logits(shares: dict[tuple[int, int], float]) -> np.ndarray:
    """Votes whose softmax gives these (digit, turn) shares, the rest spread thinly."""
    p = np.full(36, 1e-4)
    for (d, r), s in shares.items():
        p[class_index(d, r)] = s
    return np.log(p / p.sum())


def test_the_shape_is_the_sum_of_six_and_turned_nine():
    split = _logits({(4, 1): 0.34, (6, 3): 0.29, (9, 1): 0.16})
    assert _six_shape(split) == 3
    assert _six_shape(_logits({(4, 1): 0.5, (6, 3): 0.25, (9, 1): 0.2})) is None
    assert _six_shape(_logits({(9, 0): 0.6, (3, 0): 0.3})) == 2
    assert _six_shape(_logits({(7, 2): 0.9})) is None


def test_the_underline_decides_the_split_shape():
    votes = _logits({(4, 1): 0.34, (6, 3): 0.29, (9, 1): 0.16})
    glyph = np.zeros((32, 32), np.float32)
    ev = CellEvidence(np.ones((4, 4), bool), glyph, None, np.zeros(36, np.float32),
                      (votes / HOG_WEIGHT).astype(np.float32), six_odds=(3, 0.2))
    assert hypotheses(ev)[0].sticker == Sticker(9, 1)
    even = CellEvidence(ev.body, glyph, None, ev.template, ev.hog)
    assert hypotheses(even)[0].sticker == Sticker(4, 1)
