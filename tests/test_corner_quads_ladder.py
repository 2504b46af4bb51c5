"""The first sticker pass opens and erodes its ladder of global levels as one grey image
(vision.locate.corners.quads.find_quads): the masks so cut are exactly those of opening and eroding
each level's mask on its own."""
from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from sudoku_cube.vision.locate.corners.quads import _OPEN, _above, _thin
from sudoku_cube.vision.photo.images import load_image
from sudoku_cube.vision.polarity import value_channel

SAMPLES = Path(__file__).resolve().parents[1] / "samples" / "corners"


@pytest.mark.parametrize("sample", ["c2-coloured", "c4-black"])
def test_grey_opening_cut_at_a_level_is_the_opened_mask_of_that_level(sample):
    v = cv2.GaussianBlur(value_channel(load_image(SAMPLES / sample / "A.jpg")), (3, 3), 0)
    thin = _thin(v.shape, 1)
    opened_v = cv2.morphologyEx(v, cv2.MORPH_OPEN, _OPEN)
    eroded_v = cv2.erode(opened_v, thin)
    for level in (0, 30, 61, 100, 154, 200, 254):
        mask = (v > level).astype(np.uint8)
        opened = cv2.morphologyEx(mask, cv2.MORPH_OPEN, _OPEN)
        assert np.array_equal(_above(opened_v, level), opened)
        assert np.array_equal(_above(eroded_v, level), cv2.erode(opened, thin))
        assert opened.any() or level > 200  # the levels cut through the photo
