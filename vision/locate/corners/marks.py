"""Ink marks of a digit's shape and size in a corner photo (:mod:`vision.locate.corners.glyphs`).

A white top-hat finds light ink, a black-hat dark ink, each narrower than a sticker; each is
cut at Otsu's level over the pixels that stand out and again at half of it (a face in shade),
and its connected parts whose box is not a sliver (an underline, a groove's edge) and not
mostly empty or full are the glyphs.
"""
from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from ...numeric import CONNECTIVITY, MIN_CONTRAST
from ...polarity import value_channel as _value
from .quads import SOLIDITY

STROKE = 0.03
"""Width (share of the image's shorter side) of the top-hat window: wider than a digit's
stroke in a corner photo that shows the cube, narrower than a sticker's plateau."""

GLYPH_SIDE = (0.012, 0.16)
"""Least and most (share of the image's shorter side) of a glyph's longer box side."""



@dataclass(frozen=True)
class Glyph:
    """An ink mark: centre (x, y), longer side of its box (pixels) and its polarity."""

    centre: np.ndarray
    size: float
    light: bool


DIM = 0.5
"""The second, lower ink threshold as a share of the first (Otsu's)."""


def _ink_masks(v: np.ndarray, light_only: bool | None = None, relative: bool = False
               ) -> list[tuple[np.ndarray, bool]]:
    """Binary masks of ink narrower than a sticker, light (white top-hat) and dark (black-hat),
    or of one polarity ``light_only``, each thresholded by Otsu over the pixels that stand out
    at all (by :data:`vision.numeric.MIN_CONTRAST`). ``relative``: dark ink by its depth as a
    share of its sticker's level (:func:`_against_sticker`)."""
    k = int(STROKE * min(v.shape)) | 1
    se = cv2.getStructuringElement(cv2.MORPH_RECT, (k, k))
    out = []
    for op, light in ((cv2.MORPH_TOPHAT, True), (cv2.MORPH_BLACKHAT, False)):
        if light_only is not None and light != light_only:
            continue
        hat = cv2.morphologyEx(v, op, se)
        if relative and not light:
            hat = _against_sticker(v, hat)
        vals = hat[::2, ::2]
        vals = vals[vals > MIN_CONTRAST]  # the pixels that stand out from their sticker at all
        if not vals.size:
            continue
        t, _ = cv2.threshold(vals.reshape(1, -1), 0, 255, cv2.THRESH_BINARY | cv2.THRESH_OTSU)
        for level in (t, DIM * t):  # a face in shade: its digits are dimmer
            mask = (hat > level).astype(np.uint8)
            out.append((cv2.morphologyEx(mask, cv2.MORPH_CLOSE, np.ones((3, 3), np.uint8)),
                        light))
    return out


def _against_sticker(v: np.ndarray, hat: np.ndarray) -> np.ndarray:
    """Dark ink's black-hat ``hat`` of ``v`` as a share of its sticker's level (the closing,
    ``v + hat``), on the 0-255 scale; 0 where the ink stands out by less than
    :data:`vision.numeric.MIN_CONTRAST` (noise). A person judges a digit against the sticker
    it is printed on: black ink on a blue or green sticker in dim light is 15-20 grey levels
    below it, under half the step of the same ink on a yellow or white one, and one level
    over the whole photo, Otsu's, cuts the light stickers' digits and none of the dark ones';
    as a share of its sticker's level it is as deep on either."""
    level = cv2.add(v, hat).astype(np.float32)
    share = hat * (float(np.iinfo(np.uint8).max) / np.maximum(level, 1.0))
    return np.where(hat > MIN_CONTRAST, share, 0.0).astype(np.uint8)


def smoothed(image: np.ndarray) -> np.ndarray:
    """The V channel (max of B, G, R) smoothed by a 3 x 3 Gaussian: where the marks are
    sought."""
    return cv2.GaussianBlur(_value(image), (3, 3), 0)


def grain_smoothed(image: np.ndarray) -> np.ndarray:
    """``image`` smoothed by a Gaussian whose window spans the least glyph
    (:data:`GLYPH_SIDE`): in dim light a camera's grain is as bright against a black cube's
    dark stickers as its dimmed digits, and its specks, cut at the ink levels, are marks of
    a digit's size that no lattice of the faces' digits can be told among; averaged over
    the least digit's width they fade, while a digit, wider, stays a mark."""
    k = int(GLYPH_SIDE[0] * min(image.shape[:2])) | 1
    return cv2.GaussianBlur(image, (k, k), 0)


def glyph_points(image: np.ndarray) -> list[Glyph]:
    """Ink marks of a digit's shape and size in a BGR image: connected parts of the ink masks
    whose box is not a sliver (an underline, a groove's edge) and not mostly empty or full."""
    return marks(image)[0]


def marks(image: np.ndarray, light: bool | None = None, v: np.ndarray | None = None,
          whole: bool = False, relative: bool = False
          ) -> tuple[list[Glyph], dict[bool, np.ndarray]]:
    """The glyphs of :func:`glyph_points` (of one polarity ``light``, or both) and, per
    polarity, the widest ink mask. ``v``: the image's V channel smoothed (:func:`smoothed`),
    when at hand (the first sticker pass smooths it alike). ``whole``: the marks of the lower
    threshold first (:func:`_whole_first`); ``relative``: dark ink judged against its
    sticker's level (:func:`_against_sticker`)."""
    v = smoothed(image) if v is None else v
    side = min(v.shape)
    lo, hi = GLYPH_SIDE[0] * side, GLYPH_SIDE[1] * side
    out: list[Glyph] = []
    cuts = _ink_masks(v, light, relative)
    masks = {polarity: mask for mask, polarity in cuts}  # the lower threshold comes last
    for mask, polarity in _whole_first(cuts) if whole else cuts:
        # block-based labelling: the same components in the same order as the default
        # algorithm, a third of its time on a whole photo
        stats = cv2.connectedComponentsWithStatsWithAlgorithm(mask, CONNECTIVITY, cv2.CV_32S,
                                                              cv2.CCL_GRANA)[2]
        x, y, w, h, area = stats[1:].T
        long, short = np.maximum(w, h), np.minimum(w, h)
        fill = area / (w * h)
        # a box filled as fully as a sticker candidate fills its hull holds a solid patch
        # (a piece of a sticker, a shadow), not a digit's strokes
        keep = (lo <= long) & (long <= hi) & (short >= 0.2 * long) & (0.12 <= fill) & \
            (fill <= SOLIDITY)
        same = [o for o in out if o.light == polarity]
        seen = np.array([o.centre for o in same]).reshape(-1, 2)
        reach = np.array([SAME_MARK * o.size for o in same])
        for k in np.flatnonzero(keep).tolist():
            c = np.array([x[k] + w[k] / 2, y[k] + h[k] / 2], np.float64)
            if len(seen):
                d = seen - c
                if (np.sqrt(d[:, 0] * d[:, 0] + d[:, 1] * d[:, 1]) < reach).any():
                    continue  # the same mark at the lower threshold
            out.append(Glyph(c, float(long[k]), polarity))
            seen = np.vstack([seen, c])
            reach = np.append(reach, SAME_MARK * float(long[k]))
    return out, masks


def _whole_first(cuts: list[tuple[np.ndarray, bool]]) -> list[tuple[np.ndarray, bool]]:
    """The ink masks of :func:`_ink_masks` (two per polarity, Otsu's level then the lower one)
    with the lower one first. A digit blurred by a moving hand breaks at Otsu's level into
    pieces a few pixels across, one of them near its middle, and is whole only at the lower
    level; kept first, the whole digit stands for its pieces (:data:`SAME_MARK`) instead of
    being taken for one of them found again, and the lattice of the face is spanned by marks of
    one size."""
    return [cuts[i ^ 1] for i in range(len(cuts))]


SAME_MARK = 0.4
"""A mark whose centre lies within this share of a kept mark's size of it is that mark again
(found at the lower threshold)."""


__all__ = ["GLYPH_SIDE", "Glyph", "STROKE", "glyph_points", "grain_smoothed", "marks",
           "smoothed"]
