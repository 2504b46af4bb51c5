"""Is a lattice a flat square grid seen through a camera? The perspective check of a face.

A face's nine sticker centres lie on a square grid in a plane, so the homography ``H`` from
lattice coordinates to the picture is ``K [r1 r2 t]`` up to scale: with the camera's matrix
``K`` (focal length f, principal point near the picture's centre) taken out, its first two
columns are a rotation's, at right angles and of equal length. A lattice that bends round a
cube's edge (two faces seen at about 45 degrees, the window straddling the edge) still fits a
homography, but no focal length makes those two columns square: the check measures how far
they are from it at the best focal length of a wide range of cameras. The principal point is
taken at the picture's centre, as a camera takes it: letting it wander (a fifth of the picture
is enough) makes lattices bent round an edge pass, so a photo cropped far off-centre and
steeply tilted may be refused (take it again uncropped).
"""
from __future__ import annotations

import cv2
import numpy as np

from ..numeric import TINY
from .lattice import OUTLIER

FOCAL_RANGE = (0.5, 4.0)
"""Focal lengths tried, in units of the picture's longer side (a wide phone lens is about
0.8, a zoomed one 2 to 3)."""

_FOCALS = np.geomspace(*FOCAL_RANGE, 16)
"""The focal lengths of :data:`FOCAL_RANGE` tried, in even steps of ratio (a seventh apart):
by :func:`squareness` and :func:`square_fit` alike."""

SQUARE_SLACK = 0.08
"""A lattice is a plausible view of a square grid when, at some focal length, the cosine of
the angle between the rotation's columns and the log of their length ratio both stay below
this (real faces measure up to about 0.05; lattices across an edge 0.1 and more)."""


def squareness(hom: np.ndarray, width: int, height: int) -> float:
    """How far the lattice ``hom`` (lattice -> pixels of a ``width`` x ``height`` picture) is
    from a square grid seen by a pinhole camera centred on the picture: the smallest, over
    :data:`FOCAL_RANGE`, of the larger of |cos(angle between r1 and r2)| and |log(|r1|/|r2|)|.
    0 for a perfect view."""
    centred = np.array([[1.0, 0, -width / 2], [0, 1.0, -height / 2], [0, 0, 1.0]]) @ hom
    f = _FOCALS[:, None] * max(width, height)
    r1 = np.stack([centred[0, 0] / f[:, 0], centred[1, 0] / f[:, 0],
                   np.full(len(f), centred[2, 0])], 1)
    r2 = np.stack([centred[0, 1] / f[:, 0], centred[1, 1] / f[:, 0],
                   np.full(len(f), centred[2, 1])], 1)
    n1, n2 = np.linalg.norm(r1, axis=1), np.linalg.norm(r2, axis=1)
    with np.errstate(divide="ignore", invalid="ignore"):
        cos = np.abs((r1 * r2).sum(1)) / (n1 * n2)
        ratio = np.abs(np.log(n1 / n2))
    off = np.nan_to_num(np.maximum(cos, ratio), nan=np.inf)
    return float(off.min())


def plausible(hom: np.ndarray, width: int, height: int) -> bool:
    """True when the lattice can be a flat square grid seen by a camera (see
    :data:`SQUARE_SLACK`)."""
    return squareness(hom, width, height) <= SQUARE_SLACK


SQUARE_FIT_SLACK = OUTLIER
"""A lattice set aside by :func:`plausible` is refitted as a flat square grid seen by a camera
centred on the picture (:func:`square_fit`) when every one of its blobs lies within this share
of a pitch of that grid, as near as a blob must lie to any lattice fitted to it
(:data:`vision.locate.lattice.OUTLIER`): blob centres stray by a few pixels (a digit's weight, glare
at a sticker's edge), and over a 3x3 lattice that noise alone bends a free homography past
:data:`SQUARE_SLACK`, the more so the fewer pixels a pitch spans. The fit alone does not tell
a lattice bent round a cube's edge (with a free focal length those lie within about
0.08..0.14 pitch too): the refitted lattice is scored anew, and a flat grid laid across an
edge frames the stickers of neither face well (:func:`vision.locate.hypotheses.flat_faces`)."""


def square_fit(src: np.ndarray, dst: np.ndarray, width: int, height: int
               ) -> tuple[np.ndarray | None, float]:
    """The lattice (lattice -> pixels) of a flat square grid seen by a pinhole camera with its
    principal point at the picture's centre that best fits lattice points ``src`` (N, 2) to
    picture points ``dst`` (N, 2), over :data:`FOCAL_RANGE`, and its worst residual in
    pitches; (None, inf) when no pose fits. Unlike a free homography it cannot bend, so
    blob noise does not make a true face look bent (see :data:`SQUARE_FIT_SLACK`)."""
    if len(src) < 4:  # fewer fix no pose (each point gives two equations for seven unknowns)
        return None, float("inf")
    obj = np.hstack([src, np.zeros((len(src), 1))]).astype(np.float64)
    img = dst.astype(np.float64).reshape(-1, 1, 2)
    best: tuple[np.ndarray | None, float] = (None, float("inf"))
    side = max(width, height)
    for f in _FOCALS * side:
        k = np.array([[f, 0.0, width / 2], [0.0, f, height / 2], [0.0, 0.0, 1.0]])
        try:
            ok, rvec, tvec = cv2.solvePnP(obj, img, k, None, flags=cv2.SOLVEPNP_IPPE)
        except cv2.error:
            continue
        if not ok or tvec[2, 0] <= 0:
            continue
        rot, _ = cv2.Rodrigues(rvec)
        hom = k @ np.column_stack([rot[:, 0], rot[:, 1], tvec[:, 0]])
        hom = hom / hom[2, 2]
        p = np.hstack([src, np.ones((len(src), 1))]) @ hom.T
        res = np.linalg.norm(p[:, :2] / p[:, 2:3] - dst, axis=1).max()
        res /= max(_pitch(hom), TINY)
        if res < best[1]:
            best = (hom, float(res))
    return best


def _pitch(hom: np.ndarray) -> float:
    """The lattice's pitch in pixels at its centre cell."""
    p = np.array([[1.0, 1.0, 1.0], [2.0, 1.0, 1.0], [1.0, 2.0, 1.0]]) @ hom.T
    p = p[:, :2] / p[:, 2:3]
    (ax, ay), (bx, by) = p[1] - p[0], p[2] - p[0]
    return float(np.sqrt(abs(ax * by - ay * bx)))
