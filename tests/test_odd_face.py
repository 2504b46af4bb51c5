"""One face photo that does not fit the other five (another cube's face): found in the
reading, and refused naming that photo; a misread sticker or two bad faces name no photo."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from sudoku_cube.assistant.cli import main
from sudoku_cube.assistant.services.cube_input import CORNER_OF, odd_face_refusal, read_input
from sudoku_cube.assistant.web.service import page_naming
from sudoku_cube.models.cube.geometry import FACES
from sudoku_cube.models.cube.state import CubeState, sticker_name
from sudoku_cube.models.cube.stickers import Sticker
from sudoku_cube.models.errors import SudokuCubeError
from sudoku_cube.models.generator.cube3 import make_puzzle
from sudoku_cube.models.grid import GridUnsolvableError, check_digit_counts, solve_grid
from sudoku_cube.models.grid import odd_face as odd_module
from sudoku_cube.models.grid.hopeless import FACE_ON, PhotoNames
from sudoku_cube.models.grid.model import sticker_hypotheses
from sudoku_cube.models.grid.odd_face import ODD_FROM, odd_face
from sudoku_cube.models.profile import CubeSettings

from conftest import assert_clear_error

SAMPLES = Path(__file__).resolve().parents[1] / "samples"
FILES = PhotoNames({f: f"{f}.jpg" for f in FACES})


def _with_face(state: CubeState, face: str, stickers: tuple[Sticker, ...]) -> CubeState:
    """``state`` with ``face`` showing ``stickers``."""
    base = FACES.index(face) * 9
    for k, s in enumerate(stickers):
        state = state.with_sticker(base + k, s)
    return state


def _mixed(seed: int, *faces: str) -> CubeState:
    """Cube ``seed`` with ``faces`` as another cube shows them (its centres too)."""
    state, other = make_puzzle(seed, 25).state, make_puzzle(seed + 100, 25).state
    for f in faces:
        state = _with_face(state, f, other.face(f))
    return state


@pytest.mark.parametrize("seed, face", [(3, "F"), (11, "U")])
def test_another_cubes_face_is_named(seed, face):
    got = odd_face(_mixed(seed, face))
    assert got is not None and got.face == face


def test_a_right_reading_and_two_bad_faces_name_no_face():
    assert odd_face(make_puzzle(3, 25).state) is None  # the counts do not fail
    two = _mixed(3, "F", "R")
    assert odd_face(two) is None
    assert odd_face_refusal(two, FILES) is None  # today's message stands


@pytest.mark.parametrize("seed, index", [(3, 19), (5, 3), (11, 24)])
def test_a_misread_digit_names_no_face(seed, index):
    """The digit counts fail and name the sticker; no face photo is blamed."""
    state = make_puzzle(seed, 25).state
    s = state.stickers[index]
    digit = state.with_sticker(index, Sticker(s.digit % 9 + 1, s.rot))
    assert odd_face(digit) is None and odd_face_refusal(digit, FILES) is None
    with pytest.raises(GridUnsolvableError) as counts:
        check_digit_counts(digit)
    assert sticker_name(index) in str(counts.value)


def test_a_misread_turn_is_still_the_diagnosis_sticker():
    """The counts right, no solved cube: the diagnosis names the sticker, no face."""
    state = make_puzzle(3, 25).state
    s = state.stickers[19]
    turned = state.with_sticker(19, Sticker(s.digit, (s.rot + 1) % 4))
    assert odd_face(turned) is None and odd_face_refusal(turned, FILES) is None
    with pytest.raises(GridUnsolvableError) as diagnosed:
        solve_grid(turned, time_limit_s=5.0)
    assert [c.name for c in diagnosed.value.culprits] == ["F2"]


def test_a_face_that_fits_with_a_few_stickers_changed_is_not_named(monkeypatch):
    """The guard against a few misreads: the misread face fits with one sticker otherwise;
    another cube's face does not fit with fewer than :data:`ODD_FROM` otherwise, and is not
    named where that many would be a few."""
    state = make_puzzle(3, 25).state
    s = state.stickers[19]
    misread = sticker_hypotheses(state.with_sticker(19, Sticker(s.digit % 9 + 1, s.rot)),
                                 CubeSettings())
    assert odd_module._solvable(misread, "F", CubeSettings(), 5.0, most_wrong=ODD_FROM - 1)[0]
    mixed = _mixed(3, "F")
    assert odd_module._solvable(sticker_hypotheses(mixed, CubeSettings()), "F",
                                CubeSettings(), 5.0, most_wrong=ODD_FROM - 1)[0] is False
    monkeypatch.setattr(odd_module, "ODD_FROM", 10)
    assert odd_face(mixed) is None


def test_the_refusal_names_the_photo_and_keeps_the_digit_counts():
    said = odd_face_refusal(_mixed(3, "F"), FILES)
    assert said is not None and said.photos == ("F",)
    head, counts = said.words.split("\n", 1)
    assert head.startswith("the photo of F (F.jpg) does not fit the other five faces: it may "
                           "show another cube, or another face than the front face (F)")
    assert "Retake F.jpg of the front face (F)" in head
    assert counts.startswith("the digit counts are wrong") and "digit " in counts


def test_a_corner_photo_is_named_with_the_face():
    said = odd_face_refusal(_mixed(3, "L"), PhotoNames(dict(CORNER_OF), corners=True))
    assert said is not None and said.photos == ("B",)
    assert said.words.startswith("the left face (L) in corner photo B (faces D L B) does not "
                                 "fit")
    assert "Retake corner photo B (faces D L B)" in said.words


def test_the_page_names_the_photo_by_its_card():
    """The phone page's naming: the photo by its card, its face's letter said once."""
    said = odd_face_refusal(_mixed(3, "F"), PhotoNames(FILES.names, naming=page_naming("faces")))
    assert said is not None and said.photos == ("F",)
    head = said.words.split("\n", 1)[0]
    assert head == ("the photo of face F (front) does not fit the other five faces: it may show "
                    "another cube, or another face than the front face. Retake the photo of "
                    f"face F (front): {FACE_ON}.")


@pytest.fixture(scope="module")
def mixed_folder(tmp_path_factory) -> Path:
    """The first sample's photos with F.jpg taken from another cube (the second sample)."""
    folder = tmp_path_factory.mktemp("odd") / "mix"
    shutil.copytree(SAMPLES / "cubes/01-easy", folder)
    shutil.copy(SAMPLES / "cubes/02-tilted/F.jpg", folder / "F.jpg")
    return folder


def test_solve_and_guide_name_the_photo_of_another_cube(mixed_folder, capsys, monkeypatch):
    """The reproduction: solve reads the six photos and searches for the odd face; guide and
    serve (the photos already read) are given the same reading and the same finding."""
    from sudoku_cube.assistant.services import cube_input
    from sudoku_cube.vision.reading.reader import Reader
    read, kept, found = Reader.read_photo_set, [], {}

    def once(self, *args, **kwargs):
        kept[:] = kept or [read(self, *args, **kwargs)]
        return kept[0]

    def searched(state, settings):
        if state not in found:
            found[state] = odd_face(state, settings)
        return found[state]

    monkeypatch.setattr(Reader, "read_photo_set", once)
    monkeypatch.setattr(cube_input, "odd_face", searched)
    for command in (["solve", str(mixed_folder), "--plain", "--no-ocr"],
                    ["guide", str(mixed_folder), "--plain"]):
        code = main(command)
        err = capsys.readouterr().err
        assert_clear_error(code, err, "F.jpg", "Retake F.jpg")
        said = " ".join(err.split())
        assert "the photo of F (F.jpg) does not fit the other five faces" in said
        assert "digit 4 is read 9 times without doubt" in said  # the counts' lines stay
    assert len(kept) == 1 and len(found) == 1
    # serve: the phone's photos already read, the refusal names no folder
    with pytest.raises(SudokuCubeError) as served:
        read_input(mixed_folder, Reader(), reading=kept[0])
    assert str(served.value).startswith("the photo of F (F.jpg) does not fit")
