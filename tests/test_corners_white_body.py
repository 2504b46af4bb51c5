"""A corner photo of a white-bodied cube: its light grooves frame no sticker the way a dark
body's do, so when the best-framed digit lattices make no corner the lattices with most digits
are tried (the exam renderer's photo, deterministic; nothing trains on that renderer)."""
from __future__ import annotations

from sudoku_cube.assistant.bench.vision_second import cube, placed
from sudoku_cube.render.second import corner_shot
from sudoku_cube.vision.corners.reader import read_corner_photo


def test_white_body_corner_photo_is_found_and_placed():
    seed = 74008
    state, homes, look = cube(seed, seed - 74000, "white-body")
    shot = corner_shot(state, "A", seed * 10, look, homes)
    faces = read_corner_photo(shot.image, "A", ocr=False, source="white-body/A")
    assert set(faces) == set(shot.truth["faces"])
    assert all(placed(faces[f], truth) for f, truth in shot.truth["faces"].items())
