"""The frame size asked of a camera, and the note when the camera gives another."""
from __future__ import annotations

import cv2

from sudoku_cube.vision.photo.camera_setup import PREFERRED_SIZE, choose_resolution


class _Camera:
    """A camera that offers only the sizes given: another size asked for leaves it as it was."""

    def __init__(self, offers: set[tuple[int, int]], size: tuple[int, int]) -> None:
        self.offers, self.size, self.asked = offers, size, [0, 0]

    def set(self, prop: int, value: float) -> bool:
        self.asked[0 if prop == cv2.CAP_PROP_FRAME_WIDTH else 1] = int(value)
        if tuple(self.asked) in self.offers:
            self.size = (self.asked[0], self.asked[1])
        return True

    def get(self, prop: int) -> float:
        return float(self.size[0] if prop == cv2.CAP_PROP_FRAME_WIDTH else self.size[1])


def test_a_camera_offering_the_preferred_size_runs_at_it_without_a_note():
    size, notes = choose_resolution(_Camera({PREFERRED_SIZE}, (640, 480)), 0)
    assert size == PREFERRED_SIZE and notes == []


def test_a_camera_lacking_the_preferred_size_keeps_its_own_and_says_so():
    size, notes = choose_resolution(_Camera({(640, 480)}, (640, 480)), 0)
    assert size == (640, 480)
    assert len(notes) == 1 and "1280x720" in notes[0] and "640x480" in notes[0]
