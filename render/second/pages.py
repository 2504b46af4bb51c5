"""Printed A4 sheets a cube is put down on: a page of dense text, a page with a printed table
of figures, a puzzle-book page of sudoku grids (the everyday scenes of the exam).

A sheet is drawn once as a grey raster (:data:`PX` pixels per centimetre, white paper 1.0)
and sampled in perspective by :func:`sheet_surface`; beyond its edges lies a table.
"""
from __future__ import annotations

import random
import string

import cv2
import numpy as np
from PIL import Image, ImageDraw, ImageFont

PX = 40
"""Raster pixels per centimetre of a sheet."""

A4 = (21.0, 29.7)
"""A sheet's width and height in centimetres."""

PAGES = ("page-text", "page-table", "page-sudoku")
"""The kinds of printed sheet."""


def _words(rng: random.Random, n: int) -> str:
    return " ".join("".join(rng.choice(string.ascii_lowercase) for _ in range(rng.randint(1, 10)))
                    for _ in range(n))


def _font(font_file: str, cm: float) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(font_file, max(6, int(round(cm * PX))))


def _text(draw: ImageDraw.ImageDraw, rng: random.Random, font_file: str, box, line_cm: float,
          ink: int) -> None:
    """Paragraphs of words filling ``box`` (x0, y0, x1, y1 in pixels), lines ``line_cm``
    apart."""
    x0, y0, x1, y1 = box
    font = _font(font_file, line_cm * 0.62)
    step = line_cm * PX
    y = y0
    while y + step < y1:
        if rng.random() < 0.12:  # a paragraph break
            y += step
            continue
        words, x = _words(rng, 40).split(), x0 + (rng.uniform(0.5, 1.0) * PX if rng.random() < 0.1
                                                  else 0)
        for word in words:
            wide = font.getlength(word + " ")
            if x + wide > x1:
                break
            draw.text((x, y), word, fill=ink, font=font)
            x += wide
        y += step


def text_page(rng: random.Random, font_file: str) -> Image.Image:
    """A page of dense text: a heading, then one or two columns of paragraphs."""
    w, h = int(A4[0] * PX), int(A4[1] * PX)
    img = Image.new("L", (w, h), 255)
    draw = ImageDraw.Draw(img)
    ink = rng.randint(10, 60)
    m = int(rng.uniform(1.5, 2.5) * PX)
    draw.text((m, m), _words(rng, 4).title(), fill=ink, font=_font(font_file, 0.7))
    top = m + int(1.4 * PX)
    line = rng.uniform(0.42, 0.6)
    if rng.random() < 0.5:
        _text(draw, rng, font_file, (m, top, w - m, h - m), line, ink)
    else:
        gap = int(0.8 * PX)
        mid = w // 2
        _text(draw, rng, font_file, (m, top, mid - gap // 2, h - m), line, ink)
        _text(draw, rng, font_file, (mid + gap // 2, top, w - m, h - m), line, ink)
    return img


def _figure(rng: random.Random) -> str:
    kind = rng.random()
    if kind < 0.4:
        return f"{rng.uniform(0, 999):.2f}"
    if kind < 0.7:
        return str(rng.randint(0, 99999))
    return _words(rng, 1)


def table_page(rng: random.Random, font_file: str) -> Image.Image:
    """A page with a printed table of figures: ruled rows and columns, a shaded header, a
    line of text above and below."""
    w, h = int(A4[0] * PX), int(A4[1] * PX)
    img = Image.new("L", (w, h), 255)
    draw = ImageDraw.Draw(img)
    m = int(rng.uniform(1.5, 2.2) * PX)
    ink = rng.randint(10, 50)
    _text(draw, rng, font_file, (m, m, w - m, m + int(2.5 * PX)), 0.5, ink)
    top = m + int(3 * PX)
    cols = rng.randint(4, 7)
    row = rng.uniform(0.6, 1.0) * PX
    rows = int((h - m - top) / row) - 3
    widths = np.array([rng.uniform(1.0, 2.0) for _ in range(cols)])
    xs = m + np.concatenate([[0], np.cumsum(widths / widths.sum() * (w - 2 * m))])
    font = _font(font_file, row / PX * 0.45)
    line = rng.choice((1, 2))
    draw.rectangle([xs[0], top, xs[-1], top + row], fill=rng.randint(190, 225))
    for r in range(rows + 1):
        y = top + r * row
        draw.line([(xs[0], y), (xs[-1], y)], fill=ink, width=line * (2 if r in (0, 1) else 1))
        if r < rows:
            for c in range(cols):
                label = _words(rng, 1).title() if r == 0 else _figure(rng)
                draw.text((xs[c] + 0.2 * PX, y + row * 0.25), label, fill=ink, font=font)
    if rng.random() < 0.7:  # ruled columns too, or only rows
        for x in xs:
            draw.line([(x, top), (x, top + rows * row)], fill=ink, width=line)
    return img


def _grid(draw: ImageDraw.ImageDraw, rng: random.Random, font_file: str, x0: float, y0: float,
          side: float, ink: int) -> None:
    """A sudoku puzzle: 9 x 9 cells in thin lines, heavier lines round the 3 x 3 boxes, about
    a third of the cells given a digit."""
    cell = side / 9
    font = _font(font_file, cell / PX * 0.65)
    thin, thick = max(1, int(0.02 * PX)), max(2, int(0.07 * PX))
    for k in range(10):
        wd = thick if k % 3 == 0 else thin
        draw.line([(x0 + k * cell, y0), (x0 + k * cell, y0 + side)], fill=ink, width=wd)
        draw.line([(x0, y0 + k * cell), (x0 + side, y0 + k * cell)], fill=ink, width=wd)
    for r in range(9):
        for c in range(9):
            if rng.random() < 0.35:
                d = str(rng.randint(1, 9))
                left, top, right, bottom = font.getbbox(d)
                draw.text((x0 + (c + 0.5) * cell - (left + right) / 2,
                           y0 + (r + 0.5) * cell - (top + bottom) / 2), d, fill=ink, font=font)


def sudoku_page(rng: random.Random, font_file: str) -> Image.Image:
    """A puzzle-book page: a heading, then one large sudoku grid or four smaller ones, each
    with its number."""
    w, h = int(A4[0] * PX), int(A4[1] * PX)
    img = Image.new("L", (w, h), 255)
    draw = ImageDraw.Draw(img)
    ink = rng.randint(5, 50)
    m = int(rng.uniform(1.5, 2.0) * PX)
    draw.text((m, m), f"Sudoku {rng.randint(1, 300)}", fill=ink, font=_font(font_file, 0.8))
    label = _font(font_file, 0.45)
    if rng.random() < 0.4:
        side = rng.uniform(14.0, 17.0) * PX
        x0, y0 = (w - side) / 2, m + 2.5 * PX
        _grid(draw, rng, font_file, x0, y0, side, ink)
        _text(draw, rng, font_file, (m, int(y0 + side + PX), w - m, h - m), 0.5, ink)
    else:
        side = rng.uniform(7.5, 8.3) * PX
        gap = (w - 2 * m - 2 * side)
        for k in range(4):
            x0 = m + (k % 2) * (side + gap)
            y0 = m + 2.5 * PX + (k // 2) * (side + 2.0 * PX)
            draw.text((x0, y0 - 0.8 * PX), str(rng.randint(1, 300)), fill=ink, font=label)
            _grid(draw, rng, font_file, x0, y0, side, ink)
    return img


def sheet_surface(kind: str, rng: random.Random, u: np.ndarray, v: np.ndarray,
                  fpc: np.ndarray, font_file: str) -> tuple[np.ndarray, np.ndarray]:
    """The ``kind`` sheet seen at points (``u``, ``v``) (centimetres from its top left corner,
    pixel footprint ``fpc`` in centimetres): its colour (H, W, 3, BGR 0..1) and how much of
    each pixel it covers (H, W, 1), so that the table shows beyond its edges."""
    draw = {"page-text": text_page, "page-table": table_page, "page-sudoku": sudoku_page}[kind]
    sheet = np.asarray(draw(rng, font_file), np.float32) / 255.0
    soft = cv2.GaussianBlur(sheet, (0, 0), 3.0)
    mx, my = (u * PX).astype(np.float32), (v * PX).astype(np.float32)
    grey = cv2.remap(sheet, mx, my, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    blurred = cv2.remap(soft, mx, my, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    far = np.clip((fpc * PX - 1.0) / 3.0, 0, 1)  # where a pixel covers several of the raster's
    grey = grey * (1 - far) + blurred * far
    edge = np.minimum.reduce([u, A4[0] - u, v, A4[1] - v])
    cover = np.clip(edge / np.maximum(fpc, 1e-6) + 0.5, 0, 1)[..., None]
    paper = np.array([rng.uniform(0.86, 0.95), rng.uniform(0.9, 0.97), rng.uniform(0.92, 1.0)],
                     np.float32)
    return grey[..., None] * paper, cover
