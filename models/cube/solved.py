"""The solved rule (docs/conventions.md) and consistency checks of a state."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Iterable

from ..profile import DEFAULT_SYMMETRIC
from .geometry import FACES
from .state import CubeState
from .stickers import Sticker


def face_direction(stickers: Iterable[Sticker], symmetric: frozenset[int] = DEFAULT_SYMMETRIC
                   ) -> int | None:
    """The direction all digits of a face point to, or None when they disagree.

    Symmetric digits may point the opposite way; a face of only symmetric digits is taken
    to point the way its first non-symmetric reading would, i.e. its first sticker's way.
    """
    stickers = list(stickers)
    fixed = {s.rot for s in stickers if s.digit not in symmetric}
    if len(fixed) > 1:
        return None
    if fixed:
        d = fixed.pop()
    else:
        d = stickers[0].rot
    for s in stickers:
        if s.digit in symmetric and s.rot % 2 != d % 2:
            return None
    return d


def is_face_solved(stickers: Iterable[Sticker], symmetric: frozenset[int] = DEFAULT_SYMMETRIC
                   ) -> bool:
    """Nine different digits 1..9 that all point one way (symmetric digits either way)."""
    stickers = list(stickers)
    digits = sorted(s.digit for s in stickers)
    return digits == list(range(1, len(stickers) + 1)) and \
        face_direction(stickers, symmetric) is not None


def is_solved(state: CubeState, symmetric: Iterable[int] = DEFAULT_SYMMETRIC) -> bool:
    """True when every face is solved (see :func:`is_face_solved`)."""
    sym = frozenset(symmetric)
    return all(is_face_solved(state.face(f), sym) for f in FACES)


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a state, in words a person can act on."""

    message: str
    face: str | None = None
    index: int | None = None


def digit_count_problems(state: CubeState) -> list[Problem]:
    """Digits that appear more or fewer than six times (a proper cube has six of each)."""
    counts = Counter(s.digit for s in state.stickers)
    expected = 6 * state.n * state.n // 9 if state.n == 3 else None
    problems = []
    if expected is None:
        return problems
    for d in range(1, 10):
        c = counts.get(d, 0)
        if c > expected:
            problems.append(Problem(f"digit {d} appears {c} times, {c - expected} more than the "
                                    f"{expected} a Sudoku Cube has"))
        elif c < expected:
            problems.append(Problem(f"digit {d} appears {c} times, {expected - c} fewer than the "
                                    f"{expected} a Sudoku Cube has"))
    return problems


def validate(state: CubeState) -> list[Problem]:
    """All problems found: sticker count, digit range and rotation, digit counts."""
    problems = []
    per = state.n * state.n
    for i, s in enumerate(state.stickers):
        face, k = FACES[i // per], i % per
        if not 1 <= s.digit <= 9:
            problems.append(Problem(f"digit {s.digit} is not 1-9", face, k))
        if s.rot not in (0, 1, 2, 3):
            problems.append(Problem(f"rotation {s.rot} is not 0-3", face, k))
    return problems + digit_count_problems(state)
