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

from ..profile import CubeSettings
from .geometry import (FACES, NORMAL, VIEW_UP, apply_rotation, direction_of, face_of_normal,
                       facelet_index, facelets, rotation_of, whole_cube_rotations)
from .state import CubeState
from .stickers import Sticker
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


def sticker_look(sticker: Sticker, settings: CubeSettings) -> tuple[int, int]:
    """A sticker as the eye sees it on ``settings``' cube: (digit, rotation), an un-underlined 9
    as a 6 turned 180 degrees, a symmetric digit's rotation taken modulo 2."""
    digit, rot = sticker.digit, sticker.rot
    if not settings.underlined_69 and digit == 9:
        digit, rot = 6, (rot + 2) % 4
    return digit, rot % 2 if digit in settings.symmetric else rot


def _looks_like(got: Sticker, part: HoldPart, settings: CubeSettings) -> bool:
    """Whether ``got`` shows what ``part`` names (its direction too when ``pointing``); an
    unread sticker may be anything."""
    if got.digit == UNREAD.digit:
        return True
    a, b = sticker_look(got, settings), sticker_look(part.sticker, settings)
    return a == b if part.pointing else a[0] == b[0]


def _seen_at(state: CubeState, hold: int, place: str, index: int) -> Sticker:
    """The sticker at ``index`` of the face at ``place`` when the cube is held by ``hold``
    (:func:`held` for one sticker, without building the whole state)."""
    t = _hold_transform(state.n, hold)
    at = FACES.index(place) * state.n * state.n + index
    return state.stickers[t.source[at]].turned(t.twist[at])


def _fits(state: CubeState, hold: int, part: HoldPart, settings: CubeSettings) -> bool:
    return _looks_like(_seen_at(state, hold, part.place, part.index), part, settings)


def fitting_holds(state: CubeState, parts: Sequence[HoldPart],
                  settings: CubeSettings = CubeSettings()) -> list[int]:
    """The holds (rotation indices) in which the cube shows everything ``parts`` names."""
    return [i for i in range(24) if all(_fits(state, i, p, settings) for p in parts)]


def _candidates(n: int) -> Iterable[tuple[str, int, bool]]:
    """What may be named, in order: each centre's digit then its direction, then the front
    face's other stickers (a cube whose centres look alike in two holds)."""
    c = (n * n) // 2
    yield "F", c, True
    yield "F", c, False  # a slip may have turned the front centre: its digit alone
    for place in HOLD_ORDER[1:]:
        yield place, c, False
        yield place, c, True
    corners = (0, n - 1, n * n - n, n * n - 1)
    rest = [k for k in range(n * n) if k != c and k not in corners]
    for k in (*corners, *rest):
        yield "F", k, True


def hold_parts(state: CubeState, front: str = "F", top: str = "U",
               settings: CubeSettings = CubeSettings(), maybe: Sequence[CubeState] = ()
               ) -> tuple[HoldPart, ...]:
    """What to name so that exactly one hold fits (:func:`_hold_parts`), on ``state`` and on
    each of ``maybe`` (the cubes the person may really hold: a slip turns centres); a screen
    redrawn asks for the same hold again, so the answers are kept."""
    others = tuple(dict.fromkeys(s for s in maybe if s != state))
    return _hold_parts(state, front, top, settings, others)


def one_hold_fits(state: CubeState, parts: Sequence[HoldPart], front: str = "F",
                  top: str = "U", settings: CubeSettings = CubeSettings(),
                  maybe: Sequence[CubeState] = ()) -> bool:
    """Whether ``parts`` fit exactly the hold of ``front`` and ``top`` on ``state`` and on
    every one of ``maybe``."""
    want = [hold_index(front, top)]
    return all(fitting_holds(s, parts, settings) == want for s in (state, *maybe))


def turned_centres(state: CubeState, maybe: Sequence[CubeState],
                   settings: CubeSettings = CubeSettings()) -> tuple[str, ...]:
    """The faces (by their own letters) whose centre looks otherwise on one of ``maybe`` than
    on ``state``, compared as :func:`sticker_look` sees them on ``settings``' cube: the faces
    a slip may have turned (a symmetric centre turned half round looks untouched). How the
    cube is held turns both alike, so the answer holds for any hold."""
    if state.n % 2 == 0:
        return ()
    c = (state.n * state.n) // 2

    def look(cube: CubeState, face: str) -> tuple[int, int]:
        return sticker_look(cube.face(face)[c], settings)
    return tuple(f for f in FACES if any(look(s, f) != look(state, f) for s in maybe))


def _letters(hold: int) -> dict[str, str]:
    """Place of the held cube -> the letter of the face there, held by ``hold``."""
    rot = whole_cube_rotations()[hold]
    return {face_of_normal(apply_rotation(rot, NORMAL[f])): f for f in FACES}


@lru_cache(maxsize=32)
def _hold_parts(state: CubeState, front: str, top: str, settings: CubeSettings,
                maybe: tuple[CubeState, ...]) -> tuple[HoldPart, ...]:
    """What to name so that exactly one hold fits: ``front`` towards the person, ``top`` on
    top. The front centre with its direction and the top centre's digit; then the top
    centre's direction, the right, left, bottom and back centres (digit, then direction) as far
    as each rules a hold out, and, for a cube whose centres look alike in two holds, stickers
    of the front face. Only what looks the same on ``state`` and on every one of ``maybe`` is
    named (a centre a slip may have turned, the front one too, by its digit alone), until
    exactly one hold fits on each; where none does, all that rules holds out is named
    (:func:`one_hold_fits` tells). A cube with no centres (even ``n``) gets none: the words
    fall back on the letters. An unread sticker is never named."""
    if state.n % 2 == 0:
        return ()
    target, c = hold_index(front, top), (state.n * state.n) // 2
    cubes = (state, *maybe)
    back = _letters(target)
    parts: list[HoldPart] = []
    left = [list(range(24)) for _ in cubes]
    for place, index, pointing in _candidates(state.n):
        part = HoldPart(place, back[place], index, _seen_at(state, target, place, index),
                        pointing)
        if part.sticker.digit == UNREAD.digit:
            continue
        if not all(_fits(s, target, part, settings) for s in maybe):
            continue  # looks otherwise on a cube the person may hold
        narrowed = [[i for i in holds if _fits(s, i, part, settings)]
                    for s, holds in zip(cubes, left)]
        always = place in ("F", "U") and index == c and \
            not any(p.place == place and p.index == c for p in parts)
        if narrowed == left and not always:
            continue
        parts = [p for p in parts if (p.place, p.index) != (place, index)] + [part]
        left = narrowed
        if all(len(holds) == 1 for holds in left) and len(parts) >= 2:
            break
    return tuple(parts)


_WAYS = {(0, 1, 0): "upright", (0, -1, 0): "upside down", (1, 0, 0): "pointing right",
         (-1, 0, 0): "pointing left", (0, 0, 1): "pointing towards {you}",
         (0, 0, -1): "pointing away from {you}"}
"""Which way a digit's top points, in the frame of the person holding the cube."""


def _axis_words(way: tuple[int, int, int], place: str) -> str:
    """How a symmetric digit lies (it looks the same upside down, so only its axis shows):
    'upright' or 'lying on its side' on a side of the cube, 'running left to right' or
    'running front to back' on the top or bottom."""
    if way[1]:
        return "upright"
    if place in ("U", "D"):
        return "running left to right" if way[0] else "running front to back"
    return "lying on its side"


def pointing_words(sticker: Sticker, place: str = "F", you: str = "you",
                   settings: CubeSettings = CubeSettings()) -> str:
    """Which way ``sticker`` points at ``place`` of the held cube: 'upright', 'pointing left',
    'pointing away from you' (``you``: 'you' or 'the camera'); a digit symmetric on
    ``settings``' cube only by how it lies ('lying on its side'). At F, the place towards the
    person, these are the words for a face as it is seen: 'upright', 'pointing right',
    'upside down', 'pointing left'."""
    way = direction_of(sticker.rot, place)
    if sticker.digit in settings.symmetric:
        return _axis_words(way, place)
    return _WAYS[way].format(you=you)
