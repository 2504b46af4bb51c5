"""Drawing for the live windows (scan and the guide's watch mode): a canvas of a fixed size on
which the camera picture, the located faces, nets of digits and large text are drawn.

Shapes are drawn with OpenCV as they come; text is queued and drawn last with a TrueType font
(Pillow), so that words are large, smooth and may hold characters such as ✓ and the prime ′.
Everything here is pure drawing: a function of its arguments, with no window and no camera.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import Mapping, Sequence

import cv2
import numpy as np
from PIL import Image, ImageDraw, ImageFont

from ...models.cube.stickers import Sticker
from ...render.fonts import available_fonts

SIZE = (1280, 720)
"""The live windows' pictures, width by height in pixels (a window may be resized)."""

Colour = tuple[int, int, int]
"""A colour as (blue, green, red), as OpenCV takes it."""

BACKGROUND: Colour = (32, 28, 26)
WHITE: Colour = (245, 245, 245)
GREY: Colour = (120, 120, 120)
YELLOW: Colour = (40, 215, 255)
GREEN: Colour = (80, 200, 60)
RED: Colour = (60, 60, 230)
CYAN: Colour = (230, 200, 60)
ORANGE: Colour = (40, 140, 250)

NET_LAYOUT = {"U": (0, 1), "L": (1, 0), "F": (1, 1), "R": (1, 2), "B": (1, 3), "D": (2, 1)}
"""(net row, net column) of each face, in faces (docs/conventions.md: the cross, U above F)."""


@dataclass(frozen=True)
class Box:
    """A rectangle of the canvas: left, top, width, height in pixels."""

    x: int
    y: int
    w: int
    h: int


@cache
def _font(size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(available_fonts()[0]), size)


def text_width(text: str, size: int) -> int:
    """Width in pixels of ``text`` drawn at ``size``."""
    return int(_font(size).getlength(text))


def fitting_size(text: str, size: int, width: int, min_size: int = 12) -> int:
    """The largest font size up to ``size`` (not below ``min_size``) at which ``text`` is no
    wider than ``width`` pixels on one line."""
    while size > min_size and text_width(text, size) > width:
        size -= 1
    return size


def wrap(text: str, size: int, width: int) -> list[str]:
    """``text`` broken between words into lines no wider than ``width`` pixels at ``size``."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        candidate = f"{line} {word}".strip()
        if line and text_width(candidate, size) > width:
            lines.append(line)
            line = word
        else:
            line = candidate
    if line:
        lines.append(line)
    return lines


@dataclass
class Canvas:
    """A BGR picture being composed; :meth:`picture` draws the queued text and returns it."""

    w: int
    h: int
    image: np.ndarray = field(init=False)
    _texts: list[tuple[int, int, str, int, Colour, str]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.image = np.empty((self.h, self.w, 3), np.uint8)
        self.image[:] = BACKGROUND

    def rect(self, box: Box, colour: Colour, thickness: int = -1) -> None:
        """A filled rectangle (or its outline, ``thickness`` pixels wide)."""
        cv2.rectangle(self.image, (box.x, box.y), (box.x + box.w - 1, box.y + box.h - 1),
                      colour, thickness, cv2.LINE_AA)

    def text(self, x: int, y: int, text: str, size: int, colour: Colour = WHITE,
             anchor: str = "la") -> None:
        """Queue ``text`` at (x, y): ``anchor`` as Pillow's ('la' left-top, 'mm' centre)."""
        self._texts.append((x, y, text, size, colour, anchor))

    def line(self, x: int, y: int, text: str, size: int, width: int, colour: Colour = WHITE,
             anchor: str = "la", min_size: int = 12) -> int:
        """Queue ``text`` on one line as :meth:`text` does, its font shrunk from ``size`` (not
        below ``min_size``) until it is no wider than ``width`` pixels (a face's name can be
        long: 'the bottom face (D, centre 6, upright)'); returns the size drawn."""
        size = fitting_size(text, size, width, min_size)
        self.text(x, y, text, size, colour, anchor)
        return size

    def paragraph(self, box: Box, text: str, size: int, colour: Colour = WHITE,
                  min_size: int = 14) -> int:
        """``text`` wrapped into ``box``, shrunk (not below ``min_size``) until it fits;
        returns the height used."""
        while True:
            lines = wrap(text, size, box.w)
            step = int(size * 1.25)
            if step * len(lines) <= box.h or size <= min_size:
                break
            size -= 2
        for k, line in enumerate(lines[:max(1, box.h // step)]):
            self.text(box.x, box.y + k * step, line, size, colour)
        return min(len(lines), max(1, box.h // step)) * step

    def paste(self, picture: np.ndarray, box: Box) -> tuple[float, int, int]:
        """``picture`` scaled to fit ``box`` (aspect kept), centred in it; returns the scale
        and the top-left corner where it landed (to map points of the picture)."""
        ph, pw = picture.shape[:2]
        scale = min(box.w / pw, box.h / ph)
        w, h = max(1, int(pw * scale)), max(1, int(ph * scale))
        x, y = box.x + (box.w - w) // 2, box.y + (box.h - h) // 2
        interp = cv2.INTER_LINEAR if scale > 1 else cv2.INTER_AREA
        self.image[y:y + h, x:x + w] = cv2.resize(picture, (w, h), interpolation=interp)
        return scale, x, y

    def picture(self) -> np.ndarray:
        """The composed picture, text drawn."""
        if not self._texts:
            return self.image
        rgb = Image.fromarray(cv2.cvtColor(self.image, cv2.COLOR_BGR2RGB))
        draw = ImageDraw.Draw(rgb)
        for x, y, text, size, (b, g, r), anchor in self._texts:
            draw.text((x, y), text, font=_font(size), fill=(r, g, b), anchor=anchor,
                      stroke_width=max(1, size // 14), stroke_fill=(0, 0, 0))
        self._texts.clear()
        self.image = cv2.cvtColor(np.asarray(rgb), cv2.COLOR_RGB2BGR)
        return self.image


def lattice(canvas: Canvas, quad: np.ndarray, colour: Colour, thickness: int) -> None:
    """A face's outline and the lines between its 3x3 stickers, ``quad`` in canvas pixels
    (top-left, top-right, bottom-right, bottom-left)."""
    q = np.asarray(quad, np.float64).reshape(4, 2)
    for k in (1, 2):
        t = k / 3
        for a, b in (((q[0], q[1]), (q[3], q[2])), ((q[0], q[3]), (q[1], q[2]))):
            p = a[0] * (1 - t) + a[1] * t
            r = b[0] * (1 - t) + b[1] * t
            cv2.line(canvas.image, tuple(np.round(p).astype(int)), tuple(np.round(r).astype(int)),
                     colour, max(1, thickness // 2), cv2.LINE_AA)
    cv2.polylines(canvas.image, [np.round(q).astype(np.int32)], True, colour, thickness,
                  cv2.LINE_AA)


def sticker_centres(quad: np.ndarray, n: int = 3) -> list[tuple[float, float]]:
    """Image points of the n*n sticker centres of a face whose corners are ``quad``
    (top-left, top-right, bottom-right, bottom-left), by bilinear interpolation."""
    q = np.asarray(quad, dtype=float).reshape(4, 2)
    out = []
    for r in range(n):
        v = (r + 0.5) / n
        for c in range(n):
            u = (c + 0.5) / n
            top = q[0] * (1 - u) + q[1] * u
            bottom = q[3] * (1 - u) + q[2] * u
            p = top * (1 - v) + bottom * v
            out.append((float(p[0]), float(p[1])))
    return out


def net_box(area: Box) -> tuple[int, int, int]:
    """The sticker size and the top-left corner of the largest net (4 faces by 3) in
    ``area``."""
    cell = max(4, min(area.w // 12, area.h // 9))
    return cell, area.x + (area.w - 12 * cell) // 2, area.y + (area.h - 9 * cell) // 2


@cache
def _digit_mask(digit: int, rot: int, size: int) -> np.ndarray:
    """A ``size`` square mask of ``digit`` with a bar under it, turned ``rot`` quarter turns
    clockwise."""
    patch = Image.new("L", (size, size), 0)
    draw = ImageDraw.Draw(patch)
    draw.text((size // 2, int(size * 0.45)), str(digit), font=_font(max(6, int(size * 0.6))),
              fill=255, anchor="mm")
    bar = int(size * 0.78)
    draw.line((int(size * 0.35), bar, int(size * 0.65), bar), fill=255,
              width=max(1, size // 14))
    return np.asarray(patch.rotate(-90 * rot)) > 100


def sticker(canvas: Canvas, box: Box, s: Sticker, fill: Colour, ink: Colour) -> None:
    """One sticker: its digit turned as on the cube (``s.rot`` quarter turns clockwise) with a
    bar under it, so that a 6 and a 9 differ as they do on the cube."""
    canvas.rect(box, fill)
    mask = _digit_mask(s.digit, s.rot % 4, box.w)
    region = canvas.image[box.y:box.y + box.w, box.x:box.x + box.w]
    region[mask[:region.shape[0], :region.shape[1]]] = ink


def net(canvas: Canvas, area: Box, faces: Mapping[str, Sequence[Sticker]],
        mark: str | None = None, labels: Mapping[str, str] | None = None,
        mark_colour: Colour = YELLOW) -> Box:
    """The cube's net in ``area``: faces of ``faces`` drawn with their digits, the others as
    empty squares with their letter (or ``labels[face]``); ``mark`` outlined in
    ``mark_colour``.
    Returns the box of the whole net."""
    cell, x0, y0 = net_box(area)
    for face, (row, col) in NET_LAYOUT.items():
        fx, fy = x0 + col * 3 * cell, y0 + row * 3 * cell
        face_box = Box(fx, fy, 3 * cell, 3 * cell)
        stickers = faces.get(face)
        if stickers:
            for k, s in enumerate(stickers[:9]):
                sticker(canvas, Box(fx + (k % 3) * cell + 1, fy + (k // 3) * cell + 1,
                                    cell - 2, cell - 2), s, WHITE, (20, 20, 20))
        else:
            canvas.rect(face_box, (60, 56, 54))
            label = (labels or {}).get(face, face)
            canvas.text(fx + 3 * cell // 2, fy + 3 * cell // 2, label,
                        max(10, int(cell * (1.1 if len(label) < 3 else 0.5))),
                        mark_colour if face == mark else GREY, "mm")
        canvas.rect(face_box, mark_colour if face == mark else (90, 90, 90),
                    max(2, cell // 6) if face == mark else 1)
    return Box(x0, y0, 12 * cell, 9 * cell)
