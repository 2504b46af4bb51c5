"""Ink between a glyph lattice's cells: a cube face has none, a page of print has plenty.

A face's digits keep to the middle of their stickers, so the bands along the cell borders
(where the grooves run) hold no ink; print puts letters between any two of its marks.
"""
from __future__ import annotations

import numpy as np

MAX_BETWEEN = 0.2
"""Most share of ink in the bands between a face's cells (:func:`ink_shares`)."""

BAND_SAMPLES = 30
"""Points sampled along each side of the face's 3 x 3 lattice, at the middles of equal steps."""

_EDGES = np.linspace(0, 3, BAND_SAMPLES + 1)
_STEP = _EDGES[1] - _EDGES[0]
_U = _EDGES[:-1] + _STEP / 2
_BETWEEN = np.array([(u, v) for v in _U for u in _U
                     if min(0.5 - abs(u % 1 - 0.5), 0.5 - abs(v % 1 - 0.5)) < _STEP])
"""Lattice points (0..3) in the bands along the cell borders, where a cube face has its
grooves and no ink: the samples less than one step from a cell's border (each cell's outermost
ones on every side)."""

_BETWEEN_H = np.hstack([_BETWEEN, np.ones((len(_BETWEEN), 1))])


def ink_shares(mask: np.ndarray, Hs: np.ndarray) -> np.ndarray:
    """Per lattice of ``Hs`` (B, 3, 3), the share of its band points (:data:`_BETWEEN`) that
    fall on ink (``mask``): about 0 on a cube face, whose digits keep to the middle of their
    stickers; a page of print has letters between any two of its marks."""
    p = _BETWEEN_H @ Hs.transpose(0, 2, 1)
    with np.errstate(divide="ignore", invalid="ignore"):
        xy = np.nan_to_num(p[..., :2] / p[..., 2:3], nan=-1.0, posinf=-1.0, neginf=-1.0)
    x = np.clip(np.round(xy[..., 0]), -1, mask.shape[1]).astype(int)
    y = np.clip(np.round(xy[..., 1]), -1, mask.shape[0]).astype(int)
    ok = (x >= 0) & (y >= 0) & (x < mask.shape[1]) & (y < mask.shape[0])
    on = mask[np.where(ok, y, 0), np.where(ok, x, 0)] * ok
    n = ok.sum(axis=1)
    return np.where(n > 0, on.sum(axis=1) / np.maximum(n, 1), 0.0)


__all__ = ["MAX_BETWEEN", "ink_shares"]
