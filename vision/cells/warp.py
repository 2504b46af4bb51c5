"""Straightening the face and cutting its 9 cells, each in dark ink on a light sticker.

The face's homography maps its lattice to a square (:func:`warp_face`); the square is cut into
nine cells, row by row, each turned to dark ink on a light sticker whatever its print
(:mod:`vision.polarity`). What the ink of a cell is: :mod:`vision.cells.sticker_level` (the
sticker's own brightness and the ink's contrast to it), :mod:`vision.cells.ink` (the usual cut) and
:mod:`vision.recognise.read_again` (the other cuts of an unsure cell).
"""
from __future__ import annotations

import cv2
import numpy as np

from ..locate.detect import FaceGeometry
from ..polarity import as_dark_ink, light_inks


CELL = 80
"""Side of one straightened cell in pixels (the face is 3 * CELL square)."""


def warp_face(image: np.ndarray, geometry: FaceGeometry, cell: int = CELL) -> np.ndarray:
    """The face straightened into a (3*cell)x(3*cell) image, sticker centres at cell centres."""
    return _straightened(image, geometry, cell, (-0.5, -0.5), 3)


def _straightened(image: np.ndarray, geometry: FaceGeometry, cell: int,
                  corner: tuple[float, float], cells: int) -> np.ndarray:
    """A window of ``cells`` x ``cells`` cells of the face's lattice, its top left at
    ``corner`` (lattice units, sticker centres at whole numbers), straightened ``cell``
    pixels per cell."""
    to_lattice = np.array([[1.0 / cell, 0, corner[0]], [0, 1.0 / cell, corner[1]], [0, 0, 1]])
    side = cells * cell
    return cv2.warpPerspective(image, geometry.homography @ to_lattice, (side, side),
                               flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
                               borderMode=cv2.BORDER_REPLICATE)


def cell_beside(image: np.ndarray, geometry: FaceGeometry, index: int, dx: float, dy: float,
                cell: int = CELL) -> np.ndarray:
    """Cell ``index`` (0-8, row by row) of the face straightened as by :func:`warp_face`,
    its window moved ``dx``, ``dy`` cells (lattice columns, rows) across the photo: a second
    look beside a cell whose face was placed a little off, so its digit reaches the border."""
    r, c = divmod(index, 3)
    return _straightened(image, geometry, cell, (c - 0.5 + dx, r - 0.5 + dy), 1)


def cut_cells(face: np.ndarray, normalise: bool = True) -> list[np.ndarray]:
    """The 9 cells of a straightened face, row by row; with ``normalise`` each in dark ink on
    a light sticker, whatever its print (polarity per cell, outvoted by its like-coloured
    neighbours when unclear: :func:`light_inks`)."""
    c = face.shape[0] // 3
    cells = [face[r * c:(r + 1) * c, k * c:(k + 1) * c] for r in range(3) for k in range(3)]
    return normalised(cells) if normalise else cells


def normalised(cells: list[np.ndarray], votes: np.ndarray | None = None) -> list[np.ndarray]:
    """The cells of one face each in dark ink on a light sticker (:func:`light_inks`, with
    the cells' polarity ``votes`` where the caller has them): a cell printed in dark ink is
    returned as it is (the same object), one in light ink as its luminance inverted."""
    return [as_dark_ink(x, light) for x, light in zip(cells, light_inks(cells, votes))]
