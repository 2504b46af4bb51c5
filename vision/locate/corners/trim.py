"""The stray-glyph trim of a glyph lattice (:mod:`vision.locate.corners.glyphs`): a glyph that lies
far off the lattice fitted through the face's other glyphs is no digit of that face (a
highlight on the cube's edge, a mark of the background beside it), so it is dropped and the
lattice refitted. The left-out fits of every glyph of every lattice are batched
(:func:`vision.locate.corners.homographies.fit_homographies`); a lattice they leave a glyph
beyond the threshold is refitted without each glyph in turn, exactly, and those refits pick
the stray.
"""
from __future__ import annotations

import cv2
import numpy as np

from ...numeric import TINY
from .check import pitch_of
from .homographies import fit_homographies, free, free_entry_rows, project, usable
from .lattice import MIDDLE, ON_CELL, Lattice
from .windows import MIN_GLYPHS


TRIM = ON_CELL
"""A glyph that lies this many pitches off the lattice fitted through the others is no digit
of that face (a highlight on the cube's edge, a mark of the background next to the face): it
does not sit on a cell (:data:`vision.locate.corners.lattice.ON_CELL`)."""


def trimmed(lat: Lattice) -> Lattice:
    """``lat`` without its one glyph that the others place worst, when that glyph lies more
    than :data:`TRIM` pitches off the lattice through the others (refitted without it): a
    stray mark at a face's corner stretches the whole outline, and the faces rebuilt from
    it, by a third of a sticker."""
    return trimmed_all([lat])[0]


def trimmed_all(lats: list[Lattice]) -> list[Lattice]:
    """:func:`trimmed` of each lattice, the batched left-out fits of all of them at once, and
    the refits without the glyphs that may be strays (:func:`_maybe_strays`) at once too."""
    out = list(lats)
    big = [k for k, lat in enumerate(lats) if len(lat.cells) > MIN_GLYPHS]
    items = [list(lats[k].cells.items()) for k in big]
    pts = [np.array([q.centre for _, q in it]) for it in items]
    src = [np.array([(u + 0.5, v + 0.5) for (u, v), _ in it]) for it in items]
    trims = [TRIM * pitch_of(lats[k].H) for k in big]
    tries = [(n, int(g)) for n, off in enumerate(_left_out_offsets_all(src, pts))
             for g in _maybe_strays(off, trims[n])]
    for n, (g, H) in _strays(src, pts, trims, tries).items():
        lat = lats[big[n]]
        out[big[n]] = Lattice(H, {cell: q for i, (cell, q) in enumerate(items[n]) if i != g},
                              lat.directions)
    return out


def _strays(src: list[np.ndarray], pts: list[np.ndarray], trims: list[float],
            tries: list[tuple[int, int]]) -> dict[int, tuple[int, np.ndarray]]:
    """Per lattice n (lattice points ``src[n]``, image points ``pts[n]``) with a stray: of
    the (lattice, glyph) pairs ``tries``, the glyph g that the refit without it places
    furthest off, more than ``trims[n]`` pixels, and that refit."""
    worst: dict[int, tuple[float, int, np.ndarray]] = {}
    for (n, g), H in zip(tries, _refits_without(src, pts, tries)):
        if H is None:
            continue
        p = H @ np.array([src[n][g, 0], src[n][g, 1], 1.0])
        d = float(np.linalg.norm(p[:2] / p[2] - pts[n][g]))
        if d > worst.get(n, (trims[n],))[0]:
            worst[n] = (d, g, H)
    return {n: (g, H) for n, (_, g, H) in worst.items()}


def _refits_without(src: list[np.ndarray], pts: list[np.ndarray],
                    tries: list[tuple[int, int]]) -> list[np.ndarray | None]:
    """Per (lattice, glyph) of ``tries``, the homography through that lattice's other glyphs
    (lattice points ``src``, image points ``pts``), all fitted at once
    (:mod:`vision.locate.corners.homographies`); a fit that does not converge is
    :func:`cv2.findHomography`'s; None when there is none."""
    if not tries:
        return []
    s = np.zeros((len(tries), 9, 2))
    d = np.zeros((len(tries), 9, 2))
    w = np.zeros((len(tries), 9))
    for r, (n, g) in enumerate(tries):
        keep = np.arange(len(src[n])) != g
        m = int(keep.sum())
        s[r, :m], d[r, :m], w[r, :m] = src[n][keep], pts[n][keep], 1.0
    fits, ok = fit_homographies(s, d, w)
    out: list[np.ndarray | None] = []
    for r, (n, g) in enumerate(tries):
        if ok[r]:
            out.append(fits[r])
            continue
        H, _ = cv2.findHomography(np.delete(src[n], g, axis=0), np.delete(pts[n], g, axis=0), 0)
        out.append(usable(H))
    return out


def _maybe_strays(off: np.ndarray, trim: float) -> np.ndarray:
    """The glyphs (indices) that :func:`trimmed` refits without, exactly, given their
    batched left-out offsets ``off``: none when the batched fit puts every glyph within
    ``trim`` pixels, every glyph otherwise."""
    return np.arange(len(off)) if float(off.max()) >= trim else np.array([], int)


def _left_out_offsets(src: np.ndarray, pts: np.ndarray, steps: int = 3) -> np.ndarray:
    """Per glyph (lattice cell ``src``, image point ``pts``), the distance (pixels) from where
    the homography through the other glyphs puts it, for all glyphs left out at once: a
    linear fit (DLT) refined by Gauss-Newton steps on the image distances, the error that
    :func:`cv2.findHomography` minimises, so the offsets agree with it to a tiny fraction of
    a pixel at a small part of the cost of one call per glyph."""
    return _left_out_offsets_all([src], [pts], steps)[0]


def _left_out_offsets_all(srcs: list[np.ndarray], ptss: list[np.ndarray], steps: int = 3
                          ) -> list[np.ndarray]:
    """:func:`_left_out_offsets` of several lattices at once, padded to the most glyphs."""
    if not srcs:
        return []
    m = max(len(s) for s in srcs)
    L = len(srcs)
    valid = np.zeros((L, m), bool)
    src = np.zeros((L, m, 2))
    pts = np.zeros((L, m, 2))
    for k, (s, p) in enumerate(zip(srcs, ptss)):
        valid[k, :len(s)], src[k, :len(s)], pts[k, :len(p)] = True, s, p
    cnt = valid.sum(axis=1)[:, None]
    c = (pts * valid[..., None]).sum(axis=1) / cnt  # (L, 2)
    s = (np.abs(pts - c[:, None]) * valid[..., None]).sum(axis=(1, 2)) / (2 * cnt[:, 0])
    s = np.where(s > 0, s, 1.0)
    q = (pts - c[:, None]) / s[:, None, None]  # (L, m, 2)
    x, y = src[..., 0] - MIDDLE, src[..., 1] - MIDDLE  # (L, m), about the face's middle
    one, zero = np.ones_like(x), np.zeros_like(x)
    rows = np.concatenate([
        np.stack([x, y, one, zero, zero, zero, -q[..., 0] * x, -q[..., 0] * y, -q[..., 0]], 2),
        np.stack([zero, zero, zero, x, y, one, -q[..., 1] * x, -q[..., 1] * y, -q[..., 1]], 2)],
        axis=1)  # (L, 2m, 9)
    # (lattice, left out, glyph): the glyphs each fit goes through
    keep = valid[:, None, :] & ~np.eye(m, dtype=bool)[None]
    keep2 = np.concatenate([keep, keep], axis=2)  # (L, m, 2m)
    a = np.where(keep2[..., None], rows[:, None], 0.0)
    _, vecs = np.linalg.eigh(np.swapaxes(a, 2, 3) @ a)
    h = vecs[..., :, 0]  # (L, m, 9): the least squares solution of the linear fit
    x, y = x[:, None, :], y[:, None, :]  # (L, 1, m)
    qx, qy = q[:, None, :, 0], q[:, None, :, 1]
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        h = free(h)
        w8 = keep[..., None].astype(np.float64)
        for _ in range(steps):
            u, v, den = project(h, x, y)  # (L, m, m)
            j = free_entry_rows(x, y, u, v, den, zero=0 * den)  # NaN where den is
            j *= np.concatenate([w8, w8], axis=2)
            r = np.concatenate([(u - qx) * keep, (v - qy) * keep], axis=2)
            jt = np.swapaxes(j, 2, 3)
            h = h - np.linalg.solve(jt @ j + TINY * np.eye(h.shape[-1]),
                                    (jt @ r[..., None]))[..., 0]
        pu, pv, _ = (p[..., 0] for p in project(h, x[:, 0, :, None], y[:, 0, :, None]))
        off = np.hypot(pu - q[..., 0], pv - q[..., 1]) * s[:, None]
    off = np.nan_to_num(off, nan=np.inf, posinf=np.inf)
    return [off[k, :len(sr)] for k, sr in enumerate(srcs)]


__all__ = ["TRIM", "trimmed", "trimmed_all"]
