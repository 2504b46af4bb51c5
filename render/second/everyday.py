"""Grounds people photograph a cube on (the exam's everyday scenes, docs/exam.md): a
self-healing cutting mat, printed sheets (:mod:`.pages`), tiles, a smooth gradient, sofa
fabric.

Several imitate what a reader looks for: the mat's printed grid of centimetre squares,
mosaic tiles and their grout, a page's printed table or sudoku grid; the gradient and the
sofa offer almost no texture at all. Like :mod:`.ground`, each is a function of plane points
(cube units: the cube's side, about 57 mm, is 2) seen with pixel footprint ``fp``; ``at`` is
where the cube rests, so that a mat or a sheet lies under it.
"""
from __future__ import annotations

import math
import random

import cv2
import numpy as np
from PIL import Image, ImageDraw, ImageFont

from . import ground
from .noise import Noise
from .pages import A4, PAGES, sheet_surface

CM = 2 / 5.7
"""Plane units per centimetre."""

GROUNDS = ("mat", *PAGES, "tiles", "gradient", "sofa")
"""The everyday grounds."""


def _box(d: np.ndarray, width: float, fp: np.ndarray) -> np.ndarray:
    """How much (0..1) of a pixel of footprint ``fp``, its middle ``d`` from a line's middle,
    a line ``width`` wide covers (a box filter: a thin far line fades instead of aliasing)."""
    f = np.maximum(fp, 1e-6)
    return np.clip((np.minimum(d + f / 2, width / 2) - np.maximum(d - f / 2, -width / 2)) / f,
                   0, 1)


def _lines(x: np.ndarray, period: float, width: float, fp: np.ndarray) -> np.ndarray:
    """Coverage of lines ``width`` wide at every multiple of ``period`` along ``x``; where a
    pixel spans a period or more, their mean."""
    far = np.clip(fp / period - 0.5, 0, 1)
    return _box(x - period * np.round(x / period), width, fp) * (1 - far) + far * width / period


MAT_COLOURS = (((0.27, 0.45, 0.16), (0.78, 0.93, 0.93)), ((0.50, 0.27, 0.10), (0.95, 0.95, 0.95)),
               ((0.36, 0.37, 0.38), (0.92, 0.92, 0.90)), ((0.10, 0.10, 0.11), (0.88, 0.88, 0.88)))
"""Cutting mats (sheet, print; BGR 0..1): green with pale yellow print, blue, grey and black
with white print."""


def _ruler_numbers(rng: random.Random, w_cm: int, h_cm: int, margin: float,
                   font_file: str) -> np.ndarray:
    """The mat's numbered rulers (grey 0..1, 1 where printed) at 20 pixels per centimetre:
    every centimetre numbered along the top and left margins."""
    px = 20
    img = Image.new("L", (w_cm * px, h_cm * px), 0)
    draw = ImageDraw.Draw(img)
    font = ImageFont.truetype(font_file, int(rng.uniform(0.3, 0.45) * px))
    for k in range(0, w_cm - int(2 * margin) + 1):
        draw.text(((margin + k) * px, margin * 0.3 * px), str(k), fill=255, font=font,
                  anchor="mt")
    for k in range(0, h_cm - int(2 * margin) + 1):
        draw.text((margin * 0.45 * px, (margin + k) * px), str(k), fill=255, font=font,
                  anchor="mm")
    return np.asarray(img, np.float32) / 255.0


def mat(rng: random.Random, nz: Noise, a: np.ndarray, b: np.ndarray, fp: np.ndarray,
        at: tuple[float, float], font_file: str) -> np.ndarray:
    """A self-healing cutting mat (A2 or A1) under the cube: a grid of 1 cm squares, heavier
    lines every 5 cm, two 45-degree lines, ticks and numbers along its rulers; the table
    beyond its edges."""
    base, ink = (np.array(c, np.float32) for c in rng.choice(MAT_COLOURS))
    w_cm, h_cm = rng.choice(((60, 45), (90, 60)))
    margin = 1.5
    u = a / CM - (at[0] / CM - rng.uniform(0.25, 0.75) * w_cm)  # cm from the mat's corner
    v = b / CM - (at[1] / CM - rng.uniform(0.25, 0.75) * h_cm)
    fpc = fp / CM
    gu, gv = u - margin, v - margin
    inner = ((gu > 0) & (gu < w_cm - 2 * margin) & (gv > 0) & (gv < h_cm - 2 * margin))
    minor = np.maximum(_lines(gu, 1.0, 0.04, fpc), _lines(gv, 1.0, 0.04, fpc))
    major = np.maximum(_lines(gu, 5.0, 0.08, fpc), _lines(gv, 5.0, 0.08, fpc))
    diag = np.maximum(_box((gu - gv) / math.sqrt(2), 0.05, fpc),
                      _box((gu + gv - (h_cm - 2 * margin)) / math.sqrt(2), 0.05, fpc))
    grid = np.maximum.reduce([0.6 * minor, major, 0.8 * diag]) * inner
    # rulers in the margin: a tick every centimetre, longer every 5
    tick = np.maximum(_lines(gu, 1.0, 0.04, fpc) * ((gv < 0) & (gv > -0.35)),
                      _lines(gv, 1.0, 0.04, fpc) * ((gu < 0) & (gu > -0.35)))
    tick5 = np.maximum(_lines(gu, 5.0, 0.06, fpc) * ((gv < 0) & (gv > -0.7)),
                       _lines(gv, 5.0, 0.06, fpc) * ((gu < 0) & (gu > -0.7)))
    numbers = cv2.remap(_ruler_numbers(rng, w_cm, h_cm, margin, font_file),
                        (u * 20).astype(np.float32), (v * 20).astype(np.float32),
                        cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT, borderValue=0)
    numbers *= np.clip(1.5 - fpc * 10, 0, 1)  # too fine to show from afar
    printed = np.maximum.reduce([grid, tick, tick5, numbers])[..., None]
    sheet = base * (0.94 + 0.12 * nz.fbm(a * 0.5, b * 0.5, 3))[..., None]
    sheet = ground._mix(sheet, ink, printed * 0.9)
    edge = np.minimum.reduce([u, w_cm - u, v, h_cm - v])
    cover = np.clip(edge / np.maximum(fpc, 1e-6) + 0.5, 0, 1)[..., None]
    return ground._mix(ground.laminate(rng, nz, a, b, fp), sheet, cover)


def page(kind: str, rng: random.Random, nz: Noise, a: np.ndarray, b: np.ndarray,
         fp: np.ndarray, at: tuple[float, float], font_file: str) -> np.ndarray:
    """A printed A4 sheet (:mod:`.pages`) the cube stands on, on a wooden or plain table."""
    table = (ground.wood if rng.random() < 0.5 else ground.laminate)(rng, nz, a, b, fp)
    w, h = A4 if rng.random() < 0.5 else A4[::-1]
    # the sheet's corner, so that the cube (about 4 cm from its middle to a corner) is on it
    u = a / CM - (at[0] / CM - rng.uniform(4.5, w - 4.5))
    v = b / CM - (at[1] / CM - rng.uniform(4.5, h - 4.5))
    if (w, h) != A4:  # landscape: the page's own axes turned a quarter
        u, v = v, w - u
    colour, cover = sheet_surface(kind, rng, u, v, fp / CM, font_file)
    return ground._mix(table, colour, cover)


TILE_COLOURS = ((0.90, 0.91, 0.90), (0.70, 0.80, 0.86), (0.50, 0.50, 0.52), (0.25, 0.40, 0.70),
                (0.72, 0.52, 0.22), (0.45, 0.62, 0.35), (0.16, 0.16, 0.17))
"""Tile glazes (BGR 0..1): white, beige, grey, terracotta, blue, green, black."""


def tiles(rng: random.Random, nz: Noise, a: np.ndarray, b: np.ndarray,
          fp: np.ndarray) -> np.ndarray:
    """Square tiles with grout lines: mosaic (2.5 cm), small (5 cm) or floor and wall tiles
    (10-30 cm), each tile's glaze a little different, the grout lighter or darker."""
    side = rng.choice((2.5, 5.0, 10.0, 15.0, 20.0, 30.0)) * CM
    grout_w = (rng.uniform(0.12, 0.2) if side < 6 * CM else rng.uniform(0.2, 0.5)) * CM
    glaze = np.array(rng.choice(TILE_COLOURS), np.float32)
    other = np.array(rng.choice(TILE_COLOURS), np.float32)
    mixed = rng.random() < 0.3 and side < 6 * CM  # a mosaic of two glazes
    grout = np.array([rng.choice((0.82, 0.6, 0.3))] * 3, np.float32) * rng.uniform(0.95, 1.05)
    ia, ib = np.floor(a / side), np.floor(b / side)
    each = nz.value(ia * 1.37 + 0.5, ib * 2.11 + 0.5)[..., None]
    col = glaze * (0.9 + 0.2 * each)
    if mixed:
        col = ground._mix(col, other * (0.9 + 0.2 * each), (each > 0.6).astype(np.float32))
    col = col * (0.96 + 0.08 * nz.fbm(a * 2.0, b * 2.0, 2))[..., None]
    joint = np.maximum(_lines(a, side, grout_w, fp), _lines(b, side, grout_w, fp))[..., None]
    return ground._mix(col, grout, joint)


def gradient(rng: random.Random, nz: Noise, a: np.ndarray, b: np.ndarray,
             at: tuple[float, float]) -> np.ndarray:
    """A smooth backdrop (a paper sweep, a painted board): one colour fading into another
    across the scene, with hardly any texture."""
    c1 = np.array([rng.uniform(0.2, 0.95) for _ in range(3)], np.float32)
    c2 = np.array([rng.uniform(0.1, 0.9) for _ in range(3)], np.float32)
    turn, span = rng.uniform(0, 2 * math.pi), rng.uniform(5.0, 14.0)
    t = ((a - at[0]) * math.cos(turn) + (b - at[1]) * math.sin(turn)) / span + 0.5
    t = np.clip(t, 0, 1)[..., None]
    t = t * t * (3 - 2 * t)
    return ground._mix(c1, c2, t) * (0.98 + 0.04 * nz.fbm(a * 0.3, b * 0.3, 2))[..., None]


SOFA_COLOURS = ((0.50, 0.52, 0.55), (0.55, 0.66, 0.74), (0.35, 0.18, 0.10), (0.25, 0.38, 0.30),
                (0.15, 0.12, 0.45), (0.20, 0.20, 0.22))
"""Upholstery (BGR 0..1): grey, beige, navy, olive, burgundy, charcoal."""


def sofa(rng: random.Random, nz: Noise, a: np.ndarray, b: np.ndarray, fp: np.ndarray,
         at: tuple[float, float]) -> np.ndarray:
    """Sofa upholstery: a soft fabric with a fine pile, broad folds and a sheen that changes
    with the pile's direction, and the seam between two cushions near the cube."""
    base = np.array(rng.choice(SOFA_COLOURS), np.float32) * rng.uniform(0.85, 1.15)
    pile = 0.5 + (nz.fbm(a * 40.0, b * 40.0, 2) - 0.5) * ground._fade(fp, 1 / 40)[..., 0]
    folds = nz.fbm(a * 0.3 + 5.0, b * 0.22, 3)
    sheen = nz.fbm(a * 1.2 - 3.0, b * 1.2, 2)
    shade = (0.65 + 0.55 * folds) * (0.88 + 0.24 * sheen) * (0.9 + 0.2 * pile)
    seam = b - (at[1] + rng.choice((-1, 1)) * rng.uniform(2.6, 5.0))
    shade = shade * (1 - 0.55 * np.exp(-(seam / 0.18) ** 2))
    shade = shade * (1 + 0.12 * np.exp(-((np.abs(seam) - 0.25) / 0.06) ** 2))  # the piping
    return base * shade[..., None]


def surface(kind: str, rng: random.Random, seed: int, a: np.ndarray, b: np.ndarray,
            fp: np.ndarray, at: tuple[float, float], font_file: str) -> np.ndarray:
    """Albedo (H, W, 3, BGR 0..1) of the everyday ground ``kind`` at plane points (``a``,
    ``b``) seen with pixel footprint ``fp``, the cube resting at ``at``."""
    nz = Noise(seed)
    if kind == "mat":
        return mat(rng, nz, a, b, fp, at, font_file)
    if kind in PAGES:
        return page(kind, rng, nz, a, b, fp, at, font_file)
    if kind == "tiles":
        return tiles(rng, nz, a, b, fp)
    if kind == "gradient":
        return gradient(rng, nz, a, b, at)
    return sofa(rng, nz, a, b, fp, at)
