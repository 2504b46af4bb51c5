"""The digit's ink in a straightened cell: the usual cut the recognisers read.

Pixels darker than the local sticker level (:mod:`vision.cells.sticker_level`) by more than a share
of the ink's contrast, minus everything connected to the cell border (the body between
stickers, rounded sticker corners), tiny specks and small pieces of the sticker's own edge.
"""
from __future__ import annotations

import cv2
import numpy as np

from .glyph import PART_SHARE
from .sticker_level import ink_contrast


INK_SHARE = 0.3
"""Ink threshold as a share of the way from the sticker's level to the darkest ink (3% of the
cell's centre): low enough to keep strokes thinned by defocus or dimmed by glare."""


def ink_mask(cell: np.ndarray, share: float = INK_SHARE) -> np.ndarray:
    """Boolean mask of the digit's ink in one straightened cell.

    Pixels darker than the local sticker brightness by more than a share of the ink's
    contrast (a difference, so an even glare band does not cancel it), minus everything
    connected to the cell border (the body between stickers, rounded sticker corners) and
    tiny specks. ``share``: the threshold (see :data:`INK_SHARE`).
    """
    return cut(cell, share)


def cut(cell: np.ndarray, share: float, rim: float = 0.0) -> np.ndarray:
    """The ink at threshold ``share`` (see :func:`ink_mask`); ``rim``:
    the share of the cell's side along its border that is left out before the parts
    touching the border are dropped."""
    contrast = ink_contrast(cell)
    if contrast is None:
        return np.zeros(cell.shape[:2], bool)  # no ink at all: a blank sticker
    diff, level, top = contrast
    return inner_components(inside_rim(diff > level + share * (top - level), rim))


def inside_rim(mask: np.ndarray, rim: float) -> np.ndarray:
    """``mask`` without the band of ``rim`` (a share of the cell's side) along the border."""
    if rim:
        r = int(round(rim * mask.shape[0]))
        inside = np.zeros_like(mask)
        inside[r:-r, r:-r] = True
        mask &= inside
    return mask


SPECK = 0.0015
"""Ink components under this share of the cell's area are specks."""


def border(n: int) -> int:
    """Pixels along the border of a cell of side ``n`` (a fourteenth of its side, at least
    two) that a digit keeps off: ink reaching them is the body between stickers or a sticker's
    rounded corner."""
    return max(2, n // 14)


def inner_components(mask: np.ndarray) -> np.ndarray:
    """The components of a mask that keep off the cell border and are not tiny specks, nor
    small rim pieces (:func:`_rim_pieces`)."""
    n = mask.shape[0]
    _, labels, stats, _ = cv2.connectedComponentsWithStats(mask.astype(np.uint8))
    m = border(n)
    x, y, w, h, a = stats.T
    keep = (x >= m) & (y >= m) & (x + w <= n - m) & (y + h <= n - m) & (a >= n * n * SPECK)
    keep[0] = False  # the background
    keep[_rim_pieces(labels, stats, keep)] = False
    return keep[labels]


RIM_BAND = 0.15
"""Share of the cell's side along its border where the sticker's own edge lies, and no
digit: see :func:`_rim_pieces`."""


def _rim_pieces(labels: np.ndarray, stats: np.ndarray, keep: np.ndarray) -> list[int]:
    """The kept components lying wholly within :data:`RIM_BAND` of the cell's border and
    too small beside the largest to be a part of the digit
    (:data:`vision.cells.glyph.PART_SHARE`): arcs of the sticker's rounded edge where a
    light body shows round it (the groove between sticker and body is dark and thin, so it
    is cut as ink, in pieces that keep off the border). Joined to the digit they stretch its
    box to the sticker's size (a digit read as a thin 1), or pass for its underline."""
    ids = np.flatnonzero(keep)
    if len(ids) < 2:
        return []
    n = labels.shape[0]
    areas = stats[:, cv2.CC_STAT_AREA]
    r = int(np.ceil(RIM_BAND * n))
    # the components with a pixel off the band, all found in one pass over that part
    inside = np.bincount(labels[r:n - r, r:n - r].ravel(), minlength=len(stats)) > 0
    small = areas < PART_SHARE * int(areas[ids].max())
    return [int(i) for i in ids if small[i] and not inside[i]]
