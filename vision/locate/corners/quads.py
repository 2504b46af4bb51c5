"""Sticker candidates of a corner photo: bright convex quadrilaterals in a few binary masks.

A sticker is a light rounded square framed by the cube's dark body; in a corner photo it is a
parallelogram. The masks are global and local thresholds of the V channel (max of B, G, R, so
coloured stickers stand out from the black body), then local contrast, then hue; last, for
dark stickers no level cuts out, the regions the grooves frame (:func:`groove_quads`). A
contour is a sticker candidate when it is convex enough and its hull is a quadrilateral, and
it is kept when similar candidates lie next to it (a lattice).
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np

from ..face_cues import chroma as chroma_of
from ..grooves import framed, groove_masks, plateaus
from ..levels import ladder, value_range
from ..sticker_blobs import LEAST_SOLIDITY
from ...numeric import LEVELS, TINY
from ...polarity import value_channel


@dataclass(frozen=True)
class Quad:
    """One sticker candidate: its centre, its four corners (image order) and edge vectors."""

    centre: np.ndarray
    corners: np.ndarray
    edges: tuple[np.ndarray, np.ndarray]
    area: float


SOLIDITY = 0.85
"""Least area / convex-hull area of a sticker candidate's contour in the usual passes: a shape
this solid is a filled patch, not strokes (a glyph mark whose box it fills this much is no
digit, :func:`vision.locate.corners.marks.marks`)."""

LOOSE_SOLIDITY = LEAST_SOLIDITY
"""The same for the loose pass (:func:`find_quads` ``solidity``): in a blurred photo a large
dark digit can bite deep into its sticker's outline, but the hull is still the sticker, as
for a face photo's sticker candidates (:data:`vision.locate.sticker_blobs.LEAST_SOLIDITY`)."""


def _quad_of(contour: np.ndarray, solidity: float = SOLIDITY,
             rounded: bool = False) -> np.ndarray | None:
    """The 4 corners of the convex hull of a contour that fills at least ``solidity`` of its
    hull, when that hull is quad-like; otherwise None. ``rounded`` (a last pass) also takes
    hulls whose corners are so rounded that four hull points cut them off
    (:data:`ROUNDED`)."""
    hull = cv2.convexHull(contour)
    area = cv2.contourArea(contour)
    hull_area = cv2.contourArea(hull)
    if hull_area <= 0 or area / hull_area < solidity:
        return None
    peri = cv2.arcLength(hull, True)
    for eps in APPROXIMATIONS:
        approx = cv2.approxPolyDP(hull, eps * peri, True)
        if len(approx) == 4:
            quad = approx.reshape(4, 2).astype(np.float64)
            qa = abs(cv2.contourArea(quad.astype(np.float32)))
            low, high = QUAD_AREA
            if rounded and ROUNDED * hull_area <= qa < low * hull_area:  # use the sides
                return _tangent_quad(hull.reshape(-1, 2).astype(np.float64), quad, hull_area)
            if low * hull_area <= qa <= high * hull_area:
                return quad
            return None
        if len(approx) < 4:
            return None
    return None


APPROXIMATIONS = 0.03 * np.arange(1, 4)
"""Tolerances (shares of the hull's perimeter) at which the hull is simplified, finest first,
until it has four corners or fewer: a sticker's hull has a few points along each rounded
corner, and the finest tolerance that leaves four is its outline. The finest, then twice and
three times it."""

QUAD_SLACK = 0.2
"""Share of the hull's area by which the quad through four hull points of a sticker candidate
may fall short of it or exceed it and still be the sticker's outline."""
QUAD_AREA = (1 - QUAD_SLACK, 1 + QUAD_SLACK)
"""Area of the quad through four hull points of a sticker candidate, as a share of the hull's:
a quad in this range is the sticker's outline."""
ROUNDED = 2 / math.pi
"""Least area, as a share of the hull's, of the quad through four hull points of a sticker
candidate: however round its corners, a sticker is no rounder than a circle, of which a
square through four of its points covers 2 / pi. Between this and the least of
:data:`QUAD_AREA` the sticker's corners are rounded (or blurred) enough that the four points
cut them off: its outline is then taken along its straight sides (:func:`_tangent_quad`),
whose area must lie between the hull's and the most of :data:`QUAD_AREA`: a little more (the
rounded corners), never much more (two stickers joined by blur)."""


def _tangent_quad(hull: np.ndarray, quad: np.ndarray, hull_area: float) -> np.ndarray | None:
    """The quad whose sides run along the longest straight hull edge between each two
    corners of ``quad`` (hull points): the outline of a square with rounded corners, whose
    corners lie outside the hull. None unless it holds the whole hull and its area is at least
    the hull's and at most the most of :data:`QUAD_AREA` of it."""
    idx = [int(np.argmin(np.linalg.norm(hull - q, axis=1))) for q in quad]
    n = len(hull)
    lines = []
    for k in range(4):
        a, b = idx[k], idx[(k + 1) % 4]
        steps = (b - a) % n or n
        seg = [(hull[(a + i) % n], hull[(a + i + 1) % n]) for i in range(steps)]
        p, q = max(seg, key=lambda e: float(np.linalg.norm(e[1] - e[0])))
        lines.append(np.cross([p[0], p[1], 1.0], [q[0], q[1], 1.0]))
    out = []
    for k in range(4):
        x = meet(lines[k - 1], lines[k])
        if x is None:
            return None
        out.append(x)
    tangent = np.array(out)
    area = abs(cv2.contourArea(tangent.astype(np.float32)))
    if not hull_area <= area <= QUAD_AREA[1] * hull_area:
        return None
    poly = tangent.astype(np.float32).reshape(-1, 1, 2)
    if any(cv2.pointPolygonTest(poly, (float(x), float(y)), True) < -1.0 for x, y in hull):
        return None
    return tangent


def meet(a: np.ndarray, b: np.ndarray) -> np.ndarray | None:
    """Where the lines ``a`` and ``b`` (homogeneous, (3,)) cross, in image coordinates; None
    when they are parallel (they meet at infinity: the determinant of their normals is below
    :data:`vision.numeric.TINY` in size)."""
    x = np.cross(a, b)
    if abs(x[2]) < TINY:
        return None
    return x[:2] / x[2]


PARALLEL = 0.85
"""Two edge directions of one face (a sticker candidate's, a glyph lattice's axes) whose
cosine exceeds this in size are near parallel: no face of the cube is seen so obliquely."""


def _make_quad(corners: np.ndarray, area: float) -> Quad | None:
    e = [corners[(i + 1) % 4] - corners[i] for i in range(4)]
    a, b = (e[0] - e[2]) / 2, (e[1] - e[3]) / 2
    la, lb = np.linalg.norm(a), np.linalg.norm(b)
    if min(la, lb) < 4 or max(la, lb) > 4.5 * min(la, lb):
        return None
    if abs(float(a @ b)) / (la * lb) > PARALLEL:
        return None
    return Quad(corners.mean(axis=0), corners, (a, b), area)


STICKER_STEP = 20
"""Least V-channel step (0-255) of a sticker over the dark gaps framing it: a neighbourhood's
V range for its local-contrast mask (:func:`_local_contrast_masks`), a cell's middle over its
framing gaps for a light cell (:func:`vision.locate.corners.rebuild.rebuild_third`)."""


def _local_contrast_masks(v: np.ndarray, block: int) -> list[np.ndarray]:
    """Masks of pixels in the upper part of their neighbourhood's V range, at two window
    sizes near a sticker's size, where that range is at least :data:`STICKER_STEP`: a
    sticker stands out from the dark gaps around it whether it is in shade, under glare, or
    on a background brighter than itself."""
    out = []
    for k in (block, (block * 2 // 3) | 1):
        se = cv2.getStructuringElement(cv2.MORPH_RECT, (k, k))
        lo = cv2.erode(v, se).astype(np.int16)
        hi = cv2.dilate(v, se).astype(np.int16)
        rng = hi - lo
        out.append(((2 * (v.astype(np.int16) - lo) > rng) & (rng > STICKER_STEP)).astype(np.uint8))
    return out


def _hue_masks(image: np.ndarray) -> list[np.ndarray]:
    """Masks of saturated pixels in overlapping hue windows: a coloured sticker is one hue
    throughout, so in shade or blur, where its brightness no longer stands out from the
    dark gaps, its hue still does (the body and its gaps are unsaturated)."""
    hsv = cv2.cvtColor(image, cv2.COLOR_BGR2HSV)
    # lit enough to trust its hue: V > 50, or less in a dim photo (0.3 of its bright end,
    # value_range's), so its stickers are kept (noise in the black body has no steady hue or
    # saturation)
    lit = min(50.0, 0.3 * value_range(hsv[..., 2])[1])
    coloured = ((hsv[..., 1] > 60) & (hsv[..., 2] > lit)).astype(np.uint8)
    hue = np.ascontiguousarray(hsv[..., 0])
    # 30-unit windows (60 degrees) every 15 units (OpenCV hue), each a table over the hues
    return [cv2.LUT(hue, table) & coloured for table in _HUE_WINDOWS]


HUE_STEP = 15
"""OpenCV hue units (of 180) between the centres of :func:`_hue_masks`'s windows, and how far
each reaches either side of its centre: each window overlaps its neighbours by half."""
_HUE_WINDOWS = [(np.abs((np.arange(LEVELS) - c + 90) % 180 - 90) <= HUE_STEP).astype(np.uint8)
                for c in range(0, 180, HUE_STEP)]
"""Per hue window of :func:`_hue_masks`, 1 for the 8-bit hues within :data:`HUE_STEP` units
of its centre."""


def _area_range(h: int, w: int) -> tuple[float, float]:
    """The least and the most area (pixels) of a sticker candidate in an ``h`` x ``w`` photo:
    0.015% of the photo to 5% of it."""
    return h * w * 0.00015, h * w * 0.05


def _block(h: int, w: int) -> int:
    """The side (odd, pixels) of the neighbourhood a sticker's local contrast is judged in: a
    twelfth of the photo's shorter side, near a sticker's size (3 at least, the smallest
    neighbourhood a threshold takes)."""
    return max(3, (min(h, w) // 12) | 1)


def find_quads(image: np.ndarray, relaxed: bool = False, colour: bool = False,
               solidity: float = SOLIDITY, rounded: bool = False,
               chroma: bool = False, probe: Probe | None = None) -> list[Quad]:
    """Bright convex quadrilaterals (sticker candidates) in a BGR image, deduplicated over a few
    global and local thresholds of the V channel (max of B, G, R). ``relaxed`` (a second pass
    for photos where the first found too little) thresholds by local contrast instead and
    splits blurred stickers harder; ``colour`` (a last pass) segments by hue instead;
    ``solidity`` below :data:`SOLIDITY` (a loose pass) also accepts outlines a dark digit
    bites into; ``rounded`` also stickers with strongly rounded corners (:func:`_quad_of`);
    ``chroma`` thresholds chroma (:func:`vision.locate.face_cues.chroma`) instead of the V channel:
    coloured stickers on a white body, whose light plastic and grooves outshine them on V,
    are bright squares framed by a grey body on chroma, as stickers on a black body are on V
    (hue windows, ``colour``, merge two neighbours of one colour across the thin plastic).
    ``probe``: :func:`sticker_probe` of this image, where the first pass goes on from (no
    other option: it is the first pass's begun)."""
    h, w = image.shape[:2]
    min_area, max_area = _area_range(h, w)
    if colour:
        return _quads_in(_hue_masks(cv2.GaussianBlur(image, (3, 3), 0)), min_area, max_area,
                         (h, w), (1,), solidity, rounded)
    if probe is None:
        v = cv2.GaussianBlur(chroma_of(image) if chroma else value_channel(image), (3, 3), 0)
        if relaxed:
            return _quads_in(_local_contrast_masks(v, _block(h, w)),
                             min_area, max_area, (h, w), (1, 2), solidity, rounded)
        probe = _probe_of(v, min_area, max_area, solidity, rounded)
    return _first_pass(probe, min_area, max_area, solidity, rounded)


@dataclass(frozen=True)
class Probe:
    """The first sticker pass begun: the V channel smoothed, its local-contrast mask (opened)
    and the sticker candidates (sort key, quad) in that mask alone."""

    v: np.ndarray
    local: np.ndarray
    candidates: list[tuple[float, Quad]]

    def shows_stickers(self) -> bool:
        """Whether the local-contrast mask, which finds stickers in shade, glare or on a bright
        background alike, holds a single sticker-shaped outline: in a photo of dark stickers
        (the black Sudoku Cube) it holds none, only digits and grooves."""
        return bool(self.candidates)


def sticker_probe(image: np.ndarray) -> Probe:
    """The first sticker pass's local-contrast mask of ``image`` and its candidates
    (:class:`Probe`): a cheap first look that finds a photo of dark stickers; the pass goes on
    from it (:func:`find_quads` ``probe``) with nothing done twice."""
    v = cv2.GaussianBlur(value_channel(image), (3, 3), 0)
    h, w = v.shape
    return _probe_of(v, *_area_range(h, w), SOLIDITY, False)


def _probe_of(v: np.ndarray, min_area: float, max_area: float, solidity: float,
              rounded: bool) -> Probe:
    """:func:`sticker_probe` of the smoothed channel ``v``."""
    h, w = v.shape
    block = _block(h, w)
    local = cv2.adaptiveThreshold(v, 1, cv2.ADAPTIVE_THRESH_MEAN_C, cv2.THRESH_BINARY,
                                  block, -5)
    opened = _opened([local])[0]
    return Probe(v, opened, _candidates(opened, min_area, max_area, solidity, rounded))


def _first_pass(first: Probe, min_area: float, max_area: float, solidity: float,
                rounded: bool) -> list[Quad]:
    """The sticker candidates of the first pass (or of the chroma pass, on chroma) from its
    :class:`Probe`: a ladder of global levels of the smoothed channel and the local-contrast
    mask, each opened and eroded."""
    v = first.v
    h, w = v.shape
    otsu, _ = cv2.threshold(v, 0, 255, cv2.THRESH_BINARY | cv2.THRESH_OTSU)
    # a ladder of global levels: some level lies between the dark body and the stickers,
    # whether the background is darker or brighter than the stickers
    levels = sorted({int(otsu), *ladder(v)})
    # a flat opening or erosion of ``v > t`` is the grey one of v above t: the ladder's masks
    # are opened and eroded once, as one grey image, then cut at each level
    opened_v = cv2.morphologyEx(v, cv2.MORPH_OPEN, _OPEN)
    eroded_v = cv2.erode(opened_v, _thin((h, w), 1))
    opened = [_above(opened_v, t) for t in levels] + [first.local]
    eroded = [_above(eroded_v, t) for t in levels] + _eroded([first.local], (h, w), (1,))
    return _quads_of(opened + eroded, min_area, max_area, solidity, rounded,
                     {len(levels): first.candidates})


def groove_quads(image: np.ndarray) -> list[Quad]:
    """Sticker candidates framed by grooves, of either brightness
    (:func:`vision.locate.grooves.framed`): the black Sudoku Cube's dark grey stickers, which
    no level of V cuts out, so the passes above see none."""
    h, w = image.shape[:2]
    flat = plateaus(value_channel(image))
    return _quads_of(framed(flat, groove_masks(flat)), *_area_range(h, w))


_OPEN = np.ones((3, 3), np.uint8)
"""The opening that clears specks off each mask before its outlines are traced."""


def _above(v: np.ndarray, level: int) -> np.ndarray:
    """The 0/1 mask of ``v > level`` (``v`` 8-bit)."""
    return cv2.threshold(v, level, 1, cv2.THRESH_BINARY)[1]


def _opened(masks: list[np.ndarray]) -> list[np.ndarray]:
    """The masks opened by :data:`_OPEN`."""
    return [cv2.morphologyEx(m, cv2.MORPH_OPEN, _OPEN) for m in masks]


def _thin(shape: tuple[int, int], k: int) -> np.ndarray:
    """The disc that erodes a mask ``k`` thin rings (a ring about 1/180 of the shorter side)."""
    erode = max(2, round(min(shape) / 180))
    return cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * k * erode + 1, 2 * k * erode + 1))


def _eroded(opened: list[np.ndarray], shape: tuple[int, int], erosions: tuple[int, ...]
            ) -> list[np.ndarray]:
    """Copies of the ``opened`` masks eroded each of ``erosions`` times a thin ring: they
    split stickers that blur or glare has joined across the thin dark gaps."""
    return [cv2.erode(m, _thin(shape, k)) for k in erosions for m in opened]


def _quads_in(masks: list[np.ndarray], min_area: float, max_area: float,
              shape: tuple[int, int], erosions: tuple[int, ...],
              solidity: float = SOLIDITY, rounded: bool = False) -> list[Quad]:
    """Sticker quads (contours at least ``solidity`` convex) in binary masks and in copies
    eroded ``erosions`` times a thin ring, deduplicated and kept when they have lattice
    neighbours."""
    opened = _opened(masks)
    return _quads_of(opened + _eroded(opened, shape, erosions), min_area, max_area, solidity,
                     rounded)


def _quads_of(masks: list[np.ndarray], min_area: float, max_area: float,
              solidity: float = SOLIDITY, rounded: bool = False,
              known: dict[int, list[tuple[float, Quad]]] | None = None) -> list[Quad]:
    """Sticker quads (contours at least ``solidity`` convex) in the binary ``masks``, in
    turn, deduplicated and kept when they have lattice neighbours; ``known``: the candidates
    of some masks (by index), found before."""
    candidates: list[tuple[float, Quad]] = []
    for k, mask in enumerate(masks):
        if known and k in known:
            candidates += known[k]
        else:
            candidates += _candidates(mask, min_area, max_area, solidity, rounded)
    candidates.sort(key=lambda t: t[0], reverse=True)
    return _with_neighbours(_distinct([q for _, q in candidates]))


def _candidates(mask: np.ndarray, min_area: float, max_area: float, solidity: float,
                rounded: bool) -> list[tuple[float, Quad]]:
    """The sticker candidates of one binary mask: each outline of a sticker's area and shape
    as (sort key: how closely its quad fills it, best highest; quad)."""
    out: list[tuple[float, Quad]] = []
    # RETR_LIST, because on a bright background the stickers are islands in the body's hole
    contours, _ = cv2.findContours(mask, cv2.RETR_LIST, cv2.CHAIN_APPROX_SIMPLE)
    for c in contours:
        area = cv2.contourArea(c)
        if not min_area <= area <= max_area:
            continue
        corners = _quad_of(c, solidity, rounded)
        if corners is None:
            continue
        q = _make_quad(corners, area)
        if q is not None:
            fit = area / max(1.0, abs(cv2.contourArea(corners.astype(np.float32))))
            out.append((-abs(1 - fit), q))
    return out


SAME_STICKER = 0.35
"""Two sticker candidates whose centres lie within this many sizes (square root of the area,
the larger of the two) of each other are the same sticker found again."""


def _distinct(quads: list[Quad]) -> list[Quad]:
    """The quads, best first, without those that are the same sticker (:data:`SAME_STICKER`)
    as one kept before."""
    centres = np.empty((len(quads), 2))
    sizes = np.empty(len(quads))
    found: list[Quad] = []
    for q in quads:
        size = math.sqrt(q.area)
        n = len(found)
        if n:
            d = centres[:n] - q.centre
            if (np.sqrt(d[:, 0] * d[:, 0] + d[:, 1] * d[:, 1])
                    < SAME_STICKER * np.maximum(size, sizes[:n])).any():
                continue
        centres[n], sizes[n] = q.centre, size
        found.append(q)
    return found


SIMILAR = 1.6
"""Two marks of one face, sticker candidates or glyphs, are of similar size when neither's
side (a sticker candidate's: the square root of its area) is this many times the other's."""


def _with_neighbours(quads: list[Quad]) -> list[Quad]:
    """Keep quads that have at least two neighbours of similar size nearby (a lattice)."""
    if not quads:
        return []
    centres = np.array([q.centre for q in quads], np.float64)
    sides = np.sqrt(np.array([q.area for q in quads], np.float64))
    ratio = sides[None, :] / sides[:, None]  # [q, o]: o's side over q's
    d = centres[None, :, :] - centres[:, None, :]
    dist = np.sqrt(d[..., 0] * d[..., 0] + d[..., 1] * d[..., 1])
    near = (ratio > 1 / SIMILAR) & (ratio < SIMILAR) & (dist < 1.9 * sides[:, None])
    np.fill_diagonal(near, False)
    return [q for q, n in zip(quads, near.sum(axis=1).tolist()) if n >= 2]
