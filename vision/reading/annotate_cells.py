"""The debug picture of a face's cells: what the cells stage handed to the recognisers.

Top row: the nine cells straightened as the photo prints them; bottom row: each as the
recognisers read it, dark ink on a light sticker, with the usual ink cut tinted red and the
reading written beneath. A person sees whether the face was cut square, whether a cell's
polarity was turned the right way and what ink each digit was read from.
"""
from __future__ import annotations

import cv2
import numpy as np

from ..cells.face_cells import face_cells
from ..cells.warp import CELL
from ..recognise.cell_model import shipped_cell_model
from ..recognise.cell_polarity import learned_polarity
from .annotate_style import BLACK, FONT, RED, text_scale
from .faces import FaceReading

GAP = 4
"""Pixels between the cells."""
LABEL = CELL // 4
"""Height of the strip under the cells that holds each reading."""
INK = np.array(RED, np.float32)
"""Tint of the ink cut."""


def _bgr(cell: np.ndarray) -> np.ndarray:
    return cv2.cvtColor(cell, cv2.COLOR_GRAY2BGR) if cell.ndim == 2 else cell


def annotate_cells(image: np.ndarray, reading: FaceReading) -> np.ndarray:
    """The cells picture of ``reading``, a face read from ``image`` (the reader's working
    copy of the photo, BGR uint8), cut again from the lattice the reading found."""
    cells = face_cells(image, reading.geometry)
    net = shipped_cell_model()
    if net is not None:  # the polarity the recognisers read each cell in
        cells = learned_polarity(cells, net)[0]
    width = 9 * (CELL + GAP) - GAP
    out = np.full((2 * CELL + GAP + LABEL, width, 3), 255, np.uint8)
    blank = set(reading.blank)
    for i, (raw, dark, mask) in enumerate(zip(cells.raw, cells.cells, cells.ink_masks())):
        x = i * (CELL + GAP)
        out[:CELL, x:x + CELL] = _bgr(raw)
        seen = _bgr(dark).astype(np.float32)
        ink = mask.astype(bool)
        seen[ink] = 0.5 * seen[ink] + 0.5 * INK
        out[CELL + GAP:2 * CELL + GAP, x:x + CELL] = seen.astype(np.uint8)
        if i < len(reading.stickers):  # "--" where no digit was seen, as the terminal says
            text = "--" if i in blank else reading.stickers[i].token
            scale = text_scale(text, CELL, LABEL * 0.5)
            cv2.putText(out, text, (x + GAP, len(out) - LABEL // 4), FONT,
                        scale, BLACK, 1, cv2.LINE_AA)
    return out
