"""The newcomer's path starts with the README's first screen: what is needed (the system, the
Python, root for apt), the two commands and how to put ``sudoku-cube`` on PATH, the four steps
of a solve; the benchmark figures live in docs/. ``make demo`` installs what the program needs,
not the browser and other tools that only the tests use."""
from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _first_screen() -> str:
    """The README up to its "Learn more" section, in one line of words."""
    text = (ROOT / "README.md").read_text()
    return " ".join(text[:text.index("## Learn more")].split())


def test_the_first_screen_says_what_is_needed_and_the_two_commands():
    words = _first_screen()
    assert "Debian or Ubuntu" in words and "Python 3.11 or newer" in words
    assert "root or `sudo`" in words
    assert "make demo" in words and "make test" in words
    assert ". .venv/bin/activate" in words and "puts sudoku-cube on PATH" in words
    for step in ("**Photograph**", "**Solve**", "**Follow**", "**Check**"):
        assert step in words


def test_the_benchmark_history_is_in_docs_not_in_the_readme():
    readme = (ROOT / "README.md").read_text()
    assert "docs/benchmarks.md" in readme
    assert not re.search(r"\d+(\.\d+)? ?(ms|%)", readme), "figures belong in docs/"
    assert len(readme.splitlines()) < 150


def test_make_demo_installs_no_test_tools():
    """Chromium, pdftotext, espeak-ng, Xvfb and ImageMagick are for the tests: only ``make
    test`` (and ``make system``) install them."""
    makefile = (ROOT / "Makefile").read_text()
    test_tools = re.search(r"^APT_TEST_PACKAGES := (.*)$", makefile, re.M)
    assert test_tools and "chromium" in test_tools.group(1).split()
    rules = re.split(r"\n(?=\S)", makefile)
    demo = next(r for r in rules if r.startswith("demo:"))
    stamp = next(r for r in rules if r.startswith("$(STAMP):"))
    for rule in (demo, stamp):
        assert "APT_TEST_PACKAGES" not in rule and "chromium" not in rule
    assert "$(STAMP)" in demo.splitlines()[0]  # demo needs only the program's set-up
