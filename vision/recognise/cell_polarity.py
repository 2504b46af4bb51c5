"""Which polarity of an unclear cell shows a digit, as the learned cell model sees it.

The cells stage turns each cell to dark ink on a light sticker by its own strokes
(:func:`vision.polarity.light_inks`), outvoted by its like-coloured neighbours where that
evidence is weak. In dim light a camera's grain is as strong as a faint white digit's
strokes on a dark red or blue sticker, and the vote leans to dark ink. The cell model, which
learnt dark ink on light stickers and "no digit" for everything else, sees no digit in a cell
of the wrong polarity and the digit in the right one: where a cell's own polarity evidence is
weak, a cell in which it sees no digit as it is turned, and a digit turned the other way, is
turned the other way.
"""
from __future__ import annotations

from dataclasses import replace

import numpy as np

from ..cells.face_cells import FaceCells
from ..polarity import as_dark_ink, came_inverted
from .cell_model import CellModel, sees_no_digit


def learned_polarity(cells: FaceCells, net: CellModel) -> tuple[FaceCells, np.ndarray]:
    """``cells`` with each cell of unclear polarity (:attr:`FaceCells.unclear`) turned the
    other way where ``net`` sees no digit in it as it is and a digit turned, and ``net``'s
    rows (log-probabilities) of the cells as returned. Only so: the model never learnt a
    digit printed the other way round, and may read one there as another digit (a dark 8
    crossed by glare, inverted, as a 3) or a vague one (a white 6 on red under a glare spot),
    so a digit it sees either way is left as the cells stage turned it."""
    votes = net.read_cells(list(cells.cells))
    blank = [i for i, u in enumerate(cells.unclear) if u and sees_no_digit(votes[i])]
    if not blank:
        return cells, votes
    others = [as_dark_ink(cells.raw[i], not came_inverted(cells.cells[i])) for i in blank]
    rows = net.read_cells(others)
    turned = [(i, c, r) for i, c, r in zip(blank, others, rows) if not sees_no_digit(r)]
    if not turned:
        return cells, votes
    out, votes = list(cells.cells), votes.copy()
    for i, c, r in turned:
        out[i], votes[i] = c, r
    return replace(cells, cells=tuple(out)), votes

