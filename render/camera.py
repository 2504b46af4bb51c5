"""A pinhole camera looking at a cube: pose from look-at, projection of 3D points.

World axes as in models.cube.geometry: x towards R, y towards U, z towards F. The cube of size n
spans -n..n on each axis (doubled coordinates: one sticker place is 2 units wide).
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np


def _unit(v) -> np.ndarray:
    v = np.asarray(v, np.float64)
    return v / np.linalg.norm(v)


def rotation_about(axis, angle: float) -> np.ndarray:
    """Rodrigues rotation matrix, right-handed, ``angle`` in radians."""
    k = _unit(axis)
    kx = np.array([[0, -k[2], k[1]], [k[2], 0, -k[0]], [-k[1], k[0], 0]])
    return np.eye(3) + math.sin(angle) * kx + (1 - math.cos(angle)) * kx @ kx


@dataclass(frozen=True)
class Camera:
    """World-to-camera rotation ``R`` (rows: image right, image down, forward), centre ``C``,
    focal length ``f`` in pixels and image size; the principal point is the image centre."""

    R: np.ndarray
    C: np.ndarray
    f: float
    width: int
    height: int

    @staticmethod
    def look_at(position, target, up_hint, f: float, width: int, height: int,
                roll_deg: float = 0.0) -> "Camera":
        """A camera at ``position`` looking at ``target`` with ``up_hint`` pointing up in the
        image, then turned ``roll_deg`` degrees about its optical axis (positive = the picture
        turns clockwise)."""
        fwd = _unit(np.subtract(target, position))
        right = _unit(np.cross(fwd, up_hint))
        up = np.cross(right, fwd)
        if roll_deg:
            rot = rotation_about(fwd, -math.radians(roll_deg))
            right, up = rot @ right, rot @ up
        R = np.stack([right, -up, fwd])
        return Camera(R, np.asarray(position, np.float64), f, width, height)

    def scaled(self, k: float) -> "Camera":
        """The same view rendered k times larger (for supersampling)."""
        return Camera(self.R, self.C, self.f * k, int(self.width * k), int(self.height * k))

    def project(self, points) -> tuple[np.ndarray, np.ndarray]:
        """Image coordinates (N x 2, pixel centres at integer + 0.5 convention of OpenCV)
        and depths of world points (N x 3)."""
        p = (np.asarray(points, np.float64) - self.C) @ self.R.T
        z = p[:, 2]
        uv = np.stack([self.f * p[:, 0] / z + self.width / 2,
                       self.f * p[:, 1] / z + self.height / 2], axis=1)
        return uv, z

    def sees(self, point, normal) -> bool:
        """True when the outside of a surface at ``point`` with ``normal`` faces the camera."""
        return float(np.dot(normal, self.C - np.asarray(point, np.float64))) > 1e-9


def focal_for_fov(width: int, fov_deg: float) -> float:
    """Focal length in pixels for a horizontal field of view."""
    return width / (2 * math.tan(math.radians(fov_deg) / 2))
