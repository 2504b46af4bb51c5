"""Face lattices of a corner photo from its digits: the pass for dark stickers with light ink.

On the black Sudoku Cube the stickers are dark grey on a black body: the sticker passes
(:mod:`vision.corners.quads`) see no bright quadrilaterals, and the grooves are barely darker
than the stickers. The brightest, sharpest marks on the cube are its digits, nine per face,
one at the middle of each sticker, so each face shows nine glyphs of one size on a perspective
3x3 lattice whose axes are the face's two edge directions.

:func:`glyph_points` finds ink marks of either polarity (a white top-hat for light ink, a black-hat
for dark ink, each narrower than a sticker), shaped like a digit. :func:`glyph_lattices` forms
lattice hypotheses from every point and two of its near neighbours, counts the points that
fall on each 3x3 window of the lattice, refits it through them, and keeps the windows holding
most of the nine glyphs, each point in one face only. Print, wood grain or noise do not put
six or more marks of one size on a 3x3 perspective lattice, so they make no face; the faces
found are then completed and checked against each other like sticker faces
(:func:`vision.corners.rebuild.complete_faces`).
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass

import cv2
import numpy as np

from ..sticker_blobs import value_channel as _value
from .lattice import Found, Lattice, outline
from .quads import Quad
from .check import pitch_of
from .homographies import fit_homographies

STROKE = 0.03
"""Width (share of the image's shorter side) of the top-hat window: wider than a digit's
stroke in a corner photo that shows the cube, narrower than a sticker's plateau."""

GLYPH_SIDE = (0.012, 0.16)
"""Least and most (share of the image's shorter side) of a glyph's longer box side."""

MIN_GLYPHS = 6
"""Glyphs of the nine that must lie on a lattice window before it is a face hypothesis."""

MATCH = 0.28
"""A glyph matches a lattice node within this share of the lattice pitch."""

MAX_BETWEEN = 0.2
"""Most share of ink in the bands between a face's cells (:func:`_ink_between`)."""

NEIGHBOURS = 6
"""Nearest glyphs of similar size paired with each glyph to span lattice hypotheses."""


@dataclass(frozen=True)
class Glyph:
    """An ink mark: centre (x, y), longer side of its box (pixels) and its polarity."""

    centre: np.ndarray
    size: float
    light: bool


DIM = 0.5
"""The second, lower ink threshold as a share of the first (Otsu's)."""


def _ink_masks(v: np.ndarray, light_only: bool | None = None) -> list[tuple[np.ndarray, bool]]:
    """Binary masks of ink narrower than a sticker, light (white top-hat) and dark (black-hat),
    or of one polarity ``light_only``, each thresholded by Otsu over the pixels that stand out
    at all."""
    k = int(STROKE * min(v.shape)) | 1
    se = cv2.getStructuringElement(cv2.MORPH_RECT, (k, k))
    out = []
    for op, light in ((cv2.MORPH_TOPHAT, True), (cv2.MORPH_BLACKHAT, False)):
        if light_only is not None and light != light_only:
            continue
        hat = cv2.morphologyEx(v, op, se)
        vals = hat[::2, ::2]
        vals = vals[vals > 8]
        if vals.size < 50:
            continue
        t, _ = cv2.threshold(vals.reshape(1, -1), 0, 255, cv2.THRESH_BINARY | cv2.THRESH_OTSU)
        for level in (max(t, 16), max(DIM * t, 12)):  # a face in shade: its digits are dimmer
            mask = (hat > level).astype(np.uint8)
            out.append((cv2.morphologyEx(mask, cv2.MORPH_CLOSE, np.ones((3, 3), np.uint8)),
                        light))
    return out


def glyph_points(image: np.ndarray) -> list[Glyph]:
    """Ink marks of a digit's shape and size in a BGR image: connected parts of the ink masks
    whose box is not a sliver (an underline, a groove's edge) and not mostly empty or full."""
    return _marks(image)[0]


def _marks(image: np.ndarray, light: bool | None = None
           ) -> tuple[list[Glyph], dict[bool, np.ndarray]]:
    """The glyphs of :func:`glyph_points` (of one polarity ``light``, or both) and, per
    polarity, the widest ink mask."""
    v = cv2.GaussianBlur(_value(image), (3, 3), 0)
    side = min(v.shape)
    lo, hi = GLYPH_SIDE[0] * side, GLYPH_SIDE[1] * side
    out: list[Glyph] = []
    masks: dict[bool, np.ndarray] = {}
    for mask, polarity in _ink_masks(v, light):
        masks[polarity] = mask  # the lower threshold comes last
        # block-based labelling: the same components in the same order as the default
        # algorithm, a third of its time on a whole photo
        stats = cv2.connectedComponentsWithStatsWithAlgorithm(mask, 8, cv2.CV_32S,
                                                              cv2.CCL_GRANA)[2]
        x, y, w, h, area = stats[1:].T
        long, short = np.maximum(w, h), np.minimum(w, h)
        fill = area / (w * h)
        keep = (lo <= long) & (long <= hi) & (short >= 0.2 * long) & (0.12 <= fill) & \
            (fill <= 0.85)
        same = [o for o in out if o.light == polarity]
        seen = np.array([o.centre for o in same]).reshape(-1, 2)
        reach = np.array([0.4 * o.size for o in same])
        for k in np.flatnonzero(keep).tolist():
            c = np.array([x[k] + w[k] / 2, y[k] + h[k] / 2], np.float64)
            if len(seen):
                d = seen - c
                if (np.sqrt(d[:, 0] * d[:, 0] + d[:, 1] * d[:, 1]) < reach).any():
                    continue  # the same mark at the lower threshold
            out.append(Glyph(c, float(long[k]), polarity))
            seen = np.vstack([seen, c])
            reach = np.append(reach, 0.4 * float(long[k]))
    return out, masks


def _nodes() -> np.ndarray:
    return np.array([(i, j) for j in range(-2, 3) for i in range(-2, 3)], np.float64)


_NODES = _nodes()


def _window_of(pts: np.ndarray, origin: np.ndarray, a: np.ndarray, b: np.ndarray,
               pitch: float) -> dict[tuple[int, int], int] | None:
    """The 3x3 window of the affine lattice ``origin + i a + j b`` (i, j in -2..2) holding
    most points (each node its nearest point within :data:`MATCH` pitches), as window
    (col, row) -> point index; None when it holds fewer than :data:`MIN_GLYPHS`."""
    return _windows_of(pts, origin, [(a, b)])[0]


_WINDOW_ORDER = np.array([10 * i0 + j0 for i0 in range(3) for j0 in range(3)])
"""Tie-break of equal counts among the nine windows: the last in (i0, j0) order, as
``max`` over (count, i0, j0) tuples."""


def _windows_of(pts: np.ndarray, origin: np.ndarray, spans: list[tuple[np.ndarray, np.ndarray]]
                ) -> list[dict[tuple[int, int], int] | None]:
    """:func:`_window_of` for every pair of axes in ``spans`` at once (one array operation
    instead of one per pair: the glyph pass tries hundreds of them per photo); ``origin`` is
    one point (2,) for all pairs or one per pair (P, 2)."""
    if not spans:
        return []
    origins = np.broadcast_to(np.asarray(origin, np.float64), (len(spans), 2))
    out: list[dict[tuple[int, int], int] | None] = []
    for at in range(0, len(spans), CHUNK):
        out += _windows_chunk(pts, origins[at:at + CHUNK], spans[at:at + CHUNK])
    return out


CHUNK = 256
"""Pairs of axes judged in one array operation (the arrays grow with pairs x glyphs)."""


def _windows_chunk(pts: np.ndarray, origins: np.ndarray,
                   spans: list[tuple[np.ndarray, np.ndarray]]
                   ) -> list[dict[tuple[int, int], int] | None]:
    """:func:`_windows_of` for one chunk of pairs, each from its own origin."""
    ab = np.array(spans)  # (P, 2 axes, 2)
    a, b = ab[:, 0], ab[:, 1]
    pitch = np.minimum(np.sqrt(a[:, 0] * a[:, 0] + a[:, 1] * a[:, 1]),
                       np.sqrt(b[:, 0] * b[:, 0] + b[:, 1] * b[:, 1]))
    # node positions (P, 25) and their squared distances to every point (P, 25, N), per
    # coordinate (the sums of np.linalg.norm over the last axis, without its copies)
    dx = (origins[:, :1] + _NODES[None, :, 0] * a[:, :1] + _NODES[None, :, 1] * b[:, :1]
          )[:, :, None] - pts[None, None, :, 0]
    dy = (origins[:, 1:] + _NODES[None, :, 0] * a[:, 1:] + _NODES[None, :, 1] * b[:, 1:]
          )[:, :, None] - pts[None, None, :, 1]
    dx *= dx
    dy *= dy
    dx += dy
    near = dx.argmin(axis=2)
    hit = (np.sqrt(np.take_along_axis(dx, near[:, :, None], axis=2)[:, :, 0])
           < MATCH * pitch[:, None]).reshape(-1, 5, 5)  # [pair, row j, col i]
    # hits in each 3x3 window (i0, j0) from a summed-area table: (P, 9) in (i0, j0) order
    c = np.pad(hit.astype(np.int32), ((0, 0), (1, 0), (1, 0))).cumsum(axis=1).cumsum(axis=2)
    counts = (c[:, 3:, 3:] - c[:, :-3, 3:] - c[:, 3:, :-3] + c[:, :-3, :-3]
              ).transpose(0, 2, 1).reshape(-1, 9)
    best = np.argmax(counts * 100 + _WINDOW_ORDER, axis=1)
    out: list[dict[tuple[int, int], int] | None] = []
    full = counts[np.arange(len(best)), best] >= MIN_GLYPHS
    near5, best_l = near.reshape(-1, 5, 5), best.tolist()
    for k, w in enumerate(best_l):
        if not full[k]:
            out.append(None)
            continue
        i0, j0 = divmod(w, 3)
        nk = near5[k, j0:j0 + 3, i0:i0 + 3].tolist()
        hk = hit[k, j0:j0 + 3, i0:i0 + 3].tolist()
        win = {(i, j): nk[j][i] for i in range(3) for j in range(3) if hk[j][i]}
        out.append(win if len(set(win.values())) == len(win) else None)
    return out


def _pseudo_quad(g: Glyph, a: np.ndarray, b: np.ndarray) -> Quad:
    """A glyph standing in for its sticker: centred on the glyph, edges one pitch along the
    lattice axes (the sticker candidates of the other passes have the same form)."""
    c = g.centre
    corners = np.array([c - (a + b) / 2, c + (a - b) / 2, c + (a + b) / 2, c + (b - a) / 2])
    return Quad(c, corners, (a, b), float(abs(a[0] * b[1] - a[1] * b[0])))


def _assign(pts: np.ndarray, H: np.ndarray, tol: float = 0.3) -> dict[tuple[int, int], int]:
    """Each point to the lattice cell whose centre it sits on (within ``tol`` of a cell, the
    nearest point per cell), as cell -> point index."""
    p = np.hstack([pts, np.ones((len(pts), 1))]) @ np.linalg.inv(H).T
    with np.errstate(divide="ignore", invalid="ignore"):
        uv = p[:, :2] / p[:, 2:3] - 0.5
    k = np.round(uv)
    err = np.linalg.norm(uv - k, axis=1)
    ok = np.all((k >= 0) & (k <= 2), axis=1) & (err < tol)
    cells: dict[tuple[int, int], int] = {}
    for i in np.flatnonzero(ok)[np.argsort(err[ok])]:
        cells.setdefault((int(k[i, 0]), int(k[i, 1])), int(i))
    return cells


def _homography(cells: dict[tuple[int, int], int], pts: np.ndarray) -> np.ndarray | None:
    """Lattice (u, v), 0..3, to image through the cells' points as centres (None when they
    do not span two rows and two columns)."""
    if len(cells) < 4 or len({u for u, _ in cells}) < 2 or len({v for _, v in cells}) < 2:
        return None
    src = np.array([[u + 0.5, v + 0.5] for u, v in cells], np.float64)
    H, _ = cv2.findHomography(src, pts[list(cells.values())], 0)
    return H if H is not None and abs(np.linalg.det(H)) > 1e-9 else None


_U = np.linspace(0.05, 2.95, 30)
_BETWEEN = np.array([(u, v) for v in _U for u in _U
                     if max(abs(u % 1 - 0.5), abs(v % 1 - 0.5)) > 0.42])
"""Lattice points (0..3) in the bands along the cell borders, where a cube face has its
grooves and no ink."""

_BETWEEN_H = np.hstack([_BETWEEN, np.ones((len(_BETWEEN), 1))])


def _ink_between(mask: np.ndarray, H: np.ndarray) -> float:
    """Share of the band points (:data:`_BETWEEN`) of lattice ``H`` that fall on ink: about 0
    on a cube face, whose digits keep to the middle of their stickers; a page of print has
    letters between any two of its marks."""
    p = np.hstack([_BETWEEN, np.ones((len(_BETWEEN), 1))]) @ H.T
    with np.errstate(divide="ignore", invalid="ignore"):
        xy = np.nan_to_num(p[:, :2] / p[:, 2:3], nan=-1.0, posinf=-1.0, neginf=-1.0)
    x = np.clip(np.round(xy[:, 0]), -1, mask.shape[1]).astype(int)
    y = np.clip(np.round(xy[:, 1]), -1, mask.shape[0]).astype(int)
    ok = (x >= 0) & (y >= 0) & (x < mask.shape[1]) & (y < mask.shape[0])
    return float(mask[y[ok], x[ok]].mean()) if ok.any() else 0.0


def _ink_shares(mask: np.ndarray, Hs: np.ndarray) -> np.ndarray:
    """:func:`_ink_between` for each lattice of ``Hs`` (B, 3, 3) at once."""
    p = _BETWEEN_H @ Hs.transpose(0, 2, 1)
    with np.errstate(divide="ignore", invalid="ignore"):
        xy = np.nan_to_num(p[..., :2] / p[..., 2:3], nan=-1.0, posinf=-1.0, neginf=-1.0)
    x = np.clip(np.round(xy[..., 0]), -1, mask.shape[1]).astype(int)
    y = np.clip(np.round(xy[..., 1]), -1, mask.shape[0]).astype(int)
    ok = (x >= 0) & (y >= 0) & (x < mask.shape[1]) & (y < mask.shape[0])
    on = mask[np.where(ok, y, 0), np.where(ok, x, 0)] * ok
    n = ok.sum(axis=1)
    return np.where(n > 0, on.sum(axis=1) / np.maximum(n, 1), 0.0)


def _spans(pts: np.ndarray, sizes: np.ndarray
           ) -> tuple[list[tuple[np.ndarray, np.ndarray]], list[int]]:
    """Pairs of lattice axes (a, b) from each glyph in turn to two of its :data:`NEIGHBOURS`
    nearest glyphs of similar size: not near parallel, of comparable length, about one
    sticker pitch long; and the glyph each pair starts from (the distances and neighbour
    orders of all glyphs taken at once)."""
    d = np.linalg.norm(pts[None, :, :] - pts[:, None, :], axis=2)  # [p, glyph]
    s = sizes[:, None]
    ok = (d > 1.1 * s) & (d < 4.5 * s) & (sizes[None] > 0.6 * s) & (sizes[None] < 1.6 * s)
    order = np.argsort(d, axis=1)
    spans: list[tuple[np.ndarray, np.ndarray]] = []
    origins: list[int] = []
    for p in range(len(pts)):
        idx = [i for i in order[p].tolist() if ok[p, i]][:NEIGHBOURS]
        if len(idx) < 2:
            continue
        vec = pts[idx] - pts[p]
        length = np.sqrt(vec[:, 0] * vec[:, 0] + vec[:, 1] * vec[:, 1]).tolist()
        dots = (vec @ vec.T).tolist()
        for (i, q), (j, r) in itertools.combinations(enumerate(idx), 2):
            if abs(dots[i][j]) / (length[i] * length[j]) > 0.9 or \
                    not 0.4 < length[i] / length[j] < 2.5:
                continue
            spans.append((vec[i], vec[j]))
            origins.append(p)
    return spans, origins


def glyph_lattices(image: np.ndarray, light: bool | None = None) -> Found:
    """Face lattices of a corner photo from its glyphs (of one polarity, ``light``, or each in
    turn), best first (most glyphs, then least misfit), no glyph in two faces; their cells are
    the glyphs standing in for stickers (:class:`vision.corners.lattice.Quad`)."""
    found: list[tuple[float, Lattice]] = []  # (misfit, lattice)
    all_quads: list[Quad] = []
    points, masks = _marks(image, light)
    for polarity in ((True, False) if light is None else (light,)):
        glyphs = [g for g in points if g.light == polarity]
        if polarity not in masks:
            continue
        lats, quads = _lattices_of(glyphs, masks[polarity])
        found += lats
        all_quads += quads
    if light is None and len(masks) == 2:  # white ink on dark colours, black on light ones
        lats, quads = _lattices_of(points, np.maximum(masks[True], masks[False]))
        found += lats
        all_quads += quads
    found.sort(key=lambda t: (-len(t[1].cells), t[0] / pitch_of(t[1].H)))
    return Found([lat for _, lat in found], [], all_quads)


def _lattices_of(glyphs: list[Glyph], ink: np.ndarray
                 ) -> tuple[list[tuple[float, Lattice]], list[Quad]]:
    """Every distinct lattice of at least :data:`MIN_GLYPHS` glyphs with no ``ink`` (mask)
    between its cells, with its misfit (:func:`_misfits`), most glyphs and least misfit
    first; and the glyphs as quads. Each window of glyphs
    (:func:`_windows_of`), most glyphs first, is settled (:func:`_settled_cells`) unless a
    lattice kept already holds all its glyphs but one."""
    if len(glyphs) < MIN_GLYPHS:
        return [], []
    pts = np.array([g.centre for g in glyphs])
    sizes = np.array([g.size for g in glyphs])
    med = float(np.median(sizes))
    quads = [_pseudo_quad(g, np.array([med, 0.0]), np.array([0.0, med])) for g in glyphs]
    keys, wins = _windows(pts, sizes)
    settled: list[int] = []  # the glyphs of each lattice kept, as bits
    kept: list[Lattice] = []
    for at in range(0, len(keys), SETTLE_CHUNK):
        # settled a chunk at a time, most glyphs first: a window whose face is kept already
        # is not settled at all (each fit is the same whatever is fitted with it)
        todo = [k for k in range(at, min(at + SETTLE_CHUNK, len(keys)))
                if not _covered(keys[k], settled)]
        before = len(settled)  # the todo windows are not covered by these
        ends, H, exact = _settled_cells(pts, [wins[k] for k in todo])
        shares = _ink_shares(ink, H)
        for j, k in enumerate(todo):
            if ends[j] is None or _covered(keys[k], settled[before:]):
                continue  # no lattice, or the same face again give or take a glyph
            if abs(shares[j] - MAX_BETWEEN) < CLOSE_SHARE and not exact[j]:
                Hx = _homography(ends[j], pts)
                if Hx is None:
                    continue
                shares[j] = _ink_between(ink, Hx)
            if shares[j] > MAX_BETWEEN:
                continue
            kept.append(Lattice(H[j].copy(), {c: quads[i] for c, i in ends[j].items()},
                                (-1, -1)))
            settled.append(sum(1 << i for i in ends[j].values()))
    out = list(zip(_misfits(kept), kept))
    out.sort(key=lambda t: (-len(t[1].cells), t[0]))
    return out, quads


SETTLE_CHUNK = 128
"""Windows settled in one batch (:func:`_lattices_of`): large enough that the batched fits
pay, small enough that the faces kept from one chunk spare the next its windows of the same
faces."""


def _covered(key: int, settled: list[int]) -> bool:
    """True when a lattice kept (``settled``, glyphs as bits) holds all glyphs of the window
    ``key`` (bits) but at most one."""
    return any((key & ~s).bit_count() <= 1 for s in settled)


def _windows(pts: np.ndarray, sizes: np.ndarray
             ) -> tuple[list[int], list[dict[tuple[int, int], int]]]:
    """The distinct windows of glyphs (:func:`_windows_of`) from every glyph and pair of its
    neighbours (:func:`_spans`), most glyphs first, each as its glyphs (bits) and its cells
    (-> glyph index)."""
    spans, origins = _spans(pts, sizes)
    windows: dict[frozenset, dict[tuple[int, int], int]] = {}
    for win in _windows_of(pts, pts[origins], spans):
        if win is not None:
            windows.setdefault(frozenset(win.values()), win)
    keys = sorted(windows, key=len, reverse=True)
    return [sum(1 << i for i in key) for key in keys], [windows[key] for key in keys]


CLOSE_SHARE = 0.015
"""Share of ink between the cells within which :data:`MAX_BETWEEN` is judged again on the
fit of :func:`cv2.findHomography` (a few band points that a hair's shift of the lattice moves
onto or off ink)."""

CLOSE = 0.0015
"""Lattice units within which a decision of the batched settling (:func:`_settled_cells`) is
taken again on the fit of :func:`cv2.findHomography`: a glyph this near the tolerance of its
cell, or two glyphs this near alike for one cell. The batched fits and
:func:`cv2.findHomography` (which stops its refinement a little short) place the lattice
within 3e-4 lattice units of each other on the glyph lattices of 1,300 windows of black corner
photos."""


def _settled_cells(pts: np.ndarray, wins: list[dict[tuple[int, int], int]]
                   ) -> tuple[list[dict[tuple[int, int], int] | None], np.ndarray, np.ndarray]:
    """Per window, the cells (-> point index) its glyphs settle on: a homography through the
    window's glyphs (as sticker centres), the glyphs reassigned to its cells
    (:func:`_assign`) and refitted, twice; None when it does not stay a lattice of
    :data:`MIN_GLYPHS` glyphs. All windows are fitted at once
    (:mod:`vision.corners.homographies`); a decision that the batched fit leaves too close to
    call (:data:`CLOSE`) is taken on :func:`cv2.findHomography`'s fit, as one window at a
    time was settled before. Also the fits through the final cells (B, 3, 3) and whether
    each is :func:`cv2.findHomography`'s."""
    out: list[dict[tuple[int, int], int] | None] = [None] * len(wins)
    cur = [dict(w) for w in wins]
    H = np.zeros((len(wins), 3, 3))
    exact = np.zeros(len(wins), bool)  # H[i] is cv2's fit
    alive = _fit_cells(pts, cur, list(range(len(wins))), H, exact)
    for _ in range(2):
        if not alive:
            break
        refit, still = [], []
        for i, cells in zip(alive, _assign_all(pts, H[alive])):
            if cells is None:  # too close to call on the batched fit
                if not exact[i]:
                    Hx = _homography(cur[i], pts)
                    if Hx is None:
                        continue
                    H[i], exact[i] = Hx, True
                cells = _assign(pts, H[i])
            if len(cells) < MIN_GLYPHS:
                continue
            if list(cells.items()) != list(cur[i].items()):  # else the same fit again
                refit.append(i)
            cur[i] = cells
            still.append(i)
        kept = set(_fit_cells(pts, cur, refit, H, exact, again=True))
        alive = [i for i in still if i in kept or i not in refit]
    for i in alive:
        out[i] = cur[i]
    return out, H, exact


def _fit_cells(pts: np.ndarray, cells: list[dict[tuple[int, int], int]], ids: list[int],
               H: np.ndarray, exact: np.ndarray, again: bool = False) -> list[int]:
    """Fit the lattices ``ids`` through their ``cells`` into ``H`` at once (``exact`` False),
    each fit in doubt by :func:`cv2.findHomography` (``exact`` True); the ids of those that
    :func:`_homography` does not refuse. ``again``: ``H`` holds their fits through nearly
    the same cells, to refine."""
    go = [i for i in ids if len(cells[i]) >= 4 and len({u for u, _ in cells[i]}) >= 2
          and len({v for _, v in cells[i]}) >= 2]
    if not go:
        return []
    items = [list(cells[i].items()) for i in go]
    lens = np.array([len(it) for it in items])
    which = np.repeat(np.arange(len(go)), lens)
    slot = np.arange(len(which)) - np.repeat(np.cumsum(lens) - lens, lens)
    flat = [kv for it in items for kv in it]
    src = np.zeros((len(go), 9, 2))
    dst = np.zeros((len(go), 9, 2))
    weight = np.zeros((len(go), 9))
    src[which, slot] = np.array([cell for cell, _ in flat], np.float64) + 0.5
    dst[which, slot] = pts[[i for _, i in flat]]
    weight[which, slot] = 1.0
    fits, ok = fit_homographies(src, dst, weight, H[go] if again else None)
    H[go], exact[go] = fits, False
    kept = []
    for k, i in enumerate(go):
        if not ok[k]:
            Hx = _homography(cells[i], pts)
            if Hx is None:
                continue
            H[i], exact[i] = Hx, True
        kept.append(i)
    return kept


def _assign_all(pts: np.ndarray, Hs: np.ndarray, tol: float = 0.3
                ) -> list[dict[tuple[int, int], int] | None]:
    """:func:`_assign` for each lattice of ``Hs`` (B, 3, 3) at once; None for a lattice with
    a glyph within :data:`CLOSE` of ``tol`` that may change its cells (:func:`_in_doubt`), or
    two within :data:`CLOSE` of each other for one cell."""
    p = np.hstack([pts, np.ones((len(pts), 1))]) @ np.linalg.inv(Hs).transpose(0, 2, 1)
    with np.errstate(divide="ignore", invalid="ignore"):
        uv = p[..., :2] / p[..., 2:3] - 0.5
        k = np.round(uv)
        e = uv - k
        err = np.sqrt(e[..., 0] * e[..., 0] + e[..., 1] * e[..., 1])
        inside = ((k >= 0) & (k <= 2)).all(axis=2)
        ok = inside & (err < tol)
        near = inside & (np.abs(err - tol) < CLOSE)
    close = _in_doubt(near, ok, err, np.where(inside[..., None], k, 0.0))
    bs, js = np.nonzero(ok)
    order = np.lexsort((err[bs, js], bs))  # by lattice, then nearest first
    bs, js = bs[order], js[order]
    kk = k[bs, js].astype(int)
    out: list[dict[tuple[int, int], int] | None] = [{} for _ in range(len(Hs))]
    for b, i, u, v, e in zip(bs.tolist(), js.tolist(), kk[:, 0].tolist(), kk[:, 1].tolist(),
                             err[bs, js].tolist()):
        cells = out[b]
        if cells is None:
            continue
        j = cells.setdefault((u, v), i)
        if j != i and e - float(err[b, j]) < CLOSE:
            out[b] = None
    for b in np.flatnonzero(close).tolist():
        out[b] = None
    return out


def _in_doubt(near: np.ndarray, ok: np.ndarray, err: np.ndarray, k: np.ndarray) -> np.ndarray:
    """Per lattice (B), whether a glyph ``near`` the tolerance (B, N) may change its cells:
    one whose cell holds no glyph clearly nearer (by :data:`CLOSE`) among those taken
    (``ok``), for in or out, such a glyph loses that cell to the nearer one. ``err``: each
    glyph's distance from its cell (``k``, (B, N, 2)) centre."""
    out = np.zeros(len(near), bool)
    nb, nj = np.nonzero(near)
    if not len(nb):
        return out
    cell = (k[..., 0] + 3 * k[..., 1]).astype(np.intp)
    best = np.full((len(near), 9), np.inf)
    ob, oj = np.nonzero(ok)
    np.minimum.at(best, (ob, cell[ob, oj]), err[ob, oj])
    doubt = ~(best[nb, cell[nb, nj]] < err[nb, nj] - CLOSE)
    out[nb[doubt]] = True
    return out


def gather(quads: list[Quad], H: np.ndarray, tol: float) -> dict[tuple[int, int], Quad]:
    """The glyphs (``quads``) on the cells of lattice ``H``, within ``tol`` of a cell, the
    nearest per cell."""
    if not quads:
        return {}
    pts = np.array([q.centre for q in quads])
    return {cell: quads[i] for cell, i in _assign(pts, H, tol).items()}


def _misfits(lats: list[Lattice]) -> list[float]:
    """Per lattice, the mean distance (pixels) of its glyphs from their cell centres."""
    if not lats:
        return []
    items = [list(lat.cells.items()) for lat in lats]
    m = max(len(it) for it in items)
    src = np.zeros((len(lats), m, 3))
    got = np.zeros((len(lats), m, 2))
    valid = np.zeros((len(lats), m))
    for k, it in enumerate(items):
        src[k, :len(it)] = [(u + 0.5, v + 0.5, 1.0) for (u, v), _ in it]
        got[k, :len(it)] = [q.centre for _, q in it]
        valid[k, :len(it)] = 1.0
    src[valid == 0, 2] = 1.0  # padding: any finite point
    p = src @ np.array([lat.H for lat in lats]).transpose(0, 2, 1)
    e = p[..., :2] / p[..., 2:3] - got
    d = np.sqrt(e[..., 0] * e[..., 0] + e[..., 1] * e[..., 1]) * valid
    return (d.sum(axis=1) / valid.sum(axis=1)).tolist()


CANDIDATES = 40
"""The best glyph lattices among which the faces of the corner are chosen."""

EDGE_GAP = 0.9
"""Sticker pitches between the nearest edges of two glyph lattices that may be faces of one
corner: their outlines are extrapolated from glyph centres, so they meet only roughly until
they are fitted together (:func:`vision.corners.joint.joint_fit`)."""

GROUPS = 4
"""Groups of each size (triples, pairs) that are tried."""


def _outline_edges(lat: Lattice) -> np.ndarray:
    """The four outline edges of a lattice as (4, 2, 2) image end points."""
    o = outline(lat.H)
    return np.stack([o, np.roll(o, -1, axis=0)], axis=1)


def _gaps(edges: np.ndarray) -> np.ndarray:
    """Per pair of lattices (their outline edges ``edges``, (T, 4, 2, 2)), pixels between
    their nearest pair of outline edges (either direction): about 0 for two faces of one
    corner."""
    a = edges[:, None, :, None]
    d1 = np.linalg.norm(a - edges[None, :, None, :], axis=5).mean(axis=4)
    d2 = np.linalg.norm(a - edges[None, :, None, :, ::-1], axis=5).mean(axis=4)
    return np.minimum(d1.min(axis=(2, 3)), d2.min(axis=(2, 3)))


def _inside(point: np.ndarray, edges: np.ndarray) -> bool:
    """True when ``point`` lies inside the outline whose edges are ``edges``: two lattices of
    one face (its light and its dark marks) are not two faces."""
    return cv2.pointPolygonTest(edges[:, 0, :].astype(np.float32),
                                (float(point[0]), float(point[1])), False) >= 0


def corner_groups(lattices: list[Lattice]) -> list[list[Lattice]]:
    """Among the best :data:`CANDIDATES` lattices, the triples (then the pairs) that may be the
    faces of one cube corner, best first (most glyphs, then least misfit), at most
    :data:`GROUPS` of each: no glyph in two of them, neither inside the other, each pair
    sharing an edge within :data:`EDGE_GAP` pitches. A lattice of print beside the cube shares
    no edge with the faces; one mixing two faces' glyphs leaves the third face's glyphs to no
    lattice, so its group holds fewer glyphs."""
    top = lattices[:CANDIDATES]
    ids = [{id(q) for q in lat.cells.values()} for lat in top]
    edges = [_outline_edges(lat) for lat in top]
    pitch = [pitch_of(lat.H) for lat in top]
    misfit = [m / p for m, p in zip(_misfits(top), pitch)]
    gaps = _gaps(np.array(edges).reshape(-1, 4, 2, 2))
    meets = {}
    for i, j in itertools.combinations(range(len(top)), 2):
        meets[(i, j)] = not ids[i] & ids[j] and \
            float(gaps[i, j]) / min(pitch[i], pitch[j]) < EDGE_GAP and \
            not _inside(top[i].centre, edges[j]) and not _inside(top[j].centre, edges[i])
    pairs = [p for p, ok in meets.items() if ok]
    triples = [(i, j, k) for i, j in pairs for k in range(j + 1, len(top))
               if meets[(i, k)] and meets[(j, k)]]
    out = []
    for groups in (triples, pairs):
        groups = sorted(groups, key=lambda g: (-sum(len(top[i].cells) for i in g),
                                               sum(misfit[i] for i in g)))
        out += [[top[i] for i in g] for g in groups[:GROUPS]]
    return out


__all__ = ["Glyph", "glyph_points", "glyph_lattices", "corner_groups", "gather"]
