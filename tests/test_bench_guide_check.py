"""``bench guide-check``: the guide's check of a slip with the step shown made and not, face
by face as the c key asks; no plan that leaves the real cube unsolved, either way."""
from __future__ import annotations

import json

from sudoku_cube.assistant.cli import main


def test_the_guides_check_gives_no_wrong_plan_with_the_step_shown_made_or_not(capsys):
    assert main(["bench", "guide-check", "--n", "8", "--seed", "3", "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    for way in ("not made", "made"):
        got = figures[way]
        assert got["cases"] == 8 and got.get("wrong", 0) == 0, figures
        found = sum(v for k, v in got.items() if k.startswith("found "))
        assert found >= 7, figures  # at most one case left to a rescan


def test_a_run_of_no_case_is_refused(capsys):
    assert main(["bench", "guide-check", "--n", "0"]) == 2
    assert "--n of at least 1" in capsys.readouterr().err
