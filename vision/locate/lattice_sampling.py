"""A face lattice's points in the picture: projected through homographies, and sampled.

Lattice coordinates put the cell centres at 0..2; a homography maps them to the picture.
:func:`sample` reads the picture at the same lattice points of many homographies at once, in
one remap, so every window of candidate lattices is judged in one pass.
"""
from __future__ import annotations

import cv2
import numpy as np

from .face_geometry import CENTRES


SAMPLE_STEP = 0.1
"""How far apart (pitches) a lattice's samples lie along a line, along a cell's side and
across its inner part (:func:`spaced`): several on every sticker's side and across its
plateau."""


def spaced(lo: float, hi: float, step: float = SAMPLE_STEP) -> np.ndarray:
    """Samples from ``lo`` to ``hi`` (lattice units), both ends included, ``step`` apart (as
    near as the span allows)."""
    return np.linspace(lo, hi, round((hi - lo) / step) + 1)


def lattice_points(offsets: np.ndarray) -> np.ndarray:
    """Lattice points (N, 2): every cell centre (0..2, 0..2) plus each offset."""
    return (CENTRES[:, None, :] + offsets[None, :, :]).reshape(-1, 2)


def project_all(homs: np.ndarray, pts: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Lattice points (N, 2) through K homographies (K, 3, 3): image positions (K, N, 2),
    points behind the camera or at infinity far outside, and the (K, N) depth signs."""
    return project(homs, homogeneous(pts))


def homogeneous(pts: np.ndarray) -> np.ndarray:
    """Points (N, 2) as (N, 3) with a last coordinate 1."""
    return np.hstack([pts, np.ones((len(pts), 1))])


_SHORT = int(np.iinfo(np.int16).max)
"""OpenCV's remap addresses its maps, and the points of a map, by short integers."""

FAR = _SHORT
"""Where a point that falls nowhere in the picture is put (behind the camera, at infinity, or
a map's padding), and how far out any point is kept: outside every picture, at the farthest
point OpenCV's remap addresses (:data:`_SHORT`; a point farther out reads as this one)."""


def project(homs: np.ndarray, ph: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """:func:`project_all` of homogeneous points ``ph`` (N, 3)."""
    p = ph @ homs.transpose(0, 2, 1)
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        xy = p[..., :2] / p[..., 2:3]
    xy[~np.isfinite(xy)] = -FAR
    return np.clip(xy, -FAR, FAR, out=xy), p[..., 2]


def sample(img: np.ndarray, homs: np.ndarray, pts: np.ndarray) -> np.ndarray:
    """The image at the lattice points ``pts`` of each homography, (K, N) float32, 0 outside;
    one remap for all of them."""
    return sample_at(img, lookup(homs, homogeneous(pts)), len(homs))


def lookup(homs: np.ndarray, ph: np.ndarray) -> tuple[np.ndarray, np.ndarray, int]:
    """Where :func:`sample` looks for the homogeneous lattice points ``ph`` of each of
    ``homs``: OpenCV's two maps (rows of points, as few as :data:`_SHORT` allows, each at
    most one narrower, of equal width) and how many points. The points of :func:`project`,
    bit for bit (the same products, each lattice's points laid out as rows: each map is
    divided out and written whole, not interleaved with the other and split again)."""
    p = np.matmul(homs, ph.T)
    k, _, m = p.shape
    n = k * m
    rows = -(-n // (_SHORT - 1))
    width = -(-n // rows)
    maps = []
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        for axis in (0, 1):
            at = p[:, axis] / p[:, 2]
            at[~np.isfinite(at)] = -FAR
            grid = np.full(rows * width, -FAR, np.float32)
            grid[:n] = np.clip(at, -FAR, FAR, out=at).ravel()
            maps.append(grid.reshape(rows, width))
    return maps[0], maps[1], n


def sample_at(img: np.ndarray, where: tuple[np.ndarray, np.ndarray, int], k: int) -> np.ndarray:
    """The image at the points of a :func:`lookup`, (k, N / k) float32, 0 outside."""
    mx, my, n = where
    out = cv2.remap(img, mx, my, cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT,
                    borderValue=0)
    return out.reshape(-1)[:n].reshape(k, -1).astype(np.float32)


def sample_channels(img: np.ndarray, where: tuple[np.ndarray, np.ndarray, int], k: int
                    ) -> np.ndarray:
    """A picture of several channels (H, W, C) at the points of a :func:`lookup`,
    (k, N / k, C) float32, 0 outside: one remap for every channel."""
    mx, my, n = where
    out = cv2.remap(img, mx, my, cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT,
                    borderValue=0)
    return out.reshape(-1, img.shape[2])[:n].reshape(k, n // k, -1).astype(np.float32)


def outside_at(where: tuple[np.ndarray, np.ndarray, int], shape: tuple[int, ...], k: int
               ) -> np.ndarray:
    """Which points of a :func:`lookup` lie outside a picture of ``shape`` (where
    :func:`sample_at` reads 0), (k, N / k)."""
    mx, my, n = where
    h, w = shape[:2]
    x, y = mx.reshape(-1)[:n], my.reshape(-1)[:n]
    return ((x < 0) | (y < 0) | (x > w - 1) | (y > h - 1)).reshape(k, -1)

