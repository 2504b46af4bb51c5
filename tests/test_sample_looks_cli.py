"""The bundled cube with white digits on its dark colours (samples/cubes/10-white-ink) and the
black cube (samples/cubes/09-black: white serif digits on dark grey, a footed 1) are read and
solved through the command line: the plan, applied to the true cube, solves it (on the black
cube with every 1 upright)."""
from __future__ import annotations

import json
from pathlib import Path

from sudoku_cube.assistant.cli import main
from sudoku_cube.models.cube.moves import parse_moves
from sudoku_cube.models.cube.solved import is_solved
from sudoku_cube.models.cube.state_format import parse_json

SAMPLES = Path(__file__).resolve().parents[1] / "samples"


def test_white_ink_sample_is_read_and_solved_through_the_cli(capsys):
    cube = SAMPLES / "cubes" / "10-white-ink"
    truth = parse_json((cube / "truth.json").read_text())
    assert main(["read", str(cube), "--json", "--no-ocr"]) == 0
    read = parse_json(capsys.readouterr().out)
    assert sum(a == b for a, b in zip(read.stickers, truth.stickers)) >= 52
    assert main(["solve", str(cube), "--json"]) == 0
    plan = json.loads(capsys.readouterr().out)
    assert is_solved(truth.apply(parse_moves(plan["moves"])))


def test_black_cube_sample_is_read_and_solved_through_the_cli(capsys):
    cube = SAMPLES / "cubes" / "09-black"
    truth = parse_json((cube / "truth.json").read_text())
    assert main(["read", str(cube), "--json", "--no-ocr"]) == 0
    out = capsys.readouterr()
    read = parse_json(out.out)
    assert sum(a == b for a, b in zip(read.stickers, truth.stickers)) >= 52
    assert main(["solve", str(cube), "--json"]) == 0
    out = capsys.readouterr()
    assert "not symmetric on this cube" in out.err  # the reader saw the footed 1
    plan = json.loads(out.out)
    assert is_solved(truth.apply(parse_moves(plan["moves"])), symmetric=())
