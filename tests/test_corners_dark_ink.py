"""Dark digits judged against the sticker they are printed on
(vision/locate/corners/marks.py ``relative``, the last searches of
vision/locate/corners/faces.py): compared against the exam renderer's faces."""
from __future__ import annotations

from functools import cache

import numpy as np

from sudoku_cube.assistant.bench.vision_second import cube
from sudoku_cube.render.second import corner_shot
from sudoku_cube.render.second.scenes import everyday
from sudoku_cube.vision.locate.corners.faces import locate_faces
from sudoku_cube.vision.locate.corners.marks import marks
from sudoku_cube.vision.recognise.digits_seen import digits_seen_by
from tests.conftest import assert_corner_faces_on_truth


@cache
def _dim_white_body():
    """Corner photo B of the exam's white body in its held-out font, the sixth cube of a
    run at seed 974500 (its scene the sixth cube's): small and dim on a gradient, its
    lower-right face of blue and green stickers."""
    state, homes, made = cube(974505, 5, "white-body", held_out=True)
    return corner_shot(state, "B", 974505 * 10 + 1, made, homes, scene=everyday(5, 1))


def _digits_marked(image: np.ndarray, truth: dict, relative: bool) -> dict[str, int]:
    """Per face, the stickers whose middle holds a dark mark (within a quarter pitch)."""
    found, _ = marks(image, False, relative=relative)
    at = np.array([g.centre for g in found])
    out = {}
    for face, t in truth["faces"].items():
        centres = np.array(t["centres"], np.float64)
        pitch = np.linalg.norm(centres[0] - centres[1])
        d = np.linalg.norm(centres[:, None] - at[None], axis=2).min(axis=1)
        out[face] = int((d < pitch / 4).sum())
    return out


def test_dark_digits_on_dark_stickers_are_marked_against_their_sticker():
    """Against the whole photo's ink level the blue face's black digits are missed; against
    their own stickers' level every digit of every face is a mark."""
    shot = _dim_white_body()
    whole_photo = _digits_marked(shot.image, shot.truth, relative=False)
    own_sticker = _digits_marked(shot.image, shot.truth, relative=True)
    assert min(whole_photo.values()) <= 3, whole_photo
    assert own_sticker == dict.fromkeys(shot.truth["faces"], 9), own_sticker


def test_a_dim_white_body_with_dark_digits_on_blue_is_placed():
    """No sticker pass frames its faces (the body as light as its stickers) and its blue
    face's digits are missed by the usual ink cut; sought by its digits judged against
    their stickers, all three faces are placed."""
    shot = _dim_white_body()
    faces = locate_faces(shot.image, "B", "white-body/B", seen=digits_seen_by())
    assert_corner_faces_on_truth(faces, shot.truth)


def test_a_large_grainy_white_body_is_placed_by_its_smoothed_dark_digits():
    """A white body large in dim, grainy light on a gradient, the sixth cube of a run at seed
    1479000: judged against a dim sticker's level the grain is deep ink too, and no three
    faces of digits stand out among its marks; with the grain smoothed first they do."""
    state, homes, made = cube(1479005, 5, "white-body")
    shot = corner_shot(state, "A", 1479005 * 10, made, homes, scene=everyday(5, 0))
    faces = locate_faces(shot.image, "A", "white-body/A", seen=digits_seen_by())
    assert_corner_faces_on_truth(faces, shot.truth)
