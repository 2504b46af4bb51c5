"""A glyph's counters tell which way it points: an 8's smaller bowl is its top.

The cue (:mod:`vision.recognise.counters`) on 8s printed in the fonts of both renderers in all four
turns, its weakness on a blurred 8, and the reading of a centre 8 from a photo through joint
decoding: the right turn, settled without a question.
"""
from __future__ import annotations

import random

import cv2
import numpy as np
import pytest

from sudoku_cube.models.generator.cube3 import make_puzzle, substitute
from sudoku_cube.models.cube.geometry import FACES
from sudoku_cube.models.grid import solve_grid
from sudoku_cube.models.cube.pieces import centre_facelets
from sudoku_cube.models.cube.state import CubeState
from sudoku_cube.models.cube.stickers import Hypothesis, Sticker
from sudoku_cube.render.fonts import BOLD_SANS, BOLD_SERIF
from sudoku_cube.render.second import face_shot, make_look
from sudoku_cube.render.second.looks import SANS_FONTS, SERIF_FONTS
from sudoku_cube.vision.recognise.counters import counter_logits, counter_vector
from sudoku_cube.vision.cells.glyph import rotate_glyph
from sudoku_cube.vision.recognise.hog import class_index
from sudoku_cube.vision.reading.faces import read_face
from sudoku_cube.vision.recognise.templates import default_templates, find_font, render_digit

FONTS = [f for f in BOLD_SANS + BOLD_SERIF + SANS_FONTS + SERIF_FONTS if find_font(f)]
UP_RIGHT = np.array([[1.0, 0.0], [0.0, 1.0], [-1.0, 0.0], [0.0, -1.0]])
"""The (up, right) way a glyph's top points in each of the four turns."""


def eight(font: str, turn: int, blur: float = 0.0) -> tuple[np.ndarray, np.ndarray]:
    """An 8 in ``font`` turned ``turn`` quarter turns clockwise, optionally blurred: its ink
    mask and its grey image (dark ink)."""
    grey = rotate_glyph(render_digit(8, find_font(font), size=48), turn)
    if blur:
        grey = cv2.GaussianBlur(grey, (0, 0), blur)
    return grey < 128, grey


def test_the_fonts_of_both_renderers_are_installed():
    assert len(FONTS) == len(BOLD_SANS + BOLD_SERIF + SANS_FONTS + SERIF_FONTS)


@pytest.mark.parametrize("font", FONTS)
def test_an_eights_counters_name_its_turn_in_every_font(font):
    for turn in range(4):
        v = counter_vector(*eight(font, turn))
        assert int(np.argmax(UP_RIGHT @ v)) == turn, (font, turn, v)
        assert np.linalg.norm(v) > 0.1, (font, turn, v)
        logits = counter_logits(v, default_templates().counter_vectors)
        eights = [logits[class_index(8, r)] for r in range(4)]
        assert int(np.argmax(eights)) == turn
        assert eights[turn] - eights[(turn + 2) % 4] > 0.2


@pytest.mark.parametrize("font", FONTS)
def test_a_blurred_eight_gives_a_weak_cue(font):
    """Blur closes the smaller bowl first: while it still shows, it shows grey, not paper,
    and the cue fades (to nothing once the bowl is shut)."""
    sharp = np.linalg.norm(counter_vector(*eight(font, 1)))
    blurred = np.linalg.norm(counter_vector(*eight(font, 1, blur=3.5)))
    assert blurred <= 0.5 * sharp, (font, sharp, blurred)


def test_only_classes_whose_templates_show_two_counters_get_evidence():
    by_class = default_templates().counter_vectors
    has = {c // 4 + 1 for c in range(36) if np.linalg.norm(by_class[c]) > 0}
    assert has == {8}
    v = counter_vector(*eight(FONTS[0], 0))
    assert np.count_nonzero(counter_logits(v, by_class)) == 4


def test_a_glyph_without_two_counters_gives_no_cue():
    for digit in (1, 4, 6, 9):
        grey = render_digit(digit, find_font(FONTS[0]), size=48, underline=False)
        assert not counter_vector(grey < 128, grey).any()
    assert not counter_vector(np.zeros((40, 40), bool), np.zeros((40, 40), np.uint8)).any()


EXAM_SEED = 501
"""A coloured cube of the exam renderer printed in Nimbus Sans Narrow Bold: the classifiers
alone leave two of the four turns of its centre 8 in doubt (asked as "8> or 8<")."""


def _cube_with_centre_eight(turn: int) -> tuple[CubeState, int]:
    """A scrambled cube (one of the first seeds) with a centre turned ``turn``, its digits
    relabelled so that this centre is an 8; and the centre's index."""
    for seed in range(200):
        state = make_puzzle(seed, 25).state
        for j in centre_facelets():
            s = state.stickers[j]
            if s.rot == turn:
                swap = {s.digit: 8, 8: s.digit} if s.digit != 8 else {}
                return (substitute(state, swap) if swap else state), j
    raise AssertionError("no cube with such a centre")


@pytest.mark.parametrize("turn", range(4))
def test_a_centre_eight_read_from_a_photo_is_settled_without_a_question(turn):
    """The face holding a centre 8 photographed by the exam renderer, the other faces known:
    joint decoding settles the centre in its true turn and asks nothing about it."""
    state, centre = _cube_with_centre_eight(turn)
    face = FACES[centre // 9]
    look = make_look("coloured", random.Random(f"exam-look/{EXAM_SEED}"))
    reading = read_face(face_shot(state, face, EXAM_SEED, look).image, ocr="never")
    cands = [(Hypothesis(s, 0.99),) for s in state.stickers]
    cands[9 * FACES.index(face):9 * FACES.index(face) + 9] = reading.candidates
    read = CubeState(tuple(c[0].sticker for c in cands), 3, tuple(cands))
    assert reading.stickers[4] == Sticker(8, turn)
    sol = solve_grid(read)
    assert sol.chosen[centre] == Sticker(8, turn)
    assert centre not in sol.review


def test_the_cue_moves_a_digits_turns_not_the_digit():
    """A bold 9 whose tail curls shut shows two counters: the evidence may turn an 8 round,
    never make the glyph more of an 8 than the classifiers found it."""
    from sudoku_cube.vision.recognise.evidence import turned

    z = np.random.default_rng(3).normal(size=36)
    evidence = np.zeros(36)
    evidence[class_index(8, 0):class_index(8, 0) + 4] = [5.0, 0.0, -5.0, 0.0]
    out = turned(z, evidence)
    for d in range(9):
        g = slice(4 * d, 4 * d + 4)
        assert np.logaddexp.reduce(out[g]) == pytest.approx(np.logaddexp.reduce(z[g]))
    assert np.argmax(out[class_index(8, 0):class_index(8, 0) + 4]) == 0
    assert np.array_equal(out[:class_index(8, 0)], z[:class_index(8, 0)])
