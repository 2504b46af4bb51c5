"""A coloured sticker inset in a white body (a light-body cube): the body round the sticker is
brighter than the sticker, and must not be taken for the sticker's level (the sticker then
looks like ink near its edge and a digit reaching it was dropped as touching the border)."""
from __future__ import annotations

import cv2
import numpy as np
import pytest

from sudoku_cube.vision.recognise.templates import find_font, render_digit
from sudoku_cube.vision.cells.ink import ink_mask


def _framed_cell(digit: int, colour: tuple[int, int, int], frame: int
                 ) -> tuple[np.ndarray, np.ndarray]:
    """An 80x80 cell: a sticker of ``colour`` inset 10 px in a body of grey ``frame``, its rim a
    little darker, a large
    dim black digit reaching within 4 px of the sticker's edge; the cell and the digit's mask."""
    gray = render_digit(digit, find_font("DejaVuSans-Bold.ttf"), 96)
    ys, xs = np.nonzero(gray < 128)
    glyph = gray[ys.min():ys.max() + 1, xs.min():xs.max() + 1]
    glyph = cv2.resize(glyph, (40, 52), interpolation=cv2.INTER_AREA) < 128
    cell = np.full((80, 80, 3), frame, np.uint8)
    cell[10:70, 10:70] = colour
    edge = tuple(int(0.6 * x) for x in colour)  # the sticker's rim, a little darker
    cv2.rectangle(cell, (11, 11), (68, 68), edge, 2)
    truth = np.zeros((80, 80), bool)
    truth[14:66, 20:60] = glyph
    cell[truth] = (60, 60, 60)  # dim ink, as in a soft photo
    return cv2.GaussianBlur(cell, (5, 5), 0), truth


@pytest.mark.parametrize("colour", [(60, 40, 170), (70, 150, 50), (160, 80, 30)])
@pytest.mark.parametrize("digit", [8, 4])
def test_a_digit_on_a_sticker_in_a_white_body_is_ink(colour, digit):
    cell, truth = _framed_cell(digit, colour, 245)
    mask = ink_mask(cell)
    assert (mask & truth).sum() > 0.6 * truth.sum()
    assert (mask & ~truth).sum() < 0.3 * truth.sum()


def test_the_same_sticker_on_a_black_body_reads_the_same():
    cell, truth = _framed_cell(8, (60, 40, 170), 20)
    mask = ink_mask(cell)
    assert (mask & truth).sum() > 0.6 * truth.sum()
    assert (mask & ~truth).sum() < 0.3 * truth.sum()
