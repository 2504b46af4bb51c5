"""What a phone camera does to the light: exposure, white balance, vignetting, focus and
shake, sensor noise and JPEG compression."""
from __future__ import annotations

import random

import cv2
import numpy as np


def develop(linear: np.ndarray, rng: random.Random, nrng: np.random.Generator,
            jpeg_quality: int, dim: bool = False, blur_scale: float = 1.0) -> np.ndarray:
    """The 8-bit BGR photo of a scene's light (H, W, 3 float): exposed for its brightest
    part (as a phone does), with a soft shoulder,
    white balance off by a few percent, darker corners, a little out of focus or shaken,
    noisy in proportion to the light, then JPEG-compressed at ``jpeg_quality``. ``dim``: a
    dark room, where the phone's exposure falls short (0.25-0.5 of the usual brightness) and
    the gain it raises instead brings the sensor's noise up with it. ``blur_scale`` (at most
    1) shortens the defocus and shake, for a subject smaller than the standard exam's, so that
    they blur its stickers no more than they blur those of the smallest standard face."""
    h, w = linear.shape[:2]
    exposure = rng.uniform(0.25, 0.5) if dim else 1.0
    # auto exposure: the brightest part of the scene lands near white, give or take
    bright = float(np.percentile(linear[::4, ::4].max(axis=2), 99.5))
    img = linear * float(np.clip(rng.uniform(0.78, 1.0) / max(bright, 1e-3), 0.8, 2.5))
    if dim:
        img = img * exposure
    img = img * np.array([rng.uniform(0.88, 1.12), 1.0, rng.uniform(0.88, 1.12)], np.float32)
    img = 1.15 * img / (1 + 0.15 * img)  # soft highlights instead of a hard clip
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    r2 = ((xx - w / 2) ** 2 + (yy - h / 2) ** 2) / ((w / 2) ** 2 + (h / 2) ** 2)
    img *= (1 - rng.uniform(0.05, 0.35) * r2)[..., None]
    sigma = rng.choice([0.0, 0.5, 0.8, 1.1, 1.5]) * max(w, h) / 900
    if blur_scale != 1.0:
        sigma *= blur_scale
    if sigma > 0.2:
        img = cv2.GaussianBlur(img, (0, 0), sigma)
    if rng.random() < 0.2:
        length = rng.randint(2, max(3, int(5 * max(w, h) / 900)))
        if blur_scale != 1.0:
            length = max(1, int(round(length * blur_scale)))
        k = np.zeros((length * 2 + 1, length * 2 + 1), np.float32)
        a = rng.uniform(0, np.pi)
        for i in range(-length, length + 1):
            k[int(round(length + i * np.sin(a))), int(round(length + i * np.cos(a)))] = 1
        img = cv2.filter2D(img, -1, k / k.sum())
    img = np.clip(img, 0, 1)
    gamma = img ** (1 / 1.1)
    level = rng.uniform(0.015, 0.03) / np.sqrt(exposure) if dim else rng.uniform(0.008, 0.03)
    noise = nrng.normal(0, 1, (h, w, 1)).astype(np.float32) * level * np.sqrt(gamma + 0.02)
    noise = noise + nrng.normal(0, 1, (h, w, 3)).astype(np.float32) * level * 0.4
    out = np.clip((gamma + noise) * 255 + 0.5, 0, 255).astype(np.uint8)
    ok, buf = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, int(jpeg_quality)])
    return cv2.imdecode(buf, cv2.IMREAD_COLOR)
