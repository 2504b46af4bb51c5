"""Readings too doubtful to settle are refused early, naming the photos to retake: 30 doubtful
stickers at once, before any search; with 15 or more, an unsolvable reading without the
seconds of diagnosis. Fewer doubtful stickers are decoded (and diagnosed) as before."""
from __future__ import annotations

import json
import re

import pytest

from sudoku_cube.assistant.cli import main
from sudoku_cube.models.cube.face_words import centre_words
from sudoku_cube.models.generator.cube3 import make_puzzle
from sudoku_cube.models.grid import GridUnsolvableError, solve_grid
from sudoku_cube.models.grid import solve as grid_solve
from sudoku_cube.models.grid.hopeless import (HOPELESS_DOUBTFUL, QUICK_FROM, PhotoNames,
                                              doubtful_cells)
from sudoku_cube.models.cube.pieces import centre_facelets
from sudoku_cube.models.cube.state_format import to_dict
from sudoku_cube.models.cube.stickers import Hypothesis, Sticker, same_sticker
from tests.conftest import assert_clear_error, unsure_reading

SEED = 11
CENTRES = frozenset(centre_facelets())


@pytest.fixture(scope="module")
def state():
    return make_puzzle(SEED, 25).state


def _doubtful(state, cells, turn: int | None = None):
    """A reading with ``cells`` read right at 0.6 but a misread about as likely (0.3); with
    ``turn``, that certain sticker is read a quarter turn off (no solved cube fits)."""
    read = unsure_reading(state, {i: (Hypothesis(state.stickers[i], 0.6),
                                      Hypothesis(Sticker(state.stickers[i].digit % 9 + 1,
                                                         state.stickers[i].rot), 0.3))
                                  for i in cells})
    if turn is not None:
        read = read.with_sticker(turn, state.stickers[turn].turned(1))
    return read


def _retake(state, faces: str) -> str:
    """The refusal's words for retaking ``faces``, named by their centre digits (with the
    direction where two centres share a digit)."""
    names = [centre_words(state, f).removeprefix("centre ").replace(",", "") + f" ({f})"
             for f in faces]
    return f"Retake the photos of the faces with centres {', '.join(names[:-1])} and {names[-1]}:"


def _face_cells(faces: str, count: int) -> list[int]:
    """The first ``count`` non-centre stickers of ``faces``, face by face."""
    order = "URFDLB"
    return [9 * order.index(f) + k for f in faces for k in range(9)
            if 9 * order.index(f) + k not in CENTRES][:count]


def test_thirty_doubtful_stickers_are_refused_at_once_naming_the_worst_faces(state,
                                                                             monkeypatch):
    read = _doubtful(state, _face_cells("UFRD", HOPELESS_DOUBTFUL))
    assert len(doubtful_cells(read)) == HOPELESS_DOUBTFUL

    def searched(*args, **kwargs):
        raise AssertionError("the grid was searched")

    monkeypatch.setattr(grid_solve, "build_model", searched)  # counted, not searched
    with pytest.raises(GridUnsolvableError) as err:
        solve_grid(read)
    assert err.value.reason == "too-doubtful" and err.value.exit_code == 2
    text = str(err.value)
    assert "30 of 54 stickers" in text and "(U 8, R 8, F 8, D 6)" in text
    assert _retake(state, "URFD") in text


def test_a_face_whose_centre_is_in_doubt_is_named_by_where_it_is(state):
    """A centre read with doubt might send the person to the wrong face: that face is named
    by its place, the others by their centre digits."""
    centre_u = 4
    read = _doubtful(state, _face_cells("UFRD", HOPELESS_DOUBTFUL - 1) + [centre_u])
    with pytest.raises(GridUnsolvableError) as err:
        solve_grid(read)
    words = " ".join(str(err.value).split())
    assert "Retake the photos of the top face (U) and the faces with centres " in words
    assert _retake(state, "RFD").removeprefix("Retake the photos of ") in words


def test_a_doubtful_unsolvable_reading_is_refused_without_diagnosis(state):
    """With QUICK_FROM doubtful stickers an unsolvable reading names the photos to retake;
    with fewer the diagnosed misread is repaired to the truth and sent to review."""
    many = _face_cells("UFR", QUICK_FROM)
    wrong = next(i for i in _face_cells("LB", 16) if i not in many)
    with pytest.raises(GridUnsolvableError) as err:
        solve_grid(_doubtful(state, many, turn=wrong))
    assert err.value.reason == "too-doubtful" and "no solved cube fits them" in str(err.value)
    sol = solve_grid(_doubtful(state, many[:QUICK_FROM - 5], turn=wrong))
    assert wrong in sol.review and not sol.sure
    assert all(same_sticker(a, b, {1}) for a, b in zip(sol.chosen, state.stickers))


def test_many_doubtful_stickers_that_decide_each_other_are_still_settled(state):
    """Twenty-nine doubtful stickers (one fewer than refused at once), each read right first:
    decoded sure, not refused."""
    cells = [i for i in range(54) if i not in CENTRES]
    read = _doubtful(state, (cells[1::2] + cells[::2])[:HOPELESS_DOUBTFUL - 1])
    assert len(doubtful_cells(read)) == HOPELESS_DOUBTFUL - 1
    sol = solve_grid(read)
    assert sol.sure and all(same_sticker(a, b, {1}) for a, b in zip(sol.chosen, state.stickers))


@pytest.mark.parametrize("flag", ["--json", "--plain"])
def test_solve_without_a_person_stops_with_the_photos_to_retake(state, tmp_path, capsys, flag):
    path = tmp_path / "doubtful.json"
    path.write_text(json.dumps(to_dict(_doubtful(state, _face_cells("UFRD", 30)))))
    code = main(["solve", str(path), flag])
    out = capsys.readouterr()
    assert_clear_error(code, out.err, "cannot be settled", _retake(state, "URFD"))
    assert "not consistent" not in out.err
    if flag == "--json":
        assert out.out == ""
    else:  # nobody can turn the list's pages: every doubtful sticker is listed at once
        assert "type +" not in out.out and "more:" not in out.out
        listed = set(re.findall(r"\b([URFDLB][1-9]) [1-9][<>v^] \.\d\d", out.out))
        assert len(listed) == 30, out.out


CORNERS = {"U": "A", "R": "A", "F": "A", "D": "B", "L": "B", "B": "B"}


def test_a_corner_reading_too_doubtful_names_the_corner_photos(state):
    """Read from corner photos, the refusal names photo A or B (and its faces), not a face
    photo that was never taken."""
    from sudoku_cube.assistant.services.review import check_reading
    read = _doubtful(state, _face_cells("UFRD", 30))
    check = check_reading(read, photos=PhotoNames(CORNERS, corners=True))
    assert check.too_doubtful and check.grid is None
    assert "Retake corner photo A (faces U R F) and B (faces D L B):" in check.explanation
    assert "photos of face" not in check.explanation
    plain = check_reading(read)
    assert _retake(state, "URFD") in plain.explanation


def test_corner_photos_are_told_from_face_photos():
    from types import SimpleNamespace

    from sudoku_cube.assistant.services.cube_input import corner_photos
    corner = {f: SimpleNamespace(source=f"/x/{w}.jpg") for f, w in CORNERS.items()}
    assert corner_photos(corner) == CORNERS
    faces = {f: SimpleNamespace(source=f"/x/{f}.jpg") for f in "URFDLB"}
    assert corner_photos(faces) is None
