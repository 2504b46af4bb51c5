"""A corner photo's faces named up to the corner's three-fold turn: the algebra of turning one
photo's three faces round their corner, and the choice of the naming that fits the cube."""
from __future__ import annotations

import json
import re
from pathlib import Path

import cv2
import pytest

from sudoku_cube.assistant.bench.corners import rendered
from sudoku_cube.assistant.cli import main
from sudoku_cube.assistant.services.cube_input import turned_upright
from sudoku_cube.models.cube.face_words import centre, face_words, to_hold_words
from sudoku_cube.models.cube.geometry import FACES
from sudoku_cube.models.cube.solved import is_solved
from sudoku_cube.models.cube.state_format import parse_json
from sudoku_cube.models.generator.cube3 import make_puzzle
from sudoku_cube.models.grid.corner_turn import corner_turned, find_corner_turn
from sudoku_cube.models.grid.one_fit import only_fit
from sudoku_cube.models.grid.photo_turn import photo_turned
from sudoku_cube.models.profile import CubeSettings

PAIR = Path(__file__).resolve().parents[1] / "samples" / "corners" / "c1-plain"

A, B = ("U", "F", "R"), ("D", "L", "B")

_CENTRE_NAMED = re.compile(r"(?:the face with |the [a-z]+ face \()centre (?P<digit>\d)"
                           r"(?:, (?P<way>upright|upside down|lying on its side|pointing [a-z ]+))?"
                           r"\)?")
"""How a corner-turn finding names a face: by its centre, or its place then its centre; the
digit, and its direction where said."""


@pytest.fixture(scope="module")
def scrambled():
    return make_puzzle(321, 20).state


@pytest.mark.parametrize("faces", [A, B])
def test_three_thirds_are_the_identity_and_the_other_photo_stays(scrambled, faces):
    once = corner_turned(scrambled, faces, 1)
    assert once != scrambled
    assert corner_turned(once, faces, 2) == scrambled
    assert corner_turned(corner_turned(once, faces, 1), faces, 1) == scrambled
    assert all(once.face(f) == scrambled.face(f) for f in FACES if f not in faces)


def test_a_third_moves_each_face_onto_the_next_round_the_corner(scrambled):
    """U's stickers go to F, each digit with them: the centre of U becomes F's centre."""
    once = corner_turned(scrambled, A, 1)
    assert once.face("F")[4].digit == scrambled.face("U")[4].digit
    assert once.face("R")[4].digit == scrambled.face("F")[4].digit
    assert once.face("U")[4].digit == scrambled.face("R")[4].digit


def test_turning_both_photos_together_turns_the_whole_cube(scrambled):
    """Both corner photos named a third further round the same way in space (a third one way
    round A's corner is two thirds round B's, seen from the other side) is the cube turned in
    the hand about the diagonal through both corners: still a cube whose digits fit
    together; turned the same way as each photo sees it, they do not."""
    whole = corner_turned(corner_turned(scrambled, A, 1), B, 2)
    assert whole != scrambled and only_fit([whole]) is not None
    assert only_fit([corner_turned(corner_turned(scrambled, A, 1), B, 1)]) is None


@pytest.mark.parametrize("faces,thirds", [(A, 1), (B, 1), (B, 2)])
def test_the_naming_that_fits_is_chosen(scrambled, faces, thirds):
    held = corner_turned(scrambled, faces, thirds)
    namings = [corner_turned(held, faces, k) for k in range(3)]
    found = only_fit(namings)
    assert found is not None and found.state == scrambled
    assert (found.index + thirds) % 3 == 0


@pytest.mark.parametrize("thirds", [1, 2])
def test_photo_b_turned_a_third_though_upright_is_found(scrambled, thirds):
    held = corner_turned(scrambled, B, thirds)
    found = find_corner_turn(held)
    assert found is not None and found.state == scrambled
    assert (found.thirds + thirds) % 3 == 0
    d = scrambled.face("D")[4].digit
    assert f"D is the face with centre {d}" in found.describe()


def test_no_naming_is_chosen_when_none_fits(scrambled):
    """A reading whose pieces do not fit in any naming (another face held turned too) is not
    forced into one."""
    held = photo_turned(corner_turned(scrambled, B, 1), "U", 1)
    assert only_fit([corner_turned(held, B, k) for k in range(3)]) is None


def _bundled_pair():
    """The bundled white corner pair: its photos A and B, and its cube."""
    return (cv2.imread(str(PAIR / "A.jpg")), cv2.imread(str(PAIR / "B.jpg")),
            parse_json((PAIR / "truth.json").read_text()))


def _black_pair():
    """A rendered black cube's corner pair (the benchmark's first): photos A and B, and its
    cube. Its faces show no sticker shapes, so they are placed by their digits alone."""
    _, images, state, _ = next(rendered(1, 73000, "black", single=False))
    return images["A"], images["B"], state


@pytest.mark.parametrize("pair", [_bundled_pair, _black_pair], ids=["white", "black"])
def test_solve_says_how_a_corner_photo_was_held_and_plans_the_cube(tmp_path, capsys, pair):
    """Photo A taken upside down (a face at the bottom): ``solve`` names each of its faces by
    its centre digit and where the picture shows it, and plans the cube in the photos. The
    black cube's faces, placed by their digits alone, too (they were refused as showing no
    face)."""
    a, b, truth = pair()
    d = tmp_path / "photos"
    d.mkdir()
    cv2.imwrite(str(d / "B.jpg"), b)
    cv2.imwrite(str(d / "A.jpg"), cv2.rotate(a, cv2.ROTATE_180))
    code = main(["solve", str(d), "--json", "--no-ocr"])
    out = capsys.readouterr()
    assert code == 0, out.err
    u = truth.face("U")[4].digit
    said = " ".join(out.err.split())
    assert "A.jpg was held with no face on top of the corner" in said
    assert f"U is the face with centre {u} (at the bottom of the picture)" in said
    assert is_solved(truth.apply(" ".join(json.loads(out.out)["moves"])))


def _turned(img, degrees: float):
    """The photo as a camera turned ``degrees`` clockwise takes it (a canvas that keeps it)."""
    h, w = img.shape[:2]
    side = int((h * h + w * w) ** 0.5) + 2
    M = cv2.getRotationMatrix2D((w / 2, h / 2), -degrees, 1.0)
    M[:, 2] += ((side - w) / 2, (side - h) / 2)
    return cv2.warpAffine(img, M, (side, side), borderMode=cv2.BORDER_REPLICATE)


def test_solve_finds_photo_b_turned_a_third_and_plans_the_cube(tmp_path, capsys):
    """Photo B taken with the camera turned a third: it looks upright, with its faces under
    each other's names; the digits do not fit, and B named a third further round fits."""
    d = tmp_path / "photos"
    d.mkdir()
    (d / "A.jpg").write_bytes((PAIR / "A.jpg").read_bytes())
    cv2.imwrite(str(d / "B.jpg"), _turned(cv2.imread(str(PAIR / "B.jpg")), 120))
    code = main(["solve", str(d), "--json", "--no-ocr"])
    out = capsys.readouterr()
    assert code == 0, out.err
    truth = parse_json((PAIR / "truth.json").read_text())
    said = " ".join(out.err.split())
    assert "photo B shows its corner turned a third round from photo A's" in said
    assert f"retake photo B with {face_words(truth, 'D')} on top" in said
    assert f"the face with centre {truth.face('D')[4].digit}" in face_words(truth, "D")
    assert is_solved(truth.apply(" ".join(json.loads(out.out)["moves"])))


def test_read_sets_photo_b_turned_a_third_upright_as_solve_does(tmp_path, capsys):
    """``read`` of the same photos writes the cube as it is and says why (it wrote B's faces
    under each other's names, 27 stickers wrong and none doubtful, and the state file it
    wrote did not solve), so that its JSON, corrected or not, is what ``solve`` would take."""
    d = tmp_path / "photos"
    d.mkdir()
    (d / "A.jpg").write_bytes((PAIR / "A.jpg").read_bytes())
    cv2.imwrite(str(d / "B.jpg"), _turned(cv2.imread(str(PAIR / "B.jpg")), 120))
    assert main(["read", str(d), "--json", "--no-ocr"]) == 0
    out = capsys.readouterr()
    assert "photo B shows its corner turned a third round" in " ".join(out.err.split())
    truth = parse_json((PAIR / "truth.json").read_text())
    assert parse_json(out.out).stickers == truth.stickers


def test_a_centre_6_or_9_is_named_as_the_person_sees_it_on_a_cube_without_underlines():
    """On a cube whose 6 and 9 carry no underline a centre 9 looks like a 6: the finding, and
    what ``solve`` says of it, name that centre '6 or 9', not the digit the reading chose."""
    truth = make_puzzle(311, 20).state  # D's centre is a 9, L's and B's neither 6 nor 9
    assert centre(truth, "D").digit == 9
    assert {centre(truth, f).digit for f in ("L", "B")}.isdisjoint({6, 9})
    plain = CubeSettings(underlined_69=False)
    held = corner_turned(truth, B, 1)
    found = find_corner_turn(held, plain)
    assert found is not None and found.state == truth
    assert "D is the face with centre 6 or 9;" in found.describe(settings=plain)
    assert "D is the face with centre 9;" in found.describe()  # underlined: the 9 is a 9
    state, said, turn, _ = turned_upright(held, plain, None, corners={f: "B" for f in B})
    assert state == truth and said is not None
    assert turn is not None and held.transformed(turn) == truth  # where each sticker went
    assert "D is the face with centre 6 or 9;" in said and "centre 9" not in said


def test_a_6_and_a_9_centre_of_photo_b_are_told_apart_on_a_cube_without_underlines():
    """Photo B shows a centre 6 (D) and a centre 9 (L) of a cube whose 6 and 9 carry no
    underline: the two look alike, so the finding names each by which way it points, not both
    'centre 6 or 9', and the retake line names D so that no other face fits."""
    truth = make_puzzle(305, 20).state
    assert (centre(truth, "D").digit, centre(truth, "L").digit) == (6, 9)
    plain = CubeSettings(underlined_69=False)
    held = corner_turned(truth, B, 1)
    found = find_corner_turn(held, plain)
    assert found is not None and found.state == truth
    said = found.describe(settings=plain)
    assert "6 or 9" not in said
    named = dict(part.split(" is ", 1) for part in said.split(": ", 1)[1].split("; "))
    assert set(named) == set(B)  # each face of photo B named once, by a semicolon apart
    centres = {f: _CENTRE_NAMED.fullmatch(words) for f, words in named.items()}
    assert all(centres.values()), named
    assert centres["D"]["digit"] == "6" and centres["L"]["digit"] == "9"
    assert centres["D"]["way"] and centres["L"]["way"], named  # told apart by direction
    state, told, *_ = turned_upright(held, plain, None, corners={f: "B" for f in B})
    assert state == truth and told is not None and "6 or 9" not in told
    assert f"retake photo B with {to_hold_words(truth, 'D', plain)} on top" in told
    assert "(D) on top" in told
    assert "bottom" not in told.split("retake photo B")[1]


def test_a_face_of_photo_b_whose_centre_another_face_repeats_is_named_by_place_and_letter():
    """U and D both show a centre 6 upright: the finding names D by its place, and the retake
    line, which asks for D on top, names it by its letter, not as 'the bottom face'."""
    truth = make_puzzle(1, 20).state
    assert centre(truth, "U") == centre(truth, "D")
    held = corner_turned(truth, B, 1)
    state, told, *_ = turned_upright(held, CubeSettings(), None, corners={f: "B" for f in B})
    assert state == truth and told is not None
    named = dict(part.split(" is ", 1)
                 for part in told.split(": ", 1)[1].split(": reading")[0].split("; "))
    assert set(named) == set(B)
    assert named["D"] == "the bottom face (centre 6, upright)"
    assert "retake photo B with face D (centre 6, upright) on top." in told
    assert "bottom" not in told.split("retake photo B")[1]
