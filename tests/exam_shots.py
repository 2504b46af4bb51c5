"""The exam's corner photos as ``bench vision --renderer second`` renders them, for tests that
read one: cube ``k`` of a run from seed ``seed``, photo A or B, in its standard or everyday
scene."""
from __future__ import annotations

from sudoku_cube.assistant.bench.vision_second import cube
from sudoku_cube.render.second import Shot, corner_shot
from sudoku_cube.render.second.scenes import everyday


def exam_corner_shot(seed: int, k: int, look: str, which: str = "A", *,
                     everyday_scene: bool = False, held_out: bool = False) -> Shot:
    """Corner photo ``which`` of the bench's ``k``-th cube of ``look`` (seed ``seed``; in the
    look's held-out font with ``held_out``), photographed in the bench's everyday scene for
    it with ``everyday_scene``: the bench's own seed and scene for that photo."""
    state, homes, made = cube(seed, k, look, held_out)
    i = "AB".index(which)
    return corner_shot(state, which, seed * 10 + i, made, homes,
                       scene=everyday(k, i) if everyday_scene else None)
