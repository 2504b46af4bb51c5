"""How the reader's foot test (:mod:`sudoku_cube.vision.recognise.footed`) does on rendered 1s.

Two parts, each reported per group as the verdict's errors and, where the module measures a
:class:`~sudoku_cube.vision.recognise.footed.Foot`, the spread of its reach and depth:

- ``photos``: cubes rendered by both renderers (``ours``: :mod:`sudoku_cube.render`, ``exam``:
  :mod:`sudoku_cube.render.second`) in every look, as one-face and corner photos, with their 1s
  printed in a font of each kind: ``footed`` (serif fonts, a foot), ``bar`` (sans fonts whose
  1 stands on a base bar as deep as the stem: taken as symmetric), ``plain`` (flagged sans 1s).
  Every cell of a true 1 that the reader reads as a 1 in its true turn, sure enough to count
  (:data:`~sudoku_cube.vision.recognise.footed.SURE`), is judged as read (``upright``) and
  half a turn round (``upside-down``: the flag at the foot end, which must not count). 1s read
  half a turn wrong are counted (``turned``), as the cube's verdict sees them. Each cube whose
  six faces were read also gets the reader's verdict on its 1 (``cube verdict``:
  :func:`~sudoku_cube.vision.recognise.footed.ones_verdict`, what ``read`` says), wrong when
  it is not its print's.
- ``sweep``: each font's 1 drawn alone at glyph heights, Gaussian blurs and cuts (a cut above
  one half lets ink bleed, below thins it), judged in each of the four turns and upside down.

A foot is expected only on a ``footed`` 1 judged upright; a photo's 1s are judged in their
face's print (:func:`~sudoku_cube.vision.recognise.footed.light_print`: on the black cube's
print a wide base is a foot at any depth), the sweep's by their shape alone. ``reach only`` counts
the errors a verdict by the foot's reach alone would make (without the depth test that tells a serif
foot from a sans base bar). The checkout the report runs in is the one measured, so running
it in another checkout (``OTHER``, its folder) compares the two:

    .venv/bin/python -m tools.foot_report --cubes 4 --bench 10 --json /tmp/foot-mine.json
    cd OTHER && .venv/bin/python -m tools.foot_report --cubes 4 --bench 10 --json /tmp/b.json

``--bench N`` adds the verdict ``read`` gives on each of ``bench vision``'s first N black cubes
(both renderers, six photos and corner pairs, the bench's own seeds).
"""
from __future__ import annotations

import argparse
import json
import random
from collections import defaultdict

import cv2
import numpy as np

from sudoku_cube.models.cube.geometry import FACES
from sudoku_cube.models.generator.cube3 import make_puzzle
from sudoku_cube.render import PhotoStyle, render_corner_photo, render_face_photo
from sudoku_cube.render.fonts import BOLD_SANS, BOLD_SERIF
from sudoku_cube.render.looks import LOOK_NAMES, PHOTO_LOOKS
from sudoku_cube.render.second import corner_shot, face_shot, make_look
from sudoku_cube.render.second.looks import SANS_FONTS, SERIF_FONTS, font_file
from sudoku_cube.vision.reading.reader import Reader
from sudoku_cube.vision.recognise import footed
from sudoku_cube.vision.recognise.templates import find_font, render_digit

BAR_FONTS = ("DejaVuSans-Bold.ttf", "LiberationSans-Bold.ttf", "DejaVuSansCondensed-Bold.ttf")
"""Sans fonts whose 1 stands on a base bar (the module takes such a 1 as symmetric)."""
EXTRA_SERIF = ("C059-Bold.otf",)
"""A further Century Schoolbook cut for the sweep (the product's face)."""
SEED = 981000
FACES_SEED, CORNERS_SEED = 90000, 70000
"""``bench vision``'s first seeds of six-photo cubes and corner pairs (look i: 1000 i above)."""
HEIGHTS = (30, 40, 60)
"""Glyph heights of the sweep, in pixels (the reader's cells hold 1s of about 40)."""
SIGMAS = (0.0, 1.0, 1.5, 2.0)
CUTS = {"thin": 0.35, "even": 0.5, "bleed": 0.65}
"""The sweep's cuts by name: ink is what the blurred render leaves darker than this share of
paper (``bleed`` thickens every stroke, ``thin`` thins them)."""


def family(font: str) -> str:
    """``footed``, ``bar`` or ``plain``: what the 1 of ``font`` stands on."""
    if font in BAR_FONTS:
        return "bar"
    return "footed" if font in BOLD_SERIF + SERIF_FONTS + EXTRA_SERIF else "plain"


def _path(font: str) -> str:
    try:
        return str(find_font(font))
    except Exception:  # noqa: BLE001 - the second renderer's fonts live elsewhere
        return font_file(font)


def _record(groups: dict, key: tuple, body: np.ndarray, rot: int, want: bool,
            light: bool = False) -> None:
    """Judge one 1 (on a face of the black cube's print when ``light``) and file its verdict
    (and measure) under ``key``."""
    got = footed.has_foot(body, rot, light) if light else footed.has_foot(body, rot)
    g = groups[key]
    g["n"] += 1
    g["none"] += got is None
    g["wrong"] += got is not None and bool(got) != want
    reach = getattr(footed, "REACH", None)
    measure = getattr(footed, "measure_foot", None)
    foot = measure(body, rot) if measure else None
    if foot is not None:
        g["reach"].append(foot.reach)
        g["deep"].append(foot.deep)
        g["wrong_reach_only"] += (foot.reach >= reach) != want


def _cells(groups: dict, source: str, kind: str, font: str, readings: dict, state) -> None:
    fam = family(font)
    for f, r in readings.items():
        light = bool(getattr(footed, "light_print", lambda _: False)(r.evidence))
        for s, c, e, t in zip(r.stickers, r.confidence, r.evidence, state.face(f)):
            if t.digit != 1 or s.digit != 1 or c < footed.SURE:
                continue
            if s.rot == t.rot:
                _record(groups, (source, kind, fam, "upright"), e.body, s.rot, fam == "footed",
                        light)
                _record(groups, (source, kind, fam, "upside-down"), e.body, (s.rot + 2) % 4,
                        False, light)
            elif s.rot == (t.rot + 2) % 4:
                groups[(source, kind, fam, "turned")]["n"] += 1


def _new() -> dict:
    return {"n": 0, "none": 0, "wrong": 0, "wrong_reach_only": 0, "reach": [], "deep": []}


def _verdict(groups: dict, source: str, kind: str, font: str, readings: dict) -> None:
    """The cube's verdict on its 1 from all its readings, as ``read`` gives it: a cube whose
    six faces were read counts, and is wrong when the verdict is not its print's."""
    if len(readings) < len(FACES):
        return
    g = groups[(source, kind, family(font), "cube verdict")]
    g["n"] += 1
    g["wrong"] += footed.ones_verdict(readings).has_foot != (family(font) == "footed")


def photos(cubes: int, reader: Reader, groups: dict) -> None:
    """Read ``cubes`` cubes per renderer, look and kind of font (see the module's docstring)."""
    fonts = {"footed": BOLD_SERIF, "bar": BAR_FONTS, "plain": ("FreeSansBold.ttf",)}
    exam_fonts = {"footed": SERIF_FONTS, "bar": BAR_FONTS[:2], "plain": SANS_FONTS}
    for k in range(cubes):
        seed = SEED + k
        state = make_puzzle(seed, 14, symmetric=()).state
        for fam in fonts:
            font = fonts[fam][k % len(fonts[fam])]
            look = "black" if fam == "footed" else PHOTO_LOOKS[k % 3]
            style = PhotoStyle(stickers=look, font=font, difficulty=0.4)
            faces = {f: state.face(f) for f in FACES}
            got = {}
            for i, f in enumerate(FACES):
                img, _ = render_face_photo(faces[f], seed * 10 + i, style)
                got[f] = _try(lambda: reader.read_face(img, face=f))
            got = {f: r for f, r in got.items() if r}
            _cells(groups, "ours", "faces", font, got, state)
            _verdict(groups, "ours", "faces", font, got)
            both: dict = {}
            for i, w in enumerate("AB"):
                img, _ = render_corner_photo(faces, w, seed * 10 + i, style)
                both.update(_try(lambda: reader.read_corner_photo(img, w)) or {})
            _cells(groups, "ours", "corners", font, both, state)
            _verdict(groups, "ours", "corners", font, both)
            font = exam_fonts[fam][k % len(exam_fonts[fam])]
            name = "black" if fam == "footed" else LOOK_NAMES[k % len(LOOK_NAMES[:3])]
            lk = make_look(name, random.Random(f"foot-look/{seed}"), font=font)
            got = {f: _try(lambda: reader.read_face(face_shot(state, f, seed * 10 + i, lk).image,
                                                    face=f))
                   for i, f in enumerate(FACES)}
            got = {f: r for f, r in got.items() if r}
            _cells(groups, "exam", "faces", font, got, state)
            _verdict(groups, "exam", "faces", font, got)
            both = {}
            for i, w in enumerate("AB"):
                shot = corner_shot(state, w, seed * 10 + i, lk)
                both.update(_try(lambda: reader.read_corner_photo(shot.image, w)) or {})
            _cells(groups, "exam", "corners", font, both, state)
            _verdict(groups, "exam", "corners", font, both)


def bench(cubes: int, reader: Reader) -> list[dict]:
    """The verdict ``read`` gives on the first ``cubes`` black cubes of ``bench vision`` (its
    default seeds): ours (:mod:`sudoku_cube.render`) and the exam renderer's, six face photos
    and corner pairs; every one of them is printed with a footed 1."""
    from sudoku_cube.assistant.bench import corners as bench_corners
    from sudoku_cube.assistant.bench.vision import _rendered
    from sudoku_cube.assistant.bench.vision_second import cube

    black = 1000 * LOOK_NAMES.index("black")
    out = []

    def add(source: str, kind: str, seed: int, readings: dict) -> None:
        v = footed.ones_verdict(readings) if len(readings) == len(FACES) else None
        out.append({"source": source, "kind": kind, "seed": seed,
                    "verdict": v.to_dict() if v else None})
        print(source, kind, seed, v.describe() if v else "not all six faces read")

    for name, images, _ in _rendered(cubes, FACES_SEED + black, look="black"):
        read = {f: _try(lambda: reader.read_face(img, face=f)) for f, img in images.items()}
        add("ours", "faces", int(name.rsplit("-", 1)[1]), {f: r for f, r in read.items() if r})
    for name, images, _, _ in bench_corners.rendered(cubes, CORNERS_SEED + black, "black",
                                                     single=False):
        got: dict = {}
        for w, img in images.items():
            got.update(_try(lambda: reader.read_corner_photo(img, w)) or {})
        add("ours", "corners", int(name.rsplit("-", 1)[1]), got)
    for k in range(cubes):
        s = FACES_SEED + black + k
        state, homes, lk = cube(s, k, "black")
        add("exam", "faces", s, {f: r for i, f in enumerate(FACES) if (r := _try(
            lambda: reader.read_face(face_shot(state, f, s * 10 + i, lk, homes).image, face=f)))})
        s = CORNERS_SEED + black + k
        state, homes, lk = cube(s, k, "black")
        got = {}
        for i, w in enumerate("AB"):
            shot = corner_shot(state, w, s * 10 + i, lk, homes)
            got.update(_try(lambda: reader.read_corner_photo(shot.image, w)) or {})
        add("exam", "corners", s, got)
    return out


def _try(read):
    try:
        return read()
    except Exception:  # noqa: BLE001 - a photo not read has no 1s to judge
        return None


def sweep(groups: dict) -> None:
    """Each font's 1 alone at every height, blur and cut (see the module's docstring)."""
    for font in BOLD_SERIF + EXTRA_SERIF + SERIF_FONTS + BOLD_SANS + SANS_FONTS:
        fam = family(font)
        big = render_digit(1, _path(font), 4 * max(HEIGHTS)).astype(np.float32) / 255
        ys = np.nonzero((big < 0.5).any(axis=1))[0]
        for height in HEIGHTS:
            scale = height / (ys.max() - ys.min() + 1)
            small = cv2.resize(big, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
            for sigma in SIGMAS:
                soft = cv2.GaussianBlur(small, (0, 0), sigma) if sigma else small
                for cut_name, cut in CUTS.items():
                    ink = soft < cut
                    band = ("sharp" if not sigma else f"blur {sigma:g}") + f" {cut_name}"
                    for rot in range(4):
                        body = np.rot90(ink, -rot)
                        _record(groups, ("sweep", f"h{height} {band}", fam, "upright"), body, rot,
                                fam == "footed")
                    _record(groups, ("sweep", f"h{height} {band}", fam, "upside-down"), ink, 2,
                            False)


def _spread(values: list[float]) -> str:
    if not values:
        return ""
    q = np.quantile(values, (0, 0.1, 0.5, 0.9, 1))
    return " ".join(f"{v:.2f}" for v in q)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--cubes", type=int, default=2, help="cubes per renderer and kind of font")
    p.add_argument("--no-photos", action="store_true", help="the sweep only")
    p.add_argument("--bench", type=int, default=0,
                   help="also the verdicts on this many of bench vision's black cubes")
    p.add_argument("--json", help="write the figures to this file")
    args = p.parse_args(argv)
    groups: dict = defaultdict(_new)
    sweep(groups)
    if not args.no_photos:
        photos(args.cubes, Reader(ocr="never"), groups)
    rows = []
    print(f"{'source':7s} {'kind':20s} {'1s':7s} {'judged':12s} {'n':>4s} {'wrong':>5s} "
          f"{'none':>4s} {'reach only':>10s}  reach (min 10% 50% 90% max) | depth in stems")
    for key in sorted(groups):
        g = groups[key]
        rows.append({"group": list(key), "n": g["n"], "wrong": g["wrong"], "none": g["none"],
                     "wrong_reach_only": g["wrong_reach_only"],
                     "reach": _spread(g["reach"]), "deep": _spread(g["deep"])})
        print(f"{key[0]:7s} {key[1]:20s} {key[2]:7s} {key[3]:12s} {g['n']:4d} {g['wrong']:5d} "
              f"{g['none']:4d} {g['wrong_reach_only']:10d}  {_spread(g['reach']):28s} | "
              f"{_spread(g['deep'])}")
    verdicts = bench(args.bench, Reader(ocr="never")) if args.bench else []
    if args.json:
        with open(args.json, "w") as out:
            json.dump({"groups": rows, "bench": verdicts}, out, indent=1)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
