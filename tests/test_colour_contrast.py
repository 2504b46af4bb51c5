"""Coloured stickers on a white body stand out by their colour for their brightness
(:func:`sudoku_cube.vision.locate.face_cues.saturation`), as much in dim light as in bright,
while a grey ground's faint tint or noise does not pass as colour, and a grey cube's face is
placed as before. Photos of the exam renderer are rendered from fixed seeds (nothing trains
on them)."""
from __future__ import annotations

import numpy as np
import pytest

from sudoku_cube.assistant.bench.vision_second import cube
from sudoku_cube.models.cube.geometry import FACES
from sudoku_cube.render.second import face_shot
from sudoku_cube.render.second.scenes import everyday
from sudoku_cube.vision.locate.detect import find_face
from sudoku_cube.vision.locate.face_cues import (COLOUR_FLOOR, COLOUR_WEIGHT, cell_contrast,
                                                 saturation)
from sudoku_cube.vision.locate.hypotheses import GOOD_CELL

PITCH = 40
"""The synthetic faces' pitch (pixels): stickers of 34, grooves of 6."""


def _lattice(origin: float) -> np.ndarray:
    """The homography of a square lattice of :data:`PITCH` whose first cell's centre is at
    (origin, origin)."""
    return np.array([[PITCH, 0, origin], [0, PITCH, origin], [0, 0, 1]], np.float64)


def _squares(ground: tuple[int, int, int], squares: list[tuple[int, int, int]],
             noise: float, seed: int) -> np.ndarray:
    """A picture of nine squares (colours ``squares``, row by row) on ``ground``, framed by
    lines of the ground 6 pixels wide, with Gaussian noise of ``noise`` grey levels."""
    img = np.zeros((5 * PITCH, 5 * PITCH, 3), np.float64)
    img[:] = ground
    for i, colour in enumerate(squares):
        x, y = PITCH + (i % 3) * PITCH + 3, PITCH + (i // 3) * PITCH + 3
        img[y:y + PITCH - 6, x:x + PITCH - 6] = colour
    img += np.random.default_rng(seed).normal(0, noise, img.shape)
    return np.clip(img, 0, 255).astype(np.uint8)


def _colour_cells(img: np.ndarray) -> np.ndarray:
    """The nine cells' weighted colour contrast on the lattice over the squares."""
    return COLOUR_WEIGHT * cell_contrast(saturation(img, 5), _lattice(1.5 * PITCH), None,
                                         COLOUR_FLOOR)


STICKERS = [(40, 40, 200), (40, 160, 40), (200, 80, 30), (30, 200, 230), (30, 120, 240),
            (40, 40, 200), (200, 80, 30), (40, 160, 40), (30, 200, 230)]
"""Red, green, blue, yellow, orange, ... (BGR) as a bright photo shows them."""


def _white_body(light: float) -> np.ndarray:
    """A white body (its grooves light grey) with coloured stickers, at ``light`` of a bright
    photo's light, with the same noise."""
    return _squares(tuple(int(light * 235) for _ in range(3)),
                    [tuple(int(light * c) for c in s) for s in STICKERS], 4.0, 1)


def test_coloured_stickers_on_a_white_body_stand_out_in_any_light():
    # at a seventh of the light every sticker stands out by its colour nearly as in bright
    # light (its chroma over a floor set for bright photos fell to 40 %, under GOOD_CELL)
    bright, dim = _colour_cells(_white_body(1.0)), _colour_cells(_white_body(0.15))
    assert (bright >= GOOD_CELL).all() and (dim >= GOOD_CELL).all()
    assert (dim >= 0.75 * bright).all()


def test_a_dark_mat_with_light_lines_is_no_colour():
    # a near-black mat with a faint tint and noise, its squares framed by grey lines, in dim
    # light: its squares are "more coloured" than the lines only by a few hundredths of full
    # colour, which is no sticker's colour
    img = _squares((104, 103, 107), [(26, 25, 29)] * 9, 4.0, 2)
    assert (_colour_cells(img) < GOOD_CELL).all()


def test_colour_contrast_is_no_wood_grain():
    # brown wood whose grain varies its colour a little: no square of it is a sticker
    img = _squares((60, 100, 150), [(45, 85, 140)] * 9, 3.0, 3)
    assert (_colour_cells(img) < GOOD_CELL).all()


def _placed(shot, source: str) -> bool:
    """True when the face found in ``shot`` has every sticker centre within 0.15 of a pitch
    of the truth."""
    want = np.array(shot.truth["centres"])
    pitch = np.linalg.norm(want[4] - want[3])
    got = find_face(shot.image, source).cell_centres()
    off = np.linalg.norm(got[:, None] - want[None], axis=2).min(axis=0)
    return bool(off.max() < 0.15 * pitch)


@pytest.mark.parametrize("seed,face", [
    (94001, "B"),  # on a page of text, dim
    (94003, "D"),  # on a sudoku page, dim
    (94009, "R"),  # on a printed table, dim
])
def test_a_dim_white_body_face_is_found(seed, face):
    # coloured stickers on a white body in dim light, refused before as "no cube face found":
    # their chroma (tens of grey levels) was lost under a floor set for bright photos
    k, i = seed % 1000, FACES.index(face)
    state, homes, look = cube(seed, k, "white-body")
    shot = face_shot(state, face, seed * 10 + i, look, homes, scene=everyday(k, i))
    assert shot.truth["scene"]["light"] == "dim"
    assert _placed(shot, "dim.jpg")


def test_a_black_face_in_shade_is_not_moved_by_colour():
    # the exam's black cube 93014, its up face on a tinted page with the top face in shade
    # above it: its grey stickers carry no colour for their brightness, so the colour cue's
    # saturation sees none of them, and a lattice a row up across the cube's edge, resting
    # on the light digits of both faces, outranked the face; their faint chroma under the
    # tinted light still shows the face's nine stickers
    seed, face = 93014, "U"
    state, homes, look = cube(seed, seed % 1000, "black")
    shot = face_shot(state, face, seed * 10 + FACES.index(face), look, homes)
    assert _placed(shot, "black.jpg")
