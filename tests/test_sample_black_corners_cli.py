"""The bundled corner pair of the black Sudoku Cube (samples/corners/c4-black: dark grey
stickers, white serif digits, a footed 1) is read and solved through the command line: the
reading is the truth and the plan, applied to the true cube, solves it; photo A alone reads
its three faces."""
from __future__ import annotations

import json
from pathlib import Path

from sudoku_cube.assistant.cli import main
from sudoku_cube.models.moves import parse_moves
from sudoku_cube.models.solved import is_solved
from sudoku_cube.models.state_format import parse_json

CUBE = Path(__file__).resolve().parents[1] / "samples" / "corners" / "c4-black"


def test_black_corner_pair_is_read_and_solved_through_the_cli(capsys):
    truth = parse_json((CUBE / "truth.json").read_text())
    assert main(["read", str(CUBE), "--json", "--no-ocr"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert parse_json(json.dumps({k: out[k] for k in ("format", "faces")})).stickers == \
        truth.stickers
    assert out["one"]["footed"] > 0 and not out["one"]["symmetric"]
    assert main(["solve", str(CUBE), "--json"]) == 0
    plan = json.loads(capsys.readouterr().out)
    assert is_solved(truth.apply(parse_moves(plan["moves"])))
