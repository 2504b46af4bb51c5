"""The recognise stage's hand-off: the evidence and ranked readings of a face's nine cells.

:func:`recognise_face` is the whole stage without tesseract: a face's straightened cells
(:class:`~..cells.face_cells.FaceCells`) in, a :class:`FaceEvidence` out. The classifiers vote
on each cell (:func:`vision.recognise.evidence.analyse_cells`), the learned cell model votes
on the straightened cell, and unsure cells are read again from other cuts
(:mod:`vision.recognise.read_again`). Tesseract's vote is this stage's too
(:mod:`vision.recognise.ocr_vote`); the reading stage asks for it where a reading wants OCR
(:func:`vision.reading.faces.read_face`).
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ...models.cube.stickers import Hypothesis
from ..cells.face_cells import FaceCells
from .cell_model import NONE, CellModel, shipped_cell_model
from .cell_polarity import learned_polarity
from .evidence import CellEvidence, readings
from .hog import LinearModel
from .read_again import read_cells
from .templates import TemplateSet
from .underline_model import UnderlineModel


@dataclass(frozen=True)
class FaceEvidence:
    """Per cell (row by row): what it shows (:class:`~.evidence.CellEvidence`: ink, glyph,
    each classifier's scores over digit and rotation) and its readings, best first
    (:class:`~...models.cube.stickers.Hypothesis`: sticker and score)."""

    evidence: tuple[CellEvidence, ...]
    hypotheses: tuple[tuple[Hypothesis, ...], ...]
    digit_seen: tuple[float, ...] = ()
    """Per cell, the learned cell model's probability that it shows a digit at all (empty
    without a shipped model): what tells a face of digits from a plain cube's face, whose
    sticker edges and specks the glyph voters may still read as 1s and 7s."""


def recognise_face(cells: FaceCells, templates: TemplateSet, model: LinearModel,
                   underlined_69: bool = True, in_rounds: bool = True, *,
                   cell_model: CellModel | None = None,
                   underline_model: UnderlineModel | None = None) -> FaceEvidence:
    """The evidence and readings of a face's cells; ``underlined_69``: the cube prints a bar
    under its 6s and 9s (the cube's settings); ``in_rounds``: unsure cells read again in
    two rounds (:func:`vision.recognise.read_again.read_again`). ``cell_model`` and
    ``underline_model``: the learned models that vote (None: the shipped ones,
    :func:`~.cell_model.shipped_cell_model` and
    :func:`~.underline_model.shipped_underline_model`, each None when missing)."""
    def score(e: CellEvidence, vote: np.ndarray | None = None
              ) -> tuple[tuple[Hypothesis, ...], tuple[Hypothesis, ...]]:
        return readings(e, underlined_69, vote)

    net = cell_model if cell_model is not None else shipped_cell_model()
    votes = None
    if net is not None:
        cells, votes = learned_polarity(cells, net)
    evidence, hyps = read_cells(cells, templates, model, net, score, in_rounds, votes,
                                underline=underline_model)
    seen = () if votes is None else tuple(float(1.0 - np.exp(v[NONE])) for v in votes)
    return FaceEvidence(tuple(evidence), tuple(hyps), seen)
