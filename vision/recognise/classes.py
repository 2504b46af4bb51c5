"""The classes a sticker is read as: each of its nine digits lying in each of four turns.

The recognisers score every class (:func:`class_index` numbers them); the class count follows
from the digits and the turns, so it is written nowhere else.
"""
from __future__ import annotations

DIGITS = range(1, 10)
"""The digits a sticker carries."""
TURNS = 4
"""The quarter turns a sticker can lie in (0 upright, then clockwise)."""
N_CLASSES = len(DIGITS) * TURNS
"""Classes the recognisers score: every digit in every turn."""


def class_index(digit: int, rot: int) -> int:
    """Class number of a digit (1-9) and rotation (0-3)."""
    return (digit - 1) * TURNS + rot


__all__ = ["DIGITS", "N_CLASSES", "TURNS", "class_index"]
