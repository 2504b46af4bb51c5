"""The cells stage's hand-off: a located face straightened and cut into its nine cells.

:func:`face_cells` is the whole stage: the photo and its face's lattice
(:class:`~..locate.face_geometry.FaceGeometry`) in, a :class:`FaceCells` out, which is all the
recognisers read (:func:`vision.recognise.face.recognise_face`).
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..locate.face_geometry import FaceGeometry
from ..polarity import polarity_votes, unclear_vote
from .ink import ink_mask
from .warp import cell_beside, cut_cells, normalised, warp_face


@dataclass(frozen=True)
class FaceCells:
    """One face's nine cells, row by row: ``raw`` as the photo prints them (sticker colour,
    ink of either polarity), ``cells`` each turned to dark ink on a light sticker; ``image``
    and ``geometry`` are the photo and lattice they were cut from, so a cell can be cut again
    a little aside (:meth:`beside`)."""

    image: np.ndarray
    geometry: FaceGeometry
    raw: tuple[np.ndarray, ...]
    cells: tuple[np.ndarray, ...]
    unclear: tuple[bool, ...]
    """Per cell, whether its own evidence of its ink's polarity is weak
    (:func:`vision.polarity.unclear_vote`): the recognisers read such a cell the other way
    too (:func:`vision.recognise.cell_polarity.learned_polarity`,
    :func:`vision.recognise.cuts.other_windows`)."""

    def beside(self, index: int, dx: float, dy: float) -> np.ndarray:
        """Cell ``index`` cut with its window moved ``dx``, ``dy`` cells across the photo
        (:func:`vision.cells.warp.cell_beside`)."""
        return cell_beside(self.image, self.geometry, index, dx, dy)

    def ink_masks(self) -> list[np.ndarray]:
        """The usual ink cut of each cell (:func:`vision.cells.ink.ink_mask`)."""
        return [ink_mask(c) for c in self.cells]


def face_cells(image: np.ndarray, geometry: FaceGeometry) -> FaceCells:
    """The face of ``image`` (BGR uint8) that ``geometry`` locates, straightened and cut."""
    raw = cut_cells(warp_face(image, geometry), normalise=False)
    votes = polarity_votes(raw)
    return FaceCells(image, geometry, tuple(raw), tuple(normalised(raw, votes)),
                     tuple(unclear_vote(v) for v in votes))
