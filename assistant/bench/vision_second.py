"""``bench vision --renderer second``: the readers on photos of the second renderer.

The second renderer (:mod:`sudoku_cube.render.second`) draws whole cubes in 3D with none of
the first renderer's drawing code. It is not wholly unseen: the learned cell model trained on
its standard shots (other seeds than these, seeds 740000+ and 750000+) in eight of its ten
fonts, and the readers' numbers were tuned while watching these figures. What no model saw
is its everyday scenes, these seeds and its two held-out fonts
(:data:`sudoku_cube.render.second.looks.HELD_OUT`); ``--held-out-fonts`` prints every cube
in its look's held-out font (the same cubes otherwise), the sets named "held-out fonts".
Per sticker look and kind of photo (six face photos, corner pairs):
faces located (all nine sticker centres within a third of a sticker of the truth), refused
and misplaced, stickers right raw, cubes right raw and after joint decoding (the grid solver
choosing among each sticker's candidates), milliseconds per face. ``--save DIR`` keeps every
photo that was refused, misplaced or misread, with its truth, for a look by eye.
``--scenes everyday`` takes the same cubes in the everyday scenes (cutting mats, printed
pages, tiles, small and large faces, dim light) and adds the figures per kind of scene
(:mod:`.vision_scenes`).
"""
from __future__ import annotations

import argparse
import json
import random
import time
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any, Callable, Iterator

import cv2
import numpy as np
from rich.console import Console
from rich.progress import TaskID
from rich.table import Table

from ...models.cube.geometry import FACES
from ...models.cube.state import CubeState
from ...models.generator.cube3 import home_faces, make_puzzle
from ...render.second import corner_shot, face_shot, make_look
from ...render.second.looks import HELD_OUT
from ...render.second.scenes import everyday
from ...vision.reading.reader import Reader
from ...vision.reading.faces import FaceReading, reading_state
from .renders import (JOINT_HEADS, Joint, JointTally, face_misreads, joint_decode,
                      symmetric_of)
from .report import StepProgress, recognisers_ready
from .vision_scenes import SceneKind, SceneTallies, print_rows

LOCATED_TOLERANCE = 1 / 3
"""A face is located when every sticker centre found lies within this fraction of the
sticker pitch of the truth."""

SCENE_SETS = ("standard", "everyday")
"""The scenes a run photographs its cubes in: the standard exam's draws, or the everyday
scenes (:mod:`sudoku_cube.render.second.scenes`)."""


@dataclass
class Tally:
    """Counts of one look and kind of photo."""

    cubes: int = 0
    faces: int = 0
    located: int = 0
    refused: int = 0
    misplaced: int = 0
    stickers: int = 0
    right: int = 0
    cubes_right: int = 0
    joint: JointTally = field(default_factory=JointTally)
    ms: float = 0.0
    read: int = 0
    notes: list[str] = field(default_factory=list)


def cube(seed: int, k: int, look: str, held_out: bool = False,
         pair: tuple[str, str] = HELD_OUT):
    """The ``k``-th cube of a run: its state, per-face sticker homes and its make (look);
    with ``held_out`` printed in the look's held-out font (of ``pair``, serif and sans), all
    else the same."""
    puzzle = make_puzzle(seed, 25, substitution=bool(k % 2), symmetric=symmetric_of(look))
    homes = home_faces(puzzle.scramble)
    return (puzzle.state, {f: homes[9 * i:9 * i + 9] for i, f in enumerate(FACES)},
            make_look(look, random.Random(f"exam-look/{seed}"), held_out=held_out, pair=pair))


def placed(reading: FaceReading, truth: dict) -> bool:
    """True when the reading's sticker centres sit on the truth's (see
    :data:`LOCATED_TOLERANCE`)."""
    want = np.array(truth["centres"], np.float64)
    got = np.asarray(reading.geometry.cell_centres(), np.float64) * reading.file_scale
    pitch = np.mean([np.linalg.norm(want[i] - want[i + 1]) for i in (0, 1, 3, 4, 6, 7)])
    return bool(np.linalg.norm(got - want, axis=1).max() < LOCATED_TOLERANCE * pitch)


def save_photo(save: Path | None, name: str, image: np.ndarray, truth: dict, why: str) -> str:
    """Keep ``image`` and its truth (with ``why``) as ``save/name``.png and .json; the note's
    pointer to them ("" without a folder)."""
    if save is None:
        return ""
    save.mkdir(parents=True, exist_ok=True)
    cv2.imwrite(str(save / f"{name}.png"), image)
    (save / f"{name}.json").write_text(json.dumps(dict(truth, why=why), indent=1))
    return f" [{save / name}.png]"


def scene_words(scene: SceneKind | None) -> str:
    """A scene as a note names it."""
    return f" ({scene.ground}, {scene.band}, {scene.light})" if scene else ""


def judge(t: Tally, name: str, face: str, reading: FaceReading | None, err: str | None,
          truth: dict, scene: SceneKind | None = None) -> bool:
    """Count one face's finding; True when it was located."""
    t.faces += 1
    if reading is None:
        t.refused += 1
        t.notes.append(f"{name} {face}{scene_words(scene)}: refused: {err}")
        return False
    if not placed(reading, truth):
        t.misplaced += 1
        t.notes.append(f"{name} {face}{scene_words(scene)}: misplaced")
        return False
    t.located += 1
    return True


def judge_corner_photo(t: Tally, name: str, which: str, got: dict | None, err: str | None,
                       truths: dict, scene: SceneKind | None, scenes: SceneTallies | None,
                       state: CubeState, symmetric: frozenset[int]
                       ) -> tuple[dict[str, FaceReading], bool]:
    """Count the faces of corner photo ``which`` against their ``truths`` (and per kind of
    scene, with ``scenes``); a refused photo gets one note, not three. The located faces'
    readings, and whether any face was missed."""
    got = got or {}
    readings, missed = {}, False
    for f, truth in truths.items():
        found = judge(t, name, f"{which}/{f}", got.get(f), err, truth, scene)
        if scenes and scene:
            scenes.face(scene, got.get(f), found, err, state.face(f), symmetric)
        if found:
            readings[f] = got[f]
        else:
            missed = True
    if err:
        t.notes[-3:] = [f"{name} {which}{scene_words(scene)}: refused: {err}"]
    return readings, missed


def score(t: Tally, name: str, readings: dict, truth_state: CubeState,
          symmetric: frozenset[int]) -> tuple[list[str], Joint | None]:
    """Count a cube's stickers and whole-cube results; the wrong stickers' names and the
    joint decoding (None: a photo was not read). The faces that were located count their
    stickers; a face that was not counts its nine wrong."""
    t.cubes += 1
    t.stickers += 54
    right, wrong = face_misreads(readings, truth_state, symmetric)
    t.right += right
    if wrong:
        t.notes.append(f"{name}: misread " + ", ".join(wrong))
    if len(readings) < 6:
        t.joint.add(None)
        return wrong, None
    t.cubes_right += right == 54
    joint = joint_decode(reading_state(readings), truth_state, symmetric)
    t.joint.add(joint)
    return wrong, joint


def _cubes(look: str, count: int, seed: int, progress, task, held_out: bool = False,
           pair: tuple[str, str] = HELD_OUT) -> Iterator[tuple]:
    """The ``count`` cubes of ``look`` to read (in the held-out fonts of ``pair`` with
    ``held_out``): (index, seed, name, state, home faces, look), the progress bar advanced
    after each."""
    for k in range(count):
        s = seed + k
        state, homes, lk = cube(s, k, look, held_out, pair)
        yield k, s, f"exam-{look}-{s}", state, homes, lk
        progress.advance(task)


def timed(t: Tally, faces: int, read: Callable[[], Any]) -> tuple[Any, str | None]:
    """Run one read, adding its time and its ``faces`` to the tally; (None, why) when the
    reader refused the photo (a refusal counts the photo's faces wrong, not as a crash)."""
    t0 = time.perf_counter()
    try:
        got = read()
    except Exception as e:  # noqa: BLE001 - a refused photo counts its faces wrong
        return None, str(e)
    t.ms += (time.perf_counter() - t0) * 1000
    t.read += faces
    return got, None


def six_photos(look: str, count: int, seed: int, ocr: bool, save: Path | None,
               progress, task, scenes: SceneTallies | None = None,
               held_out: bool = False, pair: tuple[str, str] = HELD_OUT) -> Tally:
    """Read ``count`` cubes of ``look`` from six single-face photos each; with ``scenes``,
    photographed in the everyday scenes and counted there per kind too; with ``held_out``,
    printed in the look's held-out font (of ``pair``)."""
    t = Tally()
    symmetric = symmetric_of(look)
    reader = Reader(ocr="always" if ocr else "never")
    for k, s, name, state, homes, lk in _cubes(look, count, seed, progress, task, held_out,
                                                        pair):
        where = {f: everyday(k, i) if scenes else None for i, f in enumerate(FACES)}
        shots = {f: face_shot(state, f, s * 10 + i, lk, homes, scene=where[f])
                 for i, f in enumerate(FACES)}
        readings = {}
        for f, shot in shots.items():
            r, err = timed(t, 1, lambda: reader.read_face(shot.image, face=f))
            found = judge(t, name, f, r, err, shot.truth, where[f])
            if scenes:
                scenes.face(where[f], r, found, err, state.face(f), symmetric)
            if found:
                readings[f] = r
            else:
                t.notes[-1] += save_photo(save, f"{name}-{f}", shot.image, shot.truth,
                                     t.notes[-1])
        wrong, joint = score(t, name, readings, state, symmetric)
        if scenes:
            scenes.cube(where["U"], joint)
        for f in {w[0] for w in wrong}:
            save_photo(save, f"{name}-{f}-misread", shots[f].image, shots[f].truth, "; ".join(
                w for w in wrong if w[0] == f))
    return t


def corner_pairs(look: str, count: int, seed: int, ocr: bool, save: Path | None,
                 progress, task, scenes: SceneTallies | None = None,
                 held_out: bool = False, pair: tuple[str, str] = HELD_OUT) -> Tally:
    """Read ``count`` cubes of ``look`` from corner photos A and B; with ``scenes``,
    photographed in the everyday scenes and counted there per kind too; with ``held_out``,
    printed in the look's held-out font (of ``pair``)."""
    t = Tally()
    symmetric = symmetric_of(look)
    reader = Reader(ocr="always" if ocr else "never")
    for k, s, name, state, homes, lk in _cubes(look, count, seed, progress, task, held_out,
                                                        pair):
        readings, shots = {}, {}
        for i, w in enumerate("AB"):
            scene = everyday(k, i) if scenes else None
            shot = shots[w] = corner_shot(state, w, s * 10 + i, lk, homes, scene=scene)
            got, err = timed(t, 3, lambda: reader.read_corner_photo(shot.image, w,
                                                                     source=f"{name}/{w}"))
            found, bad = judge_corner_photo(t, name, w, got, err, shot.truth["faces"], scene,
                                            scenes, state, symmetric)
            readings.update(found)
            if bad:
                t.notes[-1] += save_photo(save, f"{name}-{w}", shot.image, shot.truth, t.notes[-1])
        wrong, joint = score(t, name, readings, state, symmetric)
        if scenes:
            scenes.cube(everyday(k, 0), joint)
        if wrong:
            for w in "AB":
                save_photo(save, f"{name}-{w}-misread", shots[w].image, shots[w].truth,
                      "; ".join(wrong))
    return t


def row(name: str, t: Tally) -> dict:
    """The figures of one set."""
    return {"set": name, "cubes": t.cubes, "faces": t.faces, "located": t.located,
            "refused": t.refused, "misplaced": t.misplaced,
            "sticker_accuracy": t.right / max(1, t.stickers), "cubes_right": t.cubes_right,
            **t.joint.figures(), "ms_per_face": t.ms / max(1, t.read),
            "notes": t.notes}


SetReader = Callable[[str, int, int, bool, Path | None, StepProgress, TaskID,
                      SceneTallies | None], Tally]
"""A set's reading: ``six_photos`` or ``corner_pairs`` (look, cubes, first seed, OCR, folder for
the photos it saves, progress and its task, the tallies per kind of scene or None)."""

SET_WORDS = {"faces": "six photos", "corners": "corner pairs"}
"""The progress bar's words for each kind of photo set."""


def read_sets(args: argparse.Namespace, looks: list[tuple[int, str]],
              readers: dict[str, SetReader], ocr: bool, bar: str, tag: str,
              by_kind: dict[str, SceneTallies], bar_tag: str | None = None) -> list[dict]:
    """The rows of every set the run asks for: per look (``(li, look)``: its first seeds lie
    ``1000 * li`` above the run's), its six photos then its corner pairs, each read by
    ``readers[kind]`` under a progress bar ``"{bar}, {words}, {look}{bar_tag}"`` and named
    ``"{look} {kind} {seed}+{tag}"``. ``bar_tag`` is ``tag`` unless given."""
    save = Path(args.save) if getattr(args, "save", None) else None
    first = {"faces": args.seed, "corners": args.corner_seed}
    rows = []
    with StepProgress(console=Console(stderr=True)) as progress:
        for li, look in looks:
            for kind in (k for k in SET_WORDS if k in args.photos):
                seed = first[kind] + 1000 * li
                task = progress.add_task(
                    f"{bar}, {SET_WORDS[kind]}, {look}{tag if bar_tag is None else bar_tag}",
                    total=args.cubes)
                rows.append(row(f"{look} {kind} {seed}+{tag}",
                                readers[kind](look, args.cubes, seed, ocr,
                                              save and save / look / kind, progress, task,
                                              by_kind.get(kind))))
    return rows


def run(args: argparse.Namespace) -> int:
    """Render, read and print the table (or JSON)."""
    ocr, _ = recognisers_ready(args.no_ocr)
    looks = list(args.looks) + (["white-body"] if getattr(args, "white_body", False) else [])
    everyday_run = getattr(args, "scenes", "standard") == "everyday"
    by_kind = {"faces": SceneTallies(), "corners": SceneTallies()} if everyday_run else {}
    chosen = getattr(args, "fonts", None)
    pair = (chosen[0], chosen[1]) if chosen else HELD_OUT
    held_out = bool(getattr(args, "held_out_fonts", False)) or bool(chosen)
    tag = (" everyday" if everyday_run else "") + (
        f" in {pair[0]} / {pair[1]}" if chosen else " held-out fonts" if held_out else "")
    rows = read_sets(args, list(enumerate(looks)),
                     {"faces": partial(six_photos, held_out=held_out, pair=pair),
                      "corners": partial(corner_pairs, held_out=held_out, pair=pair)},
                     ocr, "second renderer", tag, by_kind)
    for r in rows:
        r["fonts"] = list(pair) if held_out else "all"
    scene_rows = [r for photos in args.photos if photos in by_kind
                  for r in by_kind[photos].rows(photos)]
    report(rows, scene_rows if everyday_run else None, args.json,
           f"bench vision --renderer second ({'with' if ocr else 'without'} OCR)")
    return 0


def report(rows: list[dict], scene_rows: list[dict] | None, as_json: bool, title: str,
           scene_title: str = "everyday scenes: per kind of scene (all looks)") -> None:
    """Print the sets' table and notes, then (``scene_rows`` given) the figures per kind of
    scene; or all of it as JSON."""
    if as_json:
        print(json.dumps(rows if scene_rows is None else {"sets": rows, "scenes": scene_rows},
                         indent=2))
        return
    table = Table(title=title)
    cols = ["set", "cubes", "faces", "located", "refused", "misplaced", "sticker_accuracy",
            "cubes_right", *JOINT_HEADS, "ms_per_face"]
    heads = ["set (look, photos, first seed)", "cubes", "faces", "located", "refused",
             "misplaced", "stickers right", "cubes right", *JOINT_HEADS.values(), "ms/face"]
    for h in heads:
        table.add_column(h, no_wrap=True)
    for r in rows:
        table.add_row(*[f"{r[c]:.4f}" if c == "sticker_accuracy" else
                        f"{r[c]:.1f}" if isinstance(r[c], float) else str(r[c]) for c in cols])
    console = Console()
    console.print(table)
    for r in rows:
        for note in r["notes"]:
            console.print(f"  {r['set']}: {note}", markup=False)
    if scene_rows:
        print_rows(console, scene_rows, scene_title)
