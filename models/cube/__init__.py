"""The cube and its moves: geometry, stickers, states and their file format, face turns, pieces,
whole-cube rotations, the solved rule, and faces named by their centre digits."""
from __future__ import annotations

from .geometry import FACES
from .moves import Move, format_moves, parse_moves
from .solved import is_solved
from .state import CubeState
from .stickers import Hypothesis, Sticker

__all__ = ["FACES", "CubeState", "Hypothesis", "Move", "Sticker", "format_moves", "is_solved",
           "parse_moves"]
