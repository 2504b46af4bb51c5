"""The 6/9 underline judged by a small learned model on the grey levels at the glyph's ends.

The ink-mask split (:func:`vision.cells.glyph.split_underline`) sees a clean, separate bar; under
blur the bar merges with the bowl or the tail, under glare it fades, and the split then stays
undecided although a person still sees at once which end carries the bar. Here the cell's
ink darkness (:func:`vision.cells.sticker_level.ink_darkness`) is turned so the shape reads as an
upright 6, a fixed window around the glyph (its width, and a band beyond each end) is
resampled to a small patch (the window and the patch's size the model's json records:
:class:`Window`), and a one-hidden-layer network trained on rendered photos in many fonts
(``python -m tools.build_underline``) tells "bar below the bowl" (a 6), "bar above the tail"
(a 9 turned half round) and "no bar seen" apart. Its calibrated probability becomes the 6/9
share of the shape's probability.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path
from typing import Mapping

import cv2
import numpy as np

from ..cells.glyph import rotate_glyph
from ..model_files import load_model_files, save_model_files
from ..cells.sticker_level import ink_darkness
from ..stats import LOWER_QUARTILE, row_percentile

DATA = Path(__file__).resolve().parents[1] / "data" / "underline"


@dataclass(frozen=True)
class Window:
    """Where the model reads a 6/9 glyph (:func:`end_patch`) and how it sums the patch up
    (:func:`patch_features`), as its json records them (``tools.build_underline`` writes the
    ones it trained with): the patch's ``height`` and ``width`` in pixels (along and across
    the glyph's upright axis); how far the window ``reach``es beyond each end of the glyph, a
    share of its height, and beyond each side (``side_reach``), a share of its width; the
    ``margin`` of the cell left out, a share of its side (the cube body between stickers is
    dark too); and the ``edge`` columns either side of the patch that the rows' lower
    quartiles leave out (they measure the glyph's middle)."""

    height: int
    width: int
    reach: float
    side_reach: float
    margin: float
    edge: int

    @staticmethod
    def of(meta: Mapping[str, object]) -> "Window":
        """The window a model's metadata records."""
        return Window(int(meta["patch_height"]), int(meta["patch_width"]),
                      float(meta["reach"]), float(meta["side_reach"]), float(meta["margin"]),
                      int(meta["edge_columns"]))


def end_patch(cell: np.ndarray, body: np.ndarray, six_rot: int, window: Window
              ) -> np.ndarray | None:
    """The darkness patch (float32, of the ``window``'s size; a model's
    :attr:`UnderlineModel.window`) around a 6/9 glyph turned to read as an upright 6 (the
    shape read as a 6 turned ``six_rot``); None when the body holds no ink."""
    dark = ink_darkness(cell, value=True)  # the channel the model was fitted on
    n = dark.shape[0]
    m = max(2, int(round(window.margin * n)))
    inside = np.zeros_like(dark)
    inside[m:n - m, m:n - m] = 1.0
    dark = rotate_glyph(dark * inside, -six_rot)
    mask = rotate_glyph(body.astype(np.uint8), -six_rot)
    ys, xs = np.nonzero(mask)
    if not len(xs):
        return None
    x0, x1, y0, y1 = float(xs.min()), float(xs.max() + 1), float(ys.min()), float(ys.max() + 1)
    w, h = x1 - x0, y1 - y0
    wx0, wx1 = x0 - window.side_reach * w, x1 + window.side_reach * w
    wy0, wy1 = y0 - window.reach * h, y1 + window.reach * h
    sx, sy = window.width / (wx1 - wx0), window.height / (wy1 - wy0)
    affine = np.array([[sx, 0, -wx0 * sx], [0, sy, -wy0 * sy]], np.float32)
    return cv2.warpAffine(dark, affine, (window.width, window.height), flags=cv2.INTER_AREA,
                          borderMode=cv2.BORDER_CONSTANT, borderValue=0.0)


def patch_features(patches: np.ndarray, edge: int) -> np.ndarray:
    """Features of (N, height, width) patches (:func:`end_patch`): the pixels, the row means
    and the row lower quartiles across the glyph's middle, the patch less ``edge`` columns
    either side (:attr:`Window.edge`: a bar is dark straight across; a curled stroke end is
    not)."""
    p = np.asarray(patches).astype(np.float32)
    width = p.shape[2]
    mid = p[:, :, edge:width - edge]
    rows, low = p.mean(axis=2), row_percentile(mid, LOWER_QUARTILE)
    return np.concatenate([p.reshape(len(p), -1), rows, low], axis=1).astype(np.float32)


CLASSES = ("six", "nine", "none")
"""What the model tells apart: a bar below the bowl (a 6), above the tail (a 9 turned half
round), or no bar to be seen."""


@dataclass(frozen=True)
class UnderlineModel:
    """A small network (standardised features -> ReLU hidden layer -> 3-way softmax over
    :data:`CLASSES`). "No bar" is a class of its own, so a cube printed without underlines
    (or a bar lost to glare) leaves 6 and 9 near even odds instead of a guess from the
    glyph's shape."""

    arrays: dict
    meta: dict

    @property
    def right(self) -> float:
        """The share of held-out glyphs the model read right, as its json records it."""
        return float(self.meta["held_out_accuracy"])

    @functools.cached_property
    def window(self) -> Window:
        """Where the model reads a glyph (:func:`end_patch`), as its json records it (read
        once per model, not once per glyph)."""
        return Window.of(self.meta)

    def class_probabilities(self, patches: np.ndarray) -> np.ndarray:
        """(N, 3) probabilities of :data:`CLASSES`."""
        a = self.arrays
        x = (patch_features(patches, self.window.edge) - a["mean"]) / a["scale"]
        h = np.maximum(x @ a["w1"] + a["b1"], 0.0)
        z = (h @ a["w2"] + a["b2"]) * float(a["temperature"])
        z = np.exp(z - z.max(axis=1, keepdims=True))
        return z / z.sum(axis=1, keepdims=True)

    def six_probability(self, patches: np.ndarray) -> np.ndarray:
        """Probability per patch that the shape is a 6 (no bar seen counts half each way)."""
        p = self.class_probabilities(patches)
        return p[:, 0] + 0.5 * p[:, 2]


def save_underline_model(model: UnderlineModel, stem: Path = DATA) -> None:
    """Write ``stem.npz`` (the network's arrays) and ``stem.json`` (provenance, figures)."""
    save_model_files(stem, {k: np.asarray(v, np.float32) for k, v in model.arrays.items()},
                     model.meta)


def load_underline_model(stem: Path = DATA) -> UnderlineModel:
    """The model written by :func:`save_underline_model`."""
    return UnderlineModel(*load_model_files(stem))


@functools.cache
def shipped_underline_model() -> UnderlineModel | None:
    """The shipped model (``vision/data/underline.*``), or None when it is missing."""
    if not DATA.with_suffix(".npz").exists():
        return None
    return load_underline_model(DATA)
