"""Learning a cube's own digit templates from photos the user labelled once.

Each labelled photo goes through vision's own pipeline (find the face, straighten it, cut the
nine cells, split off the 6/9 underline, normalise the glyph), so the learnt glyphs look
exactly like what the reader will see later. From the glyphs we build:

* 36 templates (9 digits x 4 rotations): the mean upright glyph of each digit, turned four
  ways (what the contact sheet shows);
* training glyphs: every cut glyph turned to all four rotations, matched as extra templates
  (nearest neighbour) and used to adapt the HOG classifier;
* an adapted HOG classifier: ridge regression on the user's glyphs pulled towards the default
  model's weights (closed form, under a second, no need to re-render the default training set).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable, Sequence

import cv2
import numpy as np

from ..models.cube.stickers import Sticker
from ..vision.cells.glyph import GLYPH, rotate_glyph
from ..vision.recognise.hog import N_CLASSES, LinearModel, class_index, hog_features
from ..vision.recognise.templates import TemplateSet, all_rotations
from .profile_files import ProfileError

SIX_NINE = (6, 9)


@dataclass(frozen=True)
class CutGlyph:
    """One sticker's glyph from a labelled photo: the normalised body, its label and origin."""

    glyph: np.ndarray
    sticker: Sticker
    underline_rot: int | None
    source: str
    index: int


def _ncc(a: np.ndarray, b: np.ndarray) -> float:
    a = a - a.mean()
    b = b - b.mean()
    return float((a * b).sum() / max(np.linalg.norm(a) * np.linalg.norm(b), 1e-6))


def upright_samples(glyphs: Iterable[CutGlyph], symmetric: Iterable[int] = (1,)
                    ) -> dict[int, list[np.ndarray]]:
    """Every glyph turned upright, grouped by digit.

    A symmetric digit's label may be off by a half turn (a solved cube prints it either way),
    so each such sample is turned whichever way matches the others better.
    """
    sym = set(symmetric)
    by_digit: dict[int, list[np.ndarray]] = {}
    for cg in glyphs:
        up = rotate_glyph(cg.glyph, -cg.sticker.rot)
        group = by_digit.setdefault(cg.sticker.digit, [])
        if cg.sticker.digit in sym and group:
            ref = np.mean(group, axis=0)
            flipped = rotate_glyph(up, 2)
            if _ncc(flipped, ref) > _ncc(up, ref):
                up = flipped
        group.append(up)
    return by_digit


def _shape_digit(d: int) -> int:
    """6 and 9 are one shape (9 is 6 turned 180 degrees once the underline is removed)."""
    return 6 if d == 9 else d


def mean_templates(by_digit: dict[int, list[np.ndarray]], fallback: TemplateSet,
                   meta: dict | None = None) -> TemplateSet:
    """36 templates: each digit's mean upright glyph turned four ways.

    6 and 9 pool their samples (9 turned 180 degrees is the 6 shape). Digits never seen keep
    the fallback's templates, and ``meta["learnt"]`` lists the digits that were learnt.
    """
    pooled: dict[int, list[np.ndarray]] = {}
    for d, samples in by_digit.items():
        turn = 2 if d == 9 else 0
        pooled.setdefault(_shape_digit(d), []).extend(rotate_glyph(s, turn) for s in samples)
    uprights, learnt = [], []
    for d in range(1, 10):
        shape = _shape_digit(d)
        if pooled.get(shape):
            mean = np.mean(pooled[shape], axis=0).astype(np.float32)
            upright = rotate_glyph(mean, 2) if d == 9 else mean
            learnt.append(d)
        else:
            sel = [i for i in range(len(fallback)) if fallback.digits[i] == d
                   and fallback.rots[i] == 0]
            upright = fallback.images[sel[0]]
        uprights.append(upright)
    images, digits, rots = all_rotations(uprights, range(1, 10), [0] * 9)
    return TemplateSet(images.astype(np.float32), digits, rots,
                       {**(meta or {}), "source": "calibration", "learnt": learnt,
                        "samples": {str(d): len(v) for d, v in sorted(by_digit.items())}})


def training_set(glyphs: Sequence[CutGlyph], meta: dict | None = None) -> TemplateSet:
    """Every cut glyph in all four rotations, labelled (data for nearest-neighbour templates and
    for adapting the HOG classifier)."""
    images, digits, rots = all_rotations([cg.glyph for cg in glyphs],
                                         [cg.sticker.digit for cg in glyphs],
                                         [cg.sticker.rot for cg in glyphs])
    return TemplateSet(images.astype(np.float32), digits, rots,
                       {**(meta or {}), "source": "calibration photos",
                        "photos": sorted({cg.source for cg in glyphs})})


def _jitter(images: np.ndarray, rng: np.random.Generator, copies: int) -> np.ndarray:
    """Copies shifted by up to a pixel and slightly thickened/thinned (robustness)."""
    out = [images]
    for _ in range(copies):
        batch = []
        for img in images:
            dx, dy = rng.integers(-1, 2, 2)
            m = np.float32([[1, 0, dx], [0, 1, dy]])
            moved = cv2.warpAffine(img, m, (GLYPH, GLYPH))
            gamma = rng.uniform(0.7, 1.4)
            batch.append(np.clip(moved, 0, 1) ** gamma)
        out.append(np.stack(batch).astype(np.float32))
    return np.concatenate(out)


def adapt_model(base: LinearModel, training: TemplateSet, *, strength: float = 3.0,
                copies: int = 3, seed: int = 11) -> LinearModel:
    """The HOG classifier fitted to the user's glyphs, pulled towards ``base``'s weights.

    Minimises ``|X W - Y|^2 + alpha |W - W0|^2`` with a bias column, where ``alpha`` is
    ``strength`` times the mean squared feature norm: enough user data moves the weights where
    the user's font needs it, while classes the photos did not show keep the base behaviour.
    6 and 9 targets count as the same shape (the underline decides between them later).
    """
    rng = np.random.default_rng(seed)
    images = _jitter(training.images, rng, copies)
    reps = copies + 1
    digits = np.tile(training.digits, reps)
    rots = np.tile(training.rots, reps)
    x = hog_features(images).astype(np.float64)
    x = np.hstack([x, np.ones((len(x), 1))])
    y = np.zeros((len(x), N_CLASSES))
    for i, (d, r) in enumerate(zip(digits, rots)):
        if d in SIX_NINE:  # same shape: 6 turned r == 9 turned r+2, half each
            other = 9 if d == 6 else 6
            y[i, class_index(int(d), int(r))] = 0.5
            y[i, class_index(other, (int(r) + 2) % 4)] = 0.5
        else:
            y[i, class_index(int(d), int(r))] = 1.0
    w0 = np.vstack([base.weights, base.bias[None, :]]).astype(np.float64)
    alpha = strength * float((x ** 2).sum(axis=1).mean())
    a = x.T @ x + alpha * np.eye(x.shape[1])
    w = np.linalg.solve(a, x.T @ y + alpha * w0)
    meta = {**base.meta, "adapted": {"samples": int(len(training)), "copies": copies,
                                     "strength": strength}}
    return LinearModel(w[:-1].astype(np.float32), w[-1].astype(np.float32), base.temperature,
                       meta)


def combined_templates(profile_templates: TemplateSet, training: TemplateSet | None
                       ) -> TemplateSet:
    """What the reader matches against: the 36 learnt templates plus every training glyph."""
    if training is None:
        return profile_templates
    return profile_templates.merged(training)


@dataclass(frozen=True)
class Learnt:
    """The result of learning: templates, training glyphs, adapted classifier and counts."""

    templates: TemplateSet
    training: TemplateSet
    model: LinearModel
    glyphs: int
    meta: dict = field(default_factory=dict)


def learn(glyphs: Sequence[CutGlyph], base_templates: TemplateSet, base_model: LinearModel,
          symmetric: Iterable[int] = (1,)) -> Learnt:
    """Templates, training glyphs and adapted classifier from labelled glyphs."""
    if not glyphs:
        raise ProfileError("no digit glyphs were found in the calibration photos; photograph "
                           "whole faces, each filling about half of the picture")
    by_digit = upright_samples(glyphs, symmetric)
    templates = mean_templates(by_digit, base_templates)
    training = training_set(glyphs)
    model = adapt_model(base_model, training)
    return Learnt(templates, training, model, len(glyphs))
