"""The sticker looks and fonts of the second renderer.

None of these font files is one the hand-made recognisers (templates, HOG classifier,
underline model) were built from, but the learned cell model (``vision/data/cell_model.*``,
``tools/train_cell_model.py``) trained on this renderer's standard shots in eight of its ten
fonts. Only :data:`HELD_OUT` (one serif, one sans) is type no model saw; ``bench vision
--renderer second --held-out-fonts`` prints every cube in it. Their designs are not unseen:
TeX Gyre Schola (the serif templates' and the training's Century Schoolbook) and FreeSans (a
Helvetica) are close cousins of the two.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from ...models.errors import SudokuCubeError
from ..looks import LOOK_NAMES, look

SANS_FONTS = ("texgyreheros-bold.otf", "texgyreadventor-bold.otf", "URWGothic-Demi.otf",
              "NimbusSansNarrow-Bold.otf", "texgyreheroscn-bold.otf")
"""Bold sans faces for the white and coloured looks (Helvetica, Avant Garde and a narrow
Helvetica in URW and TeX Gyre cuts); their 1 has no foot."""

SERIF_FONTS = ("C059-Roman.otf", "URWBookman-Demi.otf", "texgyrebonum-regular.otf",
               "P052-Roman.otf", "texgyretermes-regular.otf")
"""Serif faces for the black cube (Century Schoolbook, Bookman, Palatino, Times in their
roman or demi cuts, drawn emboldened); their 1 has a foot."""

HELD_OUT_SERIF = "C059-Roman.otf"
"""The serif font no model trained on: URW's Century Schoolbook, for the black cube."""
HELD_OUT_SANS = "texgyreheros-bold.otf"
"""The sans font no model trained on: TeX Gyre Heros Bold (a Helvetica), for the other looks."""
HELD_OUT = (HELD_OUT_SERIF, HELD_OUT_SANS)
"""The exam fonts kept out of every model's training (``tools.train_cell_model`` drops its
exam samples in them), so that the exam can measure the readers on type they never saw."""

FONT_DIRS = (Path("/usr/share/fonts"), Path("/usr/share/texmf/fonts/opentype"),
             Path("/usr/local/share/fonts"))

LOOKS = LOOK_NAMES
"""The sticker looks this renderer draws: every look of :mod:`render.looks`."""

SCHEME = {"U": (0.96, 0.96, 0.95), "D": (0.05, 0.84, 0.98), "F": (0.28, 0.61, 0.0),
          "B": (0.68, 0.27, 0.0), "R": (0.20, 0.07, 0.72), "L": (0.0, 0.35, 1.0)}
"""Sticker colours (BGR 0..1) by home face: white U, yellow D, green F, blue B, red R,
orange L."""

DARK_COLOURS = ("F", "B", "R")
"""Home faces whose colour (green, blue, red) carries white ink in the white-ink look."""


@cache
def font_file(name: str) -> str:
    """The installed file of font ``name``; a clear error names the missing font."""
    for d in FONT_DIRS:
        if d.is_dir():
            for p in d.rglob(name):
                return str(p)
    raise SudokuCubeError(f"font {name} is not installed; install fonts-urw-base35 and "
                          "fonts-texgyre (Debian) for the second renderer")


def installed(names: tuple[str, ...]) -> tuple[str, ...]:
    """Those of ``names`` that are installed."""
    out = []
    for n in names:
        try:
            font_file(n)
            out.append(n)
        except SudokuCubeError:
            pass
    return tuple(out)


@dataclass(frozen=True)
class Look:
    """How one cube is made: per home face the sticker colour and ink (BGR 0..1), the body
    colour, the sticker gloss, the font and its emboldening, the sticker margin and corner
    radius (fractions of a cubie), the digit height (fraction of the sticker), whether 6/9
    are underlined and whether the stickers carry a faint printed texture."""

    name: str
    sticker: dict
    ink: dict
    body: tuple[float, float, float]
    gloss: float
    font: str
    bold: float
    margin: float
    radius: float
    digit_height: float
    underline: bool
    swirl: bool


def _jitter(rng: random.Random, c, k: float = 0.05) -> tuple[float, float, float]:
    return tuple(min(1.0, max(0.0, v * rng.uniform(1 - k, 1 + k) + rng.uniform(-0.02, 0.02)))
                 for v in c)


def _boldening(font: str, rng: random.Random, serif: bool) -> float:
    """Stroke added around the glyphs (fraction of the font size): the roman and regular
    serif cuts are drawn bold like the black cube's print, a demi or bold cut only a little."""
    heavy = any(w in font for w in ("Demi", "Bold", "bold"))
    if serif and not heavy:
        return rng.uniform(0.025, 0.045)
    return rng.uniform(0.0, 0.015)


def make_look(name: str, rng: random.Random, font: str | None = None,
              held_out: bool = False, pair: tuple[str, str] = HELD_OUT) -> Look:
    """A cube of look ``name`` (see :data:`LOOKS`) with its details drawn from ``rng``; in
    ``font``, or with ``held_out`` in the look's held-out font (:data:`HELD_OUT`: the serif for
    a look printed in serif type, the black cube, else the sans). A
    held-out cube draws everything as the same ``rng`` would without it (its font drawn and
    set aside), so it is the standard exam's cube of that seed printed in other type;
    ``pair`` (serif, sans) names that type where it is not :data:`HELD_OUT` (fonts no model
    trained on, to measure reading on unseen type: ``bench vision --fonts``)."""
    try:
        made = look(name)
    except ValueError as e:
        raise SudokuCubeError(str(e)) from None
    black_ink, white_ink = _jitter(rng, (0.07, 0.07, 0.08)), _jitter(rng, (0.95, 0.95, 0.94), 0.03)
    if made.stickers == "grey":
        grey = rng.uniform(0.2, 0.26)
        sticker = {f: (grey, grey, grey * rng.uniform(0.98, 1.03)) for f in SCHEME}
        ink = {f: white_ink for f in SCHEME}
        body = _jitter(rng, (0.025, 0.025, 0.03))
    else:
        if made.stickers == "white":
            sticker = {f: _jitter(rng, (0.93, 0.94, 0.93), 0.03) for f in SCHEME}
        else:
            sticker = {f: _jitter(rng, SCHEME[f]) for f in SCHEME}
        ink = {f: white_ink if made.ink == "white on dark" and f in DARK_COLOURS else black_ink
               for f in SCHEME}
        body = _jitter(rng, (0.85, 0.85, 0.85) if made.body == "white" else (0.05, 0.05, 0.05))
    serif = made.serif
    pool = installed(SERIF_FONTS if serif else SANS_FONTS)
    if not pool:
        raise SudokuCubeError("none of the second renderer's fonts is installed; install "
                              "fonts-urw-base35 and fonts-texgyre")
    if font is None:
        font = rng.choice(pool)
        if held_out:
            font = pair[0] if serif else pair[1]
    return Look(name=name, sticker=sticker, ink=ink, body=body,
                gloss=rng.uniform(0.1, 0.25) if serif else rng.uniform(0.2, 0.55),
                font=font, bold=_boldening(font, rng, serif),
                margin=rng.uniform(0.035, 0.05) if serif else rng.uniform(0.05, 0.09),
                radius=rng.uniform(0.04, 0.1) if serif else rng.uniform(0.08, 0.2),
                digit_height=rng.uniform(0.55, 0.66) if serif else rng.uniform(0.5, 0.66),
                underline=True, swirl=serif)
