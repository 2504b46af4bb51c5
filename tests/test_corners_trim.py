"""The stray-glyph trim of a glyph lattice: the batched left-out fit agrees with the exact
per-glyph refits (:func:`cv2.findHomography`), and a stray mark is dropped, a clean face kept."""
from __future__ import annotations

import numpy as np

from sudoku_cube.vision.locate.corners.glyph_cells import homography
from sudoku_cube.vision.locate.corners.glyphs import Glyph, pseudo_quad
from sudoku_cube.vision.locate.corners.trim import TRIM, _left_out_offsets, trimmed
from sudoku_cube.vision.locate.corners.lattice import Lattice

H_TRUE = np.array([[60.0, 14.0, 200.0], [-9.0, 52.0, 150.0], [0.0008, 0.0011, 1.0]])
CELLS = [(u, v) for v in range(3) for u in range(3)]


def _points(shift: np.ndarray | None = None, seed: int = 3) -> np.ndarray:
    """Glyph centres on the cells of ``H_TRUE`` with a pixel of noise (one moved by ``shift``)."""
    src = np.array([(u + 0.5, v + 0.5, 1.0) for u, v in CELLS]) @ H_TRUE.T
    pts = src[:, :2] / src[:, 2:] + np.random.default_rng(seed).normal(0, 0.8, (9, 2))
    if shift is not None:
        pts[4] += shift
    return pts


def _exact_offsets(pts: np.ndarray) -> np.ndarray:
    out = []
    for k, (u, v) in enumerate(CELLS):
        H = homography({c: i for i, c in enumerate(CELLS) if i != k}, pts)
        p = H @ np.array([u + 0.5, v + 0.5, 1.0])
        out.append(np.linalg.norm(p[:2] / p[2] - pts[k]))
    return np.array(out)


def _lattice(pts: np.ndarray) -> Lattice:
    H = homography({c: i for i, c in enumerate(CELLS)}, pts)
    quads = [pseudo_quad(Glyph(p, 20.0, True), np.array([20.0, 0]), np.array([0, 20.0]))
             for p in pts]
    return Lattice(H, dict(zip(CELLS, quads)), (-1, -1))


def test_batched_offsets_agree_with_exact_refits():
    for shift in (None, np.array([9.0, -4.0]), np.array([25.0, 18.0])):
        pts = _points(shift)
        src = np.array([(u + 0.5, v + 0.5) for u, v in CELLS])
        quick, exact = _left_out_offsets(src, pts), _exact_offsets(pts)
        assert np.allclose(quick, exact, atol=1e-3 + 1e-4 * exact.max()), (quick, exact)


def test_stray_glyph_is_trimmed_and_clean_face_kept():
    clean = _lattice(_points())
    assert trimmed(clean) is clean
    stray = _lattice(_points(np.array([0.6 * TRIM * 60 + 20, 15.0])))
    cut = trimmed(stray)
    assert len(cut.cells) == 8 and (1, 1) not in cut.cells
