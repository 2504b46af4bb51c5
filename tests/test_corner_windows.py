"""The batched window search of the glyph lattices (:func:`windows_of`) against a plain
node-by-node count: the same window, the same glyph on each of its cells."""
from __future__ import annotations

import numpy as np

from sudoku_cube.vision.locate.corners.windows import MATCH, MIN_GLYPHS, windows_of


def _plain(pts: np.ndarray, origin: np.ndarray, a: np.ndarray, b: np.ndarray):
    """The 3x3 window of nodes ``origin + i a + j b`` (i, j in -2..2) with most nodes that
    have a point within MATCH pitches (ties: the last window in (i0, j0) order)."""
    pitch = min(np.linalg.norm(a), np.linalg.norm(b))
    near, hit = {}, {}
    for i in range(-2, 3):
        for j in range(-2, 3):
            d = np.linalg.norm(pts - (origin + i * a + j * b), axis=1)
            near[i + 2, j + 2], hit[i + 2, j + 2] = int(d.argmin()), bool(d.min() < MATCH * pitch)
    best = max((sum(hit[i0 + i, j0 + j] for i in range(3) for j in range(3)), i0, j0)
               for i0 in range(3) for j0 in range(3))
    count, i0, j0 = best
    if count < MIN_GLYPHS:
        return None
    win = {(i, j): near[i0 + i, j0 + j] for i in range(3) for j in range(3) if hit[i0 + i, j0 + j]}
    return win if len(set(win.values())) == len(win) else None


def test_windows_match_a_plain_count():
    rng = np.random.default_rng(5)
    a, b = np.array([40.0, 6.0]), np.array([-5.0, 38.0])
    lattice = np.array([100.0, 120.0]) + np.array([[i, j] for j in range(4) for i in range(4)]) @ \
        np.stack([a, b])
    pts = np.vstack([lattice + rng.normal(0, 3, lattice.shape), rng.uniform(0, 300, (25, 2))])
    found = 0
    for p in range(len(pts)):
        spans = [(a + rng.normal(0, 2, 2), b + rng.normal(0, 2, 2)) for _ in range(4)]
        got = windows_of(pts, pts[p], spans)
        want = [_plain(pts, pts[p], sa, sb) for sa, sb in spans]
        assert got == want
        found += sum(w is not None for w in got)
    assert found > 20  # the lattice's glyphs do form windows
