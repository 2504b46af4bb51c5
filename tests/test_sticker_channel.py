"""The ink is cut on the sticker's own channel (:func:`vision.warp.sticker_channel`): on a white
sticker the mean of the colour channels (a phone JPEG's colour noise, which the V channel,
each pixel's largest channel, takes in whole, broke faint small print into specks); on a
saturated sticker its bright channel, as V; on a dark sticker V itself; the learned underline
model still reads the V channel's darkness it was fitted on."""
from __future__ import annotations

import cv2
import numpy as np

from sudoku_cube.vision.polarity import value_channel
from sudoku_cube.vision.sticker_level import ink_darkness, sticker_channel, sticker_level

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
