"""Papers lying on a table under the cube, painted in ground units (:mod:`render.sheet`):
squared and ruled paper with a few handwritten lines, a printed page of text (some with a
table of numbers), a newspaper page with a sudoku and a calendar page.

A page is painted flat, then laid on the table at a random angle with a random point of it
under the cube, so the cube lies on the page's pattern (a grid, text, a table of digits).
"""
from __future__ import annotations

import math
import random

import numpy as np
from PIL import ImageDraw

from .surfaces import table
from .sheet import (DAYS, MONTHS, Sheet, item_canvas, lines, paste_turned, sentence, text_font,
                    tinted)

PAPERS = ((250, 250, 247), (245, 240, 225), (253, 253, 253), (238, 236, 228))
INKS = ((30, 50, 140), (25, 25, 30), (95, 95, 100), (150, 30, 30))
"""Pen inks: blue, black, pencil grey, red."""


def _page(sheet: Sheet, rng: random.Random, size: tuple[float, float],
          colour=None) -> tuple[Sheet, ImageDraw.ImageDraw]:
    """A blank page of ``size`` ground units at the sheet's scale, as a sheet of its own."""
    paper = tinted(colour or rng.choice(PAPERS), rng, 0.02)
    img = item_canvas(sheet, *size, paper)
    page = Sheet(img, 0.0, 0.0, sheet.unit)
    return page, ImageDraw.Draw(img)


def _lay(sheet: Sheet, page: Sheet, rng: random.Random, anchor: tuple[float, float]) -> None:
    """Lay ``page`` on the sheet at a random angle so that its point ``anchor`` (page units)
    lies near the cube (ground point 0, 0)."""
    angle = rng.uniform(0, 360)
    w, h = page.image.size[0] * page.unit, page.image.size[1] * page.unit
    du, dv = w / 2 - anchor[0], h / 2 - anchor[1]
    a = math.radians(angle)
    centre = (rng.uniform(-3, 3) + du * math.cos(a) + dv * math.sin(a),
              rng.uniform(-3, 3) - du * math.sin(a) + dv * math.cos(a))
    paste_turned(sheet, page.image, centre, angle)


def _anywhere(rng: random.Random, size: tuple[float, float], inset: float = 3.0
              ) -> tuple[float, float]:
    return rng.uniform(inset, size[0] - inset), rng.uniform(inset, size[1] - inset)


def _handwriting(page: Sheet, d: ImageDraw.ImageDraw, rng: random.Random, x: float,
                 rows: list[float], size: float, width: float) -> None:
    """A few lines of notes (words, sums) on some of the ``rows`` (baselines, page units)."""
    font = page.font(text_font(rng), size)
    ink = rng.choice(INKS)
    for y in rows:
        if rng.random() < 0.5:
            words = sentence(rng, rng.randint(2, 9))
            if rng.random() < 0.3:
                a, b = rng.randint(2, 99), rng.randint(2, 99)
                words = f"{a} + {b} = {a + b}"
            text = words[:max(4, int(width / (0.5 * size)))]
            d.text(page.xy(x, y), text, font=font, fill=ink, anchor="ls")


def squared(sheet: Sheet, rng: random.Random, nrng: np.random.Generator) -> None:
    """Squared (graph) paper: a light grid of 4-10 mm squares, sometimes bolder every five
    and a red margin, a few notes; on a table."""
    table(sheet, rng, nrng)
    size = rng.choice(((21.0, 29.7), (14.8, 21.0), (29.7, 21.0)))
    page, d = _page(sheet, rng, size)
    pitch = rng.choice((0.5, 0.5, 0.4, 1.0)) * rng.uniform(0.97, 1.03)
    ink = tinted(rng.choice(((150, 180, 225), (170, 170, 175), (140, 190, 160))), rng, 0.04)
    top = rng.uniform(0.5, 1.5)
    width = rng.uniform(0.02, 0.04)
    for along_u in (True, False):
        lines(page, d, (0.3, size[0] - 0.3), (top, size[1] - 0.3), pitch, width, ink, along_u,
              phase=top if along_u else 0.3)
        if rng.random() < 0.3:
            lines(page, d, (0.3, size[0] - 0.3), (top, size[1] - 0.3), pitch * 5, width * 2.5,
                  ink, along_u, phase=top if along_u else 0.3)
    if rng.random() < 0.5:
        x = rng.uniform(2, 3.5)
        d.line((page.xy(x, 0), page.xy(x, size[1])), fill=(220, 80, 80), width=page.px(0.04))
    rows = [top + pitch * k for k in range(2, int((size[1] - top) / pitch), 2)]
    _handwriting(page, d, rng, 3.5, rows[:rng.randint(0, len(rows))], pitch * 1.6,
                 size[0] - 4)
    _lay(sheet, page, rng, _anywhere(rng, size))


def ruled(sheet: Sheet, rng: random.Random, nrng: np.random.Generator) -> None:
    """Ruled (lined) paper of a notebook or pad: lines 6-9 mm apart, a red margin, punched
    holes on some, notes on some lines; on a table."""
    table(sheet, rng, nrng)
    size = rng.choice(((21.0, 29.7), (14.8, 21.0), (20.3, 25.4)))
    page, d = _page(sheet, rng, size)
    gap = rng.uniform(0.6, 0.9)
    top = rng.uniform(2.0, 3.5)
    ink = tinted(rng.choice(((140, 170, 215), (160, 160, 170))), rng, 0.04)
    lines(page, d, (0, size[0]), (top, size[1] - 1), gap, rng.uniform(0.02, 0.04), ink, True,
          phase=top)
    margin = rng.uniform(2.5, 3.5)
    d.line((page.xy(margin, 0), page.xy(margin, size[1])), fill=(225, 90, 90),
           width=page.px(0.04))
    if rng.random() < 0.4:
        for k in range(rng.choice((2, 4))):
            x, y = page.xy(1.0, size[1] * (k + 1) / 5)
            r = page.px(0.3)
            d.ellipse((x - r, y - r, x + r, y + r), fill=(60, 60, 60))
    rows = [top + gap * k for k in range(1, int((size[1] - top) / gap))]
    _handwriting(page, d, rng, margin + 0.4, rows[:rng.randint(0, len(rows))], gap * 0.75,
                 size[0] - margin - 1)
    _lay(sheet, page, rng, _anywhere(rng, size))


def _paragraphs(page: Sheet, d: ImageDraw.ImageDraw, rng: random.Random, box, font_path: str,
                size: float, colour=(30, 30, 32)) -> None:
    """Fill the page box (x0, y0, x1, y1 in page units) with printed paragraphs."""
    x0, y0, x1, y1 = box
    font = page.font(font_path, size)
    lead = size * rng.uniform(1.2, 1.45)
    width_px = (x1 - x0) / page.unit
    y, left = y0 + size, rng.randint(3, 10)
    while y < y1:
        line, words = "", 0
        while True:
            word = rng.choice(("the", "of", "and", "to")) if rng.random() < 0.3 else \
                sentence(rng, 1)[:-1].lower()
            trial = (line + " " + word).strip()
            if font.getlength(trial) > width_px:
                break
            line, words = trial, words + 1
        d.text(page.xy(x0, y), line, font=font, fill=colour, anchor="ls")
        left -= 1
        y += lead
        if left == 0:
            y += lead * 0.5
            left = rng.randint(3, 10)


def _number_table(page: Sheet, d: ImageDraw.ImageDraw, rng: random.Random, box,
                  font_path: str) -> float:
    """A printed table of numbers in the box's width: ruled cells, a header row; returns
    the y where it ends."""
    x0, y0, x1, _ = box
    cols, rows = rng.randint(3, 7), rng.randint(4, 12)
    cw = (x1 - x0) / cols
    ch = rng.uniform(0.6, 1.2)
    ink = (35, 35, 38)
    font = page.font(font_path, ch * 0.55)
    for r in range(rows + 1):
        d.line((page.xy(x0, y0 + r * ch), page.xy(x1, y0 + r * ch)), fill=ink,
               width=page.px(0.025 if r else 0.06))
    if rng.random() < 0.6:
        for c in range(cols + 1):
            d.line((page.xy(x0 + c * cw, y0), page.xy(x0 + c * cw, y0 + rows * ch)),
                   fill=ink, width=page.px(0.025))
    for r in range(rows):
        for c in range(cols):
            text = rng.choice(("Total", "Mon", "Item", "Rate")) if r == 0 else \
                str(rng.randint(0, 10 ** rng.randint(1, 4)))
            d.text(page.xy(x0 + (c + 0.5) * cw, y0 + (r + 0.5) * ch), text, font=font,
                   fill=ink, anchor="mm")
    return y0 + rows * ch


def text_page(sheet: Sheet, rng: random.Random, nrng: np.random.Generator) -> None:
    """A printed page: a heading, one or two columns of text, on half of them a ruled table
    of numbers; on a table."""
    table(sheet, rng, nrng)
    size = rng.choice(((21.0, 29.7), (14.8, 21.0), (29.7, 21.0)))
    page, d = _page(sheet, rng, size)
    margin = rng.uniform(1.5, 2.5)
    body, bold = text_font(rng), text_font(rng, bold=True)
    fs = rng.uniform(0.28, 0.45)
    head = rng.uniform(0.7, 1.2)
    d.text(page.xy(margin, margin + head), sentence(rng, rng.randint(2, 5))[:-1],
           font=page.font(bold, head), fill=(20, 20, 22), anchor="ls")
    top = margin + head * 1.8
    columns = rng.choice((1, 2))
    gap = 0.8
    cw = (size[0] - 2 * margin - (columns - 1) * gap) / columns
    for c in range(columns):
        x0 = margin + c * (cw + gap)
        y = top
        if rng.random() < 0.5:
            y = _number_table(page, d, rng, (x0, y + 0.5, x0 + cw, 0), body) + 0.8
        _paragraphs(page, d, rng, (x0, y, x0 + cw, size[1] - margin), body, fs)
    _lay(sheet, page, rng, _anywhere(rng, size))


def _sudoku(page: Sheet, d: ImageDraw.ImageDraw, rng: random.Random, x0: float, y0: float,
            cell: float, bold_font: str, pencil_font: str) -> None:
    """A printed 9 x 9 sudoku: thin cell lines, bold box lines, a third of the cells given in
    bold digits, some others pencilled in by a solver."""
    ink = (20, 20, 24)
    for k in range(10):
        w = page.px(0.09 if k % 3 == 0 else 0.03)
        d.line((page.xy(x0 + k * cell, y0), page.xy(x0 + k * cell, y0 + 9 * cell)), fill=ink,
               width=w)
        d.line((page.xy(x0, y0 + k * cell), page.xy(x0 + 9 * cell, y0 + k * cell)), fill=ink,
               width=w)
    given = page.font(bold_font, cell * 0.7)
    pencil = page.font(pencil_font, cell * 0.6)
    solver = rng.choice(INKS)
    solved = rng.uniform(0, 0.5)
    for r in range(9):
        for c in range(9):
            at = page.xy(x0 + (c + 0.5) * cell, y0 + (r + 0.52) * cell)
            digit = str(rng.randint(1, 9))
            if rng.random() < 0.33:
                d.text(at, digit, font=given, fill=ink, anchor="mm")
            elif rng.random() < solved:
                d.text(at, digit, font=pencil, fill=solver, anchor="mm")


def sudoku_page(sheet: Sheet, rng: random.Random, nrng: np.random.Generator) -> None:
    """A newspaper puzzle page: columns of small print around one or two printed sudokus of
    7-14 mm cells (digits in squares, as on the cube); the cube lies on or beside a sudoku."""
    table(sheet, rng, nrng)
    size = rng.choice(((28.0, 38.0), (38.0, 28.0), (28.0, 20.0)))
    page, d = _page(sheet, rng, size, colour=(232, 228, 214))
    body, bold = text_font(rng), text_font(rng, bold=True)
    margin = rng.uniform(1.0, 1.8)
    _paragraphs(page, d, rng, (margin, margin, size[0] - margin, size[1] - margin), body,
                rng.uniform(0.22, 0.32))
    grids = []
    for _ in range(rng.choice((1, 1, 2))):
        cell = rng.uniform(0.7, 1.4)
        x0 = rng.uniform(margin, size[0] - margin - 9 * cell)
        y0 = rng.uniform(margin + 1.5, size[1] - margin - 9 * cell)
        d.rectangle((page.xy(x0 - 0.5, y0 - 1.6), page.xy(x0 + 9 * cell + 0.5,
                                                         y0 + 9 * cell + 0.5)),
                    fill=(232, 228, 214))
        d.text(page.xy(x0, y0 - 0.4), "SUDOKU No. " + str(rng.randint(100, 9999)),
               font=page.font(bold, 0.8), fill=(20, 20, 24), anchor="ls")
        _sudoku(page, d, rng, x0, y0, cell, bold, text_font(rng))
        grids.append((x0 + 4.5 * cell, y0 + 4.5 * cell, cell))
    gx, gy, cell = rng.choice(grids)
    _lay(sheet, page, rng, (gx + rng.uniform(-5, 5) * cell, gy + rng.uniform(-5, 5) * cell))


def calendar(sheet: Sheet, rng: random.Random, nrng: np.random.Generator) -> None:
    """A calendar page: the month's name, a row of weekday names and a grid of day boxes
    with their numbers, weekends tinted, a few notes; the cube lies on the grid."""
    table(sheet, rng, nrng)
    cols, rows = 7, rng.choice((5, 6))
    cw, ch = rng.uniform(2.5, 4.2), rng.uniform(2.0, 3.5)
    margin = rng.uniform(1.0, 2.0)
    title = rng.uniform(1.0, 2.0)
    size = (cols * cw + 2 * margin, rows * ch + 2 * margin + title + 1.2)
    page, d = _page(sheet, rng, size)
    body, bold = text_font(rng), text_font(rng, bold=True)
    accent = tinted(rng.choice(((200, 40, 40), (30, 90, 160), (40, 120, 70), (30, 30, 30))),
                    rng, 0.05)
    d.text(page.xy(margin, margin + title), f"{rng.choice(MONTHS)} {rng.randint(2019, 2031)}",
           font=page.font(bold, title), fill=accent, anchor="ls")
    x0, y0 = margin, margin + title + 1.2
    head = page.font(body, 0.45)
    for c in range(cols):
        d.text(page.xy(x0 + (c + 0.5) * cw, y0 - 0.35), DAYS[c], font=head, fill=accent,
               anchor="ms")
        if c >= 5:
            d.rectangle((page.xy(x0 + c * cw, y0), page.xy(x0 + (c + 1) * cw, y0 + rows * ch)),
                        fill=tinted((236, 236, 240), rng, 0.02))
    grid = tinted((120, 120, 125), rng, 0.1)
    for k in range(cols + 1):
        d.line((page.xy(x0 + k * cw, y0), page.xy(x0 + k * cw, y0 + rows * ch)), fill=grid,
               width=page.px(rng.uniform(0.03, 0.06)))
    for k in range(rows + 1):
        d.line((page.xy(x0, y0 + k * ch), page.xy(x0 + cols * cw, y0 + k * ch)), fill=grid,
               width=page.px(rng.uniform(0.03, 0.06)))
    big = rng.random() < 0.4
    numbers = page.font(bold if big else body, ch * 0.5 if big else rng.uniform(0.4, 0.7))
    start = rng.randrange(7)
    notes = page.font(text_font(rng), 0.4)
    for k in range(rng.choice((28, 30, 31))):
        r, c = divmod(start + k, cols)
        if r >= rows:
            break
        if big:
            at, anchor = page.xy(x0 + (c + 0.5) * cw, y0 + (r + 0.5) * ch), "mm"
        else:
            at, anchor = page.xy(x0 + c * cw + 0.2, y0 + r * ch + 0.2), "lt"
        d.text(at, str(k + 1), font=numbers, fill=(25, 25, 28), anchor=anchor)
        if rng.random() < 0.12:
            d.text(page.xy(x0 + c * cw + 0.2, y0 + (r + 0.85) * ch), sentence(rng, 1)[:-1],
                   font=notes, fill=rng.choice(INKS), anchor="ls")
    _lay(sheet, page, rng, (x0 + rng.uniform(0, cols) * cw, y0 + rng.uniform(0, rows) * ch))
