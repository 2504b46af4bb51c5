"""Digit glyphs as small normalised images: ink masks, the 6/9 underline, size/shift removal.

A glyph is the ink of one sticker, cropped to its bounding box and scaled (aspect kept) into a
:data:`GLYPH` x :data:`GLYPH` float image (ink 1, paper 0). Templates, training renders and
photo cells all pass through the same :func:`normalise_glyph`, so scale and position of the
digit on the sticker do not matter to the classifiers.
"""
from __future__ import annotations

from typing import NamedTuple

import cv2
import numpy as np

GLYPH = 32
"""Side of a normalised glyph image in pixels."""

PART_SHARE = 0.25
"""An ink piece at least this share of the largest one's area is a part of the digit (a stroke
broken where a thin hairline faded in blur or light ink), not a speck nor a piece of the
sticker's edge (:func:`vision.cells.ink.inner_components`)."""
BROKEN_REACH = 0.45
"""How far, in the body's longer side, such a part may lie from it and still be kept: a 5 or
a 7 broken at its thin joint leaves a gap wider than a speck's reach."""

MARGIN = 3
"""Pixels of paper left round the ink on each side of a glyph image."""

_BOX = GLYPH - 2 * MARGIN  # the longer side of the ink's bounding box inside the glyph image


class GlyphParts(NamedTuple):
    """The ink of a sticker split into the digit's body and the 6/9 underline, if any.

    ``underline_rot`` is the rotation (0-3) the underline implies: the underline sits at the
    digit's bottom, so a bar below the body means the digit's top points up (0), a bar on the
    left means it points right (1), above means down (2), on the right means left (3).
    """

    body: np.ndarray
    underline_rot: int | None


def _components(mask: np.ndarray) -> tuple[int, np.ndarray, np.ndarray]:
    n, labels, stats, _ = cv2.connectedComponentsWithStats(mask.astype(np.uint8))
    return n, labels, stats


def _bar_rot(stat: np.ndarray, others: tuple[int, int, int, int]) -> int | None:
    """The rotation an underline-like component implies relative to the other ink, or None.

    A bar is long (at least 2.2 times its thickness and 30% of the body's side it lies along),
    thin (at most a quarter of the body), and lies beside the body, not across it. One rule
    (:func:`_bar_side`) for a bar below or above the body and, turned a quarter, for one on its
    left or right.
    """
    x, y, w, h = (int(v) for v in stat[:4])
    ox, oy, ow, oh = others
    side = _bar_side((x, w, y, h), (ox, ow, oy, oh))
    if side is not None:
        return 0 if side > 0 else 2
    side = _bar_side((y, h, x, w), (oy, oh, ox, ow))
    if side is not None:
        return 3 if side > 0 else 1
    return None


def _bar_side(bar: tuple[int, int, int, int], body: tuple[int, int, int, int]) -> int | None:
    """Where a bar lies beside the body, both given along one axis and across it as (start
    along, length along, start across, thickness across): 1 past the body's far side across
    the axis, -1 before its near side, None when it is no bar lying beside the body."""
    start, length, at, thick = bar
    b_start, b_length, b_at, b_thick = body
    if not (length >= 2.2 * thick and length >= 0.3 * b_length and thick <= 0.25 * b_thick):
        return None
    if min(start + length, b_start + b_length) - max(start, b_start) <= 0.5 * length:
        return None
    if at >= b_at + (1 - BAR_CLEAR) * b_thick:
        return 1
    if at + thick <= b_at + BAR_CLEAR * b_thick:
        return -1
    return None


BAR_CLEAR = 0.08
"""A bar lies beside the body when it overlaps the body's thickness across by at most this
share of it, on the body's near or far side alike."""


def _union_box(stats: np.ndarray, ids: list[int]) -> tuple[int, int, int, int]:
    x0 = min(int(stats[i, 0]) for i in ids)
    y0 = min(int(stats[i, 1]) for i in ids)
    x1 = max(int(stats[i, 0] + stats[i, 2]) for i in ids)
    y1 = max(int(stats[i, 1] + stats[i, 3]) for i in ids)
    return x0, y0, x1 - x0, y1 - y0


def split_underline(mask: np.ndarray) -> GlyphParts:
    """Separate a bar-shaped component lying beside the digit's body (the 6/9 underline).

    Small specks and ink far from the body are dropped. When no bar is found, the whole
    remaining ink is the body and ``underline_rot`` is None.
    """
    n, labels, stats = _components(mask)
    if n <= 1:
        return GlyphParts(np.zeros_like(mask, dtype=bool), None)
    areas = stats[1:, cv2.CC_STAT_AREA]
    big = [k for k in range(1, n) if stats[k, cv2.CC_STAT_AREA] >= 0.02 * areas.max()]
    main = 1 + int(np.argmax(areas))
    underline, underline_rot = _underline(stats, big, main)
    body_ids = [k for k in big if k != underline]
    body = _union_box(stats, [main] if main != underline else body_ids)
    keep = np.zeros(n, bool)
    for k in body_ids:
        keep[k] = _within_reach(stats[k], body) or _broken_half(stats[k], stats[main], body)
    return GlyphParts(keep[labels], underline_rot)


def _underline(stats: np.ndarray, big: list[int], main: int) -> tuple[int | None, int | None]:
    """The ink piece that is the underline, and the rotation it implies; (None, None) when no
    piece is one. Of the pieces shaped and placed like a bar beside the rest of the ink
    (:func:`_bar_rot`), the most elongated; the largest piece is the digit's body, not its bar,
    unless it is one of only two."""
    underline, underline_rot, best = None, None, 0.0
    if len(big) < 2:
        return underline, underline_rot
    for k in big:
        if k == main and len(big) > 2:
            continue
        rot = _bar_rot(stats[k], _union_box(stats, [j for j in big if j != k]))
        if rot is None:
            continue
        w, h = (int(v) for v in stats[k, 2:4])
        elong = max(w, h) / max(1, min(w, h))
        if elong > best:
            best, underline, underline_rot = elong, k, rot
    return underline, underline_rot


REACH = 0.3
"""An ink piece overlapping the body's box grown by this share of its size on each side is
within the body's reach (:func:`_within_reach`)."""


def _within_reach(stat: np.ndarray, body: tuple[int, int, int, int]) -> bool:
    """Does this ink piece lie within the body's reach (:data:`REACH`)? Then it is a broken
    stroke of the body, not a speck."""
    x, y, w, h = (int(v) for v in stat[:4])
    mx, my, mw, mh = body
    return (x < mx + (1 + REACH) * mw and x + w > mx - REACH * mw
            and y < my + (1 + REACH) * mh and y + h > my - REACH * mh)


def _broken_half(stat: np.ndarray, main_stat: np.ndarray,
                 body: tuple[int, int, int, int]) -> bool:
    """Is this ink piece the other part of a digit broken where a thin hairline faded (a 5's
    flag cut from its bowl, a 7's stem from its bar)? It is large (:data:`PART_SHARE` of the
    largest piece), lies above, below or beside the body in line with it (overlapping half its
    own extent across), within :data:`BROKEN_REACH` of the body's longer side."""
    x, y, w, h, a = (int(v) for v in stat)
    mx, my, mw, mh = body
    if a < PART_SHARE * int(main_stat[cv2.CC_STAT_AREA]):
        return False
    gap = BROKEN_REACH * max(mw, mh)
    across_x = min(x + w, mx + mw) - max(x, mx) >= 0.5 * w
    across_y = min(y + h, my + mh) - max(y, my) >= 0.5 * h
    above_below = across_x and y < my + mh + gap and y + h > my - gap
    beside = across_y and x < mx + mw + gap and x + w > mx - gap
    return above_below or beside


def normalise_glyph(body: np.ndarray) -> np.ndarray | None:
    """Crop the ink to its bounding box and scale it (aspect kept) into a GLYPH x GLYPH image.

    Returns a float32 image (ink near 1) lightly blurred so thin/thick strokes still overlap
    (OpenCV's own 3-tap kernel, 1/4 1/2 1/4, which it takes when given no sigma), or None
    when there is no ink.
    """
    x0, y0, w, h = cv2.boundingRect(np.ascontiguousarray(body, bool).view(np.uint8))
    if w == 0:
        return None
    crop = body[y0:y0 + h, x0:x0 + w].astype(np.float32)
    s = _BOX / max(h, w)
    nw, nh = max(1, round(w * s)), max(1, round(h * s))
    small = cv2.resize(crop, (nw, nh), interpolation=cv2.INTER_AREA)
    out = np.zeros((GLYPH, GLYPH), np.float32)
    ox, oy = (GLYPH - nw) // 2, (GLYPH - nh) // 2
    out[oy:oy + nh, ox:ox + nw] = small
    return cv2.GaussianBlur(out, (3, 3), 0)


def rotate_glyph(img: np.ndarray, quarter_turns: int) -> np.ndarray:
    """Turn an image ``quarter_turns`` clockwise (the sense of a sticker's rotation)."""
    return np.ascontiguousarray(np.rot90(img, -quarter_turns % 4))
