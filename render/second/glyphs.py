"""Digit masks: a font's digit, emboldened, with the 6/9 underline, turned as a token says."""
from __future__ import annotations

from functools import lru_cache

import numpy as np
from PIL import Image, ImageDraw, ImageFont

BASE = 240
"""Font size (pixels) the masks are drawn at before scaling."""


@lru_cache(maxsize=256)
def _glyph(font_file: str, digit: int, bold_px: int) -> np.ndarray:
    """The digit's ink (0..1 float, tight box) at :data:`BASE` size."""
    font = ImageFont.truetype(font_file, BASE)
    img = Image.new("L", (BASE * 2, BASE * 2), 0)
    ImageDraw.Draw(img).text((BASE // 2, BASE // 4), str(digit), fill=255, font=font,
                             stroke_width=bold_px, stroke_fill=255)
    a = np.asarray(img, np.float32) / 255.0
    ys, xs = np.nonzero(a > 0.02)
    return a[ys.min():ys.max() + 1, xs.min():xs.max() + 1]


@lru_cache(maxsize=512)
def digit_mask(font_file: str, digit: int, bold: float, underline: bool) -> np.ndarray:
    """The upright digit with its underline (6 and 9 when ``underline``), ink 0..1, in a
    box whose height is the digit's (the underline hangs below the box's lower part).
    ``bold``: stroke added around the outline, as a fraction of the font size."""
    g = _glyph(font_file, digit, int(round(bold * BASE)))
    if not (underline and digit in (6, 9)):
        return g
    h, w = g.shape
    gap, bar = max(2, int(0.07 * h)), max(3, int(0.085 * h))
    out = np.zeros((h + gap + bar, w), np.float32)
    out[:h] = g
    x0, x1 = int(0.12 * w), int(0.88 * w)
    out[h + gap:h + gap + bar, x0:x1] = 1.0
    return out


def turned(mask: np.ndarray, rot: int) -> np.ndarray:
    """The mask turned ``rot`` quarter turns clockwise (a token's rotation)."""
    return np.ascontiguousarray(np.rot90(mask, -rot))
