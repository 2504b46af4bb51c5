"""Train the learned cell model (``vision/data/cell_model.onnx`` + ``cell_model.json``).

The samples (:mod:`tools.cell_samples`: cells the reader cut out of rendered photos, with
their true classes) come from photos of

- the first renderer, every look, the training fonts (seeds 700000+), and more of the black
  cube alone (``--black-photos``, seeds 720000+) in the serif faces of :data:`SERIF_FONTS`:
  its white serif digits on dark grey are the hardest look to read;
- the exam renderer's standard shots, every look (seeds 740000+), but for the two of its
  fonts held out (:data:`EXAM_HELD_OUT`), which measure it on type it never saw, and its
  black cube printed in :data:`SERIF_FONTS`, thin to heavy (``--serif-shots``, seeds
  750000+);
- blank stickers (``--blank-photos``, seeds 790000+): first-renderer photos of every look in
  the training fonts, each face with one to nine stickers left without print
  (:func:`tools.cell_samples.with_blanks`), those cells labelled "no digit": the other "no
  digit" windows show a sticker's edge or the background, never a whole sticker, and the
  reader asks the model whether a face shows any digit at all (a plain cube, or a digit
  worn off);
- moved windows (``--jitter-photos``, seeds 730000+, and ``--jitter-shots``, seeds
  735000+, the exam's held-out fonts left out): photos of both renderers, most of them
  corner photos (:data:`JITTER_CORNERS`), each located face's cells cut again
  :data:`JITTER` times from windows moved, scaled and turned a little
  (:func:`tools.cell_samples.jittered_cell`), so that a reading does not change when the
  lattice lies a pixel or two off, as it does on a side face's small cells. A moved window
  is drawn ``--moved-weight`` times as often as an unmoved cell of its look (each look is
  drawn alike), so that the moved windows do not crowd out the cells as the reader cuts
  them.

Validation: first-renderer photos (seeds 760000+) and exam shots (seeds 770000+), figures per
look; exam corner shots (seeds 775000+), their cells as located and in moved windows, and the
held-out fonts of ``bench vision`` (seeds 780000+) are measured only. All seeds are disjoint
from every benchmark's and from the other models' training.

A small convolutional network (:func:`network`) is fitted with PyTorch (on the CPU, or a GPU
with ``--device cuda``), each
sample shown in a random quarter turn (its label turned with it), shifted, scaled, rotated,
blurred, noised and its contrast changed (:func:`augment`; with ``--weight-change W`` also its
strokes made heavier or lighter by up to W of a pixel on each side, :func:`reweighed`, and
with ``--elastic E`` its shape bent by a smooth random field of up to E pixels, :func:`bent`,
both off by default: neither read the held-out serif 3s better, docs/benchmarks.md History);
its softmax temperature is
chosen on the validation cells but those in the held-out fonts (the shipped model's was
chosen with them: one number fitted on cells of type it never trained on), and it is exported
to ONNX for OpenCV's ``dnn`` module, which runs it at read time
(:mod:`vision.recognise.cell_model`): reading needs no training library.

    .venv/bin/pip install -e '.[train]'
    .venv/bin/python -m tools.train_cell_model --photos 1000 --black-photos 400 \\
        --exam-photos 800 --serif-shots 500 --blank-photos 300 --base-fonts \\
        --modern-serifs --label-smoothing 0.1 --seed 0 --epochs 15 --jobs 2 --cache DIR \\
        [--jitter-photos JP --jitter-shots JS --moved-weight W] [--device cuda]

rebuilds the shipped model (the command and seed are in the model's json).
``--label-smoothing`` spreads that share of each label over the other classes: at 0.1 the
model is less sure where it is wrong, so joint decoding can still give up a misread for the
grid's answer (at 0.02, the default, the same fit read more stickers alone but lost cubes
after joint decoding).

``--hard-from MODEL [--hard-weight W]`` lets a fitted model score every training sample first
(:func:`margins`): a sample it reads with a small lead is drawn ``W`` times as often, a "no
digit" window it surely reads as a digit is dropped as mislabelled (:func:`hard_weights`);
``--widths`` widens the network. Both are off by default. Renders are cached with ``--cache``
(:func:`tools.render_training.load_or_make`), so a second fit does not render again. Each
training set is rendered and cached in chunks of :data:`CHUNKS` photos (:func:`chunked`), named
by their first seed and count and a digest of the generator's version and the fonts
(:func:`chunk_name`: ``train-700000-600-…``, then ``train-700600-600-…``), so a larger count
renders only the photos the cache lacks, and a changed generator or font list never reads
samples cut the old way.

``--modern-serifs`` prints the black cube's serif sets (``--black-photos``, ``--serif-shots``)
in the faces of :data:`tools.render_training.MODERN_SERIF_FONTS` too, where their Debian
packages are installed (``apt-get install fonts-oldstandard fonts-cmu fonts-gfs-didot
fonts-adf-baskervald fonts-paratype fonts-arapey``): modern and transitional serifs whose 3
ends in balls that nearly close it, which a heavy black-cube print shows and no other training
face drew; the shipped model was fitted with them. The training fonts grow with the Debian
packages of :data:`tools.render_training.EXTRA_FONTS` when they are installed (the black
cube's serif sets too, :data:`EXTRA_SERIF_FONTS`);
``--base-fonts`` leaves them out wherever they are installed: the shipped model was fitted
without them, as a fit with them read real newspaper digits worse (docs/benchmarks.md, History
"The cell model fitted on about twice the photos"). Without ``--blank-photos`` such larger fits
took stickers whose digits are painted over for digits (History "The cell model fitted with
blank stickers"). A fit on the CPU from one rendered cache is deterministic: the same command
writes the same ONNX file byte for byte. With ``--device cuda`` (a GPU; ``--jobs`` renders in
parallel) the augmentation draws from the GPU's own generator, so the same command gives
another fit of the same recipe.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import sys
from collections.abc import Callable
from pathlib import Path

import numpy as np

from sudoku_cube.render.second.looks import HELD_OUT
from tools.cell_samples import CORNER_SHARE, OFF_CELLS, SIDE, SampleSet, joined, render_set
from tools.render_training import FLAT_THREE_FONTS, MODERN_SERIF_FONTS, installed, load_or_make

SEED0 = 700000
BLACK_SEED0 = 720000
JITTER_SEED0 = 730000
EXAM_JITTER_SEED0 = 735000
EXAM_SEED0 = 740000
SERIF_SEED0 = 750000
VAL_SEED0 = 760000
EXAM_VAL_SEED0 = 770000
CORNER_VAL_SEED0 = 775000
FONT_SEED0 = 780000
BLANK_SEED0 = 790000
FLAT_SEED0 = 800000
"""First seeds of the sample sets."""
SEED_RANGES = {
    "train": (SEED0, BLACK_SEED0), "serif": (BLACK_SEED0, JITTER_SEED0),
    "jitter": (JITTER_SEED0, EXAM_JITTER_SEED0), "exam-jitter": (EXAM_JITTER_SEED0, EXAM_SEED0),
    "exam": (EXAM_SEED0, SERIF_SEED0), "exam-serif": (SERIF_SEED0, VAL_SEED0),
    "blank": (BLANK_SEED0, BLANK_SEED0 + 10000), "flat": (FLAT_SEED0, FLAT_SEED0 + 10000)}
"""Seeds each training set may take (first, end): a set grown past its end would draw the
photos of the next set or of the validation sets."""
CHUNKS = {"train": 600, "serif": 240, "jitter": 600, "exam-jitter": 400, "exam": 400,
          "exam-serif": 300, "blank": 300, "flat": 300}
"""Photos per cached chunk of each training set (:func:`chunked`): the shipped model's
counts, so its sets are each one chunk."""
VAL_PHOTOS = 50
EXAM_VAL_PHOTOS = 100
CORNER_VAL_SHOTS = 40
FONT_PHOTOS = 50
"""Photos of the validation and held-out-font sets."""
EXAM_HELD_OUT = HELD_OUT
"""Exam fonts no training sample is drawn in (one serif for the black cube, one sans): the
exam renderer's own list (:data:`sudoku_cube.render.second.looks.HELD_OUT`), which ``bench
vision --renderer second --held-out-fonts`` prints in."""
SERIF_FONTS = (
    "DejaVuSerif-Bold.ttf", "DejaVuSerif.ttf", "DejaVuSerifCondensed-Bold.ttf",
    "DejaVuSerifCondensed.ttf", "LiberationSerif-Bold.ttf", "LiberationSerif-Regular.ttf",
    "FreeSerifBold.ttf", "FreeSerif.ttf", "NimbusRoman-Bold.otf", "NimbusRoman-Regular.otf",
    "texgyretermes-bold.otf", "texgyrebonum-bold.otf", "P052-Bold.otf", "URWBookman-Light.otf",
)
"""Serif faces of the extra black-cube samples: Times, Bookman, Palatino and the DejaVu,
Liberation and FreeFont serifs, bold, regular and light, so that a serif the benchmarks
hold out is not the first serif 3 the model meets. None is a Century Schoolbook cut (the
held-out C059 is one), nor a font the benchmarks or the exam renderer hold out, nor one the
exam renderer prints in."""
EXTRA_SERIF_FONTS = (
    "Caladea-Bold.ttf", "Caladea-Regular.ttf", "LinLibertine_RB.otf", "LinLibertine_R.otf",
    "EBGaramond12-Bold.otf", "EBGaramond12-Regular.otf",
)
"""Serif faces added to :data:`SERIF_FONTS` when installed (training only, from the Debian
packages of :data:`tools.render_training.EXTRA_FONTS`): a Cambria, a Baskerville-like
Libertine and a Garamond, transitional and old-style 3s none of the faces above draw."""
GENERATOR = 2
"""Version of the sample generator (:mod:`tools.cell_samples`), named with the fonts in every
cached chunk's file (:func:`chunk_name`), so a changed generator or font list renders anew
instead of reading samples cut the old way."""
JITTER = 2
"""Moved windows cut per cell of a located face in the ``--jitter-*`` sets."""
JITTER_CORNERS = 0.75
"""Share of corner photos in the ``--jitter-*`` sets (their side faces' cells are small,
where a pixel is a large share of the cell)."""
MOVED_WEIGHT = 0.5
"""How often a moved window is drawn against an unmoved cell of its look (``--moved-weight``):
moved windows teach a reading that holds when the lattice lies a little off, the unmoved
cells keep the reading of cells as the reader cuts them."""
AUG_SHIFT = 0.1
"""Most the augmentation shifts a map (a share of the cell); the moved windows bring larger
moves, cut from the photo itself."""
WIDTHS = (32, 64, 128)
"""Channels of the network's three convolution blocks."""
BATCH = 128
BEND_POINTS = 4
"""Control points a side of the random field that bends a map (:func:`bent`): about seven
pixels apart on a 28-pixel map, so a bend moves a stroke, not single pixels."""
STREAKS = 0.3
"""Share of the training maps crossed by a glare streak (:func:`streaked`)."""
THREADS = 1
"""PyTorch's threads: on a shared CPU one thread runs many times faster than two that wait
on each other."""
OPSET = 13
"""ONNX operator set of the exported file (one OpenCV's importer reads)."""
HARD_MARGIN = 0.5
"""A training sample is hard when the scoring model (``--hard-from``) gives its shape less than
this lead (:func:`margins`) over the likeliest other: drawn ``--hard-weight`` times as often."""
NOISE_MARGIN = -0.5
""""No digit" windows the scoring model reads as a digit by more than this lead (a margin below
it) are dropped: most show a whole digit (a window meant beyond the face's edge, cut beside a
middle cell, lands on its neighbour's sticker), which the cells as the reader cuts them label
with the digit."""
SCORE_BATCH = 8192
"""Cells the scoring model reads at once (OpenCV's ``dnn`` refuses very large batches)."""


def network(widths: tuple[int, ...] = WIDTHS):
    """The network: per block a 3x3 convolution, batch norm and ReLU (the later blocks two),
    a 2x2 max pool between blocks, global average pooling, one linear layer to the classes.
    Input (N, 1, SIDE, SIDE) ink darkness, output (N, CLASSES) logits."""
    from torch import nn

    from sudoku_cube.vision.recognise.cell_model import CLASSES

    layers: list = []
    c = 1
    for k, w in enumerate(widths):
        if k:
            layers.append(nn.MaxPool2d(2))
        for _ in range(1 if k == 0 else 2):
            layers += [nn.Conv2d(c, w, 3, padding=1, bias=False), nn.BatchNorm2d(w), nn.ReLU()]
            c = w
    return nn.Sequential(*layers, nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(c, CLASSES))


def turned(x, y, turns):
    """Maps ``x`` (N, 1, S, S) each turned clockwise by ``turns`` quarter turns (the sense of
    a sticker's turn), their labels turned with them ("no digit" stays so)."""
    import torch

    from sudoku_cube.vision.recognise.cell_model import NONE

    out = x.clone()
    for t in range(1, 4):
        m = turns == t
        out[m] = torch.rot90(x[m], -t, dims=(2, 3))
    return out, torch.where(y == NONE, y, (y // 4) * 4 + (y % 4 + turns) % 4)


def augment(x, gen, weight_change: float = 0.0, elastic: float = 0.0):
    """A batch of maps as another photo could show them: shifted (up to :data:`AUG_SHIFT` of
    the cell), scaled (0.85-1.15), rotated (up to 8 degrees), with ``elastic`` its shape bent
    (:func:`bent`), its strokes made heavier or
    lighter (up to ``weight_change``, :func:`reweighed`), blurred, its contrast changed, noised
    and sometimes crossed by a glare streak."""
    import torch
    import torch.nn.functional as F

    n, dev = len(x), x.device
    u = lambda lo, hi: lo + (hi - lo) * torch.rand(n, generator=gen, device=dev)  # noqa: E731
    a = u(-8.0, 8.0) * np.pi / 180
    s = u(0.85, 1.15)
    m = 2 * AUG_SHIFT  # the affine grid spans the map from -1 to 1
    theta = torch.stack([torch.stack([torch.cos(a) / s, -torch.sin(a) / s, u(-m, m)], 1),
                         torch.stack([torch.sin(a) / s, torch.cos(a) / s, u(-m, m)], 1)], 1)
    grid = F.affine_grid(theta, list(x.shape), align_corners=False)
    if elastic > 0:
        grid = grid + bent(n, x.shape[-1], elastic, gen, dev)
    x = F.grid_sample(x, grid, align_corners=False, padding_mode="zeros")
    if weight_change > 0:
        x = reweighed(x, u(-weight_change, weight_change))
    sigma = u(0.01, 1.2)
    k = torch.arange(-2, 3, dtype=torch.float32, device=dev)
    w = torch.exp(-(k[None] ** 2) / (2 * sigma[:, None] ** 2))
    w = w / w.sum(1, keepdim=True)
    x = F.conv2d(x.permute(1, 0, 2, 3), (w[:, None, None, :]), padding=(0, 2), groups=n)
    x = F.conv2d(x, (w[:, None, :, None]), padding=(2, 0), groups=n).permute(1, 0, 2, 3)
    x = x * u(0.6, 1.3)[:, None, None, None]
    x = x + torch.randn(x.shape, generator=gen, device=dev) * u(0.0, 0.08)[:, None, None, None]
    return streaked(x.clamp(0.0, 1.0), gen)


def bent(n: int, side: int, elastic: float, gen, dev):
    """(n, side, side, 2) smooth displacements of a sampling grid (units of the grid's -1..1
    span): a random field on :data:`BEND_POINTS` control points a side, resampled smoothly,
    each map's field scaled to up to ``elastic`` pixels (a standard deviation). Type designs
    differ in their local shapes (a terminal's size, a gap's width, a bowl's curve), which
    no affine change draws; bending each map a little teaches shapes between the fonts."""
    import torch
    import torch.nn.functional as F

    field = torch.randn((n, 2, BEND_POINTS, BEND_POINTS), generator=gen, device=dev)
    field = F.interpolate(field, size=(side, side), mode="bicubic", align_corners=True)
    amp = elastic * 2 / side * torch.rand(n, generator=gen, device=dev)
    return field.permute(0, 2, 3, 1) * amp[:, None, None, None]


def reweighed(x, change):
    """Maps ``x`` (N, 1, S, S) with their ink strokes heavier (``change`` > 0) or lighter (< 0)
    by up to a pixel on each side, ``change`` (N,) the share of that pixel: the darkness
    dilated or eroded by a 3x3 square, blended in. Type comes in every weight (a bold cut, a
    renderer's emboldening, ink spread in print), and a heavy digit's strokes close in on the
    gaps between them."""
    import torch
    import torch.nn.functional as F

    heavy = F.max_pool2d(x, 3, stride=1, padding=1)
    light = -F.max_pool2d(-x, 3, stride=1, padding=1)
    c = change[:, None, None, None]
    return torch.where(c > 0, x + c * (heavy - x), x - c * (light - x))


def streaked(x, gen):
    """A share :data:`STREAKS` of the maps crossed by a straight soft band (a glare streak:
    on a dark sticker it reads as ink, on a light one it lifts the ink), the label kept."""
    import torch

    n, side, dev = len(x), x.shape[-1], x.device
    u = lambda lo, hi: lo + (hi - lo) * torch.rand(n, generator=gen, device=dev)  # noqa: E731
    a = u(0.0, np.pi)[:, None, None]
    c = torch.arange(side, dtype=torch.float32, device=dev) - (side - 1) / 2
    d = (c[None, None, :] * torch.sin(a) - c[None, :, None] * torch.cos(a)
         - u(-0.35, 0.35)[:, None, None] * side)
    band = torch.exp(-d ** 2 / (2 * u(0.5, 2.0)[:, None, None] ** 2)) * u(0.3, 1.0)[:, None, None]
    band = (band * (torch.rand(n, generator=gen, device=dev) < STREAKS)[:, None, None])[:, None]
    ink = (torch.rand(n, generator=gen, device=dev) < 0.5)[:, None, None, None]
    return torch.where(ink, torch.maximum(x, band), x * (1 - band))


def fit(data: dict[str, np.ndarray], seed: int, epochs: int,
        widths: tuple[int, ...] = WIDTHS, weights: np.ndarray | None = None, log=None,
        weight_change: float = 0.0, device: str = "cpu", label_smoothing: float = 0.02,
        elastic: float = 0.0):
    """The network (``widths``: :func:`network`) fitted on ``data`` (AdamW, one-cycle
    learning rate); each epoch draws as many samples as the set holds, with ``weights``
    (default uniform), each augmented (``weight_change``: :func:`augment`). ``device``:
    PyTorch's device for the batches, the augmentation and the network ("cpu", or "cuda"
    where a GPU is at hand: the augmentation then draws from a generator of its own there,
    so a fit on a GPU is another fit of the same recipe, not the CPU's byte for byte)."""
    import torch
    import torch.nn.functional as F

    torch.set_num_threads(THREADS)
    torch.manual_seed(seed)
    gen = torch.Generator().manual_seed(seed)
    on = gen if device == "cpu" else torch.Generator(device=device).manual_seed(seed)
    x = torch.from_numpy(data["x"].astype(np.float32)).reshape(-1, 1, SIDE, SIDE).to(device)
    y = torch.from_numpy(data["y"].astype(np.int64)).to(device)
    p = torch.ones(len(y)) if weights is None else torch.from_numpy(weights).float()
    net = network(widths).to(device)
    steps = max(1, len(y) // BATCH)
    opt = torch.optim.AdamW(net.parameters(), lr=3e-3, weight_decay=1e-4)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, 3e-3, total_steps=epochs * steps)
    net.train()
    for epoch in range(epochs):
        order = torch.multinomial(p, steps * BATCH, replacement=True, generator=gen)
        total = 0.0
        for b in range(steps):
            i = order[b * BATCH:(b + 1) * BATCH].to(device)
            turns = torch.randint(0, 4, (len(i),), generator=gen).to(device)
            xb, yb = turned(x[i], y[i], turns)
            loss = F.cross_entropy(net(augment(xb, on, weight_change, elastic)), yb,
                                   label_smoothing=label_smoothing)
            opt.zero_grad()
            loss.backward()
            opt.step()
            sched.step()
            total += loss.item()
        if log:
            log(f"epoch {epoch + 1}/{epochs} loss {total / steps:.4f}")
    return net.cpu().eval()


def export(net, path: Path) -> None:
    """Write the network as ONNX (batch size free) to ``path``."""
    import torch

    path.parent.mkdir(parents=True, exist_ok=True)
    torch.onnx.export(net, torch.zeros(1, 1, SIDE, SIDE), str(path), dynamo=False,
                      opset_version=OPSET, input_names=["cells"], output_names=["logits"],
                      dynamic_axes={"cells": {0: "n"}, "logits": {0: "n"}})


def all_turns(x: np.ndarray, y: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Every sample in its four quarter turns, its label turned with it."""
    from sudoku_cube.vision.recognise.cell_model import NONE

    maps = x.reshape(len(x), SIDE, SIDE)
    xs, ys = [], []
    for t in range(4):
        xs.append(np.rot90(maps, -t, axes=(1, 2)).reshape(len(x), -1))
        ys.append(np.where(y == NONE, NONE, (y // 4) * 4 + (y % 4 + t) % 4))
    return np.concatenate(xs).astype(np.float32), np.concatenate(ys).astype(np.int64)


def margins(model, data: dict[str, np.ndarray]) -> np.ndarray:
    """Per sample of ``data``: the probability ``model`` gives its shape (a 9 turned r and the 6
    turned r+2 one shape, as :func:`shape_right` counts them) less that of the likeliest other
    shape, averaged over its four turns; from -1 (surely another) to 1 (surely its own)."""
    from sudoku_cube.vision.recognise.cell_model import CLASSES, NONE

    x, y = all_turns(data["x"].astype(np.float32), data["y"])
    p = np.exp(np.concatenate([model.log_probs(x[i:i + SCORE_BATCH])
                               for i in range(0, len(x), SCORE_BATCH)]))
    c = np.arange(CLASSES)
    shape = np.where((c // 4 == 8) & (c != NONE), 5 * 4 + (c % 4 + 2) % 4, c)
    folded = np.zeros_like(p)
    for k in range(CLASSES):
        folded[:, shape[k]] += p[:, k]
    rows = np.arange(len(y))
    own = folded[rows, shape[y]].copy()
    folded[rows, shape[y]] = -1.0
    return (own - folded.max(axis=1)).reshape(4, -1).mean(axis=0)


def hard_weights(margin: np.ndarray, y: np.ndarray, hard_weight: float,
                 hard_margin: float = HARD_MARGIN, noise_margin: float | None = NOISE_MARGIN
                 ) -> np.ndarray:
    """How often each training sample is drawn against an easy one, from its :func:`margins`:
    ``hard_weight`` below ``hard_margin``, 1 above, and 0 for a "no digit" sample below
    ``noise_margin`` (label noise, :data:`NOISE_MARGIN`; none dropped when None)."""
    from sudoku_cube.vision.recognise.cell_model import NONE

    out = np.where(margin < hard_margin, hard_weight, 1.0)
    if noise_margin is not None:
        out[(y == NONE) & (margin < noise_margin)] = 0.0
    return out


def fit_temperature(logits: np.ndarray, y: np.ndarray) -> float:
    """The softmax temperature (logits divided by it) of least negative log-likelihood."""
    best, best_t = np.inf, 1.0
    for t in np.geomspace(0.3, 4.0, 60):
        z = logits / t
        z = z - z.max(axis=1, keepdims=True)
        nll = -(z[np.arange(len(y)), y] - np.log(np.exp(z).sum(axis=1))).mean()
        if nll < best:
            best, best_t = nll, float(t)
    return best_t


def shape_right(pred: np.ndarray, y: np.ndarray) -> np.ndarray:
    """Per sample: does ``pred`` name its shape (a 9 turned r counted as the 6 turned r+2,
    which only the underline tells apart) or its "no digit"?"""
    from sudoku_cube.vision.recognise.cell_model import NONE

    def shape(c: np.ndarray) -> np.ndarray:
        return np.where((c // 4 == 8) & (c != NONE), 5 * 4 + (c % 4 + 2) % 4, c)

    return shape(pred) == shape(y)


def figures(model, data: dict[str, np.ndarray], key: str) -> dict[str, dict]:
    """Share of samples (all four turns) read right (:func:`shape_right`) per value of
    ``data[key]`` and over ``ALL``."""
    x, y = all_turns(data["x"].astype(np.float32), data["y"])
    group = np.tile(data[key], 4)
    ok = shape_right(model.log_probs(x).argmax(1), y)
    out = {}
    for name in sorted(set(map(str, group))) + ["ALL"]:
        f = group == name if name != "ALL" else np.ones(len(ok), bool)
        out[name] = {"samples": int(f.sum()), "right": round(float(ok[f].mean()), 4)}
    return out


def build(train: dict[str, np.ndarray], val: dict[str, np.ndarray], seed: int, epochs: int,
          out: Path, widths: tuple[int, ...] = WIDTHS, log=None,
          moved_weight: float = MOVED_WEIGHT, drawn: np.ndarray | None = None,
          weight_change: float = 0.0, device: str = "cpu", label_smoothing: float = 0.02,
          elastic: float = 0.0):
    """Fit on ``train`` (each look weighed alike, a moved window ``moved_weight`` of an
    unmoved cell, each sample also ``drawn`` times as often, default once: :func:`hard_weights`),
    write ``out`` (.onnx and .json) with the
    temperature and the validation figures from ``val``; the model as the reader loads it."""
    from sudoku_cube.vision.recognise.cell_model import CLASSES, FORMAT, load_cell_model

    moved = train.get("moved", np.zeros(len(train["y"]), bool))
    weights = np.where(moved, moved_weight, 1.0)
    if drawn is not None:
        weights = weights * drawn
    for look in np.unique(train["look"]):
        weights[train["look"] == look] /= weights[train["look"] == look].sum()
    net = fit(train, seed, epochs, widths, weights, log, weight_change, device, label_smoothing,
              elastic)
    export(net, out.with_suffix(".onnx"))
    meta = {"format": FORMAT, "input": [1, SIDE, SIDE], "classes": CLASSES,
            "class_names": [f"{d}{'^>v<'[r]}" for d in range(1, 10) for r in range(4)]
            + ["none"], "widths": list(widths), "weight_change": weight_change,
            "elastic": elastic, "seed": seed, "epochs": epochs,
            "temperature": 1.0}
    out.with_suffix(".json").write_text(json.dumps(meta, indent=1) + "\n", encoding="utf-8")
    model = load_cell_model(out)
    xv, yv = all_turns(val["x"].astype(np.float32), val["y"])
    meta["temperature"] = round(fit_temperature(model.logits(xv), yv), 4)
    out.with_suffix(".json").write_text(json.dumps(meta, indent=1) + "\n", encoding="utf-8")
    model = load_cell_model(out)
    meta.update({"training_samples": int(len(train["y"])),
                 "validation_samples": int(len(yv)),
                 "validation_accuracy": figures(model, val, "look")["ALL"]["right"]})
    return model, meta


def serif_fonts(base: bool = False, modern: bool = False) -> tuple[str, ...]:
    """:data:`SERIF_FONTS`, plus those of :data:`EXTRA_SERIF_FONTS` that are installed unless
    ``base``, plus those of :data:`MODERN_SERIF_FONTS` that are installed with ``modern``."""
    extra = (() if base else EXTRA_SERIF_FONTS) + (MODERN_SERIF_FONTS if modern else ())
    return SERIF_FONTS + installed(extra)


def chunk_name(name: str, seed: int, count: int, fonts: tuple[str, ...] = ()) -> str:
    """File name of a cached chunk: its set, first seed and count, and a digest of the
    generator's version (:data:`GENERATOR`) and the fonts its photos are printed in, in their
    order (each photo draws its font by position from its seed, so another order is another
    set). The digest names what this tool controls; a change to the renderers or to the
    reader's cut needs :data:`GENERATOR` raised by hand."""
    recipe = repr((GENERATOR, list(fonts))).encode()
    return f"{name}-{seed}-{count}-{hashlib.sha1(recipe).hexdigest()[:8]}"


def chunked(cached: Callable[[str, Callable[[], SampleSet]], SampleSet], name: str, count: int,
            make: Callable[[int, int, tuple[str, ...]], SampleSet], fonts: tuple[str, ...] = ()
            ) -> SampleSet:
    """Training set ``name`` of ``count`` photos from its first seed on, printed in ``fonts``
    (the renderer's own type when empty), read through ``cached(file name, make)`` in chunks
    of :data:`CHUNKS` photos, each named by its first seed and count and the recipe
    (:func:`chunk_name`: ``train-700000-600-…``, ``train-700600-600-…``, ...; the last chunk
    may be shorter), so a grown set renders only the chunks the cache lacks;
    ``make(seed0, n, fonts)`` renders ``n`` photos from seed ``seed0`` in ``fonts``, the same
    fonts that name the chunk (an empty set is made, not cached). Raises
    ``ValueError`` when the set would run into the seeds of the next one
    (:data:`SEED_RANGES`)."""
    first, end = SEED_RANGES[name]
    if first + count > end:
        raise ValueError(f"{count} photos of set {name} pass its last seed {end - 1}")
    size = CHUNKS[name]
    parts = []
    for seed in range(first, first + count, size):
        n = min(size, first + count - seed)
        parts.append(cached(chunk_name(name, seed, n, fonts),
                            lambda seed=seed, n=n: make(seed, n, fonts)))
    return joined(parts) if parts else make(first, 0, fonts)


def validation_sets(cached, fonts: tuple[str, ...], jobs: int = 1
                    ) -> dict[str, dict[str, np.ndarray]]:
    """The measured sets (read through ``cached(name, make)``, so from the cache when there):
    first-renderer photos, exam shots, exam corner shots as located and in moved windows, the
    benchmarks' held-out fonts."""
    from sudoku_cube.vision.recognise.templates import HELD_OUT_FONTS

    return {
        "first": cached(chunk_name("val", VAL_SEED0, VAL_PHOTOS, fonts),
                        lambda: render_set("first", VAL_PHOTOS, VAL_SEED0, fonts, jobs=jobs)),
        "exam": cached(chunk_name("exam", EXAM_VAL_SEED0, EXAM_VAL_PHOTOS),
                       lambda: render_set("exam", EXAM_VAL_PHOTOS, EXAM_VAL_SEED0, jobs=jobs)),
        "corners": cached(chunk_name("exam-corners", CORNER_VAL_SEED0, CORNER_VAL_SHOTS),
                          lambda: render_set("exam", CORNER_VAL_SHOTS, CORNER_VAL_SEED0,
                                             jobs=jobs, corners=1.0)),
        "moved": cached(chunk_name("exam-corners-jitter", CORNER_VAL_SEED0, CORNER_VAL_SHOTS),
                        lambda: render_set("exam", CORNER_VAL_SHOTS, CORNER_VAL_SEED0,
                                           jobs=jobs, corners=1.0, jitter=JITTER)),
        "held": cached(chunk_name("fonts", FONT_SEED0, FONT_PHOTOS, HELD_OUT_FONTS),
                       lambda: render_set("first", FONT_PHOTOS, FONT_SEED0, HELD_OUT_FONTS,
                                          jobs=jobs))}


def validation_figures(model, val: dict[str, dict[str, np.ndarray]]) -> dict[str, dict]:
    """The model's figures on the sets of :func:`validation_sets`, per look (per font on the
    held-out fonts); the exam shots in its held-out fonts apart."""
    seen = ~np.isin(val["exam"]["font"], EXAM_HELD_OUT)
    return {
        "validation_first": figures(model, val["first"], "look"),
        "validation_exam": figures(model, {k: v[seen] for k, v in val["exam"].items()}, "look"),
        "exam_held_out_fonts": figures(model, {k: v[~seen] for k, v in val["exam"].items()},
                                       "look"),
        "exam_corner_shots": figures(model, val["corners"], "look"),
        "exam_corner_shots_moved": figures(model, val["moved"], "look"),
        "held_out_fonts": figures(model, val["held"], "font")}


def main(argv: list[str] | None = None) -> int:
    """Render (or read the cache), fit, write the model; print its figures."""
    from sudoku_cube.vision.recognise.cell_model import DATA
    from tools.render_training import TRAIN_FONTS, training_fonts

    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--photos", type=int, default=600, help="first-renderer photos, every look")
    p.add_argument("--black-photos", type=int, default=240,
                   help="first-renderer photos of the black cube in the serif fonts")
    p.add_argument("--exam-photos", type=int, default=400, help="exam renderer shots")
    p.add_argument("--serif-shots", type=int, default=300,
                   help="exam renderer shots of the black cube in the serif fonts")
    p.add_argument("--blank-photos", type=int, default=0,
                   help="first-renderer photos with some stickers left without print")
    p.add_argument("--flat-photos", type=int, default=0,
                   help="first-renderer photos of every look in the faces whose 3 has a flat "
                   "top (tools.render_training.FLAT_THREE_FONTS, where installed)")
    p.add_argument("--jitter-photos", type=int, default=0,
                   help="first-renderer photos, cells also cut from moved windows")
    p.add_argument("--jitter-shots", type=int, default=0,
                   help="exam renderer shots, cells also cut from moved windows")
    p.add_argument("--moved-weight", type=float, default=MOVED_WEIGHT,
                   help="how often a moved window is drawn against an unmoved cell")
    p.add_argument("--hard-from", type=Path,
                   help="a cell model (files' stem) that scores the training samples: hard ones "
                   "drawn --hard-weight times as often, mislabelled 'no digit' windows dropped")
    p.add_argument("--hard-weight", type=float, default=3.0,
                   help="how often a hard sample is drawn against an easy one (--hard-from)")
    p.add_argument("--jobs", type=int, default=1, help="rendering processes")
    p.add_argument("--seed", type=int, default=0, help="the network's random seed")
    p.add_argument("--epochs", type=int, default=10)
    p.add_argument("--widths", default=",".join(map(str, WIDTHS)),
                   help="channels of the network's convolution blocks, comma-separated")
    p.add_argument("--weight-change", type=float, default=0.0,
                   help="strokes made heavier or lighter in training, up to this share of a "
                   "pixel on each side")
    p.add_argument("--elastic", type=float, default=0.0,
                   help="maps bent in training by a smooth random field of up to this many "
                   "pixels (a standard deviation)")
    p.add_argument("--base-fonts", action="store_true",
                   help="the training fonts and serif faces of this tool's lists alone, even "
                   "where the extra Debian fonts are installed")
    p.add_argument("--modern-serifs", action="store_true",
                   help="the black cube's serif sets also printed in the modern serif faces "
                   "(MODERN_SERIF_FONTS) that are installed")
    p.add_argument("--device", default="cpu",
                   help="PyTorch's device for the fit (cuda: a GPU, where one is at hand)")
    p.add_argument("--label-smoothing", type=float, default=0.02,
                   help="share of each label spread over the other classes in the fit")
    p.add_argument("--cache", type=Path, help="folder for the rendered sample sets")
    p.add_argument("--out", type=Path, default=DATA, help="model files' stem")
    a = p.parse_args(argv)
    widths = tuple(int(w) for w in a.widths.split(","))
    if a.cache:
        a.cache.mkdir(parents=True, exist_ok=True)
    fonts = TRAIN_FONTS if a.base_fonts else training_fonts()

    def cached(name: str, make):
        return load_or_make(a.cache / f"{name}.npz" if a.cache else None, make)

    def log(line: str) -> None:
        print(line, file=sys.stderr, flush=True)

    serif = serif_fonts(a.base_fonts, a.modern_serifs)
    exam = chunked(cached, "exam", a.exam_photos,
                   lambda s, n, f: render_set("exam", n, s, f, jobs=a.jobs))
    sets = [chunked(cached, "train", a.photos,
                    lambda s, n, f: render_set("first", n, s, f, jobs=a.jobs), fonts),
            {k: v[~np.isin(exam["font"], EXAM_HELD_OUT)] for k, v in exam.items()}]
    if a.black_photos:
        sets.append(chunked(cached, "serif", a.black_photos,
                            lambda s, n, f: render_set("first", n, s, f, ("black",), a.jobs),
                            serif))
    if a.serif_shots:
        sets.append(chunked(cached, "exam-serif", a.serif_shots,
                            lambda s, n, f: render_set("exam", n, s, f, ("black",), a.jobs),
                            serif))
    if a.blank_photos:
        sets.append(chunked(cached, "blank", a.blank_photos,
                            lambda s, n, f: render_set("first", n, s, f, jobs=a.jobs,
                                                       blanks=True), fonts))
    flat = installed(FLAT_THREE_FONTS) if a.flat_photos else ()
    if flat:
        sets.append(chunked(cached, "flat", a.flat_photos,
                            lambda s, n, f: render_set("first", n, s, f, jobs=a.jobs), flat))
    if a.jitter_photos:
        sets.append(chunked(cached, "jitter", a.jitter_photos,
                            lambda s, n, f: render_set("first", n, s, f, jobs=a.jobs,
                                                       corners=JITTER_CORNERS, jitter=JITTER),
                            fonts))
    if a.jitter_shots:
        shots = chunked(cached, "exam-jitter", a.jitter_shots,
                        lambda s, n, f: render_set("exam", n, s, f, jobs=a.jobs,
                                                   corners=JITTER_CORNERS, jitter=JITTER))
        sets.append({k: v[~np.isin(shots["font"], EXAM_HELD_OUT)] for k, v in shots.items()})
    train = joined(sets)
    val = validation_sets(cached, fonts, a.jobs)
    drawn, hard = None, {}
    if a.hard_from:
        from sudoku_cube.vision.recognise.cell_model import load_cell_model

        scorer = load_cell_model(a.hard_from)
        margin = margins(scorer, train)
        drawn = hard_weights(margin, train["y"], a.hard_weight)
        hard = {"hard": {"scored_by": scorer.meta.get("command"),
                         "scorer_seed": scorer.meta.get("seed"),
                         "hard_margin": HARD_MARGIN, "noise_margin": NOISE_MARGIN,
                         "hard_weight": a.hard_weight,
                         "hard_samples": int(((margin < HARD_MARGIN) & (drawn > 0)).sum()),
                         "dropped_samples": int((drawn == 0).sum())}}
        log(json.dumps(hard))
    seen = {k: v[~np.isin(val["exam"]["font"], EXAM_HELD_OUT)] for k, v in val["exam"].items()}
    model, meta = build(train, joined([val["first"], seen]), a.seed, a.epochs, a.out,
                        widths, log=log, moved_weight=a.moved_weight, drawn=drawn,
                        weight_change=a.weight_change, device=a.device, elastic=a.elastic,
                        label_smoothing=a.label_smoothing)
    options = (f" --hard-from {a.hard_from} --hard-weight {a.hard_weight}" if a.hard_from
               else "") + (f" --widths {a.widths}" if widths != WIDTHS else "") + (
        f" --weight-change {a.weight_change}" if a.weight_change else "") + (
        f" --elastic {a.elastic}" if a.elastic else "") + (
        f" --device {a.device}" if a.device != "cpu" else "") + (
        " --base-fonts" if a.base_fonts else "") + (
        " --modern-serifs" if a.modern_serifs else "") + (
        f" --flat-photos {a.flat_photos}" if a.flat_photos else "") + (
        f" --label-smoothing {a.label_smoothing}" if a.label_smoothing != 0.02 else "")
    flat_words = (f", {a.flat_photos} of every look in faces whose 3 has a flat top (seeds "
                  f"{FLAT_SEED0}+)" if a.flat_photos else "")
    meta.update({
        "command": (f"python -m tools.train_cell_model --photos {a.photos} --black-photos "
                    f"{a.black_photos} --exam-photos {a.exam_photos} --serif-shots "
                    f"{a.serif_shots} --blank-photos {a.blank_photos} --jitter-photos "
                    f"{a.jitter_photos} --jitter-shots "
                    f"{a.jitter_shots} --moved-weight {a.moved_weight}{options} "
                    f"--seed {a.seed} --epochs {a.epochs}"),
        **hard,
        "data": (f"cells cut by the reader from rendered photos ({int(CORNER_SHARE * 100)}% "
                 f"corner photos, {OFF_CELLS} 'no digit' windows per face): render/ "
                 f"{a.photos} photos of every look in the training fonts (seeds {SEED0}+) "
                 f"and {a.black_photos} of the black cube in the serif fonts (seeds "
                 f"{BLACK_SEED0}+); render/second {a.exam_photos} standard shots of every "
                 f"look (seeds {EXAM_SEED0}+) but those in {', '.join(EXAM_HELD_OUT)}, and "
                 f"{a.serif_shots} of the black cube in the serif fonts (seeds "
                 f"{SERIF_SEED0}+); render/ {a.blank_photos} photos with blank stickers "
                 f"(seeds {BLANK_SEED0}+){flat_words}; moved windows ({JITTER} per cell, each "
                 f"drawn {a.moved_weight} times as often as an unmoved cell, "
                 f"{int(JITTER_CORNERS * 100)}% corner photos): render/ {a.jitter_photos} "
                 f"photos (seeds {JITTER_SEED0}+), render/second {a.jitter_shots} shots "
                 f"(seeds {EXAM_JITTER_SEED0}+) but those in the held-out fonts; "
                 f"validation: {VAL_PHOTOS} photos "
                 f"(seeds {VAL_SEED0}+) and {EXAM_VAL_PHOTOS} exam shots (seeds "
                 f"{EXAM_VAL_SEED0}+)"),
        "fonts": sorted(set(map(str, train["font"])))})
    meta.update(validation_figures(model, val))
    a.out.with_suffix(".json").write_text(json.dumps(meta, indent=1) + "\n", encoding="utf-8")
    print(json.dumps({k: v for k, v in meta.items() if k not in ("fonts", "class_names")},
                     indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
