"""Regenerate the shipped serif digit templates (``vision/data/templates-serif.npz`` + ``.json``).

Renders the 36 templates (9 digits x 4 rotations) of
:data:`sudoku_cube.vision.recognise.templates.SERIF_TEMPLATE_FONTS` (TeX Gyre Schola Bold, Debian
fonts-texgyre), so that the reader knows serif digits like the black Sudoku Cube's without
needing the font at run time:

    .venv/bin/python -m tools.build_templates

Nothing in it is random (the json's ``seed`` is null); it records the command that made it.
"""
from __future__ import annotations

import argparse
import sys

from sudoku_cube.vision.recognise.templates import (SERIF_TEMPLATE_FONTS, SERIF_TEMPLATES,
                                                    TemplateSet, font_templates, installed_fonts)


def build() -> TemplateSet:
    """The serif templates of every installed :data:`SERIF_TEMPLATE_FONTS` font."""
    fonts = installed_fonts(SERIF_TEMPLATE_FONTS)
    if not fonts:
        raise SystemExit("none of " + ", ".join(SERIF_TEMPLATE_FONTS) + " is installed; "
                         "install the Debian package fonts-texgyre (`make system`)")
    out = font_templates(fonts[0])
    for f in fonts[1:]:
        out = out.merged(font_templates(f))
    return TemplateSet(out.images, out.digits, out.rots,
                       {"source": "fonts", "fonts": [f.rsplit("/", 1)[-1] for f in fonts],
                        "command": "python -m tools.build_templates", "seed": None})


def main(argv: list[str] | None = None) -> int:
    """Render and write the serif templates."""
    argparse.ArgumentParser(description=__doc__.splitlines()[0]).parse_args(argv)
    templates = build()
    templates.save(SERIF_TEMPLATES)
    print(f"{len(templates)} templates -> {SERIF_TEMPLATES}.npz", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
