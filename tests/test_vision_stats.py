"""vision.stats gives numpy's percentiles and medians exactly, on random arrays."""
from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

import cv2
import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from sudoku_cube.vision.stats import (channel_counts, channel_medians, closing, counted_levels,
                                      median, order_statistics, percentile, percentiles,
                                      row_medians, row_percentile)

Values = Callable[[np.random.Generator, tuple[int, ...]], np.ndarray]
"""Random elements of an array of a shape, from a numpy generator."""


class Kind(NamedTuple):
    """Values of one kind, drawn two ways: by a numpy generator for a whole array (``values``)
    and by hypothesis for the few that replace a share of it (``elements``)."""

    values: Values
    elements: st.SearchStrategy


def whole(low: int, high: int) -> Kind:
    """Whole numbers from ``low`` to ``high``."""
    return Kind(lambda rng, shape: rng.integers(low, high + 1, shape), st.integers(low, high))


def halves(low: int, high: int) -> Kind:
    """Whole and half numbers from ``low`` / 2 to ``high`` / 2."""
    return Kind(lambda rng, shape: rng.integers(low, high + 1, shape) / 2,
                st.integers(low, high).map(lambda k: k / 2))


def reals(bound: float, width: int = 64) -> Kind:
    """Any real numbers from ``-bound`` to ``bound`` (hypothesis's in ``width`` bits, no
    subnormals)."""
    return Kind(lambda rng, shape: rng.uniform(-bound, bound, shape),
                st.floats(-bound, bound, width=width, allow_subnormal=False))


@st.composite
def arrays(draw, dtype, shape, kind: Kind) -> np.ndarray:
    """An array of ``dtype`` and ``shape`` (a tuple, or a strategy for one) of values of
    ``kind``: drawn from a numpy generator seeded by hypothesis, then a drawn share of them
    (none, half, most, all, or all but one or two) replaced by a few values hypothesis draws.

    Hypothesis's own arrays draw many elements one by one, which cost most of these tests'
    time on arrays of thousands of elements. The share keeps ties (one value filling most or
    all of the array, a mix of two or three, one value and a single outlier) and some of the
    kind's edge values (its bounds, zeros), though fewer of the latter than hypothesis's own
    arrays hold."""
    shape = draw(shape) if isinstance(shape, st.SearchStrategy) else shape
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    a = np.asarray(kind.values(rng, shape)).astype(dtype)
    palette = np.array(draw(st.lists(kind.elements, min_size=1, max_size=3)), dtype)
    share = draw(st.sampled_from((0.0, 0.5, 0.9, 1.0, -1, -2)))  # -k: all but k elements
    if share >= 0:
        some = rng.random(shape) < share
    else:
        some = np.ones(shape, bool)
        some.flat[rng.permutation(some.size)[:-int(share)]] = False
    a[some] = rng.choice(palette, int(some.sum()))
    return a


BYTES = whole(0, 255)
length = st.integers(1, 300).map(lambda n: (n,))

pixels = st.one_of(
    arrays(np.uint8, length, BYTES),
    arrays(np.float32, length, reals(300, 32)),
    arrays(np.float32, length, halves(-510, 510)),
    arrays(np.float64, length, reals(1e6)),
    arrays(np.uint8, st.tuples(st.integers(1, 40), st.integers(1, 40)), BYTES))
"""Cells' pixels and differences: 8-bit, half-levels, any float32 or float64, 1-D or 2-D."""
levels = st.one_of(st.integers(0, 100), st.floats(0, 100),
                   st.sampled_from((97, 98, 90, 30.000000000000004)))


def same(got: float, want) -> bool:
    """The same float bit for bit, but for the sign of a zero (adding 0.0 makes -0.0 into
    0.0): of an array holding only -0.0 numpy's percentile is -0.0 and ours 0.0, the same
    threshold."""
    return type(got) is float and (np.float64(got) + 0.0).tobytes() == (
        np.float64(want) + 0.0).tobytes()


@given(pixels, levels)
@settings(max_examples=400, deadline=None)
def test_percentile_is_numpys(a: np.ndarray, q: float) -> None:
    before = a.copy()
    assert same(percentile(a, q), np.percentile(a, q))
    assert np.array_equal(a, before)


@given(pixels, st.lists(levels, min_size=1, max_size=4))
@settings(max_examples=300, deadline=None)
def test_percentiles_are_numpys(a: np.ndarray, qs: list[float]) -> None:
    want = np.percentile(a, tuple(qs))
    got = percentiles(a, tuple(qs))
    assert len(got) == len(qs) and all(same(g, w) for g, w in zip(got, want))


@given(pixels)
@settings(max_examples=400, deadline=None)
def test_median_is_numpys(a: np.ndarray) -> None:
    assert same(median(a), np.median(a))


def test_the_middle_of_an_even_count_is_the_mean_of_two() -> None:
    assert median(np.array([250, 3, 255, 9], np.uint8)) == 129.5
    assert percentile(np.arange(11, dtype=np.uint8), 97) == 9.7


def counted_level(flat: np.ndarray, share: float) -> int:
    """The lowest level of a non-empty 1-D uint8 array whose cumulative count reaches
    ``share`` (0..1) of its elements: the reference :func:`counted_levels` is held to."""
    return int(np.searchsorted(np.cumsum(np.bincount(flat)), share * flat.size))


@given(arrays(np.uint8, length, BYTES), st.integers(0, 16).map(lambda k: k / 16))
@settings(max_examples=300, deadline=None)
def test_counted_level_is_the_histograms(a: np.ndarray, share: float) -> None:
    """The lowest level whose cumulative count reaches the share, as a 256-bin histogram
    counts it (shares a float32 count multiplies exactly, as the sticker's 75% does)."""
    counts = cv2.calcHist([a.reshape(1, -1)], [0], None, [256], [0, 256]).ravel().cumsum()
    assert counted_level(a, share) == int(np.searchsorted(counts, share * counts[-1]))


colour = st.tuples(st.integers(1, 40), st.integers(1, 40)).flatmap(lambda hw: st.one_of(
    arrays(np.uint8, (*hw, 3), BYTES),
    arrays(np.uint8, (*hw, 3), whole(100, 102)),
    arrays(np.float32, (*hw, 3), halves(0, 510))))
"""Colour cells: any 8-bit levels, a few close levels (ties at the middle), half levels."""


@given(colour, st.booleans())
@settings(max_examples=300, deadline=None)
def test_channel_medians_are_numpys(img: np.ndarray, strided: bool) -> None:
    cell = np.pad(img, ((1, 1), (2, 2), (0, 0)))[1:-1, 2:-2] if strided else img
    got = channel_medians(cell)
    assert len(got) == 3 and all(same(g, np.median(img[..., k])) for k, g in enumerate(got))


images = st.integers(3, 90).flatmap(lambda n: st.one_of(
    arrays(np.float32, (n, n), BYTES),
    arrays(np.float32, (n, n), halves(0, 510))))
"""Cells' V channels as float32: whole levels (closed on 8 bits) or half levels (not)."""


@given(images, st.integers(1, 15))
@settings(max_examples=150, deadline=None)
def test_closing_is_cv2s(img: np.ndarray, half: int) -> None:
    element = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * half + 1, 2 * half + 1))
    got = closing(img, element)
    assert got.dtype == np.float32
    assert np.array_equal(got, cv2.morphologyEx(img, cv2.MORPH_CLOSE, element))
    levels = img.astype(np.uint8)
    if np.array_equal(levels, img):  # the caller's own 8 bits, handed over
        assert np.array_equal(closing(img, element, levels), got)


rows = st.tuples(st.integers(1, 6), st.integers(1, 200)).flatmap(lambda shape: st.one_of(
    arrays(np.uint8, shape, BYTES),
    arrays(np.uint8, shape, whole(100, 102)),
    arrays(np.float32, shape, halves(-510, 510)),
    arrays(np.float32, shape, reals(300, 32))))
"""Stacks of cells' samples, one cell a row: 8-bit (ties included), half levels, any float32."""


@given(rows, levels)
@settings(max_examples=300, deadline=None)
def test_row_statistics_are_each_rows(a: np.ndarray, q: float) -> None:
    """The medians of a stack of rows at once are each row's alone, bit for bit, and
    numpy's; so is numpy's percentile of each row (the polarity vote's ink level)."""
    medians = row_medians(a)
    assert np.array_equal(medians, np.median(a, axis=1))
    assert all(same(float(m), median(r)) for m, r in zip(medians, a))
    pcts = np.percentile(a, q, axis=1)
    assert all(same(float(p), percentile(r, q)) for p, r in zip(pcts, a))
    for stack in (a, a.reshape(1, *a.shape)):  # rows at once, also in a stack of stacks
        got, want = row_percentile(stack, q), np.percentile(stack, q, axis=-1)
        assert got.dtype == want.dtype and np.array_equal(got, want)


@given(colour.filter(lambda img: img.dtype == np.uint8), st.integers(0, 16).map(lambda k: k / 16))
@settings(max_examples=200, deadline=None)
def test_counted_channels_are_each_channels(img: np.ndarray, share: float) -> None:
    size = img.shape[0] * img.shape[1]
    levels_ = counted_levels(channel_counts([img, img[::-1]]), share, size)
    want = [counted_level(np.ascontiguousarray(img[..., k]).ravel(), share) for k in range(3)]
    assert levels_.tolist() == [want, want]


@given(pixels, st.lists(levels, min_size=1, max_size=4), levels)
@settings(max_examples=300, deadline=None)
def test_order_statistics_are_the_three_alone(a: np.ndarray, qs: list[float], q: float) -> None:
    strong, weak, middle = order_statistics(a, tuple(qs), q)
    assert len(strong) == len(qs)
    assert all(same(g, w) for g, w in zip(strong, percentiles(a, tuple(qs))))
    assert same(weak, percentile(a, q)) and same(middle, median(a))
