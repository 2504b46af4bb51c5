"""The ink is cut on the sticker's own channel (:func:`vision.polarity.sticker_channel`): on a white
sticker the mean of the colour channels (a phone JPEG's colour noise, which the V channel,
each pixel's largest channel, takes in whole, broke faint small print into specks); on a
saturated sticker its bright channel, as V; on a dark sticker V itself; the learned underline
model still reads the V channel's darkness it was fitted on."""
from __future__ import annotations

import cv2
import numpy as np

from sudoku_cube.vision.polarity import light_ink, sticker_channel, value_channel
from sudoku_cube.vision.cells.sticker_level import ink_darkness, sticker_level

from tests.test_vision_cells import cell_image


def test_the_channel_follows_the_sticker():
    white = cell_image(4, 0, "DejaVuSans-Bold.ttf", colour=(200, 200, 200))
    assert np.abs(sticker_channel(white).astype(int) - white.mean(axis=2)).max() <= 1
    red = cell_image(4, 0, "DejaVuSans-Bold.ttf", colour=(40, 30, 190))
    assert np.abs(sticker_channel(red).astype(int) - red[..., 2]).max() <= 2
    dark = cell_image(4, 0, "DejaVuSans-Bold.ttf", colour=(60, 60, 60))
    assert np.array_equal(sticker_channel(dark), value_channel(dark))
    grey = cv2.cvtColor(white, cv2.COLOR_BGR2GRAY)
    assert sticker_channel(grey) is grey


def test_the_underline_model_reads_the_value_channel():
    cell = cell_image(6, 0, "DejaVuSans-Bold.ttf", colour=(200, 200, 200))
    cell[30:34, 10:70] = (200, 200, 120)  # a cyan stripe: V sees paper, the mean a mark
    v, _ = sticker_level(cell, value=True)
    assert np.array_equal(v, value_channel(cell).astype(np.float32))
    assert ink_darkness(cell, value=True)[32, 12] < 0.05 < ink_darkness(cell)[32, 12]


def test_red_print_on_paper_is_dark_ink():
    """Red digits on grey newspaper paper (real sudoku grids print their givens so): as
    bright as the paper on the V channel, each pixel's largest, so the polarity vote read
    them as light ink and inverted them (our renders print black or white digits only);
    on the paper's own channel they are dark."""
    for digit, rot in ((5, 0), (8, 2), (1, 0), (4, 1)):
        cell = cell_image(digit, rot, "DejaVuSans-Bold.ttf", colour=(190, 195, 200))
        ink = np.all(cell == 20, axis=2)
        cell[ink] = (70, 60, 215)
        cell = cv2.GaussianBlur(cell, (0, 0), 1.2)
        assert not light_ink(cell), (digit, rot)
        assert light_ink(255 - cell), (digit, rot)  # cyan print on dark paper is light
