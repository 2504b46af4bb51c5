"""The corner-lattice report: a face's narrowest cell width, the true lattice and the report."""
from __future__ import annotations

import numpy as np

from sudoku_cube.assistant.bench.vision_second import cube
from sudoku_cube.render.second import corner_shot
from sudoku_cube.vision.locate.corners.faces import locate_faces
from sudoku_cube.vision.reading.reader import Reader
from tools.corner_lattice_report import (FaceRow, narrowest_width, offset_in_pitches,
                                         photo_rows, report, true_lattice)


def _centres(across: tuple[float, float], down: tuple[float, float]) -> np.ndarray:
    """Sticker centres of a lattice with these row and column steps, from (100, 100)."""
    a, d = np.array(across), np.array(down)
    return np.array([[100.0, 100.0] + c * a + r * d for r in range(3) for c in range(3)])


def test_narrowest_width_is_a_square_cells_side_and_a_sheared_cells_short_width():
    assert narrowest_width(_centres((40, 0), (0, 40))) == 40
    # a side face seen at a slant: rows 50 px long climbing, columns 20 px down, 12 px across
    assert abs(narrowest_width(_centres((30, -40), (0, 20))) - 12) < 1e-9


def test_a_photos_three_faces_are_read_both_ways_and_located_near_the_truth():
    reader = Reader(ocr="never")
    rows = list(photo_rows(reader, "white", 70000, 0, "A"))
    assert sorted(r.face for r in rows) == ["F", "R", "U"]
    assert all(r.offset < 1 / 3 and r.width > 10 for r in rows)


def test_the_everyday_scenes_photograph_the_same_cube_elsewhere():
    reader = Reader(ocr="never")
    plain = list(photo_rows(reader, "white", 70000, 0, "A"))
    scene = list(photo_rows(reader, "white", 70000, 0, "A", scenes=True))
    assert sorted(r.face for r in scene) == ["F", "R", "U"]
    assert all(r.offset < 1 / 3 for r in scene)
    # the scene's camera sees the faces at another size
    assert [round(r.width) for r in plain] != [round(r.width) for r in scene]


def test_the_true_lattice_runs_through_the_true_centres():
    state, homes, look = cube(70000, 0, "white")
    shot = corner_shot(state, "B", 700001, look, homes)
    for cf in locate_faces(shot.image, "B"):
        centres = np.array(shot.truth["faces"][cf.face]["centres"], np.float64)
        # the renderer sets each sticker a little off the grid (up to 0.02 pitch each way)
        assert offset_in_pitches(true_lattice(cf, centres), centres) < 0.05
        assert offset_in_pitches(cf, centres) < 1 / 3


def test_the_report_counts_misreads_per_look_and_per_width_band():
    rows = [FaceRow("white", "U", 50.0, 0.02, (), ()),
            FaceRow("white", "L", 20.0, 0.05, (0, 3), (0,)),
            FaceRow("black", "F", 35.0, 0.20, (6,), ())]
    lines = report(rows)
    assert "  white: 2 faces, 2 / 1, 0.05" in lines
    assert "  black: 1 faces, 1 / 0, 0.20" in lines
    assert "  < 30 px: 2 / 9 (22.2%)" in lines
    assert "  30-45 px: 1 / 9 (11.1%)" in lines
    assert "  >= 45 px: 0 / 9 (0.0%)" in lines
