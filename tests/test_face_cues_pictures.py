"""The whole-photo pictures the cues read (:mod:`sudoku_cube.vision.locate.face_cues`) are
the ones their definitions give, pixel for pixel: the value channel and chroma taken from one
split of the channels, and the saturation picture's shares looked up in one table."""
from __future__ import annotations

import cv2
import numpy as np

from sudoku_cube.vision.locate import face_cues
from sudoku_cube.vision.locate.face_cues import FLOOR, chroma, saturation, value_and_chroma
from sudoku_cube.vision.polarity import value_channel


def test_value_and_chroma_are_max_and_max_minus_min() -> None:
    img = np.random.default_rng(7).integers(0, 256, (37, 53, 3), dtype=np.uint8)
    value, colour = value_and_chroma(img)
    wide = img.astype(np.int16)
    assert np.array_equal(value, wide.max(axis=2))
    assert np.array_equal(colour, wide.max(axis=2) - wide.min(axis=2))
    assert np.array_equal(value, value_channel(img))
    assert np.array_equal(chroma(img), colour)


def test_a_grey_picture_is_its_own_value_and_has_no_chroma() -> None:
    grey = np.random.default_rng(8).integers(0, 256, (20, 30), dtype=np.uint8)
    value, colour = value_and_chroma(grey)
    assert value is grey
    assert not colour.any()


def test_saturation_of_every_colour_and_value_is_its_share_of_the_value() -> None:
    # one pixel for each value v and chroma c <= v (blue at v - c, green and red at v); a
    # median of side 1 leaves the picture as it is
    v, c = np.meshgrid(np.arange(256), np.arange(256))
    shown = c <= v
    img = np.stack([np.where(shown, v - c, v), v, v], axis=2).astype(np.uint8)
    got = saturation(img, 1)
    want = (np.float32(255) * c.astype(np.uint8) / (v.astype(np.uint8) + np.float32(FLOOR))
            ).astype(np.uint8)
    assert np.array_equal(got[shown], want[shown])


def test_saturation_of_a_random_photo_is_the_float_division() -> None:
    # any 8-bit picture, after its median: the share looked up is the float32 arithmetic's
    img = np.random.default_rng(9).integers(0, 256, (61, 83, 3), dtype=np.uint8)
    value, colour = value_and_chroma(cv2.medianBlur(img, 3))
    want = (colour.astype(np.float32) * np.float32(255)
            / (value.astype(np.float32) + np.float32(FLOOR))).astype(np.uint8)
    got = saturation(img, 3)
    assert got.dtype == np.uint8 and got.shape == img.shape[:2]
    assert np.array_equal(got, want)


def test_saturation_by_numpy_where_opencv_has_no_wide_tables(monkeypatch) -> None:
    # OpenCV 4 looks up only 8-bit pictures: numpy's take gives the same shares
    img = np.random.default_rng(10).integers(0, 256, (47, 71, 3), dtype=np.uint8)
    here = saturation(img, 5)
    monkeypatch.setattr(face_cues, "_wide_tables", lambda: False)
    assert np.array_equal(saturation(img, 5), here)
    assert np.count_nonzero(here) > img.size // 6


def test_saturation_on_the_callers_split_is_the_same() -> None:
    """Handed the picture's own split, :func:`saturation` gives what it gives splitting it."""
    img = np.random.default_rng(4).integers(0, 256, (37, 53, 3), dtype=np.uint8)
    for size in (3, 5):
        assert np.array_equal(saturation(img, size, cv2.split(img)), saturation(img, size))
