"""Cheaper ways to the same numbers: the face finder's blob dedupe, its lattices' sample maps
and the HOG histograms give, bit for bit, what the plainer way they replace gives."""
import numpy as np

from sudoku_cube.vision.locate import sticker_blobs
from sudoku_cube.vision.locate.face_score import _BOUND_POINTS, _GLYPH_POINTS
from sudoku_cube.vision.locate.lattice_sampling import FAR, _SHORT, lookup, project
from sudoku_cube.vision.locate.sticker_blobs import Blob, dedupe
from sudoku_cube.vision.recognise.hog import (cell_histograms, hog_blocks, hog_features,
                                              orientations, shipped_shape)


def _dedupe_one_by_one(blobs: list[Blob]) -> list[Blob]:
    """:func:`dedupe` measured against every blob, one kept blob at a time."""
    kept: list[Blob] = []
    if not blobs:
        return kept
    xs, ys = np.array([b.centre for b in blobs], np.float64).reshape(-1, 2).T
    areas = np.array([b.area for b in blobs], np.float64)
    hidden = np.zeros(len(blobs), bool)
    for i in sorted(range(len(blobs)), key=lambda i: -blobs[i].area):
        if hidden[i]:
            continue
        b = blobs[i]
        kept.append(b)
        d = np.hypot(b.centre[0] - xs, b.centre[1] - ys)
        hidden |= (d <= 0.5 * b.side) & (b.area <= 2.0 * areas)
    return kept


def test_dedupe_keeps_what_one_blob_at_a_time_keeps(monkeypatch) -> None:
    rng = np.random.default_rng(7)
    monkeypatch.setattr(sticker_blobs, "DEDUPE_ROWS", 16)  # several tables of rows
    for n in (0, 1, 5, 40, 120):
        # blobs found again a little off, and of two sizes, many hiding others
        centres = rng.uniform(0, 200, (n, 2)).round(1)
        areas = rng.choice([100.0, 180.0, 400.0, 900.0], n)
        blobs = [Blob(c, float(a), float(np.sqrt(a)), 0.0) for c, a in zip(centres, areas)]
        blobs += blobs[: n // 3]  # the same blob twice, as two masks find it
        want = _dedupe_one_by_one(blobs)
        assert [id(b) for b in dedupe(blobs)] == [id(b) for b in want]
        assert n < 40 or len(want) < len(blobs)  # some were hidden


def test_sample_maps_hold_the_projected_points_bit_for_bit() -> None:
    rng = np.random.default_rng(3)
    face = np.array([[60.0, 4.0, 300.0], [-3.0, 58.0, 200.0], [2e-4, -1e-4, 1.0]])
    for k, points in ((1, _GLYPH_POINTS), (7, _BOUND_POINTS), (40, _GLYPH_POINTS)):
        homs = face + rng.normal(0, 1, (k, 3, 3)) * [[2, 2, 9], [2, 2, 9], [1e-4, 1e-4, 0]]
        homs[0, 2] = [1.0, 0.0, -1.0]  # a lattice seen edge-on: points at infinity, behind
        mx, my, n = lookup(homs, points)
        xy, _ = project(homs, points)
        want = xy.reshape(-1, 2).astype(np.float32)
        assert n == len(want) and mx.shape == my.shape and mx.shape[1] < _SHORT
        assert mx.dtype == my.dtype == np.float32
        assert mx.ravel()[:n].tobytes() == np.ascontiguousarray(want[:, 0]).tobytes()
        assert my.ravel()[:n].tobytes() == np.ascontiguousarray(want[:, 1]).tobytes()
        assert (mx.ravel()[n:] == -FAR).all() and (my.ravel()[n:] == -FAR).all()
        assert (np.abs(want) == FAR).any()  # the edge-on lattice's points pushed far out


def test_hog_histograms_are_the_pairwise_indexed_sums() -> None:
    rng = np.random.default_rng(11)
    glyphs = (rng.random((3, 32, 32)) * (rng.random((3, 32, 32)) < 0.4)).astype(np.float32)
    shape = shipped_shape()
    got = hog_features(glyphs, shape)
    # the histograms as they were summed: one row per glyph, a pair of index arrays
    bins, cells = shape.bins, 32 // shape.cell
    mag, b0, frac = orientations(glyphs, bins)
    cy = np.arange(32) // shape.cell
    cid = np.tile((cy[:, None] * cells + cy[None, :]).ravel(), 3)
    flat = np.zeros((3, cells * cells * bins), np.float32)
    rows = np.repeat(np.arange(3), 32 * 32)
    for b, w in ((b0, (1 - frac) * mag), ((b0 + 1) % bins, frac * mag)):
        np.add.at(flat, (rows, cid * bins + b.reshape(3, -1).ravel()), w.reshape(3, -1).ravel())
    hist = flat.reshape(3, cells, cells, bins)
    assert cell_histograms(glyphs, shape.cell, bins).tobytes() == hist.tobytes()
    want = np.concatenate(hog_blocks(hist, shape.floor, shape.clip), axis=1).astype(np.float32)
    assert got.dtype == np.float32
    assert got[:, :want.shape[1]].tobytes() == want.tobytes()
    assert (want > 0).mean() > 0.5
