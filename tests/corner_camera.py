"""A cube's corner as a pinhole camera sees it, for the tests of corner fits: the three faces
round the corner (3, 3, 3) of a cube of side 3 and their projection into an 800 x 600
picture, from a camera 9 units out from the corner, looking at the cube's middle."""
from __future__ import annotations

import numpy as np

FACES_3D = (
    lambda u, v: (3.0, u, v),  # x = 3
    lambda u, v: (u, 3.0, v),  # y = 3
    lambda u, v: (u, v, 3.0),  # z = 3
)
"""The three faces round the cube corner (3, 3, 3), as functions of their lattice
coordinates."""

STEEP = (0.35, 1.0, 0.9)
"""A camera's way out from the corner near its diagonal, turned so that the face x = 3 is
seen steeply."""


def project(p3: tuple[float, float, float], away: tuple[float, float, float] = STEEP
            ) -> np.ndarray:
    """The picture point (x, y) of ``p3`` seen by a camera 9 units ``away`` from the corner
    (a direction), looking at the cube's middle, focal length 700 pixels, centred at
    (400, 300)."""
    way = np.array(away)
    pos = np.array([3.0, 3.0, 3.0]) + 9.0 * way / np.linalg.norm(way)
    fwd = np.array([1.5, 1.5, 1.5]) - pos
    fwd /= np.linalg.norm(fwd)
    right = np.cross(fwd, [0.0, 0.0, 1.0])
    right /= np.linalg.norm(right)
    x, y, z = np.array([right, np.cross(fwd, right), fwd]) @ (np.array(p3) - pos)
    return np.array([400 + 700 * x / z, 300 + 700 * y / z])
