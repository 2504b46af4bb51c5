"""Second objects with squares on a desk, painted in ground units (:mod:`render.sheet`): a
keyboard (rows of square key caps about a sticker's pitch apart, each with a letter) and a
chessboard (eight by eight squares in a lettered frame). Each lies on a table, the cube on or
beside it."""
from __future__ import annotations

import random

import numpy as np

from .surfaces import table
from .sheet import Sheet, item_canvas, paste_turned, text_font, tinted

KEY_ROWS = (
    ((1.0, "Esc"), *[(1.0, f"F{k}") for k in range(1, 13)], (1.0, "Del"), (1.0, "")),
    ((1.0, "`"), *[(1.0, c) for c in "1234567890-="], (2.0, "Back")),
    ((1.5, "Tab"), *[(1.0, c) for c in "QWERTYUIOP[]"], (1.5, "\\")),
    ((1.75, "Caps"), *[(1.0, c) for c in "ASDFGHJKL;'"], (2.25, "Enter")),
    ((2.25, "Shift"), *[(1.0, c) for c in "ZXCVBNM,./"], (2.75, "Shift")),
    ((1.25, "Ctrl"), (1.25, "Fn"), (1.25, "Alt"), (6.25, ""), (1.25, "Alt"), (1.25, "Ctrl"),
     (1.25, "<"), (1.25, ">")),
)
"""A keyboard's rows: (width in key pitches, legend) per key; each row is 15 pitches long."""

KEYBOARDS = (((28, 28, 32), (42, 42, 48), (225, 225, 225)),
             ((215, 215, 210), (248, 248, 245), (40, 40, 44)),
             ((190, 192, 198), (35, 35, 38), (235, 235, 235)),
             ((240, 240, 240), (250, 250, 250), (90, 90, 95)))
"""(body, key cap, legend) colours: black, white, aluminium with black keys, all white."""


def keyboard(sheet: Sheet, rng: random.Random, nrng: np.random.Generator) -> None:
    """A computer keyboard near the cube: square caps 1.9 units apart (a sticker's pitch),
    letters on them, the function row shorter."""
    table(sheet, rng, nrng)
    body, cap, ink = (tinted(c, rng, 0.03) for c in rng.choice(KEYBOARDS))
    pitch = 1.9 * rng.uniform(0.95, 1.05)
    border = rng.uniform(0.6, 1.5)
    heights = [0.7] + [1.0] * 5
    w, h = 15 * pitch + 2 * border, sum(heights) * pitch + 2 * border
    item = item_canvas(sheet, w, h, body)
    board = Sheet(item, 0.0, 0.0, sheet.unit)
    d = board.draw()
    font = board.font(text_font(rng), pitch * rng.uniform(0.28, 0.4))
    gap = pitch * rng.uniform(0.1, 0.2)
    y = border
    for row, rh in zip(KEY_ROWS, heights):
        x = border
        for width, legend in row:
            box = (board.xy(x + gap / 2, y + gap / 2),
                   board.xy(x + width * pitch - gap / 2, y + rh * pitch - gap / 2))
            d.rounded_rectangle(box, radius=board.px(0.18 * pitch), fill=cap)
            if legend:
                at = board.xy(x + width * pitch / 2, y + rh * pitch / 2) \
                    if len(legend) == 1 else board.xy(x + gap + 0.2, y + gap + 0.25 * pitch)
                d.text(at, legend, font=font, fill=ink, anchor="mm" if len(legend) == 1 else "lm")
            x += width * pitch
        y += rh * pitch
    centre = (rng.uniform(-0.5, 0.5) * w, rng.uniform(-0.7, 0.7) * h)
    paste_turned(sheet, item, centre, rng.uniform(-35, 35) + rng.choice((0, 180)))


BOARDS = (((235, 215, 170), (140, 90, 50), (70, 45, 25)),
          ((238, 238, 210), (118, 150, 86), (60, 60, 60)),
          ((240, 240, 240), (30, 30, 30), (80, 80, 85)),
          ((220, 190, 140), (100, 60, 30), (40, 25, 15)))
"""(light square, dark square, frame) colours: maple and walnut, tournament green, black and
white, rosewood."""


def chessboard(sheet: Sheet, rng: random.Random, nrng: np.random.Generator) -> None:
    """A chessboard of 2-5.5 unit squares in a frame with a to h and 1 to 8; the cube lies on
    it or beside it."""
    table(sheet, rng, nrng)
    light, dark, frame = (tinted(c, rng, 0.03) for c in rng.choice(BOARDS))
    s = rng.uniform(2.0, 5.5)
    f = rng.uniform(0.6, 2.0)
    side = 8 * s + 2 * f
    item = item_canvas(sheet, side, side, frame)
    board = Sheet(item, 0.0, 0.0, sheet.unit)
    d = board.draw()
    for r in range(8):
        for c in range(8):
            d.rectangle((board.xy(f + c * s, f + r * s),
                         board.xy(f + (c + 1) * s, f + (r + 1) * s)),
                        fill=light if (r + c) % 2 == 0 else dark)
    font = board.font(text_font(rng, bold=rng.random() < 0.5), min(f * 0.6, s * 0.4))
    for k in range(8):
        d.text(board.xy(f + (k + 0.5) * s, f / 2 + 8 * s + f), "abcdefgh"[k], font=font,
               fill=light, anchor="mm")
        d.text(board.xy(f / 2, f + (7.5 - k) * s), str(k + 1), font=font, fill=light,
               anchor="mm")
    centre = (rng.uniform(-0.45, 0.45) * side, rng.uniform(-0.45, 0.45) * side)
    paste_turned(sheet, item, centre, rng.uniform(0, 360))
