"""A check's photo whose file's name leaves open what it shows: B names face B and corner photo
B, and a name like back.jpg says neither the face nor the corner. A photo named B that shows a
corner is corner photo B, at the guide's prompt and given to ``check --photo``; ``check
--corner back.jpg`` is photo A or B by the centres it shows; ``check --photo A.jpg`` is
corner photo A, as the guide takes it. A face photo whose name leaves it open is still a face
photo."""
from __future__ import annotations

import io
import json

import cv2
import pytest
from rich.console import Console

from sudoku_cube.assistant.cli import main
from sudoku_cube.assistant.services.guide import GuideCursor, steps_from_moves
from sudoku_cube.assistant.terminal.guide_check import check_cube
from sudoku_cube.models.cube.moves import format_moves, invert_moves, simplify
from sudoku_cube.models.cube.state_format import to_json
from sudoku_cube.models.generator.cube3 import make_puzzle
from sudoku_cube.models.slips.first_look import first_look
from tests import render_cache
from tests.conftest import check_plan, one_line

DONE = 10


@pytest.fixture(scope="module")
def plan():
    """A fixed plan, its start and the cube as the plan expects it after DONE steps."""
    start, moves = check_plan()
    return start, moves, start.apply(moves[:DONE])


def _corner(path, cube, which: str):
    """Corner photo ``which`` of ``cube`` saved as ``path``."""
    img, _ = render_cache.corner_photo(cube.faces(), which, seed=7, style="white")
    cv2.imwrite(str(path), img)
    return path


def _check(tmp_path, capsys, monkeypatch, start, moves, args):
    """``check --json`` at step DONE: its exit status, output and words on stderr."""
    monkeypatch.setenv("SUDOKU_CUBE_HOME", str(tmp_path))
    state = tmp_path / "start.json"
    state.write_text(to_json(start))
    code = main(["check", str(state), "--moves", format_moves(moves), "--step", str(DONE),
                 "--json", *args])
    out = capsys.readouterr()
    return code, out.out, one_line(out.err)


def _guide(start, moves, answers, tmp_path, monkeypatch):
    """The guide's ``c`` at step DONE answered with ``answers``: its words and last line."""
    monkeypatch.setenv("SUDOKU_CUBE_HOME", str(tmp_path))
    todo = iter(answers)
    console = Console(file=io.StringIO(), width=100, record=True, color_system=None)
    cursor = GuideCursor(steps_from_moves(start, moves), start, remember=False, position=DONE)
    line = check_cube(cursor, console, lambda prompt, prefill="": next(todo))
    return one_line(console.export_text()), line


def test_the_guide_reads_a_corner_photo_named_b_as_corner_photo_b(plan, tmp_path,
                                                                  monkeypatch):
    """Typed at the guide's prompt, a corner photo B saved as B.png was read as face B and
    refused for its centre ("named after face B ..."): it shows a corner, so it is corner
    photo B, and said so."""
    start, moves, expected = plan
    photo = _corner(tmp_path / "B.png", expected, "B")
    text, line = _guide(start, moves, [str(photo), "q"], tmp_path, monkeypatch)
    assert "named after face B" not in text and "centres never move" not in text, text
    assert "B.png shows a corner of the cube (three faces): read as corner photo B" in text
    assert line == "The cube matches the plan at this step.", (text, line)


def test_the_guide_keeps_a_face_photo_named_after_no_face_a_face_photo(plan, tmp_path,
                                                                       monkeypatch):
    """A photo of one face named after no face, whose centre is not the face asked for's,
    shows no corner: it stays a photo of the face asked for, judged as before (here the
    cube held turned), never read as a corner photo."""
    start, moves, expected = plan
    other = next(f for f in "URFDLB" if f != first_look(start, moves, DONE).face)
    img, _ = render_cache.face_photo(expected.face(other), seed=3, style="white")
    photo = tmp_path / "photo.png"
    cv2.imwrite(str(photo), img)
    text, line = _guide(start, moves, [str(photo), "q", "q"], tmp_path, monkeypatch)
    assert "shows a corner" not in text and "corner photo B" not in text, text
    assert "corner photo A shows" not in text + line, (text, line)


def test_check_reads_a_corner_photo_with_no_letter_by_its_centres(plan, tmp_path, capsys,
                                                                  monkeypatch):
    """``--corner back.png`` of corner photo B was read as photo A and refused ("Retake
    corner photo A"): its centres are D's, L's and B's, so it is photo B."""
    start, moves, expected = plan
    photo = _corner(tmp_path / "back.png", expected, "B")
    code, out, err = _check(tmp_path, capsys, monkeypatch, start, moves, ["--corner", str(photo)])
    assert code == 0 and "Retake corner photo A" not in err, err
    res = json.loads(out)
    assert res["outcome"] == "as expected" and sorted(res["seen"]) == ["B", "D", "L"], res
    assert "back.png: read as corner photo B (D, L and B in view)" in err, err
    # corner photo A with no letter in its name is photo A, as before, and said nothing of
    photo = _corner(tmp_path / "front.png", expected, "A")
    code, out, err = _check(tmp_path, capsys, monkeypatch, start, moves, ["--corner", str(photo)])
    assert code == 0 and sorted(json.loads(out)["seen"]) == ["F", "R", "U"], (out, err)
    assert "read as corner photo" not in err, err


def test_check_photo_named_a_or_b_of_a_corner_is_that_corner_photo(plan, tmp_path, capsys,
                                                                  monkeypatch):
    """``--photo A.png`` was read as face F (its clearest face); a file named A is corner
    photo A, as the guide takes it, and one named B that shows a corner is corner photo B;
    face B's own photo named B is still face B's."""
    start, moves, expected = plan
    for which, faces in (("A", ["F", "R", "U"]), ("B", ["B", "D", "L"])):
        photo = _corner(tmp_path / f"{which}.png", expected, which)
        code, out, err = _check(tmp_path, capsys, monkeypatch, start, moves,
                                ["--photo", str(photo)])
        res = json.loads(out)
        assert code == 0 and sorted(res["seen"]) == faces, (which, res, err)
        assert f"read as corner photo {which}" in err, err
    img, _ = render_cache.face_photo(expected.face("B"), seed=3, style="white")
    (tmp_path / "face").mkdir()
    cv2.imwrite(str(tmp_path / "face" / "B.png"), img)  # face B's own photo: face B
    code, out, err = _check(tmp_path, capsys, monkeypatch, start, moves,
                            ["--photo", str(tmp_path / "face" / "B.png")])
    assert code == 0 and json.loads(out)["seen"] == ["B"] and "corner" not in err, (out, err)


@pytest.mark.parametrize("seed", [5, 8])
def test_a_corner_photo_named_b_whose_faces_share_b_centres_digit_is_still_a_corner(
        seed, tmp_path, capsys, monkeypatch):
    """A corner photo B named B.png of a cube whose D or L centre carries B's digit: its
    clearest face, read as face B's photo, showed B's centre digit, so the photo was taken as
    face B and the check found no slip where there was none. A photo named B is asked
    whether it shows a corner even where its face reading fits."""
    pz = make_puzzle(seed, 20)
    moves = simplify(invert_moves(pz.scramble))
    expected = pz.state.apply(moves[:DONE])
    centres = {f: expected.face(f)[4].digit for f in "DLB"}
    assert centres["B"] in (centres["D"], centres["L"]), centres  # the twin this is about
    photo = _corner(tmp_path / "B.png", expected, "B")
    code, out, err = _check(tmp_path, capsys, monkeypatch, pz.state, moves,
                            ["--photo", str(photo)])
    res = json.loads(out)
    assert code == 0 and res["outcome"] == "as expected", (res, err)
    assert sorted(res["seen"]) == ["B", "D", "L"] and "read as corner photo B" in err, err


def test_a_corner_photo_b_held_turned_with_no_letter_is_judged_as_photo_b(plan, tmp_path,
                                                                         capsys, monkeypatch):
    """Corner photo B turned a quarter round, given as ``--corner side.png``: read as photo A
    its centres are not U's, F's and R's, and read as B its faces are named by the turned
    pose, so neither fits; the person was sent to retake corner photo A, the other corner.
    The photo shows B's faces' centre digits, so it is judged as photo B."""
    start, moves, expected = plan
    img, _ = render_cache.corner_photo(expected.faces(), "B", seed=7, style="white")
    photo = tmp_path / "side.png"
    cv2.imwrite(str(photo), cv2.rotate(img, cv2.ROTATE_90_CLOCKWISE))
    code, out, err = _check(tmp_path, capsys, monkeypatch, start, moves, ["--corner", str(photo)])
    assert "Retake corner photo A" not in err and "side.png: read as corner photo B" in err, err
    assert "corner photo B shows centres" in err or code == 0, (code, err)
