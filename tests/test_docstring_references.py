"""A docstring's Sphinx-style reference (:func:`models.cube.face_words.hold_words`) names a
module and attribute that exist, so that a reader who follows it finds the function."""
from __future__ import annotations

import importlib
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
REFERENCE = re.compile(r":(?:func|class|data|mod|meth):`((?:models|vision|assistant|calibration)"
                       r"\.[A-Za-z0-9_.]+)`")
CHECKED = ("assistant", "calibration", "models", "vision")


def _resolves(ref: str) -> bool:
    parts = ref.split(".")
    for k in range(len(parts), 0, -1):
        try:
            obj = importlib.import_module("sudoku_cube." + ".".join(parts[:k]))
        except ImportError:
            continue
        try:
            for name in parts[k:]:
                obj = getattr(obj, name)
        except AttributeError:
            return False
        return True
    return False


def test_docstring_references_name_what_exists():
    bad = [f"{p.relative_to(ROOT)}: {m.group(1)}"
           for top in CHECKED for p in sorted((ROOT / top).rglob("*.py"))
           for m in REFERENCE.finditer(p.read_text()) if not _resolves(m.group(1))]
    assert not bad, "references to nothing: " + "; ".join(bad)
