"""Glare streaks brighter than the print on the black cube's look (white digits on dark grey):
joined to a digit's stroke, they are not read as ink by the glare-free cut
(:func:`vision.recognise.cuts.glare_free_ink_mask`), and they do not make the reader misread
the digit (:mod:`vision.recognise.read_again`)."""
from __future__ import annotations

import cv2
import numpy as np

from sudoku_cube.vision.cells.ink import ink_mask
from sudoku_cube.vision.polarity import dark_ink
from sudoku_cube.models.cube.stickers import Sticker
from sudoku_cube.vision.recognise.cuts import face_contrast, glare_free_ink_mask, stroke_width
from tests.test_vision_glare import INK, STICKER, _read, white_on_grey

START, ACROSS, LENGTH, GAIN = (15.0, 55.0), 4.0, 30.0, 1.3
"""The streak: from (x, y) along the cell's rows, a Gaussian ``ACROSS`` pixels wide (a stroke
is about six), ``LENGTH`` long, tapering from its middle, at its core ``GAIN`` times as far
above the sticker as the print."""


def streaked(digit: int, rot: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """A cell of the black cube with a glare streak across the lower left of its digit, its
    true ink and where the streak is at least half as bright as the print."""
    cell, truth = white_on_grey(digit, rot=rot)
    yy, xx = np.mgrid[:80, :80].astype(np.float32)
    along = np.clip(1 - np.abs(xx - START[0] - LENGTH / 2) / (LENGTH / 2), 0, 1)
    glare = GAIN * (INK - STICKER[0]) * along * np.exp(-(yy - START[1]) ** 2 / (2 * ACROSS ** 2))
    out = np.clip(cell.astype(np.float32) + glare[..., None], 0, 255).astype(np.uint8)
    return out, truth, glare > 0.5 * (INK - STICKER[0])


def test_glare_free_mask_keeps_the_strokes_and_drops_the_streak():
    """The usual cut takes the streak beside the digit for ink; the glare-free cut, measured
    against the face's print contrast, keeps the strokes and leaves the streak out."""
    cells = [streaked(d, d % 4) for d in range(1, 10)]
    norm = [dark_ink(c) for c, _, _ in cells]
    width = float(np.percentile([stroke_width(ink_mask(c)) for c in norm], 25))
    contrast = face_contrast(norm)
    assert contrast is not None and 3 < width < 9
    cell, truth, streak = cells[4]  # a 5 turned once: the streak runs into its bowl
    beside = streak & ~cv2.dilate(truth.astype(np.uint8), np.ones((5, 5), np.uint8)).astype(bool)
    plain = ink_mask(norm[4])
    free = glare_free_ink_mask(norm[4], width, contrast)
    assert (plain & beside).sum() > 30  # the first cut takes the streak for ink
    assert (free & beside).sum() < 0.2 * (plain & beside).sum()
    assert (free & truth).sum() > 0.8 * truth.sum()


def test_a_face_with_glare_streaks_across_its_digits_reads_right():
    """Every digit of a face, each turned, with a glare streak brighter than the print across
    its lower left: the usual cut takes the streak beside the 5 for ink, yet every digit
    reads right (a plain 1 either way up)."""
    cells = [streaked(d, d % 4) for d in range(1, 10)]
    cell, truth, streak = cells[4]  # a 5 turned once: the streak runs into its bowl
    beside = streak & ~cv2.dilate(truth.astype(np.uint8), np.ones((5, 5), np.uint8)).astype(bool)
    assert (ink_mask(dark_ink(cell)) & beside).sum() > 30  # the first cut takes the streak
    got = _read([c for c, _, _ in cells])
    want = [Sticker(d, d % 4) for d in range(1, 10)]
    assert all(g == w or (w.digit == 1 and g == w.turned(2)) for g, w in zip(got, want)), got
