"""Corner photo B taken at a corner beside photo A's (the cube turned only part of the way
between them, here the quarter turn forgotten: B at the corner of D, L and F) shows one of
A's faces again. It was read without a word and the grid then refused the cube without
naming a photo; it is refused naming photo B and how to turn the cube for it."""
from __future__ import annotations

import cv2

from sudoku_cube.assistant.cli import main
from sudoku_cube.models.generator.cube3 import make_puzzle
from sudoku_cube.render.second import corner_shot
import sudoku_cube.render.second.shots as shots


def test_photo_b_at_a_corner_beside_photo_as_is_refused_naming_b(tmp_path, capsys,
                                                                 monkeypatch):
    state = make_puzzle(11, 20).state
    folder = tmp_path / "corners"
    folder.mkdir()
    cv2.imwrite(str(folder / "A.jpg"), corner_shot(state, "A", 11, "white").image)
    monkeypatch.setitem(shots.CORNER_VIEW, "B", ((-1, -1, 1), (0, -1, 0)))
    monkeypatch.setitem(shots.CORNER_FACES, "B", ("D", "L", "F"))
    cv2.imwrite(str(folder / "B.jpg"), corner_shot(state, "B", 11, "white").image)
    assert main(["read", str(folder), "--no-ocr"]) == 2
    err = " ".join(capsys.readouterr().err.split())
    assert f"{folder / 'B.jpg'}: photo B shows again a face that photo A shows" in err
    assert "the digits of photo A's F stand where photo B should show" in err
    assert "quarter turn to the left (y)" in err and "Traceback" not in err


def test_corner_photos_of_opposite_corners_show_no_face_again(tmp_path, capsys):
    """The check never refuses a pair taken as asked: no face of B is one of A's."""
    state = make_puzzle(12, 20).state
    folder = tmp_path / "corners"
    folder.mkdir()
    for which in "AB":
        cv2.imwrite(str(folder / f"{which}.jpg"), corner_shot(state, which, 12, "white").image)
    assert main(["read", str(folder), "--no-ocr"]) == 0
    assert "shows again" not in capsys.readouterr().err
