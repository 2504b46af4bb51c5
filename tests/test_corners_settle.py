"""A corner-photo face placed an eighth of a sticker off settles back onto its grooves; a black
cube's face (light digits on dark stickers) is left as placed."""
from __future__ import annotations

from functools import cache

import cv2
import numpy as np
import pytest

from sudoku_cube.models.generator.cube3 import make_puzzle
from sudoku_cube.render import PhotoStyle, render_corner_photo
from sudoku_cube.vision.locate.corners.settle import settled, value_for

NET = np.array([[0, 0], [3, 0], [3, 3], [0, 3]], np.float32)
CENTRES = np.array([[c + 0.5, r + 0.5] for r in range(3) for c in range(3)], np.float32)


@cache
def _photo(look: str, which: str, seed: int):
    puzzle = make_puzzle(seed, 25, symmetric=frozenset())
    return render_corner_photo(puzzle.state.faces(), which, seed,
                               PhotoStyle(stickers=look, difficulty=0.3, size=(800, 600)))


def _truth_lattice(truth: dict, face: str) -> tuple[np.ndarray, float]:
    """The face's lattice (0..3 to image) through its true sticker centres, and its pitch."""
    centres = np.array(truth["faces"][face]["centres"], np.float32)
    H, _ = cv2.findHomography(CENTRES, centres, 0)
    pitch = float(np.linalg.norm(centres[0] - centres[2])) / 2
    return H, pitch


def _off(H: np.ndarray, pitch: float, seed: int, by: float) -> np.ndarray:
    """``H`` with each outline corner moved ``by`` pitches in a random direction."""
    rng = np.random.default_rng(seed)
    corners = cv2.perspectiveTransform(NET[None], H)[0]
    angle = rng.uniform(0, 2 * np.pi, 4)
    corners += by * pitch * np.stack([np.cos(angle), np.sin(angle)], 1).astype(np.float32)
    return cv2.getPerspectiveTransform(NET, corners)


def _error(H: np.ndarray, truth_H: np.ndarray, pitch: float) -> float:
    """Largest distance, in pitches, between the sticker centres of two lattices."""
    a = cv2.perspectiveTransform(CENTRES[None], H)[0]
    b = cv2.perspectiveTransform(CENTRES[None], truth_H)[0]
    return float(np.linalg.norm(a - b, axis=1).max()) / pitch


@pytest.mark.parametrize("look,which,seed", [("coloured", "A", 7301), ("white", "B", 7302)])
def test_face_placed_off_settles_onto_its_grooves(look, which, seed):
    img, truth = _photo(look, which, seed)
    for k, face in enumerate(truth["faces"]):
        H, pitch = _truth_lattice(truth, face)
        start = _off(H, pitch, seed + k, 0.12)
        assert _error(start, H, pitch) > 0.075
        got = settled(img, value_for(img, pitch), start)
        assert _error(got, H, pitch) < 0.045, (face, _error(got, H, pitch))


def test_black_cube_face_is_left_as_placed():
    img, truth = _photo("black", "A", 7304)
    for face in truth["faces"]:
        H, pitch = _truth_lattice(truth, face)
        start = _off(H, pitch, 1, 0.15)
        assert np.array_equal(settled(img, value_for(img, pitch), start), start)
