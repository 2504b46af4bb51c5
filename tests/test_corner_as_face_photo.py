"""A corner photo (three faces, as taken for the two-corner-photo way) given as a face photo is
refused as showing more than one face, with how to go on, whatever the one-face search made of
its steep faces: it once said "only 1 sticker(s) line up: is the photo blurred...", which
sends the person after blur, not after the photo's kind."""
from __future__ import annotations

import shutil
from pathlib import Path

import cv2
import pytest

from sudoku_cube.assistant.bench.corners import CORNER_RECIPE
from sudoku_cube.assistant.bench.vision_second import cube
from sudoku_cube.assistant.bench.renders import unseen_cube
from sudoku_cube.assistant.cli import main
from sudoku_cube.models.cube.geometry import FACES
from sudoku_cube.render.second import corner_shot
from sudoku_cube.vision.locate.face_geometry import TWO_FACES_ADVICE, FaceNotFoundError
from sudoku_cube.vision.reading.corner_shown import face_photo_refusal
from tests import render_cache

SAMPLES = Path(__file__).resolve().parents[1] / "samples"


def _corner_photo(path: Path, look: str, seed: int, k: int, which: str) -> Path:
    """Corner photo ``which`` of the ``k``-th unseen cube of ``bench corners`` (seed
    ``seed``, stickers ``look``), saved as a JPEG at ``path``."""
    puzzle, style, homes = unseen_cube(seed, k, CORNER_RECIPE, look)
    image, _ = render_cache.corner_photo(puzzle.state.faces(), which,
                                         seed * 10 + "AB".index(which), style, homes=homes)
    cv2.imwrite(str(path), image, [cv2.IMWRITE_JPEG_QUALITY, 90])
    return path


# each was once refused as "only 1 sticker(s) line up in a grid: ..."
STEEP = [("white", 505, 5, "B"), ("black", 502, 2, "B")]


@pytest.mark.parametrize("look,seed,k,which", STEEP)
def test_a_corner_photo_in_a_folder_of_faces_says_it_shows_three_faces(tmp_path, capsys, look,
                                                                        seed, k, which):
    folder = tmp_path / "cube"
    folder.mkdir()
    for f in "RFDLB":
        shutil.copy(SAMPLES / "cubes/01-easy" / f"{f}.jpg", folder / f"{f}.jpg")
    _corner_photo(folder / "U.jpg", look, seed, k, which)
    assert main(["read", str(folder), "--no-ocr"]) == 2
    err = " ".join(capsys.readouterr().err.split())  # the console wraps long lines
    assert f"{folder / 'U.jpg'}: three faces in one photo (a corner of the cube" in err
    assert "corner photo A or B (named A.jpg or B.jpg)" in err
    assert "line up" not in err and "Traceback" not in err


def test_a_corner_photo_read_alone_as_a_face_says_it_shows_three_faces(tmp_path, capsys):
    path = _corner_photo(tmp_path / "F.jpg", *STEEP[0])
    assert main(["read", str(path), "--no-ocr"]) == 2
    err = " ".join(capsys.readouterr().err.split())
    assert f"{path}: three faces in one photo" in err and "Traceback" not in err


def test_only_a_photo_showing_a_corner_is_told_it_shows_three_faces(tmp_path):
    """A refusal becomes "three faces" only where the photo shows a corner: a blurred face
    photo keeps its own refusal, a photo of two cubes its "two faces"; a corner photo whose
    steep faces the one-face search took for two faces across an edge is told it shows
    three (a person sees three there)."""
    blurred = cv2.imread(str(SAMPLES / "bad/blurred/F.jpg"))
    refused = FaceNotFoundError("F.jpg: no cube face found (only 1 sticker(s) line up ...)")
    assert face_photo_refusal(refused, blurred, "F.jpg") is refused
    two = FaceNotFoundError(f"F.jpg: two faces in one photo (...); {TWO_FACES_ADVICE}")
    two_cubes = cv2.imread(str(SAMPLES / "bad/two-cubes/F.jpg"))
    assert face_photo_refusal(two, two_cubes, "F.jpg") is two
    corner = cv2.imread(str(_corner_photo(tmp_path / "U.jpg", *STEEP[0])))
    for first in (refused, two):
        shown = face_photo_refusal(first, corner, "U.jpg")
        assert str(shown).startswith("U.jpg: three faces in one photo") and shown.seen


def test_a_corner_photo_read_as_another_face_is_named_as_a_corner(tmp_path, capsys):
    """Corner photo B of an exam cube given as F.jpg is read as a face, its clearest one (D,
    which D.jpg shows too): the reading shows one face twice, and the refusal once said the
    same face was photographed twice. That the photo shows a corner is what to change."""
    state, homes, look = cube(2000002, 0, "white")
    folder = tmp_path / "cube"
    folder.mkdir()
    for i, f in enumerate(FACES):
        image = (corner_shot(state, "B", 20000027, look, homes).image if f == "F" else
                 render_cache.face_shot(state, f, 20000020 + i, look, homes).image)
        cv2.imwrite(str(folder / f"{f}.jpg"), image, [cv2.IMWRITE_JPEG_QUALITY, 90])
    assert main(["solve", str(folder), "--no-ocr", "--plain"]) == 2
    err = " ".join(capsys.readouterr().err.split())
    assert f"{folder / 'F.jpg'}: shows a corner of the cube (three faces), not face F" in err
    assert "Photograph face F straight on as F.jpg" in err
    assert "same face" not in err and "Traceback" not in err


def test_a_face_photo_given_as_corner_photo_a_is_told_it_is_a_face_photo(tmp_path, capsys):
    """A photo of one face straight on given as corner photo A is refused as showing one
    face, and told that it is one of the six face photos."""
    folder = tmp_path / "photos"
    folder.mkdir()
    root = Path(__file__).resolve().parents[1] / "samples"
    (folder / "A.jpg").write_bytes((root / "cubes" / "01-easy" / "U.jpg").read_bytes())
    (folder / "B.jpg").write_bytes((root / "corners" / "c1-plain" / "B.jpg").read_bytes())
    assert main(["read", str(folder)]) == 2
    said = " ".join(capsys.readouterr().err.split())
    assert "A.jpg: corner photo A: only one face found" in said
    assert "a photo of one face straight on is one of the six face photos" in said


@pytest.mark.parametrize("corner", ["c1-plain/B", "c2-coloured/A"])
def test_a_corner_photo_whose_face_shows_no_digits_says_it_shows_three_faces(tmp_path, capsys,
                                                                             corner):
    """The one-face search may lay a lattice across a corner photo's steep faces whose cells
    hold no digit: that face was said to be no Sudoku Cube ("no digit seen on any sticker").
    A face photo found with no digits is asked whether it shows a corner, and told so."""
    path = tmp_path / "F.jpg"
    shutil.copy(SAMPLES / "corners" / f"{corner}.jpg", path)
    assert main(["read", str(path), "--no-ocr"]) == 2
    err = " ".join(capsys.readouterr().err.split())
    assert f"{path}: three faces in one photo (a corner of the cube" in err
    assert "no digit seen" not in err and "Traceback" not in err
