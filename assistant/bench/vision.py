"""Vision: sticker and whole-cube accuracy, time per face, tesseract-only baseline.

Reads the bundled sample cubes and freshly rendered unseen cubes (other seeds, harder
settings) and reports, for each set: sticker accuracy (digit and rotation), whole cubes right
before and after joint decoding (the grid solver choosing among each sticker's candidates),
milliseconds per face for the template+HOG path and with the OCR vote, and the same accuracy
for a tesseract-only reader. The unseen cubes are reported per sticker look (white stickers,
coloured with black ink, coloured with white ink on the dark colours, the black Sudoku Cube),
as six single-face photos and as a corner pair, plus one set printed in fonts no classifier
trained on (``tools.render_training.HELD_OUT_FONTS``), cube k in held-out font k and look k.
"""
from __future__ import annotations

import argparse
import json
import time
from pathlib import Path


from ...models.cube.geometry import FACES
from ...models.cube.state_format import parse_json
from ...models.errors import SudokuCubeError
from ...render import render_face_photo
from ...render.fonts import font_path
from ...vision.reading.baseline import read_face_tesseract
from ...vision.photo.images import load_image
from ...vision.reading.reader import Reader
from ...vision.reading.faces import reading_state
from ...vision.recognise.templates import HELD_OUT_FONTS
from . import corners, vision_calibration, vision_grounds, vision_real, vision_second
from .renders import (DEFAULT_SYMMETRIC, FACE_RECIPE, LOOK_ORDER, JOINT_HEADS, JointTally,
                      face_misreads, joint_decode, same, symmetric_of, unseen_cube)
from .face_times import TIME_HEADS, FaceTimes
from .report import StepProgress, print_sets, recognisers_ready

SCENES = ("standard", "everyday", "patterned")
"""The scenes ``--scenes`` names; everyday is the second renderer's, patterned ours."""

SAMPLES = Path(__file__).resolve().parents[2] / "samples" / "cubes"


def add_arguments(p: argparse.ArgumentParser) -> None:
    """Options of ``bench vision``."""
    p.add_argument("--cubes", type=int, default=20,
                   help="freshly rendered cubes per look and kind of photo (default 20)")
    p.add_argument("--seed", type=int, default=90000,
                   help="first seed of the fresh six-photo cubes (look i: seed + 1000 i)")
    p.add_argument("--corner-seed", type=int, default=70000,
                   help="first seed of the fresh corner pairs (look i: seed + 1000 i)")
    p.add_argument("--looks", nargs="+", choices=LOOK_ORDER, default=list(LOOK_ORDER),
                   help="sticker looks to render (default: all four)")
    p.add_argument("--photos", nargs="+", choices=("faces", "corners", "held-out"),
                   default=["faces", "corners", "held-out"],
                   help="which unseen sets: six face photos per look, corner pairs per look, "
                        "six face photos in held-out fonts (default: all)")
    p.add_argument("--no-ocr", action="store_true", help="skip the OCR and baseline runs")
    p.add_argument("--font", help="print the fresh cubes in this installed font (file name, "
                   "e.g. FreeMonoBoldOblique.ttf, one the classifiers never trained on); "
                   "default: the seed picks a bold sans font")
    p.add_argument("--json", action="store_true", help="print the figures as JSON")
    p.add_argument("--real", metavar="DIR",
                   help="instead: find faces in real photographs, DIR/faces (one face each) "
                        "and DIR/corners (three faces): located, refused, misplaced against "
                        "hand labels; skipped with a message when DIR has neither folder")

    p.add_argument("--renderer", choices=("ours", "second"), default="ours",
                   help="whose photos: ours (the renderer the classifiers trained on; default) "
                        "or second (a 3D renderer of its own drawing, docs/exam.md; the cell "
                        "model trained on its standard shots in 8 of its 10 fonts, other "
                        "seeds); second reports per look faces located, refused and misplaced "
                        "too")
    p.add_argument("--held-out-fonts", action="store_true",
                   help="with --renderer second: print every cube in its look's held-out font "
                        "(C059 for the black cube, TeX Gyre Heros Bold for the others), type "
                        "no model trained on; the same cubes otherwise")
    p.add_argument("--fonts", nargs=2, metavar=("SERIF", "SANS"),
                   help="with --renderer second: print every cube in these installed font "
                        "files instead (SERIF for the black cube, SANS for the others), e.g. "
                        "type no model trained on beyond the held-out pair; the same cubes "
                        "otherwise")
    p.add_argument("--white-body", action="store_true",
                   help="with --renderer second: also a cube with coloured stickers on a white "
                        "body (light grooves), beyond the four looks")
    p.add_argument("--scenes", choices=SCENES, default="standard",
                   help="standard: each renderer's own scenes (default); everyday (with "
                        "--renderer second): cutting mats, printed pages, tiles, gradients, "
                        "sofas, faces 12-70%% of the frame, dim and noisy light; patterned "
                        "(our renderer): the same cubes on cutting mats, squared and ruled "
                        "paper, printed pages, a sudoku page, a calendar, tiles, fabric, wood, "
                        "a keyboard, a chessboard, faces 10-70%% of the frame, dim, glared or "
                        "blurred light; both count faces located, refused and misplaced, with "
                        "figures per kind of scene")
    p.add_argument("--save", metavar="DIR",
                   help="with --renderer second or --scenes patterned: keep the refused, "
                        "misplaced and misread photos in DIR with their truth")
    vision_calibration.add_arguments(p)


def _sample_sets():
    for d in sorted(SAMPLES.iterdir()) if SAMPLES.is_dir() else []:
        if (d / "truth.json").exists():
            truth = parse_json((d / "truth.json").read_text(), str(d))
            yield d.name, {f: load_image(d / f"{f}.jpg") for f in FACES}, truth


HELD_OUT_SEED = 95000
"""First seed of the held-out font set."""


def _rendered(count: int, seed: int, font: str | None = None, look: str | None = None,
              fonts: tuple[str, ...] = (), looks: tuple[str, ...] = ()):
    """Unseen six-photo cubes: in ``look`` and ``font``, or cube k in ``fonts[k]`` and
    ``looks[k]`` (cycling)."""
    for k in range(count):
        s = seed + k
        puzzle, style, homes = unseen_cube(s, k, FACE_RECIPE,
                                           looks[k % len(looks)] if looks else look,
                                           fonts[k % len(fonts)] if fonts else font)
        images = {f: render_face_photo(puzzle.state.face(f), s * 10 + i, style,
                                       homes=homes[f])[0] for i, f in enumerate(FACES)}
        yield f"render-{s}", images, puzzle.state


def _evaluate(name_images_truth, ocr: bool, progress, task,
              symmetric: frozenset[int] = DEFAULT_SYMMETRIC) -> dict:
    """Read each (name, six images, truth) and count (a ``symmetric`` digit is also right
    turned half round). Every face is read whatever becomes of the others; a face not found
    counts its nine stickers wrong and its cube refused."""
    stats = {"stickers": 0, "right": 0, "right_ocr": 0, "right_tess": 0, "cubes": 0,
             "cubes_right": 0, "cubes_right_ocr": 0, "joint": JointTally(), "faces": 0,
             "ms_plain": 0.0, "ms_ocr": 0.0, "ms_tess": 0.0, "errors": [], "errors_ocr": [],
             "failed": [],
             "times": FaceTimes()}
    plain, voted = Reader(ocr="never"), Reader(ocr="always")
    for name, images, truth in name_images_truth:
        stats["cubes"] += 1
        readings, readings_ocr, tess = {}, {}, []
        for f in FACES:  # every face read, so that one not found costs only its own stickers
            t = stats["times"].start()
            try:
                readings[f] = plain.read_face(images[f], face=f)
                stats["ms_plain"] += stats["times"].stop(t)
                if ocr:
                    t = time.perf_counter()
                    readings_ocr[f] = voted.read_face(images[f], face=f)
                    stats["ms_ocr"] += (time.perf_counter() - t) * 1000
                    t = time.perf_counter()
                    tess.extend(read_face_tesseract(images[f]))
                    stats["ms_tess"] += (time.perf_counter() - t) * 1000
            except Exception as e:  # noqa: BLE001 - a face not found counts its stickers wrong
                stats["failed"].append(f"{name} {f}: {e}")
                readings.pop(f, None)
                continue
            stats["faces"] += 1
        stats["stickers"] += 54
        right, wrong = face_misreads(readings, truth, symmetric)
        stats["right"] += right
        stats["errors"] += [f"{name} {w}" for w in wrong]
        if len(readings) < len(FACES):
            stats["joint"].add(None)
            progress.advance(task)
            continue
        state = reading_state(readings)
        stats["cubes_right"] += right == 54
        final = state
        if ocr:
            final = reading_state(readings_ocr)
            right_ocr, wrong_ocr = face_misreads(readings_ocr, truth, symmetric)
            stats["right_ocr"] += right_ocr
            stats["cubes_right_ocr"] += right_ocr == 54
            stats["errors_ocr"] += [f"with OCR: {name} {w}" for w in wrong_ocr]
            stats["right_tess"] += sum(same(a, b, symmetric) for a, b in zip(tess, truth.stickers))
        stats["joint"].add(joint_decode(final, truth, symmetric))
        progress.advance(task)
    return stats


def _row(name: str, s: dict, ocr: bool) -> dict:
    n, faces = max(1, s["stickers"]), max(1, s["faces"])
    out = {"set": name, "cubes": s["cubes"],
           "sticker_accuracy": s["right"] / n,
           "cubes_right": s["cubes_right"], **s["joint"].figures(),
           "ms_per_face": s["ms_plain"] / faces, **s["times"].figures(),
           "failed_faces": s["failed"],
           "errors": (s["errors"] + s["errors_ocr"])[:20]}
    if ocr:
        out.update({"sticker_accuracy_ocr": s["right_ocr"] / n,
                    "cubes_right_ocr": s["cubes_right_ocr"],
                    "ms_per_face_ocr": s["ms_ocr"] / faces,
                    "tesseract_only_accuracy": s["right_tess"] / n,
                    "ms_per_face_tesseract_only": s["ms_tess"] / faces})
    return out


def _measure(args: argparse.Namespace, ocr: bool, progress) -> list[dict]:
    """The rows: samples, then per look six-photo cubes and corner pairs, then the held-out
    fonts."""
    samples = list(_sample_sets())
    task = progress.add_task("samples", total=len(samples))
    rows = [_row("samples", _evaluate(samples, ocr, progress, task), ocr)]
    in_font = f", font {args.font}" if args.font else ""
    for look in args.looks:
        li = LOOK_ORDER.index(look)
        if "faces" in args.photos:
            seed = args.seed + 1000 * li
            task = progress.add_task(f"six photos, {look}", total=args.cubes)
            stats = _evaluate(_rendered(args.cubes, seed, args.font, look), ocr, progress, task,
                              symmetric_of(look))
            rows.append(_row(f"six photos, {look} (seeds {seed}+{in_font})", stats, ocr))
        if "corners" in args.photos:
            seed = args.corner_seed + 1000 * li
            task = progress.add_task(f"corner pairs, {look}", total=args.cubes)
            stats = corners.evaluate(corners.rendered(args.cubes, seed, look, single=False),
                                     False, progress, task, symmetric_of(look))
            rows.append(_corner_row(f"corner pairs, {look} (seeds {seed}+)", stats))
    fonts = _installed(HELD_OUT_FONTS) if "held-out" in args.photos and not args.font else ()
    if fonts:
        looks = tuple(args.looks)
        task = progress.add_task("held-out fonts", total=args.cubes)
        stats = _evaluate(_rendered(args.cubes, HELD_OUT_SEED, fonts=fonts, looks=looks), ocr,
                          progress, task)
        rows.append(_row(f"six photos, held-out fonts ({len(fonts)}: "
                         + ", ".join(f.rsplit(".", 1)[0] for f in fonts)
                         + f"; seeds {HELD_OUT_SEED}+)", stats, ocr))
    return rows


def _installed(names: tuple[str, ...]) -> tuple[str, ...]:
    """Those of the font file ``names`` that are installed (the renderer finds them)."""
    out = []
    for n in names:
        try:
            font_path(n)
            out.append(n)
        except SudokuCubeError:
            pass
    return tuple(out)


def _corner_row(name: str, s: dict) -> dict:
    """A corner set's figures in the columns of the six-photo rows (time per face: a corner
    photo shows three)."""
    n = max(1, s["stickers"])
    return {"set": name, "cubes": s["cubes"], "sticker_accuracy": s["right"] / n,
            "cubes_right": s["cubes_right"], **s["joint"].figures(),
            "ms_per_face": s["ms_photo"] / max(1, 3 * s["photos"]), **s["times"].figures(),
            "failed_faces": s["failed"], "errors": s["errors"][:20]}


def _cell(column: str, value) -> str:
    """A table cell: accuracies as fractions to 4 places, times to 1 place."""
    if isinstance(value, float):
        return (f"{value:.1f}" if column.startswith(("ms_", "cpu_ms_", "joint_", "load"))
                else f"{value:.4f}")
    return str(value)


def run(args: argparse.Namespace) -> int:
    """Run the benchmark and print a table (or JSON)."""
    renderer, scenes = getattr(args, "renderer", "ours"), getattr(args, "scenes", "standard")
    if getattr(args, "fonts", None) and renderer != "second":
        raise SudokuCubeError("--fonts prints the second renderer's cubes in other type; use "
                              "it with --renderer second")
    if getattr(args, "held_out_fonts", False) and renderer != "second":
        raise SudokuCubeError("--held-out-fonts prints the second renderer's cubes in its "
                              "held-out fonts; use it with --renderer second (our renderer's "
                              "held-out fonts are --photos held-out)")
    if getattr(args, "real", None):  # real photographs: face finding only
        return vision_real.run(args)
    if getattr(args, "calibration", False):  # before/after calibration
        return vision_calibration.run(args)
    if (renderer, scenes) in (("ours", "everyday"), ("second", "patterned")):
        raise SudokuCubeError(f"--scenes {scenes} is not drawn by --renderer {renderer}; use "
                              "--scenes everyday with --renderer second, or --scenes "
                              "patterned with our renderer (the default)")
    if renderer == "second":  # the independent exam renderer
        return vision_second.run(args)
    if scenes == "patterned":  # our renderer's patterned grounds
        return vision_grounds.run(args)

    if args.font:
        font_path(args.font)  # an unknown font is refused before anything runs
    ocr, err = recognisers_ready(args.no_ocr, "OCR and baseline skipped")
    with StepProgress(console=err) as progress:
        rows = _measure(args, ocr, progress)
    if args.json:
        print(json.dumps(rows, indent=2))
        return 0
    cols = ["set", "cubes", "sticker_accuracy", "cubes_right", *JOINT_HEADS, *TIME_HEADS]
    if ocr:
        cols += ["sticker_accuracy_ocr", "cubes_right_ocr", "ms_per_face_ocr",
                 "tesseract_only_accuracy", "ms_per_face_tesseract_only"]
    print_sets("bench vision", rows, cols, _cell, "failed_faces", {**JOINT_HEADS, **TIME_HEADS})
    return 0
