"""How many cells of a candidate face hold a digit, as the learned cell model reads them.

Locating a corner photo's faces weighs glyph-like marks and sticker shapes; neither tells
one fit of a face from another a fraction of a pitch aside, whose cells still gather the
same marks. The cell model (:mod:`vision.recognise.cell_model`, trained with windows off
their stickers as "no digit") does: a window a quarter of a pitch off its sticker cuts the
digit at its border and reads less surely as one. Locating cannot import the recognisers
(the stages depend one way), so the reading stage hands :func:`digits_seen` to it
(:data:`vision.locate.corners.digit_fit.DigitsSeen`).
"""
from __future__ import annotations

from typing import Sequence

import numpy as np

from ..cells.face_cells import face_cells
from ..locate.face_geometry import FaceGeometry
from .cell_model import NONE, CellModel


def digits_seen(model: CellModel, image: np.ndarray,
                faces: Sequence[FaceGeometry]) -> np.ndarray:
    """Per face of ``image`` that ``faces`` locate, its cells holding a digit: the sum over
    its nine cells, cut as the reader cuts them (:func:`vision.cells.face_cells.face_cells`),
    of the probability that ``model`` reads a digit there (0..9 a face)."""
    cells = [c for g in faces for c in face_cells(image, g).cells]
    if not cells:
        return np.zeros(0)
    none = np.exp(model.read_cells(cells)[:, NONE])
    return (1.0 - none).reshape(len(faces), 9).sum(axis=1)


__all__ = ["digits_seen"]
