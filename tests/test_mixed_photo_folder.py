"""A folder that mixes face photos with corner photo A, or holds a corner photo named B.jpg
beside five face photos, gets a message about the photos (exit 2), not the digit counts of a
reading that took a corner photo for a face."""
from __future__ import annotations

import shutil
from pathlib import Path

import cv2
import numpy as np
import pytest

from sudoku_cube.assistant.bench.vision_second import cube
from sudoku_cube.assistant.cli import main
from sudoku_cube.render.second import corner_shot
from sudoku_cube.vision.locate.corners.faces import locate_corner
from sudoku_cube.vision.reading.photo_set import shows_a_corner
from tests import render_cache

SAMPLES = Path(__file__).resolve().parents[1] / "samples"


def _folder(tmp_path: Path, faces: str, corners: dict[str, str]) -> Path:
    folder = tmp_path / "cube"
    folder.mkdir()
    for f in faces:
        shutil.copy(SAMPLES / "cubes/01-easy" / f"{f}.jpg", folder / f"{f}.jpg")
    for name, corner in corners.items():
        shutil.copy(SAMPLES / "corners/c1-plain" / f"{corner}.jpg", folder / f"{name}.jpg")
    return folder


@pytest.mark.parametrize("faces", ["URFDLB", "URFDL"])
def test_corner_photo_a_beside_face_photos(tmp_path, capsys, faces):
    folder = _folder(tmp_path, faces, {"A": "A"})
    assert main(["read", str(folder), "--no-ocr"]) == 2
    err = " ".join(capsys.readouterr().err.split())
    either = " and B.jpg (face B, or corner photo B)" if "B" in faces else ""
    assert f"holds corner photo A.jpg, face photos ({' '.join(faces.strip('B'))}){either}" in err
    assert "not from a mix" in err and "Traceback" not in err and "missing" not in err


def test_both_corner_photos_beside_a_face_photo(tmp_path, capsys):
    """B names a face and a corner photo: beside A it is not counted as a face photo."""
    folder = _folder(tmp_path, "U", {"A": "A", "B": "B"})
    assert main(["read", str(folder), "--no-ocr"]) == 2
    err = " ".join(capsys.readouterr().err.split())
    assert "holds corner photo A.jpg, face photos (U) and B.jpg (face B, or corner photo B)" in err


@pytest.mark.parametrize("command", ["read", "solve"])
def test_corner_photo_named_b_beside_five_faces(tmp_path, capsys, command):
    folder = _folder(tmp_path, "URFDL", {"B": "B"})
    args = [command, str(folder), "--no-ocr"] + (["--plain"] if command == "solve" else [])
    assert main(args) == 2
    err = " ".join(capsys.readouterr().err.split())
    assert f"{folder / 'B.jpg'}: shows a corner of the cube (three faces), not face B" in err
    assert "a Sudoku Cube has" not in err and "Traceback" not in err


def test_a_noisy_face_photo_with_side_slivers_is_not_called_a_corner(tmp_path):
    """The folder check asks of photo B as taken whether it shows a corner. A black face
    photo in sensor noise, refused as a corner photo as taken, once passed for one in the
    copy with its shade lifted that dim corner photos are read on: the slivers of its side
    faces became two more faces, and the person would have been told the face photo is a
    corner photo."""
    state, homes, look = cube(100002, 2, "black")
    shot = render_cache.face_shot(state, "B", 1000025, look, homes)
    noise = np.random.default_rng(0).normal(0, 14, shot.image.shape)
    path = tmp_path / "B.jpg"
    cv2.imwrite(str(path), np.clip(shot.image + noise, 0, 255).astype(np.uint8),
                [cv2.IMWRITE_JPEG_QUALITY, 90])
    assert not shows_a_corner(path)  # its shade-lifted copy passes for a corner photo


@pytest.mark.parametrize("look", ["white", "black"])
def test_a_face_photo_taken_aslant_is_not_called_a_corner(tmp_path, look):
    """The corner search places three faces on a face photo taken a little aslant too: the
    face and two slivers of its side faces. Asked of photo B whenever a reading's digit counts
    fail (one sticker misread anywhere), it refused good folders as holding a corner photo B;
    a corner shows no face that small beside the largest."""
    state, homes, shot_look = cube(701, 1, look)
    face = render_cache.face_shot(state, "B", 7015, shot_look, homes).image
    locate_corner(face, "B", lift_shade=False)  # the search does place three faces on it
    cv2.imwrite(str(tmp_path / "B.jpg"), face, [cv2.IMWRITE_JPEG_QUALITY, 90])
    assert not shows_a_corner(tmp_path / "B.jpg")
    corner = corner_shot(state, "B", 7017, shot_look, homes).image
    cv2.imwrite(str(tmp_path / "corner.jpg"), corner, [cv2.IMWRITE_JPEG_QUALITY, 90])
    assert shows_a_corner(tmp_path / "corner.jpg")


def test_a_corner_photo_in_a_face_slot_read_alike_another_face_is_named(tmp_path, capsys):
    """Corner photo A saved as R.jpg: its clearest face, F, was read as R, so R and F read
    alike, but one doubtful sticker could still balance the digit counts, so no photo was
    named as taken twice and the reading was refused, after the grid's 10 s search, as not
    consistent. Two faces read alike now ask both photos whether they show a corner."""
    state, homes, look = cube(4108, 0, "white")
    folder = tmp_path / "cube"
    folder.mkdir()
    for i, f in enumerate("URFDLB"):
        shot = (corner_shot(state, "A", 41089, look, homes) if f == "R" else
                render_cache.face_shot(state, f, 41080 + i, look, homes))
        cv2.imwrite(str(folder / f"{f}.jpg"), shot.image)
    assert main(["solve", str(folder), "--no-ocr", "--plain"]) == 2
    err = " ".join(capsys.readouterr().err.split())
    assert f"{folder / 'R.jpg'}: shows a corner of the cube (three faces), not face R" in err, err
    assert "not consistent" not in err and "Traceback" not in err
