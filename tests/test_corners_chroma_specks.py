"""A white cube on a black body standing on a floor speckled with colour: the chroma sticker
passes (meant for coloured stickers on a white body) find the specks, and before a failed
chroma pass was set aside its candidates joined the later passes' and the photo was refused
as showing no cube face (the exam renderer's photo, deterministic; nothing trains on it)."""
from __future__ import annotations

from sudoku_cube.assistant.bench.vision_second import cube, placed
from sudoku_cube.render.second import corner_shot
from sudoku_cube.vision.reading.corners import read_corner_photo


def test_white_cube_on_speckled_floor_is_found_and_placed() -> None:
    seed = 50004
    state, homes, look = cube(seed, seed - 50000, "white")
    shot = corner_shot(state, "B", seed * 10 + 1, look, homes)
    faces = read_corner_photo(shot.image, "B", ocr=False, source="white/B")
    assert set(faces) == set(shot.truth["faces"])
    assert all(placed(faces[f], truth) for f, truth in shot.truth["faces"].items())
