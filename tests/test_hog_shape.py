"""The HOG classifier's feature geometry comes from its json: the shipped file records the one
the training tool uses, and features in it fit the shipped weights."""
from __future__ import annotations

import numpy as np

from sudoku_cube.vision.cells.glyph import GLYPH
from sudoku_cube.vision.recognise.hog import HogShape, default_model, hog_features, shipped_shape
from tools import build_classifier as bc


def test_shipped_json_records_the_training_tools_geometry() -> None:
    assert shipped_shape() == HogShape(bc.CELL, bc.BINS, bc.COARSE, bc.FLOOR, bc.CLIP)
    assert HogShape.of(default_model().meta) == shipped_shape()


def test_features_fit_the_shipped_weights() -> None:
    x = hog_features(np.zeros((2, GLYPH, GLYPH), np.float32))
    assert x.shape == (2, default_model().weights.shape[0])
    assert np.array_equal(x, hog_features(np.zeros((2, GLYPH, GLYPH)), shipped_shape()))
