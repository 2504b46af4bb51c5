"""A lattice a row off the face is moved onto it (:func:`sudoku_cube.vision.locate.hypotheses.
settled`). Where its blobs included a side face's foreshortened slivers, they bent its fit; the
lattice moved off them is also fitted afresh through the two whole rows of blobs that stay
inside it, so it lands on the face's far row, which the moved lattice as it was misses by a
fraction of a sticker. A move is better when one of its readings, contrast or evidence, gains
and the other loses nothing much (:func:`sudoku_cube.vision.locate.hypotheses._gains`)."""
from __future__ import annotations

import numpy as np

from sudoku_cube.vision.locate.face_geometry import CENTRES, project
from sudoku_cube.vision.locate.hypotheses import Hypothesis, _gains, _moves
from sudoku_cube.vision.locate.lattice import fit
from sudoku_cube.vision.locate.sticker_blobs import Blob

FACE = np.array([[30.0, 4.0, 200.0], [-3.0, 28.0, 150.0], [0.0004, 0.0008, 1.0]])
"""The face's true lattice (cell centres at 0..2), seen at a slant."""


def _blob(x: float, y: float) -> Blob:
    return Blob(np.array([x, y]), 400.0, 20.0, 0.0)


def test_a_lattice_moved_off_a_side_face_rests_on_the_face_stickers_left():
    # the lattice's blobs: the side face's slivers, squeezed toward the face, then the face's
    # top two rows; the face's last row showed no blob
    face = project(FACE, CENTRES)
    slivers = project(FACE, CENTRES[:3] - [0.0, 0.6])
    grid = {(c, 0): _blob(*slivers[c]) for c in range(3)}
    grid.update({(c, r + 1): _blob(*face[3 * r + c]) for r in range(2) for c in range(3)})
    bent = fit(grid)
    assert bent is not None
    h = Hypothesis(bent, grid, np.zeros(9))
    want = project(FACE, CENTRES)
    pitch = np.linalg.norm(want[1] - want[0])
    shifted, *refits = [hom for hom, g in _moves(h) if set(g) == {(c, r) for c in range(3)
                                                                   for r in range(2)}]
    assert np.abs(project(shifted, CENTRES) - want).max() > 0.1 * pitch  # bent by the slivers
    assert len(refits) == 1
    assert np.abs(project(refits[0], CENTRES) - want).max() < 0.01 * pitch


def _hyp(contrast: list[float], digits: int) -> Hypothesis:
    glyphs = np.array([1.0] * digits + [0.0] * (9 - digits))
    return Hypothesis(np.eye(3), {}, np.array(contrast), glyphs)


def test_a_move_gains_on_one_reading_and_loses_on_neither():
    # a face of 6 digits read plain, its far row's digits missed
    face = _hyp([0.9] * 6 + [0.6] * 3, 6)
    assert face.evidence < 0.3 * face.contrast
    # moved a row onto the ground beside it, 7 cells holding ink: no better
    assert not _gains(_hyp([-0.7, -0.7, 0.3] + [0.9] * 6, 7), face)
    # moved onto the face's own far row, its digits seen: better on evidence alone
    assert _gains(_hyp([0.6] * 9, 9), _hyp([0.6] * 9, 6))
    # more contrast, but fewer digits: no better
    assert not _gains(_hyp([0.7] * 9, 6), _hyp([0.55] * 9, 9))
    # more contrast, the digits as they were: better
    assert _gains(_hyp([0.7] * 9, 9), _hyp([0.6] * 9, 9))
