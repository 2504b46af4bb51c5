"""Phone photos read as every viewer shows them: the EXIF Orientation tag is applied on loading,
in every reader (a folder of faces, a single photo, a corner pair, ``check --photo``)."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import cv2
import numpy as np
import pytest
from PIL import Image, ImageOps

from sudoku_cube.assistant.cli import main
from sudoku_cube.vision.photo.images import load_image
from tests.phone_photos import phone_jpeg

ROOT = Path(__file__).resolve().parents[1] / "samples"
EASY = ROOT / "cubes" / "01-easy"
CORNERS = ROOT / "corners" / "c1-plain"


@pytest.mark.parametrize("orientation", range(1, 9))
def test_every_orientation_tag_is_applied(orientation, tmp_path):
    shown = cv2.resize(cv2.imread(str(EASY / "F.jpg")), (640, 480), interpolation=cv2.INTER_AREA)
    path = phone_jpeg(shown, orientation, tmp_path / "F.jpg")
    with Image.open(path) as im:  # the file is what a phone writes: a viewer shows `shown`
        viewer = cv2.cvtColor(np.asarray(ImageOps.exif_transpose(im)), cv2.COLOR_RGB2BGR)
        stored_size = im.size
    assert stored_size == ((480, 640) if orientation >= 5 else (640, 480))
    img = load_image(path)
    assert img.shape == shown.shape
    assert np.abs(img.astype(int) - viewer.astype(int)).mean() < 1.0
    assert np.abs(img.astype(int) - shown.astype(int)).mean() < 4.0


def test_a_png_s_orientation_tag_is_applied(tmp_path):
    shown = cv2.resize(cv2.imread(str(EASY / "F.jpg")), (640, 480), interpolation=cv2.INTER_AREA)
    exif = Image.Exif()
    exif[0x0112] = 6  # Orientation: the stored picture is shown turned a quarter clockwise
    stored = cv2.rotate(shown, cv2.ROTATE_90_COUNTERCLOCKWISE)
    Image.fromarray(cv2.cvtColor(stored, cv2.COLOR_BGR2RGB)).save(tmp_path / "F.png",
                                                                  exif=exif.tobytes())
    assert np.array_equal(load_image(tmp_path / "F.png"), shown)


def _faces(capsys, argv: list[str]) -> dict:
    code = main(argv)
    out = capsys.readouterr()
    assert code == 0, out.err
    return json.loads(out.out)["faces"]


def test_folder_of_phone_photos_reads_as_shown(tmp_path, capsys):
    d = tmp_path / "phone"
    d.mkdir()
    for face, orientation in zip("URFDLB", (6, 8, 3, 6, 1, 8)):
        phone_jpeg(cv2.imread(str(EASY / f"{face}.jpg")), orientation, d / f"{face}.jpg")
    truth = json.loads((EASY / "truth.json").read_text())["faces"]
    assert _faces(capsys, ["read", str(d), "--json", "--no-ocr"]) == truth


def test_single_phone_photo_reads_as_shown(tmp_path, capsys):
    shutil.copytree(EASY, tmp_path / "upright")
    phone = phone_jpeg(cv2.imread(str(EASY / "F.jpg")), 6, tmp_path / "F.jpg")
    assert main(["read", str(tmp_path / "upright" / "F.jpg"), "--no-ocr"]) == 0
    upright = capsys.readouterr().out
    assert main(["read", str(phone), "--no-ocr"]) == 0
    phone_out = capsys.readouterr().out
    assert phone_out.split()[-9:] == upright.split()[-9:]  # the face's nine tokens
    assert len(set(upright.split()[-9:])) > 3


def test_corner_pair_of_phone_photos_reads_as_shown(tmp_path, capsys):
    d = tmp_path / "corners"
    d.mkdir()
    phone_jpeg(cv2.imread(str(CORNERS / "A.jpg")), 8, d / "A.jpg")
    phone_jpeg(cv2.imread(str(CORNERS / "B.jpg")), 6, d / "B.jpg")
    truth = json.loads((CORNERS / "truth.json").read_text())["faces"]
    assert _faces(capsys, ["read", str(d), "--json", "--no-ocr"]) == truth
