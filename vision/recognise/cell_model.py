"""The learned cell model: digit and turn (or no digit) read from a straightened cell.

The voters of :mod:`vision.recognise.evidence` (templates, the HOG classifier) read the glyph that the
ink cut leaves, so a cut that glare, blur or dim light spoils spoils their reading too. This
model reads the cell itself: its ink darkness (:func:`vision.cells.sticker_level.ink_darkness`, the
cell's own sticker level taken away, so an even glare band cancels) resampled to
:data:`SIDE` x :data:`SIDE` pixels, through a small network (two ReLU layers, softmax over
:data:`CLASSES`: the 36 stickers, class ``(digit - 1) * 4 + turn``, and "no digit"). It was
fitted offline on cells cut by the real pipeline out of rendered photos of every look in the
training fonts (``python -m tools.train_cell_model``, its command and seed in the model's
json); it runs here through numpy, so reading needs no training library.

It is not yet one of the reading's voters: joined to the template and HOG votes it read more
cells right on the exam renderer's photos but fewer on the black cube's
(``docs/benchmarks.md``, "Learned cell model"), so :mod:`vision.recognise.evidence` does not call it
until it reads that look as well as the glyph voters.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

import cv2
import numpy as np

from ..model_files import load_model_files, save_model_files
from ..cells.sticker_level import ink_darkness

SIDE = 28
"""Side (pixels) of the resampled darkness map the network reads."""
NONE = 36
"""Class index of "no digit" (a window off its sticker, background, the body)."""
CLASSES = 37
FORMAT = 1
"""Version of the model file's layout (arrays ``w1 b1 w2 b2 w3 b3``, metadata ``format``)."""
DATA = Path(__file__).resolve().parents[1] / "data" / "cell_model"


def cell_input(cells: Sequence[np.ndarray]) -> np.ndarray:
    """(N, SIDE * SIDE) float32 network input of straightened cells (dark ink on a light
    sticker, colour or grey, any square size): each cell's ink darkness (0 sticker .. 1 the
    darkest ink) resampled to :data:`SIDE` pixels a side."""
    out = np.zeros((len(cells), SIDE * SIDE), np.float32)
    for i, c in enumerate(cells):
        dark = ink_darkness(c)
        out[i] = cv2.resize(dark, (SIDE, SIDE), interpolation=cv2.INTER_AREA).ravel()
    return out


@dataclass(frozen=True)
class CellModel:
    """The network's arrays (``w1 b1 w2 b2 w3 b3``, ``temperature``) and its metadata."""

    arrays: dict[str, np.ndarray]
    meta: dict

    def log_probs(self, x: np.ndarray) -> np.ndarray:
        """(N, :data:`CLASSES`) log-probabilities for inputs made by :func:`cell_input`."""
        a = self.arrays
        h = np.maximum(x @ a["w1"] + a["b1"], 0.0)
        h = np.maximum(h @ a["w2"] + a["b2"], 0.0)
        z = (h @ a["w3"] + a["b3"]) * float(a["temperature"])
        z = z - z.max(axis=1, keepdims=True)
        return z - np.log(np.exp(z).sum(axis=1, keepdims=True))

    def read_cells(self, cells: Sequence[np.ndarray]) -> np.ndarray:
        """(N, :data:`CLASSES`) log-probabilities of straightened cells."""
        if not len(cells):
            return np.zeros((0, CLASSES), np.float32)
        return self.log_probs(cell_input(cells))


def save_cell_model(model: CellModel, stem: Path = DATA) -> None:
    """Write ``stem.npz`` (float16 weights, compressed) and ``stem.json`` (metadata)."""
    save_model_files(stem, {k: np.asarray(v, np.float16 if k.startswith("w") else np.float32)
                            for k, v in model.arrays.items()}, model.meta)


def load_cell_model(stem: Path = DATA) -> CellModel:
    """The model written by :func:`save_cell_model`."""
    return CellModel(*load_model_files(stem))


@functools.cache
def shipped_cell_model() -> CellModel | None:
    """The shipped model (``vision/data/cell_model.*``) when present and of this layout,
    else None (reading then goes on with the other voters)."""
    try:
        model = load_cell_model(DATA)
    except (OSError, ValueError, KeyError):
        return None
    if model.meta.get("format") != FORMAT or model.arrays["w1"].shape[0] != SIDE * SIDE:
        return None
    return model
