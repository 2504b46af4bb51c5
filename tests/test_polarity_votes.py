"""A face's cells voted on together read as each cell alone (vision.polarity.polarity_votes)."""
from __future__ import annotations

import numpy as np

from sudoku_cube.vision.polarity import light_inks, polarity_vote, polarity_votes


def _cells(seed: int, n: int = 60) -> list[np.ndarray]:
    """Nine colour cells: light and dark stickers, light and dark strokes, noise."""
    rng = np.random.default_rng(seed)
    out = []
    for k in range(9):
        sticker = rng.integers(20, 240, 3)
        cell = np.clip(sticker + rng.normal(0, 6, (n, n, 3)), 0, 255)
        ink = 255 - sticker if k % 3 else sticker // 3
        cell[n // 4:3 * n // 4, n // 2 - 3:n // 2 + 3] = ink  # a stroke
        cell[n // 4:n // 4 + 5, n // 3:2 * n // 3] = ink
        out.append(cell.astype(np.uint8))
    return out


def test_votes_together_are_each_cells_alone() -> None:
    for seed in range(4):
        cells = _cells(seed)
        together = polarity_votes(cells)
        assert together.dtype == np.float64
        assert [float(v) for v in together] == [polarity_vote(c) for c in cells]
        grey = [c[..., 1].copy() for c in cells]
        assert [float(v) for v in polarity_votes(grey)] == [polarity_vote(c) for c in grey]


def test_cells_of_several_sizes_are_voted_one_by_one() -> None:
    cells = _cells(7)[:3] + _cells(8, 48)[:3]
    assert [float(v) for v in polarity_votes(cells)] == [polarity_vote(c) for c in cells]
    assert len(light_inks(_cells(9))) == 9
