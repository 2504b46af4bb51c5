"""The benchmarks' progress bars are drawn by the timed thread between steps: no refresh thread
runs beside the reader whose time is measured (it cost about a tenth of that time)."""
from __future__ import annotations

import io
import threading

from rich.console import Console

from sudoku_cube.assistant.bench.report import StepProgress


def test_step_progress_draws_each_step_without_a_refresh_thread():
    out = io.StringIO()
    before = threading.active_count()
    with StepProgress(console=Console(file=out, width=60, force_terminal=True)) as progress:
        task = progress.add_task("corner pairs, black", total=4)
        assert threading.active_count() == before  # nothing redraws on its own
        for _ in range(2):
            progress.advance(task)
        drawn = out.getvalue()
        assert "corner pairs, black" in drawn and "50%" in drawn
