"""Serif digits in white ink on the black cube's dark grey stickers, one cell at a time: a
large bold digit is not taken for a blank sticker, a serif 6 with its underline reads as an
upright 6, a footed 1 keeps its direction, the recognisers read every serif digit, and a cube
that underlines only its 9s has its bare 6s read as 6."""
from __future__ import annotations

import cv2
import numpy as np
import pytest

from sudoku_cube.models.cube.stickers import Sticker
from sudoku_cube.vision.cells.glyph import rotate_glyph
from sudoku_cube.vision.recognise.hog import default_model
from sudoku_cube.vision.reading.faces import FaceReading
from sudoku_cube.vision.recognise.evidence import analyse_cells, hypotheses
from sudoku_cube.vision.recognise.templates import find_font, render_digit
from sudoku_cube.vision.recognise.underline_convention import bare_digit, with_convention
from sudoku_cube.vision.cells.ink import ink_mask
from sudoku_cube.vision.cells.warp import cut_cells

SERIF = "texgyreschola-bold.otf"
"""A Century Schoolbook face like the black cube's print (Debian fonts-texgyre)."""


def _white_serif_cell(digit: int, rot: int = 0, height: int = 50, bold: int = 2,
                      underline: bool | None = None) -> np.ndarray:
    """An 80x80 BGR cell of the black cube: a white serif digit ``height`` pixels tall
    (strokes thickened by ``bold`` pixels), turned ``rot`` quarter turns, on a dark grey
    sticker with the black body round it, softly blurred as a photo is."""
    font = find_font(SERIF)
    assert font, f"{SERIF} missing: install fonts-texgyre (make system)"
    g = render_digit(digit, font, 96, underline=underline)
    ys, xs = np.nonzero(g < 128)
    g = g[ys.min():ys.max() + 1, xs.min():xs.max() + 1]
    s = height / max(g.shape)
    g = cv2.resize(g, (max(1, round(g.shape[1] * s)), max(1, round(g.shape[0] * s))))
    ink = (g < 128).astype(np.uint8)
    if bold:
        ink = cv2.dilate(ink, np.ones((bold + 1, bold + 1), np.uint8))
    ink = rotate_glyph(ink, rot)
    cell = np.full((80, 80, 3), 8, np.float32)
    cell[4:76, 4:76] = (56, 56, 58)
    h, w = ink.shape
    y0, x0 = (80 - h) // 2, (80 - w) // 2
    cell[y0:y0 + h, x0:x0 + w][ink > 0] = (236, 236, 234)
    return np.clip(cv2.GaussianBlur(cell, (0, 0), 0.9), 0, 255).astype(np.uint8)


def _read(cells: list[np.ndarray]) -> list[Sticker]:
    """The top reading of each cell, through the reader's polarity and ink steps."""
    face = np.vstack([np.hstack(cells[r * 3:r * 3 + 3]) for r in range(3)])
    norm = cut_cells(face)
    from sudoku_cube.vision.recognise.templates import default_templates

    ev = analyse_cells([ink_mask(c) for c in norm], default_templates(), default_model(), norm)
    return [hypotheses(e)[0].sticker for e in ev]


def test_a_large_bold_serif_digit_is_ink_not_a_blank_sticker():
    """The digit fills half the sticker's middle: the sticker's own spread is measured on the
    sticker, not on the digit, so the digit is not dropped as 'no ink'."""
    cells = cut_cells(np.vstack([np.hstack([_white_serif_cell(d, height=58, bold=3)
                                            for d in range(r * 3 + 1, r * 3 + 4)])
                                 for r in range(3)]))
    for d, c in zip(range(1, 10), cells):
        assert ink_mask(c).sum() > 150, f"digit {d} lost"


@pytest.mark.parametrize("rot", [0, 1, 2, 3])
def test_white_serif_faces_read_right_in_every_turn(rot):
    want = [Sticker(d, rot) for d in range(1, 10)]
    got = _read([_white_serif_cell(d, rot) for d in range(1, 10)])
    assert got == want


def test_an_underlined_serif_6_in_white_ink_reads_as_an_upright_6():
    cells = [_white_serif_cell(d, 0, underline=(d in (6, 9))) for d in (2, 6, 4, 7, 9, 3, 5, 8, 1)]
    got = _read(cells)
    assert got[1] == Sticker(6, 0)
    assert got[4] == Sticker(9, 0)


def test_a_footed_serif_1_keeps_its_direction():
    got = _read([_white_serif_cell(1, r) for r in (0, 1, 2, 3, 0, 2, 1, 3, 2)])
    assert got == [Sticker(1, r) for r in (0, 1, 2, 3, 0, 2, 1, 3, 2)]


def _face_reading(cells: list[np.ndarray]) -> FaceReading:
    """A face reading of nine synthetic cells (no photo geometry: the convention needs none)."""
    from sudoku_cube.vision.recognise.templates import default_templates

    face = np.vstack([np.hstack(cells[r * 3:r * 3 + 3]) for r in range(3)])
    norm = cut_cells(face)
    ev = analyse_cells([ink_mask(c) for c in norm], default_templates(), default_model(), norm)
    hyps = [hypotheses(e) for e in ev]
    return FaceReading(tuple(h[0].sticker for h in hyps), tuple(hyps),
                       tuple(float(h[0].score or 0) for h in hyps), None, evidence=tuple(ev))


def _faces(underlined: tuple[int, ...], rots=(0, 1, 2)) -> dict[str, FaceReading]:
    """Three faces (a corner photo's) of serif white digits, turned ``rots``, with a bar
    under the digits in ``underlined`` only."""
    return {f: _face_reading([_white_serif_cell(d, r, underline=d in underlined)
                              for d in (2, 6, 4, 7, 9, 3, 5, 8, 1)])
            for f, r in zip("URF", rots)}


def test_a_cube_that_underlines_only_its_9s_reads_its_bare_6s_as_6():
    faces = _faces((9,))
    assert bare_digit(faces) == 6
    got = with_convention(faces)
    for f, r in zip("URF", (0, 1, 2)):
        assert got[f].stickers[1] == Sticker(6, r)
        assert got[f].stickers[4] == Sticker(9, r)
        assert got[f].candidates[1][1].sticker == Sticker(9, (r + 2) % 4)  # kept as a candidate


def test_bars_on_both_digits_leave_the_readings_alone():
    faces = _faces((6, 9))
    assert bare_digit(faces) is None
    assert with_convention(faces) == faces
    assert with_convention(_faces((9,)), underlined_69=False) == _faces((9,))
