"""Windows of glyphs: lattice hypotheses of the glyph pass (:mod:`vision.locate.corners.glyphs`).

From every glyph and two of its near neighbours of similar size (:func:`spans`) an affine
lattice is spanned; the 3x3 window of it holding most glyphs (:func:`windows_of`, judged for
hundreds of pairs of axes at once) is a face hypothesis when it holds :data:`MIN_GLYPHS`.
"""
from __future__ import annotations

import itertools

import numpy as np

from .quads import PARALLEL, SIMILAR

MIN_GLYPHS = 6
"""Glyphs of the nine that must lie on a lattice window before it is a face hypothesis."""

MATCH = 0.28
"""A glyph matches a lattice node within this share of the lattice pitch."""

NEIGHBOURS = 6
"""Nearest glyphs of similar size paired with each glyph to span lattice hypotheses."""
SPAN_RATIO = 2.5
"""The two axes of a lattice hypothesis are comparable in length: neither is this many times
the other."""


SIDE = 2 * (3 - 1) + 1
"""Nodes along each side of the lattice around a glyph: the glyph may be any cell of a face's
3 x 3 window, so the nodes reach two cells either side of it."""


def _nodes() -> np.ndarray:
    """The (i, j) of the :data:`SIDE` x :data:`SIDE` nodes, row by row."""
    reach = SIDE // 2
    return np.array([(i, j) for j in range(-reach, reach + 1) for i in range(-reach, reach + 1)],
                    np.float64)


_NODES = _nodes()


def window_of(pts: np.ndarray, origin: np.ndarray, a: np.ndarray, b: np.ndarray,
              pitch: float) -> dict[tuple[int, int], int] | None:
    """The 3x3 window of the affine lattice ``origin + i a + j b`` (i, j in -2..2) holding
    most points (each node its nearest point within :data:`MATCH` pitches), as window
    (col, row) -> point index; None when it holds fewer than :data:`MIN_GLYPHS`."""
    return windows_of(pts, origin, [(a, b)])[0]


_WINDOW_ORDER = np.arange(9)
"""Tie-break of equal counts among the nine windows (numbered in (i0, j0) order): the last,
as ``max`` over (count, i0, j0) tuples."""


def windows_of(pts: np.ndarray, origin: np.ndarray, spans: list[tuple[np.ndarray, np.ndarray]]
                ) -> list[dict[tuple[int, int], int] | None]:
    """:func:`window_of` for every pair of axes in ``spans`` at once (one array operation
    instead of one per pair: the glyph pass tries hundreds of them per photo); ``origin`` is
    one point (2,) for all pairs or one per pair (P, 2)."""
    if not spans:
        return []
    origins = np.broadcast_to(np.asarray(origin, np.float64), (len(spans), 2))
    out: list[dict[tuple[int, int], int] | None] = []
    for at in range(0, len(spans), CHUNK):
        out += _windows_chunk(pts, origins[at:at + CHUNK], spans[at:at + CHUNK])
    return out


CHUNK = 128
"""Items of the glyph pass judged in one batch of array operations: pairs of axes here (the
arrays grow with pairs x glyphs), windows settled together in
:meth:`vision.locate.corners.glyphs._Settling.settle` (the batched fits pay, and the faces
kept from one batch spare the next its windows of the same faces). Each item's result is
the same whatever is judged with it."""


def _windows_chunk(pts: np.ndarray, origins: np.ndarray,
                   spans: list[tuple[np.ndarray, np.ndarray]]
                   ) -> list[dict[tuple[int, int], int] | None]:
    """:func:`windows_of` for one chunk of pairs, each from its own origin."""
    ab = np.array(spans)  # (P, 2 axes, 2)
    a, b = ab[:, 0], ab[:, 1]
    pitch = np.minimum(np.sqrt(a[:, 0] * a[:, 0] + a[:, 1] * a[:, 1]),
                       np.sqrt(b[:, 0] * b[:, 0] + b[:, 1] * b[:, 1]))
    # node positions (P 25, 2) and their squared distances to every point (P 25, N) as
    # |n|^2 - 2 n.p + |p|^2: the products in one matrix product, |n|^2 (the same for every
    # point) added to the nearest only
    nx = origins[:, :1] + _NODES[None, :, 0] * a[:, :1] + _NODES[None, :, 1] * b[:, :1]
    ny = origins[:, 1:] + _NODES[None, :, 0] * a[:, 1:] + _NODES[None, :, 1] * b[:, 1:]
    nodes = np.stack([nx, ny], axis=2).reshape(-1, 2)
    d = nodes @ (-2.0 * pts.T)
    d += (pts * pts).sum(axis=1)
    nearest = d.argmin(axis=1)
    least = d[np.arange(len(d)), nearest] + (nodes * nodes).sum(axis=1)
    near = nearest.reshape(-1, SIDE * SIDE)
    hit = (np.sqrt(np.maximum(least, 0.0)).reshape(-1, SIDE * SIDE)
           < MATCH * pitch[:, None]).reshape(-1, SIDE, SIDE)  # [pair, row j, col i]
    # hits in each 3x3 window (i0, j0) from a summed-area table: (P, 9) in (i0, j0) order
    c = np.pad(hit.astype(np.int32), ((0, 0), (1, 0), (1, 0))).cumsum(axis=1).cumsum(axis=2)
    counts = (c[:, 3:, 3:] - c[:, :-3, 3:] - c[:, 3:, :-3] + c[:, :-3, :-3]
              ).transpose(0, 2, 1).reshape(-1, 9)
    best = np.argmax(counts * 100 + _WINDOW_ORDER, axis=1)
    out: list[dict[tuple[int, int], int] | None] = [None] * len(best)
    ks = np.flatnonzero(counts[np.arange(len(best)), best] >= MIN_GLYPHS)
    if not len(ks):
        return out
    # each full window's nodes (nearest glyph, hit) in (i, j) order, i.e. column by column
    j0, i0 = best[ks] % 3, best[ks] // 3
    rows = (j0[:, None] + _WINDOW_J)[:, None, :]  # [window, cell, row]
    cols = (i0[:, None] + _WINDOW_I)[:, None, :]
    nk = near.reshape(-1, SIDE, SIDE)[ks[:, None, None], rows, cols][:, 0]  # (F, 9)
    hk = hit[ks[:, None, None], rows, cols][:, 0]
    # a glyph on two nodes of the window makes no window
    same = (nk[:, :, None] == nk[:, None, :]) & hk[:, :, None] & hk[:, None, :]
    twice = (same.sum(axis=(1, 2)) > hk.sum(axis=1)).tolist()
    for k, nodes, hits, dup in zip(ks.tolist(), nk.tolist(), hk.tolist(), twice):
        if not dup:
            out[k] = {cell: n for cell, n, h in zip(_WINDOW_CELLS, nodes, hits) if h}
    return out


_WINDOW_CELLS = [(i, j) for i in range(3) for j in range(3)]
"""A window's cells (col, row) in the order its glyphs are listed."""

_WINDOW_I = np.array([i for i, _ in _WINDOW_CELLS])
_WINDOW_J = np.array([j for _, j in _WINDOW_CELLS])


def spans(pts: np.ndarray, sizes: np.ndarray
           ) -> tuple[list[tuple[np.ndarray, np.ndarray]], list[int]]:
    """Pairs of lattice axes (a, b) from each glyph in turn to two of its :data:`NEIGHBOURS`
    nearest glyphs of similar size: not near parallel, of comparable length, about one
    sticker pitch long (beyond the glyph's own size, within a few sizes); and the glyph each
    pair starts from (the distances and neighbour orders of all glyphs taken at once)."""
    d = np.linalg.norm(pts[None, :, :] - pts[:, None, :], axis=2)  # [p, glyph]
    s = sizes[:, None]
    ok = (d > s) & (d < 4.5 * s) & (SIMILAR * sizes[None] > s) & (sizes[None] < SIMILAR * s)
    order = np.argsort(d, axis=1)
    ok_order = np.take_along_axis(ok, order, axis=1)
    spans: list[tuple[np.ndarray, np.ndarray]] = []
    origins: list[int] = []
    for p in range(len(pts)):
        idx = order[p][ok_order[p]][:NEIGHBOURS].tolist()
        if len(idx) < 2:
            continue
        vec = pts[idx] - pts[p]
        length = np.sqrt(vec[:, 0] * vec[:, 0] + vec[:, 1] * vec[:, 1]).tolist()
        dots = (vec @ vec.T).tolist()
        for (i, q), (j, r) in itertools.combinations(enumerate(idx), 2):
            if abs(dots[i][j]) / (length[i] * length[j]) > PARALLEL or \
                    not 1 / SPAN_RATIO < length[i] / length[j] < SPAN_RATIO:
                continue
            spans.append((vec[i], vec[j]))
            origins.append(p)
    return spans, origins


def windows(pts: np.ndarray, sizes: np.ndarray
            ) -> tuple[list[int], list[dict[tuple[int, int], int]]]:
    """The distinct windows of glyphs (:func:`windows_of`) from every glyph and pair of its
    neighbours (:func:`spans`), most glyphs first, each as its glyphs (bits) and its cells
    (-> glyph index)."""
    pairs, origins = spans(pts, sizes)
    found: dict[frozenset, dict[tuple[int, int], int]] = {}
    for win in windows_of(pts, pts[origins], pairs):
        if win is not None:
            found.setdefault(frozenset(win.values()), win)
    keys = sorted(found, key=len, reverse=True)
    return [sum(1 << i for i in key) for key in keys], [found[key] for key in keys]


__all__ = ["MATCH", "MIN_GLYPHS", "NEIGHBOURS", "spans", "window_of", "windows",
           "windows_of"]
