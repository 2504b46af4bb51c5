"""Three faces that are not one cube's give way to the whole-cube model when it frames as many
stickers (vision.locate.corners.whole.cross_checked): on floor tiles beside a small cube, the
sticker passes found its top and left faces and nine tile squares, and the model of one cube,
framing the true right face's nine stickers as well as the tiles' nine squares, was set aside
because it framed no more (the exam's white-ink cube 72018, corner photo A, everyday scenes)."""
from __future__ import annotations

import numpy as np

from sudoku_cube.assistant.bench.vision_second import cube, placed
from sudoku_cube.render.second import corner_shot
from sudoku_cube.render.second.scenes import everyday
from sudoku_cube.vision.locate.corners import whole
from sudoku_cube.vision.locate.corners.lattice import Lattice
from sudoku_cube.vision.reading.reader import Reader


def _shot():
    look, seed, k = "coloured-white-ink", 72018, 18
    state, homes, lk = cube(seed, k, look)
    return corner_shot(state, "A", seed * 10, lk, homes, scene=everyday(k, 0))


def test_a_face_found_on_the_tiles_gives_way_to_the_cube():
    shot = _shot()
    readings = Reader(ocr="never").read_corner_photo(shot.image, "A")
    assert all(placed(readings[f], truth) for f, truth in shot.truth["faces"].items())


def test_the_tie_goes_to_the_model_only_where_the_faces_disagree(monkeypatch):
    """Faces placed mostly from each other (few stickers of their own) are checked against the
    model: where they agree they keep their place against a model that frames no more than one
    sticker more; where they disagree a model that frames as many takes their place."""
    image = np.zeros((60, 60, 3), np.uint8)
    located = [Lattice(np.eye(3) * (k + 1), {}, (0, 1)) for k in range(3)]
    modelled = tuple(Lattice(np.eye(3) * (k + 5), {}, (0, 1)) for k in range(3))
    fit = whole.CubeFit(modelled, (9, 9, 9), 1.0)  # type: ignore[arg-type]

    class Framing:
        @staticmethod
        def count(H):
            return 9

    monkeypatch.setattr(whole, "framing_for", lambda image, lattices: Framing)
    monkeypatch.setattr(whole, "best_model", lambda *a, **k: fit)
    monkeypatch.setattr(whole, "one_box", lambda lattices: False)
    monkeypatch.setattr(whole, "FEW_CELLS", 100)  # every face placed from the others
    monkeypatch.setattr(whole, "inconsistency", lambda lattices: np.inf)
    assert whole.cross_checked(image, located, [], []) == list(modelled)
    monkeypatch.setattr(whole, "inconsistency", lambda lattices: 0.0)
    assert whole.cross_checked(image, located, [], []) == located
