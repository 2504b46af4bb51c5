"""Vision with calibration: sticker accuracy before/after calibrating on an unseen font.

Run through ``sudoku-cube bench vision --calibration``. One cube design printed in a font the
defaults were not built from (default FreeSerifBold; the default templates use DejaVuSans-Bold
and the HOG classifier sans fonts) is photographed once, scrambled (six face photos, labelled
from the truth: what the user types), a profile is learnt from them, and then ``--cubes``
other scrambles of the same cube are photographed and read with the built-in templates
(before) and with the profile (after). OCR is off in both runs (the figures compare the
templates and classifier). Faces the detector misses count as 9 wrong stickers; the accuracy
over found faces is reported too.
"""
from __future__ import annotations

import argparse
import json
import time

from rich.console import Console
from rich.progress import Progress

from ...calibration.fit import LabelledPhoto, accuracy, calibrate_templates, score_photo
from ...calibration.profiles import Profile
from ...models.cube.geometry import FACES
from ...models.generator.cube3 import make_puzzle, random_scramble
from ...render import PhotoStyle, render_face_photo
from ...vision.reading.reader import Reader


def add_arguments(p: argparse.ArgumentParser) -> None:
    """Options of the calibration part (prefixed to stay apart from ``bench vision``'s)."""
    p.add_argument("--calibration", action="store_true",
                   help="benchmark calibration instead: accuracy before/after calibrating on "
                        "an unseen font")
    p.add_argument("--cal-font", default="FreeSerifBold.ttf",
                   help="font of the calibrated cube (default FreeSerifBold.ttf)")
    p.add_argument("--cal-difficulty", type=float, default=0.15,
                   help="photo difficulty 0..1 (default 0.15: a steady webcam set-up)")
    p.add_argument("--cal-cubes", type=int, default=20,
                   help="other scrambles photographed after calibrating (default 20)")


def run(args: argparse.Namespace) -> int:
    """Render, calibrate, read; print before/after (table or JSON)."""
    style = PhotoStyle(font=args.cal_font, difficulty=args.cal_difficulty, size=(640, 480))
    puzzle = make_puzzle(100)
    console = Console(stderr=getattr(args, "json", False))
    t0 = time.perf_counter()
    cal = [LabelledPhoto(f"cal/{f}", render_face_photo(puzzle.state.face(f), 5000 + k, style)[0],
                         tuple(puzzle.state.face(f))) for k, f in enumerate(FACES)]
    result = calibrate_templates(cal, Profile("bench"))
    profile = result.profile
    learnt, plain = profile.reader(), Reader(settings=profile.settings)  # merged once
    before, after = [], []
    with Progress(console=console, transient=True) as progress:
        task = progress.add_task("reading other scrambles", total=args.cal_cubes * 6)
        for c in range(args.cal_cubes):
            state = puzzle.design.apply(random_scramble(900 + c, 20))
            for k, f in enumerate(FACES):
                img = render_face_photo(state.face(f), 7000 + 10 * c + k, style)[0]
                photo = LabelledPhoto(f"cube{c}/{f}", img, tuple(state.face(f)))
                before.append(score_photo(photo, plain, profile.settings)[0])
                after.append(score_photo(photo, learnt, profile.settings)[0])
                progress.advance(task)

    def found(scores):
        return accuracy([s for s in scores if not s.problem])

    out = {"font": args.cal_font, "difficulty": args.cal_difficulty,
           "calibration_photos": 6, "test_photos": len(after),
           "stickers": sum(s.total for s in after),
           "faces_not_found": sum(1 for s in after if s.problem),
           "before": accuracy(before), "after": accuracy(after),
           "before_found_faces": found(before), "after_found_faces": found(after),
           "calibration_photos_before": profile.report["before"],
           "calibration_photos_after": profile.report["after"],
           "mistakes_after": [f"{s.source}:{i + 1} {t}->{r}" for s in after
                              for i, t, r in s.mistakes],
           "seconds": round(time.perf_counter() - t0, 1)}
    if getattr(args, "json", False):
        print(json.dumps(out, indent=2))
        return 0
    console.print(f"Calibration on font {out['font']} (difficulty {out['difficulty']}): "
                  f"{out['test_photos']} photos of other scrambles, {out['stickers']} stickers")
    console.print(f"  sticker accuracy  before {out['before']:.2%}  after {out['after']:.2%}")
    console.print(f"  on found faces    before {out['before_found_faces']:.2%}  after "
                  f"{out['after_found_faces']:.2%}  (faces not found: "
                  f"{out['faces_not_found']})")
    console.print(f"  calibration photos themselves: {out['calibration_photos_before']:.2%} -> "
                  f"{out['calibration_photos_after']:.2%}")
    if out["mistakes_after"]:
        console.print("  still wrong after: " + ", ".join(out["mistakes_after"][:12]))
    console.print(f"  {out['seconds']} s")
    return 0
