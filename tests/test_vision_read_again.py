"""Unsure cells read again from other cuts (:mod:`vision.recognise.read_again`): on a rendered
photo whose usual ink cut reads a 4 unsurely, on a cell where a dark streak joins the digit to
the sticker's edge so that the usual cut drops the digit with it, and on a digit that a glare
streak makes larger than its face's others; a 6/9 shape read surely is not read again, a
cell the ink's other levels settle is not read with its window doubted, and the cell's
reading is the mean of its cuts' readings."""
from __future__ import annotations

import cv2
import numpy as np

from sudoku_cube.assistant.bench.renders import FACE_RECIPE, face_photo, unseen_cube
from sudoku_cube.models.cube.stickers import Hypothesis, Sticker, is_doubtful
from sudoku_cube.vision.cells.face_cells import face_cells
from sudoku_cube.vision.cells.ink import ink_mask
from sudoku_cube.vision.cells.warp import cut_cells, warp_face
from sudoku_cube.vision.locate.detect import find_face
from sudoku_cube.vision.reading.faces import read_face
from sudoku_cube.vision.recognise import read_again as again_module
from sudoku_cube.vision.recognise.cell_model import shipped_cell_model
from sudoku_cube.vision.recognise.evidence import UNSURE, analyse_cells, hypotheses, readings
from sudoku_cube.vision.recognise.hog import default_model
from sudoku_cube.vision.recognise.read_again import (fits, log_evidence, mean, read_cells, top,
                                                     typical_size)
from sudoku_cube.vision.recognise.templates import default_templates

from tests.test_vision_cells import cell_image
from tests.test_vision_glare import PLACED, face_of


def _unsure_photo():
    """Face R of the unseen-render benchmark's cube 90006: sticker R6 is a 4 turned left
    that the usual ink cut reads, unsure, as a 3."""
    image, _ = face_photo(90006, 6, "R")
    puzzle, _, _ = unseen_cube(90006, 6, FACE_RECIPE)
    return image, puzzle.state.face("R")


def _read(mask, cell):
    """The glyph voters' reading of one cut of a cell."""
    return hypotheses(analyse_cells([mask], default_templates(), default_model(), [cell])[0])


def test_an_unsure_cell_is_read_again_and_read_right():
    image, truth = _unsure_photo()
    assert truth[5] == Sticker(4, 3)
    cell = cut_cells(warp_face(image, find_face(image)))[5]
    first = _read(ink_mask(cell), cell)
    assert top(first) < UNSURE  # the usual cut is unsure (at best a guess)
    reading = read_face(image, ocr=False)
    assert reading.stickers[5] == truth[5]
    assert reading.confidence[5] > 0.7


def test_a_digit_joined_to_the_edge_by_a_streak_is_read():
    """A dark streak from the sticker's edge into a 5: the usual cut drops everything
    touching the border, the 5 with it; the cut inside the rim keeps it, and the face reads
    the 5."""
    cells = [cell_image(d, 1, "DejaVuSans-Bold.ttf") for d in range(1, 10)]
    cv2.line(cells[4], (6, 20), (40, 40), (20, 20, 20), 5)
    assert ink_mask(cells[4]).sum() == 0  # everything touching the border goes, the 5 with it
    reading = read_face(face_of(cells), ocr=False, geometry=PLACED)
    assert reading.stickers[4] == Sticker(5, 1)


def test_a_digit_larger_than_its_faces_others_is_doubted_and_read_again():
    """One font at one size prints a face, so a body a quarter larger than the others (a
    streak joined to the 5's foot) is suspect however surely it reads: its first reading is
    widened, and the cell's reading comes from cuts of the face's size too."""
    cells = [cell_image(d, 0, "DejaVuSerif-Bold.ttf") for d in range(1, 10)]
    cv2.line(cells[4], (40, 62), (58, 71), (20, 20, 20), 4)  # a streak off the 5's foot
    tpl, model = default_templates(), default_model()
    evs = analyse_cells([ink_mask(c) for c in cells], tpl, model, cells)
    typical = typical_size(evs)
    assert [fits(e, typical) for e in evs] == [True] * 4 + [False] + [True] * 4
    face = face_cells(face_of(cells), PLACED)
    evidence, hyps = read_cells(face, tpl, model, shipped_cell_model(), readings)
    assert [h[0].sticker for h in hyps] == [Sticker(d, 0) for d in range(1, 10)]
    assert is_doubtful(hyps[4]) or fits(evidence[4], typical)


def test_a_six_whose_underline_is_unclear_is_one_sure_shape():
    """A 6 read surely whose underline is unclear splits its score between the 6 and the 9
    turned half round: one sure shape, not a cell to read again."""
    split = (Hypothesis(Sticker(6, 0), 0.5), Hypothesis(Sticker(9, 2), 0.47))
    assert top(split) >= UNSURE
    assert top((Hypothesis(Sticker(6, 0), 0.5), Hypothesis(Sticker(5, 0), 0.47))) < UNSURE


def test_a_cells_reading_is_the_mean_of_its_cuts():
    """Each sticker's score is averaged over the readings (0 where one leaves it out): a
    serif 3 whose notches the usual threshold closed into an 8 reads as a 3 when the other
    cuts open them."""
    def h(*pairs):
        return tuple(Hypothesis(Sticker(d, r), p) for d, r, p in pairs)

    three = mean([h((8, 0, 0.6), (3, 0, 0.33)), h((3, 0, 0.95)), h((3, 0, 0.9))])
    assert [x.sticker for x in three] == [Sticker(3, 0), Sticker(8, 0)]
    assert abs(three[0].score - (0.33 + 0.95 + 0.9) / 3) < 1e-4
    assert abs(three[1].score - 0.6 / 3) < 1e-4


def test_readings_weigh_by_their_evidence():
    """A reading weighs exp(its log weight): weights 1 and 3 count a quarter and three
    quarters."""
    a = (Hypothesis(Sticker(4, 1), 0.9), Hypothesis(Sticker(8, 1), 0.0))
    b = (Hypothesis(Sticker(8, 1), 0.9), Hypothesis(Sticker(4, 1), 0.0))
    got = mean([a, b], [0.0, float(np.log(3))])
    assert [x.sticker for x in got] == [Sticker(8, 1), Sticker(4, 1)]
    assert abs(got[0].score - 0.675) < 1e-4 and abs(got[1].score - 0.225) < 1e-4


def test_a_clean_cut_has_more_evidence_than_a_spoilt_one():
    """A digit's clean glyph matches a printed digit better than the same digit with a dark
    blob joined to a stroke (glare on a light digit, inverted): its cut weighs more."""
    tpl, model = default_templates(), default_model()
    clean = cell_image(5, 1, "DejaVuSans-Bold.ttf")
    spoilt = clean.copy()
    cv2.circle(spoilt, (30, 50), 9, (20, 20, 20), -1)
    evs = analyse_cells([ink_mask(clean), ink_mask(spoilt)], tpl, model, [clean, spoilt])
    assert log_evidence(evs[0]) > log_evidence(evs[1])


def test_a_cell_the_ink_levels_settle_is_not_read_with_its_window_doubted(monkeypatch):
    """The unsure 4 of :func:`_unsure_photo` is settled by the first round of other cuts
    (the ink at other levels): the second round (its window and polarity doubted) is not
    cut, and the cell reads right and sure; read with every cut at once, as a corner
    photo's faces are, it reads the same."""
    doubted: list[int] = []
    windows = again_module.other_windows
    monkeypatch.setattr(again_module, "other_windows",
                        lambda face, i: doubted.append(i) or windows(face, i))
    image, truth = _unsure_photo()
    in_rounds = read_face(image, ocr=False)
    assert doubted == [] and in_rounds.stickers[5] == truth[5]
    assert in_rounds.confidence[5] > UNSURE
    at_once = read_face(image, ocr=False, in_rounds=False)
    assert doubted == [5] and at_once.stickers[5] == truth[5]


def test_a_cell_the_cell_model_reads_otherwise_is_read_again():
    """The glyph voters read a sure 8 where the cell model, reading the cell and not the ink
    cut, names a 3: the cell is read again, though both are sure enough to settle it
    otherwise. Where the model agrees, or sees no digit, it is not."""
    from sudoku_cube.vision.recognise.cell_model import NONE
    from sudoku_cube.vision.recognise.evidence import CellEvidence
    from sudoku_cube.vision.recognise.hog import class_index
    from sudoku_cube.vision.recognise.read_again import _to_read_again

    ev = CellEvidence(body=np.ones((4, 4), bool), glyph=np.ones((4, 4), np.float32),
                      underline_rot=None, template=np.zeros(36, np.float32),
                      hog=np.zeros(36, np.float32))
    sure = (Hypothesis(Sticker(8, 0), 0.97), Hypothesis(Sticker(3, 0), 0.02))

    def votes(best: int) -> np.ndarray:
        row = np.full(NONE + 1, np.log(0.01), np.float32)
        row[best] = np.log(0.9)
        return row[None]
    assert _to_read_again([ev], [sure], [sure], votes(class_index(3, 0))) == [0]
    assert _to_read_again([ev], [sure], [sure], votes(class_index(8, 0))) == []
    assert _to_read_again([ev], [sure], [sure], votes(NONE)) == []
    assert _to_read_again([ev], [sure], [sure]) == []
