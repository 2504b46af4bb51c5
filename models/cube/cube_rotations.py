"""Whole-cube rotations as a person makes them: the cube turned in the hand, not a layer.

A slip check needs them twice: a cube picked up turned (and held that way since) is one of the
slips, and the repair plan must name its turns in the frame the cube is held in now. Rotations
are indices into :func:`geometry.whole_cube_rotations`; these functions turn an index into a
sticker transform, compose two, relabel moves and describe a rotation in words.
"""
from __future__ import annotations

from functools import cache
from typing import Iterable

from .geometry import (FACE_NAMES, FACES, NORMAL, VIEW_UP, apply_rotation, face_of_normal,
                       facelet_index, facelets, rotation_of, whole_cube_rotations)
from .moves import Move
from .transform import Transform


@cache
def rotation_transform(index: int) -> Transform:
    """The sticker transform of turning the whole cube by rotation ``index``."""
    rot = whole_cube_rotations()[index]
    where = facelet_index(3)
    size = 54
    source, twist = [0] * size, [0] * size
    for f in facelets(3):
        pos, normal = apply_rotation(rot, f.pos), apply_rotation(rot, f.normal)
        dst = where[(pos, normal)]
        source[dst] = f.index
        twist[dst] = rotation_of(apply_rotation(rot, VIEW_UP[f.face]), face_of_normal(normal))
    return Transform(tuple(source), tuple(twist))


@cache
def identity_rotation() -> int:
    """Index of the rotation that changes nothing."""
    return next(i for i in range(24) if rotation_transform(i).is_identity())


@cache
def tilts() -> tuple[int, ...]:
    """The whole-cube turns a person makes by tilting the cube about one axis: a quarter or half
    turn about the x, y or z axis (9 of the 23 rotations that move the cube)."""
    axes = ((1, 0, 0), (0, 1, 0), (0, 0, 1))
    rots = whole_cube_rotations()
    return tuple(i for i, rot in enumerate(rots) if i != identity_rotation()
                 and any(apply_rotation(rot, a) == a for a in axes))


def rotated_face(index: int, face: str) -> str:
    """Where face ``face`` ends up after whole-cube rotation ``index``."""
    return face_of_normal(apply_rotation(whole_cube_rotations()[index], NORMAL[face]))


def rotation_words(index: int) -> tuple[str, str]:
    """For a rotation: the old name of the face now in front, and of the face now on top."""
    back = {rotated_face(index, f): f for f in FACES}
    return FACE_NAMES[back["F"]], FACE_NAMES[back["U"]]


def relabel_moves(index: int, moves: Iterable[Move]) -> tuple[Move, ...]:
    """The same turns named in the frame of a cube turned by rotation ``index``."""
    return tuple(Move(rotated_face(index, m.face), m.turns) for m in moves)


@cache
def compose_rotations(a: int, b: int) -> int:
    """The rotation index of rotation ``a`` followed by ``b``."""
    t = rotation_transform(a).then(rotation_transform(b))
    return next(i for i in range(24) if rotation_transform(i) == t)
