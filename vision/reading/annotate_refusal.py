"""The debug picture of a refused photo: the shapes the face finder took for stickers (those
that lined up in the grid closest to a face in one colour, the rest in another) and the
reason for the refusal written across the top, so a person sees why the photo was refused."""
from __future__ import annotations

import textwrap

import cv2
import numpy as np

from ..locate.face_geometry import SeenShape
from .annotate import line_width

LINED_UP = (0, 200, 255)
LOOSE = (255, 0, 255)
PANEL = (255, 255, 255)
TEXT = (0, 0, 200)

LEGEND = ("yellow squares: shapes taken for stickers that line up in a grid",
          "magenta squares: shapes taken for stickers that do not")


def annotate_refusal(image: np.ndarray, reason: str, seen: tuple[SeenShape, ...]) -> np.ndarray:
    """A copy of the refused photo with ``seen`` drawn on it and ``reason`` (with the legend
    when shapes are drawn) on a white band above it."""
    out = image.copy()
    h, w = out.shape[:2]
    th = line_width(out.shape)
    for s in seen:
        half = max(2.0, s.side * w / 2)
        x, y = s.x * w, s.y * w
        cv2.rectangle(out, (int(x - half), int(y - half)), (int(x + half), int(y + half)),
                      LINED_UP if s.lined_up else LOOSE, th + 1, cv2.LINE_AA)
    lines = textwrap.wrap("refused: " + reason, 70)
    legend = [(LINED_UP, LEGEND[0]), (LOOSE, LEGEND[1])] if seen else []
    line_h = max(16, w // 40)
    scale = _scale("M" * 72, 0.96 * w, 0.6 * line_h)
    band = np.full((line_h * (len(lines) + len(legend)) + line_h // 2, w, 3), PANEL, np.uint8)
    x0 = int(0.02 * w)
    for k, text in enumerate(lines):
        cv2.putText(band, text, (x0, (k + 1) * line_h), cv2.FONT_HERSHEY_SIMPLEX, scale, TEXT,
                    th, cv2.LINE_AA)
    for k, (colour, text) in enumerate(legend, len(lines) + 1):
        y = k * line_h
        cv2.rectangle(band, (x0, y - line_h // 2), (x0 + line_h // 2, y), colour, -1)
        cv2.putText(band, text, (x0 + line_h, y), cv2.FONT_HERSHEY_SIMPLEX, scale, (0, 0, 0),
                    max(1, th - 1), cv2.LINE_AA)
    return np.vstack([band, out])


def _scale(text: str, width: float, height: float) -> float:
    """The Hershey font scale at which ``text`` fits ``width`` x ``height`` pixels."""
    (tw, tht), _ = cv2.getTextSize(text, cv2.FONT_HERSHEY_SIMPLEX, 1.0, 1)
    return max(0.3, min(width / max(tw, 1), height / max(tht, 1)))
