"""Finding the three sheared 3x3 sticker lattices of a corner photo.

Stickers are bright rounded squares on the dark body; in a corner photo each face's stickers are
parallelograms whose edges run along two of the three image directions of the cube's axes. So:
find sticker quads (contours at a few brightness thresholds), cluster all their edge directions
into three axis directions, group each quad by the pair of directions its edges follow (one
group per face), give every quad of a group its row and column along the group's two
directions, and fit a homography from lattice coordinates to the image per face. Where the
photo's dominant directions are not the cube's (a cutting mat's printed squares), the quads
are also grouped by neighbours alone (:mod:`vision.locate.corners.neighbours`), each group
fitted along its own two directions.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np

from ..detect import project
from ..face_cues import INNER
from ..lattice import FIRM
from ...numeric import TINY
from .check import pitch_of
from .homographies import usable
from .neighbours import PEAK_REACH, SAME_SIZE, doubled, neighbour_groups
from .quads import SAME_STICKER, SOLIDITY, Probe, Quad, find_quads

CORNERS = ((0, 0), (3, 0), (3, 3), (0, 3))
"""Lattice (u, v) of a face outline's corners, clockwise from the top left."""
MIDDLE = 3 / 2
"""Lattice u or v of the face's middle, halfway across its three cells."""
TO_NET = np.array([[1.0, 0, 0.5], [0, 1.0, 0.5], [0, 0, 1]])
"""A single face's lattice coordinates (sticker centres 0..2) to a corner lattice's (0..3)."""


def adjacent_corners(c: tuple[int, int]) -> list[tuple[int, int]]:
    """The two outline corners that share an edge with corner ``c``."""
    return [(3 - c[0], c[1]), (c[0], 3 - c[1])]


def outline(H: np.ndarray) -> np.ndarray:
    """Image positions (4, 2) of the outline corners of the lattice ``H`` maps."""
    return project(H, np.array(CORNERS, np.float64))


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
        return self.to_image(MIDDLE, MIDDLE)


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
        if work[i] <= 0:
            break
        peaks.append(i)
        for d in range(-PEAK_REACH, PEAK_REACH + 1):
            work[(i + d) % 180] = 0
    dirs = np.array([[math.cos(math.radians(2 * p)), math.sin(math.radians(2 * p))]
                     for p in peaks])
    # refine each direction as the mean of the edges nearest to it
    for _ in range(3):
        sums = np.zeros_like(dirs)
        for q in quads:
            for e in q.edges:
                d = doubled(e)
                j = int(np.argmax(dirs @ d))
                sums[j] += d
        norms = np.linalg.norm(sums, axis=1)
        dirs = np.divide(sums, norms[:, None], out=dirs.copy(), where=norms[:, None] > 0)
    return dirs


def group_by_faces(quads: list[Quad], dirs: np.ndarray) -> dict[tuple[int, int], list[Quad]]:
    """Quads grouped by the pair of axis directions their two edges follow (one pair per face);
    quads whose edges match no direction within :data:`PEAK_REACH` degrees are dropped."""
    groups: dict[tuple[int, int], list[Quad]] = {}
    for q in quads:
        picks = []
        for e in q.edges:
            sims = dirs @ doubled(e)
            j = int(np.argmax(sims))
            if sims[j] < math.cos(math.radians(2 * PEAK_REACH)):
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
            if int(np.argmax(dirs @ doubled(e))) != j:
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
    return float(np.linalg.norm(a)
                 if abs(a @ u) / np.linalg.norm(a) >= abs(b @ u) / np.linalg.norm(b)
                 else np.linalg.norm(b))


def _same_size(quads: list[Quad], a: np.ndarray, b: np.ndarray) -> list[Quad]:
    """Quads whose two edge lengths are near the group's medians (drops halves of stickers
    split by glare, and merged pairs)."""
    la = np.array([_edge_along(q, a) for q in quads])
    lb = np.array([_edge_along(q, b) for q in quads])
    ma, mb = np.median(la), np.median(lb)
    lo, hi = 1 / SAME_SIZE, SAME_SIZE
    return [q for q, x, y in zip(quads, la, lb) if lo < x / ma < hi and lo < y / mb < hi]


def fit_homography(cells: dict[tuple[int, int], Quad]) -> np.ndarray | None:
    """Homography from lattice (u, v) to the image through the centres of the found cells;
    None with fewer than 4 cells or all in one row or column."""
    if len(cells) < 4 or len({u for u, _ in cells}) < 2 or len({v for _, v in cells}) < 2:
        return None
    src = np.array([[u + 0.5, v + 0.5] for u, v in cells], np.float64)
    dst = np.array([q.centre for q in cells.values()], np.float64)
    H, _ = cv2.findHomography(src, dst, 0)
    return usable(H)


ON_CELL = INNER
"""Cells (lattice units) within which a point sits on a cell's centre: on the cell's inner
part, clear of its edge, as a blob sits on a predicted cell of a face photo's lattice
(:data:`vision.locate.face_cues.INNER`)."""


def reassign(quads: list[Quad], H: np.ndarray) -> dict[tuple[int, int], Quad]:
    """Each quad to the lattice cell whose centre it sits on (within :data:`ON_CELL`)."""
    inv = np.linalg.inv(H)
    cells: dict[tuple[int, int], tuple[float, Quad]] = {}
    for q in quads:
        p = inv @ np.array([q.centre[0], q.centre[1], 1.0])
        u, v = p[0] / p[2] - 0.5, p[1] / p[2] - 0.5
        iu, iv = round(u), round(v)
        err = math.hypot(u - iu, v - iv)
        if 0 <= iu <= 2 and 0 <= iv <= 2 and err < ON_CELL:
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


ROW_GAP = 0.5
"""A gap between neighbouring quads, along one of a face's directions and in its stickers'
median edge (:func:`_axis_vector`), wider than this starts a new row (or column). The quads
of one row lie about on a line across it, scattered by tilt and by the quads' own error; the
next row lies a sticker and its groove further on, about 1.1 edges. Half an edge parts the
two, a little short of the midway 0.55: the edge is the face's median, and on a face seen
aslant its far rows lie nearer together than that in these units."""


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
    if abs(np.linalg.det(basis)) < TINY:  # the two directions along one line
        return []
    quads = _same_size(quads, a, b)
    if len(quads) < 4:
        return []
    centres = np.array([q.centre for q in quads])
    coords = (np.linalg.inv(basis) @ (centres - np.median(centres, axis=0)).T).T
    out = []
    for cols in _run_choices(_split(coords[:, 0], ROW_GAP)):
        for rows in _run_choices(_split(coords[:, 1], ROW_GAP)):
            lat = _lattice_from(quads, cols, rows, pair)
            if lat is not None:
                out.append(lat)
    return out


def near(H: np.ndarray, ref: np.ndarray, tol: float) -> bool:
    """True when lattice ``H`` puts every outline corner within ``tol`` cells of where
    lattice ``ref`` puts it (measured in ``ref``'s lattice)."""
    inv = np.linalg.inv(ref)
    for c in CORNERS:
        q = inv @ H @ np.array([c[0], c[1], 1.0])
        if np.linalg.norm(q[:2] / q[2] - np.array(c, float)) > tol:
            return False
    return True


ENOUGH_CELLS = 9 // 2 + 1
"""Cells of a face, most of its nine (a majority), that show a sticker before the face is
taken to be there: sticker candidates on a lattice's cells that fix it (a face found with this
many is whole, and a predicted lattice is refitted through them), cells of a rebuilt face that
show a sticker (:func:`vision.locate.corners.rebuild.rebuild_third`), cells of each face of the
whole-cube model that frame one (:func:`vision.locate.corners.whole.believable`)."""

FIRM_CELLS = FIRM
"""Cells of its nine through which a face lattice must be fitted to lie close on its own (as
a one-face photo's lattice, :data:`vision.locate.lattice.FIRM`):
fitted through fewer of its stickers or digits (a steep side face, blur, a face rebuilt from
the other two) it can lie a fifth of a sticker off or tilt its far side, so it is steadied
by the other faces (:func:`vision.locate.corners.rebuild.steadied`), settled onto the grooves
(:mod:`vision.locate.corners.settle`) or gathers more digits
(:func:`vision.locate.corners.score.scored`); and a face of a corner placed from the digits
must show this many of its own (:func:`vision.locate.corners.score.shows_its_digits`)."""


PLACED_OFF = 0.4
"""Cells by which a face placed from little evidence of its own (rebuilt from the other two
faces, or fitted to a few glyphs) can lie off, a third of a sticker or more, until it is
refitted through its own stickers or digits: the refit of a rebuilt face may move it this far
(:func:`vision.locate.corners.rebuild.rebuild_third`), and glyphs this far from a face's cell
centres are gathered to them (:func:`vision.locate.corners.score.scored`)."""


def snap(H: np.ndarray, quads: list[Quad], tol: float) -> tuple[np.ndarray, dict]:
    """A predicted lattice ``H`` and the sticker candidates ``quads`` on its cells, refitted
    through them when at least :data:`ENOUGH_CELLS` fall on cells and the refit stays within
    ``tol`` cells of the prediction."""
    cells = reassign(quads, H)
    if len(cells) >= ENOUGH_CELLS:
        refit = fit_homography(cells)
        if refit is not None and near(refit, H, tol):
            return refit, reassign(quads, refit)
    return H, cells


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
        if not any(np.linalg.norm(q.centre - o.centre)
                   < SAME_STICKER * math.sqrt(max(q.area, o.area)) for o in out):
            out.append(q)
    return out


def find_lattices(image: np.ndarray, relaxed: bool = False, more: list[Quad] = (),
                  colour: bool = False, solidity: float = SOLIDITY, rounded: bool = False,
                  chroma: bool = False, probe: Probe | None = None) -> Found:
    """The face lattices of a photo, the partial ones and all sticker candidates (those of
    :func:`find_quads` with these options and ``more``, found earlier; ``probe``: the first
    pass's begun, :func:`vision.locate.corners.quads.sticker_probe`)."""
    quads = _merge(find_quads(image, relaxed, colour, solidity, rounded, chroma, probe),
                   list(more))
    return lattices_of(quads)


def lattices_of(quads: list[Quad]) -> Found:
    """The face lattices that the sticker candidates ``quads`` form (see
    :func:`find_lattices`): those of the photo's dominant edge directions, then those of each
    group of neighbouring candidates (:func:`vision.locate.corners.neighbours.neighbour_groups`)
    along its own two directions, where no face lattice lies already (a cutting mat's printed
    squares can outvote the cube's directions). A group's lattice is whole through
    :data:`FIRM_CELLS` of its stickers: its directions are its own, not the three the photo's
    faces share, and through fewer a homography bends to their error."""
    if len(quads) < 4:
        return Found([], [], quads)
    dirs = axis_directions(quads)
    if len(dirs) < 2:
        return Found([], [], quads)
    whole: list[Lattice] = []
    partial: list[list[Lattice]] = []
    for pair, group in group_by_faces(quads, dirs).items():
        found = fit_lattices(group, dirs, pair)
        if len(found) == 1 and len(found[0].cells) >= ENOUGH_CELLS:
            whole.append(found[0])
        elif len(found) > 1:
            partial.append(found)
    taken = whole + [lat for alts in partial for lat in alts]
    for group in neighbour_groups(quads):
        own = axis_directions(group, k=2)
        found = fit_lattices(group, own, (0, 1)) if len(own) == 2 else []
        if len(found) == 1 and len(found[0].cells) >= FIRM_CELLS and not _taken(found[0], taken):
            whole.append(found[0])
    whole.sort(key=lambda lat: -len(lat.cells))
    partial.sort(key=lambda alts: -max(len(lat.cells) for lat in alts))
    return Found(whole, partial, quads)


def _taken(lat: Lattice, others: list[Lattice]) -> bool:
    """True when one of ``others`` has its middle on ``lat``'s middle cell (within
    :data:`ON_CELL` of its shorter sticker pitch, :func:`vision.locate.corners.check.pitch_of`)."""
    reach = ON_CELL * pitch_of(lat.H)
    return any(np.linalg.norm(o.centre - lat.centre) < reach for o in others)
