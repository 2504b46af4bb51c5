"""Undoing a shaken hand: the straight motion blur of a photo, estimated and deconvolved.

A hand that moves while the shutter is open smears every point into a short straight streak.
In a corner photo the faces are foreshortened to about half their width, so a streak of a few
pixels crosses a good part of a squashed sticker and its digit reads as blurred strokes (an
8 as a blob, a 9 as a 7). Such a blur leaves its mark in the picture's spectrum: the
spectrum of a streak of length L has zeros every 1/L along its direction, and the cepstrum
(the spectrum of the log spectrum) shows them as a dip at distance L in that direction
(:func:`estimate_streak`). Wiener deconvolution with that streak (:func:`deblurred`) gives the
strokes back. The estimate is always some streak, also on a sharp photo, where
deconvolving adds ringing, so the reader only takes the deblurred cells when they read
clearly surer (:mod:`vision.reading.corners`).
"""
from __future__ import annotations

from typing import Sequence

import cv2
import numpy as np

from ...numeric import TINY

MIN_STREAK = 3
"""Shortest streak (pixels) looked for: shorter ones are ordinary defocus."""
MAX_STREAK = 16
"""Longest streak (pixels) looked for in the cube's region."""
ANGLES = 90
"""Directions tried over half a turn (2 degrees apart)."""
NOISE = 0.02
"""Wiener regularisation: the noise-to-signal power the deconvolution leaves alone (JPEG
blocks and sensor noise are not amplified where the streak's spectrum is weak). Exam-renderer
corner photos (two seed ranges, 160 photos each, read as the reader does) read 7 stickers more
at 0.02 than at 0.01 on each range; at 0.03 as many as at 0.01, at 0.003 fewer (the
deblurred faces ring)."""


def estimate_streak(gray: np.ndarray) -> tuple[float, float]:
    """The straight motion blur of a single-channel picture: (length in pixels, direction in
    radians, x right, y down), the deepest dip of its cepstrum (see the module)."""
    g = gray.astype(np.float32)
    h, w = g.shape
    window = np.outer(np.hanning(h), np.hanning(w)).astype(np.float32)
    big = cv2.getOptimalDFTSize(h), cv2.getOptimalDFTSize(w)
    tapered = cv2.copyMakeBorder((g - g.mean()) * window, 0, big[0] - h, 0, big[1] - w,
                                 cv2.BORDER_CONSTANT, value=0)
    spectrum = cv2.dft(tapered, flags=cv2.DFT_COMPLEX_OUTPUT)
    log_mag = np.log(cv2.magnitude(spectrum[..., 0], spectrum[..., 1]) + TINY)
    # the log spectrum is real and even: its forward transform is the (scaled) cepstrum
    cep = cv2.dft(log_mag, flags=cv2.DFT_COMPLEX_OUTPUT)[..., 0]
    angles = np.linspace(0, np.pi, ANGLES, endpoint=False)
    lengths = np.arange(MIN_STREAK, MAX_STREAK + 1)
    dx = np.rint(lengths[None, :] * np.cos(angles)[:, None]).astype(int)
    dy = np.rint(lengths[None, :] * np.sin(angles)[:, None]).astype(int)
    dips = cep[dy % big[0], dx % big[1]]
    dips[on_block_grid(dx, dy)] = np.inf
    a, k = np.unravel_index(int(np.argmin(dips)), dips.shape)
    return float(lengths[k]), float(angles[a])


JPEG_BLOCK = 8
"""Side of a JPEG's compression blocks in pixels."""


def on_block_grid(dx: np.ndarray, dy: np.ndarray) -> np.ndarray:
    """Whether each cepstrum offset (``dx``, ``dy`` pixels) lies straight across or down by
    a multiple of :data:`JPEG_BLOCK`: a compressed photo's block edges repeat there, and
    its cepstrum dips at those offsets whether the hand shook or not (on exam-renderer
    corner photos the deepest dip of one still photo in nine was 8 pixels straight across,
    and a shaken photo's true streak lost to it)."""
    return ((dy == 0) & (dx % JPEG_BLOCK == 0)) | ((dx == 0) & (dy % JPEG_BLOCK == 0))


def streak_kernel(length: float, angle: float) -> np.ndarray:
    """A straight streak of ``length`` pixels along ``angle`` as a normalised blur kernel
    (float32, odd square), sampled finely and spread bilinearly over the pixels."""
    r = int(np.ceil(length / 2)) + 1
    k = np.zeros((2 * r + 2, 2 * r + 2), np.float32)
    t = np.linspace(-(length - 1) / 2, (length - 1) / 2, 8 * max(1, int(length)) + 1)
    x, y = r + t * np.cos(angle), r + t * np.sin(angle)
    x0, y0 = np.floor(x).astype(int), np.floor(y).astype(int)
    fx, fy = (x - x0).astype(np.float32), (y - y0).astype(np.float32)
    for dx, dy, wgt in ((0, 0, (1 - fx) * (1 - fy)), (1, 0, fx * (1 - fy)),
                        (0, 1, (1 - fx) * fy), (1, 1, fx * fy)):
        np.add.at(k, (y0 + dy, x0 + dx), wgt)
    k = k[:2 * r + 1, :2 * r + 1]
    return k / k.sum()


def deblurred(image: np.ndarray, kernel: np.ndarray, noise: float = NOISE) -> np.ndarray:
    """``image`` (8-bit, one or three channels) Wiener-deconvolved with ``kernel``; its border
    mirrored first, so the picture's edges do not ring."""
    pad = kernel.shape[0]
    h, w = image.shape[:2]
    big = cv2.getOptimalDFTSize(h + 2 * pad), cv2.getOptimalDFTSize(w + 2 * pad)
    f = cv2.copyMakeBorder(image, pad, big[0] - h - pad, pad, big[1] - w - pad,
                           cv2.BORDER_REFLECT).astype(np.float32)
    psf = np.zeros(big, np.float32)
    kh, kw = kernel.shape
    psf[:kh, :kw] = kernel
    otf = cv2.dft(np.roll(psf, (-(kh // 2), -(kw // 2)), (0, 1)), flags=cv2.DFT_COMPLEX_OUTPUT)
    power = otf[..., 0] ** 2 + otf[..., 1] ** 2 + noise
    gain = np.dstack([otf[..., 0] / power, -otf[..., 1] / power])  # conj(otf) / power
    planes = cv2.split(f) if f.ndim == 3 else [f]
    out = [cv2.idft(cv2.mulSpectrums(cv2.dft(p, flags=cv2.DFT_COMPLEX_OUTPUT), gain, 0),
                    flags=cv2.DFT_SCALE | cv2.DFT_REAL_OUTPUT) for p in planes]
    sharp = cv2.merge(out) if len(out) > 1 else out[0]
    return np.clip(sharp[pad:pad + h, pad:pad + w] + 0.5, 0, 255).astype(np.uint8)


def _region(quads: Sequence[np.ndarray], shape: tuple[int, ...]) -> tuple[slice, slice]:
    """The picture's rows and columns round the outlines ``quads``, with a margin of two
    of the longest streaks."""
    pts = np.vstack([np.asarray(q, np.float64).reshape(-1, 2) for q in quads])
    margin = 2 * MAX_STREAK
    x0, y0 = (max(0, int(v) - margin) for v in pts.min(0))
    x1, y1 = (int(v) + margin for v in pts.max(0))
    return slice(y0, min(shape[0], y1)), slice(x0, min(shape[1], x1))


def unshaken(image: np.ndarray, quads: Sequence[np.ndarray],
             faces: Sequence[np.ndarray] | None = None) -> np.ndarray:
    """A copy of the BGR ``image`` with the streak estimated round the face outlines
    ``quads`` (pixels, :func:`estimate_streak`) undone round ``faces`` (default: all
    ``quads``); the rest as it was."""
    out = image.copy()
    rows, cols = _region(quads, image.shape)
    region = image[rows, cols]
    if min(region.shape[:2]) < 4 * MIN_STREAK:
        return out
    kernel = streak_kernel(*estimate_streak(cv2.cvtColor(region, cv2.COLOR_BGR2GRAY)))
    rows, cols = _region(quads if faces is None else faces, image.shape)
    out[rows, cols] = deblurred(image[rows, cols], kernel)
    return out
