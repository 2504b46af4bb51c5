"""Train the learned cell model (``vision/data/cell_model.npz`` + ``cell_model.json``).

Renders photos with :mod:`render` (seeds 700000+, disjoint from the benchmarks' 70000+,
90000+ and 100000+, the HOG classifier's 500000+ and the underline model's 600000+):
single-face and corner photos (their side faces small and sheared) of every sticker look,
white, coloured, white ink on colour and the black cube's white serif digits, with random
blur, glare, noise, dim light, JPEG and size (:func:`tools.render_training._style`), in the
training fonts only (the held-out fonts measure generalisation). Each photo goes through the
reader's own locating and straightening; a face whose lattice disagrees with the render's
truth is dropped, so a locating error never becomes a wrong label. Every cell becomes a
sample in all four quarter turns, beside "no digit" samples: windows half a cell off the
stickers and beyond the face's edge. A scikit-learn network (two ReLU layers) is fitted, its
softmax temperature chosen on photos of other seeds, and its arrays written for the numpy
reader of :mod:`vision.recognise.cell_model`.

    .venv/bin/pip install -e '.[train]'
    .venv/bin/python -m tools.train_cell_model --photos 600 --val-photos 50 \
        --font-photos 50 --seed 0 --epochs 40 --cache DIR

rebuilds the shipped model (about 30 min of rendering and 12 of fitting on a loaded 2-core
machine; the command and seed are also in the model's json). Renders are cached with
``--cache`` (:func:`tools.render_training.load_or_make`), so a second fit does not render
again.
"""
from __future__ import annotations

import argparse
import random
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import numpy as np

from tools.render_training import load_or_make

SEED0 = 700000
VAL_SEED0 = 760000
FONT_SEED0 = 780000
"""First seeds of the training, validation and held-out-font photos."""
CORNER_SHARE = 0.45
"""Share of corner photos among the rendered ones."""
OFF_CELLS = 3
""""No digit" windows cut per face: two half a cell off its stickers, one beyond its edge."""
HIDDEN = (256, 128)
"""Units of the network's two hidden layers."""


def _face_samples(image: np.ndarray, geometry, tokens, centres, rng: random.Random
                  ) -> tuple[list[np.ndarray], list[int]]:
    """The nine labelled cells of one located face and :data:`OFF_CELLS` "no digit"
    windows; none when the lattice disagrees with the truth's sticker centres."""
    from sudoku_cube.models.cube.stickers import parse_token
    from sudoku_cube.vision.recognise.cell_model import NONE
    from sudoku_cube.vision.recognise.hog import class_index
    from sudoku_cube.vision.polarity import as_dark_ink, light_inks
    from sudoku_cube.vision.cells.warp import cell_beside, cut_cells, warp_face

    found = geometry.cell_centres()
    truth = np.asarray(centres, np.float64)
    pitch = float(np.linalg.norm(truth[4] - truth[3]) + np.linalg.norm(truth[4] - truth[1])) / 2
    if np.linalg.norm(found - truth, axis=1).max() > 0.2 * pitch:
        return [], []
    raw = cut_cells(warp_face(image, geometry), normalise=False)
    light = light_inks(raw)
    cells = [as_dark_ink(c, lt) for c, lt in zip(raw, light)]
    labels = [class_index(s.digit, s.rot) for s in map(parse_token, tokens)]
    for k in range(OFF_CELLS):
        i = rng.randrange(9)
        if k < OFF_CELLS - 1:
            dx, dy = rng.choice([(0.5, 0), (-0.5, 0), (0, 0.5), (0, -0.5), (0.5, 0.5)])
        else:
            r, c = divmod(i, 3)
            dx, dy = rng.choice([(c - 1 or rng.choice((-1, 1)), 0), (0, r - 1 or 1)])
            dx, dy = dx * rng.uniform(0.9, 1.3), dy * rng.uniform(0.9, 1.3)
        cells.append(as_dark_ink(cell_beside(image, geometry, i, dx, dy), light[i]))
        labels.append(NONE)
    return cells, labels


def _photo(seed: int, fonts: tuple[str, ...]) -> tuple[list[np.ndarray], list[int], str]:
    """Samples of the rendered photo of ``seed`` (a corner photo for a share
    :data:`CORNER_SHARE` of seeds) and its font."""
    from sudoku_cube.models.cube.geometry import FACES
    from sudoku_cube.render import render_corner_photo, render_face_photo
    from sudoku_cube.vision.locate.corners.faces import locate_faces
    from sudoku_cube.vision.locate.detect import find_face
    from tools.render_training import _face, _style

    rng = random.Random(f"cell-model:{seed}")
    font = rng.choice(list(fonts))
    style = _style(rng, font)
    cells: list[np.ndarray] = []
    labels: list[int] = []
    try:
        if rng.random() < CORNER_SHARE:
            which = rng.choice("AB")
            image, truth = render_corner_photo({f: _face(rng, None) for f in FACES}, which,
                                               seed, style)
            for cf in locate_faces(image, which):
                t = truth["faces"].get(cf.face)
                if t is not None:
                    c, y = _face_samples(image, cf.geometry(), t["tokens"], t["centres"], rng)
                    cells += c
                    labels += y
        else:
            image, truth = render_face_photo(_face(rng, None), seed, style)
            cells, labels = _face_samples(image, find_face(image), truth["tokens"],
                                          truth["centres"], rng)
    except Exception:  # noqa: BLE001 - a photo the reader refuses teaches nothing here
        return [], [], font
    return cells, labels, font


def _chunk(job: tuple[list[int], tuple[str, ...]]) -> dict[str, np.ndarray]:
    """Network inputs, labels and fonts of the photos of ``job``'s seeds."""
    from sudoku_cube.vision.recognise.cell_model import SIDE, cell_input

    seeds, fonts = job
    xs, ys, fs = [np.zeros((0, SIDE * SIDE), np.float32)], [], []
    for seed in seeds:
        cells, labels, font = _photo(seed, fonts)
        if cells:
            xs.append(cell_input(cells))
            ys += labels
            fs += [font] * len(labels)
        print(f"\rseed {seed}", end="", file=sys.stderr, flush=True)
    return {"x": np.concatenate(xs).astype(np.float16), "y": np.array(ys, np.int16),
            "font": np.array(fs, dtype="U48")}


def render_set(count: int, seed0: int, fonts: tuple[str, ...], jobs: int) -> dict[str, np.ndarray]:
    """Samples of ``count`` photos from seed ``seed0`` on, in ``jobs`` processes."""
    seeds = list(range(seed0, seed0 + count))
    parts = [(seeds[k::jobs], fonts) for k in range(jobs)]
    if jobs == 1:
        chunks = [_chunk(parts[0])]
    else:
        with ProcessPoolExecutor(jobs) as ex:
            chunks = list(ex.map(_chunk, parts))
    print(file=sys.stderr)
    return {k: np.concatenate([c[k] for c in chunks]) for k in chunks[0]}


def all_turns(x: np.ndarray, y: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Every sample in its four quarter turns (clockwise, the sense of a sticker's turn),
    its label turned with it ("no digit" stays so)."""
    from sudoku_cube.vision.recognise.cell_model import NONE, SIDE

    maps = x.reshape(len(x), SIDE, SIDE)
    xs, ys = [], []
    for t in range(4):
        xs.append(np.rot90(maps, -t, axes=(1, 2)).reshape(len(x), -1))
        ys.append(np.where(y == NONE, NONE, (y // 4) * 4 + (y % 4 + t) % 4))
    return np.concatenate(xs).astype(np.float32), np.concatenate(ys).astype(np.int64)


def fit(x: np.ndarray, y: np.ndarray, seed: int, epochs: int, hidden=HIDDEN):
    """The scikit-learn network fitted on ``x``, ``y`` (all four turns of each sample)."""
    from sklearn.neural_network import MLPClassifier

    xt, yt = all_turns(x, y)
    net = MLPClassifier(hidden_layer_sizes=hidden, alpha=1e-4,
                        batch_size=min(256, max(32, len(yt) // 20)),
                        learning_rate_init=1e-3, max_iter=epochs, random_state=seed,
                        shuffle=True, tol=1e-5, n_iter_no_change=epochs, verbose=False)
    net.fit(xt, yt)
    return net


def as_arrays(net) -> dict[str, np.ndarray]:
    """The network's weights under the names :class:`vision.recognise.cell_model.CellModel` reads,
    the output widened to every class (a class missing from the data scores very low)."""
    from sudoku_cube.vision.recognise.cell_model import CLASSES

    w, b = net.coefs_, net.intercepts_
    w3 = np.zeros((w[2].shape[0], CLASSES), np.float32)
    b3 = np.full(CLASSES, -30.0, np.float32)
    w3[:, net.classes_] = w[2]
    b3[net.classes_] = b[2]
    return {"w1": w[0], "b1": b[0], "w2": w[1], "b2": b[1], "w3": w3, "b3": b3,
            "temperature": np.float32(1.0)}


def fit_temperature(model, x: np.ndarray, y: np.ndarray) -> float:
    """The softmax temperature that minimises the negative log-likelihood on ``x``, ``y``."""
    best, best_t = np.inf, 1.0
    for t in np.geomspace(0.2, 3.0, 40):
        model.arrays["temperature"] = np.float32(t)
        nll = -model.log_probs(x)[np.arange(len(y)), y].mean()
        if nll < best:
            best, best_t = nll, float(t)
    model.arrays["temperature"] = np.float32(best_t)
    return best_t


def shape_right(model, x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """Per sample: does the model name its shape (a 9 turned r counted as the 6 turned r+2,
    which only the underline tells apart) or its "no digit"?"""
    from sudoku_cube.vision.recognise.cell_model import NONE

    def shape(c: np.ndarray) -> np.ndarray:
        return np.where((c // 4 == 8) & (c != NONE), 5 * 4 + (c % 4 + 2) % 4, c)

    return shape(model.log_probs(x).argmax(1)) == shape(y)


def figures(model, data: dict[str, np.ndarray]) -> dict[str, dict]:
    """Share of samples read right (:func:`shape_right`), per font and over ``ALL``."""
    x, y = all_turns(data["x"].astype(np.float32), data["y"])
    font = np.tile(data["font"], 4)
    ok = shape_right(model, x, y)
    out = {}
    for name in sorted(set(map(str, font))) + ["ALL"]:
        f = font == name if name != "ALL" else np.ones(len(ok), bool)
        out[name] = {"samples": int(f.sum()), "right": round(float(ok[f].mean()), 4)}
    return out


def build(train: dict, val: dict, seed: int, epochs: int, hidden=HIDDEN):
    """The :class:`vision.recognise.cell_model.CellModel` fitted on ``train``, temperature and
    validation figures from ``val``."""
    from sudoku_cube.vision.recognise.cell_model import FORMAT, CellModel, SIDE, CLASSES

    net = fit(train["x"].astype(np.float32), train["y"], seed, epochs, hidden)
    model = CellModel(as_arrays(net), {})
    xv, yv = all_turns(val["x"].astype(np.float32), val["y"])
    temp = fit_temperature(model, xv, yv)
    model.meta.update({
        "format": FORMAT, "input": [SIDE, SIDE], "classes": CLASSES,
        "class_names": [f"{d}{'^>v<'[r]}" for d in range(1, 10) for r in range(4)] + ["none"],
        "hidden": list(hidden), "seed": seed, "epochs": epochs, "temperature": round(temp, 4),
        "training_samples": int(len(train["y"]) * 4),
        "validation_accuracy": round(float(shape_right(model, xv, yv).mean()), 4),
        "validation_samples": int(len(yv))})
    return model


def main(argv: list[str] | None = None) -> int:
    """Render (or read the cache), fit, write the model; print its figures."""
    import json

    from sudoku_cube.vision.recognise.cell_model import DATA, save_cell_model
    from sudoku_cube.vision.recognise.templates import HELD_OUT_FONTS
    from tools.render_training import training_fonts

    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--photos", type=int, default=600, help="training photos")
    p.add_argument("--val-photos", type=int, default=50)
    p.add_argument("--font-photos", type=int, default=50,
                   help="photos in the held-out fonts, measured only")
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--seed", type=int, default=0, help="the network's random seed")
    p.add_argument("--epochs", type=int, default=40)
    p.add_argument("--cache", type=Path, help="folder for the rendered sample sets")
    p.add_argument("--out", type=Path, default=DATA)
    p.add_argument("--dry-run", action="store_true", help="report, do not write the model")
    a = p.parse_args(argv)
    if a.cache:
        a.cache.mkdir(parents=True, exist_ok=True)
    cached = (lambda n: a.cache / f"{n}.npz") if a.cache else (lambda n: None)
    fonts = training_fonts()
    train = load_or_make(cached(f"train-{SEED0}-{a.photos}"),
                         lambda: render_set(a.photos, SEED0, fonts, a.jobs))
    val = load_or_make(cached(f"val-{VAL_SEED0}-{a.val_photos}"),
                       lambda: render_set(a.val_photos, VAL_SEED0, fonts, a.jobs))
    model = build(train, val, a.seed, a.epochs)
    model.meta["command"] = ("python -m tools.train_cell_model " + " ".join(
        f"--{k.replace('_', '-')} {v}" for k, v in (("photos", a.photos),
        ("val_photos", a.val_photos), ("font_photos", a.font_photos), ("seed", a.seed),
        ("epochs", a.epochs))))
    model.meta["data"] = (f"cells cut by the reader from {a.photos} rendered photos (render/, "
                          f"seeds {SEED0}+, {int(CORNER_SHARE * 100)}% corner photos, every "
                          "look, random blur, glare, noise, light, JPEG and size) in the "
                          f"training fonts, {OFF_CELLS} 'no digit' windows per face, every "
                          f"sample in four turns; validation: {a.val_photos} photos, seeds "
                          f"{VAL_SEED0}+")
    model.meta["fonts"] = sorted(set(map(str, train["font"])))
    if a.font_photos:
        held = load_or_make(cached(f"fonts-{FONT_SEED0}-{a.font_photos}"),
                            lambda: render_set(a.font_photos, FONT_SEED0, HELD_OUT_FONTS,
                                               a.jobs))
        model.meta["held_out_fonts"] = figures(model, held)
    if not a.dry_run:
        save_cell_model(model, a.out)
    print(json.dumps({k: v for k, v in model.meta.items() if k not in ("fonts", "class_names")},
                     indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
