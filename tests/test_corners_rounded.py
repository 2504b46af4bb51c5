"""Stickers with strongly rounded corners (a shaded side face, blur): the usual outline test
cuts their corners off and refuses them; the last, rounded pass outlines them along their
straight sides, and still refuses round blobs."""
from __future__ import annotations

import cv2
import numpy as np

from sudoku_cube.vision.locate.corners.quads import _quad_of

SIDE, RADIUS = 60, 20
SHEAR = np.array([[1.0, 0.5, -40], [0.0, 0.55, 30]])
"""A steep side face's slant."""


def _rounded_sticker() -> np.ndarray:
    """The outline contour of a square sticker, corners rounded by a third of its side, seen
    at a slant and blurred."""
    box = np.zeros((200, 200), np.uint8)
    lo, hi = 70, 70 + SIDE
    cv2.rectangle(box, (lo + RADIUS, lo), (hi - RADIUS, hi), 255, -1)
    cv2.rectangle(box, (lo, lo + RADIUS), (hi, hi - RADIUS), 255, -1)
    for cx in (lo + RADIUS, hi - RADIUS):
        for cy in (lo + RADIUS, hi - RADIUS):
            cv2.circle(box, (cx, cy), RADIUS, 255, -1)
    img = cv2.GaussianBlur(cv2.warpAffine(box, SHEAR, (200, 200)), (0, 0), 1.5)
    contours, _ = cv2.findContours((img > 128).astype(np.uint8), cv2.RETR_LIST,
                                   cv2.CHAIN_APPROX_SIMPLE)
    return max(contours, key=cv2.contourArea)


def test_rounded_sticker_is_outlined_along_its_sides_only_in_the_rounded_pass():
    contour = _rounded_sticker()
    assert _quad_of(contour) is None
    quad = _quad_of(contour, rounded=True)
    assert quad is not None
    want = np.array([[70, 70], [130, 70], [130, 130], [70, 130]], np.float64)
    want = want @ SHEAR[:, :2].T + SHEAR[:, 2]
    err = max(min(np.linalg.norm(q - w) for q in quad) for w in want)
    assert err < 0.08 * SIDE, err


def test_round_blob_is_no_sticker_even_in_the_rounded_pass():
    img = np.zeros((200, 200), np.uint8)
    cv2.ellipse(img, (100, 100), (60, 30), 20, 0, 360, 255, -1)
    contours, _ = cv2.findContours(img, cv2.RETR_LIST, cv2.CHAIN_APPROX_SIMPLE)
    assert _quad_of(contours[0], rounded=True) is None
