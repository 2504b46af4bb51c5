"""Shared test helpers: random solved designs and scrambles built from the model alone."""
from __future__ import annotations

import os
import random

import pytest

from sudoku_cube.models.geometry import FACES
from sudoku_cube.models.moves import ALL_MOVES, Move
from sudoku_cube.models.state import CubeState
from sudoku_cube.models.stickers import Sticker


def random_design(rng: random.Random) -> CubeState:
    """A random solved Sudoku Cube: each face 1..9 in random places, all pointing one way."""
    stickers: list[Sticker] = []
    for _ in FACES:
        digits = list(range(1, 10))
        rng.shuffle(digits)
        rot = rng.randrange(4)
        stickers.extend(Sticker(d, rot) for d in digits)
    return CubeState(tuple(stickers))


def random_moves(rng: random.Random, count: int) -> list[Move]:
    """Random face turns, never two turns of one face in a row."""
    out: list[Move] = []
    while len(out) < count:
        m = rng.choice(ALL_MOVES)
        if out and out[-1].face == m.face:
            continue
        out.append(m)
    return out


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
def _isolated_home(tmp_path, monkeypatch):
    """Keep user data (sessions, profiles) of every test in its own folder."""
    monkeypatch.setenv("SUDOKU_CUBE_HOME", str(tmp_path / "home"))
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
