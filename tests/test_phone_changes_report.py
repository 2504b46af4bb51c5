"""The phone-changes report: what each change does to a photo, and a changed photo read back."""
from __future__ import annotations

import numpy as np
import pytest

from sudoku_cube.assistant.bench.renders import face_misreads, symmetric_of
from sudoku_cube.assistant.bench.vision_second import cube
from sudoku_cube.render.second import face_shot
from sudoku_cube.vision.reading.reader import Reader
from tools.phone_changes_report import (CHANGES, COVERS, DARK_SKIN, FIRST_SEED, SKIN, finger_over,
                                        lowest_edge, measure)


def _photo() -> np.ndarray:
    """A mid-grey 480 x 640 photo with a light square in the middle."""
    im = np.full((480, 640, 3), 120, np.uint8)
    im[180:300, 260:380] = 200
    return im


@pytest.mark.parametrize("name", [n for n in CHANGES if "file" not in n])
def test_a_change_keeps_the_photos_size_and_type(name):
    out = CHANGES[name](_photo())
    assert out.shape == (480, 640, 3) and out.dtype == np.uint8


def test_the_files_are_a_phones_and_a_thumbnails_size():
    assert max(CHANGES["12 MP file"](_photo()).shape[:2]) == 4032
    assert max(CHANGES["400 px file"](_photo()).shape[:2]) == 400


def test_the_changes_change_what_they_say():
    im = _photo()
    assert np.array_equal(CHANGES["none"](im), im)
    warm = CHANGES["warm light"](im).astype(int)
    assert warm[..., 2].mean() > im[..., 2].mean() > warm[..., 0].mean()
    assert CHANGES["dim"](im).mean() < im.mean() / 2
    flash = CHANGES["flash spot"](im).astype(int)
    assert (flash[216, 288] == 255).all() and (flash[216, 200] > im[216, 200]).all()
    assert np.array_equal(flash[0, 0], im[0, 0])
    vignette = CHANGES["vignette"](im)
    assert vignette[0, 0].mean() < im[0, 0].mean() and vignette[240, 320].mean() == 200


@pytest.mark.parametrize("corner", [False, True])
def test_photos_read_back_unchanged_and_small_count_their_stickers(corner):
    got = measure(1, {n: CHANGES[n] for n in ("none", "400 px file")}, looks=("white",),
                  corner=corner)
    for t in got.values():
        assert t.faces == 6 and t.located + t.refused + t.misplaced == 6
        assert t.stickers == 9 * t.located
    assert got["none"].located == 6 and got["none"].right >= 52


@pytest.mark.parametrize("name, skin", [("finger over a sticker", SKIN),
                                        ("dark finger over a sticker", DARK_SKIN)])
def test_a_finger_covers_the_lowest_edge_sticker_and_leaves_the_far_ones(name, skin):
    im = np.full((480, 640, 3), 200, np.uint8)
    centres = np.array([(260 + 60 * c, 180 + 60 * r) for r in range(3) for c in range(3)],
                       np.float64)  # a face upright in the middle: cell 7 is lowest
    out = COVERS[name](im, centres).astype(int)
    x, y = centres[7].astype(int)
    assert abs(out[y, x] - np.array(skin)).max() <= 1  # the sticker's middle is skin
    for i in (0, 1, 2, 3, 5):
        x, y = centres[i].astype(int)
        assert (out[y, x] == 200).all()
    top = finger_over(im, centres, 1, skin).astype(int)  # from above, over the top sticker
    x, y = centres[1].astype(int)
    assert abs(top[y, x] - np.array(skin)).max() <= 1
    x, y = centres[7].astype(int)
    assert (top[y, x] == 200).all()


def test_a_chat_apps_file_is_coarser_but_the_same_size():
    im = _photo()
    out = CHANGES["chat app file"](im)
    assert out.shape == im.shape and not np.array_equal(out, im)
    assert np.abs(out.astype(int) - im).mean() < 5


def test_a_cubes_faces_are_decoded_jointly_under_each_change():
    got = measure(1, {"none": CHANGES["none"]}, looks=("white",),
                  covers={"finger over a sticker": COVERS["finger over a sticker"]})
    for t in got.values():  # one cube: one joint decoding each, none settled wrong
        assert sum(t.joint.counts.values()) == 1 and t.joint.counts["wrong_sure"] == 0
    assert got["none"].joint.right == 1


def test_the_sticker_under_a_finger_is_read_as_no_digit_and_the_others_right():
    state, homes, lk = cube(FIRST_SEED, 0, "white")
    shot = face_shot(state, "U", FIRST_SEED * 10, lk, homes)
    centres = np.array(shot.truth["centres"], np.float64)
    covered = lowest_edge(centres)
    reading = Reader(ocr="never").read_face(
        COVERS["finger over a sticker"](shot.image, centres), face="U")
    assert covered in reading.blank
    right, wrong = face_misreads({"U": reading}, state, symmetric_of("white"))
    # the others are right; the covered one is right only if the digit shows past the finger
    assert right >= 8 and all(w.startswith(f"U{covered + 1} ") for w in wrong)
