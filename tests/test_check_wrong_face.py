"""A check refuses a face photo whose centre, read surely, is not the centre of the face it was
given for: centres never move, so it shows another face (named by its centre) or another cube.
It says so, with how to retake it, before any slip (exit 2), in ``check`` and in the guide's
``c`` key alike; a centre read with doubt is never refused on. Where no slip fits a check of a
photo folder's cube, the photos are taken and read again (not only ``scan``)."""
from __future__ import annotations

import io
import shutil
from pathlib import Path

import pytest
from rich.console import Console

from sudoku_cube.assistant.cli import main
from sudoku_cube.assistant.commands import check
from sudoku_cube.assistant.services.guide import GuideCursor, steps_from_moves
from sudoku_cube.assistant.terminal.guide_check import check_cube
from sudoku_cube.models.cube.moves import parse_moves
from sudoku_cube.models.cube.state_format import parse_state
from sudoku_cube.models.cube.stickers import Hypothesis, Sticker

CUBES = Path(__file__).resolve().parents[1] / "samples" / "cubes"
BLACK = CUBES / "09-black"
PLAN = ("U' B D2 L U' R F2 U2 R' B' U B L2 F2 R2 U2 D R2 F2 U' L2 U2 L2 D")
"""The plan `solve` makes for the photos of 09-black (centre 5 on F, 4 on U)."""


def _check(state: Path, *args: str) -> list[str]:
    return ["check", str(state), "--moves", PLAN, "--step", "0", *args]


def _flat(text: str) -> str:
    return " ".join(text.split())


def test_a_photo_of_the_top_face_given_as_f_is_named_and_refused(capsys):
    code = main(_check(BLACK, "--photo", f"F={BLACK / 'U.jpg'}"))
    out = capsys.readouterr()
    err = _flat(out.err)
    assert code == 2 and out.out == "", out.out
    assert "Traceback" not in err and "slip" not in err, err
    assert f"{BLACK / 'U.jpg'}: the photo given for face F shows centre 4" in err, err
    assert "the centre of face F is 5" in err
    assert "it seems to show the face with centre 4 (U) instead" in err
    assert "Retake the photo of face F: hold the cube with centre 5 towards the camera" in err


def test_a_photo_of_another_cube_is_refused(capsys):
    code = main(_check(BLACK, "--photo", f"F={CUBES / '01-easy' / 'F.jpg'}"))
    out = capsys.readouterr()
    err = _flat(out.err)
    assert code == 2 and out.out == "", out.out
    assert "the photo given for face F shows centre 2" in err, err
    assert "no face of this cube has centre 2: it seems to be a photo of another cube" in err
    assert "Retake the photo of face F" in err and "Traceback" not in err


def test_the_right_photo_still_checks(capsys):
    code = main(_check(BLACK / "truth.json", "--photo", f"F={BLACK / 'F.jpg'}"))
    out = capsys.readouterr()
    assert code == 0 and "The cube matches the plan at this step." in out.out, out


def _doubtful_centre(face: str, digit: int):
    """``photo_cells`` standing in for a reader: the true stickers of ``face`` of 09-black,
    sure, but the centre read as ``digit`` with doubt (a close runner-up)."""
    truth = parse_state((BLACK / "truth.json").read_text())
    right = truth.face(face)[4]

    def read(_face, _path, _reader=None):
        cells = [(Hypothesis(s, 0.99),) for s in truth.face(face)]
        cells[4] = (Hypothesis(Sticker(digit, 0), 0.6), Hypothesis(right, 0.55))
        return tuple(cells)
    return read


def test_a_doubtful_centre_is_not_refused(capsys, monkeypatch):
    """Face F read with its centre 5 doubtfully taken for a 4: the check goes on (and finds
    the cube as planned); the top face photographed as F, its centre 4 doubtful: no refusal,
    no slip fits, and a photo folder's cube is read again from new photos."""
    monkeypatch.setattr(check, "photo_cells", _doubtful_centre("F", 4))
    code = main(_check(BLACK / "truth.json", "--photo", f"F={BLACK / 'F.jpg'}"))
    out = capsys.readouterr()
    assert code == 0 and "matches the plan" in out.out, out
    monkeypatch.setattr(check, "photo_cells", _doubtful_centre("U", 4))
    code = main(_check(BLACK, "--photo", f"F={BLACK / 'U.jpg'}"))
    out = capsys.readouterr()
    said = _flat(out.out)
    assert code == 4 and said.startswith("No likely slip explains this face"), out
    assert (f"take the photos in {BLACK} again and read them (sudoku-cube solve {BLACK})"
            in said), said
    assert "sudoku-cube scan" not in said


@pytest.mark.parametrize("first", ["U", "01-easy"])
def test_the_guide_check_refuses_the_wrong_photo_and_asks_again(first, tmp_path, monkeypatch):
    """The guide's ``c``: a photo named F.jpg of the top face (or of another cube) is refused
    in the same words and the path offered again; the right photo then checks."""
    monkeypatch.setenv("SUDOKU_CUBE_HOME", str(tmp_path))
    wrong = tmp_path / "F.jpg"
    shutil.copy(BLACK / "U.jpg" if first == "U" else CUBES / "01-easy" / "F.jpg", wrong)
    answers = iter([str(wrong), str(BLACK / "F.jpg")])
    prompts: list[tuple[str, str]] = []

    def ask(prompt: str, prefill: str = "") -> str:
        prompts.append((prompt, prefill))
        return next(answers)

    start = parse_state((BLACK / "truth.json").read_text())
    cursor = GuideCursor(steps_from_moves(start, parse_moves(PLAN)), start, remember=False,
                         position=0)
    console = Console(file=io.StringIO(), width=100, record=True, color_system=None)
    line = check_cube(cursor, console, ask)
    text = _flat(console.export_text())
    centre = "4" if first == "U" else "2"
    assert f"{wrong}: the photo given for face F shows centre {centre}" in text, text
    assert "Retake the photo of face F" in text
    assert len(prompts) == 2 and prompts[1][1] == str(wrong), prompts
    assert line == "The cube matches the plan at this step.", line
