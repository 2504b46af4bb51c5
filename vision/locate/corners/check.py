"""Checking a corner-photo face lattice against the picture: does it frame stickers?

A face whose lattice lies right has every cell framed by dark gaps: a band just inside each
cell's border is lighter than the border itself (:func:`grid_contrast`). A lattice off by a
third of a sticker or more loses most of them, so the whole-cube model
(:mod:`vision.locate.corners.whole`) and the ranking of the digits' lattices
(:func:`vision.locate.corners.faces.framed_first`) judge lattices by how many cells they frame.
"""
from __future__ import annotations

import math

import cv2
import numpy as np

from ..lattice_sampling import project_all
from ..levels import value_range
from ...polarity import value_channel

CELL = 16
"""Pixels per sticker in the warped face that :func:`grid_contrast` measures."""

FRAME_STEP = 0.05
"""Least :func:`grid_contrast` of a framed cell, as a fraction of the photo's V range
(2nd to 98th percentile), and at least :data:`MIN_STEP`."""

MIN_STEP = 6.0
"""Least V step (0-255) of a framed cell whatever the photo's range (sensor noise)."""


def value_image(image: np.ndarray, pitch: float) -> np.ndarray:
    """The V channel (max of B, G, R: coloured stickers stand out from the black body there)
    as float32, smoothed to the sampling step of :func:`grid_contrast` for a sticker pitch of
    ``pitch`` pixels."""
    v = value_channel(image).astype(np.float32)
    return cv2.GaussianBlur(v, (0, 0), 0.5 * pitch / CELL)


BORDER_RING = (0, 2)
"""Pixels in from a warped cell's border (of :data:`CELL`) of the band on the grooves."""
INNER_RING = (2, 5)
"""Pixels in from a warped cell's border of the band just inside it, between the groove and
the digit."""


def _ring(cells: np.ndarray, outer: int, inner: int) -> np.ndarray:
    """Pixels of every cell between ``outer`` and ``inner`` pixels in from the cell's border."""
    keep = np.zeros((CELL, CELL), bool)
    keep[outer:CELL - outer, outer:CELL - outer] = True
    keep[inner:CELL - inner, inner:CELL - inner] = False
    return cells[:, keep]


def grid_contrast(v: np.ndarray, H: np.ndarray) -> np.ndarray:
    """Per cell of the lattice ``H`` (lattice (u, v), 0..3, to image), row by row: how much
    lighter a band just inside the cell's border is than the border itself (medians, V
    units). The band lies between the gap and the digit, so large dark digits do not hide a
    sticker; a flat patch gives about 0."""
    size = 3 * CELL
    k = 3.0 / size
    M = H @ np.array([[k, 0, 0], [0, k, 0], [0, 0, 1.0]])
    w = cv2.warpPerspective(v, M, (size, size), flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
                            borderMode=cv2.BORDER_CONSTANT, borderValue=0)
    cells = w.reshape(3, CELL, 3, CELL).transpose(0, 2, 1, 3).reshape(9, CELL, CELL)
    return np.median(_ring(cells, *INNER_RING), axis=1) - np.median(_ring(cells, *BORDER_RING),
                                                                    axis=1)


def pitch_of(H: np.ndarray) -> float:
    """The shorter sticker pitch (pixels) of a lattice, along its two edges from (0, 0)."""
    (a, b, c), (d, e, f), (g, h, i) = H.tolist()  # plain floats: it is asked for hundreds
    wu, wv = 3 * g + i, 3 * h + i                  # of lattices per photo
    if not (i and wu and wv):
        return math.inf  # an outline corner at infinity
    ox, oy = c / i, f / i
    along_u = math.hypot((3 * a + c) / wu - ox, (3 * d + f) / wu - oy)
    along_v = math.hypot((3 * b + c) / wv - ox, (3 * e + f) / wv - oy)
    return min(along_u, along_v) / 3


def frame_step(v: np.ndarray) -> float:
    """The least :func:`grid_contrast` of a framed cell in the picture ``v``
    (:func:`value_image`): :data:`FRAME_STEP` of its range, :data:`MIN_STEP` at least."""
    lo, hi = value_range(v)
    return max(MIN_STEP, FRAME_STEP * float(hi - lo))


def band(inset: float, n: int = 4) -> np.ndarray:
    """Points (cell units, 0..1) on the square ``inset`` in from a cell's border, ``n`` per
    side."""
    t = inset + (1 - 2 * inset) * (np.arange(n) + 0.5) / n
    a, b = np.full(n, inset), np.full(n, 1 - inset)
    return np.concatenate([np.stack([t, a], 1), np.stack([t, b], 1),
                           np.stack([a, t], 1), np.stack([b, t], 1)])


INNER_INSET, BORDER_INSET = (sum(ring) / 2 / CELL for ring in (INNER_RING, BORDER_RING))
"""How far in from a cell's border (cell units) the middles of :data:`INNER_RING` and
:data:`BORDER_RING` lie."""
_INNER, _BORDER = band(INNER_INSET), band(BORDER_INSET)
"""The squares along the middle of :data:`INNER_RING` and :data:`BORDER_RING`."""
_CELLS = np.array([(u, v) for v in range(3) for u in range(3)], np.float64)


def grid_contrasts(v: np.ndarray, Hs: np.ndarray) -> np.ndarray:
    """:func:`grid_contrast` for a stack of lattices ``Hs`` (P, 3, 3) at once, (P, 9), from
    points sampled on the same two bands (nearest pixel) instead of a warp per lattice: the
    glyph pass ranks hundreds of lattices by it."""
    def sample(band: np.ndarray) -> np.ndarray:
        pts = (_CELLS[:, None, :] + band[None, :, :]).reshape(-1, 2)  # (9 n, 2)
        xy, _ = project_all(Hs, pts)
        x = np.clip(np.round(xy[..., 0]), 0, v.shape[1] - 1).astype(np.intp)
        y = np.clip(np.round(xy[..., 1]), 0, v.shape[0] - 1).astype(np.intp)
        return v[y, x].reshape(len(Hs), 9, -1)
    return np.median(sample(_INNER), axis=2) - np.median(sample(_BORDER), axis=2)
