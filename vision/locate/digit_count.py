"""The count of digits a candidate face shows, as locating receives it from the reading stage.

Locating weighs sticker shapes, grooves and glyph-like marks; none of them tells a face
from the same lattice a fraction of a pitch (or a row) aside, nor from a lattice whose
stickers frame too faintly to pass. The learned cell model
(:mod:`vision.recognise.cell_model`, trained with windows off their stickers as "no digit")
does, but locating cannot import the recognisers (the stages depend one way), so the
reading stage hands the count in (:func:`vision.recognise.digits_seen.digits_seen_by`).
"""
from __future__ import annotations

from typing import Protocol, Sequence

import numpy as np

from .face_geometry import FaceGeometry


class DigitsSeen(Protocol):
    """Per face (its lattice as a :class:`FaceGeometry`) of a photo, how many of its nine
    cells hold a digit, as the learned cell model reads them cut as the reader cuts them, or
    with ``small`` at the size the model reads
    (:func:`vision.recognise.digits_seen.digits_seen`); with ``middle``, whether its middle
    cell does (0..1); with ``cells``, per face the nine cells' probabilities of holding one,
    row by row (a (faces, 9) array)."""

    def __call__(self, image: np.ndarray, faces: Sequence[FaceGeometry],
                 small: bool = False, middle: bool = False, cells: bool = False
                 ) -> np.ndarray: ...


MORE_DIGITS = 1.0
"""One cell's digit: what the cell model must see more in the cells of one placement of a
face than in another's for it to count as the truer one, and what a face of digits may show
fewer than nine of. Two fits that place every cell on its sticker differ by a fraction of a
cell, the model's own noise."""


__all__ = ["MORE_DIGITS", "DigitsSeen"]
