"""Sticker candidates: bright, nearly square blobs from a few binarisations of the HSV V
channel (global Otsu and local thresholds, so uneven light and coloured stickers still separate
from the dark body), and light digits as lattice points."""
from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from .grooves import SMOOTH


@dataclass(frozen=True)
class Blob:
    """A sticker candidate: centre (x, y), area, side length and angle of its min-area box."""

    centre: np.ndarray
    area: float
    side: float
    angle: float


def binarisations(v: np.ndarray, scale: float = 1.0) -> list[np.ndarray]:
    """Masks of 'light' pixels: Otsu, and two local thresholds for uneven light. ``scale``:
    the size of the faces sought, as a share of those the sizes here suit (a face a sixth
    of the picture's shorter side and more): the blur and the local thresholds' windows
    follow it, as on a small face a wider blur fills the grooves between its stickers."""
    k = int(SMOOTH * scale) | 1
    blur = cv2.GaussianBlur(v, (k, k), 0)  # noise and fine texture evened out
    _, otsu = cv2.threshold(blur, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    side = max(v.shape) * scale
    masks = [otsu]
    for frac, c in ((0.12, -4), (0.05, -2)):
        block = max(int(side * frac), 3) | 1
        masks.append(cv2.adaptiveThreshold(blur, 255, cv2.ADAPTIVE_THRESH_MEAN_C,
                                           cv2.THRESH_BINARY, block, c))
    kernel = np.ones((3, 3), np.uint8)
    return [cv2.morphologyEx(m, cv2.MORPH_OPEN, kernel) for m in masks]


LEAST_SOLIDITY = 0.55
"""Least share of its convex hull that a sticker candidate's outline fills: a large dark digit
can bite deep into a light sticker's outline (the more so in a blurred photo), but the hull is
still the sticker."""


def shape_blobs(mask: np.ndarray, min_area: float) -> list[Blob]:
    """Square-ish outer contours of a mask (sticker candidates) of ``min_area`` or more. A
    larger one (stickers merged by glare, a light square of the ground) is kept: the
    lattice only ever links blobs of a similar size (:func:`dedupe`)."""
    contours, hier = cv2.findContours(mask, cv2.RETR_CCOMP, cv2.CHAIN_APPROX_SIMPLE)
    out = []
    if hier is None:
        return out
    for i in _outer_outlines_big_enough(contours, hier[0], min_area):
        cnt = contours[i]
        hull = cv2.convexHull(cnt)
        area = cv2.contourArea(hull)
        if area < min_area:
            continue
        (cx, cy), (w, hh), ang = cv2.minAreaRect(hull)
        if w <= 0 or hh <= 0 or max(w, hh) > 1.7 * min(w, hh):
            continue
        if area < 0.72 * w * hh or cv2.contourArea(cnt) < LEAST_SOLIDITY * area:
            continue
        out.append(Blob(np.array([cx, cy]), area, float(np.sqrt(area)), float(ang)))
    return out


def _outer_outlines_big_enough(contours: tuple[np.ndarray, ...], hier: np.ndarray,
                               min_area: float) -> list[int]:
    """The outer contours (a hole is the ink of a digit, no sticker outline) whose bounding
    box is ``min_area`` or more (a hull fits in its box: a smaller one is noise or a speck),
    the boxes of all of them at once."""
    outer = np.flatnonzero(hier[:, 3] == -1)
    if not len(outer):
        return []
    points = [contours[i] for i in outer]
    starts = np.cumsum([0] + [len(c) for c in points[:-1]])
    flat = np.concatenate(points).reshape(-1, 2)
    w, h = (np.maximum.reduceat(flat, starts) - np.minimum.reduceat(flat, starts) + 1).T
    return outer[w.astype(np.int64) * h >= min_area].tolist()


def glyph_blobs(masks: list[np.ndarray], area: float) -> list[Blob]:
    """Light digits as lattice points: outer contours of the light masks, each standing for
    the square on its box's longer side, so that digits of one print count as one size
    whatever their shape (a 1 is narrow, a 7 fills little of its box). A light line or stripe
    counts as the square on its length: it links into a lattice only with shapes of that
    size, and a lattice of such shapes frames no digits (:mod:`vision.locate.face_score`)."""
    out = []
    for mask in masks:
        contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
        for cnt in contours:
            (cx, cy), (w, h), ang = cv2.minAreaRect(cnt)
            long = max(w, h)
            if long * long < GLYPH_LEAST * area:
                continue
            out.append(Blob(np.array([cx, cy]), float(long * long), float(long), float(ang)))
    return out


GLYPH_LEAST = 0.0005
"""Least (share of the picture) of a light digit's box, its longer side squared. A larger
light shape (a sticker, a light part of the ground) is kept: it links into a lattice only
with shapes of its own size."""


def dedupe(blobs: list[Blob]) -> list[Blob]:
    """One blob per place and size: the same sticker found by several binarisations counts
    once, but a much larger blob (stickers merged by glare) does not hide the stickers it
    covers; the lattice only ever links blobs of similar size."""
    kept: list[Blob] = []
    if not blobs:
        return kept
    xs, ys = np.array([b.centre for b in blobs], np.float64).reshape(-1, 2).T
    areas = np.array([b.area for b in blobs], np.float64)
    hidden = np.zeros(len(blobs), bool)  # by a blob kept before it
    order = sorted(range(len(blobs)), key=lambda i: -blobs[i].area)
    for start in range(0, len(order), DEDUPE_ROWS):
        at = order[start:start + DEDUPE_ROWS]
        for i, hides in zip(at, _hides([blobs[i] for i in at], xs, ys, areas)):
            if not hidden[i]:
                kept.append(blobs[i])
                hidden |= hides
    return kept


DEDUPE_ROWS = 256
"""How many blobs' rows of :func:`dedupe`'s table of which blob hides which are measured at
once (a busy ground's thousands of blobs would make a table of millions)."""


def _hides(rows: list[Blob], xs: np.ndarray, ys: np.ndarray, areas: np.ndarray) -> np.ndarray:
    """Which of the blobs at ``xs``, ``ys`` of ``areas`` each of ``rows`` hides if it is kept
    (:func:`dedupe`), (rows, blobs): measured for all at once, each row as that blob alone."""
    cx, cy = (np.array([b.centre[k] for b in rows], np.float64)[:, None] for k in (0, 1))
    half = np.array([0.5 * b.side for b in rows], np.float64)[:, None]
    area = np.array([b.area for b in rows], np.float64)[:, None]
    return (np.hypot(cx - xs, cy - ys) <= half) & (area <= 2.0 * areas)


LEAST_STICKER = 0.0012
"""Least area (share of the picture) of a sticker candidate of :func:`sticker_blobs`: a
sticker of a face a sixth of the picture's shorter side, with room for a smaller one."""


def sticker_blobs(masks: list[np.ndarray], area: float, thinned: int = 0) -> list[Blob]:
    """Sticker candidates of the masks, for a picture of ``area`` pixels (the sizes of
    :data:`LEAST_STICKER` and up). ``thinned``: pixels the masks' regions were thinned by on
    every side (the regions between grooves, :func:`vision.locate.grooves.thinning`): the
    least sticker is judged as the region it leaves, not as the sticker, or the stickers
    of a small or blurred face, whose grooves are wide against them, would be lost."""
    least = max(np.sqrt(area * LEAST_STICKER) - 2 * thinned, 1.0) ** 2
    blobs: list[Blob] = []
    for mask in masks:
        blobs.extend(shape_blobs(mask, least))
    return blobs
