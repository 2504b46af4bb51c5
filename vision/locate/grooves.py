"""The grooves between a face's stickers, and the stickers as the regions between them.

A dark grey sticker with white digits (the black Sudoku Cube) is barely lighter than its body,
and its brightest pixels are the digits. Two cues hold for every print: with the digits
removed (a grey opening a little wider than a stroke, :func:`plateaus`) every sticker is an
even plateau, and the grooves between cubies are narrow valleys of that image, found by a
black-hat at the same scale and measured relative to the local level, so a groove between two
dark grey stickers counts as much as one between two white stickers (:func:`groove_masks`).
"""
from __future__ import annotations

from functools import lru_cache

import cv2
import numpy as np

from ..numeric import LEVELS
from .face_cues import FLOOR
from .levels import ladder

STROKE = 0.045
"""Width (share of the image's shorter side) of the opening that erases light digits: wider
than a stroke of a face that fills a good part of the picture, narrower than a sticker."""

GROOVE = 0.025
"""Width (share of the image's shorter side) of the closing that finds the grooves: wider
than a groove, narrower than the shading across a sticker."""

GROOVE_LEVELS = tuple(float(t) for t in np.geomspace(0.05, 0.12, 3))
"""Valley depths (relative to the local level) below which a pixel counts as sticker, not
groove: a few, evenly spaced in ratio from the shallowest to the deepest, as the grooves of
a blurred or dim photo are shallow. The first, the shallowest valley that counts, also finds
a stickerless cube's hairlines (:func:`vision.locate.hairline.hairlines`)."""

RUN = 0.06
"""A valley shorter than this (share of the image's shorter side) is texture, not a groove."""

SMOOTH = 5
"""Side (pixels) of a filter that evens out a photo's noise: the median on the plateaus, for
the faces the widths here suit (it follows ``scale``, :func:`plateaus`, as on a small face it
would erase the grooves), and the blur before light pixels are told from dark
(:func:`vision.locate.sticker_blobs.binarisations`)."""

CUT = 0.035
"""Width (share of the image's shorter side) of the opening that cuts a sticker free from the
background where the face's outline is broken (a dark face on light paper: its outer groove
is a step, not a valley, in places): narrower than a sticker, wider than such a break."""

THIN = 0.01
"""How far (share of the image's shorter side, at ``scale``) :func:`groove_masks` thins each
sticker region on every side, so that stickers touching across a faint groove come apart."""


def _disc(k: int) -> np.ndarray:
    """A square structuring element (OpenCV's fast path; a stroke at any angle is still
    narrower than it)."""
    return cv2.getStructuringElement(cv2.MORPH_RECT, (k, k))


def plateaus(v: np.ndarray, scale: float = 1.0) -> np.ndarray:
    """The V channel with light strokes erased (grey opening, then a median against noise,
    :data:`SMOOTH` at ``scale``):
    every sticker an even plateau, whatever the colour of its ink. ``scale``: the size of
    the faces sought, as a share of those the widths here suit (a face a sixth of the
    picture's shorter side and more)."""
    k = int(STROKE * scale * min(v.shape)) | 1
    return cv2.medianBlur(cv2.morphologyEx(v, cv2.MORPH_OPEN, _disc(k)), int(SMOOTH * scale) | 1)


def groove_masks(flat: np.ndarray, scale: float = 1.0) -> list[np.ndarray]:
    """Masks (uint8 0/255) of the pixels that are not in a groove, at :data:`GROOVE_LEVELS`,
    and the first two opened by :data:`CUT` (``scale`` as :func:`plateaus` has it).

    A groove is a valley of the plateau image that runs on: short valley specks (print
    texture, noise, the hole of a dark digit) are dropped, so a sticker stays one solid region;
    the masks are thinned a little so stickers touching across a faint groove come apart."""
    side = scale * min(flat.shape)
    se = _disc(int(GROOVE * side) | 1)
    closed = cv2.morphologyEx(flat, cv2.MORPH_CLOSE, se)
    thin = _disc(2 * thinning(flat.shape, scale) + 1)
    out = [cv2.erode(long_valleys_out(grooves, RUN * side), thin)
           for grooves in valleys(flat, closed)]
    k = int(CUT * side) | 1  # round (OpenCV's ellipse): corners stay
    return out + [open_round(m, k) for m in out[:2]]


def framed(flat: np.ndarray, grooves: list[np.ndarray]) -> list[np.ndarray]:
    """Masks (uint8 0/1) of the regions the grooves frame, of either brightness: a black
    cube's dark grey stickers are no brighter than the wood or paper it lies on, so no level
    of the picture cuts them out, but its grooves frame them. The plateau picture ``flat``
    (:func:`plateaus`) less its long valleys (``grooves``, its :func:`groove_masks`) leaves
    each inner sticker a region of its own, and each level of
    :func:`vision.locate.levels.ladder`, taken from either side, parts the outer stickers
    from a ground brighter or darker than they are."""
    apart = [m > 0 for m in grooves]
    sides = [side for t in ladder(flat) for side in (flat <= t, flat > t)]
    return [(a & s).astype(np.uint8) for a in apart for s in sides]


def thinning(shape: tuple[int, ...], scale: float = 1.0) -> int:
    """Pixels :func:`groove_masks` takes off each side of a sticker region in a picture of
    ``shape`` (``scale`` as there): a region stands for a sticker this much wider on
    every side, whose size is what the sticker candidates are judged by
    (:func:`vision.locate.sticker_blobs.sticker_blobs`)."""
    return max(1, round(THIN * scale * min(shape[:2])))


def thin_grooves(v: np.ndarray) -> np.ndarray:
    """The V channel with its thin dark lines widened (a 3 x 3 minimum, then a 3 x 3 median
    against noise): on a white or light body the groove between two cubies is a line a pixel
    or two wide between light plastic, which the 5 x 5 median of the value level erases, so a
    white sticker on a white body showed no frame at all."""
    return cv2.medianBlur(cv2.erode(v, np.ones((3, 3), np.uint8)), 3)


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


def valleys(flat: np.ndarray, closed: np.ndarray) -> list[np.ndarray]:
    """Per :data:`GROOVE_LEVELS` level t, the mask of the pixels whose valley depth
    ``(closed - flat) / (closed + FLOOR)`` (float32) reaches t (the floor a contrast is taken
    over, :data:`vision.locate.face_cues.FLOOR`: faint noise on a near-black picture makes no
    valley). For 8-bit pictures
    from a table: the depth falls as ``flat`` rises, so a closed level c makes a groove of
    exactly the flat levels below a bound of c (:func:`_depth_bounds`), the same pixels as
    the division."""
    if flat.dtype == np.uint8 and closed.dtype == np.uint8:
        return [cv2.compare(flat, cv2.LUT(closed, bound), cv2.CMP_LT)
                for bound in _depth_bounds()]
    c = closed.astype(np.float32)
    depth = (c - flat.astype(np.float32)) / (c + FLOOR)
    return [(depth >= t).astype(np.uint8) for t in GROOVE_LEVELS]


@lru_cache(maxsize=None)
def _depth_bounds() -> tuple[np.ndarray, ...]:
    """Per :data:`GROOVE_LEVELS` level, for each closed level c (0..255) how many flat levels
    (0, 1, ...) are that deep below it, by the very float32 arithmetic of :func:`valleys`."""
    c = np.arange(LEVELS, dtype=np.float32)[:, None]
    depth = (c - np.arange(LEVELS, dtype=np.float32)[None, :]) / (c + FLOOR)
    out = []
    for t in GROOVE_LEVELS:
        deep = depth >= t
        count = deep.sum(axis=1)
        if (deep != (np.arange(LEVELS)[None, :] < count[:, None])).any() or \
                count.max() >= LEVELS:
            raise AssertionError("valley depth not monotone in the flat level")
        out.append(count.astype(np.uint8))
    return tuple(out)


def long_valleys_out(grooves: np.ndarray, reach: float) -> np.ndarray:
    """The mask (uint8 0/255) of the pixels outside every long valley of ``grooves`` (a
    valley mask, nonzero in a valley): an 8-connected valley region whose box is at least
    ``reach`` long or wide is 0, every other pixel 255.

    From the regions' outlines, not a labelling with its statistics (about half the time):
    each region's outer outline (OpenCV's contours: 8-connected regions, 4-connected holes)
    bounds its box, and a short region's outline filled paints it and its holes, in which
    lie only shorter regions, all to be painted too; filling only the short outlines not
    inside another short one, which never nest, gives the labelling's pixels."""
    out = cv2.compare(grooves, 0, cv2.CMP_EQ)
    outlines, tree = cv2.findContours(grooves, cv2.RETR_TREE, cv2.CHAIN_APPROX_SIMPLE)
    if tree is None:
        return out
    parent = tree[0][:, 3]
    depth, up = np.zeros(len(parent), np.intp), parent.copy()
    while (up >= 0).any():  # outlines alternate, a region's and its holes'
        depth += up >= 0
        up = np.where(up >= 0, parent[up], -1)
    short = np.array([max(cv2.boundingRect(c)[2:]) < reach for c in outlines])
    around = np.where(parent >= 0, parent[parent], -1)  # the region whose hole holds one
    paint = short & (depth % 2 == 0) & ((around < 0) | ~short[around])
    return cv2.drawContours(out, [outlines[i] for i in np.flatnonzero(paint)], -1, 255,
                            cv2.FILLED)
