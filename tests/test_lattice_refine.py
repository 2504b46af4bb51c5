"""A lattice fitted to a few stickers is snapped onto the face's grooves (``refine``): a
stretched or shifted lattice comes back onto the stickers, and a lattice already on them
stays put. Checked against the rendered photo's truth."""
from __future__ import annotations

import cv2
import numpy as np
import pytest

from sudoku_cube.assistant.bench.renders import FACE_RECIPE, unseen_cube
from sudoku_cube.render import render_face_photo
from sudoku_cube.vision.locate.face_cues import Levels
from sudoku_cube.vision.locate.face_geometry import project
from sudoku_cube.vision.locate.hypotheses import Hypothesis, refine
from sudoku_cube.vision.polarity import value_channel

LATTICE = np.array([[c, r] for r in range(3) for c in range(3)], np.float64)


@pytest.fixture(scope="module")
def black_face():
    """A black face (dark stickers, light serif digits), its value levels and true lattice."""
    puzzle, style, homes = unseen_cube(93000, 0, FACE_RECIPE, "black")
    image, truth = render_face_photo(puzzle.state.face("F"), 930000, style, homes=homes["F"])
    levels = Levels(((cv2.medianBlur(value_channel(image), 5), 10.0, 1.0),))
    hom, _ = cv2.findHomography(LATTICE, np.array(truth["centres"], np.float64))
    return levels, hom, np.array(truth["centres"], np.float64)


def _hyp(levels: Levels, hom: np.ndarray) -> Hypothesis:
    return Hypothesis(hom, {(0, 0): None, (0, 1): None, (0, 2): None}, levels.contrast(hom))


def _off(hom: np.ndarray, centres: np.ndarray) -> float:
    pitch = np.linalg.norm(centres[1] - centres[0])
    return float(np.linalg.norm(project(hom, LATTICE) - centres, axis=1).max() / pitch)


@pytest.mark.parametrize("move", [
    np.array([[1.2, 0, 0], [0, 1.0, 0], [0, 0, 1.0]]),      # a fifth too wide
    np.array([[1.0, 0, 0], [0, 0.85, 0], [0, 0, 1.0]]),     # too short
    np.array([[1.0, 0, 0.25], [0, 1.0, -0.2], [0, 0, 1.0]]),  # a quarter pitch off
])
def test_a_stretched_or_shifted_lattice_is_snapped_onto_the_stickers(black_face, move):
    levels, truth, centres = black_face
    wrong = truth @ move
    assert _off(wrong, centres) > 0.2
    assert _off(refine(_hyp(levels, wrong), levels).hom, centres) < 0.12


def test_a_lattice_on_the_stickers_stays(black_face):
    levels, truth, centres = black_face
    assert _off(refine(_hyp(levels, truth), levels).hom, centres) < 0.08
