"""A black cube's corner photo placed by its stickers framed by grooves: the exam renderer's
held-out black cube (seed 73007, photo B, C059 on wood; sharp, a person reads it at a glance).
Its dark grey stickers are no brighter than the wood, so no sticker pass sees one, and the
lattices its digits give lie too far off to fit one box together: the photo was refused as
showing no cube face. The grooves between the stickers frame them
(:func:`vision.locate.corners.quads.groove_quads`), and the corner they place competes in the
last resorts' pool."""
from __future__ import annotations

from functools import cache

import numpy as np

from sudoku_cube.assistant.bench.renders import face_misreads
from sudoku_cube.assistant.bench.vision_second import cube, placed
from sudoku_cube.render.second import corner_shot
from sudoku_cube.vision.locate.corners.lattice import lattices_of
from sudoku_cube.vision.locate.corners.quads import find_quads, groove_quads
from sudoku_cube.vision.reading.reader import Reader


@cache
def _shot():
    state, homes, look = cube(73007, 7, "black", held_out=True)
    return state, corner_shot(state, "B", 730071, look, homes)


def _in_face(point: np.ndarray, quad: np.ndarray) -> bool:
    """Whether ``point`` lies inside the convex outline ``quad`` (4 x 2, either winding)."""
    edges = np.roll(quad, -1, axis=0) - quad
    to_point = point - quad
    cross = edges[:, 0] * to_point[:, 1] - edges[:, 1] * to_point[:, 0]
    return bool((cross > 0).all() or (cross < 0).all())


def test_the_grooves_frame_the_dark_stickers_no_level_of_the_photo_cuts_out():
    _, shot = _shot()
    assert len(find_quads(shot.image)) < 9  # the first sticker pass: a dark cube's few
    quads = groove_quads(shot.image)
    outlines = {f: np.array(t["quad"]) for f, t in shot.truth["faces"].items()}
    on = [next((f for f, o in outlines.items() if _in_face(q.centre, o)), None) for q in quads]
    assert on.count(None) <= 1  # the wood grain's streaks frame nothing sticker-like
    assert sum(f == "L" for f in on) >= 5 and sum(f == "B" for f in on) >= 5
    # the two lower faces each a lattice of their own stickers
    lattices = lattices_of(quads).lattices
    assert len(lattices) >= 2


def test_the_photo_is_located_and_read():
    state, shot = _shot()
    got = Reader(ocr="never").read_corner_photo(shot.image, "B")
    truth = shot.truth["faces"]
    assert set(got) == set(truth)
    assert all(placed(got[f], t) for f, t in truth.items())
    right, _ = face_misreads(got, state)
    assert right >= 24  # of 27: the held-out type's 3s may read as 8s
