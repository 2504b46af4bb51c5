"""Faces whose pieces touch with only hairline gaps: a stickerless cube (coloured plastic
pieces, no black body showing between them).

The passes of :mod:`vision.locate.detect` need stickers framed by grooves a few pixels wide. Between
stickerless pieces the gap is a line one or two pixels wide and only a little darker, which
their median filters erase: neighbouring pieces merge into one region and no cell shows a
frame, so such a face was refused though a person sees it at once. Here the hairlines are
found at their own scale (a small black-hat), the light and chroma masks are cut along them
into pieces, the pieces are grown into lattices as stickers are, and a lattice is a face when
each of its four inner lines is a hairline along most of its length while the six lines
through the middles of its cells are not (:func:`line_depths`). Wood grain, print, or a plain
light square (paper, a phone) do not make that pattern. It is the last pass, tried only when
no other finds a face.
"""
from __future__ import annotations

import cv2
import numpy as np

from .face_cues import ACROSS, ALONG_FACE, FLOOR, Levels, chroma
from .grooves import GROOVE_LEVELS
from .face_geometry import GROOVE_LINES, TWO_FACES_ADVICE, FaceNotFoundError, lattice_seen
from .hypotheses import (FLANK, SECOND_FACE, SETTLED, Hypothesis, _snapped, scored_all, separate,
                         windows)
from .lattice import groups_of
from .lattice_sampling import sample
from .perspective import plausible
from .sticker_blobs import binarisations, dedupe, sticker_blobs

HAIRLINE = 0.008
"""Width (share of the working image's longer side) of the closing that finds hairlines:
wider than the gap between two stickerless pieces, narrower than a piece."""

LINE_DEPTH = GROOVE_LEVELS[0]
"""How much darker (relative, median along the line) than the pieces either side of it a
line of a stickerless face must be to count as a hairline: the shallowest valley that counts
as a groove (:data:`vision.locate.grooves.GROOVE_LEVELS`). Each of a face's four inner lines
must be one (stickerless faces measure 0.08 and more on their faintest line, between two
pieces of one colour), no line through the middle of a row or column of cells may be (a
piece is an even plateau: texture that is dark at the inner lines is dark between them
too)."""


OPEN = 5
"""Side (pixels) of the opening that frees a piece joined to its neighbour by a break in the
hairline between them (:func:`piece_blobs`)."""


def hairlines(v: np.ndarray) -> np.ndarray:
    """Mask (uint8 0/255) of the hairline pixels of the V channel, widened by a pixel: those
    darker than the closing around them by :data:`LINE_DEPTH` (the shallowest valley depth
    that counts as a groove), measured as a groove's is."""
    k = int(HAIRLINE * max(v.shape)) | 1
    closed = cv2.morphologyEx(v, cv2.MORPH_CLOSE,
                              cv2.getStructuringElement(cv2.MORPH_RECT, (k, k)))
    closed = closed.astype(np.float32)
    depth = (closed - v.astype(np.float32)) / (closed + FLOOR)
    return cv2.dilate((depth >= LINE_DEPTH).astype(np.uint8) * 255,
                      np.ones((3, 3), np.uint8))


def piece_blobs(small: np.ndarray, v: np.ndarray, area: float) -> list:
    """Piece candidates: the light and chroma masks cut along the hairlines, opened a little
    so that a piece joined to its neighbour by a break in the hairline comes free."""
    cut = cv2.bitwise_not(hairlines(v))
    kernel = np.ones((OPEN, OPEN), np.uint8)
    masks = [cv2.morphologyEx(cv2.bitwise_and(m, cut), cv2.MORPH_OPEN, kernel)
             for m in binarisations(v) + binarisations(chroma(small))]
    return dedupe(sticker_blobs(masks, area))


def line_depths(img: np.ndarray, hom: np.ndarray, floor: float = FLOOR
                ) -> tuple[np.ndarray, np.ndarray]:
    """How much darker than the image either side of it (relative, the median along the
    line) each line of the lattice ``hom`` is: its four inner lines (x = 0.5, 1.5, y = 0.5,
    1.5) and the six through its cells' middles (x and y = 0, 1, 2). Each line is sampled
    along :data:`vision.locate.face_cues.ALONG_FACE` at the offsets
    :data:`vision.locate.face_cues.ACROSS` (the darkest counts), the level either side
    :data:`vision.locate.hypotheses.FLANK` from it."""

    def depth(vertical: bool, at: float) -> float:
        def points(shift: float) -> np.ndarray:
            across = np.full_like(ALONG_FACE, at + shift)
            return np.stack([across, ALONG_FACE] if vertical else [ALONG_FACE, across], 1)

        best = None
        for off in ACROSS:
            line = sample(img, hom[None], points(off))[0]
            flank = np.minimum(sample(img, hom[None], points(off - FLANK))[0],
                               sample(img, hom[None], points(off + FLANK))[0])
            d = (flank - line) / (flank + floor)
            best = d if best is None else np.maximum(best, d)
        return float(np.median(best))

    inner = np.array([depth(vert, at) for vert in (True, False) for at in GROOVE_LINES])
    middle = np.array([depth(vert, at) for vert in (True, False) for at in (0.0, 1.0, 2.0)])
    return inner, middle


def _lined(h: Hypothesis, img: np.ndarray, levels: Levels) -> tuple[float, np.ndarray] | None:
    """The lattice of ``h`` (as fitted, or snapped onto the lines near its inner lines) whose
    faintest inner line is darkest, with that depth, when its inner lines are hairlines and
    its middle lines are not (:data:`LINE_DEPTH`); None otherwise."""
    best = None
    for hom in (h.hom, *_snapped(h, levels)):
        inner, middle = line_depths(img, hom)
        if inner.min() >= LINE_DEPTH and middle.max() <= LINE_DEPTH and \
                (best is None or inner.min() > best[0]):
            best = (float(inner.min()), hom)
    return best


def hairline_face(small: np.ndarray, v: np.ndarray, area: float, source: str
                  ) -> Hypothesis | None:
    """The face of a stickerless cube in the working image ``small`` (V channel ``v``), or
    None; raises :class:`FaceNotFoundError` when two separate faces pass."""
    img = cv2.erode(v, np.ones((3, 3), np.uint8))  # hairlines a little wider to sample
    levels = Levels(((img, FLOOR, 1.0),))
    groups = groups_of(piece_blobs(small, v, area))
    hyps = sorted(scored_all([w for g in groups if len(g) >= 4 for w in windows(g)], levels),
                  key=lambda h: h.rank, reverse=True)[:SETTLED]
    height, width = v.shape[:2]
    faces = []
    for h in hyps:
        if not plausible(h.hom, width, height):
            continue
        lined = _lined(h, img, levels)
        if lined is not None:
            faces.append((lined[0], Hypothesis(lined[1], h.grid, levels.contrast(lined[1]))))
    if not faces:
        return None
    faces.sort(key=lambda f: -f[0])
    best = faces[0][1]
    second = next((other for _, other in faces[1:]
                   if len(other.grid) >= SECOND_FACE and separate(best, other)), None)
    if second is not None:
        raise FaceNotFoundError(
            f"{source}: two faces in one photo (two separate 3x3 groups of pieces); "
            f"{TWO_FACES_ADVICE}",
            lattice_seen(best.hom, float(width)) + lattice_seen(second.hom, float(width)))
    return best
