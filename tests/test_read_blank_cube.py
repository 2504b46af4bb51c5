"""``read`` of six photos in which no digit is seen on some stickers: those are shown as ``--``
in the net (not the recognisers' guess) and named in one line; a face without any digit (a
cube with no digits, or photos too dark to show them) asks whether it is a Sudoku Cube and
exits 2, as the single-photo read says it."""
from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import cv2
import numpy as np

from sudoku_cube.assistant.cli import main

CUBE = Path(__file__).resolve().parents[1] / "samples" / "cubes" / "01-easy"


def _cube_with_blanks(out: Path, blanks: dict[str, list[int]]) -> Path:
    """A copy of the sample cube's photos with the digits of ``blanks`` (face -> cells 0-8)
    painted over in their sticker's own colour (taken near the sticker's edge)."""
    shutil.copytree(CUBE, out)
    photos = json.loads((CUBE / "photos.json").read_text())
    for face, cells in blanks.items():
        img = cv2.imread(str(CUBE / f"{face}.jpg"))
        quad = np.array(photos[face]["quad"])
        pitch = np.linalg.norm(quad[1] - quad[0]) / 3
        for i in cells:
            x, y = np.array(photos[face]["centres"][i])
            colour = img[int(y + 0.36 * pitch), int(x)].tolist()
            cv2.rectangle(img, (int(x - 0.33 * pitch), int(y - 0.33 * pitch)),
                          (int(x + 0.33 * pitch), int(y + 0.33 * pitch)), colour, -1)
        (out / f"{face}.jpg").unlink()
        cv2.imwrite(str(out / f"{face}.png"), img)
    return out


def _net_tokens(out: str) -> list[str]:
    """The net's 54 tokens (a doubtful one is followed by ``?`` where colours do not show)."""
    return [t for line in out.splitlines() if line.count("|") >= 2
            for t in re.findall(r"--|[1-9][<>v^]", line)]


def test_a_cube_without_digits_asks_whether_it_is_a_sudoku_cube(tmp_path, capsys):
    folder = _cube_with_blanks(tmp_path / "cube", {f: list(range(9)) for f in "URFDLB"})
    assert main(["read", str(folder), "--no-ocr"]) == 2
    out, err = capsys.readouterr()
    tokens = _net_tokens(out)
    assert len(tokens) == 54 and tokens.count("--") >= 45  # a stray mark may still read
    assert "warning" not in err and "Traceback" not in err
    assert len([line for line in err.splitlines() if "is this a Sudoku Cube" in line]) == 1
    assert err.count("no digit seen") == 1 and "of the 54 stickers" in err
    words = " ".join(err.split())  # faces without a digit named by where they are
    assert re.search(r"none at all on (any face|the (top|right|front|bottom|left|back) face "
                     r"\([URFDLB]\))", words), words


def test_faces_without_a_digit_are_named_by_where_they_are(tmp_path, capsys):
    """No centre digit names a face without digits: the faces are named by their places,
    the letters beside, both those without any digit and those to photograph again."""
    folder = _cube_with_blanks(tmp_path / "cube", {"U": list(range(9)), "R": list(range(9)),
                                                   "F": [0]})
    assert main(["read", str(folder), "--no-ocr"]) == 2
    words = " ".join(capsys.readouterr().err.split())
    assert "none at all on the top face (U) and the right face (R): is this a Sudoku" in words
    assert ("photograph the top face (U), the right face (R) and the front face (F) "
            "sharply") in words


def test_a_few_stickers_without_a_digit_are_shown_blank_and_named_once(tmp_path, capsys):
    folder = _cube_with_blanks(tmp_path / "cube", {"U": [4], "F": [0, 8]})
    assert main(["read", str(folder), "--no-ocr"]) == 0
    out, err = capsys.readouterr()
    tokens = _net_tokens(out)
    assert len(tokens) == 54 and tokens.count("--") == 3
    text = " ".join(out.split())
    assert "no digit seen on sticker(s) U5 F1 F9" in text
    assert "doubtful U5" not in text and "warning" not in err
