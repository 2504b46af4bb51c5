"""What the reading says while a progress bar is live is printed on the bar's own console:
rich draws a note above the bar only when the note goes through the console the bar draws on;
printed on another, the note ran on from the bar's line and the bar stayed on the screen."""
from __future__ import annotations

import argparse
import io
from pathlib import Path

from rich.console import Console

from sudoku_cube.assistant.terminal.progress_view import ConsoleProgress
from sudoku_cube.assistant.terminal.solve_flow import produce
from sudoku_cube.models.profile import CubeSettings

BLACK = Path(__file__).resolve().parents[1] / "samples" / "cubes" / "09-black"


def test_the_foot_of_the_one_is_said_on_the_bars_console(capsys):
    """The black sample's 1s stand on a foot, which the solve says: on the console of the
    live bar, and nowhere else."""
    bar = Console(file=io.StringIO(), force_terminal=True, width=80)
    args = argparse.Namespace(profile=None, ocr=False, optimal=False, symmetric=None)
    with ConsoleProgress(bar) as progress:
        result = produce(str(BLACK), CubeSettings(), args, progress=progress,
                         console=progress.console)
    assert result.plan is not None
    said = " ".join(bar.file.getvalue().split())
    assert "digit 1 has a foot" in said
    assert "has a foot" not in capsys.readouterr().err
