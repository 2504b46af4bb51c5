"""Ink cut against its neighbourhood: strokes stand out from their surroundings, glare does not.

The usual cut (:func:`vision.cells.ink.ink_mask`) takes every pixel darker than the sticker's level
by a share of the ink's contrast and drops whatever touches the cell's border. Two things
defeat it on a dark sticker with a light digit (inverted, the glare is dark like the ink):
a glare streak crossing a stroke to the sticker's edge takes the digit with it, and in a dim,
noisy photo single noisy pixels chain the digit to the border. Here the darkness is first
freed of pixel noise (a 3 x 3 median), and a pixel is ink only when it is also darker than its
neighbourhood (a Gaussian mean about two strokes wide) by :data:`LIFT` of the ink's contrast:
a stroke is, the smooth flank of a glare streak is not, so the streak falls apart from the
digit. Bold strokes stay whole: the neighbourhood reaches past them onto the sticker.
"""
from __future__ import annotations

import cv2
import numpy as np

from .ink import INK_SHARE, SPECK, border
from ..stats import median
from .sticker_level import centre, ink_darkness

LIFT = 0.15
"""How much darker than its neighbourhood (share of the ink's contrast) a pixel must be."""
REACH = 0.1
"""Standard deviation of the neighbourhood's Gaussian, in cell sides (strokes are a
fifteenth of a cell across)."""


def local_ink_mask(cell: np.ndarray, share: float = INK_SHARE, lift: float = LIFT) -> np.ndarray:
    """Boolean mask of the digit's ink in a normalised cell (dark ink on a light sticker):
    darker than the sticker by ``share`` and than its neighbourhood by ``lift`` (shares of the
    ink's contrast), off the cell's border, no specks."""
    d, level = _noise_free(cell)
    near = cv2.GaussianBlur(d, (0, 0), REACH * d.shape[0])
    return _off_border((d > level + share * (1 - level)) & (d - near > lift))


def _noise_free(cell: np.ndarray) -> tuple[np.ndarray, float]:
    """A cell's ink darkness freed of pixel noise (a 3 x 3 median) and the sticker's level in
    it: the median of the cell's centre."""
    d = cv2.medianBlur(ink_darkness(cell).astype(np.float32), 3)
    c = centre(d.shape[0])
    return d, median(d[c, c])


def _off_border(mask: np.ndarray, one_side: bool = False) -> np.ndarray:
    """The components of ``mask`` that keep off the cell's border
    (:func:`vision.cells.ink.border`) and are not specks; with ``one_side``, also
    one that touches a single side but reaches the cell's centre, its centroid inside
    :func:`vision.polarity.centre` (a digit printed near its sticker's edge, or a cell cut a
    little off its sticker): the body between stickers runs along a side, far from the
    centre."""
    n = mask.shape[0]
    count, labels, stats, cents = cv2.connectedComponentsWithStats(mask.astype(np.uint8))
    m = border(n)
    x, y, w, h, a = stats.T
    sides = (x < m).astype(int) + (y < m) + (x + w > n - m) + (y + h > n - m)
    no_speck = a >= SPECK * n * n
    keep = (sides == 0) & no_speck
    if one_side:
        c = centre(n)
        central = np.all((cents > c.start) & (cents < c.stop), axis=1)
        keep |= (sides == 1) & central & no_speck
    keep[0] = False
    return keep[labels]


def edge_ink_mask(cell: np.ndarray, share: float = INK_SHARE) -> np.ndarray:
    """Boolean mask of the ink that may touch one side of the cell: the usual threshold on the
    noise-free darkness, keeping a large component that reaches the cell's centre though it
    touches one side (see :func:`_off_border`)."""
    d, level = _noise_free(cell)
    return _off_border(d > level + share * (1 - level), one_side=True)
