"""Vision: sticker and whole-cube accuracy, time per face, tesseract-only baseline.

Reads the bundled sample cubes and a freshly rendered set of unseen cubes (other seeds,
harder settings, both sticker styles, every installed bold sans font) and reports, for each
set: sticker accuracy (digit and rotation), whole cubes right before and after joint decoding
(the grid solver choosing among each sticker's candidates), milliseconds per face for the
template+HOG path and with the OCR vote, and the same accuracy for a tesseract-only reader.
"""
from __future__ import annotations

import argparse
import dataclasses
import json
import time
from pathlib import Path

from rich.console import Console
from rich.progress import Progress
from rich.table import Table

from sudoku_cube.assistant.bench import vision_calibration
from sudoku_cube.assistant.bench.renders import FACE_RECIPE, joint_right, same, unseen_cube
from sudoku_cube.models.geometry import FACES
from sudoku_cube.models.state_format import parse_json
from sudoku_cube.render import render_face_photo
from sudoku_cube.render.fonts import font_path
from sudoku_cube.vision.baseline import read_face_tesseract
from sudoku_cube.vision.hog import default_model
from sudoku_cube.vision.images import load_image
from sudoku_cube.vision.ocr import tesseract_available
from sudoku_cube.vision.reading import read_face, reading_state
from sudoku_cube.vision.templates import default_templates

SAMPLES = Path(__file__).resolve().parents[2] / "samples" / "cubes"


def add_arguments(p: argparse.ArgumentParser) -> None:
    """Options of ``bench vision``."""
    p.add_argument("--cubes", type=int, default=30, help="freshly rendered cubes (default 30)")
    p.add_argument("--seed", type=int, default=90000, help="first seed of the fresh cubes")
    p.add_argument("--no-ocr", action="store_true", help="skip the OCR and baseline runs")
    p.add_argument("--font", help="print the fresh cubes in this installed font (file name, "
                   "e.g. FreeMonoBoldOblique.ttf, one the classifiers never trained on); "
                   "default: the seed picks a bold sans font")
    p.add_argument("--json", action="store_true", help="print the figures as JSON")

    vision_calibration.add_arguments(p)


def _sample_sets():
    for d in sorted(SAMPLES.iterdir()) if SAMPLES.is_dir() else []:
        if (d / "truth.json").exists():
            truth = parse_json((d / "truth.json").read_text(), str(d))
            yield d.name, {f: load_image(d / f"{f}.jpg") for f in FACES}, truth


def _rendered(count: int, seed: int, font: str | None = None):
    for k in range(count):
        s = seed + k
        puzzle, style, homes = unseen_cube(s, k, FACE_RECIPE)
        if font:
            style = dataclasses.replace(style, font=font)
        images = {f: render_face_photo(puzzle.state.face(f), s * 10 + i, style,
                                       homes=homes[f])[0] for i, f in enumerate(FACES)}
        yield f"render-{s}", images, puzzle.state


def _evaluate(name_images_truth, ocr: bool, progress, task) -> dict:
    stats = {"stickers": 0, "right": 0, "right_ocr": 0, "right_tess": 0, "cubes": 0,
             "cubes_right": 0, "cubes_right_ocr": 0, "cubes_joint": 0, "faces": 0,
             "ms_plain": 0.0, "ms_ocr": 0.0, "ms_tess": 0.0, "errors": [], "failed": []}
    for name, images, truth in name_images_truth:
        stats["cubes"] += 1
        readings, readings_ocr, tess = {}, {}, []
        try:
            for f in FACES:
                t = time.perf_counter()
                readings[f] = read_face(images[f], ocr=False, face=f)
                stats["ms_plain"] += (time.perf_counter() - t) * 1000
                if ocr:
                    t = time.perf_counter()
                    readings_ocr[f] = read_face(images[f], ocr=True, face=f)
                    stats["ms_ocr"] += (time.perf_counter() - t) * 1000
                    t = time.perf_counter()
                    tess.extend(read_face_tesseract(images[f]))
                    stats["ms_tess"] += (time.perf_counter() - t) * 1000
                stats["faces"] += 1
        except Exception as e:  # noqa: BLE001 - a face not found counts its stickers wrong
            stats["failed"].append(f"{name}: {e}")
            stats["stickers"] += 54
            progress.advance(task)
            continue
        state = reading_state(readings)
        ok = [same(a, b) for a, b in zip(state.stickers, truth.stickers)]
        stats["stickers"] += 54
        stats["right"] += sum(ok)
        stats["cubes_right"] += all(ok)
        stats["errors"] += [f"{name} {FACES[i // 9]}{i % 9 + 1}: truth {truth.stickers[i].token} "
                            f"read {state.stickers[i].token}" for i in range(54) if not ok[i]]
        final = state
        if ocr:
            final = reading_state(readings_ocr)
            ok2 = [same(a, b) for a, b in zip(final.stickers, truth.stickers)]
            stats["right_ocr"] += sum(ok2)
            stats["cubes_right_ocr"] += all(ok2)
            stats["right_tess"] += sum(same(a, b) for a, b in zip(tess, truth.stickers))
        stats["cubes_joint"] += joint_right(final, truth)
        progress.advance(task)
    return stats


def _row(name: str, s: dict, ocr: bool) -> dict:
    n, faces = max(1, s["stickers"]), max(1, s["faces"])
    out = {"set": name, "cubes": s["cubes"],
           "sticker_accuracy": s["right"] / n,
           "cubes_right": s["cubes_right"], "cubes_right_after_joint": s["cubes_joint"],
           "ms_per_face": s["ms_plain"] / faces, "failed_faces": s["failed"],
           "errors": s["errors"][:20]}
    if ocr:
        out.update({"sticker_accuracy_ocr": s["right_ocr"] / n,
                    "cubes_right_ocr": s["cubes_right_ocr"],
                    "ms_per_face_ocr": s["ms_ocr"] / faces,
                    "tesseract_only_accuracy": s["right_tess"] / n,
                    "ms_per_face_tesseract_only": s["ms_tess"] / faces})
    return out


def run(args: argparse.Namespace) -> int:
    """Run the benchmark and print a table (or JSON)."""
    if getattr(args, "calibration", False):  # before/after calibration
        return vision_calibration.run(args)

    if args.font:
        font_path(args.font)  # an unknown font is refused before anything runs
    default_templates()
    default_model()
    ocr = not args.no_ocr and tesseract_available()
    err = Console(stderr=True)
    if not args.no_ocr and not ocr:
        err.print("[yellow]warning:[/] tesseract is not installed; OCR and baseline skipped")
    rows = []
    with Progress(console=err) as progress:
        samples = list(_sample_sets())
        t1 = progress.add_task("samples", total=len(samples))
        rows.append(_row("samples", _evaluate(samples, ocr, progress, t1), ocr))
        t2 = progress.add_task("unseen renders", total=args.cubes)
        in_font = f", font {args.font}" if args.font else ""
        rows.append(_row(f"unseen renders (seeds {args.seed}+{in_font})",
                         _evaluate(_rendered(args.cubes, args.seed, args.font), ocr, progress,
                                   t2), ocr))
    if args.json:
        print(json.dumps(rows, indent=2))
        return 0
    table = Table(title="bench vision")
    cols = ["set", "cubes", "sticker_accuracy", "cubes_right", "cubes_right_after_joint",
            "ms_per_face"]
    if ocr:
        cols += ["sticker_accuracy_ocr", "cubes_right_ocr", "ms_per_face_ocr",
                 "tesseract_only_accuracy", "ms_per_face_tesseract_only"]
    for c in cols:
        table.add_column(c.replace("_", " "))
    for r in rows:
        table.add_row(*[f"{r[c]:.4f}" if isinstance(r[c], float) and r[c] <= 1 else
                        f"{r[c]:.1f}" if isinstance(r[c], float) else str(r[c]) for c in cols])
    console = Console()
    console.print(table)
    for r in rows:
        for e in r["failed_faces"] + r["errors"]:
            console.print(f"  {r['set']}: {e}", markup=False)
    return 0
