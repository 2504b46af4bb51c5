"""Resolution-free value noise for the procedural surfaces of the second renderer.

A hashed integer lattice holds random values; between lattice points they are blended with a
smooth step, and several octaves are summed (fractal noise). Evaluated at any real
coordinates, so a surface seen in perspective gets its detail where the camera puts it.
"""
from __future__ import annotations

import numpy as np


class Noise:
    """Value noise with its own random lattice (``seed``)."""

    def __init__(self, seed: int) -> None:
        rng = np.random.default_rng(seed)
        self._perm = np.concatenate([rng.permutation(256)] * 2).astype(np.int64)
        self._vals = rng.random(256).astype(np.float32)

    def _lattice(self, ix: np.ndarray, iy: np.ndarray) -> np.ndarray:
        p = self._perm
        return self._vals[p[(p[ix & 255] + iy) & 255]]

    def value(self, x: np.ndarray, y: np.ndarray) -> np.ndarray:
        """Noise in 0..1 at points (x, y), one lattice cell per unit."""
        fx, fy = np.floor(x), np.floor(y)
        ix, iy = fx.astype(np.int64), fy.astype(np.int64)
        tx, ty = (x - fx).astype(np.float32), (y - fy).astype(np.float32)
        sx, sy = tx * tx * (3 - 2 * tx), ty * ty * (3 - 2 * ty)
        a, b = self._lattice(ix, iy), self._lattice(ix + 1, iy)
        c, d = self._lattice(ix, iy + 1), self._lattice(ix + 1, iy + 1)
        top = a + (b - a) * sx
        bottom = c + (d - c) * sx
        return top + (bottom - top) * sy

    def fbm(self, x: np.ndarray, y: np.ndarray, octaves: int = 4, gain: float = 0.5) -> np.ndarray:
        """Fractal noise: ``octaves`` of :meth:`value`, each twice as fine and ``gain`` as
        strong; about 0..1."""
        total = np.zeros(np.shape(x), np.float32)
        amp, norm, f = 1.0, 0.0, 1.0
        for k in range(octaves):
            total += amp * self.value(x * f + 17.3 * k, y * f - 9.1 * k)
            norm += amp
            amp *= gain
            f *= 2.0
        return total / norm
