"""The learned 6/9 underline model on cells cut from rendered photos (truth from the render):
it decides 6 against 9 where the bar is printed, in shapes of bar the default renders never
use, and stays near even odds where a cube prints no bar at all."""
from __future__ import annotations

import numpy as np
import pytest

from tools.render_training import photo_cells
from sudoku_cube.models.cube.stickers import parse_token
from sudoku_cube.vision.cells.glyph import split_underline
from sudoku_cube.vision.recognise.underline_model import (Window, end_patch,
                                                               shipped_underline_model)
from sudoku_cube.vision.cells.ink import ink_mask

SEEDS = range(930000, 930016)
"""Photos for these tests: disjoint from the model's training renders (600000+)."""


@pytest.fixture(scope="module")
def judged():
    """(probability of a 6, is a 6, bar printed) for every 6/9 cell of the test photos."""
    model = shipped_underline_model()
    assert model is not None, "vision/data/underline.npz is missing"
    out = []
    for c in photo_cells(SEEDS, digits=(6, 9), corner_share=0.4):
        s = parse_token(c.token)
        six_rot = s.rot if s.digit == 6 else (s.rot + 2) % 4
        patch = end_patch(c.cell, split_underline(ink_mask(c.cell)).body, six_rot, model.window)
        if patch is not None:
            out.append((float(model.six_probability(patch[None])[0]), s.digit == 6, c.underlined))
    return out


def test_bar_decides_six_or_nine(judged):
    barred = [(p, six) for p, six, bar in judged if bar]
    assert len(barred) >= 60
    right = sum((p > 0.5) == six for p, six in barred)
    assert right / len(barred) >= 0.95, (right, len(barred))


def test_no_bar_keeps_both_open(judged):
    bare = np.array([p for p, _, bar in judged if not bar])
    assert len(bare) >= 10
    assert float(np.median(np.abs(bare - 0.5))) < 0.25, bare


def test_shipped_json_records_the_training_tools_window():
    from tools.build_underline import WINDOW

    assert shipped_underline_model().window == Window.of(WINDOW)
