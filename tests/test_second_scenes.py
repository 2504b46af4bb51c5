"""The exam renderer's everyday scenes: every ground, size band and light is drawn, the same
for a seed, with its truth inside the picture; and the standard exam's photos are exactly
those it drew before the scenes existed (its figures stay comparable)."""
from __future__ import annotations

import hashlib
import json

import numpy as np
import pytest

from sudoku_cube.models.generator.cube3 import make_puzzle
from sudoku_cube.render.second import Shot, corner_shot, face_shot
from sudoku_cube.render.second.everyday import GROUNDS
from sudoku_cube.render.second.scenes import BANDS, LIGHTS, Scene, everyday

SMALL = (320, 240)


def _inside(quad, size) -> bool:
    q = np.array(quad)
    return bool((q >= 0).all() and (q[:, 0] <= size[0] - 1).all()
                and (q[:, 1] <= size[1] - 1).all())


@pytest.mark.parametrize("ground", GROUNDS)
def test_each_ground_is_drawn_the_same_for_a_seed_with_its_face_inside(ground):
    state = make_puzzle(8, 20).state
    scene = Scene(ground, "middle", "normal")
    a = face_shot(state, "F", 31, "white", size=SMALL, scene=scene)
    b = face_shot(state, "F", 31, "white", size=SMALL, scene=scene)
    assert np.array_equal(a.image, b.image) and a.truth == b.truth
    assert a.image.shape == (SMALL[1], SMALL[0], 3)
    assert a.truth["surface"] == ground and a.truth["scene"] == scene.truth()
    assert _inside(a.truth["quad"], SMALL)


@pytest.mark.parametrize("ground", ("mat", "page-sudoku", "tiles"))
def test_a_corner_photo_on_a_ground_shows_its_faces_inside(ground):
    state = make_puzzle(9, 20).state
    scene = Scene(ground, "large", "dim")
    a = corner_shot(state, "A", 41, "black", size=SMALL, scene=scene)
    b = corner_shot(state, "A", 41, "black", size=SMALL, scene=scene)
    assert np.array_equal(a.image, b.image) and a.truth == b.truth
    assert a.truth["scene"] == scene.truth() and set(a.truth["faces"]) == {"U", "F", "R"}
    for face in a.truth["faces"].values():
        assert _inside(face["quad"], SMALL)


def _side(shot: Shot) -> float:
    """The face's side (its quad's longest edge) over the picture's short side."""
    q = np.array(shot.truth["quad"])
    return max(float(np.linalg.norm(q[k] - q[(k + 1) % 4])) for k in range(4)) / min(SMALL)


def test_the_size_bands_reach_small_and_large_faces():
    state = make_puzzle(10, 20).state
    sides = {band: [_side(face_shot(state, "U", 50 + k, "coloured", size=SMALL,
                                    scene=Scene("gradient", band, "normal"))) for k in range(3)]
             for band in ("small", "large")}
    assert max(sides["small"]) < 0.3, sides
    assert min(sides["large"]) > 0.45, sides


def test_a_small_face_gets_a_large_picture():
    state = make_puzzle(10, 20).state
    shot = face_shot(state, "U", 60, "white", scene=Scene("sofa", "small", "normal"))
    assert min(shot.truth["size"]) >= 720 and _inside(shot.truth["quad"], shot.truth["size"])


def test_dim_light_is_darker_and_noisier_than_normal():
    state = make_puzzle(11, 20).state
    normal = face_shot(state, "R", 70, "white", size=SMALL, scene=Scene("gradient", "large",
                                                                        "normal"))
    dim = face_shot(state, "R", 70, "white", size=SMALL, scene=Scene("gradient", "large", "dim"))
    assert normal.truth["quad"] == dim.truth["quad"]  # the same scene, developed darker
    assert float(dim.image.mean()) < 0.6 * float(normal.image.mean())

    def grain(img: np.ndarray) -> float:  # noise against the light: a pixel less its right
        g = img.astype(np.float32).mean(axis=2)
        return float(np.median(np.abs(np.diff(g, axis=1)))) / max(1.0, float(g.mean()))

    assert grain(dim.image) > grain(normal.image)


def test_a_run_meets_every_ground_in_both_lights_and_every_band():
    scenes = [everyday(k, p) for k in range(2 * len(GROUNDS)) for p in range(6)]
    assert {(s.ground, s.light) for s in scenes} == {(g, li) for g in GROUNDS for li in LIGHTS}
    assert {s.band for s in scenes[:6]} == set(BANDS)
    assert len({everyday(3, p).ground for p in range(6)}) == 1  # one table per cube


BLACK_DIGESTS = {"c44c5f2a0894d046772d", "752d888052c1185c7385"}
"""The black shot's digest on each kind of machine the suite has run on."""


def _digest(shot: Shot) -> str:
    h = hashlib.sha256(shot.image.tobytes())
    h.update(json.dumps(shot.truth, sort_keys=True).encode())
    return h.hexdigest()[:20]


def test_the_standard_exam_draws_what_it_drew_before_the_everyday_scenes():
    """Digests of standard photos as the renderer drew them before the everyday scenes were
    added: a change here changes every figure of docs/exam.md (if a new OpenCV or numpy
    changes the bytes, check that the commit before changes them the same way)."""
    state = make_puzzle(7, 20).state
    assert _digest(face_shot(state, "F", 90001, "white", size=SMALL)) == "81731e31d803a08f7f07"
    # the black cube's shot (its swirled, glossy stickers) comes out a little different on
    # different processors (OpenCV picks its vector code by the processor): each digest is
    # the bytes as one machine that ran the suite drew them
    assert _digest(face_shot(state, "L", 93004, "black")) in BLACK_DIGESTS
    assert _digest(corner_shot(state, "B", 70011, "coloured", size=SMALL)) == \
        "47d2887a12755817b5ae"


def test_small_and_dim_photos_keep_less_blur():
    assert Scene("mat", "large", "normal").blur(0.6, 0.35) == 1.0
    assert Scene("mat", "small", "normal").blur(0.175, 0.35) == pytest.approx(0.5)
    assert Scene("mat", "small", "dim").blur(0.175, 0.35) == pytest.approx(0.25)
