"""Augmented font renders of every digit in every turn: the font glyphs the HOG classifier
(:mod:`sudoku_cube.vision.recognise.hog`) is trained on beside the photo glyphs, by
:mod:`tools.build_classifier`. Training happens here, offline; the reader only loads the
shipped model."""
from __future__ import annotations

from pathlib import Path
from typing import Iterable

import cv2
import numpy as np

from sudoku_cube.vision.cells.glyph import normalise_glyph, rotate_glyph, split_underline
from sudoku_cube.vision.recognise.classes import DIGITS
from sudoku_cube.vision.recognise.templates import TemplateSet, installed_fonts, render_digit

TRAINING_FONTS = ("DejaVuSans-Bold.ttf", "LiberationSans-Bold.ttf", "FreeSansBold.ttf",
                  "DejaVuSansCondensed-Bold.ttf", "DejaVuSans.ttf", "LiberationSans-Regular.ttf",
                  "FreeSans.ttf", "LiberationMono-Bold.ttf", "DejaVuSansMono-Bold.ttf",
                  "arialbd.ttf", "Arial Bold.ttf", "verdanab.ttf",
                  "texgyreschola-bold.otf", "texgyreschola-regular.otf", "P052-Bold.otf",
                  "texgyretermes-bold.otf", "NimbusRoman-Bold.otf", "texgyrebonum-bold.otf",
                  "DejaVuSerif-Bold.ttf", "LiberationSerif-Bold.ttf", "FreeSerifBold.ttf")
"""Fonts the second classifier learns from (whichever are installed): bold and regular sans,
mono, and bold serif faces (Century Schoolbook, Palatino-free: Times, Bookman clones)."""


def _restroke(gray: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """The digit with its strokes thinned or thickened by up to a few pixels (a light or a
    heavy print of the same face, ink spread) and narrowed or widened (a condensed or an
    extended cut), at the render's full size."""
    k = int(rng.integers(-1, 4))
    if k:
        se = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * abs(k) + 1, 2 * abs(k) + 1))
        # ink is dark: eroding the image thickens it, dilating thins it
        gray = (cv2.erode if k > 0 else cv2.dilate)(gray, se)
    sx = rng.uniform(0.7, 1.12)
    if abs(sx - 1) > 0.03:
        h, w = gray.shape
        narrow = cv2.resize(gray, (max(8, round(w * sx)), h), interpolation=cv2.INTER_AREA)
        out = np.full_like(gray, 255)
        nw = narrow.shape[1]
        if nw <= w:
            out[:, (w - nw) // 2:(w - nw) // 2 + nw] = narrow
        else:
            out = narrow[:, (nw - w) // 2:(nw - w) // 2 + w]
        gray = out
    return gray


def _augment(gray: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A randomly distorted copy of a digit image: stroke weight and width
    (:func:`_restroke`), tilt, perspective, blur, noise, threshold."""
    gray = _restroke(gray, rng)
    h, w = gray.shape
    src = np.float32([[0, 0], [w, 0], [w, h], [0, h]])
    jitter = rng.normal(0, 0.035 * w, (4, 2)).astype(np.float32)
    m = cv2.getPerspectiveTransform(src, src + jitter)
    angle = rng.normal(0, 4.0)
    rot = cv2.getRotationMatrix2D((w / 2, h / 2), angle, rng.uniform(0.85, 1.1))
    m = np.vstack([rot, [0, 0, 1]]) @ m
    out = cv2.warpPerspective(gray, m, (w, h), borderValue=255)
    scale = rng.uniform(0.3, 0.75)  # the digit is small in a photo: lose detail like it does
    small = cv2.resize(out, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    small = cv2.GaussianBlur(small, (0, 0), rng.uniform(0.3, 1.3))
    small = np.clip(small + rng.normal(0, rng.uniform(2, 14), small.shape), 0, 255)
    mask = small < rng.uniform(90, 170)
    k = rng.integers(0, 4)
    if k == 1:
        mask = cv2.erode(mask.astype(np.uint8), np.ones((2, 2), np.uint8)).astype(bool)
    elif k == 2:
        mask = cv2.dilate(mask.astype(np.uint8), np.ones((2, 2), np.uint8)).astype(bool)
    return mask


def training_glyphs(per_class: int, seed: int, fonts: Iterable[str] = TRAINING_FONTS,
                    of_digits: Iterable[int] = DIGITS) -> TemplateSet:
    """Augmented glyphs of every digit x rotation from several fonts (HOG classifier data),
    or of ``of_digits`` only.

    ``per_class`` renders per font, digit and rotation; deterministic for a given seed.
    """
    paths = installed_fonts(fonts) or [None]
    rng = np.random.default_rng(seed)
    images, digits, rots = [], [], []
    for path in paths:
        for d in of_digits:
            for i in range(per_class):
                size = int(rng.integers(70, 120))
                gray = render_digit(d, path, size, underline=None if i % 3 else False)
                for r in range(4):
                    mask = _augment(rotate_glyph(gray, r), rng)
                    glyph = normalise_glyph(split_underline(mask).body)
                    if glyph is None:
                        continue
                    images.append(glyph)
                    digits.append(d)
                    rots.append(r)
    return TemplateSet(np.stack(images), np.array(digits), np.array(rots),
                       {"source": "training", "fonts": [Path(p).name if p else "default"
                                                        for p in paths],
                        "per_class": per_class, "seed": seed})
