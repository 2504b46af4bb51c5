"""An independent physical simulation: stickers as 3D points turned by float rotation matrices.

Each sticker is its centre point on the surface and a second point a little towards the digit's
top. A face turn rotates every point of the layer with a numpy rotation matrix; the state is then
read back from where the points are. The model's ``apply`` must agree on random sequences.
"""
from __future__ import annotations

import random

import numpy as np

from sudoku_cube.models.cube.geometry import FACES
from sudoku_cube.models.cube.state import CubeState
from tests.conftest import random_design, random_moves

AXIS = {"U": (0, 1, 0), "R": (1, 0, 0), "F": (0, 0, 1), "D": (0, -1, 0), "L": (-1, 0, 0),
        "B": (0, 0, -1)}
# looking at each face from outside: which world directions are "up" and "right" in the view
UP = {"U": (0, 0, -1), "D": (0, 0, 1), "F": (0, 1, 0), "R": (0, 1, 0), "B": (0, 1, 0),
      "L": (0, 1, 0)}
RIGHT = {"U": (1, 0, 0), "D": (1, 0, 0), "F": (1, 0, 0), "R": (0, 0, -1), "B": (-1, 0, 0),
         "L": (0, 0, 1)}


def _rotation(axis, degrees):
    """Rodrigues' rotation matrix about a unit axis (right-handed, degrees)."""
    a = np.array(axis, float)
    t = np.radians(degrees)
    k = np.array([[0, -a[2], a[1]], [a[2], 0, -a[0]], [-a[1], a[0], 0]])
    return np.eye(3) + np.sin(t) * k + (1 - np.cos(t)) * k @ k


def _points(state: CubeState):
    """Sticker centres (cube of side 3 centred at 0) and digit-top points."""
    pts, tops, digits = [], [], []
    for k, f in enumerate(FACES):
        n, up, right = (np.array(v, float) for v in (AXIS[f], UP[f], RIGHT[f]))
        for i in range(9):
            row, col = divmod(i, 3)
            c = 1.5 * n + (col - 1) * right + (1 - row) * up
            s = state.stickers[9 * k + i]
            direction = [up, right, -up, -right][s.rot]
            pts.append(c)
            tops.append(c + 0.25 * direction)
            digits.append(s.digit)
    return np.array(pts), np.array(tops), digits


def _read_back(pts, tops, digits):
    from sudoku_cube.models.cube.stickers import Sticker
    out = [None] * 54
    for p, t, d in zip(pts, tops, digits):
        face = max(FACES, key=lambda f: float(np.dot(p, AXIS[f])))
        up, right = np.array(UP[face], float), np.array(RIGHT[face], float)
        col = int(round(float(np.dot(p, right)))) + 1
        row = 1 - int(round(float(np.dot(p, up))))
        v = t - p
        rot = int(np.argmax([np.dot(v, up), np.dot(v, right), -np.dot(v, up), -np.dot(v, right)]))
        out[9 * FACES.index(face) + 3 * row + col] = Sticker(d, rot)
    return CubeState(tuple(out))


def _simulate(state, moves):
    pts, tops, digits = _points(state)
    for m in moves:
        axis = np.array(AXIS[m.face], float)
        rot = _rotation(axis, -90 * m.turns)  # clockwise seen from outside
        layer = pts @ axis > 0.9
        pts[layer] = pts[layer] @ rot.T
        tops[layer] = tops[layer] @ rot.T
    return _read_back(pts, tops, digits)


def test_model_agrees_with_physical_simulation_on_random_sequences():
    rng = random.Random(2024)
    for _ in range(300):
        state = random_design(rng)
        moves = random_moves(rng, rng.randrange(1, 30))
        assert state.apply(moves) == _simulate(state, moves)
