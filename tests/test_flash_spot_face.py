"""A flash's hot spot on a face photo: the face is located where it is, not a column off.

The glare lifts a green sticker toward its white digit's brightness, so on brightness the
digit is lost and the true face counts that cell as a plain sticker, while a lattice a
column off, over the side face's foreshortened stickers, holds digits in all nine cells. The
white ink stays colourless on the colour picture, where digits are sought too
(:meth:`sudoku_cube.vision.locate.face_score.FaceScore.judge`)."""
from __future__ import annotations

import cv2
import numpy as np

from sudoku_cube.assistant.bench.vision_second import cube
from sudoku_cube.render.second import face_shot
from sudoku_cube.vision.locate.detect import find_face
from tools.phone_changes_report import CHANGES


def test_a_flash_spotted_white_ink_face_is_located_on_the_face():
    # the exam renderer's white-ink cube 98002 (the phone-changes report's seeds), its face R
    state, homes, look = cube(98002, 2, "coloured-white-ink")
    shot = face_shot(state, "R", 98002 * 10 + 1, look, homes)
    ok, jpeg = cv2.imencode(".jpg", CHANGES["flash spot"](shot.image),
                            [cv2.IMWRITE_JPEG_QUALITY, 90])
    image = cv2.imdecode(jpeg, cv2.IMREAD_COLOR)
    geometry = find_face(image, "face R")
    want = np.array(shot.truth["centres"], np.float64)
    got = np.asarray(geometry.cell_centres(), np.float64)
    pitch = np.linalg.norm(want[0] - want[1])
    assert np.linalg.norm(got - want, axis=1).max() < pitch / 3
