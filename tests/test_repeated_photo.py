"""One face photographed twice: found in the reading, and refused naming the two photos."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from sudoku_cube.assistant.cli import main
from sudoku_cube.assistant.services.cube_input import repeated_photo_refusal
from sudoku_cube.assistant.web.service import page_naming
from sudoku_cube.models.cube.geometry import FACES
from sudoku_cube.models.cube.state import CubeState
from sudoku_cube.models.cube.stickers import Sticker
from sudoku_cube.models.generator.cube3 import make_puzzle
from sudoku_cube.models.grid.hopeless import PhotoNames
from sudoku_cube.models.grid.photo_turn import photo_turned
from sudoku_cube.models.grid.repeated_photo import repeated_photo

SAMPLES = Path(__file__).resolve().parents[1] / "samples"


def _with_face(state: CubeState, face: str, stickers: tuple[Sticker, ...]) -> CubeState:
    """``state`` with ``face`` showing ``stickers``."""
    base = FACES.index(face) * 9
    for k, s in enumerate(stickers):
        state = state.with_sticker(base + k, s)
    return state


@pytest.mark.parametrize("seed", [3, 11, 29])
def test_a_scrambled_cubes_faces_are_never_alike(seed):
    assert repeated_photo(make_puzzle(seed, 25).state) is None


@pytest.mark.parametrize("turns", [0, 1, 2])
def test_a_face_shown_twice_is_found_turned_and_with_a_misread(turns):
    state = make_puzzle(5, 25).state
    copied = _with_face(state, "R", state.face("U"))
    copied = photo_turned(copied, "R", turns)  # R's photo held turned
    got = repeated_photo(copied)
    assert got is not None and (got.first, got.second, got.alike) == ("U", "R", 9)
    misread = copied.with_sticker(9 + 4, Sticker(copied.stickers[9 + 4].digit % 9 + 1, 0))
    got = repeated_photo(misread)
    assert got is not None and (got.first, got.second, got.alike) == ("U", "R", 8)


def _alike_faced(moves: str) -> CubeState:
    """A cube printed with the same layout of 1-9, upright, on every face, turned ``moves``."""
    from sudoku_cube.models.cube.moves import parse_moves
    layout = tuple(Sticker(d, 0) for d in range(1, 10))
    return CubeState.from_faces({f: layout for f in FACES}).apply(parse_moves(moves))


@pytest.mark.parametrize("moves", ["", "R", "R U"])
def test_a_cube_printed_with_faces_alike_is_no_repeated_photo(moves):
    """Its faces agree sticker for sticker, but every digit is read six times: the reading may
    be right, so no photo is named."""
    assert repeated_photo(_alike_faced(moves)) is None


def test_stickers_with_no_digit_seen_match_nothing():
    state = make_puzzle(5, 25).state
    copied = _with_face(state, "R", state.face("U"))
    assert repeated_photo(copied, {"U": [0, 1]}) is None  # 7 of 9 left to agree
    got = repeated_photo(copied, {"R": [4]})
    assert got is not None and got.alike == 8


def test_the_refusal_names_both_photos_and_their_faces():
    state = make_puzzle(5, 25).state
    copied = _with_face(state, "L", state.face("F"))
    files = PhotoNames({f: f"{f}.jpg" for f in FACES})
    said = repeated_photo_refusal(copied, files)
    assert said is not None and said.words.startswith(
        "L.jpg shows the same face as F.jpg (9 of its 9")
    assert "F.jpg is to show the front face (F) and L.jpg the left face (L)" in said.words
    assert said.photos == ("L", "F")  # the later photo first, then the one it repeats
    assert repeated_photo_refusal(state, files) is None


def test_the_refusal_names_the_photos_as_the_caller_does():
    """The phone page names the photos by its cards: no file, and no face letter twice."""
    state = make_puzzle(5, 25).state
    copied = _with_face(state, "L", state.face("F"))
    said = repeated_photo_refusal(copied, PhotoNames({f: f"{f}.jpg" for f in FACES},
                                                     naming=page_naming("faces")))
    assert said is not None and said.photos == ("L", "F")
    assert said.words == (
        "the photo of face L (left) shows the same face as the photo of face F (front) (9 of "
        "its 9 stickers alike): the same face was photographed twice. Retake the one taken of "
        "the wrong face: the photo of face F (front) is to show the front face and the photo "
        "of face L (left) the left face")


def test_solve_refuses_a_folder_with_one_photo_copied_under_another_name(tmp_path, capsys):
    folder = tmp_path / "cube"
    shutil.copytree(SAMPLES / "cubes/01-easy", folder)
    shutil.copy(folder / "U.jpg", folder / "R.jpg")
    assert main(["solve", str(folder), "--plain", "--no-ocr"]) == 2
    err = " ".join(capsys.readouterr().err.split())
    assert "R.jpg shows the same face as U.jpg" in err and "Traceback" not in err
