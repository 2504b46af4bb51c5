"""Face lattices of a corner photo from its digits: the pass for dark stickers with light ink.

On the black Sudoku Cube the stickers are dark grey on a black body: the sticker passes
(:mod:`vision.corners.quads`) see no bright quadrilaterals, and the grooves are barely darker
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
(:func:`vision.corners.rebuild.complete_faces`).
"""
from __future__ import annotations

import numpy as np

from .check import pitch_of
from .glyph_cells import CLOSE, gather, homography, misfits, settled_cells
from .groups import corner_groups
from .ink_between import CLOSE_SHARE, MAX_BETWEEN, ink_between, ink_shares
from .lattice import Found, Lattice
from .marks import Glyph, glyph_points, marks
from .quads import Quad
from .windows import MIN_GLYPHS, windows


def pseudo_quad(g: Glyph, a: np.ndarray, b: np.ndarray) -> Quad:
    """A glyph standing in for its sticker: centred on the glyph, edges one pitch along the
    lattice axes (the sticker candidates of the other passes have the same form)."""
    c = g.centre
    corners = np.array([c - (a + b) / 2, c + (a - b) / 2, c + (a + b) / 2, c + (b - a) / 2])
    return Quad(c, corners, (a, b), float(abs(a[0] * b[1] - a[1] * b[0])))


def glyph_lattices(image: np.ndarray, light: bool | None = None) -> Found:
    """Face lattices of a corner photo from its glyphs (of one polarity, ``light``, or each in
    turn), best first (most glyphs, then least misfit), no glyph in two faces; their cells are
    the glyphs standing in for stickers (:class:`vision.corners.lattice.Quad`)."""
    found: list[tuple[float, Lattice]] = []  # (misfit, lattice)
    all_quads: list[Quad] = []
    points, masks = marks(image, light)
    for polarity in ((True, False) if light is None else (light,)):
        glyphs = [g for g in points if g.light == polarity]
        if polarity not in masks:
            continue
        lats, quads = _lattices_of(glyphs, masks[polarity])
        found += lats
        all_quads += quads
    if light is None and len(masks) == 2:  # white ink on dark colours, black on light ones
        lats, quads = _lattices_of(points, np.maximum(masks[True], masks[False]))
        found += lats
        all_quads += quads
    found.sort(key=lambda t: (-len(t[1].cells), t[0] / pitch_of(t[1].H)))
    return Found([lat for _, lat in found], [], all_quads)


def _lattices_of(glyphs: list[Glyph], ink: np.ndarray
                 ) -> tuple[list[tuple[float, Lattice]], list[Quad]]:
    """Every distinct lattice of at least :data:`MIN_GLYPHS` glyphs with no ``ink`` (mask)
    between its cells, with its misfit (:func:`misfits`), most glyphs and least misfit
    first; and the glyphs as quads. Each window of glyphs
    (:func:`windows_of`), most glyphs first, is settled (:func:`settled_cells`) unless a
    lattice kept already holds all its glyphs but one."""
    if len(glyphs) < MIN_GLYPHS:
        return [], []
    pts = np.array([g.centre for g in glyphs])
    sizes = np.array([g.size for g in glyphs])
    med = float(np.median(sizes))
    quads = [pseudo_quad(g, np.array([med, 0.0]), np.array([0.0, med])) for g in glyphs]
    keys, wins = windows(pts, sizes)
    settled: list[int] = []  # the glyphs of each lattice kept, as bits
    kept: list[Lattice] = []
    for at in range(0, len(keys), SETTLE_CHUNK):
        # settled a chunk at a time, most glyphs first: a window whose face is kept already
        # is not settled at all (each fit is the same whatever is fitted with it)
        todo = [k for k in range(at, min(at + SETTLE_CHUNK, len(keys)))
                if not _covered(keys[k], settled)]
        before = len(settled)  # the todo windows are not covered by these
        ends, H, exact = settled_cells(pts, [wins[k] for k in todo])
        shares = ink_shares(ink, H)
        for j, k in enumerate(todo):
            if ends[j] is None or _covered(keys[k], settled[before:]):
                continue  # no lattice, or the same face again give or take a glyph
            if abs(shares[j] - MAX_BETWEEN) < CLOSE_SHARE and not exact[j]:
                Hx = homography(ends[j], pts)
                if Hx is None:
                    continue
                shares[j] = ink_between(ink, Hx)
            if shares[j] > MAX_BETWEEN:
                continue
            kept.append(Lattice(H[j].copy(), {c: quads[i] for c, i in ends[j].items()},
                                (-1, -1)))
            settled.append(sum(1 << i for i in ends[j].values()))
    out = list(zip(misfits(kept), kept))
    out.sort(key=lambda t: (-len(t[1].cells), t[0]))
    return out, quads


SETTLE_CHUNK = 128
"""Windows settled in one batch (:func:`_lattices_of`): large enough that the batched fits
pay, small enough that the faces kept from one chunk spare the next its windows of the same
faces."""


def _covered(key: int, settled: list[int]) -> bool:
    """True when a lattice kept (``settled``, glyphs as bits) holds all glyphs of the window
    ``key`` (bits) but at most one."""
    return any((key & ~s).bit_count() <= 1 for s in settled)


__all__ = ["CLOSE", "Glyph", "MIN_GLYPHS", "corner_groups", "gather", "glyph_lattices",
           "glyph_points", "pseudo_quad"]
