"""``bench vision --real DIR``: face finding on real photographs.

DIR holds ``faces/`` (photos of one cube face each) and ``corners/`` (photos of a cube seen
from a corner), real camera photos of real cubes. For every one-face photo the face is either
located or refused; a located face is *misplaced* when its outline lies more than half a
sticker pitch from a hand label (``real_faces.json`` beside this module: the outline in the
photo file's pixels, top-left, top-right, bottom-right, bottom-left, for a handful of the
photos, checked by eye; ``null`` for a photo in which no face is seen straight on, so that
any face located there is misplaced). Corner photos are counted as three faces located, or
refused (any pose, so photo A's arrangement is tried, then B's). Nothing is copied from DIR;
without it the benchmark says so and skips.
"""
from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

import numpy as np
from rich.console import Console
from rich.table import Table

from sudoku_cube.models.errors import SudokuCubeError
from sudoku_cube.vision.corners.faces import locate_faces
from sudoku_cube.vision.detect import find_face
from sudoku_cube.vision.images import IMAGE_SUFFIXES, file_scale, load_image

LABELS = Path(__file__).with_name("real_faces.json")

MISPLACED = 0.5
"""A located outline whose corner lies this many sticker pitches from the label's is
misplaced."""


def _photos(folder: Path) -> list[Path]:
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.iterdir() if p.suffix.lower() in IMAGE_SUFFIXES)


def _placement(quad: np.ndarray, label: list | None) -> float:
    """How far (in pitches of the label) the located outline lies from the label; infinite
    when the label says no face should be found."""
    if label is None:
        return float("inf")
    want = np.array(label, np.float64)
    pitch = np.linalg.norm(want[1] - want[0]) / 3
    return float(np.linalg.norm(quad - want, axis=1).max() / pitch)


def faces_figures(folder: Path, labels: dict) -> dict:
    """Located / refused / misplaced counts over the one-face photos of ``folder``."""
    out = {"photos": 0, "located": 0, "refused": 0, "labelled": 0, "misplaced": [],
           "refusals": {}, "ms_per_photo": 0.0}
    total = 0.0
    for path in _photos(folder):
        out["photos"] += 1
        img = load_image(path)
        t = time.perf_counter()
        try:
            geo = find_face(img, path.name)
        except SudokuCubeError as e:
            out["refused"] += 1
            out["refusals"][path.name] = str(e).split(": ", 1)[-1]
            continue
        finally:
            total += time.perf_counter() - t
        out["located"] += 1
        if path.name in labels:
            out["labelled"] += 1
            off = _placement(geo.quad * file_scale(path, img), labels[path.name])
            if off > MISPLACED:
                out["misplaced"].append(f"{path.name}: {off:.2f} pitches from its label")
    out["ms_per_photo"] = 1000 * total / max(1, out["photos"])
    return out


def corners_figures(folder: Path) -> dict:
    """Corner photos whose three faces were located (as photo A's or B's arrangement)."""
    out = {"photos": 0, "located": 0, "refused": 0}
    for path in _photos(folder):
        out["photos"] += 1
        img = load_image(path)
        for which in ("A", "B"):
            try:
                locate_faces(img, which, path.name)
            except SudokuCubeError:
                continue
            out["located"] += 1
            break
        else:
            out["refused"] += 1
    return out


def run(args: argparse.Namespace) -> int:
    """Print the real-photo figures (or JSON); skip with a message when DIR is missing."""
    root = Path(args.real)
    err = Console(stderr=True)
    if not (root / "faces").is_dir() and not (root / "corners").is_dir():
        err.print(f"bench vision --real: {root} has no faces/ or corners/ folder of real "
                  "photos; skipped")
        return 0
    labels = json.loads(LABELS.read_text())
    faces = faces_figures(root / "faces", labels)
    corners = corners_figures(root / "corners")
    if args.json:
        print(json.dumps({"faces": faces, "corners": corners}, indent=2))
        return 0
    table = Table(title=f"bench vision --real {root}")
    for c in ("set", "photos", "located", "refused", "labelled", "misplaced", "ms per photo"):
        table.add_column(c)
    table.add_row("one-face photos", str(faces["photos"]), str(faces["located"]),
                  str(faces["refused"]), str(faces["labelled"]), str(len(faces["misplaced"])),
                  f"{faces['ms_per_photo']:.0f}")
    table.add_row("corner photos (3 faces)", str(corners["photos"]), str(corners["located"]),
                  str(corners["refused"]), "-", "-", "-")
    console = Console()
    console.print(table)
    for m in faces["misplaced"]:
        console.print(f"  misplaced: {m}", markup=False)
    for name, why in faces["refusals"].items():
        console.print(f"  refused: {name}: {why}", markup=False)
    return 0
