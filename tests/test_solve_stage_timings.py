"""The stages ``solve`` reports to ``bench e2e`` (the file named by SUDOKU_CUBE_TIMINGS): the
grid solver's time counts once, in ``grid``, wherever it ran, so no other stage comes out
negative and the stages add up to the time they split."""
from __future__ import annotations

import json
from pathlib import Path

from sudoku_cube.assistant.cli import main
from sudoku_cube.assistant.terminal.solve_flow import TIMINGS_ENV

CUBE = Path(__file__).resolve().parents[1] / "samples" / "cubes" / "01-easy"


def test_no_stage_is_negative_and_the_grid_counts_once(tmp_path, monkeypatch, capsys):
    timings = tmp_path / "timings.json"
    monkeypatch.setenv(TIMINGS_ENV, str(timings))
    assert main(["solve", str(CUBE), "--plain", "--no-ocr"]) == 0
    capsys.readouterr()
    stages = json.loads(timings.read_text())
    assert stages["grid"] > 0  # the grid was solved to set the photos upright
    for name in ("reading", "footed", "review", "grid"):
        assert stages[name] >= 0, (name, stages)
    spent = 1000 * (stages["guide_epoch"] - stages["entered_epoch"])
    assert stages["reading"] + stages["footed"] + stages["review"] + stages["grid"] <= spent + 1
