"""A photo saved mirrored, as front cameras save them (vision/reading/mirrored.py): told by its
digits, read flipped back, and said; a photo as taken is not taken for a mirrored one."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import cv2
import pytest

from sudoku_cube.assistant.bench.vision import _rendered

from sudoku_cube.models.cube.geometry import FACES
from sudoku_cube.vision.reading.reader import Reader
from sudoku_cube.vision.reading.mirrored import reads_mirrored
from sudoku_cube.vision.recognise.cell_model import shipped_cell_model

SAMPLES = Path(__file__).resolve().parents[1] / "samples"


def _with_mirrored(src: Path, dst: Path, stem: str) -> str:
    """The photos of ``src`` copied into ``dst``, photo ``stem`` flipped left to right and
    kept losslessly (flipped back, it is the photo as taken pixel for pixel); its name."""
    shutil.copytree(src, dst)
    (dst / f"{stem}.jpg").unlink()
    cv2.imwrite(str(dst / f"{stem}.png"), cv2.flip(cv2.imread(str(src / f"{stem}.jpg")), 1))
    return f"{stem}.png"


@pytest.mark.parametrize("folder, stem", [
    (SAMPLES / "cubes" / "01-easy", "F"),
    (SAMPLES / "cubes" / "09-black", "R"),
    (SAMPLES / "corners" / "c1-plain", "A"),
    (SAMPLES / "corners" / "c4-black", "B"),
], ids=["white face", "black face", "white corner", "black corner"])
def test_a_mirrored_photo_is_read_flipped_back_and_said(tmp_path, folder, stem):
    """Read as the photos as taken are, the mirrored photo's faces placed where it shows
    them, and the person told."""
    name = _with_mirrored(folder, tmp_path / "photos", stem)
    reader = Reader(ocr="never")
    reading = reader.read_photo_set(tmp_path / "photos")
    as_taken = reader.read_photo_set(folder)
    assert reading.state.stickers == as_taken.state.stickers
    assert any(n.startswith(f"{name} is mirrored") for n in reading.notes), reading.notes
    width = cv2.imread(str(folder / f"{stem}.jpg")).shape[1]
    for f, face in reading.faces.items():
        if Path(face.source or "").name == name:
            mirrored_x = width - 1 - face.geometry.cell_centres()[:, 0]
            assert abs(mirrored_x - as_taken.faces[f].geometry.cell_centres()[:, 0]).max() < 1


@pytest.mark.parametrize("folder", [SAMPLES / "cubes" / "08-hard",
                                    SAMPLES / "cubes" / "07-dim-blurry"], ids=["hard", "dim"])
def test_photos_as_taken_are_not_mirrored(folder):
    """The doubtful faces of the hard sample sets read more plainly as taken than flipped."""
    reader, net = Reader(ocr="never"), shipped_cell_model()
    for f in "URFDLB":
        image = cv2.imread(str(folder / f"{f}.jpg"))
        got = reader.read_face(image, face=f)
        assert not reads_mirrored(image, [got.geometry], net), f
        assert reads_mirrored(cv2.flip(image, 1), [reader.read_face(cv2.flip(image, 1), face=f)
                                                   .geometry], net), f


def test_a_mirrored_face_read_without_doubt_is_read_flipped_back(tmp_path):
    """A white cube's face whose mirrored digits are read as other digits with no doubt (its
    right face, mirrored, reads 4 5 4 2 8 2 8 4 3): every photo of a folder is asked, read
    with doubt or without."""
    _, images, _ = list(_rendered(2, 90000, None, "white"))[1]  # the benchmark's second
    folder = tmp_path / "photos"
    folder.mkdir()
    for f, image in images.items():
        cv2.imwrite(str(folder / f"{f}.png"), cv2.flip(image, 1) if f == "R" else image)
    reader = Reader(ocr="never")
    mirrored = reader.read_face(cv2.flip(images["R"], 1), face="R")
    assert not mirrored.doubtful  # read sure, and wrong
    reading = reader.read_photo_set(folder)
    assert [s.token for s in reading.faces["R"].stickers] == \
        [s.token for s in reader.read_face(images["R"], face="R").stickers]
    assert any(n.startswith("R.png is mirrored") for n in reading.notes), reading.notes


def test_a_checks_mirrored_photo_is_read_flipped_back(tmp_path, capsys):
    """``check`` given a mirrored photo of a face of the cube as the plan has it: the cube
    matches the plan (it found no slip explaining the mirrored digits, or named another)."""
    import json

    from sudoku_cube.assistant.cli import main

    folder = SAMPLES / "cubes" / "01-easy"
    assert main(["solve", str(folder), "--json", "--plain", "--no-ocr"]) == 0
    moves = " ".join(json.loads(capsys.readouterr().out)["moves"])
    photo = tmp_path / "F.png"
    cv2.imwrite(str(photo), cv2.flip(cv2.imread(str(folder / "F.jpg")), 1))
    code = main(["check", str(folder), "--moves", moves, "--step", "0", "--photo", f"F={photo}"])
    out = capsys.readouterr()
    assert code == 0, out.err
    assert "matches the plan" in " ".join((out.out + out.err).split())


def test_a_mirrored_corner_photo_held_upside_down_names_its_faces_where_it_shows_them(
        tmp_path):
    """Corner photo A turned half round, then saved mirrored: read flipped back, and the note
    on how it was held says where the photo as saved shows each face (left and right as in
    the photo, not in the picture flipped back)."""
    import re

    def places(photo) -> dict[str, str]:
        folder = tmp_path / str(len(list(tmp_path.iterdir())))
        folder.mkdir()
        cv2.imwrite(str(folder / "A.png"), photo)
        shutil.copy(SAMPLES / "corners" / "c1-plain" / "B.jpg", folder / "B.jpg")
        notes = " ".join(" ".join(Reader(ocr="never").read_photo_set(folder).notes).split())
        return dict(re.findall(r"([UFR]) is the face with centre \d \(at the ([a-z ]+) of the "
                               r"picture\)", notes))

    turned = cv2.rotate(cv2.imread(str(SAMPLES / "corners" / "c1-plain" / "A.jpg")),
                        cv2.ROTATE_180)
    as_turned, mirrored = places(turned), places(cv2.flip(turned, 1))
    swap = {"top left": "top right", "top right": "top left", "bottom": "bottom"}
    assert as_turned and mirrored == {f: swap[p] for f, p in as_turned.items()}


def test_a_mirrored_photo_read_alone_without_doubt_is_read_flipped_back(tmp_path, capsys):
    """One photo file given to ``read``, mirrored, whose digits read as others without doubt
    (sample 04's right face: a mirrored 7 reads as a 1): asked all the same, as a photo read
    alone has no other faces to count digits with, and read as the photo as taken."""
    from sudoku_cube.assistant.cli import main

    folder = SAMPLES / "cubes" / "04-phone-portrait"
    photo = tmp_path / "R.png"
    cv2.imwrite(str(photo), cv2.flip(cv2.imread(str(folder / "R.jpg")), 1))
    reader = Reader(ocr="never")
    assert not reader.read_face(cv2.imread(str(photo)), face="R").doubtful
    assert main(["read", "--json", "--ocr", "never", str(photo)]) == 0
    out = capsys.readouterr()
    got = json.loads(out.out)[str(photo)]
    assert got["mirrored"] and "R.png is mirrored" in " ".join(out.err.split())
    assert got["faces"] == [s.token for s in reader.read_face(
        cv2.imread(str(folder / "R.jpg")), face="R").stickers]


def test_a_mirrored_face_whose_digits_count_as_its_own_is_read_flipped_back(tmp_path):
    """A new user's front-camera photo (the exam renderer's white cube, seed 11): tesseract's
    vote settled the one doubtful cell of the mirrored face, and its mirrored digits read as
    its own digits turned, so the cube's counts were right too; it was read as sure with
    eight stickers wrong, and the grid refused the cube without naming the photo. Every
    photo is asked now, so it is read flipped back and said."""
    from sudoku_cube.models.generator.cube3 import make_puzzle
    from sudoku_cube.render.second import face_shot
    state = make_puzzle(11, 20).state
    folder = tmp_path / "photos"
    folder.mkdir()
    for f in FACES:
        image = face_shot(state, f, 11, "white").image
        cv2.imwrite(str(folder / f"{f}.jpg"), cv2.flip(image, 1) if f == "F" else image)
    reading = Reader(ocr="auto").read_photo_set(folder)
    assert reading.faces["F"].mirrored
    assert [s.digit for s in reading.faces["F"].stickers] == [s.digit for s in state.face("F")]
    assert any(n.startswith("F.jpg is mirrored") for n in reading.notes), reading.notes
