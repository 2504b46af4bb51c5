"""The second look at unsure cells, on a rendered photo whose glare edge joins a 2 to the
border at the usual ink threshold (truth from the render)."""
from __future__ import annotations

from sudoku_cube.assistant.bench.renders import FACE_RECIPE, face_photo, unseen_cube
from sudoku_cube.vision.templates import default_templates
from sudoku_cube.models.stickers import Sticker
from sudoku_cube.vision.detect import find_face
from sudoku_cube.vision.hog import default_model
from sudoku_cube.vision.reading import read_face
from sudoku_cube.vision.recognise import analyse_cells, hypotheses
from sudoku_cube.vision.second_look import LOST
from sudoku_cube.vision.warp import cut_cells, grown_ink_mask, ink_mask, warp_face


def _glare_photo():
    """Face U of the unseen-render benchmark's cube 90004: sticker U9 is a 2 under a hard
    glare edge."""
    image, _ = face_photo(90004, 4, "U")
    puzzle, _, _ = unseen_cube(90004, 4, FACE_RECIPE)
    return image, puzzle.state.face("U")


def test_lost_cell_read_again_at_a_stricter_threshold():
    image, truth = _glare_photo()
    assert truth[8] == Sticker(2, 3)
    cell = cut_cells(warp_face(image, find_face(image)))[8]
    first = hypotheses(analyse_cells([ink_mask(cell)], default_templates(), default_model(),
                                     [cell])[0])
    assert (first[0].score or 0) < LOST  # the usual cut loses the digit
    reading = read_face(image, ocr=False)
    assert reading.stickers == tuple(truth)
    assert reading.confidence[8] > 0.7


def test_grown_mask_keeps_the_stroke_off_the_border():
    image, _ = _glare_photo()
    cell = cut_cells(warp_face(image, find_face(image)))[8]
    assert ink_mask(cell).sum() < 20  # the digit went with the glare edge
    grown = grown_ink_mask(cell)
    ev = analyse_cells([grown], default_templates(), default_model(), [cell])[0]
    assert hypotheses(ev)[0].sticker == Sticker(2, 3)
