"""Vision on the bundled sample photos: every sample cube against its truth, the bad samples'
messages, folder errors, OCR with the real tesseract, and the read command."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from sudoku_cube.models.errors import SudokuCubeError
from sudoku_cube.models.cube.state_format import parse_json
from sudoku_cube.vision.locate.detect import FaceNotFoundError
from sudoku_cube.vision.photo.images import ImageError, load_image
from sudoku_cube.vision.reading.photo_set import read_folder
from sudoku_cube.vision.reading.faces import read_face

ROOT = Path(__file__).resolve().parents[1] / "samples"
CUBES = sorted(p for p in (ROOT / "cubes").iterdir() if (p / "truth.json").exists())


@pytest.mark.parametrize("cube", CUBES, ids=lambda p: p.name)
def test_sample_cube_read_matches_truth(cube):
    truth = parse_json((cube / "truth.json").read_text())
    reading = read_folder(cube, ocr=False)
    state = reading.state
    right = sum(a == b for a, b in zip(state.stickers, truth.stickers))
    in_candidates = sum(t in [h.sticker for h in state.hypotheses(i)]
                        for i, t in enumerate(truth.stickers))
    assert right >= 52, f"{cube.name}: {right}/54 stickers right"
    assert in_candidates >= 53, f"{cube.name}: truth among candidates for {in_candidates}/54"
    for f, r in reading.faces.items():
        assert r.source.endswith(f"{f}.jpg") and r.geometry.quad.shape == (4, 2)
        assert len(r.confidence) == 9 and all(0 < c <= 1 for c in r.confidence)


@pytest.mark.parametrize("name,pattern", [
    ("no-cube", "no cube face found"),
    ("blurred", "no cube face found.*blurred"),
    ("half-face", "partial face.*cut off at the right edge"),
    ("two-cubes", "two faces"),
])
def test_bad_sample_messages(name, pattern):
    path = ROOT / "bad" / name / "F.jpg"
    with pytest.raises(FaceNotFoundError, match=pattern) as e:
        read_face(load_image(path), ocr=False, source=str(path))
    assert str(path) in str(e.value)


def test_not_an_image_sample():
    with pytest.raises(ImageError, match="not an image"):
        load_image(ROOT / "bad" / "not-an-image" / "F.jpg")


def test_folder_missing_and_duplicated_faces(tmp_path):
    src = CUBES[0]
    for f in "URFDL":
        shutil.copy(src / f"{f}.jpg", tmp_path / f"{f.lower()}.JPG")
    with pytest.raises(SudokuCubeError, match="face B missing"):
        read_folder(tmp_path, ocr=False)
    shutil.copy(src / "B.jpg", tmp_path / "B.png")
    shutil.copy(src / "B.jpg", tmp_path / "b.jpeg")
    with pytest.raises(SudokuCubeError, match="face B has 2 photos"):
        read_folder(tmp_path, ocr=False)


def test_corner_photos_hook(tmp_path):
    shutil.copy(CUBES[0] / "U.jpg", tmp_path / "A.jpg")
    with pytest.raises(SudokuCubeError, match="corner photos"):
        read_folder(tmp_path, ocr=False)


def test_ocr_vote_with_real_tesseract():
    from sudoku_cube.vision.recognise.ocr import tesseract_available

    assert tesseract_available(), "tesseract must be installed for the OCR vote"
    cube = CUBES[0]
    truth = parse_json((cube / "truth.json").read_text()).face("F")
    r = read_face(load_image(cube / "F.jpg"), ocr=True, face="F")
    assert "ocr" in r.timings_ms
    assert r.stickers == truth


def test_read_command_json(capsys, tmp_path):
    from sudoku_cube.assistant.cli import main

    code = main(["read", str(CUBES[0]), "--json", "--no-ocr", "--debug", str(tmp_path)])
    assert code == 0
    data = json.loads(capsys.readouterr().out)
    truth = json.loads((CUBES[0] / "truth.json").read_text())
    assert data["faces"] == truth["faces"]
    assert len(data["candidates"]["U"]) == 9
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        f"{f}-{kind}.png" for f in "URFDLB" for kind in ("debug", "cells"))
    assert main(["read", str(ROOT / "bad" / "no-cube")]) == 2
