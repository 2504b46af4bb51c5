"""The cell model's network run by numpy: a chain of 3x3 convolutions as matrix products.

The training tool's network (:func:`tools.train_cell_model.network`) is a plain chain: 3x3
convolutions (padding 1, batch norm folded in by the ONNX export), each followed by a ReLU,
2x2 max pools between blocks, a global average and one linear layer. OpenCV's ``dnn`` runs
it, but for nine small cells much of its time goes to work beside the arithmetic; written as
one matrix product per convolution (the 3 x 3 x channels window of every pixel laid out as a
row), numpy's BLAS does the same sums in less time. The weights are read from the very ONNX
file ``dnn`` reads (its layers through OpenCV's classic importer), and :func:`conv_chain_of`
keeps the chain only where it gives ``dnn``'s logits on a probe batch, up to float32
rounding: any other layout (a joined ensemble, another pooling) stays with ``dnn``.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np
from numpy.lib.stride_tricks import as_strided


@dataclass(frozen=True)
class ConvLayer:
    """One 3x3 convolution and its ReLU: ``weights`` (9 * in channels, out channels), rows in
    (dy, dx, channel) order; ``bias`` (out channels,); ``pooled``: a 2x2 max pool after it
    (taken before the bias and ReLU, which commute with a maximum)."""

    weights: np.ndarray
    bias: np.ndarray
    pooled: bool


@dataclass(frozen=True)
class ConvChain:
    """The layers, then the linear head (``head`` (channels, classes), ``head_bias``) on the
    global average of the last layer; ``side``: the input maps' side in pixels."""

    layers: tuple[ConvLayer, ...]
    head: np.ndarray
    head_bias: np.ndarray
    side: int

    def logits(self, x: np.ndarray) -> np.ndarray:
        """(N, classes) float32 logits of (N, side * side) float32 input maps."""
        maps = np.ascontiguousarray(x, np.float32).reshape(len(x), self.side, self.side, 1)
        for layer in self.layers:
            maps = _conv(maps, layer)
        return maps.mean(axis=(1, 2)) @ self.head + self.head_bias


def _conv(x: np.ndarray, layer: ConvLayer) -> np.ndarray:
    """One layer on (N, H, W, C) maps: the convolution as a product of each pixel's 3x3
    window (zero padded) with the weights, pooled where the layer is, then bias and ReLU.

    The rows are copied out of the padded maps in one pass (:func:`_windows`), and the pool
    takes the maximum of row pairs, then of column pairs, on the product as it lies (no
    copy into a pooling layout)."""
    n, h, w, c = x.shape
    padded = np.zeros((n, h + 2, w + 2, c), np.float32)
    padded[:, 1:-1, 1:-1] = x
    y = _windows(padded, h, w).reshape(n * h * w, 9 * c) @ layer.weights
    k = y.shape[1]
    if layer.pooled:
        pairs = y.reshape(n * h // 2, 2, w // 2, 2 * k)  # two rows; two columns' channels
        rows = np.maximum(pairs[:, 0], pairs[:, 1])
        y = np.maximum(rows[..., :k], rows[..., k:])
        h, w = h // 2, w // 2
    y = y.reshape(n, h, w, k)
    y += layer.bias
    return np.maximum(y, 0.0, out=y)


def _windows(padded: np.ndarray, h: int, w: int) -> np.ndarray:
    """Each pixel's 3x3 window of the zero-padded maps ``padded`` (N, h + 2, w + 2, C) as a
    row in (dy, dx, channel) order: (N, h, w, 3, 3 * C). For one ``dy`` a window's three
    pixels lie side by side in memory, so the rows are strided views of ``padded`` copied
    3 * C values at a time (a single channel: one slice per offset, copied whole)."""
    n, _, _, c = padded.shape
    rows = np.empty((n, h, w, 3, 3 * c), np.float32)
    if c == 1:
        for dy in range(3):
            for dx in range(3):
                rows[:, :, :, dy, dx] = padded[:, dy:dy + h, dx:dx + w, 0]
        return rows
    sn, sh, sw, sc = padded.strides
    np.copyto(rows, as_strided(padded, rows.shape, (sn, sh, sw, sh, sc), writeable=False))
    return rows


def conv_chain_of(onnx: Path, net: cv2.dnn.Net, side: int) -> ConvChain | None:
    """The chain of the network in ``onnx`` when it is such a chain and gives the logits of
    ``net`` (the same file in OpenCV's ``dnn``) on a probe batch up to float32 rounding
    (:func:`_rounding`); else None, and the reader runs ``net``."""
    probe = np.random.default_rng(0).random((4, side * side)).astype(np.float32)
    try:
        chain = _read_chain(onnx, side)
        if chain is None:
            return None
        got = chain.logits(probe)
        net.setInput(probe.reshape(4, 1, side, side))
        want = np.asarray(net.forward(), np.float32).reshape(4, -1)
    except (cv2.error, ValueError, IndexError, TypeError, AttributeError, MemoryError):
        return None  # an importer's other layout, or metadata of another side: dnn reads
    if got.shape != want.shape or not np.abs(got - want).max() <= _rounding(chain, want):
        return None
    return chain


def _rounding(chain: ConvChain, logits: np.ndarray) -> float:
    """The tolerance of the probe: n float32 epsilons, n the widest sum of the chain (a
    layer's 3 x 3 x channels window), times the logits' size. A scale of float32 rounding
    in another order of the sums (a few 1e-6 in practice), not a proven bound; a network of
    another function differs by far more."""
    widest = max(layer.weights.shape[0] for layer in chain.layers)
    return float(np.finfo(np.float32).eps) * widest * max(1.0, float(np.abs(logits).max()))


def _read_chain(onnx: Path, side: int) -> ConvChain | None:
    """The layers of ``onnx`` as OpenCV's classic importer lists them (:func:`_layers`), when
    they are 3x3 convolutions, ReLUs and poolings, then a flatten and one linear layer and
    nothing else; else None. A pooling before the head is taken for the global average,
    any other for a 2x2 max pool (the probe of :func:`conv_chain_of` checks both)."""
    layers = _layers(onnx)
    kinds = [layer.type for layer in layers]
    heads = [layer for layer in layers if layer.type in ("Gemm", "InnerProduct")]
    if len(heads) != 1 or "Flatten" not in kinds:
        return None
    flat = kinds.index("Flatten")
    if flat == 0 or kinds[flat - 1] != "Pooling" or \
            not set(kinds[flat:]) <= {"Flatten", "Gemm", "InnerProduct", "Identity"}:
        return None  # the head: the average flattened, one linear layer, nothing after it
    convs = _conv_layers(layers[:flat - 1])
    if not convs:
        return None
    w, b = heads[0].blobs
    return ConvChain(convs, np.ascontiguousarray(w.T, np.float32),
                     np.asarray(b, np.float32).ravel(), side)


def _layers(onnx: Path) -> list[cv2.dnn.Layer]:
    """The layers of ``onnx`` in order, as OpenCV's classic importer reads them (its layers
    keep their weights; OpenCV 5's new engine does not hand them out)."""
    engine = getattr(cv2.dnn, "ENGINE_CLASSIC", None)
    net = cv2.dnn.readNetFromONNX(str(onnx), engine=engine) if engine is not None \
        else cv2.dnn.readNetFromONNX(str(onnx))
    return [net.getLayer(net.getLayerId(name)) for name in net.getLayerNames()]


def _conv_layers(layers: list[cv2.dnn.Layer]) -> tuple[ConvLayer, ...]:
    """The 3x3 convolutions of ``layers``, each marked pooled where a pooling follows it;
    empty where another kind of layer is among them."""
    convs: list[ConvLayer] = []
    for layer in layers:
        if layer.type == "Convolution" and layer.blobs[0].shape[2:] == (3, 3):
            w, b = layer.blobs
            out, inp = w.shape[:2]
            weights = np.ascontiguousarray(w.transpose(2, 3, 1, 0).reshape(9 * inp, out),
                                           np.float32)
            convs.append(ConvLayer(weights, np.asarray(b, np.float32).ravel(), False))
        elif layer.type == "Pooling" and convs and not convs[-1].pooled:
            convs[-1] = ConvLayer(convs[-1].weights, convs[-1].bias, True)
        elif layer.type != "ReLU":
            return ()
    return tuple(convs)
