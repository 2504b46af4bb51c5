"""``read --debug`` on a photo larger than the reader's working copy (every phone photo): the
face's outline is drawn where the face is, not at the photo file's scale."""
from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np

from sudoku_cube.assistant.cli import main

EASY = Path(__file__).resolve().parents[1] / "samples" / "cubes" / "01-easy"


def _quad(capsys, argv: list[str]) -> np.ndarray:
    assert main(argv) == 0
    return np.array(next(iter(json.loads(capsys.readouterr().out).values()))["quad"])


def test_the_outline_is_drawn_on_the_face_of_a_large_photo(tmp_path, capsys):
    big = cv2.resize(cv2.imread(str(EASY / "F.jpg")), None, fx=3, fy=3)  # 1920 x 1440
    photo = tmp_path / "F.jpg"
    cv2.imwrite(str(photo), big)
    quad = _quad(capsys, ["read", str(photo), "--json", "--no-ocr", "--debug",
                          str(tmp_path / "dbg")])  # in the file's pixels
    pic = cv2.imread(str(tmp_path / "dbg" / "F-debug.png"))
    q = quad * max(pic.shape[:2]) / max(big.shape[:2])  # in the debug picture's pixels
    red = np.argwhere((pic[:, :, 2] > 230) & (pic[:, :, 1] < 40) & (pic[:, :, 0] < 40))
    near = ((red[:, 1] > q[:, 0].min() - 60) & (red[:, 1] < q[:, 0].max() + 60)
            & (red[:, 0] > q[:, 1].min() - 60) & (red[:, 0] < q[:, 1].max() + 60))
    red = red[near]  # the outline, not the legend's sample of its colour
    assert len(red) > 100
    (y0, x0), (y1, x1) = red.min(axis=0), red.max(axis=0)
    assert abs(x0 - q[:, 0].min()) < 12 and abs(x1 - q[:, 0].max()) < 12, (x0, x1, q)
    assert abs(y0 - q[:, 1].min()) < 12 and abs(y1 - q[:, 1].max()) < 12, (y0, y1, q)
    small = _quad(capsys, ["read", str(EASY / "F.jpg"), "--json", "--no-ocr"])
    assert np.abs(quad - 3 * small).max() < 15  # the same face, found at both sizes
