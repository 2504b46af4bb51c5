"""Flat pictures of one cube face: black body, dark gaps, rounded stickers, printed digits.

A texture is an RGB float32 array in [0, 1], square, covering the whole face of the cube
(body border included), drawn in the face's net view: its top is the face's view-up
(docs/conventions.md "Seeing a face"). Digits are drawn turned ``rot`` quarter turns clockwise, as
a token says; ``6`` and ``9`` carry an underline below the digit, as real cubes print them.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import cv2
import numpy as np
from PIL import Image, ImageDraw

from ..models.cube.stickers import Sticker
from .fonts import load_font

PALETTE = {
    "U": (0.93, 0.93, 0.90), "R": (0.78, 0.08, 0.10), "F": (0.00, 0.60, 0.28),
    "D": (1.00, 0.84, 0.00), "L": (1.00, 0.42, 0.02), "B": (0.02, 0.30, 0.72),
}
"""Sticker colours of the coloured style (RGB), by the face a sticker belongs to when solved."""

WHITE = (0.94, 0.94, 0.92)
INK = (0.05, 0.05, 0.06)
BODY = (0.07, 0.07, 0.08)
WHITE_INK = (0.93, 0.93, 0.91)
DARK_GREY = (0.23, 0.23, 0.235)
"""The stickers of the black Sudoku Cube: dark grey, printed in white."""
BAR = (0.10, 0.09, 0.12)
"""The 6/9 underline: gap below the glyph and thickness (shares of its height), inset from
each side (share of its width)."""
BLANK = -1
"""The digit of a sticker left without print (a blank sticker, as a digit worn or painted off
shows it): no cube prints it, so it names no sticker of a puzzle; the cell model's training
photos hold some (``tools.cell_samples``)."""


@cache
def glyph_mask(font: str, cell: int, digit: int, underline: bool = True,
               bar: tuple[float, float, float] | None = None, share: float = 0.66
               ) -> np.ndarray:
    """Ink coverage (float32 0-1, ``cell`` x ``cell``) of an upright digit centred in a sticker.

    The font size is ``share`` of the cell (the default makes the digit about 62% of a
    sticker place high, as cube prints have it; the terminal's held picture, whose cell is the
    sticker alone, asks for the HTML export's larger share); 6 and 9 get an underline below
    the glyph, shaped by ``bar`` = (gap, thickness, inset): gap and thickness as shares of the
    glyph's height, the inset from each side as a share of its width (default :data:`BAR`).
    Labels 10-15 (4x4x4 cubes) print as hex letters A-F.
    """
    text = str(digit) if digit < 10 else format(digit, "X")
    size = max(8, int(cell * share))
    f = load_font(font, size)
    canvas = Image.new("L", (cell * 2, cell * 2), 0)
    draw = ImageDraw.Draw(canvas)
    draw.text((cell, cell), text, font=f, fill=255, anchor="mm")
    arr = np.asarray(canvas, dtype=np.float32) / 255.0
    ys, xs = np.nonzero(arr > 0.1)
    if len(ys) == 0:
        return np.zeros((cell, cell), np.float32)
    top, bottom, left, right = ys.min(), ys.max(), xs.min(), xs.max()
    if underline and digit in (6, 9):
        h, w = bottom - top, right - left
        gap, thick, inset = bar or BAR
        bar_top = bottom + max(2, int(h * gap))
        bar_h = max(2, int(h * thick))
        bl = left + int(w * inset)
        br = right - int(w * inset)
        arr[bar_top:bar_top + bar_h, bl:br + 1] = 1.0
        bottom = bar_top + bar_h
    cy, cx = (top + bottom) // 2, (left + right) // 2
    half = cell // 2
    out = arr[cy - half:cy - half + cell, cx - half:cx - half + cell]
    return np.ascontiguousarray(out)


def _rounded_mask(cell: int, margin: float, radius: float) -> np.ndarray:
    """A rounded square (float 0-1, anti-aliased) filling a cell minus ``margin`` pixels."""
    ss = 4
    img = Image.new("L", (cell * ss, cell * ss), 0)
    ImageDraw.Draw(img).rounded_rectangle(
        (margin * ss, margin * ss, (cell - margin) * ss - 1, (cell - margin) * ss - 1),
        radius=radius * ss, fill=255)
    img = img.resize((cell, cell), Image.Resampling.BOX)
    return np.asarray(img, dtype=np.float32) / 255.0


@cache
def sticker_shape(cell: int, margin_frac: float = 0.055, radius_frac: float = 0.13) -> np.ndarray:
    """Cached rounded-square mask of one sticker."""
    return _rounded_mask(cell, cell * margin_frac, cell * radius_frac)


@dataclass(frozen=True)
class Finish:
    """How a cube's body and stickers are made, apart from colours and ink: the body colour,
    the sticker's margin and corner radius (shares of a sticker place), the strength of a
    faint swirl pattern printed on the stickers and of a thin light rim along their edge
    (0: none). The plain finish is the one of white and coloured cubes; the black Sudoku
    Cube has almost borderless dark grey stickers with a swirl print and a worn light rim."""

    body: tuple[float, float, float] = BODY
    margin: float = 0.055
    radius: float = 0.13
    swirl: float = 0.0
    rim: float = 0.0


PLAIN = Finish()
BLACK_CUBE = Finish(body=(0.025, 0.025, 0.03), margin=0.035, radius=0.09, swirl=0.05, rim=0.12)


def swirl_pattern(cell: int, rng: np.random.Generator) -> np.ndarray:
    """Faint curved strokes (float32 0-1, ``cell`` x ``cell``) like the swirl print of the
    black cube's stickers: a few long elliptic arcs, softened."""
    img = Image.new("L", (cell, cell), 0)
    draw = ImageDraw.Draw(img)
    for _ in range(int(rng.integers(4, 9))):
        cx, cy = rng.uniform(-0.5, 1.5, 2) * cell
        rx, ry = rng.uniform(0.4, 1.2, 2) * cell
        start = float(rng.uniform(0, 360))
        draw.arc((cx - rx, cy - ry, cx + rx, cy + ry), start, start + float(rng.uniform(40, 160)),
                 fill=int(rng.integers(120, 256)), width=max(1, cell // 70))
    arr = np.asarray(img, np.float32) / 255.0
    return cv2.GaussianBlur(arr, (0, 0), max(0.6, cell / 160))


@cache
def rim_mask(cell: int, margin_frac: float, radius_frac: float) -> np.ndarray:
    """A thin band (float 0-1) just inside a sticker's outline."""
    outer = sticker_shape(cell, margin_frac, radius_frac)
    inner = sticker_shape(cell, margin_frac + 0.012, max(0.0, radius_frac - 0.01))
    return np.clip(outer - inner, 0, 1)


def ink_for(colour, light_ink_on_dark: bool) -> tuple[float, float, float]:
    """The ink a sticker of this colour is printed in: black, or (``light_ink_on_dark``) white
    on a dark colour (relative luminance below 0.28: red, green, blue, dark grey; not orange,
    yellow, white)."""
    if not light_ink_on_dark:
        return INK
    r, g, b = (c ** 2.2 for c in colour)
    return WHITE_INK if 0.2126 * r + 0.7152 * g + 0.0722 * b < 0.28 else INK


def face_texture(stickers: list[Sticker] | tuple[Sticker, ...], cell: int, font: str,
                 colours: list[tuple[float, float, float]] | None = None,
                 rng: np.random.Generator | None = None, ink=INK,
                 underline_69: bool = True,
                 bar: tuple[float, float, float] | None = None,
                 inks: list[tuple[float, float, float]] | None = None,
                 finish: Finish = PLAIN) -> np.ndarray:
    """The texture of a face of n x n stickers, ``cell`` pixels per sticker place.

    A sticker of digit :data:`BLANK` is left without print. ``colours`` gives each sticker's
    RGB colour (default white), ``inks`` each sticker's ink (default ``ink``, black);
    ``finish`` the body and sticker make (:class:`Finish`); ``rng``
    adds small per-sticker brightness differences and print offsets like a real, slightly
    worn cube (and the swirl print of a finish that has one).
    """
    n = int(round(len(stickers) ** 0.5))
    size = n * cell
    tex = np.empty((size, size, 3), np.float32)
    tex[:] = finish.body
    shape = sticker_shape(cell, finish.margin, finish.radius)[..., None]
    rim = rim_mask(cell, finish.margin, finish.radius)[..., None] if finish.rim else None
    for i, s in enumerate(stickers):
        r, c = divmod(i, n)
        colour = np.array(colours[i] if colours else WHITE, np.float32)
        if rng is not None:
            colour = np.clip(colour * rng.uniform(0.94, 1.03), 0, 1)
        paper = np.broadcast_to(colour, (cell, cell, 3))
        if finish.swirl and rng is not None:
            paper = paper + finish.swirl * swirl_pattern(cell, rng)[..., None]
        if rim is not None:
            paper = paper * (1 - rim) + (colour + finish.rim) * rim
        glyph = (np.zeros((cell, cell), np.float32) if s.digit == BLANK
                 else glyph_mask(font, cell, s.digit, underline_69, bar))
        if rng is not None:  # small print offset
            dy, dx = rng.integers(-cell // 40 - 1, cell // 40 + 2, size=2)
            glyph = np.roll(glyph, (int(dy), int(dx)), axis=(0, 1))
        glyph = np.rot90(glyph, k=-(s.rot % 4))[..., None]  # clockwise quarter turns
        sticker = paper * (1 - glyph) + np.array(inks[i] if inks else ink, np.float32) * glyph
        block = tex[r * cell:(r + 1) * cell, c * cell:(c + 1) * cell]
        block[:] = block * (1 - shape) + sticker * shape
    return tex
