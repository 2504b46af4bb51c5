"""A whole-cube model placed from one face is believed only where the learned cell model
sees digits on each of its three faces (vision/locate/corners/digit_fit.py,
``digits_seen_on``). The exam renderer's white-body corner photo A of cube 884500, taken in
grainy light (a camera's noise of 6 grey levels): the sticker passes find one face well and
the model built from it frames the grain beside the pale body as the stickers of two faces,
which it places off the cube. The cell model sees few digits on those cells, so the model is
not believed and the digits place the corner.

Where its faces frame no sticker at all, the model is placed by the digits instead
(``cube_of_digits``): the white-body corner photo B of cube 884505 in the same grain. The
sticker passes find its top face only, the model built from it frames no sticker on the side
faces at any focal length (the white body's light grooves under the grain) and was placed
anywhere, so they place no corner; at the focal length where the cell model sees the side
faces' digits the model is the cube."""
from __future__ import annotations

from functools import cache

import numpy as np
import pytest

from sudoku_cube.assistant.bench.vision_second import cube, placed
from sudoku_cube.render.second import corner_shot
from sudoku_cube.vision.locate.corners.digit_fit import digits_seen_on
from sudoku_cube.vision.locate.corners.faces import _by_digits, _search, _Unplaced, locate_faces
from sudoku_cube.vision.locate.corners.lattice import Lattice
from sudoku_cube.vision.reading.reader import Reader
from sudoku_cube.vision.recognise.digits_seen import digits_seen_by
from tests.conftest import (assert_corner_faces_on_truth, corner_faces_off_truth,
                            true_corner_lattices)

SEED = 884500


@cache
def _grainy(seed: int = SEED, photo: str = "A"):
    """The white-body cube ``seed`` (cube ``seed - SEED`` of a run, as the bench draws it)
    in corner photo ``photo``, with a camera's noise of 6 grey levels."""
    state, homes, made = cube(seed, seed - SEED, "white-body")
    shot = corner_shot(state, photo, seed * 10 + "AB".index(photo), made, homes)
    noise = np.random.default_rng(seed * 10 + "AB".index(photo)).normal(0, 6, shot.image.shape)
    image = np.clip(shot.image.astype(np.float32) + noise, 0, 255).astype(np.uint8)
    return image, shot.truth


def test_the_model_off_the_cube_is_not_believed_and_the_true_faces_are():
    """Without the cell model the whole-cube model stands and misplaces a face; the cell
    model sees too few digits on its faces, and enough on the true ones."""
    image, truth = _grainy()
    seen = digits_seen_by()
    located = locate_faces(image, "A", "grain/A")
    assert corner_faces_off_truth(located, truth)
    modelled = [Lattice(cf.H, {}, ()) for cf in located]
    assert not digits_seen_on(image, modelled, seen)
    assert digits_seen_on(image, true_corner_lattices(truth), seen)
    assert digits_seen_on(image, modelled, None)


def test_with_the_cell_model_every_face_is_placed_and_read():
    image, truth = _grainy()
    faces = locate_faces(image, "A", "grain/A", seen=digits_seen_by())
    assert sorted(f.face for f in faces) == sorted(truth["faces"])
    assert_corner_faces_on_truth(faces, truth)
    read = Reader(ocr="never").read_corner_photo(image, "A", source="grain/A")
    assert all(placed(read[f], t) for f, t in truth["faces"].items())


def test_side_faces_that_frame_no_sticker_are_placed_by_their_digits():
    """The sticker passes place no corner; the cube modelled from their one face, where the
    cell model sees the other two faces' digits, places all three (as, without the cell
    model, the digits judged against their own stickers do: the last search)."""
    image, truth = _grainy(SEED + 5, "B")
    seen = digits_seen_by()
    with pytest.raises(_Unplaced) as refused:
        _search(image, "B", "grain/B", seen=seen)
    by_digits = _by_digits(image, "B", "grain/B", refused.value.left, seen).faces()
    assert_corner_faces_on_truth(by_digits, truth)
    for faces in (locate_faces(image, "B", "grain/B", seen=seen),
                  locate_faces(image, "B", "grain/B")):
        assert sorted(f.face for f in faces) == sorted(truth["faces"])
        assert_corner_faces_on_truth(faces, truth)
