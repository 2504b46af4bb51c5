"""The second look at unsure cells: on a rendered photo whose usual ink cut reads a 4 as a
3 (truth from the render), and on a cell where a dark streak joins the digit to the sticker's
edge so that the usual cut drops the digit with it."""
from __future__ import annotations

import cv2

from sudoku_cube.assistant.bench.renders import FACE_RECIPE, face_photo, unseen_cube
from sudoku_cube.models.stickers import Sticker
from sudoku_cube.vision.detect import find_face
from sudoku_cube.vision.hog import default_model
from sudoku_cube.vision.reading import read_face
from sudoku_cube.vision.recognise import analyse_cells, hypotheses
from sudoku_cube.vision.second_look import LOST
from sudoku_cube.vision.templates import default_templates
from sudoku_cube.vision.warp import cut_cells, grown_ink_mask, ink_mask, peeled_ink_mask, \
    warp_face

from tests.test_vision_cells import cell_image


def _unsure_photo():
    """Face R of the unseen-render benchmark's cube 90006: sticker R6 is a 4 turned left
    that the usual ink cut reads, unsure, as a 3."""
    image, _ = face_photo(90006, 6, "R")
    puzzle, _, _ = unseen_cube(90006, 6, FACE_RECIPE)
    return image, puzzle.state.face("R")


def _read(mask, cell):
    return hypotheses(analyse_cells([mask], default_templates(), default_model(), [cell])[0])


def test_lost_cell_read_again_at_a_stricter_threshold():
    image, truth = _unsure_photo()
    assert truth[5] == Sticker(4, 3)
    cell = cut_cells(warp_face(image, find_face(image)))[5]
    first = _read(ink_mask(cell), cell)
    assert (first[0].score or 0) < LOST  # the usual cut is unsure (at best a guess)
    reading = read_face(image, ocr=False)
    assert reading.stickers[5] == truth[5]
    assert reading.confidence[5] > 0.7


def test_grown_mask_reads_the_unsure_cell():
    image, truth = _unsure_photo()
    cell = cut_cells(warp_face(image, find_face(image)))[5]
    assert _read(grown_ink_mask(cell), cell)[0].sticker == truth[5]


def test_peeled_mask_keeps_a_digit_joined_to_the_edge_by_a_streak():
    cell = cell_image(5, 1, "DejaVuSans-Bold.ttf")
    cv2.line(cell, (6, 20), (40, 40), (20, 20, 20), 5)  # a dark streak from the sticker's edge
    assert ink_mask(cell).sum() == 0  # everything touching the border goes, the 5 with it
    assert _read(peeled_ink_mask(cell), cell)[0].sticker == Sticker(5, 1)
