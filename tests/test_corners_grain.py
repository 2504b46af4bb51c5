"""A black cube's corner photo in dim, grainy light (our renderer's patterned grounds, cube
73008, photo B: small and dim on tiles; a person reads its digits). The camera's grain on
the dark stickers is as bright as the dimmed digits, and cut at the ink levels its specks
are hundreds of marks of a digit's size among which no lattice of the faces' digits stands
out: the photo was refused. Smoothed over the least digit's width
(:func:`vision.locate.corners.marks.grain_smoothed`), the grain fades and the digits place
the three faces."""
from __future__ import annotations

from dataclasses import replace
from functools import cache

import numpy as np

from sudoku_cube.assistant.bench.renders import (CORNER_RECIPE, face_misreads, symmetric_of,
                                                unseen_cube)
from sudoku_cube.assistant.bench.vision_grounds import ground_of
from sudoku_cube.assistant.bench.vision_second import placed
from sudoku_cube.render import render_corner_photo
from sudoku_cube.vision.locate.corners.faces import glyph_faces
from sudoku_cube.vision.locate.corners.marks import grain_smoothed
from sudoku_cube.vision.reading.reader import Reader


@cache
def _photo():
    puzzle, style, homes = unseen_cube(73008, 8, CORNER_RECIPE, "black")
    style = replace(style, ground=ground_of(8, "black"))
    image, truth = render_corner_photo(puzzle.state.faces(), "B", 730081, style, homes=homes)
    return puzzle.state, image, truth


def _on_faces(lattices, truth) -> set[str]:
    """The faces of ``truth`` whose nine sticker centres ``lattices`` place (each within a
    third of a pitch of one of a lattice's cell centres)."""
    out = set()
    for face, t in truth["faces"].items():
        want = np.array(t["centres"])
        pitch = float(np.linalg.norm(want[0] - want[1]))
        for lat in lattices:
            got = np.array([lat.to_image(u + 0.5, v + 0.5) for v in range(3) for u in range(3)])
            if np.linalg.norm(want[:, None] - got[None], axis=2).min(axis=1).max() < pitch / 3:
                out.add(face)
    return out


def test_the_grain_hides_the_digits_until_smoothed():
    _, image, truth = _photo()
    assert len(_on_faces(glyph_faces(image, light=True)[0], truth)) < 3
    assert _on_faces(glyph_faces(grain_smoothed(image), light=True)[0], truth) == set(
        truth["faces"])


def test_the_photo_is_placed_and_read():
    state, image, truth = _photo()
    faces = Reader(ocr="never").read_corner_photo(image, "B", source="grain/B")
    assert set(faces) == set(truth["faces"])
    assert all(placed(faces[f], t) for f, t in truth["faces"].items())
    right, wrong = face_misreads(faces, state, symmetric_of("black"))
    assert right == 27, wrong
