"""Installed, the project is one namespace: every package folder is listed in pyproject.toml
under ``sudoku_cube.``, so a wheel carries all of it and no generic top-level name."""
from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _config() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]


def test_every_package_folder_is_installed_under_sudoku_cube() -> None:
    cfg = _config()
    dirs = cfg["package-dir"]
    assert all(name.startswith("sudoku_cube.") for name in dirs)
    listed = set(cfg["packages"])
    for name, folder in dirs.items():
        for init in (ROOT / folder).rglob("__init__.py"):
            rel = init.parent.relative_to(ROOT / folder)
            dotted = ".".join((name, *rel.parts)) if rel.parts else name
            assert dotted in listed, f"{init.parent} is not listed in pyproject.toml packages"


def test_entry_point_is_in_the_namespace() -> None:
    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["scripts"]
    assert scripts["sudoku-cube"].startswith("sudoku_cube.assistant.")
