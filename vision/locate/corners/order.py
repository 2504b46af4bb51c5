"""Which of three located faces is on top, lower left and lower right in a corner photo.

The three faces meet at the cube corner and pairwise share the three edges that leave it. In
an upright corner photo the edge shared by the two lower faces runs down from the corner and
the top face lies between the other two edges. Judging by that edge, rather than by the
direction of each face's centre, holds when perspective makes one face much narrower than the
others (its centre then sits close to the corner, in a misleading direction): on 360 dev
renders (camera roll up to 12 degrees) that edge runs at most 12 degrees from straight down,
while the old judgement by face centres put one upright photo 40 degrees off.

The corner view is three-fold symmetric: a photo turned by 120 degrees looks like an upright
one with the faces relabelled, so geometry alone cannot refuse every wrongly held photo. One
upside down (turned 180 degrees, the usual mistake) puts the nearest edge 34 degrees or more
from straight down on the same renders and is refused past :data:`MAX_DOWN_TILT_DEG`; a photo
turned 90 degrees sits near 30 degrees and is refused only about half the time (as before).

So a corner photo's faces are known up to the corner's three-fold turn: :func:`namings` gives
all three ways to name them, one for each of the three edges taken as the edge that runs down,
the faces' order round the corner kept (a photo shows the outside of the cube, never its
mirror). Which one the cube was held in is for the cube's reading to say: the faces' digits
fit together in one of them only (:mod:`vision.reading.corner_naming`).
"""
from __future__ import annotations

import functools
import itertools
import math
from dataclasses import dataclass

import numpy as np

from .lattice import CORNERS, Lattice, adjacent_corners, outline


MAX_DOWN_TILT_DEG = (180 - 360 / 3) / 2
"""How far (degrees) the edge between the two lower faces may run from straight down before
the photo is refused as held the wrong way: half way to where a photo held upside down puts
the edge nearest straight down. The three edges leave the corner a third of a turn apart in
the ideal view, so turned half a turn the nearest runs 60 degrees from straight down (at least
34 on dev renders, in perspective), where upright photos keep it within 12."""


@dataclass(frozen=True)
class Arrangement:
    """Three face lattices arranged around their common corner: ``order`` lists their indices
    as top, lower left, lower right; ``corner`` each one's lattice corner at the cube corner
    (by lattice index); ``tilt_deg`` how far the lower faces' shared edge runs from straight
    down."""

    order: tuple[int, int, int]
    corner: tuple[tuple[int, int], ...]
    tilt_deg: float


def common_corner(lattices: list[Lattice]) -> tuple[tuple[int, int], ...]:
    """Per lattice, the outline corner at the cube corner: the choice (one corner each) whose
    three image points lie closest together (all choices judged at once)."""
    pts = np.stack([outline(lat.H) for lat in lattices])  # (L, 4, 2)
    choices = _choices(len(lattices))  # (C, L), in itertools.product order
    sel = pts[np.arange(len(lattices)), choices]  # (C, L, 2)
    d = sel - sel.mean(axis=1, keepdims=True)
    spread = np.sqrt(d[..., 0] * d[..., 0] + d[..., 1] * d[..., 1]).sum(axis=1)
    return tuple(CORNERS[i] for i in choices[int(np.argmin(spread))].tolist())


@functools.cache
def _choices(n: int) -> np.ndarray:
    """Every choice of one outline corner (index into CORNERS) for each of ``n`` lattices."""
    return np.array(list(itertools.product(range(len(CORNERS)), repeat=n)), np.intp)


def _shared_end(a: Lattice, ca: tuple[int, int], b: Lattice, cb: tuple[int, int]) -> np.ndarray:
    """Image position of the far end of the edge that faces ``a`` and ``b`` share, given each
    one's corner at the cube corner: the closest pair of their corners next to it."""
    pairs = [(float(np.linalg.norm(a.to_image(*p) - b.to_image(*q))), p, q)
             for p in adjacent_corners(ca) for q in adjacent_corners(cb)]
    _, p, q = min(pairs)
    return (a.to_image(*p) + b.to_image(*q)) / 2


def namings(lattices: list[Lattice]) -> tuple[Arrangement, ...]:
    """The three ways to place three face lattices of one corner photo: for each edge two of
    them share, taken as the edge that runs down from the corner, the third face on top and
    the two others lower left and lower right; the one nearest upright (least tilt) first.
    Each is the one before turned a third round the corner, the faces' order kept."""
    corner = common_corner(lattices)
    c = np.mean([lat.to_image(*k) for lat, k in zip(lattices, corner)], axis=0)
    out = []
    for i, j in ((0, 1), (0, 2), (1, 2)):
        d = _shared_end(lattices[i], corner[i], lattices[j], corner[j]) - c
        tilt = abs(math.degrees(math.atan2(d[1], d[0])) - 90)
        tilt = min(tilt, 360 - tilt)

        def leftness(k: int, d: np.ndarray = d) -> float:
            p = lattices[k].centre - c
            return float(d[0] * p[1] - d[1] * p[0])  # > 0: left of the edge, looking down it

        left, right = sorted((i, j), key=leftness, reverse=True)
        out.append(Arrangement((3 - i - j, left, right), corner, tilt))
    return tuple(sorted(out, key=lambda a: a.tilt_deg))


def arrange(lattices: list[Lattice]) -> Arrangement:
    """The places of three face lattices of one corner photo (see the module docstring): the
    naming nearest upright (:func:`namings`)."""
    return namings(lattices)[0]
