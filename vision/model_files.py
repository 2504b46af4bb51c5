"""The files of a small learned model: ``stem.npz`` (its arrays, read without pickle) and
``stem.json`` (its metadata), as the cell and underline models ship them in ``vision/data/``."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Mapping

import numpy as np

from ..storage.atomic import atomic_path, atomic_write_text


def save_model_files(stem: Path, arrays: Mapping[str, np.ndarray],
                     meta: Mapping[str, object]) -> None:
    """Write ``stem.npz`` (compressed, the arrays in the dtypes given) and ``stem.json``, each
    atomically."""
    stem.parent.mkdir(parents=True, exist_ok=True)
    with atomic_path(stem.with_suffix(".npz")) as tmp, open(tmp, "wb") as fh:
        np.savez_compressed(fh, **arrays)
    atomic_write_text(stem.with_suffix(".json"), json.dumps(meta, indent=1) + "\n")


def load_model_files(stem: Path) -> tuple[dict[str, np.ndarray], dict]:
    """The arrays (as float32) and metadata written by :func:`save_model_files`."""
    with np.load(stem.with_suffix(".npz"), allow_pickle=False) as z:
        arrays = {k: z[k].astype(np.float32) for k in z.files}
    return arrays, json.loads(stem.with_suffix(".json").read_text(encoding="utf-8"))
