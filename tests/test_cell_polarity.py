"""The polarity of a cell whose own strokes do not tell it, asked of the learned cell model
(vision.recognise.cell_polarity): white digits on dark red and blue stickers in dim, grainy
light, whose strokes the grain matches, are read in the polarity where the model sees them."""
from __future__ import annotations

from dataclasses import replace

import numpy as np

from sudoku_cube.assistant.bench.renders import CORNER_RECIPE, unseen_cube
from sudoku_cube.assistant.bench.vision_grounds import ground_of
from sudoku_cube.render import render_corner_photo
from sudoku_cube.vision.cells.face_cells import face_cells
from sudoku_cube.vision.polarity import came_inverted
from sudoku_cube.vision.reading.reader import Reader
from sudoku_cube.vision.recognise.cell_model import NONE, shipped_cell_model
from sudoku_cube.vision.recognise.cell_polarity import learned_polarity


def _dim_white_ink_corner():
    """Our renderer's white-ink cube on tiles in dim, grainy light (the patterned grounds'
    first cube at seed 1797000), corner photo A, and its truth."""
    seed, look = 1797000, "coloured-white-ink"
    puzzle, style, homes = unseen_cube(seed, 0, CORNER_RECIPE, look)
    style = replace(style, ground=ground_of(0, look))
    return render_corner_photo(puzzle.state.faces(), "A", seed * 10, style, homes=homes)


def test_white_digits_in_grain_are_read_in_the_polarity_the_model_sees():
    """The R face's red and blue stickers vote dark ink by a hair (the grain's strokes as
    strong as the faint digits'), so the cells stage leaves them as they are and the cell
    model sees no digit; turned, it sees each digit. Read, the face is right."""
    image, truth = _dim_white_ink_corner()
    faces = Reader(ocr="never").read_corner_photo(image, "A")
    assert [s.token for s in faces["R"].stickers] == truth["faces"]["R"]["tokens"]
    cells = face_cells(image, faces["R"].geometry)
    net = shipped_cell_model()
    turned, votes = learned_polarity(cells, net)
    flipped = [i for i in range(9)
               if came_inverted(turned.cells[i]) != came_inverted(cells.cells[i])]
    assert flipped and all(cells.unclear[i] for i in flipped)
    before = net.read_cells([cells.cells[i] for i in flipped])
    assert np.all(votes[flipped, NONE] < before[:, NONE])
    assert np.all(np.exp(votes[flipped, NONE]) < 0.5)  # a digit seen where none was
