"""Regenerate the shipped 6/9 underline model (``vision/data/underline.npz`` + ``.json``).

Renders photos whose stickers are mostly 6s and 9s (seeds 600000+, disjoint from the
benchmarks' 70000+/90000+, the dev sets and the HOG classifier's 500000+), single-face and
corner photos in every training font, cuts the cells with the real pipeline, turns each 6/9
glyph to read as an upright 6 (:func:`vision.recognise.underline_model.end_patch`) and fits the
small network of :class:`vision.recognise.underline_model.UnderlineModel`: "bar below the bowl" (a
6), "bar above the tail" (a 9) or no bar. Every fourth photo validates: the softmax temperature is
chosen there, and the held-out accuracy of the model and of the ink-mask split is written to
the json beside the weights.

    .venv/bin/python -m tools.build_underline [--photos 1600] [--jobs 2] [--cache FILE]

The json also records the command that made the model (every option that shapes it written
out) and its seeds.
"""
from __future__ import annotations

import argparse
import shlex
from pathlib import Path
from concurrent.futures import ProcessPoolExecutor

import numpy as np

from tools.render_training import load_or_make

SEED0 = 600000
NET_SEED = 0
"""The random seed of the network's first weights and of its minibatches' order."""
WINDOW = {"patch_height": 40, "patch_width": 12, "reach": 0.4, "side_reach": 0.05,
          "margin": 0.08, "edge_columns": 2}
"""Where the model reads a 6/9 glyph (:class:`vision.recognise.underline_model.Window`): a
patch 40 pixels along the glyph's upright axis and 12 across, resampled from a window
reaching 0.4 of the glyph's height beyond each end and 0.05 of its width beyond each side,
with 0.08 of the cell's side left out along its border (the cube body between stickers is
dark too), and its rows' lower quartiles taken without 2 columns either side. Written into
the model's json, from which the reader takes it."""
SIX_NINE = (6, 9, 6, 9, 6, 9, 1, 8)
"""Digits drawn for the training stickers: mostly 6 and 9, a few others for the context."""


def _samples(job: tuple[list[int], tuple[str, ...] | None]) -> dict[str, np.ndarray]:
    """Patches, labels (1: a 6) and the ink-mask split's verdicts of the 6/9 cells of renders
    (``job``: the seeds and the fonts, None for the training fonts)."""
    from tools.render_training import TRAIN_FONTS, photo_cells
    from sudoku_cube.models.cube.stickers import parse_token
    from sudoku_cube.vision.cells.glyph import split_underline
    from sudoku_cube.vision.recognise.underline_model import Window, end_patch
    from sudoku_cube.vision.cells.ink import ink_mask

    seeds, fonts = job
    window = Window.of(WINDOW)
    out: dict[str, list] = {k: [] for k in ("patch", "six", "bar", "split", "seed", "font", "px")}
    for seed in seeds:
        for c in photo_cells([seed], fonts or TRAIN_FONTS, digits=SIX_NINE, corner_share=0.4):
            s = parse_token(c.token)
            if s.digit not in (6, 9):
                continue
            six_rot = s.rot if s.digit == 6 else (s.rot + 2) % 4
            parts = split_underline(ink_mask(c.cell))
            patch = end_patch(c.cell, parts.body, six_rot, window)
            if patch is None:
                continue
            out["patch"].append(patch)
            out["six"].append(int(s.digit == 6))
            out["bar"].append(c.underlined)
            u = parts.underline_rot  # the split's verdict: -1 none, 1 a 6, 0 a 9
            out["split"].append(-1 if u is None else int(u == six_rot))
            out["seed"].append(seed)
            out["font"].append(c.font)
            out["px"].append(c.cell_px)
    arrays = {k: np.array(v) for k, v in out.items() if k != "patch"}
    arrays["patch"] = (np.stack(out["patch"]) if out["patch"]
                       else np.zeros((0, window.height, window.width), np.float32))
    return arrays


def collect(count: int, jobs: int, seed0: int = SEED0, progress=None,
            fonts: tuple[str, ...] | None = None) -> dict[str, np.ndarray]:
    """Samples from ``count`` rendered photos in ``fonts`` (default the training fonts),
    rendered in ``jobs`` processes."""
    seeds = list(range(seed0, seed0 + count))
    parts = [(seeds[k::jobs * 8], fonts) for k in range(jobs * 8)]
    chunks = []
    with ProcessPoolExecutor(jobs) as ex:
        for c in ex.map(_samples, parts):
            chunks.append(c)
            if progress:
                progress(len(chunks), len(parts))
    return {k: np.concatenate([c[k] for c in chunks]) for k in chunks[0]}


def train_network(x: np.ndarray, labels: np.ndarray, hidden: int = 32, epochs: int = 40,
                  lr: float = 2e-3, decay: float = 1e-3, seed: int = NET_SEED) -> dict:
    """A one-hidden-layer ReLU network with a softmax over 3 classes, fitted by Adam on
    minibatches (plain numpy: a few seconds for twenty thousand examples)."""
    rng = np.random.default_rng(seed)
    mean, scale = x.mean(axis=0), x.std(axis=0) + 1e-3
    xs = ((x - mean) / scale).astype(np.float32)
    n, d = xs.shape
    params = {"w1": rng.normal(0, np.sqrt(2 / d), (d, hidden)).astype(np.float32),
              "b1": np.zeros(hidden, np.float32),
              "w2": rng.normal(0, np.sqrt(1 / hidden), (hidden, 3)).astype(np.float32),
              "b2": np.zeros(3, np.float32)}
    m1 = {k: np.zeros_like(v) for k, v in params.items()}
    m2 = {k: np.zeros_like(v) for k, v in params.items()}
    onehot = np.eye(3, dtype=np.float32)[labels]
    step = 0
    for _ in range(epochs):
        order = rng.permutation(n)
        for k in range(0, n, 256):
            b = order[k:k + 256]
            h_pre = xs[b] @ params["w1"] + params["b1"]
            h = np.maximum(h_pre, 0)
            z = h @ params["w2"] + params["b2"]
            p = np.exp(z - z.max(axis=1, keepdims=True))
            p /= p.sum(axis=1, keepdims=True)
            g_z = (p - onehot[b]) / len(b)
            g_h = (g_z @ params["w2"].T) * (h_pre > 0)
            grads = {"w2": h.T @ g_z + decay * params["w2"], "b2": g_z.sum(axis=0),
                     "w1": xs[b].T @ g_h + decay * params["w1"], "b1": g_h.sum(axis=0)}
            step += 1
            for key, g in grads.items():
                m1[key] = 0.9 * m1[key] + 0.1 * g
                m2[key] = 0.999 * m2[key] + 0.001 * g * g
                hat1, hat2 = m1[key] / (1 - 0.9 ** step), m2[key] / (1 - 0.999 ** step)
                params[key] -= lr * hat1 / (np.sqrt(hat2) + 1e-8)
    return {**params, "mean": mean.astype(np.float32), "scale": scale.astype(np.float32),
            "temperature": np.float32(1.0)}


def fit_temperature(model, patches: np.ndarray, labels: np.ndarray) -> float:
    """The softmax temperature of the lowest held-out negative log-likelihood."""
    import dataclasses

    best, best_t = np.inf, 1.0
    for temp in np.geomspace(0.3, 3, 40):
        m = dataclasses.replace(model, arrays={**model.arrays, "temperature": np.float32(temp)})
        p = m.class_probabilities(patches)[np.arange(len(labels)), labels]
        nll = float(-np.mean(np.log(np.maximum(p, 1e-9))))
        if nll < best:
            best, best_t = nll, float(temp)
    return best_t


def train(data: dict[str, np.ndarray]):
    """The model, fitted on three photos in four and judged on the fourth (its temperature
    fitted there), then refitted on all. Labels: 0 a 6 with its bar, 1 a 9 with its bar, 2 a
    sticker printed without underline."""
    from sudoku_cube.vision.recognise.underline_model import UnderlineModel, patch_features

    val = data["seed"] % 4 == 3
    bar = data["bar"].astype(bool)
    six = data["six"].astype(bool)
    labels = np.where(bar, np.where(six, 0, 1), 2)
    x = patch_features(data["patch"], int(WINDOW["edge_columns"]))
    held = UnderlineModel(train_network(x[~val], labels[~val]), dict(WINDOW))
    temp = fit_temperature(held, data["patch"][val], labels[val])
    p6 = held.six_probability(data["patch"])
    judged, bare = val & bar, val & ~bar
    acc = float(np.mean((p6[judged] > 0.5) == six[judged]))

    def rates(v: np.ndarray) -> dict:
        v, truth = v[judged], data["six"][judged]
        decided = v >= 0
        return {"decided": round(float(np.mean(decided)), 4),
                "right_when_decided": round(float(np.mean(v[decided] == truth[decided]))
                                            if decided.any() else 0, 4)}

    meta = {**WINDOW,
            "photos": int(len(np.unique(data["seed"]))),
            "samples": int(len(six)), "samples_without_underline": int((~bar).sum()),
            "held_out_accuracy": round(acc, 4), "held_out_samples": int(judged.sum()),
            "held_out_sure_and_wrong": round(float(np.mean(
                np.where(six[judged], p6[judged] < 0.1, p6[judged] > 0.9))), 4),
            "held_out_without_underline_p_over_0_8": round(
                float(np.mean(np.maximum(p6[bare], 1 - p6[bare]) > 0.8)) if bare.any() else 0, 4),
            "split_held_out": rates(data["split"])}
    arrays = train_network(x, labels)
    arrays["temperature"] = np.float32(temp)
    meta["temperature"] = round(temp, 3)
    return UnderlineModel(arrays, meta)


SEED_FONTS = 650000
"""Seeds of the photos in fonts no model trains on (whole fonts held out for validation)."""


def font_figures(model, data: dict[str, np.ndarray]) -> dict[str, dict]:
    """Per font (and ``ALL``): share of underlined 6/9 named right (probability over a half
    for the true digit), share named wrong with confidence (over 0.9 for the other digit), and
    share of bare shapes (printed without underline) given over 0.8 either way."""
    p6 = model.six_probability(data["patch"])
    six, bar = data["six"].astype(bool), data["bar"].astype(bool)
    out = {}
    for name in sorted(set(map(str, data["font"]))) + ["ALL"]:
        f = (data["font"] == name) if name != "ALL" else np.ones(len(six), bool)
        j, b = f & bar, f & ~bar
        out[name] = {"samples": int(f.sum()),
                     "right": round(float(np.mean((p6[j] > 0.5) == six[j])), 4)
                     if j.any() else None,
                     "sure_wrong": round(float(np.mean(np.where(six[j], p6[j] < 0.1,
                                                                p6[j] > 0.9))), 4)
                     if j.any() else None,
                     "bare_sure": round(float(np.mean(np.maximum(p6[b], 1 - p6[b]) > 0.8)), 4)
                     if b.any() else None}
    return out


def command(args: argparse.Namespace) -> str:
    """The command line that rebuilds the model: the options that shape it written out (not
    ``--jobs``, the caches or ``--dry-run``, which do not)."""
    return shlex.join(["python", "-m", "tools.build_underline", "--photos", str(args.photos),
                       "--font-photos", str(args.font_photos)])


def main(argv: list[str] | None = None) -> int:
    """Collect, fit, report and save."""
    from rich.console import Console
    from rich.progress import Progress

    from sudoku_cube.vision.recognise.underline_model import DATA, save_underline_model

    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--photos", type=int, default=1600)
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--cache", type=Path, help="npz of collected samples: read if it exists, "
                   "else written after collecting (to refit without rendering again)")
    p.add_argument("--font-photos", type=int, default=240,
                   help="photos in the held-out fonts judged per font, the shipped model "
                        "against the new one (0: none)")
    p.add_argument("--font-cache", type=Path, help="npz of the held-out font samples (as --cache)")
    p.add_argument("--dry-run", action="store_true", help="report, do not write the model")
    args = p.parse_args(argv)
    if args.cache and args.cache.exists():
        with np.load(args.cache, allow_pickle=False) as z:
            data = {k: z[k] for k in z.files}
        if int(data.pop("count", args.photos)) != args.photos:
            raise SystemExit(f"{args.cache} holds another number of photos than --photos")
    else:
        with Progress(console=Console(stderr=True)) as prog:
            task = prog.add_task("rendering 6/9 photos", total=1)
            data = collect(args.photos, args.jobs,
                           progress=lambda k, n: prog.update(task, completed=k, total=n))
        if args.cache:
            np.savez_compressed(args.cache, count=args.photos, **data)
    model = train(data)
    model.meta.update(command=command(args), seed=NET_SEED,
                      photo_seeds={"training": SEED0, "held_out_fonts": SEED_FONTS})
    if args.font_photos:
        from sudoku_cube.vision.recognise.templates import HELD_OUT_FONTS
        from sudoku_cube.vision.recognise.underline_model import shipped_underline_model

        fonts = load_or_make(args.font_cache, lambda: collect(
            args.font_photos, args.jobs, SEED_FONTS, fonts=HELD_OUT_FONTS))
        new = font_figures(model, fonts)
        old = shipped_underline_model()
        model.meta["held_out_fonts"] = new
        if old is not None:
            Console().print({"shipped model, held-out fonts": font_figures(old, fonts)})
    if not args.dry_run:
        save_underline_model(model, DATA)
    Console().print(model.meta)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
