"""A corner photo on a cutting mat (our renderer's patterned grounds, cube 72005, photo A:
coloured stickers with white digits, sharp and evenly lit; a person reads it at a glance).
The mat's printed squares outnumber the cube's stickers three to one, so the photo's dominant
edge directions were the mat's: no lattice of the cube's faces was found, and the whole-cube
model grown from a face found on the mat placed the cube a sticker off (misplaced). Grouped
by neighbours (:func:`vision.locate.corners.neighbours.neighbour_groups`), each face's
stickers follow their own two directions and form its lattice."""
from __future__ import annotations

from dataclasses import replace
from functools import cache

import numpy as np

from sudoku_cube.assistant.bench.renders import CORNER_RECIPE, face_misreads, unseen_cube
from sudoku_cube.assistant.bench.vision_grounds import ground_of
from sudoku_cube.assistant.bench.vision_second import placed
from sudoku_cube.render import render_corner_photo
from sudoku_cube.vision.locate.corners.lattice import (axis_directions, find_lattices,
                                                       group_by_faces)
from sudoku_cube.vision.locate.corners.neighbours import neighbour_groups
from sudoku_cube.vision.reading.reader import Reader


@cache
def _photo():
    puzzle, style, homes = unseen_cube(72005, 5, CORNER_RECIPE, "coloured-white-ink")
    style = replace(style, ground=ground_of(5, "coloured-white-ink"))
    image, truth = render_corner_photo(puzzle.state.faces(), "A", 720050, style, homes=homes)
    return puzzle.state, image, truth


def _near(point: np.ndarray, centres: np.ndarray) -> bool:
    """Whether ``point`` lies within a quarter of a sticker pitch of one of ``centres``."""
    pitch = float(np.linalg.norm(centres[0] - centres[1]))
    return bool(np.linalg.norm(centres - point, axis=1).min() < pitch / 4)


@cache
def _quads():
    """The sticker candidates of the first two sticker passes (the second, relaxed, pass
    adds the glared face's)."""
    _, image, _ = _photo()
    return find_lattices(image, relaxed=True, more=find_lattices(image).quads).quads


def _on_cube(quads, truth) -> set[int]:
    """Indices of the ``quads`` that lie on one of the cube's stickers."""
    centres = [np.array(t["centres"]) for t in truth["faces"].values()]
    return {i for i, q in enumerate(quads) if any(_near(q.centre, c) for c in centres)}


def test_the_mat_outvotes_the_cubes_directions():
    _, _, truth = _photo()
    quads = _quads()
    on_cube = _on_cube(quads, truth)
    assert len(quads) > 3 * len(on_cube) > 3 * 18
    index = {id(q): i for i, q in enumerate(quads)}
    groups = group_by_faces(quads, axis_directions(quads)).values()
    # no face's stickers make a group of their own along the photo's dominant directions
    assert not any(sum(index[id(q)] in on_cube for q in g) >= 5 and len(g) < 12
                   for g in groups)


def test_each_face_s_stickers_are_neighbours_of_each_other_alone():
    _, _, truth = _photo()
    quads = _quads()
    faces = {f: np.array(t["centres"]) for f, t in truth["faces"].items()}
    seen = set()
    for group in neighbour_groups(quads):
        on = {f for q in group for f, c in faces.items() if _near(q.centre, c)}
        assert len(on) <= 1  # a group never spans two faces, nor a face and the mat
        if on and sum(any(_near(q.centre, c) for c in faces.values()) for q in group) >= 5:
            assert all(any(_near(q.centre, c) for c in faces.values()) for q in group)
            seen |= on
    assert seen == set(faces)


def test_the_photo_is_located_and_read():
    state, image, truth = _photo()
    got = Reader(ocr="never").read_corner_photo(image, "A")
    assert set(got) == set(truth["faces"])
    assert all(placed(got[f], t) for f, t in truth["faces"].items())
    right, _ = face_misreads(got, state)
    assert right >= 26
