"""Training glyphs cut by the real reading pipeline out of rendered photos.

Clean font renders teach the classifiers what digits look like, but not what the pipeline
makes of them in a photo: perspective, blur, glare, JPEG, the ink threshold, broken strokes.
Here photo-like renders (:mod:`samples.render`, random fonts, sticker styles, light, size,
single-face and corner photos) go through exactly the reader's steps (detect -> warp -> ink
mask -> underline split -> normalised glyph), and every glyph is kept with the label the
render says it has. Cells whose detected position disagrees with the render's truth are
dropped, so a detection error never becomes a wrong label.

This is offline work (minutes): ``python -m calibration.build_classifier`` uses it to
regenerate the shipped weights in ``calibration/data/``.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Sequence

import numpy as np

from models.stickers import parse_token

TRAIN_FONTS = (
    "DejaVuSans-Bold.ttf", "DejaVuSans.ttf", "DejaVuSansCondensed-Bold.ttf",
    "DejaVuSansCondensed.ttf", "DejaVuSansMono-Bold.ttf", "DejaVuSansMono.ttf",
    "DejaVuSerif-Bold.ttf", "DejaVuSerifCondensed-Bold.ttf", "DejaVuSerif.ttf",
    "LiberationSans-Bold.ttf", "LiberationSans-Regular.ttf", "LiberationMono-Bold.ttf",
    "LiberationMono-Regular.ttf", "LiberationSerif-Bold.ttf", "LiberationSerif-Regular.ttf",
    "FreeSansBold.ttf", "FreeSans.ttf", "FreeMonoBold.ttf", "FreeSerifBold.ttf",
    "FreeSerif.ttf", "DejaVuSans-BoldOblique.ttf", "LiberationSans-BoldItalic.ttf",
)
"""Upright (and two slanted) families of the installed DejaVu, Liberation and FreeFont
fonts: sans, serif, mono, condensed, bold and regular."""


@dataclass(frozen=True)
class PhotoGlyph:
    """One glyph cut from a rendered photo: normalised image, its label, the underline the
    pipeline saw (rotation or None), the cell's side in the photo (pixels) and the font."""

    glyph: np.ndarray
    digit: int
    rot: int
    underline_rot: int | None
    cell_px: float
    font: str


def _style(rng: random.Random, font: str):
    from samples.render import PhotoStyle

    return PhotoStyle(stickers="coloured" if rng.random() < 0.4 else "white", font=font,
                      difficulty=rng.uniform(0.1, 1.0),
                      size=rng.choice([(640, 480), (800, 600), (960, 720), (480, 640),
                                       (1280, 960)]),
                      jpeg_quality=rng.choice([None, 55, 70, 85]))


def _cells_to_glyphs(image: np.ndarray, geometry, tokens: Sequence[str], truth_centres,
                     font: str) -> list[PhotoGlyph]:
    from vision.glyph import normalise_glyph, split_underline
    from vision.warp import cut_cells, ink_mask, warp_face

    found = geometry.cell_centres()
    truth = np.asarray(truth_centres, np.float64)
    pitch = float(np.linalg.norm(truth[4] - truth[3]) + np.linalg.norm(truth[4] - truth[1])) / 2
    if np.linalg.norm(found - truth, axis=1).max() > 0.2 * pitch:
        return []  # the detection went wrong: do not learn from mislabelled cells
    out = []
    for cell, tok in zip(cut_cells(warp_face(image, geometry)), tokens):
        parts = split_underline(ink_mask(cell))
        g = normalise_glyph(parts.body)
        if g is None:
            continue
        s = parse_token(tok)
        out.append(PhotoGlyph(g, s.digit, s.rot, parts.underline_rot, pitch, font))
    return out


def face_photo_glyphs(seed: int, fonts: Sequence[str] = TRAIN_FONTS) -> list[PhotoGlyph]:
    """Glyphs of one rendered single-face photo (seeded: random font, style and stickers)."""
    from models.generator import random_face
    from samples.render import render_face_photo
    from vision.detect import find_face

    rng = random.Random(f"train-face:{seed}")
    font = rng.choice(list(fonts))
    stickers = random_face(rng)
    image, truth = render_face_photo(stickers, seed, _style(rng, font))
    try:
        geometry = find_face(image)
    except Exception:  # noqa: BLE001 - a photo the detector refuses teaches nothing here
        return []
    return _cells_to_glyphs(image, geometry, truth["tokens"], truth["centres"], font)


def corner_photo_glyphs(seed: int, fonts: Sequence[str] = TRAIN_FONTS) -> list[PhotoGlyph]:
    """Glyphs of the three faces of one rendered corner photo (smaller, sheared stickers)."""
    from models.generator import random_face
    from models.geometry import FACES
    from samples.render import render_corner_photo
    from vision.corner_faces import locate_faces
    from vision.corners import face_geometry

    rng = random.Random(f"train-corner:{seed}")
    font = rng.choice(list(fonts))
    which = rng.choice("AB")
    faces = {f: random_face(rng) for f in FACES}
    image, truth = render_corner_photo(faces, which, seed, _style(rng, font))
    try:
        located = locate_faces(image, which)
    except Exception:  # noqa: BLE001
        return []
    out = []
    for cf in located:
        t = truth["faces"].get(cf.face)
        if t is not None:
            out += _cells_to_glyphs(image, face_geometry(cf), t["tokens"], t["centres"], font)
    return out


def photo_glyphs(seeds: Iterable[int], fonts: Sequence[str] = TRAIN_FONTS,
                 corner_share: float = 0.35, progress=None) -> list[PhotoGlyph]:
    """Glyphs from one rendered photo per seed (a share of them corner photos)."""
    out: list[PhotoGlyph] = []
    for seed in seeds:
        corner = random.Random(f"kind:{seed}").random() < corner_share
        out += (corner_photo_glyphs if corner else face_photo_glyphs)(seed, fonts)
        if progress:
            progress(seed)
    return out


def save_glyphs(glyphs: Sequence[PhotoGlyph], path: Path) -> None:
    """Write glyphs as one npz of arrays (no pickle)."""
    fonts = sorted({g.font for g in glyphs})
    np.savez_compressed(
        path, images=np.stack([g.glyph for g in glyphs]).astype(np.float16),
        digits=np.array([g.digit for g in glyphs], np.int8),
        rots=np.array([g.rot for g in glyphs], np.int8),
        underline=np.array([-1 if g.underline_rot is None else g.underline_rot
                            for g in glyphs], np.int8),
        cell_px=np.array([g.cell_px for g in glyphs], np.float32),
        font=np.array([fonts.index(g.font) for g in glyphs], np.int16),
        fonts=np.array(fonts))


def load_glyphs(path: Path) -> dict[str, np.ndarray]:
    """Arrays written by :func:`save_glyphs`."""
    with np.load(path, allow_pickle=False) as z:
        return {k: z[k] for k in z.files}
