"""Debug pictures of a reading: the face outline, the cell grid, and each digit read with an
arrow (where its top points, along the face's own axes as the photo shows them) and its
confidence, with a legend that explains every mark, so a person sees at a glance what was read.

A corner photo shows three faces: :func:`annotate_photo` draws all the faces read from one
photo on one picture. Labels are sized to their cell, so they never run into each other.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

import cv2
import numpy as np

from ..locate.detect import project
from .faces import FaceReading

_ARROW = {0: (0, -1), 1: (1, 0), 2: (0, 1), 3: (-1, 0)}
"""Lattice direction (column, row) of a digit's top for each rotation (^ > v <)."""

OUTLINE = (0, 0, 255)
GRID = (255, 160, 0)
SURE = (0, 190, 0)
DOUBTFUL = (0, 140, 255)
MISSING = (255, 0, 255)

LABEL_BAND = (-0.42, -0.12)
"""Where a sticker's label goes, in cells from the cell's centre: the band from 0.42 to 0.12
above it, and as far either side of the centre as the band's top is above it."""
ARROW_AT = (0.18, 0.05, 0.25)
"""Where a sticker's arrow goes, in cells: its line lies this far below the cell's centre,
starting this far behind the centre and reaching this far ahead of it, along the digit's top."""

LEGEND = (
    (OUTLINE, "red outline: the face found"),
    (GRID, "blue lines: its 3x3 grid"),
    (SURE, "green: digit read, arrow = where its top points, score"),
    (DOUBTFUL, "orange: doubtful; the runner-up in brackets"),
    (MISSING, "magenta ring: sticker not seen, place inferred from the grid"),
)
"""Every mark the debug picture uses, in words (drawn as a legend)."""


def _pt(p: np.ndarray) -> tuple[int, int]:
    return int(round(float(p[0]))), int(round(float(p[1])))


def line_width(shape: tuple[int, ...]) -> int:
    """Pixels of a debug picture's lines: one per 500 pixels of the photo's longer side, so
    marks stay visible on a large photo (one at least)."""
    return max(1, round(max(shape[:2]) / 500))


def _text_scale(text: str, width: float, height: float, thickness: int) -> float:
    """The Hershey font scale at which ``text`` fits ``width`` x ``height`` pixels."""
    (w, h), _ = cv2.getTextSize(text, cv2.FONT_HERSHEY_SIMPLEX, 1.0, thickness)
    return max(0.25, min(width / max(w, 1), height / max(h, 1)))


@dataclass(frozen=True)
class CellMark:
    """What is drawn for one sticker: its arrow, its label and the label's box (x, y, w, h) in
    the photo file's pixels, the colour, and whether the sticker was seen."""

    start: tuple[int, int]
    tip: tuple[int, int]
    text: str
    box: tuple[int, int, int, int]
    scale: float
    colour: tuple[int, int, int]
    seen: bool
    centre: tuple[int, int]
    ring: int


def _placer(reading: FaceReading):
    """Lattice (column, row) -> photo file pixels for this face."""
    k = float(getattr(reading, "file_scale", 1.0) or 1.0)
    return lambda col, row: project(reading.geometry.homography,
                                    np.array([[col, row]], float))[0] * k


def cell_marks(reading: FaceReading, th: int = 1) -> list[CellMark]:
    """The marks of each sticker of a face: the arrow along the face's own axes as the photo
    shows them, the label in the cell's upper band sized to fit inside the cell."""
    at = _placer(reading)
    doubtful = reading.doubtful
    marks = []
    for i, hyps in enumerate(reading.candidates):
        col, row = i % 3, i // 3
        best = hyps[0]
        dx, dy = _ARROW[best.sticker.rot % 4]
        text = f"{best.sticker.digit} {float(best.score or 0.0):.2f}"
        if len(hyps) > 1 and i in doubtful:
            text += f" ({hyps[1].sticker.token})"
        top, bottom = LABEL_BAND
        band = np.array([at(col + top, row + top), at(col - top, row + top),
                         at(col + top, row + bottom), at(col - top, row + bottom)])
        lo, hi = band.min(axis=0), band.max(axis=0)
        # the largest text inside the band's inner rectangle (the band is a parallelogram)
        inner_w = float(min(np.linalg.norm(band[1] - band[0]), hi[0] - lo[0]))
        inner_h = float(min(np.linalg.norm(band[2] - band[0]), hi[1] - lo[1]))
        scale = _text_scale(text, 0.9 * inner_w, 0.8 * inner_h, th)
        (w, h), base = cv2.getTextSize(text, cv2.FONT_HERSHEY_SIMPLEX, scale, th)
        mid = band.mean(axis=0)
        box = (int(mid[0] - w / 2), int(mid[1] - (h + base) / 2), int(w), int(h + base))
        cell_w = float(np.linalg.norm(at(col + 0.5, row) - at(col - 0.5, row)))
        cell_h = float(np.linalg.norm(at(col, row + 0.5) - at(col, row - 0.5)))
        # the arrow below the label band: from the cell's lower middle, a quarter cell long
        below, behind, ahead = ARROW_AT
        marks.append(CellMark(_pt(at(col - behind * dx, row + below - behind * dy)),
                              _pt(at(col + ahead * dx, row + below + ahead * dy)), text, box, scale,
                              DOUBTFUL if i in doubtful else SURE,
                              bool(reading.geometry.found[i]), _pt(at(col, row + 0.12)),
                              max(3, int(0.12 * min(cell_w, cell_h)))))
    return marks


def _draw_face(out: np.ndarray, reading: FaceReading, th: int) -> None:
    """One face's marks onto ``out`` (the photo file's pixels)."""
    at = _placer(reading)
    k = float(getattr(reading, "file_scale", 1.0) or 1.0)
    cv2.polylines(out, [(reading.geometry.quad * k).astype(np.int32)], True, OUTLINE, th + 1,
                  cv2.LINE_AA)
    # the lines between the three rows and columns of cells (at 0..2), from edge to edge
    first, last = -0.5, 2 + 0.5
    for g in (c + 0.5 for c in range(2)):
        cv2.line(out, _pt(at(g, first)), _pt(at(g, last)), GRID, th, cv2.LINE_AA)
        cv2.line(out, _pt(at(first, g)), _pt(at(last, g)), GRID, th, cv2.LINE_AA)
    lw = max(1, th - 1)
    for m in cell_marks(reading, lw):
        cv2.arrowedLine(out, m.start, m.tip, m.colour, th + 1, cv2.LINE_AA, tipLength=0.35)
        x, y, w, h = m.box
        org = (x, y + h - cv2.getTextSize(m.text, cv2.FONT_HERSHEY_SIMPLEX, m.scale, lw)[1])
        cv2.putText(out, m.text, org, cv2.FONT_HERSHEY_SIMPLEX, m.scale, (0, 0, 0), lw + 2,
                    cv2.LINE_AA)
        cv2.putText(out, m.text, org, cv2.FONT_HERSHEY_SIMPLEX, m.scale, m.colour, lw,
                    cv2.LINE_AA)
        if not m.seen:
            cv2.circle(out, m.centre, m.ring, MISSING, th, cv2.LINE_AA)


def _legend(out: np.ndarray, faces: np.ndarray) -> np.ndarray:
    """The picture with the legend on a white panel, in a corner of the picture where it
    hides none of the faces (``faces``: their mask), else on a white band added below it:
    a face that fills the photo keeps every sticker in view."""
    h, w = out.shape[:2]
    line_h = max(14, h // 34)
    scale = _text_scale("M" * 40, 0.55 * w, 0.62 * line_h, 1)
    swatch = line_h // 2
    # a row: a gap, the colour swatch, a gap, the text, half a line's room after it
    width = max(cv2.getTextSize(text, cv2.FONT_HERSHEY_SIMPLEX, scale, 1)[0][0]
                for _, text in LEGEND) + line_h + 2 * GAP
    pw, ph = min(w - 2 * MARGIN, width + MARGIN), line_h * len(LEGEND) + MARGIN + GAP
    free = [p for p in _corners(w, h, pw, ph)
            if not faces[max(0, p[1]):p[1] + ph, max(0, p[0]):p[0] + pw].any()]
    if free:
        x0, y0 = free[0]
    else:  # every corner would hide a face: a band below the photo
        out = cv2.copyMakeBorder(out, 0, ph + 2 * MARGIN, 0, 0, cv2.BORDER_CONSTANT,
                                 value=(255, 255, 255))
        x0, y0 = MARGIN, h + MARGIN
    cv2.rectangle(out, (x0, y0), (x0 + pw, y0 + ph), (255, 255, 255), -1)
    for k, (colour, text) in enumerate(LEGEND):
        y = y0 + MARGIN + k * line_h + line_h // 2
        cv2.rectangle(out, (x0 + GAP, y - line_h // 4), (x0 + GAP + swatch, y + line_h // 4),
                      colour, -1)
        cv2.putText(out, text, (x0 + 2 * GAP + swatch, y + line_h // 4),
                    cv2.FONT_HERSHEY_SIMPLEX, scale, (0, 0, 0), 1, cv2.LINE_AA)
    return out


MARGIN = 4
"""Pixels between the legend's panel and the picture's edge, and above its first row."""
GAP = 6
"""Pixels between the panel's edge, a row's colour swatch and its text, and below the last row."""


def _corners(w: int, h: int, pw: int, ph: int) -> list[tuple[int, int]]:
    """Top-left points of a ``pw`` x ``ph`` panel in each corner of a ``w`` x ``h`` picture
    (:data:`MARGIN` from its edges), bottom left first (where the legend goes when every
    corner is as good)."""
    m = MARGIN
    return [(m, h - m - ph), (w - m - pw, h - m - ph), (m, m), (w - m - pw, m)]


def _face_mask(shape: tuple[int, ...], readings: Sequence[FaceReading]) -> np.ndarray:
    """Where the faces lie in the picture (their outlines filled), in the file's pixels."""
    mask = np.zeros(shape[:2], np.uint8)
    for r in readings:
        k = float(getattr(r, "file_scale", 1.0) or 1.0)
        cv2.fillPoly(mask, [(r.geometry.quad * k).astype(np.int32)], 255)
    return mask


def annotate_photo(image: np.ndarray, readings: Sequence[FaceReading]) -> np.ndarray:
    """A copy of one photo with every face read from it drawn on it, and the legend."""
    out = image.copy()
    th = line_width(out.shape)
    for reading in readings:
        _draw_face(out, reading, th)
    return _legend(out, _face_mask(out.shape, readings))


def annotate(image: np.ndarray, reading: FaceReading) -> np.ndarray:
    """A copy of the photo with one face's reading drawn on it (green: sure, orange: doubtful)."""
    return annotate_photo(image, [reading])
