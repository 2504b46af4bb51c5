"""The whole cube of a corner photo predicted from one face under perspective.

A face lattice found well (its homography from lattice (u, v), 0..3, to the image) fixes the
pose of that face's plane once the camera's focal length is known: ``K^-1 H = s [r1 r2 t]``
(principal point at the image centre, square pixels). The cube is that face extruded three
sticker pitches away from the camera, so the pose also fixes the two other visible faces
exactly, perspective included. The focal length is not known: :func:`focal_guesses` lists
the one the face's own homography implies (when its perspective is strong enough to tell)
and a spread of phone-like values, and the caller keeps the guess whose predicted faces the
picture confirms.
"""
from __future__ import annotations

import math

import cv2
import numpy as np

from .lattice import CORNERS

"""Lattice corners in outline order."""

FOCAL_WIDTHS = (*np.geomspace(0.55, 1.7, 6), 4.0)
"""Focal lengths tried, in image widths (horizontal fields of view of about 85 to 14 degrees:
wide phone lenses to a zoomed-in shot, where perspective fades): a geometric series, each a
like step in perspective, over the phone lenses (85 to 33 degrees), then a long zoom."""


def _camera(f: float, shape: tuple[int, ...]) -> np.ndarray:
    """Intrinsic matrix: focal length ``f`` pixels, principal point at the image centre."""
    h, w = shape[:2]
    return np.array([[f, 0, w / 2], [0, f, h / 2], [0, 0, 1.0]])


def implied_focal(H: np.ndarray, shape: tuple[int, ...]) -> float | None:
    """The focal length (pixels) at which lattice ``H`` is the image of a square grid (its
    two axes orthogonal and of equal length); None when no focal length makes it one (a
    face seen straight on, or an ill-conditioned lattice): a weak perspective implies a long
    focal length, which the caller tries among its guesses."""
    h, w = shape[:2]
    T = np.array([[1, 0, -w / 2], [0, 1, -h / 2], [0, 0, 1.0]])
    M = T @ H
    (a1, b1, c1), (a2, b2, c2) = M[:, 0], M[:, 1]
    rows, rhs = [], []
    # (a1 a2 + b1 b2) / f^2 + c1 c2 = 0 ; (a1^2 + b1^2 - a2^2 - b2^2) / f^2 + c1^2 - c2^2 = 0
    for p, q in ((a1 * a2 + b1 * b2, c1 * c2), (a1 * a1 + b1 * b1 - a2 * a2 - b2 * b2,
                                                c1 * c1 - c2 * c2)):
        rows.append(p)
        rhs.append(-q)
    p, q = np.array(rows), np.array(rhs)
    if float(p @ p) <= 0:
        return None
    inv_f2 = float(p @ q) / float(p @ p)
    if inv_f2 <= 0:
        return None
    return 1 / math.sqrt(inv_f2)


def focal_guesses(H: np.ndarray, shape: tuple[int, ...]) -> list[float]:
    """Focal lengths (pixels) worth trying for a photo: the one lattice ``H`` implies, if any,
    then :data:`FOCAL_WIDTHS`."""
    w = shape[1]
    out = [w * k for k in FOCAL_WIDTHS]
    f = implied_focal(H, shape)
    return ([f] if f is not None else []) + out


def face_pose(H: np.ndarray, f: float, shape: tuple[int, ...]) -> tuple[np.ndarray, np.ndarray]:
    """Rotation (columns: the face's u axis, v axis, normal) and translation, in lattice units
    (one sticker pitch), of the face plane of lattice ``H`` seen with focal length ``f``."""
    M = np.linalg.inv(_camera(f, shape)) @ H
    scale = 2 / (np.linalg.norm(M[:, 0]) + np.linalg.norm(M[:, 1]))
    if M[2, 2] * scale < 0:  # the face lies in front of the camera
        scale = -scale
    r1, r2, t = M[:, 0] * scale, M[:, 1] * scale, M[:, 2] * scale
    U, _, Vt = np.linalg.svd(np.stack([r1, r2, np.cross(r1, r2)], axis=1))
    R = U @ Vt
    if np.linalg.det(R) < 0:
        R = U @ np.diag([1, 1, -1.0]) @ Vt
    return R, t


def _face_points(axis: int, side: float, depth: float) -> list[np.ndarray]:
    """The four outline corners, in the found face's frame, of the box side ``axis`` = side
    (axis 0: u, 1: v) of the cube extruded to w = ``depth``; their order defines the new
    face's own lattice axes (its edge along w second)."""
    other = 1 - axis
    pts = []
    for a, b in CORNERS:
        p = np.zeros(3)
        p[axis] = side
        p[other] = a
        p[2] = depth * b / 3
        pts.append(p)
    return pts


def other_faces(H: np.ndarray, f: float, shape: tuple[int, ...]) -> list[np.ndarray]:
    """Lattice homographies (lattice 0..3 to image) of the cube faces, besides the one of
    lattice ``H``, that a camera of focal length ``f`` sees: two for a corner view."""
    R, t = face_pose(H, f, shape)
    K = _camera(f, shape)
    eye = -R.T @ t  # camera centre in the face's frame
    depth = -3.0 if eye[2] > 0 else 3.0  # the cube lies behind the face
    out = []
    for axis in (0, 1):
        if 0 <= eye[axis] <= 3:
            continue  # both sides of this axis are seen edge-on or not at all
        side = 0.0 if eye[axis] < 0 else 3.0
        pts = np.array([K @ (R @ p + t) for p in _face_points(axis, side, depth)])
        if np.any(pts[:, 2] <= 0):
            continue
        img = (pts[:, :2] / pts[:, 2:]).astype(np.float32)
        if abs(cv2.contourArea(img)) < 1.0:
            continue
        out.append(cv2.getPerspectiveTransform(np.array(CORNERS, np.float32), img)
                   .astype(np.float64))
    return out

