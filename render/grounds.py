"""Patterned grounds a cube lies on, painted flat in ground units (:mod:`render.sheet`): a
cutting mat, tiles, fabric and wood (:mod:`render.surfaces`), papers and prints
(:mod:`render.papers`), a keyboard and a chessboard (:mod:`render.desk_items`).

Each painter fills a whole :class:`render.sheet.Sheet` (the part of the ground a camera sees,
the cube at ground point (0, 0)) from the seeded generators it is given, so the same seed
always paints the same ground. Scale, colours and the pattern's phase are drawn; its angle and
perspective come from :mod:`render.plane`, which lays the sheet under the photo's camera.
"""
from __future__ import annotations

import random
from typing import Callable

import numpy as np

from . import desk_items, papers, surfaces
from .sheet import Sheet

Painter = Callable[[Sheet, random.Random, np.random.Generator], None]

GROUND_KINDS: tuple[str, ...] = ("mat", "squared", "ruled", "text", "sudoku", "calendar",
                                 "tiles", "fabric", "wood", "keyboard", "chessboard")
"""The patterned grounds: a cutting mat, squared and ruled paper, a printed page of text (with
a table of numbers on some), a newspaper sudoku page, a calendar, tiles, fabric, wood, a
keyboard and a chessboard."""


def painters() -> dict[str, Painter]:
    """Every ground kind and its painter, in :data:`GROUND_KINDS` order."""
    return {"mat": surfaces.mat, "squared": papers.squared, "ruled": papers.ruled,
            "text": papers.text_page, "sudoku": papers.sudoku_page,
            "calendar": papers.calendar, "tiles": surfaces.tiles, "fabric": surfaces.fabric,
            "wood": surfaces.wood, "keyboard": desk_items.keyboard,
            "chessboard": desk_items.chessboard}


def paint_ground(kind: str, sheet: Sheet, rng: random.Random,
                 nrng: np.random.Generator) -> None:
    """Paint ground ``kind`` (one of :data:`GROUND_KINDS`) over the whole sheet."""
    table_of = painters()
    if kind not in table_of:
        raise ValueError(f"unknown ground {kind!r}; use one of: " + ", ".join(GROUND_KINDS))
    table_of[kind](sheet, rng, nrng)
