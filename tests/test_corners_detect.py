"""Corner-photo detection: a face rebuilt from the other two, a face washed out by glare,
coloured stickers in dim light found by hue."""
from __future__ import annotations

from functools import cache

import cv2
import numpy as np
import pytest

from sudoku_cube.models.generator.cube3 import make_puzzle
from sudoku_cube.render import PhotoStyle, render_corner_photo
from sudoku_cube.vision.locate.corners.faces import CornerPhotoError, locate_faces
from sudoku_cube.vision.locate.corners.lattice import Lattice, Quad, find_lattices
from sudoku_cube.vision.locate.corners.rebuild import (CORNERS, complete_faces, predict_third,
                                                       steadied)
from tests import render_cache


@cache
def _photo(which: str):
    puzzle = make_puzzle(5151, 25)  # photo A: test_corners_whole's easy photo too
    return render_cache.corner_photo(puzzle.state.faces(), which, 900 + ord(which),
                                     PhotoStyle(difficulty=0.2, size=(960, 720)))


@pytest.mark.parametrize("which", "AB")
def test_each_face_is_predicted_from_the_other_two(which):
    img, truth = _photo(which)
    faces = locate_faces(img, which)
    for k, f in enumerate(faces):
        others = [Lattice(g.H, {}, (0, 1)) for j, g in enumerate(faces) if j != k]
        lat = predict_third(*others)
        assert lat is not None, f.face
        quad = np.array(truth["faces"][f.face]["quad"])
        pred = {tuple(np.round(lat.to_image(*c), 1)) for c in ((0, 0), (3, 0), (3, 3), (0, 3))}
        # the rebuilt lattice has its own axes: compare the outline as a set of corners
        err = max(min(np.linalg.norm(np.array(p) - q) for p in pred) for q in quad)
        assert err < 0.06 * np.linalg.norm(quad[0] - quad[2]), (which, f.face, err)


def test_face_under_glare_is_still_located():
    """Most stickers of one face washed out to white: the face is rebuilt from the others."""
    img, truth = _photo("A")
    img = img.copy()
    centres = np.array(truth["faces"]["R"]["centres"])
    quad = np.array(truth["faces"]["R"]["quad"])
    radius = int(0.3 * np.linalg.norm(quad[0] - quad[2]))
    glare = np.zeros(img.shape[:2], np.float32)
    cv2.circle(glare, tuple(int(x) for x in centres[4]), radius, 1.0, -1)
    glare = cv2.GaussianBlur(glare, (0, 0), radius / 6)[..., None]
    img = np.clip(img * (1 - glare) + 255 * glare, 0, 255).astype(np.uint8)
    assert len(find_lattices(img).lattices) == 2  # R's lattice itself is not found
    faces = locate_faces(img, "A")
    r = next(f for f in faces if f.face == "R")
    err = np.abs(r.quad() - quad).max()
    assert err < 0.06 * np.linalg.norm(quad[0] - quad[2]), err


def test_face_painted_out_is_still_refused():
    img, truth = _photo("B")
    img = img.copy()
    quad = np.array(truth["faces"]["L"]["quad"])
    c = quad.mean(axis=0)
    cv2.fillPoly(img, [np.round(c + 1.08 * (quad - c)).astype(np.int32)], (128, 128, 128))
    with pytest.raises(CornerPhotoError, match="corner photo B: only two faces found"):
        locate_faces(img, "B")


@cache
def _coloured(which: str):
    puzzle = make_puzzle(5151, 25)
    return render_corner_photo(puzzle.state.faces(), which, 900 + ord(which),
                               PhotoStyle(stickers="coloured", difficulty=0.2, size=(960, 720)))


@pytest.mark.parametrize("which", "AB")
def test_coloured_stickers_in_dim_light_and_blur_are_located_by_hue(which):
    """A dim, blurred photo: the brightness passes see at most two faces, the hue pass all."""
    img, truth = _coloured(which)
    img = cv2.GaussianBlur((img * 0.3).astype(np.uint8), (0, 0), 4)
    first = find_lattices(img)
    assert len(complete_faces(img, first)) < 3
    assert len(complete_faces(img, find_lattices(img, relaxed=True, more=first.quads))) < 3
    for f in locate_faces(img, which):
        quad = np.array(truth["faces"][f.face]["quad"])
        err = np.abs(f.quad() - quad).max()
        assert err < 0.06 * np.linalg.norm(quad[0] - quad[2]), (which, f.face, err)


def test_face_with_few_stickers_is_steadied_by_the_other_two():
    """A face fitted through five sticker centres in one corner, its far side tilted by the
    fit, is brought back to its outline by the two other faces."""
    img, truth = _photo("A")
    faces = locate_faces(img, "A")
    f = faces[2]
    quad = np.array(truth["faces"][f.face]["quad"])
    tilt = np.array([[1.0, 0, 0], [0, 1.0, 0], [0.02, 0.015, 1.0]])  # far corner ~ 0.3 cell off
    cells = {}
    for u, v in ((0, 0), (1, 0), (0, 1), (1, 1), (2, 0)):
        p = f.to_image(u + 0.5, v + 0.5)
        cells[(u, v)] = Quad(p, np.zeros((4, 2)), (np.zeros(2), np.zeros(2)), 100.0)
    bad = Lattice(f.H @ tilt, cells, (0, 1))
    assert np.abs(np.array([bad.to_image(*c) for c in CORNERS]) - quad).max() > 10
    others = [Lattice(g.H, {}, (0, 1)) for g in faces[:2]]
    good = steadied(bad, *others)
    err = np.abs(np.array([good.to_image(*c) for c in CORNERS]) - quad).max()
    assert err < 0.04 * np.linalg.norm(quad[0] - quad[2]), err
