"""Cells the first reading gets wrong on rendered photos (truth from the render), and how reading
them again from other cuts turns them right or at least doubtful, with the truth among the
candidates: a white digit on a green sticker whose glare patch makes its polarity unclear, a white
digit joined to a glare streak, and a digit whose body a shadow cut down to its underline."""
from __future__ import annotations

import numpy as np

from sudoku_cube.assistant.bench.renders import FACE_RECIPE, unseen_cube
from sudoku_cube.models.cube.geometry import FACES
from sudoku_cube.models.cube.stickers import Hypothesis, Sticker, is_doubtful
from sudoku_cube.models.profile import CubeSettings
from sudoku_cube.render import render_face_photo
from sudoku_cube.vision.reading.faces import read_face
from sudoku_cube.vision.recognise.evidence import CellEvidence, hypotheses, widened
from sudoku_cube.vision.recognise.read_again import fits, typical_size
from sudoku_cube.vision.locate.detect import find_face
from sudoku_cube.vision.polarity import unclear_polarity
from sudoku_cube.vision.cells.warp import cut_cells, warp_face


def _face(seed: int, k: int, look: str, face: str):
    """Face ``face`` of ``bench vision``'s cube ``seed`` in ``look`` and its true stickers."""
    puzzle, style, homes = unseen_cube(seed, k, FACE_RECIPE, look)
    image, _ = render_face_photo(puzzle.state.face(face), seed * 10 + FACES.index(face),
                                     style, homes=homes[face])
    return image, puzzle.state.face(face)


def _candidates(reading, i: int) -> list[Sticker]:
    return [h.sticker for h in reading.candidates[i]]


def test_unclear_polarity_is_read_both_ways():
    image, truth = _face(92009, 9, "coloured-white-ink", "F")
    raw = cut_cells(warp_face(image, find_face(image)), normalise=False)
    assert unclear_polarity(raw[4])  # glare on the green sticker: the vote cannot tell
    reading = read_face(image, ocr=False)
    assert reading.stickers[4] == truth[4] == Sticker(9, 3)


def test_glare_streak_does_not_leave_a_sure_misread():
    image, truth = _face(92009, 9, "coloured-white-ink", "L")
    reading = read_face(image, ocr=False)
    assert truth[5] == Sticker(6, 3)
    assert reading.stickers[5] == truth[5] or is_doubtful(reading.candidates[5])
    assert truth[5] in _candidates(reading, 5)


def test_a_serif_nine_is_not_cut_down_to_its_underline():
    """Black cube 93016 L1: a serif 9 read surely as a shape whose underline is unclear (its
    score split between 9 and 6 turned half round). A reading of it cut down to its
    underline (read as a 1) made it doubtful at best; the 9 stays the reading, surely, and
    the face is read whole."""
    image, truth = _face(93016, 16, "black", "L")
    reading = read_face(image, ocr=False)
    assert truth[0] == Sticker(9, 0)
    assert reading.stickers[0] == truth[0] and not is_doubtful(reading.candidates[0])
    assert list(reading.stickers) == list(truth)


def _evidence(side: int) -> CellEvidence:
    body = np.zeros((80, 80), bool)
    body[20:20 + side, 30:36] = True
    return CellEvidence(body, None, None, np.zeros(36), np.zeros(36))


def test_odd_sized_bodies():
    face = [_evidence(40)] * 6 + [_evidence(20), _evidence(41), _evidence(58)]
    typical = typical_size(face)
    assert typical == 40
    assert [fits(e, typical) for e in face[6:]] == [False, True, False]
    assert typical_size(face[:4] + [_evidence(0)] * 5) is None and fits(face[6], None)


def test_widened_lists_every_sticker_and_keeps_the_order():
    hyps = (Hypothesis(Sticker(1, 1), 0.98), Hypothesis(Sticker(4, 1), 0.02))
    wide = widened(hyps, 0.6)
    assert len(wide) == 36 and wide[0].sticker == Sticker(1, 1)
    assert abs(sum(h.score for h in wide) - 1) < 1e-3
    assert is_doubtful(wide)


def test_heavy_serif_three_is_read_as_three():
    """A bold Century 3, heavy and blurred, nearly closes its notches at the usual ink
    threshold; the face is read with every 3 a 3 and every 8 an 8, on a black cube's dark
    sticker and on a white one (a cell whose first cut reads an 8 is read again from the
    other cuts, a stricter one opening the notches)."""
    from sudoku_cube.vision.recognise.hog import default_model
    from sudoku_cube.vision.recognise.evidence import analyse_cells
    from sudoku_cube.vision.recognise.templates import default_templates
    from sudoku_cube.vision.cells.ink import ink_mask
    from sudoku_cube.vision.reading.faces import read_face
    from tests.test_vision_glare import PLACED, face_of
    from tests.test_vision_unseen_fonts import PRINTS, _cell

    tpl, model = default_templates(), default_model()
    truth = [Sticker(3, 2), Sticker(8, 0), Sticker(3, 0)] * 3
    for print_ in ("white on dark grey", "black on white"):
        cells = [_cell(s.digit, s.rot, "texgyreschola-bold.otf", *PRINTS[print_], stroke=2,
                       blur=1.6) for s in truth]
        image = face_of(cells)
        norm = cut_cells(warp_face(image, PLACED))
        evs = analyse_cells([ink_mask(c) for c in norm], tpl, model, norm)
        first = [hypotheses(e, False)[0].sticker for e in evs]
        assert all(s.digit in (3, 8) for s in first)  # the glyph voters see a 3 or an 8
        reading = read_face(image, ocr=False, geometry=PLACED,
                            settings=CubeSettings(underlined_69=False))
        assert list(reading.stickers) == truth


def _with_groove(cell: np.ndarray) -> np.ndarray:
    """The cell with the dark groove between its rounded sticker and a light body showing as
    four thin corner arcs, as on a white-bodied cube."""
    import cv2

    out = cell.copy()
    out[:3], out[-3:], out[:, :3], out[:, -3:] = 235, 235, 235, 235  # the light body
    for cx, cy, start in ((16, 16, 180), (63, 16, 270), (63, 63, 0), (16, 63, 90)):
        cv2.ellipse(out, (cx, cy), (8, 8), 0, start + 10, start + 80, (30, 30, 30), 2)
    return out


def test_groove_arcs_round_the_sticker_are_not_ink(monkeypatch):
    import sudoku_cube.vision.cells.ink as ink
    from sudoku_cube.vision.recognise.hog import default_model
    from sudoku_cube.vision.recognise.evidence import analyse_cells
    from sudoku_cube.vision.recognise.templates import default_templates
    from tests.test_vision_unseen_fonts import _cell

    truth = [Sticker(d, r) for d in (8, 6) for r in range(4)]
    cells = [_with_groove(_cell(s.digit, s.rot, "DejaVuSans-Bold.ttf", (40, 40, 170),
                                (25, 25, 25), height=36)) for s in truth]

    def wrong() -> int:
        evs = analyse_cells([ink.ink_mask(c) for c in cells], default_templates(),
                            default_model(), cells)
        return sum(hypotheses(e, False)[0].sticker != s for e, s in zip(evs, truth))

    assert wrong() == 0
    monkeypatch.setattr(ink, "PART_SHARE", 0.0)  # the arcs kept as ink: digits misread
    assert wrong() >= 2
