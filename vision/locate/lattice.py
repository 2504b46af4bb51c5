"""Growing sticker candidates into a lattice and fitting its homography: from a seed blob,
neighbours of one size one pitch apart are given lattice coordinates; a homography from
lattice coordinates to the image is fitted, dropping stickers whose outline glare moved."""
from __future__ import annotations

from statistics import median

import cv2
import numpy as np

from ..numeric import TINY
from .face_cues import INNER
from .face_geometry import pitch
from .sticker_blobs import Blob


def _axes(blob: Blob) -> tuple[np.ndarray, np.ndarray]:
    """Unit vectors along the blob's box, the first nearest image-right, the second down."""
    t = np.deg2rad(blob.angle)
    u = np.array([np.cos(t), np.sin(t)])
    v = np.array([-np.sin(t), np.cos(t)])
    cands = [u, v, -u, -v]
    a = max(cands, key=lambda w: w[0])
    b = np.array([-a[1], a[0]])
    if b[1] < 0:
        b = -b
    return a, b


REACH = 3.2
"""The nearest similar blob up to this many of a blob's sides away, along its box's axes,
gives the lattice pitch: a sticker's neighbour lies about 1.1 sides away, the neighbour of a
digit (white digits on dark stickers are the brightest blobs) two or three of its sides."""

LIKE = 2.0
"""A blob is of a size like the seed's when its area is within this factor of the seed's,
either way: a sticker's neighbours are stickers, not their digits or the body beside them."""

APART = 0.9
"""A blob nearer than this many of its sides is no neighbour (a sticker's lies about 1.1
sides away): the same sticker found again a little off, or a part of it."""

ALONG = 0.9
"""A neighbour lies along one of a blob's box's axes: the cosine of its direction with the
nearer axis at least this (within about 25 degrees)."""

STEPS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1),
         (2, 0), (-2, 0), (0, 2), (0, -2))
"""Lattice steps tried from a sticker: its neighbours, then across a diagonal or a missing
sticker (glare, shade or a print the masks missed), so one lost sticker does not split the
face into pieces."""

_STEP_ARRAY = np.array(STEPS, np.float64)


SEEN_AT_MOST = 3 * 9
"""The most stickers (or digits) of a cube a camera sees at once: three faces of nine. A
lattice grown past about that many blobs is mostly a pattern the cube lies on (floor tiles,
a cutting mat, a printed grid; a cube's three faces with a blob or two of its body may just
pass it), and growing it on adds only windows of the pattern: where every blob seeds a
lattice of its own (:func:`groups_of` at the cues' own scale), each 3x3 window is grown from
the blobs within it. A refusal grows lattices whole, to speak of a grid's extent."""


Grown = dict[tuple, tuple[dict[tuple[int, int], Blob], list[Blob]]]
"""Lattices already grown (:func:`grow`'s ``_grown``), by what alone decides them."""


def grow(seed: Blob, blobs: list[Blob], _arrays: tuple[np.ndarray, np.ndarray] | None = None,
         _at: int | None = None, _grown: Grown | None = None, most: float = np.inf
         ) -> dict[tuple[int, int], Blob]:
    """Lattice coordinates of the blobs reachable from ``seed`` by neighbour steps.
    ``_arrays``: the blobs' areas and centres, and ``_at`` the seed's place among them, when
    the caller grows from many seeds; ``_grown``: the lattices grown before (the later cues
    of a photo add blobs to the earlier ones', and a lattice depends only on the seed and
    the blobs of a size like it, in their order, so most come out as before); ``most``: once
    the lattice holds more blobs than this, only the seed's eight neighbours go on placing
    theirs (:data:`SEEN_AT_MOST`)."""
    areas, centres = _arrays if _arrays is not None else _blob_arrays(blobs)
    ratio = areas / seed.area
    index = np.flatnonzero((1 / LIKE < ratio) & (ratio < LIKE))
    free = index != _at if _at is not None else \
        np.array([blobs[i] is not seed for i in index], bool)
    if _grown is None:
        return _grow(seed, blobs, centres, index, free, most)
    similar = [blobs[i] for i in index]
    key = (id(seed), tuple(id(x) for x in similar), free.tobytes(), most)
    if key not in _grown:  # the blobs are kept with it, so their ids name them alone
        _grown[key] = (_grow(seed, blobs, centres, index, free, most), similar + [seed])
    return dict(_grown[key][0])


def _grow(seed: Blob, blobs: list[Blob], centres: np.ndarray, index: np.ndarray,
          free: np.ndarray, most: float = np.inf) -> dict[tuple[int, int], Blob]:
    """:func:`grow` over the blobs ``index`` of a size like the seed's, those ``free`` not
    the seed; once it holds more than ``most``, only the seed's eight neighbours go on
    placing theirs, so that the 3 x 3 windows holding the seed are still grown where those
    neighbours are found (the others come from the lattices their own blobs seed)."""
    a, b = _axes(seed)
    pts = centres[index]
    d = pts - seed.centre
    dist = np.hypot(d[:, 0], d[:, 1])
    with np.errstate(divide="ignore", invalid="ignore"):
        cos = np.maximum(np.abs(d @ a), np.abs(d @ b)) / dist
    near = (dist > APART * seed.side) & (dist < REACH * seed.side) & (cos > ALONG)
    if not near.any():
        return {(0, 0): seed}
    spacing = float(dist[near].min())
    grid = {(0, 0): seed}
    vec = {(0, 0): (a * spacing, b * spacing)}
    queue = [(0, 0)]
    # taken blobs (the seed, those placed) are infinitely far from every predicted place
    barred = np.where(free, 0.0, np.inf)
    reach = INNER * spacing  # on the predicted cell's inner part, clear of its edge
    # more blobs of the seed's size than a camera sees of a cube: a busy ground, where each
    # node measures its steps to the blobs near it alone (to all of them, it costs more)
    busy = len(pts) > SEEN_AT_MOST
    every, xs_all, ys_all = np.arange(len(pts)), pts[:, 0], pts[:, 1]
    left = int(free.sum())  # once every blob is placed, no node places another
    while queue and left:
        key = queue.pop(0)
        if len(grid) > most and max(abs(key[0]), abs(key[1])) > 1:
            continue  # grown past a cube's view: only the seed's neighbours go on
        va, vb = vec[key]
        c = grid[key].centre
        # every step's predicted position against each blob at once; a blob taken by an
        # earlier step of this node is barred when a later step's nearest is looked up
        pred = c + _STEP_ARRAY[:, :1] * va + _STEP_ARRAY[:, 1:] * vb
        if busy:  # the blobs that may lie within reach, in order
            cand = _around(pts, pred, reach)
            if not cand.size:
                continue
            xs, ys, bar = xs_all[cand], ys_all[cand], barred[cand]
        else:
            cand, xs, ys, bar = every, xs_all, ys_all, barred
        off_all = np.hypot(xs - pred[:, :1], ys - pred[:, 1:]) + bar
        # only a step with a blob within reach can place one (taking raises the others')
        for s in np.flatnonzero(off_all.min(axis=1) < reach).tolist():
            di, dj = STEPS[s]
            nk = (key[0] + di, key[1] + dj)
            if nk in grid:
                continue
            j = int(np.argmin(off_all[s]))  # its nearest, or the next if a step took that
            if not off_all[s, j] < reach:
                continue
            off_all[:, j] = np.inf
            best = blobs[index[cand[j]]]
            step = best.centre - c
            nva, nvb = va, vb
            if abs(di) + abs(dj) == 1:  # a neighbour: follow the perspective's change of pitch
                nva, nvb = (step * di if di else va, step * dj if dj else vb)
            grid[nk] = best
            vec[nk] = (nva, nvb)
            barred[cand[j]] = np.inf
            left -= 1
            queue.append(nk)
    return grid


def _around(pts: np.ndarray, pred: np.ndarray, reach: float) -> np.ndarray:
    """The places (in order) of the points ``pts`` inside the box around the predicted
    places ``pred`` widened by twice ``reach``: every point within ``reach`` of one of them,
    with room to spare for rounding, so that a node of a lattice over a busy picture's
    thousands of blobs measures its steps to the few near it alone."""
    lo, hi = pred.min(axis=0) - 2 * reach, pred.max(axis=0) + 2 * reach
    return np.flatnonzero((pts[:, 0] > lo[0]) & (pts[:, 0] < hi[0])
                          & (pts[:, 1] > lo[1]) & (pts[:, 1] < hi[1]))


def _blob_arrays(blobs: list[Blob]) -> tuple[np.ndarray, np.ndarray]:
    """The blobs' areas (N,) and centres (N, 2), float64."""
    return (np.array([x.area for x in blobs], np.float64),
            np.array([x.centre for x in blobs], np.float64).reshape(-1, 2))


def best_window(grid: dict[tuple[int, int], Blob]) -> tuple[dict[tuple[int, int], Blob], int]:
    """The 3x3 window of lattice positions holding most blobs, and how many lie outside it."""
    cols = [k[0] for k in grid]
    rows = [k[1] for k in grid]
    if max(cols) - min(cols) < 3 and max(rows) - min(rows) < 3:
        return grid, 0
    best, best_n = grid, -1
    for i0 in range(min(cols), max(min(cols), max(cols) - 2) + 1):
        for j0 in range(min(rows), max(min(rows), max(rows) - 2) + 1):
            sub = {k: b for k, b in grid.items() if i0 <= k[0] < i0 + 3 and j0 <= k[1] < j0 + 3}
            if len(sub) > best_n:
                best, best_n = sub, len(sub)
    return best, len(grid) - best_n


def fit(grid: dict[tuple[int, int], Blob]) -> np.ndarray | None:
    """The lattice homography through the blobs of ``grid`` (None through fewer than four, or
    four on one line). Fewer than :data:`FIRM` blobs whose squares are not of a size like the
    lattice's cells (:data:`LIKE`: a sticker's is, a digit's is not) are digits: an affine
    lattice through them."""
    keys = list(grid)
    src = np.array(keys, np.float64)
    dst = np.array([grid[k].centre for k in keys], np.float64)
    if len(keys) < 4 or _collinear(src):
        return None
    h, _ = cv2.findHomography(src, dst, 0)
    if h is not None and len(keys) < FIRM and \
            LIKE * median([b.side for b in grid.values()]) ** 2 < pitch(h) ** 2:
        # a few blobs much smaller than the pitch are digits, whose centres stray from their
        # stickers' by a stroke or an underline: an affine lattice, steadier
        a, *_ = np.linalg.lstsq(np.hstack([src, np.ones((len(src), 1))]), dst, rcond=None)
        h = np.vstack([a.T, [0.0, 0.0, 1.0]])
    return h


def _collinear(src: np.ndarray) -> bool:
    """True when the lattice points lie on one line (their spread has no second direction):
    lattice points are integers, so the determinant of their scatter is 0 or at least 1/4."""
    d = src - src.mean(0)
    sxx, syy, sxy = float(d[:, 0] @ d[:, 0]), float(d[:, 1] @ d[:, 1]), float(d[:, 0] @ d[:, 1])
    return sxx * syy - sxy * sxy < TINY


FIRM = 7
"""Blobs through which a lattice is fitted to lie close on its own: all nine of a face's
stickers but the one or two that glare or shade may hide (as many sticker cells make a lattice
a face, :data:`vision.locate.hypotheses.GOOD_CELLS`). Through fewer, a homography bends to
their noise (:func:`fit` fits a few digits' centres as an affine lattice), and a blob the
others predict badly cannot be told from them (:func:`robust_fit` drops one only while this
many rest on the lattice)."""


OUTLIER = 0.2
"""A sticker whose centre lies this far (in sticker pitches) from the fitted lattice is
dropped from the fit: glare or a shadow cut into its outline and moved its centre."""


def robust_fit(grid: dict[tuple[int, int], Blob]
                ) -> tuple[np.ndarray | None, dict[tuple[int, int], Blob]]:
    """Fit the lattice homography, dropping the sticker that the others predict worst while
    it lies more than :data:`OUTLIER` pitches off and the lattice rests on :data:`FIRM` or more;
    returns the homography and the stickers it rests on."""
    while len(grid) >= FIRM:
        keys = list(grid)
        res = _left_out_residuals(np.array(keys, np.float64),
                                  np.array([grid[k].centre for k in keys], np.float64))
        i = int(np.argmax(res))
        if not res[i] > OUTLIER:
            break
        grid = {k: b for k, b in grid.items() if k != keys[i]}
    return fit(grid), grid


def _left_out_residuals(src: np.ndarray, dst: np.ndarray) -> np.ndarray:
    """For each point, how far (in pitches of that fit) an affine fit to the others predicts
    it: an affine fit predicts a left-out sticker steadily (a homography bends to it). All at
    once from the fit to every point (Sherman-Morrison: leaving point i out moves the
    coefficients by ``G x_i e_i / (1 - h_i)``)."""
    x = np.hstack([src, np.ones((len(src), 1))])
    g = np.linalg.inv(x.T @ x)
    a = g @ x.T @ dst
    e = dst - x @ a
    lev = np.einsum("ij,jk,ik->i", x, g, x)
    keep = np.maximum(1.0 - lev, TINY)
    loo = a[None] - np.einsum("jk,ik,il->ijl", g, x, e) / keep[:, None, None]
    pitch = np.sqrt(np.abs(np.linalg.det(loo[:, :2, :])))
    return np.linalg.norm(e, axis=1) / keep / np.maximum(pitch, TINY)


def groups_of(blobs: list[Blob], grown: Grown | None = None, seeds_below: float = np.inf,
              most: float = np.inf) -> list[dict[tuple[int, int], Blob]]:
    """The lattices grown from every blob, each distinct set of blobs once, largest first;
    ``grown`` keeps them for the next call over some of the same blobs (:func:`grow`). A
    blob with no blob of its size within reach (:func:`_alone`) is a lattice of itself alone,
    not grown. With ``seeds_below`` (a finer scale, :data:`vision.locate.detect.FINER`):
    only blobs of a smaller area seed a lattice (the others join them as neighbours), and
    each only when no lattice grown before holds it, as its own would be mostly that one:
    the squares of a printed grid or tiles, hundreds at a finer scale, give one lattice,
    not one each, so there each lattice grows whole. ``most``: where every blob seeds, how
    many blobs a lattice grows to (:func:`grow`); the lattices of a pattern are then many,
    each of its windows grown from the blobs within it."""
    seen, out = set(), []
    arrays = _blob_arrays(blobs)
    distinct = len({id(b) for b in blobs}) == len(blobs)  # a seed's place names it alone
    alone = _alone(blobs, *arrays)
    placed: set[int] = set()
    only_unplaced = seeds_below < np.inf  # a blob placed seeds no lattice, so a cut one
    if only_unplaced:  # would leave windows of the pattern that no lattice holds
        most = np.inf
    for at, seed in enumerate(blobs):
        if seed.area >= seeds_below or id(seed) in placed:
            continue
        grid = {(0, 0): seed} if alone[at] else \
            grow(seed, blobs, arrays, at if distinct else None, grown, most)
        key = frozenset(id(b) for b in grid.values())
        if only_unplaced:
            placed |= key
        if key not in seen:
            seen.add(key)
            out.append(grid)
    out.sort(key=lambda g: -len(g))
    return out


_SURE = float(np.sqrt(np.finfo(np.float64).eps))
"""A relative margin (half a float's digits) that :func:`_alone` keeps from each of
:func:`grow`'s limits, so that the rounding of its arithmetic, done for all blobs at once,
cannot call a blob alone that :func:`grow` would link."""


def _alone(blobs: list[Blob], areas: np.ndarray, centres: np.ndarray) -> np.ndarray:
    """Which blobs :func:`grow` leaves alone (a lattice of the seed only), all at once: no
    other blob of a size like it (:data:`LIKE`) lies along either axis of its box
    (:data:`ALONG`), between :data:`APART` and :data:`REACH` of its sides away from it.
    Decided with a margin (:data:`_SURE`): a blob near a limit is grown, and :func:`grow`
    decides."""
    if not blobs:
        return np.zeros(0, bool)
    sides = np.array([b.side for b in blobs], np.float64)
    t = np.deg2rad(np.array([b.angle for b in blobs], np.float64))
    ratio = areas[None, :] / areas[:, None]
    similar = (ratio > (1 / LIKE) * (1 - _SURE)) & (ratio < LIKE * (1 + _SURE))
    d = centres[None, :, :] - centres[:, None, :]
    dist = np.hypot(d[..., 0], d[..., 1])
    # the box's axes, whichever way round (:func:`_axes` picks among them and their opposites)
    along = np.maximum(np.abs(d[..., 0] * np.cos(t)[:, None] + d[..., 1] * np.sin(t)[:, None]),
                       np.abs(d[..., 1] * np.cos(t)[:, None] - d[..., 0] * np.sin(t)[:, None]))
    with np.errstate(divide="ignore", invalid="ignore"):
        cos = along / dist
    near = similar & (dist > APART * sides[:, None] * (1 - _SURE)) & \
        (dist < REACH * sides[:, None] * (1 + _SURE)) & (cos > ALONG * (1 - _SURE))
    return ~near.any(axis=1)
