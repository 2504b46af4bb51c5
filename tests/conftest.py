"""Shared test helpers: random solved designs and scrambles built from the model alone."""
from __future__ import annotations

import os
import random

import pytest

from models.geometry import FACES
from models.moves import ALL_MOVES, Move
from models.state import CubeState
from models.stickers import Sticker


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


@pytest.fixture(autouse=True)
def _isolated_home(tmp_path, monkeypatch):
    """Keep user data (sessions, profiles) of every test in its own folder."""
    monkeypatch.setenv("SUDOKU_CUBE_HOME", str(tmp_path / "home"))
    os.environ.setdefault("SUDOKU_CUBE_TEST", "1")
    yield
