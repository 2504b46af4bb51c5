"""Other cuts of a cell than the usual one, for reading an unsure cell again.

The usual cut (:func:`vision.cells.ink.ink_mask`) sets one threshold per cell and drops
whatever touches the border. Each cut here sees past one way that fails, in two rounds: the
ink at other levels in the cell's own window (:func:`other_levels`), then, for a cell still
unsure, what the window holds and its polarity (:func:`other_windows`); the reader gives
every cut to every voter (:mod:`vision.recognise.read_again`).
"""
from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from ..cells.face_cells import FaceCells
from ..cells.ink import INK_SHARE, cut, ink_mask, inner_components
from ..cells.local_ink import edge_ink_mask, local_ink_mask
from ..cells.sticker_level import ink_contrast
from ..polarity import as_dark_ink, came_inverted, centre, value_channel
from ..stats import LOWER_QUARTILE, median

STRICT = 0.6
"""The stricter ink threshold (share of the ink's contrast; the usual is
:data:`vision.cells.ink.INK_SHARE`): it opens a blurred digit's closed openings and parts a
stroke from paper darkened by glare."""
RIM = 0.17
"""Share of the cell's side along its border that the cut inside the rim leaves out: a glare
streak or shadow that joins the digit to the sticker's edge does not take the digit with it
when what touches the border is dropped."""
BESIDE = 0.2
"""How far (in cells) the window of a cell read again is moved each way."""
GLARE_DISC = 1.5
"""Diameter, in stroke widths, of the disc :func:`glare_free_ink_mask` measures a stroke's
surroundings with: wide enough to pass over a stroke, narrow enough to fit into a glare
streak barely wider than one."""
BLOB_DISC = 2.0
"""Diameter, in stroke widths, of the disc that :func:`without_blobs` fits into the ink:
broader dark parts are glare (inverted) or shadow, not strokes."""
SMOOTHING = 40
"""The cell's side over the standard deviation of the Gaussian that smooths what a grey
closing or opening keeps of a cell (:func:`without_blobs`, :func:`glare_free_ink_mask`):
the disc's blocky edges, not the glare's or the shadow's own shape."""


@dataclass(frozen=True)
class Cut:
    """One way of reading a cell: the straightened cell (dark ink on a light sticker) and
    its ink mask."""

    cell: np.ndarray
    mask: np.ndarray


@dataclass(frozen=True)
class FacePrint:
    """What one font in one ink prints on every sticker of a face: its stroke width
    (:func:`face_stroke_width`) and its contrast to the sticker (:func:`face_contrast`); None
    where too few cells show ink to say."""

    width: float | None
    contrast: float | None


def face_print(cells: list[np.ndarray], masks: list[np.ndarray]) -> FacePrint:
    """The :class:`FacePrint` of a face's straightened cells and their first ink masks."""
    return FacePrint(face_stroke_width(masks), face_contrast(cells))


def other_levels(face: FaceCells, i: int, printed: FacePrint) -> list[list[Cut]]:
    """The first round of other cuts of cell ``i`` of ``face``: its own window and polarity,
    the ink told from the sticker at another level, in groups of one cut each: at the
    :data:`STRICT` threshold; against its neighbourhood
    (:func:`vision.cells.local_ink.local_ink_mask`); without broad blobs
    (:func:`without_blobs`) and against each stroke's own surroundings
    (:func:`glare_free_ink_mask`), both measured by the face's print (``printed``). Glare,
    blur and a dim or noisy sticker move the level the usual cut takes; they are what makes
    most cells unsure."""
    cell = face.cells[i]
    groups = [[Cut(cell, ink_mask(cell, STRICT))], [Cut(cell, local_ink_mask(cell))]]
    width, contrast = printed.width, printed.contrast
    if width:
        flat = without_blobs(cell, width)
        groups.append([Cut(flat, ink_mask(flat))])
        if contrast:
            groups.append([Cut(cell, glare_free_ink_mask(cell, width, contrast))])
    return groups


def other_windows(face: FaceCells, i: int) -> list[list[Cut]]:
    """The second round of other cuts of cell ``i`` of ``face``, for a cell the first
    (:func:`other_levels`) leaves unsure: what its window holds doubted, and its polarity.
    In groups of one kind each: the cut inside the :data:`RIM`; touching one side
    (:func:`vision.cells.local_ink.edge_ink_mask`); the cell in the other polarity when its
    own evidence of polarity is weak (:attr:`FaceCells.unclear`: a glare
    patch as light as a white digit); and the window moved :data:`BESIDE` of a cell each
    way (one group of four, each a new cell for every voter, the costliest group)."""
    cell = face.cells[i]
    light = came_inverted(cell)
    groups = [[Cut(cell, cut(cell, INK_SHARE, RIM))], [Cut(cell, edge_ink_mask(cell))]]
    if face.unclear[i]:
        other = as_dark_ink(face.raw[i], not light)
        groups.append([Cut(other, ink_mask(other))])
    moved = [as_dark_ink(face.beside(i, BESIDE * dx, BESIDE * dy), light)
             for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1))]
    groups.append([Cut(m, ink_mask(m)) for m in moved])
    return groups


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


def face_stroke_width(masks: list[np.ndarray]) -> float | None:
    """The stroke width of a face's print: the lower quartile of its cells' first ink masks'
    (:func:`stroke_width`; one font prints every sticker, and glare only widens a stroke);
    None when no cell shows ink."""
    widths = [w for w in map(stroke_width, masks) if w > 0]
    return float(np.percentile(widths, LOWER_QUARTILE)) if widths else None


def without_blobs(cell: np.ndarray, width: float) -> np.ndarray:
    """A normalised cell (dark ink on a light sticker) with its broad dark blobs lifted to the
    sticker's level, as a single channel (its V channel). A glare spot on a dark sticker is
    as bright as the white digit, so once inverted it is a dark blob like the ink; but it is
    broad and smooth where ink is strokes of one width. A grey closing with a disc
    :data:`BLOB_DISC` stroke widths across erases the strokes and keeps such blobs; what it
    keeps below the sticker's level (the median of the cell's centre, the closing smoothed)
    is added back."""
    v = value_channel(cell)
    n = v.shape[0]
    k = max(3, int(round(BLOB_DISC * width)) | 1)
    keep = cv2.morphologyEx(v, cv2.MORPH_CLOSE,
                            cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k)))
    keep = cv2.GaussianBlur(keep.astype(np.float32), (0, 0), n / SMOOTHING)
    c = centre(n)
    lift = np.maximum(median(keep[c, c]) - keep, 0)
    return np.clip(v.astype(np.float32) + lift, 0, 255).astype(np.uint8)


def most_inked(inked: int, cells: int) -> bool:
    """Whether ``inked`` of a face's ``cells`` are most of them (more than half), as many
    must show ink before what is typical of its print is known (its contrast,
    :func:`face_contrast`; its digits' size, :func:`vision.recognise.read_again.typical_size`)."""
    return 2 * inked > cells


def face_contrast(cells: list[np.ndarray]) -> float | None:
    """The typical contrast of a face's print: the median, over its cells with ink, of how
    far the ink lies from the sticker's level
    (:func:`vision.cells.sticker_level.ink_contrast`); None unless most of them show ink
    (:func:`most_inked`). One ink prints every sticker of a face, so a cell
    whose contrast lies far above it holds glare brighter than the print."""
    spans = [c[2] - c[1] for c in map(ink_contrast, cells) if c is not None]
    return float(np.median(spans)) if most_inked(len(spans), len(cells)) else None


def glare_free_ink_mask(cell: np.ndarray, width: float, contrast: float,
                        share: float = INK_SHARE) -> np.ndarray:
    """The ink of a normalised cell that stands out from its own surroundings by ``share``
    of the face's print ``contrast`` (:func:`face_contrast`). The surroundings are a grey
    opening of the darkness with a disc :data:`GLARE_DISC` stroke widths (``width``) across,
    which erases the strokes and keeps what is broader: glare (dark once a light-ink cell is
    inverted) adds light to sticker and print alike, so a stroke under a glare streak still
    stands out from the streak by the print's contrast, and the streak itself, broad and
    smooth, does not. The threshold is the face's, not the cell's: glare brighter than the
    print raises the cell's own ink level and with it a threshold that then drops the
    unglared strokes."""
    got = ink_contrast(cell)
    if got is None:
        return np.zeros(cell.shape[:2], bool)
    diff, level, _ = got
    n = diff.shape[0]
    k = max(3, int(round(GLARE_DISC * width)) | 1)
    base = cv2.morphologyEx(diff, cv2.MORPH_OPEN,
                            cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k)))
    base = np.maximum(cv2.GaussianBlur(base, (0, 0), n / SMOOTHING), level)
    return inner_components(diff - base > share * contrast)
