"""Which faces a corner photo shows, where, and how each face's net view sits in the picture.

Everything here is derived from the 3D model (``models.cube.geometry``) and the camera described in
docs/photos.md, never typed by hand: photo ``A`` looks along -(1, 1, 1) at the U/F/R
corner with image-up along +y; photo ``B`` looks along (1, 1, 1) at the D/L/B corner with
image-up along -y. An ideal orthographic camera gives, for every visible face, its place in the
picture (top / lower left / lower right) and the 3D corner points it shares with the other two
visible faces; the reader matches those points with the lattices it finds, which fixes the net
orientation of each face whatever the roll of the real photo.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np

from ....models.cube.geometry import FACES, NORMAL, VIEW_UP, Vec, view_right

PHOTOS: dict[str, tuple[Vec, Vec]] = {
    "A": ((1, 1, 1), (0, 1, 0)),
    "B": ((-1, -1, -1), (0, -1, 0)),
}
"""Per corner photo: the visible corner's direction (the camera sits out along it) and the 3D
direction that is image-up (docs/photos.md)."""

PLACES = ("top", "lower left", "lower right")
"""Where a face appears in a corner photo, in the order :func:`corner_faces` lists them."""


@dataclass(frozen=True)
class FaceInPhoto:
    """One face of a corner photo: its name, its place and its net geometry.

    ``corner_net`` is the net coordinate (col, row), each 0..3 in sticker units, of the visible
    cube corner on this face; ``towards_net`` maps each of the two other visible faces to the net
    coordinate of the far end of the edge this face shares with it.
    """

    face: str
    place: str
    corner_net: tuple[int, int]
    towards_net: dict[str, tuple[int, int]]


def _camera_axes(photo: str) -> tuple[np.ndarray, np.ndarray]:
    """Image right and image down (unit 3D vectors) of the ideal camera of a photo."""
    corner, up = PHOTOS[photo]
    fwd = -np.asarray(corner, float) / np.linalg.norm(corner)
    right = np.cross(fwd, up)
    right /= np.linalg.norm(right)
    img_up = np.cross(right, fwd)
    return right, -img_up


def project(photo: str, point) -> np.ndarray:
    """Ideal orthographic image position (x right, y down) of a 3D point in a photo."""
    right, down = _camera_axes(photo)
    p = np.asarray(point, float)
    return np.array([p @ right, p @ down])


def net_coord(face: str, point: Vec, n: int = 3) -> tuple[int, int]:
    """Net coordinate (col, row), in sticker units 0..n, of a 3D point on a face (doubled
    coordinates, the face spanning -n..n)."""
    r = sum(a * b for a, b in zip(point, view_right(face)))
    u = sum(a * b for a, b in zip(point, VIEW_UP[face]))
    return (r + n) // 2, (n - u) // 2


def _by_place(photo: str, corner: Vec, visible: list[str], n: int) -> dict[str, str]:
    """The ``visible`` faces of corner photo ``photo`` by their place (:data:`PLACES`): the
    top face's centre lies highest in the picture (image y runs down), the lower left one's
    left of the lower right one's."""
    centre = {f: project(photo, tuple(n * c for c in NORMAL[f])) - project(photo, corner)
              for f in visible}
    top = min(visible, key=lambda f: centre[f][1])
    lower = sorted((f for f in visible if f != top), key=lambda f: centre[f][0])
    return dict(zip(PLACES, [top, *lower]))


@cache
def corner_faces(photo: str, n: int = 3) -> tuple[FaceInPhoto, ...]:
    """The three faces of a corner photo, ordered top, lower left, lower right."""
    if photo not in PHOTOS:
        raise ValueError(f"unknown corner photo {photo!r} (expected A or B)")
    corner_dir = PHOTOS[photo][0]
    corner: Vec = tuple(n * c for c in corner_dir)  # type: ignore[assignment]
    visible = [f for f in FACES if sum(a * b for a, b in zip(NORMAL[f], corner_dir)) > 0]
    found = _by_place(photo, corner, visible, n)
    out = []
    for place in PLACES:
        f = found[place]
        towards = {}
        for g in visible:
            if g == f:
                continue
            # the shared edge runs from the corner along the axis normal to neither f nor g
            axis = next(i for i in range(3) if NORMAL[f][i] == 0 and NORMAL[g][i] == 0)
            end = list(corner)
            end[axis] = -end[axis]
            towards[g] = net_coord(f, tuple(end), n)  # type: ignore[arg-type]
        out.append(FaceInPhoto(f, place, net_coord(f, corner, n), towards))
    return tuple(out)


def face_names(photo: str) -> tuple[str, str, str]:
    """The faces of a corner photo in place order (top, lower left, lower right)."""
    return tuple(f.face for f in corner_faces(photo))  # type: ignore[return-value]


def ideal_net_to_image(photo: str, face: str, n: int = 3) -> np.ndarray:
    """3x3 affine matrix taking net (col, row) of ``face`` to its ideal orthographic image
    position in ``photo`` (for tests and for rendering checks)."""
    normal, up, right = NORMAL[face], VIEW_UP[face], view_right(face)

    def point(col: float, row: float) -> np.ndarray:
        return (n * np.asarray(normal, float) + (2 * col - n) * np.asarray(right, float)
                + (n - 2 * row) * np.asarray(up, float))

    o = project(photo, point(0, 0))
    ex = project(photo, point(1, 0)) - o
    ey = project(photo, point(0, 1)) - o
    return np.array([[ex[0], ey[0], o[0]], [ex[1], ey[1], o[1]], [0, 0, 1]])
