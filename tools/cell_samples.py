"""Labelled cells for the learned cell model, cut by the reader out of rendered photos.

Each photo goes through the reader's own locating and straightening; a face whose lattice
disagrees with the render's truth is dropped, so a locating error never becomes a wrong
label. Every located face gives its nine cells (the network's input,
:func:`vision.recognise.cell_model.cell_input`) and :data:`OFF_CELLS` "no digit" windows: two
half a cell off its stickers, one beyond its edge. Photos with blank stickers
(:func:`with_blanks`) add "no digit" cells of stickers without print. A sample set is a dict
of arrays: ``x`` (network inputs, float16), ``y`` (class), ``font`` and ``look`` (strings),
``source``
(``first`` or ``exam``: which renderer drew it), ``moved`` (cut from a moved window,
:func:`jittered_cell`).

Two renderers draw the photos (the seeds, given by :mod:`tools.train_cell_model`, are
disjoint from every benchmark's):

- :mod:`render`: single-face and corner photos (side faces small and sheared) of every look
  of the first renderer, with random blur, glare, noise, dim light, JPEG and size
  (:func:`tools.render_training._style`), in the fonts given (training or held-out);
- :mod:`render.second`: the exam renderer's standard face and corner shots (not its
  everyday scenes) of every look, the white body included, in its own fonts, or in the
  training fonts given, thin to heavy.
"""
from __future__ import annotations

import dataclasses
import random
import sys
from concurrent.futures import ProcessPoolExecutor
from typing import Sequence

import numpy as np

SIDE = 28
"""Side (pixels) of the darkness maps the cell model learns from
(:func:`vision.recognise.cell_model.cell_input`); the trainer records it in the model's json
(``input``), and the reader takes it from there."""
CORNER_SHARE = 0.45
"""Share of corner photos among the rendered ones."""
BOLDEST = 0.045
"""Most stroke added around a glyph of an exam shot in a training font (a fraction of the
font size: the heaviest the exam renderer draws a roman cut)."""
OFF_CELLS = 3
""""No digit" windows cut per face: two half a cell off its stickers, one beyond its edge."""
SHIFT = 0.15
SCALE = 0.06
TURN = 4.0
"""Most a jittered window (:func:`jittered_cell`) moves (a share of the cell), grows or
shrinks (a share of its side) and turns (degrees): how far a lattice the locator placed a
pixel or two off, on a side face's cells 20-30 pixels wide, moves a cell's window."""

BLANK_STICKERS = (1, 9)
"""Fewest and most stickers left without print on each face of a photo with blank stickers
(``blanks``: :func:`first_photo`), drawn evenly: a lone worn sticker up to a face that
shows no digit at all."""

Samples = tuple[list[np.ndarray], list[int]]

SampleSet = dict[str, np.ndarray]
"""A rendered training or validation set, array by name, one row per cell: ``x`` the cell
model's inputs, ``y`` their classes, and each cell's ``font``, ``look``, ``source`` (which
renderer) and ``moved`` (cut from a moved window) (:func:`render_set`)."""


def jittered_cell(image: np.ndarray, geometry, index: int, rng: random.Random,
                  cell: int = 80) -> np.ndarray:
    """Cell ``index`` (0-8, row by row) of the face straightened as the reader cuts it
    (:func:`vision.cells.warp.cut_cells`), its window moved up to :data:`SHIFT` of a cell
    each way, scaled by up to :data:`SCALE` and turned up to :data:`TURN` degrees about the
    cell's centre: the cell as a lattice placed a little off would show it."""
    import cv2

    r, c = divmod(index, 3)
    a = np.radians(rng.uniform(-TURN, TURN))
    s = rng.uniform(1 - SCALE, 1 + SCALE) / cell
    cx, cy = c + rng.uniform(-SHIFT, SHIFT), r + rng.uniform(-SHIFT, SHIFT)
    half = cell / 2
    to_lattice = np.array([[s * np.cos(a), -s * np.sin(a), 0.0],
                           [s * np.sin(a), s * np.cos(a), 0.0], [0.0, 0.0, 1.0]])
    to_lattice = (np.array([[1.0, 0, cx], [0, 1.0, cy], [0, 0, 1.0]]) @ to_lattice
                  @ np.array([[1.0, 0, -half], [0, 1.0, -half], [0, 0, 1.0]]))
    return cv2.warpPerspective(image, geometry.homography @ to_lattice, (cell, cell),
                               flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
                               borderMode=cv2.BORDER_REPLICATE)


def face_samples(image: np.ndarray, geometry, tokens: Sequence[str], centres,
                 rng: random.Random, jitter: int = 0) -> Samples:
    """The nine labelled cells of one located face, ``jitter`` more windows of each
    (:func:`jittered_cell`) and :data:`OFF_CELLS` "no digit" windows; none when the lattice
    disagrees with the truth's sticker centres."""
    from sudoku_cube.models.cube.stickers import Sticker, format_token, parse_token
    from sudoku_cube.render.texture import BLANK
    from sudoku_cube.vision.cells.warp import cell_beside, cut_cells, warp_face
    from sudoku_cube.vision.polarity import as_dark_ink, light_inks
    from sudoku_cube.vision.recognise.cell_model import NONE
    from sudoku_cube.vision.recognise.hog import class_index

    found = geometry.cell_centres()
    truth = np.asarray(centres, np.float64)
    pitch = float(np.linalg.norm(truth[4] - truth[3]) + np.linalg.norm(truth[4] - truth[1])) / 2
    if np.linalg.norm(found - truth, axis=1).max() > 0.2 * pitch:
        return [], []
    raw = cut_cells(warp_face(image, geometry), normalise=False)
    light = light_inks(raw)
    cells = [as_dark_ink(c, lt) for c, lt in zip(raw, light)]
    blank = format_token(Sticker(BLANK, 0))[:-1]  # a blank sticker's truth token, its arrow off
    labels = [NONE if t[:-1] == blank else class_index(*parse_token(t)) for t in tokens]
    for i in range(9 * jitter):
        cells.append(as_dark_ink(jittered_cell(image, geometry, i % 9, rng), light[i % 9]))
        labels.append(labels[i % 9])
    for k in range(OFF_CELLS):
        i = rng.randrange(9)
        if k < OFF_CELLS - 1:
            dx, dy = rng.choice([(0.5, 0), (-0.5, 0), (0, 0.5), (0, -0.5), (0.5, 0.5)])
        else:
            i, dx, dy = beyond_edge(rng)
        cells.append(as_dark_ink(cell_beside(image, geometry, i, dx, dy), light[i]))
        labels.append(NONE)
    return cells, labels


def beyond_edge(rng: random.Random) -> tuple[int, float, float]:
    """A window beyond the face's edge: a cell on a random side of the face (``index``, 0-8
    row by row) and its move outward across that side, 0.9-1.3 cells (``dx``, ``dy`` in
    lattice columns and rows), so the window shows the body or the background, not a
    neighbouring sticker."""
    side, along = rng.randrange(4), rng.randrange(3)
    step = rng.uniform(0.9, 1.3)
    r, c, dx, dy = ((0, along, 0.0, -step), (2, along, 0.0, step),
                    (along, 0, -step, 0.0), (along, 2, step, 0.0))[side]
    return 3 * r + c, dx, dy


def moved_flags(samples: int, jitter: int) -> np.ndarray:
    """Which of ``samples`` samples cut by :func:`face_samples` with ``jitter`` moved windows
    per cell (face after face, each its nine cells, its moved windows and its "no digit"
    windows, in that order) come from moved windows."""
    face = np.r_[np.zeros(9, bool), np.ones(9 * jitter, bool), np.zeros(OFF_CELLS, bool)]
    return np.tile(face, samples // len(face))


def _located(image: np.ndarray, which: str | None, truth: dict,
             rng: random.Random, jitter: int = 0) -> Samples:
    """Samples of every face the reader locates in ``image`` (a corner photo ``which``, or
    one face; ``jitter`` moved windows per cell), ``truth``: face letter -> its tokens and
    sticker centres."""
    from sudoku_cube.vision.locate.corners.faces import locate_faces
    from sudoku_cube.vision.locate.detect import find_face

    cells: list[np.ndarray] = []
    labels: list[int] = []
    try:
        if which is None:
            (t,) = truth.values()
            return face_samples(image, find_face(image), t["tokens"], t["centres"], rng,
                                jitter)
        for cf in locate_faces(image, which):
            t = truth.get(cf.face)
            if t is not None:
                c, y = face_samples(image, cf.geometry(), t["tokens"], t["centres"], rng,
                                    jitter)
                cells += c
                labels += y
    except Exception:  # noqa: BLE001 - a photo the reader refuses teaches nothing here
        return [], []
    return cells, labels


def with_blanks(face: Sequence, rng: random.Random) -> tuple:
    """``face``'s stickers with :data:`BLANK_STICKERS` of them, at random places, left
    without print (:data:`render.texture.BLANK`)."""
    from sudoku_cube.models.cube.stickers import Sticker
    from sudoku_cube.render.texture import BLANK

    blank = set(rng.sample(range(9), rng.randint(*BLANK_STICKERS)))
    return tuple(Sticker(BLANK, s.rot) if i in blank else s for i, s in enumerate(face))


def first_photo(seed: int, fonts: tuple[str, ...], looks: tuple[str, ...] | None,
                corners: float = CORNER_SHARE, jitter: int = 0,
                blanks: bool = False) -> tuple[Samples, str, str]:
    """Samples of the first renderer's photo of ``seed`` (a corner photo for a share
    ``corners`` of seeds) in one of ``fonts`` and ``looks`` (default: every look in
    :data:`tools.render_training.TRAIN_LOOKS` shares), ``jitter`` moved windows per cell
    (:func:`face_samples`), with ``blanks`` some stickers of every face left without print
    (:func:`with_blanks`, labelled "no digit"); its font and look."""
    from sudoku_cube.models.cube.geometry import FACES
    from sudoku_cube.render import render_corner_photo, render_face_photo
    from tools.render_training import _face, _style

    rng = random.Random(f"cell-model:{seed}")
    font = rng.choice(list(fonts))
    style = _style(rng, font, looks=looks)

    def face():
        f = _face(rng, None)
        return with_blanks(f, rng) if blanks else f

    if rng.random() < corners:
        which = rng.choice("AB")
        image, truth = render_corner_photo({f: face() for f in FACES}, which, seed, style)
        return _located(image, which, truth["faces"], rng, jitter), font, style.stickers
    image, truth = render_face_photo(face(), seed, style)
    return _located(image, None, {"": truth}, rng, jitter), font, style.stickers


def exam_photo(seed: int, fonts: tuple[str, ...] = (),
               looks: tuple[str, ...] | None = None, corners: float = CORNER_SHARE,
               jitter: int = 0) -> tuple[Samples, str, str]:
    """Samples of an exam renderer's standard shot (a corner shot for a share ``corners`` of
    seeds, else a face; one of ``looks`` drawn from the seed, default every look; ``jitter``
    moved windows per cell), its font and look. With ``fonts`` the cube is printed
    in one of them instead of the renderer's own type, emboldened anywhere from not at all to
    as heavily as the renderer draws its roman cuts, so thin and heavy strokes both occur."""
    from sudoku_cube.models.cube.geometry import FACES
    from sudoku_cube.models.generator.cube3 import home_faces, make_puzzle
    from sudoku_cube.models.profile import DEFAULT_SYMMETRIC
    from sudoku_cube.render.looks import LOOK_NAMES
    from sudoku_cube.render.second import make_look
    from sudoku_cube.render.second.shots import corner_shot, face_shot

    rng = random.Random(f"cell-model-exam:{seed}")
    name = rng.choice(list(looks) if looks else LOOK_NAMES)
    # a cube made as the exam makes its cubes (bench vision --renderer second)
    puzzle = make_puzzle(seed, 25, substitution=bool(seed % 2),
                         symmetric=frozenset() if name == "black" else DEFAULT_SYMMETRIC)
    state = puzzle.state
    homes = {f: home_faces(puzzle.scramble)[9 * i:9 * i + 9] for i, f in enumerate(FACES)}
    look = make_look(name, random.Random(f"exam-look/{seed}"))
    if fonts:
        look = dataclasses.replace(look, font=rng.choice(list(fonts)),
                                   bold=rng.uniform(0.0, BOLDEST))
    if rng.random() < corners:
        which = rng.choice("AB")
        shot = corner_shot(state, which, seed, look, homes)
        truth = {f: {"tokens": [s.token for s in state.face(f)], "centres": t["centres"]}
                 for f, t in shot.truth["faces"].items()}
        return _located(shot.image, which, truth, rng, jitter), look.font, look.name
    face = rng.choice(FACES)
    shot = face_shot(state, face, seed, look, homes)
    truth = {face: {"tokens": [s.token for s in state.face(face)],
                    "centres": shot.truth["centres"]}}
    return _located(shot.image, None, truth, rng, jitter), look.font, look.name


Job = tuple[str, list[int], tuple[str, ...], tuple[str, ...] | None, float, int, bool]
"""(renderer ``first`` or ``exam``, seeds, fonts, looks, share of corner photos, moved
windows per cell, blank stickers) of one rendering process."""


def _chunk(job: Job) -> dict[str, np.ndarray]:
    """The sample set of the photos of ``job``'s seeds."""
    from sudoku_cube.vision.recognise.cell_model import cell_input

    source, seeds, fonts, looks, corners, jitter, blanks = job
    xs, ys, fs, ls = [np.zeros((0, SIDE * SIDE), np.float32)], [], [], []
    moved: list[np.ndarray] = [np.zeros(0, bool)]
    for seed in seeds:
        (cells, labels), font, look = (
            exam_photo(seed, fonts, looks, corners, jitter) if source == "exam"
            else first_photo(seed, fonts, looks, corners, jitter, blanks))
        if cells:
            xs.append(cell_input(cells, SIDE))
            ys += labels
            fs += [font] * len(labels)
            ls += [look] * len(labels)
            moved.append(moved_flags(len(labels), jitter))
        print(f"\r{source} seed {seed}", end="", file=sys.stderr, flush=True)
    return {"x": np.concatenate(xs).astype(np.float16), "y": np.array(ys, np.int16),
            "font": np.array(fs, dtype="U48"), "look": np.array(ls, dtype="U24"),
            "source": np.array([source] * len(ys), dtype="U8"),
            "moved": np.concatenate(moved)}


def render_set(source: str, count: int, seed0: int, fonts: tuple[str, ...] = (),
               looks: tuple[str, ...] | None = None, jobs: int = 1,
               corners: float = CORNER_SHARE, jitter: int = 0, blanks: bool = False
               ) -> SampleSet:
    """The sample set of ``count`` photos of renderer ``source`` from seed ``seed0`` on (a
    share ``corners`` of them corner photos, ``jitter`` moved windows per cell; ``blanks``:
    some stickers without print, first renderer only), in ``jobs`` processes."""
    if blanks and source != "first":
        raise ValueError("blank stickers are drawn by the first renderer only")
    seeds = list(range(seed0, seed0 + count))
    parts: list[Job] = [(source, seeds[k::jobs], fonts, looks, corners, jitter, blanks)
                        for k in range(jobs)]
    if jobs == 1:
        chunks = [_chunk(parts[0])]
    else:
        with ProcessPoolExecutor(jobs) as ex:
            chunks = list(ex.map(_chunk, parts))
    print(file=sys.stderr)
    return joined(chunks)


def joined(sets: Sequence[SampleSet]) -> SampleSet:
    """Sample sets one after another."""
    return {k: np.concatenate([s[k] for s in sets]) for k in sets[0]}
