"""A photo the reader refuses costs the benchmarks its own faces only: the other photo of the
cube is still read and its faces counted (``bench corners`` and ``bench vision``'s corner
pairs, the second renderer's sets)."""
from __future__ import annotations

import numpy as np

from sudoku_cube.assistant.bench import corners
from sudoku_cube.assistant.bench.vision_second import Tally, score
from sudoku_cube.vision.reading.reader import Reader


class _Progress:
    def advance(self, task: int) -> None:
        pass


def _pair_without_a():
    name, images, truth, _ = next(corners.rendered(1, 70000, "white", single=False))
    blank = np.full_like(images["A"], 128)
    return name, {"A": blank, "B": images["B"]}, truth


def test_a_refused_photo_a_leaves_photo_b_counted():
    name, images, truth = _pair_without_a()
    st = corners.evaluate([(name, images, truth, None)], False, _Progress(), 0)
    assert len(st["failed"]) == 1 and st["failed"][0].startswith(f"{name}/A:")
    assert st["stickers"] == 54 and st["photos"] == 1
    # B's three faces are read (nearly all right); A's 27 stickers count wrong
    assert 24 <= st["right"] <= 27
    assert st["cubes_right"] == 0 and st["joint"].counts["refused"] == 1


def test_the_second_renderers_count_keeps_the_located_faces():
    name, images, truth = _pair_without_a()
    readings = Reader(ocr="never").read_corner_photo(images["B"], "B")
    t = Tally()
    wrong, joint = score(t, name, readings, truth, frozenset({1}))
    assert joint is None and t.joint.counts["refused"] == 1
    assert t.stickers == 54 and t.right == 27 - len(wrong) >= 24
    assert {w[0] for w in wrong} <= set(readings)
