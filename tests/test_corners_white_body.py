"""A corner photo of a white-bodied cube: its light grooves frame no sticker the way a dark
body's do, so when the best-framed digit lattices make no corner the lattices with most digits
are tried (the exam renderer's photo, deterministic; nothing trains on that renderer)."""
from __future__ import annotations

import cv2
import numpy as np
import pytest

from sudoku_cube.assistant.bench.vision_second import placed
from sudoku_cube.vision.locate.corners.faces import locate_faces
from sudoku_cube.vision.locate.corners.score import shows_its_digits
from sudoku_cube.vision.locate.corners.quads import find_quads
from sudoku_cube.vision.locate.corners.lattice import Lattice
from sudoku_cube.vision.reading.corners import read_corner_photo
from tests.conftest import assert_corner_faces_on_truth
from tests.exam_shots import exam_corner_shot


def test_white_body_corner_photo_is_found_and_placed():
    seed = 74008
    shot = exam_corner_shot(seed, seed - 74000, "white-body", "A")
    faces = read_corner_photo(shot.image, "A", ocr=False, source="white-body/A")
    assert set(faces) == set(shot.truth["faces"])
    assert all(placed(faces[f], truth) for f, truth in shot.truth["faces"].items())


def test_white_body_faces_fitted_from_a_few_digits_are_not_placed_a_row_off():
    """Before faces placed from digits had to show most of them, this photo's three faces were
    fitted together from 6, 8 and 7 digits and all sat a sticker off (the top face out on the
    table); now that group is passed over and the faces showing every digit are placed."""
    seed = 60003
    shot = exam_corner_shot(seed, seed - 60000, "white-body", "B")
    faces = read_corner_photo(shot.image, "B", ocr=False, source="white-body/B")
    assert all(placed(faces[f], truth) for f, truth in shot.truth["faces"].items())


def test_faces_placed_from_digits_must_show_most_of_them():
    """Three faces with seven or more digits each, 24 in all, are believed; a face with five,
    or 23 in all, is not."""
    def lats(*counts: int) -> list[Lattice]:
        return [Lattice(np.eye(3), {(i, 0): None for i in range(n)}, (0, 1))  # type: ignore[misc]
                for n in counts]
    assert shows_its_digits(lats(9, 9, 9))
    assert shows_its_digits(lats(7, 8, 9))
    assert not shows_its_digits(lats(9, 9, 5))
    assert not shows_its_digits(lats(7, 7, 9))


def test_white_body_coloured_stickers_found_by_their_hue_though_well_rounded():
    """Coloured stickers on a white body: the light plastic outshines them, and four points of
    their well rounded hulls cut off so much that no sticker pass took them; the last hue pass
    outlines them along their sides, and the three faces are placed (this photo was refused
    as showing only one face)."""
    seed = 71007
    shot = exam_corner_shot(seed, seed - 71000, "white-body", "B")
    faces = read_corner_photo(shot.image, "B", ocr=False, source="white-body/B")
    assert all(placed(faces[f], truth) for f, truth in shot.truth["faces"].items())


@pytest.mark.parametrize(("seed", "photo"), [(74010, "B"), (74016, "A")])
def test_white_body_coloured_stickers_found_on_chroma(seed, photo):
    """Coloured stickers on a white body, in small blurred photos: on the V channel the light
    plastic outshines them, and the hue windows join two neighbours of one colour across the
    thin blurred plastic, so fewer than three faces were found (both photos were refused);
    on chroma they stand apart as stickers on a black body do, and the three faces are
    placed."""
    shot = exam_corner_shot(seed, seed % 1000, "white-body", photo)
    faces = locate_faces(shot.image, photo, f"white-body/{photo}")
    assert_corner_faces_on_truth(faces, shot.truth)


def test_chroma_pass_parts_stickers_of_one_colour():
    """Two rows of three orange stickers on white plastic, thin blurred gaps between them:
    the hue windows join them (no candidate), on chroma each is a candidate of its own,
    centred on its sticker."""
    img = np.full((300, 320, 3), 240, np.uint8)
    truth = [(73 + 70 * i, 93 + 70 * j) for j in range(2) for i in range(3)]
    for x, y in truth:
        cv2.rectangle(img, (x - 33, y - 33), (x + 33, y + 33), (30, 110, 220), -1)
    img = cv2.GaussianBlur(img, (0, 0), 2.0)
    assert find_quads(img, colour=True) == []
    quads = find_quads(img, chroma=True)
    assert len(quads) == 6
    for x, y in truth:
        assert min(np.hypot(*(q.centre - (x, y))) for q in quads) < 3
