"""Finding the three sheared 3x3 sticker lattices of a corner photo.

Stickers are bright rounded squares on the dark body; in a corner photo each face's stickers are
parallelograms whose edges run along two of the three image directions of the cube's axes. So:
find sticker quads (contours at a few brightness thresholds), cluster all their edge directions
into three axis directions, group each quad by the pair of directions its edges follow (one
group per face), give every quad of a group its row and column along the group's two
directions, and fit a homography from lattice coordinates to the image per face.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np


@dataclass(frozen=True)
class Quad:
    """One sticker candidate: its centre, its four corners (image order) and edge vectors."""

    centre: np.ndarray
    corners: np.ndarray
    edges: tuple[np.ndarray, np.ndarray]
    area: float


@dataclass(frozen=True)
class Lattice:
    """One face's sticker lattice: ``H`` maps lattice (u, v), each 0..3, to image pixels;
    ``cells`` maps the (u, v) index of each found sticker to its quad."""

    H: np.ndarray
    cells: dict[tuple[int, int], Quad]
    directions: tuple[int, int]

    def to_image(self, u: float, v: float) -> np.ndarray:
        """Image position of lattice point (u, v)."""
        p = self.H @ np.array([u, v, 1.0])
        return p[:2] / p[2]

    @property
    def centre(self) -> np.ndarray:
        """Image position of the face centre."""
        return self.to_image(1.5, 1.5)


def _quad_of(contour: np.ndarray) -> np.ndarray | None:
    """The 4 corners of a convex, quad-like contour, or None when it is not one."""
    hull = cv2.convexHull(contour)
    area = cv2.contourArea(contour)
    hull_area = cv2.contourArea(hull)
    if hull_area <= 0 or area / hull_area < 0.85:
        return None
    peri = cv2.arcLength(hull, True)
    for eps in (0.03, 0.045, 0.06, 0.08):
        approx = cv2.approxPolyDP(hull, eps * peri, True)
        if len(approx) == 4:
            quad = approx.reshape(4, 2).astype(np.float64)
            qa = abs(cv2.contourArea(quad.astype(np.float32)))
            if 0.8 * hull_area <= qa <= 1.2 * hull_area:
                return quad
            return None
        if len(approx) < 4:
            return None
    return None


def _make_quad(corners: np.ndarray, area: float) -> Quad | None:
    e = [corners[(i + 1) % 4] - corners[i] for i in range(4)]
    a, b = (e[0] - e[2]) / 2, (e[1] - e[3]) / 2
    la, lb = np.linalg.norm(a), np.linalg.norm(b)
    if min(la, lb) < 4 or max(la, lb) > 4.5 * min(la, lb):
        return None
    # the two edge directions must not be near parallel
    if abs(float(a @ b)) / (la * lb) > 0.85:
        return None
    return Quad(corners.mean(axis=0), corners, (a, b), area)


def _local_contrast_masks(v: np.ndarray, block: int) -> list[np.ndarray]:
    """Masks of pixels in the upper part of their neighbourhood's V range, at two window
    sizes near a sticker's size: a sticker stands out from the dark gaps around it whether
    it is in shade, under glare, or on a background brighter than itself."""
    out = []
    for k in (block, (block * 2 // 3) | 1):
        se = cv2.getStructuringElement(cv2.MORPH_RECT, (k, k))
        lo = cv2.erode(v, se).astype(np.int16)
        hi = cv2.dilate(v, se).astype(np.int16)
        rng = hi - lo
        out.append(((2 * (v.astype(np.int16) - lo) > rng) & (rng > 24)).astype(np.uint8))
    return out


def _hue_masks(image: np.ndarray) -> list[np.ndarray]:
    """Masks of saturated pixels in overlapping hue windows: a coloured sticker is one hue
    throughout, so in shade or blur, where its brightness no longer stands out from the
    dark gaps, its hue still does (the body and its gaps are unsaturated)."""
    hsv = cv2.cvtColor(image, cv2.COLOR_BGR2HSV)
    hue = hsv[..., 0].astype(np.int16)
    # lit enough to trust its hue: V > 50, or less in a dim photo (0.3 of its brightest), so
    # its stickers are kept (noise in the black body has no steady hue or saturation)
    lit = max(12.0, min(50.0, 0.3 * float(np.percentile(hsv[::4, ::4, 2], 99))))
    coloured = (hsv[..., 1] > 60) & (hsv[..., 2] > lit)
    out = []
    for c in range(0, 180, 15):  # 30-unit windows (60 degrees) every 15 units (OpenCV hue)
        dist = np.abs((hue - c + 90) % 180 - 90)
        out.append((coloured & (dist <= 15)).astype(np.uint8))
    return out


def find_quads(image: np.ndarray, relaxed: bool = False, colour: bool = False) -> list[Quad]:
    """Bright convex quadrilaterals (sticker candidates) in a BGR image, deduplicated over a few
    global and local thresholds of the V channel (max of B, G, R). ``relaxed`` (a second pass
    for photos where the first found too little) thresholds by local contrast instead and
    splits blurred stickers harder; ``colour`` (a last pass) segments by hue instead."""
    v = image.max(axis=2)
    h, w = v.shape
    min_area = max(30.0, h * w * 0.00015)
    max_area = h * w * 0.05
    v = cv2.GaussianBlur(v, (3, 3), 0)
    if colour:
        return _quads_in(_hue_masks(cv2.GaussianBlur(image, (3, 3), 0)), min_area, max_area,
                         (h, w), (1,))
    if relaxed:
        return _quads_in(_local_contrast_masks(v, max(15, (min(h, w) // 12) | 1)),
                         min_area, max_area, (h, w), (1, 2))
    masks = []
    otsu, _ = cv2.threshold(v, 0, 255, cv2.THRESH_BINARY | cv2.THRESH_OTSU)
    lo, hi = np.percentile(v[::4, ::4], (2, 98))
    # a ladder of global levels: some level lies between the dark body and the stickers,
    # whether the background is darker or brighter than the stickers
    levels = sorted({int(otsu), *(int(lo + (hi - lo) * f) for f in (0.2, 0.32, 0.45, 0.6, 0.75))})
    for t in levels:
        masks.append((v > t).astype(np.uint8))
    block = max(15, (min(h, w) // 12) | 1)
    masks.append(cv2.adaptiveThreshold(v, 1, cv2.ADAPTIVE_THRESH_MEAN_C, cv2.THRESH_BINARY,
                                       block, -5))
    return _quads_in(masks, min_area, max_area, (h, w), (1,))


def _quads_in(masks: list[np.ndarray], min_area: float, max_area: float,
              shape: tuple[int, int], erosions: tuple[int, ...]) -> list[Quad]:
    """Sticker quads in binary masks and in copies eroded ``erosions`` times a thin ring,
    deduplicated and kept when they have lattice neighbours."""
    kernel = np.ones((3, 3), np.uint8)
    erode = max(2, round(min(shape) / 180))
    opened = [cv2.morphologyEx(m, cv2.MORPH_OPEN, kernel) for m in masks]
    candidates: list[tuple[float, Quad]] = []
    # eroded copies split stickers that blur or glare has joined across the thin dark gaps;
    # RETR_LIST, because on a bright background the stickers are islands in the body's hole
    eroded = []
    for k in erosions:
        thin = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * k * erode + 1, 2 * k * erode + 1))
        eroded += [cv2.erode(m, thin) for m in opened]
    for mask in opened + eroded:
        contours, _ = cv2.findContours(mask, cv2.RETR_LIST, cv2.CHAIN_APPROX_SIMPLE)
        for c in contours:
            area = cv2.contourArea(c)
            if not min_area <= area <= max_area:
                continue
            corners = _quad_of(c)
            if corners is None:
                continue
            q = _make_quad(corners, area)
            if q is not None:
                fit = area / max(1.0, abs(cv2.contourArea(corners.astype(np.float32))))
                candidates.append((-abs(1 - fit), q))
    candidates.sort(key=lambda t: t[0], reverse=True)
    found: list[Quad] = []
    for _, q in candidates:
        size = math.sqrt(q.area)
        if any(np.linalg.norm(q.centre - o.centre) < 0.35 * max(size, math.sqrt(o.area))
               for o in found):
            continue
        found.append(q)
    return _with_neighbours(found)


def _with_neighbours(quads: list[Quad]) -> list[Quad]:
    """Keep quads that have at least two neighbours of similar size nearby (a lattice)."""
    keep = []
    for q in quads:
        size = math.sqrt(q.area)
        near = 0
        for o in quads:
            if o is q or not 0.4 < o.area / q.area < 2.5:
                continue
            if np.linalg.norm(o.centre - q.centre) < 1.9 * size:
                near += 1
        if near >= 2:
            keep.append(q)
    return keep


def _doubled(vec: np.ndarray) -> np.ndarray:
    """Unit vector of the doubled angle, so that opposite directions coincide."""
    t = 2 * math.atan2(vec[1], vec[0])
    return np.array([math.cos(t), math.sin(t)])


def axis_directions(quads: list[Quad], k: int = 3) -> np.ndarray:
    """Up to ``k`` dominant edge directions (doubled-angle unit vectors), strongest first, from
    a histogram of all quad edge angles."""
    angles = []
    for q in quads:
        for e in q.edges:
            angles.append(math.degrees(math.atan2(e[1], e[0])) % 180)
    hist = np.zeros(180)
    for a in angles:
        hist[int(a) % 180] += 1
    smooth = sum(np.roll(hist, s) * wt for s, wt in ((-2, 1), (-1, 2), (0, 3), (1, 2), (2, 1)))
    peaks = []
    work = smooth.copy()
    for _ in range(k):
        i = int(np.argmax(work))
        if work[i] <= 0 or (peaks and work[i] < 0.15 * smooth[peaks[0]]):
            break
        peaks.append(i)
        for d in range(-22, 23):
            work[(i + d) % 180] = 0
    dirs = np.array([[math.cos(math.radians(2 * p)), math.sin(math.radians(2 * p))]
                     for p in peaks])
    # refine each direction as the mean of the edges nearest to it
    for _ in range(3):
        sums = np.zeros_like(dirs)
        for q in quads:
            for e in q.edges:
                d = _doubled(e)
                j = int(np.argmax(dirs @ d))
                sums[j] += d
        norms = np.linalg.norm(sums, axis=1)
        dirs = np.where(norms[:, None] > 0, sums / np.maximum(norms[:, None], 1e-9), dirs)
    return dirs


def group_by_faces(quads: list[Quad], dirs: np.ndarray) -> dict[tuple[int, int], list[Quad]]:
    """Quads grouped by the pair of axis directions their two edges follow (one pair per face);
    quads whose edges match no direction well are dropped."""
    groups: dict[tuple[int, int], list[Quad]] = {}
    for q in quads:
        picks = []
        for e in q.edges:
            sims = dirs @ _doubled(e)
            j = int(np.argmax(sims))
            if sims[j] < math.cos(math.radians(2 * 20)):
                break
            picks.append(j)
        if len(picks) != 2 or picks[0] == picks[1]:
            continue
        groups.setdefault(tuple(sorted(picks)), []).append(q)  # type: ignore[arg-type]
    return groups


def _axis_vector(quads: list[Quad], dirs: np.ndarray, j: int) -> np.ndarray:
    """Median edge vector of a group's quads along axis direction ``j`` (sign-aligned)."""
    ref = None
    vecs = []
    for q in quads:
        for e in q.edges:
            if int(np.argmax(dirs @ _doubled(e))) != j:
                continue
            if ref is None:
                ref = e
            vecs.append(e if e @ ref >= 0 else -e)
    return np.median(np.array(vecs), axis=0)


def _split(values: np.ndarray, gap: float) -> list[list[int]]:
    """Indices of ``values`` split into runs wherever sorted neighbours differ by > ``gap``."""
    order = np.argsort(values)
    runs: list[list[int]] = [[int(order[0])]]
    for a, b in zip(order, order[1:]):
        if values[b] - values[a] > gap:
            runs.append([])
        runs[-1].append(int(b))
    return runs


def _three_runs(runs: list[list[int]]) -> list[list[int]] | None:
    """The three consecutive runs holding the most quads (clutter beyond a face is dropped)."""
    if len(runs) < 3:
        return None
    best = max(range(len(runs) - 2), key=lambda i: sum(len(r) for r in runs[i:i + 3]))
    return runs[best:best + 3]


def _edge_along(q: Quad, axis: np.ndarray) -> float:
    """Length of the quad's edge that runs nearest to ``axis``."""
    a, b = q.edges
    u = axis / np.linalg.norm(axis)
    return float(np.linalg.norm(a) if abs(a @ u) / np.linalg.norm(a) >= abs(b @ u) / np.linalg.norm(b)
                 else np.linalg.norm(b))


def _same_size(quads: list[Quad], a: np.ndarray, b: np.ndarray) -> list[Quad]:
    """Quads whose two edge lengths are near the group's medians (drops halves of stickers
    split by glare, and merged pairs)."""
    la = np.array([_edge_along(q, a) for q in quads])
    lb = np.array([_edge_along(q, b) for q in quads])
    ma, mb = np.median(la), np.median(lb)
    return [q for q, x, y in zip(quads, la, lb) if 0.7 < x / ma < 1.4 and 0.7 < y / mb < 1.4]


def fit_homography(cells: dict[tuple[int, int], Quad]) -> np.ndarray | None:
    """Homography from lattice (u, v) to the image through the centres of the found cells;
    None with fewer than 4 cells or all in one row or column."""
    if len(cells) < 4 or len({u for u, _ in cells}) < 2 or len({v for _, v in cells}) < 2:
        return None
    src = np.array([[u + 0.5, v + 0.5] for u, v in cells], np.float64)
    dst = np.array([q.centre for q in cells.values()], np.float64)
    H, _ = cv2.findHomography(src, dst, 0)
    return H


def reassign(quads: list[Quad], H: np.ndarray) -> dict[tuple[int, int], Quad]:
    """Each quad to the lattice cell whose centre it sits on (within 0.3 of a place)."""
    inv = np.linalg.inv(H)
    cells: dict[tuple[int, int], tuple[float, Quad]] = {}
    for q in quads:
        p = inv @ np.array([q.centre[0], q.centre[1], 1.0])
        u, v = p[0] / p[2] - 0.5, p[1] / p[2] - 0.5
        iu, iv = round(u), round(v)
        err = math.hypot(u - iu, v - iv)
        if 0 <= iu <= 2 and 0 <= iv <= 2 and err < 0.3:
            if (iu, iv) not in cells or err < cells[(iu, iv)][0]:
                cells[(iu, iv)] = (err, q)
    return {k: q for k, (_, q) in cells.items()}


def _run_choices(runs: list[list[int]]) -> list[list[list[int]]]:
    """Ways to index the runs along one lattice axis as columns 0, 1, 2: the three best
    consecutive runs; with only two runs (a row of stickers missed), both placements."""
    three = _three_runs(runs)
    if three is not None:
        return [three]
    if len(runs) == 2:
        return [[runs[0], runs[1], []], [[], runs[0], runs[1]]]
    return []


def _lattice_from(quads: list[Quad], cols: list[list[int]], rows: list[list[int]],
                  pair: tuple[int, int]) -> Lattice | None:
    index: dict[int, tuple[int, int]] = {}
    for ci, run in enumerate(cols):
        for i in run:
            index[i] = (ci, -1)
    for ri, run in enumerate(rows):
        for i in run:
            if i in index:
                index[i] = (index[i][0], ri)
    cells: dict[tuple[int, int], Quad] = {}
    for i, (u, v) in index.items():
        if v < 0:
            continue
        q = quads[i]
        if (u, v) not in cells or q.area > cells[(u, v)].area:
            cells[(u, v)] = q
    H = fit_homography(cells)
    for _ in range(2):  # settle: reassign by the fitted lattice, refit
        if H is None:
            return None
        cells = reassign(quads, H)
        H = fit_homography(cells)
    if H is None:
        return None
    return Lattice(H, cells, pair)


def fit_lattices(quads: list[Quad], dirs: np.ndarray, pair: tuple[int, int]) -> list[Lattice]:
    """Rows and columns of a face's quads along its two directions, and the homography from
    lattice coordinates (u along ``pair[0]``, v along ``pair[1]``, each 0..3) to the image.
    One lattice when the quads form three rows and three columns; when a whole row or column
    was missed, every placement of the two found ones (the caller picks by the other faces);
    none when the quads do not form a lattice."""
    if len(quads) < 4:
        return []
    a = _axis_vector(quads, dirs, pair[0])
    b = _axis_vector(quads, dirs, pair[1])
    basis = np.stack([a, b], axis=1)
    if abs(np.linalg.det(basis)) < 1e-6:
        return []
    quads = _same_size(quads, a, b)
    if len(quads) < 4:
        return []
    centres = np.array([q.centre for q in quads])
    coords = (np.linalg.inv(basis) @ (centres - np.median(centres, axis=0)).T).T
    out = []
    for cols in _run_choices(_split(coords[:, 0], 0.55)):
        for rows in _run_choices(_split(coords[:, 1], 0.55)):
            lat = _lattice_from(quads, cols, rows, pair)
            if lat is not None:
                out.append(lat)
    return out


def fit_lattice(quads: list[Quad], dirs: np.ndarray, pair: tuple[int, int]) -> Lattice | None:
    """The face's lattice when its quads form three rows and three columns, else None."""
    found = fit_lattices(quads, dirs, pair)
    return found[0] if len(found) == 1 else None


@dataclass(frozen=True)
class Found:
    """What :func:`find_lattices` saw: whole face lattices (best first, by sticker count),
    per face with a row or column missed its alternative placements, and every sticker
    candidate (for rebuilding a face)."""

    lattices: list[Lattice]
    partial: list[list[Lattice]]
    quads: list[Quad]


def _merge(first: list[Quad], more: list[Quad]) -> list[Quad]:
    """``first`` plus the quads of ``more`` that are not already there."""
    out = list(first)
    for q in more:
        if not any(np.linalg.norm(q.centre - o.centre) < 0.35 * math.sqrt(max(q.area, o.area))
                   for o in out):
            out.append(q)
    return out


def find_lattices(image: np.ndarray, relaxed: bool = False, more: list[Quad] = (),
                  colour: bool = False) -> Found:
    """The face lattices of a photo, the partial ones and all sticker candidates (those of
    :func:`find_quads` and ``more``, found earlier)."""
    quads = _merge(find_quads(image, relaxed, colour), list(more))
    if len(quads) < 4:
        return Found([], [], quads)
    dirs = axis_directions(quads)
    if len(dirs) < 2:
        return Found([], [], quads)
    whole, partial = [], []
    for pair, group in group_by_faces(quads, dirs).items():
        found = fit_lattices(group, dirs, pair)
        if len(found) == 1 and len(found[0].cells) >= 5:
            whole.append(found[0])
        elif len(found) > 1:
            partial.append(found)
    whole.sort(key=lambda lat: -len(lat.cells))
    partial.sort(key=lambda alts: -max(len(lat.cells) for lat in alts))
    return Found(whole, partial, quads)
