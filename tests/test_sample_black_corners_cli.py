"""The bundled corner pair of the black Sudoku Cube (samples/corners/c4-black: dark grey
stickers, white serif digits, a footed 1) is read and solved through the command line: the
reading is the truth and the plan, applied to the true cube, solves it; photo A alone reads
its three faces."""
from __future__ import annotations

import json
from pathlib import Path

from sudoku_cube.assistant.cli import main
from sudoku_cube.models.cube.moves import parse_moves
from sudoku_cube.models.cube.solved import is_solved
from sudoku_cube.models.cube.state_format import parse_json

CUBE = Path(__file__).resolve().parents[1] / "samples" / "corners" / "c4-black"


def test_black_corner_pair_is_read_and_solved_through_the_cli(capsys):
    truth = parse_json((CUBE / "truth.json").read_text())
    assert main(["read", str(CUBE), "--json", "--no-ocr"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert parse_json(json.dumps({k: out[k] for k in ("format", "faces")})).stickers == \
        truth.stickers
    assert out["one"]["footed"] > 0 and not out["one"]["symmetric"]
    assert main(["solve", str(CUBE), "--json"]) == 0
    plan = json.loads(capsys.readouterr().out)
    assert is_solved(truth.apply(parse_moves(plan["moves"])))


def test_lone_corner_photo_a_reads_its_three_faces(capsys, tmp_path):
    truth = json.loads((CUBE / "photos.json").read_text())
    photo = tmp_path / "A.jpg"
    photo.write_bytes((CUBE / "A.jpg").read_bytes())
    assert main(["read", str(photo), "--json", "--no-ocr"]) == 0
    out = json.loads(capsys.readouterr().out)[str(photo)]
    assert out["photo"] == "A" and list(out["faces"]) == ["U", "F", "R"]
    for face, got in out["faces"].items():
        assert got["faces"] == truth["A"]["faces"][face]["tokens"], face


def test_corner_option_reads_any_file_and_refuses_a_folder(capsys, tmp_path):
    photo = tmp_path / "from-the-corner.jpg"
    photo.write_bytes((CUBE / "B.jpg").read_bytes())
    assert main(["read", "--corner", "b", str(photo), "--no-ocr"]) == 0
    # the console wraps the line between words after a long temporary path
    assert "corner photo B" in " ".join(capsys.readouterr().out.split())
    assert main(["read", "--corner", "A", str(tmp_path), "--no-ocr"]) == 2
    assert "takes photo files, not a folder" in capsys.readouterr().err


def test_folder_with_only_photo_a_says_photo_b_is_missing(capsys, tmp_path):
    (tmp_path / "A.jpg").write_bytes((CUBE / "A.jpg").read_bytes())
    assert main(["read", str(tmp_path), "--no-ocr"]) == 2
    assert "corner photo B (D, L and B) is missing" in capsys.readouterr().err


def test_photo_b_beside_a_face_photo_is_face_b(capsys, tmp_path):
    """B is a face letter too: with U beside it the folder is a set of face photos."""
    faces = CUBE.parents[1] / "cubes" / "01-easy"
    for name in ("U.jpg", "B.jpg"):
        (tmp_path / name).write_bytes((faces / name).read_bytes())
    assert main(["read", str(tmp_path), "--no-ocr"]) == 2
    err = " ".join(capsys.readouterr().err.split())
    assert "face R F D L missing" in err and "not named after a face" not in err
    assert "corner photo B" not in err and "A.jpg" not in err  # B read as face B
    (tmp_path / "U.jpg").unlink()
    assert main(["read", str(tmp_path), "--no-ocr"]) == 2
    assert "corner photo A (U, F and R) is missing (found B)" in " ".join(
        capsys.readouterr().err.split())


def test_corner_option_names_a_missing_photo_as_missing(capsys, tmp_path):
    """A path that is not there is no folder: it is named as missing, as ``read`` names it."""
    assert main(["read", "--corner", "A", str(tmp_path / "nosuch.jpg"), "--no-ocr"]) == 2
    err = " ".join(capsys.readouterr().err.split())
    assert "nosuch.jpg: no such file" in err and "not a folder" not in err
