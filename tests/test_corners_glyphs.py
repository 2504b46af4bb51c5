"""Corner photos of dark stickers with light digits (the black Sudoku Cube): faces found from
their digits on perspective lattices (vision.locate.corners.glyphs) and fitted together
(vision.locate.corners.joint); print beside a cube makes no face."""
from __future__ import annotations

import random
from functools import cache

import cv2
import numpy as np
import pytest

from sudoku_cube.models.generator.cube3 import make_puzzle
from sudoku_cube.render import PhotoStyle, render_corner_photo
from sudoku_cube.vision.locate.corners.faces import CornerPhotoError, faces_of_glyphs, locate_faces
from sudoku_cube.vision.locate.corners.glyphs import glyph_lattices
from sudoku_cube.vision.locate.corners.groups import corner_groups
from sudoku_cube.vision.locate.corners.joint import joint_fit
from sudoku_cube.vision.locate.corners.views import corner_faces
from tests.conftest import quad_pitch


@cache
def _black(which: str):
    puzzle = make_puzzle(4242, 25, symmetric=frozenset())
    return render_corner_photo(puzzle.state.faces(), which, 4242 + ord(which),
                               PhotoStyle(stickers="black", difficulty=0.3, size=(800, 600)))


@pytest.mark.parametrize("which", "AB")
def test_black_cube_faces_are_located_from_their_digits(which):
    img, truth = _black(which)
    faces = locate_faces(img, which)
    assert [f.face for f in faces] == [c.face for c in corner_faces(which)]
    for f in faces:
        quad = np.array(truth["faces"][f.face]["quad"])
        err = np.linalg.norm(f.quad() - quad, axis=1).max() / quad_pitch(quad)
        assert err < 0.25, (which, f.face, err)


def test_faces_fitted_together_meet_at_the_corner():
    img, _ = _black("A")
    lats = faces_of_glyphs(img)
    assert len(lats) == 3
    fitted, misfit = joint_fit(lats)
    assert misfit < 0.1
    # the three outlines share the cube corner: some corner of each within a pixel
    outs = [np.array([lat.to_image(u, v) for u, v in ((0, 0), (3, 0), (3, 3), (0, 3))])
            for lat in fitted]
    best = min(np.ptp(np.array([a, b, c]), axis=0).max()
               for a in outs[0] for b in outs[1] for c in outs[2])
    assert best < 1.0


def _print_page(seed: int) -> np.ndarray:
    """A photo of a printed page only: rows of light words on dark paper (light ink, like the
    black cube's digits), in a regular monospace grid."""
    rng = random.Random(seed)
    img = np.full((600, 800, 3), 40, np.uint8)
    for row in range(12):
        words = " ".join("".join(rng.choice("abcdefghij0123456789")
                                 for _ in range(rng.randint(2, 6)))
                         for _ in range(8))
        cv2.putText(img, words, (20, 45 + 46 * row), cv2.FONT_HERSHEY_DUPLEX, 1.1,
                    (220, 220, 220), 2, cv2.LINE_AA)
    return img


def test_print_makes_no_corner_of_faces():
    img = _print_page(3)
    # the message (how many corner groups the print's glyphs made) is worked out on failure only
    assert not faces_of_glyphs(img), len(corner_groups(glyph_lattices(img).lattices))
    with pytest.raises(CornerPhotoError, match="corner photo A: .* found"):
        locate_faces(img, "A")
