"""Lay a flat ground under a camera: the exact perspective picture of a painted plane.

The ground is the plane through ``origin`` with unit ``normal`` (pointing up towards the cube);
its own axes are turned ``angle`` about the normal, so a pattern lies at any angle under the
cube. The visible part is painted once at about one texel per picture pixel next to the cube
(:class:`render.sheet.Sheet`), then sampled per pixel through the plane's homography. Far,
strongly foreshortened parts (a corner photo looks across the table) are sampled from blurred,
halved copies of the sheet (mip levels), so a fine grid fades to its mean colour instead of
shimmering into moire, as in a real photo.
"""
from __future__ import annotations

import math
from typing import Callable

import cv2
import numpy as np

from .camera import Camera, rotation_about
from .sheet import Sheet

REACH = 70.0
"""How far from the cube (ground units) the sheet is painted; beyond lies its mean colour."""
MAX_SHEET = 3000
"""The sheet's largest side in pixels (texels grow coarser beyond it)."""
MAX_LEVEL = 6


def plane_axes(normal: np.ndarray, angle: float) -> tuple[np.ndarray, np.ndarray]:
    """Two unit axes (a, b) spanning the plane of ``normal``, turned ``angle`` radians; seen
    from the normal's side a points right when b points down, as a picture's x and y."""
    n = np.asarray(normal, np.float64) / np.linalg.norm(normal)
    helper = np.array([1.0, 0, 0]) if abs(n[0]) < 0.9 else np.array([0, 1.0, 0])
    a = np.cross(helper, n)
    a = rotation_about(n, angle) @ (a / np.linalg.norm(a))
    return a, np.cross(a, n)


def plane_homography(camera: Camera, origin: np.ndarray, a: np.ndarray, b: np.ndarray
                     ) -> np.ndarray:
    """The 3x3 map from plane coordinates (u, v, 1) to homogeneous picture pixels."""
    K = np.array([[camera.f, 0, camera.width / 2], [0, camera.f, camera.height / 2], [0, 0, 1]])
    cols = np.stack([a, b, np.asarray(origin, np.float64) - camera.C], axis=1)
    return K @ camera.R @ cols


def _visible(Hinv: np.ndarray, w: int, h: int) -> tuple[float, float, float, float]:
    """The ground box the picture shows (clipped to :data:`REACH` around the cube)."""
    corners = np.array([[0, 0, 1], [w, 0, 1], [w, h, 1], [0, h, 1], [w / 2, h / 2, 1]],
                       np.float64)
    p = corners @ Hinv.T
    good = p[:, 2] > 1e-12
    if not good[:4].all():
        return -REACH, -REACH, REACH, REACH
    uv = p[:, :2] / p[:, 2:3]
    lo = np.clip(uv.min(axis=0) - 1, -REACH, REACH)
    hi = np.clip(uv.max(axis=0) + 1, -REACH, REACH)
    return float(lo[0]), float(lo[1]), float(hi[0]), float(hi[1])


def lay_ground(camera: Camera, origin: np.ndarray, normal: np.ndarray, angle: float,
               paint: Callable[[Sheet], None]) -> np.ndarray:
    """The picture (RGB float32 in [0, 1], camera-sized) of the ground plane through
    ``origin`` with ``normal``, its axes turned ``angle`` radians, painted by ``paint`` on a
    sheet covering the visible part (ground point (0, 0) is ``origin``)."""
    w, h = camera.width, camera.height
    a, b = plane_axes(normal, angle)
    H = plane_homography(camera, origin, a, b)
    Hinv = np.linalg.inv(H)
    u0, v0, u1, v1 = _visible(Hinv, w, h)
    near = H @ np.array([[0, 1, 0], [0, 0, 1], [1, 1, 1]], np.float64)
    pts = near[:2] / near[2]
    per_unit = math.sqrt(abs(np.linalg.det(np.stack([pts[:, 1] - pts[:, 0],
                                                     pts[:, 2] - pts[:, 0]], axis=1))))
    unit = max(1.0 / max(per_unit, 1e-6), (u1 - u0) / MAX_SHEET, (v1 - v0) / MAX_SHEET)
    sheet = Sheet.blank(u0, v0, u1, v1, unit)
    paint(sheet)
    tex = np.asarray(sheet.image.convert("RGB"), np.float32) / 255.0
    mx, my = _texel_maps(Hinv, (u0, v0), unit, w, h, 1)
    cx, cy = _texel_maps(Hinv, (u0, v0), unit, w, h, 8)
    level = cv2.resize(_mip_level(cx, cy, 8), (w, h), interpolation=cv2.INTER_LINEAR)
    mean = tuple(float(c) for c in tex.reshape(-1, 3).mean(axis=0))
    pyramid = [tex]
    out = np.zeros((h, w, 3), np.float32)
    for lv in range(int(np.floor(level.min())), int(np.ceil(level.max())) + 1):
        weight = np.clip(1 - np.abs(level - lv), 0, 1)
        if weight.max() <= 0:
            continue
        while len(pyramid) <= lv and min(pyramid[-1].shape[:2]) >= 8:
            pyramid.append(cv2.pyrDown(pyramid[-1]))
        img = pyramid[min(lv, len(pyramid) - 1)]
        k = img.shape[1] / tex.shape[1]
        sample = cv2.remap(img, (mx + 0.5) * k - 0.5, (my + 0.5) * k - 0.5, cv2.INTER_LINEAR,
                           borderMode=cv2.BORDER_CONSTANT, borderValue=mean)
        out += sample * weight[..., None]
    return out


def _texel_maps(Hinv: np.ndarray, corner: tuple[float, float], unit: float, w: int, h: int,
                step: int) -> tuple[np.ndarray, np.ndarray]:
    """Sheet pixel coordinates (x and y maps) of every ``step``-th picture pixel; far off the
    sheet where the pixel's ray misses the plane."""
    ys, xs = np.mgrid[0:h:step, 0:w:step].astype(np.float32)
    hom = Hinv.astype(np.float32)
    den = hom[2, 0] * xs + hom[2, 1] * ys + hom[2, 2]
    valid = den > 1e-9
    den = np.where(valid, den, 1.0)
    mx = ((hom[0, 0] * xs + hom[0, 1] * ys + hom[0, 2]) / den - corner[0]) / unit - 0.5
    my = ((hom[1, 0] * xs + hom[1, 1] * ys + hom[1, 2]) / den - corner[1]) / unit - 0.5
    mx[~valid] = -1e6
    my[~valid] = -1e6
    return mx, my


def _mip_level(mx: np.ndarray, my: np.ndarray, step: int) -> np.ndarray:
    """The mip level per pixel: log2 of the sheet pixels one picture pixel spans (the longer
    of its two directions), from maps sampled every ``step`` pixels."""
    mx_y, mx_x = np.gradient(mx)
    my_y, my_x = np.gradient(my)
    texels = np.maximum(np.hypot(mx_x, my_x), np.hypot(mx_y, my_y)) / step
    level = np.clip(np.log2(np.maximum(texels, 1e-6)), 0, MAX_LEVEL).astype(np.float32)
    level[np.abs(mx) > 1e5] = MAX_LEVEL
    return level
