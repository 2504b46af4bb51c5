"""The learned cell model: digit and turn (or no digit) read from a straightened cell.

The voters of :mod:`vision.recognise.evidence` (templates, the HOG classifier) read the glyph that
the ink cut leaves, so a cut that glare, blur or dim light spoils spoils their reading too. This
model reads the cell itself: its ink darkness (:func:`vision.cells.sticker_level.ink_darkness`, the
cell's own sticker level taken away, so an even glare band cancels) resampled to a small
square (:attr:`CellModel.side`, as the model's json records it), through a small
convolutional network (softmax over :data:`CLASSES`: the 36 stickers, class
``(digit - 1) * 4 + turn``, and "no digit"). It was fitted offline on cells cut by the real
pipeline out of rendered photos of every look (``python -m tools.train_cell_model``, its
command and seed in the model's json) and ships as ONNX, run here by numpy where the file is
the training tool's plain chain of convolutions (:mod:`vision.recognise.conv_chain`, checked
against OpenCV's ``dnn`` when loaded) and through ``dnn`` otherwise, so reading needs no
training library.

Its vote is multiplied into each cell's final reading
(:func:`vision.recognise.evidence.cell_vote`, multiplied in by
:func:`vision.recognise.evidence.hypotheses` for :func:`vision.recognise.face.recognise_face`).
"""
from __future__ import annotations

import functools
import json
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Sequence

import cv2
import numpy as np

from ..cells.sticker_level import ink_darkness
from .classes import N_CLASSES
from .conv_chain import ConvChain, conv_chain_of

NONE = N_CLASSES
"""Class index of "no digit" (a window off its sticker, background, the body): the class
after the stickers'."""
CLASSES = N_CLASSES + 1
"""The network's classes: every sticker, and "no digit"."""
FORMAT = 2
"""Version of the model files' layout (``stem.onnx``: input (N, 1, side, side), output
(N, CLASSES) logits; ``stem.json``: metadata with ``format``, ``input`` (1, side, side) and
``temperature``)."""
DATA = Path(__file__).resolve().parents[1] / "data" / "cell_model"


def sees_no_digit(row: np.ndarray) -> bool:
    """Whether the model's row of one cell (:data:`CLASSES` log-probabilities) holds "no
    digit" at least as likely as any sticker."""
    return bool(row[NONE] >= row[:NONE].max())


def cell_input(cells: Sequence[np.ndarray], side: int) -> np.ndarray:
    """(N, side * side) float32 network input of straightened cells (dark ink on a light
    sticker, colour or grey, any square size): each cell's ink darkness (0 sticker .. 1 the
    darkest ink) resampled to ``side`` pixels a side (:attr:`CellModel.side`)."""
    out = np.zeros((len(cells), side * side), np.float32)
    for i, c in enumerate(cells):
        dark = ink_darkness(c)
        out[i] = cv2.resize(dark, (side, side), interpolation=cv2.INTER_AREA).ravel()
    return out


@dataclass(frozen=True)
class CellModel:
    """The network (OpenCV ``dnn``, read from ONNX) and its metadata (``temperature``: the
    logits are divided by it); ``chain``: the same network run by numpy, where it is one
    (:func:`vision.recognise.conv_chain.conv_chain_of`), which then reads the cells."""

    net: cv2.dnn.Net
    meta: dict
    lock: threading.Lock = field(default_factory=threading.Lock, repr=False, compare=False)
    chain: ConvChain | None = field(default=None, repr=False, compare=False)

    @property
    def side(self) -> int:
        """Side (pixels) of the darkness map the network reads, as its json records it."""
        return int(self.meta["input"][-1])

    def logits(self, x: np.ndarray) -> np.ndarray:
        """(N, :data:`CLASSES`) logits for inputs made by :func:`cell_input`."""
        if self.chain is not None:
            return np.asarray(self.chain.logits(x), np.float64).reshape(len(x), CLASSES)
        blob = np.ascontiguousarray(x, np.float32).reshape(len(x), 1, self.side, self.side)
        with self.lock:  # one net: its input and output are its state
            self.net.setInput(blob)
            return np.asarray(self.net.forward(), np.float64).reshape(len(x), CLASSES)

    def log_probs(self, x: np.ndarray) -> np.ndarray:
        """(N, :data:`CLASSES`) log-probabilities for inputs made by :func:`cell_input`."""
        z = self.logits(x) / float(self.meta["temperature"])
        z = z - z.max(axis=1, keepdims=True)
        return z - np.log(np.exp(z).sum(axis=1, keepdims=True))

    def read_cells(self, cells: Sequence[np.ndarray]) -> np.ndarray:
        """(N, :data:`CLASSES`) log-probabilities of straightened cells."""
        if not len(cells):
            return np.zeros((0, CLASSES), np.float64)
        return self.log_probs(cell_input(cells, self.side))


def load_cell_model(stem: Path = DATA) -> CellModel:
    """The model of ``stem.onnx`` and ``stem.json``."""
    meta = json.loads(stem.with_suffix(".json").read_text(encoding="utf-8"))
    onnx = stem.with_suffix(".onnx")
    net = cv2.dnn.readNetFromONNX(str(onnx))
    shape = meta.get("input")
    side = shape[-1] if isinstance(shape, list) and shape and type(shape[-1]) is int else 0
    return CellModel(net, meta, chain=conv_chain_of(onnx, net, side) if side > 0 else None)


@functools.cache
def shipped_cell_model() -> CellModel | None:
    """The shipped model (``vision/data/cell_model.*``) when present and of this layout,
    else None (reading then goes on with the other voters)."""
    try:
        model = load_cell_model(DATA)
    except (OSError, ValueError, KeyError, cv2.error):
        return None
    shape = model.meta.get("input")
    if model.meta.get("format") != FORMAT or not shape or shape != [1, shape[-1], shape[-1]]:
        return None
    return model
