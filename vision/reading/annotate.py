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
from .annotate_style import BLACK, CYAN, FONT, GREEN, MAGENTA, RED, WHITE, YELLOW, sizes, text_scale
from .faces import FaceReading

_ARROW = {0: (0, -1), 1: (1, 0), 2: (0, 1), 3: (-1, 0)}
"""Lattice direction (column, row) of a digit's top for each rotation (^ > v <)."""

OUTLINE = RED
GRID = CYAN
SURE = GREEN
DOUBTFUL = YELLOW
MISSING = MAGENTA
BLANK = WHITE
NO_DIGIT = "no digit"
"""The label of a sticker on which no digit was seen (:attr:`FaceReading.blank`): the
recognisers' guess there is no reading, and the terminal says so too."""

THIRD = 1 / 3
"""A sticker's marks lie on the thirds of its cell, like the cells on the face: the label
in the top third (its middle two thirds wide), the arrow one third long across the middle of
the bottom third, the ring of a sticker not seen around the middle third."""

LEGEND = (
    (OUTLINE, "red outline: the face found (its letter beside it on a corner photo)"),
    (GRID, "cyan lines: its 3x3 grid"),
    (SURE, "green: digit read, arrow = where its top points, score"),
    (DOUBTFUL, "yellow: doubtful; the runner-up in brackets"),
    (BLANK, f"white '{NO_DIGIT}': no digit seen on the sticker"),
    (MISSING, "magenta ring: sticker not seen, place inferred from the grid"),
)
"""Every mark the debug picture uses, in words (drawn as a legend)."""


def _pt(p: np.ndarray) -> tuple[int, int]:
    return int(round(float(p[0]))), int(round(float(p[1])))


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


def _file_scale(reading: FaceReading) -> float:
    """The photo file's pixels per pixel of the copy ``reading`` was read on."""
    return float(getattr(reading, "file_scale", 1.0) or 1.0)


def _outline(reading: FaceReading) -> np.ndarray:
    """The face's outline (its four corners) in the photo file's pixels."""
    return reading.geometry.quad * _file_scale(reading)


def _placer(reading: FaceReading):
    """Lattice (column, row) -> photo file pixels for this face."""
    k = _file_scale(reading)
    return lambda col, row: project(reading.geometry.homography,
                                    np.array([[col, row]], float))[0] * k


def cell_marks(reading: FaceReading, th: int = 1) -> list[CellMark]:
    """The marks of each sticker of a face: the arrow along the face's own axes as the photo
    shows them (none where no digit was seen), the label in the cell's upper band sized to
    fit inside the cell: the digit and its score, or on a doubtful sticker the digit and its
    runner-up (the score would shrink the label of the stickers a person has to check)."""
    at = _placer(reading)
    doubtful, blank = reading.doubtful, set(reading.blank)
    marks = []
    for i, hyps in enumerate(reading.candidates):
        col, row = i % 3, i // 3
        best = hyps[0]
        dx, dy = (0, 0) if i in blank else _ARROW[best.sticker.rot % 4]
        if i in blank:
            text = NO_DIGIT
        elif len(hyps) > 1 and i in doubtful:
            text = f"{best.sticker.digit} ({hyps[1].sticker.token})"
        else:
            text = f"{best.sticker.digit} {float(best.score or 0.0):.2f}"
        top, bottom = -0.5, -0.5 + THIRD
        band = np.array([at(col - THIRD, row + top), at(col + THIRD, row + top),
                         at(col - THIRD, row + bottom), at(col + THIRD, row + bottom)])
        lo, hi = band.min(axis=0), band.max(axis=0)
        # the largest text inside the band's inner rectangle (the band is a parallelogram)
        inner_w = float(min(np.linalg.norm(band[1] - band[0]), hi[0] - lo[0]))
        inner_h = float(min(np.linalg.norm(band[2] - band[0]), hi[1] - lo[1]))
        scale = text_scale(text, inner_w, inner_h, th)
        (w, h), base = cv2.getTextSize(text, FONT, scale, th)
        mid = band.mean(axis=0)
        box = (int(mid[0] - w / 2), int(mid[1] - (h + base) / 2), int(w), int(h + base))
        cell_w = float(np.linalg.norm(at(col + 0.5, row) - at(col - 0.5, row)))
        cell_h = float(np.linalg.norm(at(col, row + 0.5) - at(col, row - 0.5)))
        half = THIRD / 2
        marks.append(CellMark(_pt(at(col - half * dx, row + THIRD - half * dy)),
                              _pt(at(col + half * dx, row + THIRD + half * dy)), text, box, scale,
                              BLANK if i in blank else DOUBTFUL if i in doubtful else SURE,
                              bool(reading.geometry.found[i]), _pt(at(col, row)),
                              max(3, int(half * min(cell_w, cell_h)))))
    return marks


def _draw_face(out: np.ndarray, reading: FaceReading, th: int) -> set[tuple[int, int, int]]:
    """One face's marks onto ``out`` (the photo file's pixels); the colours of the marks
    drawn (the legend's rows)."""
    at = _placer(reading)
    cv2.polylines(out, [_outline(reading).astype(np.int32)], True, OUTLINE, th + 1,
                  cv2.LINE_AA)
    # the lines between the three rows and columns of cells (at 0..2), from edge to edge
    first, last = -0.5, 2 + 0.5
    for g in (c + 0.5 for c in range(2)):
        cv2.line(out, _pt(at(g, first)), _pt(at(g, last)), GRID, th, cv2.LINE_AA)
        cv2.line(out, _pt(at(first, g)), _pt(at(last, g)), GRID, th, cv2.LINE_AA)
    lw = max(1, th - 1)
    marks = cell_marks(reading, lw)
    for m in marks:
        if m.start != m.tip:
            cv2.arrowedLine(out, m.start, m.tip, m.colour, th + 1, cv2.LINE_AA, tipLength=0.5)
        x, y, w, h = m.box
        org = (x, y + h - cv2.getTextSize(m.text, FONT, m.scale, lw)[1])
        cv2.putText(out, m.text, org, FONT, m.scale, BLACK, lw + 1, cv2.LINE_AA)
        cv2.putText(out, m.text, org, FONT, m.scale, m.colour, lw, cv2.LINE_AA)
        if not m.seen:
            cv2.circle(out, m.centre, m.ring, MISSING, th, cv2.LINE_AA)
    return {OUTLINE, GRID} | {m.colour for m in marks} | \
        ({MISSING} if not all(m.seen for m in marks) else set())


def _legend(out: np.ndarray, faces: np.ndarray,
            used: set[tuple[int, int, int]] | None = None) -> np.ndarray:
    """The picture with the legend of the marks it uses (``used``: their colours; every row
    of :data:`LEGEND` where None) on a white panel, in a corner of the picture where it
    hides none of the faces (``faces``: their mask), else on a white band added below it:
    a face that fills the photo keeps every sticker in view. Its sizes follow the picture's
    (:func:`.annotate_style.sizes`): a row of text, a third of a row between the panel's edge,
    a row's colour swatch and its text, a quarter of a row from the picture's edge."""
    rows = [(colour, text) for colour, text in LEGEND if used is None or colour in used]
    h, w = out.shape[:2]
    size = sizes(out.shape)
    row, gap, margin = size.row, size.row // 3, size.row // 4
    swatch = row // 2
    # a row: a gap, the colour swatch, a gap, the text, half a line's room after it
    width = max((cv2.getTextSize(text, FONT, size.font, 1)[0][0] for _, text in rows),
                default=0) + row + 2 * gap
    pw, ph = min(w - 2 * margin, width + margin), row * len(rows) + margin + gap
    free = [p for p in _corners(w, h, pw, ph, margin)
            if not faces[max(0, p[1]):p[1] + ph, max(0, p[0]):p[0] + pw].any()]
    if free:
        x0, y0 = free[0]
    else:  # every corner would hide a face: a band below the photo
        out = cv2.copyMakeBorder(out, 0, ph + 2 * margin, 0, 0, cv2.BORDER_CONSTANT, value=WHITE)
        x0, y0 = margin, h + margin
    cv2.rectangle(out, (x0, y0), (x0 + pw, y0 + ph), WHITE, -1)
    for k, (colour, text) in enumerate(rows):
        y = y0 + margin + k * row + row // 2
        cv2.rectangle(out, (x0 + gap, y - row // 4), (x0 + gap + swatch, y + row // 4),
                      colour, -1)
        cv2.rectangle(out, (x0 + gap, y - row // 4), (x0 + gap + swatch, y + row // 4),
                      BLACK, 1)  # a white swatch on the white panel
        cv2.putText(out, text, (x0 + 2 * gap + swatch, y + row // 4), FONT, size.font, BLACK, 1,
                    cv2.LINE_AA)
    return out


def _corners(w: int, h: int, pw: int, ph: int, m: int) -> list[tuple[int, int]]:
    """Top-left points of a ``pw`` x ``ph`` panel in each corner of a ``w`` x ``h`` picture
    (``m`` from its edges), bottom left first (where the legend goes when every corner is as
    good)."""
    return [(m, h - m - ph), (w - m - pw, h - m - ph), (m, m), (w - m - pw, m)]


def _face_mask(shape: tuple[int, ...], readings: Sequence[FaceReading]) -> np.ndarray:
    """Where the faces lie in the picture (their outlines filled), in the file's pixels."""
    mask = np.zeros(shape[:2], np.uint8)
    for r in readings:
        cv2.fillPoly(mask, [_outline(r).astype(np.int32)], 255)
    return mask


def annotate_photo(image: np.ndarray, readings: Sequence[FaceReading]) -> np.ndarray:
    """A copy of one photo with every face read from it drawn on it, and the legend; where it
    shows several (a corner photo), each face's letter beside it (:func:`_name_faces`)."""
    out = image.copy()
    th = sizes(out.shape).line
    used = set().union(*(_draw_face(out, reading, th) for reading in readings))
    if len(readings) > 1:
        _name_faces(out, readings, th)
    return _legend(out, _face_mask(out.shape, readings), used)


def _name_faces(out: np.ndarray, readings: Sequence[FaceReading], th: int) -> None:
    """Each face's letter (U, F, R ...) just outside its outline, on the side away from the
    other faces (from the faces' common middle through the face's own): a person sees which
    face of a corner photo was taken for which."""
    quads = [_outline(r) for r in readings]
    polygons = [q.astype(np.float32).reshape(-1, 1, 2) for q in quads]
    middles = [q.mean(axis=0) for q in quads]
    common = np.mean(middles, axis=0)
    scale = 2 * sizes(out.shape).font
    for r, middle in zip(readings, middles):
        if not r.face:
            continue
        away = middle - common
        length = float(np.linalg.norm(away))
        # a face in the faces' middle (none of a real corner photo): its letter goes above it
        away = away / length if length >= 1 else np.array([0.0, -1.0])
        (w, h), base = cv2.getTextSize(r.face, FONT, scale, th + 1)
        w, h = w + 2 * (th + 3), h + base + 2 * (th + 3)  # with its dark edge all round
        at = _clear_of(polygons, middle, away, (w, h), out.shape)
        org = (int(at[0] - w / 2 + th + 3), int(at[1] + h / 2 - th - 3 - base))
        cv2.putText(out, r.face, org, FONT, scale, BLACK, th + 3, cv2.LINE_AA)
        cv2.putText(out, r.face, org, FONT, scale, OUTLINE, th + 1, cv2.LINE_AA)


def _clear_of(polygons: Sequence[np.ndarray], start: np.ndarray, away: np.ndarray,
              box: tuple[int, int], shape: tuple[int, ...]) -> np.ndarray:
    """Where a ``box`` (width, height) centred there first clears every polygon (its corners
    and the middles of its sides outside them all), stepping a pixel at a time from ``start``
    along ``away``; where it leaves a picture of ``shape`` first, there."""
    w, h = box
    at = start.copy()
    for _ in range(sum(shape[:2])):
        if not (0 <= at[0] < shape[1] and 0 <= at[1] < shape[0]):
            break
        at = at + away
        points = [(float(at[0] + dx * w / 2), float(at[1] + dy * h / 2))
                  for dx in (-1, 0, 1) for dy in (-1, 0, 1)]
        if not any(cv2.pointPolygonTest(poly, pt, False) >= 0
                   for pt in points for poly in polygons):
            break
    return at


def annotate(image: np.ndarray, reading: FaceReading) -> np.ndarray:
    """A copy of the photo with one face's reading drawn on it (green: sure, yellow: doubtful,
    white: no digit seen)."""
    return annotate_photo(image, [reading])
