"""The second, independent classifier: HOG features (numpy) + a ridge-regression linear model.

OpenCV 5 has neither ``cv2.ml`` nor ``HOGDescriptor``, so the histogram of oriented gradients
is computed here with numpy, and the linear model is fitted in closed form (ridge regression
on one-hot targets, 36 classes = 9 digits x 4 rotations). It is trained on synthetic glyphs
from several fonts (:func:`sudoku_cube.vision.recognise.templates.training_glyphs`), cached on disk
as npz + json (no pickle, :func:`storage.folders.cache_dir`) so later runs start instantly.
"""
from __future__ import annotations

import functools
import hashlib
import json
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ...storage.atomic import atomic_path, atomic_write_text
from ...storage.folders import cache_dir
from ..cells.glyph import GLYPH
from .classes import N_CLASSES, class_index
from .templates import TRAINING_FONTS, installed_fonts, training_glyphs

CELL = 8
BINS = 12
MODEL_VERSION = 3
COARSE = 8
"""Side of the coarse copy of the ink that joins the histograms (:func:`hog_features`)."""
PER_CLASS, SEED = 20, 7
"""Renders per font, digit and rotation the classifier is trained on, and their seed."""


def hog_features(glyphs: np.ndarray) -> np.ndarray:
    """Signed-orientation HOG of (N, 32, 32) glyphs, 2x2-cell blocks L2-normalised, plus a
    coarse 8x8 copy of the ink; returns (N, D) float32."""
    g = glyphs.astype(np.float32)
    if g.ndim == 2:
        g = g[None]
    gx = np.zeros_like(g)
    gy = np.zeros_like(g)
    gx[:, :, 1:-1] = g[:, :, 2:] - g[:, :, :-2]
    gy[:, 1:-1, :] = g[:, 2:, :] - g[:, :-2, :]
    mag = np.hypot(gx, gy)
    ang = (np.arctan2(gy, gx) + np.pi) / (2 * np.pi) * BINS
    b0 = np.floor(ang).astype(int) % BINS
    frac = ang - np.floor(ang)
    b1 = (b0 + 1) % BINS
    n, cells = len(g), GLYPH // CELL
    hist = np.zeros((n, cells, cells, BINS), np.float32)
    cy = np.arange(GLYPH) // CELL
    cell_id = (cy[:, None] * cells + cy[None, :]).ravel()
    flat = hist.reshape(n, cells * cells * BINS)
    rows = np.repeat(np.arange(n), GLYPH * GLYPH)
    cid = np.tile(cell_id, n)
    for b, w in ((b0, (1 - frac) * mag), (b1, frac * mag)):
        np.add.at(flat, (rows, cid * BINS + b.reshape(n, -1).ravel()), w.reshape(n, -1).ravel())
    hist = flat.reshape(n, cells, cells, BINS)
    blocks = []
    for i in range(cells - 1):
        for j in range(cells - 1):
            blk = hist[:, i:i + 2, j:j + 2, :].reshape(n, -1)
            blk = blk / np.sqrt((blk ** 2).sum(1, keepdims=True) + 1e-3)
            blocks.append(np.minimum(blk, 0.3))
    coarse = g.reshape(n, COARSE, GLYPH // COARSE, COARSE, GLYPH // COARSE).mean(axis=(2, 4))
    coarse = coarse.reshape(n, -1)
    return np.concatenate(blocks + [coarse], axis=1).astype(np.float32)


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


def fit_ridge(features: np.ndarray, labels: np.ndarray, alpha: float = 1.0
              ) -> tuple[np.ndarray, np.ndarray]:
    """Closed-form ridge regression onto one-hot targets (+1 right class, 0 others)."""
    mu = features.mean(axis=0)
    x = features - mu
    y = np.zeros((len(labels), N_CLASSES), np.float64)
    y[np.arange(len(labels)), labels] = 1.0
    a = x.T.astype(np.float64) @ x + alpha * np.eye(x.shape[1])
    w = np.linalg.solve(a, x.T.astype(np.float64) @ y)
    b = y.mean(axis=0) - mu @ w
    return w.astype(np.float32), b.astype(np.float32)


def _fit_temperature(scores: np.ndarray, labels: np.ndarray) -> float:
    """The softmax temperature that minimises the negative log-likelihood on held-out data."""
    best, best_t = np.inf, 1.0
    for t in np.geomspace(1, 200, 60):
        z = scores * t
        z = z - z.max(1, keepdims=True)
        nll = -(z[np.arange(len(labels)), labels] - np.log(np.exp(z).sum(1))).mean()
        if nll < best:
            best, best_t = nll, float(t)
    return best_t


def train_model(per_class: int = PER_CLASS, seed: int = SEED) -> LinearModel:
    """Train on synthetic glyphs; calibrate the temperature on a differently seeded set."""
    train = training_glyphs(per_class=per_class, seed=seed)
    x = hog_features(train.images)
    y = np.array([class_index(d, r) for d, r in zip(train.digits, train.rots)])
    w, b = fit_ridge(x, y)
    val = training_glyphs(per_class=3, seed=seed + 1000)
    xv = hog_features(val.images)
    yv = np.array([class_index(d, r) for d, r in zip(val.digits, val.rots)])
    sv = xv @ w + b
    temp = _fit_temperature(sv, yv)
    acc = float((sv.argmax(1) == yv).mean())
    return LinearModel(w, b, temp, {"fonts": train.meta["fonts"], "samples": len(train),
                                    "validation_accuracy": acc, "version": MODEL_VERSION})


def _cache_key(per_class: int, seed: int) -> str:
    text = json.dumps([MODEL_VERSION, per_class, seed, installed_fonts(TRAINING_FONTS)])
    return hashlib.sha256(text.encode()).hexdigest()[:16]


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
def default_model(per_class: int = PER_CLASS, seed: int = SEED) -> LinearModel:
    """The trained classifier: the shipped one (:data:`SHIPPED`), else from the disk cache,
    else trained on font renders (a few seconds) and cached. A damaged cache is rebuilt."""
    shipped = shipped_model()
    if shipped is not None:
        return shipped
    stem = cache_dir() / f"hog-{_cache_key(per_class, seed)}"
    try:
        return load_model(stem)
    except (OSError, ValueError, KeyError):
        pass
    model = train_model(per_class, seed)
    try:
        save_model(model, stem)
    except OSError:
        pass  # a read-only cache folder only costs time
    return model
