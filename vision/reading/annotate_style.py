"""How the debug pictures draw: a small palette of pure colours and the sizes of lines and
text, all following the picture's size by one scale, shared by the pictures of a reading
(:mod:`.annotate`), of a refusal (:mod:`.annotate_refusal`) and of a face's cells
(:mod:`.annotate_cells`)."""
from __future__ import annotations

from dataclasses import dataclass

import cv2

RED = (0, 0, 255)
GREEN = (0, 255, 0)
CYAN = (255, 255, 0)
YELLOW = (0, 255, 255)
MAGENTA = (255, 0, 255)
WHITE = (255, 255, 255)
BLACK = (0, 0, 0)
"""The palette (BGR): colours a person tells apart at a glance on any photo."""

FONT = cv2.FONT_HERSHEY_SIMPLEX

PIXELS_PER_LINE = 500
"""The one scale of the debug pictures: a line is one pixel wide per this many pixels of the
picture's longer side (one at least), and text is written at a third of that width in
Hershey's font scale, so marks and words stay in proportion on a small or a large photo."""


@dataclass(frozen=True)
class Sizes:
    """A picture's drawing sizes in pixels: ``line`` (a line's width), ``font`` (Hershey font
    scale of legends and messages), ``row`` (a row of such text: its ascent and descent and a line's
    width between rows)."""

    line: int
    font: float
    row: int


def sizes(shape: tuple[int, ...]) -> Sizes:
    """The drawing sizes of a picture of ``shape`` (:data:`PIXELS_PER_LINE`)."""
    unit = max(shape[:2]) / PIXELS_PER_LINE
    font = unit / 3
    line = max(1, round(unit))
    (_, ascent), descent = cv2.getTextSize("Mg", FONT, font, 1)
    return Sizes(line, font, ascent + descent + line)


def text_scale(text: str, width: float, height: float, thickness: int = 1) -> float:
    """The Hershey font scale at which ``text`` fits ``width`` x ``height`` pixels."""
    (w, h), _ = cv2.getTextSize(text, FONT, 1.0, thickness)
    return min(width / max(w, 1), height / max(h, 1))
