"""Lattice hypotheses judged over all nine cells: every 3x3 window over a lattice of sticker
candidates is fitted and scored on cues that hold for any print (:mod:`vision.locate.face_cues`),
moved a row or column while that scores better, and the best kept; two separate faces are
refused."""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Protocol

import cv2
import numpy as np

from ..numeric import TINY
from .face_geometry import (CENTRES, GROOVE_LINES, MIDWAY, TWO_FACES_ADVICE, FaceNotFoundError,
                            pitch, project)
from .face_cues import ALONG_FACE
from .lattice import FIRM, LIKE, OUTLIER, robust_fit
from .lattice_sampling import SAMPLE_STEP, sample, spaced
from .perspective import SQUARE_FIT_SLACK, plausible, square_fit
from .sticker_blobs import Blob


GOOD_CELL = 0.15
"""A cell whose plateau stands this far above its grooves
(:func:`vision.locate.face_cues.cell_contrast`) looks like a sticker (half this where it holds a
digit, :func:`stickers`)."""

PLAIN_SIGHT = 2 * GOOD_CELL
"""A cell's sticker stands out plainly when its contrast is at least this: twice what makes a
cell a sticker (:data:`GOOD_CELL`), as the stickers of a cube with a dark body do, whatever
their print."""

GOOD_CELLS = FIRM
"""A lattice hypothesis is a face when at least this many of its nine cells look like
stickers: all nine but the one or two that glare across a groove, or a shadow, may spoil, as
many of a face's stickers as a lattice must rest on to lie close on its own
(:data:`vision.locate.lattice.FIRM`)."""


def stickers(cells: np.ndarray, glyphs: np.ndarray | None) -> np.ndarray:
    """Which cells look like stickers, from their contrast (``cells``) and how surely each
    holds a digit (``glyphs``, None where not sought), any shape: a cell framed by its
    grooves by :data:`GOOD_CELL`, or by half that where it holds a digit in a face of
    digits (at least :data:`GOOD_CELLS` of its cells hold one, as :func:`evidence` reads
    such a face). A sticker shows itself by its frame and by its digit; where the digits
    are seen, half the frame will do: the groove between two white stickers of a white body
    is a hairline a little darker than they, which alone frames them by about a tenth of
    their level, and their digits, each in its cell's middle, say the rest. A plain lattice
    of a patterned ground whose faint cell happens to hold a digit-like mark gains nothing."""
    framed = cells >= GOOD_CELL
    if glyphs is None:
        return framed
    digits = digit_cells(glyphs)
    of_digits = digits.sum(axis=-1, keepdims=True) >= GOOD_CELLS
    return framed | (of_digits & digits & (cells >= GOOD_CELL / 2))


class Scorer(Protocol):
    """What hypotheses are judged by: the one score of a photo
    (:class:`vision.locate.face_score.FaceScore`), or the contrast alone
    (:class:`vision.locate.face_cues.Levels`, a stickerless cube's hairlines)."""

    @property
    def images(self) -> tuple[tuple[np.ndarray, float, float], ...]:
        """The contrast pictures, each with its floor and weight (the value channel's
        first)."""
        ...

    @property
    def shape(self) -> tuple[int, ...]:
        """The pictures' shape."""
        ...

    def judge(self, homs: np.ndarray, seen: np.ndarray | None = None
              ) -> tuple[np.ndarray, np.ndarray | None]:
        """Each cell's contrast of a stack of lattices (K, 9), and how surely each holds a
        digit (K, 9; None where not sought)."""
        ...

    def bound(self, homs: np.ndarray, seen: np.ndarray | None = None) -> np.ndarray:
        """A bound (K, 9) on each cell's contrast as :meth:`judge` gives it, cheaper."""
        ...


@dataclass(frozen=True)
class Hypothesis:
    """A 3x3 lattice placed in the picture: ``hom`` (lattice -> working image), the blobs it
    rests on by lattice position, each cell's contrast (see :data:`GOOD_CELL`) and, where
    the score sought them (:class:`vision.locate.face_score.FaceScore`), how surely each holds a
    digit (``glyphs``, 0..1)."""

    hom: np.ndarray
    grid: dict
    cells: np.ndarray
    glyphs: np.ndarray | None = None

    @cached_property
    def good(self) -> int:
        """How many of the nine cells look like stickers (:func:`stickers`)."""
        return int(stickers(self.cells, self.glyphs).sum())

    @cached_property
    def evidence(self) -> float:
        """The summed evidence of the nine cells (:func:`evidence`)."""
        return float(evidence(self.cells, self.glyphs))

    @cached_property
    def contrast(self) -> float:
        """The summed contrast of the nine cells (each clipped to -1..1): what a lattice is
        moved, snapped or refitted by (:func:`settled`, :func:`refine`, :func:`merged`),
        the same whether its cells hold digits or not."""
        return float(np.clip(self.cells, -1, 1).sum())

    @cached_property
    def rank(self) -> tuple[float, int, int]:
        """Better hypotheses rank higher: more evidence over the nine cells (a lattice a row
        off keeps a few weak background cells that pass as stickers, but loses contrast;
        squares of a printed grid are framed, but hold no digit), then more sticker-like
        cells, more blobs."""
        return self.evidence, self.good, len(self.grid)


NO_DIGIT = 0.25
"""A lattice read as a plain face (its cells stickers, whatever ink they hold) counts this
share of its summed contrast (:func:`evidence`); read as a face of digits it counts its
cells' contrast where they hold one. A Sudoku Cube's stickers carry digits, the squares of a
printed grid, a cutting mat or tiles none, so a face of digits outranks them; a plain cube's
face (no digits anywhere) is still found, and ink that a few cells of a lattice over a rug or
a cloth happen to hold gains it nothing."""


def evidence(cells: np.ndarray, glyphs: np.ndarray | None) -> np.ndarray:
    """The summed evidence over the nine cells (last axis) of a lattice, the better of its
    two readings: a plain face, each cell's contrast (clipped to -1..1) counting
    :data:`NO_DIGIT` of it where positive; or, where at least :data:`GOOD_CELLS` cells hold
    a digit (``glyphs``: how surely each holds one, 0..1, or None where not sought), a face
    of digits, each positive contrast counting in full as surely as its cell holds a digit
    and as a plain sticker's (:data:`NO_DIGIT`) for the rest: a sticker whose digit was not
    seen (blur, a lattice a little off) is still a sticker, more than a cell of background.
    A negative contrast (a cell that is no sticker) counts in full in both."""
    c = np.clip(cells, -1, 1)
    negative = np.where(c < 0, c, 0.0).sum(axis=-1)
    positive = np.where(c > 0, c, 0.0)
    plain = NO_DIGIT * positive.sum(axis=-1) + negative
    if glyphs is None:
        return plain
    held = NO_DIGIT + (1.0 - NO_DIGIT) * glyphs
    digits = np.where(digit_cells(glyphs).sum(axis=-1) >= GOOD_CELLS,
                      (positive * held).sum(axis=-1), -np.inf) + negative
    return np.maximum(plain, digits)


def windows(group: dict[tuple[int, int], Blob], done: set[frozenset[int]] | None = None
            ) -> list[tuple[np.ndarray, dict]]:
    """Every 3x3 window over a group that rests on at least 4 of its blobs, fitted
    (:func:`window_blobs`, :func:`fit_windows`)."""
    return fit_windows(window_blobs(group, done))


def window_blobs(group: dict[tuple[int, int], Blob], done: set[frozenset[int]] | None = None
                 ) -> list[dict[tuple[int, int], Blob]]:
    """The blobs of every 3x3 window over a group that rests on at least 4 of them, by their
    cells in the window, to be fitted (:func:`fit_windows`) and judged over all nine cells
    (:func:`scored_all`). A group of fewer than 3 rows or columns (a row lost to glare, tilt or
    shade) gives the windows that extend it, so the cells its blobs did not cover are judged by
    the picture itself. ``done``: the blob sets (ids) of windows taken before, skipped and
    updated (the groups grown from neighbouring seeds share most windows)."""
    order = {k: n for n, k in enumerate(group)}  # each window's blobs in the group's order
    out = []
    starts = _starts([k[1] for k in group])
    for i0 in _starts([k[0] for k in group]):
        for j0 in starts:
            inside = sorted((k for k in ((i0 + di, j0 + dj) for di in range(3)
                                         for dj in range(3)) if k in order), key=order.get)
            sub = {(i - i0, j - j0): group[(i, j)] for i, j in inside}
            if len(sub) >= 4 and _first_time(sub, done):
                out.append(sub)
    return out


Fits = dict[tuple[tuple[tuple[int, int], int], ...],
             tuple[dict[tuple[int, int], Blob], np.ndarray | None, dict[tuple[int, int], Blob]]]
"""Lattices fitted to windows, kept for the pools of one picture (:func:`fit_windows`): by the
window's cells and blobs (ids), the window itself (which keeps its blobs and so their ids
alive), its lattice or None, and the blobs that lattice rests on."""


def fit_windows(subs: list[dict[tuple[int, int], Blob]], fits: Fits | None = None
                ) -> list[tuple[np.ndarray, dict]]:
    """The windows ``subs`` (:func:`window_blobs`) with their lattices fitted
    (:func:`vision.locate.lattice.robust_fit`): (lattice, blobs it rests on) pairs, those
    that fit. ``fits``: the fits made before, looked up and added to (the glare's lenient
    pool judges the windows of the light digits that the strict pool fitted)."""
    out = []
    for sub in subs:
        key = tuple((k, id(b)) for k, b in sub.items())
        if fits is not None and key in fits:
            hom, kept = fits[key][1:]
        else:
            hom, kept = robust_fit(sub)
            if fits is not None:
                fits[key] = (sub, hom, kept)
        if hom is not None:
            out.append((hom, kept))
    return out


def _first_time(sub: dict[tuple[int, int], Blob], done: set[frozenset[int]] | None) -> bool:
    """True when no window on the blobs of ``sub`` was fitted before (``done``: their sets,
    updated; None: every window counts as new)."""
    if done is None:
        return True
    key = frozenset(id(b) for b in sub.values())
    if key in done:
        return False
    done.add(key)
    return True


def _starts(coords: list[int]) -> range:
    """The first column (or row) of each 3-wide window along a group's columns (rows)
    ``coords``: those of the group, or where it spans fewer than 3, those that extend it."""
    lo, hi = min(coords), max(coords)
    return range(hi - 2, lo + 1) if hi - lo < 3 else range(lo, hi - 1)


SETTLED = 8
"""How many of the best hypotheses are tried a row or a column further (:func:`settled`): a
face whose top row a thumb hides gives a lattice a row low that ranks below others until it
is moved, so not only the first three. The same few best are the ones any costlier look is
given (a bent lattice refitted flat, :func:`flat_faces`; a stickerless face's lines checked
one by one, :func:`vision.locate.hairline.hairline_face`): the others rank below them."""

SETTLE_GAIN = PLAIN_SIGHT
"""How much more summed contrast a lattice moved a row or column (:func:`settled`), or snapped
onto the grooves (:func:`refine`), must score to replace the one its blobs gave: as much as
one more cell whose sticker stands out plainly (:data:`PLAIN_SIGHT`). A row of background
that turns into a row of stickers gains a good deal more, and so do cells that a lattice
extrapolated onto grooves or beyond the face and the snap brings onto the stickers;
but the foreshortened stickers of a side face beside the face score nearly as well as its
own last row, and moving onto them by a hair misplaces the face."""


def seen_cells(grid: dict) -> np.ndarray:
    """Which of the nine cells hold one of the lattice's blobs, row by row."""
    return np.array([(c, r) in grid for r in range(3) for c in range(3)])


def scored_all(fitted: list[tuple[np.ndarray, dict]], flat: Scorer) -> list[Hypothesis]:
    """Hypotheses of (lattice, blobs) pairs, their cells judged all in one pass."""
    if not fitted:
        return []
    cells, glyphs = flat.judge(np.stack([h for h, _ in fitted]),
                               np.stack([seen_cells(g) for _, g in fitted]))
    return [Hypothesis(h, g, c, None if glyphs is None else d)
            for (h, g), c, d in zip(fitted, cells, cells if glyphs is None else glyphs)]


SHIFTS = ((1, 0), (-1, 0), (0, 1), (0, -1))
"""A cell right, left, down and up (columns, rows): the moves of :func:`settled` and
:func:`repeating`, both ways along the rows first, then along the columns; a face photo's
last resort (:mod:`vision.locate.digit_faces`) and its face moved a row
(:mod:`vision.reading.face_shift`) move a lattice by them too."""


def moved(h: Hypothesis, dc: int, dr: int) -> tuple[np.ndarray, dict]:
    """The lattice of ``h`` moved ``dc`` columns and ``dr`` rows along its own grid, with the
    blobs that stay inside it."""
    hom = h.hom @ np.array([[1.0, 0, dc], [0, 1.0, dr], [0, 0, 1.0]])
    return hom, {(c - dc, r - dr): b for (c, r), b in h.grid.items()
                 if 0 <= c - dc <= 2 and 0 <= r - dr <= 2}


def settled(hyps: list[Hypothesis], flat: Scorer) -> list[Hypothesis]:
    """Each hypothesis moved a row or column at a time while that scores better: a lattice
    of digits or of stickers missing a row can sit one row off the face, with the face's row
    outside it and a row of background inside; the cells themselves tell. All the moves of
    all the hypotheses are judged in one pass per round (:func:`_better_moves`)."""
    hyps = list(hyps)
    active = list(range(len(hyps)))
    for _ in range(2):
        better = _better_moves([hyps[i] for i in active], flat)
        still = [i for i, b in zip(active, better) if b is not None]
        for i, b in zip(active, better):
            hyps[i] = b if b is not None else hyps[i]
        active = still
        if not active:
            break
    return hyps


def _better_moves(hyps: list[Hypothesis], flat: Scorer) -> list[Hypothesis | None]:
    """For each of ``hyps``, its best move a row or column along its grid when that gains
    :data:`SETTLE_GAIN` of summed contrast and leaves :data:`GOOD_CELLS` sticker-like cells,
    else None. Moves whose contrast is bounded (:meth:`Scorer.bound`) below that gain are set
    aside unscored: the best move is taken only when it gains that much, so it is one of the
    others."""
    moves = [(n, moved(h, dc, dr)) for n, h in enumerate(hyps) for dc, dr in SHIFTS]
    if not moves:
        return []
    reach = np.clip(flat.bound(np.stack([m[0] for _, m in moves]),
                               np.stack([seen_cells(m[1]) for _, m in moves])), -1, 1).sum(axis=1)
    moves = [(n, m) for (n, m), r in zip(moves, reach) if r > hyps[n].contrast + SETTLE_GAIN]
    shifted = scored_all([m for _, m in moves], flat)
    out: list[Hypothesis | None] = []
    for n, h in enumerate(hyps):
        best = max((s for (j, _), s in zip(moves, shifted) if j == n),
                   key=lambda m: (m.contrast, m.good), default=None)
        gains = best is not None and best.contrast > h.contrast + SETTLE_GAIN
        out.append(best if gains and best.good >= GOOD_CELLS else None)
    return out


def digit_cells(glyphs: np.ndarray) -> np.ndarray:
    """Which cells hold a digit, from how surely each does
    (:func:`vision.locate.face_score.glyphs_of`): those that do in full."""
    return glyphs >= 1


def inked(h: Hypothesis) -> int:
    """How many of the cells of ``h`` hold a digit (:func:`digit_cells`)."""
    return 0 if h.glyphs is None else int(digit_cells(h.glyphs).sum())


_BROUGHT_IN = {shift: np.flatnonzero(((CENTRES + shift < 0) | (CENTRES + shift > 2)).any(axis=1))
               for shift in SHIFTS}
"""The cells of a lattice moved by each of :data:`SHIFTS` that it did not hold before:
those whose place, a move further, lies beyond the lattice it was moved from."""


def _outside(homs: np.ndarray, shape: tuple[int, ...]) -> np.ndarray:
    """Which cells of each lattice of the stack ``homs`` have their centre outside the
    picture of ``shape``: (K, 9)."""
    pts = np.einsum("kij,nj->kni", homs, np.hstack([CENTRES, np.ones((9, 1))]))
    with np.errstate(divide="ignore", invalid="ignore"):
        x, y = pts[..., 0] / pts[..., 2], pts[..., 1] / pts[..., 2]
    h, w = shape[:2]
    return ~((pts[..., 2] > 0) & (x >= 0) & (y >= 0) & (x < w) & (y < h))


def repeating(hyps: list[Hypothesis], flat: Scorer) -> list[bool]:
    """Which of ``hyps`` are a pattern of digits that goes on, no face: read as a face of
    digits (at least :data:`GOOD_CELLS` cells with a sticker holding one), moved a cell both
    ways along its rows, or both ways along its columns, the row or column each move brings
    in reads as the face's own do (:func:`_still_digits`). A cube's face ends at its edges:
    beyond one lies the table, beyond another at most a side face, never a face on two
    opposite sides; a printed sudoku or a table of figures goes on. A plain lattice (no digits) is
    not judged so: the body's rim frames whatever lies beyond a plain face, and a busy ground there
    can pass as stickers. All moves are judged in one pass."""
    digits = [h for h in hyps if inked(h) >= GOOD_CELLS]
    if not digits:
        return [False] * len(hyps)
    moves = scored_all([moved(h, dc, dr) for h in digits for dc, dr in SHIFTS], flat)
    beyond = _outside(np.stack([m.hom for m in moves]), flat.shape)
    like = np.repeat([ALIKE * float(np.median(h.cells)) for h in digits], len(SHIFTS))
    passes = np.array([_still_digits(m, off, shift, floor) for m, off, shift, floor in
                       zip(moves, beyond, SHIFTS * len(digits), like)]).reshape(-1, 2, 2)
    # both ways along the rows (the first two moves), or both ways along the columns
    goes_on = {id(h) for h, p in zip(digits, passes.all(axis=2).any(axis=1)) if p}
    return [id(h) in goes_on for h in hyps]


ALIKE = 0.5
"""A cell brought into a moved lattice reads as the lattice's own when it stands at least
this share of their typical (median) contrast above its frame (:func:`_still_digits`): the
cells of one printed pattern are alike, under light that varies across the page; a stripe
of a cloth or a sliver of the side face beyond a face's edge passes as a sticker, but a
weak one."""


def _still_digits(m: Hypothesis, off: np.ndarray, shift: tuple[int, int], like: float) -> bool:
    """Whether the row or column that moving by ``shift`` brought into the lattice ``m``
    reads as the face's own do, as far as the picture shows it: at least two of its cells
    seen holding a digit on a sticker of contrast ``like`` or more (:data:`ALIKE`; a
    pattern is seen to go on), and every cell seen in the picture but one doing so (as
    :data:`GOOD_CELLS` spares two of nine; cells beyond the picture, ``off``, are not seen
    either way). A face that fills the picture to its edge brings in mostly cells beyond
    it, and the one it shows, on the body's rim or the ground, does not make it a pattern
    (:func:`repeating`)."""
    new = _BROUGHT_IN[shift]
    seen = ~off[new]
    held = seen & (m.cells[new] >= max(GOOD_CELL, like)) & (m.glyphs[new] >= 1) \
        if m.glyphs is not None else np.zeros(len(new), bool)
    return bool(held.sum() >= 2 and held.sum() >= seen.sum() - 1)


SEEK = 0.5 - SAMPLE_STEP
"""How far (pitches) across its place in the lattice a groove line is sought
(:func:`_snapped`): a sample step short of the middle of the cell beside it, half a pitch
away, where the line would cross a sticker rather than frame it."""

TILT = 0.15
"""How far (pitches) a groove line sought may be turned: its offset at the face's far side
from where it crosses the face's middle."""

_SHIFTS = spaced(-SEEK, SEEK, SAMPLE_STEP / 2)
_TILTS = TILT * spaced(-1, 1, 0.5)
"""How a groove line is sought: samples along it over the face (lattice units,
:data:`vision.locate.face_cues.ALONG_FACE`), shifted across by :data:`_SHIFTS` (half a
sample step apart, finer than the samples along it) and turned by :data:`_TILTS` (none, half
and all of :data:`TILT`, either way), the sticker level taken :data:`FLANK` of a pitch
either side."""

FLANK = MIDWAY
"""How far (pitches) either side of a groove line, or a stickerless cube's hairline, the level
of the stickers or pieces beside it is read: on them, clear of the line and of their digits
(:data:`vision.locate.face_geometry.MIDWAY`)."""


def _line_points(offsets: np.ndarray, vertical: bool) -> np.ndarray:
    """Lattice points (lines, 3, len(ALONG_FACE), 2) of candidate groove lines at
    ``offsets`` (lines, 3: position, tilt), each with its two flanks."""
    pos, tilt = offsets[:, 0, None, None], offsets[:, 1, None, None]
    across = pos + tilt * (ALONG_FACE[None, None, :] - 1.0) + \
        np.array([0.0, -FLANK, FLANK])[None, :, None]
    along = np.broadcast_to(ALONG_FACE, across.shape)
    pts = np.stack([across, along] if vertical else [along, across], axis=-1)
    return pts


def _snapped(h: Hypothesis, flat: Scorer) -> tuple[np.ndarray, np.ndarray]:
    """The lattice through the four inner groove lines found near those of ``h``: each line
    (x = 0.5, 1.5 and y = 0.5, 1.5 in lattice units) is moved and turned to where the picture
    is darkest against the stickers either side (the median over its length, so a glare spot
    or a digit's stroke across it does not count), and two lattices are fitted to the four
    crossings (see the comment at the end)."""
    img, floor, _ = flat.images[0]
    cand = np.array([(s, t) for s in _SHIFTS for t in _TILTS])
    offs = [cand + np.array([base, 0.0]) for base in GROOVE_LINES]
    pts = np.stack([_line_points(off, vertical) for vertical in (True, False) for off in offs])
    looks = sample(img, h.hom[None], pts.reshape(-1, 2)).reshape(pts.shape[:4])  # one remap
    lines = []
    for n, v in enumerate(looks):
        flank = np.minimum(v[:, 1], v[:, 2])
        depth = np.median((flank - v[:, 0]) / (flank + floor), axis=1)
        lines.append(offs[n % 2][int(np.argmax(depth))])
    src, dst = [], []
    for (x, a), gx in zip(lines[:2], GROOVE_LINES):
        for (y, b), gy in zip(lines[2:], GROOVE_LINES):
            # x = xv + a (Y - 1), Y = yh + b (X - 1): the crossing in lattice coordinates
            cx = (x + a * (y - 1.0 - b)) / (1.0 - a * b)
            cy = y + b * (cx - 1.0)
            src.append((gx, gy))
            dst.append((cx, cy))
    # four crossings one pitch apart are too close together to fix a perspective: an affine
    # move of the lattice (keeping its perspective), or an affine lattice in the picture
    # (when that perspective, fitted to a few stickers, is what went wrong)
    lattice = np.hstack([np.array(src), np.ones((4, 1))])
    a, *_ = np.linalg.lstsq(lattice, np.array(dst), rcond=None)
    b, *_ = np.linalg.lstsq(lattice, project(h.hom, np.array(dst)), rcond=None)
    return h.hom @ np.vstack([a.T, [0.0, 0.0, 1.0]]), np.vstack([b.T, [0.0, 0.0, 1.0]])


SNAP_REACH = MIDWAY
"""How far (mean, in pitches) a snapped lattice may leave the blobs its hypothesis rests on:
half way to the stickers' edges (:data:`vision.locate.face_geometry.MIDWAY`). The grooves lie
between those stickers, so a lattice snapped onto lines that no longer frame them took other
lines for grooves (the light body round the stickers of a white-bodied cube, the top face's
edge)."""


def _on_blobs(homs: np.ndarray, h: Hypothesis) -> np.ndarray:
    """For each lattice of the stack ``homs``, whether it passes within :data:`SNAP_REACH`
    of the blobs ``h`` rests on (True when it rests on none)."""
    keys = [k for k, b in h.grid.items() if b is not None]
    if not keys:
        return np.ones(len(homs), bool)
    got = np.array([h.grid[k].centre for k in keys], np.float64)
    src = np.array(keys, np.float64)
    return np.array([np.linalg.norm(project(m, src) - got, axis=1).mean()
                     <= SNAP_REACH * max(pitch(m), TINY) for m in homs])


def refine(h: Hypothesis, flat: Scorer) -> Hypothesis:
    """The hypothesis snapped onto the face's grooves (:func:`_snapped`) when that raises its
    summed contrast over the nine cells by :data:`SETTLE_GAIN`: a lattice fitted to a few
    stickers or digits (the others lost to glare, or a print the masks missed) extrapolates
    its pitch, so its far cells land on a groove or beyond the face, on the background
    (paper, print); the grooves between the cells say where the stickers are."""
    homs = np.stack(_snapped(h, flat))
    cells, glyphs = flat.judge(homs, seen_cells(h.grid))
    sums = np.where(_on_blobs(homs, h), np.clip(cells, -1, 1).sum(axis=1), -np.inf)
    i = int(np.argmax(sums))
    if sums[i] < h.contrast + SETTLE_GAIN:
        return h
    return Hypothesis(homs[i], h.grid, cells[i], None if glyphs is None else glyphs[i])


def merged(best: Hypothesis, others: list[Hypothesis], flat: Scorer) -> Hypothesis:
    """``best`` refitted to every sticker candidate that any of ``others`` found on its own
    cells (within :data:`vision.locate.lattice.OUTLIER` of one of its nine lattice points,
    the nearest where several are), when they add some: the cues see different stickers of
    one face (a glare spot hides one from the light masks, a digit shows it), and a lattice
    resting on more of them extrapolates less, whichever cue's lattice scored best. Kept
    when the refit still passes as a face with a plausible perspective."""
    inv = np.linalg.inv(best.hom)
    near: dict[tuple[int, int], tuple[float, Blob]] = {}
    for h in [best, *others]:
        for blob in h.grid.values():
            rel = project(inv, np.array([blob.centre], np.float64))[0]
            key = (int(round(rel[0])), int(round(rel[1])))
            off = float(np.hypot(*(rel - key)))
            if 0 <= min(key) and max(key) <= 2 and off <= OUTLIER and \
                    off < near.get(key, (np.inf, blob))[0]:
                near[key] = (off, blob)
    if len(near) <= len(best.grid):
        return best
    hom, grid = robust_fit({k: b for k, (_, b) in near.items()})
    if hom is None or not plausible(hom, flat.shape[1], flat.shape[0]):
        return best
    refit = scored_all([(hom, grid)], flat)[0]
    return refit if refit.good >= GOOD_CELLS else best


OVERLAP_REACH = MIDWAY
"""How far beyond the square of a face's sticker centres (pitches) another lattice's sticker
centre still lies on that face: half way to the face's edge, which runs half a pitch outside
them (:data:`vision.locate.face_geometry.MIDWAY`). A lattice moved along the face by less
than a whole face keeps centres inside; the nearest stickers of a neighbouring face, across
the edge, lie beyond the edge."""


def _overlaps(a: np.ndarray, b: np.ndarray) -> bool:
    """True when a sticker centre of lattice ``b`` lies on the face of lattice ``a`` (within
    :data:`OVERLAP_REACH` of the square of its sticker centres, in its own lattice)."""
    rel = project(np.linalg.inv(a) @ b, CENTRES)
    inside = (rel > -OVERLAP_REACH) & (rel < 2 + OVERLAP_REACH)
    return bool(inside.all(axis=1).any())


ON_GRID = 0.1
"""How far (pitches) the sticker centres of a lattice may lie from the points of another
lattice's grid, continued beyond it, and still be that grid moved by whole cells (the
precision of a lattice fitted to blobs; two cubes side by side are further off: their faces
lie a cube's rim or a gap apart, not a whole number of cells)."""


def same_grid(a: Hypothesis, b: Hypothesis) -> bool:
    """True when ``b`` is the lattice of ``a`` moved by whole cells along its own grid (every
    sticker centre of ``b``, seen in ``a``'s lattice, within :data:`ON_GRID` of a point of
    it, in the same order): one flat pattern that goes on, as a printed sudoku or table
    does, which no two faces of a cube make (a side face is foreshortened across the edge,
    another cube lies its rim apart)."""
    rel = project(np.linalg.inv(a.hom) @ b.hom, CENTRES)
    step = np.round(rel[4] - CENTRES[4])
    return bool(np.abs(rel - (CENTRES + step)).max() <= ON_GRID)


SECOND_FACE = 6
"""How many blobs a lattice apart from the best face must rest on to be taken for a second
face (:func:`separate`, the refusal of two faces): two thirds of a face, found as stickers,
not a few shapes on the body's rim or the ground beside the face that a lattice happens to
link."""


def separate(a: Hypothesis, b: Hypothesis) -> bool:
    """True when ``b`` is another face beside ``a``: no blob in common, no sticker of either
    on the other's face (:func:`_overlaps`, each seen in the other's own lattice, so a
    neighbouring face foreshortened across the cube's edge counts as well as a second cube
    apart), and of a size like it: their cells' areas within
    :data:`vision.locate.lattice.LIKE` of each other, as the blobs of one lattice are."""
    if {id(x) for x in a.grid.values()} & {id(x) for x in b.grid.values()}:
        return False
    areas = (pitch(b.hom) / max(pitch(a.hom), TINY)) ** 2
    return not _overlaps(a.hom, b.hom) and not _overlaps(b.hom, a.hom) and \
        1 / LIKE < areas < LIKE


def _shared(a: Hypothesis, b: Hypothesis) -> bool:
    """True when the two lattices rest on a blob in common."""
    return bool({id(x) for x in a.grid.values()} & {id(x) for x in b.grid.values()})


def flat_faces(scoring: list[Hypothesis], flat: Scorer
               ) -> tuple[list[Hypothesis], list[Hypothesis]]:
    """The faces among ``scoring`` (hypotheses that pass on their cells): those whose
    lattice is a flat square grid a camera could see
    (:func:`vision.locate.perspective.plausible`), and those whose free homography is not,
    refitted as one (:func:`vision.locate.perspective.square_fit`) where the bend is their
    blobs' own noise (:func:`_refitted`), rescored and passing as a face of digits
    (:data:`GOOD_CELLS` sticker cells holding one); and the hypotheses left bent. The
    perspective part of a free homography through a few noisy blob centres (a digit's
    weight, glare at a sticker's edge, a sticker stuck a little off) is mostly that noise,
    the more so the fewer pixels a pitch spans, and it bends a true face past the check; a
    grid that cannot bend, fitted to the same blobs, places it flat, and its cells, scored
    anew, say whether it is a face. Centres alone cannot tell that from a lattice laid
    across a cube's edge over three columns (any two spacings fit a perspective), so the
    cells must say more than a plain lattice does: digits, which a lattice framing parts of
    stickers or the grain beside a plain cube's face does not hold in most cells. A refit
    stands only where no plausible face, and no other refit placed elsewhere (and ranked as
    high, :func:`_outdone`), on some of its blobs frames as many sticker cells: the blobs of
    a fold give lattices on either side of the edge, and the face beside it frames all nine
    stickers (a lattice bent by noise, refitted, frames more than the plausible one a row
    off). A lattice whose refit does not stand stays bent. Only the :data:`SETTLED` first
    bent ones are refitted (``scoring`` is best first): the others rank below them."""
    height, width = flat.shape[:2]
    fitted, left, faces = [], [], []
    for h in scoring:
        if plausible(h.hom, width, height):
            faces.append(h)
        elif len(left) + len(fitted) < SETTLED:  # only the few best ranked could win
            fitted.append(h)
        else:
            left.append(h)
    refits = [r if r is not None and r.good >= GOOD_CELLS and inked(r) >= GOOD_CELLS and
              plausible(r.hom, width, height) else None for r in _refitted(fitted, flat)]
    rivals = [r for r in refits if r is not None]
    for h, r in zip(fitted, refits):
        if r is not None and not _outdone(r, faces, rivals):
            faces.append(r)
        else:  # still bent
            left.append(h)
    return faces, left


def flat_lattices(hyps: list[Hypothesis], flat: Scorer) -> list[Hypothesis]:
    """Each of ``hyps`` as a flat square grid a camera could see, whatever its cells: itself
    where :func:`vision.locate.perspective.plausible`, else its refit where the bend is its
    blobs' noise (:func:`_refitted`), rescored; a lattice bent beyond that is left out."""
    height, width = flat.shape[:2]
    bent = [h for h in hyps if not plausible(h.hom, width, height)]
    refits = {id(h): r for h, r in zip(bent, _refitted(bent, flat))}
    out = [refits.get(id(h), h) for h in hyps]
    return [h for h in out if h is not None and plausible(h.hom, width, height)]


def _outdone(refit: Hypothesis, faces: list[Hypothesis], refits: list[Hypothesis]) -> bool:
    """True when a plausible face of ``faces`` rests on some of the blobs of ``refit`` and
    frames as many sticker cells, or another of ``refits`` placed elsewhere
    (:func:`_same_place`) does and ranks as high on its evidence where they frame as many:
    of two refits a column apart, framing as many stickers of one face, the one that holds
    the face's digits in full stands, not neither."""
    return any(f.good >= refit.good and _shared(f, refit) for f in faces) or \
        any(f is not refit and (f.good, f.evidence) >= (refit.good, refit.evidence) and
            _shared(f, refit) and not _same_place(f, refit) for f in refits)


def _same_place(a: Hypothesis, b: Hypothesis) -> bool:
    """True when the two lattices place the same nine sticker centres (each of ``b``'s
    within :data:`ON_GRID` of one of ``a``'s, in ``a``'s lattice): one face found twice."""
    rel = project(np.linalg.inv(a.hom) @ b.hom, CENTRES)
    return bool(np.linalg.norm(rel[:, None] - CENTRES[None], axis=2).min(axis=1).max()
                <= ON_GRID)


BEND_NOISE = 7
"""How far (in units of its blobs' own scatter about it, carried to each sticker centre,
:func:`_refitted`) a free homography through a lattice's blobs may place a sticker centre
from where a flat square grid fitted to the same blobs places it, and still be taken as bent
by that scatter alone."""


def _refitted(hyps: list[Hypothesis], flat: Scorer) -> list[Hypothesis | None]:
    """Each of ``hyps`` refitted as a flat square grid seen by a camera and rescored, where
    its bend is its blobs' noise (else None); all rescored in one pass. The noise is
    measured on the blobs themselves: their scatter about a free homography fitted to them
    (over the degrees of freedom it leaves, so five blobs at least), carried to each sticker
    centre as a fit's standard error is (times the root of the centre's leverage: small
    between the blobs, large at cells extrapolated from a few blobs in one corner of the
    face). The bend is noise where the free fit and the square grid place every sticker
    centre within :data:`BEND_NOISE` times that of each other, the scatter is within a third of
    :data:`vision.locate.perspective.SQUARE_FIT_SLACK` of a pitch (blobs straying further
    are no stickers of one face to judge its perspective by), and every blob lies within
    :data:`vision.locate.perspective.SQUARE_FIT_SLACK` of the grid. A lattice bent round a
    cube's edge is bent beyond its blobs' scatter: its blobs lie on a free homography
    closely, and the square grid misses them by far more; a small face's stickers, a few
    pixels a side, scatter by a pixel, which bends a free fit as much as an edge would."""
    height, width = flat.shape[:2]
    fits = []
    for h in hyps:
        keys = list(h.grid)
        src = np.array(keys, np.float64)
        dst = np.array([h.grid[k].centre for k in keys], np.float64)
        hom, res = square_fit(src, dst, width, height)
        fits.append((hom, h.grid) if hom is not None and res <= SQUARE_FIT_SLACK and
                    _noise_bent(hom, src, dst) else None)
    scored = iter(scored_all([f for f in fits if f is not None], flat))
    return [None if f is None else next(scored) for f in fits]


def _noise_bent(square: np.ndarray, src: np.ndarray, dst: np.ndarray) -> bool:
    """True when a free homography through blobs ``dst`` at lattice points ``src`` (least
    squares) is bent from the flat square grid ``square`` by the blobs' scatter alone (see
    :func:`_refitted`)."""
    spare = 2 * (len(src) - 4)  # what a free homography leaves (four points fix one)
    free = cv2.findHomography(src, dst, 0)[0] if spare > 0 else None
    if free is None:
        return False
    scatter = float(np.sqrt(((project(free, src) - dst) ** 2).sum() / spare))
    bend = np.linalg.norm(project(free, CENTRES) - project(square, CENTRES), axis=1)
    # how far the scatter carries to each sticker centre: a fit's standard error there is
    # the scatter times the root of the point's leverage (an affine fit's, as steady as the
    # perspective part is small), small between the blobs, large where a few blobs in a
    # corner of the face are extrapolated to its far cells
    x = np.hstack([src, np.ones((len(src), 1))])
    at = np.hstack([CENTRES, np.ones((9, 1))])
    leverage = np.einsum("ij,jk,ik->i", at, np.linalg.inv(x.T @ x), at)
    return scatter <= SQUARE_FIT_SLACK / 3 * pitch(square) and \
        bool((bend <= BEND_NOISE * scatter * np.sqrt(leverage)).all())
