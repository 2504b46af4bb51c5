"""The naive baseline of docs/cube-facts.md: kociemba for the pieces, then the two classic
centre algorithms (U +90/F -90 and U 180, relabelled per face) applied one centre pair or half
turn at a time.

Kept as the yardstick the planner must never be worse than (tests and ``bench plan``).
"""
from __future__ import annotations

from ..cube.geometry import FACES, NORMAL, dot
from ..cube.moves import Move, invert_moves, parse_moves, simplify
from .centres import CENTRE_ALGORITHMS, centre_effect, face_maps, relabelled
from .kociemba_bridge import solve_dest
from .search import Problem

PAIR = parse_moves(CENTRE_ALGORITHMS[0])  # U +90, F -90
HALF = parse_moves(CENTRE_ALGORITHMS[1])  # U 180


def _adjacent(a: str, b: str) -> bool:
    return dot(NORMAL[a], NORMAL[b]) == 0


def _mapped(seq: tuple[Move, ...], want: dict[str, str]) -> tuple[Move, ...]:
    """``seq`` relabelled by a whole-cube rotation that sends each key face to its value."""
    fmap = next(fm for fm in face_maps() if all(fm[k] == v for k, v in want.items()))
    return relabelled(seq, fmap)


def naive_centre_fix(need: list[int]) -> tuple[Move, ...]:
    """Seed-style centre fix: pairs of quarter turns first, then half turns, one at a time."""
    r = {f: need[k] % 4 for k, f in enumerate(FACES)}
    out: list[Move] = []
    while any(v % 2 for v in r.values()):
        a = next(f for f in FACES if r[f] % 2)
        odd = [f for f in FACES if f != a and r[f] % 2 and _adjacent(a, f)]
        b = odd[0] if odd else next(f for f in FACES if _adjacent(a, f))
        seq = _mapped(PAIR, {"U": a, "F": b})
        if r[a] == 3:
            seq = invert_moves(seq)
        eff = centre_effect(seq)
        for k, f in enumerate(FACES):
            r[f] = (r[f] - eff[k]) % 4
        out.extend(seq)
    for f in FACES:
        if r[f] == 2:
            out.extend(_mapped(HALF, {"U": f}))
    return tuple(out)


def naive_moves(problem: Problem) -> tuple[Move, ...]:
    """kociemba then the naive centre fix (symmetric centres taken as they come)."""
    pieces = solve_dest(problem.dest)
    done = centre_effect(pieces)
    need = [(n - d) % 4 for n, d in zip(problem.centre_turns, done)]
    return simplify(pieces + naive_centre_fix(need))
