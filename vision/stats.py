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
from collections.abc import Sequence

import cv2
import numpy as np

from .numeric import LEVELS

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


def row_percentile(a: np.ndarray, q: float) -> np.ndarray:
    """``np.percentile(a, q, axis=-1)`` for a python number ``q`` in [0, 100], the same values
    and type: one partition of the rows in place of numpy's, which moves the axis first (a
    strided partition) and checks its arguments at length."""
    ((v, lo, hi),) = _spots(a.shape[-1], [q / 100])
    part = np.partition(a, sorted({lo, hi}), axis=-1)
    return _lerp(part[..., lo], part[..., hi], v - lo)


def order_statistics(a: np.ndarray, qs: tuple[float, ...], q: float
                     ) -> tuple[tuple[float, ...], float, float]:
    """``percentiles(a, qs)``, ``percentile(a, q)`` and ``median(a)`` from one partition, the
    same values: a partition puts every order statistic asked for in its place at once."""
    flat = np.ravel(a)
    n = flat.size
    spots, (one,) = _spots(n, [k / 100 for k in qs]), _spots(n, [q / 100])
    middle = (n // 2,) if n % 2 else (n // 2 - 1, n // 2)
    part = np.partition(flat, sorted({k for _, lo, hi in spots + [one] for k in (lo, hi)}
                                     | set(middle)))
    strong = tuple(float(_lerp(part[lo], part[hi], np.float64(v - lo))) for v, lo, hi in spots)
    v, lo, hi = one
    return strong, float(_lerp(part[lo], part[hi], v - lo)), \
        float(part[middle[0]:middle[-1] + 1].mean())


def median(a: np.ndarray) -> float:
    """``float(np.median(a))``: the middle element, or numpy's mean of the middle two."""
    flat = np.ravel(a)
    n = flat.size
    h = n // 2
    if n % 2:
        return float(np.partition(flat, h)[h].mean())
    return float(np.partition(flat, (h - 1, h))[h - 1:h + 1].mean())


def row_medians(a: np.ndarray) -> np.ndarray:
    """``np.median(a, axis=1)`` of a 2-D array, the same values (float64 for an integer
    array, else its own dtype): 8 bits counted (a partition of many equal levels is slow)."""
    if a.dtype == np.uint8:
        return counted_medians(row_counts(a), a.shape[1])
    return np.median(a, axis=1)


def row_counts(a: np.ndarray) -> np.ndarray:
    """Each 8-bit level's cumulative count (float64) in each row of a 2-D uint8 array:
    (N, 256), from OpenCV's histograms."""
    return np.array([cv2.calcHist([row[None]], [0], None, [LEVELS], [0, LEVELS]).ravel()
                     for row in a], np.float64).cumsum(axis=1)


def channel_medians(img: np.ndarray) -> list[float]:
    """``[median(img[..., k]) for k in channels]`` of a colour image; on 8 bits by counting
    each channel's levels (a cell's channels are strided views, which a partition copies
    first: counting takes about half the time), the same values."""
    if img.dtype != np.uint8:
        return [median(img[..., k]) for k in range(img.shape[-1])]
    size = img.shape[0] * img.shape[1]
    return [float(m) for m in counted_medians(channel_counts([img]), size)[0]]


def channel_counts(imgs: Sequence[np.ndarray]) -> np.ndarray:
    """Each 8-bit level's cumulative count (float64) in each channel of each image (colour,
    all of one shape): (N, channels, 256), from OpenCV's histograms, which count a strided
    channel in place."""
    return np.array([[cv2.calcHist([x], [k], None, [LEVELS], [0, LEVELS]).ravel()
                      for k in range(x.shape[2])] for x in imgs], np.float64).cumsum(axis=2)


def counted_medians(counts: np.ndarray, size: int) -> np.ndarray:
    """:func:`median` of each channel from its levels' cumulative counts (:func:`channel_counts`)
    over ``size`` pixels: the middle level, or the mean of the middle two (float64)."""
    h = size // 2
    upper = (counts <= h).sum(axis=-1)
    if size % 2:
        return upper.astype(np.float64)
    return ((counts <= h - 1).sum(axis=-1) + upper) / 2


def counted_levels(counts: np.ndarray, share: float, size: int) -> np.ndarray:
    """The lowest level of each channel whose cumulative count reaches ``share`` (0..1) of its
    ``size`` pixels, from its levels' cumulative counts (:func:`channel_counts`; float64)."""
    return (counts < share * size).sum(axis=-1).astype(np.float64)


def _at(flat: np.ndarray, quantiles: list[float], weak: bool) -> list:
    """numpy's ``linear`` quantiles of a 1-D array: the virtual index ``(n - 1) q``, its two
    neighbouring order statistics, and numpy's ``_lerp`` between them (``weak``: the weight
    a python float, else a float64 scalar, which promotes a float32 array's values)."""
    spots = _spots(flat.size, quantiles)
    part = np.partition(flat, sorted({k for _, lo, hi in spots for k in (lo, hi)}))
    out = []
    for v, lo, hi in spots:
        a, b = part[lo], part[hi]
        t = v - lo if weak else np.float64(v - lo)
        out.append(_lerp(a, b, t))
    return out


def _spots(n: int, quantiles: list[float]) -> list[tuple[float, int, int]]:
    """numpy's virtual index ``(n - 1) q`` of each quantile among ``n`` values, and the two
    order statistics either side of it."""
    spots = []
    for q in quantiles:
        v = (n - 1) * q
        lo = min(math.floor(v), n - 1)
        spots.append((v, lo, min(lo + 1, n - 1)))
    return spots


def _lerp(a, b, t):
    """numpy's ``_lerp`` on scalars: from ``a`` below the middle, from ``b`` above it (so the
    ends are exact; past the last element ``a`` is ``b`` and the weight does not matter)."""
    diff = b - a
    return b - diff * (1 - t) if t >= 0.5 else a + diff * t


def closing(img: np.ndarray, element: np.ndarray, levels: np.ndarray | None = None
            ) -> np.ndarray:
    """``cv2.morphologyEx(img, cv2.MORPH_CLOSE, element)`` of a float32 image, the same
    values: a grey closing (a maximum, then a minimum, over the element) only picks values
    among its input's, so an image of whole levels 0..255 is closed on 8 bits (about a quarter
    less time there) and converted back. ``levels``: the 8-bit image ``img`` was converted
    from, when the caller has it: closed on it without looking at ``img`` again."""
    if levels is not None and levels.size:
        return cv2.morphologyEx(levels, cv2.MORPH_CLOSE, element).astype(np.float32)
    if img.dtype == np.float32 and img.size and img.min() >= 0 and img.max() <= 255:
        levels = img.astype(np.uint8)
        if np.array_equal(levels, img):
            return cv2.morphologyEx(levels, cv2.MORPH_CLOSE, element).astype(np.float32)
    return cv2.morphologyEx(img, cv2.MORPH_CLOSE, element)
