"""The cells glyph windows settle on (:mod:`vision.locate.corners.glyphs`), many windows at once.

A window's glyphs are taken as sticker centres: a homography is fitted through them, every
glyph reassigned to the cell it sits on and the lattice refitted, twice. The fits are batched
(:mod:`vision.locate.corners.homographies`); a fit that does not converge there is
:func:`cv2.findHomography`'s.
"""
from __future__ import annotations

import cv2
import numpy as np

from .homographies import fit_homographies, usable
from .lattice import ON_CELL, Lattice
from .quads import Quad
from .windows import MIN_GLYPHS

def assign(pts: np.ndarray, H: np.ndarray, tol: float = ON_CELL) -> dict[tuple[int, int], int]:
    """Each point to the lattice cell whose centre it sits on (within ``tol`` of a cell, the
    nearest point per cell), as cell -> point index."""
    p = np.hstack([pts, np.ones((len(pts), 1))]) @ np.linalg.inv(H).T
    with np.errstate(divide="ignore", invalid="ignore"):
        uv = p[:, :2] / p[:, 2:3] - 0.5
    k = np.round(uv)
    err = np.linalg.norm(uv - k, axis=1)
    ok = np.all((k >= 0) & (k <= 2), axis=1) & (err < tol)
    cells: dict[tuple[int, int], int] = {}
    for i in np.flatnonzero(ok)[np.argsort(err[ok])]:
        cells.setdefault((int(k[i, 0]), int(k[i, 1])), int(i))
    return cells


def homography(cells: dict[tuple[int, int], int], pts: np.ndarray) -> np.ndarray | None:
    """Lattice (u, v), 0..3, to image through the cells' points as centres (None when they
    do not span two rows and two columns)."""
    if not _spans(cells):
        return None
    src = np.array([[u + 0.5, v + 0.5] for u, v in cells], np.float64)
    H, _ = cv2.findHomography(src, pts[list(cells.values())], 0)
    return usable(H)


def settled_cells(pts: np.ndarray, wins: list[dict[tuple[int, int], int]]
                   ) -> tuple[list[dict[tuple[int, int], int] | None], np.ndarray]:
    """Per window, the cells (-> point index) its glyphs settle on: a homography through the
    window's glyphs (as sticker centres), the glyphs reassigned to its cells
    (:func:`assign`) and refitted, twice; None when it does not stay a lattice of
    :data:`MIN_GLYPHS` glyphs. All windows are fitted at once
    (:mod:`vision.locate.corners.homographies`). Also the fits through the final cells
    (B, 3, 3)."""
    out: list[dict[tuple[int, int], int] | None] = [None] * len(wins)
    cur = [dict(w) for w in wins]
    H = np.zeros((len(wins), 3, 3))
    alive = _fit_cells(pts, cur, list(range(len(wins))), H)
    for _ in range(2):
        if not alive:
            break
        refit, still = [], []
        for i, cells in zip(alive, _assign_all(pts, H[alive])):
            if len(cells) < MIN_GLYPHS:
                continue
            if list(cells.items()) != list(cur[i].items()):  # else the same fit again
                refit.append(i)
            cur[i] = cells
            still.append(i)
        kept = set(_fit_cells(pts, cur, refit, H, again=True))
        alive = [i for i in still if i in kept or i not in refit]
    for i in alive:
        out[i] = cur[i]
    return out, H


def _fit_cells(pts: np.ndarray, cells: list[dict[tuple[int, int], int]], ids: list[int],
               H: np.ndarray, again: bool = False) -> list[int]:
    """Fit the lattices ``ids`` through their ``cells`` into ``H`` at once, each fit that
    does not converge there by :func:`cv2.findHomography`; the ids of those that
    :func:`homography` does not refuse. ``again``: ``H`` holds their fits through nearly
    the same cells, to refine."""
    go = [i for i in ids if _spans(cells[i])]
    if not go:
        return []
    src, dst, weight = _stacked(pts, [cells[i] for i in go])
    fits, ok = fit_homographies(src, dst, weight, H[go] if again else None)
    H[go] = fits
    kept = []
    for k, i in enumerate(go):
        if not ok[k]:
            Hx = homography(cells[i], pts)
            if Hx is None:
                continue
            H[i] = Hx
        kept.append(i)
    return kept


def _spans(cells: dict[tuple[int, int], int]) -> bool:
    """Do the cells fix a lattice: four or more, over two columns and two rows?"""
    return len(cells) >= 4 and len({u for u, _ in cells}) >= 2 and len({v for _, v in cells}) >= 2


def _stacked(pts: np.ndarray, lattices: list[dict[tuple[int, int], int]]
             ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The lattices' cells as :func:`fit_homographies` takes them: per lattice, nine slots of
    cell centre (lattice units), its point (``pts``) and weight (1 for a cell held, 0 for an
    empty slot)."""
    items = [list(cells.items()) for cells in lattices]
    lens = np.array([len(it) for it in items])
    which = np.repeat(np.arange(len(items)), lens)
    slot = np.arange(len(which)) - np.repeat(np.cumsum(lens) - lens, lens)
    flat = [kv for it in items for kv in it]
    src = np.zeros((len(items), 9, 2))
    dst = np.zeros((len(items), 9, 2))
    weight = np.zeros((len(items), 9))
    src[which, slot] = np.array([cell for cell, _ in flat], np.float64) + 0.5
    dst[which, slot] = pts[[i for _, i in flat]]
    weight[which, slot] = 1.0
    return src, dst, weight


def _assign_all(pts: np.ndarray, Hs: np.ndarray, tol: float = ON_CELL
                ) -> list[dict[tuple[int, int], int]]:
    """:func:`assign` for each lattice of ``Hs`` (B, 3, 3) at once."""
    p = np.hstack([pts, np.ones((len(pts), 1))]) @ np.linalg.inv(Hs).transpose(0, 2, 1)
    with np.errstate(divide="ignore", invalid="ignore"):
        uv = p[..., :2] / p[..., 2:3] - 0.5
        k = np.round(uv)
        e = uv - k
        err = np.sqrt(e[..., 0] * e[..., 0] + e[..., 1] * e[..., 1])
        ok = ((k >= 0) & (k <= 2)).all(axis=2) & (err < tol)
    bs, js = np.nonzero(ok)
    order = np.lexsort((err[bs, js], bs))  # by lattice, then nearest first
    bs, js = bs[order], js[order]
    kk = k[bs, js].astype(int)
    out: list[dict[tuple[int, int], int]] = [{} for _ in range(len(Hs))]
    for b, i, u, v in zip(bs.tolist(), js.tolist(), kk[:, 0].tolist(), kk[:, 1].tolist()):
        out[b].setdefault((u, v), i)
    return out


def gather(quads: list[Quad], H: np.ndarray, tol: float,
           centres: np.ndarray | None = None) -> dict[tuple[int, int], Quad]:
    """The glyphs (``quads``) on the cells of lattice ``H``, within ``tol`` of a cell, the
    nearest per cell. ``centres``, the quads' centres as one array (:func:`centres_of`),
    spares a caller that gathers the same quads on many lattices building it each time."""
    if not quads:
        return {}
    pts = centres_of(quads) if centres is None else centres
    return {cell: quads[i] for cell, i in assign(pts, H, tol).items()}


def centres_of(quads: list[Quad]) -> np.ndarray:
    """The centres of ``quads`` as one (N, 2) array, in their order (for :func:`gather`)."""
    return np.array([q.centre for q in quads])


def misfits(lats: list[Lattice]) -> list[float]:
    """Per lattice, the mean distance (pixels) of its glyphs from their cell centres."""
    if not lats:
        return []
    items = [list(lat.cells.items()) for lat in lats]
    m = max(len(it) for it in items)
    src = np.zeros((len(lats), m, 3))
    got = np.zeros((len(lats), m, 2))
    valid = np.zeros((len(lats), m))
    for k, it in enumerate(items):
        src[k, :len(it)] = [(u + 0.5, v + 0.5, 1.0) for (u, v), _ in it]
        got[k, :len(it)] = [q.centre for _, q in it]
        valid[k, :len(it)] = 1.0
    src[valid == 0, 2] = 1.0  # padding: any finite point
    p = src @ np.array([lat.H for lat in lats]).transpose(0, 2, 1)
    e = p[..., :2] / p[..., 2:3] - got
    d = np.sqrt(e[..., 0] * e[..., 0] + e[..., 1] * e[..., 1]) * valid
    return (d.sum(axis=1) / valid.sum(axis=1)).tolist()


__all__ = ["assign", "gather", "homography", "misfits", "settled_cells"]
