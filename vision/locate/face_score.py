"""The one score every face hypothesis is judged by, whichever cue proposed it.

A face is nine stickers, each holding one printed digit, on a flat square grid. For each
of a lattice's nine cells two pieces of evidence are measured on the picture itself:

* **a sticker**: its plateau stands above the grooves on the sides it shares with the other
  cells (:func:`vision.locate.face_cues.cell_contrast`), on the value channel, on colour for
  its brightness (:func:`vision.locate.face_cues.saturation`: coloured stickers on a light
  body, in any light) and on the value channel with thin grooves widened (a light body's
  hairline grooves), the best of them;
* **a digit on it**: a share of its inner samples differs clearly from its plateau (beyond
  the plateau's own grain too), dark or light ink alike, and the ink stays clear of one side
  of the cell's inner square each way, as a digit's does (:func:`glyphs_of`; a side face's
  grooves, seen by a lattice a row off the face, cross it from side to side), on the
  picture's brightness or on its colour (white ink
  on a coloured sticker is colourless where a flash's glare washes out its brightness). The
  squares of a printed grid, a cutting mat or tiles are framed plateaus too, but empty;
  grooves crossing in a cell's middle, or a rug's pattern, reach every side.

An edge cell counts at most the step its outer side shows where that is small
(:mod:`vision.locate.outline`): a lattice a row off the face, over the ground beyond it,
frames that row with the face's rim as a row of stickers is framed, but no sticker ends there.

A face passes on its stickers (:data:`vision.locate.hypotheses.GOOD_CELLS` cells of contrast, so a
plain cube's face is found too); hypotheses are ranked by the better of two readings
(:func:`vision.locate.hypotheses.evidence`): a plain face, its contrast at a fixed share, or a face
of digits, nearly every cell holding one, its contrast in full, so a printed grid, wood grain
or text loses to a real face of digits and ink in a few cells gains a lattice nothing. The geometric
part of the likelihood, a flat square grid a camera could see, is
:func:`vision.locate.perspective.plausible`; the decision is the pool's
(:mod:`vision.locate.face_pool`).
"""
from __future__ import annotations

from dataclasses import dataclass, field

import cv2
import numpy as np

from ..numeric import TINY
from .face_cues import (COLOUR_FLOOR, COLOUR_WEIGHT, CONTRAST_POINTS, FLOOR, INNER, Levels,
                        centres_of, contrast_of, saturation)
from .grooves import SMOOTH, thin_grooves
from .outline import POINTS as OUTLINE_POINTS, outlined
from .lattice_sampling import (SAMPLE_STEP, homogeneous, lattice_points, lookup, outside_at,
                               sample_channels, spaced)

_STEPS = spaced(-INNER, INNER, SAMPLE_STEP / 2)
_INNER = homogeneous(lattice_points(np.array([[x, y] for y in _STEPS for x in _STEPS])))
"""Where a cell's plateau is measured: its inner 60%, 13 x 13 samples half
:data:`vision.locate.lattice_sampling.SAMPLE_STEP` apart, as the rims' are (:data:`_RIM`),
dense enough to meet a stroke of a small face."""

_CENTRE = np.zeros((len(_STEPS),) * 2, bool)
_CENTRE[2:-2, 2:-2] = True
_CENTRE = _CENTRE.ravel()
"""Where its digit is sought: the middle 9 x 9 of those samples (within 0.2 of the centre), which
every digit crosses (it is half to two thirds of a sticker tall, centred) but no frame does: the
lines of a printed grid, as wide apart as the lattice, pass the inner samples' corners."""

INK_DEPTH = 0.25
"""A sample is ink when it differs from its cell's plateau (median) by this share of the
plateau's level (plus :data:`vision.locate.face_cues.FLOOR`)."""

INK_NOISE = 4
"""A sample is ink only where it also differs from its cell's plateau by this many times the
plateau's grain: how far the samples round the digit (:data:`_RIM`, on the sticker) lie from
the smooth shading across them (:data:`_SHADE`; the median distance, about two thirds of
the noise's standard deviation on an even sticker), whatever light falls across the
sticker (a flash's spot lights it unevenly, but smoothly). A dim photo's noise differs from a
dark plateau by a quarter of its level in many samples, and so does the rough rim of a cell
that is no sticker (a finger's edge, a side face's slivers): a digit's stroke stands far
beyond the grain of the sticker it is printed on."""

GLYPH_INK = 0.05
"""A cell whose inner samples are ink at this share or more holds a digit (a thin 1 on a
large sticker is about this; most digits 0.1 to 0.4); below it the evidence falls to 0."""


GAP = 0.38
"""How far from a cell's centre (pitches) the gap between its digit and its sticker's edge is
sampled on the lines through the cells' middles: beyond a digit's end (a digit is at most
two thirds of a sticker tall), inside the sticker (it ends 0.41 to 0.47 from the centre)."""

_ALONG = np.array([c + s * GAP for c in range(3) for s in (-1, 1)])
_MIDDLES = homogeneous(np.concatenate(
    [np.stack([np.full_like(_ALONG, m), _ALONG], 1) for m in (0.0, 1.0, 2.0)]
    + [np.stack([_ALONG, np.full_like(_ALONG, m)], 1) for m in (0.0, 1.0, 2.0)]))
"""The six lines through the middles of the cells' columns and rows, sampled in the gaps
either side of each cell's digit."""

_ALONG_RIM = spaced(-INNER, INNER, SAMPLE_STEP / 2)
_RIM_AT = np.concatenate(
    [np.stack([np.full_like(_ALONG_RIM, sx * GAP), _ALONG_RIM], 1) for sx in (-1, 1)]
    + [np.stack([_ALONG_RIM, np.full_like(_ALONG_RIM, sy * GAP)], 1) for sy in (-1, 1)])
_RIM = homogeneous(lattice_points(_RIM_AT))
"""The four sides (left, right, top, bottom) of a square :data:`GAP` from each cell's centre,
its samples half :data:`vision.locate.lattice_sampling.SAMPLE_STEP` apart (dense enough to
meet the grooves between a side face's foreshortened stickers, :func:`filled`; every second
one is enough to see ink reach a side, :func:`glyphs_of`): beyond the ends and sides of a
digit, upright or turned, still on the sticker."""

_SHADE_AT = homogeneous(_RIM_AT.reshape(4, -1, 2)[:, ::2].reshape(-1, 2))
_SHADE = _SHADE_AT @ np.linalg.pinv(_SHADE_AT)
"""The smooth shading across a cell (a plane through every second sample of its rim, least
squares): what the rim's samples differ from that is its grain (:data:`INK_NOISE`)."""

_MIDDLE_CELL = np.concatenate([3 * (np.arange(len(_ALONG)) // 2) + m for m in range(3)]
                              + [np.arange(len(_ALONG)) // 2 + 3 * m for m in range(3)])
"""The cell each sample of :data:`_MIDDLES` lies in (its level is the one it is read against)."""

_ON_LINE = np.array([[c, 3 + r] for r in range(3) for c in range(3)])
"""The two middle lines (column, row) through each cell."""


_GLYPH_POINTS = np.concatenate([_INNER, _RIM, _MIDDLES])
"""Every lattice point (homogeneous) a cell's digit is judged at, in the order
:func:`glyphs_of` takes them: inner samples, rims, the lines through the middles."""

_SPLIT = np.cumsum([len(_INNER), len(_RIM)])

_JUDGE_POINTS = np.concatenate([_GLYPH_POINTS, OUTLINE_POINTS])
"""What :meth:`FaceScore.judge` samples in one pass: the digits' points, then the outline's
(:data:`vision.locate.outline.POINTS`)."""


def _median_last(x: np.ndarray) -> np.ndarray:
    """The median along the last axis, as :func:`numpy.median` gives it (the middle value,
    or the mean of the middle two), from a partial sort alone: the lattices' samples are
    many small rows, on which numpy's own median spends most of its time on checks."""
    n = x.shape[-1]
    if n % 2:
        return np.partition(x, n // 2, axis=-1)[..., n // 2]
    middle = np.partition(x, (n // 2 - 1, n // 2), axis=-1)
    return (middle[..., n // 2 - 1] + middle[..., n // 2]) / x.dtype.type(2)


def glyphs_of(samples: np.ndarray, outside: np.ndarray, floor: float = FLOOR) -> np.ndarray:
    """How surely each cell of K lattices holds a digit, 0..1 (:data:`GLYPH_INK`), from the
    ink picture's samples at their :data:`_GLYPH_POINTS` (K, points) and which of those lie
    outside the picture: (K, 9). ``floor`` is added to a level before the ink's depth is
    taken relative to it (:data:`INK_DEPTH`): :data:`vision.locate.face_cues.FLOOR` on
    brightness, :data:`vision.locate.face_cues.COLOUR_FLOOR` on colour, where a step of full
    colour counts, not the ratio of two faint tints. Ink that runs through the middles of a
    row or column of cells, in every gap beside their digits (:data:`GAP`), is a line, no
    digit: a printed grid's or a cutting mat's, seen through a lattice twice as wide as its
    squares; the cells it crosses hold none. Nor does a cell whose ink reaches all four
    sides of the square round its digit (:data:`_RIM`): grooves crossing there (a lattice
    half a cell off the face) or a patterned ground; nor one whose ink reaches two opposite
    sides (left and right, or top and bottom): a line across the cell, as the grooves
    between a side face's foreshortened stickers run across a lattice a row off the face,
    where a digit, centred and at most two thirds of a sticker tall, reaches neither. Ink
    stands beyond the sticker's grain as well as by :data:`INK_DEPTH` (:data:`INK_NOISE`)."""
    k = len(samples)
    s, rim, m = np.split(samples, _SPLIT, axis=1)
    s = s.reshape(k, 9, -1)
    level = _median_last(s)
    rim = rim.reshape(k, 9, 4, -1)[..., ::2]
    flat = rim.reshape(k, 9, -1)
    beyond = outside[:, _SPLIT[0]:_SPLIT[1]].reshape(k, 9, 4, -1)[..., ::2].any(axis=3)
    # a rim partly beyond the picture shows no grain of its own (the depth alone holds)
    grain = np.where(beyond.any(axis=2), 0.0,
                     INK_NOISE * _median_last(np.abs(flat - flat @ _SHADE.T)))
    edge = _median_last(flat)[..., None, None]
    depth = np.maximum(INK_DEPTH * (level + floor), grain)[..., None]
    inked = np.abs(s[..., _CENTRE] - level[..., None]) > depth
    glyph = np.clip(inked.mean(axis=2) / GLYPH_INK, 0.0, 1.0)
    # ink that reaches all four sides round the digit is no digit: grooves crossing, a
    # lattice half a cell off a plain cube's face, or a patterned cloth or rug (measured
    # against the rim's own level, as a large light digit lifts the inner median, and only
    # ink of the cell's own kind, light or dark: the dark groove a lattice a little off
    # brings into the rim of a light digit, or the sticker's shading, is none); a side
    # beyond the picture is not seen clear of ink
    edge_depth = np.maximum(INK_DEPTH * (edge[..., 0] + floor), grain[..., None])
    away = s[..., _CENTRE] - edge[..., 0]
    kind = np.sign(np.where(np.abs(away) > edge_depth, away, 0.0)
                   .sum(axis=2))[..., None, None]
    ink = ((rim - edge) * kind > edge_depth[..., None]).any(axis=3) & ~beyond
    crossed = (ink[..., 0] & ink[..., 1]) | (ink[..., 2] & ink[..., 3])
    glyph = np.where((ink | beyond).all(axis=2) | crossed, 0.0, glyph)
    # the gaps either side of each digit read against the sticker's level beside it (the
    # rim's), not the inner median a large light digit lifts
    at = edge[:, :, 0, 0][:, _MIDDLE_CELL]
    lines = (np.abs(m - at) > INK_DEPTH * (at + floor)).reshape(k, -1, len(_ALONG)).all(axis=2)
    return np.where(lines[:, _ON_LINE].any(axis=2), 0.0, glyph)


def _shown(contrast: np.ndarray, share: np.ndarray) -> np.ndarray:
    """A cell's contrast as a sticker counted for the ``share`` of its rim it fills
    (:func:`filled`); a cell that is no sticker (negative) stays as it is."""
    return np.where(contrast > 0, contrast * share, contrast)


def filled(level: np.ndarray, rims: np.ndarray, floor: float, inked: bool = False
           ) -> np.ndarray:
    """How fully each cell of K lattices shows one sticker of the face's size, 0..1: (K, 9),
    from a contrast picture's level in each cell (``level``, (K, 9): the median of its inner
    samples, :data:`vision.locate.face_cues.CONTRAST_POINTS`) and its samples at the cells'
    rims (``rims``, (K, 9, 4, samples), :data:`_RIM`'s sides). A face is nine stickers of one
    size on one flat square grid: each reaches out past the digits to about the same place in
    its cell, so each side of its rim runs unbroken along its plateau (not well below it: a
    groove, the body, the ground), as far as in the face's typical cell (the median of the
    nine; a small or blurred face's stickers may all fall a little short). A lattice moved a
    row onto a side face foreshortened across the cube's edge frames there slivers of several
    stickers, the grooves between them and the body or ground beyond the cube's outline: the
    rims of those cells break into short runs, and they count as the part of a sticker they
    show (:meth:`FaceScore.judge`). ``inked`` (the lenient score's): light ink covering most
    of a cell's middle lifts its median above the sticker, so the plateau is at most the
    cell's brightest side of the rim (its median sample there)."""
    if inked:
        level = np.minimum(level, _median_last(rims).max(axis=2))
    level = level[..., None, None]
    on = rims >= level - INK_DEPTH * (level + floor)
    # the longest unbroken run of plateau along each side: at each sample, how far it lies
    # past the last sample off the plateau before it
    at = np.arange(on.shape[3])
    last_off = np.maximum.accumulate(np.where(on, -1, at), axis=3)
    longest = np.where(on, at - last_off, 0).max(axis=3).astype(np.float64)
    # across each axis, the two sides' runs together (a lattice a little off along it
    # shortens one side's in every cell alike); the shorter axis: a side face is
    # foreshortened along one
    share = np.minimum(longest[..., :2].mean(axis=2), longest[..., 2:].mean(axis=2)) / on.shape[3]
    typical = _median_last(share)[:, None]
    return np.clip(share / np.maximum(typical, TINY), 0.0, 1.0)


_SIZED = (True, False, True)
"""Which of the contrast pictures (:func:`face_score`: the value channel, colour, thin
grooves) a sticker's size is read on (:func:`filled`): those where the grooves, the body and
the ground beyond it lie below the plateau. On colour a coloured sticker's colour fades
toward its rounded edge, inset on a white body, so its size is not read there."""

_CUTS = np.cumsum([len(p) for p in CONTRAST_POINTS])
_BOUND_POINTS = np.concatenate(CONTRAST_POINTS)
"""The lattice points of :meth:`FaceScore.bound`: the contrast's alone."""


@dataclass(frozen=True)
class FaceScore:
    """The pictures of one photo that hypotheses are scored on (:func:`face_score`):
    ``levels``, those the stickers' contrast is measured on, and ``ink``, the picture's
    brightness (luma, lightly smoothed) that digits are sought on: white ink on a blue or
    red sticker is barely brighter on the value channel (the sticker's own channel is
    bright), but far brighter in luma."""

    levels: Levels
    ink: np.ndarray
    stack: np.ndarray
    """The contrast pictures and ``ink`` as the channels of one picture (H, W, 4), in that
    order, so that a stack of lattices is sampled on all of them in one pass."""
    inked: bool = False
    """Whether a cell's plateau is at most its brightest side of the rim (:func:`filled`),
    as the lenient score (:meth:`lenient`) judges it."""
    measured: dict[bytes, tuple[np.ndarray, np.ndarray]] = field(
        default_factory=dict, compare=False, repr=False)
    """Each lattice's cells measured on the contrast pictures (:meth:`_contrasts`), by the
    lattice and the cells seen holding a candidate: a lattice set aside or kept on its
    :meth:`bound` is judged next on the same samples, and this photo's lattices are judged on
    nothing else."""

    @property
    def images(self) -> tuple[tuple[np.ndarray, float, float], ...]:
        """The contrast pictures (the value channel's first), as :class:`Levels` has them."""
        return self.levels.images

    @property
    def shape(self) -> tuple[int, ...]:
        """The pictures' shape."""
        return self.levels.shape

    def _contrasts(self, homs: np.ndarray, seen: np.ndarray | None
                   ) -> tuple[np.ndarray, np.ndarray]:
        """For a stack of lattices ``homs`` (K, 3, 3), each cell's contrast on each contrast
        picture (:func:`vision.locate.face_cues.contrast_of`, ``seen`` as there) and its
        level there (the median of its inner samples), each (K, pictures, 9): measured once
        per lattice (:attr:`measured`), as :meth:`bound` and :meth:`judge` both need them."""
        k = len(homs)
        seen_rows = np.zeros((k, 9), bool) if seen is None else \
            np.broadcast_to(np.asarray(seen, bool), (k, 9))
        keys = [h.tobytes() + s.tobytes() for h, s in zip(homs, seen_rows)]
        first: dict[bytes, int] = {}
        for i, key in enumerate(keys):
            if key not in self.measured:
                first.setdefault(key, i)
        if first:
            rows = list(first.values())
            new, m = homs[rows], len(rows)
            samples = sample_channels(self.stack, lookup(new, _BOUND_POINTS), m)
            inner, sides = np.split(samples, [_CUTS[0]], axis=1)
            centres = centres_of(new)
            contrasts = np.stack([contrast_of(inner[..., n], sides[..., n], centres, self.shape,
                                              seen_rows[rows], floor, self.levels.beside_glare)
                                  for n, (_, floor, _) in enumerate(self.images)], axis=1)
            levels = np.stack([_median_last(inner[..., n].reshape(m, 9, -1))
                               for n in range(len(self.images))], axis=1)
            self.measured.update(zip(first, zip(contrasts, levels)))
        return tuple(np.stack([self.measured[key][part] for key in keys]) for part in (0, 1))

    def judge(self, homs: np.ndarray, seen: np.ndarray | None = None
              ) -> tuple[np.ndarray, np.ndarray]:
        """For a stack of lattices ``homs`` (K, 3, 3), each cell's contrast
        (:meth:`Levels.contrast`, ``seen`` as there; an edge cell's at most the step its outer
        side shows on the pictures a sticker's size is read on,
        :func:`vision.locate.outline.outlined`) and how surely it holds a digit
        (:func:`glyphs_of`, the surer of :attr:`ink` and colour: a flash's glare lifts a
        coloured sticker toward its white ink's brightness, not its colour), each (K, 9):
        every picture sampled at once (:attr:`stack`), at the digits', rims' and outline's
        points, the contrast measured once per lattice (:meth:`_contrasts`)."""
        homs = np.asarray(homs, np.float64).reshape(-1, 3, 3)
        k = len(homs)
        contrasts, levels = self._contrasts(homs, seen)
        where = lookup(homs, _JUDGE_POINTS)  # the digits' and rims' points, then the outline's
        glyph, edges = np.split(sample_channels(self.stack, where, k), [len(_GLYPH_POINTS)],
                                axis=1)
        rims = glyph[:, _SPLIT[0]:_SPLIT[1]].reshape(k, 9, 4, -1, glyph.shape[2])
        outside, beyond = np.split(outside_at(where, self.shape, k), [len(_GLYPH_POINTS)],
                                   axis=1)
        contrast = np.max([weight * _shown(
            outlined(contrasts[:, n], levels[:, n], edges[..., n], floor, beyond) if sized
            else contrasts[:, n], filled(levels[:, n], rims[..., n], floor, self.inked)
            if sized else 1.0)
            for n, ((_, floor, weight), sized) in enumerate(zip(self.images, _SIZED))], axis=0)
        glyphs = glyphs_of(glyph[..., -1], outside)
        # on colour (the stack's second picture), only where brightness missed a digit
        short = np.flatnonzero((glyphs < 1).any(axis=1))
        if len(short):
            glyphs[short] = np.maximum(glyphs[short], glyphs_of(
                glyph[short, :, 1], outside[short], COLOUR_FLOOR))
        return contrast, glyphs

    def bound(self, homs: np.ndarray, seen: np.ndarray | None = None) -> np.ndarray:
        """For a stack of lattices ``homs`` (K, 3, 3), a bound on each cell's contrast as
        :meth:`judge` gives it, (K, 9): the contrast alone, before it is counted for the
        share of its rim a sticker fills, which only lowers it, and with no digit sought.
        Under half of :meth:`judge`'s samples (:data:`vision.locate.face_cues.CONTRAST_POINTS`),
        so that lattices that cannot rank among the best are set aside cheaply
        (:meth:`vision.locate.face_pool.Pool.add`); those kept are judged on the same."""
        homs = np.asarray(homs, np.float64).reshape(-1, 3, 3)
        contrasts, _ = self._contrasts(homs, seen)
        return np.max([weight * contrasts[:, n]
                       for n, (_, _, weight) in enumerate(self.images)], axis=0)

    def lenient(self) -> "FaceScore":
        """The same score with what can hide a sticker's frame set aside: grooves lit by
        glare on a neighbouring sticker (:data:`vision.locate.face_cues.GLARE_SIDE`), and light
        ink covering most of a sticker's middle (``inked``, :func:`filled`)."""
        return FaceScore(Levels(self.levels.images, True), self.ink, self.stack, True)


def smooth_size(scale: float) -> int:
    """The side of the median that evens out noise and thin strokes in the pictures a
    sticker's level is read on (:data:`vision.locate.grooves.SMOOTH` at ``scale``: on a small
    face a wider one would erase the grooves themselves)."""
    return int(SMOOTH * scale) | 1


def face_score(small: np.ndarray, v: np.ndarray, colour: np.ndarray | None = None,
               scale: float = 1.0) -> FaceScore:
    """The score of the working image ``small`` (BGR or grey) with value channel ``v``, for
    faces of ``scale`` (a share of the sizes the cues suit, :data:`vision.locate.detect.FINER`;
    :func:`smooth_size`), and its ``colour`` (:func:`vision.locate.face_cues.saturation` at
    that scale's median, computed here when not given)."""
    size = smooth_size(scale)
    colour = saturation(small, size) if colour is None else colour
    grey = cv2.cvtColor(small, cv2.COLOR_BGR2GRAY) if small.ndim == 3 else small
    levels = Levels(((cv2.medianBlur(v, size), FLOOR, 1.0),
                     (colour, COLOUR_FLOOR, COLOUR_WEIGHT), (thin_grooves(v), FLOOR, 1.0)))
    ink = cv2.GaussianBlur(grey, (3, 3), 0)
    return FaceScore(levels, ink, cv2.merge([img for img, _, _ in levels.images] + [ink]))
