"""What the face score counts as a digit's ink (``glyphs_of`` through ``FaceScore.judge``):
ink stands beyond its sticker's own grain (a dim photo's noise is no digit) and beyond the
smooth shading a flash's spot casts across it (a digit under the spot is still one), and
ink that crosses a cell from side to side is a line, no digit (the grooves of a side face's
foreshortened stickers, seen by a lattice a row off the face)."""
from __future__ import annotations

import cv2
import numpy as np

from sudoku_cube.vision.locate.face_score import (_GLYPH_POINTS, _SPLIT, face_score,
                                                  glyphs_of)
from sudoku_cube.vision.polarity import value_channel

FACE = np.array([[60.0, 0, 90], [0, 60, 90], [0, 0, 1]])
"""The lattice of the photos below: a 60 px pitch, its first cell centred at (90, 90)."""


def _glyphs(img: np.ndarray) -> np.ndarray:
    """How surely each of the nine cells of :data:`FACE` holds a digit, on ``img``."""
    return face_score(img, value_channel(img)).judge(FACE[None])[1][0]


def _noisy(img: np.ndarray, sigma: float) -> np.ndarray:
    """``img`` with Gaussian noise of ``sigma`` grey levels (a fixed seed)."""
    noise = np.random.default_rng(7).normal(0.0, sigma, img.shape)
    return np.clip(img + noise, 0, 255).astype(np.uint8)


def test_a_dim_photos_noise_is_no_digit() -> None:
    # a dark, even ground under a dim photo's noise: a quarter of its level is within the
    # noise, which reaches every side of each cell's rim and stands within its grain
    img = _noisy(np.full((360, 480, 3), 18.0), 10.0)
    assert (_glyphs(img) < 1).all()


def test_digits_under_a_flash_spot_and_noise_are_digits() -> None:
    img = np.full((360, 480, 3), 30, np.uint8)
    for k in range(9):
        x, y = 90 + 60 * (k % 3), 90 + 60 * (k // 3)
        cv2.rectangle(img, (x - 26, y - 26), (x + 26, y + 26), (70, 70, 70), -1)
        cv2.putText(img, str(k + 1), (x - 12, y + 14), cv2.FONT_HERSHEY_SIMPLEX, 1.2,
                    (230, 230, 230), 3)
    ys, xs = np.mgrid[0:360, 0:480]
    spot = 120 * np.exp(-((xs - 100) ** 2 + (ys - 90) ** 2) / (2 * 60.0 ** 2))
    img = _noisy(img + spot[..., None], 6.0)  # the spot's peak lights the first cell
    assert (_glyphs(img) == 1).all()


def test_lines_across_a_cell_are_no_digit() -> None:
    # white cells crossed by dark lines a third of a pitch apart, from side to side (as a
    # side face's grooves run across a lattice a row off the face): ink in every cell's
    # middle, reaching its left and right sides but neither its top nor its bottom
    img = np.full((360, 480, 3), 150.0)
    for k in range(9):
        x, y = 90 + 60 * (k % 3), 90 + 60 * (k // 3)
        cv2.rectangle(img, (x - 28, y - 28), (x + 28, y + 28), (220, 220, 220), -1)
        for dy in (-10, 10):
            cv2.line(img, (x - 28, y + dy), (x + 28, y + dy), (40, 40, 40), 3)
    assert (_glyphs(img.astype(np.uint8)) == 0).all()


def _grainy_cells(mark: float) -> np.ndarray:
    """The glyph samples of nine cells of a grainy sticker (level 100): the rim round each
    digit +-10 about the level, every other sample it is judged at, well within the ink's
    depth (a quarter of level and floor, 27.5), so that it reaches no side; a third of the
    inner samples ``mark`` above the level; the lines through the middles at the level."""
    n_inner, n_rim = _SPLIT[0] // 9, (_SPLIT[1] - _SPLIT[0]) // 36
    inner = np.full((9, n_inner), 100.0)
    inner[:, ::3] += mark
    side = 100.0 + 10.0 * np.where(np.arange(n_rim) // 2 % 2 == 0, 1.0, -1.0)
    rim = np.tile(side, 36)
    middles = np.full(len(_GLYPH_POINTS) - _SPLIT[1], 100.0)
    return np.concatenate([inner.ravel(), rim, middles])[None]


def test_ink_within_the_stickers_grain_is_no_digit() -> None:
    # marks 30 above the level are deeper than the ink's depth (27.5) but within four times
    # the rim's grain (10): the sticker's own roughness, no digit; marks 60 above it are ink
    outside = np.zeros((1, len(_GLYPH_POINTS)), bool)
    assert (glyphs_of(_grainy_cells(30.0), outside) == 0).all()
    assert (glyphs_of(_grainy_cells(60.0), outside) == 1).all()
