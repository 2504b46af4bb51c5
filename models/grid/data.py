"""Precomputed consequences of placing a piece, derived from the 3D geometry, outside the model.

The grid model never computes where a sticker lands or how it turns: those follow from the
placement alone, so they are tabulated here once, outside the model, and the model only says
"if this placement is chosen, then this cell holds this digit pointing this way".

Piece-twist convention (used by :mod:`models.grid.model` and
:class:`models.grid.solution.GridSolution`):

* Places are Kociemba's (``models.cube.pieces``): corners URF UFL ULB UBR DFR DLF DBL DRB, edges
  UR UF UL UB DR DF DL DB FR FL BL BR. The slots of a place are its facelets in the order of
  :func:`models.cube.pieces.corner_facelets` / :func:`edge_facelets`: slot 0 is the U/D facelet
  (F/B for the middle-layer edges), the others follow clockwise seen from outside.
* A piece is named by the place it occupies *now*. ``(piece p, place q, twist t)`` means: the
  piece now at ``p`` goes to ``q`` and the sticker now in slot ``k`` of ``p`` ends in slot
  ``(k + t) % 3`` of ``q`` (``% 2`` for edges).
* The rotation change of each carried sticker is the one of the unique proper whole-cube
  rotation that maps the piece's position and sticker normals onto the target's; it is found
  among the 24 cube rotations, so no table is typed by hand.
* Centres never move (no whole-cube rotations, no slices); a centre only turns in place.

With this convention a face-turn sequence always has corner twists summing to 0 mod 3 and edge
flips to 0 mod 2 (checked in the tests against the move tables).
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from ..cube.geometry import VIEW_UP, apply_rotation, facelets, rotation_of, whole_cube_rotations
from ..cube.pieces import centre_facelets, corner_facelets, edge_facelets


@dataclass(frozen=True)
class Landing:
    """Where one carried sticker ends: its source facelet, target facelet and rotation change."""

    source: int
    target: int
    delta: int


def _landings(src: tuple[int, ...], dst: tuple[int, ...], twist: int) -> tuple[Landing, ...]:
    """Landings of a piece at facelets ``src`` moved to facelets ``dst`` with ``twist``."""
    fl = facelets(3)
    n = len(src)
    pairs = [(src[k], dst[(k + twist) % n]) for k in range(n)]
    for rot in whole_cube_rotations():
        if all(apply_rotation(rot, fl[a].normal) == fl[b].normal for a, b in pairs):
            out = []
            for a, b in pairs:
                up = apply_rotation(rot, VIEW_UP[fl[a].face])
                out.append(Landing(a, b, rotation_of(up, fl[b].face)))
            return tuple(out)
    raise AssertionError(f"no cube rotation maps facelets {src} to {dst} with twist {twist}")


@cache
def corner_landings() -> tuple[tuple[tuple[tuple[Landing, ...], ...], ...], ...]:
    """``[p][q][t]`` -> the 3 landings of moving the corner now at ``p`` to ``q`` with twist
    ``t``."""
    cf = corner_facelets()
    return tuple(tuple(tuple(_landings(cf[p], cf[q], t) for t in range(3)) for q in range(8))
                 for p in range(8))


@cache
def edge_landings() -> tuple[tuple[tuple[tuple[Landing, ...], ...], ...], ...]:
    """``[p][q][t]`` -> the 2 landings of moving the edge now at ``p`` to ``q`` with flip ``t``."""
    ef = edge_facelets()
    return tuple(tuple(tuple(_landings(ef[p], ef[q], t) for t in range(2)) for q in range(12))
                 for p in range(12))


@cache
def facelet_face() -> tuple[int, ...]:
    """Face number (0-5, U R F D L B) of every facelet."""
    return tuple(i // 9 for i in range(54))


@cache
def centre_set() -> frozenset[int]:
    """Facelet indices of the six centres."""
    return frozenset(centre_facelets())
