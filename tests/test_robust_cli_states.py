"""Bad state files, bad moves and the solved cube through the real CLI (`grid`, `solve`,
`apply`, `show`, `guide`): each gives a message naming the input and what to do, exit 2."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from sudoku_cube.assistant.cli import main
from sudoku_cube.models.generator.cube3 import make_puzzle
from sudoku_cube.models.cube.state_format import to_json
from tests.conftest import assert_clear_error
from tests.test_grid_errors import piece_transform

ROOT = Path(__file__).resolve().parents[1]
SCRAMBLED = json.loads((ROOT / "samples/states/scrambled-example.json").read_text())
SOLVED = ROOT / "samples/states/solved-example.json"


def _edited(edit) -> str:
    doc = json.loads(json.dumps(SCRAMBLED))
    edit(doc)
    return json.dumps(doc)


def _set(face: str, i: int, token: str):
    def edit(doc):
        doc["faces"][face][i] = token
    return edit


def _candidates(entry):
    def edit(doc):
        doc["candidates"] = {"F": [[dict(entry, token=t)] for t in doc["faces"]["F"]]}
    return edit


def _seven_fives(doc):
    for f in "URFDLB":
        for i, t in enumerate(doc["faces"][f]):
            if i != 4 and t[0] != "5":
                doc["faces"][f][i] = "5" + t[1]
                return


STATES = {
    "malformed JSON": ('{"format": "sudoku-cube/1", "faces": {', ("not valid JSON", "line 1")),
    "not a state at all": ("[1, 2, 3]", ("a JSON object with 'format' and 'faces'",)),
    "a JSON string": ('"hello"', ("a JSON object with 'format' and 'faces'",)),
    "candidates a list": (_edited(lambda d: d.update(candidates=[1, 2])),
                          ("'candidates' is a list", "object of faces")),
    "candidates of no face": (_edited(lambda d: d.update(candidates={"U1": "zz"})),
                              ("unknown face 'U1' in 'candidates'",)),
    "wrong format version": (_edited(lambda d: d.update(format="sudoku-cube/9")),
                             ("sudoku-cube/9", "sudoku-cube/1")),
    "unknown face": (_edited(lambda d: d["faces"].update(X=d["faces"].pop("U"))),
                     ("unknown face 'X'", "U R F D L B")),
    "8 stickers": (_edited(lambda d: d["faces"]["F"].pop()),
                   ("the front face (F)", "8 stickers", "9")),
    "10 stickers": (_edited(lambda d: d["faces"]["F"].append("1^")),
                    ("the front face (F)", "10 stickers", "9")),
    "token 0^": (_edited(_set("F", 3, "0^")),
                  ("the front face (F), sticker F4", "'0^'", "1-9")),
    "token 7x": (_edited(_set("F", 3, "7x")),
                  ("the front face (F), sticker F4", "'7x'", "^ > v <")),
    "token 10>": (_edited(_set("F", 3, "10>")),
                  ("the front face (F), sticker F4", "'10>'", "digit 1-9")),
    "negative score": (_edited(_candidates({"score": -0.5})),
                       ("the front face (F), sticker F1", "-0.5", "between 0 and 1")),
    "missing score": (_edited(_candidates({})), ("the front face (F), sticker F1", "no score")),
    "text state, bad line": ("U: 1^ 2^\nQ: nonsense\n", ("state",)),
    "binary garbage": (None, ("not a text file",)),
}


@pytest.mark.parametrize("name", list(STATES))
@pytest.mark.parametrize("command", ["grid", "solve"])
def test_bad_state_files_name_the_file_and_the_fix(name, command, tmp_path, capsys):
    text, words = STATES[name]
    path = tmp_path / "my-state.json"
    if text is None:
        path.write_bytes(b"\x89PNG\r\n\x1a\n\xff\xfe\x00\x01")
    else:
        path.write_text(text)
    code = main([command, str(path)])
    err = capsys.readouterr().err
    assert_clear_error(code, err, "my-state.json", *words)


def test_missing_state_file_and_folder(tmp_path, capsys):
    assert_clear_error(main(["show", str(tmp_path / "nope.json")]), capsys.readouterr().err,
           "nope.json", "no such state file")
    assert_clear_error(main(["apply", str(tmp_path), "R"]), capsys.readouterr().err,
           str(tmp_path), "is a folder")


@pytest.mark.parametrize("command, advice", [("grid", "re-shoot or fix"),
                                             ("solve", "orrect them in ")])
def test_digit_counts_that_no_cube_has(command, advice, tmp_path, capsys):
    """The counts named, and what to do said once: ``solve``'s review gives its own advice
    (the state file to correct) instead of the grid solver's."""
    path = tmp_path / "seven.json"
    path.write_text(_edited(_seven_fives))
    code = main([command, str(path)])
    err = capsys.readouterr().err
    assert_clear_error(code, err, "digit 5 is read 7 times without doubt", "6 a Sudoku Cube has",
                       advice)
    if command == "solve":  # the state file given is the one to correct
        assert f"Correct them in {path} (its tokens" in " ".join(err.split()), err
    # typed by hand (no photo's reading): the file to correct, no photo to retake
    assert err.count("etake") + err.count("re-shoot") + err.count("orrect them in") == 1, err


def test_a_text_state_file_is_told_where_its_tokens_are(tmp_path, capsys):
    """A hand-typed text state file has a line per face, no "faces" entry: the advice on
    correcting it says where a sticker's token is on those lines."""
    from sudoku_cube.models.cube.state_format import parse_json, to_text
    path = tmp_path / "count.txt"
    path.write_text(to_text(parse_json(_edited(_seven_fives))))
    assert main(["solve", str(path)]) == 2
    err = " ".join(capsys.readouterr().err.split())
    assert (f'Correct them in {path} (on each face\'s line: U3 is the third token after "U:") '
            f"and run `sudoku-cube solve {path}` again") in err, err
    assert '"faces"' not in err


def test_the_reviews_problem_line_leaves_the_grid_solvers_advice_out(tmp_path):
    """The interactive review names the counts and then says what to do itself."""
    from sudoku_cube.assistant.services.files import load_state
    from sudoku_cube.assistant.services.review import check_reading

    path = tmp_path / "seven.json"
    path.write_text(_edited(_seven_fives))
    problem = check_reading(load_state(path)).problems[0]
    assert "digit 5 is read 7 times without doubt" in problem and "re-shoot" not in problem


@pytest.fixture(scope="module")
def twisted(tmp_path_factory):
    """A real Sudoku Cube reassembled with one corner twisted: unreachable by face turns."""
    path = tmp_path_factory.mktemp("twist") / "twisted.json"
    pz = make_puzzle(11, 25)
    path.write_text(to_json(pz.state.transformed(piece_transform([("c", 0, 0, 1)]))))
    return path


@pytest.mark.parametrize("command", ["grid", "solve"])
def test_one_twisted_corner_is_explained(command, twisted, capsys):
    """The stickers to re-check, each face named by its centre digit, the letter beside, and
    what to do said once: the photos to retake (grid), or solve's review's own advice."""
    code = main([command, str(twisted)])
    centres = [d["faces"][f][4][0] for d in [json.loads(twisted.read_text())] for f in "UF"]
    err = capsys.readouterr().err
    advice = (f"Re-shoot or fix the photos of the faces with centres {centres[0]} (U) and "
              f"{centres[1]} (F)," if command == "grid" else f"Correct them in {twisted} (its")
    assert_clear_error(code, err, "corner would have to be twisted", "read differently",
                       f"U6 on the face with centre {centres[0]} (U): read as", advice)
    flowing = " ".join(err.split())
    said = [flowing.count(w) for w in ("etake", "e-shoot", "orrect them in")]
    assert sum(said) == 1, err  # what to do, once


@pytest.mark.parametrize("flags", [[], ["--plain"]])
def test_solved_cube_gives_an_empty_plan_and_says_so(flags, capsys):
    assert main(["solve", str(SOLVED), *flags]) == 0
    assert "already solved" in capsys.readouterr().out
    assert main(["solve", str(SOLVED), "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["moves"] == [] and doc["steps"] == []
    assert main(["guide", "--plain", str(SOLVED)]) == 0
    assert "already solved" in capsys.readouterr().out


MOVES = {
    "R X": ("'X'", "not supported"),
    "R3": ("'R3'", "not a move"),
    "R U'2": ("U'2", "not a move"),
    "r u": ("'r'", "lower-case", "upper-case face turns"),
    "Rw U": ("'Rw'", "wide moves are not supported"),
    "x y": ("'x'", "whole-cube rotations are not supported"),
    "M": ("'M'", "slice moves are not supported"),
    "R, U": ("R,",),
}


@pytest.mark.parametrize("moves", list(MOVES))
def test_bad_moves_say_what_is_supported(moves, capsys):
    code = main(["apply", str(SOLVED), moves])
    assert_clear_error(code, capsys.readouterr().err, *MOVES[moves], "U R F D L B")


@pytest.mark.parametrize("flag,value", [("--symmetric", "0"), ("--symmetric", "x"),
                                        ("--symmetric", "6")])
@pytest.mark.parametrize("command", ["grid", "solve", "show", "guide"])
def test_bad_settings_on_the_command_line(command, flag, value, capsys):
    code = main([command, str(SOLVED), flag, value])
    assert_clear_error(code, capsys.readouterr().err, value)
