"""The OCR vote asked for on a machine without tesseract: the cube is still read and solved,
and every command that reads photos says the vote was skipped."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from sudoku_cube.assistant.cli import main
from sudoku_cube.models.cube.moves import parse_moves
from sudoku_cube.models.cube.solved import is_solved
from sudoku_cube.models.cube.state_format import parse_json
from sudoku_cube.vision.reading import faces
from sudoku_cube.vision.recognise.ocr import MISSING_WARNING

SAMPLE = Path(__file__).resolve().parents[1] / "samples" / "cubes" / "01-easy"


@pytest.fixture
def no_tesseract(monkeypatch, tmp_path) -> Path:
    """A copy of a sample folder, read where the tesseract program does not run."""
    monkeypatch.setattr(faces, "tesseract_available", lambda: False)
    folder = tmp_path / "cube"
    shutil.copytree(SAMPLE, folder)
    return folder


def _said(err: str) -> str:
    return " ".join(err.split())  # the console wraps long lines


def test_read_says_the_ocr_vote_was_skipped(no_tesseract, capsys):
    assert main(["read", str(no_tesseract), "--ocr", "always"]) == 0
    assert f"warning: {MISSING_WARNING}" in _said(capsys.readouterr().err)


def test_solve_says_the_ocr_vote_was_skipped_and_still_solves(no_tesseract, capsys):
    assert main(["solve", str(no_tesseract), "--ocr", "always", "--json"]) == 0
    out, err = capsys.readouterr()
    assert f"warning: {MISSING_WARNING}" in _said(err)
    result = json.loads(out)
    truth = parse_json((SAMPLE / "truth.json").read_text())
    assert is_solved(truth.apply(parse_moves(" ".join(result["moves"]))))


def test_nothing_is_said_where_the_vote_is_not_asked(no_tesseract, capsys):
    assert main(["solve", str(no_tesseract), "--no-ocr", "--plain"]) == 0
    assert "tesseract" not in capsys.readouterr().err
