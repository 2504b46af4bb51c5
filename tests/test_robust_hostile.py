"""Hostile input through the real CLI (issue 35): names, files and paths built to break the
program. Each gives a clear message naming the input, exit 2, no traceback, nothing run."""
from __future__ import annotations

from pathlib import Path

from sudoku_cube.assistant.cli import main
from tests.conftest import assert_clear_error


def _profiles_root() -> Path:
    from sudoku_cube.calibration.store import profiles_root
    return profiles_root()


def test_profile_name_with_a_trailing_newline_is_refused(capsys):
    code = main(["calibrate", "settings", "--profile", "mine\n", "--symmetric", "1,8"])
    assert_clear_error(code, capsys.readouterr().err, "profile name", "letters, digits")
    root = _profiles_root()
    assert not root.exists() or not any(root.iterdir())
