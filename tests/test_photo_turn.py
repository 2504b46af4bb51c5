"""A face photo held turned: the algebra of turning one face's reading, the search that names
the photo, and the CLI that says so and plans for the cube as it is."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import cv2
import pytest

from sudoku_cube.assistant.cli import main
from sudoku_cube.models.generator.cube3 import make_puzzle
from sudoku_cube.models.cube.face_words import face_words
from sudoku_cube.models.cube.geometry import FACES
from sudoku_cube.models.grid.photo_turn import find_turned_photo, photo_turned
from sudoku_cube.models.cube.solved import is_solved
from sudoku_cube.models.profile import CubeSettings
from sudoku_cube.models.cube.state_format import parse_json

EASY = Path(__file__).resolve().parents[1] / "samples" / "cubes" / "01-easy"


@pytest.fixture(scope="module")
def scrambled():
    return make_puzzle(321, 20).state


def test_four_quarter_turns_are_the_identity(scrambled):
    for face in FACES:
        once = photo_turned(scrambled, face, 1)
        assert once != scrambled
        assert photo_turned(once, face, 3) == scrambled
        assert photo_turned(photo_turned(once, face, 1), face, 2) == scrambled
        others = [f for f in FACES if f != face]
        assert all(once.face(f) == scrambled.face(f) for f in others)


def test_a_quarter_turn_moves_corners_round_and_turns_every_digit(scrambled):
    f = scrambled.face("F")
    t = photo_turned(scrambled, "F", 1).face("F")
    assert t[2] == f[0].turned(1)  # top left goes to top right, a quarter turn on
    assert t[8] == f[2].turned(1) and t[6] == f[8].turned(1) and t[0] == f[6].turned(1)
    assert t[4] == f[4].turned(1)  # the centre stays, turned


@pytest.mark.parametrize("face,k", [("F", 1), ("U", 2), ("B", 3)])
def test_the_turned_photo_is_named(scrambled, face, k):
    held = photo_turned(scrambled, face, k)
    found = find_turned_photo(held)
    assert found is not None and (found.face, (found.quarter_turns + k) % 4) == (face, 0)
    assert found.state == scrambled and held.transformed(found.turn) == scrambled
    name = face_words(scrambled, face)  # no file name: the face named by its centre digit
    assert found.describe().startswith(f"the photo of {name} shows its face turned")
    assert name.startswith(f"the face with centre {scrambled.face(face)[4].digit}")
    assert found.describe("F.jpg").startswith("F.jpg shows its face turned")


def test_nothing_is_named_when_no_single_turn_helps(scrambled):
    held = photo_turned(photo_turned(scrambled, "F", 1), "R", 1)
    assert find_turned_photo(held) is None


def test_solve_names_the_photo_held_turned_and_plans_the_cube(tmp_path, capsys):
    d = tmp_path / "photos"
    shutil.copytree(EASY, d)
    cv2.imwrite(str(d / "F.jpg"), cv2.rotate(cv2.imread(str(EASY / "F.jpg")),
                                             cv2.ROTATE_90_CLOCKWISE))
    code = main(["solve", str(d), "--json", "--no-ocr"])
    out = capsys.readouterr()
    assert code == 0, out.err
    assert "F.jpg shows its face turned a quarter turn clockwise" in " ".join(out.err.split())
    truth = parse_json((EASY / "truth.json").read_text())
    assert is_solved(truth.apply(" ".join(json.loads(out.out)["moves"])))


def test_a_centre_6_or_9_is_named_as_the_person_sees_it_on_a_cube_without_underlines():
    """With no file name the photo is named by its face's centre: on a cube whose 6 and 9
    carry no underline a centre 9 is '6 or 9' (no other centre looks like it)."""
    truth = make_puzzle(311, 20).state  # D's centre is a 9, no other centre a 6 or 9
    assert [f for f in FACES if truth.face(f)[4].digit in (6, 9)] == ["D"]
    plain = CubeSettings(underlined_69=False)
    found = find_turned_photo(photo_turned(truth, "D", 1), plain)
    assert found is not None and found.face == "D" and found.state == truth
    assert found.describe(settings=plain).startswith(
        "the photo of the face with centre 6 or 9 (D) shows its face turned")
    assert found.describe().startswith("the photo of the face with centre 9 (D) shows")
