"""Shared test helpers: random solved designs and scrambles (from the model's own
:mod:`models.plan_samples`), clear-error checks, an isolated user folder per test."""
from __future__ import annotations

import os

import pytest

from sudoku_cube.models.plan_samples import random_design, random_moves

__all__ = ["random_design", "random_moves", "assert_clear_error", "quad_pitch"]


def assert_clear_error(code: int, err: str, *words: str) -> None:
    """A user error as the CLI must report it: exit 2, one ``sudoku-cube: `` message with
    each of ``words`` (the file, face or option named, and a way out), no traceback."""
    assert code == 2, err
    assert "Traceback" not in err
    assert err.startswith("sudoku-cube: "), err
    for w in words:
        assert w in err, (w, err)


def quad_pitch(quad) -> float:
    """Sticker pitch of a face outline (4 image corners, clockwise from the top left): the
    shorter of its two edges from the first corner, over three."""
    import numpy as np

    return min(np.linalg.norm(quad[1] - quad[0]), np.linalg.norm(quad[3] - quad[0])) / 3


@pytest.fixture(autouse=True)
def _isolated_home(tmp_path, tmp_path_factory, monkeypatch):
    """Keep user data (sessions, profiles) of every test in its own folder; the planner's
    table cache is one folder for the whole run (built once, not once per test)."""
    monkeypatch.setenv("SUDOKU_CUBE_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("SUDOKU_CUBE_CACHE",
                       str(tmp_path_factory.getbasetemp().parent / "planner-tables"))
    os.environ.setdefault("SUDOKU_CUBE_TEST", "1")
    yield


@pytest.fixture(autouse=True)
def _fuzz_counts(record_property):
    """Attach the fuzz inputs a test tried to its report (works across xdist workers)."""
    from tests.fuzzcount import TRIED
    before = dict(TRIED)
    yield
    for name, count in TRIED.items():
        if count != before.get(name, 0):
            record_property(f"fuzz:{name}", count - before.get(name, 0))


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    """Print how many inputs each fuzz test tried (printed with the test summary)."""
    totals: dict[str, int] = {}
    for reports in terminalreporter.stats.values():
        for rep in reports:
            for key, value in getattr(rep, "user_properties", []) or []:
                if isinstance(key, str) and key.startswith("fuzz:"):
                    totals[key[5:]] = totals.get(key[5:], 0) + int(value)
    if totals:
        terminalreporter.write_sep("-", "fuzz inputs tried")
        for name, count in sorted(totals.items()):
            terminalreporter.write_line(f"{name}: {count} inputs")
