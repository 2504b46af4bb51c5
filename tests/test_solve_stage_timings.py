"""The stages ``solve`` reports to ``bench e2e`` (the file named by SUDOKU_CUBE_TIMINGS): the
grid solver's time counts once, in ``grid``, wherever it ran, so no other stage comes out
negative and the stages add up to the time they split."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from sudoku_cube.assistant.cli import main
from sudoku_cube.assistant.terminal.solve_flow import TIMINGS_ENV

CUBES = Path(__file__).resolve().parents[1] / "samples" / "cubes"


@pytest.mark.parametrize("sample", ["01-easy", "09-black"])
def test_no_stage_is_negative_and_the_grid_counts_once(sample, tmp_path, monkeypatch, capsys):
    timings = tmp_path / "timings.json"
    monkeypatch.setenv(TIMINGS_ENV, str(timings))
    assert main(["solve", str(CUBES / sample), "--plain", "--no-ocr"]) == 0
    capsys.readouterr()
    stages = json.loads(timings.read_text())
    # the grid was solved to set the photos upright, or (09-black, whose 1s have a foot) to
    # check that it solves with the 1 not symmetric: no CP-SAT solve takes under a millisecond
    assert stages["grid"] > 1
    for name in ("reading", "footed", "review", "grid"):
        assert stages[name] >= 0, (name, stages)
    spent = 1000 * (stages["guide_epoch"] - stages["entered_epoch"])
    assert stages["reading"] + stages["footed"] + stages["review"] + stages["grid"] <= spent + 1
