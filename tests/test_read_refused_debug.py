"""`read --debug DIR` on a photo that shows no usable face: the refusal's message and exit
status 2, no traceback (only the top-level ``sudoku-cube --debug`` shows tracebacks), and the
refused photo's annotated picture with the shapes taken for stickers and the reason on it."""
from __future__ import annotations

import shutil
from pathlib import Path

import cv2
import numpy as np
import pytest

from sudoku_cube.assistant.cli import main

SAMPLES = Path(__file__).resolve().parents[1] / "samples"


def _changed_share(photo: Path, picture: Path) -> float:
    """The share of the photo's pixels that the debug picture drew over."""
    a, b = cv2.imread(str(photo)), cv2.imread(str(picture))
    b = b[b.shape[0] - a.shape[0]:]  # the photo below the band with the reason
    return float(np.mean(np.abs(a.astype(int) - b.astype(int)).max(axis=2) > 40))


def test_refused_photo_gets_its_picture_and_no_traceback(tmp_path, capsys):
    out = tmp_path / "debug"
    photo = SAMPLES / "bad/blurred/F.jpg"
    assert main(["read", str(photo), "--debug", str(out), "--no-ocr"]) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err
    assert "no cube face found" in err
    assert f"Debug picture of the refused photo written to {(out / 'F-debug.png').resolve()}" \
        in " ".join(err.split())
    picture = out / "F-debug.png"
    (h, w), (ph, pw) = cv2.imread(str(picture)).shape[:2], cv2.imread(str(photo)).shape[:2]
    assert w == pw and h > ph  # the photo below a band with the reason
    assert _changed_share(photo, picture) > 0.002  # the shapes seen drawn on it


def test_refused_face_of_a_folder_gets_its_picture(tmp_path, capsys):
    # the five faces read get their pictures too, also those not begun when the first photo
    # read (U) was refused; the refused one shows both faces it saw
    folder = tmp_path / "cube"
    shutil.copytree(SAMPLES / "cubes/01-easy", folder)
    photo = SAMPLES / "bad/two-cubes/F.jpg"
    shutil.copy(photo, folder / "U.jpg")
    out = tmp_path / "debug"
    assert main(["read", str(folder), "--debug", str(out), "--no-ocr"]) == 2
    err = capsys.readouterr().err
    assert "two faces in one photo" in err and "Traceback" not in err
    read = [f"{f}-{kind}.png" for f in "RFDLB" for kind in ("debug", "cells")]
    assert sorted(p.name for p in out.iterdir()) == sorted(read + ["U-debug.png"])
    picture = out / "U-debug.png"
    a = cv2.imread(str(photo))
    b = cv2.imread(str(picture))[-a.shape[0]:]
    drawn = np.abs(a.astype(int) - b.astype(int)).max(axis=2) > 40
    half = a.shape[1] // 2  # the two cubes side by side: a lattice drawn on each
    assert drawn[:, :half].mean() > 0.005 and drawn[:, half:].mean() > 0.005
    assert "Debug pictures written to" in err and "refused photo written to" in err


def test_photos_given_one_by_one_keep_the_pictures_of_those_read(tmp_path, capsys):
    out = tmp_path / "debug"
    out.mkdir()
    (out / "F-cells.png").write_bytes(b"an earlier run's cells of F")  # not this run's
    given = [SAMPLES / "cubes/01-easy/U.jpg", SAMPLES / "bad/blurred/F.jpg"]
    assert main(["read", *map(str, given), "--debug", str(out), "--no-ocr"]) == 2
    err = capsys.readouterr().err
    assert "no cube face found" in err and "Traceback" not in err
    assert sorted(p.name for p in out.iterdir()) == ["F-debug.png", "U-cells.png", "U-debug.png"]


def test_a_corner_photo_not_upright_carries_its_faces():
    # a sample corner photo turned upside down: its three faces' 27 cells on the picture
    from sudoku_cube.vision.locate.corners.faces import NotUprightError, locate_corner
    image = cv2.rotate(cv2.imread(str(SAMPLES / "corners/c1-plain/A.jpg")), cv2.ROTATE_180)
    with pytest.raises(NotUprightError) as e:
        locate_corner(image, "A", "A.jpg").faces()
    seen = e.value.seen
    assert "is not upright" in str(e.value) and len(seen) == 27
    h, w = image.shape[:2]
    assert all(0 < s.x < 1 and 0 < s.y < h / w and s.lined_up for s in seen)


def test_top_level_debug_still_shows_the_traceback(tmp_path, capsys):
    photo = SAMPLES / "bad/half-face/F.jpg"
    assert main(["--debug", "read", str(photo), "--no-ocr"]) == 2
    assert "Traceback" in capsys.readouterr().err


def test_refused_corner_photo_gets_its_picture(tmp_path, capsys):
    photo = tmp_path / "A.jpg"
    shutil.copy(SAMPLES / "bad/blurred/F.jpg", photo)
    out = tmp_path / "debug"
    assert main(["read", str(photo), "--debug", str(out), "--no-ocr"]) == 2
    err = capsys.readouterr().err
    assert "corner photo A: " in err and "Traceback" not in err
    assert f"Debug picture of the refused photo written to {(out / 'A-debug.png').resolve()}" \
        in " ".join(err.split())
    picture = out / "A-debug.png"
    (h, w), (ph, pw) = cv2.imread(str(picture)).shape[:2], cv2.imread(str(photo)).shape[:2]
    assert w == pw and h > ph  # the photo below a band with the reason


def test_refused_corner_photo_of_a_folder_gets_its_picture(tmp_path, capsys):
    folder = tmp_path / "cube"
    folder.mkdir()
    shutil.copy(SAMPLES / "bad/blurred/F.jpg", folder / "A.jpg")
    shutil.copy(SAMPLES / "bad/blurred/F.jpg", folder / "B.jpg")
    out = tmp_path / "debug"
    assert main(["read", str(folder), "--debug", str(out), "--no-ocr"]) == 2
    err = capsys.readouterr().err
    assert "corner photo A: " in err and "Traceback" not in err
    assert [p.name for p in out.iterdir()] == ["A-debug.png"]


def test_the_reason_is_wrapped_to_lines_that_fit_the_band():
    from sudoku_cube.vision.reading.annotate_refusal import FONT, _wrapped
    reason = ("refused: /a/long/path/to/the/photo/A.jpg: corner photo A: no cube face found "
              "(3 sticker shapes seen); it must show three faces around one corner (U top, "
              "F lower left and R lower right). WWWWWW MMMMMM WWWWWW MMMMMM")
    lines = _wrapped(reason, 300, 0.6, 2)
    assert " ".join(lines) == reason and len(lines) > 3
    assert all(cv2.getTextSize(t, FONT, 0.6, 2)[0][0] <= 300 for t in lines)


def test_a_debug_folder_that_is_a_file_is_refused_before_reading(tmp_path, capsys):
    """--debug naming a file is refused at once, saying so (it was found only after the whole
    read, as "File exists")."""
    from sudoku_cube.assistant.cli import main

    taken = tmp_path / "notes.txt"
    taken.write_text("mine")
    assert main(["read", str(tmp_path / "missing-folder"), "--debug", str(taken)]) == 2
    err = " ".join(capsys.readouterr().err.split())
    assert f"--debug {taken}: is a file, not a folder" in err, err
    assert taken.read_text() == "mine"


def test_a_debug_folder_in_a_missing_folder_is_refused_and_nothing_made(tmp_path, capsys):
    """--debug in a folder that does not exist is refused before reading, with the `mkdir`
    that makes it (a slip in typing the path made the whole path of folders); a missing last
    folder is made, and the pictures written in it."""
    deep = tmp_path / "typo" / "debug"
    photo = str(SAMPLES / "cubes" / "01-easy" / "U.jpg")
    assert main(["read", photo, "--no-ocr", "--debug", str(deep)]) == 2
    err = " ".join(capsys.readouterr().err.split())
    assert f"--debug {deep}: the folder {deep.parent} does not exist" in err, err
    assert f"`mkdir -p {deep.parent}`" in err and not deep.parent.exists()
    assert main(["read", photo, "--no-ocr", "--debug", str(tmp_path / "debug")]) == 0
    assert (tmp_path / "debug" / "U-debug.png").exists()
