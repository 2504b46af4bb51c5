"""The misread recorder (:mod:`tools.cell_records`): it records every located cell of the
benchmark's photos with its truth and each voter's evidence, as the reader read it."""
from __future__ import annotations

import numpy as np

from tools import cell_records


def test_narrowest_width_of_a_sheared_face() -> None:
    """A face of 30-pixel cells squeezed to half its width has cells 15 pixels wide."""
    square = np.array([[30 * c, 30 * r] for r in range(3) for c in range(3)], float)
    assert abs(cell_records.narrowest_width(square) - 30) < 1e-9
    assert abs(cell_records.narrowest_width(square * [0.5, 1]) - 15) < 1e-9


def test_records_one_cube_as_the_reader_reads_it(tmp_path) -> None:
    """Six face photos of one benchmark cube: 54 cells, each with its truth, the reader's
    reading, the voters' 36 (cell model 37) scores, a width; the counts agree with the
    readings, and the table line names a misread cell's truth and reading."""
    recs = list(cell_records.records("ours", "faces", ["white"], 90000, 1))
    assert len(recs) == 54
    assert all(r.template.shape == (36,) and r.hog.shape == (36,) and r.net.shape == (37,)
               for r in recs)
    assert all(r.width > 20 for r in recs)
    assert sum(r.right for r in recs) >= 52
    assert all(r.right == (r.read == r.truth) or r.truth // 4 == 0 for r in recs)
    r = recs[0]
    line = cell_records.table_line(r)
    assert line.startswith(f"{r.name} {r.face}1") and "net" in line
    cell_records.save(recs, str(tmp_path / "cells.npz"))
    saved = np.load(tmp_path / "cells.npz")
    assert saved["template"].shape == (54, 36) and int(saved["right"].sum()) == sum(
        r.right for r in recs)


def test_the_exams_everyday_scenes_photograph_the_same_cube_elsewhere() -> None:
    """``--scenes everyday``: the exam's cube of a seed as in its standard scenes, photographed
    in the everyday scene ``bench vision --scenes everyday`` gives it."""
    from sudoku_cube.render.second import corner_shot
    from sudoku_cube.render.second.scenes import everyday
    from sudoku_cube.assistant.bench.vision_second import cube

    (name, shots, state), = cell_records.photos("second", "corners", "white", 72000, 1)
    (name2, shots2, state2), = cell_records.photos("second", "corners", "white", 72000, 1,
                                                   everyday_scenes=True)
    assert name == name2 and state == state2 and set(shots) == set(shots2) == {"A", "B"}
    assert not np.array_equal(shots["A"], shots2["A"])
    state3, homes, look = cube(72000, 0, "white")
    bench = corner_shot(state3, "A", 720000, look, homes, scene=everyday(0, 0)).image
    assert np.array_equal(shots2["A"], bench)
