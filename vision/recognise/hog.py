"""The second, independent classifier: HOG features (numpy) + a ridge-regression linear model.

OpenCV 5 has neither ``cv2.ml`` nor ``HOGDescriptor``, so the histogram of oriented gradients
is computed here with numpy, and the linear model is fitted in closed form (ridge regression
on one-hot targets, 36 classes = 9 digits x 4 rotations). It is trained offline by
``python -m tools.build_classifier`` and shipped as npz + json (no pickle, ``vision/data/hog``).
"""
from __future__ import annotations

import functools
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Mapping

import numpy as np

from ...storage.atomic import atomic_path, atomic_write_text
from ..cells.glyph import GLYPH
from .classes import N_CLASSES, class_index

MODEL_VERSION = 3


@dataclass(frozen=True)
class HogShape:
    """The features (:func:`hog_features`) a classifier was trained on, as its json records
    them: ``cell``, the side (pixels) of a histogram's cell, ``bins``, the orientations a
    histogram tells apart, ``coarse``, the side of the coarse copy of the ink that joins the
    histograms, and the blocks' normalisation: ``floor``, added to a block's squared norm
    before dividing by it (an empty block stays finite and a faint one is not blown up), and
    ``clip``, the most one normalised bin may hold (HOG's "L2-Hys" clip: one strong edge
    does not outweigh the block's others)."""

    cell: int
    bins: int
    coarse: int
    floor: float
    clip: float

    @staticmethod
    def of(meta: Mapping[str, object]) -> "HogShape":
        """The features a model's metadata records."""
        return HogShape(int(meta["cell"]), int(meta["bins"]), int(meta["coarse"]),
                        float(meta["floor"]), float(meta["clip"]))


def hog_features(glyphs: np.ndarray, shape: HogShape | None = None) -> np.ndarray:
    """Signed-orientation HOG of (N, GLYPH, GLYPH) glyphs in the features ``shape`` (default:
    the shipped classifier's, :func:`shipped_shape`), 2x2-cell blocks L2-normalised and
    clipped, plus a coarse copy of the ink; returns (N, D) float32."""
    shape = shape or shipped_shape()
    g = glyphs.astype(np.float32)
    if g.ndim == 2:
        g = g[None]
    n, coarse = len(g), shape.coarse
    blocks = hog_blocks(cell_histograms(g, shape.cell, shape.bins), shape.floor, shape.clip)
    small = g.reshape(n, coarse, GLYPH // coarse, coarse, GLYPH // coarse).mean(axis=(2, 4))
    return np.concatenate(blocks + [small.reshape(n, -1)], axis=1).astype(np.float32)


def orientations(g: np.ndarray, bins: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Each pixel's gradient of (N, GLYPH, GLYPH) float32 glyphs ``g`` (central differences,
    0 on the border) as its magnitude, the lower of the two of ``bins`` signed orientation
    bins it falls between, and its share of the way to the next bin."""
    gx = np.zeros_like(g)
    gy = np.zeros_like(g)
    gx[:, :, 1:-1] = g[:, :, 2:] - g[:, :, :-2]
    gy[:, 1:-1, :] = g[:, 2:, :] - g[:, :-2, :]
    mag = np.hypot(gx, gy)
    ang = (np.arctan2(gy, gx) + np.pi) / (2 * np.pi) * bins
    return mag, np.floor(ang).astype(int) % bins, ang - np.floor(ang)


def cell_histograms(g: np.ndarray, cell: int, bins: int) -> np.ndarray:
    """(N, cells, cells, bins) float32 histograms of the glyphs' gradients, each ``cell``
    pixels square: every pixel's magnitude split between its two nearest bins."""
    mag, b0, frac = orientations(g, bins)
    b1 = (b0 + 1) % bins
    n, cells = len(g), GLYPH // cell
    hist = np.zeros((n, cells, cells, bins), np.float32)
    cy = np.arange(GLYPH) // cell
    cell_id = (cy[:, None] * cells + cy[None, :]).ravel()
    flat = hist.reshape(-1)
    # each glyph's histograms laid end to end, added to by one flat index: numpy's fast
    # path (a pair of index arrays takes its general one), the same additions in order
    rows = np.repeat(np.arange(n) * (cells * cells * bins), GLYPH * GLYPH)
    cid = np.tile(cell_id, n)
    for b, w in ((b0, (1 - frac) * mag), (b1, frac * mag)):
        np.add.at(flat, rows + cid * bins + b.reshape(n, -1).ravel(), w.reshape(n, -1).ravel())
    return flat.reshape(n, cells, cells, bins)


def hog_blocks(hist: np.ndarray, floor: float, clip: float) -> list[np.ndarray]:
    """Each 2x2 block of cells' histograms (:func:`cell_histograms`), L2-normalised (its
    squared norm plus ``floor``) and clipped at ``clip``: (N, 4 bins) per block, row-major."""
    n, cells = len(hist), hist.shape[1]
    blocks = []
    for i in range(cells - 1):
        for j in range(cells - 1):
            blk = hist[:, i:i + 2, j:j + 2, :].reshape(n, -1)
            blk = blk / np.sqrt((blk ** 2).sum(1, keepdims=True) + floor)
            blocks.append(np.minimum(blk, clip))
    return blocks


@dataclass(frozen=True)
class LinearModel:
    """``scores = features @ weights + bias``; ``temperature`` turns scores into log-odds."""

    weights: np.ndarray
    bias: np.ndarray
    temperature: float
    meta: dict

    def log_probs(self, features: np.ndarray) -> np.ndarray:
        """Calibrated log-probabilities (N, 36)."""
        z = (features @ self.weights + self.bias) * self.temperature
        z = z - z.max(axis=1, keepdims=True)
        return z - np.log(np.exp(z).sum(axis=1, keepdims=True))


def save_model(model: LinearModel, stem: Path, compact: bool = False) -> None:
    """Write ``stem.npz`` + ``stem.json`` atomically (``compact``: compressed, float16
    weights, for the copy shipped in the repository)."""
    with atomic_path(stem.with_suffix(".npz")) as tmp, open(tmp, "wb") as fh:
        if compact:
            np.savez_compressed(fh, weights=model.weights.astype(np.float16), bias=model.bias)
        else:
            np.savez(fh, weights=model.weights, bias=model.bias)
    atomic_write_text(stem.with_suffix(".json"),
                      json.dumps({"temperature": model.temperature, **model.meta}))


def load_model(stem: Path) -> LinearModel:
    """Read a model written by :func:`save_model` (arrays without pickle)."""
    with np.load(stem.with_suffix(".npz"), allow_pickle=False) as z:
        w, b = z["weights"].astype(np.float32), z["bias"].astype(np.float32)
    meta = json.loads(stem.with_suffix(".json").read_text(encoding="utf-8"))
    return LinearModel(w, b, float(meta.pop("temperature")), meta)


SHIPPED = Path(__file__).resolve().parents[1] / "data" / "hog"
"""The classifier shipped with the code, trained on glyphs cut from rendered photos
(regenerate with ``python -m tools.build_classifier``)."""
_DAMAGED = (f"the HOG classifier {SHIPPED.with_suffix('.npz')} (or its json) is missing or "
            "damaged: reinstall, or rebuild it with python -m tools.build_classifier")


@functools.cache
def shipped_shape() -> HogShape:
    """The features of the shipped classifier (its json), read once per process: the
    reader's features must be the ones its weights were fitted to."""
    try:
        return HogShape.of(json.loads(SHIPPED.with_suffix(".json").read_text(encoding="utf-8")))
    except (OSError, ValueError, KeyError, TypeError):
        raise RuntimeError(_DAMAGED) from None


def shipped_model() -> LinearModel | None:
    """The shipped classifier when present and made for these features, else None."""
    try:
        model = load_model(SHIPPED)
    except (OSError, ValueError, KeyError):
        return None
    if model.meta.get("version") != MODEL_VERSION or model.weights.shape[1] != N_CLASSES:
        return None
    return model


@functools.cache
def default_model() -> LinearModel:
    """The shipped classifier (:data:`SHIPPED`), loaded once per process."""
    model = shipped_model()
    if model is None:
        raise RuntimeError(_DAMAGED)
    return model
