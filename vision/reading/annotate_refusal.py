"""The debug picture of a refused photo: the shapes the face finder took for stickers (those
that lined up in the grid closest to a face in one colour, the rest in another) and the
reason for the refusal written across the top, so a person sees why the photo was refused."""
from __future__ import annotations

import cv2
import numpy as np

from ..locate.face_geometry import SeenShape
from .annotate_style import BLACK, FONT, MAGENTA, RED, WHITE, YELLOW, sizes

LINED_UP = YELLOW
LOOSE = MAGENTA
PANEL = WHITE
TEXT = RED

LEGEND = ("yellow squares: shapes taken for stickers that line up in a grid",
          "magenta squares: shapes taken for stickers that do not")


def annotate_refusal(image: np.ndarray, reason: str, seen: tuple[SeenShape, ...]) -> np.ndarray:
    """A copy of the refused photo with ``seen`` drawn on it and ``reason`` (with the legend
    when shapes are drawn) on a white band above it, in the picture's text size
    (:func:`.annotate_style.sizes`), wrapped to the band's width, half a row in from its edges."""
    out = image.copy()
    h, w = out.shape[:2]
    size = sizes(out.shape)
    th, line_h = size.line, size.row
    for s in seen:
        half = max(2.0, s.side * w / 2)
        x, y = s.x * w, s.y * w
        cv2.rectangle(out, (int(x - half), int(y - half)), (int(x + half), int(y + half)),
                      LINED_UP if s.lined_up else LOOSE, th + 1, cv2.LINE_AA)
    x0 = line_h // 2
    lines = _wrapped("refused: " + reason, w - 2 * x0, size.font, th)
    legend = [(LINED_UP, LEGEND[0]), (LOOSE, LEGEND[1])] if seen else []
    band = np.full((line_h * (len(lines) + len(legend)) + line_h // 2, w, 3), PANEL, np.uint8)
    for k, text in enumerate(lines):
        cv2.putText(band, text, (x0, (k + 1) * line_h), FONT, size.font, TEXT, th, cv2.LINE_AA)
    for k, (colour, text) in enumerate(legend, len(lines) + 1):
        y = k * line_h
        cv2.rectangle(band, (x0, y - line_h // 2), (x0 + line_h // 2, y), colour, -1)
        cv2.putText(band, text, (x0 + line_h, y), FONT, size.font, BLACK, max(1, th - 1),
                    cv2.LINE_AA)
    return np.vstack([band, out])


def _wrapped(text: str, width: int, scale: float, thickness: int) -> list[str]:
    """``text`` in lines that each fit ``width`` pixels as OpenCV draws them at ``scale`` and
    ``thickness``, broken between words, and a word wider than the width (a photo's long
    path) within it (:func:`_pieces`): measured line by line, since a line of wide letters
    overflows an average letter's count."""
    lines: list[str] = []
    for word in text.split():
        *whole, word = _pieces(word, width, scale, thickness)
        lines += whole  # each on a line of its own, the last piece joined as a word is
        wider = f"{lines[-1]} {word}" if lines and not whole else word
        if lines and not whole and cv2.getTextSize(wider, FONT, scale, thickness)[0][0] <= width:
            lines[-1] = wider
        else:
            lines.append(word)
    return lines


def _pieces(word: str, width: int, scale: float, thickness: int) -> list[str]:
    """``word`` cut into pieces that each fit ``width`` pixels (itself where it fits), each
    as long as fits; a path is cut after a separator where one lies in the piece."""
    pieces: list[str] = []
    while cv2.getTextSize(word, FONT, scale, thickness)[0][0] > width and len(word) > 1:
        n = len(word) - 1
        while n > 1 and cv2.getTextSize(word[:n], FONT, scale, thickness)[0][0] > width:
            n -= 1
        cut = max(word.rfind("/", 0, n), word.rfind("\\", 0, n)) + 1
        n = cut if cut > 1 else n  # not after a path's leading "/": a piece of its own
        pieces.append(word[:n])
        word = word[n:]
    return pieces + [word]
