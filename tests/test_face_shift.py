"""A face photo's face moved a row or column where the cell model sees more digits there
(vision/reading/face_shift.py): compared against the exam renderer's sticker centres."""
from __future__ import annotations

from functools import cache

import numpy as np

from sudoku_cube.assistant.bench.vision_second import cube, placed
from sudoku_cube.models.cube.geometry import FACES
from sudoku_cube.render.second import face_shot
from sudoku_cube.render.second.scenes import everyday
from sudoku_cube.vision.locate.face_geometry import CENTRES, FaceGeometry, project
from sudoku_cube.vision.reading.face_shift import moved, surer_place
from sudoku_cube.vision.reading.reader import Reader
from sudoku_cube.vision.recognise.digits_seen import digits_seen_by


@cache
def _shot(seed: int, look: str, face: str, scene: bool):
    k = seed % 1000
    state, homes, made = cube(seed, k, look)
    i = FACES.index(face)
    return face_shot(state, face, seed * 10 + i, made, homes,
                     scene=everyday(k, i) if scene else None)


def test_a_face_moved_and_moved_back_is_the_same_face():
    """A face moved a row down puts its first two rows where the last two were, keeps the
    flags of the stickers seen there, and its outline follows; moved back it is as before."""
    geometry = FaceGeometry(np.array([[30.0, 2, 100], [-1, 28, 80], [0.001, 0, 1]]),
                            np.zeros((4, 2)), (True, False, True, False, True, False, True,
                                               False, True))
    down = moved(geometry, 0, 1)
    assert np.allclose(project(down.homography, CENTRES[:6]),
                       project(geometry.homography, CENTRES[3:]))
    assert down.found == geometry.found[3:] + (False, False, False)  # rows 1-2 now 0-1
    back = moved(down, 0, -1)
    assert np.allclose(back.homography, geometry.homography)
    assert np.allclose(down.quad, project(down.homography,
                                          np.array([[-0.5, -0.5], [2.5, -0.5], [2.5, 2.5],
                                                    [-0.5, 2.5]])))


def test_a_clear_face_stays_where_it_was_found():
    """A face whose nine cells show their digits is not moved, even handed a lower count."""
    shot = _shot(70003, "white", "F", False)
    reading = Reader(ocr="never").read_face(shot.image, face="F")
    assert placed(reading, shot.truth)
    assert sum(reading.digit_seen) > 8
    assert surer_place(shot.image, reading.geometry, sum(reading.digit_seen),
                       digits_seen_by()) is None


def test_a_small_dim_face_found_a_row_up_is_read_a_row_down():
    """The white body's `94015` D, small and dim on a printed page (the exam's everyday
    scene): the locator placed it a row up (the cell model saw 5.8 digits on its cells); a
    row down it sees 8, and the face is read there, on its stickers."""
    shot = _shot(94015, "white-body", "D", True)
    reading = Reader(ocr="never").read_face(shot.image, face="D")
    assert placed(reading, shot.truth)
