"""``solve --plain`` of six photos two of which were saved turned (F a quarter turn, D a half
turn): no arrangement fits, and the problem is said once (in the error, exit 2), with no
"correct the stickers named above" or "those stickers" when no sticker was named."""
from __future__ import annotations

import shutil
from pathlib import Path

import cv2

from sudoku_cube.assistant.cli import main

CUBE = Path(__file__).resolve().parents[1] / "samples" / "cubes" / "01-easy"


def test_problem_said_once_and_no_stickers_claimed_named(tmp_path, capsys):
    folder = tmp_path / "cube"
    shutil.copytree(CUBE, folder)
    for face, turn in (("F", cv2.ROTATE_90_CLOCKWISE), ("D", cv2.ROTATE_180)):
        path = str(folder / f"{face}.jpg")
        cv2.imwrite(path, cv2.rotate(cv2.imread(path), turn))
    assert main(["solve", str(folder), "--plain", "--no-ocr"]) == 2
    out, err = capsys.readouterr()
    text = " ".join((out + err).split())
    assert text.count("no solved arrangement reachable by face turns fits") == 1
    assert "named above" not in text and "those stickers" not in text
    assert "retake the photos, or correct the stickers you see misread" in text
    assert "Check that each photo shows the face (or corner) it is named after" in text
    assert "Traceback" not in text
