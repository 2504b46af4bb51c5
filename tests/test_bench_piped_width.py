"""Benchmark tables saved to a file keep their headers (rich squeezes to 80 columns)."""
from __future__ import annotations

import argparse
import io
import os

import pytest
from rich.console import Console
from rich.table import Table

from sudoku_cube.assistant.commands.bench import PIPED_WIDTH, wide_when_piped


def _table_text() -> str:
    """A wide table like the benchmarks', printed by a console made inside the run."""
    out = io.StringIO()
    table = Table()
    for name in ("sample", "p95 ms", "median ms", "CPU ms", "startup", "reading", "footed",
                 "review", "grid", "tables", "planning", "guide", "other", "moves", "naive"):
        table.add_column(name)
    table.add_row(*["1234"] * 15)
    Console(file=out).print(table)
    return out.getvalue()


def test_piped_output_is_printed_wide_enough_for_every_header(monkeypatch: pytest.MonkeyPatch
                                                             ) -> None:
    monkeypatch.setenv("COLUMNS", "80")  # recorded, so the handler's change is undone after
    monkeypatch.delenv("COLUMNS")
    assert "median ms" not in _table_text()  # 80 columns cut the headers
    seen = {}
    wide_when_piped(lambda args: seen.setdefault("text", _table_text()) and 0)(
        argparse.Namespace())
    assert "median ms" in seen["text"] and "planning" in seen["text"]
    assert max(len(line) for line in seen["text"].splitlines()) <= PIPED_WIDTH


def test_a_width_the_user_set_wins(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "90")
    wide_when_piped(lambda args: 0)(argparse.Namespace())
    assert os.environ["COLUMNS"] == "90"
