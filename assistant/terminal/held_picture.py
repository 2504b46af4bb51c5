"""The cube as the person holds it, drawn in the terminal with half-block characters: the layer
to turn in yellow and the arrow that shows which way, as the HTML export draws it (the same
camera and arrow from :mod:`assistant.services.held_svg`). Each character cell holds two square
pixels (the upper one as the character's colour, the lower one as its background), so a picture
``cols`` wide is ``cols // 2`` rows tall."""
from __future__ import annotations

import cv2
import numpy as np
from rich.style import Style
from rich.text import Text

from ...models.cube.geometry import FACES, NORMAL, VIEW_UP, facelets, view_right
from ...models.cube.moves import Move
from ...models.cube.state import CubeState
from ..services.held_svg import INSET, SIZE, arc_points, held_camera, turning

_BODY = (34, 34, 34)
_STICKER = (235, 235, 235)
_MARK = (255, 212, 59)
_ARROW = (217, 72, 15)
_SUPER = 4
"""Pixels drawn per terminal pixel before averaging (smooth edges at a few dozen pixels)."""


def held_raster(state: CubeState, move: Move | None, px: int) -> tuple[np.ndarray, np.ndarray]:
    """RGB pixels and coverage (0..1) of the held cube turning ``move`` (None: no layer
    marked), ``px`` pixels square."""
    n, big = state.n, px * _SUPER
    camera = held_camera(SIZE)
    scale = big / SIZE
    rgb = np.zeros((big, big, 3), np.uint8)
    cover = np.zeros((big, big), np.uint8)
    marked = turning(move.face, n) if move is not None else frozenset()

    def poly(points: np.ndarray, colour: tuple[int, int, int]) -> None:
        uv, _ = camera.project(points)
        pts = np.round(uv * scale).astype(np.int32)
        cv2.fillPoly(rgb, [pts], colour, cv2.LINE_AA)
        cv2.fillPoly(cover, [pts], 255, cv2.LINE_AA)

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
                poly(np.array([pos + INSET * (sx * right + sy * up) for sx, sy in square]),
                     _MARK if f.index in marked else _STICKER)
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
    return np.clip(lit, 0, 255).astype(np.uint8), alpha


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
    rgb, alpha = held_raster(state, move, px)
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
