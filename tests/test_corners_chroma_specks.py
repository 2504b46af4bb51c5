"""A white cube on a black body standing on a floor speckled with colour: the chroma sticker
passes (meant for coloured stickers on a white body) find the specks, and before a failed
chroma pass was set aside its candidates joined the later passes' and the photo was refused
as showing no cube face (the exam renderer's photo, deterministic; nothing trains on it)."""
from __future__ import annotations

from sudoku_cube.assistant.bench.vision_second import placed
from sudoku_cube.vision.reading.corners import read_corner_photo
from tests.exam_shots import exam_corner_shot


def test_white_cube_on_speckled_floor_is_found_and_placed() -> None:
    seed = 50004
    shot = exam_corner_shot(seed, seed - 50000, "white", "B")
    faces = read_corner_photo(shot.image, "B", ocr=False, source="white/B")
    assert set(faces) == set(shot.truth["faces"])
    assert all(placed(faces[f], truth) for f, truth in shot.truth["faces"].items())
