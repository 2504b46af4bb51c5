"""The sticker level and ink contrast of a cell are kept by its pixels: a second cut of the
same cell reuses them and gives what a fresh computation gives; another cell, or the same
pixels in another shape, gets its own."""
from __future__ import annotations

import numpy as np
import pytest

from sudoku_cube.vision.cells import ink
from sudoku_cube.vision.cells import sticker_level as levels


def _cell(seed: int, side: int = 80) -> np.ndarray:
    """A light sticker with a dark bar (ink) and noise."""
    rng = np.random.default_rng(seed)
    cell = np.full((side, side, 3), 200, np.uint8)
    cell[side // 4:3 * side // 4, side // 2 - 4:side // 2 + 4] = 40
    return np.clip(cell + rng.normal(0, 4, cell.shape), 0, 255).astype(np.uint8)


def test_levels_are_kept_per_cell_and_read_only():
    cell = _cell(1)
    v, paper = levels.sticker_level(cell)
    again = levels.sticker_level(cell.copy())
    assert again[0] is v and again[1] is paper
    with pytest.raises(ValueError):
        paper[0, 0] = 0
    other = levels.sticker_level(_cell(2))
    assert other[1] is not paper


def test_kept_cut_equals_a_fresh_one():
    cell = _cell(3)
    first = ink.ink_mask(cell)
    levels._sticker_level.cache_clear()
    levels._cached_ink_contrast.cache_clear()
    fresh = ink.ink_mask(cell)
    assert first.any() and np.array_equal(first, fresh)
    assert np.array_equal(ink.ink_mask(cell), fresh)


def test_same_pixels_in_another_shape_are_another_cell():
    cell = _cell(4)
    flat = cell.reshape(40, 160, 3)
    assert levels.sticker_level(flat)[0].shape == (40, 160)
    assert levels.sticker_level(cell)[0].shape == (80, 80)


def test_the_ink_cut_and_the_darkness_share_one_level():
    """The ink cut (:func:`ink_contrast`) and the cell model's darkness
    (:func:`sticker_level`) of a cell close it once between them."""
    cell = _cell(7)
    levels._sticker_level.cache_clear()  # a level another test left must not hide a miss
    levels._cached_ink_contrast.cache_clear()
    levels.ink_contrast(cell)
    misses = levels._sticker_level.cache_info().misses
    levels.sticker_level(cell)
    levels.ink_darkness(cell)
    assert levels._sticker_level.cache_info().misses == misses
