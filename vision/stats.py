"""Order statistics of small arrays, equal to numpy's to the last bit, for less time.

``np.percentile`` and ``np.median`` spend most of their time on argument handling when the
array is a cell's few thousand pixels, and the reading of a face calls them about a hundred
times. These functions take the same order statistics with one ``np.partition`` and
interpolate with numpy's own arithmetic (the default ``linear`` method, the same dtype
promotion), so every value, and so every reading, stays what it was (the tests compare them
with numpy on random arrays). Real-valued arrays without NaN only. A grey closing, a filter
of order statistics too, is taken on 8 bits where that gives the same values.
"""
from __future__ import annotations

import math

import cv2
import numpy as np

LOWER_QUARTILE = 25
"""The percentile that is a sample's lower quartile."""
UPPER_QUARTILE = 100 - LOWER_QUARTILE
"""The percentile that is a sample's upper quartile: as far below the top as the lower
quartile lies above the bottom."""


def percentile(a: np.ndarray, q: float) -> float:
    """``float(np.percentile(a, q))`` for a python number ``q`` in [0, 100] (numpy's weak
    promotion: a float32 array is interpolated in float32)."""
    return float(_at(np.ravel(a), [q / 100], weak=True)[0])


def percentiles(a: np.ndarray, qs: tuple[float, ...]) -> tuple[float, ...]:
    """``np.percentile(a, qs)`` for a tuple of numbers in [0, 100], as floats (interpolated
    in float64, as numpy does for an array of percentiles)."""
    return tuple(float(x) for x in _at(np.ravel(a), [q / 100 for q in qs], weak=False))


def median(a: np.ndarray) -> float:
    """``float(np.median(a))``: the middle element, or numpy's mean of the middle two."""
    flat = np.ravel(a)
    n = flat.size
    h = n // 2
    if n % 2:
        return float(np.partition(flat, h)[h].mean())
    return float(np.partition(flat, (h - 1, h))[h - 1:h + 1].mean())


def channel_medians(img: np.ndarray) -> list[float]:
    """``[median(img[..., k]) for k in channels]`` of a colour image; on 8 bits by counting
    each channel's levels (a cell's channels are strided views, which a partition copies
    first: counting takes about half the time), the same values."""
    if img.dtype != np.uint8:
        return [median(img[..., k]) for k in range(img.shape[-1])]
    return [_counted_median(ch.ravel()) for ch in cv2.split(img)]


def counted_level(flat: np.ndarray, share: float) -> int:
    """The lowest level of a non-empty 1-D uint8 array whose cumulative count reaches
    ``share`` (0..1) of its elements."""
    return int(np.searchsorted(np.cumsum(np.bincount(flat)), share * flat.size))


def _counted_median(flat: np.ndarray) -> float:
    """:func:`median` of a non-empty 1-D uint8 array from its levels' cumulative counts: the
    middle element, or the mean of the middle two."""
    counts = np.cumsum(np.bincount(flat))
    h = flat.size // 2
    upper = int(np.searchsorted(counts, h, side="right"))
    if flat.size % 2:
        return float(upper)
    return (int(np.searchsorted(counts, h - 1, side="right")) + upper) / 2


def _at(flat: np.ndarray, quantiles: list[float], weak: bool) -> list:
    """numpy's ``linear`` quantiles of a 1-D array: the virtual index ``(n - 1) q``, its two
    neighbouring order statistics, and numpy's ``_lerp`` between them (``weak``: the weight
    a python float, else a float64 scalar, which promotes a float32 array's values)."""
    n = flat.size
    spots = []
    for q in quantiles:
        v = (n - 1) * q
        lo = min(math.floor(v), n - 1)
        spots.append((v, lo, min(lo + 1, n - 1)))
    part = np.partition(flat, sorted({k for _, lo, hi in spots for k in (lo, hi)}))
    out = []
    for v, lo, hi in spots:
        a, b = part[lo], part[hi]
        t = v - lo if weak else np.float64(v - lo)
        out.append(_lerp(a, b, t))
    return out


def _lerp(a, b, t):
    """numpy's ``_lerp`` on scalars: from ``a`` below the middle, from ``b`` above it (so the
    ends are exact; past the last element ``a`` is ``b`` and the weight does not matter)."""
    diff = b - a
    return b - diff * (1 - t) if t >= 0.5 else a + diff * t


def closing(img: np.ndarray, element: np.ndarray) -> np.ndarray:
    """``cv2.morphologyEx(img, cv2.MORPH_CLOSE, element)`` of a float32 image, the same
    values: a grey closing (a maximum, then a minimum, over the element) only picks values
    among its input's, so an image of whole levels 0..255 is closed on 8 bits (about a quarter
    less time there) and converted back."""
    if img.dtype == np.float32 and img.size and img.min() >= 0 and img.max() <= 255:
        levels = img.astype(np.uint8)
        if np.array_equal(levels, img):
            return cv2.morphologyEx(levels, cv2.MORPH_CLOSE, element).astype(np.float32)
    return cv2.morphologyEx(img, cv2.MORPH_CLOSE, element)
