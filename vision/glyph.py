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

_BOX = 26  # the longer side of the ink's bounding box inside the glyph image


class GlyphParts(NamedTuple):
    """The ink of a sticker split into the digit's body and the 6/9 underline, if any.

    ``underline_rot`` is the rotation (0-3) the underline implies: the underline sits at the
    digit's bottom, so a bar below the body means the digit's top points up (0), a bar on the
    left means it points right (1), above means down (2), on the right means left (3).
    """

    body: np.ndarray
    underline_rot: int | None


def _components(mask: np.ndarray) -> tuple[int, np.ndarray, np.ndarray]:
    n, labels, stats, _ = cv2.connectedComponentsWithStats(mask.astype(np.uint8), connectivity=8)
    return n, labels, stats


def split_underline(mask: np.ndarray) -> GlyphParts:
    """Separate a bar-shaped component lying beside the digit's body (the 6/9 underline).

    Small specks and ink far from the body are dropped. When no bar is found, the whole
    remaining ink is the body and ``underline_rot`` is None.
    """
    n, labels, stats = _components(mask)
    if n <= 1:
        return GlyphParts(np.zeros_like(mask, dtype=bool), None)
    areas = stats[1:, cv2.CC_STAT_AREA]
    main = 1 + int(np.argmax(areas))
    mx, my, mw, mh = (int(v) for v in stats[main, :4])
    keep = labels == main
    underline_rot = None
    for k in range(1, n):
        if k == main:
            continue
        x, y, w, h, a = (int(v) for v in stats[k])
        if a < 0.02 * areas.max():
            continue
        cx, cy = x + w / 2, y + h / 2
        horizontal = w >= 2.2 * h and w >= 0.3 * mw
        vertical = h >= 2.2 * w and h >= 0.3 * mh
        x_overlap = min(x + w, mx + mw) - max(x, mx) > 0.5 * w
        y_overlap = min(y + h, my + mh) - max(y, my) > 0.5 * h
        fill = a / max(1, w * h)
        if underline_rot is None and fill > 0.4 and a < 0.6 * areas.max():
            if horizontal and x_overlap and cy >= my + mh:
                underline_rot = 0
                continue
            if horizontal and x_overlap and cy <= my:
                underline_rot = 2
                continue
            if vertical and y_overlap and cx <= mx:
                underline_rot = 1
                continue
            if vertical and y_overlap and cx >= mx + mw:
                underline_rot = 3
                continue
        # a broken stroke of the body: keep it when it lies within the body's reach
        if (x < mx + mw + 0.2 * mw and x + w > mx - 0.2 * mw
                and y < my + mh + 0.2 * mh and y + h > my - 0.2 * mh):
            keep |= labels == k
    return GlyphParts(keep, underline_rot)


def normalise_glyph(body: np.ndarray) -> np.ndarray | None:
    """Crop the ink to its bounding box and scale it (aspect kept) into a GLYPH x GLYPH image.

    Returns a float32 image (ink near 1) lightly blurred so thin/thick strokes still overlap,
    or None when there is no ink.
    """
    ys, xs = np.nonzero(body)
    if len(xs) == 0:
        return None
    x0, x1, y0, y1 = xs.min(), xs.max() + 1, ys.min(), ys.max() + 1
    crop = body[y0:y1, x0:x1].astype(np.float32)
    h, w = crop.shape
    s = _BOX / max(h, w)
    nw, nh = max(1, round(w * s)), max(1, round(h * s))
    small = cv2.resize(crop, (nw, nh), interpolation=cv2.INTER_AREA)
    out = np.zeros((GLYPH, GLYPH), np.float32)
    ox, oy = (GLYPH - nw) // 2, (GLYPH - nh) // 2
    out[oy:oy + nh, ox:ox + nw] = small
    return cv2.GaussianBlur(out, (3, 3), 0.8)


def rotate_glyph(img: np.ndarray, quarter_turns: int) -> np.ndarray:
    """Turn an image ``quarter_turns`` clockwise (the sense of a sticker's rotation)."""
    return np.ascontiguousarray(np.rot90(img, -quarter_turns % 4))
