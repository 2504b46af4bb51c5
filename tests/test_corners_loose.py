"""Corner photos in heavy blur: the loose sticker pass (outlines bitten by large dark digits)
locates what the usual passes miss, and the framing of its faces tells a right lattice from one
shifted by half a sticker."""
from __future__ import annotations

from functools import cache

import numpy as np

from sudoku_cube.models.generator.cube3 import home_faces, make_puzzle
from sudoku_cube.models.cube.geometry import FACES
from sudoku_cube.render import PhotoStyle, render_corner_photo
from sudoku_cube.vision.locate.corners.check import pitch_of
from sudoku_cube.vision.locate.corners.faces import MORE_PASSES, locate_faces
from sudoku_cube.vision.locate.corners.lattice import find_lattices
from sudoku_cube.vision.locate.corners.quads import SOLIDITY
from sudoku_cube.vision.locate.corners.rebuild import complete_faces
from sudoku_cube.vision.locate.corners.whole import Framing
from tests.conftest import quad_pitch


@cache
def _blurred_coloured():
    """A hard coloured photo B (dev seed 173043: blur, grain, clutter, large dark digits)."""
    puzzle = make_puzzle(173043, 25, substitution=True)
    homes = home_faces(puzzle.scramble)
    home_map = {f: homes[9 * i:9 * i + 9] for i, f in enumerate(FACES)}
    style = PhotoStyle(stickers="coloured", difficulty=0.8294130719738335, size=(1280, 960),
                       jpeg_quality=85)
    return render_corner_photo(puzzle.state.faces(), "B", 1730431, style, homes=home_map)


def test_loose_pass_locates_blurred_coloured_faces():
    img, truth = _blurred_coloured()
    found = find_lattices(img)
    for options in MORE_PASSES:
        if options.get("solidity", SOLIDITY) < SOLIDITY:
            break
        if options.get("chroma"):
            continue  # the chroma passes find these coloured faces too; the loose one is tested
        found = find_lattices(img, more=found.quads, **options)
    assert len(complete_faces(img, found)) < 3  # the usual V and hue passes find no three faces
    for f in locate_faces(img, "B"):
        quad = np.array(truth["faces"][f.face]["quad"])
        err = np.linalg.norm(f.quad() - quad, axis=1).max() / quad_pitch(quad)
        assert err < 0.35, (f.face, err)


def test_framing_tells_a_right_lattice_from_a_shifted_one():
    img, truth = _blurred_coloured()
    for f in locate_faces(img, "B"):
        framing = Framing.of(img, pitch_of(f.H))
        right = framing.count(f.H)
        shifted = framing.count(f.H @ np.array([[1, 0, 0.45], [0, 1, 0.45], [0, 0, 1.0]]))
        assert right >= 4 and shifted <= 2 and shifted < right, (f.face, right, shifted)
