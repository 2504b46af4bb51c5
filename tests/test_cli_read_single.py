"""``read`` on single photos: a person checks one photo before taking the others."""
from __future__ import annotations

import json
from pathlib import Path

from sudoku_cube.assistant.cli import main
from sudoku_cube.models.state_format import parse_json

SAMPLES = Path(__file__).resolve().parents[1] / "samples"


def test_one_good_photo_prints_its_face(capsys):
    truth = parse_json((SAMPLES / "cubes/01-easy/truth.json").read_text())
    assert main(["read", str(SAMPLES / "cubes/01-easy/U.jpg"), "--no-ocr", "--json"]) == 0
    out = capsys.readouterr()
    data = json.loads(out.out)
    (reading,) = data.values()
    assert reading["faces"] == [s.token for s in truth.face("U")]
    assert "a whole cube needs the six faces" in out.err


def test_one_bad_photo_says_what_is_wrong_with_it(capsys):
    assert main(["read", str(SAMPLES / "bad/half-face/F.jpg"), "--no-ocr"]) == 2
    err = capsys.readouterr().err
    assert "half-face/F.jpg: partial face" in err and "Traceback" not in err
    assert main(["read", str(SAMPLES / "bad/two-cubes/F.jpg"), "--no-ocr"]) == 2
    assert "two faces in one photo" in capsys.readouterr().err
