"""The cell model's network run by numpy (:mod:`vision.recognise.conv_chain`): it gives
OpenCV's ``dnn`` logits for the shipped file, and a network it does not run as ``dnn`` does is
left to ``dnn``."""
from __future__ import annotations

import json
import shutil

import numpy as np

from sudoku_cube.vision.recognise.cell_model import (CLASSES, DATA, CellModel, load_cell_model,
                                                     shipped_cell_model)
from sudoku_cube.vision.recognise.conv_chain import conv_chain_of


def test_the_chain_gives_the_networks_logits() -> None:
    """The shipped model is read by the chain, and its logits are ``dnn``'s on random maps
    and on maps of one cell, batch by batch, to float32 rounding."""
    model = shipped_cell_model()
    assert model is not None and model.chain is not None
    by_dnn = CellModel(model.net, model.meta)
    rng = np.random.default_rng(7)
    for n in (1, 9, 13):
        x = rng.random((n, model.side * model.side)).astype(np.float32)
        x[0] = (x[0] > 0.8).astype(np.float32)  # a stroke-like map beside the noise
        got, want = model.logits(x), by_dnn.logits(x)
        assert got.shape == want.shape == (n, CLASSES)
        assert np.abs(got - want).max() < 1e-3
        assert (got.argmax(axis=1) == want.argmax(axis=1)).all()


class _OtherNet:
    """A network of another function than the file's (every logit 0)."""

    def setInput(self, blob: np.ndarray) -> None:  # noqa: N802 - OpenCV's name
        self.n = len(blob)

    def forward(self) -> np.ndarray:
        return np.zeros((self.n, CLASSES), np.float32)


def test_a_network_the_chain_does_not_match_stays_with_dnn() -> None:
    """Where the file's chain does not give the network's logits on the probe, or the maps'
    side does not fit its pools, no chain is made."""
    model = shipped_cell_model()
    assert model is not None
    onnx = DATA.with_suffix(".onnx")
    assert conv_chain_of(onnx, model.net, model.side) is not None
    assert conv_chain_of(onnx, _OtherNet(), model.side) is None
    assert conv_chain_of(onnx, model.net, model.side + 1) is None


def test_metadata_of_no_usable_side_leaves_the_model_to_dnn(tmp_path) -> None:
    """A json whose ``input`` names no side the chain can use (empty, floats, text) loads as
    before the chain: run by ``dnn`` (the shipped-model check then judges it), no exception."""
    meta = json.loads(DATA.with_suffix(".json").read_text(encoding="utf-8"))
    for k, shape in enumerate(([], [1, 28.0, 28.0], [1, "28", "28"])):
        stem = tmp_path / f"m{k}"
        shutil.copy(DATA.with_suffix(".onnx"), stem.with_suffix(".onnx"))
        stem.with_suffix(".json").write_text(json.dumps({**meta, "input": shape}), encoding="utf-8")
        assert load_cell_model(stem).chain is None
