"""Random solvable Sudoku Cubes: solved 3x3x3 designs, recorded scrambles and digit
substitutions (``cube3``), and 4x4x4 Sudokube designs (``cube4``)."""
from __future__ import annotations

from .cube3 import make_puzzle

__all__ = ["make_puzzle"]
