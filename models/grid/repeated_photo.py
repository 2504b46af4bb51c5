"""Two face photos of one face: a reading in which two faces show the same stickers.

A person who photographs a face twice (the cube not turned between two photos, or a file
copied under another face's name) gives a reading with two faces alike, sticker for sticker,
perhaps turned against each other (the phone held another way). A misread sticker of either
photo still leaves the other eight alike, so eight of nine agreeing is enough to say so, where
the digit counts fail too: a cube may be printed with faces alike (the same layout of 1-9 on
each), and a right reading of it has every digit six times. Stickers on which no digit was
seen hold only a guess and match nothing, so dark or glared photos are not taken for one face.
"""
from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass

from ..cube.geometry import FACES
from ..cube.state import CubeState
from ..cube.stickers import Sticker
from .diagnosis import digit_range
from .model import sticker_hypotheses
from .photo_turn import turned_from

ALIKE = 8
"""Stickers (of nine, digit and direction) two faces share, one turned to the other, to be
taken for one face photographed twice: a misread sticker of either photo allowed."""


@dataclass(frozen=True)
class RepeatedPhoto:
    """Faces ``first`` and ``second`` (in the order of :data:`FACES`) show one face's stickers,
    ``second``'s turned ``quarter_turns`` clockwise onto ``first``'s; ``alike`` of nine agree."""

    first: str
    second: str
    quarter_turns: int
    alike: int


def _alike(a: Sticker, b: Sticker, symmetric: Collection[int]) -> bool:
    """The same digit pointing the same way (a symmetric digit either way up)."""
    turn = (a.rot - b.rot) % 4
    return a.digit == b.digit and (turn == 0 or (turn == 2 and a.digit in symmetric))


def counts_fail(state: CubeState) -> bool:
    """Whether some digit cannot be read six times, whatever the doubtful stickers read."""
    return any(lo > 6 or hi < 6
               for lo, hi in digit_range(sticker_hypotheses(state)).values())


def repeated_photo(state: CubeState, blank: Mapping[str, Collection[int]] | None = None,
                   symmetric: Collection[int] = ()) -> RepeatedPhoto | None:
    """The first pair of faces alike (:func:`alike_faces`) in a reading whose digit counts
    fail; None when no two faces are, or the counts hold (a cube printed with faces alike)."""
    return alike_faces(state, blank, symmetric) if counts_fail(state) else None


def alike_faces(state: CubeState, blank: Mapping[str, Collection[int]] | None = None,
                symmetric: Collection[int] = ()) -> RepeatedPhoto | None:
    """The first pair of faces whose best readings agree in :data:`ALIKE` or more stickers,
    one face turned onto the other any quarter turns, whatever the digit counts; None when no
    two faces do (or the cube is no 3x3x3). ``blank``: per face the stickers on which no
    digit was seen (they match nothing); ``symmetric``: the digits that look the same upside
    down on this cube."""
    if state.n != 3:
        return None
    blank = blank or {}
    for i, a in enumerate(FACES):
        mine, gone = state.face(a), set(blank.get(a, ()))
        for b in FACES[i + 1:]:
            theirs, lost = state.face(b), set(blank.get(b, ()))
            for k in range(4):
                alike = sum(p not in gone and q not in lost
                            and _alike(mine[p], theirs[q].turned(k), symmetric)
                            for p, q in enumerate(turned_from(k)))
                if alike >= ALIKE:
                    return RepeatedPhoto(a, b, k, alike)
    return None
