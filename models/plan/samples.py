"""Random solved designs and scrambles with a known target, for planner tests and benchmarks.

A design is a random solved state: every face a random permutation of 1..9, all nine digits of
a face pointing one random direction. Scrambling it with random face turns gives a state whose
target (the design) is known without the grid solver.
"""
from __future__ import annotations

import random

from ..cube.geometry import FACES
from ..cube.moves import ALL_MOVES, Move
from ..cube.state import CubeState
from ..cube.stickers import Sticker


def random_design(rng: random.Random) -> CubeState:
    """A random solved arrangement."""
    faces = {}
    for f in FACES:
        digits = list(range(1, 10))
        rng.shuffle(digits)
        rot = rng.randrange(4)
        faces[f] = [Sticker(d, rot) for d in digits]
    return CubeState.from_faces(faces)


def random_moves(rng: random.Random, length: int) -> tuple[Move, ...]:
    """``length`` random face turns, never the same face twice in a row."""
    out: list[Move] = []
    while len(out) < length:
        m = rng.choice(ALL_MOVES)
        if out and out[-1].face == m.face:
            continue
        out.append(m)
    return tuple(out)


def scrambled(rng: random.Random, length: int = 30
              ) -> tuple[CubeState, CubeState, tuple[Move, ...]]:
    """(scrambled state, its design, the scramble)."""
    design = random_design(rng)
    moves = random_moves(rng, length)
    return design.apply(moves), design, moves
