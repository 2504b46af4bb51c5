"""The batched settling of glyph windows (:func:`settled_cells`, with the batched fits of
:mod:`vision.locate.corners.homographies`) against the plain one: one window at a time, each fit by
:func:`cv2.findHomography`."""
from __future__ import annotations

import cv2
import numpy as np

import itertools

from sudoku_cube.vision.locate.corners.glyph_cells import assign, homography, settled_cells
from sudoku_cube.vision.locate.corners.glyphs import _covered, _covering, _members
from sudoku_cube.vision.locate.corners.quads import PARALLEL, SIMILAR
from sudoku_cube.vision.locate.corners.windows import (MIN_GLYPHS, NEIGHBOURS, SPAN_RATIO, spans,
                                                       windows_of)
from sudoku_cube.vision.locate.corners.homographies import fit_homographies

H_TRUE = np.array([[52.0, 14.0, 180.0], [-9.0, 47.0, 140.0], [0.0009, 0.0012, 1.0]])


def _plain_settle(pts: np.ndarray, win: dict) -> dict | None:
    """The cells one window's glyphs settle on, one fit at a time (as the glyph pass did
    before it was batched)."""
    cells = dict(win)
    H = homography(cells, pts)
    for _ in range(2):
        if H is None:
            return None
        fitted = list(cells.items())
        cells = assign(pts, H)
        if len(cells) < MIN_GLYPHS:
            return None
        if list(cells.items()) != fitted:
            H = homography(cells, pts)
    return cells if H is not None else None


def _glyphs(seed: int) -> np.ndarray:
    """Nine glyph centres on the cells of ``H_TRUE`` with a pixel of noise, a second face's
    nine beside them and scattered marks."""
    rng = np.random.default_rng(seed)
    src = np.array([(u + 0.5, v + 0.5, 1.0) for v in range(3) for u in range(3)])
    face = src @ H_TRUE.T
    face = face[:, :2] / face[:, 2:]
    side = face @ np.array([[0.9, 0.5], [-0.4, 0.8]]) + np.array([260.0, -40.0])
    return np.vstack([face, side, rng.uniform(100, 420, (12, 2))]) + rng.normal(0, 1.0, (30, 2))


def _plain_spans(pts: np.ndarray, sizes: np.ndarray, p: int) -> list:
    """The pairs of lattice axes from glyph ``p``, one glyph and one pair at a time."""
    d = np.linalg.norm(pts - pts[p], axis=1)
    ok = (d > sizes[p]) & (d < 4.5 * sizes[p]) & (sizes > sizes[p] / SIMILAR) & \
        (sizes < SIMILAR * sizes[p])
    idx = [int(i) for i in np.argsort(d) if ok[i]][:NEIGHBOURS]
    out = []
    for q, r in itertools.combinations(idx, 2):
        a, b = pts[q] - pts[p], pts[r] - pts[p]
        la, lb = np.linalg.norm(a), np.linalg.norm(b)
        if abs(float(a @ b)) / (la * lb) > PARALLEL or not 1 / SPAN_RATIO < la / lb < SPAN_RATIO:
            continue
        out.append((a, b))
    return out


def test_spans_of_all_glyphs_are_the_plain_ones():
    for seed in range(3):
        pts = _glyphs(seed)
        sizes = 18.0 + np.random.default_rng(seed).normal(0, 3, len(pts))
        pairs, origins = spans(pts, sizes)
        want = [(p, a, b) for p in range(len(pts)) for a, b in _plain_spans(pts, sizes, p)]
        assert len(want) > 30
        assert origins == [p for p, _, _ in want]
        assert all(np.array_equal(a, wa) and np.array_equal(b, wb)
                   for (a, b), (_, wa, wb) in zip(pairs, want))


def test_batched_settling_ends_on_the_plain_cells():
    settled = 0
    for seed in range(4):
        pts = _glyphs(seed)
        sizes = np.full(len(pts), 18.0)
        pairs, origins = spans(pts, sizes)
        wins = [w for w in windows_of(pts, pts[origins], pairs) if w is not None]
        ends, H = settled_cells(pts, wins)
        for win, end, h in zip(wins, ends, H):
            want = _plain_settle(pts, win)
            assert (end is None) == (want is None)
            if end is not None:
                assert set(end.items()) == set(want.items())
                exact = homography(end, pts)
                corners = np.array([[0, 0, 1], [3, 0, 1], [3, 3, 1], [0, 3, 1.0]])
                a, b = corners @ h.T, corners @ exact.T
                assert np.abs(a[:, :2] / a[:, 2:] - b[:, :2] / b[:, 2:]).max() < 0.1
                settled += 1
    assert settled > 20  # the faces' windows do settle


def test_batched_fits_agree_with_opencv():
    rng = np.random.default_rng(2)
    n = [9, 7, 6, 8]
    src = np.zeros((len(n), 9, 2))
    dst = np.zeros((len(n), 9, 2))
    weight = np.zeros((len(n), 9))
    cells = np.array([(u + 0.5, v + 0.5) for v in range(3) for u in range(3)])
    for k, m in enumerate(n):
        pick = rng.permutation(9)[:m]
        p = np.hstack([cells[pick], np.ones((m, 1))]) @ H_TRUE.T
        src[k, :m] = cells[pick]
        dst[k, :m] = p[:, :2] / p[:, 2:] + rng.normal(0, 1.5, (m, 2))
        weight[k, :m] = 1
    H, ok = fit_homographies(src, dst, weight)
    assert ok.all()
    for k, m in enumerate(n):
        want, _ = cv2.findHomography(src[k, :m], dst[k, :m], 0)
        corners = np.array([[0, 0, 1], [3, 0, 1], [3, 3, 1], [0, 3, 1.0]])
        a, b = corners @ H[k].T, corners @ want.T
        assert np.abs(a[:, :2] / a[:, 2:] - b[:, :2] / b[:, 2:]).max() < 0.05


def test_a_degenerate_fit_is_flagged():
    src = np.array([[[0.5, 0.5], [1.5, 0.5], [2.5, 0.5], [0.5, 1.5], [1.5, 1.5], [2.5, 1.5]]])
    dst = np.array([[[10.0, 10.0], [20.0, 10.0], [30.0, 10.0],
                     [10.0, 10.0], [20.0, 10.0], [30.0, 10.0]]])  # both rows on one line
    _, ok = fit_homographies(src, dst, np.ones((1, 6)))
    assert not ok[0]


def test_each_fit_is_the_same_whatever_is_fitted_with_it():
    rng = np.random.default_rng(5)
    cells = np.array([(u + 0.5, v + 0.5) for v in range(3) for u in range(3)])
    p = np.hstack([cells, np.ones((9, 1))]) @ H_TRUE.T
    face = p[:, :2] / p[:, 2:]
    src = np.repeat(cells[None], 12, axis=0)
    dst = face[None] + rng.normal(0, [[0.2]] * 9 + np.zeros((12, 9, 2)), (12, 9, 2)) * \
        np.linspace(0.5, 12, 12)[:, None, None]  # from nearly exact to rough fits
    weight = np.ones((12, 9))
    together, ok = fit_homographies(src, dst, weight)
    for k in range(12):
        alone, ok_k = fit_homographies(src[k:k + 1], dst[k:k + 1], weight[k:k + 1])
        assert np.array_equal(alone[0], together[k]) and ok_k[0] == ok[k]


def test_windows_covered_as_by_their_glyph_bits():
    """The glyph pass skips a window that a lattice kept holds but for at most one glyph;
    judged on rows of 0/1 at once, as on each pair of glyph sets (bits) in turn."""
    rng = np.random.default_rng(5)
    n = 70  # more glyphs than one machine word holds
    for _ in range(20):
        wins = [{(c % 3, c // 3): int(g) for c, g in
                 enumerate(rng.choice(n, size=int(rng.integers(6, 10)), replace=False))}
                for _ in range(40)]
        held = [set(w.values()) for w in wins[:10]]
        for h in held[::2]:  # some lattices that nearly hold later windows
            h.discard(next(iter(h)))
        for w, h in zip(wins[10:20], held):
            w.clear()
            w.update({(c % 3, c // 3): g for c, g in enumerate(sorted(h | {int(rng.integers(n))}))})
        rows = _members(wins, n)
        kept = _members([{(0, k): g for k, g in enumerate(h)} for h in held], n)
        want = [any(len(set(w.values()) - h) <= 1 for h in held) for w in wins]
        assert _covered(rows, kept).tolist() == want
        covers = _covering(rows, rows)
        for j, w in enumerate(wins):
            mine = {i for i in range(len(wins)) if covers[j] >> i & 1}
            assert mine == {i for i, o in enumerate(wins)
                            if len(set(w.values()) - set(o.values())) <= 1}
    assert sum(want) > 0 and not all(want)
