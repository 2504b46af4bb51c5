"""Stickers as the eye sees them, and faces as seen: what a slip check compares.

A symmetric digit turned 180 degrees, and an un-underlined 6 and 9 turned 180 degrees, look
the same, so candidate states are compared by :func:`look_key` codes (0..39 per sticker), and
a face seen (typed or read from a photo) becomes a table of log-likelihoods over those codes
(:func:`face_table`).
"""
from __future__ import annotations

import math
from typing import Sequence

import numpy as np

from ..cube.state import CubeState
from ..cube.stickers import Hypothesis, Sticker
from ..profile import CubeSettings

MISREAD = 1e-3
"""Likelihood of a sticker that none of the reading's alternatives matches (a misread)."""


def look_key(d: np.ndarray, r: np.ndarray, settings: CubeSettings) -> np.ndarray:
    """Per sticker a code of what the eye sees: a symmetric digit's 180 degree twin, and an
    un-underlined 9 as a 6 turned 180 degrees, get the same code."""
    d = d.astype(np.int16).copy()
    r = r.astype(np.int16).copy()
    if not settings.underlined_69:
        nine = d == 9
        d[nine], r[nine] = 6, (r[nine] + 2) % 4
    for s in settings.symmetric:
        sym = d == s
        r[sym] %= 2
    return d * 4 + r


def state_look(state: CubeState, settings: CubeSettings) -> np.ndarray:
    """The :func:`look_key` codes of a whole cube ``state``, one per sticker."""
    return look_key(np.array([s.digit for s in state.stickers]),
                    np.array([s.rot for s in state.stickers]), settings)


def face_table(cands: Sequence[Sequence[Hypothesis]], settings: CubeSettings) -> np.ndarray:
    """Log-likelihood of every possible sticker (look code 0..39) at each of 9 cells."""
    table = np.full((9, 40), math.log(MISREAD))
    for c, hyps in enumerate(cands):
        for h in hyps:
            p = 1.0 if h.score is None else max(float(h.score), MISREAD)
            code = int(look_key(np.array([h.sticker.digit]), np.array([h.sticker.rot]),
                                settings)[0])
            table[c, code] = max(table[c, code], math.log(p))
        top = table[c].max()
        table[c] -= top  # best alternative = 0: a cell that is read right costs nothing
    return table


def certain(stickers: Sequence[Sticker]) -> tuple[tuple[Hypothesis, ...], ...]:
    """Typed stickers as a reading whose alternatives are certain."""
    return tuple((Hypothesis(s, None),) for s in stickers)
