"""Tesseract's vote joins the reading the other voters made: it never throws away a cell's
other cuts (read again) or the cell model's vote, and it votes for shapes, not underlines."""
from __future__ import annotations

import numpy as np
import pytest

from sudoku_cube.models.cube.stickers import Hypothesis, Sticker
from sudoku_cube.vision.recognise import ocr_vote as ov
from sudoku_cube.vision.recognise.evidence import OCR_WEIGHT, CellEvidence
from sudoku_cube.vision.recognise.hog import class_index


def _evidence() -> CellEvidence:
    """A cell's evidence whose own reading (a 1) differs from the hypotheses passed in: a
    vote that rebuilt the reading from it would say 1."""
    template = np.full(36, -1.0)
    template[class_index(1, 0)] = 1.0
    return CellEvidence(body=np.zeros((80, 80), bool), glyph=np.zeros((32, 32), np.float32),
                        underline_rot=None, template=template, hog=template.copy())


HYPS = (Hypothesis(Sticker(2, 0), 0.6), Hypothesis(Sticker(4, 0), 0.3),
        Hypothesis(Sticker(6, 1), 0.06), Hypothesis(Sticker(9, 3), 0.04))


def test_a_cell_tesseract_cannot_read_keeps_its_reading(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ov, "ocr_votes", lambda bodies, rots: {})
    assert ov.ocr_voted([_evidence()], [HYPS], [0]) == [HYPS]


def test_tesseract_multiplies_its_vote_into_the_reading(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ov, "ocr_votes", lambda bodies, rots: {0: {(4, 0): 1.0}})
    out = ov.ocr_voted([_evidence()], [HYPS], [0])[0]
    score = {h.sticker: h.score for h in out}
    assert out[0].sticker == Sticker(4, 0)  # 0.3 * e^2.5 outweighs 0.6
    assert score[Sticker(4, 0)] / score[Sticker(2, 0)] == pytest.approx(
        0.3 * np.exp(OCR_WEIGHT) / 0.6, rel=1e-3)
    assert sum(score.values()) == pytest.approx(1.0, abs=1e-4)  # the total is kept
    assert Sticker(1, 0) not in score  # nothing rebuilt from the cut's own evidence


def test_a_vote_for_a_six_shape_counts_for_both_its_readings() -> None:
    vote = ov.ocr_vote({(6, 1): 0.8})
    assert vote[class_index(6, 1)] == vote[class_index(9, 3)] == pytest.approx(OCR_WEIGHT * 0.8)
    assert vote[class_index(6, 3)] == vote[class_index(2, 0)] == 0.0


def test_tesseract_agreeing_makes_a_sure_reading_surer(monkeypatch: pytest.MonkeyPatch) -> None:
    """A sure reading keeps only its best sticker; the score it does not hold stands for every
    other sticker, for which tesseract, reading a 3, does not vote."""
    sure = (Hypothesis(Sticker(3, 0), 0.99),)
    monkeypatch.setattr(ov, "ocr_votes", lambda bodies, rots: {0: {(3, 0): 1.0}})
    (out,) = ov.ocr_voted([_evidence()], [sure], [0])[0]
    assert out.score == pytest.approx(
        0.99 * np.exp(OCR_WEIGHT) / (0.99 * np.exp(OCR_WEIGHT) + 0.01), abs=1e-5)
