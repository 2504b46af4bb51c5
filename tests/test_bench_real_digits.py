"""bench vision --real, printed digits: each 3x3 box of a photographed sudoku grid is read as
a face, upright and half turned, and compared with the grid's labels (here a drawn grid in
a font the recognisers never saw stands in for the real newspaper photos, which tests never
need), whichever way the page is turned."""
from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np

from sudoku_cube.assistant.bench.vision_real_digits import digits_figures, grid_outline

CELL, MARGIN = 60, 40


def _grid_photo(folder: Path, name: str, labels: list[list[int]], turned: bool) -> None:
    """A printed grid (thick lines round its boxes) with its digits in Hershey Duplex, and
    its label file (two header lines, then the grid, 0 for an empty cell)."""
    side = 9 * CELL
    img = np.full((side + 2 * MARGIN, side + 2 * MARGIN, 3), 235, np.uint8)
    for k in range(10):
        at = MARGIN + k * CELL
        cv2.line(img, (at, MARGIN), (at, MARGIN + side), (30, 30, 30), 3 if k % 3 == 0 else 1)
        cv2.line(img, (MARGIN, at), (MARGIN + side, at), (30, 30, 30), 3 if k % 3 == 0 else 1)
    for r, row in enumerate(labels):
        for c, digit in enumerate(row):
            if digit:
                cv2.putText(img, str(digit), (MARGIN + c * CELL + 17, MARGIN + r * CELL + 46),
                            cv2.FONT_HERSHEY_DUPLEX, 1.5, (20, 20, 20), 3, cv2.LINE_AA)
    img = cv2.GaussianBlur(img, (3, 3), 0)
    if turned:  # the page photographed sideways
        img = cv2.rotate(img, cv2.ROTATE_90_CLOCKWISE)
    cv2.imwrite(str(folder / f"{name}.jpg"), img)
    (folder / f"{name}.dat").write_text(
        "camera\n640x480:24 JPG\n" + "\n".join(" ".join(map(str, row)) for row in labels) + "\n")


def test_grid_digits_are_read_against_their_labels_whichever_way_the_page_is_turned(tmp_path):
    rng = np.random.default_rng(0)
    labels = [[int(rng.integers(1, 10)) if rng.random() < 0.4 else 0 for _ in range(9)]
              for _ in range(9)]
    _grid_photo(tmp_path, "upright", labels, turned=False)
    _grid_photo(tmp_path, "sideways", labels, turned=True)
    cv2.imwrite(str(tmp_path / "blank.jpg"), np.full((400, 500, 3), 235, np.uint8))
    (tmp_path / "blank.dat").write_text("camera\nformat\n" + "0 0 0 0 0 0 0 0 0\n" * 9)
    out = digits_figures(tmp_path)
    labelled = sum(d > 0 for row in labels for d in row)
    assert out["photos"] == 3 and out["no_grid"] == ["blank.jpg"]
    assert out["digits"] == 4 * labelled  # two photos, each read upright and half turned
    assert out["print_right"] == out["digits"] and out["unseen"] == 0
    sixes_nines = sum(d in (6, 9) for row in labels for d in row)
    assert out["digit_right"] >= out["digits"] - 4 * sixes_nines  # only bare 6/9 may swap


def test_a_grid_outline_too_skewed_to_be_a_grid_is_not_taken():
    """A dark square is taken as a grid's outline; the same area sheared far past any view of
    a square page is not."""
    def outline(corners: list[list[int]]) -> np.ndarray | None:
        img = np.full((400, 400, 3), 235, np.uint8)
        cv2.polylines(img, [np.array(corners, np.int32)], True, (20, 20, 20), 4)
        return grid_outline(img)

    square = outline([[60, 50], [360, 50], [360, 350], [60, 350]])
    assert square is not None and np.abs(square - [[60, 50], [360, 50], [360, 350],
                                                   [60, 350]]).max() < 6
    assert outline([[20, 50], [220, 50], [380, 350], [180, 350]]) is None
