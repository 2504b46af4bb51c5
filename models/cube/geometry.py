"""Sticker geometry of an N x N x N cube, derived from 3D vectors.

Every facelet is a position, an outward normal and the face's view axes (up and right), all
integer vectors. Axes: x towards R, y towards U, z towards F (docs/conventions.md). Positions use
doubled coordinates so that they stay integers: cubie centres sit at -(N-1), ..., N-1 in steps
of 2 and the stickers on the surface at +-N. Face turns are 90 degree rotations of a layer, so
the move tables come from rotating vectors, never from typed permutation numbers.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cache

Vec = tuple[int, int, int]

FACES: tuple[str, ...] = ("U", "R", "F", "D", "L", "B")
"""Faces in the order of docs/conventions.md and Kociemba's facelet string."""

FACE_NAMES = {"U": "up", "R": "right", "F": "front", "D": "down", "L": "left", "B": "back"}

FACE_PLACES = {"U": "top", "R": "right", "F": "front", "D": "bottom", "L": "left", "B": "back"}
"""Where each face is when the cube is held with F towards the person and U on top."""

NET_LAYOUT: dict[str, tuple[int, int]] = {"U": (0, 1), "L": (1, 0), "F": (1, 1), "R": (1, 2),
                                          "B": (1, 3), "D": (2, 1)}
"""Where each face stands in a drawn net (docs/conventions.md): (row, column) in faces."""

NORMAL: dict[str, Vec] = {
    "U": (0, 1, 0), "R": (1, 0, 0), "F": (0, 0, 1),
    "D": (0, -1, 0), "L": (-1, 0, 0), "B": (0, 0, -1),
}
"""Outward normal of each face."""

VIEW_UP: dict[str, Vec] = {
    "U": (0, 0, -1), "D": (0, 0, 1),
    "R": (0, 1, 0), "F": (0, 1, 0), "L": (0, 1, 0), "B": (0, 1, 0),
}
"""Direction that is the top of the view of each face (U: B on top, D: F on top)."""


def cross(a: Vec, b: Vec) -> Vec:
    """Cross product of two integer vectors."""
    return (a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0])


def dot(a: Vec, b: Vec) -> int:
    """Dot product of two integer vectors."""
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]


def neg(a: Vec) -> Vec:
    """The opposite vector."""
    return (-a[0], -a[1], -a[2])


def add(*vs: Vec) -> Vec:
    """Sum of vectors."""
    return (sum(v[0] for v in vs), sum(v[1] for v in vs), sum(v[2] for v in vs))


def scale(k: int, a: Vec) -> Vec:
    """A vector times an integer."""
    return (k * a[0], k * a[1], k * a[2])


def view_right(face: str) -> Vec:
    """Direction that is the right of the view of a face (up x normal)."""
    return cross(VIEW_UP[face], NORMAL[face])


def face_of_normal(normal: Vec) -> str:
    """The face whose outward normal is ``normal``."""
    for face, n in NORMAL.items():
        if n == normal:
            return face
    raise ValueError(f"not a face normal: {normal}")


def rotation_of(direction: Vec, face: str) -> int:
    """Quarter turns clockwise from the face's view-up to ``direction`` (0-3), as in a token."""
    up, right = VIEW_UP[face], view_right(face)
    for rot, axis in enumerate((up, right, neg(up), neg(right))):
        if axis == direction:
            return rot
    raise ValueError(f"{direction} is not in the plane of face {face}")


def direction_of(rotation: int, face: str) -> Vec:
    """The 3D direction a digit's top points to on ``face`` for a token rotation."""
    up, right = VIEW_UP[face], view_right(face)
    return (up, right, neg(up), neg(right))[rotation % 4]


def rotate_quarter(v: Vec, axis: Vec, turns: int) -> Vec:
    """Rotate ``v`` by ``turns`` quarter turns clockwise as seen looking at ``axis`` from outside.

    Clockwise seen from outside is a negative rotation about the outward axis:
    one step maps v to -(axis x v) + axis (axis . v).
    """
    for _ in range(turns % 4):
        c = cross(axis, v)
        a = dot(axis, v)
        v = (-c[0] + axis[0] * a, -c[1] + axis[1] * a, -c[2] + axis[2] * a)
    return v


@dataclass(frozen=True)
class Facelet:
    """One sticker place: its face, row and column in the net view, and its 3D frame."""

    index: int
    face: str
    row: int
    col: int
    pos: Vec
    normal: Vec

    @property
    def name(self) -> str:
        """Net name such as ``U1`` (1-based, row by row), as in Kociemba's facelet string."""
        n = max(abs(c) for c in self.pos)  # the surface sits at +-n in doubled coordinates
        return f"{self.face}{self.row * n + self.col + 1}"


@cache
def facelets(n: int = 3) -> tuple[Facelet, ...]:
    """All 6*n*n facelets in net order: faces U R F D L B, each row by row from the top."""
    out = []
    for face in FACES:
        normal, up, right = NORMAL[face], VIEW_UP[face], view_right(face)
        for row in range(n):
            for col in range(n):
                pos = add(scale(n, normal), scale(2 * col - (n - 1), right),
                          scale((n - 1) - 2 * row, up))
                out.append(Facelet(len(out), face, row, col, pos, normal))
    return tuple(out)


@cache
def facelet_index(n: int = 3) -> dict[tuple[Vec, Vec], int]:
    """Map (position, normal) to the facelet index."""
    return {(f.pos, f.normal): f.index for f in facelets(n)}


def cubie_of(f: Facelet, n: int = 3) -> Vec:
    """Doubled coordinates of the cubie that carries facelet ``f``."""
    return add(f.pos, neg(f.normal))


def layer_depth(f: Facelet, axis: Vec, n: int = 3) -> int:
    """Depth (1 = outermost) of the facelet's cubie in the layers perpendicular to ``axis``."""
    c = dot(cubie_of(f, n), axis)
    return (n - 1 - c) // 2 + 1


@cache
def turn_table(n: int, face: str, depths: tuple[int, ...] = (1,), turns: int = 1) -> tuple[
        tuple[int, ...], tuple[int, ...]]:
    """The sticker permutation and rotation change of turning layers of one face.

    Returns ``(source, twist)``: after the turn, facelet ``d`` holds the sticker that was at
    ``source[d]``, turned ``twist[d]`` more quarter turns clockwise in ``d``'s face view.
    ``depths`` lists which layers (1 = the face itself) turn with the face.
    """
    axis = NORMAL[face]
    index = facelet_index(n)
    size = 6 * n * n
    source = list(range(size))
    twist = [0] * size
    for f in facelets(n):
        if layer_depth(f, axis, n) not in depths:
            continue
        pos, normal = rotate_quarter(f.pos, axis, turns), rotate_quarter(f.normal, axis, turns)
        dst = index[(pos, normal)]
        dst_face = face_of_normal(normal)
        source[dst] = f.index
        twist[dst] = rotation_of(rotate_quarter(VIEW_UP[f.face], axis, turns), dst_face)
    return tuple(source), tuple(twist)


@cache
def whole_cube_rotations() -> tuple[tuple[Vec, Vec, Vec], ...]:
    """The 24 proper rotations of the cube as images of the x, y and z axes."""
    axes = [(1, 0, 0), (0, 1, 0), (0, 0, 1), (-1, 0, 0), (0, -1, 0), (0, 0, -1)]
    out = []
    for ex in axes:
        for ey in axes:
            if dot(ex, ey) != 0:
                continue
            out.append((ex, ey, cross(ex, ey)))
    return tuple(out)


def apply_rotation(rot: tuple[Vec, Vec, Vec], v: Vec) -> Vec:
    """Apply a whole-cube rotation (images of the axes) to a vector."""
    ex, ey, ez = rot
    return add(scale(v[0], ex), scale(v[1], ey), scale(v[2], ez))
