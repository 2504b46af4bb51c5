"""``bench vision --scenes patterned``: our renderer's cubes lying on patterned grounds.

The same unseen cubes as the default run (same seeds, looks, states and photo recipes),
photographed by our renderer (:mod:`sudoku_cube.render`) on the patterned grounds of
:mod:`sudoku_cube.render.patterned`: cutting mats, squared and ruled paper, printed pages,
a sudoku page, a calendar, tiles, fabric, wood, a keyboard, a chessboard. Cube k of the i-th
look lies on ground (k + 3 i) of :data:`~sudoku_cube.render.grounds.GROUND_KINDS` (all its
photos); each photo draws its face size (10-70% of the frame's area) and its light (even,
dim, glare, blurred) from its seed. Counted as ``--renderer second`` counts its photos: per
look and kind of photo faces located (every sticker centre within a third of a pitch of the
truth), refused and misplaced, stickers right, cubes right after joint decoding; then per
ground, size band and light (:mod:`.vision_scenes`).
"""
from __future__ import annotations

import argparse
from dataclasses import replace
from pathlib import Path


from ...models.cube.geometry import FACES
from ...render import render_corner_photo, render_face_photo
from ...render.grounds import GROUND_KINDS
from ...render.patterned import Scene
from ...vision.reading.reader import Reader
from .renders import CORNER_RECIPE, FACE_RECIPE, LOOK_ORDER, symmetric_of, unseen_cube
from .report import recognisers_ready
from .vision_scenes import SceneTallies
from .vision_second import (Tally, judge, judge_corner_photo, read_sets, report, save_photo,
                            score, timed)


def ground_of(k: int, look: str) -> str:
    """The ground cube ``k`` of ``look`` lies on (the looks start three grounds apart, so
    a run of fewer cubes than grounds still meets every ground)."""
    return GROUND_KINDS[(k + 3 * LOOK_ORDER.index(look)) % len(GROUND_KINDS)]


def _scene(truth: dict) -> Scene:
    return Scene(truth["ground"], truth["band"], truth["light"])


def six_photos(look: str, count: int, seed: int, ocr: bool, save: Path | None, progress,
               task, scenes: SceneTallies) -> Tally:
    """Read ``count`` cubes of ``look`` from six single-face photos each, on their grounds."""
    t = Tally()
    symmetric = symmetric_of(look)
    reader = Reader(ocr="always" if ocr else "never")
    for k in range(count):
        s = seed + k
        puzzle, style, homes = unseen_cube(s, k, FACE_RECIPE, look)
        style = replace(style, ground=ground_of(k, look))
        name = f"ours-{look}-{s}"
        readings, shots = {}, {}
        for i, f in enumerate(FACES):
            image, truth = shots[f] = render_face_photo(puzzle.state.face(f), s * 10 + i, style,
                                                        homes=homes[f])
            scene = _scene(truth)
            r, err = timed(t, 1, lambda: reader.read_face(image, face=f))
            found = judge(t, name, f, r, err, truth, scene)
            scenes.face(scene, r, found, err, puzzle.state.face(f), symmetric)
            if found:
                readings[f] = r
            else:
                t.notes[-1] += save_photo(save, f"{name}-{f}", image, truth, t.notes[-1])
        wrong, joint = score(t, name, readings, puzzle.state, symmetric)
        scenes.cube(scene, joint, by_light=False)
        for f in {w[0] for w in wrong}:
            save_photo(save, f"{name}-{f}-misread", *shots[f],
                       "; ".join(w for w in wrong if w[0] == f))
        progress.advance(task)
    return t


def corner_pairs(look: str, count: int, seed: int, ocr: bool, save: Path | None, progress,
                 task, scenes: SceneTallies) -> Tally:
    """Read ``count`` cubes of ``look`` from corner photos A and B, on their grounds."""
    t = Tally()
    symmetric = symmetric_of(look)
    reader = Reader(ocr="always" if ocr else "never")
    for k in range(count):
        s = seed + k
        puzzle, style, homes = unseen_cube(s, k, CORNER_RECIPE, look)
        style = replace(style, ground=ground_of(k, look))
        name = f"ours-{look}-{s}"
        readings, shots = {}, {}
        for i, w in enumerate("AB"):
            image, truth = shots[w] = render_corner_photo(puzzle.state.faces(), w, s * 10 + i,
                                                          style, homes=homes)
            scene = _scene(truth)
            got, err = timed(t, 3, lambda: reader.read_corner_photo(image, w,
                                                                    source=f"{name}/{w}"))
            found, bad = judge_corner_photo(t, name, w, got, err, truth["faces"], scene,
                                            scenes, puzzle.state, symmetric)
            readings.update(found)
            if bad:
                t.notes[-1] += save_photo(save, f"{name}-{w}", image, truth, t.notes[-1])
        wrong, joint = score(t, name, readings, puzzle.state, symmetric)
        scenes.cube(scene, joint, by_light=False)
        if wrong:
            for w in "AB":
                save_photo(save, f"{name}-{w}-misread", *shots[w], "; ".join(wrong))
        progress.advance(task)
    return t


def run(args: argparse.Namespace) -> int:
    """Render, read and print the sets' table and the figures per kind (or JSON)."""
    ocr, _ = recognisers_ready(args.no_ocr)
    by_kind = {"faces": SceneTallies(), "corners": SceneTallies()}
    rows = read_sets(args, [(LOOK_ORDER.index(look), look) for look in args.looks],
                     {"faces": six_photos, "corners": corner_pairs}, ocr, "patterned grounds",
                     " patterned", by_kind, bar_tag="")
    scene_rows = [r for photos in args.photos if photos in by_kind
                  for r in by_kind[photos].rows(photos)]
    report(rows, scene_rows, args.json,
           f"bench vision --scenes patterned ({'with' if ocr else 'without'} OCR)",
           "patterned grounds: per kind of scene (all looks)")
    return 0
