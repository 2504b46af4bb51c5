"""Digit templates (9 digits x 4 rotations), rendered from fonts or shipped.

A :class:`TemplateSet` is plain data: normalised glyph images, their digit and rotation labels
and a metadata dict. It is saved as ``NAME.npz`` (arrays only, loaded with
``allow_pickle=False``) plus ``NAME.json`` (metadata), so user profiles never need pickle.
:func:`default_templates` renders the built-in set lazily from an installed bold sans font
and adds the shipped serif set (``vision/data/templates-serif``, rendered offline from a
Century Schoolbook face by ``python -m tools.build_templates``, so no serif font is needed at
run time).
"""
from __future__ import annotations

import functools
import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable

import numpy as np
from PIL import Image, ImageDraw, ImageFont

from ...storage.atomic import atomic_path, atomic_write_text
from .classes import DIGITS
from ..numeric import TINY
from .counters import class_counter_vectors
from ..cells.glyph import GLYPH, normalise_glyph, rotate_glyph, split_underline
from .print_facts import is_underlined

FONT_DIRS = ("/usr/share/fonts", "/usr/share/texmf/fonts/opentype", "/usr/local/share/fonts",
             "/Library/Fonts", "C:/Windows/Fonts", str(Path.home() / ".fonts"))

TEMPLATE_FONTS = ("DejaVuSans-Bold.ttf", "LiberationSans-Bold.ttf", "FreeSansBold.ttf",
                  "Arial Bold.ttf", "arialbd.ttf")
"""Preferred fonts of the default templates (first one found)."""

SERIF_TEMPLATE_FONTS = ("texgyreschola-bold.otf",)
"""Fonts of the shipped serif templates: TeX Gyre Schola Bold, a Century Schoolbook clone like
the print of the black Sudoku Cube (footed 1, ball-terminal 2 3 6 9)."""

SERIF_TEMPLATES = Path(__file__).resolve().parents[1] / "data" / "templates-serif"

HELD_OUT_FONTS = (
    "FreeMonoBoldOblique.ttf", "DejaVuSans-Oblique.ttf", "LiberationSerif-BoldItalic.ttf",
    "DejaVuSansCondensed-BoldOblique.ttf", "C059-Bold.otf", "texgyrepagella-bold.otf",
    "NimbusSans-Bold.otf",
)
"""Fonts no classifier and no template is made from (``bench vision`` prints its held-out set
in them): C059 is URW's Century Schoolbook (another foundry's drawing of the black cube's
face), TeX Gyre Pagella a Palatino, Nimbus Sans a Helvetica (Debian fonts-urw-base35,
fonts-texgyre)."""

UNDERLINE_GAP = 0.09
"""The underline as :func:`render_digit` prints it: a bar this share of the digit's height
thick, as far below the digit."""
UNDERLINE_HALF = 0.36
"""...reaching this share of the digit's width either side of its middle."""


@dataclass(frozen=True)
class TemplateSet:
    """Normalised glyphs with labels: ``images`` (N, GLYPH, GLYPH) float32 in [0, 1],
    ``digits`` (N,) 1-9, ``rots`` (N,) 0-3, and free-form JSON ``meta`` (fonts, source...)."""

    images: np.ndarray
    digits: np.ndarray
    rots: np.ndarray
    meta: dict[str, object] = field(default_factory=dict)

    def __post_init__(self) -> None:
        n = len(self.images)
        if self.images.shape[1:] != (GLYPH, GLYPH) or len(self.digits) != n or len(self.rots) != n:
            raise ValueError("a TemplateSet needs images (N, 32, 32) with N digits and N rots")

    def __len__(self) -> int:
        return len(self.images)

    def save(self, stem: str | os.PathLike[str]) -> None:
        """Write ``stem.npz`` (arrays) and ``stem.json`` (metadata), each write-then-rename."""
        stem = Path(stem)
        with atomic_path(stem.with_suffix(".npz")) as tmp, open(tmp, "wb") as fh:
            np.savez_compressed(fh, images=self.images.astype(np.float32),
                                digits=self.digits.astype(np.int8), rots=self.rots.astype(np.int8))
        atomic_write_text(stem.with_suffix(".json"), json.dumps(
            {"format": "sudoku-cube-templates/1", "count": len(self), **self.meta}, indent=2))

    @staticmethod
    def load(stem: str | os.PathLike[str]) -> "TemplateSet":
        """Read a set written by :meth:`save` (no pickle)."""
        stem = Path(stem)
        with np.load(stem.with_suffix(".npz"), allow_pickle=False) as z:
            images, digits, rots = z["images"], z["digits"], z["rots"]
        meta_path = stem.with_suffix(".json")
        meta = json.loads(meta_path.read_text(encoding="utf-8")) if meta_path.exists() else {}
        return TemplateSet(images.astype(np.float32), digits.astype(int), rots.astype(int), meta)

    @functools.cached_property
    def by_class(self) -> tuple[np.ndarray, np.ndarray]:
        """The images sorted by class (stable), each flattened to zero mean and unit norm, and
        their classes: what :func:`vision.recognise.evidence.template_scores` correlates glyphs
        with, prepared once per set rather than once per face (about 0.5 ms each time)."""
        digits, rots = np.asarray(self.digits, np.int64), np.asarray(self.rots, np.int64)
        cls = (digits - 1) * 4 + rots  # vision.recognise.hog.class_index, which imports this module
        order = np.argsort(cls, kind="stable")
        return unit_rows(self.images[order]), cls[order]

    @functools.cached_property
    def counter_vectors(self) -> np.ndarray:
        """(36, 2): per class the mean way from larger to smaller counter of its templates
        (:func:`vision.recognise.counters.class_counter_vectors`), measured once per set."""
        cls = (np.asarray(self.digits, np.int64) - 1) * 4 + np.asarray(self.rots, np.int64)
        return class_counter_vectors(self.images, cls)

    def merged(self, other: "TemplateSet") -> "TemplateSet":
        """Both sets together (e.g. defaults plus templates learnt from a user's photos)."""
        return TemplateSet(np.concatenate([self.images, other.images]),
                           np.concatenate([self.digits, other.digits]),
                           np.concatenate([self.rots, other.rots]),
                           {**self.meta, "merged": other.meta})


def unit_rows(rows: np.ndarray) -> np.ndarray:
    """Each image of a stack flattened to a float32 row of zero mean and unit norm: normalised
    correlation becomes a dot product."""
    r = rows.reshape(len(rows), -1).astype(np.float32)
    r = r - r.mean(axis=1, keepdims=True)
    return r / np.maximum(np.linalg.norm(r, axis=1, keepdims=True), TINY)


@functools.cache
def find_font(name: str) -> str | None:
    """Path of an installed font file called ``name`` (first match in the usual folders)."""
    for d in FONT_DIRS:
        root = Path(d)
        if not root.is_dir():
            continue
        for p in root.rglob(name):
            return str(p)
    return None


def installed_fonts(names: Iterable[str]) -> list[str]:
    """Paths of those of ``names`` that are installed, in order."""
    return [p for p in (find_font(n) for n in names) if p]


@functools.cache
def _font(path: str | None, size: int) -> ImageFont.ImageFont | ImageFont.FreeTypeFont:
    if path is None:
        return ImageFont.load_default(size)
    return ImageFont.truetype(path, size)


def render_digit(digit: int, font_path: str | None, size: int = 3 * GLYPH,
                 underline: bool | None = None) -> np.ndarray:
    """An upright digit as a gray image (ink 0 on paper 255), underlined when it is 6 or 9.

    ``size``: the font's size in pixels; by default three times a normalised glyph's side
    (:data:`vision.cells.glyph.GLYPH`), so the templates are cut from a render finer than the
    glyph they are scaled down to. ``underline=None`` underlines 6 and 9 (the print of real
    cubes); False never does.
    """
    font = _font(font_path, size)
    canvas = Image.new("L", (2 * size, 2 * size), 255)
    draw = ImageDraw.Draw(canvas)
    draw.text((size, size), str(digit), font=font, fill=0, anchor="mm")
    if underline is None:
        underline = is_underlined(digit)
    if underline:
        x0, y0, x1, y1 = draw.textbbox((size, size), str(digit), font=font, anchor="mm")
        w, h = x1 - x0, y1 - y0
        gap = round(UNDERLINE_GAP * h)
        bar_h = max(2, gap)
        top = y1 + gap
        cx = (x0 + x1) / 2
        draw.rectangle([cx - UNDERLINE_HALF * w, top, cx + UNDERLINE_HALF * w, top + bar_h],
                       fill=0)
    return np.asarray(canvas)


def glyph_from_gray(gray: np.ndarray) -> tuple[np.ndarray | None, int | None]:
    """Normalised glyph and underline rotation of a digit rendered by :func:`render_digit`
    (ink 0 on paper 255): its ink is what is darker than halfway between the two."""
    parts = split_underline(gray < 255 / 2)
    return normalise_glyph(parts.body), parts.underline_rot


def all_rotations(images, digits, rots) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Every glyph turned to all four rotations (glyph by glyph), its label turned with it."""
    out = np.stack([rotate_glyph(g, t) for g in images for t in range(4)])
    turned = np.repeat(np.asarray(rots), 4) + np.tile(np.arange(4), len(out) // 4)
    return out, np.repeat(np.asarray(digits), 4), turned % 4


def font_templates(font: str | None) -> TemplateSet:
    """36 templates (9 digits x 4 rotations) rendered from one font file (None: Pillow's
    built-in font); underlines are removed (the underline is judged separately), so 6 and 9
    differ here only by their glyph shape."""
    upright = [glyph_from_gray(render_digit(d, font))[0] for d in DIGITS]
    images, digits, rots = all_rotations(upright, DIGITS, [0] * 9)
    return TemplateSet(images, digits, rots,
                       {"source": "fonts", "fonts": [Path(font).name if font else "default"]})


@functools.cache
def default_templates() -> TemplateSet:
    """The built-in templates: 36 (9 digits x 4 rotations) from the first installed bold sans,
    plus the shipped serif set (:data:`SERIF_TEMPLATES`) when its file is there.

    Rendered or loaded on first use and cached for the process.
    """
    fonts = installed_fonts(TEMPLATE_FONTS)
    sans = font_templates(fonts[0] if fonts else None)
    if not SERIF_TEMPLATES.with_suffix(".npz").exists():
        return sans
    return sans.merged(TemplateSet.load(SERIF_TEMPLATES))
