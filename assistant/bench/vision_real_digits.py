"""``bench vision --real DIR``, its printed-digit part: the digit and rotation recognisers on
real printed digits, those of photographed newspaper sudoku grids (DIR/digits: ``NAME.jpg``
with ``NAME.dat``, whose lines 3 to 11 give the grid's digits row by row, 0 for an empty cell).

The grid's outline is its largest quadrilateral; each of its nine 3x3 boxes is then read as a
face through the reader itself (:meth:`vision.reading.reader.Reader.read_face` with the box's
geometry, no OCR), and again with the photo turned half round, so that every digit is read
upright as the photo shows it and upside down. A photo may show the page turned: the turn most
of its digits are read in is taken as the page's (no label needed) and the labels are turned
with it.

Figures: labelled digits read right (digit and turn); read as their digit in any turn; read
as the printed glyph, a 6 or 9 also counting when read as the other one turned half round (a
newspaper does not underline them, and a bare 6/9 is taken by the cube's underline
convention); and labelled digits in which no digit was seen. Real print in fonts the recognisers
never saw, at about 20 pixels a digit: a harder test of the recognisers than a cube's stickers.
"""
from __future__ import annotations

from collections import Counter
from pathlib import Path

import cv2
import numpy as np

from ...vision.locate.face_geometry import FaceGeometry, project
from ...vision.reading.reader import Reader

MIN_GRID = 0.15
"""Least share of the photo the grid's outline must cover."""

MAX_SKEW = 0.35
"""Largest |cosine| of a corner of the grid's outline (a square seen at a slant)."""


def grid_outline(image: np.ndarray) -> np.ndarray | None:
    """The grid's outline (top-left, top-right, bottom-right, bottom-left in the picture): the
    largest four-cornered outer contour of the dark lines, or None when it is too small or
    too skewed to be the grid."""
    grey = cv2.GaussianBlur(cv2.cvtColor(image, cv2.COLOR_BGR2GRAY), (5, 5), 0)
    ink = cv2.adaptiveThreshold(grey, 255, cv2.ADAPTIVE_THRESH_MEAN_C, cv2.THRESH_BINARY_INV,
                                21, 7)
    contours, _ = cv2.findContours(ink, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    if not contours:
        return None
    hull = cv2.convexHull(max(contours, key=cv2.contourArea))
    quad = cv2.approxPolyDP(hull, 0.03 * cv2.arcLength(hull, True), True).reshape(-1, 2)
    if len(quad) != 4 or cv2.contourArea(quad) < MIN_GRID * grey.size:
        return None
    quad = quad.astype(np.float64)
    centre = quad.mean(axis=0)
    quad = quad[np.argsort(np.arctan2(quad[:, 1] - centre[1], quad[:, 0] - centre[0]))]
    quad = np.roll(quad, -int(np.argmin(quad.sum(axis=1))), axis=0)
    for i in range(4):
        a, b = quad[i - 1] - quad[i], quad[(i + 1) % 4] - quad[i]
        if abs(a @ b) > MAX_SKEW * np.linalg.norm(a) * np.linalg.norm(b):
            return None
    return quad


def _box_readings(image: np.ndarray, quad: np.ndarray) -> list[tuple[int, int, object]]:
    """Every cell of the grid read as a sticker: (row, column, sticker or None when no digit
    was seen), each 3x3 box read as one face."""
    grid = cv2.getPerspectiveTransform(np.float32([[0, 0], [9, 0], [9, 9], [0, 9]]),
                                       np.float32(quad)).astype(np.float64)
    corners = np.array([[-0.5, -0.5], [2.5, -0.5], [2.5, 2.5], [-0.5, 2.5]])
    out, reader = [], Reader(ocr="never")
    for br in range(3):
        for bc in range(3):
            hom = grid @ np.array([[1.0, 0, 3 * bc + 0.5], [0, 1.0, 3 * br + 0.5], [0, 0, 1]])
            geo = FaceGeometry(hom, project(hom, corners), (True,) * 9)
            r = reader.read_face(image, geometry=geo)
            blank = set(r.inkless)  # a box of a printed grid is mostly empty: no plain face
            out += [(3 * br + i // 3, 3 * bc + i % 3, None if i in blank else r.stickers[i])
                    for i in range(9)]
    return out


def _same_print(digit: int, rot: int, label: int, turn: int) -> bool:
    """True when the reading shows the printed glyph: the label's digit in the page's turn,
    or for a 6 or 9 the other one turned half round (the same shape without an underline)."""
    if digit == label:
        return rot == turn
    return {digit, label} == {6, 9} and rot == (turn + 2) % 4


def _labels(path: Path) -> np.ndarray:
    lines = path.read_text().splitlines()
    return np.array([[int(x) for x in line.split()] for line in lines[2:11]])


def digits_figures(folder: Path) -> dict:
    """The printed-digit figures over the labelled grid photos of ``folder`` (see the module
    docstring)."""
    out = {"photos": 0, "no_grid": [], "digits": 0, "right": 0, "digit_right": 0,
           "print_right": 0, "unseen": 0, "confusions": Counter()}
    for dat in sorted(folder.glob("*.dat")):
        photo = dat.with_suffix(".jpg")
        if not photo.is_file():
            continue
        out["photos"] += 1
        labels = _labels(dat)
        for half in (False, True):
            image = cv2.imread(str(photo))
            if half:
                image = cv2.rotate(image, cv2.ROTATE_180)
            quad = grid_outline(image)
            if quad is None:
                if not half:
                    out["no_grid"].append(photo.name)
                break
            cells = _box_readings(image, quad)
            turn = Counter(s.rot for _, _, s in cells if s is not None).most_common(1)
            turn = turn[0][0] if turn else 0
            want = np.rot90(labels, -turn)  # the page as the photo shows it
            for r, c, got in cells:
                if want[r, c] == 0:
                    continue
                out["digits"] += 1
                if got is None:
                    out["unseen"] += 1
                    continue
                label = int(want[r, c])
                out["digit_right"] += int(got.digit == label)
                out["right"] += int(got.digit == label and got.rot == turn)
                if _same_print(got.digit, got.rot, label, turn):
                    out["print_right"] += 1
                elif got.digit != label:
                    out["confusions"][(label, got.digit)] += 1
    out["confusions"] = [f"{a} read {b}: {n}" for (a, b), n in
                         out["confusions"].most_common(8)]
    return out
