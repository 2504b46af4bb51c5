"""Cluttered backgrounds: a table or cloth with texture, papers, a phone, a mug, pens, print."""
from __future__ import annotations

import random

import cv2
import numpy as np
from PIL import Image, ImageDraw

from .fonts import load_font

TABLES = [(0.55, 0.38, 0.22), (0.72, 0.60, 0.45), (0.35, 0.35, 0.36), (0.85, 0.85, 0.82),
          (0.20, 0.22, 0.30), (0.60, 0.20, 0.18), (0.45, 0.50, 0.40), (0.92, 0.90, 0.86)]
WORDS = ["the", "cube", "notes", "coffee", "monday", "meeting", "page", "list", "milk",
         "chapter", "TODO", "keys", "news", "report", "ok", "call", "draft"]


def _smooth_noise(rng: np.random.Generator, h: int, w: int, cells: int) -> np.ndarray:
    """Low-frequency noise in [-1, 1] (random grid resized up smoothly)."""
    small = rng.uniform(-1, 1,
                        size=(max(2, cells * h // max(h, w)), max(2, cells * w // max(h, w))))
    return cv2.resize(small.astype(np.float32), (w, h), interpolation=cv2.INTER_CUBIC)


def background(width: int, height: int, rng: random.Random, nrng: np.random.Generator,
               clutter: float, font: str) -> np.ndarray:
    """An RGB float32 background; ``clutter`` 0..1 sets how many objects lie around."""
    base = np.array(rng.choice(TABLES), np.float32)
    img = np.empty((height, width, 3), np.float32)
    img[:] = base
    img *= (1 + 0.10 * _smooth_noise(nrng, height, width, 6))[..., None]
    if rng.random() < 0.5:  # wood grain or fabric stripes, along x or y
        shape = ((int(rng.uniform(20, 60)), 2) if rng.random() < 0.5
                 else (2, int(rng.uniform(20, 60))))
        grain = cv2.resize(nrng.uniform(-1, 1, size=shape).astype(np.float32), (width, height),
                           interpolation=cv2.INTER_CUBIC)
        img *= (1 + 0.06 * grain)[..., None]
    pil = Image.fromarray((np.clip(img, 0, 1) * 255).astype(np.uint8))
    draw = ImageDraw.Draw(pil, "RGBA")
    count = int(round(clutter * rng.uniform(3, 9)))
    s = min(width, height)
    for _ in range(count):
        kind = rng.choice(["paper", "phone", "mug", "pen", "book", "text"])
        x, y = rng.uniform(-0.1, 1.1) * width, rng.uniform(-0.1, 1.1) * height
        colour = tuple(int(rng.uniform(30, 240)) for _ in range(3)) + (255,)
        if kind in ("paper", "phone", "book"):
            w = s * (rng.uniform(0.3, 0.6) if kind != "phone" else rng.uniform(0.15, 0.22))
            h = w * (rng.uniform(1.3, 1.5) if kind != "book" else rng.uniform(0.7, 1.4))
            fill = {"paper": (245, 245, 240, 255), "phone": (15, 15, 18, 255)}.get(kind, colour)
            ang = rng.uniform(0, np.pi)
            pts = [(-w / 2, -h / 2), (w / 2, -h / 2), (w / 2, h / 2), (-w / 2, h / 2)]
            pts = [(x + px * np.cos(ang) - py * np.sin(ang),
                    y + px * np.sin(ang) + py * np.cos(ang))
                   for px, py in pts]
            draw.polygon(pts, fill=fill)
            if kind == "paper":
                f = load_font(font, max(8, int(s * 0.025)))
                for k in range(rng.randint(2, 8)):
                    draw.text((pts[0][0] + w * 0.1, pts[0][1] + h * 0.08 + k * s * 0.04),
                              " ".join(rng.choice(WORDS) for _ in range(3)), font=f,
                              fill=(40, 40, 40, 200))
        elif kind == "mug":
            r = s * rng.uniform(0.08, 0.15)
            draw.ellipse((x - r, y - r, x + r, y + r), fill=colour)
            draw.ellipse((x - r * 0.8, y - r * 0.8, x + r * 0.8, y + r * 0.8),
                         fill=(60, 35, 20, 255))
        elif kind == "pen":
            ang = rng.uniform(0, np.pi)
            ln = s * rng.uniform(0.2, 0.4)
            draw.line((x, y, x + ln * np.cos(ang), y + ln * np.sin(ang)), fill=colour,
                      width=max(2, int(s * 0.012)))
        else:
            f = load_font(font, max(8, int(s * rng.uniform(0.03, 0.07))))
            draw.text((x, y), rng.choice(WORDS), font=f, fill=colour)
    return np.asarray(pil, dtype=np.float32) / 255.0
