"""Hand shake in corner photos: the streak is estimated from the picture and undone, and a
shaken exam-renderer photo reads more stickers right for it."""
from __future__ import annotations

import math

import cv2
import numpy as np
import pytest

from sudoku_cube.assistant.bench.renders import same, symmetric_of
from sudoku_cube.assistant.bench.vision_second import cube
from sudoku_cube.models.cube.geometry import FACES
from sudoku_cube.render.second import corner_shot
from sudoku_cube.vision.reading import corners as reader
from sudoku_cube.vision.locate.corners.shake import (_region, deblurred, estimate_streak,
                                                     streak_kernel)


def _digits_picture() -> np.ndarray:
    """A sharp picture of dark digits on light squares, a little noisy."""
    img = np.full((360, 420), 60, np.uint8)
    rng = np.random.default_rng(3)
    for r in range(4):
        for c in range(5):
            x, y = 15 + 80 * c, 15 + 85 * r
            cv2.rectangle(img, (x, y), (x + 70, y + 75), 225, -1)
            cv2.putText(img, str(int(rng.integers(1, 10))), (x + 14, y + 62),
                        cv2.FONT_HERSHEY_SIMPLEX, 2.2, 30, 5)
    noisy = img + rng.normal(0, 2, img.shape)
    return np.clip(noisy, 0, 255).astype(np.uint8)


@pytest.mark.parametrize("length, degrees", [(9, 30), (6, 110), (12, 0)])
def test_streak_is_estimated_and_undone(length, degrees):
    sharp = _digits_picture()
    kernel = streak_kernel(length, math.radians(degrees))
    shaken = cv2.filter2D(sharp, -1, kernel, borderType=cv2.BORDER_REFLECT)
    got_length, got_angle = estimate_streak(shaken)
    assert abs(got_length - length) <= 1
    off = abs(math.degrees(got_angle) - degrees) % 180
    assert min(off, 180 - off) <= 6
    undone = deblurred(shaken, streak_kernel(got_length, got_angle))
    inner = (slice(20, -20), slice(20, -20))
    before = np.sqrt(np.mean((shaken[inner].astype(float) - sharp[inner]) ** 2))
    after = np.sqrt(np.mean((undone[inner].astype(float) - sharp[inner]) ** 2))
    assert after < 0.8 * before


def _right(readings, state, look) -> int:
    sym = symmetric_of(look)
    return sum(same(s, state.stickers[9 * FACES.index(f) + i], sym)
               for f, r in readings.items() for i, s in enumerate(r.stickers))


def test_shaken_corner_photo_reads_better(monkeypatch):
    """An exam-renderer corner photo taken with a shaken hand (a 9-pixel streak across
    stickers 33 pixels wide where squashed): its U face read 6 of 9 right before the
    shake was undone. With the cell model's vote the shaken faces read right even
    undeblurred; the deblurred reading must stay at least as good."""
    seed, look = 90009, "white"
    state, homes, lk = cube(seed, 9, look)
    shot = corner_shot(state, "A", seed * 10, lk, homes)
    read = _right(reader.read_corner_photo(shot.image, "A", ocr=False), state, look)
    monkeypatch.setattr(reader, "SHAKEN", -1.0)
    plain = _right(reader.read_corner_photo(shot.image, "A", ocr=False), state, look)
    assert read >= 26 and read >= plain



def test_streak_is_found_past_jpeg_blocks():
    """An exam-renderer corner photo shaken by a 7-pixel streak at 31 degrees (the
    renderer's own record) and saved as a JPEG, whose 8-pixel blocks dip the cepstrum 8
    pixels straight across more deeply than the streak: that dip was taken for the
    streak, and the deblurred faces read fewer stickers than the photo itself."""
    seed, look = 70014, "white"
    state, homes, lk = cube(seed, 14, look)
    shot = corner_shot(state, "B", seed * 10 + 1, lk, homes)
    quads = [np.array(f["quad"], np.float64) for f in shot.truth["faces"].values()]
    rows, cols = _region(quads, shot.image.shape)
    length, angle = estimate_streak(cv2.cvtColor(shot.image[rows, cols], cv2.COLOR_BGR2GRAY))
    off = abs(math.degrees(angle) - 31) % 180
    assert abs(length - 7) <= 2 and min(off, 180 - off) <= 8
