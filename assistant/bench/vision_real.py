"""``bench vision --real DIR``: face finding on real photographs.

DIR holds ``faces/`` (photos of one cube face each) and ``corners/`` (photos of a cube seen
from a corner), real camera photos of real cubes. For every one-face photo the face is either
located or refused; a located face is *misplaced* when its outline lies more than half a
sticker pitch from a hand label (``real_faces.json`` beside this module: the outline in the
photo file's pixels, top-left, top-right, bottom-right, bottom-left, for every photo whose
face was located and seen by eye to sit on the face's stickers -- 120 of them, drawn on the
photos and checked one by one; ``null`` for a photo in which no face is seen straight on, so
that any face located there is misplaced). Corner photos are counted as three faces located,
named up to the corner's three-fold turn, or refused (any pose, so photo A's faces are tried,
then B's); those held upright, whose faces the pose alone names, are counted beside them.
``sudoku-cube/`` holds photos of the black Sudoku Cube seen from a corner: each is read as a
corner photo (the one its hand label names, ``real_corners.json`` beside this module: per photo the
corner photo it is, the digits that look the same turned half round, and each visible face's nine
tokens in net orientation, checked by eye), and its stickers are compared with the label.
``digits/`` holds photographed newspaper sudoku grids with their digits: the recognisers on real
print (:mod:`assistant.bench.vision_real_digits`). Nothing is copied from DIR; without it the
benchmark says so and skips.

Where DIR's ``faces/`` holds sticker colour letters (``*Expected*.txt``: per photo of a set a
line of nine letters, row by row), the colours of the located cells are checked too: each
cell's colour (the median of its middle, in Lab) must lie nearer the mean colour of the other
cells of its set that carry its letter than the mean of any other letter. A lattice a row off,
turned, or on the background fails this at once, so it is a strong check of placement.
"""
from __future__ import annotations

import argparse
import json
import re
import time
from pathlib import Path

import cv2

import numpy as np
from rich.console import Console
from rich.table import Table

from ...models.cube.stickers import parse_token, same_sticker
from ...models.errors import SudokuCubeError
from ...models.profile import DEFAULT_SYMMETRIC, CubeSettings
from ...vision.locate.corners.faces import locate_corner
from ...vision.reading.corners import CORNER_PHOTOS
from ...vision.recognise.digits_seen import digits_seen_by
from ...vision.locate.detect import find_face, project
from ...vision.photo.images import IMAGE_SUFFIXES, file_scale, load_image
from ...vision.reading.reader import Reader
from .vision_real_digits import digits_figures

LABELS = Path(__file__).with_name("real_faces.json")
CORNER_LABELS = Path(__file__).with_name("real_corners.json")

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


def _expected_colours(folder: Path) -> dict[str, str]:
    """Photo name -> its nine colour letters, from the ``*Expected*.txt`` files: the file of a
    set (``...stickers-color1`` or ``stickers-set1``) lists its photos ``Img1``, ``Img2`` ...
    of ``ImgTest-color1`` or ``ImgRun-set1`` in order."""
    out = {}
    for txt in sorted(folder.glob("*Expected*.txt")):
        m = re.search(r"(color\d+|set\d+)", txt.name)
        if not m:
            continue
        kind = "ImgTest" if m.group(1).startswith("color") else "ImgRun"
        prefix = txt.name.split("__")[0]
        lines = [ln.split() for ln in txt.read_text().splitlines() if ln.strip()]
        for i, letters in enumerate(lines, 1):
            if len(letters) == 9:
                out[f"{prefix}__Images-{kind}-{m.group(1)}-Img{i}.jpg"] = "".join(letters)
    return out


def _cell_colours(img: np.ndarray, geo) -> np.ndarray:
    """The Lab colour of each of the nine cells: the median over its middle fifth."""
    lab = cv2.cvtColor(img, cv2.COLOR_BGR2LAB).astype(np.float32)
    offs = np.array([[x, y] for y in np.linspace(-0.2, 0.2, 5) for x in np.linspace(-0.2, 0.2, 5)])
    out = []
    for r in range(3):
        for c in range(3):
            pts = project(geo.homography, offs + [c, r])
            xs = np.clip(pts[:, 0].round().astype(int), 0, img.shape[1] - 1)
            ys = np.clip(pts[:, 1].round().astype(int), 0, img.shape[0] - 1)
            out.append(np.median(lab[ys, xs], axis=0))
    return np.array(out)


def _turned(letters: str, quarter: int) -> str:
    """Nine letters (row by row) of a face turned ``quarter`` quarter turns."""
    grid = np.array(list(letters)).reshape(3, 3)
    return "".join(np.rot90(grid, quarter).reshape(-1))


def _oriented(cells: dict[str, np.ndarray], expected: dict[str, str]) -> dict[str, str]:
    """Each photo's letters in the turn that fits the colours best: a photo may have been
    taken with the face turned from the way its letters were written, and the lattice's first
    cell is the picture's top-left, not the face's. The letters' mean colours over all photos
    judge the four turns."""
    means = {}
    for letter in set("".join(expected[n] for n in cells)):
        vals = [v for n in cells for k, v in zip(expected[n], cells[n]) if k == letter]
        means[letter] = np.mean(vals, axis=0)
    return {n: min((_turned(expected[n], q) for q in range(4)),
                   key=lambda t: sum(np.linalg.norm(means[k] - v) for k, v in zip(t, cells[n])))
            for n in cells}


def colour_figures(cells: dict[str, np.ndarray], expected: dict[str, str]) -> dict:
    """Cells whose colour is nearest its own letter's mean over the other cells of its set
    (leave-one-out), per set and in all, each photo's letters in their best-fitting turn."""
    expected = _oriented(cells, expected)
    sets: dict[str, list] = {}
    for name, colours in cells.items():
        key = re.sub(r"-Img\d+\.jpg$", "", name)
        sets.setdefault(key, []).extend(zip(expected[name], colours, [name] * 9))
    right = total = 0
    wrong: list[str] = []
    for items in sets.values():
        letters = np.array([x[0] for x in items])
        values = np.array([x[1] for x in items])
        for i, (letter, value, name) in enumerate(items):
            means = {}
            for other in set(letters):
                mask = letters == other
                mask[i] = False
                if mask.any():
                    means[other] = values[mask].mean(axis=0)
            if letter not in means:
                continue
            total += 1
            guess = min(means, key=lambda k: np.linalg.norm(means[k] - value))
            if guess == letter:
                right += 1
            elif name not in wrong:
                wrong.append(name)
    return {"cells": total, "right": right, "photos_with_a_wrong_cell": wrong}


def faces_figures(folder: Path, labels: dict) -> dict:
    """Located / refused / misplaced counts over the one-face photos of ``folder``."""
    out = {"photos": 0, "located": 0, "refused": 0, "labelled": 0, "misplaced": [],
           "refusals": {}, "ms_per_photo": 0.0}
    expected = _expected_colours(folder)
    colours: dict[str, np.ndarray] = {}
    total = 0.0
    seen = digits_seen_by()  # as the reader locates them
    for path in _photos(folder):
        out["photos"] += 1
        img = load_image(path)
        t = time.perf_counter()
        try:
            geo = find_face(img, path.name, seen)
        except SudokuCubeError as e:
            out["refused"] += 1
            out["refusals"][path.name] = str(e).split(": ", 1)[-1]
            continue
        finally:
            total += time.perf_counter() - t
        out["located"] += 1
        if path.name in expected:
            colours[path.name] = _cell_colours(img, geo)
        if path.name in labels:
            out["labelled"] += 1
            off = _placement(geo.quad * file_scale(path, img), labels[path.name])
            if off > MISPLACED:
                out["misplaced"].append(f"{path.name}: {off:.2f} pitches from its label")
    out["ms_per_photo"] = 1000 * total / max(1, out["photos"])
    out["colours"] = colour_figures(colours, expected)
    out["colours"]["photos_labelled"] = len(expected)
    return out


def corners_figures(folder: Path) -> dict:
    """Corner photos whose three faces were located (as photo A's or B's three faces), named up
    to the corner's three-fold turn (``located``: which turn the cube was held in is for the
    cube's reading to say, from the digits of both photos), and of those the ones held
    upright, named by the pose alone (``upright``, what ``located`` counted before); the
    located ones held with no face on top (``not_upright``); the refused ones' refusals by
    photo."""
    out = {"photos": 0, "located": 0, "upright": 0, "not_upright": 0, "refused": 0,
           "refusals": {}}
    seen = digits_seen_by()  # as the reader locates them
    for path in _photos(folder):
        out["photos"] += 1
        img = load_image(path)
        why = None
        for which in ("A", "B"):
            try:
                view = locate_corner(img, which, path.name, seen=seen)
            except SudokuCubeError as e:
                why = why or e
                continue
            out["located"] += 1
            out["upright" if view.upright else "not_upright"] += 1
            break
        else:
            out["refused"] += 1
            out["refusals"][path.name] = str(why).split(": ", 1)[-1]
    return out


def sudoku_cube_figures(folder: Path, labels: dict) -> dict:
    """Corner photos of the black Sudoku Cube: located (three faces) or refused, and for the
    labelled ones how many of the visible stickers read right (OCR off, as the other
    real-photo figures)."""
    out = {"photos": 0, "located": 0, "refused": 0, "labelled": 0, "stickers": 0, "right": 0,
           "errors": [], "refusals": {}}
    for path in _photos(folder):
        out["photos"] += 1
        img = load_image(path)
        label = labels.get(path.name)
        symmetric = frozenset(label["symmetric"]) if label else DEFAULT_SYMMETRIC
        faces, why = None, ""
        for which in (label["photo"],) if label else CORNER_PHOTOS:
            try:
                reader = Reader(settings=CubeSettings(symmetric=symmetric), ocr="never")
                faces = reader.read_corner_photo(img, which, source=path.name,
                                                 file_scale=file_scale(path, img))
                break
            except SudokuCubeError as e:
                why = str(e).split(": ", 1)[-1]
        if faces is None:
            out["refused"] += 1
            out["refusals"][path.name] = why
            continue
        out["located"] += 1
        if label is None:
            continue
        out["labelled"] += 1
        for face, tokens in label["faces"].items():
            for i, (want, got) in enumerate(zip(tokens, faces[face].stickers)):
                out["stickers"] += 1
                if same_sticker(parse_token(want), got, symmetric):
                    out["right"] += 1
                else:
                    out["errors"].append(f"{path.name} {face}{i + 1}: label {want} read "
                                         f"{got.token}")
    return out


def run(args: argparse.Namespace) -> int:
    """Print the real-photo figures (or JSON); skip with a message when DIR is missing."""
    root = Path(args.real)
    err = Console(stderr=True)
    if not any((root / d).is_dir() for d in ("faces", "corners", "sudoku-cube", "digits")):
        err.print(f"bench vision --real: {root} has no faces/, corners/, sudoku-cube/ or "
                  "digits/ folder of real photos; skipped")
        return 0
    labels = json.loads(LABELS.read_text())
    faces = faces_figures(root / "faces", labels)
    corners = corners_figures(root / "corners")
    black = sudoku_cube_figures(root / "sudoku-cube", json.loads(CORNER_LABELS.read_text()))
    digits = digits_figures(root / "digits") if (root / "digits").is_dir() else None
    if args.json:
        print(json.dumps({"faces": faces, "corners": corners, "sudoku_cube": black,
                          "printed_digits": digits}, indent=2))
        return 0
    table = Table(title=f"bench vision --real {root}")
    for c in ("set", "photos", "located", "refused", "labelled", "misplaced", "ms per photo"):
        table.add_column(c)
    table.add_row("one-face photos", str(faces["photos"]), str(faces["located"]),
                  str(faces["refused"]), str(faces["labelled"]), str(len(faces["misplaced"])),
                  f"{faces['ms_per_photo']:.0f}")
    table.add_row("corner photos (3 faces, up to the corner's turn)", str(corners["photos"]),
                  str(corners["located"]), str(corners["refused"]), "-", "-", "-")
    table.add_row("black Sudoku Cube, corner photos", str(black["photos"]),
                  str(black["located"]), str(black["refused"]), str(black["labelled"]), "-", "-")
    console = Console()
    console.print(table)
    col = faces["colours"]
    if col["cells"]:
        console.print(f"  sticker colours of located cells: {col['right']} of {col['cells']} "
                      f"right ({faces['colours']['photos_labelled']} photos with colour letters)",
                      markup=False)
        for name in col["photos_with_a_wrong_cell"]:
            console.print(f"  colour off: {name}", markup=False)
    if corners["photos"]:
        console.print(f"  corner photos held upright (faces named by the pose alone, the count "
                      f"before faces were named by what they carry): {corners['upright']}; "
                      f"located but held with no face on top: {corners['not_upright']}",
                      markup=False)
    for name, why in corners["refusals"].items():
        console.print(f"  corner photo refused: {name}: {why}", markup=False)
    if black["stickers"]:
        console.print(f"black Sudoku Cube: {black['right']} of {black['stickers']} labelled "
                      "stickers read right (no OCR)", markup=False)
    for e in black["errors"]:
        console.print(f"  misread: {e}", markup=False)
    for name, why in black["refusals"].items():
        console.print(f"  refused: {name}: {why}", markup=False)
    if digits and digits["digits"]:
        _print_digits(console, digits)
    for m in faces["misplaced"]:
        console.print(f"  misplaced: {m}", markup=False)
    for name, why in faces["refusals"].items():
        console.print(f"  refused: {name}: {why}", markup=False)
    return 0


def _print_digits(console: Console, d: dict) -> None:
    """The printed-digit lines (:mod:`assistant.bench.vision_real_digits`)."""
    n = d["digits"]
    console.print(f"printed digits (newspaper grids, {d['photos'] - len(d['no_grid'])} of "
                  f"{d['photos']} grids found, each digit read upright and half turned, no "
                  f"OCR): {d['right']} of {n} right ({d['right'] / n:.1%}); the right digit "
                  f"in any turn {d['digit_right']} ({d['digit_right'] / n:.1%}); the printed "
                  f"glyph, a bare 6/9 as either {d['print_right']} ({d['print_right'] / n:.1%});"
                  f" no digit seen {d['unseen']}", markup=False)
    if d["confusions"]:
        console.print("  most confused: " + ", ".join(d["confusions"]), markup=False)
    for name in d["no_grid"]:
        console.print(f"  grid not found: {name}", markup=False)
