"""The colour check of ``bench vision --real``: each located cell must carry the colour of its
letter, whatever turn the photo was taken in; a lattice a row off fails it."""
from __future__ import annotations

import numpy as np

from sudoku_cube.assistant.bench.vision_real import _expected_colours, colour_figures

LAB = {"R": (130, 190, 170), "O": (170, 160, 190), "Y": (230, 110, 200), "G": (140, 70, 160),
       "B": (80, 140, 70), "W": (240, 128, 128)}


def _cells(letters: str, rng: np.random.Generator) -> np.ndarray:
    return np.array([LAB[k] for k in letters], np.float32) + rng.normal(0, 4, (9, 3))


def test_expected_letters_name_their_photos(tmp_path):
    (tmp_path / "someone__ExperimentsExpected-stickers-color2.txt").write_text(
        "R R O W G R Y W O\nY G R Y R R B B B\n")
    (tmp_path / "someone__stickers-set1Expected.txt").write_text("B B G R Y R G Y G\n")
    got = _expected_colours(tmp_path)
    assert got == {"someone__Images-ImgTest-color2-Img1.jpg": "RROWGRYWO",
                   "someone__Images-ImgTest-color2-Img2.jpg": "YGRYRRBBB",
                   "someone__Images-ImgRun-set1-Img1.jpg": "BBGRYRGYG"}


def test_cells_on_their_stickers_pass_in_any_turn_and_a_shifted_lattice_fails():
    rng = np.random.default_rng(3)
    faces = ["RROWGRYWO", "YGRYRRBBB", "BBGRYRGYG", "WOBYGWYOR", "GORWBWGBR", "OWYBRGBBB"]
    expected = {f"p__Images-ImgTest-color1-Img{i}.jpg": f for i, f in enumerate(faces, 1)}
    cells = {n: _cells(f, rng) for n, f in expected.items()}
    turned = "".join(np.rot90(np.array(list(faces[0])).reshape(3, 3), 2).reshape(-1))
    cells["p__Images-ImgTest-color1-Img1.jpg"] = _cells(turned, rng)  # photo taken upside down
    good = colour_figures(cells, expected)
    assert good["cells"] == 54 and good["right"] == 54
    shifted = faces[4][3:] + "WWW"  # the lattice a row down: the bottom row on the table
    cells["p__Images-ImgTest-color1-Img5.jpg"] = _cells(shifted, rng)
    bad = colour_figures(cells, expected)
    assert bad["right"] <= 50
    assert "p__Images-ImgTest-color1-Img5.jpg" in bad["photos_with_a_wrong_cell"]
