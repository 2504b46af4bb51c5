"""Which of the cube's 24 holds a description fits: the rule behind every "hold the cube" line.

Nothing marks F or U on a Sudoku Cube, so a hold is told by what the person sees: the centre
digit towards them (and which way it points), the centre on top, and as many more as it takes.
Two centres can carry the same digit, so naming the front and top centres alone may fit
several holds, and a plan followed from the wrong one is wrong from its first turn.
:func:`hold_parts` names faces one by one until exactly one hold fits (:func:`fitting_holds`
counts them); a hold is compared as the eye sees it, a symmetric digit's 180 degree twin
looking the same. Part of a cube may not be read yet (a scan under way, :func:`centres_state`):
an unread sticker may be anything, so it rules no hold out and is never named.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Iterable, Mapping, Sequence

from ..profile import DEFAULT_SYMMETRIC
from .geometry import (FACES, NORMAL, VIEW_UP, apply_rotation, direction_of, face_of_normal,
                       facelet_index, facelets, rotation_of, whole_cube_rotations)
from .state import CubeState
from .stickers import Sticker, same_sticker
from .transform import Transform

HOLD_ORDER: tuple[str, ...] = ("F", "U", "R", "L", "D", "B")
"""The places named, in this order, until one hold fits: towards the person, on top, right,
left, underneath, at the back."""


UNREAD = Sticker(-1, 0)
"""A sticker not read yet: it fits whatever a hold names there."""


def centres_state(centres: Mapping[str, Sticker]) -> CubeState:
    """A 3x3x3 cube of which only the centres of ``centres`` (face letter -> its centre as
    the face is seen) are read, every other sticker :data:`UNREAD`: the faces captured so far
    while scanning."""
    return CubeState(tuple(centres.get(f, UNREAD) if k == 4 else UNREAD
                           for f in FACES for k in range(9)))


@dataclass(frozen=True)
class HoldPart:
    """One thing the person checks: the sticker at ``index`` of the face at ``place`` (a face
    letter of the held cube: F is towards the person) is ``sticker`` as seen there, its
    direction checked too when ``pointing``. ``letter`` is that face's own letter."""

    place: str
    letter: str
    index: int
    sticker: Sticker
    pointing: bool


@cache
def _hold_transform(n: int, index: int) -> Transform:
    """The sticker transform of holding the cube turned by whole-cube rotation ``index``."""
    rot = whole_cube_rotations()[index]
    where = facelet_index(n)
    size = 6 * n * n
    source, twist = [0] * size, [0] * size
    for f in facelets(n):
        normal = apply_rotation(rot, f.normal)
        dst = where[(apply_rotation(rot, f.pos), normal)]
        source[dst] = f.index
        twist[dst] = rotation_of(apply_rotation(rot, VIEW_UP[f.face]), face_of_normal(normal))
    return Transform(tuple(source), tuple(twist))


def hold_index(front: str, top: str) -> int:
    """The rotation that brings face ``front`` towards the person and ``top`` on top."""
    for i, rot in enumerate(whole_cube_rotations()):
        if (face_of_normal(apply_rotation(rot, NORMAL[front])) == "F"
                and face_of_normal(apply_rotation(rot, NORMAL[top])) == "U"):
            return i
    raise ValueError(f"{front} and {top} are not neighbouring faces")


def held(state: CubeState, index: int) -> CubeState:
    """The cube as seen when held by rotation ``index``: its faces named by where they are."""
    return state.transformed(_hold_transform(state.n, index))


def _fits(seen: CubeState, part: HoldPart, symmetric: frozenset[int]) -> bool:
    got = seen.face(part.place)[part.index]
    if got.digit == UNREAD.digit:
        return True
    if part.pointing:
        return same_sticker(got, part.sticker, symmetric)
    return got.digit == part.sticker.digit


def fitting_holds(state: CubeState, parts: Sequence[HoldPart],
                  symmetric: Iterable[int] = DEFAULT_SYMMETRIC) -> list[int]:
    """The holds (rotation indices) in which the cube shows everything ``parts`` names."""
    sym = frozenset(symmetric)
    return [i for i in range(24) if all(_fits(held(state, i), p, sym) for p in parts)]


def _candidates(n: int) -> Iterable[tuple[str, int, bool]]:
    """What may be named, in order: each centre's digit then its direction, then the front
    face's other stickers (a cube whose centres look alike in two holds)."""
    c = (n * n) // 2
    yield "F", c, True
    for place in HOLD_ORDER[1:]:
        yield place, c, False
        yield place, c, True
    corners = (0, n - 1, n * n - n, n * n - 1)
    rest = [k for k in range(n * n) if k != c and k not in corners]
    for k in (*corners, *rest):
        yield "F", k, True


def hold_parts(state: CubeState, front: str = "F", top: str = "U",
               symmetric: Iterable[int] = DEFAULT_SYMMETRIC) -> tuple[HoldPart, ...]:
    """What to name so that exactly one hold fits (:func:`_hold_parts`); a screen redrawn
    asks for the same hold again, so the answers are kept."""
    return _hold_parts(state, front, top, frozenset(symmetric))


@lru_cache(maxsize=32)
def _hold_parts(state: CubeState, front: str, top: str, sym: frozenset[int]
                ) -> tuple[HoldPart, ...]:
    """What to name so that exactly one hold fits: ``front`` towards the person, ``top`` on
    top. Always the front centre with its direction and the top centre's digit; then the top
    centre's direction, the right, left, bottom and back centres (digit, then direction) as far
    as each rules a hold out, and, for a cube whose centres look alike in two holds, stickers
    of the front face. A cube with no centres (even ``n``) gets none: the words fall back on
    the letters. An unread sticker is never named; where unread faces leave more than one hold
    possible, all that rules holds out is named."""
    if state.n % 2 == 0:
        return ()
    target = hold_index(front, top)
    seen = held(state, target)
    back = {face_of_normal(apply_rotation(whole_cube_rotations()[target], NORMAL[f])): f
            for f in FACES}
    views = [held(state, i) for i in range(24)]
    parts: list[HoldPart] = []
    left = list(range(24))
    for place, index, pointing in _candidates(state.n):
        part = HoldPart(place, back[place], index, seen.face(place)[index], pointing)
        if part.sticker.digit == UNREAD.digit:
            continue
        narrowed = [i for i in left if _fits(views[i], part, sym)]
        always = (place, pointing) in (("F", True), ("U", False))
        if len(narrowed) == len(left) and not always:
            continue
        parts = [p for p in parts if (p.place, p.index) != (place, index)] + [part]
        left = narrowed
        if len(left) == 1 and len(parts) >= 2:
            break
    return tuple(parts)


_WAYS = {(0, 1, 0): "upright", (0, -1, 0): "upside down", (1, 0, 0): "pointing right",
         (-1, 0, 0): "pointing left", (0, 0, 1): "pointing towards {you}",
         (0, 0, -1): "pointing away from {you}"}
"""Which way a digit's top points, in the frame of the person holding the cube."""


def pointing_words(part: HoldPart, you: str = "you") -> str:
    """Which way the sticker of ``part`` points as the cube is held: 'upright', 'pointing
    left', 'pointing away from you' (``you``: 'you' or 'the camera')."""
    way = direction_of(part.sticker.rot, part.place)
    return _WAYS[way].format(you=you)
