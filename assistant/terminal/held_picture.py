"""The cube as the person holds it, drawn in the terminal with half-block characters: the layer
to turn in yellow and the arrow that shows which way, as the HTML export draws it (the same
camera and arrow from :mod:`assistant.services.held_svg`). Each character cell holds two square
pixels (the upper one as the character's colour, the lower one as its background), so a picture
``cols`` wide is ``cols // 2`` rows tall. The watch window draws the same raster larger, each
sticker's digit printed on it in perspective (:func:`held_raster`)."""
from __future__ import annotations

from functools import cache, lru_cache

import cv2
import numpy as np
from rich.style import Style
from rich.text import Text

from ...models.cube.geometry import FACES, NORMAL, VIEW_UP, facelets, view_right
from ...models.cube.moves import Move
from ...models.cube.state import CubeState
from ...models.cube.stickers import Sticker
from ...render.fonts import available_fonts
from ...render.texture import glyph_mask
from ..services.held_svg import INSET, SIZE, arc_points, held_camera, turning

_BODY = (34, 34, 34)
_STICKER = (235, 235, 235)
_MARK = (255, 212, 59)
_ARROW = (217, 72, 15)
_SUPER = 4
"""Pixels drawn per terminal pixel before averaging (smooth edges at a few dozen pixels)."""


_INK = (17, 17, 17)
"""The digits' ink (the HTML export's ``#111``)."""
_FONT_SHARE = 15 / 17.2
"""Font size as a share of a sticker's side, as the HTML export's held picture has it (15
units on a sticker 17.2 units wide)."""
_BAR = (0.11, 0.12, 0.0)
"""The 6/9 underline (:func:`render.texture.glyph_mask`'s gap, thickness, inset): the HTML
export's text underline, close below the digit and as wide as it."""


def held_raster(state: CubeState, move: Move | None, px: int, digits: bool = True
                ) -> tuple[np.ndarray, np.ndarray]:
    """RGB pixels and coverage (0..1) of the held cube turning ``move`` (None: no layer
    marked), ``px`` pixels square; with ``digits``, each sticker seen carries its digit,
    turned as it points and in perspective on the sticker, as the HTML export draws it (the
    window's picture; the terminal's is too coarse and writes tokens instead). The arrays are
    cached (the watch window draws the same cube on every frame) and read-only."""
    return _raster(state.stickers if digits else None, state.n, move, px)


@lru_cache(maxsize=8)
def _raster(stickers: tuple[Sticker, ...] | None, n: int, move: Move | None, px: int
            ) -> tuple[np.ndarray, np.ndarray]:
    """:func:`held_raster` of a cube of size ``n`` with ``stickers`` (None: no digits)."""
    big = px * _SUPER
    camera = held_camera(SIZE)
    scale = big / SIZE
    rgb = np.zeros((big, big, 3), np.uint8)
    cover = np.zeros((big, big), np.uint8)
    marked = turning(move.face, n) if move is not None else frozenset()

    def project(points: np.ndarray) -> np.ndarray:
        uv, _ = camera.project(points)
        return uv * scale

    def poly(points: np.ndarray, colour: tuple[int, int, int]) -> np.ndarray:
        quad = project(points)
        pts = np.round(quad).astype(np.int32)
        cv2.fillPoly(rgb, [pts], colour, cv2.LINE_AA)
        cv2.fillPoly(cover, [pts], 255, cv2.LINE_AA)
        return quad

    for face in FACES:
        normal = np.array(NORMAL[face], np.float64)
        if not camera.sees(normal * n, normal):
            continue
        up, right = np.array(VIEW_UP[face], np.float64), np.array(view_right(face), np.float64)
        square = ((-1, 1), (1, 1), (1, -1), (-1, -1))
        poly(np.array([normal * n + n * (sx * right + sy * up) for sx, sy in square]), _BODY)
        for f in facelets(n):
            if f.face == face:
                pos = np.array(f.pos, np.float64)
                quad = poly(np.array([pos + INSET * (sx * right + sy * up)
                                      for sx, sy in square]),
                            _MARK if f.index in marked else _STICKER)
                if stickers is not None:
                    _ink(rgb, quad, stickers[f.index])
    if move is not None:
        uv, _ = camera.project(arc_points(move.face, move.turns, n, camera))
        pts = np.round(uv * scale).astype(np.int32)
        width = max(2, big // 28)
        cv2.polylines(rgb, [pts[:-1]], False, _ARROW, width, cv2.LINE_AA)
        cv2.polylines(cover, [pts[:-1]], False, 255, width, cv2.LINE_AA)
        d = (pts[-1] - pts[-3]).astype(np.float64)
        d /= np.linalg.norm(d) or 1.0
        side = np.array([-d[1], d[0]])
        tip, size = pts[-1].astype(np.float64), 3.0 * width
        head = np.round(np.array([tip + d * size, tip - d * size + side * size,
                                  tip - d * size - side * size])).astype(np.int32)
        cv2.fillPoly(rgb, [head], _ARROW, cv2.LINE_AA)
        cv2.fillPoly(cover, [head], 255, cv2.LINE_AA)
    small = cv2.resize(rgb, (px, px), interpolation=cv2.INTER_AREA)
    alpha = cv2.resize(cover, (px, px), interpolation=cv2.INTER_AREA) / 255.0
    lit = np.where(alpha[..., None] > 0.05, small / np.maximum(alpha[..., None], 0.05), 0)
    out = np.clip(lit, 0, 255).astype(np.uint8)
    out.setflags(write=False)
    alpha.setflags(write=False)
    return out, alpha


def _ink(rgb: np.ndarray, quad: np.ndarray, sticker: Sticker) -> None:
    """Print ``sticker``'s digit on its sticker, whose corners (top left, top right, bottom
    right, bottom left as the face is seen) are at ``quad`` in ``rgb``: the upright digit of
    a square glyph (:func:`_glyph`) turned as the sticker points, then warped onto the quad."""
    side = float(np.linalg.norm(quad - np.roll(quad, 1, axis=0), axis=1).max())
    cell = max(16, int(np.ceil(side / 8.0)) * 8)  # a few sizes, so that glyphs are cached
    glyph = _glyph(sticker.digit, sticker.rot % 4, cell)
    h, w = rgb.shape[:2]
    x0, y0 = np.maximum(np.floor(quad.min(axis=0)).astype(int), 0)
    x1, y1 = np.minimum(np.ceil(quad.max(axis=0)).astype(int) + 1, (w, h))
    if x1 <= x0 or y1 <= y0:
        return
    src = np.array([(0, 0), (cell, 0), (cell, cell), (0, cell)], np.float32)
    warp = cv2.getPerspectiveTransform(src, (quad - (x0, y0)).astype(np.float32))
    ink = cv2.warpPerspective(glyph, warp, (int(x1 - x0), int(y1 - y0)), flags=cv2.INTER_LINEAR)
    a = (ink.astype(np.float32) / 255.0)[..., None]
    region = rgb[y0:y1, x0:x1]
    region[:] = (region * (1 - a) + np.array(_INK, np.float32) * a).astype(np.uint8)


@cache
def _glyph(digit: int, rot: int, cell: int) -> np.ndarray:
    """Ink (0-255) of ``digit`` in a ``cell`` square standing for its sticker, as the
    renderer prints a digit (:func:`render.texture.glyph_mask`) but at the HTML export's size
    (:data:`_FONT_SHARE`) and underline (:data:`_BAR`), in the window's bold sans (read at a
    glance, and at the window's smallest held picture, a few pixels a digit), turned ``rot``
    quarter turns clockwise."""
    mask = glyph_mask(str(available_fonts()[0]), cell, digit, bar=_BAR, share=_FONT_SHARE)
    ink = np.round(mask * 255).astype(np.uint8)
    return np.ascontiguousarray(np.rot90(ink, -rot))


_TOKEN_COLS = 4
"""Columns a sticker must span for its token to be written on it (the digit and its arrow, as
the nets write them): a digit without its arrow would hide the way it points, which the hold
words name."""


def _labels(state: CubeState, px: int) -> dict[tuple[int, int], tuple[str, int]]:
    """Where the digits go in a picture ``px`` pixels square: (row, column) of a character
    cell -> (its character, the sticker's index), for the stickers of each visible face whose
    stickers are big enough to hold a token (:data:`_TOKEN_COLS` wide, two cells tall) -- in
    practice the front face, once the picture is a few dozen columns wide. The token is
    written as the nets write it, its arrow after the digit, so the way it points shows."""
    camera = held_camera(SIZE)
    scale = px / SIZE
    out: dict[tuple[int, int], tuple[str, int]] = {}
    for face in FACES:
        normal = np.array(NORMAL[face], np.float64)
        if not camera.sees(normal * state.n, normal):
            continue
        up, right = np.array(VIEW_UP[face], np.float64), np.array(view_right(face), np.float64)
        places = [f for f in facelets(state.n) if f.face == face]
        sizes = []
        for f in places:
            pos = np.array(f.pos, np.float64)
            quad, _ = camera.project(np.array([pos + INSET * (sx * right + sy * up)
                                               for sx, sy in ((-1, 1), (1, 1), (1, -1),
                                                              (-1, -1))]))
            sizes.append(np.ptp(quad * scale, axis=0))  # width and height in pixels
        wide, tall = np.min(sizes, axis=0)  # the face's smallest sticker decides for all nine
        if wide < _TOKEN_COLS or tall < 4:  # 4 pixels: two cells
            continue
        for f in places:
            (u, v), = camera.project(np.array([f.pos], np.float64))[0] * scale
            sticker = state.stickers[f.index]
            text = sticker.token
            col = int(u) - (len(text) - 1) // 2
            for k, ch in enumerate(text):
                out[(int(v) // 2, col + k)] = (ch, f.index)
    return out


def held_picture(state: CubeState, move: Move | None, cols: int) -> Text:
    """The held cube ``cols`` characters wide and ``cols // 2`` lines tall, as rich Text; on a
    picture large enough the front face's stickers carry their digits (:func:`_labels`)."""
    px = cols - cols % 2
    rgb, alpha = held_raster(state, move, px, digits=False)
    labels = _labels(state, px)
    marked = turning(move.face, state.n) if move is not None else frozenset()
    out = Text(no_wrap=True, overflow="crop")
    for y in range(0, px, 2):
        for x in range(px):
            top, bottom = alpha[y, x] > 0.4, alpha[y + 1, x] > 0.4
            t, b = (f"#{r:02x}{g:02x}{bl:02x}" for r, g, bl in (rgb[y, x], rgb[y + 1, x]))
            label = labels.get((y // 2, x))
            if label is not None:
                paper = _MARK if label[1] in marked else _STICKER
                out.append(label[0], Style(color="#111111", bold=True,
                                           bgcolor="#{:02x}{:02x}{:02x}".format(*paper)))
            elif top and bottom:
                out.append("▀", Style(color=t, bgcolor=b))
            elif top:
                out.append("▀", Style(color=t))
            elif bottom:
                out.append("▄", Style(color=b))
            else:
                out.append(" ")
        if y + 2 < px:
            out.append("\n")
    return out
