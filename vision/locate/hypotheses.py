"""Lattice hypotheses judged over all nine cells: every 3x3 window over a lattice of sticker
candidates is fitted and scored on cues that hold for any print (:mod:`vision.locate.face_cues`), moved
a row or column while that scores better, and the best kept; two separate faces are refused."""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import numpy as np

from .face_cues import Levels
from .face_geometry import TWO_FACES_ADVICE, FaceNotFoundError, pitch, project
from .lattice import robust_fit
from .lattice_sampling import sample
from .perspective import SQUARE_FIT_SLACK, plausible, square_fit
from .sticker_blobs import Blob


GOOD_CELL = 0.15
"""A cell whose plateau stands this far above its grooves (:func:`vision.locate.face_cues.cell_contrast`)
looks like a sticker."""

GOOD_CELLS = 7
"""A lattice hypothesis is a face when at least this many of its nine cells look like
stickers (glare across a groove, or a shadow, may spoil one or two)."""


@dataclass(frozen=True)
class Hypothesis:
    """A 3x3 lattice placed in the picture: ``hom`` (lattice -> working image), the blobs it
    rests on by lattice position, and each cell's contrast (see :data:`GOOD_CELL`)."""

    hom: np.ndarray
    grid: dict
    cells: np.ndarray

    @cached_property
    def good(self) -> int:
        """How many of the nine cells look like stickers."""
        return int((self.cells >= GOOD_CELL).sum())

    @cached_property
    def rank(self) -> tuple[float, int, int]:
        """Better hypotheses rank higher: more contrast over the nine cells (a lattice a row
        off keeps a few weak background cells that pass as stickers, but loses contrast),
        then more sticker-like cells, more blobs."""
        return float(np.clip(self.cells, -1, 1).sum()), self.good, len(self.grid)


def hypotheses(group: dict[tuple[int, int], Blob], flat: Levels) -> list[Hypothesis]:
    """Every 3x3 window over a group, fitted and scored (see :func:`windows`)."""
    return scored_all(windows(group), flat)


def windows(group: dict[tuple[int, int], Blob]) -> list[tuple[np.ndarray, dict]]:
    """Every 3x3 window over a group that rests on at least 4 of its blobs, fitted: (lattice,
    blobs) pairs, to be judged over all nine cells (:func:`scored_all`). A group of fewer than 3 rows or columns (a row lost to glare, tilt
    or shade) gives the windows that extend it, so the cells its blobs did not cover are
    judged by the picture itself."""
    cols = [k[0] for k in group]
    rows = [k[1] for k in group]
    fitted = []
    for i0 in range(max(cols) - 2, min(cols) + 1) if max(cols) - min(cols) < 3 else \
            range(min(cols), max(cols) - 1):
        for j0 in range(max(rows) - 2, min(rows) + 1) if max(rows) - min(rows) < 3 else \
                range(min(rows), max(rows) - 1):
            sub = {(i - i0, j - j0): b for (i, j), b in group.items()
                   if i0 <= i < i0 + 3 and j0 <= j < j0 + 3}
            if len(sub) < 4:
                continue
            hom, sub = robust_fit(sub)
            if hom is not None:
                fitted.append((hom, sub))
    return fitted


SETTLED = 8
"""How many of the best hypotheses are tried a row or a column further (:func:`settled`): a
face whose top row a thumb hides gives a lattice a row low that ranks below others until it
is moved, so not only the first three."""

SETTLE_GAIN = 0.3
"""How much more summed contrast a lattice moved a row or column must score to replace the
one its blobs gave: a row of background that turns into a row of stickers gains a good deal
more, but the foreshortened stickers of a side face beside the face score nearly as well as
its own last row, and moving onto them by a hair misplaces the face."""


def _seen(grid: dict) -> np.ndarray:
    """Which of the nine cells hold one of the lattice's blobs, row by row."""
    return np.array([(c, r) in grid for r in range(3) for c in range(3)])


def scored_all(fitted: list[tuple[np.ndarray, dict]], flat: Levels) -> list[Hypothesis]:
    """Hypotheses of (lattice, blobs) pairs, their cells judged all in one pass."""
    if not fitted:
        return []
    cells = flat.contrast(np.stack([h for h, _ in fitted]),
                          np.stack([_seen(g) for _, g in fitted]))
    return [Hypothesis(h, g, c) for (h, g), c in zip(fitted, cells)]


_SHIFTS_ROW = ((1, 0), (-1, 0), (0, 1), (0, -1))


def settled(hyps: list[Hypothesis], flat: Levels) -> list[Hypothesis]:
    """Each hypothesis moved a row or column at a time while that scores better: a lattice
    of digits or of stickers missing a row can sit one row off the face, with the face's row
    outside it and a row of background inside; the cells themselves tell. All the moves of
    all the hypotheses are judged in one pass per round."""
    hyps = list(hyps)
    active = list(range(len(hyps)))
    for _ in range(2):
        fitted = []
        for i in active:
            h = hyps[i]
            for dc, dr in _SHIFTS_ROW:
                hom = h.hom @ np.array([[1.0, 0, dc], [0, 1.0, dr], [0, 0, 1.0]])
                grid = {(c - dc, r - dr): b for (c, r), b in h.grid.items()
                        if 0 <= c - dc <= 2 and 0 <= r - dr <= 2}
                fitted.append((hom, grid))
        moved = scored_all(fitted, flat)
        still = []
        for n, i in enumerate(active):
            best = max(moved[4 * n:4 * n + 4], key=lambda m: m.rank[:2])
            if best.rank[0] > hyps[i].rank[0] + SETTLE_GAIN and best.good >= GOOD_CELLS:
                hyps[i] = best
                still.append(i)
        active = still
        if not active:
            break
    return hyps


REFINE_GAIN = 0.05
"""A snapped lattice must raise the summed contrast over the nine cells by this much to
replace the one its blobs gave (not noise)."""

_ALONG = np.linspace(-0.35, 2.35, 14)
_SHIFTS = np.arange(-0.4, 0.401, 0.05)
_TILTS = np.array([-0.15, -0.075, 0.0, 0.075, 0.15])
_FLANK = 0.25
"""How a groove line is sought: samples along it over the face's height (lattice units),
shifted across by :data:`_SHIFTS` and turned by :data:`_TILTS` (its offset at the face's far
side), the sticker level taken :data:`_FLANK` of a pitch either side."""


def _line_points(offsets: np.ndarray, vertical: bool) -> np.ndarray:
    """Lattice points (lines, 3, len(_ALONG), 2) of candidate groove lines at
    ``offsets`` (lines, 3: position, tilt), each with its two flanks."""
    pos, tilt = offsets[:, 0, None, None], offsets[:, 1, None, None]
    across = pos + tilt * (_ALONG[None, None, :] - 1.0) + \
        np.array([0.0, -_FLANK, _FLANK])[None, :, None]
    along = np.broadcast_to(_ALONG, across.shape)
    pts = np.stack([across, along] if vertical else [along, across], axis=-1)
    return pts


def _snapped(h: Hypothesis, flat: Levels) -> tuple[np.ndarray, np.ndarray]:
    """The lattice through the four inner groove lines found near those of ``h``: each line
    (x = 0.5, 1.5 and y = 0.5, 1.5 in lattice units) is moved and turned to where the picture
    is darkest against the stickers either side (the median over its length, so a glare spot
    or a digit's stroke across it does not count), and two lattices are fitted to the four
    crossings (see the comment at the end)."""
    img, floor, _ = flat.images[0]
    cand = np.array([(s, t) for s in _SHIFTS for t in _TILTS])
    offs = [cand + np.array([base, 0.0]) for base in (0.5, 1.5)]
    pts = np.stack([_line_points(off, vertical) for vertical in (True, False) for off in offs])
    looks = sample(img, h.hom[None], pts.reshape(-1, 2)).reshape(pts.shape[:4])  # one remap
    lines = []
    for n, v in enumerate(looks):
        flank = np.minimum(v[:, 1], v[:, 2])
        depth = np.median((flank - v[:, 0]) / (flank + floor), axis=1)
        lines.append(offs[n % 2][int(np.argmax(depth))])
    src, dst = [], []
    for (x, a), gx in ((lines[0], 0.5), (lines[1], 1.5)):
        for (y, b), gy in ((lines[2], 0.5), (lines[3], 1.5)):
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


SNAP_REACH = 0.25
"""How far (mean, in pitches) a snapped lattice may leave the blobs its hypothesis rests on:
the grooves lie between those stickers, so a lattice snapped onto lines that no longer frame
them took other lines for grooves (the light body round the stickers of a white-bodied cube,
the top face's edge)."""


def _on_blobs(homs: np.ndarray, h: Hypothesis) -> np.ndarray:
    """For each lattice of the stack ``homs``, whether it passes within :data:`SNAP_REACH`
    of the blobs ``h`` rests on (True when it rests on none)."""
    keys = [k for k, b in h.grid.items() if b is not None]
    if not keys:
        return np.ones(len(homs), bool)
    got = np.array([h.grid[k].centre for k in keys], np.float64)
    src = np.array(keys, np.float64)
    return np.array([np.linalg.norm(project(m, src) - got, axis=1).mean()
                     <= SNAP_REACH * max(pitch(m), 1e-6) for m in homs])


def refine(h: Hypothesis, flat: Levels) -> Hypothesis:
    """The hypothesis snapped onto the face's grooves (:func:`_snapped`) when that raises its
    summed contrast over the nine cells: a lattice fitted to a few stickers or digits (the
    others lost to glare, or a print the masks missed) extrapolates its pitch, so its far
    cells land on a groove or beyond the face, on the background (paper, print); the grooves
    between the cells say where the stickers are."""
    homs = np.stack(_snapped(h, flat))
    cells = flat.contrast(homs, _seen(h.grid))
    sums = np.where(_on_blobs(homs, h), np.clip(cells, -1, 1).sum(axis=1), -np.inf)
    i = int(np.argmax(sums))
    if sums[i] < np.clip(h.cells, -1, 1).sum() + REFINE_GAIN:
        return h
    return Hypothesis(homs[i], h.grid, cells[i])


def separate(a: Hypothesis, b: Hypothesis) -> bool:
    """True when ``b`` is another face beside ``a``: no blob in common, its centre at least
    2.5 pitches from ``a``'s in ``a``'s lattice, and of a similar size."""
    if {id(x) for x in a.grid.values()} & {id(x) for x in b.grid.values()}:
        return False
    centre = project(b.hom, np.array([[1.0, 1.0]]))
    c, r = project(np.linalg.inv(a.hom), centre)[0]
    ratio = pitch(b.hom) / max(pitch(a.hom), 1e-6)
    return max(abs(c - 1), abs(r - 1)) >= 2.5 and 0.6 < ratio < 1.6


def _shared(a: Hypothesis, b: Hypothesis) -> bool:
    """True when the two lattices rest on a blob in common."""
    return bool({id(x) for x in a.grid.values()} & {id(x) for x in b.grid.values()})


def squared(best: Hypothesis, bent: list[Hypothesis], flat: Levels) -> list[Hypothesis]:
    """The lattices that replace ``best``, the best plausible face: those set aside as bent
    (:func:`vision.locate.perspective.plausible`) that rest on some of its blobs, see more sticker
    cells and score clearly better, refitted as a flat square grid seen by a camera
    (:func:`vision.locate.perspective.square_fit`) where their blobs lie on one
    (:data:`vision.locate.perspective.SQUARE_FIT_SLACK`), rescored, and still better. Blob noise
    bends a free homography fitted to the nine stickers of a steeply tilted face past the
    check; the plausible lattice left is then one a row off, onto the side face beside it,
    and it shares the face's blobs but frames fewer stickers. A lattice bent round a cube's
    edge does not replace a true face: the face frames all nine stickers too."""
    height, width = flat.shape[:2]
    fitted = []
    for h in bent:
        if h.good <= best.good or h.rank[0] < best.rank[0] + SETTLE_GAIN or \
                not _shared(h, best):
            continue
        keys = list(h.grid)
        hom, res = square_fit(np.array(keys, np.float64),
                              np.array([h.grid[k].centre for k in keys], np.float64),
                              width, height)
        if hom is not None and res <= SQUARE_FIT_SLACK:
            fitted.append((hom, h.grid))
    return [h for h in scored_all(fitted, flat)
            if h.good > best.good and h.rank[0] > best.rank[0]]


def choose(groups: list[dict], flat: Levels, source: str
            ) -> tuple[Hypothesis | None, bool]:
    """The best-scoring face among the groups' hypotheses, or None when none has
    :data:`GOOD_CELLS` sticker-like cells and a plausible perspective; refuses two separate
    faces that both score. The flag tells whether a lattice of sticker-like cells was set
    aside as no flat square grid (:mod:`vision.locate.perspective`: one bent round a cube's edge)."""
    scoring = [h for h in _ranked(groups, flat) if h.good >= GOOD_CELLS]
    faces = _flat_faces(scoring, flat)
    if not faces:
        return None, bool(scoring)
    best = _placed(faces[0], flat)
    _refuse_second_face(best, faces[1:], source)
    return best, False


def _ranked(groups: list[dict], flat: Levels) -> list[Hypothesis]:
    """Every 3x3 window of the groups of four or more blobs, all groups' windows scored in one
    pass, best first, the leading :data:`SETTLED` of them settled onto their grooves."""
    hyps = sorted(scored_all([w for g in groups if len(g) >= 4 for w in windows(g)], flat),
                  key=lambda h: h.rank, reverse=True)
    return settled(hyps[:SETTLED], flat) + hyps[SETTLED:]


def _flat_faces(scoring: list[Hypothesis], flat: Levels) -> list[Hypothesis]:
    """The scoring lattices with a plausible perspective, best first, led by those of the bent
    ones that squared onto a flat grid beat the best of them (:func:`squared`): a steeply
    tilted face's lattice can be bent by blob noise while a row-off one still passes."""
    height, width = flat.shape[:2]
    faces = [h for h in scoring if plausible(h.hom, width, height)]
    bent = [h for h in scoring if not any(h is f for f in faces)]
    faces.sort(key=lambda h: h.rank, reverse=True)
    if faces:
        faces = squared(faces[0], bent, flat) + faces
    return faces


def _placed(best: Hypothesis, flat: Levels) -> Hypothesis:
    """``best``, or, when it was fitted to fewer than nine stickers, the lattice the grooves
    place (:func:`refine`) if that still has :data:`GOOD_CELLS` sticker-like cells. No
    perspective check again: the snapped lattice is affine, a face seen at a slant has no
    affine square view, and moving a plausible lattice's grooves by less than half a pitch
    does not bend it round a cube's edge."""
    if len(best.grid) < 9:
        better = refine(best, flat)
        if better.good >= GOOD_CELLS:
            return better
    return best


def _refuse_second_face(best: Hypothesis, others: list[Hypothesis], source: str) -> None:
    """Raise :class:`FaceNotFoundError` when another face of six or more stickers lies apart
    from ``best`` (:func:`separate`): two faces in one photo, neither to be trusted as the
    one meant."""
    for other in others:
        if len(other.grid) >= 6 and separate(best, other):
            raise FaceNotFoundError(
                f"{source}: two faces in one photo (two separate 3x3 groups of stickers); "
                f"{TWO_FACES_ADVICE}")
