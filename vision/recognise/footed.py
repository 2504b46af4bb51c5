"""Is this cube's 1 symmetric? Decided from the 1s in its photos.

A cube whose 1 is a plain stroke can be solved with a 1 upside down; a 1 printed with a foot
(a base serif, as the black Sudoku Cube's Century Schoolbook 1 has) points one way, and the
puzzle then asks for it upright like the rest of its face. The foot is measured on each cell
read as a 1 (:func:`measure_foot`): how far the ink below the stem's middle reaches out beyond
the stem's edges on each side, in glyph heights (a foot reaches out on both sides; a flag,
at the foot end of a 1 read upside down, on one only), and how deep that overhanging ink is,
in stem widths. Lengths are taken between edges of the ink, not as a ratio of widths: blur
and ink bleed move every edge by about the same amount, so a soft photo thickens the stem and
the foot alike but leaves the foot's overhang as it was.

Many sans 1s stand on a flat base bar as deep as the stem is wide (DejaVu Sans, Liberation
Sans): cubes printed so treat the 1 as symmetric, so such a bar is not a foot, and a serif
foot is told from it by being thinner (:data:`THIN`). That test fails on a print whose own
foot is bold: the black Sudoku Cube's measures 0.65-0.73 stem widths deep, as deep as a sans
bar (0.57-1.0), and so do serif feet drawn emboldened; no measure of the 1 alone (depth, width,
the glyph against the serif and sans templates) tells them apart (docs/benchmarks.md). The
face's print does: a face whose every digit is lighter than its sticker
(:func:`light_print`) is the black Sudoku Cube's print, white serif ink on dark grey, whose 1
has a foot and which prints no sans bar. There a base that reaches out on both sides is its
foot at any depth, and only 1s without one (a plain stroke) say the 1 is symmetric. The
coloured look with white ink prints light digits on its dark stickers only, dark ones on the
light stickers, so its faces keep the depth test.

The cube's 1 is taken as footed when enough 1s are seen and nearly all of them have a foot; a
profile or ``--symmetric`` still overrides the decision.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

import numpy as np

from ...models.cube.stickers import DOUBT_SCORE
from ..cells.glyph import rotate_glyph
from .evidence import CellEvidence
from .print_facts import is_footed

REACH = 0.08
"""A foot reaches out beyond the stem's edges on both sides by at least this share of the
glyph's height. Rendered serif feet reach 0.13-0.22 on each side, sharp or soft, sans base
bars 0.17-0.26; a plain stroke reaches nowhere, and a flag (at the foot end of a 1 read upside
down) reaches out on one side only, its other side 0.03 at most (a ragged pixel). About three
pixels on a 1 of the reader's cells, so a ragged edge is no foot."""
THIN = 0.6
"""A foot is at most this many stem widths deep (:attr:`Foot.deep`, the mean depth of the ink
that reaches out beyond the stem): serif feet in the first renderer's fonts measure 0.2-0.5,
sharp or soft, sans base bars 0.6-0.9, so a bar as deep as the stem, which makes the 1
symmetric, is no foot. A foot printed as deep (the black cube's own, 0.65-0.73; the second
renderer's emboldened serifs, 0.5-0.8) is told by its face's print instead
(:func:`light_print`)."""
MIN_ONES = 3
"""Fewest confidently read 1s the decision needs."""
SHARE = 0.5
"""Share of those 1s that must show a foot: half. A foot is hardly ever seen where a 1 has
none (the base must reach out on both sides), but blur, a small print or a dim photo often
hides one that is there; and a footless 1 taken as footed costs nothing the grid does not
check (a design that prints its 1 turned over does not solve so, and keeps it symmetric:
:func:`assistant.services.cube_input.footed_settings`), while a footed 1 taken as symmetric
may end upside down. So a split verdict goes to the foot."""
SURE = DOUBT_SCORE
"""Only cells read as a 1 at least this sure count: no reading in doubt for its score."""
STEM_SHARE = 0.2
"""Share of the glyph's height, about its middle, where a 1's stem is measured."""
STEM_BAND = (0.5 - STEM_SHARE / 2, 0.5 + STEM_SHARE / 2)
"""That band, from the glyph's top down; its foot lies below it."""


@dataclass(frozen=True)
class Foot:
    """The foot end of a 1, in pixels of its ink body turned upright: the glyph's ``height``,
    its ``stem`` width (the median row width in :data:`STEM_BAND`), how far the ink below that
    band reaches out beyond the stem's ``left`` and ``right`` edges, and the ``depth`` of that
    overhanging ink (its area over its width: a slab's thickness).

    Blur and ink bleed move every edge of the ink by about the same amount, so the overhangs
    (each taken from the stem's edge to the foot's end) keep their size on a soft photo, where
    the ratio of the foot's width to the stem's falls."""

    height: int
    stem: float
    left: float
    right: float
    depth: float

    @property
    def reach(self) -> float:
        """The overhang on the foot's shorter side, in glyph heights (see :data:`REACH`)."""
        return min(self.left, self.right) / self.height

    @property
    def deep(self) -> float:
        """The overhang's depth in stem widths (see :data:`THIN`)."""
        return self.depth / self.stem


def measure_foot(body: np.ndarray, rot: int) -> Foot | None:
    """The foot of a 1 read turned ``rot`` (:class:`Foot`); None when no ink lies in its stem's
    band (no stem to measure)."""
    up = rotate_glyph(np.asarray(body, np.uint8), -rot % 4) > 0
    rows = np.nonzero(up.any(axis=1))[0]
    if not len(rows):
        return None
    up = up[rows.min():rows.max() + 1]
    h = len(up)
    inked = up.any(axis=1)
    cols = np.arange(up.shape[1])
    lo = np.where(up, cols, up.shape[1]).min(axis=1)
    hi = np.where(up, cols, -1).max(axis=1)
    top, bottom = int(STEM_BAND[0] * h), int(STEM_BAND[1] * h) + 1
    band = inked[top:bottom]
    if not band.any():
        return None
    left = float(np.median(lo[top:bottom][band]))
    right = float(np.median(hi[top:bottom][band]))
    stem = float(np.median(up[top:bottom][band].sum(axis=1)))
    below = up[bottom:]
    if not below.any():
        return Foot(h, stem, 0.0, 0.0, 0.0)
    reach_left = max(0.0, left - float(lo[bottom:][inked[bottom:]].min()))
    reach_right = max(0.0, float(hi[bottom:][inked[bottom:]].max()) - right)
    outside = (cols < left) | (cols > right)
    area = float(below[:, outside].sum())
    depth = area / (reach_left + reach_right) if reach_left + reach_right else 0.0
    return Foot(h, stem, reach_left, reach_right, depth)


def light_print(evidence: Iterable[CellEvidence]) -> bool:
    """True when every cell of a face that shows a digit shows it lighter than its sticker
    (:attr:`~vision.recognise.evidence.CellEvidence.light`): the black Sudoku Cube's print
    (see the module's docstring)."""
    shown = [e.light for e in evidence if e.glyph is not None]
    return bool(shown) and all(shown)


def has_foot(body: np.ndarray, rot: int, light: bool = False) -> bool | None:
    """True when a 1 read turned ``rot`` stands on a foot: reaching out on both sides
    (:data:`REACH`) and thin (:data:`THIN`), or at any depth on a face of the black cube's print
    (``light``: :func:`light_print`); None without a stem to measure (:func:`measure_foot`)."""
    foot = measure_foot(body, rot)
    if foot is None:
        return None
    return bool(foot.reach >= REACH and (light or foot.deep <= THIN))


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

    def agrees(self, symmetric: bool) -> bool:
        """Whether the photos tell the 1's symmetry (enough clear 1s) and tell it as
        ``symmetric``: an option that decides it so agrees with them."""
        return self.seen >= MIN_ONES and symmetric == (not self.has_foot)

    def finding(self) -> str:
        """What the photos showed of the 1, without what follows from it: for a line where
        an option decides the symmetric digits instead of this verdict."""
        if self.seen < MIN_ONES:
            return (f"digit 1: only {self.seen} read clearly, too few to tell whether it has a "
                    "foot")
        if self.has_foot:
            return f"digit 1 has a foot ({self.footed} of {self.seen} clear 1s)"
        return f"digit 1 has no foot ({self.seen - self.footed} of {self.seen} clear 1s)"

    def describe(self) -> str:
        """One line for the user: :meth:`finding` and what the plans take from it."""
        if self.seen < MIN_ONES:
            return f"{self.finding()}; taken as symmetric (the default)"
        if self.has_foot:
            return f"{self.finding()}: not symmetric on this cube, so plans keep every 1 upright"
        return f"{self.finding()}: symmetric, a 1 may end upside down"


def judge_ones(cells: Iterable[tuple[np.ndarray, int, float]], light: bool = False
               ) -> OneVerdict:
    """The verdict from (ink body, read rotation, score) of every cell read as a 1 on faces of
    one print (``light``: the black cube's, :func:`light_print`)."""
    feet = [has_foot(body, rot, light) for body, rot, score in cells if score >= SURE]
    feet = [f for f in feet if f is not None]
    return OneVerdict(len(feet), sum(feet))


def ones_verdict(faces: dict) -> OneVerdict:
    """The verdict from the face readings (``vision.reading.faces.FaceReading``) of one cube,
    each face's 1s judged in its own print (:func:`light_print`); a face that shows no digit
    (``plain``: its sticker edges read as 1s) says nothing."""
    return sum((judge_ones(((e.body, s.rot, c)
                            for s, c, e in zip(r.stickers, r.confidence, r.evidence)
                            if is_footed(s.digit)), light_print(r.evidence))
                for r in faces.values() if not r.plain), OneVerdict(0, 0))
