"""The cube looks the renderers draw, defined once as data: each look's name, what it is in
words, and what it is made of. The first renderer (:mod:`render.photo`), the second
(:mod:`render.second`), the benchmarks and the tools all name looks from here, so a look added
here is one every part knows."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Literal


@dataclass(frozen=True)
class CubeLook:
    """One look: ``stickers`` white, in the six cube colours, or dark grey (the black cube);
    ``ink`` black, white, or white on the dark colours (red, green, blue) only; the ``body``
    between the stickers; ``serif``: the digits are set in a serif face (with a footed 1), else
    a bold sans; ``first_renderer``: whether :mod:`render.photo` draws it too (the second
    renderer draws every look)."""

    name: str
    words: str
    stickers: Literal["white", "colours", "grey"]
    ink: Literal["black", "white", "white on dark"]
    body: Literal["black", "white"] = "black"
    serif: bool = False
    first_renderer: bool = True


LOOKS: tuple[CubeLook, ...] = (
    CubeLook("white", "white stickers, black digits", "white", "black"),
    CubeLook("coloured", "stickers in the six cube colours, black digits", "colours", "black"),
    CubeLook("coloured-white-ink", "the six cube colours, white digits on the dark ones (red, "
             "green, blue), black digits on the light ones", "colours", "white on dark"),
    CubeLook("black", "the black Sudoku Cube: dark grey stickers with a faint swirl print on a "
             "black body, white serif digits", "grey", "white", serif=True),
    CubeLook("white-body", "stickers in the six cube colours with black digits on a white body, "
             "so the grooves between the stickers are light", "colours", "black", body="white",
             first_renderer=False),
)
"""Every look, in the order the benchmarks report them."""

LOOK_NAMES: tuple[str, ...] = tuple(lk.name for lk in LOOKS)
"""The names of every look (the second renderer's choices)."""

PHOTO_LOOKS: tuple[str, ...] = tuple(lk.name for lk in LOOKS if lk.first_renderer)
"""The names of the looks the first renderer draws, in order: the benchmarks' and the training
photos' looks."""


def look(name: str) -> CubeLook:
    """The look called ``name``; an unknown name is a ValueError listing the names."""
    for lk in LOOKS:
        if lk.name == name:
            return lk
    raise ValueError(f"unknown look {name!r}; use one of: " + ", ".join(LOOK_NAMES))
