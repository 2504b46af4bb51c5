"""The three faces of a corner photo fitted together, through all their stickers at once.

Faces found separately each extrapolate their outline from their own nine points; from glyph
centres (:mod:`vision.locate.corners.glyphs`), which stray from their stickers' centres by a stroke
or a serif, those outlines miss each other by a third of a sticker at the corner. The three
faces of a corner share seven image points: the cube corner, the far ends of the three edges
that leave it, and each face's far corner. :func:`joint_fit` places those seven points so that
the three homographies they define (one per face, exact under perspective) put every found
sticker or glyph at its cell's centre, least squares over all of them (Levenberg-Marquardt):
the faces then meet exactly, and each rests on the evidence of all three. Then (``box``) the
three far corners are tied to the cube: a face's far edges point at the vanishing points of
the other faces' edges, so the seven points come from the corner, the three edge ends and the
edges' depth ratios (11 numbers, not 14), and a face whose own points leave its far corner
loose (a steep side face) is held by the other two.

Corner photos whose faces come from sticker shapes are fitted so too
(:func:`vision.locate.corners.faces.locate_faces`), the sticker centres as the points, each
point of a loosely held face checked against the others first (:func:`checked_fit`).
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass

import numpy as np

from ...numeric import TINY
from .check import pitch_of
from .homographies import free_entry_rows
from .lattice import FIRM_CELLS, ON_CELL, Lattice, adjacent_corners
from .order import common_corner

ITERATIONS = 12
"""Levenberg-Marquardt steps (the start is close: each face's own fit)."""

CONVERGED = 1e-4
"""A Levenberg-Marquardt step that lowers the squared misfit by less than this share ends the
fit (the points then move by far less than a hundredth of a pixel)."""

MAX_MISFIT = 0.1
"""Largest root-mean-square distance (sticker pitches) of the points from their cells' centres
for the three faces to be one cube's."""


@dataclass(frozen=True)
class _Layout:
    """Which lattice corner of each face is the cube corner, which one each shared edge ends
    at (by the other face's index), and which is the face's far corner."""

    corner: tuple[tuple[int, int], ...]
    shared: tuple[dict[int, tuple[int, int]], ...]
    far: tuple[tuple[int, int], ...]


def _layout(lats: list[Lattice]) -> _Layout | None:
    """Where the three faces ``lats`` meet and end (:class:`_Layout`), or None when they do
    not meet as one corner's faces or hold no cell to fit them through."""
    if not any(lat.cells for lat in lats):
        return None
    corner = common_corner(lats)
    shared: list[dict[int, tuple[int, int]]] = [{}, {}, {}]
    for i, j in itertools.combinations(range(3), 2):
        pairs = [(float(np.linalg.norm(lats[i].to_image(*p) - lats[j].to_image(*q))), p, q)
                 for p in adjacent_corners(corner[i]) for q in adjacent_corners(corner[j])]
        _, p, q = min(pairs)
        shared[i][j], shared[j][i] = p, q
    if any(len(set(s.values())) != 2 for s in shared):
        return None  # one corner shared with both others: not a corner's three faces
    far = tuple((3 - c[0], 3 - c[1]) for c in corner)
    return _Layout(corner, tuple(shared), far)


_EDGE = {(0, 1): 1, (0, 2): 2, (1, 2): 3}
"""Index (among the seven points) of the far end of the edge two faces share."""
NEAR = 1 + 3
"""The points that fix the box: the cube's corner and the far ends of its three edges (the
first of the seven; each face's far corner follows, at ``NEAR`` + its index)."""
POINTS = NEAR + 3
"""The seven points the three faces share: :data:`NEAR`, then the faces' three far corners."""
STEP = 0.01
"""Sticker pitches a point moves for the fit's numeric Jacobian."""


def _homographies(points: np.ndarray, lay: _Layout) -> list[np.ndarray]:
    return list(_homographies_batch(points[None], lay)[0])


def _perspective(src: np.ndarray, dst: np.ndarray) -> np.ndarray:
    """Homographies (B, 3, 3) taking the four points ``src`` ((4, 2), or one set per
    homography (B, 4, 2)) to each ``dst`` (B, 4, 2): cv2.getPerspectiveTransform's 8x8
    system, solved for all B at once."""
    n = len(dst)
    src = np.broadcast_to(src, dst.shape)
    x, y = src[:, :, 0], src[:, :, 1]
    u, v = dst[:, :, 0], dst[:, :, 1]
    A = free_entry_rows(x, y, u, v, 1.0)
    h = np.linalg.solve(A, np.concatenate([u, v], axis=1)[:, :, None])[:, :, 0]
    return np.concatenate([h, np.ones((n, 1))], axis=1).reshape(n, 3, 3)


def _homographies_batch(points: np.ndarray, lay: _Layout) -> np.ndarray:
    """The three faces' homographies (B, 3, 3, 3) for each of B sets of the seven points
    (B, 7, 2), all 3 B systems solved at once (each on its own, so as one per face)."""
    src, dst = [], []
    for i in range(3):
        j, k = (x for x in range(3) if x != i)
        src.append(np.array([lay.corner[i], lay.shared[i][j], lay.far[i], lay.shared[i][k]],
                            np.float64))
        idx = [0, _EDGE[tuple(sorted((i, j)))], NEAR + i, _EDGE[tuple(sorted((i, k)))]]
        dst.append(points[:, idx, :])
    b = len(points)
    hs = _perspective(np.repeat(np.array(src), b, axis=0), np.concatenate(dst))
    return hs.reshape(3, b, 3, 3).transpose(1, 0, 2, 3)


def _residuals(x: np.ndarray, lay: _Layout, cells: list[np.ndarray], seen: list[np.ndarray]
               ) -> np.ndarray:
    return _residuals_batch(x[None], lay, cells, seen)[0]


def _residuals_batch(xs: np.ndarray, lay: _Layout, cells: list[np.ndarray],
                     seen: list[np.ndarray]) -> np.ndarray:
    """The residuals (B, R) of each of B parameter vectors ``xs`` (B, 14): every point's
    distance (x and y) from its cell's centre under its face's homography."""
    hs = _homographies_batch(xs.reshape(len(xs), POINTS, 2), lay)
    out = []
    for f, (c, s) in enumerate(zip(cells, seen)):
        if len(c):
            p = np.einsum("pk,bjk->bpj", np.hstack([c, np.ones((len(c), 1))]), hs[:, f])
            out.append((p[:, :, :2] / p[:, :, 2:3] - s).reshape(len(xs), -1))
    return np.concatenate(out, axis=1)


def joint_fit(lats: list[Lattice], box: bool = True) -> tuple[list[Lattice], float] | None:
    """The three face lattices refitted together (see the module docstring; ``box``: as one
    box when that fits nearly as well, :data:`BOX_SLACK`), in the same
    order and with the same cells, and the points' root-mean-square misfit (pitches); None
    when they hold no cell, when they do not meet as one corner's faces or the
    points miss their cells by more than :data:`MAX_MISFIT` pitches fitted freely, or (with
    ``box``) by more than that and :data:`BOX_SLACK` as one box: a cube is a box, so three
    faces that fit only when each far corner goes its own way (one face laid partly onto the
    wrong rows of digits, its far corner drawn in) are no cube's."""
    lay = _layout(lats)
    if lay is None:
        return None
    start = [np.mean([lat.to_image(*c) for lat, c in zip(lats, lay.corner)], axis=0)]
    for i, j in ((0, 1), (0, 2), (1, 2)):
        start.append((lats[i].to_image(*lay.shared[i][j]) + lats[j].to_image(*lay.shared[j][i]))
                     / 2)
    start += [lat.to_image(*f) for lat, f in zip(lats, lay.far)]
    x = np.array(start, np.float64).ravel()
    cells = [np.array([[u + 0.5, v + 0.5] for u, v in lat.cells], np.float64).reshape(-1, 2)
             for lat in lats]
    seen = [np.array([q.centre for q in lat.cells.values()], np.float64).reshape(-1, 2)
            for lat in lats]
    pitch = float(np.median([pitch_of(lat.H) for lat in lats]))
    x = _levenberg_marquardt(x, lambda ps: _residuals_batch(ps, lay, cells, seen),
                             STEP * pitch)
    r = _residuals(x, lay, cells, seen).reshape(-1, 2)
    misfit = float(np.sqrt(np.mean(np.sum(r * r, axis=1)))) / pitch
    if misfit > MAX_MISFIT:
        return None
    if not _surrounded(x.reshape(POINTS, 2)):
        return None
    points = x.reshape(POINTS, 2)
    if box:
        chosen = _as_box(points, lay, cells, seen, pitch, misfit)
        if chosen is None:
            return None
        points, misfit = chosen
    hs = _homographies(points, lay)
    return [Lattice(H, lat.cells, lat.directions) for H, lat in zip(hs, lats)], misfit


BOX_SLACK = 0.02
"""Sticker pitches of root-mean-square misfit the box fit (:func:`_as_box`) may add to the
free fit's and still be taken."""


def _depth_ratios(points: np.ndarray, lay: _Layout) -> np.ndarray:
    """Least-squares depth ratios ``a`` (edge end's depth over the corner's) of the three edge
    ends, from the seven points: each face's far corner F, from its edge ends P, Q and the
    corner C, satisfies a_P (F - P) + a_Q (F - Q) = F - C (see :func:`_box_points`)."""
    rows, rhs = [], []
    c = points[0]
    for i in range(3):
        f = points[NEAR + i]
        row = np.zeros((2, 3))
        for j in (x for x in range(3) if x != i):
            e = _EDGE[tuple(sorted((i, j)))]
            row[:, e - 1] = f - points[e]
        rows.append(row)
        rhs.append(f - c)
    a, *_ = np.linalg.lstsq(np.vstack(rows), np.concatenate(rhs), rcond=None)
    return a


def _box_points(xs: np.ndarray, scale: float) -> np.ndarray:
    """The seven points (B, 7, 2) of a box (a cube, or any parallelepiped) in perspective
    from the corner, the three edge ends and their depth ratios ``a`` times ``scale`` (B, 11;
    scaled so that one step of the fit moves every parameter about as far): a face's far
    corner is C + (P - C) + (Q - C) in space, so in the picture (a_P P + a_Q Q - C) /
    (a_P + a_Q - 1). Far corners so placed keep each face's far edges pointing at the
    vanishing points of the other faces' edges."""
    pts = xs[:, :2 * NEAR].reshape(len(xs), NEAR, 2)
    a = xs[:, 2 * NEAR:] / scale
    far = []
    for i in range(3):
        p, q = (_EDGE[tuple(sorted((i, j)))] for j in range(3) if j != i)
        ap, aq = a[:, p - 1:p], a[:, q - 1:q]
        far.append((ap * pts[:, p] + aq * pts[:, q] - pts[:, 0]) / (ap + aq - 1))
    return np.concatenate([pts, np.stack(far, axis=1)], axis=1)


def _as_box(points: np.ndarray, lay: _Layout, cells: list[np.ndarray], seen: list[np.ndarray],
            pitch: float, misfit: float) -> tuple[np.ndarray, float] | None:
    """The seven points refitted as one box in perspective (:func:`_box_points`: 11
    parameters, not 14), and its misfit, when that fits the points nearly as well as the
    free fit's ``misfit`` (:data:`BOX_SLACK`): a face whose own points leave its far corner
    loose (a steep side face, a face of few stickers) is then held by the other two. The
    free fit otherwise, unless no box fits within :data:`MAX_MISFIT` and
    :data:`BOX_SLACK`: then None (no cube's corner)."""
    x = np.concatenate([points[:NEAR].ravel(), pitch * _depth_ratios(points, lay)])
    x = _levenberg_marquardt(x, lambda ps: _residuals_batch(
        _box_points(ps, pitch).reshape(len(ps), 2 * POINTS), lay, cells, seen), STEP * pitch)
    box = _box_points(x[None], pitch)[0]
    if not np.all(np.isfinite(box)):
        return None
    r = _residuals(box.ravel(), lay, cells, seen).reshape(-1, 2)
    boxed = float(np.sqrt(np.mean(np.sum(r * r, axis=1)))) / pitch
    if boxed > MAX_MISFIT + BOX_SLACK:
        return None
    return (box, boxed) if boxed <= misfit + BOX_SLACK else (points, misfit)


def _surrounded(points: np.ndarray) -> bool:
    """True when the three faces go all round the cube corner (their angles there add up to a
    full turn): the corner lies inside the triangle of the far ends of its three edges. Three
    blocks of a flat grid (a printed page) that meet at a point leave a quarter turn empty."""
    c, a, b, d = points[:4]
    signs = [float((q - p)[0] * (c - p)[1] - (q - p)[1] * (c - p)[0])
             for p, q in ((a, b), (b, d), (d, a))]
    return all(sg > 0 for sg in signs) or all(sg < 0 for sg in signs)


def _levenberg_marquardt(x: np.ndarray, fun, eps: float) -> np.ndarray:
    """Least squares of ``fun`` from ``x`` with a numeric Jacobian (step ``eps``); ``fun``
    takes a batch of parameter vectors (B, n) and returns their residuals (B, R), so the
    Jacobian's n+1 evaluations are one call. It gives up once no step lowers the misfit
    until the damping has shrunk the step below :data:`vision.numeric.TINY` of the
    undamped (Gauss-Newton) one."""
    r = fun(x[None])[0]
    cost = float(r @ r)
    lam = 1e-3
    steps = eps * np.eye(len(x))
    for _ in range(ITERATIONS):
        J = ((fun(x[None] + steps) - r) / eps).T
        A = J.T @ J
        g = J.T @ r
        while True:
            step = np.linalg.solve(A + lam * np.diag(np.diag(A) + TINY), -g)
            trial = fun((x + step)[None])[0]
            tc = float(trial @ trial)
            if tc < cost:
                if tc > (1 - CONVERGED) * cost:
                    return x + step  # settled: further steps move nothing that matters
                x, r, cost, lam = x + step, trial, tc, lam / 3
                break
            lam *= 4
            if lam > 1 / TINY:  # the damped step is below TINY of the undamped one
                return x
    return x


def checked_fit(lats: list[Lattice]) -> tuple[list[Lattice], float] | None:
    """:func:`joint_fit`, the points of each loosely held face (fitted through fewer than
    :data:`vision.locate.corners.lattice.FIRM_CELLS` cells) checked against the others: a
    point is left out when the fit without it leaves the rest fitting best of all such fits
    and puts its cell's centre more than :data:`vision.locate.corners.lattice.ON_CELL` of a
    pitch from it, and the check is made again. On a steep, blurred side face two stickers of
    one colour merge into one shape that looks square, centred on the groove between them;
    the face's few other points barely check it, so the fit takes it in and tilts the face's
    far side by half a sticker (or misses altogether), while the other two faces, sharing its
    edges, tell. None as :func:`joint_fit`, when no such point is found either."""
    fit = joint_fit(lats)
    for f, lat in enumerate(lats):
        if len(lat.cells) >= FIRM_CELLS or len(lat.cells) <= 1:
            continue
        tries = []
        for key, quad in lat.cells.items():
            rest = list(lats)
            rest[f] = _without(lat, key)
            refit = joint_fit(rest)
            if refit is not None:
                off = refit[0][f].to_image(key[0] + 0.5, key[1] + 0.5) - np.asarray(quad.centre)
                tries.append((refit[1], float(np.linalg.norm(off)) / pitch_of(refit[0][f].H),
                              rest))
        if tries:
            misfit, miss, rest = min(tries, key=lambda t: t[0])
            if miss > ON_CELL:
                return checked_fit(rest)
    return fit


def _without(lat: Lattice, cell: tuple[int, int]) -> Lattice:
    """``lat`` with the point of ``cell`` left out."""
    return Lattice(lat.H, {k: q for k, q in lat.cells.items() if k != cell}, lat.directions)


__all__ = ["checked_fit", "joint_fit", "MAX_MISFIT"]
