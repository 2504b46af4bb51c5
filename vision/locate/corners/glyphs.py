"""Face lattices of a corner photo from its digits: the pass for dark stickers with light ink.

On the black Sudoku Cube the stickers are dark grey on a black body: the sticker passes
(:mod:`vision.locate.corners.quads`) see no bright quadrilaterals, and the grooves are barely darker
than the stickers. The brightest, sharpest marks on the cube are its digits, nine per face,
one at the middle of each sticker, so each face shows nine glyphs of one size on a perspective
3x3 lattice whose axes are the face's two edge directions.

:func:`glyph_points` finds ink marks of either polarity (a white top-hat for light ink, a black-hat
for dark ink, each narrower than a sticker), shaped like a digit. :func:`glyph_lattices` forms
lattice hypotheses from every point and two of its near neighbours, counts the points that
fall on each 3x3 window of the lattice, refits it through them, and keeps the windows holding
most of the nine glyphs, each point in one face only. Print, wood grain or noise do not put
six or more marks of one size on a 3x3 perspective lattice, so they make no face; the faces
found are then completed and checked against each other like sticker faces
(:func:`vision.locate.corners.rebuild.complete_faces`).
"""
from __future__ import annotations

from typing import Iterator

import numpy as np

from .check import pitch_of
from .glyph_cells import gather, misfits, settled_cells
from .groups import corner_groups
from .ink_between import MAX_BETWEEN, ink_shares
from .lattice import Found, Lattice
from .marks import Glyph, glyph_points, marks
from .quads import Quad
from .windows import CHUNK, MIN_GLYPHS, windows


def pseudo_quad(g: Glyph, a: np.ndarray, b: np.ndarray) -> Quad:
    """A glyph standing in for its sticker: centred on the glyph, edges one pitch along the
    lattice axes (the sticker candidates of the other passes have the same form)."""
    c = g.centre
    corners = np.array([c - (a + b) / 2, c + (a - b) / 2, c + (a + b) / 2, c + (b - a) / 2])
    return Quad(c, corners, (a, b), float(abs(a[0] * b[1] - a[1] * b[0])))


def as_quads(glyphs: list[Glyph]) -> list[Quad]:
    """Each of ``glyphs`` as a quad standing in for its sticker (:func:`pseudo_quad`, edges
    along the picture's axes, of the glyphs' median size)."""
    if not glyphs:
        return []
    side = float(np.median([g.size for g in glyphs]))
    a, b = np.array([side, 0.0]), np.array([0.0, side])
    return [pseudo_quad(g, a, b) for g in glyphs]


def glyph_marks(image: np.ndarray) -> list[Quad]:
    """The photo's glyphs of both polarities (:func:`vision.locate.corners.marks.marks`) as
    quads (:func:`as_quads`): the marks that a face placed without them can be moved onto
    (:func:`vision.locate.corners.digit_fit.on_digits`)."""
    return as_quads(marks(image)[0])


def glyph_lattices(image: np.ndarray, light: bool | None = None) -> Found:
    """Face lattices of a corner photo from its glyphs (of one polarity, ``light``, or each in
    turn), best first (most glyphs, then least misfit), no glyph in two faces; their cells are
    the glyphs standing in for stickers (:class:`vision.locate.corners.lattice.Quad`)."""
    *_, found = glyph_stages(image, light)
    return found


def glyph_stages(image: np.ndarray, light: bool | None = None, v: np.ndarray | None = None,
                 whole: bool = False, relative: bool = False) -> Iterator[Found]:
    """:func:`glyph_lattices` in two stages: first the lattices of the :data:`FIRST_WINDOWS`
    windows with most glyphs (of each polarity), where a photo of a cube shows its faces,
    then those of all windows, the second stage going on from the first (the same lattices
    as settling all at once: a window is settled, or skipped as covered, alike whatever was
    settled with it). Only one stage when the first holds every window. ``v``: the photo's
    V channel smoothed as :func:`vision.locate.corners.marks.marks` smooths it, when at hand;
    ``whole``: the digits as whole marks of the lower ink threshold, for a blurred photo (see
    :func:`vision.locate.corners.marks.marks`); ``relative``: dark ink judged against its
    sticker's level (the same function's)."""
    points, masks = marks(image, light, v, whole, relative)
    passes = [_Settling([g for g in points if g.light == polarity], masks[polarity])
              for polarity in ((True, False) if light is None else (light,))
              if polarity in masks]
    if light is None and len(masks) == 2:  # white ink on dark colours, black on light ones
        passes.append(_Settling(points, np.maximum(masks[True], masks[False])))
    for p in passes:
        p.settle(FIRST_WINDOWS)
    yield _found(passes)
    if any(p.left() for p in passes):
        for p in passes:
            p.settle(None)
        yield _found(passes)


FIRST_WINDOWS = 32
"""Windows (most glyphs first) of the first stage of :func:`glyph_stages`: the faces of a
cube corner are among them, the hundred or more windows after them are of the small marks
where stickers meet, of print, or the same faces again with a glyph less."""


def _found(passes: list["_Settling"]) -> Found:
    """The lattices settled so far by ``passes``, best first (most glyphs, then least
    misfit), and all their glyphs as quads."""
    found: list[tuple[float, Lattice]] = []
    all_quads: list[Quad] = []
    for p in passes:
        found += p.lattices()
        all_quads += p.quads
    found.sort(key=lambda t: (-len(t[1].cells), t[0] / pitch_of(t[1].H)))
    return Found([lat for _, lat in found], [], all_quads)


class _Settling:
    """The lattices of one set of glyphs, settled a part of the windows at a time: every
    distinct lattice of at least :data:`MIN_GLYPHS` glyphs with no ``ink`` (mask) between
    its cells. Each window of glyphs (:func:`vision.locate.corners.windows.windows_of`), most
    glyphs first, is settled (:func:`vision.locate.corners.glyph_cells.settled_cells`) unless a
    lattice kept already holds all its glyphs but one (:func:`_covered`,
    :func:`_covering`)."""

    def __init__(self, glyphs: list[Glyph], ink: np.ndarray) -> None:
        self.ink = ink
        self.kept: list[Lattice] = []
        self.done = 0
        if len(glyphs) < MIN_GLYPHS:
            self.pts, self.quads, self.wins = np.zeros((0, 2)), [], []
            return
        self.pts = np.array([g.centre for g in glyphs])
        sizes = np.array([g.size for g in glyphs])
        self.quads = as_quads(glyphs)
        _, self.wins = windows(self.pts, sizes)
        self.member = _members(self.wins, len(self.pts))
        self.held = np.zeros((len(self.wins), len(self.pts)))  # the kept lattices' glyphs

    def left(self) -> int:
        """Windows not settled yet."""
        return len(self.wins) - self.done

    def settle(self, upto: int | None) -> None:
        """Settle the windows up to the ``upto``-th (None: all), a batch
        (:data:`vision.locate.corners.windows.CHUNK`) at a time: a window whose face is kept
        already is not settled at all (each fit is the same whatever is fitted with it)."""
        end = len(self.wins) if upto is None else min(upto, len(self.wins))
        for at in range(self.done, end, CHUNK):
            self._chunk(np.arange(at, min(at + CHUNK, end)))
        self.done = max(self.done, end)

    def _chunk(self, chunk: np.ndarray) -> None:
        pts, kept = self.pts, self.kept
        todo = chunk[~_covered(self.member[chunk], self.held[:len(kept)])].tolist()
        ends, H = settled_cells(pts, [self.wins[k] for k in todo])
        shares = ink_shares(self.ink, H)
        ended = _members([e or {} for e in ends], len(pts))
        covers = _covering(self.member[todo], ended)
        taken = 0  # the todo windows kept, as bits
        for j in range(len(todo)):
            if ends[j] is None or covers[j] & taken or shares[j] > MAX_BETWEEN:
                continue  # no lattice, the same face again give or take a glyph, or print
            kept.append(Lattice(H[j].copy(), {c: self.quads[i] for c, i in ends[j].items()},
                                (-1, -1)))
            self.held[len(kept) - 1] = ended[j]
            taken |= 1 << j

    def lattices(self) -> list[tuple[float, Lattice]]:
        """The lattices kept so far with their misfits (:func:`misfits`), most glyphs and
        least misfit first."""
        out = list(zip(misfits(self.kept), self.kept))
        out.sort(key=lambda t: (-len(t[1].cells), t[0]))
        return out


def _members(wins: list[dict[tuple[int, int], int]], n: int) -> np.ndarray:
    """The glyphs of each window (cells -> glyph index) as a row of 0/1 over the ``n``
    glyphs (W, n)."""
    out = np.zeros((len(wins), n))
    rows = np.repeat(np.arange(len(wins)), [len(w) for w in wins])
    out[rows, [i for w in wins for i in w.values()]] = 1.0
    return out


def _lacking(windows: np.ndarray, held: np.ndarray) -> np.ndarray:
    """Per window (rows of 0/1 over the glyphs) and lattice (``held``, the same), the
    window's glyphs that the lattice lacks (W, L): the window's size less their overlap, a
    sum of small whole numbers, exact in floating point."""
    return windows.sum(axis=1)[:, None] - windows @ held.T


def _covered(windows: np.ndarray, held: np.ndarray) -> np.ndarray:
    """Per window (rows of 0/1 over the glyphs), whether a lattice kept (``held``) holds all
    its glyphs but at most one."""
    if not len(held) or not len(windows):
        return np.zeros(len(windows), bool)
    return (_lacking(windows, held) <= 1).any(axis=1)


def _covering(windows: np.ndarray, ended: np.ndarray) -> list[int]:
    """Per window, the windows (as bits) whose settled glyphs (``ended``, rows of 0/1; a
    row of zeros for a window that settled on no lattice) hold all its glyphs but at most
    one: once one of those is kept, the window is the same face again."""
    if not len(windows):
        return []
    near = (_lacking(windows, ended) <= 1) & (ended.sum(axis=1) > 0)[None, :]
    return [sum(1 << int(i) for i in np.flatnonzero(row)) for row in near]


__all__ = ["Glyph", "MIN_GLYPHS", "corner_groups", "gather", "glyph_lattices",
           "glyph_points", "glyph_stages", "pseudo_quad"]
