"""The sticker's own brightness under a cell, and how far its ink lies below it.

Ink is what lies well *below* the local sticker level on the sticker's own channel (close to
the HSV V channel, the plain mean of the colour channels on white:
:func:`vision.polarity.sticker_channel`;
a grey closing that erases the thin strokes, :func:`sticker_level`), measured as a difference: glare
adds light to ink and sticker alike, so the difference keeps a stroke's contrast under a glare band
where a ratio would let it fade. Both the level and the ink's contrast are kept for the last
cells seen (a cell cut several times is closed once).
"""
from __future__ import annotations

import functools
from statistics import NormalDist
from typing import NamedTuple

import cv2
import numpy as np

from ..numeric import MIN_CONTRAST
from ..polarity import (INK_PERCENTILE, STICKER_QUANTILE, centre, sticker_channel,
                        value_channel)
from ..stats import closing, median, order_statistics, percentile, percentiles


def sticker_level(cell: np.ndarray, value: bool = False) -> tuple[np.ndarray, np.ndarray]:
    """A cell as one channel (float32; :func:`vision.polarity.sticker_channel`, or with
    ``value`` the V channel, which the learned underline model was fitted on) and the local
    sticker brightness under it: a grey
    closing with a disc, which erases the thin ink strokes, smoothed (a disc, not a square:
    a square also fills in the rounded edges of a glare spot next to a stroke, which then
    stand out as ink). Both read-only: an unsure cell is cut several times (the other
    cuts of :mod:`vision.recognise.read_again`) and the closing, the costliest step, is computed
    once per cell (the last cells are kept by their pixels, as many as :func:`functools.lru_cache`
    keeps by default: the faces read at once, each with its nine cells and their other
    cuts)."""
    return _sticker_level(*_key(cell), value and cell.ndim == 3)


def _key(cell: np.ndarray) -> tuple[bytes, tuple[int, ...], str]:
    """A cell's pixels, shape and type: the key under which its levels are kept."""
    return np.ascontiguousarray(cell).tobytes(), cell.shape, cell.dtype.str


def _cell_of(data: bytes, shape: tuple[int, ...], dtype: str) -> np.ndarray:
    return np.frombuffer(data, dtype).reshape(shape)


@functools.lru_cache
def _sticker_level(data: bytes, shape: tuple[int, ...], dtype: str, value: bool = False
                   ) -> tuple[np.ndarray, np.ndarray]:
    cell = _cell_of(data, shape, dtype)
    one = value_channel(cell) if value else sticker_channel(cell)
    v, capped = _frame_capped(cell, one.astype(np.float32))
    n = v.shape[0]
    k = max(3, (n // 3) | 1)
    disc = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k))
    # an 8-bit channel left as it is closes on its own 8 bits
    paper = closing(v, disc, one if not capped and one.dtype == np.uint8 else None)
    return _frozen(v), _frozen(cv2.GaussianBlur(paper, (0, 0), n / 16))


def _frozen(a: np.ndarray) -> np.ndarray:
    """``a`` made read-only (it is shared through the caches)."""
    a.flags.writeable = False
    return a


LIGHT_FRAME = 10.0
"""Grey levels by which a cell's border must stand above its sticker (90th percentile of the
centre) to count as a light body round the sticker (:func:`_frame_capped`)."""


def _frame_capped(cell: np.ndarray, v: np.ndarray) -> tuple[np.ndarray, bool]:
    """The V channel ``v`` with a light frame brought down to the sticker's level, and whether
    it was (else ``v`` itself comes back). On a white
    or light body the cell's border (the body round an inset sticker) is brighter than a
    coloured sticker: the closing of :func:`sticker_level` then takes the body for the
    sticker's level near its edge, the whole sticker there looks like ink, and a digit
    reaching it is dropped with everything touching the border (read as no digit, a 1).
    Only colour cells (dark ink; an inverted cell's light frame is a dark groove, which is
    right as it is) whose border's median stands :data:`LIGHT_FRAME` above the sticker."""
    if cell.ndim != 3:
        return v, False
    n = v.shape[0]
    r = max(2, n // 12)
    ring = np.concatenate([v[:r].ravel(), v[-r:].ravel(), v[:, :r].ravel(), v[:, -r:].ravel()])
    c = centre(n)
    sticker = percentile(v[c, c], 90)
    if median(ring) > sticker + LIGHT_FRAME:
        return np.minimum(v, sticker), True
    return v, False


def ink_darkness(cell: np.ndarray, value: bool = False) -> np.ndarray:
    """Ink darkness of a cell (float32, 0 paper .. 1 the darkest ink): how much darker than
    the local sticker level each pixel is, as a share of the ink's contrast (98th percentile
    inside the cell), so an even glare band lowers ink and paper alike and cancels.
    ``value``: on the V channel (see :func:`sticker_level`)."""
    levels = _centre_levels(*_key(cell), value and cell.ndim == 3)
    return np.clip(levels.diff / max(levels.darkest, 1.0), 0.0, 1.0)


DARKEST = 98
"""The percentile of a cell's centre taken for its darkest ink in :func:`ink_darkness`."""


class CentreLevels(NamedTuple):
    """A cell's difference to its sticker level and the order statistics of its centre
    (:func:`_centre_levels`)."""

    diff: np.ndarray
    """How much darker than the local sticker level each pixel is (read-only)."""
    spread: tuple[float, float, float]
    """The centre's :data:`_SPREAD` percentiles (:func:`sticker_spread`), as
    :func:`vision.stats.percentiles` takes them."""
    darkest: float
    """The centre's :data:`DARKEST` percentile, as :func:`vision.stats.percentile` takes it."""
    middle: float
    """The centre's median."""


@functools.lru_cache
def _centre_levels(data: bytes, shape: tuple[int, ...], dtype: str, value: bool = False
                   ) -> CentreLevels:
    """A cell's difference to its sticker level (:func:`sticker_level`, ``value`` as there)
    and, in its centre, the :func:`sticker_spread` percentiles, the :data:`DARKEST` one and
    the median, all from one partition (each cell is cut and read by the cell model from the
    same centre): :func:`vision.stats.order_statistics`, whose ``qs`` are rounded as
    :func:`vision.stats.percentiles` rounds them (in float64) and ``q`` as
    :func:`vision.stats.percentile` does (in the differences' float32)."""
    v, paper = _sticker_level(data, shape, dtype, value)
    c = centre(v.shape[0])
    diff = paper - v
    spread, darkest, middle = order_statistics(diff[c, c], _SPREAD, DARKEST)
    lo, level, top = spread
    return CentreLevels(_frozen(diff), (lo, level, top), darkest, middle)


def ink_contrast(cell: np.ndarray) -> tuple[np.ndarray, float, float] | None:
    """How much darker than the local sticker level each pixel is (the difference, read-only),
    the median and the 97th percentile of that difference inside the cell; None for a blank
    sticker (its darkest ink lies less than :data:`vision.numeric.MIN_CONTRAST`, or 1.5 times
    the spread of the sticker's own levels, below the sticker's level: :func:`sticker_spread`).
    Kept per cell, as :func:`sticker_level`."""
    return _cached_ink_contrast(*_key(cell))


@functools.lru_cache
def _cached_ink_contrast(data: bytes, shape: tuple[int, ...], dtype: str
                         ) -> tuple[np.ndarray, float, float] | None:
    # the arguments as ink_darkness passes them: lru_cache keeps f(a) and f(a, False) apart
    levels = _centre_levels(data, shape, dtype, False)
    level, noise, top = _spread_of(*levels.spread)
    if top - level < max(MIN_CONTRAST, 1.5 * noise):
        return None
    return levels.diff, levels.middle, top  # the threshold's base: the median


def sticker_spread(inner: np.ndarray) -> tuple[float, float, float]:
    """The sticker's level, its noise (a standard deviation) and the ink's level
    (:data:`vision.polarity.INK_PERCENTILE`) among the differences ``inner`` to the local
    sticker brightness. The sticker is the lower part: its level is the
    :data:`PAPER_QUANTILE` quantile and its noise the spread below that, not the median and its
    absolute deviation, which a large serif digit covering half the centre turns into ink and a
    spread as wide as the ink's contrast (the digit was then taken for a blank sticker)."""
    return _spread_of(*percentiles(inner, _SPREAD))


def _spread_of(lo: float, level: float, top: float) -> tuple[float, float, float]:
    """:func:`sticker_spread` from its three percentiles (:data:`_SPREAD`)."""
    return level, (level - lo) / PAPER_SPREAD_Z, top


PAPER_QUANTILE = 1 - STICKER_QUANTILE / 100
"""Quantile of the centre's differences taken for the sticker's level: below the ink's share
of the centre on every print (the boldest serif digits cover under half of it), the mirror
of the sticker's colour among the centre's brightness
(:data:`vision.polarity.STICKER_QUANTILE`, its upper quartile)."""

LOW_QUANTILE = (100 - INK_PERCENTILE) / 100
"""Quantile of the centre's differences from which the sticker's noise is measured up to its
level (:data:`PAPER_QUANTILE`): low in the sticker, clear of a few stray pixels, as the ink's
level (:data:`vision.polarity.INK_PERCENTILE`) is at the other end."""

PAPER_SPREAD_Z = NormalDist().inv_cdf(PAPER_QUANTILE) - NormalDist().inv_cdf(LOW_QUANTILE)
"""The normal quantile gap between :data:`LOW_QUANTILE` and :data:`PAPER_QUANTILE`: turns the
gap between them into a standard deviation when the lower :data:`PAPER_QUANTILE` of the
centre are all sticker."""

_SPREAD = (100 * LOW_QUANTILE, 100 * PAPER_QUANTILE, INK_PERCENTILE)
"""The percentiles of :func:`sticker_spread`: the sticker's low end, its level, the ink's."""
