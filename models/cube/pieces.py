"""Pieces of the 3x3x3 cube in Kociemba's order, derived from the geometry, and the corner /
edge / centre encoding (docs/conventions.md "Pieces")."""
from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from .geometry import FACES, NORMAL, cross, cubie_of, dot, facelets
from .state import CubeState
from .stickers import Sticker

CORNER_NAMES = ("URF", "UFL", "ULB", "UBR", "DFR", "DLF", "DBL", "DRB")
EDGE_NAMES = ("UR", "UF", "UL", "UB", "DR", "DF", "DL", "DB", "FR", "FL", "BL", "BR")
CENTRE_NAMES = FACES


def _place_vector(name: str) -> tuple[int, int, int]:
    v = [0, 0, 0]
    for f in name:
        for axis in range(3):
            v[axis] += 2 * NORMAL[f][axis]
    return (v[0], v[1], v[2])


def _stickers_of_cubie(cubie: tuple[int, int, int]) -> list[int]:
    return [f.index for f in facelets(3) if cubie_of(f, 3) == cubie]


def _ordered(name: str) -> tuple[int, ...]:
    """Facelets of a place, starting on its U/D sticker (F/B for middle edges), clockwise."""
    cubie = _place_vector(name)
    stickers = _stickers_of_cubie(cubie)
    first_faces = "UD" if ("U" in name or "D" in name) else "FB"
    fl = facelets(3)
    first = next(i for i in stickers if fl[i].face in first_faces)
    rest = [i for i in stickers if i != first]
    if len(rest) == 2:
        n0 = fl[first].normal
        a, b = rest
        # clockwise seen from outside the corner: (n0 x n1) . corner < 0
        if dot(cross(n0, fl[a].normal), cubie) > 0:
            a, b = b, a
        rest = [a, b]
    return (first, *rest)


@cache
def corner_facelets() -> tuple[tuple[int, int, int], ...]:
    """Facelet indices of each corner place (Kociemba order), U/D sticker first, clockwise."""
    return tuple(_ordered(n) for n in CORNER_NAMES)  # type: ignore[misc]


@cache
def edge_facelets() -> tuple[tuple[int, int], ...]:
    """Facelet indices of each edge place (Kociemba order), U/D (or F/B) sticker first."""
    return tuple(_ordered(n) for n in EDGE_NAMES)  # type: ignore[misc]


def centre_facelets() -> tuple[int, ...]:
    """Facelet index of each face's centre, U R F D L B."""
    return tuple(9 * k + 4 for k in range(6))


@dataclass(frozen=True)
class PieceReading:
    """One place of the encoding: its name and the stickers found there, in slot order."""

    place: str
    stickers: tuple[Sticker, ...]


@dataclass(frozen=True)
class Encoding:
    """The piece encoding table: what every corner, edge and centre place holds."""

    corners: tuple[PieceReading, ...]
    edges: tuple[PieceReading, ...]
    centres: tuple[PieceReading, ...]

    def rows(self) -> list[tuple[str, str, str, str]]:
        """Rows (kind, place, digits, rotations) for printing."""
        out = []
        for kind, group in (("corner", self.corners), ("edge", self.edges),
                            ("centre", self.centres)):
            for p in group:
                out.append((kind, p.place, " ".join(str(s.digit) for s in p.stickers),
                            " ".join(str(s.rot) for s in p.stickers)))
        return out


def encode(state: CubeState) -> Encoding:
    """The corner/edge/centre encoding of a 3x3x3 state."""
    st = state.stickers
    return Encoding(
        tuple(PieceReading(n, tuple(st[i] for i in idx))
              for n, idx in zip(CORNER_NAMES, corner_facelets())),
        tuple(PieceReading(n, tuple(st[i] for i in idx))
              for n, idx in zip(EDGE_NAMES, edge_facelets())),
        tuple(PieceReading(n, (st[i],)) for n, i in zip(CENTRE_NAMES, centre_facelets())),
    )
