"""Rebuilding the third face of a corner photo from the two faces that were found.

Glare, blur or a bright background can hide most stickers of one face, while the other two
faces are found whole. Their lattices already fix that face: the three visible faces meet at
the cube corner ``C``, and the third face is bounded by the two edges that leave ``C`` along
the first and the second face (one edge each, not the edge they share). Its fourth corner is
where the lines from those edges' far ends meet, each drawn towards the vanishing point of the
other edge's direction (read off the found face that contains that direction twice, as two
opposite sides). That is exact under perspective, so no assumption about the camera is made.

The prediction is then refined by whatever sticker candidates fall on its cells, and kept only
when the picture shows stickers there: enough candidates, or sticker-like light cells against
dark gaps (so a photo that really shows two faces is still refused).
"""
from __future__ import annotations

import itertools

import cv2
import numpy as np

from ...polarity import value_channel
from ...stats import LOWER_QUARTILE
from .check import pitch_of
from .groups import corner_groups
from .lattice import (CORNERS, ENOUGH_CELLS, FIRM_CELLS, PLACED_OFF, Found, Lattice, Quad,
                      adjacent_corners, snap)
from .quads import STICKER_STEP, meet

"""Lattice corners in outline order."""

SHARED_EDGE_GAP = 0.6
"""Two faces of one corner share an edge: their nearest lattice edges lie within this many
sticker pitches of each other (the body's rim between them is thin)."""


def _h(p) -> np.ndarray:
    return np.array([p[0], p[1], 1.0])


def _shared_edge(l1: Lattice, l2: Lattice):
    """The edge the two lattices share: ((c1, e1), (c2, e2)) lattice corners with c1~c2 and
    e1~e2 in the image, and the mean corner gap in pixels."""
    best = None
    at1 = {c: l1.to_image(*c) for c in CORNERS}  # each corner projected once, not 32 times
    at2 = {c: l2.to_image(*c) for c in CORNERS}
    for c1 in CORNERS:
        for e1 in adjacent_corners(c1):
            for c2 in CORNERS:
                for e2 in adjacent_corners(c2):
                    gap = (np.linalg.norm(at1[c1] - at2[c2])
                           + np.linalg.norm(at1[e1] - at2[e2])) / 2
                    if best is None or gap < best[2]:
                        best = ((c1, e1), (c2, e2), gap)
    return best


def _other(c, e):
    """The lattice corner adjacent to ``c`` that is not ``e``."""
    return next(a for a in adjacent_corners(c) if a != e)


def _opposite(c):
    return (3 - c[0], 3 - c[1])


def _cone(l1: Lattice, l2: Lattice, c1, e1, c2, e2) -> float:
    """How far the shared edge direction lies outside the cone of the two other edges at the
    candidate corner (positive: outside, as it must be at the true cube corner)."""
    c = (l1.to_image(*c1) + l2.to_image(*c2)) / 2
    d = (l1.to_image(*e1) + l2.to_image(*e2)) / 2 - c
    a1 = l1.to_image(*_other(c1, e1)) - l1.to_image(*c1)
    a3 = l2.to_image(*_other(c2, e2)) - l2.to_image(*c2)
    try:
        x, y = np.linalg.solve(np.stack([a1, a3], axis=1), d)
    except np.linalg.LinAlgError:
        return -1.0
    return -min(x, y)


def predict_third(l1: Lattice, l2: Lattice) -> Lattice | None:
    """The lattice of the face that meets ``l1`` and ``l2`` at the cube corner (no cells yet),
    or None when the two do not share an edge."""
    (c1, e1), (c2, e2), gap = _shared_edge(l1, l2)
    pitch = min(pitch_of(l1.H), pitch_of(l2.H))
    if gap > SHARED_EDGE_GAP * pitch:
        return None
    if _cone(l1, l2, e1, c1, e2, c2) > _cone(l1, l2, c1, e1, c2, e2):
        c1, e1, c2, e2 = e1, c1, e2, c2
    f1, f2 = _other(c1, e1), _other(c2, e2)
    corner = (l1.to_image(*c1) + l2.to_image(*c2)) / 2
    p1, p2 = l1.to_image(*f1), l2.to_image(*f2)
    # vanishing points of the two outer edge directions, each from the face holding it twice
    vp1 = np.cross(np.cross(_h(l1.to_image(*c1)), _h(p1)),
                   np.cross(_h(l1.to_image(*e1)), _h(l1.to_image(*_opposite(c1)))))
    vp2 = np.cross(np.cross(_h(l2.to_image(*c2)), _h(p2)),
                   np.cross(_h(l2.to_image(*e2)), _h(l2.to_image(*_opposite(c2)))))
    far = meet(np.cross(_h(p1), vp2), np.cross(_h(p2), vp1))
    if far is None:
        return None
    dst = np.array([corner, p1, far, p2], np.float32)
    if abs(cv2.contourArea(dst)) < 2 * pitch * pitch:  # seen edge-on: no third face visible
        return None
    H = cv2.getPerspectiveTransform(np.array(CORNERS, np.float32), dst).astype(np.float64)
    return Lattice(H, {}, (-1, -1))


def _light_cells(image: np.ndarray, lat: Lattice, cell: int = 24) -> set[tuple[int, int]]:
    """Cells (u, v) of a lattice that look like stickers in the picture: the middle of the
    cell clearly lighter (V channel) than the dark gaps framing it (by
    :data:`vision.locate.corners.quads.STICKER_STEP`, or more beside light gaps)."""
    size = 3 * cell
    k = 3.0 / size
    M = lat.H @ np.array([[k, 0, 0], [0, k, 0], [0, 0, 1.0]])
    v = cv2.warpPerspective(image, M, (size, size), flags=cv2.INTER_AREA | cv2.WARP_INVERSE_MAP,
                            borderMode=cv2.BORDER_CONSTANT)
    v = value_channel(v).astype(np.float32)
    out: set[tuple[int, int]] = set()
    m = cell // 4
    for u, w in itertools.product(range(3), range(3)):
        box = v[w * cell:(w + 1) * cell, u * cell:(u + 1) * cell]
        middle = np.median(box[m:-m, m:-m])
        ring = np.concatenate([box[:2].ravel(), box[-2:].ravel(), box[:, :2].ravel(),
                               box[:, -2:].ravel()])
        gap = np.percentile(ring, LOWER_QUARTILE)
        # judged cell by cell, relative to its own gaps: glare or shade elsewhere on the face
        # does not hide it, and a flat or dark patch never looks like a sticker
        if middle - gap > max(STICKER_STEP, 0.5 * gap):
            out.add((u, w))
    return out


def rebuild_third(image: np.ndarray, l1: Lattice, l2: Lattice, quads: list[Quad]) -> Lattice | None:
    """The third face of a corner photo rebuilt from the two found faces ``l1`` and ``l2`` and
    refined by the sticker candidates ``quads`` on it (a refit moving it at most
    :data:`vision.locate.corners.lattice.PLACED_OFF`); None when the picture does not show
    stickers where the face must be: on :data:`vision.locate.corners.lattice.ENOUGH_CELLS`
    cells a candidate quad, or a light cell framed by dark gaps."""
    lat = predict_third(l1, l2)
    if lat is None:
        return None
    taken = {id(q) for q in itertools.chain(l1.cells.values(), l2.cells.values())}
    free = [q for q in quads if id(q) not in taken]
    H, cells = snap(lat.H, free, PLACED_OFF)
    lat = Lattice(H, cells, lat.directions)
    if len(set(cells) | _light_cells(image, lat)) < ENOUGH_CELLS:
        return None
    return lat


def _edge_gap(a: Lattice, b: Lattice) -> float:
    """How far apart (in sticker pitches) the nearest pair of edges of two lattices lie: about
    0 for two faces of one corner, which share an edge."""
    return float(_shared_edge(a, b)[2]) / min(pitch_of(a.H), pitch_of(b.H))


def _overlaps(a: Lattice, others: list[Lattice]) -> bool:
    """True when the centre of ``a`` lies inside another lattice's outline."""
    c = tuple(float(x) for x in a.centre)
    for o in others:
        outline = np.array([o.to_image(*k) for k in CORNERS], np.float32)
        if cv2.pointPolygonTest(outline, c, False) >= 0:
            return True
    return False


def steadied(lat: Lattice, l1: Lattice, l2: Lattice) -> Lattice:
    """``lat`` refitted through its sticker centres and the four outline corners that the other
    two faces ``l1`` and ``l2`` predict for it, when it has fewer than
    :data:`vision.locate.corners.lattice.FIRM_CELLS` stickers (a homography through
    five or six centres in one part of the face can tilt its far side) and the prediction
    agrees with it to within half a sticker; otherwise ``lat`` unchanged."""
    if len(lat.cells) >= FIRM_CELLS:
        return lat
    pred = predict_third(l1, l2)
    if pred is None:
        return lat
    inv = np.linalg.inv(lat.H)
    src, dst = [], []
    for c in CORNERS:
        img = pred.to_image(*c)
        q = inv @ _h(img)
        q = q[:2] / q[2]
        k = np.round(q)
        if not (k[0] in (0, 3) and k[1] in (0, 3)) or np.abs(q - k).max() > 0.5:
            return lat
        src.append(k)
        dst.append(img)
    src += [np.array([u + 0.5, v + 0.5]) for u, v in lat.cells]
    dst += [q.centre for q in lat.cells.values()]
    H, _ = cv2.findHomography(np.array(src, np.float64), np.array(dst, np.float64), 0)
    if H is None:
        return lat
    return Lattice(H, lat.cells, lat.directions)


def complete_faces(image: np.ndarray, found: Found) -> list[Lattice]:
    """Up to three face lattices of a corner photo: the whole ones found; then faces with a
    row or column of stickers missed, placed so that they share an edge with a whole face;
    then a face not found at all, rebuilt from the other two (:func:`rebuild_third`; with two
    whole faces this comes first, a partial face's stickers refining the rebuilt one); a face
    with few stickers is finally steadied by the other two (:func:`steadied`). Of more than
    three whole faces, those that may meet at one corner (:func:`_meeting_first`)."""
    lattices = _meeting_first(found.lattices)
    whole = len(lattices)
    if whole == 2:
        # two whole faces fix the third exactly; a partial face's own placement (by one
        # shared edge) can be a row off, so its stickers refine the prediction instead
        lattices = _with_rebuilt_third(image, lattices, found.quads)
    lattices = _with_partial_faces(lattices, found.partial)
    if len(lattices) == 2 and whole != 2:
        lattices = _with_rebuilt_third(image, lattices, found.quads)
    if len(lattices) == 3:
        lattices = [steadied(lat, *(o for o in lattices if o is not lat)) for lat in lattices]
    return lattices


def _meeting_first(lattices: list[Lattice]) -> list[Lattice]:
    """The whole faces to complete: the first three, or of more than three the best group
    that may be the faces of one corner (:func:`vision.locate.corners.groups.corner_groups`:
    a triple, or a pair the third is rebuilt from), where there is one. A printed grid
    beside the cube (a cutting mat's squares, framed on chroma as a white body's coloured
    stickers are) forms whole lattices too, and the three with most stickers need not
    share an edge."""
    if len(lattices) <= 3:
        return list(lattices)
    groups = corner_groups(lattices)
    return list(groups[0]) if groups else list(lattices[:3])


def _with_rebuilt_third(image: np.ndarray, lattices: list[Lattice], quads: list[Quad]
                        ) -> list[Lattice]:
    """Two faces' lattices and the third rebuilt from them (:func:`rebuild_third`), when it
    can be."""
    third = rebuild_third(image, lattices[0], lattices[1], quads)
    return lattices if third is None else [*lattices, third]


def _with_partial_faces(lattices: list[Lattice], partial: list[list[Lattice]]) -> list[Lattice]:
    """The faces found, and up to three in all of the faces with a row or column missed: each
    placed where it shares an edge (:data:`SHARED_EDGE_GAP`) with a face already taken, the
    nearest of its placements that covers none of them. A whole face anchors the placement;
    two partial faces alone could both be shifted by a row and still share an edge, so they
    are not trusted without one."""
    lattices = list(lattices)
    for alts in partial:
        if len(lattices) >= 3 or not lattices:
            break
        options = [(min(_edge_gap(alt, lat) for lat in lattices), i)
                   for i, alt in enumerate(alts) if not _overlaps(alt, lattices)]
        if options:
            gap, i = min(options)
            if gap < SHARED_EDGE_GAP:
                lattices.append(alts[i])
    return lattices
