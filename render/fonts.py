"""Fonts for printed digits (bold sans; bold serif for the black cube), found among the
installed system fonts.

Rendering depends only on the seed and these fonts, which come from the Debian packages
fonts-dejavu-core, fonts-liberation2, fonts-freefont-ttf and fonts-texgyre (installed by
``make``).
"""
from __future__ import annotations

from functools import cache
from pathlib import Path

from PIL import ImageFont

from ..models.errors import SudokuCubeError

FONT_DIRS = (Path("/usr/share/fonts/truetype"), Path("/usr/share/fonts"),
             Path("/usr/share/texmf/fonts/opentype"), Path("/usr/local/share/fonts"),
             Path.home() / ".fonts")

BOLD_SANS = (
    "DejaVuSans-Bold.ttf",
    "LiberationSans-Bold.ttf",
    "FreeSansBold.ttf",
    "DejaVuSansCondensed-Bold.ttf",
)
"""Bold sans faces a cube print may use, in a fixed order (the seed picks among them)."""

BOLD_SERIF = (
    "texgyreschola-bold.otf",
    "DejaVuSerif-Bold.ttf",
    "LiberationSerif-Bold.ttf",
    "FreeSerifBold.ttf",
)
"""Bold serif faces of the black Sudoku Cube's print, in a fixed order: TeX Gyre Schola (a
Century Schoolbook clone, the product's face: footed 1, ball-terminal 2 3 6 9) first."""


MAKE_FONT_DIRS = ("liberation2",)
"""Folders of the packages ``make`` installs whose fonts another package also installs under
the same file name (fonts-liberation beside fonts-liberation2, which a browser may pull in):
their copy is taken, so that a render does not change with what else is installed."""


def _find(names: tuple[str, ...]) -> dict[str, Path]:
    found: dict[str, Path] = {}
    for d in FONT_DIRS:
        if not d.is_dir():
            continue
        for name in names:
            if name not in found:
                hits = sorted(d.rglob(name), key=lambda p: (p.parent.name not in MAKE_FONT_DIRS,
                                                            str(p)))
                if hits:
                    found[name] = hits[0]
    return found


def _installed(names: tuple[str, ...], what: str, packages: str) -> tuple[Path, ...]:
    """Paths of the installed fonts among ``names``, in that order; raise naming the Debian
    ``packages`` to install when none is found."""
    found = _find(names)
    if not found:
        raise SudokuCubeError(
            f"no {what} found (looked for " + ", ".join(names) + " under /usr/share/fonts); "
            f"install the Debian packages {packages} (`make system`)")
    return tuple(found[n] for n in names if n in found)


@cache
def available_fonts() -> tuple[Path, ...]:
    """Paths of the installed bold sans fonts, in BOLD_SANS order; raise when none is found."""
    return _installed(BOLD_SANS, "bold sans font for rendering digits",
                      "fonts-dejavu-core fonts-liberation2 fonts-freefont-ttf")


@cache
def available_serif_fonts() -> tuple[Path, ...]:
    """Paths of the installed bold serif fonts, in BOLD_SERIF order; raise when none is found."""
    return _installed(BOLD_SERIF, "bold serif font for rendering the black cube's digits",
                      "fonts-texgyre fonts-dejavu-core")


def font_path(name: str | None = None, index: int = 0) -> Path:
    """A font by file name (e.g. ``"FreeSansBold.ttf"``), or the ``index``-th available one."""
    fonts = available_fonts()
    if name is not None:
        for p in fonts:
            if p.name == name:
                return p
        for d in FONT_DIRS:  # any other installed font by file name (calibration benchmarks)
            hits = sorted(d.rglob(name)) if d.is_dir() else []
            if hits:
                return hits[0]
        raise SudokuCubeError(f"font {name} is not installed; available: "
                              + ", ".join(p.name for p in fonts))
    return fonts[index % len(fonts)]


@cache
def load_font(path: str, size: int) -> ImageFont.FreeTypeFont:
    """A Pillow font at a pixel size (cached)."""
    return ImageFont.truetype(path, size)
