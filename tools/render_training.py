"""Training glyphs cut by the real reading pipeline out of rendered photos.

Clean font renders teach the classifiers what digits look like, but not what the pipeline
makes of them in a photo: perspective, blur, glare, JPEG, the ink threshold, broken strokes.
Here photo-like renders (:mod:`render`, random fonts, sticker styles, light, size,
single-face and corner photos) go through exactly the reader's steps (detect -> warp -> ink
mask -> underline split -> normalised glyph), and every glyph is kept with the label the
render says it has. Cells whose detected position disagrees with the render's truth are
dropped, so a detection error never becomes a wrong label.

This is offline work (minutes): ``python -m tools.build_classifier`` uses it to
regenerate the shipped weights in ``vision/data/``.
"""
from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterable, Sequence

import numpy as np

from sudoku_cube.models.cube.stickers import parse_token

TRAIN_FONTS = (
    "DejaVuSans-Bold.ttf", "DejaVuSans.ttf", "DejaVuSansCondensed-Bold.ttf",
    "DejaVuSansCondensed.ttf", "DejaVuSansMono-Bold.ttf", "DejaVuSansMono.ttf",
    "DejaVuSerif-Bold.ttf", "DejaVuSerifCondensed-Bold.ttf", "DejaVuSerif.ttf",
    "LiberationSans-Bold.ttf", "LiberationSans-Regular.ttf", "LiberationMono-Bold.ttf",
    "LiberationMono-Regular.ttf", "LiberationSerif-Bold.ttf", "LiberationSerif-Regular.ttf",
    "FreeSansBold.ttf", "FreeSans.ttf", "FreeMonoBold.ttf", "FreeSerifBold.ttf",
    "FreeSerif.ttf", "DejaVuSans-BoldOblique.ttf", "LiberationSans-BoldItalic.ttf",
    "DejaVuSerif-BoldItalic.ttf", "DejaVuSerifCondensed-BoldItalic.ttf",
    "DejaVuSansMono-BoldOblique.ttf", "FreeSansBoldOblique.ttf", "FreeSansOblique.ttf",
    "FreeSerifBoldItalic.ttf", "LiberationMono-BoldItalic.ttf", "LiberationSans-Italic.ttf",
    "texgyreschola-bold.otf", "texgyreschola-regular.otf", "texgyretermes-bold.otf",
    "texgyrebonum-bold.otf", "P052-Bold.otf", "NimbusRoman-Bold.otf",
)
"""Upright and slanted families of the installed DejaVu, Liberation and FreeFont fonts: sans,
serif, mono, condensed, bold and regular, and the bold serif faces of TeX Gyre and URW
(Century Schoolbook as on the black Sudoku Cube, Times, Bookman, Palatino). Kept out to
measure generalisation to unseen fonts
(:data:`sudoku_cube.vision.recognise.templates.HELD_OUT_FONTS`)."""

EXTRA_FONTS = (
    "Roboto-Bold.ttf", "Roboto-Regular.ttf", "Roboto-Black.ttf", "RobotoCondensed-Bold.ttf",
    "OpenSans-Bold.ttf", "OpenSans-ExtraBold.ttf", "OpenSans-CondBold.ttf", "OpenSans-Regular.ttf",
    "Lato-Bold.ttf", "Lato-Black.ttf", "Lato-Regular.ttf", "Cantarell-Bold.otf",
    "Cantarell-ExtraBold.otf", "Carlito-Bold.ttf", "Carlito-Regular.ttf", "Caladea-Bold.ttf",
    "Caladea-Regular.ttf", "LinLibertine_RB.otf", "LinLibertine_R.otf", "LinBiolinum_RB.otf",
    "EBGaramond12-Bold.otf", "EBGaramond12-Regular.otf",
)
"""More faces to train on when installed (training only; the reader never needs them): the
Debian packages fonts-roboto-unhinted, fonts-open-sans, fonts-lato, fonts-cantarell,
fonts-crosextra-carlito, fonts-crosextra-caladea, fonts-linuxlibertine and fonts-ebgaramond.
Humanist and grotesque sans, condensed and black weights, old-style and transitional serifs:
digit shapes none of the fonts above draw. None of the second renderer's families (its
Helvetica, Avant Garde, Century Schoolbook, Bookman, Palatino, Times cuts) nor of the
held-out fonts."""


MODERN_SERIF_FONTS = (
    "OldStandard-Bold.ttf", "OldStandard-Regular.ttf", "cmunbx.ttf", "cmunrm.ttf",
    "GFSDidotBold.otf", "GFSDidot.otf", "BaskervaldADFStd-Bold.otf", "BaskervaldADFStd-Heavy.otf",
    "PTF75F.ttf", "Arapey-Black.otf", "Arapey-Regular.otf",
)
"""Serif faces added by ``--modern-serifs`` (:mod:`tools.train_cell_model`,
:mod:`tools.build_classifier`) where installed (training only, from the Debian packages
fonts-oldstandard, fonts-cmu, fonts-gfs-didot, fonts-adf-baskervald, fonts-paratype and
fonts-arapey): Old Standard, Computer Modern, Didot, Baskerville, PT Serif and Arapey, modern
and transitional faces whose 3 ends in a ball close to its middle, as a black cube's heavy
serif print does. None is a Century Schoolbook cut, nor a font the exam renderer prints in."""


FLAT_THREE_FONTS = (
    "B612-Bold.otf", "B612-Regular.otf", "Jura-Bold.otf", "Jura-Medium.otf",
    "LeagueMono-Bold.otf", "LeagueMono-CondensedBold.otf", "FiraCode-Bold.ttf",
    "JetBrainsMono-Bold.ttf",
)
"""Faces whose 3 has a flat top (a bar, then a diagonal down to its bowl): their 3s join the
HOG classifier's font renders with ``--flat-threes`` (:mod:`tools.build_classifier`), and
``--flat-photos`` renders photos in them for the cell model (:mod:`tools.train_cell_model`), where
installed (training only, from the Debian packages fonts-b612, fonts-jura, fonts-league-mono,
fonts-firacode and fonts-jetbrains-mono). No other training face draws that 3, and the
readers took it for a 5, whose top is a bar too (``bench vision --fonts``, PT Sans). None
is a PT face, nor a font the exam renderer prints in."""


def installed(names: Iterable[str]) -> tuple[str, ...]:
    """Those of the font files ``names`` that are installed, in order (training-only faces
    come from optional packages)."""
    from sudoku_cube.vision.recognise.templates import find_font

    return tuple(n for n in names if find_font(n))


def training_fonts() -> tuple[str, ...]:
    """:data:`TRAIN_FONTS` plus those of :data:`EXTRA_FONTS` that are installed."""
    return TRAIN_FONTS + installed(EXTRA_FONTS)


TRAIN_LOOKS = (("white", 0.35), ("coloured", 0.25), ("coloured-white-ink", 0.2), ("black", 0.2))
"""Sticker looks of the training photos and their shares."""


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


def _look(rng: random.Random, looks: Sequence[str] | None) -> str:
    """A sticker look drawn with the :data:`TRAIN_LOOKS` shares (among ``looks`` only)."""
    pool = [(k, w) for k, w in TRAIN_LOOKS if looks is None or k in looks]
    x = rng.random() * sum(w for _, w in pool)
    for k, w in pool:
        x -= w
        if x < 0:
            return k
    return pool[-1][0]


def _style(rng: random.Random, font: str, vary_underline: bool = False,
           looks: Sequence[str] | None = None, grounds: float = 0.0):
    """A random photo style (one of ``looks``, default all); ``vary_underline`` also varies
    the 6/9 underline's shape (gap, thickness, length) and leaves it out on one photo in five,
    as cubes differ there too; ``grounds`` is the share of photos on a patterned ground
    (:mod:`sudoku_cube.render.patterned`: mats, papers, prints, tiles, cloth, wood, a
    keyboard, a chessboard; faces 10-70% of the frame; dim, glared, blurred light). With no
    share no draw is made for it, so the photos of a seed stay those of earlier caches."""
    from sudoku_cube.render import PhotoStyle

    style = PhotoStyle(stickers=_look(rng, looks), font=font,
                       difficulty=rng.uniform(0.1, 1.0),
                       size=rng.choice([(640, 480), (800, 600), (960, 720), (480, 640),
                                        (1280, 960)]),
                       jpeg_quality=rng.choice([None, 55, 70, 85]))
    if grounds > 0 and rng.random() < grounds:
        style = dataclasses.replace(style, ground="patterned")
    if not vary_underline:
        return style
    bar = (rng.uniform(0.05, 0.2), rng.uniform(0.05, 0.15), rng.uniform(0.0, 0.3))
    return dataclasses.replace(style, bar=bar, underline_69=rng.random() >= 0.2)


@dataclass(frozen=True)
class PhotoCell:
    """One straightened cell cut from a rendered photo with its true token, the sticker
    pitch in the photo (pixels) and the font."""

    cell: np.ndarray
    token: str
    cell_px: float
    font: str
    underlined: bool = True


def labelled_cells(image: np.ndarray, geometry, tokens: Sequence[str], truth_centres,
                   font: str, underlined: bool = True) -> list[PhotoCell]:
    """The straightened cells of a face found in a rendered photo with their true tokens;
    none when the detection disagrees with the render's truth (a detection error must never
    become a wrong label)."""
    from sudoku_cube.vision.cells.warp import cut_cells, warp_face

    found = geometry.cell_centres()
    truth = np.asarray(truth_centres, np.float64)
    pitch = float(np.linalg.norm(truth[4] - truth[3]) + np.linalg.norm(truth[4] - truth[1])) / 2
    if np.linalg.norm(found - truth, axis=1).max() > 0.2 * pitch:
        return []
    return [PhotoCell(c, t, pitch, font, underlined)
            for c, t in zip(cut_cells(warp_face(image, geometry)), tokens)]


def _face(rng: random.Random, digits: Sequence[int] | None):
    """A random solved face, or (``digits`` given) nine stickers drawn from those digits."""
    from sudoku_cube.models.generator.cube3 import random_face
    from sudoku_cube.models.cube.stickers import Sticker

    if digits is None:
        return random_face(rng)
    return tuple(Sticker(rng.choice(list(digits)), rng.randrange(4)) for _ in range(9))


def face_photo_cells(seed: int, fonts: Sequence[str] = TRAIN_FONTS,
                     digits: Sequence[int] | None = None,
                     looks: Sequence[str] | None = None,
                     grounds: float = 0.0) -> list[PhotoCell]:
    """Cells of one rendered single-face photo (seeded: random font, style and stickers;
    ``digits``: stickers drawn from these digits, with varied 6/9 underlines; ``grounds``:
    the chance of a patterned ground, see :func:`_style`)."""
    from sudoku_cube.render import render_face_photo
    from sudoku_cube.vision.locate.detect import find_face

    rng = random.Random(f"train-face:{seed}")
    font = rng.choice(list(fonts))
    stickers = _face(rng, digits)
    style = _style(rng, font, vary_underline=digits is not None, looks=looks, grounds=grounds)
    image, truth = render_face_photo(stickers, seed, style)
    try:
        geometry = find_face(image)
    except Exception:  # noqa: BLE001 - a photo the detector refuses teaches nothing here
        return []
    return labelled_cells(image, geometry, truth["tokens"], truth["centres"], font,
                          style.underline_69)


def corner_photo_cells(seed: int, fonts: Sequence[str] = TRAIN_FONTS,
                       digits: Sequence[int] | None = None,
                       looks: Sequence[str] | None = None,
                       grounds: float = 0.0) -> list[PhotoCell]:
    """Cells of the three faces of one rendered corner photo (smaller, sheared stickers)."""
    from sudoku_cube.models.cube.geometry import FACES
    from sudoku_cube.render import render_corner_photo
    from sudoku_cube.vision.locate.corners.faces import locate_faces

    rng = random.Random(f"train-corner:{seed}")
    font = rng.choice(list(fonts))
    which = rng.choice("AB")
    faces = {f: _face(rng, digits) for f in FACES}
    style = _style(rng, font, vary_underline=digits is not None, looks=looks, grounds=grounds)
    image, truth = render_corner_photo(faces, which, seed, style)
    try:
        located = locate_faces(image, which)
    except Exception:  # noqa: BLE001
        return []
    out = []
    for cf in located:
        t = truth["faces"].get(cf.face)
        if t is not None:
            out += labelled_cells(image, cf.geometry(), t["tokens"], t["centres"], font,
                                  style.underline_69)
    return out


def photo_cells(seeds: Iterable[int], fonts: Sequence[str] = TRAIN_FONTS,
                corner_share: float = 0.35, digits: Sequence[int] | None = None,
                progress=None, looks: Sequence[str] | None = None,
                grounds: float = 0.0) -> list[PhotoCell]:
    """Cells from one rendered photo per seed (a share of them corner photos; sticker looks
    among ``looks``, default all of :data:`TRAIN_LOOKS`; a ``grounds`` share on patterned
    grounds, none by default)."""
    out: list[PhotoCell] = []
    for seed in seeds:
        corner = random.Random(f"kind:{seed}").random() < corner_share
        out += (corner_photo_cells if corner else face_photo_cells)(seed, fonts, digits,
                                                                    looks, grounds)
        if progress:
            progress(seed)
    return out


def cell_glyph(c: PhotoCell) -> PhotoGlyph | None:
    """The reader's glyph of a labelled cell (ink mask -> underline split -> normalised)."""
    from sudoku_cube.vision.cells.glyph import normalise_glyph, split_underline
    from sudoku_cube.vision.cells.ink import ink_mask

    parts = split_underline(ink_mask(c.cell))
    g = normalise_glyph(parts.body)
    if g is None:
        return None
    s = parse_token(c.token)
    return PhotoGlyph(g, s.digit, s.rot, parts.underline_rot, c.cell_px, c.font)


def photo_glyphs(seeds: Iterable[int], fonts: Sequence[str] = TRAIN_FONTS,
                 corner_share: float = 0.35, progress=None,
                 looks: Sequence[str] | None = None,
                 grounds: float = 0.0) -> list[PhotoGlyph]:
    """Glyphs from one rendered photo per seed (a share of them corner photos, a ``grounds``
    share on patterned grounds)."""
    cells = photo_cells(seeds, fonts, corner_share, progress=progress, looks=looks,
                        grounds=grounds)
    return [g for g in map(cell_glyph, cells) if g is not None]


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


def load_or_make(path: Path | None, make: Callable[[], dict[str, np.ndarray]]
                 ) -> dict[str, np.ndarray]:
    """Arrays read from ``path`` when it exists, else made by ``make`` and (with a path) saved
    there: training scripts cache their renders so a second fit does not render again."""
    if path and path.exists():
        with np.load(path, allow_pickle=False) as z:
            return {k: z[k] for k in z.files}
    data = make()
    if path:
        np.savez_compressed(path, **data)
    return data
