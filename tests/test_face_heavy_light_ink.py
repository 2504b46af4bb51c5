"""A black cube's face printed in heavy type and a little out of focus (the exam renderer's
unseen cube 883004, face U, URW Bookman Demi on wood): its white digits cover most of each
sticker's middle, so the middle's median is the ink's, not the sticker's, and the score took
the dark grey sticker round each digit for a groove: five cells showed no sticker and the
face was refused, though a person reads it at a glance. Where no face passes, the lenient
second look judges a cell's plateau at most its brightest side of the rim
(:func:`vision.locate.face_score.filled`)."""
from __future__ import annotations

from sudoku_cube.assistant.bench.renders import face_misreads
from sudoku_cube.assistant.bench.vision_second import cube, placed
from sudoku_cube.render.second import face_shot
from sudoku_cube.vision.reading.reader import Reader


def test_a_face_of_heavy_light_digits_is_found_and_read():
    state, homes, look = cube(883004, 4, "black")
    shot = face_shot(state, "U", 8830040, look, homes)
    reading = Reader(ocr="never").read_face(shot.image, face="U")
    assert placed(reading, shot.truth)
    assert face_misreads({"U": reading}, state) == (9, [])
