"""Random solvable Sudoku Cubes: solved designs, recorded scrambles and digit substitutions.

A solved Sudoku Cube (docs/conventions.md "Solved") is six faces, each holding 1..9 once in some
layout, each face with its own direction; symmetric digits (a setting, by default only ``1``)
may be printed either way. Any such labelling can be printed on a real cube, so every random
design is a valid solved cube, and applying real face turns to it gives a reachable scramble
whose answer is known. This follows KubeGenerator: label a solved cube, then
scramble with real turns and optionally substitute the labels by a random bijection.

Everything is deterministic for a seed (``random.Random(seed)``); nothing here does I/O.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Iterable

from ..cube.geometry import FACES
from ..cube.moves import Move, format_moves, sequence_transform
from ..cube.state import CubeState
from ..cube.stickers import Sticker
from ..grid import enumerate_targets
from ..profile import DEFAULT_SYMMETRIC, CubeSettings


@dataclass(frozen=True)
class Puzzle:
    """A generated cube: its solved design, the scramble applied and the scrambled state."""

    design: CubeState
    scramble: tuple[Move, ...]
    state: CubeState
    substitution: dict[int, int] | None = None

    @property
    def scramble_text(self) -> str:
        """The scramble in move notation."""
        return format_moves(self.scramble)


def _rng(seed: int | random.Random) -> random.Random:
    return seed if isinstance(seed, random.Random) else random.Random(seed)


def random_face(rng: random.Random, symmetric: frozenset[int] = DEFAULT_SYMMETRIC,
                direction: int | None = None) -> tuple[Sticker, ...]:
    """One solved face: 1..9 in a random layout, all pointing one way; symmetric digits are
    printed either that way or upside down (chosen at random)."""
    d = rng.randrange(4) if direction is None else direction
    digits = list(range(1, 10))
    rng.shuffle(digits)
    return tuple(Sticker(k, (d + 2 * rng.randrange(2)) % 4 if k in symmetric else d)
                 for k in digits)


def random_design(seed: int | random.Random, symmetric: Iterable[int] = DEFAULT_SYMMETRIC,
                  upright: bool = False) -> CubeState:
    """A random solved 3x3x3 design; ``upright`` makes every face point up (direction 0)."""
    rng = _rng(seed)
    sym = frozenset(symmetric)
    faces = {f: random_face(rng, sym, 0 if upright else None) for f in FACES}
    return CubeState.from_faces(faces)


def random_scramble(seed: int | random.Random, length: int, faces: Iterable[str] = FACES
                    ) -> tuple[Move, ...]:
    """``length`` random face turns, never two turns of one face in a row."""
    rng = _rng(seed)
    faces = tuple(faces)
    out: list[Move] = []
    for _ in range(length):
        choices = [f for f in faces if not out or f != out[-1].face]
        out.append(Move(rng.choice(choices), rng.choice((1, 2, 3))))
    return tuple(out)


def random_substitution(seed: int | random.Random,
                        symmetric: Iterable[int] = DEFAULT_SYMMETRIC) -> dict[int, int]:
    """A random bijection of the digits 1..9 that maps symmetric digits to symmetric digits
    (and the others among themselves), so that a symmetric digit printed upside down stays
    legal and no other digit gains that freedom."""
    rng = _rng(seed)
    sym = sorted(set(symmetric))
    rest = [k for k in range(1, 10) if k not in sym]
    out = {}
    for group in (sym, rest):
        image = group[:]
        rng.shuffle(image)
        out.update(zip(group, image))
    return out


def substitute(state: CubeState, mapping: dict[int, int]) -> CubeState:
    """The state with every digit relabelled by ``mapping`` (rotations unchanged)."""
    return CubeState(tuple(Sticker(mapping.get(s.digit, s.digit), s.rot) for s in state.stickers),
                     state.n)


def make_puzzle(seed: int, scramble_length: int = 20, *, substitution: bool = False,
                symmetric: Iterable[int] = DEFAULT_SYMMETRIC, upright: bool = False) -> Puzzle:
    """A random design, optionally relabelled, scrambled with ``scramble_length`` turns.

    The substitution is applied to the design (so ``design`` is still solved and ``state`` is
    ``design`` with ``scramble`` applied).
    """
    rng = random.Random(seed)
    sym = frozenset(symmetric)
    design = random_design(rng, sym, upright)
    mapping = None
    if substitution:
        mapping = random_substitution(rng, sym)
        design = substitute(design, mapping)
    moves = random_scramble(rng, scramble_length)
    return Puzzle(design, moves, design.apply(moves), mapping)


def home_faces(scramble: Iterable[Move], n: int = 3) -> list[str]:
    """For each sticker place after ``scramble``, the face its sticker came from (its colour on
    a coloured-sticker cube)."""
    labels = [FACES[i // (n * n)] for i in range(6 * n * n)]
    return sequence_transform(tuple(scramble), n).permute(labels)


def same_up_to_symmetric(a: CubeState, b: CubeState,
                         symmetric: Iterable[int] = DEFAULT_SYMMETRIC) -> bool:
    """Equal states, where a symmetric digit turned 180 degrees counts as the same sticker
    (the grid solver reports solved targets with symmetric digits along the face direction)."""
    sym = frozenset(symmetric)
    return len(a.stickers) == len(b.stickers) and all(
        x.digit == y.digit and (x.rot - y.rot) % (2 if x.digit in sym else 4) == 0
        for x, y in zip(a.stickers, b.stickers))


def solution_count(state: CubeState, cap: int = 10, symmetric: Iterable[int] = DEFAULT_SYMMETRIC,
                   time_limit_s: float = 20.0) -> tuple[int, bool]:
    """How many distinct solved arrangements are reachable from ``state`` (up to ``cap``), and
    whether the count is complete, using the grid solver's enumeration."""
    sols = enumerate_targets(state, CubeSettings(symmetric=frozenset(symmetric)), cap,
                             time_limit_s=time_limit_s)
    return len(sols), bool(sols[0].stats.get("count_complete"))


def make_unique_puzzle(seed: int, scramble_length: int = 20, *, substitution: bool = False,
                       symmetric: Iterable[int] = DEFAULT_SYMMETRIC, upright: bool = False,
                       max_tries: int = 200) -> tuple[Puzzle, int]:
    """A well-posed puzzle: exactly one solved arrangement is reachable, so the cube has one
    answer. Draws designs from ``seed``, ``seed``+1000003, ... until one is unique; returns the
    puzzle and how many designs were tried. (Reachable arrangements are the same from every
    scramble of a design, so uniqueness is a property of the design.)"""
    for k in range(max_tries):
        p = make_puzzle(seed + 1000003 * k, scramble_length, substitution=substitution,
                        symmetric=symmetric, upright=upright)
        count, complete = solution_count(p.state, 2, symmetric)
        if complete and count == 1:
            return p, k + 1
    raise RuntimeError(f"no well-posed design in {max_tries} tries from seed {seed}")
