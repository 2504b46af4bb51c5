"""The guide explains the phases the plan really has: pieces then centres, or both at once."""
from __future__ import annotations

import io
import random

from rich.console import Console

from sudoku_cube.assistant.services.guide import steps_from_moves
from sudoku_cube.assistant.terminal.guide_ui import print_plain
from sudoku_cube.models.cube.moves import parse_moves
from tests.conftest import random_design


def _printed(phases):
    start = random_design(random.Random(5))
    moves = parse_moves("R U F' L")
    steps = steps_from_moves(start, moves, phases)
    console = Console(file=io.StringIO(), width=80, record=True)
    print_plain(console, steps, start, pictures=False)
    return console.export_text()


def test_separate_centre_phase_is_explained():
    out = _printed(["pieces", "pieces", "centres", "centres"])
    assert "Phase 1 of 2: pieces" in out and "Phase 2 of 2: centres" in out
    assert "special sequences that turn only the centres" in out


def test_combined_plan_says_centres_are_solved_along_the_way():
    out = _printed(["pieces"] * 4)
    assert "Pieces and centres together" in out
    assert "Phase 1 of 2" not in out and "no separate" in out
