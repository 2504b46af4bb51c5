"""The second (exam) renderer: its photos have the geometry their truth claims, and a face of
it is found and read."""
from __future__ import annotations

import dataclasses
import random

import numpy as np

from sudoku_cube.assistant.bench.vision_second import placed
from sudoku_cube.models.generator.cube3 import make_puzzle
from sudoku_cube.render.second import corner_shot, face_shot, make_look
from sudoku_cube.vision.reading.faces import read_face


def _white_look(seed: int):
    """A white-sticker cube on a black body (so stickers are light and gaps dark)."""
    return dataclasses.replace(make_look("white", random.Random(seed)), body=(0.04, 0.04, 0.04))


def _grey(image: np.ndarray, p) -> float:
    x, y = int(round(p[0])), int(round(p[1]))
    return float(image[y - 1:y + 2, x - 1:x + 2].mean())


def _check_stickers(image: np.ndarray, face: dict) -> None:
    """Just inside the middle of each claimed sticker edge is sticker (light; the corners
    themselves are rounded); half way between two neighbouring stickers' edges is the dark
    body: so the claimed sticker outlines sit within a few pixels of the drawn ones."""
    quads = [np.array(q) for q in face["sticker_quads"]]
    inside = []
    for q in quads:
        centre = q.mean(axis=0)
        for k in range(4):
            mid = (q[k] + q[(k + 1) % 4]) / 2
            inside.append(_grey(image, mid + 0.07 * (centre - mid)))
    gaps = [_grey(image, (quads[i][1] + quads[i][2] + quads[i + 1][0] + quads[i + 1][3]) / 4)
            for i in (0, 1, 3, 4, 6, 7)]  # right edge of sticker i, left edge of i + 1
    assert min(inside) > max(gaps) + 30, (inside, gaps)
    assert min(inside) > 0.6 * float(np.median(inside)), inside


def test_face_shot_geometry_matches_its_truth():
    state = make_puzzle(3, 20).state
    shot = face_shot(state, "F", 11, _white_look(3), size=(640, 480), max_tilt_deg=20)
    assert shot.image.shape == (480, 640, 3)
    assert [s for s in shot.truth["tokens"]] == [s.token for s in state.face("F")]
    _check_stickers(shot.image, shot.truth)
    quad = np.array(shot.truth["quad"])
    centres = np.array(shot.truth["centres"])
    # the outline's corners lie beyond the corner stickers, the middle centre inside it
    assert np.linalg.norm(quad.mean(axis=0) - centres[4]) < 0.1 * np.ptp(quad[:, 0])


def test_corner_shot_shows_its_three_faces_where_it_says():
    state = make_puzzle(4, 20).state
    shot = corner_shot(state, "A", 12, _white_look(4), size=(800, 600))
    assert set(shot.truth["faces"]) == {"U", "F", "R"}
    for f, face in shot.truth["faces"].items():
        assert face["tokens"] == [s.token for s in state.face(f)]
        _check_stickers(shot.image, face)


def test_same_seed_same_photo():
    state = make_puzzle(5, 20).state
    a = face_shot(state, "U", 7, "coloured", size=(480, 360))
    b = face_shot(state, "U", 7, "coloured", size=(480, 360))
    assert np.array_equal(a.image, b.image) and a.truth == b.truth


def test_a_second_renderer_face_is_found_and_read():
    state = make_puzzle(6, 20).state
    shot = face_shot(state, "R", 21, _white_look(6), size=(800, 600), max_tilt_deg=15)
    reading = read_face(shot.image, ocr=False, face="R")
    assert placed(reading, shot.truth)
    right = sum(s.token == t for s, t in zip(reading.stickers, shot.truth["tokens"]))
    assert right >= 6, (right, [s.token for s in reading.stickers], shot.truth["tokens"])
