"""Tesseract's vote in the recognise stage: which cells of a face it reads (:func:`ocr_cells`,
under an :data:`OcrMode`), and the cells' readings with its votes joined
(:func:`ocr_voted`). The reading stage asks for it where the reading wants OCR."""
from __future__ import annotations

from typing import Literal, Sequence

import numpy as np

from ...models.cube.stickers import DOUBT_SCORE, Hypothesis, Sticker
from .evidence import OCR_WEIGHT, CellEvidence, with_vote
from .hog import N_CLASSES, class_index
from .ocr import ocr_votes
from .print_facts import shape_of

DOUBTFUL = DOUBT_SCORE
"""A cell whose best reading scores below this is unsure: under ``auto`` tesseract reads it."""
OcrMode = Literal["auto", "always", "never"]
"""When tesseract gives its second opinion: ``auto`` only on stickers the recognisers are
unsure of (best score below :data:`DOUBTFUL`) or disagree on (template matching and the
classifier prefer different shapes, :func:`glyph_shape`), ``always`` on every sticker,
``never``. ``True`` and ``False`` are accepted for ``always`` and ``never``."""


def ocr_cells(evidence: Sequence[CellEvidence], hyps: Sequence[Sequence[Hypothesis]],
              mode: OcrMode | bool) -> list[int]:
    """The cells (0-8) tesseract should read under ``mode``."""
    if mode is True or mode == "always":
        return list(range(len(hyps)))
    if mode is False or mode == "never":
        return []
    return [i for i, (e, hs) in enumerate(zip(evidence, hyps))
            if float(hs[0].score or 0.0) < DOUBTFUL
            or glyph_shape(int(np.argmax(e.template))) != glyph_shape(int(np.argmax(e.hog)))]


def glyph_shape(cls: int) -> int:
    """The class of the shape a class shows: a 9 turned r is the shape of a 6 turned r+2 (only
    the underline tells them apart, and tesseract reads neither better), so the recognisers
    preferring 9 and 6 that way agree on the shape and need no OCR vote."""
    return class_index(*shape_of(Sticker(cls // 4 + 1, cls % 4)))


def ocr_voted(evidence: Sequence[CellEvidence], hyps: list[tuple[Hypothesis, ...]],
              asked: list[int]) -> list[tuple[Hypothesis, ...]]:
    """The hypotheses with tesseract's votes multiplied in on the cells ``asked``
    (:func:`ocr_vote`): each cell is shown in the turns of its best two hypotheses. The
    hypotheses keep everything read before
    (every cut of a cell read again, the cell model's vote); tesseract adds its own, and
    votes for none of the stickers they leave out (their score is weighed by 1)."""
    rots = [sorted({h.sticker.rot for h in hyps[i][:2]}) for i in asked]
    votes = ocr_votes([evidence[i].body for i in asked], rots)
    out = list(hyps)
    for k, i in enumerate(asked):
        out[i] = with_vote(hyps[i], ocr_vote(votes.get(k, {})), unlisted=0.0)
    return out


def ocr_vote(read: dict[tuple[int, int], float]) -> np.ndarray:
    """Tesseract's log-scores over the 36 stickers from its confidences per (digit, turn)
    ``read``, :data:`~.evidence.OCR_WEIGHT` per unit of confidence. It reads shapes: a vote
    for a 6/9 shape goes to both of its readings (:func:`~.print_facts.shape_of`), which
    only the underline tells apart."""
    by_shape: dict[Sticker, float] = {}
    for (d, r), conf in read.items():
        shape = shape_of(Sticker(d, r))
        by_shape[shape] = max(by_shape.get(shape, 0.0), conf)
    return np.array([OCR_WEIGHT * by_shape.get(shape_of(Sticker(c // 4 + 1, c % 4)), 0.0)
                     for c in range(N_CLASSES)])
