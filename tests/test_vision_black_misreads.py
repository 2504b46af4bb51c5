"""Stickers of the black cube's six-photo bench (our renderer, white serif digits on dark
grey) that were misread raw, each read right now against the render's truth: glare brighter
than the print joined to a digit, a glare spot beside a white 1 that made its polarity
unclear, and a face placed a little off its stickers."""
from __future__ import annotations

import pytest

from sudoku_cube.assistant.bench.renders import FACE_RECIPE, unseen_cube
from sudoku_cube.models.cube.geometry import FACES
from sudoku_cube.render import render_face_photo
from sudoku_cube.vision.reading.faces import read_face

CASES = {
    "glare-blob-over-an-8": (93005, "F", 5),  # read as a 4: the blob filled its right loop
    "glare-streak-under-a-7": (93014, "B", 1),  # read as a 4: the streak made its crossbar
    "glare-streak-along-a-7": (93019, "F", 4),  # read as a 4 turned
    "glare-spot-beside-a-1": (93012, "D", 0),  # read in the other polarity: a sliver, a 1 turned
    "cell-cut-off-its-8": (93006, "R", 8),  # the 8 touched the border: dropped, read as a 4
}


@pytest.mark.parametrize("seed, face, cell", CASES.values(), ids=CASES.keys())
def test_the_sticker_reads_right(seed: int, face: str, cell: int):
    puzzle, style, homes = unseen_cube(seed, seed - 93000, FACE_RECIPE, "black", None)
    image, _ = render_face_photo(puzzle.state.face(face), seed * 10 + FACES.index(face), style,
                                 homes=homes[face])
    reading = read_face(image, ocr=False, face=face)
    assert reading.stickers[cell] == puzzle.state.face(face)[cell]
