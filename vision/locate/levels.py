"""A photo's brightness range and the global levels cut across it.

A cube's stickers stand apart from the ground they lie on at some level of the picture,
whichever of the two is the brighter; the levels are shares of the picture's range, read so
that a few highlights or deep shadows leave it alone. The sticker passes of a corner photo
(:mod:`vision.locate.corners.quads`) and the stickers the grooves frame
(:func:`vision.locate.grooves.framed`) cut at the same levels.
"""
from __future__ import annotations

import numpy as np

RANGE_CLIP = 2
"""Percent of the pixels at either end of the V channel that :func:`value_range` leaves out."""


def value_range(v: np.ndarray) -> tuple[float, float]:
    """The photo's range on the V channel ``v``: its 2nd and 98th percentile
    (:data:`RANGE_CLIP`; of every fourth pixel each way), which a few highlights or deep
    shadows leave alone."""
    lo, hi = np.percentile(v[::4, ::4], (RANGE_CLIP, 100 - RANGE_CLIP))
    return float(lo), float(hi)


LADDER = (0.2, 0.32, 0.45, 0.6, 0.75)
"""Global levels of a picture, as shares of its range from its dark end (:func:`value_range`):
some level lies between a cube's stickers and the ground beside it, whichever is the
brighter."""


def ladder(v: np.ndarray) -> list[int]:
    """The levels of :data:`LADDER` on the 8-bit picture ``v``."""
    lo, hi = value_range(v)
    return [int(lo + (hi - lo) * f) for f in LADDER]
