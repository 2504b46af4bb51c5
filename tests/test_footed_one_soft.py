"""The foot test on soft prints: blur and ink bleed thicken the stem and the foot alike, so a
footed 1 small and blurred still has its foot, and a plain, flagged or base-bar 1 does not
gain one."""
from __future__ import annotations

import cv2
import numpy as np
import pytest

from sudoku_cube.vision.recognise.footed import has_foot
from sudoku_cube.vision.recognise.templates import find_font, render_digit

HEIGHT = 36
"""Glyph height in pixels: a little under that of a 1 in the reader's cells (about 40)."""
SOFT = [(sigma, cut) for sigma in (1.0, 2.0) for cut in (0.5, 0.75)]
"""Gaussian blurs (pixels) and cuts (share of the paper's level below which is ink: 0.75 lets
the ink bleed, as light digits on dark stickers do)."""


def _soft_one(font: str, sigma: float, cut: float) -> np.ndarray:
    """The 1 of ``font`` drawn large, shrunk to :data:`HEIGHT`, blurred and cut to an ink mask."""
    big = render_digit(1, find_font(font), 4 * HEIGHT).astype(np.float32) / 255
    rows = np.nonzero((big < 0.5).any(axis=1))[0]
    scale = HEIGHT / (rows.max() - rows.min() + 1)
    small = cv2.resize(big, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    return cv2.GaussianBlur(small, (0, 0), sigma) < cut


@pytest.mark.parametrize("sigma,cut", SOFT)
def test_a_small_blurred_century_schoolbook_one_keeps_its_foot(sigma, cut):
    one = _soft_one("texgyreschola-bold.otf", sigma, cut)
    assert all(has_foot(np.rot90(one, -rot), rot) for rot in range(4))
    # read upside down, its flag lies at the foot end: one side only, no foot
    assert not any(has_foot(np.rot90(one, -rot), (rot + 2) % 4) for rot in range(4))


@pytest.mark.parametrize("sigma,cut", SOFT)
@pytest.mark.parametrize("font", ["FreeSansBold.ttf", "DejaVuSans-Bold.ttf",
                                  "LiberationSans-Bold.ttf"])
def test_a_small_blurred_sans_one_gains_no_foot(font, sigma, cut):
    """FreeSans: a flagged stroke; DejaVu and Liberation Sans: a base bar as deep as the stem."""
    one = _soft_one(font, sigma, cut)
    for rot in range(4):
        assert not has_foot(np.rot90(one, -rot), rot), rot
        assert not has_foot(np.rot90(one, -rot), (rot + 2) % 4), rot
