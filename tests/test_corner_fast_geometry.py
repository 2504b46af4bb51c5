"""The corner pass's small geometry helpers judged all at once or on plain floats give what
the plain definitions give: the common corner of three faces (every choice of one outline
corner each), the sticker pitch of a lattice, and a stray glyph's trimmed lattice."""
from __future__ import annotations

import itertools

import cv2
import numpy as np

from sudoku_cube.vision.locate.corners.check import pitch_of
from sudoku_cube.vision.locate.corners.glyphs import Glyph, pseudo_quad
from sudoku_cube.vision.locate.corners.trim import trimmed
from sudoku_cube.vision.locate.corners.lattice import CORNERS, Lattice
from sudoku_cube.vision.locate.corners.order import common_corner


def _random_h(rng: np.random.Generator) -> np.ndarray:
    H = np.array([[55.0, 12.0, 300.0], [-10.0, 50.0, 200.0], [0.0008, 0.001, 1.0]])
    return H + rng.normal(0, 1, (3, 3)) * np.array([[15, 15, 120], [15, 15, 120], [4e-4, 4e-4, 0]])


def _plain_common_corner(lats: list[Lattice]) -> tuple:
    best, spread = None, np.inf
    for choice in itertools.product(CORNERS, repeat=len(lats)):
        pts = np.array([lat.to_image(*c) for lat, c in zip(lats, choice)])
        s = float(np.sum(np.linalg.norm(pts - pts.mean(axis=0), axis=1)))
        if s < spread:
            best, spread = choice, s
    return best


def _plain_pitch(H: np.ndarray) -> float:
    def at(u: float, v: float) -> np.ndarray:
        p = H @ np.array([u, v, 1.0])
        return p[:2] / p[2]
    o = at(0, 0)
    return min(float(np.linalg.norm(at(3, 0) - o)), float(np.linalg.norm(at(0, 3) - o))) / 3


def test_common_corner_is_the_plain_choice():
    rng = np.random.default_rng(11)
    for _ in range(60):
        lats = [Lattice(_random_h(rng), {}, (-1, -1)) for _ in range(3)]
        assert common_corner(lats) == _plain_common_corner(lats)


def test_pitch_is_the_plain_one():
    rng = np.random.default_rng(12)
    for _ in range(200):
        H = _random_h(rng)
        assert abs(pitch_of(H) - _plain_pitch(H)) <= 1e-9 * _plain_pitch(H)


def test_trimmed_lattice_is_the_fit_through_the_other_glyphs():
    H = np.array([[60.0, 14.0, 200.0], [-9.0, 52.0, 150.0], [0.0008, 0.0011, 1.0]])
    cells = [(u, v) for v in range(3) for u in range(3)]
    src = np.array([(u + 0.5, v + 0.5) for u, v in cells])
    p = np.hstack([src, np.ones((9, 1))]) @ H.T
    pts = p[:, :2] / p[:, 2:] + np.random.default_rng(4).normal(0, 0.8, (9, 2))
    pts[2] += (30.0, 12.0)  # a stray mark at a corner cell
    start, _ = cv2.findHomography(src, pts, 0)
    quads = [pseudo_quad(Glyph(q, 20.0, True), np.array([20.0, 0]), np.array([0, 20.0]))
             for q in pts]
    cut = trimmed(Lattice(start, dict(zip(cells, quads)), (-1, -1)))
    assert (2, 0) not in cut.cells and len(cut.cells) == 8
    want, _ = cv2.findHomography(np.delete(src, 2, axis=0), np.delete(pts, 2, axis=0), 0)
    corners = np.array([[0, 0, 1], [3, 0, 1], [3, 3, 1], [0, 3, 1.0]])
    a, b = corners @ cut.H.T, corners @ want.T
    assert np.abs(a[:, :2] / a[:, 2:] - b[:, :2] / b[:, 2:]).max() < 0.01
