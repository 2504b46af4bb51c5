"""Cues of a face that hold whatever the sticker colour and the ink's polarity.

The light-sticker masks of :mod:`vision.locate.detect` see white and coloured stickers on a dark
body. A dark grey sticker with white digits (the black Sudoku Cube) is barely lighter than its body,
and its brightest pixels are the digits. Two cues hold for every print:

* **the digits removed**: a grey opening a little wider than a stroke erases light ink, so
  every sticker becomes an even plateau (dark ink stays a hole inside it);
* **the grooves**: the dark lines between cubies are narrow valleys of that image, found by a
  black-hat at the same scale and measured relative to the local level, so a groove between
  two dark grey stickers counts as much as one between two white stickers.

Stickers are then the regions between grooves (:func:`vision.locate.grooves.groove_masks`), and a
lattice hypothesis is judged over all nine cells (:func:`cell_contrast`): each cell's plateau
must stand above the grooves along all four of its sides. Printed text, lined paper, wood
grain or stone do not make a grid of even plateaus framed on four sides by valleys, so they
score low.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

import cv2
import numpy as np

from ..numeric import LEVELS
from ..stats import LOWER_QUARTILE
from .lattice_sampling import (SAMPLE_STEP, homogeneous, lattice_points, lookup, project,
                               sample_at, spaced)

ALONG_SIDE = 0.5 - SAMPLE_STEP
"""How far past a cell's centre (pitches) samples along a lattice line reach: a sample step
(:data:`vision.locate.lattice_sampling.SAMPLE_STEP`) short of the cell's corner, half a pitch
out, where the grooves cross (and at the face's outline, where the line meets the body's
rim)."""

_T = spaced(-ALONG_SIDE, ALONG_SIDE)

ALONG_FACE = spaced(-ALONG_SIDE, 2 + ALONG_SIDE)
"""Samples along a lattice line over the whole face (lattice units): its three cells, as far
past the outer ones' centres as a cell's side is sampled (a groove line sought, or a
stickerless cube's hairline judged)."""

INNER = 0.3
"""A cell's inner part reaches this far from its centre (pitches): its inner 60% on either
axis, on the sticker whatever a small misfit of the lattice. Used as a box where cells are
sampled and as a radius where a point is judged to lie on a cell (a blob on a grown lattice's
cell, a corner face's point on its cell: :data:`vision.locate.corners.lattice.ON_CELL`)."""

_INNER_STEPS = spaced(-INNER, INNER)
_INNER = np.array([[x, y] for y in _INNER_STEPS for x in _INNER_STEPS])

MISFIT = 0.06
"""How far (pitches) a lattice line may miss the groove or hairline it stands for: a line's
level is also read this far either side of it, and the darkest counts."""

ACROSS = MISFIT * np.arange(-1, 2)
"""The offsets (pitches) across a lattice line at which its level is read: the line and
:data:`MISFIT` either side of it; the darkest counts."""

_SIDES = np.concatenate([
    np.stack([np.full_like(_T, s * d), _T], 1) if axis == 0 else
    np.stack([_T, np.full_like(_T, s * d)], 1)
    for axis in (0, 1) for s in (-1, 1) for d in 0.5 + ACROSS])
"""Sample offsets of one cell: its inner 60% (7 x 7), and its four sides at three depths
around the groove line, half a pitch out and :data:`ACROSS` of it (the darkest
of the three is the groove, whatever a small misfit of the lattice)."""

SIDE_SHARE = LOWER_QUARTILE
"""A side's groove level may be the lower quartile of its darkest samples along it (a glare
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

FLOOR = 10.0
"""Grey levels added to a level before a contrast is taken relative to it
(:func:`cell_contrast`), so that faint noise on a near-black picture is no contrast."""

_NEIGHBOUR = np.array([[i - 1, i + 1, i - 3, i + 3] for i in range(9)]) % 9
"""The cell across each side (left, right, top, bottom) of each cell (meaningful on its
:data:`_INNER_SIDE` sides only)."""

_INNER_PTS = lattice_points(_INNER)

_SIDE_PTS = lattice_points(_SIDES)

_CENTRES = lattice_points(np.array([[0.0, 0.0]]))
_INNER_H, _SIDE_H, _CENTRES_H = (homogeneous(p) for p in (_INNER_PTS, _SIDE_PTS, _CENTRES))
_SHARE_AT = round(SIDE_SHARE / 100 * (len(_T) - 1))
"""Index of the :data:`SIDE_SHARE` percentile among a side's sorted samples (exact: the
percentile falls on a sample)."""


def cell_contrast(flat: np.ndarray, hom: np.ndarray, seen: np.ndarray | None = None,
                  floor: float = FLOOR, beside_glare: bool = False) -> np.ndarray:
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
    return lookup(homs, _INNER_H), lookup(homs, _SIDE_H), project(homs, _CENTRES_H)


def _cell_contrast(flat: np.ndarray, homs: np.ndarray, views: tuple, seen: np.ndarray | None,
                   floor: float, beside_glare: bool) -> np.ndarray:
    """:func:`cell_contrast` of the stack ``homs`` (K, 3, 3) seen through ``views``
    (:func:`_views`): (K, 9)."""
    k = len(homs)
    inner_at, sides_at, centres = views
    return contrast_of(sample_at(flat, inner_at, k), sample_at(flat, sides_at, k), centres,
                       flat.shape, seen, floor, beside_glare)


CONTRAST_POINTS = (_INNER_H, _SIDE_H)
"""The lattice points (homogeneous) a cell's contrast is measured at: the cells' inner
samples and their sides' (what :func:`contrast_of` takes, sampled in this order)."""


def contrast_of(inner: np.ndarray, sides: np.ndarray, centres: tuple[np.ndarray, np.ndarray],
                shape: tuple[int, ...], seen: np.ndarray | None, floor: float,
                beside_glare: bool) -> np.ndarray:
    """:func:`cell_contrast` of K lattices from the picture's samples at their
    :data:`CONTRAST_POINTS` (``inner``, ``sides``: (K, points)) and their cells' centres
    (``centres``: image positions and depths, :func:`vision.locate.lattice_sampling.project`)
    in a picture of ``shape``: (K, 9)."""
    k = len(inner)
    xy, depth = centres
    inner = np.sort(inner.reshape(k, 9, -1), axis=2)
    level = inner[:, :, inner.shape[2] // 2]
    sides = np.sort(sides.reshape(k, 9, 4, 3, len(_T)).min(axis=3), axis=3)
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
    h, w = shape[:2]
    outside = (depth <= 0) | (xy[..., 0] < 0) | (xy[..., 1] < 0) | (xy[..., 0] >= w) | \
        (xy[..., 1] >= h)
    score[outside] = -1.0
    return score


def centres_of(homs: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Where the cells' centres of the lattices ``homs`` fall, and their depths (what
    :func:`contrast_of` takes)."""
    return project(homs, _CENTRES_H)


COLOUR_FLOOR = 255.0
"""Added to a cell's level on :func:`saturation` before dividing (:func:`cell_contrast`):
full colour. A coloured sticker is over half saturated whatever the light and its grey frame
(a white body, its grooves) nearly none, a step of 0.4 to 0.9 of full colour; the faint tint
of a grey or dark surface (paper, a dark mat, noise) or the varying brown of wood, however
many times more coloured than a paler part beside it, steps by a few tenths at most. So the
step counts, as a share of the cell's colour plus full colour, not the ratio of two tints."""

TINT = 40
"""Saturation (of 255) below which a part of the picture is grey for the colour cue
(:meth:`vision.locate.detect._Cues`): paper, a white body and a dark mat hold a faint tint
or noise of a few hundredths of full colour; a coloured sticker is over half saturated."""

COLOUR_WEIGHT = 0.7
"""Colour contrast (:func:`saturation`, :data:`COLOUR_FLOOR`) counts at this share against
the value channel's 1: a coloured sticker framed by a white body, bright or dim, scores 0.3
to 0.45 on colour, its cell then 0.2 to 0.3, over :data:`vision.locate.hypotheses.GOOD_CELL`;
brown wood or a tinted table beside a face, where its grain or shading varies, or a dark
mat's squares framed by light lines, stay under it."""


def chroma(image: np.ndarray) -> np.ndarray:
    """How coloured each pixel is: max minus min of B, G, R (uint8). Coloured stickers are
    bright on it and a white or grey body, its grooves, and black or white ink dark, so
    coloured stickers framed by a light body (light grooves) stand out as on a dark body."""
    return value_and_chroma(image)[1]


def value_and_chroma(image: np.ndarray, planes: Sequence[np.ndarray] | None = None
                     ) -> tuple[np.ndarray, np.ndarray]:
    """The value channel (:func:`vision.polarity.value_channel`: max of B, G, R) and the
    :func:`chroma` of a picture (uint8, BGR or grey), from one split of its channels: the
    chroma's max is the value, and a whole photo's split and max are not free. ``planes``:
    the picture's channels (``cv2.split``) where the caller split it already."""
    if image.ndim != 3:
        return image, np.zeros(image.shape[:2], np.uint8)
    return _value_and_chroma_of(*(cv2.split(image) if planes is None else planes))


def _value_and_chroma_of(b: np.ndarray, g: np.ndarray, r: np.ndarray
                         ) -> tuple[np.ndarray, np.ndarray]:
    """The value and chroma (:func:`value_and_chroma`) of a picture's three channels."""
    value = cv2.max(cv2.max(b, g), r)
    return value, cv2.subtract(value, cv2.min(cv2.min(b, g), r))


def saturation(image: np.ndarray, size: int, planes: Sequence[np.ndarray] | None = None
               ) -> np.ndarray:
    """How coloured each part of the picture is for its brightness (uint8, 255 = fully
    coloured): the :func:`chroma` of the picture smoothed by a ``size`` x ``size`` median
    (each channel: noise averaged out before max minus min, which would otherwise read it as
    colour), over its value plus :data:`FLOOR` (so the colour of a near-black part is no
    colour). A coloured sticker is as saturated in dim light as in bright and a white or grey
    body, its grooves and black or white ink are not, so the stickers' contrast on it does not
    fade with the light, as their chroma's does. The median is taken channel by channel
    (OpenCV's median of a colour picture is one per channel), on ``planes`` where the caller
    split the picture already (:func:`value_and_chroma`), so the picture is split at most
    once."""
    if image.ndim != 3:
        return np.zeros(image.shape[:2], np.uint8)
    value, colour = _value_and_chroma_of(
        *(cv2.medianBlur(p, size) for p in (cv2.split(image) if planes is None else planes)))
    # each pixel's (value, chroma) pair looked up in a table of the shares, 16-bit indices:
    # a whole photo's float pictures are not free to make
    pair = value.astype(np.uint16)
    pair *= LEVELS
    pair += colour
    return cv2.LUT(pair, _shares()) if _wide_tables() else np.take(_shares(), pair)


@lru_cache(maxsize=None)
def _wide_tables() -> bool:
    """Whether this OpenCV looks a 16-bit picture up in a 65,536-entry table (OpenCV 5, about
    twice as fast as numpy's take; OpenCV 4 takes only 8-bit pictures and 256-entry tables)."""
    try:
        cv2.LUT(np.zeros((1, 1), np.uint16), np.zeros(LEVELS * LEVELS, np.uint8))
    except cv2.error:
        return False
    return True


@lru_cache(maxsize=None)
def _shares() -> np.ndarray:
    """The saturation (uint8) of each pair of 8-bit value v and chroma c, at ``v * 256 + c``,
    by the float32 arithmetic of ``c * 255 / (v + FLOOR)``, cut to a whole level (below 255:
    chroma is at most the value; a larger chroma, which no pixel has, counts 0)."""
    c = np.arange(LEVELS, dtype=np.float32)[None, :]
    v = np.arange(LEVELS, dtype=np.float32)[:, None]
    share = c * np.float32(255) / (v + np.float32(FLOOR))
    return np.where(c <= v, share, 0).astype(np.uint8).ravel()


@dataclass(frozen=True)
class Levels:
    """The pictures a lattice's cells are judged on, each with its floor
    (:func:`cell_contrast`) and weight: the value channel, and where that finds no face also
    colour (:func:`saturation`). A cell's contrast is the best weighted one over them, so a
    face whose white stickers stand out on the value channel and coloured ones on colour (a
    light body) scores on every cell.
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

    def bound(self, homs: np.ndarray, seen: np.ndarray | None = None) -> np.ndarray:
        """A bound on each cell's contrast as :meth:`judge` gives it: the contrast itself."""
        return self.contrast(homs, seen)

    def judge(self, homs: np.ndarray, seen: np.ndarray | None = None
              ) -> tuple[np.ndarray, np.ndarray | None]:
        """What a stack of hypotheses is ranked by (:class:`vision.locate.hypotheses.Hypothesis`):
        here the cells' :meth:`contrast` (K, 9), and no digit evidence (None)."""
        return self.contrast(homs, seen), None
