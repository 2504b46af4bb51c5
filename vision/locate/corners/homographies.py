"""Many small homographies fitted at once, in numpy.

The glyph pass (:mod:`vision.locate.corners.glyphs`) fits a lattice through every window of glyphs
it tries, hundreds per photo; one :func:`cv2.findHomography` call each costs more in the call than
in the fit. :func:`fit_homographies` fits them all in one array operation, minimising the
same image distances as :func:`cv2.findHomography` (a normalised linear fit refined by
Gauss-Newton steps), so both agree to a small fraction of a pixel (a few ten-thousandths of
a sticker on the glyph lattices of black corner photos): close enough for the pass's
decisions.
"""
from __future__ import annotations

import numpy as np

from ...numeric import TINY

STEPS = 6
"""Gauss-Newton steps after the linear fit: nearly every glyph lattice has converged by then
(a step below :data:`CONVERGED`); the others are left to :func:`cv2.findHomography`. Each
fit stops at its own convergence, so a fit does not depend on the others fitted with it."""

CONVERGED = 1e-4
"""Largest last step (normalised units, a few thousandths of a pixel) of a fit that counts
as converged."""


def usable(H: np.ndarray | None) -> np.ndarray | None:
    """``H`` (from :func:`cv2.findHomography`), or None when it found none or ``H`` is
    singular: its determinant no larger than :data:`vision.numeric.TINY` in size, it maps the
    lattice onto a line (no lattice)."""
    return H if H is not None and abs(np.linalg.det(H)) > TINY else None


def fit_homographies(src: np.ndarray, dst: np.ndarray, weight: np.ndarray,
                     start: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
    """Homographies (B, 3, 3), scaled so that H[2, 2] = 1, each mapping the points ``src``
    (B, n, 2) to ``dst`` (B, n, 2) through those of ``weight`` (B, n) 1 (the rest padding),
    least squares in image distance; and per fit whether it converged to a finite, invertible
    answer. ``start``: homographies (B, 3, 3) near the answers (the fits through nearly the
    same points) to refine instead of the linear fit. Each fit's steps end once it converged,
    so it is the same whatever else is fitted with it."""
    w = weight.astype(np.float64)
    count = w.sum(axis=1)
    cs = (src * w[..., None]).sum(axis=1) / count[:, None]
    cd = (dst * w[..., None]).sum(axis=1) / count[:, None]
    sd = (np.abs(dst - cd[:, None]) * w[..., None]).sum(axis=(1, 2)) / (2 * count)
    sd = np.where(sd > 0, sd, 1.0)
    x, y = src[..., 0] - cs[:, :1], src[..., 1] - cs[:, 1:]
    q = (dst - cd[:, None]) / sd[:, None, None]
    one, zero = np.ones_like(x), np.zeros_like(x)
    w2 = np.concatenate([w, w], axis=1)[..., None]
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        if start is None:  # the linear fit: least squares of the algebraic error
            rows = np.concatenate([
                np.stack([x, y, one, zero, zero, zero, -q[..., 0] * x, -q[..., 0] * y,
                          -q[..., 0]], 2),
                np.stack([zero, zero, zero, x, y, one, -q[..., 1] * x, -q[..., 1] * y,
                          -q[..., 1]], 2)], axis=1) * w2
            _, vecs = np.linalg.eigh(rows.transpose(0, 2, 1) @ rows)
            h = vecs[:, :, 0]
        else:  # the start in the normalised coordinates
            h = (_scaling(1 / sd, -cd / sd[:, None]) @ start
                 @ _scaling(np.ones_like(sd), cs)).reshape(-1, 9)
        h = free(h)
        step = np.full(len(h), np.inf)
        live = np.arange(len(h))  # the fits not converged yet: each stops on its own
        for _ in range(STEPS):
            if not len(live):
                break
            d = _gauss_newton_step(h[live], x[live], y[live], q[live], w2[live])
            h[live] -= d
            step[live] = np.abs(d).max(axis=1)
            live = live[~(step[live] < CONVERGED)]
        hn = np.concatenate([h, np.ones((len(h), 1))], axis=1).reshape(-1, 3, 3)
        H = _scaling(sd, cd) @ hn @ _scaling(np.ones_like(sd), -cs)
        H = H / H[:, 2:3, 2:3]
    ok = np.isfinite(H).all(axis=(1, 2)) & (step < CONVERGED)
    ok[ok] &= np.abs(np.linalg.det(H[ok])) > TINY  # a singular fit maps the cells to a line
    return H, ok


def _gauss_newton_step(h: np.ndarray, x: np.ndarray, y: np.ndarray, q: np.ndarray,
                       w2: np.ndarray) -> np.ndarray:
    """One Gauss-Newton step (B, 8) of each fit ``h`` (B, 8, normalised, H[2, 2] = 1) of the
    points ``x``, ``y`` (B, n) to ``q`` (B, n, 2), weights ``w2`` (B, 2 n, 1); NaN for a fit
    whose system is singular."""
    u, v, den = project(h, x, y)
    j = free_entry_rows(x, y, u, v, den) * w2
    r = np.concatenate([u - q[..., 0], v - q[..., 1]], axis=1) * w2[..., 0]
    jt = j.transpose(0, 2, 1)
    try:
        return np.linalg.solve(jt @ j, jt @ r[..., None])[..., 0]
    except np.linalg.LinAlgError:  # a degenerate fit among them: each on its own
        return np.stack([_solve_one(a, b) for a, b in zip(jt @ j, jt @ r[..., None])])


def free(h: np.ndarray) -> np.ndarray:
    """Homographies' nine entries (..., 9, row by row) scaled so that H[2, 2] = 1, that last
    entry left out: the eight free entries (..., 8) that :func:`project` takes."""
    return h[..., :-1] / h[..., -1:]


def project(h: np.ndarray, x: np.ndarray, y: np.ndarray
            ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Where homographies take points: ``h`` (..., 8) holds each one's eight free entries
    (:func:`free`), ``x`` and ``y`` the points (broadcast against ``h``'s leading axes with
    a last axis of points); (u, v, den), the image point and its third homogeneous
    coordinate."""
    h00, h01, h02, h10, h11, h12, h20, h21 = np.moveaxis(h, -1, 0)[..., None]
    den = h20 * x + h21 * y + 1.0
    u = (h00 * x + h01 * y + h02) / den
    v = (h10 * x + h11 * y + h12) / den
    return u, v, den


def free_entry_rows(x: np.ndarray, y: np.ndarray, u: np.ndarray, v: np.ndarray,
                    den: np.ndarray | float, zero: np.ndarray | float = 0.0) -> np.ndarray:
    """The coefficients (..., 2 n, 8) of a homography's eight free entries in the equations
    of the n points (x, y) going to (u, v) (each of shape (..., n)), rows of u then of v: for
    ``den`` 1 the linear system of four points (cv2.getPerspectiveTransform's); for (u, v,
    den) from :func:`project`, that projection's Jacobian. ``zero`` fills the coefficients
    an equation does not have (``0 * den`` keeps a NaN of ``den`` there)."""
    shape = np.broadcast_shapes(np.shape(x), np.shape(den))
    n = shape[-1]
    j = np.empty((*shape[:-1], 2 * n, 3, 3))  # an equation's coefficient of each entry of H
    ju, jv = j[..., :n, :, :], j[..., n:, :, :]
    ju[..., 1, :] = jv[..., 0, :] = np.asarray(zero)[..., None]
    ju[..., 0, 0] = jv[..., 1, 0] = x / den
    ju[..., 0, 1] = jv[..., 1, 1] = y / den
    ju[..., 0, 2] = jv[..., 1, 2] = 1 / den
    ju[..., 2, 0] = -u * x / den
    ju[..., 2, 1] = -u * y / den
    jv[..., 2, 0] = -v * x / den
    jv[..., 2, 1] = -v * y / den
    return np.ascontiguousarray(j.reshape(*j.shape[:-2], -1)[..., :-1])  # H[2, 2] is fixed


def _scaling(scale: np.ndarray, shift: np.ndarray) -> np.ndarray:
    """Per fit, the 3x3 matrix of ``p -> scale p + shift`` ((B,), (B, 2))."""
    m = np.zeros((len(scale), 3, 3))
    m[:, 0, 0] = m[:, 1, 1] = scale
    m[:, :2, 2] = shift
    m[:, 2, 2] = 1.0
    return m


def _solve_one(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """One Gauss-Newton step, NaN when its system is singular."""
    try:
        return np.linalg.solve(a, b)[:, 0]
    except np.linalg.LinAlgError:
        return np.full(len(a), np.nan)


__all__ = ["fit_homographies"]
