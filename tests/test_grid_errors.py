"""Grid solver: unreachable arrangements, digit-count errors, misreads named, and the CLI."""
from __future__ import annotations

import dataclasses
import json

import pytest

from sudoku_cube.assistant.cli import main
from sudoku_cube.models.errors import UnsolvableError
from sudoku_cube.models.generator.cube3 import make_puzzle
from sudoku_cube.models.grid import GridUnsolvableError, solve_grid
from sudoku_cube.models.grid.data import corner_landings, edge_landings
from sudoku_cube.models.cube.state_format import to_json, to_text
from sudoku_cube.models.cube.stickers import Sticker
from sudoku_cube.models.cube.transform import Transform

SEED = 11  # a design whose scramble has exactly one solved arrangement


def piece_transform(moves):
    """A transform that moves pieces in place: ("c"|"e", piece, place, twist) per entry."""
    src, tw = list(range(54)), [0] * 54
    for kind, p, q, t in moves:
        for landing in (corner_landings() if kind == "c" else edge_landings())[p][q][t]:
            src[landing.target], tw[landing.target] = landing.source, landing.delta
    return Transform(tuple(src), tuple(tw))


def centre_turn(index, turns):
    tw = [0] * 54
    tw[index] = turns
    return Transform(tuple(range(54)), tuple(tw))


@pytest.fixture(scope="module")
def puzzle():
    pz = make_puzzle(SEED, 25)
    assert solve_grid(pz.state, count_cap=5).stats["unique"]
    return pz


@pytest.mark.parametrize("name,transform,words", [
    ("one twisted corner", piece_transform([("c", 0, 0, 1)]), "corner would have to be twisted"),
    ("one flipped edge", piece_transform([("e", 3, 3, 1)]), "edge would have to be flipped"),
    ("two swapped edges", piece_transform([("e", 0, 1, 0), ("e", 1, 0, 0)]),
     "two pieces would have to be swapped"),
    ("one centre off by 90", centre_turn(22, 1), "one centre turned a quarter turn"),
])
def test_unreachable_arrangements_are_rejected(puzzle, name, transform, words):
    state = puzzle.state.transformed(transform)
    with pytest.raises(GridUnsolvableError) as info:
        solve_grid(state)
    err = info.value
    assert err.reason == "unreachable"
    assert words in str(err)
    assert err.culprits, "the fewest stickers to re-read are named"
    fixed = state
    for c in err.culprits:
        from sudoku_cube.models.cube.stickers import parse_token
        fixed = fixed.with_sticker(c.index, parse_token(c.suggested))
    solve_grid(fixed)  # the suggested readings do make it solvable


def test_digit_count_errors_name_the_digits(puzzle):
    i = 9 * 2 + 2  # F3
    s = puzzle.state.stickers[i]
    other = s.digit % 9 + 1
    state = puzzle.state.with_sticker(i, Sticker(other, s.rot))
    with pytest.raises(GridUnsolvableError) as info:
        solve_grid(state)
    msg = str(info.value)
    assert info.value.reason == "digit-count"
    assert f"digit {other} is read 7 times without doubt, 1 more than the 6" in msg
    assert f"digit {s.digit} is read at most 5 times, doubtful readings counted, 1 fewer " \
        "than the 6" in msg
    assert "F3" in msg


def _read(state):
    """``state`` as photos read it: every sticker's reading certain (candidates of one)."""
    from sudoku_cube.models.cube.stickers import Hypothesis
    return dataclasses.replace(state, candidates=tuple((Hypothesis(t, 1.0),)
                                                       for t in state.stickers))


def test_counts_no_few_misreads_explain_point_at_the_photos(puzzle):
    """Photos of two cubes, or of one cube turned between them, miss many digit counts at
    once: the refusal says how many stickers would have to be misread, and to check that
    the photos show one cube unturned. One misread sticker, or a state typed without
    photos, is not told so."""
    state = puzzle.state
    ones = [i for i, t in enumerate(state.stickers) if t.digit == 1][:3]
    for i in ones:
        state = state.with_sticker(i, Sticker(2, state.stickers[i].rot))
    with pytest.raises(GridUnsolvableError) as info:
        solve_grid(_read(state))
    assert ("at least 3 stickers would have to be misread for these counts, so if the photos "
            "are sharp, check that they all show one cube, with no layer turned between them"
            ) in str(info.value)
    with pytest.raises(GridUnsolvableError) as info:
        solve_grid(state)  # typed: no photos to check
    assert "would have to be misread" not in str(info.value)
    one = puzzle.state.with_sticker(ones[0], Sticker(2, puzzle.state.stickers[ones[0]].rot))
    with pytest.raises(GridUnsolvableError) as info:
        solve_grid(_read(one))
    assert "would have to be misread" not in str(info.value)


def test_a_digit_read_too_rarely_names_every_place_it_may_be_read(puzzle):
    """A doubtful sticker that may read the rare digit counts among its places, so the count
    and the places named agree."""
    from sudoku_cube.models.cube.stickers import Hypothesis
    i = 9 * 2 + 2  # F3
    s = puzzle.state.stickers[i]
    other = s.digit % 9 + 1
    state = puzzle.state.with_sticker(i, Sticker(other, s.rot))
    j = next(k for k, t in enumerate(state.stickers) if t.digit == s.digit and k != i)
    cands = [(Hypothesis(t, 1.0),) for t in state.stickers]
    cands[j] = (Hypothesis(Sticker(other, 0), 0.6), Hypothesis(state.stickers[j], 0.4))
    state = dataclasses.replace(state, candidates=tuple(cands))
    with pytest.raises(GridUnsolvableError) as info:
        solve_grid(state)
    line = next(t for t in str(info.value).splitlines() if f"digit {s.digit} is" in t)
    places = line.split("(at ")[1].rstrip(")").split()
    assert f"is read at most {len(places)} times" in line


def test_misread_rotation_is_named_with_its_photo(puzzle):
    i = 9 * 2 + 2  # F3
    state = puzzle.state.with_sticker(i, puzzle.state.stickers[i].turned(1))
    with pytest.raises(UnsolvableError) as info:
        solve_grid(state)
    err = info.value
    assert [c.name for c in err.culprits] == ["F3"]
    assert err.culprits[0].suggested == puzzle.state.stickers[i].token
    centre = puzzle.state.stickers[9 * 2 + 4].digit  # the face named by its centre digit
    assert f"F3 on the face with centre {centre} (F): read as" in str(err)
    assert f"Re-shoot or fix the photo of the face with centre {centre} (F)," in str(err)


def test_cli_text_json_and_errors(puzzle, tmp_path, capsys):
    path = tmp_path / "cube.txt"
    path.write_text(to_text(puzzle.state))
    assert main(["grid", str(path), "--all"]) == 0
    out = capsys.readouterr().out
    assert "Placements" in out and "Face directions" in out and "unique" in out
    assert main(["grid", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert {"target", "placements", "directions", "chosen", "stats"} <= set(data)
    assert data["target"]["format"] == "sudoku-cube/1"
    assert len(data["placements"]) == 8 + 12 + 6
    assert data["stats"]["build_ms"] >= 0 and data["stats"]["solve_ms"] >= 0
    bad = tmp_path / "bad.json"
    s = puzzle.state.stickers[20]
    bad.write_text(to_json(puzzle.state.with_sticker(20, Sticker(s.digit % 9 + 1, s.rot))))
    assert main(["grid", str(bad), "--json"]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and "digit" in captured.err and "Traceback" not in captured.err
    assert main(["grid", str(path), "--symmetric", "1,x"]) == 2
    assert "--symmetric" in capsys.readouterr().err


def test_without_explanation_an_infeasible_reading_fails_at_once(puzzle):
    """``explain=False`` (the footed-1 check only asks whether a solution exists) raises the
    same kind of error without the diagnosis: no culprits are searched for."""
    i = 9 * 2 + 2  # F3 turned a quarter: no reachable arrangement fits
    state = puzzle.state.with_sticker(i, puzzle.state.stickers[i].turned(1))
    with pytest.raises(GridUnsolvableError) as info:
        solve_grid(state, explain=False)
    assert info.value.reason == "infeasible" and info.value.culprits == ()
    assert solve_grid(puzzle.state, explain=False).chosen == solve_grid(puzzle.state).chosen
