"""Other cuts of a cell's ink, for the second look at an unsure cell.

The usual cut (:func:`vision.cells.ink.ink_mask`) drops everything that touches the cell border and
sets one threshold for the cell. Glare and shadow break both: a glare streak joined to a
stroke and reaching the sticker's edge takes the digit with it, and glare brighter than the
print raises the threshold past the unglared strokes. These cuts see past that: without broad
dark blobs (:func:`without_blobs`), against each stroke's own surroundings
(:func:`glare_free_ink_mask`), without the cell's rim (:func:`peeled_ink_mask`), grown from
the dark core (:func:`grown_ink_mask`); and they tell where a digit seems cut off
(:func:`cut_sides`), so it is read again beside its cell.
"""
from __future__ import annotations

import cv2
import numpy as np

from ..cells.ink import INK_SHARE, cut, inner_components, inside_rim
from ..polarity import value_channel
from ..stats import median, percentile
from ..cells.sticker_level import ink_contrast


def stroke_width(mask: np.ndarray) -> float:
    """Mean stroke width of an ink mask in pixels: twice its area over the length of its
    outlines (a stroke of length L and width w has area L w and outline about 2 L); 0 for
    no ink."""
    m = mask.astype(np.uint8)
    if not m.any():
        return 0.0
    contours, _ = cv2.findContours(m, cv2.RETR_LIST, cv2.CHAIN_APPROX_NONE)
    length = sum(cv2.arcLength(c, True) for c in contours)
    return 2.0 * float(m.sum()) / max(length, 1.0)


BLOB_DISC = 2.0
"""Diameter, in stroke widths, of the disc that :func:`without_blobs` fits into ink: broader
dark parts are glare (inverted) or shadow, not strokes."""


def without_blobs(cell: np.ndarray, width: float) -> np.ndarray:
    """A normalised cell (dark ink on a light sticker) with its broad dark blobs lifted to the
    sticker's level, as a single channel (its V channel). A glare spot on a dark sticker is
    as bright as the white digit, so once inverted it is a dark blob like the ink; but it is
    broad and smooth where ink is strokes of one width. A grey closing with a disc
    :data:`BLOB_DISC` stroke widths across erases the strokes and keeps such blobs; what it
    keeps below the sticker's median level (smoothed) is added back."""
    v = value_channel(cell)
    n = v.shape[0]
    k = max(3, int(round(BLOB_DISC * width)) | 1)
    keep = cv2.morphologyEx(v, cv2.MORPH_CLOSE,
                            cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k)))
    keep = cv2.GaussianBlur(keep.astype(np.float32), (0, 0), n / 40)
    c = slice(n // 5, n - n // 5)
    lift = np.maximum(median(keep[c, c]) - keep, 0)
    return np.clip(v.astype(np.float32) + lift, 0, 255).astype(np.uint8)


def face_contrast(cells: list[np.ndarray]) -> float | None:
    """The typical contrast of a face's print: the median, over its cells with ink, of how
    far the ink (97th percentile) lies from the sticker's level (:func:`ink_contrast`); None
    when fewer than five cells show ink. One ink prints every sticker of a face, so a cell
    whose contrast lies far above it holds glare brighter than the print."""
    spans = [c[2] - c[1] for c in map(ink_contrast, cells) if c is not None]
    return float(np.median(spans)) if len(spans) >= 5 else None


def ink_rise(cell: np.ndarray, contrast: float) -> float:
    """How far a cell's brightest ink (99.5th percentile of its difference to the sticker's
    level, inside its border) rises above the sticker, in times the face's print
    ``contrast`` (:func:`face_contrast`): about 1 for a digit in the face's print, more where
    glare brighter than the print lies on the sticker or the strokes; 0 for a blank one."""
    got = ink_contrast(cell)
    if got is None:
        return 0.0
    diff, level, _ = got
    k = diff.shape[0] // 6
    return (percentile(diff[k:-k, k:-k], 99.5) - level) / max(contrast, 1e-6)


GLARE_DISC = 1.5
"""Diameter, in stroke widths, of the disc :func:`glare_free_ink_mask` measures a stroke's
surroundings with: wide enough to pass over a stroke, narrow enough to fit into a glare
streak barely wider than one."""


def glare_free_ink_mask(cell: np.ndarray, width: float, contrast: float,
                        share: float = INK_SHARE, rim: float = 0.0) -> np.ndarray:
    """The ink of a normalised cell that stands out from its own surroundings by ``share``
    of the face's print ``contrast`` (:func:`face_contrast`), inside ``rim``. The
    surroundings are a grey opening of the darkness with a disc :data:`GLARE_DISC` stroke
    widths (``width``) across, which erases the strokes and keeps what is broader: glare
    (dark once a light-ink cell is inverted) adds light to sticker and print alike, so a
    stroke under a glare streak still stands out from the streak by the print's contrast
    and the streak itself, broad and smooth, does not. The threshold is the face's, not the
    cell's: glare brighter than the print raises the cell's own ink level and with it a
    threshold that then drops the unglared strokes."""
    got = ink_contrast(cell)
    if got is None:
        return np.zeros(cell.shape[:2], bool)
    diff, level, _ = got
    n = diff.shape[0]
    k = max(3, int(round(GLARE_DISC * width)) | 1)
    base = cv2.morphologyEx(diff, cv2.MORPH_OPEN,
                            cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k)))
    base = np.maximum(cv2.GaussianBlur(base, (0, 0), n / 40), level)
    return inner_components(inside_rim(diff - base > share * contrast, rim))


def cut_sides(cell: np.ndarray, share: float = INK_SHARE) -> list[tuple[int, int]]:
    """The sides of a normalised cell where its digit seems cut off, as moves towards them
    ((-1, 0) left, (1, 0) right, (0, -1) up, (0, 1) down): a large ink part (the usual
    threshold) touches that side over less than :data:`CUT_ALONG` of it (the body between
    stickers and the sticker's edge run the whole side) and reaches :data:`CUT_DEPTH` into
    the cell."""
    got = ink_contrast(cell)
    if got is None:
        return []
    diff, level, top = got
    n = diff.shape[0]
    count, _, stats, _ = cv2.connectedComponentsWithStats(
        (diff > level + share * (top - level)).astype(np.uint8), connectivity=8)
    m = max(2, n // 14)
    sides: set[tuple[int, int]] = set()
    for x, y, w, h, a in stats[1:]:
        if a < CUT_AREA * n * n:
            continue
        for touches, along, depth, move in ((x < m, h, w, (-1, 0)), (x + w > n - m, h, w, (1, 0)),
                                            (y < m, w, h, (0, -1)), (y + h > n - m, w, h, (0, 1))):
            if touches and along < CUT_ALONG * n and depth >= CUT_DEPTH * n:
                sides.add(move)
    return sorted(sides)


CUT_AREA = 0.03
"""Smallest share of the cell's area of an ink part that :func:`cut_sides` takes for a
digit cut off."""

CUT_ALONG = 0.75
"""How much of a side (share) a digit cut off at it may cover, at most."""

CUT_DEPTH = 0.25
"""How far (share of the side) a digit cut off at a side reaches into the cell, at least."""

PEEL = 0.17
"""Share of the cell's side along its border that :func:`peeled_ink_mask` leaves out: the
digit keeps inside it on every cube, the sticker's edge and the body lie in it."""


def peeled_ink_mask(cell: np.ndarray, share: float = INK_SHARE) -> np.ndarray:
    """The ink without the cell's rim (:data:`PEEL`): a glare streak or shadow that touches
    the digit *and* reaches the sticker's edge would otherwise take the digit with it when
    everything touching the border is dropped. Only a second look (unsure cells) uses it."""
    return cut(cell, share, PEEL)


def grown_ink_mask(cell: np.ndarray, core: float = 0.5, share: float = INK_SHARE) -> np.ndarray:
    """The ink grown from its dark core: the strokes above the stricter ``core`` threshold
    that keep off the border, grown a few pixels into the pixels above ``share``
    (hysteresis, as edge detectors do). A stroke that the usual threshold joins to a dark
    glare edge or shadow reaching the border is kept instead of being dropped with it."""
    contrast = ink_contrast(cell)
    if contrast is None:
        return np.zeros(cell.shape[:2], bool)
    diff, level, top = contrast
    weak = (diff > level + share * (top - level)).astype(np.uint8)
    grown = inner_components(diff > level + core * (top - level)).astype(np.uint8)
    kernel = np.ones((3, 3), np.uint8)
    for _ in range(max(2, cell.shape[0] // 20)):
        grown = cv2.dilate(grown, kernel) & weak
    return grown.astype(bool)
