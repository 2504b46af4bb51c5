"""Search for a short total: many kociemba piece solutions, each completed by the cheapest
centre fix inserted where it cancels most.

A centre-only sequence commutes with every turn, so the fix (or each of its parts) can go
anywhere in the pieces' solution; turns of one face that meet at the seam merge or cancel.
Candidates come for free from the 48 cube symmetries and the inverse puzzle (same length,
different face-turn counts, hence different leftover centres), then from short pre-moves.
"""
from __future__ import annotations

import itertools
import random
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import cache
from typing import Iterable, Literal, Sequence

from ..cube.moves import ALL_MOVES, OPPOSITE, Move, junction_saving, simplify
from ..cube.moves import simplify_labelled as moves_simplify_labelled
from .centre_search import available, centre_aware_solve
from .centres import centre_effect, centre_table, effect_index, rotations
from .kociemba_bridge import premoved, solve_dest, symmetries
PIECES, CENTRES = "pieces", "centres"
Phase = Literal["pieces", "centres"]
"""The phase a turn of a plan belongs to: placing the pieces, or turning the centres."""
ROTATION_GAIN = 6
"""Rotated centre parts are tried when the plain insertion is within this many turns of the best."""


def simplify_labelled(moves: Sequence[Move], labels: Sequence[str]
                      ) -> tuple[tuple[Move, ...], tuple[str, ...]]:
    """:func:`models.cube.moves.simplify` that keeps a phase label per move (a merged turn that
    includes a centre-fix turn is labelled ``centres``)."""
    return moves_simplify_labelled(
        moves, labels, lambda a, b: CENTRES if CENTRES in (a, b) else PIECES)


def insert_part(moves: tuple[Move, ...], labels: tuple[str, ...], part: tuple[Move, ...],
                rotate: bool = False) -> tuple[tuple[Move, ...], tuple[str, ...]]:
    """Insert a centre-only part where the total is shortest (trying each of its cyclic
    rotations too when ``rotate``)."""
    best, best_i, best_r = None, 0, part
    for r in (rotations(part) if rotate else (part,)):
        if best is not None and len(r) - 10 >= best:
            break
        for i in range(len(moves) + 1):
            c = len(r) - junction_saving(moves[:i], r) - junction_saving(r, moves[i:])
            if best is None or c < best:
                best, best_i, best_r = c, i, r
    return simplify_labelled(moves[:best_i] + best_r + moves[best_i:],
                             labels[:best_i] + (CENTRES,) * len(best_r) + labels[best_i:])


def with_centre_fix(pieces: tuple[Move, ...], parts: Iterable[tuple[Move, ...]],
                    rotate: bool = False) -> tuple[tuple[Move, ...], tuple[str, ...]]:
    """The pieces' solution with the centre fix inserted: whole, or part by part, whichever is
    shorter (each part also cyclically rotated when ``rotate``)."""
    parts = tuple(parts)
    moves, labels = simplify_labelled(pieces, (PIECES,) * len(pieces))
    if not parts:
        return moves, labels
    whole = simplify(m for p in parts for m in p)
    best = insert_part(moves, labels, whole, rotate)
    if len(parts) > 1:
        split = (moves, labels)
        for p in sorted(parts, key=len, reverse=True):
            split = insert_part(*split, p, rotate)
        if len(split[0]) < len(best[0]):
            best = split
    return best


@dataclass(frozen=True)
class Problem:
    """One way to reach a solved arrangement: facelet destinations and centre needs."""

    dest: tuple[int, ...]
    centre_turns: tuple[int, ...]
    centre_free: tuple[bool, ...]


def cheapest_fix_effect(problem: Problem, pieces: Sequence[Move]) -> tuple[int, ...]:
    """The leftover centre turns after ``pieces`` with the shortest table fix (symmetric
    centres may take either of two values)."""
    done = centre_effect(pieces)
    need = [(n - d) % 4 for n, d in zip(problem.centre_turns, done)]
    table = centre_table()
    free = [k for k in range(6) if problem.centre_free[k]]
    best, best_len = tuple(need), None
    for flips in itertools.product((0, 2), repeat=len(free)):
        e = list(need)
        for k, f in zip(free, flips):
            e[k] = (e[k] + f) % 4
        fix = table.get(effect_index(e))
        if fix is not None and (best_len is None or len(fix.moves) < best_len):
            best, best_len = tuple(e), len(fix.moves)
    return best


@cache
def premove_sequences() -> tuple[tuple[Move, ...], ...]:
    """Pre-move sequences of 1 and 2 turns (different, non-opposite-ordered faces)."""
    one = [(m,) for m in ALL_MOVES]
    two = [(a, b) for a in ALL_MOVES for b in ALL_MOVES
           if a.face != b.face and not (OPPOSITE[a.face] == b.face and a.face > b.face)]
    return tuple(one + two)


def candidate_keys(n_problems: int, seed: int = 0) -> list[tuple[int, tuple[Move, ...], int, bool]]:
    """(problem, pre-moves, symmetry, inverse) in search order: the free 96 variants of every
    problem (plain solve first) alternating with pre-moved ones in a fixed shuffled order.

    Alternating pays when the budget allows few candidates (a loaded machine): on 30 cubes
    the best of 90 fell from 30.3 to 29.5 turns, pre-moved candidates being the more varied."""
    keys = [(p, (), s, inv) for p in range(n_problems) for inv in (False, True)
            for s in range(len(symmetries()))]
    rng = random.Random(seed)
    more = [(p, pre, rng.randrange(48), rng.random() < 0.5)
            for p in range(n_problems) for pre in premove_sequences()]
    rng.shuffle(more)
    mixed = [k for pair in zip(keys, more) for k in pair]
    n = min(len(keys), len(more))
    return mixed + keys[n:] + more[n:]


@dataclass(frozen=True)
class SearchResult:
    """The best total found and what the search did."""

    moves: tuple[Move, ...]
    phases: tuple[str, ...]
    problem: int
    candidates: int
    pieces_len: int


def _solve_key(problems: Sequence[Problem], key) -> tuple[int, tuple[Move, ...]]:
    """Solve one candidate: (problem index, simplified pieces solution incl. pre-moves)."""
    p, pre, sym, inv = key
    dest = premoved(problems[p].dest, pre) if pre else problems[p].dest
    pieces = pre + solve_dest(dest, sym, inv)
    return p, simplify_labelled(pieces, (PIECES,) * len(pieces))[0]


def centre_aware(problems: Sequence[Problem], nodes: int,
                 workers: int = 2) -> SearchResult | None:
    """The centre-aware two-phase solver (:mod:`models.plan.centre_search`) on the first problems,
    ``nodes`` search nodes per orientation shared among them; None when the compiled solver is
    unavailable. Two orientations per problem (the puzzle and its inverse) are searched, on
    ``workers`` threads; the answer does not depend on ``workers``."""
    if not available() or nodes <= 0:
        return None
    chosen = list(problems[:4])
    best: SearchResult | None = None
    for p, pr in enumerate(chosen):
        moves = centre_aware_solve(pr.dest, pr.centre_turns, pr.centre_free,
                                   nodes=max(1, nodes // len(chosen)), workers=workers,
                                   variants=2)
        if moves is not None and (best is None or len(moves) < len(best.moves)):
            moves, phases = simplify_labelled(moves, (PIECES,) * len(moves))
            best = SearchResult(moves, phases, p, 0, len(moves))
    return best


def search(problems: Sequence[Problem], *, max_candidates: int = 48,
           workers: int = 2) -> SearchResult:
    """Try the first ``max_candidates`` candidates (at least one); keep the shortest total.

    kociemba's C solver releases the GIL, so ``workers`` threads solve candidates in parallel;
    results are taken in candidate order, so the answer does not depend on the threads.
    """
    table = centre_table()
    best: SearchResult | None = None
    tried = 0
    seen: set[tuple[int, tuple[Move, ...]]] = set()
    keys = candidate_keys(len(problems))[:max(1, max_candidates)]
    batch = max(1, workers) * 2
    pool = ThreadPoolExecutor(workers) if workers > 1 else None
    try:
        while tried < len(keys):
            chunk = keys[tried:tried + batch]
            if pool is not None:
                solved = list(pool.map(lambda k: _solve_key(problems, k), chunk))
            else:
                solved = [_solve_key(problems, k) for k in chunk]
            tried += len(chunk)
            for p, pieces in solved:
                if (p, pieces) in seen:
                    continue
                seen.add((p, pieces))
                fix = table[effect_index(cheapest_fix_effect(problems[p], pieces))]
                if best is not None and len(pieces) + len(fix.moves) - 14 >= len(best.moves):
                    continue
                moves, phases = with_centre_fix(pieces, fix.parts)
                if best is None or len(moves) - ROTATION_GAIN < len(best.moves):
                    rotated = with_centre_fix(pieces, fix.parts, rotate=True)
                    if len(rotated[0]) < len(moves):
                        moves, phases = rotated
                if best is None or len(moves) < len(best.moves):
                    best = SearchResult(moves, phases, p, tried, len(pieces))
    finally:
        if pool is not None:
            pool.shutdown()
    assert best is not None
    return SearchResult(best.moves, best.phases, best.problem, tried, best.pieces_len)
