"""The glyph pass in two stages (vision.locate.corners.glyphs.glyph_stages): the second stage, going
on from the first, gives the lattices of settling every window at once; a clear black corner
is placed from the first stage alone, on its digits' faces."""
from __future__ import annotations

from functools import cache

import cv2
import numpy as np
import pytest

from sudoku_cube.models.generator.cube3 import make_puzzle
from sudoku_cube.render import PhotoStyle, render_corner_photo
from sudoku_cube.vision.locate.corners import faces as faces_module
from sudoku_cube.vision.locate.corners import glyphs as glyphs_module
from sudoku_cube.vision.locate.corners.faces import locate_faces
from sudoku_cube.vision.locate.corners.glyphs import glyph_stages
from sudoku_cube.vision.locate.corners.marks import marks, smoothed
from tests.conftest import quad_pitch


@cache
def _black(which: str, seed: int = 123):
    puzzle = make_puzzle(seed, 25, symmetric=frozenset())
    return render_corner_photo(puzzle.state.faces(), which, seed + ord(which),
                               PhotoStyle(stickers="black", difficulty=0.4, size=(800, 600)))


def _same(a, b) -> bool:
    return len(a.lattices) == len(b.lattices) and all(
        np.array_equal(x.H, y.H) and list(x.cells) == list(y.cells)
        and [q.centre.tolist() for q in x.cells.values()]
        == [q.centre.tolist() for q in y.cells.values()]
        for x, y in zip(a.lattices, b.lattices))


@pytest.mark.parametrize("light", [True, None])
def test_second_stage_is_every_window_settled_at_once(light, monkeypatch):
    img, _ = _black("A")
    first, staged = list(glyph_stages(img, light))
    monkeypatch.setattr(glyphs_module, "FIRST_WINDOWS", 10 ** 6)
    (once,) = list(glyph_stages(img, light))
    assert len(first.lattices) < len(staged.lattices)
    assert _same(staged, once)


def test_marks_on_the_smoothed_channel_given_are_the_same():
    img, _ = _black("B")
    (pts, masks), (given, masks2) = marks(img, True), marks(img, True, smoothed(img))
    assert [g.centre.tolist() for g in pts] == [g.centre.tolist() for g in given]
    assert all(np.array_equal(masks[k], masks2[k]) for k in masks)


def _count_stages(monkeypatch) -> list[int]:
    """The lattices of each stage of the glyph pass that :mod:`vision.locate.corners.faces` takes,
    recorded in the list returned as they are taken."""
    stages_seen: list[int] = []

    def counted(*a, **k):
        for found in glyph_stages(*a, **k):
            stages_seen.append(len(found.lattices))
            yield found

    monkeypatch.setattr(faces_module, "glyph_stages", counted)
    return stages_seen


def test_both_polarities_weigh_every_window(monkeypatch):
    img, _ = _black("A")
    stages_seen = _count_stages(monkeypatch)
    assert len(faces_module.faces_of_glyphs(img)) == 3  # the last resort, both polarities
    assert len(stages_seen) == 2


@pytest.mark.parametrize("which", "AB")
def test_clear_black_corner_is_placed_from_the_first_stage(which, monkeypatch):
    img, truth = _black(which)
    stages_seen = _count_stages(monkeypatch)
    faces = locate_faces(img, which)
    assert len(stages_seen) == 1
    for f in faces:
        quad = np.array(truth["faces"][f.face]["quad"])
        assert np.linalg.norm(f.quad() - quad, axis=1).max() / quad_pitch(quad) < 0.2


def test_few_lattices_are_not_ranked_by_framing_yet_give_the_same_groups():
    img, _ = _black("A")
    first = next(glyph_stages(img, True))
    lats = first.lattices
    assert len(lats) <= faces_module.CANDIDATES
    framing = faces_module.framing_for(img, lats)
    keys = np.clip(faces_module.grid_contrasts(framing.v, np.array([lat.H for lat in lats]))
                   / framing.step, -1.0, 2.0).sum(axis=1) + [len(lat.cells) for lat in lats]
    ranked = faces_module.trimmed_all([lats[i] for i in np.argsort(-keys, kind="stable")])

    def groups(candidates):
        return [frozenset(frozenset(id(q) for q in lat.cells.values()) for lat in g)
                for g in faces_module.corner_groups(candidates)]

    assert groups(faces_module.framed_first(img, lats)) == groups(ranked)


def _digit_with_a_bright_piece() -> tuple[np.ndarray, tuple[int, int]]:
    """A dim light digit on a dark sticker with a small bright cross at its box's middle: as
    motion blur leaves a black cube's digit, only a piece of it above Otsu's level."""
    im = np.full((400, 400, 3), 40, np.uint8)
    cv2.putText(im, "3", (180, 220), cv2.FONT_HERSHEY_SIMPLEX, 2, (110, 110, 110), 4)
    ys, xs = np.nonzero(im[..., 0] > 40)
    cx, cy = (int(xs.min()) + int(xs.max())) // 2, (int(ys.min()) + int(ys.max())) // 2
    im[cy - 3:cy + 4, cx - 1:cx + 2] = 255
    im[cy - 1:cy + 2, cx - 3:cx + 4] = 255
    return im, (cx, cy)


def test_whole_marks_keep_the_blurred_digit_not_its_bright_piece():
    im, (cx, cy) = _digit_with_a_bright_piece()
    pieces, _ = marks(im, light=True)
    whole, masks = marks(im, light=True, whole=True)
    assert len(pieces) == 1 and pieces[0].size < 12  # the piece; the digit taken for it again
    assert len(whole) == 1 and whole[0].size > 30  # the digit; its piece taken for it
    assert np.hypot(whole[0].centre[0] - cx, whole[0].centre[1] - cy) < 3
    assert np.array_equal(masks[True], marks(im, light=True)[1][True])  # the widest ink mask
