"""Every line of the checkout's Python (packages, tests, tools) is at most 100 characters wide,
so that the code reads whole side by side and in a terminal's diff."""
from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WIDTH = 100


def _python_files() -> list[Path]:
    """The checkout's Python files, not those of a virtual environment or other hidden folder
    (``.venv``, ``.git``)."""
    return [p for p in sorted(ROOT.rglob("*.py"))
            if not any(part.startswith(".") for part in p.relative_to(ROOT).parts)]


def test_no_python_line_is_wider_than_100_characters():
    files = _python_files()
    assert ROOT / "assistant" / "cli.py" in files and ROOT / "tests" / Path(__file__).name in files
    wide = [f"{p.relative_to(ROOT)}:{n}: {len(line)}"
            for p in files
            for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
            if len(line) > WIDTH]
    assert not wide, wide
