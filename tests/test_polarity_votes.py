"""A face's cells voted on together (vision.polarity.polarity_votes, light_inks) read as the
per-cell code they replaced, kept here as the reference (numpy's own order statistics, one
cell at a time): cells of odd and even sides, flat ones full of ties, dark ones, noisy ones,
grey and float ones."""
from __future__ import annotations

import cv2
import numpy as np
import pytest

from sudoku_cube.vision.numeric import TINY
from sudoku_cube.vision.polarity import (SAME_HUE, UNCLEAR_VOTE, light_inks, polarity_vote,
                                         polarity_votes)


def _inner(n: int) -> slice:
    return slice(n // 6, n - n // 6)


def _centre_median(g: np.ndarray) -> float:
    c = _inner(g.shape[0])
    return float(np.median(g[c, c]))


def _ring_level(g: np.ndarray) -> float:
    n = g.shape[0]
    a, b = int(0.1 * n), _inner(n).start
    return float(np.median(np.concatenate([
        g[a:b, a:n - a].ravel(), g[n - b:n - a, a:n - a].ravel(),
        g[b:n - b, a:b].ravel(), g[b:n - b, n - b:n - a].ravel()])))


def _thin_contrast(g: np.ndarray, op: int, level: float) -> float:
    n = g.shape[0]
    k = max(3, n // 5)
    c = _inner(n)
    hat = cv2.morphologyEx(g, op, cv2.getStructuringElement(cv2.MORPH_RECT, (k, k)))[c, c]
    inner = g[c, c].astype(np.float32)
    away = inner - level if op == cv2.MORPH_TOPHAT else level - inner
    return float(np.percentile(np.minimum(hat, away), 97))


def _vote(lights: list[float], dark: np.ndarray) -> float:
    votes = [np.log(max(light, TINY) / (2.0 * max(_thin_contrast(dark, cv2.MORPH_BLACKHAT,
                                                                  level(dark)), TINY)))
             for light, level in zip(lights, (_centre_median, _ring_level))]
    return float(np.mean(votes))


def _sticker_weights(cell: np.ndarray) -> np.ndarray | None:
    c = slice(cell.shape[0] // 5, cell.shape[0] - cell.shape[0] // 5)
    s = np.array([float(np.searchsorted(np.cumsum(np.bincount(ch.ravel())), 0.75 * ch.size))
                  for ch in cv2.split(np.ascontiguousarray(cell[c, c]))])
    if s.max() < 90:
        return None
    w = (s / max(s.max(), 1.0)) ** 4.0
    return w * s.max() / max(float(s @ w), 1.0)


def reference_vote(cell: np.ndarray) -> float:
    """The polarity vote as it was taken one cell at a time."""
    g = cv2.cvtColor(cell, cv2.COLOR_BGR2GRAY) if cell.ndim == 3 else cell
    lights = [_thin_contrast(g, cv2.MORPH_TOPHAT, level(g))
              for level in (_centre_median, _ring_level)]
    vote = _vote(lights, cell.max(axis=2) if cell.ndim == 3 else cell)
    if vote > -UNCLEAR_VOTE and cell.ndim == 3:
        w = _sticker_weights(cell)
        if w is not None:
            own = _vote(lights, cv2.transform(cell, w.reshape(1, 3)))
            vote = own if own < -UNCLEAR_VOTE else vote
    return vote


def reference_light_inks(cells: list[np.ndarray]) -> list[bool]:
    """:func:`light_inks` as it was taken one cell at a time."""
    votes = np.array([reference_vote(x) for x in cells])
    if cells[0].ndim != 3:
        return [bool(v > 0) for v in votes]
    typical = np.array([[np.median(x[..., k]) for k in range(3)] for x in cells])
    ab = cv2.cvtColor(typical.astype(np.uint8).reshape(1, -1, 3),
                      cv2.COLOR_BGR2LAB)[0, :, 1:].astype(np.float32)
    out = []
    for i, v in enumerate(votes):
        near = np.linalg.norm(ab - ab[i], axis=1) < SAME_HUE
        unclear = abs(v) < UNCLEAR_VOTE and near.sum() >= 3
        out.append(float(np.median(votes[near])) > 0 if unclear else bool(v > 0))
    return out


def _cells(rng: np.random.Generator, n: int, kind: str) -> list[np.ndarray]:
    """Nine colour cells of side ``n`` on three sticker colours, each with a stroke: flat
    (many equal levels), dark (light ink on near-black) or noisy."""
    colours = rng.integers(0, 256, (3, 3))
    out = []
    for k in range(9):
        sticker = colours[k % 3]
        if kind == "flat":
            cell = np.broadcast_to(sticker, (n, n, 3)).astype(np.float64)
            cell[n // 3:2 * n // 3, n // 2 - 1:n // 2 + 1] = rng.integers(0, 256, 3)
        elif kind == "dark":
            cell = sticker // 5 + rng.normal(0, 4, (n, n, 3))
            cell[n // 4:3 * n // 4, n // 2 - 2:n // 2 + 2] = rng.integers(150, 256, 3)
        else:
            cell = sticker + rng.normal(0, rng.choice([1, 8, 30]), (n, n, 3))
            ink = 255 - sticker if k % 2 else sticker // 3
            cell[n // 4:3 * n // 4, n // 2 - 2:n // 2 + 2] = ink
        out.append(np.clip(cell, 0, 255).astype(np.uint8))
    return out


CASES = [(seed, n, kind) for seed, n in enumerate((20, 21, 32, 33, 48, 61))
         for kind in ("flat", "dark", "noisy")]


@pytest.mark.parametrize("seed,n,kind", CASES)
def test_votes_together_are_the_reference(seed: int, n: int, kind: str) -> None:
    cells = _cells(np.random.default_rng(seed), n, kind)
    for face in (cells, [c[..., 1].copy() for c in cells],
                 [c[..., 0].astype(np.float32) + 0.5 for c in cells]):
        want = [reference_vote(c) for c in face]
        together = polarity_votes(face)
        assert together.dtype == np.float64
        assert [float(v) for v in together] == want
        assert [polarity_vote(c) for c in face] == want
        assert light_inks(face) == reference_light_inks(face)


def test_cells_of_several_sizes_are_voted_one_by_one() -> None:
    rng = np.random.default_rng(99)
    cells = _cells(rng, 33, "noisy")[:3] + _cells(rng, 48, "dark")[:3]
    assert [float(v) for v in polarity_votes(cells)] == [reference_vote(c) for c in cells]
    assert light_inks(cells) == reference_light_inks(cells)
