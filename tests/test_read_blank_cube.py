"""``read`` of six photos in which no digit is seen on some stickers: those are shown as ``--``
in the net (not the recognisers' guess) and named in one line; a face without any digit (a
cube with no digits, or photos too dark to show them) asks whether it is a Sudoku Cube and
exits 2, as the single-photo read says it."""
from __future__ import annotations

import json
import re
import shutil
from dataclasses import replace
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
    the letters beside, and the photos to take again by their files."""
    folder = _cube_with_blanks(tmp_path / "cube", {"U": list(range(9)), "R": list(range(9)),
                                                   "F": [0]})
    assert main(["read", str(folder), "--no-ocr"]) == 2
    words = " ".join(capsys.readouterr().err.split())
    assert "none at all on the top face (U) and the right face (R): is this a Sudoku" in words
    assert "If so, retake U.png, R.png and F.png: sharp, evenly lit" in words


def test_a_few_stickers_without_a_digit_are_shown_blank_and_named_once(tmp_path, capsys):
    folder = _cube_with_blanks(tmp_path / "cube", {"U": [4], "F": [0, 8]})
    assert main(["read", str(folder), "--no-ocr"]) == 0
    out, err = capsys.readouterr()
    tokens = _net_tokens(out)
    assert len(tokens) == 54 and tokens.count("--") == 3
    text = " ".join(out.split())
    assert "no digit seen on sticker(s) U5 F1 F9" in text
    assert "doubtful U5" not in text and "warning" not in err


def test_the_cell_model_tells_a_face_without_digits(tmp_path):
    """The cell model judges each face of a cube whose digits are painted over as showing
    none (``plain``: every sticker blank), and no face of the cube as photographed."""
    from sudoku_cube.vision.reading.reader import Reader

    reader = Reader(ocr="never")
    painted = reader.read_photo_set(
        _cube_with_blanks(tmp_path / "cube", {f: list(range(9)) for f in "URFDLB"}))
    assert all(r.plain and r.blank == tuple(range(9)) for r in painted.faces.values())
    photographed = reader.read_photo_set(CUBE)
    assert not any(r.plain for r in photographed.faces.values())
    assert all(sum(r.digit_seen) > 8 for r in photographed.faces.values())


def _plain_faces(reading, keep: str = ""):
    """``reading`` with every face but those in ``keep`` judged to show no digit by the cell
    model, whatever ink the glyph voters found on it (a plain colour cube's sticker edges)."""
    import dataclasses

    faces = {f: r if f in keep else dataclasses.replace(r, digit_seen=(0.1,) * 9)
             for f, r in reading.faces.items()}
    return dataclasses.replace(reading, faces=faces)


def test_a_plain_cube_is_not_solved_from_its_edges(monkeypatch, capsys):
    """Photos whose faces show no digit to the cell model, though their ink reads as digits
    to the glyph voters, are no Sudoku Cube: ``read`` shows every sticker blank and ``solve``
    asks whether it is one, naming the photos to retake, exit 2 before any search."""
    from sudoku_cube.vision.reading.reader import Reader

    real = Reader.read_photo_set
    monkeypatch.setattr(Reader, "read_photo_set",
                        lambda self, path, **kw: _plain_faces(real(self, path, **kw)))
    assert main(["read", str(CUBE), "--no-ocr"]) == 2
    out, err = capsys.readouterr()
    assert _net_tokens(out).count("--") == 54
    assert main(["solve", str(CUBE), "--plain", "--no-ocr"]) == 2
    words = " ".join(capsys.readouterr().err.split())
    assert "is this a Sudoku Cube (a digit on every sticker)? If so, retake U.jpg" in words
    assert "Traceback" not in words and "grid solver" not in words


def test_one_face_taken_for_digits_does_not_let_a_plain_cube_through(monkeypatch, capsys):
    """Most faces showing no digit is enough: a plain cube one of whose faces the cell model
    half believes printed is refused as the others say, not searched as guesses; a reading
    with most faces printed is not."""
    from sudoku_cube.vision.reading.reader import Reader

    real = Reader.read_photo_set
    keep = {"value": "U"}
    monkeypatch.setattr(Reader, "read_photo_set", lambda self, path, **kw: _plain_faces(
        real(self, path, **kw), keep["value"]))
    assert main(["solve", str(CUBE), "--plain", "--no-ocr"]) == 2
    words = " ".join(capsys.readouterr().err.split())
    assert "is this a Sudoku Cube" in words and "grid solver" not in words
    keep["value"] = "URFD"  # two faces without digits: photos to retake, no refusal of the cube
    main(["solve", str(CUBE), "--plain", "--no-ocr"])
    assert "is this a Sudoku Cube" not in " ".join(capsys.readouterr().err.split())


def _plain_corner(photo: str, faces: str = "URF") -> dict:
    """What the reader makes of a plain cube's corner photo: three faces (those of ``photo``,
    ``faces``) on which the cell model sees no digit, whatever the glyph voters guessed."""
    from sudoku_cube.models.cube.stickers import Hypothesis, Sticker
    from sudoku_cube.vision.locate.face_geometry import FaceGeometry
    from sudoku_cube.vision.reading.faces import FaceReading

    geometry = FaceGeometry(np.eye(3), np.zeros((4, 2)), (True,) * 9)
    guess = (Sticker(1, 0),) * 9  # sticker edges read as 1s
    return {f: FaceReading(guess, tuple((Hypothesis(s, 0.6),) for s in guess), (0.6,) * 9,
                           geometry, f, photo, digit_seen=(0.1,) * 9) for f in faces}


def test_a_plain_cubes_corner_photo_is_asked_again_as_a_corner_photo(monkeypatch, capsys):
    """``read --corner A`` of a plain cube's corner: every face shows blanks, and the advice
    is to retake that corner photo, by its file, once, not to photograph a face."""
    from sudoku_cube.vision.reading.reader import Reader

    photo = Path(__file__).resolve().parents[1] / "samples" / "corners" / "c1-plain" / "A.jpg"
    monkeypatch.setattr(Reader, "read_corner_photo",
                        lambda self, img, which, source=None, **kw: _plain_corner(source))
    assert main(["read", "--corner", "A", str(photo), "--no-ocr"]) == 2  # after printing it
    out = capsys.readouterr().out
    words = " ".join(out.split())
    assert out.count("-- -- --") == 9, out  # three blank rows on each of three faces
    assert words.count("is this a Sudoku Cube") == 1, words
    assert ("no digit seen on any of its faces: is this a Sudoku Cube (a digit on every "
            "sticker)? If so, retake A.jpg (corner photo A): sharp, evenly lit, no glare, the "
            "corner square on with its three faces filling much of the picture") in words, words
    assert "photograph the face" not in words


def test_a_single_photo_without_any_digit_exits_2_after_printing_it(monkeypatch, capsys):
    """``read PHOTO`` and ``read --corner A PHOTO`` of a plain cube print what they read and
    exit 2, as ``read FOLDER`` of such photos does (with ``--json`` too); a photo with digits
    beside it does not hide the plain one, and the digits alone exit 0."""
    from sudoku_cube.vision.reading.reader import Reader

    corner = Path(__file__).resolve().parents[1] / "samples" / "corners" / "c1-plain" / "A.jpg"
    monkeypatch.setattr(Reader, "read_corner_photo",
                        lambda self, img, which, source=None, **kw: _plain_corner(source))
    assert main(["read", "--corner", "A", str(corner), "--no-ocr", "--json"]) == 2
    out, err = capsys.readouterr()
    assert len(json.loads(out)[str(corner)]["faces"]) == 3 and "is this a Sudoku Cube" in err
    real = Reader.read_face
    plain = _plain_corner("", "U")["U"]
    monkeypatch.setattr(Reader, "read_face", lambda self, img, source=None, face=None, **kw:
                        replace(plain, face=face, source=source) if face == "U"
                        else real(self, img, source=source, face=face, **kw))
    for argv in (["read", str(CUBE / "U.jpg")], ["read", str(CUBE / "U.jpg"), "--json"],
                 ["read", str(CUBE / "F.jpg"), str(CUBE / "U.jpg")]):
        assert main([*argv, "--no-ocr"]) == 2, argv
        out, err = capsys.readouterr()
        assert "is this a Sudoku Cube" in out + err and "Traceback" not in err, argv
    assert main(["read", str(CUBE / "F.jpg"), "--no-ocr"]) == 0
    assert "is this a Sudoku Cube" not in capsys.readouterr().out
