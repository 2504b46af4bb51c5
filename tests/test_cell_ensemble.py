"""Cell models joined into one file (:mod:`tools.cell_ensemble`): the reader's reading of the
joined file is the renormalised mean of its members' tempered log-probabilities."""
from __future__ import annotations

import json

import numpy as np
import pytest

from sudoku_cube.vision.recognise.cell_model import CLASSES, load_cell_model
from tools.cell_samples import SIDE


def _member(stem, seed: int, temperature: float) -> None:
    """A small network of random weights (``seed``) written as the training tool writes a
    model, with ``temperature`` in its json."""
    import torch

    from tools import train_cell_model as tcm

    torch.manual_seed(seed)
    net = tcm.network((4, 8, 8)).eval()
    with torch.no_grad():
        for p in net.parameters():
            p.add_(torch.randn_like(p) * 0.5)
    tcm.export(net, stem.with_suffix(".onnx"))
    meta = {"format": 2, "input": [1, SIDE, SIDE], "classes": CLASSES,
            "class_names": [str(c) for c in range(CLASSES)], "widths": [4, 8, 8],
            "seed": seed, "epochs": 1, "temperature": temperature,
            "command": f"python -m tools.train_cell_model --seed {seed}"}
    stem.with_suffix(".json").write_text(json.dumps(meta), encoding="utf-8")


def test_the_joined_model_reads_the_members_mean(tmp_path) -> None:
    """Three members of other weights and temperatures: the joined file, read as the reader
    reads the shipped one, gives their mean tempered log-softmax, renormalised, on random
    inputs; its json keeps the layout keys and records every member's command and seed."""
    pytest.importorskip("torch")
    pytest.importorskip("onnx")
    from tools.cell_ensemble import combine

    stems = [tmp_path / f"m{s}" for s in range(3)]
    for s, (stem, t) in enumerate(zip(stems, (0.8, 1.0, 1.7))):
        _member(stem, s, t)
    meta = combine(stems, tmp_path / "joined", "python -m tools.cell_ensemble m0 m1 m2")
    assert meta["temperature"] == 1.0 and meta["input"] == [1, SIDE, SIDE]
    assert [m["seed"] for m in meta["members"]] == [0, 1, 2]
    assert all(m["command"].endswith(f"--seed {m['seed']}") for m in meta["members"])
    x = np.random.default_rng(3).random((6, SIDE * SIDE)).astype(np.float32)
    members = [load_cell_model(s) for s in stems]
    assert all(m.chain is not None for m in members)  # each a plain chain, run by numpy
    mean = np.mean([m.log_probs(x) for m in members], axis=0)
    want = mean - np.log(np.exp(mean).sum(axis=1, keepdims=True))
    joined = load_cell_model(tmp_path / "joined")
    assert joined.chain is None  # not a chain: run by OpenCV's dnn
    got = joined.log_probs(x)
    assert got.shape == (6, CLASSES)
    assert np.allclose(got, want, atol=1e-4)
    assert not np.allclose(got, members[0].log_probs(x), atol=1e-2)
