"""What the CLI says is for people: `--version` exists, and errors about values in a state file
show them as the file has them (null, a list), never as Python prints them (None, ['x'])."""
from __future__ import annotations

import json

import pytest

from sudoku_cube.assistant.cli import main
from tests.conftest import assert_clear_error

TOKENS = ["1^", "2^", "3^", "4^", "5^", "6^", "7^", "8^", "9^"]


def test_version(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["--version"])
    assert stop.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith("sudoku-cube ") and out.split()[1][0].isdigit()


def _faces(**changes):
    faces = {f: list(TOKENS) for f in "URFDLB"}
    faces.update(changes)
    return faces


@pytest.mark.parametrize("data,words", [
    ({"faces": _faces()}, ['"format" field is missing']),
    ({"format": ["x"], "faces": _faces()}, ['"format" is a list']),
    ({"format": None, "faces": _faces()}, ['"format" field is missing']),
    ({"format": "sudoku-cube/1", "faces": _faces(U=[None] + TOKENS[1:])},
     ["the top face (U), sticker U1", "got null"]),
    ({"format": "sudoku-cube/1", "faces": _faces(R=[["1^"]] + TOKENS[1:])},
     ["the right face (R), sticker R1", "got a list"]),
    ({"format": "sudoku-cube/1", "faces": _faces(),
      "candidates": {"F": [[{"token": "1^", "score": [1]}]] * 9}},
     ["the front face (F)", 'candidate "1^" has score a list']),
])
def test_state_file_errors_show_values_as_written(tmp_path, capsys, data, words):
    path = tmp_path / "state.json"
    path.write_text(json.dumps(data))
    code = main(["show", str(path)])
    err = capsys.readouterr().err
    assert_clear_error(code, err, "state.json", *words)
    for python_only in ("None", "['", "[1]", "{'"):
        assert python_only not in err, err
