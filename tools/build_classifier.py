"""Regenerate the shipped HOG classifier (``vision/data/hog.npz`` + ``hog.json``).

Trains the ridge classifier of :mod:`vision.recognise.hog` on glyphs cut by the real pipeline out of
rendered photos (:mod:`tools.render_training`, seeds 500000+, disjoint from the
benchmarks' 70000+/90000+ and the samples') plus clean augmented font renders, every glyph in
all four rotations, and fits the softmax temperature on held-out photo glyphs.

    .venv/bin/python -m tools.build_classifier [--photos 800] [--jobs 2] [--cache DIR]

writes the command that made the model (every option that shapes it, written out) and its
seeds into the json; the reader takes none of them. It takes about ten minutes on a quiet
2-core machine, half an hour on a loaded one (a refit from ``--cache`` about three); the
reader then loads the result instantly. The photos and font renders also use the
training-only fonts of :data:`tools.render_training.EXTRA_FONTS` when they are installed
(Debian: ``apt-get install fonts-roboto-unhinted fonts-open-sans fonts-lato fonts-cantarell
fonts-crosextra-carlito fonts-crosextra-caladea fonts-linuxlibertine fonts-ebgaramond``); the
shipped model was built with them. ``--modern-serifs`` adds the font renders of
:data:`tools.render_training.MODERN_SERIF_FONTS` (``apt-get install fonts-oldstandard fonts-cmu
fonts-gfs-didot fonts-adf-baskervald fonts-paratype fonts-arapey``): serif 3s whose ball
terminals nearly close them, as a black cube's print does. ``--flat-threes`` adds the 3s alone
of :data:`tools.render_training.FLAT_THREE_FONTS` (``apt-get install fonts-b612 fonts-jura
fonts-league-mono fonts-firacode fonts-jetbrains-mono``): a 3 with a flat top, a bar and then a
diagonal down to its bowl, which the other faces never draw and the classifier read as a 5. The
shipped model was built with both (its json records the command). The reader needs none of
these fonts; the tests read PT Sans (fonts-paratype, which ``make test`` installs), a
flat-topped face none of them trains on.
"""
from __future__ import annotations

import argparse
import json
import shlex
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import numpy as np

from tools.render_training import TRAIN_LOOKS, load_or_make

CORNER_SHARE = 0.45
"""Share of the training photos that are corner photos: their side faces' small, sheared,
often blurred digits are where the readers fail most."""
DATA = Path(__file__).resolve().parents[1] / "vision" / "data"
SEED0 = 500000
"""First seed of the training photos; the validation photos start :data:`VAL_OFFSET` on."""
VAL_OFFSET = 100000
FONT_SEED = 7
"""The random seed of the augmented font renders (:func:`tools.font_glyphs.training_glyphs`),
the fit's one random draw beside the photos' seeds."""
CELL, BINS, COARSE = 8, 12, 8
"""The features' geometry (:class:`vision.recognise.hog.HogShape`): histogram cells of 8
pixels a side, 12 orientations, an 8 x 8 coarse copy of the ink. Written into the model's
json, from which the reader takes it."""
FLOOR, CLIP = 1e-3, 0.3
"""The blocks' normalisation (:class:`vision.recognise.hog.HogShape`): the floor added to a
block's squared norm, and the clip of each normalised bin (HOG's "L2-Hys" clip). Written
into the model's json too."""


def _chunk(job: tuple[list[int], tuple[str, ...] | None, tuple[str, ...] | None]
           ) -> dict[str, np.ndarray]:
    from tools.render_training import photo_glyphs, training_fonts

    seeds, looks, fonts = job
    g = photo_glyphs(seeds, fonts or training_fonts(), CORNER_SHARE, looks=looks)
    return {"images": np.stack([x.glyph for x in g]).astype(np.float32),
            "digits": np.array([x.digit for x in g]), "rots": np.array([x.rot for x in g]),
            "font": np.array([x.font for x in g])}


def photo_set(count: int, jobs: int, seed0: int = SEED0,
              looks: tuple[str, ...] | None = None,
              fonts: tuple[str, ...] | None = None) -> dict[str, np.ndarray]:
    """Glyphs from ``count`` rendered photos (sticker looks among ``looks``, default all; in
    ``fonts``, default the training fonts), rendered in ``jobs`` processes."""
    seeds = list(range(seed0, seed0 + count))
    parts = [(seeds[k::jobs * 4], looks, fonts) for k in range(jobs * 4)]
    with ProcessPoolExecutor(jobs) as ex:
        chunks = list(ex.map(_chunk, parts))
    return {k: np.concatenate([c[k] for c in chunks]) for k in chunks[0]}


def from_files(paths: list[Path]) -> tuple[dict, dict]:
    """Training and validation glyphs from saved glyph files (every 8th file validates)."""
    from tools.render_training import load_glyphs

    sets: tuple[list, list] = ([], [])
    for k, path in enumerate(sorted(paths)):
        z = load_glyphs(path)
        sets[k % 8 == 7].append({"images": z["images"].astype(np.float32), "digits": z["digits"],
                                 "rots": z["rots"], "font": z["fonts"][z["font"]]})
    return tuple({k: np.concatenate([c[k] for c in s]) for k in s[0]} for s in sets)


def fit_ridge(features: np.ndarray, labels: np.ndarray, alpha: float = 1.0
              ) -> tuple[np.ndarray, np.ndarray]:
    """Closed-form ridge regression onto one-hot targets (+1 right class, 0 others)."""
    from sudoku_cube.vision.recognise.classes import N_CLASSES

    mu = features.mean(axis=0)
    x = features - mu
    y = np.zeros((len(labels), N_CLASSES), np.float64)
    y[np.arange(len(labels)), labels] = 1.0
    a = x.T.astype(np.float64) @ x + alpha * np.eye(x.shape[1])
    w = np.linalg.solve(a, x.T.astype(np.float64) @ y)
    b = y.mean(axis=0) - mu @ w
    return w.astype(np.float32), b.astype(np.float32)


def fit_temperature(scores: np.ndarray, labels: np.ndarray) -> float:
    """The softmax temperature that minimises the negative log-likelihood on held-out data."""
    best, best_t = np.inf, 1.0
    for t in np.geomspace(1, 200, 60):
        z = scores * t
        z = z - z.max(1, keepdims=True)
        nll = -(z[np.arange(len(labels)), labels] - np.log(np.exp(z).sum(1))).mean()
        if nll < best:
            best, best_t = nll, float(t)
    return best_t


FONT_GLYPHS = 40
"""Augmented font renders per training font, digit and turn beside the photo glyphs: each
with its strokes thinned or thickened and its width narrowed or widened
(:func:`tools.font_glyphs.training_glyphs`), light and heavy prints of the
faces the photos show in one weight only."""


def train(photos: dict[str, np.ndarray], val: dict[str, np.ndarray],
          font_glyphs: int = FONT_GLYPHS, modern: bool = False, flat: bool = False):
    """The LinearModel on photo glyphs + ``font_glyphs`` augmented font renders per font,
    digit and turn (the modern serifs of :data:`tools.render_training.MODERN_SERIF_FONTS`
    among the fonts with ``modern``; with ``flat`` the 3s alone of
    :data:`tools.render_training.FLAT_THREE_FONTS`, whose other digits the fonts above draw
    alike), temperature fitted on ``val``."""
    from sudoku_cube.vision.recognise.templates import all_rotations
    from sudoku_cube.vision.recognise.hog import (MODEL_VERSION, HogShape, LinearModel,
                                                  class_index, hog_features)

    from tools.font_glyphs import TRAINING_FONTS, training_glyphs
    from tools.render_training import EXTRA_FONTS, FLAT_THREE_FONTS, MODERN_SERIF_FONTS

    imgs, digs, rots = all_rotations(photos["images"], photos["digits"], photos["rots"])
    clean = training_glyphs(per_class=font_glyphs, seed=FONT_SEED,
                            fonts=TRAINING_FONTS + EXTRA_FONTS
                            + (MODERN_SERIF_FONTS if modern else ()))
    if flat:  # their 3s alone: the flat top is what the other fonts lack
        clean = clean.merged(training_glyphs(per_class=font_glyphs, seed=FONT_SEED + 1,
                                             fonts=FLAT_THREE_FONTS, of_digits=(3,)))
    geometry = HogShape(CELL, BINS, COARSE, FLOOR, CLIP)
    x = hog_features(np.concatenate([imgs, clean.images]), geometry)
    y = np.array([class_index(int(d), int(r)) for d, r in
                  zip(np.concatenate([digs, clean.digits]), np.concatenate([rots, clean.rots]))])
    w, b = fit_ridge(x, y, alpha=3.0)
    vi, vd, vr = all_rotations(val["images"], val["digits"], val["rots"])
    sv = hog_features(vi, geometry) @ w + b
    yv = np.array([class_index(int(d), int(r)) for d, r in zip(vd, vr)])
    temp = fit_temperature(sv, yv)
    pred = sv.argmax(1)
    shape = lambda c: np.where(c // 4 == 8, 5 * 4 + (c % 4 + 2) % 4, c)  # 9 turned = 6 shape
    acc = float((shape(pred) == shape(yv)).mean())
    meta = {"version": MODEL_VERSION, "cell": CELL, "bins": BINS, "coarse": COARSE,
            "floor": FLOOR, "clip": CLIP,
            "source": "rendered photos + font renders",
            "photo_glyphs": int(len(photos["digits"])), "font_glyphs": int(len(clean)),
            "font_glyphs_per_class": font_glyphs, "corner_share": CORNER_SHARE,
            "fonts": sorted({str(f) for f in photos["font"]}),
            "validation_accuracy": acc, "validation_glyphs": int(len(yv))}
    return LinearModel(w, b, temp, meta)


SEED_FONTS = 660000
"""Seeds of the photos in the held-out fonts (whole fonts no model trains on)."""


def font_figures(model, glyphs: dict[str, np.ndarray]) -> dict[str, dict]:
    """Per held-out font (and ``ALL``): the share of glyphs whose shape (a 9 turned r counted
    as the 6 turned r+2) the classifier names right."""
    from sudoku_cube.vision.recognise.hog import HogShape, class_index, hog_features

    pred = model.log_probs(hog_features(glyphs["images"], HogShape.of(model.meta))).argmax(1)
    truth = np.array([class_index(int(d), int(r))
                      for d, r in zip(glyphs["digits"], glyphs["rots"])])
    shape = lambda c: np.where(c // 4 == 8, 5 * 4 + (c % 4 + 2) % 4, c)  # noqa: E731
    ok = shape(pred) == shape(truth)
    out = {}
    for name in sorted(set(map(str, glyphs["font"]))) + ["ALL"]:
        f = (glyphs["font"] == name) if name != "ALL" else np.ones(len(ok), bool)
        out[name] = {"glyphs": int(f.sum()), "right": round(float(ok[f].mean()), 4)}
    return out


def command(a: argparse.Namespace) -> str:
    """The command line that rebuilds the model ``a`` describes: every option that shapes it
    written out (not ``--jobs``, ``--cache`` or ``--out``, which do not), so that a later change
    of a default does not change what it names."""
    source = (["--glyphs", *map(str, a.glyphs)] if a.glyphs
              else ["--photos", str(a.photos), "--val-photos", str(a.val_photos)]
              + (["--looks", *a.looks] if a.looks else []))
    return shlex.join(["python", "-m", "tools.build_classifier", *source, "--font-glyphs",
                       str(a.font_glyphs), "--font-photos", str(a.font_photos),
                       *(["--modern-serifs"] if a.modern_serifs else []),
                       *(["--flat-threes"] if a.flat_threes else [])])


def main(argv: list[str] | None = None) -> int:
    """Render, train, write ``vision/data/hog.{npz,json}``; print the figures."""
    from sudoku_cube.vision.recognise.hog import save_model

    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--photos", type=int, default=800)
    p.add_argument("--val-photos", type=int, default=80)
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--looks", nargs="*", choices=[k for k, _ in TRAIN_LOOKS],
                   help="sticker looks of the training photos (default: all, in the shares of "
                        "tools.render_training.TRAIN_LOOKS)")
    p.add_argument("--out", type=Path, default=DATA / "hog")
    p.add_argument("--glyphs", type=Path, nargs="*",
                   help="train on glyph files written by tools.render_training."
                        "save_glyphs instead of rendering (every 8th file validates)")
    p.add_argument("--font-glyphs", type=int, default=FONT_GLYPHS,
                   help="augmented font renders per font, digit and turn (default %(default)s)")
    p.add_argument("--font-photos", type=int, default=120,
                   help="photos in the held-out fonts: per-font accuracy of the shipped and "
                        "the new classifier (0: none)")
    p.add_argument("--cache", type=Path, help="folder for the rendered glyph sets (read when "
                   "there, else written), to refit without rendering again")
    p.add_argument("--modern-serifs", action="store_true",
                   help="font renders in the modern serif faces too "
                   "(tools.render_training.MODERN_SERIF_FONTS, where installed)")
    p.add_argument("--flat-threes", action="store_true",
                   help="font renders in faces whose 3 has a flat top too "
                   "(tools.render_training.FLAT_THREE_FONTS, where installed)")
    p.add_argument("--dry-run", action="store_true", help="report, do not write the model")
    a = p.parse_args(argv)
    cached = (lambda name: a.cache / f"{name}.npz") if a.cache else (lambda name: None)
    if a.cache:
        a.cache.mkdir(parents=True, exist_ok=True)
    if a.glyphs:
        photos, val = from_files(a.glyphs)
    else:
        looks = tuple(a.looks) if a.looks else None
        photos = load_or_make(cached(f"train-{a.photos}"), lambda: photo_set(a.photos, a.jobs,
                                                                            looks=looks))
        val = load_or_make(cached(f"val-{a.val_photos}"), lambda: photo_set(
            a.val_photos, a.jobs, SEED0 + VAL_OFFSET, looks=looks))
    model = train(photos, val, a.font_glyphs, a.modern_serifs, a.flat_threes)
    model.meta["looks"] = list(a.looks or [k for k, _ in TRAIN_LOOKS])
    model.meta.update(command=command(a), seed=FONT_SEED,
                      photo_seeds={"training": SEED0, "validation": SEED0 + VAL_OFFSET,
                                   "held_out_fonts": SEED_FONTS})
    if a.font_photos:
        from sudoku_cube.vision.recognise.hog import shipped_model
        from sudoku_cube.vision.recognise.templates import HELD_OUT_FONTS

        held = load_or_make(cached(f"fonts-{a.font_photos}"), lambda: photo_set(
            a.font_photos, a.jobs, SEED_FONTS, fonts=HELD_OUT_FONTS))
        model.meta["held_out_fonts"] = font_figures(model, held)
        old = shipped_model()
        if old is not None:
            print(json.dumps({"shipped, held-out fonts": font_figures(old, held)}))
    if not a.dry_run:
        save_model(model, a.out, compact=True)
    print(json.dumps({k: v for k, v in model.meta.items() if k != "fonts"}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
