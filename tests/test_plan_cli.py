"""``sudoku-cube solve``: JSON result, plain text, already-solved cubes."""
from __future__ import annotations

import json
import random

from sudoku_cube.assistant.cli import main
from sudoku_cube.models.cube.moves import parse_moves
from sudoku_cube.models.plan.samples import scrambled
from sudoku_cube.models.cube.solved import is_solved
from sudoku_cube.models.cube.state_format import parse_json, to_json


def test_solve_json(tmp_path, capsys):
    state, design, _ = scrambled(random.Random(21), 25)
    path = tmp_path / "s.json"
    path.write_text(to_json(state))
    assert main(["solve", str(path), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    moves = parse_moves(out["moves"])
    assert is_solved(state.apply(moves))
    assert [s["move"] for s in out["steps"]] == out["moves"]
    assert all(s["phase"] in ("pieces", "centres") and s["description"].startswith("turn the ")
               for s in out["steps"])
    start = parse_json(json.dumps(out["start"]))
    assert parse_json(json.dumps(out["target"])) == start.apply(moves)
    assert is_solved(start.apply(moves))
    st = out["stats"]
    assert st["moves"] == st["pieces_moves"] + st["centres_moves"] == len(moves)
    assert set(st["timings_ms"]) == {"reading", "tables", "grid", "planning"}


def test_solve_already_solved_and_plain(tmp_path, capsys):
    _, design, _ = scrambled(random.Random(22), 5)
    path = tmp_path / "d.json"
    path.write_text(to_json(design))
    assert main(["solve", str(path), "--plain"]) == 0
    assert "already solved" in capsys.readouterr().out
    assert main(["solve", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["moves"] == []


def test_solve_optimal_plain(tmp_path, capsys):
    state, _, scramble = scrambled(random.Random(23), 4)
    path = tmp_path / "s.json"
    path.write_text(to_json(state))
    assert main(["solve", str(path), "--plain", "--optimal"]) == 0
    out = capsys.readouterr().out
    # the optimal plan is never longer than the scramble that made the cube
    steps = [line for line in out.splitlines() if line.strip().split("/")[0].isdigit()]
    assert 0 < len(steps) <= len(scramble)
    assert f"/{len(steps)}" in steps[-1] and "Done: the cube is solved." in out


def test_solve_missing_file_exit_2(tmp_path, capsys):
    assert main(["solve", str(tmp_path / "nope.json")]) == 2
    assert "nope.json: no such file or folder" in capsys.readouterr().err
