"""The refusal's reading of the best grid of squares when no face was accepted: the 3x3 window
holding most squares, a grid larger than any view of a cube called no cube at all, and
squares without digits called no cube."""
from __future__ import annotations

import cv2
import numpy as np
import pytest

from sudoku_cube.vision.locate.face_geometry import FaceNotFoundError
from sudoku_cube.vision.locate.face_score import FaceScore, face_score
from sudoku_cube.vision.locate.lattice import best_window
from sudoku_cube.vision.locate.refusals import refuse
from sudoku_cube.vision.locate.sticker_blobs import Blob

PITCH = 40.0


def _blank() -> FaceScore:
    """The score of an even grey picture: no sticker and no digit anywhere."""
    img = np.full((800, 800, 3), 128, np.uint8)
    return face_score(img, img[..., 2].copy())


def _grid(keys: list[tuple[int, int]]) -> dict[tuple[int, int], Blob]:
    return {(i, j): Blob(np.array([200 + PITCH * i, 200 + PITCH * j]), 900.0, 30.0, 0.0)
            for i, j in keys}


def test_the_window_of_a_grid_two_columns_wide_is_found():
    # two columns, four rows: the best 3x3 window holds the lower four squares, one lies out
    grid = _grid([(0, -2), (0, 0), (0, 1), (1, 0), (1, 1)])
    window, extra = best_window(grid)
    assert sorted(window) == [(0, 0), (0, 1), (1, 0), (1, 1)] and extra == 1


def test_a_full_face_plus_a_row_leaves_the_row_out():
    grid = _grid([(i, j) for i in range(3) for j in range(4)])
    window, extra = best_window(grid)
    assert len(window) == 9 and extra == 3


@pytest.mark.parametrize("cols,rows", [(4, 4), (7, 3), (3, 8)])
def test_a_grid_larger_than_a_cube_shows_is_no_cube(cols, rows):
    grid = _grid([(i, j) for i in range(cols) for j in range(rows)])
    blobs = list(grid.values())
    with pytest.raises(FaceNotFoundError) as e:
        refuse("T.jpg", blobs, [grid], _blank())
    said = str(e.value)
    assert said.startswith("T.jpg: no cube face found") and f"{cols} x {rows}" in said
    assert "two faces" not in said and "photograph one face" in said


def _stickers(grid: dict[tuple[int, int], Blob], digits: bool) -> FaceScore:
    """The score of a picture of light squares where ``grid``'s blobs lie on a dark ground,
    each holding a dark digit when ``digits``."""
    img = np.full((800, 800, 3), 40, np.uint8)
    for n, b in enumerate(grid.values()):
        x, y = (int(round(v)) for v in b.centre)
        cv2.rectangle(img, (x - 17, y - 17), (x + 17, y + 17), (230, 230, 230), -1)
        if digits:
            cv2.putText(img, str(1 + n % 9), (x - 7, y + 8), cv2.FONT_HERSHEY_SIMPLEX, 0.6,
                        (20, 20, 20), 2)
    return face_score(img, img[..., 2].copy())


def test_two_faces_side_by_side_are_still_two_faces():
    grid = _grid([(i, j) for i in range(6) for j in range(3)])
    with pytest.raises(FaceNotFoundError) as e:
        refuse("T.jpg", list(grid.values()), [grid], _stickers(grid, digits=True))
    assert "two faces in one photo" in str(e.value)


def test_two_faces_of_squares_without_digits_are_no_cube():
    # the same squares holding no digits are a printed pattern, not a cube's two faces
    grid = _grid([(i, j) for i in range(6) for j in range(3)])
    with pytest.raises(FaceNotFoundError) as e:
        refuse("T.jpg", list(grid.values()), [grid], _stickers(grid, digits=False))
    said = str(e.value)
    assert said.startswith("T.jpg: no cube face found") and "no digit" in said


def test_stickers_off_any_grid_say_what_to_change(monkeypatch):
    # a window of squares no lattice fits: the refusal says how to photograph a face
    import sudoku_cube.vision.locate.refusals as refusals
    monkeypatch.setattr(refusals, "robust_fit", lambda grid: (None, {}))
    grid = _grid([(i, j) for i in range(2) for j in range(2)])
    with pytest.raises(FaceNotFoundError) as e:
        refuse("T.jpg", list(grid.values()), [grid], _blank())
    said = str(e.value)
    assert said.startswith("T.jpg: no cube face found (the shapes taken for stickers do not line")
    assert "; photograph one face of the cube sharply so it fills about half" in said
    assert len(e.value.seen) == 4 and all(s.lined_up for s in e.value.seen)


def test_a_lattice_named_by_a_refusal_is_drawn_where_its_cells_lie():
    from sudoku_cube.vision.locate.face_geometry import CELL_SIDE, lattice_seen
    hom = np.array([[PITCH, 0, 200.0], [0, PITCH, 100.0], [0, 0, 1]])
    seen = lattice_seen(hom, 800.0)
    assert len(seen) == 9 and all(s.lined_up for s in seen)
    assert (seen[0].x, seen[0].y) == (200 / 800, 100 / 800)
    assert (seen[8].x, seen[8].y) == (280 / 800, 180 / 800)
    assert seen[4].side == pytest.approx(CELL_SIDE * PITCH / 800)


@pytest.mark.parametrize("sample,sigma", [("01-easy", 20), ("05-coloured", 20), ("09-black", 30)])
def test_a_blurred_face_photo_is_refused_with_advice_to_photograph_it_sharply(sample, sigma):
    """A face photo blurred until its stickers and digits fade is refused (its digits gone,
    too few stickers lined up, or a part of the face found); each refusal's advice names
    sharpness, which a person would change first, not only the light and the framing."""
    from pathlib import Path

    from sudoku_cube.vision.reading.reader import Reader

    photo = Path(__file__).resolve().parents[1] / "samples/cubes" / sample / "F.jpg"
    image = cv2.GaussianBlur(cv2.imread(str(photo)), (0, 0), sigma)
    with pytest.raises(FaceNotFoundError) as refused:
        Reader(ocr="never").read_face(image, face="F", source="F.jpg")
    assert "sharp" in str(refused.value)


def test_floor_tiles_holding_no_digits_are_not_called_a_printed_sudoku():
    """Plain tiles with grout, each square a tile's size, go on in one flat grid: refused as
    no cube, named as squares with few or no digits (a floor, a mat), not as squares holding
    digits (a printed sudoku), which is what a page of figures is called."""
    from sudoku_cube.vision.locate.detect import find_face

    rng = np.random.default_rng(1)
    h, w, t = 540, 960, 100
    tiles = np.full((h, w, 3), 90, np.uint8)
    for y in range(0, h, t):
        for x in range(0, w, t):
            c = int(rng.integers(170, 210))
            tiles[y + 4:y + t - 4, x + 4:x + t - 4] = (c, c, c - 10)
    with pytest.raises(FaceNotFoundError) as e:
        find_face(tiles, "T.jpg")
    said = str(e.value)
    assert said.startswith("T.jpg: no cube face found (squares with few or no digits go on")
    assert "floor tiles" in said and "printed sudoku" not in said and "digits go on" in said
