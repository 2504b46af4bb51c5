"""Renderer looks: the black Sudoku Cube (dark grey stickers, white serif digits on a black
body) and coloured stickers printed white on the dark colours, black on the light ones."""
from __future__ import annotations

import numpy as np
import pytest

from sudoku_cube.models.generator.cube3 import make_puzzle
from sudoku_cube.render import PhotoStyle, render_face_photo
from sudoku_cube.render.fonts import available_serif_fonts
from sudoku_cube.render.photo import LOOKS, as_style
from sudoku_cube.render.texture import PALETTE, ink_for

SMALL = dict(size=(400, 300), difficulty=0.0, clutter=0.0)


def _paper_and_ink(img: np.ndarray, centre, pitch: float) -> tuple[float, float, float]:
    """Median grey of a sticker (mostly paper), its darkest and brightest pixels near the
    middle (ink is one of them)."""
    x, y = (int(round(v)) for v in centre)
    r = int(pitch * 0.3)
    grey = img[y - r:y + r, x - r:x + r].astype(np.float32).mean(axis=2)
    return float(np.median(grey)), float(grey.min()), float(grey.max())


def _pitch(truth: dict) -> float:
    c = np.array(truth["centres"])
    return float(np.linalg.norm(c[4] - c[3]))


def test_black_cube_has_dark_stickers_light_serif_digits_on_a_black_body():
    face = make_puzzle(3).state.face("F")
    img, truth = render_face_photo(face, 7, PhotoStyle(stickers="black", **SMALL))
    assert truth["style"] == "black"
    assert truth["font"] in {p.name for p in available_serif_fonts()}
    pitch = _pitch(truth)
    for centre in truth["centres"]:
        paper, dark, light = _paper_and_ink(img, centre, pitch)
        assert paper < 100, "dark grey sticker"
        assert light - paper > 80, "white ink on it"
        assert paper - dark < 40, "nothing printed darker than the sticker"
    # the body between two stickers is darker than the stickers
    c = np.array(truth["centres"])
    gx, gy = ((c[0] + c[1]) / 2).astype(int)
    assert img[gy - 1:gy + 2, gx - 1:gx + 2].mean() < 0.6 * _paper_and_ink(img, c[0], pitch)[0]


def test_white_ink_goes_on_the_dark_colours_only():
    assert [ink_for(PALETTE[f], True)[0] > 0.5 for f in "URFDLB"] == \
        [False, True, True, False, False, True]
    assert all(ink_for(PALETTE[f], False)[0] < 0.5 for f in "URFDLB")
    face = make_puzzle(4).state.face("F")
    homes = ["U", "R", "F", "D", "L", "B", "R", "U", "B"]
    img, truth = render_face_photo(face, 9, PhotoStyle(stickers="coloured-white-ink", **SMALL),
                                   homes=homes)
    pitch = _pitch(truth)
    for home, centre in zip(homes, truth["centres"]):
        paper, dark, light = _paper_and_ink(img, centre, pitch)
        if home in "RFB":
            assert light - paper > 60 and paper - dark < 40, home
        else:
            assert paper - dark > 60, home


def test_every_look_has_a_name_and_unknown_ones_are_refused():
    assert set(LOOKS) == {"white", "coloured", "coloured-white-ink", "black"}
    assert as_style("colored-white-ink").stickers == "coloured-white-ink"
    with pytest.raises(ValueError, match="black"):
        as_style("purple")
