"""Cues of a face that hold whatever the sticker colour and the ink's polarity.

The light-sticker masks of :mod:`vision.detect` see white and coloured stickers on a dark body.
A dark grey sticker with white digits (the black Sudoku Cube) is barely lighter than its body,
and its brightest pixels are the digits. Two cues hold for every print:

* **the digits removed**: a grey opening a little wider than a stroke erases light ink, so
  every sticker becomes an even plateau (dark ink stays a hole inside it);
* **the grooves**: the dark lines between cubies are narrow valleys of that image, found by a
  black-hat at the same scale and measured relative to the local level, so a groove between
  two dark grey stickers counts as much as one between two white stickers.

Stickers are then the regions between grooves (:func:`groove_masks`), and a lattice hypothesis
is judged over all nine cells (:func:`cell_contrast`): each cell's plateau must stand above the
grooves along all four of its sides. Printed text, lined paper, wood grain or stone do not
make a grid of even plateaus framed on four sides by valleys, so they score low.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import cv2
import numpy as np

STROKE = 0.045
"""Width (share of the image's shorter side) of the opening that erases light digits: wider
than a stroke of a face that fills a good part of the picture, narrower than a sticker."""

GROOVE = 0.025
"""Width (share of the image's shorter side) of the closing that finds the grooves: wider
than a groove, narrower than the shading across a sticker."""

GROOVE_LEVELS = (0.05, 0.08, 0.12)
"""Valley depths (relative to the local level) below which a pixel counts as sticker, not
groove: a few, as the grooves of a blurred or dim photo are shallow."""


RUN = 0.06
"""A valley shorter than this (share of the image's shorter side) is texture, not a groove."""

CUT = 0.035
"""Width (share of the image's shorter side) of the opening that cuts a sticker free from the
background where the face's outline is broken (a dark face on light paper: its outer groove
is a step, not a valley, in places): narrower than a sticker, wider than such a break."""


def _disc(k: int) -> np.ndarray:
    """A square structuring element (OpenCV's fast path; a stroke at any angle is still
    narrower than it)."""
    return cv2.getStructuringElement(cv2.MORPH_RECT, (k, k))


def plateaus(v: np.ndarray) -> np.ndarray:
    """The V channel with light strokes erased (grey opening, then a median against noise):
    every sticker an even plateau, whatever the colour of its ink."""
    k = int(STROKE * min(v.shape)) | 1
    return cv2.medianBlur(cv2.morphologyEx(v, cv2.MORPH_OPEN, _disc(k)), 5)


def groove_masks(flat: np.ndarray) -> list[np.ndarray]:
    """Masks (uint8 0/255) of the pixels that are not in a groove, at :data:`GROOVE_LEVELS`,
    and the first two opened by :data:`CUT`.

    A groove is a valley of the plateau image that runs on: short valley specks (print
    texture, noise, the hole of a dark digit) are dropped, so a sticker stays one solid region;
    the masks are thinned a little so stickers touching across a faint groove come apart."""
    side = min(flat.shape)
    se = _disc(int(GROOVE * side) | 1)
    closed = cv2.morphologyEx(flat, cv2.MORPH_CLOSE, se)
    e = max(1, round(0.01 * side))
    thin = _disc(2 * e + 1)
    out = []
    for grooves in _valleys(flat, closed):
        labels, stats = _components(grooves)
        long = np.maximum(stats[:, 2], stats[:, 3]) >= RUN * side
        long[0] = False
        out.append(cv2.erode(_paint(labels, np.where(long, 0, 255).astype(np.uint8)), thin))
    k = int(CUT * side) | 1  # round (OpenCV's ellipse): corners stay
    return out + [open_round(m, k) for m in out[:2]]


def open_round(mask: np.ndarray, k: int) -> np.ndarray:
    """``cv2.morphologyEx(mask, MORPH_OPEN, ellipse k x k)``, the same pixels, in under two
    thirds of the time: the ellipse is the union of a few centred rectangles (its staircase),
    so eroding by it is the minimum of the erosions by them (dilating, the maximum), and those
    are built up from thin strips, each rectangle's from the last (:func:`_round_steps`). A
    rectangle's erosion is OpenCV's fast separable path; the ellipse's is not."""
    return _by_steps(cv2.dilate, cv2.max, _by_steps(cv2.erode, cv2.min, mask, k), k)


@lru_cache(maxsize=None)
def _round_steps(k: int) -> tuple[tuple[int, int], ...]:
    """The centred rectangles (width, height), widest first, whose union is OpenCV's k x k
    ellipse (odd k): one per step of its outline."""
    se = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k))
    c = k // 2
    half = [int(np.count_nonzero(se[c + dy])) // 2 for dy in range(c + 1)]
    return tuple((2 * a + 1, 2 * dy + 1) for dy, a in enumerate(half)
                 if dy == c or half[dy + 1] < a)


def _strip(w: int, h: int) -> np.ndarray:
    return cv2.getStructuringElement(cv2.MORPH_RECT, (w, h))


def _by_steps(op, pick, img: np.ndarray, k: int) -> np.ndarray:
    """``op`` (erode or dilate, ``pick`` its min or max) by the ellipse of :func:`_round_steps`:
    pick over the rectangles of op by each, nested so that every pass is a thin strip (an
    erosion by a w1-wide strip and then a (w2 - w1 + 1)-wide one is one by a w2-wide strip,
    and an erosion distributes over the minimum; the same for dilations and the maximum).
    Exact at the borders too: the windows are separable boxes."""
    steps = _round_steps(k)
    rows = {}
    cur, width = img, 1
    for w, _ in reversed(steps):  # narrowest first
        if w > width:
            cur, width = op(cur, _strip(w - width + 1, 1)), w
        rows[w] = cur
    out = rows[steps[-1][0]]
    for (w, h), (_, h_next) in zip(steps[-2::-1], steps[:0:-1]):
        out = pick(op(out, _strip(1, h_next - h + 1)), rows[w])
    return op(out, _strip(1, steps[0][1]))


def _valleys(flat: np.ndarray, closed: np.ndarray) -> list[np.ndarray]:
    """Per :data:`GROOVE_LEVELS` level t, the mask of the pixels whose valley depth
    ``(closed - flat) / (closed + 8)`` (float32) reaches t. For 8-bit pictures from a table:
    the depth falls as ``flat`` rises, so a closed level c makes a groove of exactly the flat
    levels below a bound of c (:func:`_depth_bounds`), the same pixels as the division."""
    if flat.dtype == np.uint8 and closed.dtype == np.uint8:
        return [cv2.compare(flat, cv2.LUT(closed, bound), cv2.CMP_LT)
                for bound in _depth_bounds()]
    c = closed.astype(np.float32)
    depth = (c - flat.astype(np.float32)) / (c + 8.0)
    return [(depth >= t).astype(np.uint8) for t in GROOVE_LEVELS]


@lru_cache(maxsize=None)
def _depth_bounds() -> tuple[np.ndarray, ...]:
    """Per :data:`GROOVE_LEVELS` level, for each closed level c (0..255) how many flat levels
    (0, 1, ...) are that deep below it, by the very float32 arithmetic of :func:`_valleys`."""
    c = np.arange(256, dtype=np.float32)[:, None]
    depth = (c - np.arange(256, dtype=np.float32)[None, :]) / (c + 8.0)
    out = []
    for t in GROOVE_LEVELS:
        deep = depth >= t
        count = deep.sum(axis=1)
        if (deep != (np.arange(256)[None, :] < count[:, None])).any() or count.max() > 255:
            raise AssertionError("valley depth not monotone in the flat level")
        out.append(count.astype(np.uint8))
    return tuple(out)


def _paint(labels: np.ndarray, colours: np.ndarray) -> np.ndarray:
    """Each label's colour (uint8): through OpenCV's 16-bit table for 16-bit labels (several
    times faster than numpy's indexing)."""
    if labels.dtype == np.uint16:
        table = np.zeros(65536, np.uint8)
        table[:len(colours)] = colours
        return cv2.LUT(labels, table)
    return np.take(colours, labels)


def _components(mask: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Labels and stats of the 8-connected regions of a binary mask; 16-bit labels (three
    times faster) while they fit."""
    try:
        _, labels, stats, _ = cv2.connectedComponentsWithStatsWithAlgorithm(
            mask, 8, cv2.CV_16U, cv2.CCL_DEFAULT)
    except cv2.error:  # more regions than 16 bits count
        _, labels, stats, _ = cv2.connectedComponentsWithStats(mask, connectivity=8)
    return labels, stats


def _grid(offsets: np.ndarray) -> np.ndarray:
    """Lattice points (N, 2): every cell centre (0..2, 0..2) plus each offset."""
    centres = np.array([[c, r] for r in range(3) for c in range(3)], np.float64)
    return (centres[:, None, :] + offsets[None, :, :]).reshape(-1, 2)


_T = np.linspace(-0.4, 0.4, 9)
_INNER = np.array([[x, y] for y in np.linspace(-0.3, 0.3, 7) for x in np.linspace(-0.3, 0.3, 7)])
_SIDES = np.concatenate([
    np.stack([np.full_like(_T, s * d), _T], 1) if axis == 0 else np.stack([_T, np.full_like(_T, s * d)], 1)
    for axis in (0, 1) for s in (-1, 1) for d in (0.44, 0.5, 0.56)])
"""Sample offsets of one cell: its inner 60% (7 x 7), and its four sides at three depths
around the groove line (the darkest of the three is the groove, whatever a small misfit)."""


def project_all(homs: np.ndarray, pts: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Lattice points (N, 2) through K homographies (K, 3, 3): image positions (K, N, 2),
    points behind the camera or at infinity far outside, and the (K, N) depth signs."""
    return _project(homs, _homogeneous(pts))


def _homogeneous(pts: np.ndarray) -> np.ndarray:
    """Points (N, 2) as (N, 3) with a last coordinate 1."""
    return np.hstack([pts, np.ones((len(pts), 1))])


def _project(homs: np.ndarray, ph: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """:func:`project_all` of homogeneous points ``ph`` (N, 3)."""
    p = ph @ homs.transpose(0, 2, 1)
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        xy = p[..., :2] / p[..., 2:3]
    xy[~np.isfinite(xy)] = -1e6
    return np.clip(xy, -1e6, 1e6, out=xy), p[..., 2]


def sample(img: np.ndarray, homs: np.ndarray, pts: np.ndarray) -> np.ndarray:
    """The image at the lattice points ``pts`` of each homography, (K, N) float32, 0 outside;
    one remap for all of them."""
    return _sample(img, _lookup(homs, _homogeneous(pts)), len(homs))


def _lookup(homs: np.ndarray, ph: np.ndarray) -> tuple[np.ndarray, np.ndarray, int]:
    """Where :func:`sample` looks for the homogeneous lattice points ``ph`` of each of
    ``homs``: OpenCV's two maps (narrower than 32767: rows of points) and how many points."""
    xy, _ = _project(homs, ph)
    xy = xy.reshape(-1, 2).astype(np.float32)
    n = len(xy)
    rows = -(-n // _MAP_WIDTH)
    grid = np.full((rows * _MAP_WIDTH, 2), -1e6, np.float32)
    grid[:n] = xy
    grid = grid.reshape(rows, _MAP_WIDTH, 2)
    return np.ascontiguousarray(grid[..., 0]), np.ascontiguousarray(grid[..., 1]), n


def _sample(img: np.ndarray, where: tuple[np.ndarray, np.ndarray, int], k: int) -> np.ndarray:
    """The image at the points of a :func:`_lookup`, (k, N / k) float32, 0 outside."""
    mx, my, n = where
    out = cv2.remap(img, mx, my, cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT,
                    borderValue=0)
    return out.reshape(-1)[:n].reshape(k, -1).astype(np.float32)


_MAP_WIDTH = 4096


SIDE_SHARE = 25
"""A side's groove level may be this percentile of its darkest samples along it (a glare
spot or a white digit's serif may lighten part of a groove, the rest still shows it), where
a sticker was seen in the cell; otherwise the median (50)."""

_INNER_SIDE = np.array([[c > 0, c < 2, r > 0, r < 2] for r in range(3) for c in range(3)])
"""Which sides (left, right, top, bottom) of each cell face another cell of the face: the
face's outline is a step to the background, not a groove, so only these sides are judged."""

GLARE_SIDE = 0.3
"""A side whose groove level stands this far above the cell's plateau (relative to it, as the
contrast is) is lit by glare on the neighbouring sticker, whose halo bleeds across the groove
on a dark sticker: no groove can be seen there, so the cell is judged on its other inner sides
(on all when every one is lit).

A glare spot on a dark sticker also lights the grooves to its neighbours by less than this,
yet above their dark plateaus, so up to three cells round it score as no sticker and the face
is refused. Judged leniently (``beside_glare``, a second look when no face was found), a side
lighter than the cell's plateau whose neighbour's plateau stands this far above it is set
aside too. Not at first: the edge between a shaded side face and the lit face beside it looks
the same, and the lenient judgement could move a lattice onto the side face."""

_NEIGHBOUR = np.array([[i - 1, i + 1, i - 3, i + 3] for i in range(9)]) % 9
"""The cell across each side (left, right, top, bottom) of each cell (meaningful on its
:data:`_INNER_SIDE` sides only)."""

_INNER_PTS = _grid(_INNER)
_SIDE_PTS = _grid(_SIDES)
_CENTRES = _grid(np.array([[0.0, 0.0]]))
_INNER_H, _SIDE_H, _CENTRES_H = (_homogeneous(p) for p in (_INNER_PTS, _SIDE_PTS, _CENTRES))
_SHARE_AT = round(SIDE_SHARE / 100 * (len(_T) - 1))
"""Index of the :data:`SIDE_SHARE` percentile among a side's sorted samples (exact: the
percentile falls on a sample)."""


def cell_contrast(flat: np.ndarray, hom: np.ndarray, seen: np.ndarray | None = None,
                  floor: float = 10.0, beside_glare: bool = False) -> np.ndarray:
    """For each of the nine cells of the lattice ``hom`` (cell centres at 0..2 -> image), how
    far its plateau stands above the grooves between it and its neighbours, relative to its
    level: the median of the inner samples minus the median of a side's darkest samples, the
    weakest inner side counting (a cell must be framed on every side it shares, but one lit
    by glare from the sticker beyond, :data:`GLARE_SIDE`, and with ``beside_glare`` one
    lighter than the cell beside a glaring neighbour), over the
    inner level plus ``floor`` (so faint noise on a near-black image is no contrast).
    About 0.3..0.9 for a sticker, near 0 or below for background; cells outside
    the image score -1. A side's groove level is the median of its samples along it, or for
    the cells ``seen`` (nine booleans: a sticker or digit was found there) the lenient
    :data:`SIDE_SHARE` percentile. ``hom`` may be a stack (K, 3, 3) of lattices, judged in
    one pass, giving (K, 9) (and ``seen`` then (K, 9))."""
    homs = np.asarray(hom, np.float64)
    single = homs.ndim == 2
    homs = homs.reshape(-1, 3, 3)
    score = _cell_contrast(flat, homs, _views(homs), seen, floor, beside_glare)
    return score[0] if single else score


def _views(homs: np.ndarray) -> tuple:
    """What :func:`cell_contrast` samples of the lattices ``homs`` (K, 3, 3), whatever the
    picture: where the cells' inner and side points fall, and where the cells' centres do."""
    return _lookup(homs, _INNER_H), _lookup(homs, _SIDE_H), _project(homs, _CENTRES_H)


def _cell_contrast(flat: np.ndarray, homs: np.ndarray, views: tuple, seen: np.ndarray | None,
                   floor: float, beside_glare: bool) -> np.ndarray:
    """:func:`cell_contrast` of the stack ``homs`` (K, 3, 3) seen through ``views``
    (:func:`_views`): (K, 9)."""
    k = len(homs)
    inner_at, sides_at, (xy, depth) = views
    inner = np.sort(_sample(flat, inner_at, k).reshape(k, 9, -1), axis=2)
    level = inner[:, :, inner.shape[2] // 2]
    sides = np.sort(_sample(flat, sides_at, k).reshape(k, 9, 4, 3, len(_T)).min(axis=3),
                    axis=3)
    lenient = np.zeros((k, 9), bool) if seen is None else \
        np.broadcast_to(np.asarray(seen, bool), (k, 9))
    per_side = np.where(lenient[:, :, None], sides[..., _SHARE_AT], sides[..., len(_T) // 2])
    lit = (level + GLARE_SIDE * (level + floor))[..., None]
    inner_side = _INNER_SIDE & (per_side <= lit)
    if beside_glare:
        inner_side &= (per_side <= level[..., None]) | (level[:, _NEIGHBOUR] <= lit)
    inner_side = np.where(inner_side.any(axis=2, keepdims=True), inner_side, _INNER_SIDE)
    groove = np.where(inner_side, per_side, -np.inf).max(axis=2)
    score = (level - groove) / (level + floor)
    h, w = flat.shape[:2]
    outside = (depth <= 0) | (xy[..., 0] < 0) | (xy[..., 1] < 0) | (xy[..., 0] >= w) | \
        (xy[..., 1] >= h)
    score[outside] = -1.0
    return score



CHROMA_FLOOR = 40.0
"""Added to a cell's chroma level before dividing (:func:`cell_contrast`): on a grey picture
(a white or black body, paper, stone) chroma is a few units of noise, whose ratios mean
nothing; a coloured sticker stands 60 and more above its grey frame."""

CHROMA_WEIGHT = 0.4
"""Chroma contrast counts at this share (against the value channel's 1): a coloured sticker
framed by a grey body scores 0.6..0.85 on chroma, but brown wood or a tinted table beside a
face reaches 0.2..0.3 where its grain or shading varies, which must not pass as a sticker."""


def chroma(image: np.ndarray) -> np.ndarray:
    """How coloured each pixel is: max minus min of B, G, R (uint8). Coloured stickers are
    bright on it and a white or grey body, its grooves, and black or white ink dark, so
    coloured stickers framed by a light body (light grooves) stand out as on a dark body."""
    if image.ndim != 3:
        return np.zeros(image.shape[:2], np.uint8)
    b, g, r = cv2.split(image)
    return cv2.subtract(cv2.max(cv2.max(b, g), r), cv2.min(cv2.min(b, g), r))


def thin_grooves(v: np.ndarray) -> np.ndarray:
    """The V channel with its thin dark lines widened (a 3 x 3 minimum, then a 3 x 3 median
    against noise): on a white or light body the groove between two cubies is a line a pixel
    or two wide between light plastic, which the 5 x 5 median of the value level erases, so a
    white sticker on a white body showed no frame at all."""
    return cv2.medianBlur(cv2.erode(v, np.ones((3, 3), np.uint8)), 3)


@dataclass(frozen=True)
class Levels:
    """The pictures a lattice's cells are judged on, each with its floor
    (:func:`cell_contrast`) and weight: the value channel, and where that finds no face also
    chroma. A cell's contrast is the best weighted one over them, so a face whose white stickers stand out on the
    value channel and coloured ones on chroma (a light body) scores on every cell.
    ``beside_glare``: sides lit from a glaring neighbour are set aside (:data:`GLARE_SIDE`)."""

    images: tuple[tuple[np.ndarray, float, float], ...]
    beside_glare: bool = False

    @property
    def shape(self) -> tuple[int, ...]:
        """The pictures' shape (they share it)."""
        return self.images[0][0].shape

    def contrast(self, hom: np.ndarray, seen: np.ndarray | None = None) -> np.ndarray:
        """Each cell's best :func:`cell_contrast` over the pictures (``hom`` one lattice,
        or a stack of them: (K, 9))."""
        homs = np.asarray(hom, np.float64)
        single = homs.ndim == 2
        homs = homs.reshape(-1, 3, 3)
        views = _views(homs)  # the lattices' points fall in the same places on every picture
        best = np.max([weight * _cell_contrast(img, homs, views, seen, floor, self.beside_glare)
                       for img, floor, weight in self.images], axis=0)
        return best[0] if single else best
