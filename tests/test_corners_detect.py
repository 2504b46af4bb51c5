"""Corner-photo detection: a face rebuilt from the other two, a face washed out by glare."""
from __future__ import annotations

from functools import cache

import cv2
import numpy as np
import pytest

from models.generator import make_puzzle
from samples.render import PhotoStyle, render_corner_photo
from vision.corner_faces import CornerPhotoError, locate_faces
from vision.corner_lattice import Lattice, find_lattices
from vision.corner_rebuild import predict_third


@cache
def _photo(which: str):
    puzzle = make_puzzle(5151, 25)
    return render_corner_photo(puzzle.state.faces(), which, 900 + ord(which),
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
    with pytest.raises(CornerPhotoError, match="corner photo B shows only two faces"):
        locate_faces(img, "B")
