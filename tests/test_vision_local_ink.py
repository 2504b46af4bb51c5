"""The ink cuts of :mod:`vision.cells.local_ink`: a digit touching one side of its cell is kept
(the usual cut drops it with the body between stickers), and a smooth glare streak joining a
digit falls apart from it (the usual cut reads the two as one glyph); and on a rendered
black-cube photo whose cell is cut a little off its sticker, the reader keeps the digit."""
from __future__ import annotations

import numpy as np

from sudoku_cube.models.cube.stickers import Sticker
from sudoku_cube.vision.cells.local_ink import edge_ink_mask, local_ink_mask
from sudoku_cube.vision.cells.ink import ink_mask

from tests.test_vision_cells import cell_image
from tests.test_vision_read_again import _read


def test_edge_cut_keeps_a_digit_touching_one_side():
    cell = cell_image(7, 0, "DejaVuSerif-Bold.ttf")
    cell = np.roll(cell, 18, axis=0)  # cut off its sticker: the digit reaches the bottom
    cell[:23] = cell[23:24]  # the sticker goes on above; the body's band rolled away
    assert _read(ink_mask(cell), cell)[0].sticker != Sticker(7, 0)
    assert _read(edge_ink_mask(cell), cell)[0].sticker == Sticker(7, 0)


def test_edge_cut_drops_the_body_along_a_side():
    cell = cell_image(4, 1, "DejaVuSans-Bold.ttf")
    mask = edge_ink_mask(cell)
    assert not mask[:5].any() and not mask[:, :5].any()
    assert _read(mask, cell)[0].sticker == Sticker(4, 1)


def test_local_cut_parts_a_glare_streak_from_the_digit():
    cell = cell_image(5, 1, "DejaVuSans-Bold.ttf").astype(np.float32)
    yy, xx = np.mgrid[0:80, 0:80].astype(np.float32)
    u = ((xx - 25) * 0.8 + (yy - 20) * 0.6) / 18  # along the streak, from the top left
    v = (-(xx - 25) * 0.6 + (yy - 20) * 0.8) / 5
    cell -= (200 * np.exp(-(u * u + v * v) / 2))[..., None]  # inverted glare: smooth, dark
    cell = np.clip(cell, 0, 255).astype(np.uint8)
    assert (_read(ink_mask(cell), cell)[0].score or 0) < 0.5  # the streak joins the 5
    best = _read(local_ink_mask(cell), cell)[0]
    assert best.sticker == Sticker(5, 1) and (best.score or 0) > 0.95


def test_a_cell_cut_off_its_sticker_keeps_its_digit():
    """Face R of a black cube rendered as ``bench vision`` does (seed 193008, no benchmark's):
    its cell 9 is cut a tenth of a sticker high, so its 9 (upside down) touches the cell's
    bottom and the usual cuts keep only its underline (read as a 1)."""
    from sudoku_cube.assistant.bench.renders import FACE_RECIPE, unseen_cube
    from sudoku_cube.models.cube.geometry import FACES
    from sudoku_cube.render import render_face_photo
    from sudoku_cube.vision.reading.faces import read_face

    puzzle, style, homes = unseen_cube(193008, 8, FACE_RECIPE, "black")
    truth = puzzle.state.face("R")
    image = render_face_photo(truth, 1930080 + FACES.index("R"), style, homes=homes["R"])[0]
    reading = read_face(image, ocr=False)
    assert truth[8] == Sticker(9, 2)
    assert reading.stickers[8] == truth[8]
