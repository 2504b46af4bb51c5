"""Corner photos: accuracy and time of reading a cube from two photos (A, B) of three faces.

Reads the bundled corner samples (``samples/corners``) and freshly rendered unseen corner
pairs (other seeds, random difficulty, sizes, sticker styles and JPEG quality) and reports per
set: sticker accuracy (digit and rotation), whole cubes right before and after joint decoding
(the grid solver choosing among each sticker's candidates), milliseconds per corner photo and,
measured in the same run on single-face renders of the same cubes, per single-face photo, with
their ratio (target: a corner photo costs at most 3 single-face photos).
"""
from __future__ import annotations

import argparse
import json
import time
from pathlib import Path


from ...models.cube.geometry import FACES
from ...models.cube.state_format import parse_json
from ...render import render_corner_photo, render_face_photo
from ...vision.photo.images import load_image
from ...vision.reading.reader import Reader
from ...vision.reading.faces import reading_state
from .renders import (CORNER_RECIPE, DEFAULT_SYMMETRIC, JOINT_HEADS, JointTally, face_misreads,
                      joint_decode, unseen_cube)
from .face_times import FaceTimes
from .report import StepProgress, print_sets, recognisers_ready

SAMPLES = Path(__file__).resolve().parents[2] / "samples" / "corners"


def add_arguments(p: argparse.ArgumentParser) -> None:
    """Options of ``bench corners``."""
    p.add_argument("--cubes", type=int, default=20, help="freshly rendered cube pairs (default 20)")
    p.add_argument("--seed", type=int, default=70000, help="first seed of the fresh cubes")
    p.add_argument("--no-ocr", action="store_true", help="skip the tesseract vote")
    p.add_argument("--json", action="store_true", help="print the figures as JSON")


def _samples():
    for d in sorted(SAMPLES.iterdir()) if SAMPLES.is_dir() else []:
        if (d / "truth.json").exists():
            truth = parse_json((d / "truth.json").read_text(), str(d))
            yield d.name, {k: load_image(d / f"{k}.jpg") for k in "AB"}, truth, None


def rendered(count: int, seed: int, look: str | None = None, single: bool = True):
    """Unseen corner pairs (and a single-face photo of F for the time ratio, unless
    ``single`` is False), stickers in ``look`` (default: mixed, see ``unseen_cube``)."""
    for k in range(count):
        s = seed + k
        puzzle, style, homes = unseen_cube(s, k, CORNER_RECIPE, look)
        images = {w: render_corner_photo(puzzle.state.faces(), w, s * 10 + i, style,
                                         homes=homes)[0] for i, w in enumerate("AB")}
        face = render_face_photo(puzzle.state.face("F"), s * 10 + 7, style,
                                 homes=homes["F"])[0] if single else None
        yield f"render-{s}", images, puzzle.state, face


def evaluate(items, ocr: bool, progress, task, symmetric: frozenset[int] = DEFAULT_SYMMETRIC
             ) -> dict:
    """Read each (name, {A, B} images, truth, single-face image or None) and count (a
    ``symmetric`` digit is also right turned half round). Both photos are read whatever
    becomes of the other; a photo not read counts its three faces' stickers wrong and its
    cube refused."""
    st = {"stickers": 0, "right": 0, "cubes": 0, "cubes_right": 0, "joint": JointTally(),
          "photos": 0, "ms_photo": 0.0, "singles": 0, "ms_single": 0.0,
          "errors": [], "failed": [], "times": FaceTimes()}
    reader = Reader(ocr="always" if ocr else "never")
    for name, images, truth, single in items:
        st["cubes"] += 1
        st["stickers"] += 54
        readings = {}
        for w in "AB":  # each photo read, so that one not read costs only its own faces
            t = st["times"].start()
            try:
                readings.update(reader.read_corner_photo(images[w], w, source=f"{name}/{w}"))
            except Exception as e:  # noqa: BLE001 - a photo not read counts its faces wrong
                st["failed"].append(f"{name}/{w}: {e}")
                continue
            st["ms_photo"] += st["times"].stop(t, faces=3)
            st["photos"] += 1
        if single is not None:
            t = time.perf_counter()
            try:
                reader.read_face(single, face="F")
                st["ms_single"] += (time.perf_counter() - t) * 1000
                st["singles"] += 1
            except Exception as e:  # noqa: BLE001
                st["failed"].append(f"{name} single-face photo: {e}")
        right, wrong = face_misreads(readings, truth, symmetric)
        st["right"] += right
        st["errors"] += [f"{name} {w}" for w in wrong]
        if len(readings) < len(FACES):
            st["joint"].add(None)
        else:
            st["cubes_right"] += right == 54
            st["joint"].add(joint_decode(reading_state(readings), truth, symmetric))
        progress.advance(task)
    return st


def row(name: str, s: dict) -> dict:
    """The figures of one set from :func:`evaluate`'s counts."""
    n = max(1, s["stickers"])
    ms_photo = s["ms_photo"] / max(1, s["photos"])
    out = {"set": name, "cubes": s["cubes"], "sticker_accuracy": s["right"] / n,
           "cubes_right": s["cubes_right"], **s["joint"].figures(),
           "ms_per_corner_photo": ms_photo, "failed": s["failed"], "errors": s["errors"][:20]}
    if s["singles"]:
        single = s["ms_single"] / s["singles"]
        out.update({"ms_per_face_photo": single, "time_ratio": ms_photo / single})
    return out


def run(args: argparse.Namespace) -> int:
    """Run the benchmark and print a table (or JSON)."""
    ocr, err = recognisers_ready(args.no_ocr)
    rows = []
    with StepProgress(console=err) as progress:
        samples = list(_samples())
        t1 = progress.add_task("corner samples", total=len(samples))
        rows.append(row("corner samples", evaluate(samples, ocr, progress, t1)))
        t2 = progress.add_task("unseen corner renders", total=args.cubes)
        rows.append(row(f"unseen corner renders (seeds {args.seed}+)",
                         evaluate(rendered(args.cubes, args.seed), ocr, progress, t2)))
    if args.json:
        print(json.dumps(rows, indent=2))
        return 0
    cols = ["set", "cubes", "sticker_accuracy", "cubes_right", *JOINT_HEADS,
            "ms_per_corner_photo", "ms_per_face_photo", "time_ratio"]
    print_sets(f"bench corners ({'with' if ocr else 'without'} OCR)", rows, cols, _cell, "failed",
               JOINT_HEADS)
    return 0


def _cell(column: str, value) -> str:
    """A table cell: the sticker accuracy to 4 places, other figures to 1 place."""
    if column == "sticker_accuracy":
        return f"{value:.4f}"
    return f"{value:.1f}" if isinstance(value, float) else str(value)
