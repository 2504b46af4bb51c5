"""The cell model's training samples (:mod:`tools.cell_samples`): moved windows are the
reader's own cells moved a little, and each carries its cell's label; a "no digit" window
beyond the edge shows no sticker; a blank sticker is a "no digit" cell."""
from __future__ import annotations

import functools
import random

import numpy as np

from sudoku_cube.models.cube.stickers import parse_token
from sudoku_cube.models.generator.cube3 import random_face
from sudoku_cube.render import PhotoStyle, render_face_photo
from sudoku_cube.render.texture import BLANK
from sudoku_cube.vision.cells.warp import cut_cells, warp_face
from sudoku_cube.vision.locate.detect import find_face
from sudoku_cube.vision.recognise.cell_model import NONE
from sudoku_cube.vision.recognise.hog import class_index
from tools.cell_samples import (OFF_CELLS, SHIFT, beyond_edge, face_samples, jittered_cell,
                                moved_flags, with_blanks)


class _Middle:
    """A random source whose every draw is the middle of its range (no move at all)."""

    def uniform(self, lo: float, hi: float) -> float:
        return (lo + hi) / 2


class _Most:
    """A random source whose every draw is the top of its range (the most move)."""

    def uniform(self, lo: float, hi: float) -> float:
        return hi


@functools.cache
def _photo(seed: int):
    """A rendered face photo, its truth and the reader's face geometry: made once for the
    tests that share a seed (read-only, as they are shared)."""
    stickers = random_face(random.Random(seed))
    image, truth = render_face_photo(stickers, seed, PhotoStyle(stickers="white",
                                                                difficulty=0.2))
    image.flags.writeable = False
    return image, truth, find_face(image)


def test_an_unmoved_window_is_the_readers_cell_and_a_moved_one_differs() -> None:
    image, _, geometry = _photo(5101)
    cells = cut_cells(warp_face(image, geometry), normalise=False)
    for i in (0, 4, 8):
        same = jittered_cell(image, geometry, i, _Middle())
        assert np.abs(same.astype(int) - cells[i].astype(int)).mean() < 0.01
        moved = jittered_cell(image, geometry, i, _Most())
        assert np.abs(moved.astype(int) - cells[i].astype(int)).mean() > 2.0
        # moved by SHIFT of a cell right and down: its top left shows what the
        # reader's cell shows that far in
        k = int(round(SHIFT * 80))
        inner = cells[i][k + 8:-8, k + 8:-8].astype(int)
        shown = moved[8:80 - k - 8, 8:80 - k - 8].astype(int)
        assert np.abs(shown - inner).mean() < np.abs(moved[8:-8, 8:-8].astype(int)
                                                     - cells[i][8:-8, 8:-8].astype(int)).mean()


def test_moved_windows_carry_their_cells_labels() -> None:
    image, truth, geometry = _photo(5102)
    cells, labels = face_samples(image, geometry, truth["tokens"], truth["centres"],
                                 random.Random(0), jitter=2)
    want = [class_index(s.digit, s.rot) for s in map(parse_token, truth["tokens"])]
    assert len(cells) == len(labels) == 9 * 3 + OFF_CELLS
    assert labels[:27] == want * 3
    assert labels[27:] == [NONE] * OFF_CELLS


def test_moved_flags_mark_the_moved_windows_of_each_face() -> None:
    image, truth, geometry = _photo(5102)
    cells, labels = face_samples(image, geometry, truth["tokens"], truth["centres"],
                                 random.Random(0), jitter=2)
    flags = moved_flags(2 * len(labels), 2)
    assert len(flags) == 2 * len(labels) and flags.sum() == 2 * 18
    face = flags[:len(labels)]
    assert not face[:9].any() and face[9:27].all() and not face[27:].any()
    assert not moved_flags(2 * (9 + OFF_CELLS), 0).any()


def test_a_window_beyond_the_edge_lies_outside_the_face_on_every_side() -> None:
    rng = random.Random(3)
    sides = set()
    for _ in range(400):
        i, dx, dy = beyond_edge(rng)
        r, c = divmod(i, 3)
        x, y = c + dx, r + dy  # the window's centre, in cells; the face spans -0.5..2.5
        assert (dx == 0) != (dy == 0)
        assert min(x, y) <= -0.9 or max(x, y) >= 2.9, (i, dx, dy)
        assert -0.5 < (y if dx else x) < 2.5  # beside the face, not past its corner
        sides.add((np.sign(dx), np.sign(dy)))
    assert sides == {(1, 0), (-1, 0), (0, 1), (0, -1)}


def test_face_samples_cut_the_last_blank_window_beyond_the_edge(monkeypatch) -> None:
    """The last "no digit" window of a face is the one :func:`beyond_edge` draws."""
    import tools.cell_samples as cs

    drawn: list[tuple[int, float, float]] = []

    def recorded(rng: random.Random) -> tuple[int, float, float]:
        drawn.append(beyond_edge(rng))
        return drawn[-1]
    monkeypatch.setattr(cs, "beyond_edge", recorded)
    image, truth, geometry = _photo(5102)
    cells, labels = face_samples(image, geometry, truth["tokens"], truth["centres"],
                                 random.Random(0))
    assert len(drawn) == 1 and len(cells) == len(labels) and labels[-1] == NONE


def test_blank_stickers_are_cut_as_no_digit_and_show_no_ink() -> None:
    """A photo with blank stickers (:func:`tools.cell_samples.with_blanks`): their cells are
    labelled "no digit" and carry no more ink than the sticker's own unevenness, the other
    cells keep their digits."""
    face = random_face(random.Random(5103))
    stickers = with_blanks(face, random.Random(3))
    blank = [i for i, s in enumerate(stickers) if s.digit == BLANK]
    assert blank and all(stickers[i] == face[i] for i in range(9) if i not in blank)
    image, truth = render_face_photo(stickers, 5103, PhotoStyle(stickers="white",
                                                                 difficulty=0.2))
    cells, labels = face_samples(image, find_face(image), truth["tokens"], truth["centres"],
                                 random.Random(0))
    assert [i for i in range(9) if labels[i] == NONE] == blank
    assert [labels[i] for i in range(9) if i not in blank] == [
        class_index(face[i].digit, face[i].rot) for i in range(9) if i not in blank]
    inner = [c[20:60, 20:60].astype(int) for c in cells[:9]]
    spread = [int(np.percentile(c, 95) - np.percentile(c, 5)) for c in inner]
    assert max(spread[i] for i in blank) < 0.3 * min(spread[i] for i in range(9)
                                                    if i not in blank)
