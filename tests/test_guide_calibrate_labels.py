"""Calibration refuses labels that cannot belong to their photo: when the built-in reader is
sure of most stickers and the labels agree with none of them, nothing is saved unless --force."""
from __future__ import annotations

import cv2
import pytest

from sudoku_cube.assistant.cli import main
from sudoku_cube.calibration.profiles import load_profile
from sudoku_cube.calibration.profile_files import ProfileError
from sudoku_cube.models.generator.cube3 import make_puzzle
from sudoku_cube.render import PhotoStyle, render_face_photo
from tests.conftest import assert_clear_error

STYLE = PhotoStyle(size=(640, 480), supersample=1, difficulty=0.05)


def test_labels_of_another_face_are_refused_unless_forced(tmp_path, capsys):
    puzzle = make_puzzle(7)  # printed in a font the built-in templates know: confident
    img, truth = render_face_photo(puzzle.state.face("U"), 4242, STYLE)
    photo = tmp_path / "U.png"
    cv2.imwrite(str(photo), img)
    right = truth["tokens"]
    wrong = [f"{int(t[0]) % 9 + 1}{t[1]}" for t in right]  # every digit one off
    argv = ["calibrate", "templates", str(photo), "--digits", " ".join(wrong),
            "--profile", "wrong"]
    assert_clear_error(main(argv), capsys.readouterr().err, "U.png", "agree with 0 of the",
                       "nothing was saved", "--force")
    with pytest.raises(ProfileError):
        load_profile("wrong")
    assert main(argv + ["--force"]) == 0
    assert "saved anyway (--force)" in " ".join(capsys.readouterr().out.split())
    assert load_profile("wrong").templates is not None
    # the right labels pass without a word
    assert main(["calibrate", "templates", str(photo), "--digits", " ".join(right),
                 "--profile", "right"]) == 0
    assert "warning" not in capsys.readouterr().out
