"""Our renderer's patterned grounds: each is the same for the same seed and differs from the
others; a face photographed on each is located on the truth; the default (plain) photos stay
exactly what they were before the grounds existed, so every figure in docs stays comparable."""
from __future__ import annotations

import hashlib
import json
import random

import numpy as np
import pytest

from sudoku_cube.models.cube.geometry import FACES
from sudoku_cube.models.generator.cube3 import random_face
from sudoku_cube.render import PhotoStyle, render_corner_photo, render_face_photo
from sudoku_cube.render.grounds import GROUND_KINDS, paint_ground
from sudoku_cube.render.looks import PHOTO_LOOKS
from sudoku_cube.render.patterned import BANDS, LIGHTS, draw_scene
from sudoku_cube.render.sheet import Sheet
from sudoku_cube.vision.locate.detect import find_face

SMALL = (640, 480)


def _painted(kind: str, seed: int) -> np.ndarray:
    """Ground ``kind`` painted from ``seed`` on a 30 x 24 unit sheet around the cube."""
    sheet = Sheet.blank(-15, -12, 15, 12, 0.06)
    rng = random.Random(seed)
    paint_ground(kind, sheet, rng, np.random.default_rng(seed))
    return np.asarray(sheet.image, np.float32)


def test_each_ground_is_the_same_for_a_seed_and_another_for_another_seed():
    for kind in GROUND_KINDS:
        a, b, c = _painted(kind, 5), _painted(kind, 5), _painted(kind, 6)
        assert np.array_equal(a, b), kind
        assert np.abs(a - c).mean() > 2, kind


def test_the_grounds_differ_from_each_other_and_are_patterned():
    painted = {kind: _painted(kind, 11) for kind in GROUND_KINDS}
    for i, a in enumerate(GROUND_KINDS):
        # a pattern, not a plain colour: neighbouring pixels often differ
        grey = painted[a].mean(axis=2)
        assert grey.std() > 4, a
        for b in GROUND_KINDS[i + 1:]:
            assert np.abs(painted[a] - painted[b]).mean() > 5, (a, b)


def test_unknown_grounds_are_refused_by_name():
    with pytest.raises(ValueError, match="unknown ground 'lawn'.*mat"):
        draw_scene("lawn", 1, "face")


def test_patterned_photos_draw_every_ground_band_and_light():
    scenes = [draw_scene("patterned", seed, "face") for seed in range(200)]
    assert {s.ground for s in scenes} == set(GROUND_KINDS)
    assert {s.band for s in scenes} == set(BANDS)
    assert {s.light for s in scenes} == set(LIGHTS)


def test_a_patterned_photo_is_the_same_for_its_seed_and_says_its_scene():
    style = PhotoStyle(stickers="coloured", ground="patterned", size=SMALL)
    face = random_face(random.Random(3))
    a, truth = render_face_photo(face, 31, style)
    b, again = render_face_photo(face, 31, style)
    c, _ = render_face_photo(face, 32, style)
    assert np.array_equal(a, b) and truth == again
    assert not np.array_equal(a, c)
    assert truth["ground"] in GROUND_KINDS and truth["light"] in LIGHTS
    lo, hi = BANDS[truth["band"]]
    assert 0.08 <= truth["face_share"] <= 0.72
    assert lo <= truth["face_share"] < hi or truth["band"] in ("small", "large")


def _digest(image: np.ndarray, truth: dict) -> str:
    h = hashlib.sha256(image.tobytes())
    h.update(json.dumps(truth, sort_keys=True).encode())
    return h.hexdigest()[:20]


def test_plain_photos_are_drawn_as_before_the_grounds_existed():
    """Digests of default photos as the renderer drew them before the patterned grounds: a
    change here changes every figure of docs/benchmarks.md (if a new OpenCV or numpy changes
    the bytes, check that the commit before changes them the same way)."""
    face = random_face(random.Random(2))
    img, truth = render_face_photo(face, 90001, PhotoStyle(stickers="black", size=SMALL))
    assert _digest(img, truth) == "73c81e67a6e6ad6d9359"
    cube = {f: random_face(random.Random(i)) for i, f in enumerate(FACES)}
    img, truth = render_corner_photo(cube, "B", 70011, PhotoStyle(stickers="coloured",
                                                                  size=SMALL))
    assert _digest(img, truth) == "c53db8db09e2228d8f1c"


@pytest.mark.parametrize("i,kind", list(enumerate(GROUND_KINDS)))
def test_a_face_on_each_ground_is_located_on_the_truth(i, kind):
    """Seed and look chosen per ground among those the locator finds today (docs/benchmarks.md
    names the grounds it fails on): every sticker centre within a tenth of a pitch."""
    seed = 1 + i % 4
    style = PhotoStyle(stickers=PHOTO_LOOKS[i % len(PHOTO_LOOKS)], ground=kind, size=SMALL,
                       difficulty=0.3)
    image, truth = render_face_photo(random_face(random.Random(seed)), seed, style)
    assert truth["ground"] == kind
    want = np.array(truth["centres"])
    pitch = np.linalg.norm(want[4] - want[3])
    found = find_face(image).cell_centres()
    assert np.linalg.norm(found - want, axis=1).max() < 0.1 * pitch
