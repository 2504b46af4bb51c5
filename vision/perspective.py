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

import numpy as np

FOCAL_RANGE = (0.5, 4.0)
"""Focal lengths tried, in units of the picture's longer side (a wide phone lens is about
0.8, a zoomed one 2 to 3)."""

SQUARE_SLACK = 0.08
"""A lattice is a plausible view of a square grid when, at some focal length, the cosine of
the angle between the rotation's columns and the log of their length ratio both stay below
this (real faces measure up to about 0.05; lattices across an edge 0.1 and more)."""

_FOCALS = np.geomspace(*FOCAL_RANGE, 48)


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
