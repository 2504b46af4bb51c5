"""The phone-changes report: what each change does to a photo, and a changed photo read back."""
from __future__ import annotations

import numpy as np
import pytest

from tools.phone_changes_report import CHANGES, measure


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
