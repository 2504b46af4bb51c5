"""Finding the face: the 3x3 lattice of light stickers on the cube's dark body.

Candidates are bright, nearly square blobs from a few binarisations of the HSV V channel
(global Otsu and local thresholds, so uneven light and coloured stickers still separate from
the dark body). Candidates of one size are grown into a lattice from a seed sticker, a
homography from lattice coordinates to the image is fitted, stickers the binarisation missed
are filled in from it, and a photo with no face, two faces or a cut-off face is refused with a
message that says which and why.
"""
from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from sudoku_cube.models.errors import SudokuCubeError
from sudoku_cube.vision.face_cues import CHROMA_FLOOR, CHROMA_WEIGHT, Levels, chroma, groove_masks, plateaus
from sudoku_cube.vision.perspective import plausible

WORK_SIDE = 900
"""Detection runs on a copy whose longer side is at most this many pixels."""


class FaceNotFoundError(SudokuCubeError):
    """No usable 3x3 face in a photo; the message says which problem (none, two, partial)."""


@dataclass(frozen=True)
class Blob:
    """A sticker candidate: centre (x, y), area, side length and angle of its min-area box."""

    centre: np.ndarray
    area: float
    side: float
    angle: float


@dataclass(frozen=True)
class FaceGeometry:
    """Where the face is: ``homography`` maps lattice coordinates (column, row), sticker
    centres at 0..2, to image pixels; ``quad`` is the outline (top-left, top-right,
    bottom-right, bottom-left) in image pixels; ``found`` marks which of the 9 stickers
    were seen (the others were filled in from the lattice)."""

    homography: np.ndarray
    quad: np.ndarray
    found: tuple[bool, ...]

    def cell_centres(self) -> np.ndarray:
        """Image positions of the 9 sticker centres, row by row."""
        pts = np.array([[c, r] for r in range(3) for c in range(3)], np.float64)
        return project(self.homography, pts)


def project(h: np.ndarray, pts: np.ndarray) -> np.ndarray:
    """Apply a homography to (N, 2) points."""
    p = np.hstack([pts, np.ones((len(pts), 1))]) @ h.T
    return p[:, :2] / p[:, 2:3]


def _value(image: np.ndarray) -> np.ndarray:
    """The HSV V channel (max of B, G, R); OpenCV's max is many times faster than numpy's
    reduction over the last axis."""
    if image.ndim != 3:
        return image
    b, g, r = cv2.split(image)
    return cv2.max(cv2.max(b, g), r)


def _binarisations(v: np.ndarray) -> list[np.ndarray]:
    """Masks of 'light' pixels: Otsu, and two local thresholds for uneven light."""
    blur = cv2.GaussianBlur(v, (5, 5), 0)
    _, otsu = cv2.threshold(blur, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    side = max(v.shape)
    masks = [otsu]
    for frac, c in ((0.12, -4), (0.05, -2)):
        block = int(side * frac) | 1
        masks.append(cv2.adaptiveThreshold(blur, 255, cv2.ADAPTIVE_THRESH_MEAN_C,
                                           cv2.THRESH_BINARY, block, c))
    kernel = np.ones((3, 3), np.uint8)
    return [cv2.morphologyEx(m, cv2.MORPH_OPEN, kernel) for m in masks]


def _blobs(mask: np.ndarray, min_area: float, max_area: float) -> list[Blob]:
    """Square-ish outer contours of a mask (sticker candidates)."""
    contours, hier = cv2.findContours(mask, cv2.RETR_CCOMP, cv2.CHAIN_APPROX_SIMPLE)
    out = []
    if hier is None:
        return out
    for cnt, h in zip(contours, hier[0]):
        if h[3] != -1:
            continue  # a hole (the ink of a digit), not a sticker outline
        hull = cv2.convexHull(cnt)
        area = cv2.contourArea(hull)
        if not min_area <= area <= max_area:
            continue
        (cx, cy), (w, hh), ang = cv2.minAreaRect(hull)
        if w <= 0 or hh <= 0 or max(w, hh) > 1.7 * min(w, hh):
            continue
        if area < 0.72 * w * hh or cv2.contourArea(cnt) < 0.55 * area:
            continue
        out.append(Blob(np.array([cx, cy]), area, float(np.sqrt(area)), float(ang)))
    return out


def _glyph_blobs(masks: list[np.ndarray], area: float) -> list[Blob]:
    """Light digits as lattice points: outer contours of the light masks shaped like a digit
    (a 1 is narrow, a 7 fills little of its box), each standing for its box's longer side
    squared, so that digits of one print count as one size whatever their shape."""
    out = []
    for mask in masks:
        contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
        for cnt in contours:
            (cx, cy), (w, h), ang = cv2.minAreaRect(cnt)
            long, short = max(w, h), min(w, h)
            if not GLYPH_AREA[0] * area <= long * long <= GLYPH_AREA[1] * area:
                continue
            if short < 0.15 * long or cv2.contourArea(cnt) < 0.1 * long * long:
                continue
            out.append(Blob(np.array([cx, cy]), float(long * long), float(long), float(ang)))
    return out


GLYPH_AREA = (0.0005, 0.03)
"""Least and most (share of the picture) of a light digit's box, its longer side squared."""


def _dedupe(blobs: list[Blob]) -> list[Blob]:
    """One blob per place and size: the same sticker found by several binarisations counts
    once, but a much larger blob (stickers merged by glare) does not hide the stickers it
    covers; the lattice only ever links blobs of similar size."""
    kept: list[Blob] = []
    for b in sorted(blobs, key=lambda b: -b.area):
        if all(np.linalg.norm(b.centre - k.centre) > 0.5 * k.side or k.area > 2.0 * b.area
               for k in kept):
            kept.append(b)
    return kept


def _axes(blob: Blob) -> tuple[np.ndarray, np.ndarray]:
    """Unit vectors along the blob's box, the first nearest image-right, the second down."""
    t = np.deg2rad(blob.angle)
    u = np.array([np.cos(t), np.sin(t)])
    v = np.array([-np.sin(t), np.cos(t)])
    cands = [u, v, -u, -v]
    a = max(cands, key=lambda w: w[0])
    b = np.array([-a[1], a[0]])
    if b[1] < 0:
        b = -b
    return a, b


REACH = 3.2
"""The nearest similar blob up to this many of a blob's sides away, along its box's axes,
gives the lattice pitch: a sticker's neighbour lies about 1.1 sides away, the neighbour of a
digit (white digits on dark stickers are the brightest blobs) two or three of its sides."""

STEPS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1),
         (2, 0), (-2, 0), (0, 2), (0, -2))
"""Lattice steps tried from a sticker: its neighbours, then across a diagonal or a missing
sticker (glare, shade or a print the masks missed), so one lost sticker does not split the
face into pieces."""


def _grow(seed: Blob, blobs: list[Blob]) -> dict[tuple[int, int], Blob]:
    """Lattice coordinates of the blobs reachable from ``seed`` by neighbour steps."""
    a, b = _axes(seed)
    similar = [x for x in blobs if 0.5 < x.area / seed.area < 2.0]
    pts = np.array([x.centre for x in similar], np.float64).reshape(-1, 2)
    d = pts - seed.centre
    dist = np.hypot(d[:, 0], d[:, 1])
    with np.errstate(divide="ignore", invalid="ignore"):
        cos = np.maximum(np.abs(d @ a), np.abs(d @ b)) / dist
    near = (dist > 0.9 * seed.side) & (dist < REACH * seed.side) & (cos > 0.9)
    if not near.any():
        return {(0, 0): seed}
    pitch = float(dist[near].min())
    grid = {(0, 0): seed}
    vec = {(0, 0): (a * pitch, b * pitch)}
    queue = [(0, 0)]
    free = np.array([x is not seed for x in similar], bool)
    while queue:
        key = queue.pop(0)
        va, vb = vec[key]
        c = grid[key].centre
        for di, dj in STEPS:
            nk = (key[0] + di, key[1] + dj)
            if nk in grid:
                continue
            pred = c + di * va + dj * vb
            off = np.hypot(pts[:, 0] - pred[0], pts[:, 1] - pred[1])
            off[~free] = np.inf
            i = int(np.argmin(off))
            if not off[i] < 0.3 * pitch:
                continue
            best = similar[i]
            step = best.centre - c
            nva, nvb = va, vb
            if abs(di) + abs(dj) == 1:  # a neighbour: follow the perspective's change of pitch
                nva, nvb = (step * di if di else va, step * dj if dj else vb)
            grid[nk] = best
            vec[nk] = (nva, nvb)
            free[i] = False
            queue.append(nk)
    return grid


def _best_window(grid: dict[tuple[int, int], Blob]) -> tuple[dict[tuple[int, int], Blob], int]:
    """The 3x3 window of lattice positions holding most blobs, and how many lie outside it."""
    cols = [k[0] for k in grid]
    rows = [k[1] for k in grid]
    if max(cols) - min(cols) < 3 and max(rows) - min(rows) < 3:
        return grid, 0
    best, best_n = grid, -1
    for i0 in range(min(cols), max(cols) - 1):
        for j0 in range(min(rows), max(rows) - 1):
            sub = {k: b for k, b in grid.items() if i0 <= k[0] < i0 + 3 and j0 <= k[1] < j0 + 3}
            if len(sub) > best_n:
                best, best_n = sub, len(sub)
    return best, len(grid) - best_n


def _fit(grid: dict[tuple[int, int], Blob]) -> np.ndarray | None:
    keys = list(grid)
    src = np.array(keys, np.float64)
    dst = np.array([grid[k].centre for k in keys], np.float64)
    if len(keys) < 4 or np.linalg.matrix_rank(src - src.mean(0)) < 2:
        return None
    h, _ = cv2.findHomography(src, dst, 0)
    if h is not None and len(keys) < 7 and \
            np.median([b.side for b in grid.values()]) < GLYPH_SIDE * _pitch(h):
        # a few blobs much smaller than the pitch are digits, whose centres stray from their
        # stickers' by a stroke or an underline: an affine lattice, steadier
        a, *_ = np.linalg.lstsq(np.hstack([src, np.ones((len(src), 1))]), dst, rcond=None)
        h = np.vstack([a.T, [0.0, 0.0, 1.0]])
    return h


GLYPH_SIDE = 0.7
"""Blobs whose side is below this share of the pitch are digits rather than stickers."""


OUTLIER = 0.2
"""A sticker whose centre lies this far (in sticker pitches) from the fitted lattice is
dropped from the fit: glare or a shadow cut into its outline and moved its centre."""


def _robust_fit(grid: dict[tuple[int, int], Blob]
                ) -> tuple[np.ndarray | None, dict[tuple[int, int], Blob]]:
    """Fit the lattice homography, dropping the sticker that the others predict worst while
    it lies more than :data:`OUTLIER` pitches off and at least 6 would remain; returns the
    homography and the stickers it rests on."""
    while len(grid) > 6:
        worst, worst_res = None, OUTLIER
        for k in grid:
            src = np.array([j for j in grid if j != k], np.float64)
            dst = np.array([grid[j].centre for j in grid if j != k], np.float64)
            # an affine fit predicts the left-out sticker steadily (a homography bends to it)
            a, *_ = np.linalg.lstsq(np.hstack([src, np.ones((len(src), 1))]), dst, rcond=None)
            pred = np.array([k[0], k[1], 1.0]) @ a
            pitch = np.sqrt(abs(np.linalg.det(a[:2])))
            res = float(np.linalg.norm(pred - grid[k].centre) / max(pitch, 1e-6))
            if res > worst_res:
                worst, worst_res = k, res
        if worst is None:
            break
        grid = {k: b for k, b in grid.items() if k != worst}
    return _fit(grid), grid


GOOD_CELL = 0.15
"""A cell whose plateau stands this far above its grooves (:func:`vision.face_cues.cell_contrast`)
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

    @property
    def good(self) -> int:
        """How many of the nine cells look like stickers."""
        return int((self.cells >= GOOD_CELL).sum())

    @property
    def rank(self) -> tuple[float, int, int]:
        """Better hypotheses rank higher: more contrast over the nine cells (a lattice a row
        off keeps a few weak background cells that pass as stickers, but loses contrast),
        then more sticker-like cells, more blobs."""
        return float(np.clip(self.cells, -1, 1).sum()), self.good, len(self.grid)


def _groups(blobs: list[Blob]) -> list[dict[tuple[int, int], Blob]]:
    """The lattices grown from every blob, each distinct set of blobs once, largest first."""
    seen, out = set(), []
    for seed in blobs:
        grid = _grow(seed, blobs)
        key = frozenset(id(b) for b in grid.values())
        if key not in seen:
            seen.add(key)
            out.append(grid)
    out.sort(key=lambda g: -len(g))
    return out


def _hypotheses(group: dict[tuple[int, int], Blob], flat: Levels) -> list[Hypothesis]:
    """Every 3x3 window over a group that rests on at least 4 of its blobs, fitted and scored
    over all nine cells. A group of fewer than 3 rows or columns (a row lost to glare, tilt
    or shade) gives the windows that extend it, so the cells its blobs did not cover are
    judged by the picture itself."""
    cols = [k[0] for k in group]
    rows = [k[1] for k in group]
    out = []
    for i0 in range(max(cols) - 2, min(cols) + 1) if max(cols) - min(cols) < 3 else \
            range(min(cols), max(cols) - 1):
        for j0 in range(max(rows) - 2, min(rows) + 1) if max(rows) - min(rows) < 3 else \
                range(min(rows), max(rows) - 1):
            sub = {(i - i0, j - j0): b for (i, j), b in group.items()
                   if i0 <= i < i0 + 3 and j0 <= j < j0 + 3}
            if len(sub) < 4:
                continue
            hom, sub = _robust_fit(sub)
            if hom is not None:
                out.append(_scored(hom, sub, flat))
    return out


SETTLED = 8
"""How many of the best hypotheses are tried a row or a column further (:func:`_settled`): a
face whose top row a thumb hides gives a lattice a row low that ranks below others until it
is moved, so not only the first three."""

SETTLE_GAIN = 0.3
"""How much more summed contrast a lattice moved a row or column must score to replace the
one its blobs gave: a row of background that turns into a row of stickers gains a good deal
more, but the foreshortened stickers of a side face beside the face score nearly as well as
its own last row, and moving onto them by a hair misplaces the face."""


def _scored(hom: np.ndarray, grid: dict, flat: Levels) -> Hypothesis:
    seen = np.array([(c, r) in grid for r in range(3) for c in range(3)])
    return Hypothesis(hom, grid, flat.contrast(hom, seen))


def _settled(h: Hypothesis, flat: Levels) -> Hypothesis:
    """The hypothesis moved a row or column at a time while that scores better: a lattice of
    digits or of stickers missing a row can sit one row off the face, with the face's row
    outside it and a row of background inside; the cells themselves tell."""
    for _ in range(2):
        moved = []
        for dc, dr in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            hom = h.hom @ np.array([[1.0, 0, dc], [0, 1.0, dr], [0, 0, 1.0]])
            grid = {(c - dc, r - dr): b for (c, r), b in h.grid.items()
                    if 0 <= c - dc <= 2 and 0 <= r - dr <= 2}
            moved.append(_scored(hom, grid, flat))
        best = max(moved, key=lambda m: m.rank[:2])
        if best.rank[0] <= h.rank[0] + SETTLE_GAIN or best.good < GOOD_CELLS:
            break
        h = best
    return h


def _separate(a: Hypothesis, b: Hypothesis) -> bool:
    """True when ``b`` is another face beside ``a``: no blob in common, its centre at least
    2.5 pitches from ``a``'s in ``a``'s lattice, and of a similar size."""
    if {id(x) for x in a.grid.values()} & {id(x) for x in b.grid.values()}:
        return False
    centre = project(b.hom, np.array([[1.0, 1.0]]))
    c, r = project(np.linalg.inv(a.hom), centre)[0]
    ratio = _pitch(b.hom) / max(_pitch(a.hom), 1e-6)
    return max(abs(c - 1), abs(r - 1)) >= 2.5 and 0.6 < ratio < 1.6


def _pitch(hom: np.ndarray) -> float:
    """The lattice's pitch in pixels at its first cell (0 for a degenerate lattice)."""
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        p = project(hom, np.array([[0.0, 0.0], [1.0, 0.0], [0.0, 1.0]]))
        (ax, ay), (bx, by) = p[1] - p[0], p[2] - p[0]
        pitch = float(np.sqrt(abs(ax * by - ay * bx)))
    return pitch if np.isfinite(pitch) else 0.0


def _choose(groups: list[dict], flat: Levels, source: str
            ) -> tuple[Hypothesis | None, bool]:
    """The best-scoring face among the groups' hypotheses, or None when none has
    :data:`GOOD_CELLS` sticker-like cells and a plausible perspective; refuses two separate
    faces that both score. The flag tells whether a lattice of sticker-like cells was set
    aside as no flat square grid (:mod:`vision.perspective`: one bent round a cube's edge)."""
    hyps = sorted((h for g in groups if len(g) >= 4 for h in _hypotheses(g, flat)),
                  key=lambda h: h.rank, reverse=True)
    hyps = [_settled(h, flat) for h in hyps[:SETTLED]] + hyps[SETTLED:]
    scoring = [h for h in hyps if h.good >= GOOD_CELLS]
    height, width = flat.shape[:2]
    faces = sorted((h for h in scoring if plausible(h.hom, width, height)),
                   key=lambda h: h.rank, reverse=True)
    if not faces:
        return None, bool(scoring)
    best = faces[0]
    for other in faces[1:]:
        if len(other.grid) >= 6 and _separate(best, other):
            raise FaceNotFoundError(
                f"{source}: two faces in one photo (two separate 3x3 groups of stickers); "
                "photograph a single face straight on")
    return best, False


def _sticker_blobs(masks: list[np.ndarray], area: float) -> list[Blob]:
    blobs: list[Blob] = []
    for mask in masks:
        blobs.extend(_blobs(mask, area * 0.0012, area * 0.12))
    return blobs


def find_face(image: np.ndarray, source: str = "photo") -> FaceGeometry:
    """Locate the 3x3 face in a BGR image; raise :class:`FaceNotFoundError` saying why not.

    Sticker candidates come first from light-sticker masks, then, when those give no face,
    also from the regions between grooves (any sticker colour, light or dark digits,
    :mod:`vision.face_cues`). Every lattice they form is judged over all nine cells and the
    best is kept. ``source`` names the photo in messages.
    """
    h0, w0 = image.shape[:2]
    scale = min(1.0, WORK_SIDE / max(h0, w0))
    small = cv2.resize(image, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA) \
        if scale < 1 else image
    v = _value(small)
    area = v.shape[0] * v.shape[1]
    level = Levels(((cv2.medianBlur(v, 5), 10.0, 1.0),))
    masks = _binarisations(v)
    blobs = _dedupe(_sticker_blobs(masks, area))
    groups = _groups(blobs)
    best, bent = _choose(groups, level, source)
    if best is None:
        blobs = _dedupe(blobs + _sticker_blobs(groove_masks(plateaus(v)), area))
        groups = _groups(blobs)
        best, more = _choose(groups, level, source)
        bent |= more
    if best is None:  # light digits as lattice points (the refusal speaks of stickers)
        best, more = _choose(_groups(_dedupe(blobs + _glyph_blobs(masks, area))), level,
                             source)
        bent |= more
    if best is None:  # coloured stickers on a light body: bright on chroma
        best, more, cblobs = _on_chroma(small, level, blobs, area, source)
        bent |= more
        if not groups or len(groups[0]) < 3:  # the refusal speaks of what chroma saw
            blobs, groups = cblobs, _groups(cblobs)
    if best is None and bent:
        raise FaceNotFoundError(
            f"{source}: two faces in one photo (the stickers do not lie on one flat face: the "
            "cube is seen across one of its edges); photograph a single face straight on")
    if best is None:
        _refuse(source, blobs, groups, v.shape)
    found = tuple((c, r) in best.grid for r in range(3) for c in range(3))
    full = scale_homography(best.hom, 1.0 / scale)
    corners = np.array([[-0.5, -0.5], [2.5, -0.5], [2.5, 2.5], [-0.5, 2.5]])
    return FaceGeometry(full, project(full, corners), found)


def _on_chroma(small: np.ndarray, level: Levels, blobs: list[Blob], area: float, source: str
               ) -> tuple[Hypothesis | None, bool, list[Blob]]:
    """The face sought on chroma (:func:`vision.face_cues.chroma`): on a white or light body
    the grooves are lighter than coloured stickers, so the value channel's masks merge them or
    see them as holes, but on chroma they are bright squares framed by a grey body. Cells are
    judged on chroma and on the value channel, each its best (a white sticker on a white body
    shows only on the value channel). Returns the best face or None, whether a bent lattice
    was set aside, and the blobs seen."""
    ch = chroma(small)
    cblobs = _dedupe(blobs + _sticker_blobs(_binarisations(ch) + groove_masks(plateaus(ch)),
                                            area))
    levels = Levels(level.images + ((cv2.medianBlur(ch, 5), CHROMA_FLOOR, CHROMA_WEIGHT),))
    best, bent = _choose(_groups(cblobs), levels, source)
    return best, bent, cblobs


def _refuse(source: str, blobs: list[Blob], groups: list[dict], shape: tuple[int, ...]) -> None:
    """Raise the message that says why no face was accepted: no stickers, too few in a grid,
    two faces side by side, a face cut off or partly hidden."""
    if len(blobs) < 3 or not groups:
        raise FaceNotFoundError(
            f"{source}: no cube face found (no group of square stickers framed by the dark "
            "grooves of a cube); photograph one face so it fills about half of the picture, "
            "in even light")
    best = groups[0]
    if len(best) < 4:
        _raise_line(source, best, shape)
        raise FaceNotFoundError(
            f"{source}: no cube face found (only {len(best)} sticker(s) line up in a grid: is "
            "the photo blurred, too dark, or the face too small, or is it a stickerless cube, "
            "whose pieces touch without dark grooves between them?); photograph one face "
            "sharply so it fills about half of the picture, in even light")
    best, extra = _best_window(best)
    if extra >= 3:
        raise FaceNotFoundError(
            f"{source}: two faces in one photo (more than 3 rows or columns of stickers line "
            "up); photograph a single face straight on")
    cols = sorted({k[0] for k in best})
    rows = sorted({k[1] for k in best})
    i0, j0 = cols[0], rows[0]
    hom, grid = _robust_fit({(i - i0, j - j0): b for (i, j), b in best.items()})
    if hom is None:
        raise FaceNotFoundError(f"{source}: no cube face found (stickers do not form a grid)")
    if len(cols) < 3 or len(rows) < 3:
        _raise_partial(source, hom, len(cols), len(rows), shape, i0, j0)
    if len(grid) >= GOOD_CELLS:
        raise FaceNotFoundError(
            f"{source}: no cube face found ({len(grid)} shapes line up in a 3 x 3 grid, but "
            "too few of its cells stand out from the lines around them as stickers do: glare, "
            "deep shade, or stickers the colour of the cube's body?); photograph one face "
            "straight on, in even light and without glare")
    raise FaceNotFoundError(
        f"{source}: only {len(grid)} of the 9 stickers of the face were found; take the "
        "photo again with the whole face in view and without glare")


def scale_homography(h: np.ndarray, s: float) -> np.ndarray:
    """The homography followed by scaling the image by ``s``."""
    return np.diag([s, s, 1.0]) @ h


def _raise_partial(source: str, hom: np.ndarray, ncols: int, nrows: int,
                   shape: tuple[int, ...], i0: int, j0: int) -> None:
    """Explain a face with fewer than 3 rows or columns found: cut off at an edge, or not."""
    hgt, wid = shape[:2]
    edges = []
    pts = {"left": (-1, 1), "right": (ncols, 1), "top": (1, -1), "bottom": (1, nrows)}
    for name, (c, r) in pts.items():
        if (name in ("left", "right") and ncols < 3) or (name in ("top", "bottom") and nrows < 3):
            x, y = project(hom, np.array([[c, min(r, nrows - 1) if r >= 0 else 0]], float))[0]
            if not (0 <= x < wid and 0 <= y < hgt):
                edges.append(name)
    where = f" (cut off at the {' and '.join(edges)} edge of the photo)" if edges else \
        " (is the face partly hidden, or are the other stickers the colour of the cube's body?)"
    raise FaceNotFoundError(
        f"{source}: partial face: only {ncols} column(s) x {nrows} row(s) of stickers are "
        f"found{where}; take the photo again with the whole face inside the picture")


def _raise_line(source: str, grid: dict[tuple[int, int], Blob], shape: tuple[int, ...]) -> None:
    """A single full row or column of 3 stickers next to the photo's edge: a cut-off face."""
    cols = {k[0] for k in grid}
    rows = {k[1] for k in grid}
    if len(grid) != 3 or (len(cols) != 1 and len(rows) != 1):
        return
    hgt, wid = shape[:2]
    pts = np.array([b.centre for b in grid.values()])
    side = float(np.mean([b.side for b in grid.values()]))
    if len(cols) == 1:
        sides = (("left", pts[:, 0].min()), ("right", wid - pts[:, 0].max()))
    else:
        sides = (("top", pts[:, 1].min()), ("bottom", hgt - pts[:, 1].max()))
    name, dist = min(sides, key=lambda s: s[1])
    where = f" (cut off at the {name} edge of the photo)" if dist < 2.5 * side else ""
    what = "1 column x 3 rows" if len(cols) == 1 else "3 columns x 1 row"
    raise FaceNotFoundError(
        f"{source}: partial face: only {what} of stickers are visible{where}; take the photo "
        "again with the whole face inside the picture")
