"""Is this cube's 1 symmetric? Decided from the 1s in its photos.

A cube whose 1 is a plain stroke can be solved with a 1 upside down; a 1 printed with a foot
(a base serif, as the black Sudoku Cube's Century Schoolbook 1 has) points one way, and the
puzzle then asks for it upright like the rest of its face. The foot is measured on each cell
read as a 1: the ink's extent across the glyph in the band at its foot end against the stem's
width in the middle (a foot is wide), and how many rows deep that wide base is, again in stem
widths (a serif foot is thin). Many sans 1s stand on a flat base bar as deep as the stem is
wide (DejaVu Sans, Liberation Sans): cubes printed so treat the 1 as symmetric, so such a bar
is not a foot; a serif foot is a thin slab under the stem, well under a stem width deep. The
cube's 1 is taken as footed when enough 1s are seen and nearly all of them have a foot; a
profile or ``--symmetric`` still overrides the decision.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

import numpy as np

from ...models.cube.stickers import DOUBT_SCORE
from ..cells.glyph import rotate_glyph
from .print_facts import is_footed

FOOT = 2.2
"""A 1 has a foot when the ink at its foot end spans this many stem widths or more (footed
serif and sans 1s measure 2.8-4; a plain or flagged stroke 1.0-1.6)."""
THIN = 0.6
"""A foot is at most this many stem widths deep: its rows as wide as a foot (:data:`FOOT`)
below the stem's band (serif feet measure 0.15-0.5, a sans base bar 0.67-1.0)."""
MIN_ONES = 3
"""Fewest confidently read 1s the decision needs."""
SHARE = 0.8
"""Share of those 1s that must show a foot."""
SURE = DOUBT_SCORE
"""Only cells read as a 1 at least this sure count: no reading in doubt for its score."""
STEM_SHARE = 0.2
"""Share of the glyph's height, about its middle, where a 1's stem width is measured."""
STEM_BAND = (0.5 - STEM_SHARE / 2, 0.5 + STEM_SHARE / 2)
"""That band, from the glyph's top down; its foot lies below it."""


def _upright(body: np.ndarray, rot: int) -> tuple[np.ndarray, float] | None:
    """The glyph's rows (top to bottom) of a 1 read turned ``rot``, turned upright, and its
    stem width (the median ink width of the rows in its middle fifth); None when no ink
    lies there (no stem to measure)."""
    up = rotate_glyph(np.asarray(body, np.uint8), -rot % 4) > 0
    ys, xs = np.nonzero(up)
    if not len(ys):
        return None
    up = up[ys.min():ys.max() + 1]
    h = len(up)
    top, bottom = STEM_BAND
    widths = up[int(top * h):int(bottom * h) + 1].sum(axis=1)
    stem = float(np.median(widths[widths > 0])) if (widths > 0).any() else 0.0
    return (up, stem) if stem >= 1 else None


def foot_ratio(body: np.ndarray, rot: int) -> float | None:
    """The ink's extent across the foot band of a 1 read turned ``rot``, in stem widths: its
    bottom rows, as many as a foot may be deep (:data:`THIN` stem widths, one at least); None
    without a stem to measure (:func:`_upright`)."""
    glyph = _upright(body, rot)
    if glyph is None:
        return None
    up, stem = glyph
    band = up[len(up) - max(1, round(THIN * stem)):]
    cols = np.nonzero(band.any(axis=0))[0]
    return float(cols.max() - cols.min() + 1) / stem


def foot_depth(body: np.ndarray, rot: int) -> float | None:
    """How deep the wide base of a 1 read turned ``rot`` is, in stem widths: its rows as wide
    as a foot (:data:`FOOT` stem widths or more) below its stem's band (:data:`STEM_BAND`, see
    :data:`THIN`)."""
    glyph = _upright(body, rot)
    if glyph is None:
        return None
    up, stem = glyph
    rows = up[int(STEM_BAND[1] * len(up)):].sum(axis=1)
    return float((rows >= FOOT * stem).sum()) / stem


def has_foot(body: np.ndarray, rot: int) -> bool | None:
    """True when a 1 read turned ``rot`` stands on a serif foot: wide (:data:`FOOT`) and thin
    (:data:`THIN`); None without a stem to measure (:func:`_upright`)."""
    wide, deep = foot_ratio(body, rot), foot_depth(body, rot)
    if wide is None or deep is None:
        return None
    return wide >= FOOT and deep <= THIN


@dataclass(frozen=True)
class OneVerdict:
    """What the photos say about the 1: how many 1s were read sure enough to judge (``seen``)
    and how many of them have a foot (``footed``)."""

    seen: int
    footed: int

    @property
    def has_foot(self) -> bool:
        """True when the cube's 1 has a foot, so it is not symmetric."""
        return self.seen >= MIN_ONES and self.footed >= SHARE * self.seen

    def __add__(self, other: "OneVerdict") -> "OneVerdict":
        """The verdict over the 1s of both (faces read one at a time, as ``scan`` does)."""
        return OneVerdict(self.seen + other.seen, self.footed + other.footed)

    def to_dict(self) -> dict:
        """JSON form, as ``read --json`` and state files written by ``scan`` carry it."""
        return {"seen": self.seen, "footed": self.footed, "symmetric": not self.has_foot}

    @staticmethod
    def from_dict(raw: object) -> "OneVerdict | None":
        """The verdict of a JSON ``one`` entry; None when it is missing or not one."""
        try:
            return OneVerdict(int(raw["seen"]), int(raw["footed"]))  # type: ignore[index]
        except (KeyError, TypeError, ValueError):
            return None

    def describe(self) -> str:
        """One line for the user."""
        if self.seen < MIN_ONES:
            return (f"digit 1: only {self.seen} read clearly, too few to tell whether it has a "
                    "foot; taken as symmetric (the default)")
        if self.has_foot:
            return (f"digit 1 has a foot ({self.footed} of {self.seen} clear 1s): not "
                    "symmetric on this cube, so plans keep every 1 upright")
        return (f"digit 1 has no foot ({self.seen - self.footed} of {self.seen} clear 1s): "
                "symmetric, a 1 may end upside down")


def judge_ones(cells: Iterable[tuple[np.ndarray, int, float]]) -> OneVerdict:
    """The verdict from (ink body, read rotation, score) of every cell read as a 1."""
    feet = [has_foot(body, rot) for body, rot, score in cells if score >= SURE]
    feet = [f for f in feet if f is not None]
    return OneVerdict(len(feet), sum(feet))


def ones_verdict(faces: dict) -> OneVerdict:
    """The verdict from the face readings (``vision.reading.faces.FaceReading``) of one cube."""
    return judge_ones((e.body, s.rot, c) for r in faces.values()
                      for s, c, e in zip(r.stickers, r.confidence, r.evidence)
                      if is_footed(s.digit))
