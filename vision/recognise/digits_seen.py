"""How many cells of a candidate face hold a digit, as the learned cell model reads them.

Locating a corner photo's faces weighs glyph-like marks and sticker shapes; neither tells
one fit of a face from another a fraction of a pitch aside, whose cells still gather the
same marks. The cell model (:mod:`vision.recognise.cell_model`, trained with windows off
their stickers as "no digit") does: a window a quarter of a pitch off its sticker cuts the
digit at its border and reads less surely as one. Locating cannot import the recognisers
(the stages depend one way), so the reading stage hands :func:`digits_seen` to it
(:data:`vision.locate.digit_count.DigitsSeen`).
"""
from __future__ import annotations

from functools import partial
from typing import Sequence

import numpy as np

from ..cells.warp import CELL, cell_beside, cut_cells, normalised, warp_face
from ..locate.digit_count import DigitsSeen
from ..locate.face_geometry import FaceGeometry
from .cell_model import NONE, CellModel, shipped_cell_model


def digits_seen(model: CellModel, image: np.ndarray, faces: Sequence[FaceGeometry],
                small: bool = False, middle: bool = False, cells: bool = False) -> np.ndarray:
    """Per face of ``image`` that ``faces`` locate, its cells holding a digit: the sum over
    its nine cells, cut as the reader cuts them (:func:`vision.cells.face_cells.face_cells`),
    of the probability that ``model`` reads a digit there (0..9 a face). With ``small``, each
    cell cut at the size the model reads (:attr:`CellModel.side`) rather than the reader's
    (:data:`vision.cells.warp.CELL`), and with ``middle``, its middle cell's alone (0..1),
    cut by itself: a fraction of the work, for ranking many candidates. With ``cells``, the
    nine probabilities of each face, row by row, instead of their sum."""
    side = model.side if small else CELL
    if middle:
        cut = [c for g in faces for c in normalised([cell_beside(image, g, MIDDLE, 0, 0, side)])]
    else:
        cut = [c for g in faces for c in cut_cells(warp_face(image, g, side))]
    if not cut:
        return np.zeros((0, 9) if cells else 0)
    digit = (1.0 - np.exp(model.read_cells(cut)[:, NONE])).reshape(len(faces), -1)
    return digit if cells else digit.sum(axis=1)


MIDDLE = 4
"""Index of a face's middle cell (row by row)."""


def digits_seen_by(cell_model: CellModel | None = None) -> DigitsSeen | None:
    """The count of the digits in a candidate face's cells that locating weighs
    (:func:`digits_seen`), by ``cell_model`` (None: the shipped one); None when there is no
    model to read with."""
    model = cell_model if cell_model is not None else shipped_cell_model()
    return None if model is None else partial(digits_seen, model)


__all__ = ["digits_seen", "digits_seen_by"]
