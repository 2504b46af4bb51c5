"""Two face photos of one face: a reading in which two faces show the same stickers.

A person who photographs a face twice (the cube not turned between two photos, or a file
copied under another face's name) gives a reading with two faces alike, sticker for sticker,
perhaps turned against each other (the phone held another way). The faces of a scrambled
Sudoku Cube never agree so: nine stickers, each one of 36 digits and directions, in the same
places. A misread sticker of either photo still leaves the other eight alike, so eight of
nine agreeing is enough to say so; the digit counts then also fail, and naming the two photos
is what helps the person, not the stickers the counts name.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..cube.geometry import FACES
from ..cube.state import CubeState
from .photo_turn import photo_turned

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


def repeated_photo(state: CubeState) -> RepeatedPhoto | None:
    """The first pair of faces whose best readings agree in :data:`ALIKE` or more stickers,
    one face turned onto the other any quarter turns; None when no two faces do."""
    for i, a in enumerate(FACES):
        mine = state.face(a)
        for b in FACES[i + 1:]:
            for k in range(4):
                theirs = photo_turned(state, b, k).face(b) if k else state.face(b)
                alike = sum(x.digit == y.digit and x.rot == y.rot for x, y in zip(mine, theirs))
                if alike >= ALIKE:
                    return RepeatedPhoto(a, b, k, alike)
    return None
