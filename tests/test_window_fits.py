"""The lattices fitted to windows (vision.locate.hypotheses.fit_windows) kept for the pools of
one picture: a window fitted once is not fitted again, and a kept fit is the one fitting it
afresh gives; a window on other cells of the same blobs is a window of its own."""
from __future__ import annotations

import numpy as np

from sudoku_cube.vision.locate import hypotheses
from sudoku_cube.vision.locate.hypotheses import fit_windows, window_blobs
from sudoku_cube.vision.locate.sticker_blobs import Blob


def _grid(cols: int, rows: int) -> dict[tuple[int, int], Blob]:
    """A slightly turned grid of stickers, some nudged off their places, by cell."""
    rng = np.random.default_rng(3)
    t = np.deg2rad(6.0)
    u, v = np.array([np.cos(t), np.sin(t)]), np.array([-np.sin(t), np.cos(t)])
    return {(c, r): Blob(np.array([90.0, 70.0]) + 40 * (c * u + r * v) + rng.normal(0, 2, 2),
                         1024.0, 32.0, 6.0) for r in range(rows) for c in range(cols)}


def test_windows_fitted_before_are_taken_as_they_were_fitted(monkeypatch) -> None:
    group = _grid(5, 4)
    subs = window_blobs(group)
    assert len(subs) == 3 * 2
    calls = []
    fit = hypotheses.robust_fit
    monkeypatch.setattr(hypotheses, "robust_fit", lambda sub: calls.append(sub) or fit(sub))
    fits: hypotheses.Fits = {}
    first = fit_windows(subs, fits)
    again = fit_windows(subs[::-1], fits)
    assert len(calls) == len(subs)  # each window fitted once
    afresh = fit_windows(subs)
    assert len(calls) == 2 * len(subs)
    for (h, kept), (h2, kept2), (h3, kept3) in zip(first, again[::-1], afresh):
        assert np.array_equal(h, h2) and np.array_equal(h, h3)
        assert kept == kept2 == kept3
    moved = {(c, r + 1): b for (c, r), b in subs[0].items()}  # the same blobs a row lower
    fit_windows([moved], fits)
    assert len(calls) == 2 * len(subs) + 1
