"""A pinhole camera placed by position, target, up and roll (the second renderer's own)."""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np


def unit(v) -> np.ndarray:
    """``v`` scaled to length 1."""
    v = np.asarray(v, np.float64)
    return v / np.linalg.norm(v)


@dataclass(frozen=True)
class Camera:
    """World to pixels: ``rot`` has the camera's right, down and forward axes as rows,
    ``centre`` is its position, ``focal`` and ``principal`` are in pixels of a ``size``
    (width, height) picture. Pixel centres sit at integer coordinates."""

    rot: np.ndarray
    centre: np.ndarray
    focal: float
    principal: tuple[float, float]
    size: tuple[int, int]

    @staticmethod
    def looking(eye, target, up, roll_deg: float, fov_deg: float,
                size: tuple[int, int]) -> "Camera":
        """A camera at ``eye`` looking at ``target``, ``up`` at the top of the picture turned by
        ``roll_deg`` (clockwise in the picture), ``fov_deg`` across the wider side."""
        fwd = unit(np.asarray(target, np.float64) - np.asarray(eye, np.float64))
        right = unit(np.cross(fwd, up))
        down = np.cross(fwd, right)
        a = math.radians(roll_deg)
        right, down = (math.cos(a) * right - math.sin(a) * down,
                       math.sin(a) * right + math.cos(a) * down)
        focal = 0.5 * max(size) / math.tan(math.radians(fov_deg) / 2)
        return Camera(np.array([right, down, fwd]), np.asarray(eye, np.float64), focal,
                      ((size[0] - 1) / 2, (size[1] - 1) / 2), size)

    def scaled(self, k: float) -> "Camera":
        """The same view on a picture ``k`` times larger each way (``k`` such that the size
        stays whole: 2 for supersampling, 0.5 for a half-size draft)."""
        cx, cy = self.principal
        return Camera(self.rot, self.centre, self.focal * k,
                      ((cx + 0.5) * k - 0.5, (cy + 0.5) * k - 0.5),
                      (int(round(self.size[0] * k)), int(round(self.size[1] * k))))

    def project(self, pts) -> np.ndarray:
        """Pixel positions (N, 2) of world points (N, 3)."""
        pc = (np.asarray(pts, np.float64).reshape(-1, 3) - self.centre) @ self.rot.T
        return np.stack([self.focal * pc[:, 0] / pc[:, 2] + self.principal[0],
                         self.focal * pc[:, 1] / pc[:, 2] + self.principal[1]], axis=1)

    def rays(self, width: int, height: int) -> np.ndarray:
        """World directions (height, width, 3) through the pixels of a ``width`` x ``height``
        picture of the same view (scaled from :attr:`size`)."""
        k = width / self.size[0]
        xs = ((np.arange(width) + 0.5) / k - 0.5 - self.principal[0]) / self.focal
        ys = ((np.arange(height) + 0.5) / k - 0.5 - self.principal[1]) / self.focal
        gx, gy = np.meshgrid(xs, ys)
        d = np.stack([gx, gy, np.ones_like(gx)], axis=-1)
        return d @ self.rot
