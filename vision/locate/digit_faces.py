"""A one-face photo's last resort: the lattices the one score ranked best, read for digits.

The one score (:mod:`vision.locate.face_score`) passes a face on its stickers' frames and
ranks it by the digits its cells hold. Coloured stickers on a white body, small in the
frame, frame faintly (the grooves between them are hairlines a pixel wide, the white
stickers no shape at all), and such a face can fall short of
:data:`vision.locate.hypotheses.GOOD_CELLS` sticker cells though every cell shows a digit a
person reads. The learned cell model reads the digits themselves
(:class:`vision.locate.digit_count.DigitsSeen`): where no face passed, the best-ranked
lattices, each as a flat square grid, are read by it, and the one whose cells show the most
digits is the face where it shows all nine but :data:`HIDDEN` (:data:`LEAST_DIGITS`), and
where the lattice ends: moved a row or column both ways along either axis, it does not show
as many again (a printed sudoku or a table of figures goes on). Two such lattices apart are
two faces, and neither is taken.
"""
from __future__ import annotations

import numpy as np

from .digit_count import MORE_DIGITS, DigitsSeen
from .face_geometry import FaceGeometry
from .hypotheses import SHIFTS, Hypothesis, moved, separate


HIDDEN = 2
"""Cells of a face of digits whose digit the cell model may miss: a finger holding the cube
over one sticker (the photo shows it, as a person reads it, with that sticker unread), or a
glare spot; and the model's own noise of about one cell over the others
(:data:`vision.locate.digit_count.MORE_DIGITS`). A lattice a row or a column off a face
shows six of its digits."""


LEAST_DIGITS = 9 - HIDDEN * MORE_DIGITS
"""The digits the cell model must see on a face of digits: all nine but :data:`HIDDEN`
cells' worth (:data:`vision.locate.digit_count.MORE_DIGITS` each)."""


def face_of_digits(image: np.ndarray, lattices: list[Hypothesis], seen: DigitsSeen
                   ) -> Hypothesis | None:
    """Of ``lattices`` (flat square grids in ``image``), the face of digits the cell model
    reads (``seen``), or None (see the module's description)."""
    if not lattices:
        return None
    counts = seen(image, [FaceGeometry.of(h.hom) for h in lattices], small=True)
    faces = [lattices[i] for i in np.argsort(-counts, kind="stable") if counts[i] >= LEAST_DIGITS]
    if not faces or any(separate(faces[0], other) for other in faces[1:]):
        return None
    best = faces[0]
    beside = seen(image, [FaceGeometry.of(moved(best, dc, dr)[0]) for dc, dr in SHIFTS], small=True)
    # both ways along the rows (the first two moves), or both ways along the columns
    return None if (beside.reshape(2, 2) >= LEAST_DIGITS).all(axis=1).any() else best


__all__ = ["HIDDEN", "LEAST_DIGITS", "face_of_digits"]
