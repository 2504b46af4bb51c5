"""Light and sensor effects on a rendered RGB float image: gradient, vignette, glare, shadow,
blur (focus and motion), noise, colour cast and JPEG compression."""
from __future__ import annotations

import math
import random

import cv2
import numpy as np


def gradient(img: np.ndarray, rng: random.Random, strength: float) -> np.ndarray:
    """Light falling off across the picture in a random direction."""
    h, w = img.shape[:2]
    a = rng.uniform(0, 2 * math.pi)
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    t = ((xx - w / 2) * math.cos(a) + (yy - h / 2) * math.sin(a)) / max(w, h)
    return img * (1 + strength * 2 * t)[..., None]


def vignette(img: np.ndarray, strength: float) -> np.ndarray:
    """Darker corners, as small lenses give."""
    h, w = img.shape[:2]
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    r2 = ((xx - w / 2) / (w / 2)) ** 2 + ((yy - h / 2) / (h / 2)) ** 2
    return img * (1 - strength * r2 / 2)[..., None]


def glare(img: np.ndarray, rng: random.Random, count: int, near=None) -> np.ndarray:
    """Bright soft spots (reflections of a lamp on glossy stickers). ``near`` is a point list
    the spots gather around (the cube)."""
    h, w = img.shape[:2]
    out = img.copy()
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    for _ in range(count):
        if near is not None and len(near) and rng.random() < 0.8:
            cx, cy = near[rng.randrange(len(near))]
            cx += rng.uniform(-0.05, 0.05) * w
            cy += rng.uniform(-0.05, 0.05) * h
        else:
            cx, cy = rng.uniform(0, w), rng.uniform(0, h)
        sx, sy = rng.uniform(0.015, 0.06) * w, rng.uniform(0.01, 0.04) * w
        a = rng.uniform(0, math.pi)
        dx, dy = xx - cx, yy - cy
        u = (dx * math.cos(a) + dy * math.sin(a)) / sx
        v = (-dx * math.sin(a) + dy * math.cos(a)) / sy
        out += (rng.uniform(0.25, 0.8) * np.exp(-(u * u + v * v) / 2))[..., None]
    return out


def shadow(img: np.ndarray, rng: random.Random, depth: float) -> np.ndarray:
    """A soft-edged shadow (of a hand or the phone) over part of the picture."""
    h, w = img.shape[:2]
    mask = np.zeros((h, w), np.float32)
    cx, cy = rng.uniform(0, w), rng.uniform(0, h)
    pts = []
    for k in range(rng.randint(4, 7)):
        ang = 2 * math.pi * k / 7 + rng.uniform(-0.3, 0.3)
        r = rng.uniform(0.3, 0.8) * max(w, h)
        pts.append((cx + r * math.cos(ang), cy + r * math.sin(ang)))
    cv2.fillPoly(mask, [np.array(pts, np.int32)], 1.0)
    k = max(3, int(min(w, h) * rng.uniform(0.02, 0.08)) | 1)
    mask = cv2.GaussianBlur(mask, (0, 0), k)
    return img * (1 - depth * mask)[..., None]


def focus_blur(img: np.ndarray, sigma: float) -> np.ndarray:
    """Out-of-focus blur (Gaussian)."""
    return cv2.GaussianBlur(img, (0, 0), sigma) if sigma > 0.05 else img


def motion_blur(img: np.ndarray, length: float, angle: float) -> np.ndarray:
    """Camera shake: a line kernel of ``length`` pixels at ``angle`` radians."""
    if length < 1.5:
        return img
    n = int(math.ceil(length)) | 1
    kernel = np.zeros((n, n), np.float32)
    c = n // 2
    dx, dy = math.cos(angle) * (length / 2), math.sin(angle) * (length / 2)
    cv2.line(kernel, (int(round(c - dx)), int(round(c - dy))),
             (int(round(c + dx)), int(round(c + dy))), 1.0, 1, cv2.LINE_AA)
    kernel /= kernel.sum()
    return cv2.filter2D(img, -1, kernel)


def colour_cast(img: np.ndarray, rng: random.Random, strength: float) -> np.ndarray:
    """White balance off: warm (tungsten) or cool (daylight, screens) tint."""
    warm = rng.uniform(-1, 1) * strength
    gains = np.array([1 + 0.18 * warm, 1 + rng.uniform(-0.05, 0.05) * strength,
                      1 - 0.18 * warm], np.float32)
    return img * gains


def noise(img: np.ndarray, nrng: np.random.Generator, sigma: float) -> np.ndarray:
    """Sensor noise: luminance plus a little chroma noise, stronger in the dark."""
    h, w = img.shape[:2]
    lum = nrng.normal(0, sigma, size=(h, w, 1)).astype(np.float32)
    chroma = nrng.normal(0, sigma * 0.4, size=(h, w, 3)).astype(np.float32)
    scale = (1.3 - 0.6 * np.clip(img.mean(axis=2, keepdims=True), 0, 1))
    return img + (lum + chroma) * scale


def jpeg(img_bgr: np.ndarray, quality: int) -> np.ndarray:
    """JPEG round trip (blocking and ringing of a heavily compressed picture)."""
    ok, buf = cv2.imencode(".jpg", img_bgr, [cv2.IMWRITE_JPEG_QUALITY, int(quality)])
    return cv2.imdecode(buf, cv2.IMREAD_COLOR)


def to_bgr8(img: np.ndarray) -> np.ndarray:
    """RGB float [0, 1] -> BGR uint8 with a display gamma curve kept simple (clip)."""
    return np.ascontiguousarray((np.clip(img, 0, 1)[..., ::-1] * 255 + 0.5).astype(np.uint8))
