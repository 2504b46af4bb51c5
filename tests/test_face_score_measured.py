"""The face score measures each lattice's contrast once per photo (``FaceScore.measured``):
a lattice bounded first and judged later, in any batch and with any cells seen, is judged
exactly as a fresh score judges it; and the score's own medians and plateau runs are those of
the plain definitions they stand for."""
from __future__ import annotations

import cv2
import numpy as np

from sudoku_cube.vision.locate.face_score import _median_last, face_score, filled
from sudoku_cube.vision.polarity import value_channel


def _photo() -> tuple[np.ndarray, np.ndarray]:
    """Nine white stickers with dark digits on a black body, on grey paper; their lattice."""
    img = np.full((360, 480, 3), 170, np.uint8)
    cv2.rectangle(img, (55, 55), (245, 245), (15, 15, 15), -1)
    for k in range(9):
        x, y = 90 + 60 * (k % 3), 90 + 60 * (k // 3)
        cv2.rectangle(img, (x - 26, y - 26), (x + 26, y + 26), (225, 230, 235), -1)
        cv2.putText(img, str(k + 1), (x - 12, y + 14), cv2.FONT_HERSHEY_SIMPLEX, 1.2,
                    (20, 20, 20), 3)
    return img, np.array([[60.0, 0, 90], [0, 60, 90], [0, 0, 1]])


def _lattices(face: np.ndarray) -> np.ndarray:
    """The face's lattice, moved by parts of a cell and turned a little: (12, 3, 3)."""
    rng = np.random.default_rng(3)
    out = [face]
    for _ in range(11):
        shift = np.array([[1.0, 0, rng.uniform(-1, 1)], [0, 1, rng.uniform(-1, 1)], [0, 0, 1]])
        turn = np.eye(3)
        turn[:2, :2] += rng.normal(0, 0.05, (2, 2))
        out.append(face @ turn @ shift)
    return np.stack(out)


def test_a_lattice_bounded_first_is_judged_as_a_fresh_score_judges_it() -> None:
    img, face = _photo()
    v = value_channel(img)
    homs = _lattices(face)
    seen = np.random.default_rng(5).random((len(homs), 9)) < 0.5
    fresh = face_score(img, v)
    want_cells, want_glyphs = fresh.judge(homs, seen)
    want_bound = face_score(img, v).bound(homs, seen)
    reused = face_score(img, v)
    np.testing.assert_array_equal(reused.bound(homs[::2], seen[::2]), want_bound[::2])
    cells, glyphs = reused.judge(homs, seen)  # half measured before, half not
    np.testing.assert_array_equal(cells, want_cells)
    np.testing.assert_array_equal(glyphs, want_glyphs)
    assert len(reused.measured) == len(homs)
    # the same lattices with other cells seen are measured anew, not taken for the others
    others, _ = reused.judge(homs, ~seen)
    np.testing.assert_array_equal(others, face_score(img, v).judge(homs, ~seen)[0])
    assert len(reused.measured) == 2 * len(homs)
    assert (want_cells[0] > 0.15).all() and (want_glyphs[0] == 1).all()  # the face itself


def test_the_lenient_score_measures_afresh() -> None:
    img, face = _photo()
    score = face_score(img, value_channel(img))
    score.bound(face[None])
    lenient = score.lenient()
    assert not lenient.measured and lenient.levels.beside_glare


def test_medians_are_numpys() -> None:
    rng = np.random.default_rng(7)
    for n in (9, 28, 49, 121):
        x = (rng.integers(0, 256, (5, 9, n)) * rng.uniform(0.3, 1.0)).astype(np.float32)
        got = _median_last(x)
        assert got.dtype == np.float32
        np.testing.assert_array_equal(got, np.median(x, axis=2))


def _longest_runs_filled(plateau: np.ndarray, rims: np.ndarray) -> np.ndarray:
    """:func:`filled` by its plain definition, sample by sample, for cells on ``plateau``
    (K, 9): each side's longest run of rim samples on the plateau (within a quarter of it
    and the floor of 10), the shorter axis's mean share, over the face's median cell's."""
    on = rims >= (plateau - 0.25 * (plateau + 10.0))[..., None, None]
    longest = np.zeros(on.shape[:3])
    for idx in np.ndindex(on.shape[:3]):
        run = 0
        for x in on[idx]:
            run = run + 1 if x else 0
            longest[idx] = max(longest[idx], run)
    share = np.minimum(longest[..., :2].mean(axis=2), longest[..., 2:].mean(axis=2)) / 13
    return np.clip(share / np.maximum(np.median(share, axis=1, keepdims=True), 1e-6), 0, 1)


def test_a_sides_plateau_is_its_longest_unbroken_run() -> None:
    rng = np.random.default_rng(11)
    level = rng.uniform(50, 200, (4, 9)).astype(np.float32)
    rims = (level[..., None, None] * rng.uniform(0.5, 1.1, (4, 9, 4, 13))).astype(np.float32)
    np.testing.assert_array_equal(filled(level, rims, 10.0), _longest_runs_filled(level, rims))
    # judged leniently, the plateau is at most the cell's brightest side's median
    plateau = np.minimum(level, np.median(rims, axis=3).max(axis=2))
    np.testing.assert_array_equal(filled(level, rims, 10.0, inked=True),
                                  _longest_runs_filled(plateau, rims))


def test_light_ink_over_most_of_a_cell_leaves_its_sticker_filling_the_rim() -> None:
    """A dark sticker whose heavy light digit covers most of its middle: the middle's
    median is the ink's, far above the sticker, so the strict score sees no sticker round
    it; the lenient one sees the sticker run unbroken round the rim, and a lattice whose
    rims cross grooves on one side shows that side broken still."""
    level = np.full((1, 9), 60.0, np.float32)
    level[0, :5] = 180.0  # five cells' middles mostly ink
    rims = np.full((1, 9, 4, 13), 60.0, np.float32)
    assert (filled(level, rims, 10.0)[0, :5] == 0).all()
    np.testing.assert_array_equal(filled(level, rims, 10.0, inked=True), np.ones((1, 9)))
    rims[0, 2, 1, 4:] = 15.0  # a groove along most of one side of a cell
    got = filled(level, rims, 10.0, inked=True)[0]
    assert got[2] < 0.8 and (np.delete(got, 2) == 1).all()
