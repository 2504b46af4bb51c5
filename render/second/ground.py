"""What the cube lies on: procedural surfaces evaluated at points of the table plane.

Each surface is a function of plane coordinates (cube units: the cube's side is 2), so it is
seen in true perspective, fine where the camera is close and averaged where one pixel covers
much of the plane (``footprint``: plane units per pixel fades detail that would alias).
"""
from __future__ import annotations

import random
import string

import cv2
import numpy as np
from PIL import Image, ImageDraw, ImageFont

from .noise import Noise

SURFACES = ("wood", "cloth", "stone", "print", "laminate")
"""The kinds of table surface."""


def _fade(footprint: np.ndarray, period: float) -> np.ndarray:
    """How much of a detail of ``period`` plane units survives at this pixel footprint."""
    return np.clip(1.5 - 2.0 * footprint / period, 0.0, 1.0)[..., None]


def _mix(a, b, t) -> np.ndarray:
    a, b = np.asarray(a, np.float32), np.asarray(b, np.float32)
    return a + (b - a) * t


def wood(rng: random.Random, nz: Noise, a, b, fp) -> np.ndarray:
    """Planks of wood: growth rings bent by noise, fine pores, dark seams between planks."""
    light = np.array(rng.choice([(0.55, 0.38, 0.22), (0.72, 0.55, 0.36), (0.42, 0.27, 0.16),
                                 (0.80, 0.66, 0.48)]), np.float32)[::-1]  # BGR
    dark = light * rng.uniform(0.55, 0.75)
    plank = rng.uniform(2.5, 5.0)
    idx = np.floor(b / plank)
    shift = (idx * 7.31) % 13.0
    ring_f = rng.uniform(2.0, 4.5)
    warp = 2.2 * nz.fbm(a * 0.12 + shift, b * 0.9, 3)
    rings = np.abs(np.sin((b * ring_f + warp * 3.0 + shift) * np.pi))[..., None] ** 0.6
    rings = 1 - (1 - rings) * _fade(fp, 1.0 / ring_f)
    pores = nz.fbm(a * 0.6, b * 40.0, 2)[..., None]
    pores = 0.5 + (pores - 0.5) * _fade(fp, 0.05)
    col = _mix(dark, light, rings) * (0.85 + 0.3 * pores)
    col *= (0.9 + 0.2 * nz.value(idx * 3.3, idx * 1.7))[..., None]
    seam = np.abs(b / plank - np.round(b / plank)) * plank
    col *= 1 - 0.6 * np.exp(-(seam / 0.03) ** 2)[..., None] * _fade(fp, 0.06)
    return col


def cloth(rng: random.Random, nz: Noise, a, b, fp) -> np.ndarray:
    """Woven cloth: a weave of threads, mottled dye and soft folds."""
    base = np.array(rng.choice([(0.55, 0.30, 0.12), (0.15, 0.15, 0.55), (0.35, 0.45, 0.30),
                                (0.45, 0.45, 0.47), (0.70, 0.62, 0.50), (0.20, 0.20, 0.22)]),
                    np.float32)
    f = rng.uniform(10, 22)
    weave = 0.5 + 0.25 * (np.sin(a * f * 2 * np.pi) * np.sign(np.sin(b * f * np.pi))
                          + np.sin(b * f * 2 * np.pi) * np.sign(np.sin(a * f * np.pi)))
    weave = 0.5 + (weave[..., None] - 0.5) * _fade(fp, 1.0 / f)
    mottle = nz.fbm(a * 0.8, b * 0.8, 4)[..., None]
    folds = nz.fbm(a * 0.15 + 3, b * 0.1, 2)[..., None]
    return base * (0.8 + 0.3 * weave) * (0.85 + 0.3 * mottle) * (0.7 + 0.5 * folds)


def stone(rng: random.Random, nz: Noise, a, b, fp) -> np.ndarray:
    """Granite or terrazzo: a grey or beige ground with dark, light and tinted flecks."""
    base = np.array(rng.choice([(0.55, 0.55, 0.55), (0.62, 0.66, 0.70), (0.35, 0.35, 0.37),
                                (0.72, 0.74, 0.78)]), np.float32)
    col = base * (0.85 + 0.3 * nz.fbm(a * 0.5, b * 0.5, 3))[..., None]
    for k, (f, thr, tint) in enumerate([(18.0, 0.72, (0.08, 0.08, 0.09)),
                                        (26.0, 0.78, (0.92, 0.92, 0.9)),
                                        (12.0, 0.82, (0.45, 0.42, 0.62)),
                                        (40.0, 0.7, (0.2, 0.2, 0.2))]):
        n = nz.value(a * f + 31 * k, b * f - 17 * k)
        m = np.clip((n - thr) * 12, 0, 1)[..., None] * _fade(fp, 1.0 / f)
        col = _mix(col, tint, m * rng.uniform(0.6, 1.0))
    return col


def laminate(rng: random.Random, nz: Noise, a, b, fp) -> np.ndarray:
    """A plain matte table top or desk mat with faint blotches."""
    base = np.array([rng.uniform(0.3, 0.9)] * 3, np.float32) * \
        np.array([rng.uniform(0.85, 1.1) for _ in range(3)], np.float32)
    return base * (0.93 + 0.14 * nz.fbm(a * 0.4, b * 0.4, 3))[..., None]


def _words(rng: random.Random) -> str:
    return " ".join("".join(rng.choice(string.ascii_lowercase) for _ in range(rng.randint(1, 9)))
                    for _ in range(rng.randint(6, 14)))


def page(rng: random.Random, px_per_unit: int, span: float, font_file: str) -> np.ndarray:
    """A printed page (grey 0..1) ``span`` units wide: paragraphs of text lines, sometimes
    ruled lines and a heading, sometimes a column of digits."""
    n = int(px_per_unit * span)
    img = Image.new("L", (n, n), 255)
    draw = ImageDraw.Draw(img)
    line = rng.uniform(0.25, 0.45) * px_per_unit
    size = int(line * rng.uniform(0.55, 0.75))
    font = ImageFont.truetype(font_file, size)
    ruled = rng.random() < 0.35
    y = rng.uniform(0, line)
    while y < n:
        if ruled:
            draw.line([(0, y + line * 0.9), (n, y + line * 0.9)], fill=170, width=2)
        if rng.random() > 0.12:
            x = rng.uniform(0, 0.3) * px_per_unit
            while x < n:
                words = _words(rng)
                if rng.random() < 0.15:
                    words = " ".join(str(rng.randint(0, 99999)) for _ in range(6))
                draw.text((x, y), words, fill=rng.randint(10, 70), font=font)
                x += font.getlength(words) + rng.uniform(1, 3) * px_per_unit
        y += line
    return np.asarray(img, np.float32) / 255.0


def printed(rng: random.Random, a, b, fp, font_file: str) -> np.ndarray:
    """Paper with printed text under the cube (the page is sampled in perspective)."""
    px, span = 60, 24.0
    sheet = page(rng, px, span, font_file)
    mx = ((a + span / 2) * px).astype(np.float32)
    my = ((b + span / 2) * px).astype(np.float32)
    grey = cv2.remap(sheet, mx, my, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REFLECT)
    far = np.clip((fp * px - 1.0) / 3.0, 0, 1)
    grey = grey * (1 - far) + 0.85 * far
    paper = np.array([rng.uniform(0.85, 0.95), rng.uniform(0.9, 0.97), rng.uniform(0.92, 1.0)],
                     np.float32)
    return grey[..., None] * paper


def surface(kind: str, rng: random.Random, seed: int, a: np.ndarray, b: np.ndarray,
            fp: np.ndarray, font_file: str) -> np.ndarray:
    """Albedo (H, W, 3, BGR 0..1) of a ``kind`` surface at plane points (``a``, ``b``) seen
    with pixel footprint ``fp``."""
    nz = Noise(seed)
    if kind == "print":
        return printed(rng, a, b, fp, font_file)
    return {"wood": wood, "cloth": cloth, "stone": stone, "laminate": laminate}[kind](
        rng, nz, a, b, fp)
