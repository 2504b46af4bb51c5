"""A photo named after a face or corner photo in a kind the reader does not open (a phone's
HEIC) is named in the message, with what to do, instead of the face being called missing."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from sudoku_cube.assistant.cli import main

SAMPLES = Path(__file__).resolve().parents[1] / "samples"


def _face_photos(folder: Path, faces: str) -> None:
    """The sample cube's photos of ``faces`` copied into ``folder``."""
    for f in faces:
        shutil.copy(SAMPLES / "cubes/01-easy" / f"{f}.jpg", folder / f"{f}.jpg")


def _err(capsys) -> str:
    return " ".join(capsys.readouterr().err.split())


def test_a_heic_face_photo_is_named(tmp_path, capsys):
    _face_photos(tmp_path, "UFDLB")
    (tmp_path / "R.heic").write_bytes(b"\0\0\0\x18ftypheic")
    assert main(["read", str(tmp_path), "--no-ocr"]) == 2
    err = _err(capsys)
    assert "face R missing" in err and "R.heic: not read" in err and "as JPEG" in err


def test_a_heic_corner_photo_is_named_and_the_turn_told_in_words(tmp_path, capsys):
    shutil.copy(SAMPLES / "corners/c1-plain/A.jpg", tmp_path / "A.jpg")
    (tmp_path / "B.HEIC").write_bytes(b"\0\0\0\x18ftypheic")
    assert main(["read", str(tmp_path), "--no-ocr"]) == 2
    err = _err(capsys)
    assert "corner photo B (D, L and B) is missing (found A)" in err and "B.HEIC: not read" in err
    assert "half round like a steering wheel, its top to the bottom (z2), then a quarter turn " \
           "to the left (y)" in err


def test_no_note_when_every_named_file_is_a_photo(tmp_path, capsys):
    """Files named after a face that are not photos (a state file, a folder) get no advice
    about photos."""
    shutil.copy(SAMPLES / "cubes/01-easy/U.jpg", tmp_path / "U.jpg")
    (tmp_path / "R.json").write_text("{}")
    (tmp_path / "F.heic").mkdir()
    assert main(["read", str(tmp_path), "--no-ocr"]) == 2
    assert "not read" not in _err(capsys)


def test_a_heic_photo_beside_folders_of_photos_is_named(tmp_path, capsys):
    """A folder whose only photos are HEIC, with a cube's folder inside it: the message names
    the folder of photos and the HEIC file with what to do."""
    inner = tmp_path / "cube1"
    inner.mkdir()
    _face_photos(inner, "URFDLB")
    (tmp_path / "R.heic").write_bytes(b"\0\0\0\x18ftypheic")
    assert main(["read", str(tmp_path), "--no-ocr"]) == 2
    err = _err(capsys)
    assert "folders in it do" in err and "R.heic: not read" in err and "as JPEG" in err


def test_both_corner_photos_missing_are_named_once(tmp_path):
    from sudoku_cube.models.errors import SudokuCubeError
    from sudoku_cube.vision.reading.corners import corner_photos
    with pytest.raises(SudokuCubeError) as e:
        corner_photos(tmp_path)
    assert "corner photos A and B are missing (found no photos)" in str(e.value)


def test_a_6_or_9_centre_is_one_item_of_a_list():
    from sudoku_cube.assistant.services.wrong_centres import _item
    from sudoku_cube.models.cube.face_words import listed
    assert listed([_item("3"), _item("6 or 9")]) == "3 and (6 or 9)"
