"""Which digit recogniser is wrong on which cells: per-recogniser accuracy and confusions.

Cuts labelled cells out of rendered photos with the reader's own steps (detect -> warp ->
polarity-normalised cells -> ink mask -> underline split -> glyph) and scores, per font and
per sticker look, each recogniser alone and combined:

- ``template``: the best normalised correlation with the default templates;
- ``hog``: the HOG linear model;
- ``both``: their combined vote (:func:`sudoku_cube.vision.recognise.evidence.class_logits`);
- ``6/9``: among 6/9 cells whose shape the vote got right, how often the underline (bar split
  or learned model) then names the right digit;
- ``blank``: cells whose ink mask held no glyph at all (a finding for the ink cut, not for
  the recognisers);
- ``read``: the cell's top hypothesis (digit and turn) as the reader returns it, before
  joint decoding and the other cuts of an unsure cell.

A glyph's "shape" merges 6 turned r with 9 turned r+2 (one shape once the underline is split
off). Sources: ``held-out`` (our renderer in the fonts no classifier trains on, every look),
``exam`` (the independent renderer ``render.second``; diagnosis only, never training data).

    .venv/bin/python -m tools.recogniser_report --source held-out exam --photos 40
"""
from __future__ import annotations

import argparse
import json
import random
from collections import Counter, defaultdict
from typing import Iterable

import numpy as np

from sudoku_cube.render.looks import PHOTO_LOOKS
from tools.render_training import PhotoCell, labelled_cells, photo_cells

SEED_HELD_OUT = 710000
SEED_EXAM = 810000
LOOKS = PHOTO_LOOKS


def shape_of(cls: int) -> int:
    """Class (digit-1)*4+rot with a 9 turned r counted as the 6 turned r+2."""
    return 5 * 4 + (cls % 4 + 2) % 4 if cls // 4 == 8 else cls


def held_out_cells(count: int, looks: tuple[str, ...] = LOOKS,
                   seed0: int = SEED_HELD_OUT) -> list[tuple[PhotoCell, str]]:
    """Cells of ``count`` photos of our renderer in the held-out fonts, ``looks`` in turn."""
    from sudoku_cube.vision.recognise.templates import HELD_OUT_FONTS, installed_fonts

    fonts = [f.rsplit("/", 1)[-1] for f in installed_fonts(HELD_OUT_FONTS)]
    out = []
    for k in range(count):
        look = looks[k % len(looks)]
        out += [(c, look) for c in photo_cells([seed0 + k], fonts, looks=(look,))]
    return out


def exam_cells(count: int, looks: tuple[str, ...] = LOOKS,
               seed0: int = SEED_EXAM) -> list[tuple[PhotoCell, str]]:
    """Cells of ``count`` single-face photos of the second renderer, ``looks`` in turn."""
    from sudoku_cube.models.generator.cube3 import random_face
    from sudoku_cube.models.cube.geometry import FACES
    from sudoku_cube.models.cube.state import CubeState
    from sudoku_cube.render.second import face_shot, make_look
    from sudoku_cube.vision.locate.detect import find_face

    out = []
    for k in range(count):
        look = looks[k % len(looks)]
        rng = random.Random(f"report/{seed0 + k}")
        state = CubeState(tuple(s for _ in FACES for s in random_face(rng)))
        lk = make_look(look, rng)
        face = FACES[k % 6]
        shot = face_shot(state, face, seed0 + k, lk)
        try:
            geo = find_face(shot.image)
        except Exception:  # noqa: BLE001 - a refused photo has no cells to judge
            continue
        t = shot.truth
        out += [(c, look) for c in labelled_cells(shot.image, geo, t["tokens"], t["centres"],
                                                  lk.font)]
    return out


def judge(cells: Iterable[tuple[PhotoCell, str]]) -> list[dict]:
    """One record per cell: truth, each recogniser's shape, the 6/9 and the final reading."""
    from sudoku_cube.models.cube.stickers import parse_token
    from sudoku_cube.vision.recognise.hog import class_index, default_model
    from sudoku_cube.vision.recognise.evidence import analyse_cells, class_logits, hypotheses
    from sudoku_cube.vision.recognise.templates import default_templates
    from sudoku_cube.vision.cells.ink import ink_mask

    tpl, model = default_templates(), default_model()
    cells = list(cells)
    recs = []
    for k in range(0, len(cells), 9):
        chunk = cells[k:k + 9]
        evs = analyse_cells([ink_mask(c.cell) for c, _ in chunk], tpl, model,
                            [c.cell for c, _ in chunk])
        for (c, look), ev in zip(chunk, evs):
            s = parse_token(c.token)
            truth = class_index(s.digit, s.rot)
            top = hypotheses(ev)[0].sticker
            rec = {"font": c.font, "look": look, "truth": truth, "px": c.cell_px,
                   "read": class_index(top.digit, top.rot), "glyph": ev.glyph is not None}
            if ev.glyph is not None:
                rec.update(template=int(np.argmax(ev.template)), hog=int(np.argmax(ev.hog)),
                           both=int(np.argmax(class_logits(ev))),
                           bar=ev.underline_rot is not None)
            recs.append(rec)
    return recs


def _symmetric(r: dict) -> set[int]:
    """Digits counted right when read half round: 8 always, 1 except on the black cube (its
    1 has a foot)."""
    return {8} if r["look"] == "black" else {1, 8}


def _right_read(r: dict) -> bool:
    t, g = r["truth"], r["read"]
    if t // 4 != g // 4:
        return False
    return t % 4 == g % 4 or (t // 4 + 1 in _symmetric(r) and (t - g) % 2 == 0)


def _shape_right(r: dict, key: str) -> bool:
    if key not in r:
        return False
    t, g = shape_of(r["truth"]), shape_of(r[key])
    return t == g or (t // 4 + 1 in _symmetric(r) and t // 4 == g // 4 and (t - g) % 2 == 0)


def summary(recs: list[dict], by: str) -> dict:
    """Accuracy per recogniser grouped by ``by`` ("font" or "look"), plus totals."""
    groups: dict[str, list[dict]] = defaultdict(list)
    for r in recs:
        groups[r[by]].append(r)
    groups["ALL"] = recs
    out = {}
    for name, rs in sorted(groups.items()):
        six = [r for r in rs if r["truth"] // 4 in (5, 8) and _shape_right(r, "both")]
        out[name] = {"cells": len(rs),
                     "no_glyph": int(sum(not r["glyph"] for r in rs)),
                     **{k: round(float(np.mean([_shape_right(r, k) for r in rs])), 4)
                        for k in ("template", "hog", "both")},
                     "6/9": round(float(np.mean([r["read"] // 4 == r["truth"] // 4
                                                 for r in six])), 4) if six else None,
                     "read": round(float(np.mean([_right_read(r) for r in rs])), 4)}
    return out


def confusions(recs: list[dict], key: str, top: int = 8) -> list[str]:
    """The most frequent wrong (truth digit -> read digit) pairs of one recogniser."""
    c: Counter = Counter()
    for r in recs:
        if key in r and not (_right_read(r) if key == "read" else _shape_right(r, key)):
            c[f"{r['truth'] // 4 + 1}->{r[key] // 4 + 1}"] += 1
    return [f"{k} x{v}" for k, v in c.most_common(top)]


def main(argv: list[str] | None = None) -> int:
    """Collect cells, judge every recogniser, print tables (or JSON)."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--source", nargs="+", choices=("held-out", "exam"), default=["held-out"])
    p.add_argument("--photos", type=int, default=40)
    p.add_argument("--looks", nargs="+", choices=LOOKS, default=list(LOOKS))
    p.add_argument("--json", action="store_true")
    a = p.parse_args(argv)
    report = {}
    for src in a.source:
        get = held_out_cells if src == "held-out" else exam_cells
        cells = get(a.photos, tuple(a.looks))
        recs = judge(cells)
        report[src] = {"by_font": summary(recs, "font"), "by_look": summary(recs, "look"),
                       "confusions": {k: confusions(recs, k)
                                      for k in ("template", "hog", "both", "read")}}
    if a.json:
        print(json.dumps(report, indent=1))
        return 0
    for src, rep in report.items():
        print(f"== {src}")
        for by in ("by_font", "by_look"):
            print(f"{by[3:]:<34} cells blank template   hog  both   6/9  read")
            for name, s in rep[by].items():
                six = "  -  " if s["6/9"] is None else f"{s['6/9']:.3f}"
                print(f"{name:<34} {s['cells']:>5} {s['no_glyph']:>5} {s['template']:.3f} "
                      f"{s['hog']:.3f} "
                      f"{s['both']:.3f} {six} {s['read']:.3f}")
        for k, v in rep["confusions"].items():
            print(f"confusions {k}: {', '.join(v)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
