"""A flat picture of part of a ground, in the ground's own units, and the painting helpers the
patterned grounds share (lines, text, fonts, words).

Ground units are about a centimetre: a cube of size 3 spans 6 units, so a sticker place is 2
units wide, as on a real 57 mm cube. A :class:`Sheet` covers the part of the ground a camera
sees; :mod:`render.plane` lays it under that camera.
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass
from functools import cache

import cv2
import numpy as np
from PIL import Image, ImageDraw, ImageFont

from ..models.errors import SudokuCubeError
from .fonts import available_fonts, font_path, load_font

Colour = tuple[int, int, int]

TEXT_FONTS = ("DejaVuSerif.ttf", "LiberationSerif-Regular.ttf", "FreeSerif.ttf",
              "DejaVuSans.ttf", "LiberationSans-Regular.ttf", "FreeSans.ttf",
              "DejaVuSansCondensed.ttf", "LiberationMono-Regular.ttf")
"""Regular (not bold) faces for printed pages, calendars and key caps, when installed."""

BOLD_FONTS = ("DejaVuSans-Bold.ttf", "LiberationSans-Bold.ttf", "FreeSansBold.ttf",
              "DejaVuSerif-Bold.ttf", "LiberationSerif-Bold.ttf")
"""Bold faces for headings and the givens of a printed sudoku, when installed."""

WORDS = ("the", "of", "and", "to", "in", "is", "that", "for", "it", "as", "was", "with", "on",
         "be", "at", "by", "this", "from", "or", "one", "had", "not", "but", "what", "all",
         "were", "when", "we", "there", "can", "an", "your", "which", "their", "said", "if",
         "will", "each", "about", "how", "up", "out", "them", "then", "she", "many", "some",
         "so", "these", "would", "other", "into", "has", "more", "two", "like", "time", "see",
         "number", "way", "could", "people", "than", "first", "water", "been", "call", "who",
         "now", "find", "long", "down", "day", "did", "get", "come", "made", "may", "part",
         "council", "weather", "market", "garden", "station", "morning", "puzzle", "weekend",
         "report", "season", "minister", "results", "history", "village", "evening")
"""Words of the printed text (English, short and long)."""

MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August",
          "September", "October", "November", "December")
DAYS = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")


@cache
def _installed(names: tuple[str, ...]) -> tuple[str, ...]:
    out = []
    for name in names:
        try:
            out.append(str(font_path(name)))
        except SudokuCubeError:
            pass
    return tuple(out) or (str(available_fonts()[0]),)


def text_font(rng: random.Random, bold: bool = False) -> str:
    """The path of a font for printed text: regular faces, or ``bold`` ones."""
    return rng.choice(_installed(BOLD_FONTS if bold else TEXT_FONTS))


def sentence(rng: random.Random, words: int) -> str:
    """``words`` random words, the first capitalised, ending in a full stop."""
    text = " ".join(rng.choice(WORDS) for _ in range(max(1, words)))
    return text[0].upper() + text[1:] + "."


@dataclass
class Sheet:
    """An RGB picture of a ground region: ground point (``u0``, ``v0``) lies at its pixel
    (0, 0) and one pixel spans ``unit`` ground units along both axes."""

    image: Image.Image
    u0: float
    v0: float
    unit: float

    @staticmethod
    def blank(u0: float, v0: float, u1: float, v1: float, unit: float,
              colour: Colour = (128, 128, 128)) -> "Sheet":
        """A sheet of one colour covering ground units ``u0..u1`` by ``v0..v1``."""
        w = max(2, int(math.ceil((u1 - u0) / unit)))
        h = max(2, int(math.ceil((v1 - v0) / unit)))
        return Sheet(Image.new("RGB", (w, h), colour), u0, v0, unit)

    @property
    def bounds(self) -> tuple[float, float, float, float]:
        """The ground region covered: u0, v0, u1, v1."""
        w, h = self.image.size
        return self.u0, self.v0, self.u0 + w * self.unit, self.v0 + h * self.unit

    def xy(self, u: float, v: float) -> tuple[float, float]:
        """Pixel coordinates of ground point (u, v)."""
        return (u - self.u0) / self.unit, (v - self.v0) / self.unit

    def px(self, units: float) -> int:
        """A length in whole pixels (at least one)."""
        return max(1, int(round(units / self.unit)))

    def draw(self) -> ImageDraw.ImageDraw:
        """A drawing context on the sheet."""
        return ImageDraw.Draw(self.image)

    def array(self) -> np.ndarray:
        """The sheet as float32 RGB in [0, 1]."""
        return np.asarray(self.image, np.float32) / 255.0

    def set_array(self, rgb: np.ndarray) -> None:
        """Replace the sheet's pixels by float RGB in [0, 1]."""
        self.image = Image.fromarray((np.clip(rgb, 0, 1) * 255 + 0.5).astype(np.uint8))

    def coords(self) -> tuple[np.ndarray, np.ndarray]:
        """Ground coordinates (u of each column, v of each row) of the pixel centres."""
        w, h = self.image.size
        return (self.u0 + (np.arange(w, dtype=np.float32) + 0.5) * self.unit,
                self.v0 + (np.arange(h, dtype=np.float32) + 0.5) * self.unit)

    def font(self, path: str, units: float) -> ImageFont.FreeTypeFont:
        """A font whose size is ``units`` ground units (about a centimetre each)."""
        return load_font(path, max(4, self.px(units)))


def lines(sheet: Sheet, draw: ImageDraw.ImageDraw, u_range: tuple[float, float],
          v_range: tuple[float, float], pitch: float, width: float, colour, along_u: bool,
          phase: float = 0.0) -> None:
    """Parallel straight lines ``pitch`` units apart (offset ``phase``), ``width`` units wide,
    inside the ground rectangle ``u_range`` x ``v_range``: lines of constant v
    (``along_u``) or of constant u."""
    lo, hi = v_range if along_u else u_range
    k0 = math.ceil((lo - phase) / pitch)
    k1 = math.floor((hi - phase) / pitch)
    wpx = sheet.px(width)
    for k in range(k0, k1 + 1):
        c = phase + k * pitch
        if along_u:
            a, b = sheet.xy(u_range[0], c), sheet.xy(u_range[1], c)
        else:
            a, b = sheet.xy(c, v_range[0]), sheet.xy(c, v_range[1])
        draw.line((a, b), fill=colour, width=wpx)


def paste_turned(sheet: Sheet, item: Image.Image, centre: tuple[float, float],
                 angle_deg: float) -> None:
    """Lay a flat ``item`` (RGBA, at the sheet's scale) on the sheet, its centre at ground
    point ``centre``, turned ``angle_deg`` degrees counter-clockwise as the sheet shows it."""
    src = np.asarray(item.convert("RGBA"))
    h, w = src.shape[:2]
    x, y = sheet.xy(*centre)
    M = cv2.getRotationMatrix2D((w / 2, h / 2), angle_deg, 1.0)
    M[:, 2] += (x - w / 2, y - h / 2)
    W, H = sheet.image.size
    laid = cv2.warpAffine(src, M, (W, H), flags=cv2.INTER_LINEAR,
                          borderMode=cv2.BORDER_CONSTANT, borderValue=(0, 0, 0, 0))
    alpha = laid[..., 3:4].astype(np.float32) / 255
    base = np.asarray(sheet.image.convert("RGB"), np.float32)
    sheet.image = Image.fromarray((base * (1 - alpha) + laid[..., :3] * alpha + 0.5)
                                  .astype(np.uint8))


def item_canvas(sheet: Sheet, w_units: float, h_units: float, colour) -> Image.Image:
    """A blank RGBA item of ``w_units`` x ``h_units`` ground units at the sheet's scale."""
    return Image.new("RGBA", (sheet.px(w_units), sheet.px(h_units)), tuple(colour) + (255,))


def tinted(base: Colour, rng: random.Random, spread: float) -> Colour:
    """``base`` with each channel moved by up to ``spread`` (0-1 of full scale)."""
    return tuple(int(min(255, max(0, c + rng.uniform(-spread, spread) * 255))) for c in base)


def smooth_noise(nrng: np.random.Generator, h: int, w: int, cells_y: int,
                 cells_x: int) -> np.ndarray:
    """Low-frequency noise in about [-1, 1]: a ``cells_y`` x ``cells_x`` random grid
    resized smoothly to h x w (fewer cells along an axis stretch the noise along it)."""
    small = nrng.uniform(-1, 1, size=(max(2, cells_y), max(2, cells_x))).astype(np.float32)
    return cv2.resize(small, (w, h), interpolation=cv2.INTER_CUBIC)

