"""A corner photo taken in dim light, which a person still reads (the exam renderer's photo,
deterministic; nothing trains on it; ``tools.phone_changes_report``'s "dim": gamma 2, then
80 %): the coloured cube's side faces in deep shade showed stickers too dark for every sticker
pass and the photo was refused as showing one face; a refused corner photo is now sought again
with its shade lifted (:mod:`vision.locate.corners.shade`), and its stickers read from the
photo itself."""
from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from sudoku_cube.assistant.bench.renders import face_misreads
from sudoku_cube.assistant.bench.vision_second import cube, placed
from sudoku_cube.render.second import corner_shot
from sudoku_cube.vision.locate.corners import faces as corner_faces
from sudoku_cube.vision.locate.corners.faces import CornerPhotoError, locate_faces
from sudoku_cube.vision.locate.corners.marks import grain_smoothed
from sudoku_cube.vision.locate.corners.shade import MAX_GAIN, shade_lifted
from sudoku_cube.vision.locate.corners.zoom import zoomed_out
from sudoku_cube.vision.photo.images import load_photo
from sudoku_cube.vision.reading.reader import Reader
from tools.phone_changes_report import CHANGES


def test_a_shaded_patch_is_lifted_to_white_with_its_hue_and_ink_kept():
    im = np.full((300, 400, 3), 255, np.uint8)  # a lit ground
    im[100:200, 100:200] = (20, 40, 80)  # a brown sticker in shade, V 80
    im[140:160, 140:160] = (5, 10, 20)  # its dark digit
    out = shade_lifted(im)
    assert np.array_equal(out[:40, :40], im[:40, :40])  # lit: untouched
    sticker, digit = out[120, 120].astype(int), out[150, 150].astype(int)
    assert sticker[2] > 200 and sticker[2] / sticker[0] == pytest.approx(4, rel=0.05)
    assert sticker[2] - digit[2] > 150  # the digit stands apart as on a lit face
    assert (out.astype(int) <= np.maximum(im * MAX_GAIN + 1, im)).all()


def test_a_dim_corner_photo_is_read_as_the_cube_shows(tmp_path: Path, monkeypatch) -> None:
    state, homes, look = cube(97000, 0, "coloured")
    shot = corner_shot(state, "B", 970001, look, homes)
    path = tmp_path / "B.jpg"
    cv2.imwrite(str(path), CHANGES["dim"](shot.image), [cv2.IMWRITE_JPEG_QUALITY, 90])
    photo = load_photo(path)
    got = Reader(ocr="never").read_corner_photo(photo.image, "B", source=photo.source)
    assert set(got) == set(shot.truth["faces"])
    for f, t in shot.truth["faces"].items():
        assert placed(got[f], t), f
    right, wrong = face_misreads(got, state)
    assert (right, wrong) == (27, [])
    monkeypatch.setattr(corner_faces, "shade_lifted", lambda image: image)
    with pytest.raises(CornerPhotoError, match="only one face found") as refused:
        locate_faces(photo.image, "B", photo.source)  # as taken: refused
    assert "in even light" in str(refused.value)  # the refusal says what to change


def test_the_lifted_copy_of_a_refused_photo_gets_no_last_resorts(monkeypatch) -> None:
    """The last resorts (digits of both polarities, every pass's lattices pooled) had their
    turn on the photo as taken; on the lifted copy of a noisy photo they weighed the noise the
    lift raised for seconds, and could make a corner of a face photo's slivers."""
    im = np.clip(40 + np.random.default_rng(0).normal(0, 14, (120, 160, 3)), 0, 255)
    im = im.astype(np.uint8)  # a dark, noisy picture with no cube: refused either way
    lifted, resorted = [], []
    monkeypatch.setattr(corner_faces, "shade_lifted",
                        lambda image: lifted.append(shade_lifted(image)) or lifted[-1])
    real = corner_faces._last_resorts
    monkeypatch.setattr(corner_faces, "_last_resorts",
                        lambda image, *rest: resorted.append(image) or real(image, *rest))
    with pytest.raises(CornerPhotoError, match="corner photo A: no cube face found"):
        locate_faces(im, "A", "A.jpg")
    far = zoomed_out(im).picture  # refused still, the photo is sought as from further away
    assert len(lifted) == 2 and not np.array_equal(lifted[0], im)  # each one's lifted copy
    assert np.array_equal(lifted[1], shade_lifted(far))
    # the last resorts: the photo as taken, then its zoomed-out copy, never a lifted copy
    assert len(resorted) == 2 and resorted[0] is im and np.array_equal(resorted[1], far)


def test_a_refused_photo_is_sought_by_its_whole_digits_then_with_its_grain_smoothed(
        monkeypatch) -> None:
    """Refused as taken and lifted, the photo as taken is sought once more by its digits
    taken whole (motion blur breaks them into pieces), then once more with its grain
    smoothed (:func:`vision.locate.corners.marks.grain_smoothed`), last by its dark digits
    judged against their stickers, as taken and smoothed; the refusal is still the first
    one's, and a photo only
    checked for a corner (no ``lift_shade``) gets none of these looks."""
    im = np.clip(40 + np.random.default_rng(0).normal(0, 14, (120, 160, 3)), 0, 255)
    im = im.astype(np.uint8)
    seen = []
    real = corner_faces.glyph_faces
    monkeypatch.setattr(
        corner_faces, "glyph_faces", lambda image, *a, whole=False, relative=False, **k:
        seen.append((image, whole, relative))
        or real(image, *a, whole=whole, relative=relative, **k))
    with pytest.raises(CornerPhotoError, match="corner photo A: no cube face found"):
        locate_faces(im, "A", "A.jpg")
    far = zoomed_out(im).picture  # the looks at the photo, then at its zoomed-out copy
    copies = [i for i, (image, _, _) in enumerate(seen) if np.array_equal(image, far)]
    assert copies and not any(image is im for image, _, _ in seen[copies[0]:])
    seen[:] = seen[:copies[0]]
    wholes = [i for i, (_, w, _) in enumerate(seen) if w]
    assert len(wholes) == 1 and seen[wholes[0]][0] is im
    *smoothing, as_taken, smoothed_too = seen[wholes[0] + 1:]
    assert smoothing and not any(w or r for _, w, r in smoothing)
    smoothed = smoothing[-1][0]
    assert smoothed is not im and np.array_equal(smoothed, grain_smoothed(im))
    assert as_taken[0] is im and as_taken[2] and not as_taken[1]
    assert smoothed_too[2] and np.array_equal(smoothed_too[0], grain_smoothed(im))
    seen.clear()
    with pytest.raises(CornerPhotoError):
        corner_faces.locate_corner(im, "A", "A.jpg", lift_shade=False)
    assert seen and all(image is im and not w and not r for image, w, r in seen)
